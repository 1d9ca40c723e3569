"""Puzzle files: Guardian JSON, .puz and .ipuz read into one Puzzle (entries, cells, linked
clues), and a filled grid checked against the file's solution."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cryptic.data import read_limited
from cryptic.grid import BLOCK, OPEN, Cell, Grid, GridError, grid_from_entries
from cryptic.nodes import Letters
from cryptic.parse import unmarked
from cryptic.tuning import MAX_SIDE, PLAIN_WORDS


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
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE) or not raw_entries:
        raise PuzzleError(f"{path}: grid of {cols}x{rows} with {len(raw_entries)} entries is not a puzzle")
    entries = []
    for e in raw_entries:
        try:
            ident, direction, length, number = str(e["id"]), str(e["direction"]), int(e["length"]), int(e.get("number", 0))
            x, y = int(e["position"]["x"]), int(e["position"]["y"])
        except (KeyError, TypeError, ValueError):
            raise PuzzleError(f"{path}: an entry's id, number, direction, length or position is missing or unreadable: {str(e)[:80]}") from None
        if direction not in ("across", "down"):
            raise PuzzleError(f"{path}: entry {ident} has direction {direction!r}")
        if length < 1:
            raise PuzzleError(f"{path}: entry {ident} has length {length}")
        group, solution = e.get("group") or [ident], e.get("solution")
        entries.append(Entry(ident, number, direction, unmarked(str(e.get("clue") or "")), cells_of(x, y, direction, length),
                             tuple(map(str, group)) if isinstance(group, list) else (str(group),),
                             re.sub(r"[^A-Z]", "", solution.upper()) if isinstance(solution, str) else None))  # fmt: skip
    plain = str(data.get("crosswordType", "")).lower() in PLAIN_TYPES or looks_plain(entries)
    return checked(path, Puzzle(build_grid(path, cols, rows, entries), linked(entries), plain))


PLAIN_TYPES = frozenset(("quick", "speedy", "concise"))  # the Guardian's crosswordType of plain puzzles


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
            entries.append(Entry(ident, item["num"], direction, unmarked(item["clue"]), cells_of(c, r, direction, length), (ident,),
                                 sol if sol and "-" not in sol else None))  # fmt: skip
    return checked(path, Puzzle(build_grid(path, p.width, p.height, entries), linked(entries), looks_plain(entries)))


def from_ipuz(path: str, text: str) -> Puzzle:
    """A puzzle from an .ipuz file (validated by the ipuz package; its solution read here, as
    Crossword Compiler writes it too: {"value": "C", "cell": 1}, which the package refuses)."""
    import ipuz

    try:
        raw = json.loads(text)
        try:
            data = ipuz.read(text)
        except ipuz.IPUZException as e:  # a solution the package's strict check refuses: read the puzzle without it
            if "solution" not in str(e):
                raise
            data = ipuz.read(json.dumps({k: v for k, v in raw.items() if k != "solution"}))
        cols, rows = int(data["dimensions"]["width"]), int(data["dimensions"]["height"])
        layout, solution = data["puzzle"], raw.get("solution")  # the file's own: the package's data lacks a refused one
    except Exception:  # ipuz raises IPUZException and others on bad files
        raise PuzzleError(f"{path}: not a readable .ipuz file") from None
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise PuzzleError(f"{path}: a grid of {cols}x{rows} is not a puzzle (at most {MAX_SIDE} a side)")
    if not shaped(layout, rows, cols):
        raise PuzzleError(f"{path}: the puzzle grid is not {cols} wide and {rows} high, as its dimensions say")
    if solution is not None and not shaped(solution, rows, cols):
        raise PuzzleError(f"{path}: the solution grid is not {cols} wide and {rows} high, as its dimensions say")
    cell = lambda r, c: layout[r][c].get("cell", 0) if isinstance(layout[r][c], dict) else layout[r][c]
    block = data.get("block", "#")
    is_open = lambda r, c: 0 <= r < rows and 0 <= c < cols and cell(r, c) not in (block, None)
    clues = {direction.split(":")[0].strip().lower(): dict(numbered_clue(path, direction, x) for x in items)
             for direction, items in data.get("clues", {}).items()}  # fmt: skip
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
                    number = 0
                if number < 1:
                    raise PuzzleError(f"{path}: the light at row {r + 1}, column {c + 1} has no number")
                ident = f"{number}-{direction}"
                sol = "".join(solution_letter(solution[r + dr * k][c + dc * k]) for k in range(length)) if solution else ""
                entries.append(Entry(ident, number, direction, str(clues.get(direction, {}).get(number, "")), cells_of(c, r, direction, length), (ident,),
                                     sol if len(sol) == length else None))  # fmt: skip
    return checked(path, Puzzle(build_grid(path, cols, rows, entries), linked(entries), looks_plain(entries)))


def shaped(grid: object, rows: int, cols: int) -> bool:
    """Is an .ipuz grid a list of `rows` rows of `cols` cells each?"""
    return isinstance(grid, list) and len(grid) == rows and all(isinstance(row, list) and len(row) == cols for row in grid)


def solution_letter(value: object) -> str:
    """An .ipuz solution cell's letter, upper case ("c" or {"value": "C"}); "" when it holds
    none (a block, an empty or a rebus cell), so the light has no solution.

    >>> solution_letter({"value": "c", "cell": 1}), solution_letter("#"), solution_letter(None)
    ('C', '', '')
    """
    letter = value.get("value") if isinstance(value, dict) else value
    return letter.upper() if isinstance(letter, str) and len(letter) == 1 and letter.isalpha() else ""


def numbered_clue(path: str, direction: str, item: object) -> tuple[int, str]:
    """An .ipuz clue as (its number, its text), or a PuzzleError naming it."""
    number = item[0] if isinstance(item, list) and item else item.get("number") if isinstance(item, dict) else None
    try:
        return int(str(number)), ipuz_clue(item)
    except (TypeError, ValueError, IndexError, AttributeError):
        raise PuzzleError(f"{path}: a clue in {direction} has no number: {str(item)[:60]}") from None


def ipuz_clue(item: list | dict) -> str:
    """An .ipuz clue's text, with its "enumeration" field written as the clue's enumeration
    when the text has none (a quick puzzle's "Quarrelling" with "2 11": AT LOGGERHEADS is two
    words, not one of 13 letters).

    >>> ipuz_clue({"number": 8, "clue": "Quarrelling", "enumeration": "2 11"}), ipuz_clue([1, "Feline (3)"])
    ('Quarrelling (2,11)', 'Feline (3)')
    """
    if isinstance(item, list):
        return unmarked(str(item[1]))
    text, written = unmarked(str(item.get("clue", ""))), str(item.get("enumeration") or "").strip()
    spaced = re.sub(r"\s*([,\-'’–])\s*|\s+", lambda m: m.group(1) or ",", written)  # "2 11": (2,11); "3 - 4": (3-4)
    given = f"{text} ({spaced})"
    return given if enumeration_total(text) is None and enumeration_total(given) is not None else text  # ENUMERATION judges both


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
