"""Wordplay trees -> letters: generation under a length/pattern constraint (`evaluate`) and
answer-first checking that yields how the tree makes a given answer (`derive`)."""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from collections import Counter
from itertools import islice, permutations
from string import ascii_uppercase
from types import MappingProxyType
from typing import assert_never

from cryptic import thesaurus as th
from cryptic.forest import MIN_HIDDEN, Cut, LeafBounds, hidden_window, length_bounds, letters
from cryptic.caches import per_clue
from cryptic.nodes import (
    MAX_LETTERS,
    After, Alternate, Anagram, Concat, Container, Definition, Derivation, FirstLetters, Hidden, Homophone,
    Insertion, LastLetters, Letters, Literal, Middle, Node, Outer, Reversal, Spoonerism, Subtraction,
    Synonym, Truncation, Words,
)  # fmt: skip

MAX_PERMUTED = 6  # anagram fodder up to this long is permuted freely inside a charade
VOWELS = frozenset("AEIOUY")
MAX_REMOVED = 4  # letters a subtraction takes away
REMOVED_TRIED = 60  # of a subtraction's part's outputs (before: 300, and a few clues spent their whole budget on one reading)
FEW = 300  # a sub-tree with fewer outputs than this is checked output by output
MAX_EVALUATED = 3000  # outputs of a sub-tree tried when checking an answer against it
SECOND_DEFINITION = 0.51  # a direct relation: above a derived form (0.5) and a content word's (PART, at most 0.5)


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


ANY = Constraint(1, MAX_LETTERS)


def admits(c: Constraint, s: Letters) -> bool:
    """Does the string satisfy the constraint?"""
    if not c.lo <= len(s) <= c.hi:
        return False
    p = c.pattern
    if p is None or len(s) != len(p):
        return True
    # Most patterns are a whole candidate answer (no unknown letter): compare at once.
    return s == p if "." not in p else all(q == "." or q == ch for q, ch in zip(p, s))


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


# ---------------------------------------------------------------- leaves


@functools.lru_cache(maxsize=100_000)
def synonyms_of(words: tuple[str, ...]) -> Mapping[Letters, float]:
    """Everything a Synonym leaf can stand for (letters -> strength), but forms of its own
    words ("tightly" is no TIGHT)."""
    table = th.synonym_table(th.norm(" ".join(words)))
    return MappingProxyType({s: v for s, v in table.items() if not th.own_form(s, words)})


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


# ---------------------------------------------------------------- generation


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
        tail = Constraint(c.lo - len(s), c.hi - len(s), head_pattern[len(s) :] if head_pattern else None)
        for t in concat(rest, tail):
            yield s + t


def hiding_place(fodder: tuple[str, ...], backwards: bool) -> tuple[Letters, int, int]:
    """(letters read, a, b) for a hidden word's fodder: a hidden word starts before a and
    ends after b in the letters (see forest.hidden_window), read backwards when reversed."""
    first, last, _ = hidden_window(fodder[::-1] if backwards else fodder)
    return (reverse(letters(fodder)) if backwards else letters(fodder)), first, last


# A word's own beginning or end that is a word itself, with a few letters left over, is
# not hidden in it but cut from it (SPRING from "springtime", MEASURE from "measurement",
# GERMAN from "Germany": truncations, which have their own indicators); a part that is no
# word may be (BRUXE in "Bruxelles", read upwards: EXURB), and so may the answer read
# backwards. A hidden word is never a form of a word it spans (THEO in "the older"). Of
# cryptonite-dev's first 1,000 clues, 12 readings at a word's edge were among the top five
# answers, 5 of them first; none was right.
STEM_REST = 4  # the most letters a word's stem leaves over (-MENT, -TIME)


def hidden_ok(text: Letters, i: int, n: int, fodder: tuple[str, ...], backwards: bool) -> bool:
    """May text[i:i+n] be read as hidden in the fodder?"""
    part = text[i : i + n]
    edge = not backwards and len(fodder) == 1 and (i == 0 or i + n == len(text))
    return not (edge and len(text) - n <= STEM_REST and th.is_word(part)) and not th.own_form(part, fodder)


def anagram_outputs(fodder: Letters, c: Constraint) -> Iterator[Letters]:
    """The anagrams of the fodder that fit: dictionary words, or every arrangement when short."""
    if not c.lo <= len(fodder) <= c.hi:
        return
    if len(fodder) <= MAX_PERMUTED:
        yield from (s for s in map("".join, set(permutations(fodder))) if s != fodder and admits(c, s))
    else:
        yield from (w for w in th.anagrams(fodder) if w != fodder and admits(c, w))


# ---------------------------------------------------------------- answer-first checking


def derive(node: Node, target: Letters) -> Iterator[Derivation]:
    """Yield a derivation of exactly `target` by the tree, if it has one."""
    d = derivation(node, target)
    if d is not None:
        yield d


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


@per_clue(maxsize=100_000)
def must_contain(node: Node) -> Counter:
    """Letters every output of the node contains (from the clue's own letters in it)."""
    match node:
        case Literal(words) | Anagram(_, words):
            return Counter(letters(words))
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
def few_outputs(node: Node, lo: int, hi: int) -> frozenset[Letters] | None:
    """The node's outputs of lo to hi letters when there are fewer than FEW, else None
    (asked once for every candidate answer of a clue)."""
    few = frozenset(islice(evaluate(node, Constraint(lo, hi)), FEW))
    return few if len(few) < FEW else None


SHORT_PIECE = 3  # a synonym piece beside an anagram is taken to be this short at most (I, ST, IRE)
MAX_BAGS = 400  # letter bags a tree may have before it is not worth looking up


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
        case Definition() | Hidden() | Subtraction() | Middle() | Truncation() | Homophone() | Spoonerism():
            return None  # many outputs, or letters lost or changed
        case _:
            assert_never(node)


def combined_bags(bags: tuple[frozenset[Letters] | None, ...]) -> frozenset[Letters] | None:
    """The bags of parts put together (None if any part's are unknown or there are too many)."""
    if any(b is None for b in bags) or math.prod(len(b) for b in bags) > MAX_BAGS:
        return None
    return frozenset("".join(sorted("".join(combo))) for combo in itertools.product(*bags))


def anagram_inside(node: Node) -> bool:
    """Is there an anagram among the parts whose letters the node keeps?"""
    match node:
        case Anagram():
            return True
        case Concat(parts):
            return any(map(anagram_inside, parts))
        case Insertion(_, a, b) | Container(_, a, b) | After(_, a, b):
            return anagram_inside(a) or anagram_inside(b)
        case Reversal(_, body):
            return anagram_inside(body)
        case (Synonym() | Literal() | Definition() | Hidden() | Subtraction() | FirstLetters() | LastLetters() | Outer() | Alternate()
              | Middle() | Truncation() | Homophone() | Spoonerism()):  # fmt: skip
            return False  # none, or its letters are not all kept
        case _:
            assert_never(node)


def takes_a_piece(d: Derivation, start: int, n: int) -> bool:
    """Would taking n letters from `start` away remove one whole piece of a charade? AIM +
    PRIMO less AIM is only PRIMO, with two words read for nothing."""
    if not isinstance(d.node, Concat):
        return False
    ends = itertools.accumulate((len(c.letters) for c in d.parts), initial=0)
    return (start, start + n) in itertools.pairwise(ends)


def insertion_splits(inner: Node, outer: Node, target: Letters) -> Iterator[tuple[Letters, Letters]]:
    """Yield (inner, outer) letter pairs with outer = target less a run inside it, driven by
    the inner's outputs when there are few of them (a synonym), else by every run."""
    (ilo, ihi), (olo, ohi) = bounds(inner), bounds(outer)
    n = len(target)
    lo, hi = max(ilo, n - ohi), min(ihi, n - max(olo, 2))
    if lo > hi:
        return
    few = few_outputs(inner, lo, hi)
    if few is not None:
        for i in few:
            k = target.find(i, 1)
            while 0 < k <= n - len(i) - 1:
                yield i, target[:k] + target[k + len(i) :]
                k = target.find(i, k + 1)
        return
    yield from runs_inside(target, lo, hi)


def runs_inside(target: Letters, lo: int, hi: int) -> Iterator[tuple[Letters, Letters]]:
    """Yield (run, rest) for every run of lo..hi letters strictly inside the target (neither
    its first letter nor its last), with the target less that run."""
    for m in range(lo, hi + 1):
        for k in range(1, len(target) - m):
            yield target[k : k + m], target[:k] + target[k + m :]


@per_clue(maxsize=500_000)
def derivation(node: Node, target: Letters) -> Derivation | None:
    """How the tree produces exactly `target` (the first way found), or None."""
    lo, hi = bounds(node)
    if not target or not lo <= len(target) <= hi:
        return None
    if any(target.count(ch) < k for ch, k in needed(node)):
        return None
    on_time()
    leaf = Derivation(node, target, ())
    match node:
        case Synonym(words):
            return leaf if target in synonyms_of(words) else None
        case Literal(words):
            return leaf if letters(words) == target else None
        case Definition(words):
            return leaf if th.definition_strength(" ".join(words), target) >= SECOND_DEFINITION and not th.own_form(target, words) else None
        case Concat(parts):
            split = derive_parts(parts, target)
            return Derivation(node, target, split) if split is not None else None
        case Anagram(_, fodder):  # rearranged: the fodder itself is no anagram of it
            text = letters(fodder)
            return leaf if target != text and sorted(text) == sorted(target) else None
        case Hidden(_, fodder, backwards):
            text, first, last = hiding_place(fodder, backwards)
            n = len(target)
            starts = range(max(0, last + 1 - n), min(first, len(text) - n + 1))
            found = MIN_HIDDEN <= n < len(text) and any(text.startswith(target, i) and hidden_ok(text, i, n, fodder, backwards) for i in starts)
            return leaf if found else None
        case Insertion(_, inner, outer) | Container(_, outer, inner):
            inner_ok, outer_ok = could_make(inner), could_make(outer)
            for i, o in insertion_splits(inner, outer, target):
                if not (outer_ok(o) and inner_ok(i)):
                    continue
                do = derivation(outer, o)  # first: an outer word is mostly a synonym, cheap to check
                di = derivation(inner, i) if do else None
                if di and do:
                    return Derivation(node, target, (di, do) if isinstance(node, Insertion) else (do, di))
            return None
        case Subtraction(_, whole, part):
            wlo, whi = bounds(whole)
            n = len(target)
            # What is taken away is short in real clues (an abbreviation, a little word).
            possible, taken = could_make(whole), removable(part, max(1, wlo - n), min(whi - n, MAX_REMOVED))
            heads, tails = end_tests(whole)
            for k in range(n + 1):
                if not (heads(target[:k]) and tails(target[k:])):
                    continue  # no output of the whole starts (ends) like that, whatever is taken away
                for p in taken:
                    w = target[:k] + p + target[k:]
                    dw = derivation(whole, w) if possible(w) else None
                    if dw and takes_a_piece(dw, k, len(p)):
                        continue
                    dp = derivation(part, p) if dw else None  # the part's own tree (a reversal, say), for the explanation
                    if dw and dp:
                        return Derivation(node, target, (dw, dp))
            return None
        case Reversal(_, body):
            d = derivation(body, reverse(target))
            return Derivation(node, target, (d,)) if d else None
        case FirstLetters(_, fodder):
            return leaf if "".join(letters((w,))[:1] for w in fodder) == target else None
        case LastLetters(_, fodder):
            return leaf if "".join(letters((w,))[-1:] for w in fodder) == target else None
        case Outer(_, fodder):
            return leaf if target in outer_letters(fodder) else None
        case Alternate(_, fodder):
            text = letters(fodder)
            return leaf if len(text) >= 2 and target in (odd_letters(text), even_letters(text)) else None
        case Homophone(_, body):  # sounding alike goes both ways: ask about the target's homophones
            return from_any(node, body, target, homophones(target))
        case Truncation("behead" | "curtail" as kind, _, body):
            # The body ends (starts) with the target, whatever its extra letter.
            could_hold = end_tests(body)[1 if kind == "behead" else 0]
            return from_any(node, body, target, one_letter_more(kind, target)) if could_hold(target) else None
        case Middle(_, body) | Truncation(_, _, body):
            made = made_from(node, len(target))
            if made is not None:
                return from_any(node, body, target, made.get(target, ()))
            for c in sources(node, target):
                for s in set(islice(evaluate(body, c), MAX_EVALUATED)):
                    if target not in produced_from(node, s):
                        continue
                    d = derivation(body, s)
                    if d:
                        return Derivation(node, target, (d,))
            return None
        case Spoonerism(_, first, second):
            for k in range(1, len(target)):
                pair = derive_spoonerism(first, second, target[:k], target[k:])
                if pair:
                    return Derivation(node, target, pair)
            return None
        case After(_, first, second):
            split = derive_parts((second, first), target)
            return Derivation(node, target, split) if split is not None else None
        case _:
            assert_never(node)


def sources(node: Node, target: Letters) -> tuple[Constraint, ...]:
    """Constraints on the child output from which a one-child node can make `target`:
    a behead of X makes TARGET only from ?TARGET, so the child is generated by pattern."""
    n = len(target)
    match node:
        case Truncation("behead", _, _):
            return (Constraint(n + 1, n + 1, "." + target),)
        case Truncation("curtail", _, _):
            return (Constraint(n + 1, n + 1, target + "."),)
        case Truncation("trim", _, _):
            return (Constraint(n + 2, n + 2, "." + target + "."),)
        case Truncation("gut", _, _):
            return tuple(Constraint(m, m, target[: (m - 1) // 2] + "." * (m - n) + target[(m - 1) // 2 :]) for m in (n + 1, n + 2))
        case Truncation("half", _, _):
            return tuple(Constraint(m, m, p) for m in (2 * n - 1, 2 * n, 2 * n + 1) for p in (target + "." * (m - n), "." * (m - n) + target))
        case Middle():  # the middle of a word of any odd (even) length is one (two) letters
            return (Constraint(3, MAX_LETTERS),)
        case Homophone():
            return (Constraint(max(1, n - 2), min(MAX_LETTERS, n + 2)),)
        case (Truncation() | Synonym() | Literal() | Definition() | Concat() | Anagram() | Hidden() | Insertion() | Container()
              | Subtraction() | Reversal() | FirstLetters() | LastLetters() | Alternate() | Outer() | Spoonerism() | After()):  # fmt: skip
            return ()
        case _:
            assert_never(node)


def one_letter_more(kind: str, target: Letters) -> Iterator[Letters]:
    """The strings a beheading (curtailing) makes the target from."""
    return (ch + target if kind == "behead" else target + ch for ch in ascii_uppercase)


def from_any(node: Node, body: Node, target: Letters, made_of: Iterable[Letters]) -> Derivation | None:
    """The derivation of target by a one-child node from the first of the strings it could
    be made of that the body makes."""
    possible = could_make(body)
    for s in made_of:
        d = derivation(body, s) if possible(s) else None
        if d:
            return Derivation(node, target, (d,))
    return None


INDEXED = 5_000  # body outputs read once to answer every target of a one-child node


@per_clue(maxsize=50_000)
def made_from(node: Middle | Truncation, n: int) -> dict[Letters, tuple[Letters, ...]] | None:
    """target -> the body's outputs that make it, for every target of n letters, from one
    pass over the body's outputs (a solver asks about hundreds of targets, and generating
    the body once per target by pattern costs more); None when there are too many."""
    body = node.body
    cs = sources(node, "." * n)
    outputs = set(islice(evaluate(body, Constraint(min(c.lo for c in cs), max(c.hi for c in cs))), INDEXED + 1))
    if len(outputs) > INDEXED:
        return None
    made: dict[Letters, tuple[Letters, ...]] = {}
    for s in sorted(outputs):
        for t in produced_from(node, s):
            if len(t) == n:
                made[t] = (*made.get(t, ()), s)
    return made


def produced_from(node: Node, s: Letters) -> tuple[Letters, ...]:
    """What a one-child node makes of its child's output s."""
    match node:
        case Middle():
            return (middle(s),)
        case Truncation(kind, _, _):
            return truncate(kind, s)
        case Homophone():
            return homophones(s)
        case (Synonym() | Literal() | Definition() | Concat() | Anagram() | Hidden() | Insertion() | Container() | Subtraction()
              | Reversal() | FirstLetters() | LastLetters() | Alternate() | Outer() | Spoonerism() | After()):  # fmt: skip
            return ()
        case _:
            assert_never(node)


def derive_spoonerism(first: Node, second: Node, a0: Letters, b0: Letters) -> tuple[Derivation, Derivation] | None:
    """Derivations of the two words whose swapped onsets give a0 + b0, or None."""
    for i in range(0, len(a0)):
        for j in range(0, len(b0)):
            a = b0[:j] + a0[i:]
            b = a0[:i] + b0[j:]
            if onset(a) != j or onset(b) != i or (i == 0 and j == 0):
                continue
            da = derivation(first, a)
            db = derivation(second, b) if da else None
            if da and db:
                return (da, db)
    return None


@per_clue(maxsize=500_000)
def derive_parts(parts: tuple[Node, ...], target: Letters) -> tuple[Derivation, ...] | None:
    """Derivations of the parts that, joined, make the target, or None."""
    if not parts:
        return () if not target else None
    first, rest = parts[0], parts[1:]
    rest_bounds = [bounds(p) for p in rest]
    lo = max(1, len(target) - sum(b[1] for b in rest_bounds))
    hi = len(target) - sum(b[0] for b in rest_bounds)
    for k in range(lo, hi + 1):
        d = derivation(first, target[:k])
        if d is not None:
            more = derive_parts(rest, target[k:])
            if more is not None:
                return (d, *more)
    return None


# ---------------------------------------------------------------- one piece two steps away

LOOSE_PIECE = 3  # the shortest piece a synonym of a synonym may give ("seal" -> CAP)


def loosely(words: Words, piece: Letters) -> bool:
    """Is the piece two steps from the words (a synonym of a synonym), not a form of them?"""
    return len(piece) >= LOOSE_PIECE and piece in th.distant_letters(th.norm(" ".join(words)), len(piece)) and not th.own_form(piece, words)


@per_clue(maxsize=100_000)
def loose_derivation(node: Node, target: Letters) -> tuple[Derivation, Letters] | None:
    """How the tree makes the target with one synonym piece two steps away and the rest as
    `derivation` would ("Crack and heroin smuggled by seal": H in CAP, CHAP), with that
    piece; or None. Only for answers known otherwise (a strong definition's, or the few that
    fit the crossing letters): loose pieces fit anything."""
    match node:
        case Synonym(words):
            return (Derivation(node, target, ()), target) if loosely(words, target) else None
        case Concat(parts):
            n = len(target)
            for at in range(len(parts)):
                for start in range(n):
                    on_time()
                    if (head := derive_parts(parts[:at], target[:start])) is None:
                        continue
                    for end in range(start + LOOSE_PIECE if isinstance(parts[at], Synonym) else start + 1, n + 1):
                        tail = derive_parts(parts[at + 1 :], target[end:])
                        if tail is not None and (found := loose_derivation(parts[at], target[start:end])):
                            return Derivation(node, target, (*head, found[0], *tail)), found[1]
            return None
        case Insertion(_, inner, outer) | Container(_, outer, inner):
            for i, o in runs_inside(target, 1, len(target) - 2):
                for loose, strict, mine, other in ((outer, inner, o, i), (inner, outer, i, o)):
                    on_time()
                    if (d := derivation(strict, other)) and (found := loose_derivation(loose, mine)):
                        dl, piece = found
                        di, do = (d, dl) if loose is outer else (dl, d)
                        return Derivation(node, target, (di, do) if isinstance(node, Insertion) else (do, di)), piece
            return None
        case Reversal(_, body):
            found = loose_derivation(body, reverse(target))
            return (Derivation(node, target, (found[0],)), found[1]) if found else None
        case (Literal() | Definition() | Anagram() | Hidden() | FirstLetters() | LastLetters() | Alternate() | Outer()
              | Subtraction() | Middle() | Truncation() | Homophone() | Spoonerism() | After()):  # fmt: skip
            # a subtraction's whole two steps away: 6% more time (cryptonite-dev 1,000: 278 s, not 262 s), no answer more
            return None
        case _:
            assert_never(node)


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
        case Definition() | Anagram() | Hidden() | Subtraction() | Middle() | Truncation() | Homophone() | Spoonerism():
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


def pattern_ok(pattern: str | None, s: Letters) -> bool:
    """Does s fit a crossing-letter pattern ('?' or '.' unknown)?"""
    return pattern is None or bool(re.fullmatch(pattern.upper().replace("?", ".").replace("_", "."), s))

