"""The grid constraint solver: slots from a grid, domains as bitsets over word lists, and
search by forward checking or maintained arc consistency, with conflict-directed
backjumping, dom/wdeg, least-constraining values and seeded restarts.

Domains are Python ints used as bitsets over a slot's word list: the words fitting a
pattern are the AND of one bitset per known letter, never a scan.
"""

from __future__ import annotations

import functools
import math
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

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


# ---------------------------------------------------------------- reading grids


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


# ---------------------------------------------------------------- word lists


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


# ---------------------------------------------------------------- the problem


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


def problem(grid: Grid, lists: Sequence[WordList]) -> Problem:
    """The constraint problem of filling the grid with one word list per slot."""
    ss = slots(grid)
    by_cell: dict[Cell, list[tuple[int, int]]] = {}
    for k, s in enumerate(ss):
        for pos, cell in enumerate(s.cells):
            by_cell.setdefault(cell, []).append((k, pos))
    crossings = []
    for k, s in enumerate(ss):
        row = []
        for pos, cell in enumerate(s.cells):
            row.extend((other, pos, opos) for other, opos in by_cell[cell] if other != k)
        crossings.append(tuple(row))
    domains = tuple(pattern_bits(wl, light(grid.rows, s)) for s, wl in zip(ss, lists))
    return Problem(ss, tuple(lists), domains, tuple(crossings))


SMALL = 32  # domains this small are read word by word in letters_at


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


# ---------------------------------------------------------------- search


@dataclass
class Outcome:
    """A search's result: 'filled', 'impossible' (exhaustive proof) or 'timeout'."""

    status: str
    words: dict[int, str]
    seconds: float
    nodes: int = 0
    restarts: int = 0


class Timeout(Exception):
    """The search ran out of time."""


class Search:
    """One search over a problem. Its state is its own: domains are copied per level."""

    def __init__(self, p: Problem, strategy: str, seed: int, deadline: float, on_step: Callable | None = None):
        self.p, self.strategy, self.deadline, self.on_step = p, strategy, deadline, on_step
        self.rng = random.Random(seed)
        self.weight = [1] * len(p.slots)  # dom/wdeg conflict weights
        self.nodes = 0
        self.limit = math.inf  # node limit of the current restart
        self.allowed: dict[tuple[int, int, int], int] = {}  # (slot, position, letter mask) -> words

    # -- propagation

    def revise(self, domains: list[int], a: int) -> Iterator[int]:
        """Narrow every neighbour of slot a to a's letters; yield the slots that changed."""
        wl = self.p.lists[a]
        for b, i, j in self.p.crossings[a]:
            if domains[b] is None:
                continue
            mask = letters_at(wl, domains[a], i)
            key = (b, j, mask)
            bits = self.allowed.get(key)
            if bits is None:
                bits = self.allowed[key] = allowed(self.p.lists[b], j, mask)
            new = domains[b] & bits
            if new != domains[b]:
                domains[b] = new
                yield b

    def propagate(self, domains: list, start: int, full: bool) -> int | None:
        """Forward check from slot `start` (or AC-3 from it when full); the wiped-out slot, or None."""
        queue = [start]
        seen = {start}
        while queue:
            a = queue.pop()
            seen.discard(a)
            for b in self.revise(domains, a):
                if domains[b] == 0:
                    self.weight[b] += 1
                    self.weight[a] += 1
                    return b
                # A slot with very many words almost surely still has every letter at every
                # position, and finding that out costs 26 big-int ANDs per crossing: its
                # neighbours are revised when it has shrunk (pruning less is always safe).
                if full and b not in seen and domains[b].bit_count() <= PROPAGATE_MAX:
                    seen.add(b)
                    queue.append(b)
        return None

    # -- choices

    def choose(self, domains: list) -> int:
        """The next slot: fewest values (MRV), ties by dom/wdeg or degree."""
        best, key = -1, None
        for k, d in enumerate(domains):
            if d is None:
                continue
            size = d.bit_count()
            if self.strategy in ("mac", "auto"):
                k_key = (size / self.weight[k], -len(self.p.crossings[k]))
            else:
                k_key = (size, -len(self.p.crossings[k]))
            if key is None or k_key < key:
                best, key = k, k_key
        return best

    def values(self, domains: list, k: int) -> Iterator[int]:
        """The slot's candidate word bits in order: best score first, least constraining
        first for minlook, with a little randomness after a restart."""
        d = domains[k]
        if self.strategy in ("minlook", "auto"):
            # Of the best-scored few (and a few at random, varying with the seed), the one
            # leaving the crossing slots the most options goes first.
            sample = []
            rest = d
            while rest and len(sample) < 8:
                low = rest & -rest
                sample.append(low.bit_length() - 1)
                rest ^= low
            if self.strategy == "auto" and rest:
                bits = list(set_bits(rest)) if rest.bit_count() < 64 else None
                extra = self.rng.sample(bits, min(4, len(bits))) if bits else [self.random_bit(rest) for _ in range(4)]
                for v in set(extra):
                    if rest >> v & 1:
                        sample.append(v)
                        rest &= ~(1 << v)
            sample.sort(key=lambda v: -self.look(domains, k, v))
            yield from sample
            d = rest
        yield from set_bits(d)

    def random_bit(self, bits: int) -> int:
        """A random set bit of a large bitset (a few tries at random positions, else the lowest)."""
        n = bits.bit_length()
        for _ in range(16):
            i = self.rng.randrange(n)
            if bits >> i & 1:
                return i
        return (bits & -bits).bit_length() - 1

    def look(self, domains: list, k: int, v: int) -> float:
        """Sum of logs of the crossing slots' options if slot k took word v (minlook)."""
        word = self.p.lists[k].words[v]
        total = 0.0
        for b, i, j in self.p.crossings[k]:
            if domains[b] is None:
                continue
            n = (domains[b] & self.p.lists[b].index[j][ord(word[i]) - 65]).bit_count()
            if n == 0:
                return -math.inf
            total += math.log(n)
        return total

    def assign(self, domains: list, k: int, v: int) -> tuple[list, int | None]:
        """Domains after slot k takes word v (others lose that word too); the wiped slot or None."""
        new = list(domains)
        new[k] = 1 << v
        word = self.p.lists[k].words[v]
        wiped = self.propagate(new, k, full=self.strategy in ("mac", "auto"))
        new[k] = None
        if wiped is None:
            for b, d in enumerate(new):
                bit = self.p.lists[b].position.get(word) if d is not None else None
                if bit is not None and d >> bit & 1:
                    new[b] = d & ~(1 << bit)
                    if new[b] == 0:
                        return new, b
        return new, wiped

    # -- the searches

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes & 255 == 0 and time.monotonic() > self.deadline:
            raise Timeout
        if self.nodes > self.limit:
            raise Restart

    def dfs(self, domains: list, words: dict[int, str]) -> dict[int, str] | None:
        """Chronological backtracking (with forward checking or MAC)."""
        k = self.choose(domains)
        if k < 0:
            return words
        for v in self.values(domains, k):
            self.tick()
            new, wiped = self.assign(domains, k, v)
            if wiped is None:
                words[k] = self.p.lists[k].words[v]
                if self.on_step:
                    self.on_step(words)
                done = self.dfs(new, words)
                if done is not None:
                    return done
                del words[k]
        return None

    def cbj(self, domains: list, words: dict[int, str], order: list[int], culprits: list[set]) -> tuple[dict | None, set]:
        """Forward checking with conflict-directed backjumping (Prosser's FC-CBJ): returns
        the fill, or None and the set of earlier slots to blame."""
        k = self.choose(domains)
        if k < 0:
            return words, set()
        order.append(k)
        conflict: set[int] = set(culprits[k])
        for v in self.values(domains, k):
            self.tick()
            new = list(domains)
            new[k] = None
            word = self.p.lists[k].words[v]
            pruned: list[int] = []
            wiped = None
            for b, i, j in self.p.crossings[k]:
                if new[b] is None:
                    continue
                narrowed = new[b] & self.p.lists[b].index[j][ord(word[i]) - 65]
                if narrowed != new[b]:
                    new[b] = narrowed
                    pruned.append(b)
                    culprits[b].add(k)
                if narrowed == 0:
                    wiped = b
                    break
            if wiped is None:
                for b, d in enumerate(new):
                    bit = self.p.lists[b].position.get(word) if d is not None else None
                    if bit is not None and d >> bit & 1:
                        new[b] = d & ~(1 << bit)
                        pruned.append(b)
                        culprits[b].add(k)
                        if new[b] == 0:
                            wiped = b
                            break
            if wiped is not None:
                conflict |= culprits[wiped] - {k}
                for b in pruned:
                    culprits[b].discard(k)
                continue
            words[k] = word
            if self.on_step:
                self.on_step(words)
            done, blame = self.cbj(new, words, order, culprits)
            if done is not None:
                return done, set()
            del words[k]
            for b in pruned:
                culprits[b].discard(k)
            if k not in blame:
                order.pop()
                return None, blame  # jump back past this slot: it is not to blame
            conflict |= blame - {k}
        order.pop()
        return None, conflict


class Restart(Exception):
    """The current run hit its node limit."""


def luby(i: int) -> int:
    """The i-th term (1-based) of the Luby sequence 1 1 2 1 1 2 4 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


STRATEGIES = ("dfs", "backjump", "minlook", "mac", "auto")
PROPAGATE_MAX = 100  # see Search.propagate
RESTART_BASE = 400  # nodes in the first run; later runs follow the Luby sequence


def solve_problem(p: Problem, strategy: str = "auto", seed: int = 0, timeout: float = 60.0, on_step: Callable | None = None) -> Outcome:
    """Fill the problem's slots: a fill, a proof that none exists, or a timeout."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose from {', '.join(STRATEGIES)}")
    start = time.monotonic()
    search = Search(p, strategy, seed, start + timeout, on_step)
    domains: list = list(p.domains)
    done = lambda status, words: Outcome(status, words, time.monotonic() - start, search.nodes, restarts)
    restarts = 0
    if any(d == 0 for d in domains):
        return done("impossible", {})
    try:
        # Initial arc consistency over every slot (node consistency is the seeded pattern).
        for k in range(len(domains)):
            if search.propagate(domains, k, full=True) is not None:
                return done("impossible", {})
        if strategy == "backjump":
            words, _ = search.cbj(domains, {}, [], [set() for _ in domains])
            return done("filled" if words is not None else "impossible", words or {})
        if strategy in ("mac", "auto"):
            run = 1
            while True:
                search.limit = search.nodes + RESTART_BASE * luby(run)
                try:
                    words = search.dfs(list(domains), {})
                    return done("filled" if words is not None else "impossible", words or {})
                except Restart:
                    restarts += 1
                    run += 1
        words = search.dfs(domains, {})
        return done("filled" if words is not None else "impossible", words or {})
    except Timeout:
        return done("timeout", {})
    except RecursionError:
        return done("timeout", {})


def slot_lists(grid: Grid, words: dict[str, float]) -> tuple[WordList, ...]:
    """Each slot's indexed word list (one per length, shared); a fully seeded light counts
    as a word even when the list lacks it."""
    ss = slots(grid)
    seeded = {w: 0.0 for w in (light(grid.rows, s) for s in ss) if OPEN not in w}
    lists = lists_by_length({**seeded, **words}, (len(s.cells) for s in ss))
    return tuple(lists[len(s.cells)] for s in ss)


def fill(grid: Grid, words: dict[str, float], strategy: str = "auto", seed: int = 0, timeout: float = 60.0,
         on_step: Callable | None = None, lists: Sequence[WordList] | None = None) -> Outcome:  # fmt: skip
    """Fill a grid from a word list (word -> score), or from its slot lists if already made."""
    return solve_problem(problem(grid, lists or slot_lists(grid, words)), strategy, seed, timeout, on_step)


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
