"""Fit the answer-score weights (corpora/ranking.json) by hill climbing on top-1 accuracy
(`--method logit`: by a conditional logit, each clue's answer made likeliest among its own
candidates), then calibrate them: one scale and shift of the whole logit, fitted by likelihood, so that a
score is the chance the answer is right (the puzzle solver trusts answers by their score).

The fitting clues are kept apart from the ones accuracy is reported on: the last rows of
cryptonite-dev.jsonl (clue-bench reports on the first 1,000) and rows of wordplay-train.jsonl.
Every candidate's features are recorded once; fitting only re-scores them. The script also
reports top-1 on each half of the fitting clues with weights fitted on the other half.

With --reveal F every clue is solved with a seeded share F of its answer's letters shown, and
the weights written are those the solver uses when crossing letters are given
(corpora/ranking-given.json). A puzzle's letters are guessed from its crossing answers, not
given: with --puzzles the script runs the puzzle loop on those puzzles (synthetic ones from
clues kept for fitting: benchmarks/synthetic_puzzles.py --rows), records every clue it
re-solves with the letters it guessed, and fits the loop's weights (corpora/ranking-letters.json)
on those re-solves.

With --only NAME the conditional logit fits that one weight (a new feature's) and keeps the others.

usage: python benchmarks/fit_ranking.py [--dev N] [--train N] [--timeout S] [--jobs J] [--reveal F] [--save F | --load F] [--method climb|logit] [--only NAME]
       [--puzzles PUZZLE.json ...] [--write]
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import random
from pathlib import Path

from cryptic.clues import Clue, readable
from cryptic.parse import ClueError, parse_clue
from cryptic.rank import RANKINGS, Features, ranking, score, solve, terms
from cryptic.tuning import PUZZLE_DEPTH

SHARED = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "clues"
ROOT = Path(__file__).resolve().parents[1]
RECORDED = 60  # answers recorded of each solve (hand-set): fitting re-scores them all


def letters(s: str) -> str:
    return "".join(ch for ch in s.upper() if "A" <= ch <= "Z")


def revealed(answer: str, share: float, seed: str) -> str | None:
    """The answer's letters with a seeded random share of them shown, the others '?' (None:
    no letters shown), as crossing letters in a half-solved grid show them."""
    if share <= 0:
        return None
    word = letters(answer)
    rng = random.Random(seed)
    shown = set(rng.sample(range(len(word)), round(share * len(word))))
    return "".join(ch if i in shown else "?" for i, ch in enumerate(word))


def features_of(item: tuple[str, str, float, str | None]) -> tuple[str, list]:
    """(gold answer, [(answer, features)]) for one clue (solved with the pattern, if any)."""
    clue, answer, timeout, pattern = item
    try:
        out = solve(parse_clue(clue), pattern, timeout=timeout)
    except ClueError:
        return letters(answer), []
    return letters(answer), recorded(out)


def recorded(outcome) -> list:
    """The features recorded of a solve: its first RECORDED answers'."""
    return [(s.answer, s.features) for s in outcome.solutions[:RECORDED]]


def guessed_features_of(item: tuple[Clue, str, float, str]) -> tuple[str, list]:
    """(gold answer, [(answer, features)]) for a clue re-solved as a puzzle's loop does, with
    the letters it guessed from crossing answers."""
    clue, answer, timeout, pattern = item
    parsed = readable(clue)
    if parsed is None:
        return answer, []
    return answer, recorded(solve(parsed, pattern, timeout=timeout, depth=PUZZLE_DEPTH, letters_given=False))


def loop_resolves(path: str) -> list[tuple[Clue, str, float, str]]:
    """Every re-solve with guessed letters that a puzzle's loop makes: (clue, its true answer,
    the budget it was given, the pattern). The loop runs as `cryptic puzzle` runs it; only its
    calls are recorded, and the puzzle's solution read afterwards."""
    from cryptic import puzzle
    from cryptic.puzzle_files import read_puzzle, solution_letters

    p = read_puzzle(path)
    truth = solution_letters(p)
    calls = []
    solve_all = puzzle.solve_all

    def recording(clues, patterns, timeout, jobs, plain=False):
        calls.extend((c, pat, timeout) for c, pat in zip(clues, patterns) if pat is not None)
        return solve_all(clues, patterns, timeout, jobs, plain)

    puzzle.solve_all = recording
    try:
        puzzle.solve_puzzle(p)
    finally:
        puzzle.solve_all = solve_all
    return [(c, "".join(truth.get(cell, "?") for cell in c.cells), timeout, pat) for c, pat, timeout in calls]


def top1(data: list, w: dict) -> float:
    """Share of clues whose best-scored candidate is right."""
    hits = 0
    for gold, cands in data:
        if cands:
            best = max(cands, key=lambda c: score(c[1], w=w))
            hits += best[0] == gold
    return hits / max(1, len(data))


def climb(data: list, w: dict, rounds: int = 300, seed: int = 1) -> dict:
    """Coordinate hill climbing with shrinking steps."""
    rng = random.Random(seed)
    best, best_score = dict(w), top1(data, w)
    step = 1.0
    for r in range(rounds):
        key = rng.choice(sorted(best))
        for delta in (step, -step):
            trial = dict(best, **{key: best[key] + delta})
            s = top1(data, trial)
            if s > best_score:
                best, best_score = trial, s
                break
        if r % 50 == 49:
            step /= 2
    return best


def weight_names() -> list[str]:
    """The names of the weighed features (rank.terms), the bias aside."""
    return [name for name, _ in terms(Features(0, 0, 0, False, False, 0))]


# Kept as they are by the conditional logit: fitted with a quarter of the letters shown, the
# commonness weight goes below 0 (-0.37), and rare words and American spellings then outrank
# common ones (LEGALIZATION over LEGALISATION, FOLDSTOOL over FOOTSTOOL).
FIXED = ("frequency",)


def conditional_logit(data: list, w: dict, penalty: float = 0.01, rounds: int = 400, rate: float = 0.5, fixed: tuple[str, ...] = FIXED) -> dict:
    """The weights that make each clue's answer likeliest among its own candidates (a softmax
    over them, by gradient ascent from `w`, with an L2 `penalty`): smoother than climbing on
    top-1, which moves on a handful of clues. Clues without their answer among the candidates
    say nothing; the bias cancels within a clue (calibrate() sets it); the FIXED terms keep
    their weights (`fixed`: FIXED, or all but one weight)."""
    import numpy as np

    clues = []
    for gold, cands in data:
        at = [k for k, (answer, _) in enumerate(cands) if answer == gold]
        if at and len(cands) > 1:
            clues.append((np.array([[value for _, value in terms(f)] for _, f in cands]), at[0]))
    names = weight_names()
    theta = np.array([w.get(t, 0.0) for t in names])
    free = np.array([t not in fixed for t in names], dtype=float)
    for _ in range(rounds):
        gradient = -penalty * theta * free
        for x, k in clues:
            z = x @ theta
            p = np.exp(z - z.max())
            gradient += x[k] - (p / p.sum()) @ x
        theta += rate * free * gradient / max(1, len(clues))
    return {**w, **{t: float(v) for t, v in zip(names, theta)}}


def held_out(data: list, w: dict, fit) -> list[tuple[float, float]]:
    """Top-1 on each half of the clues (alternate rows): with `w`, and with the weights `fit`
    finds on the other half."""
    halves = data[0::2], data[1::2]
    return [(100 * top1(halves[1 - i], w), 100 * top1(halves[1 - i], fit(halves[i], w))) for i in (0, 1)]


def logit(features, w: dict) -> float:
    """The score's logit (solve.score before the sigmoid)."""
    p = score(features, w=w)
    return math.log(p / (1 - p)) if 0 < p < 1 else math.copysign(40.0, p - 0.5)


def log_likelihood(data: list, w: dict, scale: float, shift: float) -> float:
    """Mean log-likelihood of 'this candidate is the answer' over every candidate."""
    total, n = 0.0, 0
    for gold, cands in data:
        for answer, features in cands:
            z = scale * logit(features, w) + shift
            total += -math.log1p(math.exp(-z)) if answer == gold else -math.log1p(math.exp(z))
            n += 1
    return total / max(1, n)


def calibrate(data: list, w: dict) -> dict:
    """The weights scaled and shifted so that scores are calibrated probabilities (a grid
    search over scale and shift, refined twice): the order of candidates is unchanged."""
    scale, shift, span = 1.0, 0.0, 2.0
    for _ in range(3):
        grid = [(scale * (1 + span * i / 10), shift + 2 * span * j / 5) for i in range(-4, 5) for j in range(-5, 6)]
        scale, shift = max(grid, key=lambda sb: log_likelihood(data, w, *sb))
        span /= 4
    return {k: v * scale + (shift if k == "bias" else 0.0) for k, v in w.items()}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dev", type=int, default=150, help="clues from the end of cryptonite-dev")
    ap.add_argument("--train", type=int, default=150, help="clues from wordplay-train")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="write the fitted weights to corpora/ranking.json (with --reveal: ranking-given.json)")
    ap.add_argument("--reveal", type=float, default=0.0, help="solve with this share of each answer's letters shown (fits the weights used with crossing letters)")
    ap.add_argument("--save", help="write the recorded candidates' features here (JSON)")
    ap.add_argument("--load", help="read recorded features instead of solving")
    ap.add_argument("--method", choices=("climb", "logit"), default="climb", help="hill climbing on top-1, or a conditional logit (likelihood of each clue's answer among its candidates)")
    ap.add_argument("--only", choices=weight_names(), help="fit only this weight by the conditional logit, the others kept")
    ap.add_argument("--puzzles", nargs="+", help="fit the guessed-letter weights (ranking-letters.json) on these puzzles' loop re-solves (with --load: on the re-solves recorded)")
    a = ap.parse_args()
    if a.load:
        data = [(gold, [(answer, Features(*f)) for answer, f in cands]) for gold, cands in json.loads(Path(a.load).read_text())]
    else:
        if a.puzzles:
            items, features = [item for path in a.puzzles for item in loop_resolves(path)], guessed_features_of
        else:
            dev = [json.loads(l) for l in open(SHARED / "cryptonite-dev.jsonl", encoding="utf-8")][-a.dev :]
            train = [json.loads(l) for l in open(SHARED / "wordplay-train.jsonl", encoding="utf-8")][: a.train]
            items = [(r["clue"], r["answer"], a.timeout, revealed(r["answer"], a.reveal, r.get("id", r["clue"]))) for r in dev + train]
            features = features_of
        with multiprocessing.get_context("fork").Pool(a.jobs) as pool:
            data = pool.map(features, items, chunksize=1)
        if a.save:
            Path(a.save).write_text(json.dumps(data))
    crossing = "guessed" if a.puzzles else "given" if a.reveal > 0 else "none"
    start = {**dict.fromkeys(weight_names(), 0.0), **ranking(crossing)}  # a new feature's weight starts at 0
    fit = conditional_logit if a.method == "logit" else climb
    if a.only:
        fit = functools.partial(conditional_logit, fixed=tuple(n for n in weight_names() if n != a.only), rounds=800, rate=2.0)
    fitted = calibrate(data, fit(data, start))
    print(f"top-1 on the fitting clues: {100 * top1(data, start):.1f}% before, {100 * top1(data, fitted):.1f}% after")
    print("top-1 on each half, fitted on the other: " + " and ".join(f"{before:.1f}% -> {after:.1f}%" for before, after in held_out(data, start, fit)))
    print(f"log-likelihood per candidate: {log_likelihood(data, start, 1, 0):.4f} before, {log_likelihood(data, fitted, 1, 0):.4f} after")
    print(json.dumps(fitted, indent=2))
    if a.write:
        path = ROOT / "corpora" / RANKINGS[crossing]
        doc = json.loads(path.read_text())["_doc"]
        path.write_text(json.dumps({"_doc": doc, **{k: round(v, 3) for k, v in fitted.items()}}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
