"""The answer lexicon: which letters are words, how they are written and broken into words, how
common they are; anagrams and pattern matches."""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from cryptic.lookup.index import among, connection, graph, is_node
from cryptic.lookup.relations import lemmas
from cryptic.nodes import MAX_LETTERS, Enumeration, Letters
from cryptic.tuning import COMMON, COMPOUND_PIECE
from thesaurus.layout import SHAPE_BITS, shape

# Deleting everything but A-Z with str.translate is several times faster than a regex, and
# letters_of runs for every candidate answer of every lookup.
NOT_LETTERS = {c: None for c in range(256) if not 65 <= c <= 90}


def letters_of(text: str) -> Letters:
    """Upper-case A-Z letters of a phrase."""
    out = text.upper().translate(NOT_LETTERS)
    return out if out.isascii() else re.sub(r"[^A-Z]", "", out)


@functools.lru_cache(maxsize=64)
def lexicon(length: int) -> Mapping[Letters, tuple[tuple[tuple[int, ...], float, str], ...]]:
    """letters -> ((word lengths, frequency, display), ...) for every answer of this length."""
    table: dict[Letters, list] = {}
    if 1 <= length <= MAX_LETTERS:
        for lets, display, parts, freq in connection().execute(
            "SELECT letters, display, parts, freq FROM words WHERE length(letters) = ?", (length,)
        ):
            table.setdefault(lets, []).append((tuple(int(p) for p in parts.split(",")), freq, display))
    return MappingProxyType({k: tuple(v) for k, v in table.items()})


@functools.lru_cache(maxsize=64)
def lexicon_letters(length: int) -> frozenset[Letters]:
    """The letters of every answer of this length: a set test (0.1 us) before is_word's
    lookup (10 us), for the many strings a reading builds that are no word (lexicon() would
    do, but holds every row: 196 MB for all lengths, against about 50 MB)."""
    rows = connection().execute("SELECT letters FROM words WHERE length(letters) = ?", (length,)) if 1 <= length <= MAX_LETTERS else ()
    return frozenset(lets for (lets,) in rows)


@functools.lru_cache(maxsize=64)
def lexicon_stems(length: int) -> tuple[Letters, ...]:
    """The letters of every answer of this length, sorted: `is_stem` bisects them (the
    strings are lexicon_letters' own, so the table costs a pointer each)."""
    return tuple(sorted(lexicon_letters(length)))


def is_stem(words: tuple[Letters, ...], s: Letters) -> bool:
    """Does some word of the sorted words start with s?

    >>> is_stem(("CAT", "COT", "DOG"), "CO"), is_stem(("CAT", "COT", "DOG"), "CU")
    (True, False)
    """
    i = bisect.bisect_left(words, s)
    return i < len(words) and words[i].startswith(s)


def fits_enumeration(parts: tuple[int, ...], enumeration: Enumeration | None) -> bool:
    """Do a phrase's word lengths match the enumeration's (any separators)?"""
    return enumeration is None or parts == enumeration.parts


@functools.lru_cache(maxsize=200_000)
def spellings(letters: Letters) -> tuple[tuple[tuple[int, ...], float, str], ...]:
    """((word lengths, frequency, display), ...) of the lexicon's phrases with these letters."""
    rows = connection().execute("SELECT parts, freq, display FROM words WHERE letters = ?", (letters,))
    return tuple((tuple(int(p) for p in parts.split(",")), freq, shown) for parts, freq, shown in rows)


def is_word(letters: Letters, enumeration: Enumeration | None = None) -> bool:
    """Is this an answer in the lexicon, with word breaks the enumeration allows
    (`allowed_spellings`: RE-ENGAGE as REENGAGE, GREASE PAINT as GREASEPAINT)?"""
    return bool(allowed_spellings(letters, enumeration))


def allowed_spellings(letters: Letters, enumeration: Enumeration | None) -> tuple[tuple[tuple[int, ...], float, str], ...]:
    """The lexicon's spellings of the letters whose word breaks the enumeration allows: its
    own, one word for a hyphenated enumeration whose pieces after the first are words
    (REENGAGE for RE-ENGAGE (2-6), not INTEREST for IN-TEREST), and any for a closed compound
    it writes open (`opened`: GREASEPAINT for (6,5))."""
    every = spellings(letters)
    if enumeration is None or opened(letters, enumeration):
        return every
    joined = len(enumeration.parts) > 1 and "," not in enumeration.separators and hyphen_closed(letters, enumeration.parts)
    return tuple(s for s in every if breaks_fit(s[0], enumeration.parts, joined))


def other_breaks(letters: Letters, enumeration: Enumeration) -> bool:
    """Does the lexicon spell these letters only with other word breaks than the
    enumeration's (REQUIRED for (2,6))? A hyphenated enumeration also allows one word
    (RE-ENGAGE, REENGAGE); letters the lexicon does not know are not judged."""
    return bool(spellings(letters)) and not is_word(letters, enumeration)


SUFFIX_WORDS = frozenset(("LESS", "ABLE", "WISE", "WARD", "WARDS", "LIKE", "NESS"))  # POWERLESS is no POWER LESS


@functools.lru_cache(maxsize=50_000)
def opened(letters: Letters, enumeration: Enumeration | None) -> bool:
    """Is the answer a closed compound that the enumeration writes open, its breaks splitting
    it into common words (GREASEPAINT as GREASE PAINT (6,5), FLOODWATER (5,5); not POWERFUL
    (5,3) or POWERLESS (5,4))? Setters and dictionaries disagree on such spellings."""
    if enumeration is None or len(enumeration.parts) < 2 or enumeration.length != len(letters):
        return False
    one = [shown for p, _, shown in spellings(letters) if len(p) == 1]
    if not one or any(lemmas(w) for w in one):  # SPARKING is no SPARK ING (5,3)
        return False
    ends = list(itertools.accumulate(enumeration.parts))
    pieces = [letters[a:b] for a, b in zip([0] + ends[:-1], ends)]
    words = all(len(p) >= COMPOUND_PIECE and is_node(p.lower()) and frequency(p) >= COMMON for p in pieces)
    return words and pieces[-1] not in SUFFIX_WORDS


def breaks_fit(parts: tuple[int, ...], wanted: tuple[int, ...], joined: bool) -> bool:
    """Do a phrase's word lengths fit an enumeration's (`joined`: it has only hyphens, so one
    word fits too)?"""
    return parts == wanted or joined and len(parts) == 1


@functools.lru_cache(maxsize=50_000)
def in_dictionary(letters: Letters, enumeration: Enumeration | None = None) -> bool:
    """Is this a dictionary word (a thesaurus entry or an inflection of one), or a common
    one (names), in a spelling the enumeration allows? The frequency list alone also holds
    fragments like 'cellent'."""
    return any(freq >= COMMON or is_node(shown) for _, freq, shown in allowed_spellings(letters, enumeration))


@functools.lru_cache(maxsize=50_000)
def hyphen_closed(letters: Letters, parts: tuple[int, ...]) -> bool:
    """Is every piece of the letters after the first, cut at the word lengths, a word? (A
    hyphenated answer written as one word: RE-ENGAGE as REENGAGE, not IN-TEREST as INTEREST.)

    >>> hyphen_closed("REENGAGE", (2, 6)), hyphen_closed("INTEREST", (2, 6))
    (True, False)
    """
    cuts = list(itertools.accumulate(parts))
    return all(spellings(letters[i:j]) for i, j in zip(cuts, cuts[1:]))


def frequency(letters: Letters) -> float:
    """Zipf frequency of the commonest phrase spelt with these letters (0: unknown)."""
    return max((f for _, f, _ in spellings(letters)), default=0.0)


def display(letters: Letters, enumeration: Enumeration | None = None) -> str:
    """How an answer is written: 'ICE CREAM' for ICECREAM (3,5); the enumeration's breaks
    when there is one, else (or when the lexicon spells it only with other breaks: ILLEGAL
    for (3,4), never 'ILL EGAL') the lexicon's spelling."""
    if enumeration is None or len(letters) != enumeration.length or other_breaks(letters, enumeration):
        forms = [d for p, _, d in spellings(letters) if "'" not in d]
        return forms[0].upper() if forms else letters
    out, i = [], 0
    for part, sep in zip(enumeration.parts, (*enumeration.separators, "")):
        out.append(letters[i : i + part] + (" " if sep == "," else sep))
        i += part
    return "".join(out).strip()


@functools.lru_cache(maxsize=64)
def anagram_index(length: int) -> Mapping[str, tuple[Letters, ...]]:
    """sorted letters -> words with those letters, for one length."""
    table: dict[str, list[Letters]] = {}
    for word in lexicon(length):
        table.setdefault("".join(sorted(word)), []).append(word)
    return MappingProxyType({k: tuple(v) for k, v in table.items()})


def anagrams(letters: Letters, enumeration: Enumeration | None = None) -> Iterator[Letters]:
    """Yield the answers made of exactly these letters (with matching word breaks)."""
    letters = letters_of(letters)
    for word in anagram_index(len(letters)).get("".join(sorted(letters)), ()):
        if is_word(word, enumeration):
            yield word


def matching(pattern: str, enumeration: Enumeration | None = None) -> Iterator[Letters]:
    """Yield the answers fitting a pattern like 'N?D?R' ('?', '.' or '_' for unknown letters)."""
    pattern = pattern.upper()
    if not re.fullmatch(r"[A-Z?._]*", pattern) or not pattern:
        return
    rx = re.compile(re.sub(r"[?._]", ".", pattern))
    for word in lexicon(len(pattern)):
        if rx.fullmatch(word) and is_word(word, enumeration):
            yield word


def with_prefix(prefix: Letters, length: int) -> Iterator[Letters]:
    """Yield the answers of a length that start with a prefix."""
    for word in lexicon(length):
        if word.startswith(prefix):
            yield word


def spelt_with(ids, enumeration: Enumeration):
    """Which graph nodes have the enumeration's word breaks, as written or in some spelling
    of their letters (a new boolean array)."""
    import numpy as np

    g = graph()
    packed = shape(enumeration.parts)
    fits = g.shapes[ids] == packed if packed >= 0 else np.zeros(len(ids), dtype=bool)
    if len(enumeration.parts) == 1:
        return fits | g.oneword[ids]
    misfits = np.flatnonzero(~fits)
    if 0 <= packed < 1 << SHAPE_BITS:  # longer enumerations: as written only
        fits[misfits] = among(g.spelt_keys, g.ranks[ids[misfits]].astype(np.int64) << SHAPE_BITS | packed)
    return fits
