"""A puzzle's clues: linked lights, cross-references, and plain clues' candidates."""

from __future__ import annotations

import pytest
from shared import frame, write

from cryptic.clues import Clue, clues_of, references, substituted
from cryptic.puzzle import cross_referenced
from cryptic.puzzle_files import read_puzzle


def test_linked_clues_are_one_answer_across_their_entries(tmp_path):
    data = frame()
    data["entries"][0]["group"] = ["1-across", "3-across"]
    data["entries"][0]["clue"] = "Two lights as one (5,5)"
    data["entries"][1]["group"] = ["1-across", "3-across"]
    data["entries"][1]["clue"] = "See 1"
    p = read_puzzle(write(tmp_path, data))
    linked = [c for c in clues_of(p) if len(c.group) == 2]
    assert len(linked) == 1 and len(linked[0].cells) == 10
    assert linked[0].cells[:5] == tuple((0, c) for c in range(5)) and linked[0].cells[5:] == tuple((4, c) for c in range(5))


def test_a_see_light_its_file_does_not_link_goes_on_the_named_answer(tmp_path):
    data = frame()
    data["entries"][0]["clue"] = "Two lights as one (5)"
    data["entries"][1]["clue"] = "See 1-across (2,3)"
    p = read_puzzle(write(tmp_path, data))
    (joined,) = [c for c in clues_of(p) if len(c.group) == 2]
    assert joined.group == ("1-across", "3-across") and joined.text == "Two lights as one (5,2,3)" and len(joined.cells) == 10
    data["entries"][1]["clue"] = "See 7"  # names no entry: left alone
    unlinked = clues_of(read_puzzle(write(tmp_path, data)))
    assert len(unlinked) == 4 and all(len(c.group) == 1 for c in unlinked)


@pytest.mark.slow
def test_a_plain_answers_chance_falls_with_its_rank_and_is_calibrated():
    from cryptic.clues import plain_candidates, plain_chance, plain_features, plain_ranked
    from cryptic.parse import parse_clue

    ranked = plain_ranked(parse_clue("Flower (5)"))
    c = ranked[0][0]
    chances = [plain_chance(plain_features(rank, c, 0.0)) for rank in (1, 2, 10, 100)]
    assert all(0 < b < a < 1 for a, b in zip(chances, chances[1:]))
    assert plain_chance(plain_features(2, c, 1.0)) > plain_chance(plain_features(2, c, 0.0))  # its glosses say the clue
    assert plain_chance(plain_features(2, c, 0.0, similar=0.6)) > plain_chance(plain_features(2, c, 0.0))  # near the clue in meaning
    # chances, not ranks: together the answers of a definition are about one right answer, not dozens
    assert 0.2 < sum(score for _, score, _ in plain_candidates(parse_clue("Flower (5)"), None)) < 1.5
    pool = plain_candidates(parse_clue("Flower (5)"), "A....")
    assert pool and all(w.startswith("A") for w, _, _ in pool)


@pytest.mark.slow
def test_a_plain_answer_near_the_whole_clue_in_meaning_outranks_a_synonym_of_one_word():
    from cryptic.clues import plain_candidates
    from cryptic.parse import parse_clue

    # FIX and CUT are synonyms of "doctor" alone; VET is near "doctor for animals" as a whole
    assert plain_candidates(parse_clue("Doctor for animals (3)"), None)[0][0] == "VET"


@pytest.mark.slow
def test_a_plain_clue_never_offers_a_word_of_its_own_or_a_form_of_one():
    from cryptic.clues import plain_candidates
    from cryptic.parse import parse_clue

    for text, own in (("Subatomic particles (9)", "PARTICLES"), ("Garden flowers (7)", "FLOWERS"), ("Loud noises (6)", "NOISES")):
        pool = [w for w, _, _ in plain_candidates(parse_clue(text), None)]
        assert pool and own not in pool


@pytest.mark.slow
def test_a_plain_clue_that_is_a_number_defines_as_a_whole_not_by_its_digit_groups():
    from cryptic.clues import plain_candidates
    from cryptic.parse import parse_clue

    pool = plain_candidates(parse_clue("1,000,000 (7)"), None)
    assert pool[0][0] == "MILLION" and all('"1,000,000"' in why for _, _, why in pool)  # never "1" (ONE, SINGLE) alone


@pytest.mark.slow
def test_a_word_fitting_the_crossers_whose_gloss_says_part_of_a_plain_clue_is_a_candidate():
    from cryptic.clues import glossed_fits
    from cryptic.nodes import Enumeration

    enum = Enumeration((8,), (), 8)
    found = {w: score for w, score, _ in glossed_fits("line left by the sea at its highest", enum, "T?D?M?R?")}
    assert "TIDEMARK" in found and 0 < found["TIDEMARK"] < 0.05  # "line": weak, but more than fitting alone
    assert glossed_fits("line left by the sea at its highest", enum, None) == []  # no crossers: every word fits
    assert glossed_fits("zzzq", enum, "T?D?M?R?") == []


def test_with_crossing_letters_the_reverse_dictionarys_fitting_answers_join_a_one_word_plain_clue(monkeypatch):
    from cryptic import thesaurus as th
    from cryptic.clues import plain_candidates
    from cryptic.parse import parse_clue

    found = (th.Candidate("ATODDS", "at odds", 0.4, 3.0, "w"),)
    monkeypatch.setattr(th, "retrieved_definitions", lambda key, enumeration, pattern: found if key == "feuding" else ())
    with_letters = [w for w, _, _ in plain_candidates(parse_clue("Feuding (2,4)"), "A?O???")]
    assert "ATODDS" in with_letters
    assert "ATODDS" not in [w for w, _, _ in plain_candidates(parse_clue("Feuding (2,4)"), None)]  # no letters: relations only


def test_a_one_word_plain_clue_the_thesaurus_does_not_know_is_read_as_its_nearest_spelling():
    from cryptic.clues import plain_candidates, respelt_clue
    from cryptic.parse import parse_clue

    misprinted = plain_candidates(parse_clue("Gratefull (8)"), None)
    assert "THANKFUL" in [w for w, _, _ in misprinted[:5]] and '"grateful"' in misprinted[0][2]
    assert plain_candidates(parse_clue("Tommorow (6)"), None) == []  # too far from "tomorrow" to be read as it
    assert respelt_clue(parse_clue("Gratefull thanks (8)")).words == ("Gratefull", "thanks")  # only a one-word clue


def test_a_plain_answer_the_whole_clue_defines_is_read_as_the_whole_clues_not_a_spans():
    from cryptic.clues import plain_ranked
    from cryptic.parse import parse_clue

    text = "Like a verb whose subject and object are identical (9)"
    phrase = {c.letters: ph for c, ph, _ in plain_ranked(parse_clue(text))}["REFLEXIVE"]
    assert phrase == text.removesuffix(" (9)")  # its gloss says the clue; "verb" alone names it only as a kind


def test_cross_references_name_the_clues_they_use():
    cells = lambda n: tuple((0, k) for k in range(n))
    clues = (Clue(("4-down", "21-across"), "A general (9,3,5)", cells(17)), Clue(("7-across",), "x (4)", cells(4)),
             Clue(("7-down",), "y (4)", cells(4)), Clue(("12-across",), "z (5)", cells(5)))  # fmt: skip
    assert references("A problem for 4,21's horse (7)", clues) == (("4,21", (0,)),)
    assert references("Modes in 12 (5)", clues) == (("12", (3,)),)
    assert references("Seal for 12ac, 7dn (5)", clues) == (("12ac, 7dn", (3, 2)),)
    assert references("King of 7, this (5)", clues) == ()  # 7 across or 7 down: not known which
    assert references("1,000,000 (7)", clues) == references("12,000 (7)", clues) == ()  # numbers that name no light
    assert references("Nothing here (2,3)", clues) == ()  # the enumeration is never a reference
    refs = references("Modes in 12 (5)", clues)
    assert substituted("Modes in 12 (5)", refs, {3: "IONIC"}) == "Modes in ionic (5)"
    assert substituted("Modes in 12 (5)", refs, {}) is None
    refs = references("Seal for 12ac, 7dn (5)", clues)
    assert substituted("Seal for 12ac, 7dn (5)", refs, {3: "IONIC", 2: "MODE"}) == "Seal for ionic mode (5)"


@pytest.mark.slow
def test_a_clue_is_reread_with_the_answers_it_names(tmp_path):
    data = frame()
    data["entries"][1]["clue"] = "Toned, worked out, like 1dn (5)"
    p = read_puzzle(write(tmp_path, data))
    clues = clues_of(p)
    refs = [references(c.text, clues) for c in clues]
    pools = [[("ASTER", 0.9, "")], [], [("ALIEN", 0.5, "")], []]
    reads = [(k, clue.text, pattern, trust) for k, clue, pattern, trust in cross_referenced(clues, refs, pools, {0: 0, 2: 0}, [None] * 4)]
    # alone, and with the crossing letters: wrongly placed crossers must not hide the answer
    assert reads == [(1, "Toned, worked out, like alien (5)", None, 0.5), (1, "Toned, worked out, like alien (5)", "N....", 0.5)]
    assert cross_referenced(clues, refs, pools, {0: 0}, [None] * 4) == []  # 1dn not placed yet


@pytest.mark.slow
def test_a_cryptic_puzzles_clue_is_read_as_a_plain_one_too():
    from cryptic.clues import candidates, plain_candidates
    from cryptic.parse import parse_clue

    text = "Evergreen tree of China and Japan with fuzzy yellow fruit (6)"
    found = {w: (score, why) for w, score, why in candidates(Clue(("1-across",), text, tuple((0, c) for c in range(6))), None, 10.0)}
    plain = plain_candidates(parse_clue(text), None, ends=True)
    for w, score, _ in plain[:5]:  # each answer at the better of its two chances
        assert w in found and found[w][0] >= score
    assert any(why.endswith("(read as a plain clue)") for _, why in found.values())
    assert found["LOQUAT"][0] == max(score for score, _ in found.values())


@pytest.mark.slow
def test_a_cryptic_clues_plain_reading_takes_its_definition_from_an_end():
    from cryptic.clues import plain_spans

    words = ("Laud", "unclothed", "couple's", "childminder")
    ends = {span for span, _ in plain_spans(words, ends=True)}
    assert ("couple's",) not in ends and ("childminder",) in ends and ("Laud",) in ends and words in ends
    assert ("couple's",) in {span for span, _ in plain_spans(words)}


def test_warming_loads_the_tables_a_puzzles_clues_read():
    import subprocess
    import sys

    # in a fresh process: here, other tests' cached results would skip the tables
    code = ("from cryptic import lexicon; from cryptic.clues import warm; warm(); "
            "print(*(f.cache_info().currsize for f in (lexicon.indicators, lexicon.piece_table, lexicon.is_verb, lexicon.number_table)))")  # fmt: skip
    kinds, pieces, verbs, numbers = map(int, subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    assert kinds >= 5  # the wordplay kinds the warm clue's readings try
    assert pieces == 1
    assert verbs >= 1  # lemminflect's lemma table, the slowest to load
    assert numbers >= 4  # plain.json and the three rankings
