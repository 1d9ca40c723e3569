"""Whole puzzles under small changes of the loop's constants: the loop's fixed point moves
by several cells with any change to a clue's candidates (a chaotic system), so one run of
puzzle-bench cannot tell a one-point gain from luck. This solves every puzzle under each
of a few neighbouring settings and prints the cells right for each and their mean.

usage: python benchmarks/puzzle_spread.py PUZZLE.json [...] [--timeout 120]
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from pathlib import Path

from cryptic import beliefs, puzzle, puzzle_files, thesaurus

# (name, {constant: value}) of cryptic.puzzle; the first is the code as it stands.
SETTINGS = (
    ("as is", {}),
    ("lexicon base 1.25", {"LEXICON_BASE": 1.25}),
    ("damping 0.6", {"DAMPING": 0.6}),
    ("sure 0.85", {"SURE": 0.85}),
)
HOME = {"LEXICON_BASE": beliefs, "DAMPING": beliefs, "SURE": puzzle}  # the module each setting lives in


def cells_right(p: puzzle_files.Puzzle, letters: dict) -> tuple[int, int]:
    """(cells right, cells) against the puzzle's solutions."""
    truth = puzzle_files.solution_letters(p)
    return sum(letters.get(cell) == ch for cell, ch in truth.items()), len(truth)


def kind_of(path: str) -> str:
    """"plain" for the issue's two plain puzzles (a plain crosswordType), else "cryptic": the
    solver may read a cryptic puzzle's short clues as plain, but the targets group puzzles so."""
    try:
        kind = str(json.loads(Path(path).read_text(encoding="utf-8")).get("crosswordType", "")).lower()
    except (OSError, ValueError, AttributeError):
        kind = ""
    return "plain" if kind in puzzle_files.PLAIN_TYPES else "cryptic"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--timeout", type=float, default=120.0)
    a = ap.parse_args()
    thesaurus.warm()
    puzzles = [puzzle_files.read_puzzle(path) for path in a.puzzles]
    kinds = [kind_of(path) for path in a.puzzles]
    share: dict[str, list[float]] = {"cryptic": [], "plain": []}
    for name, change in SETTINGS:
        saved = {k: getattr(HOME[k], k) for k in change}
        for k, v in change.items():
            setattr(HOME[k], k, v)
        beliefs.lexicon_domain.cache_clear()
        right: Counter = Counter()
        for p, kind in zip(puzzles, kinds):
            got, n = cells_right(p, puzzle.solve_puzzle(p, timeout=a.timeout)[0])
            right[kind] += got
            right[kind + " cells"] += n
        for k, v in saved.items():
            setattr(HOME[k], k, v)
        beliefs.lexicon_domain.cache_clear()
        for kind in share:
            share[kind].append(100 * right[kind] / max(1, right[kind + " cells"]))
        print(f"{name:20} cryptic {right['cryptic']:4}/{right['cryptic cells']} ({share['cryptic'][-1]:.1f}%)  plain {right['plain']:4}/{right['plain cells']} ({share['plain'][-1]:.1f}%)", flush=True)
    print(f"{'mean':20} cryptic {statistics.mean(share['cryptic']):.1f}%  plain {statistics.mean(share['plain']):.1f}%")


if __name__ == "__main__":
    main()
