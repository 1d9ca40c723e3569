"""Past clues' definitions as answers: those a past clue used word for word (camera holder ->
TRIPOD), and, as a reverse dictionary, BM25 over the phrases that defined each answer
(corpora/definitions.tsv) for a definition no past clue used word for word."""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from cryptic import thesaurus as th
from cryptic.lexicon import past_definition_table
from cryptic.lookup.retrieval import idf as bm25_idf
from cryptic.nodes import Enumeration, Letters, Words
from cryptic.tuning import BM25_B, BM25_K1, DEFINED_FULL, DEFINED_WORDS, GUESSED, MAX_GUESSES, MIN_COVER

# A definition past clues used counts more the more clues used it; once is already above a
# direct relation's threshold (derive.SECOND_DEFINITION, 0.51), so the wordplay can verify it.
PAST_DEFINITION = (0.6, 0.8, 0.9)  # used once, twice, three times or more


class PastIndex(NamedTuple):
    """Each answer's past definitions as one bag of content words, turned round."""

    answers: tuple[Letters, ...]
    sizes: tuple[int, ...]  # content words in each answer's bag
    postings: Mapping[str, tuple[tuple[int, int], ...]]  # word -> (answer row, times), ...
    mean_size: float


def defined(key: str, enumeration: Enumeration | None) -> tuple[th.Candidate, ...]:
    """The answers past clues defined by a normalised phrase (or one of its lookup variants:
    "a cake", "cake's" are "cake" too), of the enumeration's length."""
    if enumeration is None:
        return ()
    counts = {a: n for a, n in definers(key).items() if len(a) == enumeration.length}
    return tuple(th.Candidate(a, spelt[0][2], PAST_DEFINITION[min(n, len(PAST_DEFINITION)) - 1], th.frequency(a), "c")
                 for a, n in counts.items() if (spelt := th.spellings(a)))  # fmt: skip


def definers(key: str) -> dict[Letters, int]:
    """answer -> how many past clues defined it by a phrase (or by one of its lookup variants),
    the most of any variant."""
    table = past_definition_table()
    counts: dict[Letters, int] = {}
    for v in th.variants(key):
        for answer, count in table.get(v, ()):
            counts[answer] = max(counts.get(answer, 0), count)
    return counts


@functools.lru_cache(maxsize=1_000)
def end_definers(words: Words) -> Mapping[Letters, tuple[int, Words]]:
    """answer -> how many past clues defined it by the words at one end of these clue words
    (one to DEFINED_WORDS of them, or a lookup variant: "a cake" is "cake"), the most of any
    such span, and that span."""
    found: dict[Letters, tuple[int, Words]] = {}
    for k in range(1, min(DEFINED_WORDS, len(words)) + 1):
        for span in dict.fromkeys((words[:k], words[-k:])):
            for answer, n in definers(" ".join(span)).items():
                if n > found.get(answer, (0, ()))[0]:
                    found[answer] = (n, span)
    return MappingProxyType(found)


def defined_before(words: Words, answer: Letters) -> float:
    """How often past clues defined the answer as an end of these clue words does, from 0
    (never) to 1 (DEFINED_FULL times or more): evidence apart from the definition's strength,
    which is the same for a relation WordNet has whether setters use it or not."""
    return defined_share(end_definers(words).get(answer, (0, ()))[0])


def defined_share(n: int) -> float:
    """n past clues' definitions as a share, full at DEFINED_FULL.

    >>> defined_share(0), defined_share(DEFINED_FULL), defined_share(40)
    (0.0, 1.0, 1.0)
    """
    return min(1.0, math.log1p(n) / math.log1p(DEFINED_FULL))


def guessed(key: str, enumeration: Enumeration | None) -> tuple[th.Candidate, ...]:
    """The answers whose past definitions say most of a phrase of several words, weakly."""
    if enumeration is None or " " not in key:
        return ()
    return tuple(th.Candidate(a, spelt[0][2], guess_strength(cover), th.frequency(a), "l")
                 for a, _, cover in guesses(key, enumeration.length) if th.is_word(a, enumeration) and (spelt := th.spellings(a)))  # fmt: skip


def terms(key: str) -> tuple[str, ...]:
    """A normalised phrase's content words, by lemma, as the gloss index reads them (sorted)."""
    return th.phrase_keys(key)


@functools.cache
def past_index() -> PastIndex:
    """The turned-round bags of past definitions: made once beside the thesaurus index (a
    third of a second) and read from there after (a few milliseconds)."""
    from cryptic.data import data_file
    from cryptic.lookup.index import kept_beside

    return kept_beside("past", data_file("corpora", "definitions.tsv"), made_index, PastIndex)


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
    return bm25_idf(len(index.answers), len(index.postings.get(word, ())))


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
