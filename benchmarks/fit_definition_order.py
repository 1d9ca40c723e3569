"""Fit the order of a phrase's strong definitions (corpora/definition-order.json, read by
cryptic/lookup/ordering.py): a conditional logit that makes each marked definition's answer
the likeliest among the strong answers definitions() gives it, from their features
(ordering.order_features: strength, support, frequency, nearness in meaning, past answers,
relation).

The definitions are those marked in wordplay-train.jsonl rows 1-1,000, which the past-clue
miner does not read (it starts at row 1,001), so that "past" is not the row's own answer
counted. Fitted on one range of them and reported on the other: how often the answer is
first, in the top 5 and top 10 of its definition's answers, in the order before (strength,
support, frequency) and in the fitted order.

usage: python benchmarks/fit_definition_order.py [--fit 1-500] [--test 501-1000] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from cryptic.lookup.ordering import order_features
from cryptic.lookup.relations import TWO_HOP, candidate_order
from cryptic.parse import ClueError, parse_enumeration
from cryptic.thesaurus import definitions, letters_of, norm

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "clues" / "wordplay-train.jsonl"
RIDGE = 0.01  # the penalty on each weight's square, per definition
STEPS = 400
RATE = 0.5

Span = tuple[int, list[dict[str, float]], int | None, int | None]  # row, strong answers' features, answer's place among them, its place in the list


def spans(rows: list[dict], first: int) -> list[Span]:
    """Each marked definition's strong answers' features, and where its answer is (among them
    in the order before: definitions() gives them in the shipped fitted order)."""
    out = []
    for n, row in enumerate(rows, first):
        try:
            enum = parse_enumeration(row["enumeration"])
        except ClueError:
            continue
        answer = letters_of(row["answer"])
        for span in row.get("definition") or []:
            found = list(definitions(span, enum))
            strong = sorted((c for c in found if c.strength > TWO_HOP), key=candidate_order)
            at = [c.letters for c in found].index(answer) if answer in {c.letters for c in found} else None
            place = next((k for k, c in enumerate(strong) if c.letters == answer), None)
            out.append((n, order_features(norm(span), strong), place, at))
    return out


def matrix(features: list[dict[str, float]], names: list[str]) -> np.ndarray:
    """Features as rows of numbers in the names' order."""
    return np.array([[f.get(name, 0.0) for name in names] for f in features]).reshape(len(features), len(names))


def fit(train: list[Span], names: list[str]) -> np.ndarray:
    """The weights making each answer likeliest among its definition's strong answers."""
    data = [(matrix(fs, names), place) for _, fs, place, _ in train if place is not None and len(fs) > 1]
    w = np.zeros(len(names))
    for _ in range(STEPS):
        grad = np.zeros(len(names))
        for x, place in data:
            z = x @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            grad += x[place] - p @ x
        w += RATE * (grad / len(data) - RIDGE * w)
    return w


def ranks(test: list[Span], names: list[str], w: np.ndarray | None) -> dict[int, float]:
    """Share of rows (in %) whose answer is within the first 1, 5 and 10 of one of its
    definitions' answers, in the fitted order (None: the order before)."""
    best: dict[int, float] = {}
    for row, fs, place, at in test:
        rank = float("inf") if at is None else at
        if place is not None and w is not None:
            scores = matrix(fs, names) @ w
            rank = int((scores > scores[place]).sum())
        elif place is not None:
            rank = place
        best[row] = min(best.get(row, float("inf")), rank)
    return {k: round(100 * sum(r < k for r in best.values()) / max(1, len(best)), 1) for k in (1, 5, 10)}


def rows_in(text: str) -> tuple[int, int]:
    """'1-500' as (1, 500)."""
    a, b = text.split("-")
    return int(a), int(b)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fit", default="1-500", help="wordplay-train rows to fit on (1-based, inclusive)")
    ap.add_argument("--test", default="501-1000", help="rows to report on")
    ap.add_argument("--save", help="write the weights here (corpora/definition-order.json)")
    a = ap.parse_args()
    rows = [json.loads(line) for line in CORPUS.open(encoding="utf-8") if line.strip()]
    (f1, f2), (t1, t2) = rows_in(a.fit), rows_in(a.test)
    train, test = spans(rows[f1 - 1 : f2], f1), spans(rows[t1 - 1 : t2], t1)
    names = sorted({name for _, fs, _, _ in train for f in fs for name in f})
    w = fit(train, names)
    before, fitted = ranks(test, names, None), ranks(test, names, w)
    print(f"fitted on rows {a.fit}; rows {a.test}: before {before}, fitted {fitted} (first, top 5, top 10 %)")
    weights = {name: round(float(v), 3) for name, v in zip(names, w)}
    print(weights)
    if a.save:
        doc = (f"Weights of the order of a phrase's strong definitions (cryptic/lookup/ordering.py): the score is the sum of each weight "
               f"times its feature (strength; support as log(1 + n); Zipf frequency / 8; the cosine of the phrase's and the answer's "
               f"word vectors; past_share; 1 for the answer's relation). Fitted by benchmarks/fit_definition_order.py --fit {a.fit} "
               f"on wordplay-train's marked definitions (a conditional logit, ridge {RIDGE}); on rows {a.test} the answer was first, "
               f"in the top 5 and top 10 of its definition's answers for {before} % of rows before and {fitted} % fitted.")  # fmt: skip
        Path(a.save).write_text(json.dumps({"_doc": doc, **weights}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
