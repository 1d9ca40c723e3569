"""The lookup API over the compiled thesaurus: synonyms, definitions, abbreviations and the
answer lexicon. Pure and cached; the index is built on first use (thesaurus.build)."""

from __future__ import annotations

import bisect
import contextlib
import functools
import heapq
import itertools
import math
import os
import re
import shutil
import sqlite3
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from more_itertools import unique_everseen

from cryptic.data import DataError
from cryptic.lexicon import abbreviations as substitutions
from cryptic.lexicon import piece_table
from cryptic.nodes import MAX_LETTERS, Bounds, Enumeration, LeafKind, Letters, Words
from thesaurus.layout import ARRAYS, CODES, ENTRIES, GLOSS_WORD, INFLECTION_TAGS, LENGTH_COLUMNS, PER_NODE, ROWS, SHAPE_BITS, gloss_keys, shape

# How strongly each relation suggests a definition (thesaurus.build's codes).
STRENGTH: Mapping[str, float] = MappingProxyType(
    {"s": 1.0, "m": 0.9, "a": 0.8, "o": 0.75, "i": 0.75, "r": 0.7, "q": 0.6, "h": 0.55, "d": 0.5, "x": 0.45, "p": 0.5}
)
INFLECTED = 0.9  # a match through an inflection (drains -> DRAIN -> SEWERS) counts a little less
ARTICLES = ("a ", "an ", "the ", "one ", "some ")
# "type of cheese" is looked up as "cheese" too (its kinds), not word by word ("item" -> ALSO)
KIND_OF = tuple(f"{w} of " for w in ("type", "kind", "sort", "item", "piece", "form", "variety", "breed", "species", "make"))
INFLECTION_GROWTH = 4  # letters an inflection adds at most (-ing, -ies)
PART = 0.5  # an answer related to one content word of an unknown phrase
MAX_COMPOSED = 4  # longer unknown phrases are not read word by word
GLOSS_PIECE = 3  # the fewest words a wordplay piece is read by its gloss
TWO_HOP = 0.3  # an answer related to a synonym of the phrase
AGREED = 0.5  # the most an answer both words of an unknown phrase lead to counts: never a verified definition alone
FIRST_HOP = CODES.index("r")  # two-hop paths start with a synonym-like relation
DEGREES = {"more": "JJR", "most": "JJS"}
FUNCTION_WORDS = frozenset(
    "a an the of in on at to for from by with and or one some any this that these those it its is are was be "
    "type kind sort form perhaps maybe say possibly example instance like such as who which what where when "
    "how how's what's it's there their his her they them he she you your i me my we our us not no so very "
    "something someone somebody thing things".split()
)
# The relations a function word's synonyms come through: synonyms, Moby's own list for it,
# similar words and derived forms (not Moby's lists it appears in, nor WordNet's kinds of "is").
FUNCTION_WORD_RELATIONS = "smad"
FUNCTION_WORD_CODES = tuple(CODES.index(c) for c in FUNCTION_WORD_RELATIONS)
PARTS_MISMATCH = 0.3  # SUPPORTER for (5,4): right letters, but no spelling has those word breaks


class Candidate(NamedTuple):
    """An answer a definition could have, with how it was found. (A named tuple, not a
    dataclass: a lookup makes hundreds, and a tuple is made several times faster.)"""

    letters: Letters
    display: str
    strength: float
    frequency: float
    relation: str
    support: int = 0  # how many of the phrase's synonyms also lead to it (Definitions)


# ---------------------------------------------------------------- the index


@dataclass(frozen=True, slots=True)
class Graph:
    """The relation graph in compressed sparse rows (see thesaurus.build)."""

    nodes: tuple[str, ...]
    letters: tuple[Letters, ...]
    ids: Mapping[str, int]
    indptr: object  # numpy arrays
    indices: object
    codes: object
    by_length: object
    length_starts: object
    lengths: object
    freqs: object
    shapes: object
    ranks: object
    oneword: object
    spelt_keys: object
    ed: object
    own_plural: object
    inflect_indptr: object
    inflect_ids: object
    inflect_tags: object
    lemma_indptr: object
    lemma_ids: object
    lemma_tags: object


def folder():
    """The index folder, built on first use: by one process only, while any others started
    at the same time wait for it (a lock file beside it) and then use it."""
    path = index_folder()
    if (path / "lexicon.sqlite").exists():
        return path
    with build_lock(path.parent / f"{path.name}.lock"):
        if not (path / "lexicon.sqlite").exists():  # not built meanwhile by another process
            from thesaurus.build import build

            try:
                build(path)
            except Exception as e:  # any failure of the one-off build is reported, not traced
                raise DataError(f"could not build the thesaurus index {path}: {e}") from None
    return path


@contextlib.contextmanager
def build_lock(lock: Path) -> Iterator[None]:
    """Hold an exclusive lock on a file for the block (where the system has fcntl locks)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: concurrent first runs may both build; the last rename wins
        yield
        return
    with open(lock, "a") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("waiting for another process that is building the thesaurus index...", file=sys.stderr, flush=True)
            fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def corrupt(path) -> DataError:
    """The error for a damaged index."""
    return DataError(f"thesaurus index {path} is corrupt: delete that folder and it is rebuilt on the next run")


def connection() -> sqlite3.Connection:
    """The lexicon database, opened once per process (a forked worker opens its own)."""
    return _connection(os.getpid())


@functools.cache
def _connection(_pid: int) -> sqlite3.Connection:
    db = complete_db(folder() / "lexicon.sqlite")
    if db is None:  # damaged on disk since it was built: built again, once
        print(f"the thesaurus index {index_folder()} is damaged; building it again", file=sys.stderr, flush=True)
        shutil.rmtree(index_folder(), ignore_errors=True)
        db = complete_db(folder() / "lexicon.sqlite")
        if db is None:
            raise corrupt(index_folder())
    return db


def index_folder() -> Path:
    """Where the index is (built or not)."""
    from thesaurus.paths import index_path

    return index_path()


def complete_db(path: Path) -> sqlite3.Connection | None:
    """The lexicon database, read-only, or None when it is not a complete one."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        if db.execute("SELECT value FROM meta WHERE key = 'complete'").fetchone():
            return db
        db.close()
    except sqlite3.DatabaseError:
        pass
    return None




@functools.cache
def graph() -> Graph:
    """The relation graph, memory-mapped."""
    import numpy as np

    path = folder()
    try:
        nodes = tuple((path / "nodes.txt").read_text(encoding="utf-8").split("\n")[:-1])
        spelt = tuple((path / "letters.txt").read_text(encoding="utf-8").split("\n")[:-1])
        # Plain views of the memory maps: indexing a memmap object costs several times more.
        arrays = [np.asarray(np.load(path / f"{name}.npy", mmap_mode="r")) for name in ARRAYS]
    except (OSError, ValueError, UnicodeDecodeError):
        raise corrupt(path) from None
    named = dict(zip(ARRAYS, arrays), letters=spelt)
    if any(len(named[k]) != len(nodes) + 1 for k in ROWS) or any(len(named[k]) != len(nodes) for k in PER_NODE) or any(len(named[k]) != len(named[first]) for first, ks in ENTRIES.items() for k in ks):
        raise corrupt(path)
    # Only nodes with relations or inflections are looked up by name: hashing all of them
    # (inflections too) would cost a quarter of a second at every start.
    rows = np.flatnonzero((np.diff(named["indptr"]) > 0) | (np.diff(named["inflect_indptr"]) > 0)).tolist()
    return Graph(nodes, spelt, dict(zip(map(nodes.__getitem__, rows), rows)), *arrays)


def is_node(phrase: str) -> bool:
    """Is the phrase a node of the graph (a thesaurus entry or an inflection of one)?"""
    return node_id(phrase) is not None


def node_id(phrase: str) -> int | None:
    """The graph id of a normalised phrase (None: not a node)."""
    nodes = graph().nodes
    i = bisect.bisect_left(nodes, phrase)  # nodes.txt is sorted
    return i if i < len(nodes) and nodes[i] == phrase else None


@functools.lru_cache(maxsize=200_000)
def norm(phrase: str) -> str:
    """A lookup key: lower case, straight apostrophes, single spaces, no outer punctuation.

    >>> norm("  Lowest   Point? ")
    'lowest point'
    >>> norm("1,000,000 or 1,00")
    '1000000 or 1 00'
    """
    phrase = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", phrase.lower().replace("’", "'").replace("_", " "))  # "1,000" is WordNet's 1000
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9' \-.]", " ", phrase)).strip(" '.-")


Window = tuple[int, int]  # least and most letters of the answers wanted
EVERY: Window = (1, 255)


def row(phrase: str, window: Window = EVERY):
    """The graph ids and relation codes of a normalised phrase's relations (arrays), to
    answers of a length within the window."""
    import numpy as np

    g = graph()
    i = g.ids.get(phrase)
    if i is None:
        return np.empty(0, np.int32), np.empty(0, np.uint8)
    lo, hi = int(g.indptr[i]), int(g.indptr[i + 1])
    ids, codes = g.indices[lo:hi], g.codes[lo:hi]
    if window != EVERY:
        lengths = g.lengths[ids]
        keep = (lengths >= window[0]) & (lengths <= window[1])
        ids, codes = ids[keep], codes[keep]
    return ids, codes


def row_positions(indptr, rows):
    """Where the entries of some sparse rows are (concatenated, in order), and which of
    `rows` each belongs to."""
    return spans(indptr[rows], indptr[rows + 1])


def spans(starts, ends):
    """The positions in the ranges [start, end) (concatenated, in order), and which range
    each belongs to: one gather, no Python loop over the ranges."""
    import numpy as np

    sizes = ends - starts
    positions = np.arange(int(sizes.sum())) + np.repeat(starts - (np.cumsum(sizes) - sizes), sizes)
    return positions, np.repeat(np.arange(len(starts)), sizes)


def distinct(values):
    """The distinct values of an array, sorted (by sorting: numpy's hashing unique is
    several times slower on arrays of these sizes)."""
    import numpy as np

    s = np.sort(values)
    return s[np.concatenate(([True], s[1:] != s[:-1]))] if len(s) else s


def among(sorted_keys, keys):
    """Which keys are in a sorted array (a boolean array; a binary search each)."""
    import numpy as np

    if not len(sorted_keys):
        return np.zeros(len(keys), dtype=bool)
    return sorted_keys[np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)] == keys


@functools.lru_cache(maxsize=5_000)
def two_hop(phrase: str, window: Window):
    """Graph ids (a sorted read-only array) of the answers with a length in the window
    related to something the phrase is a synonym of (two hops), each once for every such
    synonym that leads to it. Each row's answers of those lengths are one range of its
    length-sorted copy."""
    import numpy as np

    g = graph()
    i = g.ids.get(phrase)
    if i is None or window[0] > MAX_LETTERS:
        return frozen(np.empty(0, np.int32))
    lo, hi = int(g.indptr[i]), int(g.indptr[i + 1])
    first = g.indices[lo:hi][g.codes[lo:hi] <= FIRST_HOP]
    starts = g.indptr[first]
    if window[1] < LENGTH_COLUMNS - 1:  # the last column counts the longer answers too
        found = g.by_length[spans(starts + g.length_starts[first, window[0]], starts + g.length_starts[first, window[1] + 1])[0]]
    else:  # long answers: read the rows
        found = g.by_length[spans(starts, g.indptr[first + 1])[0]]
        found = found[(g.lengths[found] >= window[0]) & (g.lengths[found] <= window[1])]
    found = np.sort(found)
    return frozen(found[found != i])


def inflected(ids, tag: str, window: Window):
    """The graph ids of the inflections with a tag of some nodes, of a length within the
    window, and the index in `ids` of each one's lemma, in the order of `ids`. A participle
    the inflector does not know keeps its -ed."""
    import numpy as np

    g = graph()
    positions, owners = row_positions(g.inflect_indptr, ids)
    forms = g.inflect_ids[positions]
    lengths = g.lengths[forms]
    tagged = g.inflect_tags[positions] == INFLECTION_TAGS.index(tag)
    keep = tagged & (lengths >= window[0]) & (lengths <= window[1])
    if tag in ("VBN", "VBD"):
        bare = np.ones(len(ids), dtype=bool)
        bare[owners[tagged]] = False
        bare = np.flatnonzero(bare)
        lengths = g.lengths[ids[bare]]
        bare = bare[(lengths >= window[0]) & (lengths <= window[1])]
        bare = bare[g.ed[ids[bare]]]
        forms, owners = np.concatenate([forms[keep], ids[bare]]), np.concatenate([owners[keep], bare])
        order = np.argsort(owners, kind="stable")
        return forms[order], owners[order]
    return forms[keep], owners[keep]


def frozen(array):
    """The array, read-only (it is cached and shared)."""
    array.flags.writeable = False
    return array


@functools.lru_cache(maxsize=100_000)
def lemmas(form: str) -> tuple[tuple[str, str], ...]:
    """(lemma, tag) pairs of which the phrase is an inflection (drains -> drain NNS, VBZ)."""
    g = graph()
    i = node_id(form)
    if i is None:
        return ()
    lo, hi = int(g.lemma_indptr[i]), int(g.lemma_indptr[i + 1])
    return tuple((g.nodes[j], INFLECTION_TAGS[t]) for j, t in zip(g.lemma_ids[lo:hi].tolist(), g.lemma_tags[lo:hi].tolist()))


def variants(phrase: str) -> Iterator[str]:
    """Yield the phrase and the forms a definition is also looked up by: without an article,
    "type of" and the like, a possessive or hyphens."""
    seen = set()
    p = norm(phrase)
    candidates = [p, p.replace("-", " "), p.replace("-", "")]
    for art in ARTICLES + KIND_OF:
        if p.startswith(art):
            candidates.append(p[len(art):])
    if p.endswith("'s"):
        candidates.append(p[:-2])
    candidates.append(p.replace("'", ""))
    candidates.extend(spoken(p))
    candidates.extend(less_forms(p))
    for c in candidates:
        c = c.strip()
        if c and c not in seen:
            seen.add(c)
            yield c


LACKING = re.compile(r"(?:lacking|without|wanting|devoid of|with no|having no|bereft of|void of) (?:a |an |any )?([a-z]+)")


def less_forms(key: str) -> tuple[str, ...]:
    """The -less words a normalised "lacking X" phrase says ("lacking a point": pointless,
    "without friends": friendless), those the thesaurus knows."""
    if not (m := LACKING.fullmatch(key)):
        return ()
    word = m.group(1)
    stems = dict.fromkeys([word] + [lemma for lemma, _ in lemmas(word)])
    return tuple(f"{stem}less" for stem in stems if node_id(f"{stem}less") is not None)


NUMERAL = re.compile(r"[1-9]\d{0,2}(?: \d{3})+|[1-9]\d*|0")  # as norm leaves it: "1,000" is "1000"; "1 000" as printed
UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()  # fmt: skip
TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"), (100, "hundred"))


def spoken(key: str) -> tuple[str, ...]:
    """A normalised numeral's names ("1 000 000 000 000": one trillion, trillion); () for others."""
    if not NUMERAL.fullmatch(key) or len(key) > 19:
        return ()
    name = number_words(int(key.replace(" ", "")))
    return tuple(dict.fromkeys((name, name.removeprefix("one "))))


def number_words(n: int) -> str:
    """A whole number in British English words: 105 -> 'one hundred and five'."""
    if n < 20:
        return UNITS[n]
    if n < 100:
        return TENS[n // 10 - 2] + (f"-{UNITS[n % 10]}" if n % 10 else "")
    size, name = next((size, name) for size, name in SCALES if n >= size)
    head, rest = divmod(n, size)
    return f"{number_words(head)} {name}" + (f" {'and ' if rest < 100 else ''}{number_words(rest)}" if rest else "")


Relations = tuple[object, object, object]  # arrays, one entry per relation: graph ids, relation codes, strengths


@functools.lru_cache(maxsize=10_000)
def relations(phrase: str, compose: bool = True, window: Window = EVERY) -> Relations:
    """The phrase's relations (read-only arrays, strongest source first): directly, through
    its lemmas with the answer inflected the same way, and (when `compose`) for a phrase of
    a few words the thesaurus does not know, through its content words ("Pasta dish" ->
    pasta, dish). Answers outside the length window may come too; none inside it is missed."""
    import numpy as np

    found = [found for v in variants(phrase) for found in lemma_relations(v, window)]
    known = any(len(ids) for ids, _, _ in found)
    key = norm(phrase)
    degree = DEGREES.get(key.split(" ")[0]) if " " in key else None
    if degree:  # "more powerful" -> STRONGER
        for ids, codes, strengths in lemma_relations(key.split(" ", 1)[1], widened(window)):
            forms, owners = inflected(ids, degree, window)
            found.append((forms, codes[owners], strengths[owners] * INFLECTED))
    if compose and not known and 1 < len(key.split(" ")) <= MAX_COMPOSED:
        found.extend((ids, codes, strengths * PART) for ids, codes, strengths in (word_relations(w, window) for w in content_words(key)))
        found.append(agreed(key, window))
    if not found:
        return (frozen(np.empty(0, np.int32)), frozen(np.empty(0, np.uint8)), frozen(np.empty(0)))
    return tuple(frozen(np.concatenate(column)) for column in zip(*found))


@functools.lru_cache(maxsize=10_000)
def word_relations(word: str, window: Window = EVERY) -> Relations:
    """One word's relations, directly and through its lemmas (read-only arrays)."""
    import numpy as np

    return tuple(frozen(np.concatenate(column)) for column in zip(*lemma_relations(word, window)))


def parts_of(word: str, window: Window = EVERY) -> Relations:
    """The parts of the whole a word names (VENICE for "italian"), as relations coded "p"."""
    import numpy as np

    index, indptr, ids = sparse_index("part")
    i = index.get(word)
    found = ids[int(indptr[i]) : int(indptr[i + 1])] if i is not None else np.empty(0, np.int32)
    lengths = graph().lengths[found]
    found = found[(lengths >= window[0]) & (lengths <= window[1])]
    return found, np.full(len(found), CODES.index("p"), np.uint8), np.full(len(found), STRENGTH["p"])


def strongest(word: str, window: Window = EVERY) -> Relations:
    """A word's relations and the parts of the whole it names, the strongest for each graph
    id, sorted by id."""
    import numpy as np

    ids, codes, strengths = (np.concatenate(c) for c in zip(word_relations(word, window), parts_of(word, window)))
    order = np.lexsort((-strengths, ids))
    ids, codes, strengths = ids[order], codes[order], strengths[order]
    first = np.concatenate(([True], ids[1:] != ids[:-1])) if len(ids) else np.empty(0, bool)
    return ids[first], codes[first], strengths[first]


KINDS = frozenset(CODES.index(c) for c in "oiqxp")  # a kind, an instance or a part of what a word names


@functools.lru_cache(maxsize=10_000)
def agreed(key: str, window: Window = EVERY) -> Relations:
    """The answers both content words of a short unknown phrase lead to, one of them as a kind
    or a part of what it names, as strong as PART times the sum of the two relations, at most
    AGREED: "Italian city" -> VENICE (an instance of a city, part of Italy), "pasta dish" ->
    LASAGNA. Longer phrases and synonym-only agreements are cryptic readings' chance matches
    ("travel free" -> FAIR)."""
    import numpy as np

    words = content_words(key)
    if len(words) != 2 or len(key.split(" ")) > 3:
        return (frozen(np.empty(0, np.int32)), frozen(np.empty(0, np.uint8)), frozen(np.empty(0)))
    (a, ca, sa), (b, cb, sb) = (strongest(w, window) for w in words)
    ids, i, j = np.intersect1d(a, b, assume_unique=True, return_indices=True)
    ca, sa, cb, sb = ca[i], sa[i], cb[j], sb[j]
    kinds = np.array(sorted(KINDS), dtype=np.uint8)
    keep = np.isin(ca, kinds) | np.isin(cb, kinds)
    codes = np.where(sa >= sb, ca, cb)
    return frozen(ids[keep]), frozen(codes[keep]), frozen(np.minimum(AGREED, PART * (sa + sb))[keep])


def widened(window: Window) -> Window:
    """The lengths a lemma may have for its inflection to fit the window (drain -> drains)."""
    return window if window == EVERY else (max(1, window[0] - INFLECTION_GROWTH), window[1] + 1)


def lemma_relations(v: str, window: Window = EVERY) -> list[Relations]:
    """The relations of one normalised form, directly and through its lemmas (a lemma's
    relations inflected like the form: drains -> drain's SEWER -> SEWERS)."""
    weights = code_strengths()
    ids, codes = row(v, window)
    found = [(ids, codes, weights[codes])]
    for lemma, tag in lemmas(v):
        if lemma != v:
            ids, codes = row(lemma, widened(window))
            forms, owners = inflected(ids, tag, window)
            found.append((forms, codes[owners], weights[codes[owners]] * INFLECTED))
    return found


@functools.cache
def code_strengths():
    """The strength of each relation code, as an array indexed by code."""
    import numpy as np

    return frozen(np.array([STRENGTH[c] for c in CODES]))


@functools.lru_cache(maxsize=5_000)
def distant(key: str, length: int):
    """Graph ids (a read-only array, some many times) of the answers of a length two hops
    from a normalised phrase: from each of its forms, and from each of its lemmas with the answer
    inflected the same way, once for each synonym on the way."""
    import numpy as np

    reached = [np.empty(0, np.int32)]
    for v in variants(key):
        reached.append(two_hop(v, (length, length)))
        for lemma, tag in lemmas(v):
            if lemma != v:
                reached.append(inflected(two_hop(lemma, widened((length, length))), tag, (length, length))[0])
    return frozen(np.concatenate(reached))


# Among answers equally related to a phrase, the one more of its synonyms also lead to is
# likelier ("fill": CRAM through pack, stuff, jam): ordered by this before frequency, a
# marked definition's answer comes first in 15.1% of wordplay-train rows, not 12.2%, and
# its mean reciprocal rank is 0.232, not 0.200 (first 3,000 rows).
@functools.lru_cache(maxsize=5_000)
def route_counts(key: str, length: int) -> tuple[object, object]:
    """The letter ranks (graph.ranks, sorted, distinct) of the answers two hops from a
    normalised phrase, and how many of its synonyms lead to each (read-only arrays)."""
    import numpy as np

    ranks, counts = np.unique(graph().ranks[distant(key, length)], return_counts=True)
    return frozen(ranks), frozen(counts)


def support(key: str, length: int, ids):
    """How many synonyms of a normalised phrase lead to each of some graph ids' letters."""
    import numpy as np

    ranks, counts = route_counts(key, length)
    wanted = graph().ranks[ids]
    if not len(ranks):
        return np.zeros(len(wanted), np.int64)
    at = np.minimum(np.searchsorted(ranks, wanted), len(ranks) - 1)
    return np.where(ranks[at] == wanted, counts[at], 0).astype(np.int64)


def far_candidates(ids, fits, freqs, supports, own: Letters) -> Iterator[Candidate]:
    """Yield the Candidates for graph ids two hops away, in order, but the phrase's own letters."""
    g = graph()
    for j, fit, freq, n in zip(ids.tolist(), fits.tolist(), freqs.tolist(), supports.tolist()):
        if (lets := g.letters[j]) != own:
            yield Candidate(lets, g.nodes[j], TWO_HOP if fit else TWO_HOP * PARTS_MISMATCH, freq, "2", n)


def content_words(phrase: str) -> list[str]:
    """The words of a phrase that carry its meaning (no articles, 'type of', 'perhaps')."""
    return [w for w in phrase.split(" ") if w not in FUNCTION_WORDS and len(w) > 1]


# ---------------------------------------------------------------- the answer lexicon


# Deleting everything but A-Z with str.translate is several times faster than a regex, and
# letters_of runs for every candidate answer of every lookup.
NOT_LETTERS = {c: None for c in range(256) if not 65 <= c <= 90}


def letters_of(text: str) -> Letters:
    """Upper-case A-Z letters of a phrase."""
    out = text.upper().translate(NOT_LETTERS)
    return out if out.isascii() else re.sub(r"[^A-Z]", "", out)


@functools.lru_cache(maxsize=64)
def lexicon(length: int) -> Mapping[Letters, tuple[tuple[tuple[int, ...], float, str], ...]]:
    """letters -> ((word lengths, frequency, display), ...) for every answer of this length."""
    table: dict[Letters, list] = {}
    if 1 <= length <= MAX_LETTERS:
        for lets, display, parts, freq in connection().execute(
            "SELECT letters, display, parts, freq FROM words WHERE length(letters) = ?", (length,)
        ):
            table.setdefault(lets, []).append((tuple(int(p) for p in parts.split(",")), freq, display))
    return MappingProxyType({k: tuple(v) for k, v in table.items()})


def fits_enumeration(parts: tuple[int, ...], enumeration: Enumeration | None) -> bool:
    """Do a phrase's word lengths match the enumeration's (any separators)?"""
    return enumeration is None or parts == enumeration.parts


@functools.lru_cache(maxsize=200_000)
def spellings(letters: Letters) -> tuple[tuple[tuple[int, ...], float, str], ...]:
    """((word lengths, frequency, display), ...) of the lexicon's phrases with these letters."""
    rows = connection().execute("SELECT parts, freq, display FROM words WHERE letters = ?", (letters,))
    return tuple((tuple(int(p) for p in parts.split(",")), freq, shown) for parts, freq, shown in rows)


def is_word(letters: Letters, enumeration: Enumeration | None = None) -> bool:
    """Is this an answer in the lexicon, with these word breaks (for a hyphenated enumeration,
    also as one word: RE-ENGAGE, REENGAGE)?"""
    if enumeration is None:
        return bool(spellings(letters))
    joined = "," not in enumeration.separators
    return any(breaks_fit(p, enumeration.parts, joined) for p, _, _ in spellings(letters)) or opened(letters, enumeration)


def other_breaks(letters: Letters, enumeration: Enumeration) -> bool:
    """Does the lexicon spell these letters only with other word breaks than the
    enumeration's (REQUIRED for (2,6))? A hyphenated enumeration also allows one word
    (RE-ENGAGE, REENGAGE); letters the lexicon does not know are not judged."""
    return bool(spellings(letters)) and not is_word(letters, enumeration)


COMPOUND_PIECE = 3  # the shortest word an opened compound splits into
SUFFIX_WORDS = frozenset(("LESS", "ABLE", "WISE", "WARD", "WARDS", "LIKE", "NESS"))  # POWERLESS is no POWER LESS


@functools.lru_cache(maxsize=50_000)
def opened(letters: Letters, enumeration: Enumeration | None) -> bool:
    """Is the answer a closed compound that the enumeration writes open, its breaks splitting
    it into common words (GREASEPAINT as GREASE PAINT (6,5), FLOODWATER (5,5); not POWERFUL
    (5,3) or POWERLESS (5,4))? Setters and dictionaries disagree on such spellings."""
    if enumeration is None or len(enumeration.parts) < 2 or enumeration.length != len(letters):
        return False
    one = [shown for p, _, shown in spellings(letters) if len(p) == 1]
    if not one or any(lemmas(w) for w in one):  # SPARKING is no SPARK ING (5,3)
        return False
    ends = list(itertools.accumulate(enumeration.parts))
    pieces = [letters[a:b] for a, b in zip([0] + ends[:-1], ends)]
    words = all(len(p) >= COMPOUND_PIECE and is_node(p.lower()) and frequency(p) >= COMMON for p in pieces)
    return words and pieces[-1] not in SUFFIX_WORDS


def breaks_fit(parts: tuple[int, ...], wanted: tuple[int, ...], joined: bool) -> bool:
    """Do a phrase's word lengths fit an enumeration's (`joined`: it has only hyphens, so one
    word fits too)?"""
    return parts == wanted or joined and len(parts) == 1


COMMON = 3.0  # Zipf frequency above which a word-frequency list's entry counts as a word


@functools.lru_cache(maxsize=50_000)
def in_dictionary(letters: Letters, enumeration: Enumeration | None = None) -> bool:
    """Is this a dictionary word (a thesaurus entry or an inflection of one), or a common
    one (names)? The frequency list alone also holds fragments like 'cellent'."""
    for parts, freq, shown in spellings(letters):
        if fits_enumeration(parts, enumeration) and (freq >= COMMON or is_node(shown)):
            return True
    return False


def frequency(letters: Letters) -> float:
    """Zipf frequency of the commonest phrase spelt with these letters (0: unknown)."""
    return max((f for _, f, _ in spellings(letters)), default=0.0)


def display(letters: Letters, enumeration: Enumeration | None = None) -> str:
    """How an answer is written: 'ICE CREAM' for ICECREAM (3,5); the enumeration's breaks
    when there is one, else the lexicon's spelling."""
    if enumeration is None or len(letters) != enumeration.length:
        forms = [d for p, _, d in spellings(letters) if "'" not in d]
        return forms[0].upper() if forms else letters
    out, i = [], 0
    for part, sep in zip(enumeration.parts, (*enumeration.separators, "")):
        out.append(letters[i : i + part] + (" " if sep == "," else sep))
        i += part
    return "".join(out).strip()


@functools.lru_cache(maxsize=64)
def anagram_index(length: int) -> Mapping[str, tuple[Letters, ...]]:
    """sorted letters -> words with those letters, for one length."""
    table: dict[str, list[Letters]] = {}
    for word in lexicon(length):
        table.setdefault("".join(sorted(word)), []).append(word)
    return MappingProxyType({k: tuple(v) for k, v in table.items()})


def anagrams(letters: Letters, enumeration: Enumeration | None = None) -> Iterator[Letters]:
    """Yield the answers made of exactly these letters (with matching word breaks)."""
    letters = letters_of(letters)
    for word in anagram_index(len(letters)).get("".join(sorted(letters)), ()):
        if is_word(word, enumeration):
            yield word


def matching(pattern: str, enumeration: Enumeration | None = None) -> Iterator[Letters]:
    """Yield the answers fitting a pattern like 'N?D?R' ('?', '.' or '_' for unknown letters)."""
    pattern = pattern.upper()
    if not re.fullmatch(r"[A-Z?._]*", pattern) or not pattern:
        return
    rx = re.compile(re.sub(r"[?._]", ".", pattern))
    for word in lexicon(len(pattern)):
        if rx.fullmatch(word) and is_word(word, enumeration):
            yield word


def with_prefix(prefix: Letters, length: int) -> Iterator[Letters]:
    """Yield the answers of a length that start with a prefix."""
    for word in lexicon(length):
        if word.startswith(prefix):
            yield word


# ---------------------------------------------------------------- the API the solver uses


def abbreviations(word: str) -> tuple[Letters, ...]:
    """The substitutions setters use for a word or phrase ("doctor" -> DR, MO, ...)."""
    return substitutions(tuple(norm(word).split()))


# An adjective of age or size before a noun in a wordplay piece only narrows what the noun
# names ("young boy": LAD, "little dog": PUP); the noun's own relations stand for it, weaker.
QUALIFIERS = frozenset(("young", "little", "small", "tiny", "big", "large", "baby"))  # not "old": O, EX
QUALIFIED = 0.6


# A subject and a verb, or a verb and "not", written short are the contraction's letters
# ("he would" -> HED, "is not" -> ISNT), as is a word written short in the clue ("she'd" ->
# SHED); "'s" is left out: in a clue it is mostly the possessive.
SHORT_VERBS: Mapping[str, str] = MappingProxyType({"would": "D", "had": "D", "will": "LL", "shall": "LL", "have": "VE", "am": "M", "is": "S", "has": "S", "are": "RE"})  # fmt: skip
SUBJECTS = frozenset("i you he she it we they who that there what here where".split())
NEGATED = frozenset("is are was were do does did has have had could would should must need might".split())
SHORT_NOTS: Mapping[str, str] = MappingProxyType({"will not": "WONT", "shall not": "SHANT", "can not": "CANT", "cannot": "CANT"})
WRITTEN_SHORT = re.compile(r"[a-z]+(?:'(?:d|ll|ve|re|m)|n't)")
CONTRACTED = 0.9


def contractions(key: str) -> tuple[Letters, ...]:
    """The letters of a normalised phrase written as a contraction ("he would" -> HED)."""
    words = key.split(" ")
    if key in SHORT_NOTS:
        return (SHORT_NOTS[key],)
    if len(words) == 1:
        return (letters_of(key),) if WRITTEN_SHORT.fullmatch(key) else ()
    if len(words) != 2:
        return ()
    first, second = words
    if first in SUBJECTS and second in SHORT_VERBS and (first, second) != ("i", "is"):
        return (letters_of(first) + SHORT_VERBS[second],)
    return (letters_of(first) + "NT",) if second == "not" and first in NEGATED else ()


@functools.lru_cache(maxsize=50_000)
def synonym_table(phrase: str) -> Mapping[Letters, float]:
    """letters -> strength, for everything a wordplay leaf could stand for: synonyms (both
    sources, all WordNet relations), substitutions, and a short word itself."""
    table: dict[Letters, float] = {}

    def add(letters: Letters, strength: float) -> None:
        if letters and strength > table.get(letters, 0.0):
            table[letters] = strength

    import numpy as np

    g = graph()
    key = norm(phrase)
    ids, codes, strengths = relations(phrase, compose=False)
    if not len(ids) and 1 < len(key.split(" ")) <= MAX_COMPOSED:  # "German city" -> ESSEN
        ids, codes, strengths = agreed(key)
        first, _, rest = key.partition(" ")
        if first in QUALIFIERS and " " not in rest:  # "young boy" -> LAD, as "boy" is
            noun_ids, noun_codes, noun_strengths = strongest(rest)
            ids, codes, strengths = np.concatenate((ids, noun_ids)), np.concatenate((codes, noun_codes)), np.concatenate((strengths, noun_strengths * QUALIFIED))
    if key in FUNCTION_WORDS:  # Moby's lists reversed and WordNet's kinds make "and" SWIPE, "a" ARCHITECT
        keep = np.isin(codes, FUNCTION_WORD_CODES)
        ids, strengths = ids[keep], strengths[keep]
    for j, strength in zip(ids.tolist(), strengths.tolist()):
        add(g.letters[j], strength)
    # "in that place" -> THERE, "take the place of" -> SUPPLANT, by their glosses (two words
    # are too loose: "element found" is tungsten, W, "found in wolframite")
    if GLOSS_PIECE <= len(key.split(" ")) <= MAX_COMPOSED:
        for j, strength in gloss_matches(key, soft=False).items():  # through synonyms: slow, and loose
            add(g.letters[j], strength)
    for v in (key, key[:-2] if key.endswith("'s") else ""):
        for sub in substitutions(tuple(v.split())):
            add(sub, 1.0)
        for letters, count in piece_table().get(v, ()):
            add(letters, PAST_PIECE)
    for short in contractions(key):
        add(short, CONTRACTED)
    if len(letters_of(key)) <= 3 and " " not in key:
        add(letters_of(key), 0.8)  # "on" -> ON, "us" -> US
    return MappingProxyType(table)


def synonyms(phrase: str, length: int | None = None) -> Iterator[Letters]:
    """Yield the letters a wordplay leaf could stand for, strongest first."""
    table = synonym_table(norm(phrase))
    for letters in sorted(table, key=lambda x: -table[x]):
        if length is None or len(letters) == length:
            yield letters


@functools.lru_cache(maxsize=10_000)
def best_relations(phrase: str, length: int | None = None) -> Relations:
    """The phrase's relations (read-only arrays) to answers of one length (when given), the
    strongest for each answer's letters (the first met among equals), in no set order; not
    the phrase's own letters."""
    import numpy as np

    g = graph()
    ids, codes, strengths = relations(phrase, window=(length, length) if length else EVERY)
    lengths = g.lengths[ids]
    keep = lengths == length if length else lengths > 0
    ids, codes, strengths = ids[keep], codes[keep], strengths[keep]
    by_answer = np.lexsort((-strengths, g.ranks[ids]))  # the strongest first, then the first met
    ranks = g.ranks[ids[by_answer]]
    pick = by_answer[np.concatenate(([True], ranks[1:] != ranks[:-1]))] if len(ids) else by_answer
    own = letters_of(phrase)
    if len(pick) and (not length or length == len(own)):
        pick = pick[[g.letters[j] != own for j in ids[pick].tolist()]]
    return frozen(ids[pick]), frozen(codes[pick]), frozen(strengths[pick])


@functools.lru_cache(maxsize=2_000)
def definition_table(phrase: str, length: int | None = None) -> Mapping[Letters, Candidate]:
    """letters -> best Candidate (word breaks not yet checked), for every answer the phrase
    could define (of one length, when given)."""
    return MappingProxyType({c.letters: c for c in candidates(*best_relations(phrase, length))})


def candidates(ids, codes, strengths, supports=None) -> Iterator[Candidate]:
    """Yield the Candidates of some graph ids, with their relation codes, strengths and
    (when known) support."""
    g = graph()
    supports = supports.tolist() if supports is not None else [0] * len(ids)
    for j, code, strength, freq, n in zip(ids.tolist(), codes.tolist(), strengths.tolist(), g.freqs[ids].tolist(), supports):
        yield Candidate(g.letters[j], g.nodes[j], strength, freq, CODES[code], n)


def definitions(phrase: str, enumeration: Enumeration | None = None, deep: bool = True) -> Iterator[Candidate]:
    """Yield the answers the phrase could define, best first (candidate_order). With an
    enumeration and `deep`, answers two hops away (a synonym's relations) follow, weakly:
    there may be thousands, so they are ordered only when the reader gets to them, and made
    as they are read. (The routes two hops away are gathered up front with an enumeration
    either way: they order the nearer answers by support.)"""
    key = norm(phrase)
    near = near_candidates(key, enumeration)
    if enumeration is None or not deep:
        yield from near
        return
    strong = sum(1 for c in near if c.strength > TWO_HOP)  # near is sorted: these come first
    yield from near[:strong]
    near_letters = {c.letters for c in near}  # the answers of past clues and glosses are near too
    far = (c for c in far_candidates(*far_definitions(key, enumeration), letters_of(key)) if c.letters not in near_letters)
    yield from heapq.merge(near[strong:], far, key=candidate_order) if strong < len(near) else far


@functools.lru_cache(maxsize=5_000)
def near_candidates(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The answers one hop from a normalised phrase, and those whose gloss it says, best
    first (made once: a solver asks for the same definition again and again)."""
    near = tuple(candidates(*near_definitions(key, enumeration)))
    glossed = gloss_definitions(key, enumeration) if enumeration is not None and " " in key else ()
    from cryptic import past  # past clues' definitions: exact, then guessed

    added = tuple(named_number(key, enumeration)) + clipped_kinds(key, enumeration) + agent_nouns(key, enumeration) + listed_words(key, enumeration)
    added += past.defined(key, enumeration) + past.guessed(key, enumeration)
    if not glossed and not added:
        return near
    best = {c.letters: c for c in near}
    for c in glossed + added:
        if c.letters not in best or c.strength > best[c.letters].strength:
            best[c.letters] = c
    return tuple(sorted(best.values(), key=candidate_order))


def named_number(key: str, enumeration: Enumeration | None) -> Iterator[Candidate]:
    """A numeral's own names as answers ("1,000,000,000,000": TRILLION), when they are words."""
    import numpy as np

    g = graph()
    ids = np.array([j for j in map(node_id, spoken(key)) if j is not None and (enumeration is None or g.lengths[j] == enumeration.length)], dtype=np.int64)
    return candidates(ids, np.full(len(ids), CODES.index("s")), np.full(len(ids), STRENGTH["s"]))


# Setters' own short synonyms ("rubbish" -> TAT, "a long time" -> ERA, "American dad" ->
# POP), listed with the substitutions: those that are words define too.
LISTED = 0.7
LISTED_SHORTEST = 3  # shorter entries are abbreviations (DR, MO), not words


def listed_words(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The words the substitution list gives for a normalised phrase, of the enumeration's length."""
    if enumeration is None or enumeration.length < LISTED_SHORTEST:
        return ()
    words = (w for w in substitutions(tuple(key.split())) if len(w) == enumeration.length and is_word(w, enumeration))
    return tuple(Candidate(w, spellings(w)[0][2], LISTED, frequency(w), "r") for w in dict.fromkeys(words))


# Past clues' wordplay pieces (tea -> CHAR) stand beside the thesaurus's synonyms.
PAST_PIECE = 0.8


CLIPPED = 0.7  # a kind named without its kind's word counts this much of the kind's relation
CLIPPED_KINDS = [CODES.index(c) for c in "oqx"]


def clipped_kinds(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The kinds of a one-word phrase named "X phrase", as X ("seal": CRABEATER, from
    "crabeater seal"; HARP, FUR): setters drop the kind's word, themed puzzles most of all."""
    import numpy as np

    if enumeration is None or " " in key or not key or "," in enumeration.separators:
        return ()
    g = graph()
    tail = " " + key
    ids, codes, strengths = relations(key, compose=False)
    # Only kinds as long as the answer and the word together can be named so: few to read.
    keep = (g.lengths[ids] == enumeration.length + len(letters_of(key))) & np.isin(codes, CLIPPED_KINDS)
    out = []
    for j, code, strength in zip(ids[keep].tolist(), codes[keep].tolist(), strengths[keep].tolist()):
        name = g.nodes[j]
        if name.endswith(tail) and " " not in (head := name[: -len(tail)]):
            lets = letters_of(head)
            out.append(Candidate(lets, head, strength * CLIPPED, frequency(lets), CODES[code]))
    return tuple(out)


AGENT = 0.5  # "someone who cuts" -> PRUNER: a doer named from a synonym of the deed ranks, but never verifies
AGENT_PHRASE = re.compile(r"(?:one|someone|somebody|person|anyone|he|she|(those|people|they))(?: who| that)(?:'s| is| are)? (.+)")
AGENT_ENDINGS = ("ER", "R", "OR")


def agent_nouns(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The doers "one who X" describes: a synonym of X with -er, -r or -or ("someone who
    cuts" -> PRUNER, "one who criticises" -> SLATER), in the plural after "those who"."""
    if enumeration is None or not (m := AGENT_PHRASE.fullmatch(key)):
        return ()
    plural, deed = m.groups()
    first, _, rest = deed.partition(" ")
    base = next((lemma for lemma, tag in lemmas(first) if tag in ("VBZ", "VBP")), first)
    length = enumeration.length - bool(plural)
    out = {}
    for verb, strength in synonym_table(f"{base} {rest}".strip()).items():
        if not length - 3 <= len(verb) <= length - 1:
            continue
        for end in AGENT_ENDINGS + (verb[-1] + "ER",):  # RUNNER
            doer = verb + end + "S" * bool(plural)
            if len(doer) != enumeration.length or not is_word(doer, enumeration) or lemmas((verb + end).lower()):  # LOWER: "low"
                continue
            if out.get(doer, 0.0) < strength * AGENT:
                out[doer] = strength * AGENT
    return tuple(Candidate(w, spellings(w)[0][2], v, frequency(w), "d") for w, v in out.items())


def candidate_order(c: Candidate) -> tuple[float, int, float, Letters]:
    """The sort key of definitions: strongest, best supported, commonest, alphabetical."""
    return (-c.strength, -c.support, -c.frequency, c.letters)


@functools.lru_cache(maxsize=5_000)
def near_definitions(key: str, enumeration: Enumeration | None) -> tuple[object, object, object, object]:
    """The answers one hop from a normalised phrase (arrays: graph ids, relation codes,
    strengths, support), best first (candidate_order)."""
    import numpy as np

    g = graph()
    ids, codes, strengths = best_relations(key, enumeration.length if enumeration else None)
    if enumeration is not None:
        strengths = np.where(spelt_with(ids, enumeration), strengths, strengths * PARTS_MISMATCH)
        supports = support(key, enumeration.length, ids)
    else:  # answers of every length: two hops are not looked up
        supports = np.zeros(len(ids), np.int64)
    order = np.lexsort((g.ranks[ids], -g.freqs[ids], -supports, -strengths))
    return frozen(ids[order]), frozen(codes[order]), frozen(strengths[order]), frozen(supports[order])


def spelt_with(ids, enumeration: Enumeration):
    """Which graph nodes have the enumeration's word breaks, as written or in some spelling
    of their letters (a new boolean array)."""
    import numpy as np

    g = graph()
    packed = shape(enumeration.parts)
    fits = g.shapes[ids] == packed if packed >= 0 else np.zeros(len(ids), dtype=bool)
    if len(enumeration.parts) == 1:
        return fits | g.oneword[ids]
    misfits = np.flatnonzero(~fits)
    if 0 <= packed < 1 << SHAPE_BITS:  # longer enumerations: as written only
        fits[misfits] = among(g.spelt_keys, g.ranks[ids[misfits]].astype(np.int64) << SHAPE_BITS | packed)
    return fits


class Far(NamedTuple):
    """The answers two hops from a phrase, best first, as arrays: graph ids (one node a
    spelling), whether each has the enumeration's word breaks, their frequencies and
    support."""

    ids: object
    fits: object
    freqs: object
    supports: object


@functools.lru_cache(maxsize=5_000)
def far_definitions(key: str, enumeration: Enumeration) -> Far:
    """The answers two hops from a normalised phrase, in the order definitions() yields them."""
    import numpy as np

    g = graph()
    far = distinct(distant(key, enumeration.length))
    far = far[~among(np.sort(g.ranks[near_definitions(key, enumeration)[0]]), g.ranks[far])]  # not again
    fits = spelt_with(far, enumeration)
    supports = support(key, enumeration.length, far)
    # Spellings of the same letters share a key (whether they fit depends on the letters
    # too): the lowest id stands for them all.
    order_key = (~fits).astype(np.int64) << 52 | (SUPPORT_BITS - np.minimum(supports, SUPPORT_BITS)) << 40 | commonness_keys()[far]
    order = np.argsort(order_key)
    ordered = order_key[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1]))) if len(order) else order
    far = np.minimum.reduceat(far[order], starts) if len(order) else far
    return Far(frozen(far), frozen(fits[order][starts]), frozen(g.freqs[far]), frozen(supports[order][starts]))


SUPPORT_BITS = (1 << 12) - 1  # far answers' support as a sort key, at most this


@functools.cache
def commonness_keys():
    """Each node's sort key among answers of equal strength: commonest first (Zipf
    frequencies have two decimals), then its letters' order; below bit 40, so that a
    caller can put what ranks first above it."""
    import numpy as np

    g = graph()
    return frozen((1000 - np.round(g.freqs.astype(np.float64) * 100).astype(np.int64)) << 20 | g.ranks)


def length_only(n: int) -> Enumeration:
    """The enumeration of a one-word answer of n letters."""
    return Enumeration((n,), (), n)


# ---------------------------------------------------------------- glosses

# A phrase that says what WordNet's gloss of an answer says ("Fruit of the oak" -> ACORN,
# "a smooth thin-walled nut"; "Relating to a wolf" -> LUPINE): nearly all the phrase's words,
# by rarity, and at least two of them, in the gloss. Less lets long spans of a cryptic clue
# ("walked making a noise") match some gloss of the right length.
GLOSS = 1.0  # the strength of a gloss that uses all the phrase's words
# A gloss of one content word matched by a phrase of one ("in that place": THERE, but also
# HENCE, "from this place") suggests rather than says.
GLOSS_LONE = 0.7
GLOSS_COVER = 0.75  # the least share of the phrase's words (each weighed by its rarity) a gloss must use


@functools.cache
def sparse_rows(name: str) -> tuple[object, object]:
    """Sparse rows of the index ("gloss", "part", "gloss_member"): pointers and ids, checked."""
    import numpy as np

    path = folder()
    try:
        indptr = np.asarray(np.load(path / f"{name}_indptr.npy", mmap_mode="r"))
        ids = np.asarray(np.load(path / f"{name}_ids.npy", mmap_mode="r"))
    except (OSError, ValueError):
        raise corrupt(path) from None
    if len(indptr) and int(indptr[-1]) != len(ids):
        raise corrupt(path)
    return indptr, ids


@functools.cache
def sparse_index(name: str) -> tuple[Mapping[str, int], object, object]:
    """One of the index's turned-round tables (thesaurus.build: "gloss", "part"): key -> row,
    and the rows' pointers and ids (graph ids; for "gloss", gloss numbers: `gloss_members`)."""
    path = folder()
    try:
        words = (path / f"{name}_words.txt").read_text(encoding="utf-8").split("\n")[:-1]
    except (OSError, UnicodeDecodeError):
        raise corrupt(path) from None
    indptr, ids = sparse_rows(name)
    if len(indptr) != len(words) + 1:
        raise corrupt(path)
    return MappingProxyType({w: i for i, w in enumerate(words)}), indptr, ids


def gloss_members() -> tuple[object, object]:
    """Each WordNet gloss's answers (the graph ids of its synset's phrases), as sparse rows."""
    return sparse_rows("gloss_member")


@functools.cache
def gloss_sizes():
    """How many content words each WordNet gloss has (a read-only array by gloss number)."""
    import numpy as np

    return frozen(np.bincount(sparse_index("gloss")[2]))


def phrase_keys(key: str) -> set[str]:
    """A normalised phrase's content words as the gloss index files them (hyphenated words
    joined where the glosses join them)."""
    text = joined_compounds(key, sparse_index("gloss")[0])
    return gloss_keys(text, {w: gloss_key(w) for w in GLOSS_WORD.findall(text)})


def gloss_rarity(word: str) -> float:
    """How rare a gloss word is: the log of the glosses over those using it (a word no gloss
    uses counts as the rarest)."""
    index, indptr, glosses = sparse_index("gloss")
    i = index.get(word)
    return math.log(len(glosses) / max(1, int(indptr[i + 1] - indptr[i]))) if i is not None else math.log(len(glosses))


def gloss_key(word: str) -> str:
    """A word as the gloss index files it: its (alphabetically first) lemma, or itself."""
    found = lemmas(word)
    return min(lemma for lemma, _ in found) if found else word


@functools.lru_cache(maxsize=20_000)
def gloss_matches(key: str, soft: bool = True) -> Mapping[int, float]:
    """The graph ids whose WordNet gloss says what a normalised phrase says (`soft`: or says
    some of it through synonyms), each with its best gloss's share of the phrase (any length)."""
    import numpy as np

    index, indptr, glosses = sparse_index("gloss")
    words = phrase_keys(key)
    # A phrase of one content word and its function words ("in that place") says what a gloss
    # of that one word says ("in or at that place": THERE); any longer gloss says more.
    lone = len(words) == 1 and " " in key
    if len(words) < 2 and not lone or not len(glosses):
        return MappingProxyType({})
    rows = {w: glosses[int(indptr[index[w]]) : int(indptr[index[w] + 1])] for w in words if w in index}
    if not rows:
        return MappingProxyType({})
    weight = {w: gloss_rarity(w) for w in words}
    total = sum(weight.values())
    # Each gloss: the weight of the phrase's words it uses (or a synonym of, for less), and how many.
    synonymous = gloss_synonym_rows(words, rows) if soft else {}
    used = [(r, weight[w], 0) for w, r in rows.items()] + [(r, weight[w] * GLOSS_SYNONYM, 1) for w, r in synonymous.items()]
    which, at = np.unique(np.concatenate([r for r, _, _ in used]), return_inverse=True)
    have = np.bincount(at, weights=np.concatenate([np.full(len(r), v) for r, v, _ in used]))
    uses = np.bincount(at)
    # A gloss that says the phrase only through synonyms relates it no more directly than a
    # derived form does: it ranks, but does not verify (as a second definition, "touching
    # display of" was TROUBLE: "an event causing distress or pain").
    derived = np.bincount(at, weights=np.concatenate([np.full(len(r), flag) for r, _, flag in used])) > 0
    share = (GLOSS_LONE if lone else GLOSS) * have / total
    said = np.where(derived, np.minimum(share, STRENGTH["d"]), share)
    good = gloss_sizes()[which] == 1 if lone else (uses >= 2) & (have >= GLOSS_COVER * total)
    member_indptr, member_ids = gloss_members()
    matched: dict[int, float] = {}  # graph id -> its best gloss's share of the phrase
    for k, value in zip(which[good].tolist(), said[good].tolist()):
        for j in member_ids[int(member_indptr[k]) : int(member_indptr[k + 1])].tolist():
            if value > matched.get(j, 0.0):
                matched[j] = value
    return MappingProxyType(matched)


@functools.lru_cache(maxsize=5_000)
def gloss_definitions(key: str, enumeration: Enumeration) -> tuple[Candidate, ...]:
    """The answers whose WordNet gloss says what a normalised phrase says, best first; for a
    phrase whose head is a plural, the plurals of those whose gloss says it in the singular
    ("snake-like fishes" -> EELS: eel, "snakelike fish"), and so for a verb's -s, -ed and -ing."""
    import numpy as np

    g = graph()
    length = enumeration.length
    tags = phrase_inflections(key)
    shortest = max(1, length - INFLECTION_GROWTH) if tags else length
    matched = {j: v for j, v in gloss_matches(key).items() if shortest <= g.lengths[j] <= length}
    bare = np.array([j for j in matched if g.lengths[j] < length], dtype=np.int64)
    strength = {j: matched[j] for j in matched if g.lengths[j] == length}
    for tag in tags:
        forms, owners = inflected(bare, tag, (length, length))
        for form, owner in zip(forms.tolist(), owners.tolist()):
            strength[form] = max(strength.get(form, 0.0), matched[int(bare[owner])] * INFLECTED)
    own = letters_of(key)
    best: dict[Letters, tuple[int, Candidate]] = {}
    for j, value in strength.items():
        if g.letters[j] != own and (g.letters[j] not in best or value > best[g.letters[j]][1].strength):
            best[g.letters[j]] = (j, Candidate(g.letters[j], g.nodes[j], value, float(g.freqs[j]), "g"))
    if not best:
        return ()
    chosen = np.array([j for j, _ in best.values()], dtype=np.int64)
    fits, supports = spelt_with(chosen, enumeration).tolist(), support(key, length, chosen).tolist()
    kept = [(c if fit else c._replace(strength=c.strength * PARTS_MISMATCH))._replace(support=n) for (_, c), fit, n in zip(best.values(), fits, supports)]
    return tuple(sorted(kept, key=candidate_order))


@functools.cache
def turned_round(name: str) -> tuple[object, object]:
    """Sparse rows of the index read the other way: for "gloss", each gloss's words (rows
    of `sparse_index("gloss")`); for "gloss_member", each graph id's glosses."""
    import numpy as np

    indptr, ids = sparse_rows(name)
    owners = np.repeat(np.arange(len(indptr) - 1, dtype=np.int32), np.diff(indptr))
    counts = np.bincount(ids, minlength=int(ids.max()) + 1 if len(ids) else 0)
    return frozen(np.concatenate(([0], np.cumsum(counts)))), frozen(owners[np.argsort(ids, kind="stable")])


@functools.lru_cache(maxsize=50_000)
def answer_gloss_words(letters: Letters):
    """The words (rows of `sparse_index("gloss")`) of every WordNet gloss of the phrases
    spelt with these letters, with their broader synsets' head words (a sorted array)."""
    import numpy as np

    member_ptr, member_glosses = turned_round("gloss_member")
    word_ptr, gloss_words = turned_round("gloss")
    ids = [j for _, _, shown in spellings(letters) if (j := node_id(norm(shown))) is not None and j + 1 < len(member_ptr)]
    glosses = [int(k) for j in ids for k in member_glosses[int(member_ptr[j]) : int(member_ptr[j + 1])] if k + 1 < len(word_ptr)]
    rows = [gloss_words[int(word_ptr[k]) : int(word_ptr[k + 1])] for k in glosses]
    return frozen(np.unique(np.concatenate(rows)) if rows else np.empty(0, np.int32))


@functools.lru_cache(maxsize=20_000)
def phrase_gloss_words(key: str) -> tuple[tuple[str, int | None, float], ...]:
    """A normalised phrase's content words as the gloss index files them, each with its row
    (None: a word no gloss uses) and weighed by its rarity among the glosses."""
    index, _, glosses = sparse_index("gloss")
    words = sorted(phrase_keys(key.replace("'s", "")))  # "fish-hook's": FISHHOOK
    if not len(glosses):
        return ()
    return tuple((w, index.get(w), gloss_rarity(w)) for w in words)


def gloss_overlap(key: str, letters: Letters, soft: bool = False) -> float:
    """The share of a normalised phrase's content words (each weighed by its rarity) that
    some WordNet gloss of the answer uses: "Line created by rising and falling water" and
    TIDEMARK's "a line at the highwater or low-water limits of the tides" share "line"
    (`soft`: or uses through a synonym, for GLOSS_SYNONYM of its weight: "guts" and ENTERIC's
    "inside the intestines")."""
    import numpy as np

    words = phrase_gloss_words(key)
    total = sum(weight for _, _, weight in words)
    if not total:
        return 0.0
    used = answer_gloss_words(letters)
    share = 0.0
    for word, row, weight in words:
        if row is not None and np.isin(row, used):
            share += weight
        elif soft and np.isin(synonym_keys(word), used).any():
            share += GLOSS_SYNONYM * weight
    return share / total


VERB_PHRASE = 3  # longer phrases read as verbs matched unrelated glosses ("writes about greek goddess and roman": FATHERS)


def phrase_inflections(key: str) -> tuple[str, ...]:
    """The inflections a normalised defining phrase is in, which its answers take too: a
    plural head noun ("snake-like fishes" -> EELS), a verb in -s, -ed or -ing first in a
    short phrase ("cuts into cubes" -> DICES: dice, "cut into cubes")."""
    head = key.split(" of ")[0].rsplit(" ", 1)[-1]  # "fruits of the oak"
    tags = {"NNS"} if any(tag == "NNS" for _, tag in lemmas(head)) or unchanged_plural(head) else set()
    words = key.split(" ")
    if len(words) <= VERB_PHRASE:
        tags.update(tag for _, tag in lemmas(words[0]) if tag.startswith("VB"))
    return tuple(sorted(tags))


GLOSS_SYNONYM = 0.5  # a phrase word a gloss uses only through a synonym counts for this much of its weight
GLOSS_SYNONYMS = 20  # the strongest single-word synonyms of a phrase word looked for in glosses


def gloss_synonym_rows(words: Iterable[str], rows: Mapping[str, object]) -> dict[str, object]:
    """For each phrase word, the glosses that use one of its strongest single-word synonyms
    and not the word itself ("order beforehand": PREDESTINE's "decree ... beforehand")."""
    import numpy as np

    out = {}
    for w in words:
        found = synonym_glosses(w)
        found = np.setdiff1d(found, rows[w]) if w in rows else found
        if len(found):
            out[w] = found
    return out


@functools.lru_cache(maxsize=20_000)
def synonym_keys(word: str):
    """The gloss index's rows of the word's GLOSS_SYNONYMS strongest single-word synonyms (a
    read-only array)."""
    import numpy as np

    index = sparse_index("gloss")[0]
    g = graph()
    ids, codes, strengths = word_relations(word)
    keep = np.isin(codes, np.array([CODES.index(c) for c in "smr"], dtype=np.uint8))
    ordered = (g.nodes[j] for j in ids[keep][np.argsort(-strengths[keep], kind="stable")].tolist())
    keys = (gloss_key(name) for name in ordered if " " not in name)
    chosen = itertools.islice(unique_everseen(k for k in keys if k in index and k != word), GLOSS_SYNONYMS)
    return frozen(np.array([index[k] for k in chosen], dtype=np.int64))


@functools.lru_cache(maxsize=20_000)
def synonym_glosses(word: str):
    """The glosses that use one of the word's GLOSS_SYNONYMS strongest single-word synonyms
    (a sorted, read-only array of gloss numbers)."""
    import numpy as np

    _, indptr, glosses = sparse_index("gloss")
    rows = synonym_keys(word).tolist()
    if not rows:
        return frozen(np.empty(0, np.int64))
    return frozen(np.unique(np.concatenate([glosses[int(indptr[k]) : int(indptr[k + 1])] for k in rows])))


def unchanged_plural(word: str) -> bool:
    """May the word be its own plural (fish, sheep; lemminflect, when the index was built,
    also allowed it for nouns used as mass nouns, like oak)?"""
    j = node_id(word)
    return j is not None and bool(graph().own_plural[j])


def joined_compounds(key: str, index: Mapping[str, int]) -> str:
    """The phrase with each hyphenated word written as one where the glosses write it so
    ("snake-like" -> snakelike), else as its parts."""
    def one(word: str) -> str:
        whole = word.replace("-", "")
        return whole if "-" in word and gloss_key(whole) in index else word.replace("-", " ")

    return " ".join(map(one, key.split(" ")))


FORM_GROWTH = 3  # letters an inflection or a derived form adds: TIGHT, tightly; DRINK, drinking


def own_form(answer: Letters, words: Sequence[str]) -> bool:
    """Is the answer a form of one of the definition's words, or that word a form of it
    ("tightly" for TIGHT)? Setters never define a word by itself: among the top five
    answers of cryptonite-dev's first 1,000 clues, 20 were such, none right."""
    for w in map(letters_of, words):
        short, long = sorted((w, answer), key=len)
        if len(short) >= 3 and short != long and long.startswith(short) and len(long) - len(short) <= FORM_GROWTH:
            return True
    return False


def definition_strength(phrase: str, answer: Letters) -> float:
    """How strongly the phrase defines the answer (0: not at all), two hops included."""
    key = norm(phrase)
    c = definition_table(key, len(answer)).get(answer)
    if c is not None:
        return c.strength
    return TWO_HOP if answer in distant_letters(key, len(answer)) else 0.0


@functools.lru_cache(maxsize=1_000)
def distant_letters(key: str, length: int) -> frozenset[Letters]:
    """The letters of the answers two hops from a normalised phrase (a double definition
    asks about every candidate answer of a clue)."""
    g = graph()
    return frozenset(g.letters[j] for j in distant(key, length).tolist())


@functools.lru_cache(maxsize=50_000)
def homophones(s: Letters) -> tuple[Letters, ...]:
    """Words that sound like s (by the CMU pronouncing dictionary), s itself excluded."""
    rows = connection().execute(
        "SELECT DISTINCT b.letters FROM sounds a JOIN sounds b ON a.pron = b.pron WHERE a.letters = ? AND b.letters != ?", (s, s)
    )
    return tuple(r[0] for r in rows)


@functools.lru_cache(maxsize=200_000)
def _bounds(kind: LeafKind, phrase: str) -> Bounds | None:
    table = synonym_table(phrase) if kind == "synonym" else definition_table(phrase)
    if not table:
        return None if kind == "synonym" else (1, MAX_LETTERS)
    lengths = [len(x) for x in table]
    return (min(lengths), max(lengths))


@functools.lru_cache(maxsize=200_000)
def leaf_bounds(kind: LeafKind, words: Words) -> Bounds | None:
    """Leaf bounds from the thesaurus: the lengths of what the words can stand for.

    A definition the thesaurus does not know still stands (1..MAX_LETTERS): the solver can find its
    answer through the wordplay alone."""
    if len(words) == 1 and words[0].startswith("#"):
        return None
    return _bounds(kind, norm(" ".join(words)))


def warm() -> None:
    """Open the index now (building it if need be), so the first lookup is not slow."""
    connection()
