"""Wordplay trees -> letters: generation under a length/pattern constraint (`evaluate`) and
answer-first checking that yields how the tree makes a given answer (`derive`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import assert_never

from cryptic import thesaurus as th
from cryptic.forest import MAX, LeafBounds, length_bounds, letters
from cryptic.nodes import (
    Alternate, Anagram, Concat, Container, Definition, Derivation, FirstLetters, Hidden, Homophone,
    Insertion, LastLetters, Letters, Literal, Middle, Node, Reversal, Spoonerism, Subtraction,
    Synonym, Truncation,
)  # fmt: skip

MAX_PERMUTED = 6  # anagram fodder up to this long is permuted freely inside a charade
VOWELS = frozenset("AEIOUY")


@dataclass(frozen=True, slots=True)
class Constraint:
    """What an output must look like: a length range and, for an exact length, a pattern
    ('.' for an unknown letter)."""

    lo: int
    hi: int
    pattern: str | None = None


def exactly(n: int, pattern: str | None = None) -> Constraint:
    """The constraint of an answer of n letters (and a pattern, if known)."""
    return Constraint(n, n, pattern.upper().replace("?", ".").replace("_", ".") if pattern else None)


ANY = Constraint(1, MAX)


def admits(c: Constraint, s: Letters) -> bool:
    """Does the string satisfy the constraint?"""
    if not c.lo <= len(s) <= c.hi:
        return False
    return c.pattern is None or len(s) != len(c.pattern) or all(p == "." or p == ch for p, ch in zip(c.pattern, s))


def thesaurus_leaf() -> LeafBounds:
    """The leaf bounds evaluation uses."""
    return th.leaf_bounds


# ---------------------------------------------------------------- simple letter operations


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


# ---------------------------------------------------------------- leaves


def synonyms_of(words: tuple[str, ...]) -> th.Mapping[Letters, float]:
    """Everything a Synonym leaf can stand for (letters -> strength)."""
    return th.synonym_table(th.norm(" ".join(words)))


@functools.lru_cache(maxsize=50_000)
def homophones(s: Letters) -> tuple[Letters, ...]:
    """Words that sound like s (CMU pronunciations), s excluded."""
    return th.homophones(s)


# ---------------------------------------------------------------- generation


def evaluate(node: Node, c: Constraint = ANY) -> Iterator[Letters]:
    """Yield the strings the tree can produce that satisfy the constraint (with repeats)."""
    match node:
        case Synonym(words):
            yield from (s for s in synonyms_of(words) if admits(c, s))
        case Literal(words):
            s = letters(words)
            if admits(c, s):
                yield s
        case Definition(words):
            if c.lo == c.hi:
                yield from (d.letters for d in th.definitions(" ".join(words), th.length_only(c.lo)) if admits(c, d.letters))
        case Concat(parts):
            yield from concat(parts, c)
        case Anagram(_, fodder):
            yield from anagram_outputs(letters(fodder), c)
        case Hidden(_, fodder, backwards):
            text = letters(fodder)
            text = reverse(text) if backwards else text
            for n in range(max(2, c.lo), min(c.hi, len(text) - 1) + 1):
                for i in range(len(text) - n + 1):
                    if admits(c, text[i : i + n]):
                        yield text[i : i + n]
        case Insertion(_, inner, outer) | Container(_, outer, inner):
            for o in evaluate(outer, Constraint(2, c.hi - 1)):
                for i in evaluate(inner, Constraint(max(1, c.lo - len(o)), c.hi - len(o))):
                    for k in range(1, len(o)):
                        s = o[:k] + i + o[k:]
                        if admits(c, s):
                            yield s
        case Subtraction(_, whole, part):
            for p in evaluate(part, Constraint(1, MAX - 1)):
                for w in evaluate(whole, Constraint(c.lo + len(p), min(MAX, c.hi + len(p)))):
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
        case Alternate(_, fodder):
            text = letters(fodder)
            if len(text) >= 2:
                yield from (s for s in {odd_letters(text), even_letters(text)} if admits(c, s))
        case Middle(_, body):
            for s in evaluate(body, Constraint(3, MAX)):
                if admits(c, middle(s)):
                    yield middle(s)
        case Truncation(kind, _, body):
            grow = {"behead": (1, 1), "curtail": (1, 1), "trim": (2, 2), "gut": (1, 2), "half": (c.lo, c.hi + 1)}[kind]
            for s in evaluate(body, Constraint(c.lo + grow[0], min(MAX, c.hi + grow[1]))):
                yield from (t for t in truncate(kind, s) if admits(c, t))
        case Homophone(_, body):
            for s in evaluate(body, Constraint(max(1, c.lo - 2), min(MAX, c.hi + 2))):
                yield from (h for h in homophones(s) if admits(c, h))
        case Spoonerism(_, first, second):
            for a in evaluate(first, Constraint(1, c.hi)):
                for b in evaluate(second, Constraint(1, c.hi)):
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
    leaf = thesaurus_leaf()
    rest_bounds = [length_bounds(p, leaf) for p in rest]
    rest_lo = sum(b[0] for b in rest_bounds)
    rest_hi = sum(b[1] for b in rest_bounds)
    lo, hi = max(1, c.lo - rest_hi), c.hi - rest_lo
    if lo > hi:
        return
    head_pattern = c.pattern if c.pattern and c.lo == c.hi else None
    for s in evaluate(first, Constraint(lo, hi)):
        if head_pattern and not admits(Constraint(len(s), len(s), head_pattern[: len(s)]), s):
            continue
        tail = Constraint(c.lo - len(s), c.hi - len(s), head_pattern[len(s) :] if head_pattern else None)
        for t in concat(rest, tail):
            yield s + t


def anagram_outputs(fodder: Letters, c: Constraint) -> Iterator[Letters]:
    """The anagrams of the fodder that fit: dictionary words, or every arrangement when short."""
    if not c.lo <= len(fodder) <= c.hi:
        return
    if len(fodder) <= MAX_PERMUTED:
        yield from ("".join(p) for p in set(permutations(fodder)) if admits(c, "".join(p)))
    else:
        yield from (w for w in th.anagrams(fodder) if admits(c, w))


# ---------------------------------------------------------------- answer-first checking


def derive(node: Node, target: Letters) -> Iterator[Derivation]:
    """Yield each way the tree produces exactly `target`, as a derivation tree."""
    if not target:
        return
    lo, hi = length_bounds(node, thesaurus_leaf())
    if not lo <= len(target) <= hi:
        return
    leaf = Derivation(node, target, ())
    match node:
        case Synonym(words):
            if target in synonyms_of(words):
                yield leaf
        case Literal(words):
            if letters(words) == target:
                yield leaf
        case Definition(words):
            if th.definition_strength(" ".join(words), target) > 0:
                yield leaf
        case Concat(parts):
            for split in derive_parts(parts, target):
                yield Derivation(node, target, split)
        case Anagram(_, fodder):
            if sorted(letters(fodder)) == sorted(target):
                yield leaf
        case Hidden(_, fodder, backwards):
            text = letters(fodder)
            if (reverse(target) if backwards else target) in text and len(target) < len(text):
                yield leaf
        case Insertion(_, inner, outer) | Container(_, outer, inner):
            for k in range(1, len(target) - 1):
                for m in range(1, len(target) - k):
                    i, o = target[k : k + m], target[:k] + target[k + m :]
                    for di in derive(inner, i):
                        for do in derive(outer, o):
                            yield Derivation(node, target, (di, do) if isinstance(node, Insertion) else (do, di))
        case Subtraction(_, whole, part):
            for p in evaluate(part, Constraint(1, MAX - len(target))):
                for k in range(len(target) + 1):
                    w = target[:k] + p + target[k:]
                    for dw in derive(whole, w):
                        for dp in derive(part, p):
                            yield Derivation(node, target, (dw, dp))
        case Reversal(_, body):
            for d in derive(body, reverse(target)):
                yield Derivation(node, target, (d,))
        case FirstLetters(_, fodder):
            if "".join(letters((w,))[:1] for w in fodder) == target:
                yield leaf
        case LastLetters(_, fodder):
            if "".join(letters((w,))[-1:] for w in fodder) == target:
                yield leaf
        case Alternate(_, fodder):
            text = letters(fodder)
            if len(text) >= 2 and target in (odd_letters(text), even_letters(text)):
                yield leaf
        case Middle(_, body) | Truncation(_, _, body) | Homophone(_, body):
            for s in evaluate(body, Constraint(1, MAX)):
                if target in produced_from(node, s):
                    for d in derive(body, s):
                        yield Derivation(node, target, (d,))
        case Spoonerism(_, first, second):
            for k in range(1, len(target)):
                for pair in derive_spoonerism(first, second, target[:k], target[k:]):
                    yield Derivation(node, target, pair)
        case _:
            assert_never(node)


def produced_from(node: Node, s: Letters) -> tuple[Letters, ...]:
    """What a one-child node makes of its child's output s."""
    match node:
        case Middle():
            return (middle(s),)
        case Truncation(kind, _, _):
            return truncate(kind, s)
        case Homophone():
            return homophones(s)
    return ()


def derive_spoonerism(first: Node, second: Node, a0: Letters, b0: Letters) -> Iterator[tuple[Derivation, Derivation]]:
    """Derivations of the two words whose swapped onsets give a0 + b0."""
    for i in range(0, len(a0)):
        for j in range(0, len(b0)):
            a = b0[:j] + a0[i:]
            b = a0[:i] + b0[j:]
            if onset(a) != j or onset(b) != i or (i == 0 and j == 0):
                continue
            for da in derive(first, a):
                for db in derive(second, b):
                    yield (da, db)


def derive_parts(parts: tuple[Node, ...], target: Letters) -> Iterator[tuple[Derivation, ...]]:
    """Yield derivations of the parts that, joined, make the target."""
    if not parts:
        if not target:
            yield ()
        return
    leaf = thesaurus_leaf()
    first, rest = parts[0], parts[1:]
    rest_bounds = [length_bounds(p, leaf) for p in rest]
    lo = max(1, len(target) - sum(b[1] for b in rest_bounds))
    hi = len(target) - sum(b[0] for b in rest_bounds)
    for k in range(lo, hi + 1):
        for d in derive(first, target[:k]):
            for more in derive_parts(rest, target[k:]):
                yield (d, *more)


def pattern_ok(pattern: str | None, s: Letters) -> bool:
    """Does s fit a crossing-letter pattern ('?' or '.' unknown)?"""
    return pattern is None or bool(re.fullmatch(pattern.upper().replace("?", ".").replace("_", "."), s))

