"""How far a cryptic clue's plain reading can be trusted: a puzzle reads each cryptic clue as
a plain one too (its definition at an end: clues.plain_candidates with ends=True), and uses
a plain answer's chance (fitted on definitions alone, benchmarks/fit_plain.py) as it is.
This finds the scale of those chances that best fits whole cryptic clues: above 1 says they
are too low there, not too high, so they are not scaled down.

Whole clues of wordplay-train.jsonl past the rows fit_plain.py fits on, in its shuffle; the
scale that maximises the likelihood of the plain answers' rightness on one half, with the
log-likelihood per clue reported on the other half, then the scale fitted on both.

usage: python benchmarks/fit_readings.py [--clues N]
"""

from __future__ import annotations

import argparse
import math

import numpy as np
from fit_plain import FIT_CLUES, shuffled_rows  # benchmarks/ is on the path

from cryptic.clues import plain_candidates
from cryptic.parse import ClueError, parse_clue
from cryptic.thesaurus import letters_of

SCALES = np.round(np.arange(0.05, 3.001, 0.05), 2)


def examples(rows: list[dict]) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each whole clue, its plain answers' chances and whether each is right."""
    out = []
    for row in rows:
        try:
            found = plain_candidates(parse_clue(row["clue"]), None, ends=True)
        except ClueError:
            continue
        gold = letters_of(row["answer"])
        out.append((np.array([p for _, p, _ in found]), np.array([w == gold for w, _, _ in found], float)))
    return out


def loglik(part: list[tuple[np.ndarray, np.ndarray]], scale: float) -> float:
    """The log-likelihood per clue of the answers' rightness, their chances scaled."""
    total = 0.0
    for p, y in part:
        q = np.clip(p * scale, 1e-9, 1 - 1e-9)
        total += float((y * np.log(q) + (1 - y) * np.log(1 - q)).sum())
    return total / max(1, len(part))


def best_scale(part: list[tuple[np.ndarray, np.ndarray]]) -> float:
    """The scale of SCALES with the highest likelihood."""
    return float(max(SCALES, key=lambda s: loglik(part, s)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clues", type=int, default=600)
    args = ap.parse_args()
    rows = [r for r in shuffled_rows()[FIT_CLUES:] if r.get("clue")][: args.clues]
    clues = examples(rows)
    half = len(clues) // 2
    a, b = clues[:half], clues[half:]
    fitted = best_scale(a)
    right = sum(int(y.sum()) for _, y in clues)
    print(f"{len(clues)} whole clues, {sum(len(y) for _, y in clues)} plain answers, right among them {right}; "
          f"sum of their chances {sum(float(p.sum()) for p, _ in clues):.1f}")
    print(f"held-out log-likelihood per clue: unscaled {loglik(b, 1.0):.3f}, scaled by {fitted} (fitted on the other half) {loglik(b, fitted):.3f}")
    print(f"likeliest scale {best_scale(clues)}  (both halves; log-likelihood per clue {loglik(clues, best_scale(clues)):.3f})")
    if not math.isfinite(loglik(clues, 1.0)):
        print("(unscaled chances of 1 make the unscaled likelihood infinite)")


if __name__ == "__main__":
    main()
