"""The miner of past clues: rows read, recovered and skipped, and the tables it writes."""

from __future__ import annotations

import json

import pytest

from cryptic import lexicon
from thesaurus.mine import Tables, mine, recovered, write_tables

LINKS = frozenset({"in", "for", "is", "to", "mixed", "about", "back", "at first"})


def row(clue: str, answer: str, explanation: str, **more) -> dict:
    return {"clue_text": clue, "answer": answer, "explanation": explanation, **more}


def test_mine_counts_and_skips_bad_rows(tmp_path):
    path = tmp_path / "rows.jsonl"
    good = row("Boy and tea in remote hut", "LADCHAHUT", "LAD (boy) + CHA (tea)")
    path.write_text(json.dumps(good) + "\n{not json\n" + json.dumps({"raw_clue": "x"}) + "\n" + json.dumps(good) + "\n", encoding="utf-8")
    t = mine([(path, 0)], LINKS)
    assert t.rows["read"] == 4 and t.rows["skipped: not JSON"] == 1 and t.rows["skipped: no clue or answer parsed"] == 1
    assert t.pieces[("boy", "LAD")] == 2
    assert t.definitions[("remote hut", "LADCHAHUT")] == 2


def raw(clue: str, explanation: str) -> dict:
    return {"year": 2012, "raw_clue": clue, "raw_explanation": explanation}


def test_a_raw_row_of_one_clue_is_recovered_with_the_answer_its_explanation_names():
    r = recovered(raw("14a Boy and tea in remote hut (3,3)", "  LAD CHA.  LAD (boy) + CHA (tea): LAD CHA, a hut somewhere "))
    assert r is not None and (r["clue_text"], r["answer"], r["enumeration"]) == ("Boy and tea in remote hut", "LADCHA", "(3,3)")
    r = recovered(raw("7 Dire drain wrecked at the lowest point (5)", "(DRAIN)* NADIR, its lowest point"))
    assert r is not None and r["answer"] == "NADIR"  # DRAIN, of the right length too, is the clue's own word


@pytest.mark.parametrize("clue, explanation", [
    ("9 Bird seen over the ground (5)", "A bird, hovering: no capitals name the answer"),
    ("9 Bird seen over the ground (5)", "EAGLE or HERON: either fits"),
    ("9 Bird seen over the ground (5)", "ZQXWV, which is no word"),
    ("9 Bird seen over the ground (5) 10 Fish caught in a net (3)", "EAGLE and COD"),
    ("9 Bird seen over the ground (5)", "EAGLE 10 Fish caught in a net: COD"),
    ("9 OWLET Bird seen over the ground (5)", "EAGLE"),
])  # fmt: skip
def test_a_raw_row_that_names_no_single_answer_or_runs_clues_together_is_left(clue, explanation):
    assert recovered(raw(clue, explanation)) is None


def test_recovered_rows_are_mined_and_counted(tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(raw("3 Motor favourite covering the floor (6)", "CARPET. CAR (motor) + PET (favourite)")) + "\n", encoding="utf-8")
    t = mine([(path, 0)], LINKS)
    assert t.rows["recovered: clue and answer read from the raw row"] == 1 and t.pieces[("motor", "CAR")] == 1


def test_answers_keep_the_word_breaks_their_enumeration_gives(tmp_path):
    path = tmp_path / "rows.jsonl"
    rows = [row("Free time for hunting", "OPENSEASON", "OPEN (free) + SEASON (time)", enumeration="(4,6)"),
            row("Free time for hunting", "OPENSEASON", "OPEN (free) + SEASON (time)", enumeration="(4,6)"),
            row("Notable day, red cheque", "REDLETTERDAY", "RED + LETTER + DAY", enumeration="(3-6,3)"),
            row("Boy hut", "LADHUT", "LAD (boy) + HUT", enumeration="(9)")]  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    t = mine([(path, 0)], LINKS)
    assert t.answers == {"OPEN SEASON": 2, "RED-LETTER DAY": 1, "LADHUT": 1}  # an enumeration that does not fit is left out


def test_tables_round_trip_through_their_files(tmp_path, monkeypatch):
    t = Tables()
    t.pieces.update({("tea", "CHA"): 3, ("boy", "LAD"): 2})
    t.definitions.update({("remote hut", "CHALET"): 1})
    t.indicators.update({("mixed", "anagram"): 4})
    t.seen.update({"mixed": 9})
    t.answers.update({"OPEN SEASON": 2, "OPENSEASON": 1, "CHALET": 1})
    write_tables(t, tmp_path, ["a.jsonl"])
    monkeypatch.setattr(lexicon, "data_file", lambda *parts: tmp_path / parts[-1])
    tables = (lexicon.piece_table, lexicon.past_definition_table, lexicon.past_answer_table)
    for f in tables:
        f.cache_clear()
    try:
        assert dict(lexicon.piece_table()) == {"tea": (("CHA", 3),), "boy": (("LAD", 2),)}
        assert dict(lexicon.past_definition_table()) == {"remote hut": (("CHALET", 1),)}
        assert lexicon.mined_rows("indicators.tsv", 4) == (("mixed", "anagram", "4", "9"),)
        assert dict(lexicon.past_answer_table()) == {"CHALET": 1, "OPENSEASON": 3}  # counted by letters, however broken
        assert sorted(lexicon.past_answers()) == ["chalet", "open season", "openseason"]
    finally:
        for f in tables:
            f.cache_clear()


@pytest.mark.parametrize("content, where", [(None, "corpora/answers.tsv"), ("CHA\n", "answers.tsv:1")])
def test_a_missing_or_corrupt_table_names_itself_and_the_command(tmp_path, monkeypatch, content, where):
    if content is not None:
        (tmp_path / "answers.tsv").write_text(content, encoding="utf-8")
    monkeypatch.setattr(lexicon, "data_file", lambda *parts: tmp_path / parts[-1])
    with pytest.raises(lexicon.DataError) as e:
        lexicon.mined_rows("answers.tsv", 2)
    assert where in str(e.value) and "thesaurus.mine" in str(e.value)


@pytest.mark.slow
def test_the_thesaurus_check_reads_no_past_clue_so_mining_twice_gives_the_same_tables():
    from cryptic import thesaurus as th
    from cryptic.parse import parse_enumeration
    from thesaurus.mine import thesaurus_known

    own = [(c.letters, c.relation) for c in th.own_definitions("a bad sign", parse_enumeration("(4)"))]
    assert ("OMEN", "m") in own  # Moby's, whatever the past clues' table says of it
    assert not {relation for _, relation in own} & set("clwe")  # no past clue, no retrieval
    assert thesaurus_known().defines("a bad sign", "OMEN", "(4)")
