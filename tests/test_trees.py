"""Operations over trees: length bounds, rebuilding from children, far-fetched shapes."""

from __future__ import annotations

from hypothesis import given, settings
from shared import parse_of, spans, trees

from cryptic.forest import canonical_wordplays
from cryptic.nodes import MAX_LETTERS, Anagram, Concat, Hidden, Literal, Middle, Reversal, Synonym, Truncation
from cryptic.trees import children, far_fetched, length_bounds, rebuild
from cryptic.wordplay import ANY, evaluate


@settings(max_examples=40, deadline=None)
@given(spans())
def test_rebuilding_a_node_from_its_children_gives_it_back(span):
    for t in canonical_wordplays(span):
        assert rebuild(t, children(t)) == t
        kids = tuple(reversed(children(t)))
        assert children(rebuild(t, kids)) == kids


def test_bounds_of_simple_nodes():
    assert length_bounds(Anagram(("upset",), ("tea", "cup"))) == (6, 6)
    assert length_bounds(Literal(("a",))) == (1, 1)
    assert length_bounds(Concat((Literal(("a",)), Literal(("I",))))) == (2, 2)
    assert length_bounds(Reversal(("back",), Anagram(("x",), ("abc",)))) == (3, 3)
    lo, hi = length_bounds(Synonym(("cat",)))
    assert lo >= 1 and hi <= MAX_LETTERS


def test_cutting_a_charade_or_a_cut_is_far_fetched():
    a, b = Synonym(("lawyer",)), Synonym(("doctor",))
    assert far_fetched(Middle(("heart",), Concat((a, b))))
    assert far_fetched(Reversal(("back",), Truncation("curtail", ("endless",), Truncation("behead", ("headless",), a))))
    assert far_fetched(Truncation("curtail", ("endless",), Hidden(("in",), ("tub", "ingot"), False)))
    assert far_fetched(Reversal(("back",), Anagram(("wild",), ("tub",))))
    assert far_fetched(Reversal(("back",), Reversal(("up",), a)))
    assert not far_fetched(Truncation("curtail", ("endless",), a))
    assert not far_fetched(Truncation("behead", ("headless",), Reversal(("back",), a)))
    assert not far_fetched(Concat((Truncation("curtail", ("endless",), a), Middle(("heart",), b))))
    assert not far_fetched(Reversal(("back",), Concat((a, b))))


def test_cuts_take_a_word_or_its_reversal_only():
    found = parse_of("Endlessly cold big rodent (4)")
    assert any(isinstance(p.wordplay, Truncation) for p in found)
    assert not any(far_fetched(p.wordplay) for p in found if p.wordplay is not None)


@settings(max_examples=150, deadline=None)
@given(trees())
def test_length_bounds_contain_every_output(node):
    lo, hi = length_bounds(node)
    for out in evaluate(node, ANY):
        assert lo <= len(out) <= hi
