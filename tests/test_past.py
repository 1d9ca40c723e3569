"""What past clues taught: their pieces and definitions in lookups, and the BM25 guesser."""

from __future__ import annotations

import contextlib
import functools
from types import MappingProxyType

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from cryptic import lexicon, past
from cryptic import thesaurus as th
from cryptic.derive import SECOND_DEFINITION
from cryptic.parse import parse_enumeration
from cryptic.tuning import DEFINED_WORDS

pytestmark = pytest.mark.slow  # needs the compiled index

# Written for this project: what a few past clues might have defined.
TABLE = MappingProxyType({
    "tripod stand for a camera": (("TRIPOD", 1),),
    "three-legged camera support": (("TRIPOD", 2),),
    "support for a painter's canvas": (("EASEL", 3),),
    "lowest point": (("NADIR", 4),),
    "camera": (("LEICA", 1),),
    "home county of stockbrokers": (("SURREY", 1),),
})  # fmt: skip


@contextlib.contextmanager
def patched_table():
    """The written table as the past clues' definitions, for one hypothesis example."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(past, "past_definition_table", lambda: TABLE)
        past.end_definers.cache_clear()
        yield
    past.end_definers.cache_clear()


@pytest.fixture
def table(monkeypatch):
    monkeypatch.setattr(past, "past_definition_table", lambda: TABLE)
    monkeypatch.setattr(past, "past_index", functools.cache(past.made_index))  # not the cached file of the real table
    past.guesses.cache_clear()
    past.end_definers.cache_clear()
    th.near_candidates.cache_clear()
    yield
    past.guesses.cache_clear()
    past.end_definers.cache_clear()
    th.near_candidates.cache_clear()


def test_retrieval_finds_the_answer_a_past_definition_nearly_said(table):
    found = [a for a, _, _ in past.guesses(th.norm("Support for a camera"), 6)]
    assert found == ["TRIPOD"]


def test_length_filters_before_ranking(table):
    assert past.guesses(th.norm("Support for a camera"), 5) == ()  # EASEL is five, but says "canvas"
    assert [a for a, _, _ in past.guesses(th.norm("painter's support"), 5)] == ["EASEL"]


def test_one_word_is_no_query_and_unknown_words_find_nothing(table):
    assert past.guesses("camera", 5) == ()
    assert past.guesses(th.norm("zzxq qqzv"), 6) == ()
    assert past.guesses(th.norm("!!! ..."), 6) == ()


def test_a_guess_never_verifies_but_a_past_definition_may(table):
    enum = parse_enumeration("6")
    surrey = next(c for c in th.definitions("Stockbrokers' county", enum) if c.letters == "SURREY")
    assert surrey.relation == "l" and 0 < surrey.strength < SECOND_DEFINITION
    nadir = next(c for c in th.definitions("the lowest point", parse_enumeration("5")) if c.letters == "NADIR")
    assert nadir.strength >= SECOND_DEFINITION


def test_a_clue_end_past_clues_used_as_the_definition_counts(table):
    ends = past.defined_before(("the", "lowest", "point", "in", "ruptured", "drain"), "NADIR")
    assert 0 < past.defined_before(("support", "for", "a", "painter's", "canvas"), "EASEL") < ends <= 1
    assert past.defined_before(("ruptured", "drain", "at", "the", "lowest", "point"), "NADIR") == ends
    assert past.defined_before(("drain", "lowest", "point", "ruptured"), "NADIR") == 0  # not at an end
    assert past.defined_before(("the", "lowest", "point"), "EASEL") == 0


@given(st.lists(st.sampled_from(["the", "a", "camera", "for", "tripod", "stand", "point"]), max_size=8))
@example(["a", "tripod", "stand", "for", "a", "camera"]).via("an article before the span")
@example(["point", "tripod", "stand", "for", "a", "camera"]).via("at the clue's end")
def test_defined_before_is_a_share_given_only_by_a_clue_end(words):
    with patched_table():
        value = past.defined_before(tuple(words), "TRIPOD")
        spans = range(1, min(len(words), DEFINED_WORDS) + 1)
        ends = {" ".join(words[:k]) for k in spans} | {" ".join(words[-k:]) for k in spans}
        assert 0 <= value <= 1
        assert (value > 0) == any(v == "tripod stand for a camera" for e in ends for v in th.variants(e))


def test_a_mined_piece_is_a_synonym_leaf():
    assert "CHA" in th.synonym_table("tea") and "ANT" in th.synonym_table("worker")


def test_a_thirty_word_definition_is_read_without_error():
    phrase = " ".join(["word"] * 30)
    assert isinstance(list(th.definitions(phrase, parse_enumeration("(5)"))), list)
    assert lexicon.past_definition_table().get(th.norm(phrase)) is None
