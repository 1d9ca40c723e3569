"""Operations over wordplay trees, each one function with one match over the node types: length
bounds, costs, children and rebuilding, the canonical (flat) form, far-fetched shapes."""

from __future__ import annotations

import functools
from typing import assert_never

from cryptic.caches import per_clue
from cryptic.hidden import hidden_window
from cryptic.lexicon import abbreviations, is_indicator, normal, weights
from cryptic.nodes import (
    MAX_LETTERS, After, Alternate, Anagram, Bounds, Concat, Container, Definition, FirstLetters, Hidden,
    Homophone, Insertion, LastLetters, LeafBounds, LeafKind, Literal, Middle, Node, Outer, Parse, Reversal,
    Mixed, Spoonerism, Subtraction, Synonym, Truncation, Words, letters,
)  # fmt: skip
from cryptic.tuning import MIN_HIDDEN, MIXED_PIECE, PLAIN_MAX

# Words a definition seldom ends on where it meets the wordplay ("Prize returned for an").
EDGE_WORDS = frozenset((w,) for w in "a an the of for and or to in on at by with from as is its it's this that".split())


@functools.lru_cache(maxsize=200_000)



def plain_bounds(kind: LeafKind, words: Words) -> Bounds | None:
    """Leaf bounds with no thesaurus: any definition gives 1..MAX_LETTERS letters; as a synonym, any
    single word gives 1..PLAIN_MAX letters, and a phrase of several words only if it is a
    known substitution (corpora/abbreviations.tsv)."""
    if kind == "definition":
        return (1, MAX_LETTERS) if letters(words) else None
    if len(words) == 1 and letters(words):
        return (1, PLAIN_MAX)
    subs = abbreviations(words)
    if subs:
        return (min(map(len, subs)), max(map(len, subs)))
    return None


EMPTY: Bounds = (1, 0)  # the bounds of a node that can produce nothing


def possible(b: Bounds) -> bool:
    """Can a node with these bounds produce anything?"""
    return b[0] <= b[1]


def length_bounds(node: Node, leaf: LeafBounds = plain_bounds) -> Bounds:
    """The least and most letters the node can produce (EMPTY when it can produce none)."""
    match node:
        case Synonym(words):
            return leaf("synonym", words) or EMPTY
        case Literal(words):
            n = len(letters(words))
            return (n, n)
        case Definition(words):
            return leaf("definition", words) or EMPTY
        case Concat(parts):
            bs = [length_bounds(p, leaf) for p in parts]
            if not all(map(possible, bs)):
                return EMPTY
            return (sum(b[0] for b in bs), min(MAX_LETTERS, sum(b[1] for b in bs)))
        case Anagram(_, fodder):
            n = len(letters(fodder))
            return (n, n)
        case Mixed(_, fodder, piece, less):
            n = len(letters(fodder))
            lo, hi = length_bounds(piece, leaf)
            lo, hi = max(1, lo), min(hi, MIXED_PIECE, n - 1 if less else MAX_LETTERS - n)
            if lo > hi:
                return EMPTY
            return (n - hi, n - lo) if less else (n + lo, n + hi)
        case Hidden(_, fodder, _):
            first, last, n = hidden_window(fodder)
            return (max(MIN_HIDDEN, last - first + 2), n - 1)
        case Insertion(_, inner, outer) | Container(_, outer, inner):
            (a, b), (c, d) = length_bounds(inner, leaf), length_bounds(outer, leaf)
            return (a + max(c, 2), min(MAX_LETTERS, b + d)) if a <= b and 2 <= d and c <= d else EMPTY
        case Subtraction(_, whole, part):
            (a, b), (c, d) = length_bounds(whole, leaf), length_bounds(part, leaf)
            return (max(1, a - d), b - c) if a <= b and c <= d else EMPTY
        case Reversal(_, body) | Homophone(_, body):
            lo, hi = length_bounds(body, leaf)
            if lo > hi or isinstance(node, Reversal):
                return (lo, hi)
            return (max(1, lo - 2), min(MAX_LETTERS, hi + 2))
        case FirstLetters(_, fodder) | LastLetters(_, fodder):
            return (len(fodder), len(fodder))
        case Alternate(_, fodder):
            n = len(letters(fodder))
            return (n // 2, (n + 1) // 2) if n >= 2 else EMPTY
        case Outer(_, fodder):
            return (2, 2) if len(letters(fodder)) >= 3 else EMPTY
        case Middle(_, body):
            lo, hi = length_bounds(body, leaf)
            return (1, 2) if lo <= hi and hi >= 3 else EMPTY
        case Truncation(kind, _, body):
            lo, hi = length_bounds(body, leaf)
            cut = {"behead": (1, 1), "curtail": (1, 1), "trim": (2, 2), "gut": (1, 2)}
            if lo > hi:
                return EMPTY
            if kind == "half":
                return (max(1, lo // 2), (hi + 1) // 2)
            least, most = cut[kind]
            return (max(1, lo - most), hi - least)
        case After(_, first, second):
            return length_bounds(Concat((second, first)), leaf)
        case Spoonerism(_, first, second):
            (a, b), (c, d) = length_bounds(first, leaf), length_bounds(second, leaf)
            return (max(1, a + c - 2), min(MAX_LETTERS, b + d + 2)) if a <= b and c <= d else EMPTY
        case _:
            assert_never(node)


def own_cost(node: Node) -> float:
    """The cost of the node itself, children excluded (weights from corpora/weights.json)."""
    w = weights()
    ind = w["indicator_per_extra_word"]
    match node:
        case Synonym(words):
            return w["synonym_per_word"] * len(words)
        case Literal(words):
            return w["literal_per_word"] * len(words)
        case Definition(words):
            return w["definition_base"] + w["definition_per_word"] * len(words)
        case Concat(parts):
            return w["concat_per_part"] * len(parts)
        case Anagram(i, _):
            return w["anagram"] + ind * (len(i) - 1)
        case Mixed(i, _, _, _):
            return w["anagram"] + w["mixed"] + ind * (len(i) - 1)
        case Hidden(i, _, backwards):
            return w["hidden"] + ind * (len(i) - 1) + 10 * backwards
        case Insertion(i, _, _):
            return w["insertion"] + ind * (len(i) - 1)
        case Container(i, _, _):
            return w["container"] + ind * (len(i) - 1)
        case Subtraction(i, _, _):
            return w["subtraction"] + ind * (len(i) - 1)
        case Reversal(i, _):
            return w["reversal"] + ind * (len(i) - 1)
        case FirstLetters(i, _):
            return w["first_letters"] + ind * (len(i) - 1)
        case LastLetters(i, _):
            return w["last_letters"] + ind * (len(i) - 1)
        case Alternate(i, _):
            return w["alternate"] + ind * (len(i) - 1)
        case Outer(i, _):
            return w["outer"] + ind * (len(i) - 1)
        case Middle(i, _):
            return w["middle"] + ind * (len(i) - 1)
        case Truncation(_, i, _):
            return w["truncation"] + ind * (len(i) - 1)
        case Homophone(i, _):
            return w["homophone"] + ind * (len(i) - 1)
        case Spoonerism(i, _, _):
            return w["spoonerism"] + ind * (len(i) - 1)
        case After(i, _, _):
            return w["after"] + ind * (len(i) - 1)
        case _:
            assert_never(node)


def children(node: Node) -> tuple[Node, ...]:
    """The node's sub-trees."""
    match node:
        case Synonym() | Literal() | Definition() | Anagram() | Hidden() | FirstLetters() | LastLetters() | Alternate() | Outer():
            return ()
        case Concat(parts):
            return parts
        case Insertion(_, inner, outer):
            return (inner, outer)
        case Container(_, outer, inner):
            return (outer, inner)
        case Subtraction(_, whole, part):
            return (whole, part)
        case Reversal(_, body) | Middle(_, body) | Truncation(_, _, body) | Homophone(_, body) | Mixed(_, _, body, _):
            return (body,)
        case Spoonerism(_, first, second) | After(_, first, second):
            return (first, second)
        case _:
            assert_never(node)


def rebuild(node: Node, kids: tuple[Node, ...]) -> Node:
    """The node with its sub-trees replaced by kids, in the order `children` gives them."""
    match node:
        case Synonym() | Literal() | Definition() | Anagram() | Hidden() | FirstLetters() | LastLetters() | Alternate() | Outer():
            return node
        case Concat():
            return Concat(kids)
        case Insertion(i, _, _):
            return Insertion(i, *kids)
        case Container(i, _, _):
            return Container(i, *kids)
        case Subtraction(i, _, _):
            return Subtraction(i, *kids)
        case Reversal(i, _):
            return Reversal(i, *kids)
        case Middle(i, _):
            return Middle(i, *kids)
        case Mixed(i, fodder, _, less):
            return Mixed(i, fodder, *kids, less)
        case Truncation(kind, i, _):
            return Truncation(kind, i, *kids)
        case Homophone(i, _):
            return Homophone(i, *kids)
        case Spoonerism(i, _, _):
            return Spoonerism(i, *kids)
        case After(i, _, _):
            return After(i, *kids)
        case _:
            assert_never(node)


def far_fetched(node: Node) -> bool:
    """Does the tree cut letters from anything but a word or its reversal ("heart of" A + B,
    the end of a hidden word), or reverse what an anagram or a reversal already gives?
    Setters hardly ever do: on 709 held-out Cryptonite clues, 21 best answers read so, none
    of them right. Nor do they take letters from a composite anagram, which takes its own."""
    match node:
        case Middle(_, body) | Truncation(_, _, body):
            return not isinstance(body, (Synonym, Literal, Reversal)) or far_fetched(body)
        case Reversal(_, body):
            return isinstance(body, (Anagram, Mixed, Reversal)) or far_fetched(body)
        case Subtraction(_, whole, part):
            return isinstance(whole, Mixed) or far_fetched(whole) or far_fetched(part)
        case (Synonym() | Literal() | Definition() | Concat() | Anagram() | Mixed() | Hidden() | Insertion() | Container()
              | FirstLetters() | LastLetters() | Alternate() | Outer() | Homophone() | Spoonerism() | After()):  # fmt: skip
            return any(map(far_fetched, children(node)))
        case _:
            assert_never(node)


@per_clue(maxsize=200_000)
def cost(node: Node) -> float:
    """The cost of a wordplay tree: its own cost plus its children's."""
    return own_cost(node) + sum(map(cost, children(node)))


def parse_cost(parse: Parse) -> float:
    """The cost of a whole reading: wordplay and link, times the definition-length penalty."""
    w = weights()
    body = w["cryptic_definition"] if parse.wordplay is None else cost(parse.wordplay)
    penalty = 1 + w["definition_length_penalty"] * (len(parse.definition) - 1)
    # A definition seldom ends on a link word ("Lowest point in"): that word is the link.
    inner = parse.definition[-1:] if parse.definition_first else parse.definition[:1]
    loose = is_indicator("link", inner) or normal(inner) in EDGE_WORDS
    edge = w["definition_edge_link"] if parse.wordplay is not None and len(parse.definition) > 1 and loose else 0
    return (body + edge + w["link_per_word"] * len(parse.link)) * penalty


def flatten(node: Node) -> Node:
    """The canonical form of a tree: nested Concats spliced into their parent."""
    kids = tuple(map(flatten, children(node)))
    if isinstance(node, Concat):
        return Concat(tuple(q for p in kids for q in (p.parts if isinstance(p, Concat) else (p,))))
    return rebuild(node, kids)
