"""The batch on each engine (issue 34): `cryptic solve --jsonl` over the same clues with
--jobs 1, --jobs 2 and --cluster local:2; clues per second, the cluster path's overhead
per clue against --jobs 2, and whether the outputs are identical (ignoring `seconds`).
Only the clue texts are sent: no answer is read.

usage: python benchmarks/batch_engines.py CLUES.jsonl [--limit 2000] [--engines "--jobs 1;--jobs 2;--cluster local:2"]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path


def comparable(path: Path) -> list[dict]:
    """The output rows without their timings."""
    return [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in path.read_text().splitlines()]


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("clues")
    p.add_argument("--limit", type=int, default=2000)
    p.add_argument("--engines", default="--jobs 1;--jobs 2;--cluster local:2")
    a = p.parse_args()
    exe = shutil.which("cryptic") or "cryptic"
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.jsonl"
        with open(a.clues) as f:
            rows = [json.loads(line) for line, _ in zip(f, range(a.limit))]
        src.write_text("".join(json.dumps({"id": r["id"], "clue": r["clue"]}) + "\n" for r in rows))
        results = {}
        for engine in a.engines.split(";"):
            out = Path(tmp) / f"out{len(results)}.jsonl"
            start = time.perf_counter()
            subprocess.run([exe, "solve", "--jsonl", str(src), "--out", str(out), *engine.split()], check=True)
            wall = time.perf_counter() - start
            lines = comparable(out)
            median = statistics.median(json.loads(line)["seconds"] for line in out.read_text().splitlines())
            results[engine] = (wall, lines)
            print(f"{engine:20s} {len(lines)} clues in {wall:7.1f} s: {len(lines) / wall:5.2f} clues/s (median clue {median:.3f} s)", flush=True)
        engines = list(results)
        first = results[engines[0]][1]
        for engine in engines[1:]:
            differ = [a["id"] for a, b in zip(first, results[engine][1]) if a != b]
            print(f"{engine:20s} vs {engines[0]}: {len(differ)} of {len(first)} lines differ {differ[:5]}")
        if "--jobs 2" in results and "--cluster local:2" in results:
            n = len(first)
            print(f"cluster overhead per clue against --jobs 2: {(results['--cluster local:2'][0] - results['--jobs 2'][0]) / n * 1000:+.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
