"""Thesaurus speed and memory (issue 3): cold start of `cryptic define`, warm lookup
latency of definitions() and synonyms() over 1,000 phrases, and resident memory after.

usage: python benchmarks/thesaurus_speed.py [../shared/corpora/clues/wordplay-train.jsonl]
"""

from __future__ import annotations

import json
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main() -> int:
    corpus = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared/corpora/clues/wordplay-train.jsonl")
    exe = shutil.which("cryptic") or "cryptic"
    cold = []
    for _ in range(7):
        start = time.perf_counter()
        subprocess.run([exe, "define", "lowest point", "--enum", "(5)"], check=True, capture_output=True)
        cold.append(time.perf_counter() - start)
    print(f"cold start, cryptic define \"lowest point\" --enum \"(5)\": median {statistics.median(cold):.3f} s over 7 runs")

    from cryptic import thesaurus as th
    from cryptic.parse import ClueError, parse_enumeration

    rows = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines()[:1000]]
    th.warm()
    th.definitions("warm up", parse_enumeration("5"))
    timings: dict[str, list[float]] = {"definitions (one hop)": [], "definitions (with two hops)": [], "synonyms": []}
    for row in rows:
        try:
            enum = parse_enumeration(row["enumeration"])
        except ClueError:
            continue
        phrase = row["definition"][0]
        for name, call in (
            ("definitions (one hop)", lambda: th.definitions(phrase, enum, deep=False)),
            ("definitions (with two hops)", lambda: th.definitions(phrase, enum)),
            ("synonyms", lambda: list(th.synonyms(phrase.split()[0]))),
        ):
            start = time.perf_counter()
            call()
            timings[name].append(time.perf_counter() - start)
    for name, ts in timings.items():
        print(f"warm {name}: median {1000 * statistics.median(ts):.3f} ms, p90 {1000 * sorted(ts)[int(0.9 * len(ts))]:.3f} ms over {len(ts)} phrases")
    start = time.perf_counter()
    for row in rows[:200]:
        th.definitions(row["definition"][0], parse_enumeration(row["enumeration"]), deep=False)
    repeat = (time.perf_counter() - start) / 200
    print(f"repeated (cached) definitions lookup: {1e6 * repeat:.1f} us")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory after {3 * len(rows)} lookups: {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
