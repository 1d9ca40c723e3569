"""How near in meaning two phrases are: the cosine of their word vectors (the mean of their
content words' vectors, which thesaurus.vectors learnt from Moby, WordNet and past clues'
definitions). A definition that no relation links to its answer may still be near it
("set of beliefs": DOCTRINE)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from cryptic.data import DataError, data_file
from cryptic.nodes import MAX_LETTERS, Enumeration, Letters
from cryptic.tuning import MEANING_NEAR, NEIGHBOURS_SORTED
from thesaurus.vectors import SCALE, words

REBUILD = "python -m thesaurus.vectors"
LONE_LETTER = re.compile(r"(?<![a-z])[a-z](?![a-z])")  # a lone letter: "libya's", "j. edgar"


@functools.cache
def word_vectors() -> tuple[Mapping[str, int], object]:
    """word -> its row, and the rows (unit vectors as bytes); a DataError naming the files and
    the command that rebuilds them."""
    import numpy as np

    try:
        vocabulary = data_file("corpora", "vectors.txt").read_text(encoding="utf-8").split()
        rows = np.load(data_file("corpora", "vectors.npy"), allow_pickle=False)
    except (DataError, OSError, UnicodeDecodeError, ValueError):
        raise DataError(f"the word vectors corpora/vectors.txt and vectors.npy are missing or unreadable; rebuild them with `{REBUILD}` or reinstall cryptic") from None
    if rows.ndim != 2 or rows.dtype != np.int8 or len(rows) != len(vocabulary):
        raise DataError(f"corpora/vectors.npy does not match corpora/vectors.txt; rebuild them with `{REBUILD}`")
    return {w: i for i, w in enumerate(vocabulary)}, rows


@functools.lru_cache(maxsize=50_000)
def phrase_vector(text: str) -> object | None:
    """The unit mean vector of a phrase's known content words (None: it has none)."""
    import numpy as np

    index, rows = word_vectors()
    known = [index[w] for w in words(text) if w in index]
    if not known:
        return None
    v = rows[known].astype(np.float32).mean(axis=0) / SCALE
    size = float(np.linalg.norm(v))
    return v / size if size > 0 else None


def similarity(a: str, b: str) -> float:
    """The cosine of two phrases' vectors, -1 to 1 (0 when either has no known word)."""
    x, y = phrase_vector(a), phrase_vector(b)
    return 0.0 if x is None or y is None else float(x @ y)


def similarities(phrase: str, others: Sequence[str]) -> object:
    """The cosine of a phrase's vector with each of several others' (an array; 0 where either
    has no known word), in one product: a definition asks it of hundreds of answers."""
    import numpy as np

    out = np.zeros(len(others), np.float32)
    q = phrase_vector(phrase)
    if q is None or not others:
        return out
    index, rows = word_vectors()
    at, owner = [], []
    for k, text in enumerate(others):
        known = [index[w] for w in words(text) if w in index]
        at.extend(known)
        owner.extend([k] * len(known))
    if not at:
        return out
    sums = np.zeros((len(others), rows.shape[1]), np.float32)
    np.add.at(sums, np.array(owner), rows[np.array(at)].astype(np.float32))
    sizes = np.linalg.norm(sums, axis=1)
    has = sizes > 0
    out[has] = (sums[has] @ q) / sizes[has]
    return out


class Answers(NamedTuple):
    """The lexicon's answers of one length that have a vector (that of their commonest
    spelling's words, each known): their letters, as a byte matrix too (a pattern's
    filter), and their unit vectors as bytes."""

    letters: tuple[Letters, ...]
    chars: object
    vectors: object


def made_answers() -> dict[int, Answers]:
    """Answers by length, made from the lexicon and the word vectors (about 11 s)."""
    import numpy as np

    from cryptic.lookup.answers import lexicon

    index, rows = word_vectors()
    out = {}
    for length in range(1, MAX_LETTERS + 1):
        letters, at, starts = [], [], []
        for lets, spelt in lexicon(length).items():
            shown = max(spelt, key=lambda s: s[1])[2].lower()
            said = words(shown)
            known = [index[w] for w in said if w in index]
            if known and len(known) == len(said) and not LONE_LETTER.search(shown):  # not "libya's": LIBYAS
                letters.append(lets)
                starts.append(len(at))
                at.extend(known)
        if letters:
            sums = np.add.reduceat(rows[np.array(at)].astype(np.float32), np.array(starts), axis=0)
            sums /= np.maximum(np.linalg.norm(sums, axis=1, keepdims=True), 1e-9)
            chars = np.frombuffer("".join(letters).encode("ascii"), np.uint8).reshape(len(letters), length)
            out[length] = Answers(tuple(letters), chars, np.round(sums * SCALE).astype(np.int8))
    return out


@functools.cache
def answer_table() -> dict[int, Answers]:
    """Answers by length: made once beside the thesaurus index, read from there after."""
    from cryptic.lookup.index import kept_beside

    word_vectors()  # a missing file is its DataError, not the digest's OSError
    return kept_beside("vectors", data_file("corpora", "vectors.npy"), made_answers, dict)


def answers_of(length: int) -> Answers:
    """The answers of one length that have a vector."""
    import numpy as np

    found = answer_table().get(length)
    return found if found is not None else Answers((), np.zeros((0, length), np.uint8), np.zeros((0, 1), np.int8))


class Neighbour(NamedTuple):
    """An answer near a phrase in meaning: its letters and the cosine."""

    letters: Letters
    similarity: float


def neighbours(phrase: str, enumeration: Enumeration, pattern: str | None = None, count: int = MEANING_NEAR) -> tuple[Neighbour, ...]:
    """The answers nearest a phrase in meaning, nearest first: of the enumeration's length
    and word breaks, fitting the pattern ('N?D?R') when given, neither the phrase's own
    words nor forms of them; at most `count`. The cosines are summed in integers: numpy's
    float product runs on BLAS threads, whose spinning halved the speed of two solving
    processes on two cores (median 0.43 s a clue → 0.67 s)."""
    import numpy as np

    from cryptic.lookup.answers import is_word, letters_of
    from cryptic.lookup.definitions import own_form

    q = phrase_vector(phrase)
    letters, chars, vectors = answers_of(enumeration.length)
    if q is None or not letters or count <= 0 or pattern is not None and len(pattern) != enumeration.length:
        return ()
    keep = np.ones(len(letters), bool)
    for i, ch in enumerate(pattern or ""):
        if ch.isalpha():  # a letter no answer has ("é") fits none
            keep &= chars[:, i] == (ord(ch.upper()) if ch.isascii() else 0)
    fitting = np.flatnonzero(keep)
    scores = (vectors[fitting].astype(np.int32) @ np.round(q * SCALE).astype(np.int32)) / SCALE**2
    shown = phrase.lower().split()
    own = {letters_of(w) for w in shown}
    out: list[Neighbour] = []
    for order in nearest_first(scores, NEIGHBOURS_SORTED * count):
        for k in order.tolist():
            lets = letters[fitting[k]]
            if lets not in own and not own_form(lets, shown) and is_word(lets, enumeration):
                out.append(Neighbour(lets, float(scores[k])))
                if len(out) == count:
                    return tuple(out)
    return tuple(out)


def nearest_first(scores, first: int) -> Iterator[object]:
    """The indexes of the scores, highest first, in two runs: the `first` best (found without
    sorting them all), then the rest."""
    import numpy as np

    if len(scores) <= first:
        yield np.argsort(-scores, kind="stable")
        return
    part = np.argpartition(-scores, first)
    head, rest = part[:first], part[first:]
    yield head[np.argsort(-scores[head], kind="stable")]
    yield rest[np.argsort(-scores[rest], kind="stable")]
