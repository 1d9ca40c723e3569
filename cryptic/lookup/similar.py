"""How near in meaning two phrases are: the cosine of their word vectors (the mean of their
content words' vectors, which thesaurus.vectors learnt from Moby, WordNet and past clues'
definitions). A definition that no relation links to its answer may still be near it
("set of beliefs": DOCTRINE)."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from cryptic.data import DataError, data_file
from thesaurus.vectors import SCALE, words

REBUILD = "python -m thesaurus.vectors"


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
