"""Thesaurus speed and memory (issue 3): cold start of `cryptic define`, warm lookup
latency of definitions() and synonyms() over 1,000 phrases, and resident memory after.

usage: python benchmarks/thesaurus_speed.py [../shared/corpora/clues/wordplay-train.jsonl]
"""

from __future__ import annotations

import importlib
import itertools
import json
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

PHRASE_CACHES = {"definitions": ("near_candidates", "near_definitions", "far_definitions", "best_relations", "synonym_table"), "relations": ("relations", "distant", "two_hop", "lemmas")}


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
    list(th.definitions("warm up", parse_enumeration("5")))
    lookups = []
    for row in rows:
        try:
            lookups.append((row["definition"][0], parse_enumeration(row["enumeration"])))
        except ClueError:
            continue
    # One pass per measure, each starting with the phrase caches empty, so that every
    # call is a first lookup of its phrase (letter-keyed caches stay warm, as in a solver).
    measures = {
        "definitions (one hop)": lambda phrase, enum: list(th.definitions(phrase, enum, deep=False)),
        "definitions (with two hops), first 50": lambda phrase, enum: list(itertools.islice(th.definitions(phrase, enum), 50)),
        "definitions (with two hops), all": lambda phrase, enum: list(th.definitions(phrase, enum)),
        "synonyms": lambda phrase, enum: list(th.synonyms(phrase.split()[0])),
    }
    for name, call in measures.items():
        for module, names in PHRASE_CACHES.items():
            for name in names:
                getattr(importlib.import_module(f"cryptic.lookup.{module}"), name).cache_clear()
        timings = []
        for phrase, enum in lookups:
            start = time.perf_counter()
            call(phrase, enum)
            timings.append(time.perf_counter() - start)
        print(f"warm {name}: median {1000 * statistics.median(timings):.3f} ms, p90 {1000 * sorted(timings)[int(0.9 * len(timings))]:.3f} ms over {len(timings)} phrases")
    print(f"candidates per two-hop lookup: median {statistics.median(sum(1 for _ in th.definitions(p, e)) for p, e in lookups):.0f}")
    start = time.perf_counter()
    for phrase, enum in lookups[:200]:
        list(th.definitions(phrase, enum, deep=False))
    repeat = (time.perf_counter() - start) / 200
    print(f"repeated (cached) definitions lookup: {1e6 * repeat:.1f} us")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory after {5 * len(lookups)} lookups: {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
