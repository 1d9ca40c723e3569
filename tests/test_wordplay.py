"""Evaluating wordplay: the letters each kind of node makes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared import trees, word

from cryptic.nodes import (
    After, Alternate, Anagram, Concat, FirstLetters, Hidden, LastLetters, Literal, Mixed, Outer, Reversal,
)  # fmt: skip
from cryptic.thesaurus import lexicon_letters
from cryptic.wordplay import ANY, Constraint, evaluate, exactly, middle, reverse, spoonerise, synonyms_of, truncate, without


@given(word)
def test_reversal_twice_is_identity(s):
    assert reverse(reverse(s)) == s
    node = Reversal(("back",), Reversal(("up",), Literal((s.lower(),))))
    assert set(evaluate(node)) == {s}


@settings(max_examples=50)
@given(st.text(alphabet="ABCDEIRST", min_size=2, max_size=5))
def test_an_anagram_keeps_its_letters(fodder):
    outs = set(evaluate(Anagram(("upset",), (fodder.lower(),))))
    assert fodder not in outs and all(sorted(o) == sorted(fodder) for o in outs)
    assert outs or len(set(fodder)) == 1


@settings(max_examples=50)
@given(st.text(alphabet="ABCDEIRST", min_size=4, max_size=5), st.text(alphabet="ABCDEIRST", min_size=1, max_size=1), st.booleans())
def test_a_composite_anagram_adds_or_takes_its_pieces_letters(fodder, piece, less):  # six letters at most: every arrangement
    outs = set(evaluate(Mixed(("upset",), (fodder.lower(),), Literal((piece.lower(),)), less)))
    mixed = without(fodder, piece) if less else fodder + piece
    assert all(sorted(o) == sorted(mixed) and o != mixed for o in outs)
    assert outs or mixed is None or len(set(mixed)) == 1


def test_a_composite_anagram_reads_words_of_the_lexicon():
    assert "ATTENDANCE" in set(evaluate(Mixed(("jostling",), ("at", "canteen"), Literal(("d",)), False), exactly(10)))
    assert "ROACH" in set(evaluate(Mixed(("smashed",), ("anchor",), Literal(("n",)), True), exactly(5)))
    assert without("ANCHOR", "NN") is None


@given(st.lists(word, min_size=1, max_size=3), st.integers(2, 6))
@pytest.mark.slow
def test_a_hidden_word_is_a_substring_of_its_fodder(words, n):
    fodder = tuple(w.lower() for w in words)
    for out in evaluate(Hidden(("in",), fodder, False), Constraint(n, n)):
        assert out in "".join(words) and len(out) == n


def test_pattern_prunes_outputs():
    node = Concat((Literal(("a",)), Anagram(("mad",), ("tec",))))
    assert set(evaluate(node, exactly(4, "A?E?"))) == {"ACET"}  # ATEC keeps TEC as it was: no anagram


@pytest.mark.parametrize(
    "kind, word, expected",
    [("behead", "STRAP", {"TRAP"}), ("curtail", "STRAP", {"STRA"}), ("trim", "STRAP", {"TRA"}), ("gut", "STRAP", {"STAP"}), ("half", "DOUBLE", {"DOU", "BLE"})],
)
def test_truncations(kind, word, expected):
    assert set(truncate(kind, word)) == expected


def test_letter_selections():
    assert middle("HEART") == "A" and middle("BOOK") == "OO"
    assert spoonerise("PEED", "DOLLS") == "DEEDPOLLS"
    assert set(evaluate(Alternate(("oddly",), ("bared", "sun")))) == {"BRDU", "AESN"}
    assert set(evaluate(FirstLetters(("heads",), ("every", "army", "team")))) == {"EAT"}
    assert set(evaluate(LastLetters(("ends",), ("pot", "sea")))) == {"TA"}
    assert set(evaluate(Outer(("empty",), ("barge",)))) == {"BE"}
    assert set(evaluate(Outer(("edges",), ("bridge's",)))) == {"BS", "BE"}  # possessive or not
    assert set(evaluate(Outer(("empty",), ("at",)))) == set()  # nothing to empty


@given(st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=6), min_size=1, max_size=3))
def test_outer_letters_are_the_first_and_last(words):
    text = "".join(words).upper()
    assert set(evaluate(Outer(("edges",), tuple(words)))) == ({text[0] + text[-1]} if len(text) >= 3 else set())


@settings(max_examples=100, deadline=None)
@given(trees(1), trees(1))
def test_a_turned_charade_is_the_charade_of_its_parts_the_other_way_round(a, b):
    assert set(evaluate(After(("after",), a, b), ANY)) == set(evaluate(Concat((b, a)), ANY))


# Pieces that join into words (CARPET, TEACUP, PARTAKE, SPARE...), so that pruned trees build some.
PIECES = st.sampled_from(["CAR", "PET", "TEA", "CUP", "PART", "AKE", "S", "A", "TEN", "ANT", "HE", "ART", "RAT", "ONE", "SPA", "RE"])


CHARADES = st.lists(PIECES, min_size=2, max_size=4).map(lambda ps: Concat(tuple(Literal((p.lower(),)) for p in ps)))


@settings(max_examples=150, deadline=None)
@given(st.one_of(trees(2, PIECES), CHARADES), st.integers(3, 9))
def test_building_only_words_prunes_no_word(tree, n):
    every = set(evaluate(tree, exactly(n)))
    pruned = set(evaluate(tree, exactly(n, words=True)))
    assert every & lexicon_letters(n) <= pruned <= every


def test_a_charade_built_as_words_stops_at_a_piece_that_starts_none():
    charade = Concat((Literal(("car",)), Literal(("pet",))))
    assert set(evaluate(charade, exactly(6, words=True))) == {"CARPET"}
    assert set(evaluate(Concat((Literal(("tea",)), Literal(("cup",)), Literal(("s",)))), exactly(7, words=True))) == {"TEACUPS"}
    assert not set(evaluate(Concat((Literal(("pet",)), Literal(("car",)))), exactly(6, words=True)))


def test_a_short_form_cut_from_its_word_stands_for_it_but_no_other_form_does():
    assert "SCH" in synonyms_of(("school",)) and "SEC" in synonyms_of(("second",))
    assert "TIGHT" not in synonyms_of(("tightly",))
