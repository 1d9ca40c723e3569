"""Past clues' definitions as a reverse dictionary: BM25 over the phrases that defined each
answer (corpora/definitions.tsv), for a definition no past clue used word for word
("holder for a camera" -> TRIPOD, from "camera holder")."""

from __future__ import annotations

import functools
import heapq
import math
import os
from collections.abc import Mapping
from typing import NamedTuple

from cryptic.lexicon import past_definition_table
from cryptic.nodes import Letters

BM25_K1 = 1.2  # the usual BM25 constants
BM25_B = 0.75
# A guess is at most this strong: below a direct relation (wordplay.SECOND_DEFINITION, 0.51),
# so that a guess never verifies an answer alone.
GUESSED = 0.45
# The least share of the phrase's content words (each weighed by its rarity) an answer's past
# definitions must use: fewer let any answer defined with a common word in.
MIN_COVER = 0.6
MAX_GUESSES = 30


class PastIndex(NamedTuple):
    """Each answer's past definitions as one bag of content words, turned round."""

    answers: tuple[Letters, ...]
    sizes: tuple[int, ...]  # content words in each answer's bag
    postings: Mapping[str, tuple[tuple[int, int], ...]]  # word -> (answer row, times), ...
    mean_size: float


def terms(key: str) -> set[str]:
    """A normalised phrase's content words, by lemma, as the gloss index reads them."""
    from cryptic.thesaurus import phrase_keys

    return phrase_keys(key)


@functools.cache
def past_index() -> PastIndex:
    """The turned-round bags of past definitions: made once beside the thesaurus index (a
    third of a second) and read from there after (a few milliseconds)."""
    import hashlib
    import pickle

    from cryptic.data import data_file
    from thesaurus.paths import index_path

    digest = hashlib.sha1(data_file("corpora", "definitions.tsv").read_bytes()).hexdigest()[:16]
    path = index_path().parent / f"{index_path().name}-past-{digest}.pickle"
    try:
        with open(path, "rb") as f:
            found = pickle.load(f)
        if isinstance(found, PastIndex):
            return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        pass  # not made yet, or damaged: made again
    index = made_index()
    try:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with open(tmp, "wb") as f:
            pickle.dump(index, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache: made again next time
    return index


def made_index() -> PastIndex:
    """The turned-round bags of past definitions, made from corpora/definitions.tsv."""
    bags: dict[Letters, dict[str, int]] = {}
    for phrase, pairs in past_definition_table().items():
        words = terms(phrase)
        for answer, count in pairs:
            bag = bags.setdefault(answer, {})
            for w in words:
                bag[w] = bag.get(w, 0) + count
    answers = tuple(sorted(bags))
    postings: dict[str, list[tuple[int, int]]] = {}
    for row, answer in enumerate(answers):
        for w, n in bags[answer].items():
            postings.setdefault(w, []).append((row, n))
    sizes = tuple(sum(bags[a].values()) for a in answers)
    return PastIndex(answers, sizes, {w: tuple(p) for w, p in postings.items()}, sum(sizes) / max(1, len(sizes)))


def idf(index: PastIndex, word: str) -> float:
    """How rare a word is among the answers' bags (BM25's inverse document frequency)."""
    n = len(index.postings.get(word, ()))
    return math.log(1 + (len(index.answers) - n + 0.5) / (n + 0.5))


@functools.lru_cache(maxsize=5_000)
def guesses(key: str, length: int) -> tuple[tuple[Letters, float, float], ...]:
    """(answer, BM25 score, covered share) of the answers of `length` letters whose past
    definitions say most of a phrase of two or more content words, best first."""
    index = past_index()
    words = terms(key)
    if len(words) < 2:
        return ()
    weights = {w: idf(index, w) for w in words}
    total = sum(weights.values())
    scores: dict[int, float] = {}
    covers: dict[int, float] = {}
    for w, weight in weights.items():
        for row, n in index.postings.get(w, ()):
            if len(index.answers[row]) != length:
                continue
            norm = BM25_K1 * (1 - BM25_B + BM25_B * index.sizes[row] / index.mean_size)
            scores[row] = scores.get(row, 0.0) + weight * n * (BM25_K1 + 1) / (n + norm)
            covers[row] = covers.get(row, 0.0) + weight / total
    best = heapq.nlargest(MAX_GUESSES, (r for r in scores if covers[r] >= MIN_COVER), key=lambda r: (scores[r], -r))
    return tuple((index.answers[r], scores[r], covers[r]) for r in best)


def guess_strength(cover: float) -> float:
    """The definition strength of a guess that covers this share of the phrase."""
    return GUESSED * cover
