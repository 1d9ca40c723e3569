"""Answer-first checking: how a tree makes a given answer (its derivation), within the reading's
deadline; and the same with one synonym piece two steps away."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from itertools import islice
from string import ascii_uppercase
from typing import assert_never

from cryptic import thesaurus as th
from cryptic.caches import per_clue
from cryptic.hidden import hidden_ok, hiding_place
from cryptic.nodes import (
    MAX_LETTERS, After, Alternate, Anagram, Concat, Container, Definition, Derivation, FirstLetters, Hidden,
    Homophone, Insertion, LastLetters, Letters, Literal, Middle, Mixed, Node, Outer, Reversal, Spoonerism, Subtraction,
    Synonym, Truncation, Words, letters,
)  # fmt: skip
from cryptic.prune import could_make, end_tests, few_outputs, needed, removable
from cryptic.tuning import INDEXED, LOOSE_PIECE, MAX_EVALUATED, MAX_REMOVED, MIN_HIDDEN, SECOND_DEFINITION
from cryptic.wordplay import Constraint, bounds, evaluate, even_letters, homophones, middle, odd_letters, on_time, onset, outer_letters, reverse, synonyms_of, truncate, without


def derive(node: Node, target: Letters) -> Iterator[Derivation]:
    """Yield a derivation of exactly `target` by the tree, if it has one."""
    d = derivation(node, target)
    if d is not None:
        yield d


def anagram_inside(node: Node) -> bool:
    """Is there an anagram among the parts whose letters the node keeps?"""
    match node:
        case Anagram() | Mixed():
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
        case Mixed(_, fodder, piece, less):  # the piece's letters, in any order, are what the fodder lacks (has over)
            text = letters(fodder)
            rest = without(text, target) if less else without(target, text)
            if not rest:
                return None
            for p in few_outputs(piece, len(rest), len(rest)) or ():
                if sorted(p) == sorted(rest) and target != (without(text, p) if less else text + p) and (dp := derivation(piece, p)):  # rearranged, as evaluate's
                    return Derivation(node, target, (dp,))
            return None
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
            ways = subtracted_from(node, len(target))
            for k, p, w in ways.get(target, ()) if ways is not None else subtractions(node, target):
                dw = derivation(whole, w)
                if dw and not takes_a_piece(dw, k, len(p)) and (dp := derivation(part, p)):  # dp: the part's own tree, for the explanation
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
                makers = {s for s in islice(evaluate(body, c), MAX_EVALUATED) if target in produced_from(node, s)}
                if d := from_any(node, body, target, sorted(makers)):  # sorted: the first that fits, in every process
                    return d
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


Removal = tuple[int, Letters, Letters]  # where in the target a part's output goes back, that output, and the whole it makes


def removed_bounds(node: Subtraction, n: int) -> tuple[int, int]:
    """How many letters a subtraction may take away to leave n: what is taken away is short
    in real clues (an abbreviation, a little word)."""
    wlo, whi = bounds(node.whole)
    return max(1, wlo - n), min(whi - n, MAX_REMOVED)


def subtractions(node: Subtraction, target: Letters) -> Iterator[Removal]:
    """Yield the removals that could leave the target: each of the part's outputs put back
    at each place, where the whole could make the result."""
    n = len(target)
    taken = removable(node.part, *removed_bounds(node, n))
    possible = could_make(node.whole)
    heads, tails = end_tests(node.whole)
    for k in range(n + 1):
        if not (heads(target[:k]) and tails(target[k:])):
            continue  # no output of the whole starts (ends) like that, whatever is taken away
        for p in taken:
            w = target[:k] + p + target[k:]
            if possible(w):
                yield k, p, w


@per_clue(maxsize=50_000)
def subtracted_from(node: Subtraction, n: int) -> dict[Letters, tuple[Removal, ...]] | None:
    """target -> the removals that leave it, in the order `subtractions` tries them, for
    every target of n letters, from one pass over the whole's outputs when they are few (a
    solver asks about hundreds of targets, each tried at every place with every output of
    the part); None when they are many."""
    lo, hi = removed_bounds(node, n)
    taken = removable(node.part, lo, hi)
    few = few_outputs(node.whole, n + lo, n + hi) if taken else ()
    if few is None:
        return None
    order = {p: i for i, p in enumerate(taken)}
    ways: dict[Letters, list[Removal]] = {}
    for w in few:
        m = len(w) - n
        for k in range(n + 1):
            if (p := w[k : k + m]) in order:
                ways.setdefault(w[:k] + w[k + m :], []).append((k, p, w))
    return {t: tuple(sorted(v, key=lambda r: (r[0], order[r[1]]))) for t, v in ways.items()}


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
        case (Truncation() | Synonym() | Literal() | Definition() | Concat() | Anagram() | Mixed() | Hidden() | Insertion() | Container()
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
        case (Synonym() | Literal() | Definition() | Concat() | Anagram() | Mixed() | Hidden() | Insertion() | Container() | Subtraction()
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
        case (Literal() | Definition() | Anagram() | Mixed() | Hidden() | FirstLetters() | LastLetters() | Alternate() | Outer()
              | Subtraction() | Middle() | Truncation() | Homophone() | Spoonerism() | After()):  # fmt: skip
            # a subtraction's whole two steps away: 6% more time (cryptonite-dev 1,000: 278 s, not 262 s), no answer more
            return None
        case _:
            assert_never(node)
