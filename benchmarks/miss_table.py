"""Why clues are missed: a table from a clue-bench --out file.

Causes, checked in order for each clue whose top answer is wrong:
  answer not in lexicon       the answer (with its word breaks) is not an answer we know
  ranking                     the answer was among the candidates, below a wrong one
  wordplay not found          a definition at either end of the clue yields the answer, but no
                              reading's wordplay made it (missing indicator or abbreviation,
                              unsupported wordplay, or a synonym missing inside the wordplay)
  missing synonym             no span at either end of the clue (1-5 words) defines the answer

usage: python benchmarks/miss_table.py OUT.jsonl
"""

from __future__ import annotations

import collections
import json
import sys

from cryptic import thesaurus as th
from cryptic.parse import ClueError, parse_clue


def cause(row: dict) -> str | None:
    """Why the clue was missed (None: it was not)."""
    want = th.letters_of(row["answer"])
    cands = [th.letters_of(c["answer"]) for c in (row.get("prediction") or {}).get("candidates") or []]
    if cands and cands[0] == want:
        return None
    try:
        clue = parse_clue(row["clue"] if "clue" in row else f'{row["clue_text"]} ({row["length"]})')
    except ClueError:
        return "unreadable clue"
    if not th.is_word(want, clue.enumeration) and not th.is_word(want):
        return "answer not in lexicon"
    if want in cands:
        return "ranking"
    words = clue.words
    for k in range(1, min(5, len(words) - 1) + 1):
        for span in (words[:k], words[-k:]):
            if th.definition_strength(" ".join(span), want) > 0:
                return "wordplay not found"
    return "missing synonym"


def main() -> int:
    rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    tally = collections.Counter(cause(r) for r in rows)
    missed = sum(n for c, n in tally.items() if c is not None)
    print(f"{len(rows)} clues, {missed} missed")
    print("| cause | clues | share of misses |")
    print("|---|---|---|")
    for c, n in tally.most_common():
        if c is not None:
            print(f"| {c} | {n} | {100 * n / max(1, missed):.1f}% |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
