"""Crossing letters as evidence: belief propagation lifts the candidates that agree with their crossers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared import ACROSS, down

from cryptic.beliefs import beliefs


@pytest.mark.slow
def test_crossers_beliefs_lift_the_candidates_that_agree_with_them():
    pool = [("OTHER", 0.3, "other"), ("ASTER", 0.05, "aster")]
    alone = beliefs([ACROSS, down(0)], [pool, []], [None, None])
    assert alone[0][0][0] == "OTHER"  # a crosser that could be anything says nothing
    crossed = beliefs([ACROSS, down(0)], [pool, [("ALE", 0.95, "ale")]], [None, None])
    assert crossed[0][0][:1] == ("ASTER",) and crossed[0][0][1] > 0.3 and crossed[0][0][2] == "aster"
    assert crossed[1][0][0] == "ALE"


@pytest.mark.slow
def test_a_word_that_fits_sure_crossers_is_proposed():
    downs = [down(k) for k in range(5)]
    pools = [[]] + [[(w, 0.95, w)] for w in ("TOP", "INK", "GAS", "EGG", "RAT")]
    (word, belief, why), *rest = beliefs([ACROSS, *downs], pools, [None] * 6)[0]
    assert word == "TIGER" and belief > 0.5 and "crossing letters" in why
    assert all(b < belief for _, b, _ in rest)


WORDS = ("ASTER", "OTHER", "NOTED", "ALIEN", "SLATE", "TENOR", "RATES")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(WORDS), st.floats(0.0, 1.0)), max_size=6),
       st.lists(st.tuples(st.sampled_from(("ALE", "OAT", "SEA", "TEN")), st.floats(0.0, 1.0)), max_size=3))  # fmt: skip
@pytest.mark.slow
def test_beliefs_are_each_clues_likeliest_answers(across, crosser):
    pools = [[(w, score, w) for w, score in dict(pool).items()] for pool in (across, crosser)]
    out = beliefs([ACROSS, down(0)], pools, [None, None])
    for clue, found in zip((ACROSS, down(0)), out):
        assert found and all(len(w) == len(clue.cells) and 0.0 <= b <= 1.0 + 1e-9 for w, b, _ in found)
        assert [b for _, b, _ in found] == sorted((b for _, b, _ in found), reverse=True)
        assert len({w for w, _, _ in found}) == len(found) and sum(b for _, b, _ in found) <= 1.0 + 1e-9


@pytest.mark.slow
def test_a_candidate_with_other_word_breaks_than_the_enumeration_weighs_little():
    from cryptic.beliefs import domain
    from cryptic.parse import parse_enumeration

    pool = [("REQUIRED", 0.5, ""), ("OFCOURSE", 0.05, "")]
    for enum, likelier in (("2,6", "OFCOURSE"), ("8", "REQUIRED")):
        words, prior, _ = domain(pool, 8, parse_enumeration(enum))
        other = ({"OFCOURSE", "REQUIRED"} - {likelier}).pop()
        assert prior[words.index(likelier)] > prior[words.index(other)]
