"""Clue -> parse forest: the wordplay grammar as small rules (combinators), readings enumerated
cheapest first with length and cost pruning, and naive and canonical counts by dynamic
programming."""

from __future__ import annotations

import functools
import heapq
import itertools
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from cryptic.caches import per_clue
from cryptic.lexicon import MAX_INDICATOR_WORDS, SPLIT_ENDS, SPLIT_LEADS, is_indicator, normal, taken_in, weights
from cryptic.nodes import (
    MAX_LETTERS, After, Alternate, Anagram, Bounds, Clue, Concat, Container, Definition, FirstLetters, Hidden,
    Homophone, Insertion, LastLetters, LeafBounds, LeafKind, Literal, Middle, Mixed, Node, Outer, Parse, Reversal,
    Spoonerism, Subtraction, Synonym, Truncation, Words, letters,
)  # fmt: skip
from cryptic.trees import EDGE_WORDS, cost, length_bounds, own_cost, parse_cost, plain_bounds
from cryptic.tuning import MAX_CONNECTOR_WORDS, MAX_LITERAL, MIXED_FODDER, MIXED_PIECE, MIXED_PIECE_WORDS


@dataclass(frozen=True, slots=True)
class Production:
    """One way to read a span: a node builder and the sub-spans it needs read."""

    build: Callable[..., Node]
    spans: tuple[Words, ...]
    own: float


Rule = Callable[[Words], Iterator[Production]]


def production(build: Callable[..., Node], *spans: Words) -> Production:
    """A Production with its own cost (the builder's node, with stand-in children)."""
    stand_in = Literal(("",))
    return Production(build, spans, own_cost(build(*(stand_in for _ in spans))))


def around(span: Words, kind: str) -> Iterator[tuple[Words, Words]]:
    """Yield (indicator, rest) for an indicator of `kind` at either end of the span."""
    for k in range(1, min(MAX_INDICATOR_WORDS, len(span) - 1) + 1):
        if is_indicator(kind, span[:k]):
            yield span[:k], span[k:]
        # A span like "upset upset" reads the same from either end: yield that tree once.
        if is_indicator(kind, span[-k:]) and (span[-k:], span[:-k]) != (span[:k], span[k:]):
            yield span[-k:], span[:-k]


def between(span: Words, kind: str) -> Iterator[tuple[Words, Words, Words]]:
    """Yield (before, indicator, after) for an indicator of `kind` inside the span."""
    for i in range(1, len(span) - 1):
        for k in range(1, min(MAX_INDICATOR_WORDS, len(span) - 1 - i) + 1):
            if is_indicator(kind, span[i : i + k]):
                yield span[:i], span[i : i + k], span[i + k :]


def leaf_rule(leaf: LeafBounds) -> Rule:
    """Synonym and literal leaves."""

    def rule(span: Words) -> Iterator[Production]:
        if leaf("synonym", span) is not None:
            yield production(lambda: Synonym(span))
        if len(span) == 1 and 0 < len(letters(span)) <= MAX_LITERAL:
            yield production(lambda: Literal(span))

    return rule


def fodder_rule(kind: str, make: Callable[[Words, Words], Node], least: int) -> Rule:
    """Operations on the letters of the words themselves (anagram, hidden, first letters...)."""

    def rule(span: Words) -> Iterator[Production]:
        for ind, fodder in around(span, kind):
            if len(letters(fodder)) >= least:
                yield production(lambda ind=ind, fodder=fodder: make(ind, fodder))
            if kind == "anagram" and span[-len(ind) :] == ind and (bare := contracted(fodder)) and len(letters(bare)) >= least:
                yield production(lambda ind=ind, fodder=bare: make(ind, fodder))

    return rule


def contracted(fodder: Words) -> Words | None:
    """The fodder without the "'s" of its last word, read as "is" before the indicator
    ("tea's drunk": TEA is drunk, ATE); None when it has none."""
    last = fodder[-1].replace("’", "'")
    return (*fodder[:-1], last[:-2]) if last.lower().endswith("'s") and len(last) > 2 else None


JOINS = frozenset(("with", "and", "plus"))  # join the two parts of a composite anagram's fodder


def is_join(words: Words) -> bool:
    """Is the phrase one word that joins a composite anagram's parts?"""
    return len(words) == 1 and normal(words)[0] in JOINS


def composite_anagram_rule(span: Words) -> Iterator[Production]:
    """An anagram of words on both sides of a join: "Mr Ali's troubled with it" (MR ALI'S +
    IT: MISTRIAL, the join read with the indicator), "cook deals with quail" (DEALS + QUAIL:
    QUESADILLA); the join's own letters are not fodder."""
    for before, ind, after in between(span, "anagram"):
        if len(after) > 1 and is_join(after[:1]):
            yield production(lambda ind=ind + after[:1], fodder=before + after[1:]: Anagram(ind, fodder))
    for ind, rest in around(span, "anagram"):
        for i in range(1, len(rest) - 1):
            if is_join(rest[i : i + 1]):
                yield production(lambda ind=ind, fodder=rest[:i] + rest[i + 1 :]: Anagram(ind, fodder))


def mixed_anagram_rule(leaf: LeafBounds) -> Rule:
    """Composite anagrams (Mixed): fodder words rearranged with a short piece of up to
    MIXED_PIECE_WORDS words at either end ("hard Scotsmen loners failing": H + SCOTSMEN LONERS), or less a piece
    a subtraction names, before or after the fodder and on either side of the anagram's
    indicator ("anchor without name fouled", "name leaving anchor fouled", "anchor fouled,
    losing name"), or an X-less word ("anchor fouling, nameless": ANCHOR less N)."""

    def rule(span: Words) -> Iterator[Production]:
        for ind, rest in around(span, "anagram"):
            for k in range(1, MIXED_PIECE_WORDS + 1):
                yield from mixed(leaf, ind, rest[k:], rest[:k])
                yield from mixed(leaf, ind, rest[:-k], rest[-k:])
            for j in range(1, len(rest)):
                for fodder, other in ((rest[j:], rest[:j]), (rest[:j], rest[j:])):
                    for sub, piece in removal(other):
                        yield from mixed(leaf, ind + sub, fodder, piece, True)
            for fodder, word in ((rest[1:], rest[:1]), (rest[:-1], rest[-1:])):
                yield from lacking(leaf, ind, fodder, word)
            yield from cut(ind, rest)
        for before, ind, after in between(span, "anagram"):
            for fodder, piece in ((before, after), (after, before)):
                yield from mixed(leaf, ind, fodder, piece)
                yield from lacking(leaf, ind, fodder, piece)
                for sub, taken in removal(piece):
                    yield from mixed(leaf, ind + sub, fodder, taken, True)

    return rule


def mixed(leaf: LeafBounds, ind: Words, fodder: Words, piece: Words, less: bool = False) -> Iterator[Production]:
    """A composite anagram of the fodder words with (less) the piece's words read as a short
    synonym (an abbreviation: "hard" H) or as a word's first or last letter ("first of
    all"): setters put no wordplay of its own into such a piece, nor a little word ("from the":
    anagram of FROM with LA, FORMAL, put a wrong answer first on cryptonite-dev rows 1-1,000)."""
    if len(letters(fodder)) < MIXED_FODDER or not 0 < len(piece) <= MIXED_PIECE_WORDS or normal(piece) in EDGE_WORDS:
        return
    if (bounds := leaf("synonym", piece)) is not None and bounds[0] <= MIXED_PIECE:
        yield production(lambda ind=ind, fodder=fodder, piece=piece, less=less: Mixed(ind, fodder, Synonym(piece), less))
    for kind, make in (("first", FirstLetters), ("last", LastLetters)):
        for pick, word in around(piece, kind):
            yield production(lambda ind=ind, fodder=fodder, pick=pick, word=word, less=less, make=make: Mixed(ind, fodder, make(pick, word), less))


def removal(words: Words) -> Iterator[tuple[Words, Words]]:
    """Yield (indicator, piece) where the words take a piece away: a subtraction's indicator
    then the piece ("without name", "losing energy") or the piece then a departure's ("name
    leaving", "nothing to lose"), on either side of the fodder or of the anagram's indicator."""
    for k in range(1, min(MAX_INDICATOR_WORDS, len(words) - 1) + 1):
        if is_indicator("subtraction", words[:k]):
            yield words[:k], words[k:]
        if is_indicator("departure", words[-k:]):
            yield words[-k:], words[:-k]


def cut(ind: Words, rest: Words) -> Iterator[Production]:
    """An anagram of fodder whose edge word is cut ("teacher endlessly confused", "headless
    horse and cart mixed"): the fodder less the letter the cut takes, read as a Mixed."""
    for kind, make in (("curtail", LastLetters), ("behead", FirstLetters)):
        for trim, fodder in around(rest, kind):
            word = fodder[-1:] if rest[-len(trim) :] == trim else fodder[:1]
            if len(letters(fodder)) >= MIXED_FODDER and len(letters(word)) > 1:
                yield production(lambda ind=ind + trim, fodder=fodder, piece=make(trim, word): Mixed(ind, fodder, piece, True))


LESS = "less"


def lacking(leaf: LeafBounds, ind: Words, fodder: Words, word: Words) -> Iterator[Production]:
    """An anagram of the fodder less a synonym of what a one-word X-less names ("nameless": N)."""
    w = normal(word)[0] if len(word) == 1 else ""
    stem = (w[: -len(LESS)],)
    if w.endswith(LESS) and len(w) > len(LESS) + 2 and len(letters(fodder)) >= MIXED_FODDER and leaf("synonym", stem) is not None:
        yield production(lambda ind=ind + word, fodder=fodder, stem=stem: Mixed(ind, fodder, Synonym(stem), True))


def unary_rule(kind: str, make: Callable[[Words, Node], Node]) -> Rule:
    """Operations on one sub-reading (reversal, homophone, truncations...)."""

    def rule(span: Words) -> Iterator[Production]:
        for ind, body in around(span, kind):
            yield production(lambda b, ind=ind: make(ind, b), body)

    return rule


def binary_rule(kind: str, make: Callable[[Words, Node, Node], Node]) -> Rule:
    """Operations joining the readings before and after an inner indicator (A in B)."""

    def rule(span: Words) -> Iterator[Production]:
        for before, ind, after in between(span, kind):
            yield production(lambda a, b, ind=ind: make(ind, a, b), before, after)

    return rule


def trailing_rule(kind: str, make: Callable[[Words, Node, Node], Node]) -> Rule:
    """The indicator after both readings, the second going into the first: "cheese British
    tucked into" (B in BRIE), or a container's participle saying so ("text is accepted": IS
    in MS). (The indicator before both, "holding king, sailor", made more wrong answers than
    right on cryptonite-dev: not read.)"""

    def rule(span: Words) -> Iterator[Production]:
        for k in range(1, min(MAX_INDICATOR_WORDS, len(span) - 2) + 1):
            if is_indicator(kind, span[-k:]) or k == 1 and taken_in(normal(span[-1:])[0]):
                rest = span[:-k]
                for i in range(1, len(rest)):
                    yield production(lambda a, b, ind=span[-k:]: make(ind, b, a), rest[:i], rest[i:])

    return rule


def split_rule(span: Words) -> Iterator[Production]:
    """A container or subtraction whose indicator is two words around its second part: "metal
    gets hot inside" (COPPER around H), "local taking time out" (NATIVE less T)."""
    kind = SPLIT_ENDS.get(normal(span[-1:])[0]) if len(span) >= 4 else None
    if kind is None:
        return
    make = Container if kind == "container" else Subtraction
    for i in range(1, len(span) - 2):
        if normal(span[i : i + 1])[0] in SPLIT_LEADS:
            ind = (span[i], span[-1])
            yield production(lambda a, b, ind=ind: make(ind, a, b), span[:i], span[i + 1 : -1])


def cut_rule(kind: str, make: Callable[[Words, Node], Node], leaf: LeafBounds) -> Rule:
    """Cutting letters (truncations) from a synonym of the words or from its
    reversal: setters cut words, not charades, hidden words or other cuts (see far_fetched)."""

    def rule(span: Words) -> Iterator[Production]:
        for ind, body in around(span, kind):
            if leaf("synonym", body) is not None:
                yield production(lambda ind=ind, body=body: make(ind, Synonym(body)))
            for turn, word in around(body, "reversal"):
                if leaf("synonym", word) is not None:
                    yield production(lambda ind=ind, turn=turn, word=word: make(ind, Reversal(turn, Synonym(word))))

    return rule


def middle_rule(span: Words) -> Iterator[Production]:
    """The middle letter(s) of a clue word itself ("heart of stone": O). Of a synonym, the
    readings were nonsense: in six bench runs of 1,000 clues one was right first, five
    verified wrong answers (docs/solver.md)."""
    for ind, body in around(span, "middle"):
        if len(body) == 1 and len(letters(body)) >= 3:
            yield production(lambda ind=ind, body=body: Middle(ind, Literal(body)))


def spoonerism_rule(span: Words) -> Iterator[Production]:
    """Spooner's two words, each read as a synonym or itself."""
    for ind, rest in around(span, "spoonerism"):
        for i in range(1, len(rest)):
            yield production(lambda a, b, ind=ind: Spoonerism(ind, a, b), rest[:i], rest[i:])


def truncation(kind: str) -> Callable[[Words, Node], Node]:
    """A Truncation builder of one kind."""
    return lambda ind, body: Truncation(kind, ind, body)


@functools.cache
def rules(leaf: LeafBounds) -> tuple[Rule, ...]:
    """Every rule of the wordplay grammar except charades (handled by the interpreters)."""
    return (
        leaf_rule(leaf),
        fodder_rule("anagram", Anagram, 2),
        composite_anagram_rule,
        mixed_anagram_rule(leaf),
        fodder_rule("hidden", lambda i, f: Hidden(i, f, False), 4),
        fodder_rule("first", FirstLetters, 1),
        fodder_rule("last", LastLetters, 1),
        fodder_rule("alternate", Alternate, 4),
        fodder_rule("outer", Outer, 3),
        binary_rule("insertion", Insertion),
        binary_rule("container", Container),
        trailing_rule("insertion", Insertion),
        split_rule,
        binary_rule("subtraction", Subtraction),
        binary_rule("departure", lambda i, part, whole: Subtraction(i, whole, part)),
        binary_rule("after", After),
        unary_rule("reversal", Reversal),
        middle_rule,
        unary_rule("homophone", Homophone),
        *(cut_rule(k, truncation(k), leaf) for k in ("behead", "curtail", "trim", "gut", "half")),
        spoonerism_rule,
    )


@per_clue(maxsize=100_000)
def productions(span: Words, leaf: LeafBounds) -> tuple[Production, ...]:
    """Every non-charade production for the span (alternatives: all of them), made once per
    clue: each round of the doubling budget asks for them again."""
    return tuple(p for rule in rules(leaf) for p in rule(span))


def splits(span: Words) -> Iterator[tuple[Words, Words]]:
    """Yield (head, rest) for the places a charade can divide the span, skipping at most one
    connector ("and", "next to") between the parts."""
    for i in range(1, len(span)):
        yield span[:i], span[i:]
        for k in range(1, MAX_CONNECTOR_WORDS + 1):
            if i + k < len(span) and is_indicator("connector", span[i : i + k]):
                yield span[:i], span[i + k :]


@functools.lru_cache(maxsize=100_000)
def count_pieces(span: Words, leaf: LeafBounds, naive: bool) -> int:
    """How many non-charade trees read the span."""
    return sum(math.prod(count_all(s, leaf, naive) for s in p.spans) for p in productions(span, leaf))


@functools.lru_cache(maxsize=100_000)
def count_sequences(span: Words, leaf: LeafBounds) -> int:
    """How many flat sequences of one or more pieces read the span."""
    return count_pieces(span, leaf, False) + sum(
        count_pieces(head, leaf, False) * count_sequences(rest, leaf) for head, rest in splits(span)
    )


@functools.lru_cache(maxsize=100_000)
def count_all(span: Words, leaf: LeafBounds, naive: bool) -> int:
    """How many trees read the span: flat charades, or every binary bracketing when naive."""
    if naive:
        return count_pieces(span, leaf, True) + sum(
            count_all(head, leaf, True) * count_all(rest, leaf, True) for head, rest in splits(span)
        )
    return count_sequences(span, leaf)


@functools.lru_cache(maxsize=100_000)
def floor_pieces(span: Words, leaf: LeafBounds) -> float:
    """The least cost of a non-charade tree reading the span (inf: none)."""
    return min((p.own + sum(floor_all(s, leaf) for s in p.spans) for p in productions(span, leaf)), default=math.inf)


@functools.lru_cache(maxsize=100_000)
def floor_sequence(span: Words, leaf: LeafBounds) -> float:
    """The least cost of one or more charade parts reading the span, per-part cost included."""
    part = weights()["concat_per_part"]
    return min(
        floor_pieces(span, leaf) + part,
        min((floor_pieces(h, leaf) + part + floor_sequence(r, leaf) for h, r in splits(span)), default=math.inf),
    )


@functools.lru_cache(maxsize=100_000)
def floor_all(span: Words, leaf: LeafBounds) -> float:
    """The least cost of any tree reading the span."""
    part = weights()["concat_per_part"]
    charade = min((floor_pieces(h, leaf) + part + floor_sequence(r, leaf) for h, r in splits(span)), default=math.inf)
    return min(floor_pieces(span, leaf), charade)


@functools.cache
def stand_in_leaf(leaf: LeafBounds) -> LeafBounds:
    """The leaf bounds, extended to stand-in leaves '#lo:hi' whose bounds are written in them."""

    def bounds(kind: LeafKind, words: Words) -> Bounds | None:
        if len(words) == 1 and words[0].startswith("#"):
            lo, hi = words[0][1:].split(":")
            return (int(lo), int(hi))
        return leaf(kind, words)

    return bounds


def clamp(b: Bounds) -> Bounds:
    """Bounds capped at MAX_LETTERS + 1, so that counting by bounds stays finite."""
    return (min(b[0], MAX_LETTERS + 1), min(b[1], MAX_LETTERS + 1))


@functools.lru_cache(maxsize=100_000)
def count_by_bounds(span: Words, leaf: LeafBounds, charades: bool = True) -> tuple[tuple[Bounds, int], ...]:
    """How many canonical trees read the span, by their length bounds (pieces only unless charades)."""
    tally: dict[Bounds, int] = {}
    extended = stand_in_leaf(leaf)
    for p in productions(span, leaf):
        for combo in itertools.product(*(count_by_bounds(s, leaf) for s in p.spans)):
            stand_ins = (Synonym((f"#{lo}:{hi}",)) for (lo, hi), _ in combo)
            b = clamp(length_bounds(p.build(*stand_ins), extended))
            if b[0] <= b[1]:
                tally[b] = tally.get(b, 0) + math.prod(n for _, n in combo)
    if charades:
        for head, rest in splits(span):
            for (a, b), n in count_by_bounds(head, leaf, False):
                for (c, d), m in count_by_bounds(rest, leaf):
                    key = clamp((a + c, b + d))
                    tally[key] = tally.get(key, 0) + n * m
    return tuple(tally.items())


def count_filtered(clue: Clue, leaf: LeafBounds = plain_bounds) -> int:
    """How many canonical readings of the clue survive the length filter."""
    n = clue.enumeration.length
    total = 1  # the cryptic definition
    for definition, link, body, _first in readings(clue.words):
        if leaf("definition", definition) is None:
            continue
        total += sum(k for (lo, hi), k in count_by_bounds(body, leaf) if lo <= n <= hi)
        total += not link and fits(length_bounds(Definition(body), leaf), n, n)
    return total


class Cut(Exception):
    """The search ran past its deadline."""


def fits(b: Bounds, lo: int, hi: int) -> bool:
    """Do bounds b admit some length in lo..hi?"""
    return b[0] <= b[1] and b[0] <= hi and b[1] >= lo


def wordplays(span: Words, lo: int, hi: int, budget: float, leaf: LeafBounds = plain_bounds, deadline: float = math.inf) -> Iterator[Node]:
    """Yield every tree reading the span whose length can fall in lo..hi and cost is within budget.

    A repeated word can give one tree two derivations ("upset cat upset", either "upset"
    the outer reversal's indicator); trees are values, so each is yielded once."""
    seen: set[Node] = set()
    for node in itertools.chain(pieces(span, lo, hi, budget, leaf, deadline), map(Concat, sequences(span, lo, hi, budget, leaf, deadline, least=2))):
        if node not in seen:
            seen.add(node)
            yield node


def pieces(span: Words, lo: int, hi: int, budget: float, leaf: LeafBounds, deadline: float) -> Iterator[Node]:
    """Yield the non-charade trees of the span within budget and length."""
    if floor_pieces(span, leaf) > budget:
        return
    if time.monotonic() > deadline:
        raise Cut
    for p in productions(span, leaf):
        if p.own + sum(floor_all(s, leaf) for s in p.spans) > budget:
            continue
        for kids in products(p.spans, budget - p.own, leaf, deadline):
            node = p.build(*kids)
            if fits(length_bounds(node, leaf), lo, hi):
                yield node


def products(spans: tuple[Words, ...], budget: float, leaf: LeafBounds, deadline: float) -> Iterator[tuple[Node, ...]]:
    """Yield a reading of each span, their costs summing within budget."""
    if not spans:
        yield ()
        return
    first, rest = spans[0], spans[1:]
    reserve = sum(floor_all(s, leaf) for s in rest)
    for node in wordplays(first, 1, MAX_LETTERS, budget - reserve, leaf, deadline):
        for more in products(rest, budget - cost(node), leaf, deadline):
            yield (node, *more)


def sequences(span: Words, lo: int, hi: int, budget: float, leaf: LeafBounds, deadline: float, least: int = 1) -> Iterator[tuple[Node, ...]]:
    """Yield flat charade part lists (at least `least` parts) reading the span, per-part cost included."""
    part = weights()["concat_per_part"]
    if floor_sequence(span, leaf) > budget:
        return
    if least <= 1:
        for node in pieces(span, lo, hi, budget - part, leaf, deadline):
            yield (node,)
    for head, rest in splits(span):
        reserve = floor_sequence(rest, leaf)
        for node in pieces(head, 1, hi, budget - part - reserve, leaf, deadline):
            a, b = length_bounds(node, leaf)
            for tail in sequences(rest, lo - b, hi - a, budget - part - cost(node), leaf, deadline):
                yield (node, *tail)


def readings(words: Words) -> Iterator[tuple[Words, Words, Words, bool]]:
    """Yield (definition, link, wordplay span, definition_first) for every split of a clue."""
    n = len(words)
    for d in range(1, n):
        for first in (True, False):
            definition = words[:d] if first else words[n - d :]
            rest = words[d:] if first else words[: n - d]
            yield definition, (), rest, first
            for k in (1, 2):
                link = rest[:k] if first else rest[-k:]
                body = rest[k:] if first else rest[:-k]
                if body and is_indicator("link", link):
                    yield definition, link, body, first


def clue_parses(clue: Clue, budget: float, leaf: LeafBounds = plain_bounds, deadline: float = math.inf) -> Iterator[Parse]:
    """Yield every reading of the clue within budget whose wordplay admits the answer's length."""
    n = clue.enumeration.length
    w = weights()
    if w["cryptic_definition"] <= budget:
        yield Parse(clue.words, (), None, True)
    for definition, link, body, first in readings(clue.words):
        if leaf("definition", definition) is None:
            continue
        penalty = 1 + w["definition_length_penalty"] * (len(definition) - 1)
        room = budget / penalty - w["link_per_word"] * len(link)
        double = Definition(body)
        if not link and cost(double) <= room and fits(length_bounds(double, leaf), n, n):
            yield Parse(definition, link, double, first)
        for node in wordplays(body, n, n, room, leaf, deadline):
            yield Parse(definition, link, node, first)


def parses(clue: Clue, leaf: LeafBounds = plain_bounds, deadline: float = math.inf, start: float = 120.0, ceiling: float = 4000.0) -> Iterator[Parse]:
    """Yield the clue's readings cheapest first, lazily: rounds of doubling cost budget,
    each round's new readings sorted. Raises Cut past the deadline."""
    floor = 0.0
    budget = start
    while floor < ceiling:
        budget = min(budget, ceiling)
        batch = [(parse_cost(p), i, p) for i, p in enumerate(clue_parses(clue, budget, leaf, deadline))]
        heapq.heapify(batch)
        while batch:
            c, _, p = heapq.heappop(batch)
            if c > budget:  # the next round yields it, in its place
                break
            if c > floor:
                yield p
        floor, budget = budget, budget * 2


def counts(clue: Clue, leaf: LeafBounds = plain_bounds) -> tuple[int, int]:
    """(naive, canonical) numbers of readings of the clue, before any length filter."""
    naive = canonical = 0
    for definition, link, body, _first in readings(clue.words):
        if leaf("definition", definition) is None:
            continue
        naive += count_all(body, leaf, True) + (not link)  # + the double definition
        canonical += count_all(body, leaf, False) + (not link)
    return naive + 1, canonical + 1  # + 1: the cryptic definition


def naive_wordplays(span: Words, leaf: LeafBounds = plain_bounds) -> Iterator[Node]:
    """Yield every tree of the span with charades as nested binary Concats (the naive form)."""
    for p in productions(span, leaf):
        for kids in itertools.product(*(list(naive_wordplays(s, leaf)) for s in p.spans)):
            yield p.build(*kids)
    for head, rest in splits(span):
        for a in naive_wordplays(head, leaf):
            for b in naive_wordplays(rest, leaf):
                yield Concat((a, b))


def canonical_wordplays(span: Words, leaf: LeafBounds = plain_bounds) -> Iterator[Node]:
    """Yield every canonical tree of the span, no cost or length limit."""
    return wordplays(span, 1, MAX_LETTERS, math.inf, leaf)
