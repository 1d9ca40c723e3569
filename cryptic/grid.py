"""Grids and word lists: grids read from text and puzzle files, their slots (lights), word lists,
and the fill as a constraint problem whose domains are bitsets over each slot's words (the
words fitting a pattern are the AND of one bitset per known letter, never a scan)."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from cryptic.tuning import SMALL

BLOCK = "#"


OPEN = "."


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


Cell = tuple[int, int]  # row, column


class GridError(ValueError):
    """Unreadable grid or word list; the message names the line."""


@dataclass(frozen=True, slots=True)
class Slot:
    """A light: its number, direction and cells."""

    number: int
    direction: str  # "across" or "down"
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Grid:
    """Rows of cells: '#' block, '.' open, A-Z a seeded letter."""

    rows: tuple[str, ...]


def read_grid(text: str, source: str = "grid") -> Grid:
    """A grid from text: '#' or space a block, '.' or '_' open, A-Z seeded; rows equal length."""
    lines = [ln.rstrip("\r\n") for ln in text.splitlines()]
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        raise GridError(f"{source}: empty grid")
    width = len(lines[0])
    rows = []
    for n, line in enumerate(lines, 1):
        if len(line) != width:
            raise GridError(f"{source}:{n}: row has {len(line)} cells, the first has {width}")
        row = []
        for col, ch in enumerate(line):
            if ch in "# ":
                row.append(BLOCK)
            elif ch in "._":
                row.append(OPEN)
            elif ch.isalpha() and ch.upper() in ALPHABET:
                row.append(ch.upper())
            else:
                raise GridError(f"{source}:{n}: unknown character {ch!r} in column {col + 1}")
        rows.append("".join(row))
    grid = Grid(tuple(rows))
    if not slots(grid):
        raise GridError(f"{source}: the grid has no slots (no run of two or more open cells)")
    return grid


def grid_from_entries(cols: int, rows: int, entries: Iterable[tuple[int, int, str, int]]) -> Grid:
    """A grid whose open cells are those of the given entries (x, y, direction, length)."""
    cells = [[BLOCK] * cols for _ in range(rows)]
    for x, y, direction, length in entries:
        dx, dy = (1, 0) if direction == "across" else (0, 1)
        for k in range(length):
            cx, cy = x + k * dx, y + k * dy
            if not (0 <= cx < cols and 0 <= cy < rows):
                raise GridError(f"entry at ({x},{y}) {direction} runs off the {cols}x{rows} grid")
            cells[cy][cx] = OPEN
    return Grid(tuple("".join(r) for r in cells))


@functools.lru_cache(maxsize=64)
def slots(grid: Grid) -> tuple[Slot, ...]:
    """The grid's lights, numbered as printed: runs of two or more open cells (a cell
    crossed by one light only is part of that light, not a one-letter slot)."""
    rows = grid.rows
    h, w = len(rows), len(rows[0]) if rows else 0
    is_open = lambda r, c: 0 <= r < h and 0 <= c < w and rows[r][c] != BLOCK
    found: list[Slot] = []
    number = 0
    for r in range(h):
        for c in range(w):
            if not is_open(r, c):
                continue
            across = not is_open(r, c - 1) and is_open(r, c + 1)
            down = not is_open(r - 1, c) and is_open(r + 1, c)
            if across or down:
                number += 1
            for ok, dr, dc, name in ((across, 0, 1, "across"), (down, 1, 0, "down")):
                if ok:
                    cells = []
                    rr, cc = r, c
                    while is_open(rr, cc):
                        cells.append((rr, cc))
                        rr, cc = rr + dr, cc + dc
                    found.append(Slot(number, name, tuple(cells)))
    return tuple(found)


def light(rows: Sequence[str], s: Slot) -> str:
    """What the rows hold in a slot's cells ('.' where open)."""
    return "".join(rows[r][c] for r, c in s.cells)


def slot_name(s: Slot) -> str:
    """'1 across'."""
    return f"{s.number} {s.direction}"


@dataclass(frozen=True, slots=True)
class WordList:
    """Words of one length, best first, with their bitset index by position and letter."""

    words: tuple[str, ...]
    scores: tuple[float, ...]
    index: tuple[tuple[int, ...], ...]  # index[pos][letter] -> bitset of words
    position: dict = field(compare=False, hash=False)  # word -> its bit number
    codes: tuple[bytes, ...] = ()  # codes[pos][bit] -> the word's letter there, 0..25


def normal_word(text: str) -> str:
    """A word list entry as A-Z letters.

    >>> normal_word("ice-cream")
    'ICECREAM'
    """
    return re.sub(r"[^A-Z]", "", text.upper())


def read_words(path: str, min_score: float = 0.0) -> dict[str, float]:
    """word -> score from a plain (one per line) or scored ('word;score') list."""
    try:
        raw = open(path, "rb").read()
    except OSError as e:
        raise GridError(f"cannot read word list {path}: {e.strerror}") from None
    if b"\0" in raw[:4096]:
        raise GridError(f"{path}: binary file, not a word list")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    words: dict[str, float] = {}
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, sep, score = line.partition(";")
        value = 50.0
        if sep:
            try:
                value = float(score)
            except ValueError:
                raise GridError(f"{path}:{n}: score {score.strip()!r} is not a number") from None
        if value < min_score:
            continue
        w = normal_word(word)
        if len(w) >= 2 and value > words.get(w, -math.inf):
            words[w] = value
    if not words:
        raise GridError(f"{path}: no words{f' with score at least {min_score:g}' if min_score else ''}")
    return words


def word_list(pairs: Iterable[tuple[str, float]]) -> WordList:
    """Index words of one length (best score first)."""
    ordered = sorted(pairs, key=lambda ws: (-ws[1], ws[0]))
    words = tuple(w for w, _ in ordered)
    n = len(words[0]) if words else 0
    index = [[0] * 26 for _ in range(n)]
    for bit, w in enumerate(words):
        mask = 1 << bit
        for pos, ch in enumerate(w):
            index[pos][ord(ch) - 65] |= mask
    codes = tuple(bytes(ord(w[pos]) - 65 for w in words) for pos in range(n))
    return WordList(words, tuple(s for _, s in ordered), tuple(tuple(row) for row in index), {w: i for i, w in enumerate(words)}, codes)


def lists_by_length(words: dict[str, float], lengths: Iterable[int]) -> dict[int, WordList]:
    """A WordList for each length needed."""
    wanted = set(lengths)
    buckets: dict[int, list[tuple[str, float]]] = {n: [] for n in wanted}
    for w, s in words.items():
        if len(w) in buckets:
            buckets[len(w)].append((w, s))
    return {n: word_list(b) for n, b in buckets.items()}


@dataclass(frozen=True, slots=True)
class Problem:
    """Slots, each with its word list and initial domain, and the crossings between them."""

    slots: tuple[Slot, ...]
    lists: tuple[WordList, ...]
    domains: tuple[int, ...]
    crossings: tuple[tuple[tuple[int, int, int], ...], ...]  # per slot: (other, my pos, its pos)


def pattern_bits(wl: WordList, pattern: str) -> int:
    """The words of a list fitting a pattern ('.' unknown): an AND of bitsets."""
    bits = (1 << len(wl.words)) - 1
    for pos, ch in enumerate(pattern):
        if ch != OPEN:
            bits &= wl.index[pos][ord(ch) - 65]
    return bits


def crossings(lights: Sequence[Sequence[Cell]]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each light (its cells), (other light, my position, its position) at each shared cell."""
    by_cell: dict[Cell, list[tuple[int, int]]] = {}
    for k, cells in enumerate(lights):
        for pos, cell in enumerate(cells):
            by_cell.setdefault(cell, []).append((k, pos))
    return tuple(
        tuple((other, pos, opos) for pos, cell in enumerate(cells) for other, opos in by_cell[cell] if other != k)
        for k, cells in enumerate(lights)
    )  # fmt: skip


def problem(grid: Grid, lists: Sequence[WordList]) -> Problem:
    """The constraint problem of filling the grid with one word list per slot."""
    ss = slots(grid)
    domains = tuple(pattern_bits(wl, light(grid.rows, s)) for s, wl in zip(ss, lists))
    return Problem(ss, tuple(lists), domains, crossings([s.cells for s in ss]))


def letters_at(wl: WordList, domain: int, pos: int) -> int:
    """A 26-bit mask of the letters the domain's words have at a position."""
    mask = 0
    if domain.bit_count() <= SMALL:  # few words: read their letters rather than test 26 bitsets
        codes = wl.codes[pos]
        while domain:
            low = domain & -domain
            mask |= 1 << codes[low.bit_length() - 1]
            domain ^= low
        return mask
    for c, bits in enumerate(wl.index[pos]):
        if domain & bits:
            mask |= 1 << c
    return mask


def set_bits(bits: int) -> Iterator[int]:
    """Yield the numbers of the set bits, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def allowed(wl: WordList, pos: int, letters: int) -> int:
    """The words of a list whose letter at pos is among the letters mask."""
    bits = 0
    for c in range(26):
        if letters >> c & 1:
            bits |= wl.index[pos][c]
    return bits


def slot_lists(grid: Grid, words: dict[str, float]) -> tuple[WordList, ...]:
    """Each slot's indexed word list (one per length, shared); a fully seeded light counts
    as a word even when the list lacks it."""
    ss = slots(grid)
    seeded = {w: 0.0 for w in (light(grid.rows, s) for s in ss) if OPEN not in w}
    lists = lists_by_length({**seeded, **words}, (len(s.cells) for s in ss))
    return tuple(lists[len(s.cells)] for s in ss)


def unfit_slots(grid: Grid, lists: Sequence[WordList]) -> list[str]:
    """Slots whose seeded letters no word of their list fits, named."""
    out = []
    for s, wl in zip(slots(grid), lists):
        pattern = light(grid.rows, s)
        if OPEN in pattern and any(ch != OPEN for ch in pattern) and not pattern_bits(wl, pattern):
            out.append(f"{slot_name(s)} ({pattern})")
    return out


def filled_rows(grid: Grid, words: dict[int, str]) -> tuple[str, ...]:
    """The grid's rows with the words written in (unfilled open cells stay '.')."""
    cells = [list(r) for r in grid.rows]
    for k, s in enumerate(slots(grid)):
        if k in words:
            for (r, c), ch in zip(s.cells, words[k]):
                cells[r][c] = ch
    return tuple("".join(r) for r in cells)


def check_fill(grid: Grid, rows: Sequence[str], words: Iterable[str] | None = None) -> list[str]:
    """Problems with a fill, found independently of the solver: unfilled cells, changed
    seeds, words not in the list, repeated words."""
    problems = []
    for r, (want, got) in enumerate(zip(grid.rows, rows)):
        for c, (w, g) in enumerate(zip(want, got)):
            if w == BLOCK and g != BLOCK or w != BLOCK and not g.isalpha():
                problems.append(f"cell {r + 1},{c + 1} is {g!r}")
            elif w.isalpha() and w != g:
                problems.append(f"seed {w} at {r + 1},{c + 1} became {g}")
    lights = [light(rows, s) for s in slots(grid)]
    vocab = set(words) if words is not None else None
    for s, word in zip(slots(grid), lights):
        if vocab is not None and word not in vocab:
            problems.append(f"{slot_name(s)} {word} is not in the word list")
    repeated = {w for w in lights if lights.count(w) > 1}
    problems.extend(f"{w} used twice" for w in sorted(repeated))
    return problems
