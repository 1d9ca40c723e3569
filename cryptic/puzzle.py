"""Whole puzzles: read Guardian JSON, .puz and .ipuz; solve every clue for candidates; join
them by belief propagation over the crossing cells; fill the grid in weighted mode; re-solve
weak clues with their crossing letters; repeat."""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from cryptic import nodes
from cryptic.data import read_limited
from cryptic.grid import BLOCK, OPEN, Cell, Grid, GridError, grid_from_entries, weighted_fill
from cryptic.nodes import Letters, Words

if TYPE_CHECKING:  # the thesaurus loads numpy and its index: imported where used
    from cryptic import thesaurus as th


class PuzzleError(ValueError):
    """A puzzle file that cannot be used; the message names the file or the entry."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One light of a puzzle with its clue (linked lights share one clue through `group`)."""

    id: str
    number: int
    direction: str
    clue: str
    cells: tuple[Cell, ...]
    group: tuple[str, ...]
    solution: str | None


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A grid and its entries."""

    grid: Grid
    entries: tuple[Entry, ...]
    plain: bool = False  # a quick (non-cryptic) puzzle: every clue is a definition


@dataclass(frozen=True, slots=True)
class Answer:
    """A clue's answer as placed in the grid: the group it spans, letters, confidence, why."""

    group: tuple[str, ...]
    letters: Letters
    confidence: float
    explanation: str


# ---------------------------------------------------------------- reading


def read_puzzle(path: str) -> Puzzle:
    """A puzzle from a Guardian JSON, .puz or .ipuz file."""
    try:
        raw = read_limited(path, 20_000_000)
    except OSError as e:
        raise PuzzleError(f"cannot read {path}: {e.strerror}") from None
    except ValueError:
        raise PuzzleError(f"{path} is too large for a puzzle") from None
    if path.endswith(".puz"):
        return from_puz(path, raw)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise PuzzleError(f"{path} is not a JSON puzzle") from None
    if path.endswith(".ipuz") or isinstance(data, dict) and "puzzle" in data and "dimensions" in data and "entries" not in data:
        return from_ipuz(path, raw.decode("utf-8"))
    return from_guardian(path, data)


def cells_of(x: int, y: int, direction: str, length: int) -> tuple[Cell, ...]:
    """The (row, column) cells of a light."""
    dx, dy = (1, 0) if direction == "across" else (0, 1)
    return tuple((y + k * dy, x + k * dx) for k in range(length))


def from_guardian(path: str, data: object) -> Puzzle:
    """A puzzle from the Guardian crossword JSON format."""
    try:
        cols, rows = int(data["dimensions"]["cols"]), int(data["dimensions"]["rows"])
        raw_entries = list(data["entries"])
    except (KeyError, TypeError, ValueError):
        raise PuzzleError(f"{path}: not a Guardian puzzle (needs 'dimensions' and 'entries')") from None
    if not (1 <= cols <= 50 and 1 <= rows <= 50) or not raw_entries:
        raise PuzzleError(f"{path}: grid of {cols}x{rows} with {len(raw_entries)} entries is not a puzzle")
    entries = []
    for e in raw_entries:
        try:
            ident, direction, length = str(e["id"]), str(e["direction"]), int(e["length"])
            x, y = int(e["position"]["x"]), int(e["position"]["y"])
        except (KeyError, TypeError, ValueError):
            raise PuzzleError(f"{path}: an entry lacks id, direction, length or position: {str(e)[:80]}") from None
        if direction not in ("across", "down"):
            raise PuzzleError(f"{path}: entry {ident} has direction {direction!r}")
        solution = e.get("solution")
        entries.append(Entry(ident, int(e.get("number", 0)), direction, str(e.get("clue", "")), cells_of(x, y, direction, length),
                             tuple(map(str, e.get("group") or [ident])), re.sub(r"[^A-Z]", "", solution.upper()) if isinstance(solution, str) else None))  # fmt: skip
    plain = str(data.get("crosswordType", "")).lower() in PLAIN_TYPES or looks_plain(entries)
    return checked(path, Puzzle(build_grid(path, cols, rows, entries), linked(entries), plain))


PLAIN_TYPES = frozenset(("quick", "speedy", "concise"))  # the Guardian's crosswordType of plain puzzles
# Plain clues are a word or two ("Contraption", "Secret scheme"); cryptic ones carry wordplay
# as well. Of the nine puzzles in ../shared, the plain ones' clues have a median of two words,
# the cryptic ones' five to seven, and a "mini cryptic" of two-word plain clues two.
PLAIN_WORDS = 3


def looks_plain(entries: Sequence[Entry]) -> bool:
    """Are the clues, as a rule, a few words of definition (a quick puzzle, whatever its
    file calls it; .puz and .ipuz files do not say)?"""
    import statistics

    counts = [len(words.split()) for e in entries if (words := ENUMERATION.sub("", e.clue).strip())
              and not re.match(r"see\b", words, re.I)]  # fmt: skip
    return bool(counts) and statistics.median(counts) <= PLAIN_WORDS


def build_grid(path: str, cols: int, rows: int, entries: Sequence[Entry]) -> Grid:
    """The grid whose open cells are the entries' cells."""
    try:
        return grid_from_entries(cols, rows, ((e.cells[0][1], e.cells[0][0], e.direction, len(e.cells)) for e in entries))
    except GridError as e:
        bad = next((x.id for x in entries if any(not (0 <= r < rows and 0 <= c < cols) for r, c in x.cells)), "?")
        raise PuzzleError(f"{path}: entry {bad}: {e}") from None


def from_puz(path: str, raw: bytes) -> Puzzle:
    """A puzzle from an Across Lite .puz file (puzpy)."""
    import puz

    try:
        p = puz.load(raw)
        numbering = p.clue_numbering()
    except Exception:  # puzpy raises many kinds on corrupt files
        raise PuzzleError(f"{path}: not a readable .puz file") from None
    entries = []
    for direction, items in (("across", numbering.across), ("down", numbering.down)):
        for item in items:
            cell, length = item["cell"], item["len"]
            r, c = divmod(cell, p.width)
            ident = f"{item['num']}-{direction}"
            step = 1 if direction == "across" else p.width
            sol = "".join(p.solution[cell + k * step] for k in range(length)) if p.solution else None
            entries.append(Entry(ident, item["num"], direction, item["clue"], cells_of(c, r, direction, length), (ident,),
                                 sol if sol and "-" not in sol else None))  # fmt: skip
    return checked(path, Puzzle(build_grid(path, p.width, p.height, entries), linked(entries), looks_plain(entries)))


def from_ipuz(path: str, text: str) -> Puzzle:
    """A puzzle from an .ipuz file (validated by the ipuz package)."""
    import ipuz

    try:
        try:
            data = ipuz.read(text)
        except ipuz.IPUZException as e:  # a solution the package's strict check refuses: read the puzzle without it
            if "solution" not in str(e):
                raise
            data = ipuz.read(json.dumps({k: v for k, v in json.loads(text).items() if k != "solution"}))
        cols, rows = int(data["dimensions"]["width"]), int(data["dimensions"]["height"])
        layout = data["puzzle"]
    except Exception:  # ipuz raises IPUZException and others on bad files
        raise PuzzleError(f"{path}: not a readable .ipuz file") from None
    cell = lambda r, c: layout[r][c]["cell"] if isinstance(layout[r][c], dict) else layout[r][c]
    block = data.get("block", "#")
    is_open = lambda r, c: 0 <= r < rows and 0 <= c < cols and cell(r, c) not in (block, None)
    clues = {d.lower(): {int(str(x[0] if isinstance(x, list) else x.get("number"))): (x[1] if isinstance(x, list) else x.get("clue", "")) for x in items}
             for d, items in data.get("clues", {}).items()}  # fmt: skip
    solution = data.get("solution")
    entries = []
    for r in range(rows):
        for c in range(cols):
            if not is_open(r, c):
                continue
            for direction, dr, dc in (("across", 0, 1), ("down", 1, 0)):
                if is_open(r - dr, c - dc) or not is_open(r + dr, c + dc):
                    continue
                length = 1
                while is_open(r + dr * length, c + dc * length):
                    length += 1
                try:
                    number = int(cell(r, c))
                except (TypeError, ValueError):
                    raise PuzzleError(f"{path}: the light at row {r + 1}, column {c + 1} has no number") from None
                ident = f"{number}-{direction}"
                sol = None
                if solution:
                    sol = "".join(str(solution[r + dr * k][c + dc * k]) for k in range(length)).upper()
                entries.append(Entry(ident, number, direction, str(clues.get(direction, {}).get(number, "")), cells_of(c, r, direction, length), (ident,), sol))
    return checked(path, Puzzle(build_grid(path, cols, rows, entries), linked(entries), looks_plain(entries)))


ENUMERATION = re.compile(r"\(([\d,\-'’–\s]+)\)\s*$")  # "(5)", "(3,4)", "(2-6)" ending a clue


# "See 4-down", "See 4", "(See 4 down) (3,5)": the light goes on the named entry's answer.
SEE = re.compile(r"^\s*\(?\s*see\s+(\d+)\s*-?\s*(across|down|ac|dn|a|d)?\s*\)?\s*(?:\(([\d,\-'’–\s]+)\))?\s*$", re.I)


def linked(entries: Sequence[Entry]) -> tuple[Entry, ...]:
    """The entries with each "See N" light that its file does not link joined to N's group,
    after N's lights, and N's enumeration extended by the light's ("(9)" and "See 4-down
    (3,5)": "(9,3,5)"), as the Guardian's own files link them."""
    by_id = {e.id: e for e in entries}
    groups = {e.id: e.group for e in entries}
    texts = {e.id: e.clue for e in entries}
    for e in entries:
        m = SEE.match(e.clue)
        if not m or e.group != (e.id,):
            continue
        named = [i for i in entry_ids(m.group(1), m.group(2) or "") if i in by_id and i != e.id]
        if len(named) != 1 or SEE.match(by_id[named[0]].clue):
            continue
        head = groups[named[0]][0]
        group = groups[head] + (e.id,)
        total = enumeration_total(texts[head])
        if total is not None and total != sum(len(by_id[g].cells) for g in groups[head]):
            continue  # the head's enumeration already says something else
        own = m.group(3) or str(len(e.cells))
        if total is not None:
            texts[head] = ENUMERATION.sub(lambda h: f"({h.group(1)},{own})", texts[head])
        for g in group:
            groups[g] = group
    return tuple(replace(e, group=groups[e.id], clue=texts[e.id]) for e in entries)


def enumeration_total(clue: str) -> int | None:
    """The letters an enumeration at the end of a clue adds up to (None: no enumeration)."""
    m = ENUMERATION.search(clue)
    return sum(int(n) for n in re.findall(r"\d+", m.group(1))) if m else None


def checked(path: str, p: Puzzle) -> Puzzle:
    """The puzzle, after checking its entries agree: lengths with enumerations, crossing
    solutions with each other, groups with existing entries."""
    by_id = {e.id: e for e in p.entries}
    seen: dict[Cell, tuple[str, str]] = {}
    for e in p.entries:
        missing = [g for g in e.group if g not in by_id]
        if missing:
            raise PuzzleError(f"{path}: entry {e.id} is linked to {missing[0]}, which the puzzle does not have")
        if e.group[0] == e.id:
            total = enumeration_total(e.clue)
            length = sum(len(by_id[g].cells) for g in e.group)
            if total is not None and total != length:
                raise PuzzleError(f"{path}: entry {e.id}: the enumeration gives {total} letters but the grid has {length}")
        if e.solution:
            if len(e.solution) != len(e.cells):
                continue
            for cell, ch in zip(e.cells, e.solution):
                other = seen.setdefault(cell, (ch, e.id))
                if other[0] != ch:
                    raise PuzzleError(f"{path}: entries {other[1]} and {e.id} disagree at row {cell[0] + 1}, column {cell[1] + 1}")
    return p


def without_solutions(p: Puzzle) -> Puzzle:
    """The puzzle as the solver sees it: no solution fields."""
    return replace(p, entries=tuple(replace(e, solution=None) for e in p.entries))


# ---------------------------------------------------------------- solving

Candidate = tuple[Letters, float, str]  # an answer, its score (about the chance it is right), why


@dataclass(frozen=True, slots=True)
class Clue:
    """A clue to solve: its text and its cells across every linked light."""

    group: tuple[str, ...]
    text: str
    cells: tuple[Cell, ...]


def clues_of(p: Puzzle) -> tuple[Clue, ...]:
    """One Clue per group of linked entries (the first entry of a group holds the text)."""
    by_id = {e.id: e for e in p.entries}
    out = []
    for e in p.entries:
        if e.group[0] != e.id:
            continue
        cells = tuple(cell for g in e.group for cell in by_id[g].cells)
        out.append(Clue(e.group, e.clue, cells))
    return tuple(out)


# "17ac", "12dn", "4-down", "7 across", "4,21", "12": another entry, whose answer the clue
# uses as a word. A run of numbers joined by commas names one answer spread over them.
REFERENCE = re.compile(r"(?<![\w,])(\d+(?:\s*(?:across|down|ac|dn|a|d)\b|-(?:across|down)\b)?(?:\s*,\s*\d+(?:\s*(?:across|down|ac|dn|a|d)\b|-(?:across|down)\b)?)*)(?!\w)", re.I)
NUMBERED = re.compile(r"(\d+)\s*-?\s*([a-z]*)", re.I)


def entry_ids(number: str, way: str) -> tuple[str, ...]:
    """The entries a clue number and a direction as written ("ac", "d", "down"; "" for
    either) may name."""
    way = way.lower()
    ways = ("across",) if way in ("a", "ac", "across") else ("down",) if way else ("across", "down")
    return tuple(f"{number}-{w}" for w in ways)


def references(text: str, clues: Sequence[Clue]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The cross-references in a clue's text outside its enumeration: (as written, indexes
    of the clues it names). A run like "4,21" names one linked answer, or else each number
    its own, read in turn; a reference that names no clue, or two, is left out."""
    m = ENUMERATION.search(text)
    body = text[: m.start()] if m else text
    owner = {ident: k for k, c in enumerate(clues) for ident in c.group}

    def named(run: str) -> int | None:
        ids = []
        for number, way in NUMBERED.findall(run):
            ids.append([i for i in entry_ids(number, way) if i in owner])
        whole = {owner[i] for options in ids for i in options if all(any(j in clues[owner[i]].group for j in o) for o in ids)}
        return whole.pop() if all(ids) and len(whole) == 1 else None

    out = []
    for found in REFERENCE.finditer(body):
        run = found.group(1)
        parts = [run] if named(run) is not None else [p.strip() for p in run.split(",")]
        if all(named(part) is not None for part in parts):  # "1,000,000" names nothing, not 1-across
            out.append((run, tuple(named(part) for part in parts)))
    return tuple(out)


def substituted(text: str, refs: Sequence[tuple[str, tuple[int, ...]]], answers: dict[int, str]) -> str | None:
    """The clue with each cross-reference replaced by its answers, written as words (None:
    an answer is not known yet)."""
    if not refs or any(k not in answers for _, ks in refs for k in ks):
        return None
    for written, ks in refs:
        words = " ".join(answers[k].lower() for k in ks)
        text = re.sub(rf"(?<![\w,]){re.escape(written)}(?!\w)", lambda _: words, text, count=1)
    return text


def readable(clue: Clue) -> nodes.Clue | None:
    """The clue parsed, its enumeration taken from the grid when the text has none (plain
    puzzles print none); None when it cannot be read or disagrees with the grid."""
    from cryptic.parse import ClueError, parse_clue

    text = clue.text.strip()
    try:
        parsed = parse_clue(text if enumeration_total(text) is not None else f"{text} ({len(clue.cells)})")
    except ClueError:
        return None
    return parsed if parsed.enumeration.length == len(clue.cells) else None


def candidates(clue: Clue, pattern: str | None, timeout: float, plain: bool = False) -> list[Candidate]:
    """(letters, score, explanation) for a clue, best first; [] when it cannot be read."""
    from cryptic.rank import solve

    parsed = readable(clue)
    if parsed is None or pattern is not None and OPEN not in pattern:
        return []
    if plain:
        return plain_candidates(parsed, pattern)
    try:
        outcome = solve(parsed, pattern, timeout=timeout, depth=PUZZLE_DEPTH)
    except ValueError:
        return []
    return [(s.answer, s.score, s.explanation) for s in outcome.solutions if len(s.answer) == len(clue.cells)][:MAX_CANDIDATES]


MAX_CANDIDATES = 25
# Definition-only answers from only the first few of each definition's candidates: deeper
# ones (which the clue solver alone ranks well by partial wordplay) give the weighted fill
# wrong words that fit each other (guardian-cryptic and ftimes_17095: 178 of 301 cells
# right at 3, 155 at 40 after the first pass, 93 at 40 throughout).
PUZZLE_DEPTH = 3
FITTING = 10  # candidates kept from each re-solve with crossing letters
# A plain clue's definitions score alike, and its answer is often deep among them. Belief
# propagation weighs many against the crossers (guardian-speedy 124 of 124 cells with 100,
# 120 with 25); the earlier greedy fill was lost among them (guardian-quick 23% with 25, 9% with 60).
PLAIN_CANDIDATES = 100


def merged(*pools: Sequence[Candidate]) -> list[Candidate]:
    """Candidates from several pools, each answer once at its best score, best first."""
    best: dict[Letters, tuple[float, str]] = {}
    for pool in pools:
        for w, score, why in pool:
            if score >= best.get(w, (-1.0, ""))[0]:
                best[w] = (score, why)
    return sorted(((w, score, why) for w, (score, why) in best.items()), key=lambda c: (-c[1], c[0]))


def plain_candidates(parsed: nodes.Clue, pattern: str | None) -> list[Candidate]:
    """A plain clue's answers: what the whole clue, or a run of words in it, defines; each
    scored by the chance that an answer so found, at its rank among all the clue's answers
    (crossing letters aside), is right (corpora/plain.json)."""
    from cryptic import thesaurus as th
    from cryptic.rank import RELATIONS
    from cryptic.wordplay import pattern_ok

    key = th.norm(" ".join(parsed.words))
    found = ((rank, c, phrase, share) for rank, (c, phrase, share) in enumerate(plain_ranked(parsed), 1) if pattern_ok(pattern, c.letters))
    chances = sorted(((plain_chance(plain_features(rank, c, th.gloss_overlap(key, c.letters))) * share, c, phrase)
                      for rank, c, phrase, share in itertools.islice(found, 4 * PLAIN_CANDIDATES)), key=lambda f: -f[0])  # fmt: skip
    named = [(c.letters, value, f'{c.letters}: "{phrase}" = definition{f" ({r})" if (r := RELATIONS.get(c.relation, "")) else ""}')
             for value, c, phrase in chances[:PLAIN_CANDIDATES]]  # fmt: skip
    return merged(named, glossed_fits(key, parsed.enumeration, pattern))


# A word that fits the crossing letters, found by no relation, whose glosses use some of a
# plain clue's words ("Line created by rising and falling water", T?D?M?R?: TIDEMARK, "a
# line at the high-water or low-water limits of the tides") is likelier than one that fits
# them only: its chance is this times the share of the clue its glosses use.
GLOSSED_FIT = 0.05


def glossed_fits(key: str, enumeration: nodes.Enumeration, pattern: str | None) -> list[Candidate]:
    """The words fitting a pattern (when few do) whose glosses say some of the phrase."""
    from cryptic import thesaurus as th
    from cryptic.rank import fitting_words

    out = []
    for w in fitting_words(pattern, enumeration):
        if (share := th.gloss_overlap(key, w)) > 0:
            out.append((w, GLOSSED_FIT * share, f'{th.display(w, enumeration)}: its gloss says some of "{key}"'))
    return out


# How much a plain answer's commonness counts against its strength in the order its rank is
# read from: the ratio of the answer score's weights when corpora/plain.json was fitted on
# that rank (0.398 / 2.513); the cryptic score's own refit must not reorder plain answers
# (with its 1.13 / 2.64, lr-325q-quick lost 25 of 88 cells).
PLAIN_FREQUENCY = 0.158
PAST_RELATIONS = "cl"


def plain_ranked(parsed: nodes.Clue) -> list[tuple[th.Candidate, str, float]]:
    """Every answer the clue's spans define, once each at its best: (candidate, the span,
    its share of the clue), in the order of the definition score."""
    from cryptic import thesaurus as th

    best: dict[Letters, tuple[float, th.Candidate, str, float]] = {}
    for span, share in plain_spans(parsed.words):
        phrase = " ".join(span)
        for c in th.definitions(phrase, parsed.enumeration):
            if c.relation in PAST_RELATIONS:
                continue
            value = c.strength * share + PLAIN_FREQUENCY * c.frequency / 8
            if value > best.get(c.letters, (0.0,))[0]:
                best[c.letters] = (value, c, phrase, share)
    return [(c, phrase, share) for _, c, phrase, share in sorted(best.values(), key=lambda f: -f[0])]


# Relations grouped as the fit sees them (cryptic.thesaurus codes; synonyms are the baseline).
PLAIN_GROUPS = {"kind": "oqx", "instance": "i", "broader": "h", "gloss": "g", "two_steps": "2", "other": "adp"}


def plain_features(rank: int, c: th.Candidate, overlap: float) -> dict[str, float]:
    """What a plain answer's chance is fitted on: its rank, strength, frequency and relation,
    and how much of the clue its glosses say (`thesaurus.gloss_overlap`)."""
    return {"log_rank": math.log(rank), "strength": c.strength, "frequency": c.frequency / 8, "overlap": overlap,
            **{g: float(c.relation in codes) for g, codes in PLAIN_GROUPS.items()}}  # fmt: skip


def plain_chance(features: Mapping[str, float]) -> float:
    """The chance a plain answer with these features is right (logistic; corpora/plain.json)."""
    from cryptic.lexicon import number_table

    w = number_table("plain.json")
    z = w["bias"] + sum(w[k] * v for k, v in features.items())
    return 1 / (1 + math.exp(-z))


def plain_spans(words: Words) -> Iterator[tuple[Words, float]]:
    """The spans a plain clue's answer may define, with how much of the clue each is: the
    whole clue, then every run of up to three words starting and ending with a content
    word ("Procession of vehicles carrying politicians" -> "Procession of vehicles")."""
    from cryptic.thesaurus import FUNCTION_WORDS

    yield words, 1.0
    content = [w.lower() not in FUNCTION_WORDS for w in words]
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + 3) + 1):
            if (i, j) != (0, len(words)) and content[i] and content[j - 1]:
                yield words[i:j], 0.5 + 0.5 * (j - i) / len(words)


def pattern_of(cells: Sequence[Cell], letters: dict[Cell, str]) -> str:
    """The crossing letters known so far, '.' elsewhere."""
    return "".join(letters.get(cell, OPEN) for cell in cells)


# ---------------------------------------------------------------- crossing letters as evidence

# Each clue's answer is uncertain: its candidates hold most of the chance (their scores,
# about the chance each is right), and every other word of its length and word breaks shares
# the rest. Crossing entries must agree on their shared cells. Loopy belief propagation
# (as Proverb solved the New York Times puzzles) passes each clue's belief about its letters to
# the clues crossing it, so a weak candidate that agrees with its crossers rises and one
# that clashes with sure answers falls, without committing to any answer early: a wrong
# answer placed first would feed wrong letters to every crossing clue.
MASS = 0.95  # most of a clue's chance its candidates may hold: the answer may be none of them
# A word outside the candidates weighs LEXICON_BASE ** its Zipf frequency (a word's share of
# the words fitting true crossing letters, so weighted, matched how often it was right).
# The loop as a whole (seven cryptic, tenth session): 59.9% of cells at 2, 62.0% at 2.5,
# 60.1% at 3. Since the candidates have grown (eighteenth session), flatter is better: 582
# cells at 0.8, 586 at 1.0 and 1.1, 585 at 1.25, 582 at 1.5, 579 at 2, 581 at 2.5; the
# lexicon's common words, fitting each other, had outweighed the clues' own answers.
LEXICON_BASE = 1.1
# A candidate's chance is scaled by this when the lexicon spells it only with other word
# breaks than the enumeration's (REQUIRED for (2,6), ACHING for "(1,5)"): scored down by the
# solver or not, a grid's crossers pull such answers in (seven cryptic puzzles, eleventh
# session's code: three chosen so, all wrong; OF COURSE and GREASEPAINT were candidates).
MISFIT_IN_GRID = 0.01
ITERATIONS = 30
DAMPING = 0.5  # each message keeps half its old value: loopy propagation can oscillate
BELIEFS = 5  # each clue's likeliest answers offered to the fill


@functools.lru_cache(maxsize=64)
def lexicon_domain(length: int, parts: tuple[int, ...] | None, joined: bool) -> tuple[tuple[Letters, ...], object, Mapping[Letters, int], object]:
    """The lexicon's answers of a length that may have these word breaks (`joined`: a
    hyphenated answer may be one word, RE-ENGAGE as REENGAGE), their weights (LEXICON_BASE **
    frequency, as shares of all the length's answers: the frequency list rates phrases like
    "be unseen" as common as words), each one's position, and their letters (`letter_array`)."""
    import numpy as np

    from cryptic import thesaurus as th

    table = th.lexicon(length)
    weight = {w: LEXICON_BASE ** max(f for _, f, _ in v) for w, v in table.items()}
    total = sum(weight.values()) or 1.0
    words = tuple(w for w, v in table.items() if parts is None or any(th.breaks_fit(p, parts, joined) for p, _, _ in v))
    shares, letters = np.array([weight[w] / total for w in words]), letter_array(words, length)
    for array in (shares, letters):
        array.setflags(write=False)  # shared by every caller of the cache
    return words, shares, MappingProxyType({w: i for i, w in enumerate(words)}), letters


def letter_array(words: Sequence[Letters], length: int):
    """Words of one length as an array of letters (words x positions, 0-25)."""
    import numpy as np

    if not words:
        return np.zeros((0, length), np.uint8)
    return np.frombuffer("".join(words).encode("ascii"), np.uint8).reshape(len(words), length) - 65


def domain(pool: Sequence[Candidate], length: int, enumeration: nodes.Enumeration | None, pattern: str | None = None):
    """A clue's possible answers (its candidates, then the lexicon's other words; those that
    fit the pattern, when given), their log prior chances, and their letters as an array
    (answers x positions, 0-25)."""
    import numpy as np

    from cryptic import thesaurus as th

    parts = enumeration.parts if enumeration is not None else None
    words, weights, where, known = lexicon_domain(length, parts, enumeration is not None and "," not in enumeration.separators)
    misfit = lambda w: enumeration is not None and th.other_breaks(w, enumeration)
    pool = [(w, score * (MISFIT_IN_GRID if misfit(w) else 1.0)) for w, score, _ in pool if len(w) == length]
    total = sum(score for _, score in pool)
    scale = min(1.0, MASS / total) if total > 0 else 1.0
    extra = [w for w, _ in pool if w not in where]
    after = {w: len(words) + i for i, w in enumerate(extra)}
    prior = np.concatenate((weights * (1.0 - scale * total), np.zeros(len(extra))))
    for w, score in pool:
        j = where[w] if w in where else after[w]
        prior[j] = max(prior[j], score * scale)
    every = words + tuple(extra)
    letters = np.concatenate((known, letter_array(extra, length)))
    if pattern is not None:
        fit = np.ones(len(every), bool)
        for i, ch in enumerate(pattern):
            if ch != OPEN:
                fit &= letters[:, i] == ord(ch) - 65
        every, prior, letters = tuple(w for w, ok in zip(every, fit.tolist()) if ok), prior[fit], letters[fit]
    return every, np.log(np.maximum(prior, 1e-300)), letters


def beliefs(clues: Sequence[Clue], pools: Sequence[Sequence[Candidate]], enumerations: Sequence[nodes.Enumeration | None],
            patterns: Sequence[str | None] | None = None, iterations: int = ITERATIONS) -> list[list[Candidate]]:  # fmt: skip
    """Each clue's likeliest answers given its candidates and its crossers' beliefs (loopy
    belief propagation over the shared cells), as candidates scored by belief, best first;
    with patterns, only answers that fit them."""
    import numpy as np

    from cryptic import thesaurus as th

    patterns = patterns or [None] * len(clues)
    domains = [domain(pool, len(c.cells), e, pat) for c, pool, e, pat in zip(clues, pools, enumerations, patterns)]
    where: dict[Cell, list[tuple[int, int]]] = {}
    for k, c in enumerate(clues):
        for i, cell in enumerate(c.cells):
            where.setdefault(cell, []).append((k, i))
    crossing = {(k, i): next(o for o in occ if o != (k, i)) for occ in where.values() if len(occ) == 2 for k, i in occ}
    inbox = {key: np.zeros(26) for key in crossing}  # log message into (clue, position) from its crosser

    def log_belief(k: int):
        _, prior, letters = domains[k]
        out = prior.copy()
        for i in range(letters.shape[1]):
            if (k, i) in inbox:
                out += inbox[(k, i)][letters[:, i]]
        return out

    for step in range(iterations):
        sent = {}
        for k, (_, _, letters) in enumerate(domains):
            if not len(letters):
                continue
            b = log_belief(k)
            for i in range(letters.shape[1]):
                if (k, i) in crossing:
                    without = b - inbox[(k, i)][letters[:, i]]  # what the crosser told it is not sent back
                    mass = np.bincount(letters[:, i], weights=np.exp(without - without.max()), minlength=26) + 1e-12
                    sent[crossing[(k, i)]] = np.log(mass / mass.sum())
        for key, message in sent.items():
            mixed = np.logaddexp(math.log(DAMPING) + inbox[key], math.log(1 - DAMPING) + message) if step else message
            inbox[key] = mixed - np.logaddexp.reduce(mixed)
    why = [{w: text for w, _, text in pool} for pool in pools]
    out = []
    for k, (words, _, letters) in enumerate(domains):
        if not len(letters):
            out.append([])
            continue
        b = log_belief(k)
        b = np.exp(b - b.max())
        b /= b.sum()
        best = np.argsort(-b, kind="stable")[:BELIEFS].tolist()
        out.append([(words[j], float(b[j]), why[k].get(words[j]) or f"{th.display(words[j], enumerations[k])}: fits the crossing letters; wordplay not found")
                    for j in best])  # fmt: skip
    return out


# The loop: believe, fill, then re-solve every clue not yet sure of its answer with the
# letters its surer crossers put in its cells; the answers found that way join its candidates.
ROUNDS = 8
SURE = 0.9  # a clue believed this much is not re-solved
KNOWN = 0.5  # a crossing answer believed this much lends its letters to a re-solve's pattern
TRUST_CAP = 0.9  # the most a named answer is trusted when a clue is read with it written in


def solve_puzzle(p: Puzzle, timeout: float = 120.0, min_confidence: float = 0.0, jobs: int = 2) -> tuple[dict[Cell, str], list[tuple[Clue, Answer | None]]]:
    """Solve a whole puzzle: letters by cell, and each clue's answer (None: left open)."""
    from cryptic import thesaurus

    thesaurus.warm()  # on a fresh machine the first call builds the index: that is not the puzzle's time
    start = time.monotonic()
    deadline = start + timeout
    p = without_solutions(p)
    clues = clues_of(p)
    enums = [getattr(readable(c), "enumeration", None) for c in clues]
    per_clue = max(0.5, min(8.0, 0.4 * timeout / max(1, len(clues)) * jobs))
    pools = list(solve_all(clues, [None] * len(clues), per_clue, jobs, p.plain))
    tried: set[tuple[int, str]] = set()  # (clue, pattern or substituted text) pairs already re-solved
    refs = [references(c.text, clues) for c in clues]
    for round_ in range(ROUNDS + 1):
        believed = anchored(beliefs(clues, pools, enums), pools)
        chosen = cell_fill(clues, believed, min(deadline, time.monotonic() + 0.05 * timeout), 0.0)
        if round_ == ROUNDS or time.monotonic() > deadline - per_clue:
            break
        sure = lending(chosen, believed, pools)
        todo_open = []
        for k, clue in enumerate(clues):
            verified = bool(pools[k]) and pools[k][0][1] >= SURE  # pools are best first
            if verified or k in chosen and believed[k][chosen[k]][1] >= SURE:
                continue
            pat = pattern_of(clue.cells, placed(clues, believed, {j: v for j, v in sure.items() if j != k}))
            if OPEN in pat and pat != OPEN * len(pat) and (k, pat) not in tried:
                todo_open.append((k, pat))
        crossed = cross_referenced(clues, refs, believed, chosen, enums)
        crossed = [(k, c, pat, trust) for k, c, pat, trust in crossed if (k, c.text + (pat or "")) not in tried]
        if not todo_open and not crossed:
            break
        tried.update(todo_open)
        tried.update((k, c.text + (pat or "")) for k, c, pat, _ in crossed)
        todo = [(clues[k], pat) for k, pat in todo_open] + [(c, pat) for _, c, pat, _ in crossed]
        budget = max(0.3, min(per_clue, (deadline - time.monotonic()) / max(1, len(todo)) * jobs * 0.5))
        fresh = list(solve_all([c for c, _ in todo], [pat for _, pat in todo], budget, jobs, p.plain))
        for (k, _), extra in zip(todo_open, fresh):
            pools[k] = merged(pools[k], extra[:FITTING])
        for (k, _, _, trust), extra in zip(crossed, fresh[len(todo_open):]):
            # Read with another answer in it, a clue is only as sure as that answer.
            pools[k] = merged(pools[k], [(w, score * trust, why) for w, score, why in extra[:FITTING]])
    if p.plain:
        believed, chosen = likelier_fill(clues, pools, believed, chosen, min(deadline, time.monotonic() + 0.05 * timeout))
    if len(chosen) < len(clues):
        # A light left open is always wrong: fill it with the likeliest words that fit the
        # letters placed across it, if any.
        believed = refills(clues, pools, enums, believed, chosen)
        chosen = cell_fill(clues, believed, time.monotonic() + 0.02 * timeout, 0.0)
    picked = {k: believed[k][v] for k, v in chosen.items()}
    sureness = confidences(clues, pools, picked)
    letters: dict[Cell, str] = {}
    answers: list[tuple[Clue, Answer | None]] = []
    for k, clue in enumerate(clues):
        if k in chosen:
            word, _, why = picked[k]
            if (score := sureness[k]) >= min_confidence:
                for cell, ch in zip(clue.cells, word):
                    letters[cell] = ch
                answers.append((clue, Answer(clue.group, word, score, why)))
                continue
        answers.append((clue, None))
    return letters, answers


def confidences(clues: Sequence[Clue], pools: Sequence[Sequence[Candidate]], picked: Mapping[int, Candidate]) -> dict[int, float]:
    """How sure each placed answer is: its belief, times, for a word its own clue did not
    give, the mean belief of the crossing answers it was fitted to (guardian-quick's
    MEPHITIC, the one word fitting four crossers their clues hardly supported, had belief 1.00)."""
    at: dict[Cell, list[int]] = {}
    for k in picked:
        for cell in clues[k].cells:
            at.setdefault(cell, []).append(k)
    out = {}
    for k, (word, belief, _) in picked.items():
        if given(pools[k], word):
            out[k] = belief
            continue
        crossers = [picked[j][1] for cell in clues[k].cells for j in at[cell] if j != k]
        out[k] = belief * (sum(crossers) / len(crossers) if crossers else 0.0)
    return out


def refills(clues: Sequence[Clue], pools: Sequence[Sequence[Candidate]], enumerations: Sequence[nodes.Enumeration | None],
            believed: Sequence[list[Candidate]], chosen: Mapping[int, int]) -> list[list[Candidate]]:  # fmt: skip
    """Each placed light's answer alone, and for each open one the likeliest words that fit
    the letters placed across it, but the words placed already (no word goes in twice)."""
    found = placed(clues, believed, chosen)
    refilled = beliefs(clues, pools, enumerations, [pattern_of(c.cells, found) for c in clues])
    taken = {believed[k][v][0] for k, v in chosen.items()}
    return [[believed[k][chosen[k]]] if k in chosen else [c for c in refilled[k] if c[0] not in taken] for k in range(len(clues))]


def lending(chosen: Mapping[int, int], believed: Sequence[list[Candidate]], pools: Sequence[Sequence[Candidate]]) -> dict[int, int]:
    """The placed answers whose letters a re-solve may take: believed at least KNOWN, and
    given by their own clue (one that merely fits its crossers is believed through them,
    and would lock a wrong crosser in)."""
    return {k: v for k, v in chosen.items() if believed[k][v][1] >= KNOWN and given(pools[k], believed[k][v][0])}


def given(pool: Sequence[Candidate], word: Letters) -> bool:
    """Did the clue itself give the word (not only the crossing letters)?"""
    return any(w == word for w, _, _ in pool)


# A plain puzzle's loop can settle on a fill its clues hardly support (guardian-quick: its
# beliefs, not its candidates, lost it): the fill straight from each clue's first candidates,
# weighed by log-odds, replaces it when the clues' own scores make it likelier.
DIRECT_CANDIDATES = 30
DIRECT_FLOOR = 8.0  # a candidate's weight: its log-ratio to its clue's average candidate, plus this (kept above 0)
UNSUPPORTED = 1e-4  # the chance a clue gives a word not among its candidates


def likelier_fill(clues: Sequence[Clue], pools: Sequence[Sequence[Candidate]], believed: list[list[Candidate]], chosen: dict[int, int],
                  deadline: float) -> tuple[list[list[Candidate]], dict[int, int]]:  # fmt: skip
    """The loop's fill, or the fill straight from the clues' candidates if the clues' own
    scores make that likelier (a light left open counts as a word no clue supports)."""
    tops = [list(pool[:DIRECT_CANDIDATES]) for pool in pools]
    weighed = []
    for top in tops:
        total = sum(score for _, score, _ in top) or 1.0
        weighed.append([(w, max(0.0, math.log(score / total * len(top) + 1e-12) + DIRECT_FLOOR), "") for w, score, _ in top])
    direct = weighted_fill([c.cells for c in clues], weighed, deadline, 0.0)  # the best found by the deadline
    scores = [{w: score for w, score, _ in pool} for pool in pools]

    def likelihood(words: Mapping[int, Letters]) -> float:
        return sum(math.log(max(scores[k].get(words.get(k, ""), 0.0), UNSUPPORTED)) for k in range(len(clues)))

    loop = {k: believed[k][v][0] for k, v in chosen.items()}
    straight = {k: tops[k][v][0] for k, v in direct.items()}
    if likelihood(straight) <= likelihood(loop):
        return believed, chosen
    return tops, direct


def anchored(believed: Sequence[list[Candidate]], pools: Sequence[Sequence[Candidate]]) -> list[list[Candidate]]:
    """Each clue's likeliest answers, with a verified answer (its clue alone scores it SURE)
    first and at least as sure as its clue says: crossers believed wrongly can outvote
    one in propagation (guardian-cryptic lost COAT, verified at 0.99, to TAKE at 0.26)."""
    out = []
    for believed_k, pool in zip(believed, pools):
        if pool and pool[0][1] >= SURE:
            word, score, why = pool[0]
            belief = next((b for w, b, _ in believed_k if w == word), 0.0)
            believed_k = [(word, max(score, belief), why)] + [c for c in believed_k if c[0] != word][: BELIEFS - 1]
        out.append(list(believed_k))
    return out


def cell_fill(clues: Sequence[Clue], pools: Sequence[list[Candidate]], deadline: float, floor: float) -> dict[int, int]:
    """The weighted fill that expects the most right cells: each candidate at least `floor`
    weighs its score times its length. Clue index -> chosen pool index."""
    keep = [[v for v, c in enumerate(pool) if c[1] >= floor] for pool in pools]
    weighed = [[(pools[k][v][0], pools[k][v][1] * len(clues[k].cells), "") for v in vs] for k, vs in enumerate(keep)]
    return {k: keep[k][v] for k, v in weighted_fill([c.cells for c in clues], weighed, deadline, 0.0).items()}


def cross_referenced(clues: Sequence[Clue], refs: Sequence[tuple[tuple[str, tuple[int, ...]], ...]], pools: Sequence[list[Candidate]],
                     chosen: dict[int, int], enumerations: Sequence[nodes.Enumeration | None]) -> list[tuple[int, Clue, str | None, float]]:  # fmt: skip
    """The clues whose cross-references all name placed answers, read with those answers in
    place, alone and with the crossing letters the other answers give: (clue index, the
    clue so read, those letters or None, how sure the named answers are)."""
    from cryptic import thesaurus as th

    shown = {k: th.display(pools[k][v][0], enumerations[k]) for k, v in chosen.items()}
    out = []
    for k, r in enumerate(refs):
        text = substituted(clues[k].text, r, shown)
        if text is None:
            continue
        pattern = pattern_of(clues[k].cells, placed(clues, pools, {j: v for j, v in chosen.items() if j != k}))
        if OPEN not in pattern:
            continue
        trust = math.prod(min(pools[j][chosen[j]][1], TRUST_CAP) for _, js in r for j in js)
        read = replace(clues[k], text=text)
        # Read alone too: crossers placed wrongly must not hide an answer the clue verifies.
        out.append((k, read, None, trust))
        if pattern != OPEN * len(pattern):
            out.append((k, read, pattern, trust))
    return out


def placed(clues: Sequence[Clue], pools: Sequence[list], chosen: dict[int, int]) -> dict[Cell, str]:
    """The letters of the chosen candidates, by cell."""
    letters: dict[Cell, str] = {}
    for k, v in chosen.items():
        for cell, ch in zip(clues[k].cells, pools[k][v][0]):
            letters[cell] = ch
    return letters


def _solve_one(item: tuple[Clue, str | None, float, bool]) -> list[Candidate]:
    return candidates(*item)


def solve_all(clues: Sequence[Clue], patterns: Sequence[str | None], timeout: float, jobs: int, plain: bool = False) -> Iterator[list[Candidate]]:
    """Candidates for each clue, in order, solved in `jobs` processes."""
    items = [(c, pat, timeout, plain) for c, pat in zip(clues, patterns)]
    if jobs <= 1 or len(items) <= 1:
        yield from map(_solve_one, items)
        return
    import multiprocessing

    # solve_puzzle opened the thesaurus index before forking: the workers share it.
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_solve_one, items, chunksize=1)


def grid_rows(p: Puzzle, letters: dict[Cell, str]) -> list[str]:
    """Rows with '#' for blocks, letters, and '.' for unknown cells."""
    return ["".join(BLOCK if ch == BLOCK else letters.get((r, c), OPEN) for c, ch in enumerate(row)) for r, row in enumerate(p.grid.rows)]


def solution_letters(p: Puzzle) -> dict[Cell, str]:
    """The puzzle's solution letters by cell, where its entries give them."""
    return {cell: ch for e in p.entries for cell, ch in zip(e.cells, e.solution or "")}


def check(p: Puzzle, letters: dict[Cell, str]) -> tuple[float, float] | None:
    """(% of cells, % of entries) correct against the puzzle's solutions, if it has them."""
    if not all(e.solution and len(e.solution) == len(e.cells) for e in p.entries):
        return None
    truth = solution_letters(p)
    cells = sum(letters.get(cell) == ch for cell, ch in truth.items()) / len(truth)
    entries = sum(all(letters.get(cell) == ch for cell, ch in zip(e.cells, e.solution)) for e in p.entries) / len(p.entries)
    return 100 * cells, 100 * entries
