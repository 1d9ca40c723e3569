"""How well a plain clue's candidates rank its answer: each definition marked in
wordplay-train.jsonl read as a plain clue (`clues.plain_candidates`; with `--reveal F`, a
seeded share F of the answer's letters shown, as crossing letters would show them),
on the rows `fit_plain.py` does not fit on (the same shuffle, past its first 3,000).

Prints, for all definitions and for those of two or more words: how often the answer is
first, in the first five, and not among the candidates at all, and the mean reciprocal rank.

usage: python benchmarks/plain_ranking.py [--limit N] [--reveal F]
"""

from __future__ import annotations

import argparse
import random

from fit_plain import FIT_CLUES, definitions_of, shuffled_rows  # benchmarks/ is on the path

from cryptic.parse import ClueError, parse_clue
from cryptic.clues import plain_candidates
from cryptic.thesaurus import letters_of, warm


def held_out(limit: int) -> list[tuple[str, str]]:
    """(definition with its enumeration, answer letters) for rows fit_plain.py leaves out."""
    return [(text, letters_of(answer)) for text, answer in definitions_of(shuffled_rows()[FIT_CLUES:][:limit])]


def revealed(answer: str, share: float) -> str | None:
    """A pattern showing a share of the answer's letters, the same on every run (None: none)."""
    if not share:
        return None
    pick = random.Random(answer)
    return "".join(ch if pick.random() < share else "." for ch in answer)


def rank_of(text: str, answer: str, share: float = 0.0) -> int | None:
    """The answer's place among the clue's plain candidates (None: absent)."""
    return next((i for i, (w, _, _) in enumerate(plain_candidates(parse_clue(text), revealed(answer, share))) if w == answer), None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=3000)
    ap.add_argument("--reveal", type=float, default=0.0, help="the share of each answer's letters shown")
    args = ap.parse_args()
    warm()
    groups: dict[str, list[int | None]] = {"all": [], "several words": []}
    for text, answer in held_out(args.limit):
        try:
            rank = rank_of(text, answer, args.reveal)
        except ClueError:
            continue
        groups["all"].append(rank)
        if " " in text.rsplit("(", 1)[0].strip():
            groups["several words"].append(rank)
    for name, ranks in groups.items():
        n = max(1, len(ranks))
        first = sum(r == 0 for r in ranks) / n
        five = sum(r is not None and r < 5 for r in ranks) / n
        mrr = sum(1 / (r + 1) for r in ranks if r is not None) / n
        absent = sum(r is None for r in ranks) / n
        print(f"{name:14} {len(ranks):5} definitions  first {first:.1%}  top-5 {five:.1%}  MRR {mrr:.3f}  absent {absent:.1%}")


if __name__ == "__main__":
    main()
