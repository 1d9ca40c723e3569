"""Puzzles the loop was never tuned on: real grids' shapes filled (by cryptic's own grid
filler) with the answers of annotated clues kept for measuring, each light clued by one
of its answer's clues. The written puzzles (Guardian JSON, solutions included) are for
puzzle-bench; they hold clue texts, so they go to a folder outside the project.

The default pool, cryptonite-dev rows 3,001-10,564, is apart from the slices the clue
benchmarks read (rows 1-3,000), from the clues the answer-score weights were fitted on (the
last 2,000: benchmarks/fit_ranking.py --dev) and from every table the solver learnt.

usage: python benchmarks/synthetic_puzzles.py GRID.json [...] --out DIR [--count 2] [--seed 0]
       [--clues ../shared/corpora/clues/cryptonite-dev.jsonl] [--rows 3001-10564]
then:  ../shared/bin/puzzle-bench DIR/*.json --cmd "python -m cryptic puzzle --json"
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

from cryptic import grid as G
from cryptic import search
from cryptic.puzzle_files import read_puzzle
from cryptic.thesaurus import letters_of

CLUES = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "clues" / "cryptonite-dev.jsonl"
FILL_SECONDS = 60.0


def pool(path: Path, first: int, last: int) -> dict[str, list[str]]:
    """answer letters -> the clues (with their enumerations) of rows first..last (1-based)."""
    out: dict[str, list[str]] = defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if first <= n <= last and line.strip():
                row = json.loads(line)
                letters = letters_of(row["answer"])
                if letters and row.get("clue"):
                    out[letters].append(row["clue"])
    return out


def synthetic(shape: G.Grid, clues: dict[str, list[str]], seed: int, name: str) -> dict | None:
    """A Guardian-JSON puzzle of the grid's shape filled from the pool (None: no fill found)."""
    rng = random.Random(seed)
    words = {w: rng.uniform(1.0, 100.0) for w in clues}  # random scores: each seed fills differently
    outcome = search.fill(shape, words, seed=seed, timeout=FILL_SECONDS)
    if outcome.status != "filled":  # no word of a light's length, or none found in time
        return None
    entries = []
    for k, slot in enumerate(G.slots(shape)):
        answer = outcome.words[k]
        (y, x) = slot.cells[0]
        entries.append({"id": f"{slot.number}-{slot.direction}", "number": slot.number, "humanNumber": str(slot.number),
                        "clue": rng.choice(clues[answer]), "direction": slot.direction, "length": len(answer),
                        "group": [f"{slot.number}-{slot.direction}"], "position": {"x": x, "y": y},
                        "separatorLocations": {}, "solution": answer})  # fmt: skip
    rows = shape.rows
    return {"id": name, "name": name, "crosswordType": "cryptic", "dimensions": {"cols": len(rows[0]), "rows": len(rows)}, "entries": entries}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("grids", nargs="+", help="puzzle files whose grids give the shapes")
    ap.add_argument("--out", required=True, help="a folder outside the project")
    ap.add_argument("--count", type=int, default=2, help="puzzles per grid")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--clues", default=str(CLUES))
    ap.add_argument("--rows", default="3001-10564", help="1-based rows of --clues; the default ends before the last 2,000, which fit_ranking.py reads")
    a = ap.parse_args()
    first, last = (int(n) for n in a.rows.split("-"))
    clues = pool(Path(a.clues), first, last)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    for path in a.grids:
        shape = read_puzzle(path).grid  # open and blocked cells only
        for k in range(a.count):
            seed = a.seed * 1000 + k
            name = f"synthetic-{Path(path).stem}-{seed}"
            puzzle = synthetic(shape, clues, seed, name)
            if puzzle is None:
                print(f"{name}: the pool fills no such grid (within {FILL_SECONDS:g} s)", file=sys.stderr)
                continue
            (out / f"{name}.json").write_text(json.dumps(puzzle), encoding="utf-8")
            print(out / f"{name}.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
