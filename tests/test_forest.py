"""The parse forest: canonical and naive readings, counts, length and cost pruning, and the readings of real clue shapes."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared import parse_of, spans

from cryptic.forest import Cut, canonical_wordplays, clue_parses, count_all, count_by_bounds, count_filtered, counts, fits, naive_wordplays, parses
from cryptic.lexicon import is_indicator
from cryptic.nodes import MAX_LETTERS, Anagram, Concat, Container, Definition, FirstLetters, Hidden, Insertion, LastLetters, Literal, Middle, Mixed, Outer, Reversal, Subtraction, Synonym, Truncation
from cryptic.parse import parse_clue
from cryptic.trees import flatten, length_bounds, parse_cost, plain_bounds


@settings(max_examples=60, deadline=None)
@given(spans())
def test_canonical_trees_are_distinct_and_flat(span):
    trees = list(canonical_wordplays(span))
    assert len(trees) == len(set(trees)) <= count_all(span, plain_bounds, False)
    for t in trees:
        assert flatten(t) == t


@settings(max_examples=60, deadline=None)
@given(spans(unique=True))
def test_canonical_count_is_the_number_of_trees(span):
    trees = list(canonical_wordplays(span))  # trees that can produce some letters
    possible = sum(n for (lo, hi), n in count_by_bounds(span, plain_bounds) if lo <= hi)
    assert len(trees) == possible <= count_all(span, plain_bounds, False)


@settings(max_examples=40, deadline=None)
@given(spans(unique=True))
def test_flattening_naive_trees_gives_exactly_the_canonical_ones(span):
    naive = list(naive_wordplays(span))
    assert len(naive) == count_all(span, plain_bounds, True)
    possible = {flatten(t) for t in naive if fits(length_bounds(t), 1, MAX_LETTERS)}
    assert possible == set(canonical_wordplays(span))


def test_naive_form_outnumbers_canonical_on_long_charades():
    span = ("cat", "sat", "dog", "hen", "pig", "cow")
    assert count_all(span, plain_bounds, True) > 10 * count_all(span, plain_bounds, False)


@settings(max_examples=40, deadline=None)
@given(spans(5, unique=True), st.integers(1, 12))
def test_length_filter_count_matches_enumeration(span, n):
    clue = parse_clue(" ".join(span) + f" ({n})")
    assert count_filtered(clue) == sum(1 for _ in clue_parses(clue, math.inf))


@settings(max_examples=30, deadline=None)
@given(spans(5), st.integers(1, 12))
def test_every_surviving_parse_admits_the_length(span, n):
    clue = parse_clue(" ".join(span) + f" ({n})")
    for p in clue_parses(clue, math.inf):
        if p.wordplay is not None:
            lo, hi = length_bounds(p.wordplay)
            assert lo <= n <= hi


@settings(max_examples=30, deadline=None)
@given(spans(6), st.integers(3, 10))
def test_parses_come_out_in_non_decreasing_cost(span, n):
    clue = parse_clue(" ".join(span) + f" ({n})")
    costs = [parse_cost(p) for p in parses(clue, ceiling=2000)]
    assert costs == sorted(costs)


def test_lazy_parses_match_full_enumeration():
    clue = parse_clue("Doctor holding cat back in first (5)")
    lazy = list(parses(clue, ceiling=10_000))
    full = sorted(clue_parses(clue, 10_000), key=parse_cost)
    assert sorted(map(parse_cost, lazy)) == list(map(parse_cost, full))
    assert set(lazy) == set(full)


def test_naive_count_grows_faster_than_canonical():
    rng = random.Random(7)
    words = ["cat", "dog", "ran", "far", "off", "sun", "sea", "big", "top", "pen", "arm", "ice"]
    ratios = []
    for n in (4, 6, 8, 10):
        clue = parse_clue(" ".join(rng.sample(words, n)) + " (7)")
        naive, canonical = counts(clue)
        ratios.append(naive / canonical)
    assert ratios == sorted(ratios) and ratios[-1] > 10 * ratios[0]  # an order of magnitude over six words more


def test_huge_clue_is_bounded():
    clue = parse_clue(" ".join(["about", "in", "back", "upset", "doctor", "and"] * 6) + " (9)")
    import time

    start = time.monotonic()
    try:
        list(itertools.islice(parses(clue, deadline=start + 3), 5))
    except Cut:
        pass
    assert time.monotonic() - start < 6


# Clues written for this project, with a reading that must be found.
KNOWN = [
    ("Lowest point in ruptured drain (5)", ("Lowest", "point"), Anagram(("ruptured",), ("drain",))),
    ("Act upset animal (3)", ("animal",), Anagram(("upset",), ("Act",))),
    ("Odd character of deer from the east (4)", ("Odd", "character"), None),
    ("Cheese in brief mostly (4)", ("Cheese",), Truncation("curtail", ("mostly",), Synonym(("brief",)))),
    ("Bird seen in starling nest (4)", ("Bird",), Hidden(("seen", "in"), ("starling", "nest"), False)),
    ("Rodent's back in star (3)", ("star",), Reversal(("back",), Synonym(("Rodent's",)))),
    ("Leaders of every army team consume (3)", ("consume",), FirstLetters(("Leaders", "of"), ("every", "army", "team"))),
    ("Doctor in empty drawer (2)", ("Doctor",), Outer(("empty",), ("drawer",))),
    ("Pert mixed with an old relative (6)", ("old", "relative"), Anagram(("mixed", "with"), ("Pert", "an"))),
    ("Stir pert and an elder (6)", ("elder",), Anagram(("Stir",), ("pert", "an"))),
    ("Doctor holding a cat (4)", ("cat",), Container(("holding",), Synonym(("Doctor",)), Literal(("a",)))),
    ("Ship mostly lost (3)", ("lost",), Truncation("curtail", ("mostly",), Synonym(("Ship",)))),
    ("Pale without a drink (3)", ("drink",), Subtraction(("without",), Synonym(("Pale",)), Literal(("a",)))),
    ("Nurse in a room: garden (6)", ("garden",), Insertion(("in",), Synonym(("Nurse",)), Concat((Literal(("a",)), Synonym(("room",)))))),
    ("Chart a room doctor enters (6)", ("Chart",), Insertion(("enters",), Synonym(("doctor",)), Concat((Literal(("a",)), Synonym(("room",)))))),
    ("Cold and big rodent (5)", ("rodent",), Concat((Synonym(("Cold",)), Synonym(("big",))))),
    ("Drop fall (4)", ("Drop",), Definition(("fall",))),
    ("Endlessly star back for the rodent (3)", ("the", "rodent"), Truncation("curtail", ("Endlessly",), Reversal(("back",), Synonym(("star",))))),
    ("Good heart of stone with daughter, a deity (3)", ("a", "deity"),
     Concat((Synonym(("Good",)), Middle(("heart", "of"), Literal(("stone",))), Synonym(("daughter",))))),
    ("Gear upset, causing fury (4)", ("fury",), Anagram(("upset",), ("Gear",))),  # a link read off past clues' definitions
    ("Enthuse over learner for composer (5)", ("composer",), Concat((Synonym(("Enthuse",)), Synonym(("learner",))))),  # "over": a down clue's charade
    # composite anagrams: a piece at either end of the fodder, or taken from it
    ("Daughter at canteen jostling for presence (10)", ("presence",), Mixed(("jostling",), ("at", "canteen"), Synonym(("Daughter",)), False)),
    ("Anchor smashed, nameless fish (5)", ("fish",), Mixed(("smashed", "nameless"), ("Anchor",), Synonym(("name",)), True)),
    ("Fish: anchor without name, smashed (5)", ("Fish",), Mixed(("smashed", "without"), ("anchor",), Synonym(("name",)), True)),
    ("Without name, anchor smashed for fish (5)", ("fish",), Mixed(("smashed", "Without"), ("anchor",), Synonym(("name",)), True)),
    ("Anchor smashed, losing name: fish (5)", ("fish",), Mixed(("smashed", "losing"), ("Anchor",), Synonym(("name",)), True)),
    ("Fish: smashed anchor, name leaving (5)", ("Fish",), Mixed(("smashed", "leaving"), ("anchor",), Synonym(("name",)), True)),
    ("Goddess: teacher endlessly confused (6)", ("Goddess",), Mixed(("confused", "endlessly"), ("teacher",), LastLetters(("endlessly",), ("teacher",)), True)),
    ("Stone headless, broken: memo (4)", ("memo",), Mixed(("broken", "headless"), ("Stone",), FirstLetters(("headless",), ("Stone",)), True)),
    ("Plate broken, first of nine, for world (6)", ("world",), Mixed(("broken",), ("Plate",), FirstLetters(("first", "of"), ("nine",)), False)),
    # an indicator in two words around the second part
    ("Bird: fish with hot inside (6)", ("Bird",), Container(("with", "inside"), Synonym(("fish",)), Synonym(("hot",)))),
    ("Timid sailor having one out (5)", ("Timid",), Subtraction(("having", "out"), Synonym(("sailor",)), Synonym(("one",)))),
    ("Sailor, one held, for the rest (4)", ("the", "rest"), Insertion(("held",), Synonym(("one",)), Synonym(("Sailor",)))),  # B held by A
    # a connector after a lead: "to meet"
    ("Cold to meet big rodent (5)", ("rodent",), Concat((Synonym(("Cold",)), Synonym(("big",))))),
]


@pytest.mark.parametrize("text, definition, wordplay", KNOWN)
def test_known_clue_readings(text, definition, wordplay):
    found = parse_of(text)
    assert any(p.definition == definition and (wordplay is None or p.wordplay == wordplay) for p in found)


def test_a_middle_is_of_one_clue_word_not_of_a_synonym():
    clue = parse_clue("Iron heart of stone (1)")
    found = [p.wordplay for p in parses(clue) if isinstance(p.wordplay, Middle)]
    assert Middle(("heart", "of"), Literal(("stone",))) in found
    assert all(isinstance(w.body, Literal) and len(w.body.words) == 1 for w in found)


def test_nadir_parse_is_among_the_first_three():
    first = parse_of("Lowest point in ruptured drain (5)")[:3]
    assert any(p.definition == ("Lowest", "point") and p.wordplay == Anagram(("ruptured",), ("drain",)) for p in first)


def test_a_verb_indicator_takes_a_particle():
    from cryptic.lexicon import indicators, is_indicator

    assert ("mangled",) in indicators("anagram") and ("mangled", "up") not in indicators("anagram")
    assert is_indicator("anagram", ("Mangled", "up"))
    assert not is_indicator("anagram", ("mangled", "yesterday"))
    assert not is_indicator("first", ("initially", "out"))  # only verb-like kinds take particles
    clue = parse_clue("Flexible relatives mangled up (9)")
    assert any(p.wordplay == Anagram(("mangled", "up"), ("relatives",)) for p in parses(clue))


def test_after_turns_a_charade_round():
    from cryptic.nodes import After

    clue = parse_clue("Fool, rodent after quiet (4)")
    want = After(("after",), Synonym(("rodent",)), Synonym(("quiet",)))
    assert any(p.definition == ("Fool",) and p.wordplay == want for p in parses(clue))


def test_a_down_clues_piece_beneath_another_comes_after_it():
    from cryptic.nodes import After

    for word in ("beneath", "supporting", "under"):
        clue = parse_clue(f"Favourite {word} motor makes rug (6)")  # PET below CAR: CARPET
        want = After((word,), Synonym(("Favourite",)), Synonym(("motor",)))
        assert any(p.definition == ("rug",) and p.wordplay == want for p in parses(clue)), word


def test_an_indicator_may_follow_a_verb_of_being():
    assert is_indicator("anagram", ("must", "be", "ordered")) and is_indicator("anagram", ("when", "upset"))
    assert is_indicator("reversal", ("is", "turned", "back"))
    assert not is_indicator("anagram", ("is",)) and not is_indicator("anagram", ("must", "be"))
    assert is_indicator("container", ("is", "holding")) and not is_indicator("after", ("is", "after"))  # verb-like kinds take a lead
    assert is_indicator("anagram", ("with", "retraining")) and is_indicator("reversal", ("after", "retreat"))
    assert not is_indicator("anagram", ("with",))
    assert not is_indicator("anagram", ("in", "ruptured"))  # "in" is a link before an indicator
    assert is_indicator("anagram", ("mixed-up",)) and is_indicator("anagram", ("re-formed",)) and not is_indicator("anagram", ("-",))


def test_any_verb_before_into_or_in_indicates_an_insertion():
    assert is_indicator("insertion", ("pushed", "into")) and is_indicator("insertion", ("Stuck", "in"))
    assert not is_indicator("insertion", ("cheese", "into")) and not is_indicator("container", ("pushed", "into"))
    assert is_indicator("subtraction", ("with", "no")) and not is_indicator("subtraction", ("with",))


def test_a_letter_picking_indicator_may_take_a_preposition():
    assert is_indicator("alternate", ("regularly", "using")) and is_indicator("first", ("initially", "in"))
    assert not is_indicator("anagram", ("wild", "using")) and not is_indicator("alternate", ("using",))
    clue = parse_clue("Seal evenly using satnav maps (5)")
    assert any(p.definition == ("Seal",) and p.wordplay is not None and p.wordplay.indicator == ("evenly", "using") for p in parses(clue))


def test_what_leaves_comes_before_the_verb_of_leaving():
    assert is_indicator("departure", ("must", "escape", "from")) and is_indicator("departure", ("leaving",))
    assert not is_indicator("subtraction", ("must", "escape", "from"))
    clue = parse_clue("Sailor, I leaving port (4)")
    assert any(p.wordplay == Subtraction(("leaving",), Synonym(("port",)), Literal(("I",))) for p in parses(clue))


def test_an_anagram_indicator_may_follow_to_or_a_contracted_is():
    assert is_indicator("anagram", ("to", "waste"))
    clue = parse_clue("Consumed: tea's drunk (3)")
    assert any(p.wordplay == Anagram(("drunk",), ("tea",)) for p in parses(clue))
    before = parse_clue("Drunk tea's consumed (4)")  # the 's is read as "is" only before the indicator
    assert not any(p.wordplay == Anagram(("Drunk",), ("tea",)) for p in parses(before))
    assert any(p.wordplay == Anagram(("Drunk",), ("tea's",)) for p in parses(before))


def test_a_container_verb_with_by_tells_an_insertion():
    assert is_indicator("container", ("hugging",)) and not is_indicator("insertion", ("hugging", "by"))  # a participle only
    assert is_indicator("insertion", ("smuggled", "by"))  # "gold smuggled by ship": AU in SS
    assert not is_indicator("insertion", ("followed", "by"))


def test_a_letter_picking_indicator_may_take_an_article():
    assert is_indicator("first", ("a", "trace", "of")) and is_indicator("first", ("the", "hint", "of"))
    assert not is_indicator("first", ("a",)) and not is_indicator("anagram", ("a", "mixed"))
