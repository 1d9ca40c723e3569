"""Answer-first checking: every output derived back, subtractions, hidden words, deadlines, loose pieces."""

from __future__ import annotations

import time

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shared import trees, word

from cryptic.derive import derive, removed_bounds, subtracted_from, subtractions
from cryptic.forest import Cut
from cryptic.nodes import (
    After, Anagram, Concat, Hidden, Insertion, Literal, Mixed, Reversal, Subtraction, Synonym, Truncation,
)  # fmt: skip
from cryptic.prune import few_outputs
from cryptic.trees import length_bounds
from cryptic.wordplay import ANY, Constraint, evaluate, exactly, within


@given(st.lists(word, min_size=2, max_size=4))
def test_a_charades_length_is_the_sum_of_its_parts(parts):
    node = Concat(tuple(Literal((p.lower(),)) for p in parts))
    (out,) = set(evaluate(node))
    assert len(out) == sum(map(len, parts)) and out == "".join(parts)
    assert [d.letters for d in derive(node, out)] == [out]


@pytest.mark.slow
def test_a_hidden_word_is_neither_a_words_stem_nor_a_form_of_one():
    assert "GERMAN" not in set(evaluate(Hidden(("in",), ("germany",), False), exactly(6, None)))
    assert next(derive(Hidden(("in",), ("creeps",), False), "CREEP"), None) is None
    assert next(derive(Hidden(("in",), ("springtime",), False), "SPRING"), None) is None
    assert next(derive(Hidden(("in",), ("springtime",), False), "RING"), None) is not None
    assert next(derive(Hidden(("in",), ("bruxelles",), False), "BRUXE"), None) is not None  # no word: reversed, EXURB
    assert next(derive(Hidden(("in",), ("springtime",), True), "GNIR"), None) is not None
    assert next(derive(Hidden(("in",), ("bruxelles",), True), "EXURB"), None) is not None  # backwards: a part
    assert next(derive(Hidden(("in",), ("the", "older"), False), "THEO"), None) is None
    assert next(derive(Hidden(("in",), ("is", "in", "germany"), False), "SINGER"), None) is not None


def test_a_hidden_word_may_pass_over_an_article_before_the_words_it_hides_in():
    fodder = ("the", "sub", "and")
    assert "BAND" in set(evaluate(Hidden(("inside",), fodder, False), exactly(4, None)))
    assert next(derive(Hidden(("inside",), fodder, False), "BAND"), None) is not None
    assert next(derive(Hidden(("inside",), fodder, True), "DNAB"), None) is not None  # read backwards, the article last
    assert next(derive(Hidden(("inside",), ("the", "sub", "and", "arrow"), False), "BAND"), None) is None  # "arrow" not reached
    assert next(derive(Hidden(("inside",), ("the", "subway"), False), "SUBWA"), None) is None  # two words: "the" is fodder, reached


@settings(max_examples=100, deadline=None)
@given(trees())
@example(Mixed(("mad",), ("aaab",), Literal(("a",)), False))  # the piece before the fodder, in order: AAAAB
def test_every_output_can_be_derived_back(node):
    for out in list(evaluate(node, ANY))[:5]:
        d = next(derive(node, out), None)
        assert d is not None and d.letters == out and d.node == node


def test_a_subtraction_takes_its_part_from_anywhere_in_the_whole():
    node = Subtraction(("without",), Concat((Literal(("car",)), Literal(("pet",)))), Literal(("rp",)))
    assert next(derive(node, "CAET")).letters == "CAET"
    assert next(derive(node, "CARP"), None) is None


@settings(max_examples=100, deadline=None)
@given(trees(1), trees(1))
@example(Literal(("abab",)), Literal(("ab",)))  # AB is left two ways, tried from the front
@example(Mixed(("mad",), ("aaes",), Literal(("bc",)), False), Literal(("a",)))  # 360 orders: no index
def test_a_subtraction_indexed_by_its_wholes_few_outputs_tries_what_the_loop_tries(whole, part):
    node = Subtraction(("without",), whole, part)
    made = set(evaluate(whole, ANY))
    left = {w[:k] + w[k + len(p) :] for w in made for p in evaluate(part, ANY) for k in range(len(w)) if w.startswith(p, k)}
    for target in sorted(t for t in left if t)[:12]:
        ways = subtracted_from(node, len(target))
        if ways is None:  # the index gives up on a whole of FEW outputs or more (an anagram's), and the loop reads it
            lo, hi = removed_bounds(node, len(target))
            assert few_outputs(whole, len(target) + lo, len(target) + hi) is None
            continue
        assert ways.get(target, ()) == tuple(r for r in subtractions(node, target) if r[2] in made)


def test_a_subtraction_never_takes_away_a_whole_piece_of_its_charade():
    # CAR + PET less PET would be CAR with two words read for nothing
    node = Subtraction(("without",), Concat((Literal(("car",)), Literal(("pet",)))), Literal(("pet",)))
    assert next(derive(node, "CAR"), None) is None
    across = Subtraction(("without",), Concat((Literal(("car",)), Literal(("pet",)))), Literal(("rp",)))
    assert next(derive(across, "CAET")).letters == "CAET"  # letters from both pieces may go


def test_the_longer_half_of_an_odd_word_can_go_inside_another():
    # Found by hypothesis: half of a 5-letter word may keep 3 letters, inside or not.
    node = Insertion(("in",), Truncation("half", ("cut",), Literal(("hello",))), Literal(("ab",)))
    assert {"AHEB", "AHELB"} <= set(evaluate(node, ANY))
    assert next(derive(node, "AHELB")).parts[0].letters == "HEL"


@pytest.mark.slow
def test_a_hidden_word_reaches_the_first_and_last_words_of_its_fodder():
    assert set(evaluate(Hidden(("in",), ("tub", "in", "gold"), False), exactly(4, None))) == {"BING"}
    fodder = ("ground", "underfoot", "for")
    assert "UNDERFOOT" not in set(evaluate(Hidden(("in",), fodder, False), exactly(9, None)))
    assert next(derive(Hidden(("in",), fodder, False), "UNDERFOOT"), None) is None
    assert length_bounds(Hidden(("in",), fodder, False)) == (11, 17)
    assert set(evaluate(Hidden(("in",), ("excellent",), False), exactly(8, None))) == {"XCELLENT"}  # EXCELLEN: a form of it
    # two letters hidden in a word (ND in FOUND) are never a piece of a real clue
    found = set(evaluate(Hidden(("in",), ("found",), False), Constraint(1, 4)))
    assert "OUN" in found and not found & {"FO", "OU", "UN", "ND", "FOU", "FOUN"}  # FOUN: a form of FOUND
    assert next(derive(Hidden(("in",), ("found",), False), "ND"), None) is None
    assert length_bounds(Hidden(("in",), ("to", "no"), False)) == (3, 3)


def test_rodent_after_quiet():
    node = After(("after",), Literal(("rat",)), Literal(("p",)))
    assert list(evaluate(node, ANY)) == ["PRAT"]
    assert [p.letters for p in next(derive(node, "PRAT")).parts] == ["P", "RAT"]


def test_a_subtractions_part_keeps_its_own_tree():
    from cryptic.show import describe

    part = Reversal(("back",), Literal(("pr",)))
    node = Subtraction(("without",), Concat((Literal(("car",)), Literal(("pet",)))), part)
    d = next(derive(node, "CAET"))
    assert d.parts[1].node == part and d.parts[1].parts  # RP made by reversing PR
    assert "reversed" in describe(d)


@pytest.mark.slow
def test_evaluation_and_derivation_stop_at_the_deadline():
    tree = Concat((Synonym(("sailor",)), Anagram(("wild",), ("pleat", "rods"))))
    with pytest.raises(Cut), within(time.monotonic() - 1):
        list(evaluate(tree, Constraint(3, 12)))
    with pytest.raises(Cut), within(time.monotonic() - 1):
        next(derive(tree, "TARPETALSROD"), None)
    assert next(derive(tree, "ABPETALSROD"), None) is not None  # no deadline outside the block


@pytest.mark.slow
def test_one_charade_or_container_piece_may_be_a_synonym_of_a_synonym():
    from cryptic.derive import derivation, loose_derivation

    tree = Insertion(("held", "by"), Synonym(("hard",)), Synonym(("seal",)))  # seal, close, CAP
    assert derivation(tree, "CHAP") is None
    d, piece = loose_derivation(tree, "CHAP")
    assert piece == "CAP" and d.letters == "CHAP" and [p.letters for p in d.parts] == ["H", "CAP"]
    charade = Concat((Synonym(("cold",)), Synonym(("get", "away"))))
    assert loose_derivation(charade, "CLOSE")[1] == "LOSE"
    # only one piece: both parts two steps away is too loose
    assert loose_derivation(Concat((Synonym(("seal",)), Synonym(("seal",)))), "CAPCAP") is None
    assert loose_derivation(Reversal(("back",), Synonym(("seal",))), "PAC")[1] == "CAP"  # inside other trees too
    assert loose_derivation(Anagram(("mad",), ("seal",)), "SALE") is None  # the clue's own letters: nothing to loosen
