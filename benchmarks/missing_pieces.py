"""Which wordplay pieces the solver lacks: for each clue it missed, the `LETTERS (clue
words)` pieces of the clue's annotated explanation, and whether the thesaurus (with the
substitutions) lets those words stand for those letters. A table by piece length, with
examples. Input: a clue-bench --out file of an annotated corpus (wordplay-train rows).

usage: python benchmarks/missing_pieces.py OUT.jsonl
"""

from __future__ import annotations

import collections
import json
import re
import sys
from collections.abc import Iterator

from cryptic import thesaurus as th

PIECE = re.compile(r"(?:^|(?<=[\s(+]))([A-Z]{2,})\s*\(([^()]+)\)")


def pieces(row: dict) -> Iterator[tuple[str, str]]:
    """(gloss, LETTERS) pieces of a row's explanation whose gloss is in the clue."""
    clue = row["clue"].lower()
    for m in PIECE.finditer(row["wordplay"]):
        letters = m.group(1)
        gloss = re.sub(r"[^a-z' ]", " ", m.group(2).split(",")[0].lower()).strip()
        gloss = " ".join(gloss.split())
        if gloss and gloss in clue and gloss.upper().replace(" ", "") != letters:
            yield gloss, letters


def band(letters: str) -> str:
    """A piece's length band."""
    return "2-3" if len(letters) <= 3 else "4-5" if len(letters) <= 5 else "6+"


def missed(row: dict) -> bool:
    """Was the clue's top answer wrong (or absent)?"""
    cands = (row.get("prediction") or {}).get("candidates") or []
    return not cands or th.letters_of(cands[0]["answer"]) != th.letters_of(row["answer"])


def main() -> int:
    rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    total, lacking = collections.Counter(), collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    misses = [r for r in rows if missed(r)]
    for row in misses:
        for gloss, letters in pieces(row):
            b = band(letters)
            total[b] += 1
            if letters not in th.synonym_table(th.norm(gloss)):
                lacking[b] += 1
                examples[b].append(f"{gloss} -> {letters}")
    print(f"{len(rows)} clues, {len(misses)} missed")
    print("| piece letters | pieces | lacking | examples |")
    print("|---|---|---|---|")
    for b in ("2-3", "4-5", "6+"):
        print(f"| {b} | {total[b]} | {lacking[b]} ({100 * lacking[b] / max(1, total[b]):.0f}%) | {'; '.join(examples[b][:6])} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
