"""Definition recall of the thesaurus on annotated clues (issue 3's measure).

For every row of a corpus with a marked definition (wordplay-train.jsonl), ask
definitions(definition span, enumeration) and report: recall (answer among the candidates),
how often it comes first, in the top 5, 10 and 50, its mean reciprocal rank (a plain clue's
ranking), and the median number of candidates; for all definitions, and for those of several
words alone. Use `--limit 1000`: the miner reads wordplay-train from its row 1,001, so the
first 1,000 rows are held out of the past clues' tables. `--no-retrieval` leaves out the
reverse dictionary's answers (relations "w" and "e"), for a comparison in one run.

usage: python benchmarks/definition_recall.py [../shared/corpora/clues/wordplay-train.jsonl] [--limit N] [--no-retrieval]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from cryptic.parse import ClueError, parse_enumeration
from cryptic.thesaurus import definitions, letters_of, norm, retrieved_definitions


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=str(Path(__file__).resolve().parents[2] / "shared/corpora/clues/wordplay-train.jsonl"))
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--misses", help="write the missed rows here (JSONL)")
    ap.add_argument("--no-retrieval", action="store_true", help="leave out the reverse dictionary's answers")
    a = ap.parse_args()
    left_out = "we" if a.no_retrieval else ""
    rows = [json.loads(line) for line in open(a.corpus, encoding="utf-8") if line.strip()]
    rows = rows[: a.limit] if a.limit else rows
    ranks: list[tuple[int | None, bool]] = []  # the answer's best rank (None: not found), and whether the definition has several words
    sizes, times, queries, missed = [], [], [], []
    for row in rows:
        try:
            enum = parse_enumeration(row["enumeration"])
        except ClueError:
            continue
        answer = letters_of(row["answer"])
        best = None
        count = 0
        for span in row.get("definition") or []:
            if " " in norm(span):  # the reverse dictionary's own query time, before definitions() caches it
                start = time.perf_counter()
                retrieved_definitions(norm(span), enum)
                queries.append(time.perf_counter() - start)
            start = time.perf_counter()
            found = [c.letters for c in definitions(span, enum) if c.relation not in left_out]
            times.append(time.perf_counter() - start)
            count += len(found)
            if answer in found:
                rank = found.index(answer)
                best = rank if best is None else min(best, rank)
        sizes.append(count)
        ranks.append((best, len(row["definition"][0].split()) > 1 if row.get("definition") else False))
        if best is None:
            missed.append(row)
    for label, chosen in (("all", ranks), ("several words", [r for r in ranks if r[1]])):
        print(f"{label:14s} {summary([best for best, _ in chosen])}")
    print(f"median candidates {statistics.median(sizes):.0f}  median lookup {1000 * statistics.median(times):.2f} ms  "
          f"median reverse-dictionary query {1000 * statistics.median(queries or [0.0]):.2f} ms (of {len(queries)} phrases of several words)")
    if a.misses:
        with open(a.misses, "w", encoding="utf-8") as f:
            for row in missed:
                f.write(json.dumps(row) + "\n")
    return 0


def summary(best: list[int | None]) -> str:
    """Recall, first, top-5, top-10, top-50 and mean reciprocal rank of some answers' ranks."""
    n = max(1, len(best))
    share = lambda k: f"{100 * sum(b is not None and b < k for b in best) / n:.1f}%"  # noqa: E731
    mrr = sum(1 / (b + 1) for b in best if b is not None) / n
    return (f"rows {len(best)}  recall {share(10**9)}  first {share(1)}  top-5 {share(5)}  top-10 {share(10)}  "
            f"top-50 {share(50)}  mean reciprocal rank {mrr:.3f}")


if __name__ == "__main__":
    raise SystemExit(main())
