"""Belief propagation alone, before any re-solving: each clue of some puzzles solved once,
then the grid filled (1) from those candidates directly and (2) from the beliefs that
propagation over the crossing cells gives them, for several weightings of the lexicon's
words; and (3) how often the belief puts the answer first given the true crossing letters.

Prints the cells right per puzzle and in total (the plain puzzles apart).

usage: python benchmarks/propagation_alone.py PUZZLE.json [...] [--seconds 4] [--jobs 2] [--bases 1.5,3]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from puzzle_spread import kind_of  # the grouping of the puzzles (benchmarks/ is on the path)

from cryptic import beliefs, grid, puzzle, puzzle_files, thesaurus
from cryptic.clues import clues_of, readable


def cells_right(truth, clues, pools) -> int:
    """The cells the weighted fill of these pools gets right."""
    letters = puzzle.placed(clues, pools, puzzle.cell_fill(clues, pools, time.monotonic() + 5, 0.0))
    return sum(letters.get(cell) == ch for cell, ch in truth.items())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bases", default="1,1.5,2,3")
    a = ap.parse_args()
    bases = [float(b) for b in a.bases.split(",")]
    thesaurus.warm()
    totals: Counter = Counter()
    print(f"{'puzzle':32} cells  direct  " + "  ".join(f"base {b:<4}" for b in bases) + "  true-letters@1")
    for path in a.puzzles:
        p = puzzle_files.read_puzzle(path)
        clues = clues_of(p)
        enums = [getattr(readable(c), "enumeration", None) for c in clues]
        pools = list(puzzle.solve_all(clues, [None] * len(clues), a.seconds, a.jobs, p.plain))
        kind = kind_of(path)
        truth = puzzle_files.solution_letters(p)
        row = Counter(cells=len(truth), direct=cells_right(truth, clues, pools))
        for b in bases:
            beliefs.LEXICON_BASE = b
            beliefs.lexicon_domain.cache_clear()
            row[b] = cells_right(truth, clues, beliefs.beliefs(clues, pools, enums))
        shared = Counter(cell for c in clues for cell in c.cells)
        patterns = ["".join(truth[cell] if shared[cell] > 1 else grid.OPEN for cell in c.cells) for c in clues]
        answers = ["".join(truth[cell] for cell in c.cells) for c in clues]
        held = beliefs.beliefs(clues, pools, enums, patterns)
        row["first"] = sum(bool(b) and b[0][0] == w for b, w in zip(held, answers))
        row["clues"] = len(clues)
        for k, v in row.items():
            totals[(kind, k)] += v
        print(f"{path.split('/')[-1][:32]:32} {row['cells']:5} {row['direct']:7} " + "  ".join(f"{row[b]:9}" for b in bases) + f"  {row['first']}/{row['clues']}")
    for kind in ("cryptic", "plain"):
        n = totals[(kind, "cells")] or 1
        print(f"{kind:32} {totals[(kind, 'cells')]:5} {100 * totals[(kind, 'direct')] / n:6.1f}% " + "  ".join(f"{100 * totals[(kind, b)] / n:8.1f}%" for b in bases) + f"  {totals[(kind, 'first')]}/{totals[(kind, 'clues')]}")


if __name__ == "__main__":
    main()
