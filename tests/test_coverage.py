"""Partial wordplay: how much of an answer the clue's other words spell."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cryptic.coverage import Piece, attested, attested_pieces, cover, coverage, pieces, picked
from cryptic.nodes import Anagram, Concat, Definition, Derivation, Synonym

pytestmark = pytest.mark.slow  # coverage reads synonyms from the compiled index

WORDS = ("sailor", "obtain", "aim")  # written for these tests: TAR + GET = "aim"


def test_a_charade_of_synonyms_is_covered_whole():
    assert coverage("TARGET", WORDS, (2, 3)) == 1.0


def test_pieces_must_come_in_clue_order():
    assert coverage("GETTAR", WORDS, (2, 3)) < 1.0


def test_definition_words_are_not_pieces():
    # "aim" is the definition: its letters may not spell part of the answer
    assert coverage("TARAIM", WORDS, (2, 3)) < coverage("TARAIM", ("sailor", "aim", "obtain"), (2, 3))


def test_anagrams_and_literal_words_are_pieces():
    assert coverage("TSARDOG", ("tears", "star", "dog", "mad"), (0, 1)) == 1.0


def test_pieces_of_function_words_count_a_third():
    # IN for "in" fits too many answers by chance, as one letter does
    assert coverage("TSARINQ", ("tears", "star", "mad", "in"), (0, 1)) == pytest.approx((4 + 1 / 3) / 7)


def test_pieces_spelling_the_whole_answer_count_as_wordplay():
    # the words left over are the indicators and links: "warning a learner to equip" -> A + L + ARM
    assert coverage("ALARM", ("warning", "a", "learner", "to", "equip"), (0, 1)) == 1.0
    assert coverage("TSARIN", ("tears", "star", "in", "mad"), (0, 1)) == 1.0


def test_pieces_of_function_words_and_single_letters_alone_do_not_complete_an_answer():
    # "in" -> IN and "north" -> N spell INN, but a third of a letter each is all they say
    assert coverage("INN", ("in", "north", "pub"), (2, 3)) < 0.5
    # with STAR from a content word most of TSARIN is meant: the rest are links
    assert coverage("TSARIN", ("tears", "star", "in", "mad"), (0, 1)) == 1.0


def test_one_letter_pieces_alone_never_spell_the_whole_answer():
    assert coverage("SN", ("south", "north", "catch"), (2, 3)) < 1.0


def test_reversals_without_an_indicator_do_not_complete_an_answer():
    # TAR is "rat" backwards; with no indicator that is chance, not wordplay
    assert coverage("TARGET", ("rodent", "obtain", "aim"), (2, 3)) < 1.0


def test_a_piece_may_not_be_the_whole_answer():
    # that would be a second definition, not wordplay
    assert coverage("TAR", ("sailor", "pitch"), (1, 2)) < 1.0


def test_one_letter_pieces_count_less():
    assert 0 < coverage("SNAG", ("south", "north", "catch"), (2, 3)) < 0.5


def test_pieces_include_reversals():
    assert "RAT" in pieces(("sailor",), 5).spelt


def test_pieces_longer_than_asked_are_left_out():
    assert "SEAMAN" in pieces(("sailor",), 6).spelt and "SEAMAN" not in pieces(("sailor",), 5).spelt


VOCABULARY = ["sailor", "obtain", "aim", "doctor", "in", "river", "note", "about", "the", "old"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=4), st.lists(st.sampled_from(["in", "the", "a", "of"]), max_size=2),
       st.text(alphabet="ADEINORST", min_size=1, max_size=9))  # fmt: skip
def test_coverage_is_a_share_and_more_link_words_never_cover_less(words, extra, answer):
    """Adding function words after the wordplay's end can only add pieces (they may be links)."""
    clue = ("def", *words)
    base = coverage(answer, clue, (0, 1))
    assert 0.0 <= base <= 1.0
    assert coverage(answer, clue + tuple(extra), (0, 1)) >= base


def test_content_words_the_pieces_leave_unread_beyond_one_a_piece_count_against_them():
    # TAR + GET, with one word to spare (an indicator, say), then with four
    assert coverage("TARGET", ("aim", "sailor", "river", "obtain"), (0, 1)) == 1.0
    spare = coverage("TARGET", ("aim", "sailor", "river", "obtain", "doctor", "note", "old"), (0, 1))
    assert spare == pytest.approx((2 + 1) / (4 + 1))


def test_letters_picked_by_an_indicator_are_pieces_of_the_clues_own_letters():
    # written for this test: TSAR (an anagram of "star") and L, what "leader of lions" picks
    share, used = cover("TSARL", ("tears", "star", "leader", "of", "lions"), (0, 1))
    assert share == 1.0 and Piece("L", ("leader", "of", "lions"), "picked") in used
    assert attested_pieces("TSARL", used) == 1.0  # all of it the clue's own letters
    assert list(picked(("edges", "of", "town"))) == ["TN"] and list(picked(("finally", "off"))) == ["F"]
    assert not list(picked(("head", "of")))  # nothing to pick from


def test_a_pick_from_a_function_word_is_no_piece():
    assert not list(picked(("initially", "of")))
    assert list(picked(("head", "of", "state"))) == ["S"]  # not OS: "of" belongs to the indicator


def test_attested_counts_the_clues_own_letters_and_pieces_setters_used_before():
    sailor = Derivation(Synonym(("sailor",)), "AB", ())  # a listed substitution
    odd = Derivation(Synonym(("sailor",)), "XYZW", ())  # no setter's piece
    mixed = Derivation(Anagram(("mad",), ("tin",)), "NIT", ())
    assert attested(sailor) == 1.0 and attested(odd) == 0.0 and attested(mixed) == 1.0
    assert attested(Derivation(Concat((sailor.node, odd.node)), "ABXYZW", (sailor, odd))) == pytest.approx(2 / 6)
    assert attested(Derivation(Definition(("sailor",)), "SEAMAN", ())) == 0.0  # a second definition is no piece


def test_attested_pieces_are_a_share_of_the_answer():
    used = (Piece("AB", ("sailor",), "synonym"), Piece("BA", ("sailor",), "reversed"), Piece("XY", ("sailor",), "synonym"))
    assert attested_pieces("ABBAXYZZ", used) == pytest.approx(4 / 8)
    assert attested_pieces("ABBAXYZZ", ()) == 0.0
