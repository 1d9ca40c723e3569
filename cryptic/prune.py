"""Ruling answers out cheaply before deriving them: a tree's length bounds, the letters every
output contains, its few outputs when there are few, anagram letter bags, and its possible
first and last letters."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable
from itertools import islice
from typing import assert_never

from cryptic.caches import per_clue
from cryptic.nodes import (
    MAX_LETTERS, After, Alternate, Anagram, Concat, Container, Definition, FirstLetters, Hidden, Homophone,
    Insertion, LastLetters, Letters, Literal, Middle, Mixed, Node, Outer, Reversal, Spoonerism, Subtraction, Synonym,
    Truncation, letters,
)  # fmt: skip
from cryptic.tuning import FEW, MAX_BAGS, REMOVED_TRIED, SHORT_PIECE
from cryptic.wordplay import Constraint, evaluate, reverse, synonyms_by_length, synonyms_of


@per_clue(maxsize=100_000)
def must_contain(node: Node) -> Counter:
    """Letters every output of the node contains (from the clue's own letters in it)."""
    match node:
        case Literal(words) | Anagram(_, words):
            return Counter(letters(words))
        case Mixed(_, fodder, piece, less):
            return Counter() if less else Counter(letters(fodder)) + must_contain(piece)
        case FirstLetters(_, fodder):
            return Counter(letters((w,))[:1] for w in fodder)
        case LastLetters(_, fodder):
            return Counter(letters((w,))[-1:] for w in fodder)
        case Outer(_, fodder):
            return Counter(letters(fodder)[:1])
        case Concat(parts):
            return sum((must_contain(p) for p in parts), Counter())
        case Insertion(_, a, b) | Container(_, a, b) | After(_, a, b):
            return must_contain(a) + must_contain(b)
        case Reversal(_, body):
            return must_contain(body)
        case Synonym() | Definition() | Hidden() | Subtraction() | Alternate() | Middle() | Truncation() | Homophone() | Spoonerism():
            return Counter()  # letters of the thesaurus's, or some of the clue's, not known ahead
        case _:
            assert_never(node)


@per_clue(maxsize=100_000)
def needed(node: Node) -> tuple[tuple[str, int], ...]:
    """must_contain as (letter, count) pairs: counting a few letters in a target is cheaper
    than subtracting counters, and derivation asks for every candidate answer."""
    return tuple(must_contain(node).items())


@per_clue(maxsize=50_000)
def few_outputs(node: Node, lo: int, hi: int) -> tuple[Letters, ...] | None:
    """The node's distinct outputs of lo to hi letters, sorted, when there are fewer than FEW,
    else None (asked once for every candidate answer of a clue). Sorted, not a set: a
    derivation takes the first that fits, and a set's order is the hash seed's."""
    few = set(islice(evaluate(node, Constraint(lo, hi)), FEW))
    return tuple(sorted(few)) if len(few) < FEW else None


@per_clue(maxsize=50_000)
def letter_bags(node: Node) -> frozenset[Letters] | None:
    """The letters (sorted) the node's outputs are made of, with its synonym pieces at most
    SHORT_PIECE long, when the node keeps its parts' letters and they are few; else None."""
    match node:
        case Synonym(words):
            by_length = synonyms_by_length(words)
            return frozenset("".join(sorted(s)) for n in range(1, SHORT_PIECE + 1) for s in by_length.get(n, ()))
        case Literal(words) | Anagram(_, words):
            return frozenset({"".join(sorted(letters(words)))})
        case FirstLetters() | LastLetters() | Outer() | Alternate():
            return frozenset("".join(sorted(s)) for s in evaluate(node, Constraint(1, MAX_LETTERS)))
        case Concat(parts):
            return combined_bags(tuple(letter_bags(p) for p in parts))
        case Insertion(_, a, b) | Container(_, a, b) | After(_, a, b):
            return combined_bags((letter_bags(a), letter_bags(b)))
        case Reversal(_, body):
            return letter_bags(body)
        case Definition() | Mixed() | Hidden() | Subtraction() | Middle() | Truncation() | Homophone() | Spoonerism():
            return None  # many outputs, or letters lost or changed
        case _:
            assert_never(node)


def combined_bags(bags: tuple[frozenset[Letters] | None, ...]) -> frozenset[Letters] | None:
    """The bags of parts put together (None if any part's are unknown or there are too many)."""
    if any(b is None for b in bags) or math.prod(len(b) for b in bags) > MAX_BAGS:
        return None
    return frozenset("".join(sorted("".join(combo))) for combo in itertools.product(*bags))


def ends(node: Node) -> tuple[frozenset[Letters] | None, frozenset[Letters] | None]:
    """Strings one of which every output of the node starts with, and ends with (None: any):
    a cheap test that turns away most candidate answers before a charade is split."""
    match node:
        case Synonym(words):
            outputs = frozenset(synonyms_of(words))
            return outputs, outputs
        case Literal(words) | FirstLetters(_, words) | LastLetters(_, words) | Alternate(_, words) | Outer(_, words):
            outputs = frozenset(evaluate(node))
            return outputs, outputs
        case Concat(parts):
            return ends(parts[0])[0], ends(parts[-1])[1]
        case After(_, first, second):
            return ends(second)[0], ends(first)[1]
        case Reversal(_, body):
            head, tail = ends(body)
            return (frozenset(map(reverse, tail)) if tail is not None else None), (frozenset(map(reverse, head)) if head is not None else None)
        case Insertion(_, _, outer) | Container(_, outer, _):  # the outer part's first and last letters stay outside
            head, tail = ends(outer)
            return (frozenset(h[0] for h in head) if head is not None else None), (frozenset(t[-1] for t in tail) if tail is not None else None)
        case Definition() | Anagram() | Mixed() | Hidden() | Subtraction() | Middle() | Truncation() | Homophone() | Spoonerism():
            return None, None
        case _:
            assert_never(node)


@per_clue(maxsize=50_000)
def removable(part: Node, lo: int, hi: int) -> tuple[Letters, ...]:
    """What a subtraction may take away: its part's first few outputs, shortest first
    (each is tried at every place in every candidate answer)."""
    return tuple(dict.fromkeys(islice(evaluate(part, Constraint(lo, hi)), REMOVED_TRIED)))


Affix = tuple[frozenset[Letters], tuple[int, ...]]  # strings, and their lengths sorted


@per_clue(maxsize=50_000)
def affixes(node: Node) -> tuple[Affix | None, Affix | None]:
    """The node's ends (see ends) with their lengths: the first strings, and the last ones
    reversed, so that one test serves both ends (None: any)."""
    head, tail = ends(node)
    return affix(head), affix(frozenset(t[::-1] for t in tail) if tail is not None else None)


def affix(strings: frozenset[Letters] | None) -> Affix | None:
    """Strings with their lengths sorted."""
    return (strings, tuple(sorted({len(x) for x in strings}))) if strings is not None else None


def starts_with_one(s: Letters, a: Affix) -> bool:
    """Does s start with one of the strings? (A plain loop: this runs for every candidate
    answer of every reading.)"""
    strings, lengths = a
    for n in lengths:
        if n > len(s):
            return False
        if s[:n] in strings:
            return True
    return False


@per_clue(maxsize=50_000)
def could_make(node: Node) -> Callable[[Letters], bool]:
    """A quick necessary test of whether the tree could make a string (see ends)."""
    head, tail = affixes(node)
    return lambda s: (head is None or starts_with_one(s, head)) and (tail is None or starts_with_one(s[::-1], tail))


@per_clue(maxsize=50_000)
def end_tests(node: Node) -> tuple[Callable[[Letters], bool], Callable[[Letters], bool]]:
    """Tests of whether an output of the node could start with a string (followed by
    anything), and end with one (after anything): a subtraction inserts its removed
    part between the two."""
    head, tail = affixes(node)
    opens, closes = opening(head), opening(tail)
    return opens, lambda s: closes(s[::-1])


def opening(a: Affix | None) -> Callable[[Letters], bool]:
    """Could a string open an output whose first part is one of the affix's strings (the
    string is a start of one, or one is a start of the string)?"""
    if a is None:
        return lambda s: True
    stems = {x[:m] for x in a[0] for m in range(len(x) + 1)}
    return lambda s: s in stems or starts_with_one(s, a)
