"""Hidden words, the one place their rules live: where a word may hide in its fodder (it
starts in the first word, ends in the last and spans every word between), and when a run of
letters may not be read as hidden (a word's stem at its edge, or a form of a word it spans)."""

from __future__ import annotations

import functools

from cryptic import thesaurus as th
from cryptic.nodes import Letters, Words, letters
from cryptic.tuning import STEM_REST


# An article may stand between a hidden word's indicator and the words it hides in, untouched:
# "Inside the Gulag has them" (AGHAST), "partial in a trial sometimes" (ALSO).
ARTICLES = frozenset(("a", "an", "the"))


@functools.lru_cache(maxsize=50_000)
def hidden_window(fodder: Words) -> tuple[int, int, int]:
    """(a, b, n) for a hidden word's fodder of n letters: text[i:j] is hidden in it when it
    starts in the first word (i < a), ends in the last (j > b) and is not all of it: a
    fodder word the answer does not reach would not be part of the fodder. A leading
    article of a fodder of three words or more may be passed over (i < a then reaches
    into the second word).

    >>> hidden_window(("tub", "in", "gold")), hidden_window(("the", "gulag", "has", "them"))
    ((3, 5, 9), (8, 11, 15))
    """
    sizes = [n for n in (len(letters((w,))) for w in fodder) if n]
    n = sum(sizes)
    if len(sizes) < 2:
        return (n, 0, n)
    skipped = len(sizes) > 2 and fodder[0].lower() in ARTICLES
    return (sizes[0] + sizes[1] if skipped else sizes[0], n - sizes[-1], n)


def hiding_place(fodder: tuple[str, ...], backwards: bool) -> tuple[Letters, int, int]:
    """(letters read, a, b) for a hidden word's fodder: a hidden word starts before a and
    ends after b in the letters (see hidden_window), read backwards when reversed."""
    first, last, n = hidden_window(fodder)
    return (letters(fodder)[::-1], n - last, n - first) if backwards else (letters(fodder), first, last)


def hidden_ok(text: Letters, i: int, n: int, fodder: tuple[str, ...], backwards: bool) -> bool:
    """May text[i:i+n] be read as hidden in the fodder?"""
    part = text[i : i + n]
    edge = not backwards and len(fodder) == 1 and (i == 0 or i + n == len(text))
    return not (edge and len(text) - n <= STEM_REST and th.is_word(part)) and not th.own_form(part, fodder)
