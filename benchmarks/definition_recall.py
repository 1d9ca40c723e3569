"""Definition recall of the thesaurus on annotated clues (issue 3's measure).

For every row of a corpus with a marked definition (wordplay-train.jsonl), ask
definitions(definition span, enumeration) and report: recall (answer among the candidates),
how often it comes first, in the top 5 and in the top 50, its mean reciprocal rank (a
plain clue's ranking), and the median number of candidates.

usage: python benchmarks/definition_recall.py [../shared/corpora/clues/wordplay-train.jsonl] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from cryptic.parse import ClueError, parse_enumeration
from cryptic.thesaurus import definitions, letters_of


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=str(Path(__file__).resolve().parents[2] / "shared/corpora/clues/wordplay-train.jsonl"))
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--misses", help="write the missed rows here (JSONL)")
    a = ap.parse_args()
    rows = [json.loads(line) for line in open(a.corpus, encoding="utf-8") if line.strip()]
    rows = rows[: a.limit] if a.limit else rows
    hit = top1 = top5 = top50 = total = 0
    reciprocal = 0.0
    sizes, times, missed = [], [], []
    for row in rows:
        try:
            enum = parse_enumeration(row["enumeration"])
        except ClueError:
            continue
        answer = letters_of(row["answer"])
        total += 1
        best = None
        count = 0
        for span in row.get("definition") or []:
            start = time.perf_counter()
            found = [c.letters for c in definitions(span, enum)]
            times.append(time.perf_counter() - start)
            count += len(found)
            if answer in found:
                rank = found.index(answer)
                best = rank if best is None else min(best, rank)
        sizes.append(count)
        hit += best is not None
        top1 += best == 0
        top5 += best is not None and best < 5
        top50 += best is not None and best < 50
        reciprocal += 1 / (best + 1) if best is not None else 0.0
        if best is None:
            missed.append(row)
    print(f"rows {total}  recall {100 * hit / total:.1f}%  first {100 * top1 / total:.1f}%  top-5 {100 * top5 / total:.1f}%  "
          f"top-50 {100 * top50 / total:.1f}%  mean reciprocal rank {reciprocal / total:.3f}  "
          f"median candidates {statistics.median(sizes):.0f}  median lookup {1000 * statistics.median(times):.2f} ms")
    if a.misses:
        with open(a.misses, "w", encoding="utf-8") as f:
            for row in missed:
                f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
