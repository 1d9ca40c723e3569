"""Partial wordplay: how much of a candidate answer the clue's other words can spell, piece
by piece, when no full reading makes it (a missing indicator or synonym leaves most clues
there). A ranking feature for definition-only answers, not a proof."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import NamedTuple, assert_never

from cryptic import thesaurus as th
from cryptic.forest import around
from cryptic.lexicon import piece_table
from cryptic.nodes import (
    After, Alternate, Anagram, Concat, Container, Definition, Derivation, FirstLetters, Hidden, Homophone, Insertion,
    LastLetters, Letters, Literal, Middle, Mixed, Outer, Reversal, Spoonerism, Subtraction, Synonym, Truncation, Words,
    letters,
)  # fmt: skip
from cryptic.tuning import MAX_RUN, MIN_ANAGRAM, MIN_REVERSED, REVERSED, SINGLE
from cryptic.wordplay import evaluate

Span = tuple[int, int]  # words [start, end) of the clue
How = str  # "synonym", "reversed", "anagram", "picked"


class Pieces(NamedTuple):
    """What runs of the clue's words can stand for: letters -> (start, end, how), and
    sorted letters -> the runs whose own letters they are (anagram fodder)."""

    spelt: Mapping[Letters, tuple[tuple[int, int, How], ...]]
    sorted: Mapping[Letters, tuple[Span, ...]]
    little: frozenset[Span]  # runs of function words only


class Piece(NamedTuple):
    """Letters of the answer that a run of the clue's words spells."""

    letters: Letters
    words: Words
    how: How


Cover = tuple[float, tuple[Piece, ...]]  # share of the answer spelt, and by what


@functools.lru_cache(maxsize=64)  # one clue's, asked for each of its candidates; each holds thousands of synonyms
def pieces(words: Words, longest: int) -> Pieces:
    """Each run of one to three words' synonyms and substitutions (and their reversals) of
    at most `longest` letters (longer ones spell no part of the answer: most of them), the
    letters it picks out of itself (`picked`), and its letters sorted."""
    spelt: dict[Letters, list[tuple[int, int, How]]] = {}
    fodder: dict[Letters, list[Span]] = {}
    little = set()
    for a in range(len(words)):
        for b in range(a + 1, min(len(words), a + MAX_RUN) + 1):
            phrase = " ".join(words[a:b])
            if not th.content_words(th.norm(phrase)):
                little.add((a, b))
            for s in th.synonym_table(th.norm(phrase)):
                if len(s) > longest:
                    continue
                spelt.setdefault(s, []).append((a, b, "synonym"))
                if len(s) >= MIN_REVERSED and s[::-1] != s:
                    spelt.setdefault(s[::-1], []).append((a, b, "reversed"))
            own = th.letters_of(phrase)
            if len(own) >= MIN_ANAGRAM:
                fodder.setdefault("".join(sorted(own)), []).append((a, b))
            for s in picked(words[a:b]):
                if len(s) <= longest:
                    spelt.setdefault(s, []).append((a, b, "picked"))
    return Pieces(freeze(spelt), freeze(fodder), frozenset(little))


PICKS = (("first", FirstLetters), ("last", LastLetters), ("outer", Outer))  # the letter picks a partial cover reads: one or two letters a word


def picked(run: Words) -> Iterator[Letters]:
    """The letters a run of words picks out of itself: an indicator of first, last or outer
    letters before or after the rest, which starts and ends with a content word ("head of
    state": S, "warning finally": G, "edges of town": TN).

    >>> list(picked(("warning", "finally"))), list(picked(("head", "of", "state")))
    (['G'], ['S'])
    """
    for kind, pick in PICKS:
        for indicator, fodder in around(run, kind):
            if th.norm(fodder[0]) not in th.FUNCTION_WORDS and th.norm(fodder[-1]) not in th.FUNCTION_WORDS:
                yield from evaluate(pick(indicator, fodder))


def freeze(table: dict) -> dict:
    """The table with tuples of distinct values."""
    return {k: tuple(dict.fromkeys(v)) for k, v in table.items()}


def cover(answer: Letters, words: Words, definition: Span) -> Cover:
    """The largest share of the answer's letters (0-1) that pieces of the words outside the
    definition spell in place, in clue order and each word used once, with those pieces; a
    one-letter piece, or one that function words stand for, counts a third; a reversed one
    half. No piece may be the whole answer (that would be a second definition). Pieces that
    spell all of it, none reversed without an indicator and a third of it or more in pieces of
    content words longer than a letter (`meant`), count as much as a reading's wordplay: the
    rest of the clue is likely the indicators and links ("warning a trainee to prepare for
    action": A + L + ARM, ALARM; cryptonite-dev 1,000 top-1 22.5% -> 22.8%, no clue lost).
    Either share is scaled by `idle_share`: words left unread must be few enough to be the
    pieces' indicators and links."""
    n = len(answer)
    first = definition[1] if definition[0] == 0 else 0
    last = definition[0] if definition[0] > 0 else len(words)
    placed = pieces_at(answer, pieces(words, n - 1), first, last)
    if not any(placed):  # most candidates: no piece of the words is in them
        return 0.0, ()

    @functools.cache
    def best(i: int, w: int) -> Cover:
        """The best cover of the answer from letter i on, using words from w on."""
        if i == n:
            return 0.0, ()
        found = best(i + 1, w)
        for j, a, b, how, gain in placed[i]:
            if a >= w:
                value, rest = best(j, b)
                if gain + value > found[0]:
                    found = gain + value, (Piece(answer[i:j], words[a:b], how), *rest)
        return found

    @functools.cache
    def whole(i: int, w: int) -> tuple[Piece, ...] | None:
        """Pieces spelling all of the answer from letter i on, using words from w on (None: none do)."""
        if i == n:
            return ()
        for j, a, b, how, _ in reversed(placed[i]):  # longest pieces first
            if a >= w and how != "reversed":
                rest = whole(j, b)
                if rest is not None:
                    return (Piece(answer[i:j], words[a:b], how), *rest)
        return None

    complete = whole(0, first)
    if complete and 3 * meant(complete) >= n:
        return idle_share(complete, words[first:last]), complete
    value, used = best(0, first)
    return (value / n if n else 0.0) * idle_share(used, words[first:last]), used


def meant(used: tuple[Piece, ...]) -> int:
    """The letters that pieces longer than a letter, of content words, spell: the evidence in a
    cover ("no" -> NOT and "conclusion" -> E spell NOTE, but say little)."""
    return sum(len(p.letters) for p in used if len(p.letters) > 1 and th.content_words(th.norm(" ".join(p.words))))


def idle_share(used: tuple[Piece, ...], rest: Words) -> float:
    """How far the words the pieces leave unread can be their indicators and links: at most
    one content word a piece, and one more, count fully; beyond that the cover counts less
    ("Stop working after tease over low score": PULL + UP leaves "working", "after", "low",
    "score" unread, where DIE after RIB reversed reads every word: BIRDIE)."""
    content = lambda ws: sum(1 for w in ws if th.norm(w) not in th.FUNCTION_WORDS)
    idle = content(rest) - sum(content(p.words) for p in used)
    return min(1.0, (len(used) + 1) / (idle + 1)) if used else 1.0


def pieces_at(answer: Letters, p: Pieces, first: int, last: int) -> list[list[tuple[int, int, int, How, float]]]:
    """For each letter i of the answer, the pieces of words first..last that spell it from
    i: (end letter, first word, end word, how, gain), found once for the cover's search."""
    n = len(answer)
    placed: list[list[tuple[int, int, int, How, float]]] = [[] for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n + (i > 0)):
            sub = answer[i:j]
            runs = p.spelt.get(sub, ())
            if j - i >= MIN_ANAGRAM:
                runs += tuple((a, b, "anagram") for a, b in p.sorted.get("".join(sorted(sub)), ()))
            for a, b, how in runs:
                if a >= first and b <= last:
                    size = SINGLE if j - i == 1 or (a, b) in p.little else j - i
                    placed[i].append((j, a, b, how, size * (REVERSED if how == "reversed" else 1.0)))
    return placed


def coverage(answer: Letters, words: Words, definition: Span) -> float:
    """The share of the answer the words outside the definition spell (see `cover`)."""
    return cover(answer, words, definition)[0]


@functools.lru_cache(maxsize=100_000)  # asked for every piece of every candidate answer
def used_before(words: Words, piece: Letters) -> bool:
    """Have setters used the words for these letters: a substitution, or a piece of past clues'
    wordplay ("tea" -> CHAR)?"""
    phrase = th.norm(" ".join(words))
    return piece in th.abbreviations(phrase) or any(letters == piece for letters, _ in piece_table().get(phrase, ()))


def attested(d: Derivation) -> float:
    """The share (0-1) of a reading's letters that come from the clue's own letters or from
    pieces setters have used before (see used_before); each part counts by its letters."""
    match d.node:
        case Synonym(words):
            return float(used_before(words, d.letters))
        case Literal() | Anagram() | Hidden() | FirstLetters() | LastLetters() | Alternate() | Outer():
            return 1.0
        case Definition():
            return 0.0
        case Mixed(_, fodder, _, less):  # the fodder is the clue's own letters, the piece as attested
            own, piece = len(letters(fodder)), d.parts[0]
            return 1.0 if less else (own + len(piece.letters) * attested(piece)) / (own + len(piece.letters))
        case (Concat() | Insertion() | Container() | Subtraction() | Reversal() | Middle() | Truncation() | Homophone()
              | Spoonerism() | After()):  # fmt: skip
            sizes = [len(p.letters) for p in d.parts]
            return sum(n * attested(p) for n, p in zip(sizes, d.parts)) / max(1, sum(sizes))
        case _:
            assert_never(d.node)


OWN_LETTERS = ("anagram", "picked")  # pieces made of the clue's own letters


def attested_pieces(answer: Letters, used: tuple[Piece, ...]) -> float:
    """The share of the answer that pieces setters have used before spell (anagram fodder
    and letters picked are the clue's own letters)."""
    known = sum(len(p.letters) for p in used if p.how in OWN_LETTERS or used_before(p.words, p.letters if p.how != "reversed" else p.letters[::-1]))
    return known / len(answer) if answer else 0.0
