"""Trees and derivations as text: one line, drawn, plain English."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cryptic.forest import canonical_wordplays
from cryptic.nodes import Anagram, Concat, Definition, Derivation, Parse, Reversal, Synonym
from cryptic.show import describe, draw, draw_derivation, label, show, show_parse
from cryptic.trees import children

NADIR = Parse(("lowest", "point"), ("in",), Anagram(("ruptured",), ("drain",)), True)


def test_a_reading_on_one_line_names_definition_link_and_wordplay():
    assert show_parse(NADIR) == 'def "lowest point" | link "in" | anagram ("ruptured") of "drain"'
    assert show_parse(Parse(("a", "riddle"), (), None, True)) == 'def "a riddle" | cryptic definition'


def test_a_drawn_reading_has_a_line_for_every_node():
    tree = Concat((Synonym(("tea",)), Reversal(("back",), Synonym(("boy",)))))
    drawn = draw(Parse(("clue",), (), tree, False)).splitlines()
    assert drawn[0] == 'definition: "clue" (end of clue)'
    assert drawn[1] == "wordplay: charade"
    assert [line.strip(" │├└─") for line in drawn[2:]] == ['synonym of "tea"', 'reversal ("back")', 'synonym of "boy"']


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["cat", "upset", "back", "in", "doctor", "first", "heard"]), min_size=1, max_size=4).map(tuple))
def test_every_tree_shows_every_node_once(span):
    for tree in canonical_wordplays(span):
        line = show(tree)
        nodes = [tree]
        for node in nodes:
            nodes.extend(children(node))
        assert all(label(n) in line for n in nodes)
        assert len(draw(Parse(("x",), (), tree, True)).splitlines()) == len(nodes) + 1  # the definition, then one a node


def test_a_derivation_is_told_in_plain_english_and_drawn_with_its_letters():
    d = Derivation(NADIR.wordplay, "NADIR", ())
    assert describe(d) == 'anagram (ruptured) of DRAIN'
    charade = Derivation(Concat((Synonym(("tea",)), Synonym(("boy",)))), "CHARLAD", (Derivation(Synonym(("tea",)), "CHAR", ()), Derivation(Synonym(("boy",)), "LAD", ())))
    assert list(draw_derivation(charade)) == ['├─ CHAR  ← synonym of "tea"', '└─ LAD  ← synonym of "boy"']
    assert "CHAR" in describe(charade) and "LAD" in describe(charade)


def test_a_definition_leaf_is_labelled_as_one():
    assert label(Definition(("sailor",))) == 'definition "sailor"'
