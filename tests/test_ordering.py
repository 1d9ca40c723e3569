from hypothesis import given, settings
from hypothesis import strategies as st

from cryptic.lookup.ordering import fitted_first, order_features
from cryptic.lookup.relations import TWO_HOP, Candidate, candidate_order

WORDS = ["CHAR", "CHAI", "TEAS", "LAD", "BOY", "ANT", "BEE", "HAND", "NADIR", "TRIPOD"]
candidate = st.builds(Candidate, st.sampled_from(WORDS), st.sampled_from(["char", "boy", "ant"]), st.sampled_from([0.1, 0.25, 0.45, 0.9, 1.0]),
                      st.floats(0, 7), st.sampled_from("smo2ke"), st.integers(0, 40))  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(st.lists(candidate, max_size=12))
def test_the_fitted_order_only_reorders_the_strong_answers_which_stay_first(found):
    found = tuple(sorted(found, key=candidate_order))
    out = fitted_first("tea", found)
    strong = sum(1 for c in found if c.strength > TWO_HOP)
    assert sorted(out) == sorted(found)  # the same answers
    assert all(c.strength > TWO_HOP for c in out[:strong]) and out[strong:] == found[strong:]


def test_order_features_name_what_the_table_weighs():
    f = order_features("tea", [Candidate("CHAR", "char", 0.9, 3.5, "s", 4)])[0]
    assert set(f) == {"strength", "support", "frequency", "similar", "past", "relation_s"}
    assert 0.0 < f["past"] <= 1.0  # setters have used CHAR before


def test_the_fitted_order_puts_kinds_of_bird_before_slang_for_it():
    from cryptic import thesaurus as th
    from cryptic.parse import parse_enumeration

    found = [c.letters for c in th.definitions("bird", parse_enumeration("(4)"))]
    assert len({"LARK", "ROOK", "KITE", "SWAN", "DOVE", "WREN", "TERN"} & set(found[:8])) >= 3
    assert found.index("LARK") < found.index("RAZZ")  # "give the bird", a jeer


def test_define_shows_the_fitted_score_of_the_strong_answers(capsys):
    from cryptic.cli import main

    assert main(["define", "lowest point", "--enum", "(5)", "--limit", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("NADIR") and all(" order " in line for line in lines)


def test_define_writes_an_answer_with_other_word_breaks_as_the_lexicon_spells_it(capsys):
    from cryptic.cli import main

    assert main(["define", "against the law", "--enum", "(3,4)", "--limit", "30"]) == 0
    marked = [line for line in capsys.readouterr().out.splitlines() if "other word breaks" in line]
    assert marked and all(" " not in line.split("  ")[0].strip() for line in marked)  # PROCESS, not "PRO CESS"
