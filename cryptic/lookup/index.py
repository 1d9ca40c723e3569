"""The compiled thesaurus index, opened: the relation graph (memory-mapped arrays), the lexicon
database, and the rows of a phrase."""

from __future__ import annotations

import bisect
import contextlib
import functools
import os
import re
import shutil
import sqlite3
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar

from cryptic.data import DataError, written_whole
from cryptic.nodes import Letters
from thesaurus.layout import ARRAYS, ENTRIES, PER_NODE, ROWS


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


@functools.cache
def gloss_sources():
    """Each gloss's source (its place in thesaurus.layout.GLOSS_SOURCES: WordNet's glosses
    first, then GCIDE's), a read-only array."""
    import numpy as np

    path = folder()
    try:
        sources = np.asarray(np.load(path / "gloss_sources.npy", mmap_mode="r"))
    except (OSError, ValueError):
        raise corrupt(path) from None
    if len(sources) + 1 != len(sparse_rows("gloss_member")[0]):
        raise corrupt(path)
    return sources


@functools.cache
def wordnet_glosses() -> int:
    """How many glosses are WordNet's (they come first)."""
    return int((gloss_sources() == 0).sum())


T = TypeVar("T")


def kept_beside(name: str, source: Path, make: Callable[[], T], kind: type) -> T:
    """What `make` makes from a shipped file, made once beside the thesaurus index (named
    for the file's digest, so a changed file makes it again) and read from there after; a
    damaged or missing copy is made again, a read-only cache only costs the making."""
    import hashlib
    import pickle

    from thesaurus.paths import index_path

    beside = index_path()
    path = beside.parent / f"{beside.name}-{name}-{hashlib.sha1(source.read_bytes()).hexdigest()[:16]}.pickle"
    try:
        with open(path, "rb") as f:
            found = pickle.load(f)
        if isinstance(found, kind):
            return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        pass  # not made yet, or damaged: made again
    made = make()
    try:
        with written_whole(str(path), ".tmp") as tmp, open(tmp, "wb") as f:
            pickle.dump(made, f, protocol=pickle.HIGHEST_PROTOCOL)
    except DataError:
        pass  # a read-only cache: made again next time
    return made

