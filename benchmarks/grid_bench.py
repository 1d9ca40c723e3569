"""Grid filling benchmark (issue 5): every grid of ../shared/corpora/grids with Spread the
Wordlist at score >= 50, several seeds each; every fill checked independently.

usage: python benchmarks/grid_bench.py [--seeds 10] [--timeout 30] [GRID ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from cryptic.grid import check_fill, filled_rows, light, read_grid, read_words, slots
from cryptic.search import fill

SHARED = Path(__file__).resolve().parents[2] / "shared" / "corpora"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("grids", nargs="*")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--strategy", default="auto")
    a = ap.parse_args()
    start = time.monotonic()
    big = read_words(str(SHARED / "wordlists" / "spreadthewordlist.dict"), 50)
    print(f"Spread the Wordlist >= 50: {len(big)} words loaded in {time.monotonic() - start:.2f} s")
    names = a.grids or sorted(p.stem for p in (SHARED / "grids").glob("*.txt"))
    for name in names:
        grid = read_grid((SHARED / "grids" / f"{name}.txt").read_text(), name)
        if name.startswith("structure"):
            words = read_words(str(SHARED / "wordlists" / f"words{name[-1]}.txt"))
        else:
            words = big
        times, statuses, problems = [], [], 0
        for seed in range(a.seeds):
            out = fill(grid, words, a.strategy, seed, a.timeout)
            times.append(out.seconds)
            statuses.append(out.status)
            if out.status == "filled":
                # Seeded lights (LEMONBARS in 15xjja) need not be in the word list.
                allowed = set(words) | {light(grid.rows, s) for s in slots(grid)}
                problems += len(check_fill(grid, filled_rows(grid, out.words), allowed))
        counts = {s: statuses.count(s) for s in sorted(set(statuses))}
        print(f"{name:12s} {counts}  median {statistics.median(times):.3f} s  max {max(times):.3f} s  problems {problems}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
