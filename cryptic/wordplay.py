"""Evaluating wordplay trees: the letters a tree makes under a length/pattern constraint,
generated lazily (simple letter operations, leaves looked up, anagrams, hidden words)."""

from __future__ import annotations

import contextlib
import functools
import math
import re
import time
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from itertools import permutations
from types import MappingProxyType
from typing import assert_never

from cryptic import thesaurus as th
from cryptic.caches import per_clue
from cryptic.forest import Cut
from cryptic.hidden import hidden_ok, hiding_place
from cryptic.lexicon import piece_table
from cryptic.nodes import (
    MAX_LETTERS, After, Alternate, Anagram, Concat, Container, Definition, FirstLetters, Hidden, Homophone,
    Insertion, LastLetters, LeafBounds, Letters, Literal, Middle, Mixed, Node, Outer, Reversal, Spoonerism,
    Subtraction, Synonym, Truncation, Words, letters, pattern_regex,
)  # fmt: skip
from cryptic.trees import length_bounds
from cryptic.tuning import MAX_PERMUTED, MIN_HIDDEN, MIN_SHORT_FORM_USES, MIXED_PIECE

VOWELS = frozenset("AEIOUY")


@dataclass(frozen=True, slots=True)
class Constraint:
    """What an output must look like: a length range and, for an exact length, a pattern
    ('.' for an unknown letter)."""

    lo: int
    hi: int
    pattern: str | None = None
    # For words built from synonyms: the sorted words the whole output must be one of, and
    # the letters a charade placed before this part (its head must keep them a stem of one).
    stems: tuple[Letters, ...] | None = field(default=None, compare=False)
    lead: Letters = ""


def exactly(n: int, pattern: str | None = None, words: bool = False) -> Constraint:
    """The constraint of an answer of n letters (and a pattern, if known; with `words`, a
    word of the lexicon, which prunes a charade at every piece that starts no word)."""
    return Constraint(n, n, pattern_regex(pattern) if pattern else None, th.lexicon_stems(n) if words else None)


ANY = Constraint(1, MAX_LETTERS)


def admits(c: Constraint, s: Letters) -> bool:
    """Does the string satisfy the constraint?"""
    if not c.lo <= len(s) <= c.hi:
        return False
    if c.stems is not None and not th.is_stem(c.stems, c.lead + s):
        return False
    p = c.pattern
    if p is None or len(s) != len(p):
        return True
    # Most patterns are a whole candidate answer (no unknown letter): compare at once.
    return s == p if "." not in p else all(q == "." or q == ch for q, ch in zip(p, s))


def thesaurus_leaf() -> LeafBounds:
    """The leaf bounds evaluation uses."""
    return th.leaf_bounds


def reverse(s: Letters) -> Letters:
    """The letters backwards.

    >>> reverse("DRAWER")
    'REWARD'
    """
    return s[::-1]


def odd_letters(s: Letters) -> Letters:
    """Letters 1, 3, 5...  (oddly)."""
    return s[0::2]


def even_letters(s: Letters) -> Letters:
    """Letters 2, 4, 6...  (evenly)."""
    return s[1::2]


def middle(s: Letters) -> Letters:
    """The middle letter (odd length) or two (even length).

    >>> middle("HEART"), middle("CORE")
    ('A', 'OR')
    """
    return s[(len(s) - 1) // 2 : len(s) // 2 + 1] if len(s) >= 3 else ""


def outer_letters(fodder: Words) -> tuple[Letters, ...]:
    """The first and last letters of the fodder, and of it less a final possessive ("blade's
    edges" is BE).

    >>> outer_letters(("blade's",))
    ('BS', 'BE')
    """
    spelt = letters(fodder)
    bare = letters((*fodder[:-1], re.sub(r"['’]s$", "", fodder[-1], flags=re.I))) if fodder else ""
    return tuple(dict.fromkeys(t[0] + t[-1] for t in (spelt, bare) if len(t) >= 3))


def truncate(kind: str, s: Letters) -> tuple[Letters, ...]:
    """The results of cutting letters from s (half has two)."""
    match kind:
        case "behead":
            return (s[1:],) if len(s) >= 2 else ()
        case "curtail":
            return (s[:-1],) if len(s) >= 2 else ()
        case "trim":
            return (s[1:-1],) if len(s) >= 3 else ()
        case "gut":
            m = middle(s)
            k = (len(s) - 1) // 2
            return (s[:k] + s[k + len(m) :],) if m else ()
        case "half":
            h = len(s) // 2
            return tuple({s[:h], s[h:], s[: (len(s) + 1) // 2], s[(len(s) + 1) // 2 :]} - {""}) if len(s) >= 2 else ()
    return ()


def onset(word: Letters) -> int:
    """How many leading consonants a word has (its Spoonerism onset)."""
    k = 0
    while k < len(word) and word[k] not in VOWELS:
        k += 1
    return k


def spoonerise(a: Letters, b: Letters) -> Letters:
    """Swap the initial consonant clusters of two words.

    >>> spoonerise("NAG", "MATES")
    'MAGNATES'
    """
    i, j = onset(a), onset(b)
    return b[:j] + a[i:] + a[:i] + b[j:]


@functools.lru_cache(maxsize=100_000)
def synonyms_of(words: tuple[str, ...]) -> Mapping[Letters, float]:
    """Everything a Synonym leaf can stand for (letters -> strength), but forms of its own
    words ("tightly" is no TIGHT) that are not setters' short forms ("school" is SCH)."""
    phrase = th.norm(" ".join(words))
    table = th.synonym_table(phrase)
    return MappingProxyType({s: v for s, v in table.items() if not th.own_form(s, words) or s in short_forms(phrase)})


@functools.lru_cache(maxsize=10_000)
def short_forms(phrase: str) -> frozenset[Letters]:
    """The substitutions for a normalised phrase, and the letters past clues used it for at least
    twice: a short form cut from a word ("school" -> SCH, "second" -> SEC) is no form of it."""
    pieces = (s for s, n in piece_table().get(phrase, ()) if n >= MIN_SHORT_FORM_USES)
    return frozenset((*th.abbreviations(phrase), *pieces))


@functools.lru_cache(maxsize=100_000)
def synonyms_by_length(words: tuple[str, ...]) -> dict[int, tuple[Letters, ...]]:
    """A Synonym leaf's outputs by length (generation asks for one length range at a time,
    again and again)."""
    out: dict[int, list[Letters]] = {}
    for s in synonyms_of(words):
        out.setdefault(len(s), []).append(s)
    return {n: tuple(group) for n, group in out.items()}


@functools.lru_cache(maxsize=50_000)
def homophones(s: Letters) -> tuple[Letters, ...]:
    """Words that sound like s (CMU pronunciations), s excluded."""
    return th.homophones(s)


def evaluate(node: Node, c: Constraint = ANY) -> Iterator[Letters]:
    """Yield the strings the tree can produce that satisfy the constraint (with repeats)."""
    match node:
        case Synonym(words):
            by_length = synonyms_by_length(words)
            for n in range(c.lo, min(c.hi, MAX_LETTERS) + 1):
                yield from (s for s in by_length.get(n, ()) if admits(c, s)) if c.pattern else by_length.get(n, ())
        case Literal(words):
            s = letters(words)
            if admits(c, s):
                yield s
        case Definition(words):
            if c.lo == c.hi:
                yield from (d.letters for d in th.definitions(" ".join(words), th.length_only(c.lo)) if admits(c, d.letters) and not th.own_form(d.letters, words))
        case Concat(parts):
            yield from concat(parts, c)
        case Anagram(_, fodder):
            yield from anagram_outputs(letters(fodder), c)
        case Mixed(_, fodder, piece, less):
            text = letters(fodder)
            lo, hi = (len(text) - c.hi, len(text) - c.lo) if less else (c.lo - len(text), c.hi - len(text))  # only pieces the length admits
            for p in dict.fromkeys(evaluate(piece, Constraint(max(1, lo), min(MIXED_PIECE, hi)))):
                on_time()
                mixed = without(text, p) if less else text + p
                if mixed is not None:
                    yield from anagram_outputs(mixed, c)
        case Hidden(_, fodder, backwards):
            text, first, last = hiding_place(fodder, backwards)
            for n in range(max(MIN_HIDDEN, c.lo), min(c.hi, len(text) - 1) + 1):
                for i in range(max(0, last + 1 - n), min(first, len(text) - n + 1)):
                    if admits(c, text[i : i + n]) and hidden_ok(text, i, n, fodder, backwards):
                        yield text[i : i + n]
        case Insertion(_, inner, outer) | Container(_, outer, inner):
            for o in evaluate(outer, Constraint(2, c.hi - 1)):
                for i in evaluate(inner, Constraint(max(1, c.lo - len(o)), c.hi - len(o))):
                    on_time()
                    for k in range(1, len(o)):
                        s = o[:k] + i + o[k:]
                        if admits(c, s):
                            yield s
        case Subtraction(_, whole, part):
            for p in evaluate(part, Constraint(1, MAX_LETTERS - 1)):
                for w in evaluate(whole, Constraint(c.lo + len(p), min(MAX_LETTERS, c.hi + len(p)))):
                    on_time()
                    k = w.find(p)
                    if k >= 0 and admits(c, w[:k] + w[k + len(p) :]):
                        yield w[:k] + w[k + len(p) :]
        case Reversal(_, body):
            rc = Constraint(c.lo, c.hi, reverse(c.pattern) if c.pattern else None)
            yield from (reverse(s) for s in evaluate(body, rc))
        case FirstLetters(_, fodder):
            s = "".join(letters((w,))[:1] for w in fodder)
            if admits(c, s):
                yield s
        case LastLetters(_, fodder):
            s = "".join(letters((w,))[-1:] for w in fodder)
            if admits(c, s):
                yield s
        case Outer(_, fodder):
            yield from (s for s in outer_letters(fodder) if admits(c, s))
        case Alternate(_, fodder):
            text = letters(fodder)
            if len(text) >= 2:
                yield from (s for s in {odd_letters(text), even_letters(text)} if admits(c, s))
        case Middle(_, body):
            for s in evaluate(body, Constraint(3, MAX_LETTERS)):
                on_time()
                if admits(c, middle(s)):
                    yield middle(s)
        case Truncation(kind, _, body):
            grow = {"behead": (1, 1), "curtail": (1, 1), "trim": (2, 2), "gut": (1, 2), "half": (c.lo - 1, c.hi + 1)}[kind]  # half of 5 letters may keep 3
            for s in evaluate(body, Constraint(c.lo + grow[0], min(MAX_LETTERS, c.hi + grow[1]))):
                on_time()
                yield from (t for t in truncate(kind, s) if admits(c, t))
        case Homophone(_, body):
            for s in evaluate(body, Constraint(max(1, c.lo - 2), min(MAX_LETTERS, c.hi + 2))):
                on_time()
                yield from (h for h in homophones(s) if admits(c, h))
        case After(_, first, second):
            yield from concat((second, first), c)
        case Spoonerism(_, first, second):
            for a in evaluate(first, Constraint(1, c.hi)):
                for b in evaluate(second, Constraint(1, c.hi)):
                    on_time()
                    s = spoonerise(a, b)
                    if admits(c, s):
                        yield s
        case _:
            assert_never(node)


def concat(parts: tuple[Node, ...], c: Constraint) -> Iterator[Letters]:
    """Yield the charade's outputs, each part constrained by the pattern slice it covers."""
    if not parts:
        if c.lo <= 0:
            yield ""
        return
    first, rest = parts[0], parts[1:]
    rest_bounds = [bounds(p) for p in rest]
    rest_lo = sum(b[0] for b in rest_bounds)
    rest_hi = sum(b[1] for b in rest_bounds)
    lo, hi = max(1, c.lo - rest_hi), c.hi - rest_lo
    if lo > hi:
        return
    head_pattern = c.pattern if c.pattern and c.lo == c.hi else None
    for s in evaluate(first, Constraint(lo, hi)):
        on_time()
        if head_pattern and not admits(Constraint(len(s), len(s), head_pattern[: len(s)]), s):
            continue
        if c.stems is not None and not th.is_stem(c.stems, c.lead + s):
            continue
        tail = Constraint(c.lo - len(s), c.hi - len(s), head_pattern[len(s) :] if head_pattern else None, c.stems, c.lead + s)
        for t in concat(rest, tail):
            yield s + t


def without(text: Letters, piece: Letters) -> Letters | None:
    """The text less one of each of the piece's letters, wherever they are (None if it
    lacks one).

    >>> without("ANCHOR", "N"), without("ANCHOR", "Z")
    ('ACHOR', None)
    """
    for ch in piece:
        k = text.find(ch)
        if k < 0:
            return None
        text = text[:k] + text[k + 1 :]
    return text


def anagram_outputs(fodder: Letters, c: Constraint) -> Iterator[Letters]:
    """The anagrams of the fodder that fit: dictionary words, or every arrangement when short."""
    if not c.lo <= len(fodder) <= c.hi:
        return
    if len(fodder) <= MAX_PERMUTED:
        yield from (s for s in dict.fromkeys(map("".join, permutations(fodder))) if s != fodder and admits(c, s))
    else:
        yield from (w for w in th.anagrams(fodder) if w != fodder and admits(c, w))


# One answer's derivation may search long (an insertion into a subtraction from a charade):
# its steps, and the loops generating sub-trees' outputs, check the deadline of the reading
# they serve, kept here rather than in the cache keys.
DEADLINE: ContextVar[float] = ContextVar("deadline", default=math.inf)


def on_time() -> None:
    """Raise Cut past the deadline of the reading being checked."""
    if time.monotonic() > DEADLINE.get():
        raise Cut


@contextlib.contextmanager
def within(deadline: float) -> Iterator[None]:
    """Evaluation and derivation inside the block raise Cut past the deadline."""
    token = DEADLINE.set(deadline)
    try:
        yield
    finally:
        DEADLINE.reset(token)


@per_clue(maxsize=500_000)
def bounds(node: Node) -> tuple[int, int]:
    """Length bounds of a node under the thesaurus (cached: solving asks again and again)."""
    return length_bounds(node, thesaurus_leaf())
