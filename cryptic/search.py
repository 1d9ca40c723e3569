"""Filling a grid: search by forward checking or maintained arc consistency, with conflict-
directed backjumping, dom/wdeg, least-constraining values and seeded restarts; dense grids
(every cell checked, long lights) by a reading-order search that follows each down light down a
trie of its words; and weighted mode (ranked candidates, lights may stay open) for whole
puzzles."""

from __future__ import annotations

import functools
import math
import operator
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from cryptic.grid import Cell, Grid, Problem, Slot, WordList, allowed, crossings, letters_at, problem, set_bits, slot_lists
from cryptic.tuning import DENSE_TRIAL, LOCAL_PASSES, PROPAGATE_MAX, RESTART_BASE, ROW_RESTART_BASE


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


class Budgeted:
    """A search's node count, node limit (a restart's) and deadline."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self.nodes, self.restarts = 0, 0
        self.limit = math.inf  # node limit of the current run

    def tick(self) -> None:
        """Count a node; raise Timeout past the deadline, Restart past the node limit."""
        self.nodes += 1
        if self.nodes & 255 == 0 and time.monotonic() > self.deadline:
            raise Timeout
        if self.nodes > self.limit:
            raise Restart


class Search(Budgeted):
    """One search over a problem. Its state is its own: domains are copied per level."""

    def __init__(self, p: Problem, strategy: str, seed: int, deadline: float, on_step: Callable | None = None):
        super().__init__(deadline)
        self.p, self.strategy, self.on_step = p, strategy, on_step
        self.rng = random.Random(seed)
        self.weight = [1] * len(p.slots)  # dom/wdeg conflict weights
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


@dataclass(frozen=True, slots=True)
class Prefix:
    """A node of a trie of equal-length words: what may follow the letters read so far."""

    mask: int  # the letters that may come next, a bit per letter
    kids: dict  # letter number -> Prefix
    word: str | None  # the word, at a leaf
    below: tuple[int, ...]  # below[j]: the letters that may come j + 1 places on
    log_count: float  # log of the number of words under this node


def prefix_tree(words: Sequence[str], depth: int = 0) -> Prefix:
    """The trie of sorted, distinct, equal-length words, from `depth` letters on."""
    n = len(words[0])
    if depth == n:
        return Prefix(0, {}, words[0], (), 0.0)
    kids = {}
    start, first = 0, words[0][depth]
    for i, word in enumerate(words):  # sorted: each letter's words are a run
        if word[depth] != first:
            kids[ord(first) - 65] = prefix_tree(words[start:i], depth + 1)
            start, first = i, word[depth]
    kids[ord(first) - 65] = prefix_tree(words[start:], depth + 1)
    mask = functools.reduce(operator.or_, (1 << c for c in kids))
    below = [mask] + [0] * (n - depth - 1)
    for kid in kids.values():
        for j, letters in enumerate(kid.below, 1):
            below[j] |= letters
    return Prefix(mask, kids, None, tuple(below), math.log(len(words)))


Undo = tuple[list[tuple[int, "Prefix"]], list[str]]  # (down light, its node before), words added


class RowSearch(Budgeted):
    """Fill in reading order: each across light (and each letter of a down light that no
    across light checks) in turn; a down light is followed down its trie of words, so the
    letters an across light may take at each cell are those that can continue the down
    word there. In a dense grid every cell is checked by two long lights, and this costs a
    few cached big-int ANDs a node where revising domains costs hundreds; after each
    choice, every later across light still needs a word (lookahead). Values go best first
    by the down words they leave possible (least constraining), with seeded noise.
    Complete: a run that ends without a restart proves there is no fill."""

    NOISE = 0.5  # randomness in value order, in units of log(word count)
    CACHE_MAX = 200_000  # letter-set bitsets kept before the cache is emptied

    def __init__(self, p: Problem, domains: Sequence[int], seed: int, deadline: float, on_step: Callable | None = None):
        super().__init__(deadline)
        self.p, self.on_step = p, on_step
        self.rng = random.Random(seed)
        self.domains = domains
        items: list[tuple[Cell, int, tuple]] = []  # (first cell, slot, ((my pos, down light, its pos), ...))
        for k, s in enumerate(p.slots):
            if s.direction == "across":  # an across light crosses down lights only
                items.append((s.cells[0], k, tuple((i, d, j) for d, i, j in p.crossings[k])))
            else:
                crossed = {i for _, i, _ in p.crossings[k]}
                items.extend((c, k, ((0, k, i),)) for i, c in enumerate(s.cells) if i not in crossed)
        items.sort()
        self.items = [(k, links) for _, k, links in items]
        self.is_across = [p.slots[k].direction == "across" for k, _ in self.items]
        downs = [{d for _, d, _ in links} for _, links in self.items]
        # Later across lights sharing a down light with an item: the ones to look ahead at.
        self.watch = [tuple(m for m in range(n + 1, len(self.items)) if self.is_across[m] and downs[m] & downs[n]) for n in range(len(self.items))]
        tries: dict[tuple[int, int], Prefix] = {}
        self.node: dict[int, Prefix] = {}
        self.depth: dict[int, int] = {}
        for k, s in enumerate(p.slots):
            if s.direction == "down":
                wl = p.lists[k]
                key = (id(wl), p.domains[k])  # seeded letters, not what arc consistency removed: fewer tries
                if key not in tries:
                    tries[key] = prefix_tree(sorted(wl.words[b] for b in set_bits(p.domains[k])))
                self.node[k], self.depth[k] = tries[key], 0
        self.used: set[str] = set()
        self.cache: dict[tuple[int, int, int], int] = {}

    def letter_bits(self, wl: WordList, pos: int, mask: int) -> int:
        """The words of a list with one of the mask's letters at pos (cached)."""
        key = (id(wl), pos, mask)
        bits = self.cache.get(key)
        if bits is None:
            if len(self.cache) > self.CACHE_MAX:
                self.cache.clear()
            bits = self.cache[key] = allowed(wl, pos, mask)
        return bits

    def candidates(self, n: int) -> int:
        """The words across item n can take given the down lights so far."""
        k, links = self.items[n]
        wl = self.p.lists[k]
        bits = self.domains[k]
        for i, d, pos in links:
            bits &= self.letter_bits(wl, i, self.node[d].below[pos - self.depth[d]])
            if not bits:
                return 0
        return bits

    def choices(self, n: int) -> list[str]:
        """Item n's values (words, or letters of a down light), best first."""
        k, links = self.items[n]
        noise = lambda: self.NOISE * self.rng.random()
        if not self.is_across[n]:
            node = self.node[k]
            return sorted((chr(65 + c) for c in set_bits(node.mask)), key=lambda ch: -node.kids[ord(ch) - 65].log_count - noise())
        wl = self.p.lists[k]
        bits = self.candidates(n)
        for w in self.used:
            b = wl.position.get(w)
            if b is not None:
                bits &= ~(1 << b)
        words = [wl.words[b] for b in set_bits(bits)]
        nodes = self.node
        return sorted(words, key=lambda w: -sum(nodes[d].kids[ord(w[i]) - 65].log_count for i, d, _ in links) - noise())

    def place(self, n: int, value: str) -> Undo | None:
        """Write item n's value into its down lights; what to undo, or None when a
        finished word is already used or a later across light is left without a word."""
        _, links = self.items[n]
        moved: list[tuple[int, Prefix]] = []
        added = [value] if self.is_across[n] else []  # candidates() left out used words
        self.used.update(added)
        ok = True
        for i, d, _ in links:
            moved.append((d, self.node[d]))
            node = self.node[d] = self.node[d].kids[ord(value[i]) - 65]
            self.depth[d] += 1
            if node.word is not None:
                if node.word in self.used:
                    ok = False
                    break
                self.used.add(node.word)
                added.append(node.word)
        undo = (moved, added)
        if ok and all(self.candidates(m) for m in self.watch[n]):
            return undo
        self.unplace(undo)
        return None

    def unplace(self, undo: Undo) -> None:
        """Take a placed value back out."""
        moved, added = undo
        for d, node in moved:
            self.node[d] = node
            self.depth[d] -= 1
        self.used.difference_update(added)

    def dfs(self, n: int, words: dict[int, str]) -> dict[int, str] | None:
        """Depth-first over the items from n on; the fill, or None."""
        if n == len(self.items):
            return dict(words)
        k, _ = self.items[n]
        for value in self.choices(n):
            self.tick()
            undo = self.place(n, value)
            if undo is None:
                continue
            finished = {d: self.node[d].word for d, _ in undo[0] if self.node[d].word is not None}
            if self.is_across[n]:
                finished[k] = value
            words.update(finished)
            if self.on_step:
                self.on_step(words)
            try:
                done = self.dfs(n + 1, words)
            finally:  # a restart unwinds through here too, and the next run starts clean
                for d in finished:
                    del words[d]
                self.unplace(undo)
            if done is not None:
                return done
        return None


def dense(grid_slots: Sequence[Slot]) -> bool:
    """Whether the reading-order search suits the grid: at most 100 cells, each in an
    across and a down light, lights of five letters or more on average (with short lights
    arc consistency's domains are small and it is fast; long ones make down prefixes bite)."""
    across = {c for s in grid_slots if s.direction == "across" for c in s.cells}
    down = {c for s in grid_slots if s.direction == "down" for c in s.cells}
    mean = sum(len(s.cells) for s in grid_slots) / max(1, len(grid_slots))
    return across == down and len(across) <= 100 and mean >= 5


STRATEGIES = ("dfs", "backjump", "minlook", "mac", "rows", "auto")


def restarting(search: Budgeted, base: int, run: Callable[[], dict | None]) -> dict | None:
    """Run a search under node limits growing by the Luby sequence until one run ends
    within its limit (so its verdict is exhaustive); that run's fill, or None."""
    while True:
        search.limit = search.nodes + base * luby(search.restarts + 1)
        try:
            return run()
        except Restart:
            search.restarts += 1


def solve_problem(p: Problem, strategy: str = "auto", seed: int = 0, timeout: float = 60.0, on_step: Callable | None = None) -> Outcome:
    """Fill the problem's slots: a fill, a proof that none exists, or a timeout."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose from {', '.join(STRATEGIES)}")
    start = time.monotonic()
    search = Search(p, strategy, seed, start + timeout, on_step)
    searches: list[Budgeted] = [search]
    domains: list = list(p.domains)

    def done(status: str, words: dict | None = None) -> Outcome:
        nodes, restarts = sum(s.nodes for s in searches), sum(s.restarts for s in searches)
        return Outcome(status, words or {}, time.monotonic() - start, nodes, restarts)

    verdict = lambda words: done("impossible") if words is None else done("filled", words)
    if any(d == 0 for d in domains):
        return verdict(None)
    try:
        # Initial arc consistency over every slot (node consistency is the seeded pattern).
        for k in range(len(domains)):
            if search.propagate(domains, k, full=True) is not None:
                return verdict(None)
        rows_first = strategy == "rows" or strategy == "auto" and dense(p.slots)
        if rows_first and strategy == "auto":
            # A small dense grid falls to arc consistency at once (5x5 in 19 nodes), before
            # the reading-order search would have built its tries: a short try first.
            search.limit = DENSE_TRIAL
            try:
                return verdict(search.dfs(list(domains), {}))
            except Restart:
                pass
        if rows_first:
            rows = RowSearch(p, domains, seed, start + timeout, on_step)
            searches.append(rows)
            return verdict(restarting(rows, ROW_RESTART_BASE, lambda: rows.dfs(0, {})))
        if strategy == "backjump":
            return verdict(search.cbj(domains, {}, [], [set() for _ in domains])[0])
        if strategy in ("mac", "auto"):
            return verdict(restarting(search, RESTART_BASE, lambda: search.dfs(list(domains), {})))
        return verdict(search.dfs(domains, {}))
    except (Timeout, RecursionError):
        return done("timeout")


Pool = Sequence[tuple]  # a light's candidates, best first: (word, score, ...) each
Crossers = Sequence[Sequence[tuple[int, int, int]]]  # per light: (other light, my position, its position) (`grid.crossings`)


def weighted_fill(lights: Sequence[Sequence[Cell]], pools: Sequence[Pool], deadline: float, floor: float = 0.0,
                  max_steps: float = math.inf) -> dict[int, int]:  # fmt: skip
    """Weighted mode (the whole-puzzle solver's): for each light (its cells; a puzzle's
    linked clue spans several of the grid's), at most one candidate of its pool scoring at
    least `floor`, crossing letters agreeing and no word twice, maximising the total
    score; a light may stay open. Branch and bound from a greedy fill bettered by local
    search (`improved`), anytime (the best so far after `max_steps` nodes, or at the
    deadline: a step budget gives the same fill on any machine): the light with the
    fewest candidates left goes next (MRV), a placed word narrows its crossers (forward
    checking), and a branch whose total plus every open light's best cannot beat the best
    fill is cut. Light index -> chosen pool index."""
    crossers = crossings(lights)
    start = {k: [v for v, c in enumerate(pool) if c[1] >= floor] for k, pool in enumerate(pools)}
    best = improved(crossers, pools, start)
    best_total = sum(pools[k][v][1] for k, v in best.items()) if best else -1.0
    chosen: dict[int, int] = {}
    used: set[str] = set()
    steps = 0

    def go(total: float, options: dict[int, list[int]]) -> None:
        nonlocal best, best_total, steps
        steps += 1
        if steps > max_steps or steps & 255 == 0 and time.monotonic() > deadline:
            raise Timeout
        live = {k: vs for k, vs in options.items() if vs}
        if total + sum(pools[k][vs[0]][1] for k, vs in live.items()) <= best_total:
            return
        if not live:
            best, best_total = dict(chosen), total
            return
        k = min(live, key=lambda k: (len(live[k]), -pools[k][live[k][0]][1]))
        rest = {j: vs for j, vs in live.items() if j != k}
        for v in live[k]:
            word = pools[k][v][0]
            if word in used:
                continue
            narrowed = dict(rest)
            for j, pos, jpos in crossers[k]:
                if j in narrowed:
                    narrowed[j] = [u for u in narrowed[j] if pools[j][u][0][jpos] == word[pos]]
            chosen[k] = v
            used.add(word)
            go(total + pools[k][v][1], narrowed)
            used.discard(word)
            del chosen[k]
        go(total, rest)  # leave this light open

    try:
        go(0.0, start)
    except (Timeout, RecursionError):
        pass
    return best


def fits(crossers: Crossers, pools: Sequence[Pool], chosen: dict[int, int], k: int, v: int) -> bool:
    """Does light k's candidate v agree with every placed crosser, its word placed nowhere else?"""
    word = pools[k][v][0]
    return all(pools[j][chosen[j]][0][jpos] == word[pos] for j, pos, jpos in crossers[k] if j in chosen) and not any(
        pools[j][u][0] == word for j, u in chosen.items() if j != k)  # fmt: skip


def greedy(crossers: Crossers, pools: Sequence[Pool], order: Sequence[tuple[int, int]], chosen: dict[int, int]) -> dict[int, int]:
    """A fill extended, in every open light, by the candidates that fit, in this order (heaviest first)."""
    out = dict(chosen)
    for k, v in order:
        if k not in out and fits(crossers, pools, out, k, v):
            out[k] = v
    return out


def improved(crossers: Crossers, pools: Sequence[Pool], options: dict[int, list[int]], passes: int = LOCAL_PASSES) -> dict[int, int]:
    """The greedy fill bettered by local search: put one light's other candidate in, take
    out the answers it clashes with, refill the open lights greedily; keep it if the total
    rose. Deterministic, and a start for branch and bound that cuts most of its tree."""
    order = [(k, v) for _, k, v in sorted((-pools[k][v][1], k, v) for k, vs in options.items() for v in vs)]
    total = lambda fill: sum(pools[k][v][1] for k, v in fill.items())
    best = greedy(crossers, pools, order, {})
    best_total = total(best)
    for _ in range(passes):
        before = best_total
        for k, vs in options.items():
            for v in vs:
                if best.get(k) == v:
                    continue
                word = pools[k][v][0]
                kept = {j: u for j, u in best.items() if j != k and pools[j][u][0] != word}
                clash = {j for j, pos, jpos in crossers[k] if j in kept and pools[j][kept[j]][0][jpos] != word[pos]}
                trial = greedy(crossers, pools, order, {**{j: u for j, u in kept.items() if j not in clash}, k: v})
                if (t := total(trial)) > best_total + 1e-9:
                    best, best_total = trial, t
        if best_total <= before:
            break
    return best


def fill(grid: Grid, words: dict[str, float], strategy: str = "auto", seed: int = 0, timeout: float = 60.0,
         on_step: Callable | None = None, lists: Sequence[WordList] | None = None) -> Outcome:  # fmt: skip
    """Fill a grid from a word list (word -> score), or from its slot lists if already made."""
    return solve_problem(problem(grid, lists or slot_lists(grid, words)), strategy, seed, timeout, on_step)
