"""Mine the setters' vocabulary from annotated past clues into tables in corpora/.

Reads blog explanations (`explanation`, or wordplay-train's `wordplay`) and writes, as
aggregated pairs with counts (never clue texts):

- `pieces.tsv`: clue phrase -> the letters it stood for in wordplay (tea -> CHAR);
- `indicators.tsv`: phrase -> wordplay kind, how often it signalled that kind, and how often
  it occurs in the clues at all (its reliability is the ratio);
- `definitions.tsv`: a clue's definition phrase -> its answer;
- `answers.tsv`: how many past clues each answer answered (setters reuse their answers),
  written with the word breaks its enumeration gives (OPEN SEASON, RED-LETTER DAY): the
  index keeps them as phrases.

Each row's explanation is read by thesaurus.explanations; this module reads the corpora
(recovering raw rows of one clue), counts, and writes the tables.

usage: python -m thesaurus.mine FILE.jsonl[:N] [FILE.jsonl[:N] ...] [--out DIR]   (N: first lines held out)
"""

from __future__ import annotations

import collections
import itertools
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from cryptic.thesaurus import letters_of
from thesaurus.explanations import FUNCTION_WORDS, Known, Letters, Phrase, key_of, mine_row, tokens


@dataclass
class Tables:
    """Counts over a corpus, and what was read."""

    pieces: collections.Counter = field(default_factory=collections.Counter)
    indicators: collections.Counter = field(default_factory=collections.Counter)
    definitions: collections.Counter = field(default_factory=collections.Counter)
    answers: collections.Counter = field(default_factory=collections.Counter)  # answer -> clues it answered
    seen: collections.Counter = field(default_factory=collections.Counter)  # indicator phrase -> clues it occurs in
    rows: collections.Counter = field(default_factory=collections.Counter)  # read, parsed, skipped: why


def source(arg: str) -> tuple[Path, int]:
    """A corpus argument: FILE, or FILE:N to leave its first N lines unread (held out for
    measuring).

    >>> source("wordplay-train.jsonl:1000")
    (PosixPath('wordplay-train.jsonl'), 1000)
    """
    name, _, skip = arg.rpartition(":")
    return (Path(name), int(skip)) if name and skip.isdigit() else (Path(arg), 0)


# A scraped row the dataset did not parse: "13 Finishing session ... gig (7,3)" and an explanation
# that names the answer in capitals among its pieces ("LOGGING OFF : {O ...} ... LONG GIG").
LENGTHS = r"\d+(?:[,\-\s]+\d+)*"  # an enumeration's numbers: 7,3 or 3-2
RAW_CLUE = re.compile(r"\s*(?:\d+\s*(?:[ad]\b|across\b|down\b)?[\s.,:]*)?(.+?)\s*\((" + LENGTHS + r")\)\s*$", re.I | re.S)
WORD = re.compile(r"[A-Za-z’'-]+")
# Signs of another clue run into the row: in either text, a clue number or enumeration ("24 (7)",
# "29 Vehicle", "See 14"); in the clue, answers in capitals ("CRAYON May's...", "T YEN Desire",
# "TYR God's an oppressor").
RUN_ON = re.compile(r"\(" + LENGTHS + r"\)|\b\d{1,2}\s+[A-Z][a-z]|\b[Ss]ee\s+\d")
CAPITALS_RUN_ON = re.compile(r"\b[A-Z]{4,}\b|\b[A-Z][A-Z-]*\s+[A-Z][A-Z-]*\b|^\s*[A-Z]{2,}\s+[A-Z]")
LEAST_ZIPF = 1.0  # an answer's words must be at least this common in wordfreq (FEELSNO, AGLOSSAG are run-together pieces)


def recovered(row: dict) -> dict | None:
    """A raw row of one clue made a parsed one (clue_text, enumeration, answer, explanation),
    when its explanation names exactly one answer: a run of capitals of the enumeration's
    length, not a word of the clue (anagram fodder) and made of words; None otherwise."""
    raw, text = str(row.get("raw_clue") or ""), str(row.get("raw_explanation") or "")
    m = RAW_CLUE.fullmatch(raw)
    if not m or len(m.group(1).split()) < 2 or any(p.search(t) for p, t in ((RUN_ON, m.group(1)), (RUN_ON, text), (CAPITALS_RUN_ON, m.group(1)))):
        return None  # (a second enumeration would be in the clue's text: RUN_ON finds it)
    lengths = [int(n) for n in re.findall(r"\d+", m.group(2))]
    fodder = {letters_of(w) for w in m.group(1).split()}
    named = []
    for words in map(WORD.findall, re.split(r"[^A-Za-z’' -]+", text)):  # a run of capitals ends at punctuation
        named += [w for w in answers_named(words, lengths) if w not in fodder and w not in named]
    if len(named) != 1:
        return None
    return {**row, "clue_text": m.group(1).strip(), "enumeration": f"({m.group(2)})", "answer": named[0], "explanation": text}


def answers_named(words: list[str], lengths: list[int]) -> Iterator[Letters]:
    """The runs of words in capitals that spell words of the enumeration's lengths."""
    for i in range(len(words)):
        for j in range(i + 1, min(i + len(lengths) + 2, len(words)) + 1):
            if not words[j - 1].isupper():
                break
            letters = letters_of("".join(words[i:j]))
            if len(letters) == sum(lengths) and spelt_as_words(letters, lengths):
                yield letters


def spelt_as_words(letters: Letters, lengths: list[int]) -> bool:
    """Do the letters, broken as the enumeration says, make words wordfreq knows?"""
    from thesaurus.words import zipf_reader

    zipf, starts = zipf_reader(), list(itertools.accumulate([0] + lengths))
    return all(zipf(letters[a:b].lower()) >= LEAST_ZIPF for a, b in itertools.pairwise(starts))


def read_rows(sources: Iterable[tuple[Path, int]], tally: collections.Counter) -> Iterator[dict]:
    """The JSON objects of some JSONL files, raw rows of one clue recovered where they can be
    (`recovered`); unreadable lines are counted and skipped."""
    for path, skip in sources:
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f):
                if n < skip:
                    tally["held out"] += 1
                    continue
                if not line.strip():
                    continue
                tally["read"] += 1
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    tally["skipped: not JSON"] += 1
                    continue
                if isinstance(row, dict) and not row.get("answer") and (found := recovered(row)):
                    tally["recovered: clue and answer read from the raw row"] += 1
                    row = found
                if not isinstance(row, dict) or not row.get("answer") or not (row.get("clue_text") or "").strip():
                    tally["skipped: no clue or answer parsed"] += 1
                    continue
                if not (row.get("explanation") or row.get("wordplay")):
                    tally["skipped: no explanation"] += 1
                    continue
                yield row


def mine(sources: Iterable[tuple[Path, int]], links: frozenset[str], known: Known | None = None) -> Tables:
    """Count pieces, indicators and definitions over every readable row of the corpora
    (double definitions split where the thesaurus says, when `known` is given)."""
    t = Tables()
    clues = []
    for row in read_rows(sources, t.rows):
        m = mine_row(row, links, known)
        answer = re.sub(r"[^A-Z]", "", row["answer"].upper())
        t.pieces.update(set(m.pieces))
        t.indicators.update(set(m.indicators))
        t.definitions.update((d, answer) for d in set(m.definitions))
        t.answers[answer_form(answer, row.get("enumeration") or "")] += 1
        t.rows["parsed: something mined" if m.pieces or m.indicators or m.definitions else "skipped: nothing recognised"] += 1
        clues.append(tokens(row["clue_text"]))
    phrases = {p for p, _ in t.indicators}
    for clue in clues:
        keys = {key_of(clue, (i, j)) for i in range(len(clue)) for j in range(i + 1, min(i + 4, len(clue)) + 1)}
        t.seen.update(keys & phrases)
    return t


# The relations that confirm a double definition's part: the thesaurus's own (WordNet, Moby,
# a WordNet gloss naming the answer), never past clues' definitions (the table being made)
# nor a description retrieved by a few of its words.
ANCHORS = frozenset("smraoiqxhdpg")


def thesaurus_known() -> Known:
    """What the thesaurus index knows, for splitting double definitions (builds the index
    on first use)."""
    from cryptic import thesaurus as th
    from cryptic.parse import ClueError, parse_enumeration

    def defines(phrase: Phrase, answer: Letters, enumeration: str) -> bool:
        try:
            enum = parse_enumeration(enumeration or f"({len(answer)})")
        except ClueError:
            return False
        return enum.length == len(answer) and any(c.letters == answer and c.relation in ANCHORS for c in th.own_definitions(th.norm(phrase), enum))

    return Known(defines, th.is_node)


def answer_form(answer: Letters, enumeration: str) -> str:
    """An answer with the word breaks its enumeration gives; its letters alone when the
    enumeration does not fit them ("(0,5)" for PIANO).

    >>> answer_form("REDLETTERDAY", "(3-6,3)"), answer_form("OPENSEASON", "(4,6)"), answer_form("AIRER", "(4)")
    ('RED-LETTER DAY', 'OPEN SEASON', 'AIRER')
    >>> answer_form("ANDORELSE", "(3/2,4)")
    'ANDOR ELSE'
    """
    pieces = re.findall(r"(\d+)(\D*)", enumeration)  # each word's size and what follows it
    sizes = [int(n) for n, _ in pieces]
    if not sizes or min(sizes) < 1 or sum(sizes) != len(answer):
        return answer
    joins = ["-" if "-" in after else " " if "," in after or after.isspace() else "" for _, after in pieces[:-1]] + [""]  # "/": joined
    starts = itertools.accumulate(sizes, initial=0)
    return "".join(answer[at : at + n] + join for at, n, join in zip(starts, sizes, joins))


# Function words stand for letters in many ways (the: LE, EL, LA, DER; a: UN, PER, I) and
# misread explanations add more ("a" -> GIZ): only those seen three times are kept.
MIN_FUNCTION_WORD_COUNT = 3


def kept_piece(phrase: Phrase, letters: Letters, count: int) -> bool:
    """Is a mined piece worth shipping: not a cross-reference ("17 23 location"), a function
    word only when common, and a piece seen once only when short or a word (not UTOPI)?"""
    from wordfreq import zipf_frequency

    if any(ch.isdigit() for ch in phrase):
        return False
    if phrase in FUNCTION_WORDS:
        return count >= MIN_FUNCTION_WORD_COUNT
    return count >= 2 or len(letters) <= 3 or zipf_frequency(letters.lower(), "en") > 0


def write_tables(t: Tables, out: Path, sources: list[str]) -> dict[str, int]:
    """Write pieces.tsv, indicators.tsv, definitions.tsv and answers.tsv; return their sizes."""
    note = f"# mined by `python -m thesaurus.mine` from {', '.join(sources)}; see corpora/README.md\n"
    rows = {
        "pieces.tsv": ("# phrase\tLETTERS\tcount\n", sorted(f"{p}\t{l}\t{n}\n" for (p, l), n in t.pieces.items() if kept_piece(p, l, n))),
        "indicators.tsv": ("# phrase\tkind\tsignalled\tseen\n", sorted(f"{p}\t{k}\t{n}\t{max(n, t.seen[p])}\n" for (p, k), n in t.indicators.items())),
        "definitions.tsv": ("# phrase\tANSWER\tcount\n", sorted(f"{p}\t{a}\t{n}\n" for (p, a), n in t.definitions.items())),
        "answers.tsv": ("# ANSWER (broken as its enumeration says)\tcount\n", sorted(f"{a}\t{n}\n" for a, n in t.answers.items())),
    }
    for name, (header, lines) in rows.items():
        tmp = out / f".{name}.tmp"
        tmp.write_text(note + header + "".join(lines), encoding="utf-8")
        tmp.replace(out / name)
    return {name: len(lines) for name, (_, lines) in rows.items()}


def skippable(folder: Path) -> frozenset[str]:
    """Phrases (as match forms) that may lie between a definition and the wordplay an
    explanation glossed: links and indicators of every kind."""
    lines = (line for path in folder.glob("*.txt") for line in path.read_text(encoding="utf-8").splitlines())
    return frozenset(" ".join(m for _, m in tokens(line)) for line in lines if line.strip() and not line.startswith("#"))


def main(argv: list[str]) -> int:
    args = list(argv)
    corpora = out = Path(__file__).resolve().parent.parent / "corpora"
    if "--out" in args:
        i = args.index("--out")
        out = Path(args[i + 1])
        del args[i : i + 2]
    if not args:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    if not out.is_dir():
        print(f"mine: {out} is not a folder", file=sys.stderr)
        return 2
    sources = [source(a) for a in args]
    if missing := [str(p) for p, _ in sources if not p.is_file()]:
        print(f"mine: cannot read {', '.join(missing)}", file=sys.stderr)
        return 2
    links = skippable(corpora / "indicators")
    tables = mine(sources, links, thesaurus_known())
    sizes = write_tables(tables, out, [f"{p.name} (from line {skip + 1})" if skip else p.name for p, skip in sources])
    for what, n in sorted(tables.rows.items()):
        print(f"rows {what}: {n}")
    for name, n in sizes.items():
        print(f"{name}: {n} pairs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
