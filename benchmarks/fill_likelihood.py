"""Is a puzzle's miss the search's or the clues'? Each clue's chances as the loop weighs them
(its candidates, the lexicon's other words sharing the rest: `beliefs.domain`), summed as log
chances over a whole fill (an open light at its least likely word's), for the solution and for
the solver's own fill. When the solver's fill is the likelier, a better search cannot help:
the clues' chances must.

usage: python benchmarks/fill_likelihood.py PUZZLE.json [...]
"""

from __future__ import annotations

import argparse

from cryptic import puzzle, puzzle_files, thesaurus
from cryptic.beliefs import domain
from cryptic.clues import clues_of, readable


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzles", nargs="+")
    a = ap.parse_args()
    thesaurus.warm()
    for path in a.puzzles:
        p = puzzle_files.read_puzzle(path)
        truth = puzzle_files.solution_letters(p)
        clues = clues_of(p)
        if not all(cell in truth for c in clues for cell in c.cells):
            print(f"{path}: no solution in the file (the ipuz package may refuse it); left out")
            continue
        gold = ["".join(truth.get(cell, "?") for cell in c.cells) for c in clues]
        pools = list(puzzle.solve_all(clues, [None] * len(clues), 4.0, 2, p.plain))
        domains = [domain(pool, len(c.cells), getattr(readable(c), "enumeration", None)) for c, pool in zip(clues, pools)]
        chance = [dict(zip(words, logs.tolist())) for words, logs, _ in domains]
        letters, _ = puzzle.solve_puzzle(p)
        mine = ["".join(letters.get(cell, ".") for cell in c.cells) for c in clues]

        def total(words: list[str]) -> tuple[float, int]:
            """The fill's summed log chance (an open light at its least likely word's), and
            how many are open or no word the light may hold."""
            logs = [chance[k].get(w, min(chance[k].values(), default=0.0)) for k, w in enumerate(words)]
            return sum(logs), sum(w not in chance[k] for k, w in enumerate(words))

        print(path)
        for name, words in (("solution", gold), ("solver's fill", mine)):
            value, open_ = total(words)
            right = sum(w == g for w, g in zip(words, gold))
            print(f"  {name:16} log chance {value:8.1f}  unknown or open {open_:2}  right {right}/{len(clues)}")


if __name__ == "__main__":
    main()
