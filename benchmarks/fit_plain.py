"""Fit the chance of a plain clue's answers (corpora/plain.json): a logistic model of whether
an answer the thesaurus finds for a definition is right, from its rank among the definition's
answers, its strength, frequency and relation, and how much of it its glosses say
(cryptic/clues.py: plain_pool, plain_features).

The definitions are those marked in wordplay-train.jsonl (a definition alone is what a plain
clue is); the puzzles that use the chances are not read. Fitted by Newton's method on the
log-likelihood with a small ridge penalty; the held-out half's log-likelihood is reported.

usage: python benchmarks/fit_plain.py [--clues N] [--write]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from cryptic.parse import ClueError, parse_clue
from cryptic.clues import plain_pool

SHARED = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "clues"
ROOT = Path(__file__).resolve().parents[1]
RIDGE = 1.0
FIT_CLUES = 3000  # the clues fitted on by default: the first of the shuffle (plain_ranking.py reads the rest)


def shuffled_rows() -> list[dict]:
    """wordplay-train's rows in the fit's shuffled order."""
    rows = [json.loads(line) for line in (SHARED / "wordplay-train.jsonl").open(encoding="utf-8")]
    random.Random(7).shuffle(rows)
    return rows


def definitions_of(rows: list[dict]) -> list[tuple[str, str]]:
    """(definition with its enumeration, answer) for the rows with a marked definition."""
    return [(f"{r['definition'][0]} {r['enumeration']}", r["answer"]) for r in rows if r.get("definition")]


def rows_of(n: int) -> list[tuple[str, str]]:
    """(definition with its enumeration, answer) for n shuffled wordplay-train clues."""
    return definitions_of(shuffled_rows()[:n])


def examples(text: str, answer: str) -> list[tuple[dict[str, float], bool]]:
    """Each of the definition's answers the puzzle would weigh: (features, is it right)."""
    gold = "".join(ch for ch in answer.upper() if ch.isalpha())
    try:
        pool = plain_pool(parse_clue(text), None)
    except ClueError:
        return []
    return [(features, c.letters == gold) for c, _, _, features in pool]


def fit(x: np.ndarray, y: np.ndarray, steps: int = 30) -> np.ndarray:
    """Ridge-penalised logistic regression by Newton's method (first column: the bias)."""
    w = np.zeros(x.shape[1])
    penalty = np.diag([0.0] + [RIDGE] * (x.shape[1] - 1))
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + penalty @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + penalty
        w -= np.linalg.solve(hess, grad)
    return w


def loglik(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The log-likelihood of the answers' rightness (summed; callers divide per definition)."""
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-12, 1 - 1e-12)
    return float((y * np.log(p) + (1 - y) * np.log(1 - p)).sum())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clues", type=int, default=FIT_CLUES)
    ap.add_argument("--write", action="store_true", help="write the fitted weights to corpora/plain.json")
    args = ap.parse_args()
    clues = [examples(text, answer) for text, answer in rows_of(args.clues)]
    names = list(next(f for ex in clues for f, _ in ex))

    def arrays(part):
        flat = [(f, ok) for ex in part for f, ok in ex]
        return np.array([[1.0] + [f[k] for k in names] for f, _ in flat]), np.array([ok for _, ok in flat], float)

    half = len(clues) // 2
    (xa, ya), (xb, yb) = arrays(clues[:half]), arrays(clues[half:])
    wa = fit(xa, ya)
    base = np.zeros_like(wa)
    base[0] = np.log(ya.mean() / (1 - ya.mean()))
    print(f"{len(clues)} definitions, {len(ya) + len(yb)} answers, right among them {int(ya.sum() + yb.sum())}")
    print(f"held-out log-likelihood per definition: constant {loglik(xb, yb, base) / (len(clues) - half):.3f}, "
          f"fitted on the other half {loglik(xb, yb, wa) / (len(clues) - half):.3f}")  # fmt: skip
    x, y = np.concatenate((xa, xb)), np.concatenate((ya, yb))
    w = fit(x, y)
    table = {"_doc": "Weights of a plain clue's answer chance (cryptic/clues.py: plain_chance): logistic of bias + "
             "the features of plain_features. Fitted by benchmarks/fit_plain.py "
             f"--clues {args.clues} on the definitions marked in wordplay-train.jsonl.",
             **{k: round(float(v), 3) for k, v in zip(["bias"] + names, w)}}  # fmt: skip
    print(json.dumps(table, indent=2))
    if args.write:
        (ROOT / "corpora" / "plain.json").write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
