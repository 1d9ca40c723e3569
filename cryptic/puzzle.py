"""Whole puzzles: solve every clue for candidates; join them by belief propagation over the
crossing cells; fill the grid in weighted mode; re-solve weak clues with their crossing
letters; repeat."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from cryptic import nodes
from cryptic.beliefs import BELIEFS, beliefs
from cryptic.clues import Candidate, Clue, candidates, clues_of, merged, pattern_of, readable, references, substituted, warm
from cryptic.grid import OPEN, Cell
from cryptic.nodes import Letters
from cryptic.puzzle_files import Answer, Puzzle, without_solutions
from cryptic.search import weighted_fill
from cryptic.tuning import (BELIEVED_FILL, CLUE_SECONDS, DIRECT_CANDIDATES, DIRECT_FLOOR, FILL_SHARE, FILL_STEPS, FIRST_SOLVE_SHARE, FITTING, KNOWN, PUZZLE_TIMEOUT,
                            REFILL_SHARE, RESOLVE_LEAST, RESOLVE_SHARE, ROUNDS, SURE, TRUST_CAP, UNSUPPORTED)


def solve_puzzle(p: Puzzle, timeout: float = PUZZLE_TIMEOUT, min_confidence: float = 0.0, jobs: int = 2) -> tuple[dict[Cell, str], list[tuple[Clue, Answer | None]]]:
    """Solve a whole puzzle: letters by cell, and each clue's answer (None: left open)."""
    from cryptic import thesaurus

    thesaurus.warm()  # on a fresh machine the first call builds the index: that is not the puzzle's time
    start = time.monotonic()
    deadline = start + timeout
    warm()  # the tables, before the processes fork: no clue's budget pays for loading them
    p = without_solutions(p)
    clues = clues_of(p)
    enums = [getattr(readable(c), "enumeration", None) for c in clues]
    per_clue = max(CLUE_SECONDS[0], min(CLUE_SECONDS[1], FIRST_SOLVE_SHARE * timeout / max(1, len(clues)) * jobs))
    pools = list(solve_all(clues, [None] * len(clues), per_clue, jobs, p.plain))
    tried: set[tuple[int, str]] = set()  # (clue, pattern or substituted text) pairs already re-solved
    refs = [references(c.text, clues) for c in clues]
    for round_ in range(ROUNDS + 1):
        believed = anchored(beliefs(clues, pools, enums), pools)
        chosen = cell_fill(clues, believed, min(deadline, time.monotonic() + FILL_SHARE * timeout), 0.0)
        if round_ == ROUNDS or time.monotonic() > deadline - per_clue:
            break
        sure = lending(chosen, believed, pools)
        todo_open = []
        for k, clue in enumerate(clues):
            verified = bool(pools[k]) and pools[k][0][1] >= SURE  # pools are best first
            if verified or k in chosen and believed[k][chosen[k]][1] >= SURE:
                continue
            pat = pattern_of(clue.cells, placed(clues, believed, {j: v for j, v in sure.items() if j != k}))
            if OPEN in pat and pat != OPEN * len(pat) and (k, pat) not in tried:
                todo_open.append((k, pat))
        crossed = cross_referenced(clues, refs, believed, chosen, enums)
        crossed = [(k, c, pat, trust) for k, c, pat, trust in crossed if (k, c.text + (pat or "")) not in tried]
        if not todo_open and not crossed:
            break
        tried.update(todo_open)
        tried.update((k, c.text + (pat or "")) for k, c, pat, _ in crossed)
        todo = [(clues[k], pat) for k, pat in todo_open] + [(c, pat) for _, c, pat, _ in crossed]
        budget = max(RESOLVE_LEAST, min(per_clue, (deadline - time.monotonic()) / max(1, len(todo)) * jobs * RESOLVE_SHARE))
        fresh = list(solve_all([c for c, _ in todo], [pat for _, pat in todo], budget, jobs, p.plain))
        for (k, _), extra in zip(todo_open, fresh):
            pools[k] = merged(pools[k], extra[:FITTING])
        for (k, _, _, trust), extra in zip(crossed, fresh[len(todo_open):]):
            # Read with another answer in it, a clue is only as sure as that answer.
            pools[k] = merged(pools[k], [(w, score * trust, why) for w, score, why in extra[:FITTING]])
    believed, chosen = likelier_fill(clues, pools, believed, chosen, min(deadline, time.monotonic() + FILL_SHARE * timeout))
    if len(chosen) < len(clues):
        # A light left open is always wrong: fill it with the likeliest words that fit the
        # letters placed across it, if any.
        believed = refills(clues, pools, enums, believed, chosen)
        chosen = cell_fill(clues, believed, time.monotonic() + REFILL_SHARE * timeout, 0.0)
    picked = {k: believed[k][v] for k, v in chosen.items()}
    sureness = confidences(clues, pools, picked)
    letters: dict[Cell, str] = {}
    answers: list[tuple[Clue, Answer | None]] = []
    for k, clue in enumerate(clues):
        if k in chosen:
            word, _, why = picked[k]
            if (score := sureness[k]) >= min_confidence:
                for cell, ch in zip(clue.cells, word):
                    letters[cell] = ch
                answers.append((clue, Answer(clue.group, word, score, why)))
                continue
        answers.append((clue, None))
    return letters, answers


def confidences(clues: Sequence[Clue], pools: Sequence[Sequence[Candidate]], picked: Mapping[int, Candidate]) -> dict[int, float]:
    """How sure each placed answer is: its belief, times, for a word its own clue did not
    give, the mean belief of the crossing answers it was fitted to (guardian-quick's
    MEPHITIC, the one word fitting four crossers their clues hardly supported, had belief 1.00)."""
    at: dict[Cell, list[int]] = {}
    for k in picked:
        for cell in clues[k].cells:
            at.setdefault(cell, []).append(k)
    out = {}
    for k, (word, belief, _) in picked.items():
        if given(pools[k], word):
            out[k] = belief
            continue
        crossers = [picked[j][1] for cell in clues[k].cells for j in at[cell] if j != k]
        out[k] = belief * (sum(crossers) / len(crossers) if crossers else 0.0)
    return out


def refills(clues: Sequence[Clue], pools: Sequence[Sequence[Candidate]], enumerations: Sequence[nodes.Enumeration | None],
            believed: Sequence[list[Candidate]], chosen: Mapping[int, int]) -> list[list[Candidate]]:  # fmt: skip
    """Each placed light's answer alone, and for each open one the likeliest words that fit
    the letters placed across it, but the words placed already (no word goes in twice)."""
    found = placed(clues, believed, chosen)
    refilled = beliefs(clues, pools, enumerations, [pattern_of(c.cells, found) for c in clues])
    taken = {believed[k][v][0] for k, v in chosen.items()}
    return [[believed[k][chosen[k]]] if k in chosen else [c for c in refilled[k] if c[0] not in taken] for k in range(len(clues))]


def lending(chosen: Mapping[int, int], believed: Sequence[list[Candidate]], pools: Sequence[Sequence[Candidate]]) -> dict[int, int]:
    """The placed answers whose letters a re-solve may take: believed at least KNOWN, and
    given by their own clue (one that merely fits its crossers is believed through them,
    and would lock a wrong crosser in)."""
    return {k: v for k, v in chosen.items() if believed[k][v][1] >= KNOWN and given(pools[k], believed[k][v][0])}


def given(pool: Sequence[Candidate], word: Letters) -> bool:
    """Did the clue itself give the word (not only the crossing letters)?"""
    return any(w == word for w, _, _ in pool)


def likelier_fill(clues: Sequence[Clue], pools: Sequence[Sequence[Candidate]], believed: list[list[Candidate]], chosen: dict[int, int],
                  deadline: float) -> tuple[list[list[Candidate]], dict[int, int]]:  # fmt: skip
    """The loop's fill if it believes most of its cells; otherwise it or the fill straight
    from the clues' candidates, whichever the clues' own scores make likelier (a light left
    open counts as a word no clue supports)."""
    cells = sum(len(c.cells) for c in clues) or 1
    if sum(believed[k][v][1] * len(clues[k].cells) for k, v in chosen.items()) / cells >= BELIEVED_FILL:
        return believed, chosen
    tops = [list(pool[:DIRECT_CANDIDATES]) for pool in pools]
    weighed = []
    for top in tops:
        total = sum(score for _, score, _ in top) or 1.0
        weighed.append([(w, max(0.0, math.log(score / total * len(top) + 1e-12) + DIRECT_FLOOR), "") for w, score, _ in top])
    direct = weighted_fill([c.cells for c in clues], weighed, deadline, 0.0, FILL_STEPS)  # the best found within the budget
    scores = [{w: score for w, score, _ in pool} for pool in pools]

    def likelihood(words: Mapping[int, Letters]) -> float:
        return sum(math.log(max(scores[k].get(words.get(k, ""), 0.0), UNSUPPORTED)) for k in range(len(clues)))

    loop = {k: believed[k][v][0] for k, v in chosen.items()}
    straight = {k: tops[k][v][0] for k, v in direct.items()}
    if likelihood(straight) <= likelihood(loop):
        return believed, chosen
    return tops, direct


def anchored(believed: Sequence[list[Candidate]], pools: Sequence[Sequence[Candidate]]) -> list[list[Candidate]]:
    """Each clue's likeliest answers, with a verified answer (its clue alone scores it SURE)
    first and at least as sure as its clue says: crossers believed wrongly can outvote
    one in propagation (guardian-cryptic lost COAT, verified at 0.99, to TAKE at 0.26)."""
    out = []
    for believed_k, pool in zip(believed, pools):
        if pool and pool[0][1] >= SURE:
            word, score, why = pool[0]
            belief = next((b for w, b, _ in believed_k if w == word), 0.0)
            believed_k = [(word, max(score, belief), why)] + [c for c in believed_k if c[0] != word][: BELIEFS - 1]
        out.append(list(believed_k))
    return out


def cell_fill(clues: Sequence[Clue], pools: Sequence[list[Candidate]], deadline: float, floor: float) -> dict[int, int]:
    """The weighted fill that expects the most right cells: each candidate at least `floor`
    weighs its score times its length. Clue index -> chosen pool index."""
    keep = [[v for v, c in enumerate(pool) if c[1] >= floor] for pool in pools]
    weighed = [[(pools[k][v][0], pools[k][v][1] * len(clues[k].cells), "") for v in vs] for k, vs in enumerate(keep)]
    return {k: keep[k][v] for k, v in weighted_fill([c.cells for c in clues], weighed, deadline, 0.0, FILL_STEPS).items()}


def cross_referenced(clues: Sequence[Clue], refs: Sequence[tuple[tuple[str, tuple[int, ...]], ...]], pools: Sequence[list[Candidate]],
                     chosen: dict[int, int], enumerations: Sequence[nodes.Enumeration | None]) -> list[tuple[int, Clue, str | None, float]]:  # fmt: skip
    """The clues whose cross-references all name placed answers, read with those answers in
    place, alone and with the crossing letters the other answers give: (clue index, the
    clue so read, those letters or None, how sure the named answers are)."""
    from cryptic import thesaurus as th

    shown = {k: th.display(pools[k][v][0], enumerations[k]) for k, v in chosen.items()}
    out = []
    for k, r in enumerate(refs):
        text = substituted(clues[k].text, r, shown)
        if text is None:
            continue
        pattern = pattern_of(clues[k].cells, placed(clues, pools, {j: v for j, v in chosen.items() if j != k}))
        if OPEN not in pattern:
            continue
        trust = math.prod(min(pools[j][chosen[j]][1], TRUST_CAP) for _, js in r for j in js)
        read = replace(clues[k], text=text)
        # Read alone too: crossers placed wrongly must not hide an answer the clue verifies.
        out.append((k, read, None, trust))
        if pattern != OPEN * len(pattern):
            out.append((k, read, pattern, trust))
    return out


def placed(clues: Sequence[Clue], pools: Sequence[list], chosen: dict[int, int]) -> dict[Cell, str]:
    """The letters of the chosen candidates, by cell."""
    letters: dict[Cell, str] = {}
    for k, v in chosen.items():
        for cell, ch in zip(clues[k].cells, pools[k][v][0]):
            letters[cell] = ch
    return letters


def _solve_one(item: tuple[Clue, str | None, float, bool]) -> list[Candidate]:
    return candidates(*item)


def solve_all(clues: Sequence[Clue], patterns: Sequence[str | None], timeout: float, jobs: int, plain: bool = False) -> Iterator[list[Candidate]]:
    """Candidates for each clue, in order, solved in `jobs` processes."""
    items = [(c, pat, timeout, plain) for c, pat in zip(clues, patterns)]
    if jobs <= 1 or len(items) <= 1:
        yield from map(_solve_one, items)
        return
    import multiprocessing

    # solve_puzzle loaded the index and the tables before forking: the workers share them.
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_solve_one, items, chunksize=share(len(items), jobs))


def share(items: int, jobs: int) -> int:
    """How many clues, in order, each process solves: a fixed share, so that a clue's process
    has solved the same clues before it on every run (their cached lookups decide how far its
    search gets in its budget; handed out one at a time, the quiptic ended at 74 cells or 136).

    >>> share(26, 2), share(5, 2), share(1, 2)
    (13, 3, 1)
    """
    return -(-items // jobs)
