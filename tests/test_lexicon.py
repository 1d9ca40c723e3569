"""The curated and mined lexicons: indicators, abbreviations, weights."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cryptic import lexicon
from cryptic.data import DataError
from cryptic.lexicon import abbreviations, is_indicator, normal, reliable_indicators


def test_listed_indicators_and_their_forms_are_known():
    assert is_indicator("anagram", ("ruptured",))
    assert is_indicator("anagram", ("broken", "up"))  # a particle after a verb indicator
    assert is_indicator("anagram", ("mixed-up",))  # hyphens as spaces
    assert is_indicator("insertion", ("pushed", "into"))  # any verb before "into"
    assert not is_indicator("anagram", ("lowest",))
    assert not is_indicator("anagram", ())
    assert not is_indicator("anagram", ("broken",) * (lexicon.MAX_INDICATOR_WORDS + 1))


def test_a_modal_or_thats_may_lead_an_indicator():
    assert is_indicator("anagram", ("may", "ruptured")) and is_indicator("anagram", ("that's", "ruptured"))
    assert not is_indicator("anagram", ("may",)) and not is_indicator("anagram", ("may", "lowest"))


def test_a_verb_indicator_comes_in_both_present_tense_forms():
    assert is_indicator("hidden", ("swallows",)) and is_indicator("hidden", ("swallow",))  # "elephants swallow"
    assert not is_indicator("hidden", ("swallowed",))  # no other form
    assert is_indicator("first", ("part",)) and not is_indicator("first", ("parts",))  # a noun's number is no verb's agreement


# The kinds whose lists benchmarks/mine_lexicons.py fills out with each word's other forms.
EXPANDED = ("anagram", "reversal", "insertion", "container", "subtraction", "homophone", "behead", "curtail", "trim", "gut")


@pytest.mark.parametrize("kind", EXPANDED)
def test_an_indicator_list_holds_no_made_up_adverb(kind):
    from wordfreq import zipf_frequency

    from cryptic.data import data_file

    listed = set(data_file("corpora", "indicators", f"{kind}.txt").read_text(encoding="utf-8").split())
    made_up = [w for w in listed if w.endswith("ly") and w[:-2] in listed and zipf_frequency(w, "en") == 0]
    assert not made_up, made_up[:5]  # "abandonly", "angrierly", "terriblely": an adverb made from a listed word is a word
    if kind == "anagram":
        assert {"wildly", "strangely"} <= listed  # an adjective's adverb stays


def test_an_article_may_lead_a_letter_picking_indicator_with_its_preposition():
    assert is_indicator("first", ("the", "origins", "of"))
    assert not is_indicator("first", ("the", "the", "origins"))


def test_abbreviations_are_looked_up_by_their_words():
    assert "DR" in abbreviations(("doctor",)) and "MO" in abbreviations(("doctor",))
    assert abbreviations(("Doctor",)) == abbreviations(("doctor",))
    assert abbreviations(("zzzq",)) == ()


def test_reliable_mined_indicators_are_phrases_of_known_kinds():
    table = reliable_indicators()
    assert set(table) <= set(lexicon.KINDS) and sum(map(len, table.values())) > 100
    assert all(p and not any(c.isdigit() for w in p for c in w) for phrases in table.values() for p in phrases)


def test_an_indicator_signalled_in_a_tenth_of_its_clues_is_read():
    # "during" signalled an insertion in 42 of the 287 past clues it occurs in: most of its
    # uses are plain words, and the blogs' explanations name only some of the rest.
    assert is_indicator("insertion", ("during",)) and is_indicator("container", ("to", "accept"))
    assert not is_indicator("insertion", ("a",))  # 20 of 8,380


def test_a_lead_may_come_before_a_container_or_insertion_indicator():
    assert is_indicator("insertion", ("when", "soused", "in")) and is_indicator("container", ("will", "welcome"))
    assert not is_indicator("container", ("welcome", "up"))  # a particle only after a verb of the phrasal kinds
    assert not is_indicator("insertion", ("is", "got", "up", "in"))  # "up" is no verb going in


def test_a_lead_may_come_before_a_charades_connector():
    assert is_indicator("connector", ("to", "meet")) and is_indicator("connector", ("is", "next", "to"))
    assert is_indicator("connector", ("to", "get"))  # listed: "get" alone is a link, not a connector
    assert not is_indicator("connector", ("to", "fly"))


def test_a_verbs_forms_are_judged_together():
    # "arrests" signalled a container once in 3 past clues: too few alone, but with "arresting"
    # (twice in 16) and "arrested" (once in 15) the verb has, four times in 34.
    assert is_indicator("container", ("arrests",)) and is_indicator("container", ("arrested",))


INDICATOR_ROWS = st.lists(st.tuples(st.sampled_from(["mix", "mixes", "mixing", "hold", "holds", "in a"]), st.sampled_from(["anagram", "container"]),
                                    st.integers(0, 5), st.integers(0, 30)), max_size=8).map(tuple)  # fmt: skip


@given(INDICATOR_ROWS)
def test_judging_a_verbs_forms_together_only_adds_its_forms(rows):
    rows = tuple((p, k, n, n + seen) for p, k, n, seen in rows)
    alone, together = lexicon.reliable(rows, lambda p: p), lexicon.reliable(rows, lexicon.verb_of)
    assert {(p, k) for p, k in alone if " " in p} == {(p, k) for p, k in together if " " in p}  # a phrase of words is its own group
    assert all(lexicon.reliable(tuple(r for r in rows if lexicon.verb_of(r[0]) == lexicon.verb_of(p)), lexicon.verb_of) >= {(p, k)} for p, k in together)


@given(st.lists(st.text(alphabet="abcXYZ'- ", min_size=1, max_size=6), min_size=1, max_size=4).map(tuple))
def test_normal_is_idempotent(words):
    assert normal(normal(words)) == normal(words)


def test_a_corrupt_number_table_is_one_clear_error(tmp_path, monkeypatch):
    (tmp_path / "weights.json").write_text("{not json")
    monkeypatch.setattr(lexicon, "data_file", lambda *parts: tmp_path / parts[-1])
    lexicon.number_table.cache_clear()
    try:
        with pytest.raises(DataError, match="not a JSON table of numbers"):
            lexicon.number_table("weights.json")
    finally:
        lexicon.number_table.cache_clear()


def test_short_words_are_written_out():
    assert lexicon.written_out("where speedo found") == "where speedometer found"
    assert lexicon.written_out("a telly mag") == "a television magazine"
    assert lexicon.written_out("where it is found") is None


def test_every_short_form_is_shorter_than_what_it_stands_for():
    for short, wholes in lexicon.short_forms().items():
        assert all(len(short) < len(whole) and short != whole for whole in wholes)


def test_a_malformed_curated_row_names_its_line(tmp_path, monkeypatch):
    (tmp_path / "short-forms.tsv").write_text("# note\nspeedo\tspeedometer\ntelly television\n")
    monkeypatch.setattr(lexicon, "data_file", lambda *parts: tmp_path / parts[-1])
    with pytest.raises(DataError, match=r"short-forms.tsv:3: expected 'short<TAB>full'"):
        lexicon.pair_table("short-forms.tsv", r"[a-z][a-z ]*", "short<TAB>full")
