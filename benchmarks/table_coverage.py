"""How much of held-out annotated wordplay the past-clue tables know: the pieces and
definitions that `thesaurus.mine` reads off wordplay-train's first rows (which the shipped
tables hold out), and the share of them in the tables, and in everything a wordplay leaf or
a definition can stand for.

usage: python benchmarks/table_coverage.py [../shared/corpora/clues/wordplay-train.jsonl] [--rows 1000]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cryptic import lexicon
from cryptic import thesaurus as th
from thesaurus.explanations import mine_row
from thesaurus.mine import skippable

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=str(ROOT.parent / "shared" / "corpora" / "clues" / "wordplay-train.jsonl"))
    ap.add_argument("--rows", type=int, default=1000, help="the first rows, held out of the shipped tables")
    a = ap.parse_args()
    links = skippable(ROOT / "corpora" / "indicators")
    rows = [json.loads(line) for line in open(a.corpus, encoding="utf-8")][: a.rows]
    mined = [(mine_row(r, links), th.letters_of(r["answer"])) for r in rows]
    pieces = {p for m, _ in mined for p in m.pieces}
    defs = {(d, answer) for m, answer in mined for d in m.definitions}
    table, past = lexicon.piece_table(), lexicon.past_definition_table()
    in_table = sum(1 for p, l in pieces if any(x == l for x, _ in table.get(p, ())))
    known = sum(1 for p, l in pieces if l in th.synonym_table(p))
    d_table = sum(1 for p, a in defs if any(x == a for x, _ in past.get(p, ())))
    print(f"sizes: {len(table)} piece phrases ({sum(map(len, table.values()))} pairs), {len(past)} definition phrases "
          f"({sum(map(len, past.values()))} pairs), {sum(map(len, lexicon.reliable_indicators().values()))} indicators used")
    print(f"held-out pieces: {len(pieces)}; in pieces.tsv {100 * in_table / len(pieces):.1f}%; a leaf's synonyms {100 * known / len(pieces):.1f}%")
    print(f"held-out definitions: {len(defs)}; in definitions.tsv {100 * d_table / len(defs):.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
