"""How far crossing letters can take the clue solver: each clue of some puzzles solved alone,
and again with its true crossing letters (every checked cell of the solution) as the pattern.

Prints, per puzzle, the clues whose answer is first alone, first with the true crossing
letters, in the first three, and anywhere among the candidates; then the totals.

usage: python benchmarks/crossing_ceiling.py PUZZLE.json [...] [--seconds 4] [--jobs 2]
"""

from __future__ import annotations

import argparse
from collections import Counter

from cryptic import puzzle, puzzle_files, thesaurus
from cryptic.clues import clues_of


def rank(pool: list, answer: str) -> int | None:
    """Where an answer is among candidates (None: absent)."""
    return next((i for i, c in enumerate(pool) if c[0] == answer), None)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    thesaurus.warm()
    totals = Counter()
    print(f"{'puzzle':32} clues  alone@1  crossed@1  crossed@3  crossed@any")
    for path in a.puzzles:
        p = puzzle_files.read_puzzle(path)
        truth = puzzle_files.solution_letters(p)
        checked = Counter(cell for e in p.entries for cell in e.cells)
        clues = clues_of(p)
        answers = ["".join(truth.get(c, "?") for c in clue.cells) for clue in clues]
        patterns = ["".join(truth.get(c, ".") if checked[c] > 1 else "." for c in clue.cells) for clue in clues]
        alone = list(puzzle.solve_all(clues, [None] * len(clues), a.seconds, a.jobs, p.plain))
        crossed = list(puzzle.solve_all(clues, patterns, a.seconds, a.jobs, p.plain))
        row = Counter(clues=len(clues))
        for w, x, y in zip(answers, alone, crossed):
            r1, r2 = rank(x, w), rank(y, w)
            row["alone@1"] += r1 == 0
            row["crossed@1"] += r2 == 0
            row["crossed@3"] += r2 is not None and r2 < 3
            row["crossed@any"] += r2 is not None
        totals += row
        print(f"{path.split('/')[-1][:32]:32} {row['clues']:5} {row['alone@1']:8} {row['crossed@1']:10} {row['crossed@3']:10} {row['crossed@any']:12}")
    print(f"{'all':32} {totals['clues']:5} {totals['alone@1']:8} {totals['crossed@1']:10} {totals['crossed@3']:10} {totals['crossed@any']:12}")


if __name__ == "__main__":
    main()
