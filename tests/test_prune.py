"""The quick tests that rule answers out: they pass every output, turn strings away, and letter bags hold every output."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from shared import trees

from cryptic.nodes import (
    Anagram, Concat, Insertion, Literal, Reversal, Subtraction, Synonym,
)  # fmt: skip
from cryptic.prune import could_make, end_tests
from cryptic.wordplay import ANY, evaluate


@settings(max_examples=100, deadline=None)
@given(trees())
def test_the_quick_tests_pass_every_output_and_every_split_of_it(node):
    possible, (heads, tails) = could_make(node), end_tests(node)
    for out in list(evaluate(node, ANY))[:20]:
        assert possible(out)
        assert all(heads(out[:k]) and tails(out[k:]) for k in range(len(out) + 1))


def test_the_quick_tests_turn_strings_away():
    node = Concat((Literal(("car",)), Reversal(("back",), Literal(("pets",)))))
    possible, (heads, tails) = could_make(node), end_tests(node)
    assert possible("CARSTEP") and not possible("CATSTEP") and not possible("CARSTEW")
    assert heads("CA") and heads("CARX") and not heads("X")
    assert tails("EP") and tails("XSTEP") and not tails("X")


@settings(max_examples=100, deadline=None)
@given(trees())
def test_every_output_is_made_of_one_of_the_letter_bags(node):
    from cryptic.prune import letter_bags

    bags = letter_bags(node)
    if bags is not None:  # trees that keep their parts' letters
        assert all("".join(sorted(out)) in bags for out in list(evaluate(node, ANY))[:20])


@pytest.mark.slow
def test_letter_bags_take_short_synonym_pieces_and_keep_away_from_lossy_trees():
    from cryptic.prune import letter_bags

    tree = Insertion(("in",), Synonym(("one",)), Anagram(("wild",), ("aster",)))
    assert "".join(sorted("SATIRE")) in letter_bags(tree)
    assert letter_bags(Subtraction(("less",), Literal(("taster",)), Literal(("t",)))) is None
