"""How far a puzzle's confidence can be trusted (issue 32): each puzzle is solved once, and
for each --min-confidence setting, the share of its cells that would be filled and the
precision of those cells (how many of the filled are right). A cell is filled when some
answer across it is at least that sure, as `cryptic puzzle --min-confidence` does.

usage: python benchmarks/confidence_precision.py PUZZLE [...] [--timeout 120] [--settings 0,0.3,0.5,0.7,0.9]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from cryptic import puzzle, puzzle_files, thesaurus


def filled_at(answers, threshold: float) -> dict:
    """The letters placed by the answers at least `threshold` sure."""
    letters = {}
    for clue, answer in answers:
        if answer is not None and answer.confidence >= threshold:
            letters.update(zip(clue.cells, answer.letters))
    return letters


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--settings", default="0,0.3,0.5,0.7,0.9")
    a = ap.parse_args()
    settings = [float(x) for x in a.settings.split(",")]
    thesaurus.warm()
    totals: Counter = Counter()
    print(f"{'puzzle':38} " + " ".join(f"{'>=' + str(t):>15}" for t in settings))
    for path in a.puzzles:
        p = puzzle_files.read_puzzle(path)
        truth = puzzle_files.solution_letters(p)
        if not truth:
            print(f"{Path(path).name:38} no solution this reader accepts: skipped", flush=True)
            continue
        _, answers = puzzle.solve_puzzle(p, timeout=a.timeout)
        row = []
        for t in settings:
            letters = filled_at(answers, t)
            right = sum(letters.get(cell) == ch for cell, ch in truth.items())
            filled = sum(cell in letters for cell in truth)
            totals[t, "right"] += right
            totals[t, "filled"] += filled
            totals[t, "cells"] += len(truth)
            row.append(f"{filled / len(truth):5.0%} @ {right / max(1, filled):5.1%}")
        print(f"{Path(path).name:38} " + " ".join(f"{r:>15}" for r in row), flush=True)
    print(f"{'all (filled @ precision)':38} " + " ".join(f"{totals[t, 'filled'] / totals[t, 'cells']:5.0%} @ {totals[t, 'right'] / max(1, totals[t, 'filled']):5.1%}".rjust(15) for t in settings))


if __name__ == "__main__":
    main()
