"""Crossing letters as evidence: each light's candidates and the lexicon's words as a domain,
joined over the crossing cells by loopy belief propagation."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from cryptic import nodes
from cryptic.clues import Candidate, Clue
from cryptic.grid import OPEN, Cell
from cryptic.nodes import Letters
from cryptic.tuning import BELIEFS, DAMPING, ITERATIONS, LEXICON_BASE, MASS, MISFIT_IN_GRID


@functools.lru_cache(maxsize=64)
def lexicon_domain(length: int, parts: tuple[int, ...] | None, joined: bool) -> tuple[tuple[Letters, ...], object, Mapping[Letters, int], object]:
    """The lexicon's answers of a length that may have these word breaks (`joined`: a
    hyphenated answer may be one word whose pieces after the first are words, RE-ENGAGE as
    REENGAGE), their weights (LEXICON_BASE **
    frequency, as shares of all the length's answers: the frequency list rates phrases like
    "be unseen" as common as words), each one's position, and their letters (`letter_array`)."""
    import numpy as np

    from cryptic import thesaurus as th

    table = th.lexicon(length)
    weight = {w: LEXICON_BASE ** max(f for _, f, _ in v) for w, v in table.items()}
    total = sum(weight.values()) or 1.0
    words = tuple(w for w, v in table.items() if parts is None or any(th.breaks_fit(p, parts, joined and th.hyphen_closed(w, parts)) for p, _, _ in v))
    shares, letters = np.array([weight[w] / total for w in words]), letter_array(words, length)
    for array in (shares, letters):
        array.setflags(write=False)  # shared by every caller of the cache
    return words, shares, MappingProxyType({w: i for i, w in enumerate(words)}), letters


def letter_array(words: Sequence[Letters], length: int):
    """Words of one length as an array of letters (words x positions, 0-25)."""
    import numpy as np

    if not words:
        return np.zeros((0, length), np.uint8)
    return np.frombuffer("".join(words).encode("ascii"), np.uint8).reshape(len(words), length) - 65


def domain(pool: Sequence[Candidate], length: int, enumeration: nodes.Enumeration | None, pattern: str | None = None):
    """A clue's possible answers (its candidates, then the lexicon's other words; those that
    fit the pattern, when given), their log prior chances, and their letters as an array
    (answers x positions, 0-25)."""
    import numpy as np

    from cryptic import thesaurus as th

    parts = enumeration.parts if enumeration is not None else None
    words, weights, where, known = lexicon_domain(length, parts, enumeration is not None and "," not in enumeration.separators)
    misfit = lambda w: enumeration is not None and th.other_breaks(w, enumeration)
    pool = [(w, score * (MISFIT_IN_GRID if misfit(w) else 1.0)) for w, score, _ in pool if len(w) == length]
    total = sum(score for _, score in pool)
    scale = min(1.0, MASS / total) if total > 0 else 1.0
    extra = [w for w, _ in pool if w not in where]
    after = {w: len(words) + i for i, w in enumerate(extra)}
    prior = np.concatenate((weights * (1.0 - scale * total), np.zeros(len(extra))))
    for w, score in pool:
        j = where[w] if w in where else after[w]
        prior[j] = max(prior[j], score * scale)
    every = words + tuple(extra)
    letters = np.concatenate((known, letter_array(extra, length)))
    if pattern is not None:
        fit = np.ones(len(every), bool)
        for i, ch in enumerate(pattern):
            if ch != OPEN:
                fit &= letters[:, i] == ord(ch) - 65
        every, prior, letters = tuple(w for w, ok in zip(every, fit.tolist()) if ok), prior[fit], letters[fit]
    return every, np.log(np.maximum(prior, 1e-300)), letters


def beliefs(clues: Sequence[Clue], pools: Sequence[Sequence[Candidate]], enumerations: Sequence[nodes.Enumeration | None],
            patterns: Sequence[str | None] | None = None, iterations: int = ITERATIONS) -> list[list[Candidate]]:  # fmt: skip
    """Each clue's likeliest answers given its candidates and its crossers' beliefs (loopy
    belief propagation over the shared cells), as candidates scored by belief, best first;
    with patterns, only answers that fit them."""
    import numpy as np

    from cryptic import thesaurus as th

    patterns = patterns or [None] * len(clues)
    domains = [domain(pool, len(c.cells), e, pat) for c, pool, e, pat in zip(clues, pools, enumerations, patterns)]
    where: dict[Cell, list[tuple[int, int]]] = {}
    for k, c in enumerate(clues):
        for i, cell in enumerate(c.cells):
            where.setdefault(cell, []).append((k, i))
    crossing = {(k, i): next(o for o in occ if o != (k, i)) for occ in where.values() if len(occ) == 2 for k, i in occ}
    inbox = {key: np.zeros(26) for key in crossing}  # log message into (clue, position) from its crosser

    def log_belief(k: int):
        _, prior, letters = domains[k]
        out = prior.copy()
        for i in range(letters.shape[1]):
            if (k, i) in inbox:
                out += inbox[(k, i)][letters[:, i]]
        return out

    for step in range(iterations):
        sent = {}
        for k, (_, _, letters) in enumerate(domains):
            if not len(letters):
                continue
            b = log_belief(k)
            for i in range(letters.shape[1]):
                if (k, i) in crossing:
                    without = b - inbox[(k, i)][letters[:, i]]  # what the crosser told it is not sent back
                    mass = np.bincount(letters[:, i], weights=np.exp(without - without.max()), minlength=26) + 1e-12
                    sent[crossing[(k, i)]] = np.log(mass / mass.sum())
        for key, message in sent.items():
            mixed = np.logaddexp(math.log(DAMPING) + inbox[key], math.log(1 - DAMPING) + message) if step else message
            inbox[key] = mixed - np.logaddexp.reduce(mixed)
    why = [{w: text for w, _, text in pool} for pool in pools]
    out = []
    for k, (words, _, letters) in enumerate(domains):
        if not len(letters):
            out.append([])
            continue
        b = log_belief(k)
        b = np.exp(b - b.max())
        b /= b.sum()
        best = np.argsort(-b, kind="stable")[:BELIEFS].tolist()
        out.append([(words[j], float(b[j]), why[k].get(words[j]) or f"{th.display(words[j], enumerations[k])}: fits the crossing letters; wordplay not found")
                    for j in best])  # fmt: skip
    return out
