"""Word vectors for how near in meaning a definition and an answer are, learnt from the
thesauruses the index is built from, written to corpora/ (a development step, like
thesaurus.mine: the user's machine only reads them).

Two words are near when the same entries use them: Moby's thesaurus lines (a head word and
each of its entries), WordNet's synsets (their lemmas with each other and with their
glosses' words) and the definitions past clues gave their answers (corpora/definitions.tsv).
Not GCIDE: its definitions are GPL, and the vectors ship with the package. The counts are
weighed by positive pointwise mutual information and reduced by a randomised singular value
decomposition to DIMENSIONS numbers a word, stored as bytes (the vectors are unit length; a
byte keeps the cosine to about 0.01).

usage: python -m thesaurus.vectors [--out DIR]
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

DIMENSIONS = 64  # numbers a word (6.9 MB for 108,581 words; hand-set)
LEAST_COUNT = 2.0  # a word's weighed co-occurrences, at least, for it to have a vector
SMOOTHING = 0.75  # context counts raised to this (Levy and Goldberg's smoothing of PMI)
POWER_STEPS = 2  # power iterations of the randomised decomposition
OVERSAMPLE = 20  # extra random directions it keeps while iterating
SCALE = 127  # a unit vector's numbers stored as bytes: round(x * SCALE)

# Words too common to say what anything means.
STOP = frozenset(
    "a an the of to in on for and or by with as at from is are be that this which who its it their his her not no any "
    "some one into than other such used being having has have was were".split()
)
WORD = re.compile(r"[a-z]+")

Pairs = dict[tuple[str, str], float]


def words(text: str) -> list[str]:
    """The content words of a text, lower-case.

    >>> words("A belief (or system of beliefs) accepted")
    ['belief', 'system', 'beliefs', 'accepted']
    """
    return [w for w in WORD.findall(text.lower()) if w not in STOP and len(w) > 1]


def co_occur(pairs: Pairs, a: list[str], b: list[str], weight: float = 1.0) -> None:
    """Count each word of a with each of b (both ways), the weight shared as entries of
    many words share it: weight / sqrt(len(a) len(b))."""
    if not a or not b:
        return
    share = weight / (len(a) * len(b)) ** 0.5
    for x in a:
        for y in b:
            if x != y:
                pairs[(x, y)] = pairs.get((x, y), 0.0) + share
                pairs[(y, x)] = pairs.get((y, x), 0.0) + share


def moby_entries() -> Iterator[tuple[str, str]]:
    """(head word, entry) for every entry of Moby's thesaurus."""
    from thesaurus.build import moby_path

    with open(moby_path(), encoding="latin-1") as f:
        for line in f:
            head, *entries = line.rstrip("\n").split(",")
            yield from ((head, e) for e in entries)


def wordnet_entries() -> Iterator[tuple[list[str], str]]:
    """(lemma names, gloss) for every WordNet synset."""
    from thesaurus.wordnet import wordnet

    for synset in wordnet().all_synsets():
        yield [lemma.name().replace("_", " ") for lemma in synset.lemmas()], synset.definition()


def past_definitions(path: Path) -> Iterator[tuple[str, str, int]]:
    """(definition phrase, answer, count) from a mined definitions.tsv."""
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) == 3 and not line.startswith("#") and fields[2].isdigit():
            yield fields[0], fields[1].lower(), int(fields[2])


def gather(corpora: Path) -> Pairs:
    """The weighed co-occurrence counts of every source."""
    pairs: Pairs = {}
    for head, entry in moby_entries():
        co_occur(pairs, words(head), words(entry))
    for lemmas, gloss in wordnet_entries():
        named = [words(x) for x in lemmas]
        for i, a in enumerate(named):
            co_occur(pairs, a, words(gloss))
            for b in named[i + 1 :]:
                co_occur(pairs, a, b)
    for phrase, answer, count in past_definitions(corpora / "definitions.tsv"):
        co_occur(pairs, words(phrase), [answer], float(count))
    return pairs


def ppmi(pairs: Pairs) -> tuple[list[str], object, object, object]:
    """The vocabulary and the positive PMI matrix of the counts in compressed sparse rows
    (row pointers, columns, values)."""
    import numpy as np

    totals: collections.Counter[str] = collections.Counter()
    for (a, _), v in pairs.items():
        totals[a] += v
    vocabulary = sorted(w for w, c in totals.items() if c >= LEAST_COUNT)
    index = {w: i for i, w in enumerate(vocabulary)}
    kept = [(index[a], index[b], v) for (a, b), v in pairs.items() if a in index and b in index]
    rows, cols, vals = (np.array(x) for x in zip(*kept))
    n = len(vocabulary)
    row_sums, col_sums = np.bincount(rows, vals, n), np.bincount(cols, vals, n) ** SMOOTHING
    pmi = np.log(vals * col_sums.sum() / (row_sums[rows] * col_sums[cols]))
    keep = pmi > 0
    rows, cols, pmi = rows[keep], cols[keep], pmi[keep].astype(np.float32)
    order = np.lexsort((cols, rows))
    indptr = np.concatenate(([0], np.cumsum(np.bincount(rows, minlength=n))))
    return vocabulary, indptr, cols[order], pmi[order]


def times(indptr, cols, vals, x):
    """A sparse matrix (compressed rows) times a dense one, a few columns at a time."""
    import numpy as np

    out = np.zeros((len(indptr) - 1, x.shape[1]), np.float32)
    full = np.diff(indptr) > 0
    for s in range(0, x.shape[1], 16):
        out[full, s : s + 16] = np.add.reduceat(vals[:, None] * x[cols, s : s + 16], indptr[:-1][full], axis=0)
    return out


def transposed(indptr, cols, vals):
    """The same matrix turned round, in compressed rows."""
    import numpy as np

    rows = np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))
    order = np.lexsort((rows, cols))
    t_indptr = np.concatenate(([0], np.cumsum(np.bincount(cols, minlength=len(indptr) - 1))))
    return t_indptr, rows[order], vals[order]


def decomposed(indptr, cols, vals, k: int, seed: int = 0):
    """Unit word vectors of k numbers: the left singular vectors of the matrix scaled by the
    square roots of their singular values (Halko, Martinsson and Tropp's randomised method)."""
    import numpy as np

    turned = transposed(indptr, cols, vals)
    rng = np.random.default_rng(seed)
    y = times(indptr, cols, vals, rng.standard_normal((len(indptr) - 1, k + OVERSAMPLE)).astype(np.float32))
    for _ in range(POWER_STEPS):
        q, _ = np.linalg.qr(y)
        y = times(indptr, cols, vals, times(*turned, q))
    q, _ = np.linalg.qr(y)
    u, s, _ = np.linalg.svd(times(*turned, q).T, full_matrices=False)
    v = (q @ u)[:, :k] * np.sqrt(s[:k])
    return v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-9)


def write(out: Path, vocabulary: Iterable[str], vectors) -> None:
    """corpora/vectors.txt (a word a line) and corpora/vectors.npy (its vector as bytes),
    each written beside and put in place whole."""
    import numpy as np

    from cryptic.data import written_whole

    with written_whole(str(out / "vectors.npy"), ".tmp") as tmp, open(tmp, "wb") as f:
        np.save(f, np.round(vectors * SCALE).astype(np.int8))
    with written_whole(str(out / "vectors.txt"), ".tmp") as tmp:
        Path(tmp).write_text("\n".join(vocabulary) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m thesaurus.vectors", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "corpora")
    a = ap.parse_args(argv)
    start = time.perf_counter()
    try:
        pairs = gather(a.out)
        vocabulary, *matrix = ppmi(pairs)
        del pairs
        write(a.out, vocabulary, decomposed(*matrix, DIMENSIONS))
    except (OSError, RuntimeError) as e:  # a missing package's data or table, an unwritable folder (DataError): one line
        print(f"python -m thesaurus.vectors: {e}", file=sys.stderr)
        return 1
    print(f"{len(vocabulary)} words, {len(matrix[2])} weighed pairs, {DIMENSIONS} numbers each: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
