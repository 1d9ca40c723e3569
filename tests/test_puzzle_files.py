"""Puzzle files: Guardian JSON, .puz and .ipuz read, bad and corrupt files named, plain puzzles recognised."""

from __future__ import annotations

import json

import pytest
from shared import FRAME, PLAIN, frame, write

from cryptic.clues import clues_of
from cryptic.puzzle_files import PuzzleError, read_puzzle


def test_reads_the_guardian_format():
    p = read_puzzle(str(FRAME))
    assert p.grid.rows == (".....", ".###.", ".###.", ".###.", ".....")
    assert [e.id for e in p.entries] == ["1-across", "3-across", "1-down", "2-down"]
    assert [c.group for c in clues_of(p)] == [("1-across",), ("3-across",), ("1-down",), ("2-down",)]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["entries"][0].update(solution="ZSTER"), "disagree"),
        (lambda d: d["entries"][3]["position"].update(x=9), "runs off"),
        (lambda d: d["entries"][0].update(clue="Rates ruined flower (6)"), "enumeration gives 6"),
        (lambda d: d["entries"][0].update(group=["1-across", "9-down"]), "9-down"),
        (lambda d: d.pop("dimensions"), "not a Guardian puzzle"),
    ],
)
def test_bad_puzzles_name_the_problem(tmp_path, change, message):
    data = frame()
    change(data)
    with pytest.raises(PuzzleError, match=message):
        read_puzzle(write(tmp_path, data))


def test_corrupt_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\x00\x01{{")
    with pytest.raises(PuzzleError, match="not a JSON puzzle"):
        read_puzzle(str(bad))
    puz = tmp_path / "bad.puz"
    puz.write_bytes(b"garbage")
    with pytest.raises(PuzzleError, match="not a readable .puz"):
        read_puzzle(str(puz))


def test_plain_puzzles_are_known_by_their_type(tmp_path):
    data = frame()
    assert not read_puzzle(write(tmp_path, data)).plain
    data["crosswordType"] = "quick"
    assert read_puzzle(write(tmp_path, data)).plain


def test_a_puzzle_of_short_clues_is_plain_whatever_its_type(tmp_path):
    data = frame()
    for e in data["entries"]:
        e["clue"] = PLAIN[e["id"]]
    assert data["crosswordType"] == "cryptic" and read_puzzle(write(tmp_path, data)).plain
    data["entries"][0]["clue"] = "See 3"  # a linked light's pointer is no clue
    assert read_puzzle(write(tmp_path, data)).plain


def test_an_ipuz_whose_solution_the_package_refuses_is_read_without_it(tmp_path):
    from cryptic.puzzle_files import read_puzzle

    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 3, "height": 1},
           "puzzle": [[1, 0, 0]], "clues": {"Across": [[1, "Feline (3)"]]}, "solution": [["C", "A", 5]]}  # fmt: skip
    path = tmp_path / "odd.ipuz"
    path.write_text(json.dumps(doc), encoding="utf-8")
    p = read_puzzle(str(path))
    assert [(e.id, e.clue, e.solution) for e in p.entries] == [("1-across", "Feline (3)", None)]
    path.write_text(json.dumps({**doc, "dimensions": "wide"}), encoding="utf-8")
    with pytest.raises(Exception, match="not a readable .ipuz file"):
        read_puzzle(str(path))


def test_an_ipuz_clues_enumeration_field_gives_its_word_breaks(tmp_path):
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 5, "height": 1},
           "puzzle": [[1, 0, 0, 0, 0]], "clues": {"Across": [{"number": 1, "clue": "Cut short", "enumeration": "3 2"}]}}  # fmt: skip
    path = tmp_path / "breaks.ipuz"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert [e.clue for e in read_puzzle(str(path)).entries] == ["Cut short (3,2)"]
    doc["clues"]["Across"][0]["enumeration"] = "3 3"  # six letters for a light of five: the file is wrong, and says where
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(PuzzleError, match="1-across"):
        read_puzzle(str(path))


def test_an_ipuz_clue_list_named_with_a_title_and_clues_marked_up_in_html_are_read(tmp_path):
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 3, "height": 1},
           "puzzle": [[1, 0, 0]], "clues": {"Across:Across": [{"number": 1, "clue": "<i>Cat</i> &amp; kitten", "enumeration": "3"}]}}  # fmt: skip
    path = tmp_path / "titled.ipuz"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert [e.clue for e in read_puzzle(str(path)).entries] == ["Cat & kitten (3)"]


def test_a_guardian_clue_marked_up_in_html_is_read_as_its_text(tmp_path):
    doc = json.loads(FRAME.read_text(encoding="utf-8"))
    doc["entries"][0]["clue"] = "<i>" + doc["entries"][0]["clue"].replace(" (", "</i> &amp; (", 1)
    path = write(tmp_path, doc)
    clue = read_puzzle(str(path)).entries[0].clue
    assert "<" not in clue and "&amp;" not in clue and "&" in clue


IPUZ = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 3, "height": 3},
        "puzzle": [[1, 0, 2], [0, "#", 0], [3, 0, 0]], "solution": [["C", "A", "T"], ["O", "#", "O"], ["W", "E", "B"]],
        "clues": {"Across": [[1, "Feline (3)"], [3, "Spider's home (3)"]], "Down": [[1, "Bovine (3)"], [2, "Digit (3)"]]}}  # fmt: skip


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["clues"]["Across"].__setitem__(0, ["1a", "Feline (3)"]), "a clue in Across has no number"),
        (lambda d: d["clues"]["Across"].__setitem__(0, "Feline (3)"), "a clue in Across has no number"),
        (lambda d: d["puzzle"].__setitem__(1, [0]), "not 3 wide and 3 high"),
        (lambda d: d["solution"].__setitem__(2, ["W"]), "solution grid is not 3 wide"),
        (lambda d: d.update(dimensions={"width": 100000, "height": 100000}), "not a puzzle"),
        (lambda d: d["puzzle"][0].__setitem__(0, {"style": {}}), "row 1, column 1 has no number"),
    ],
)
def test_a_malformed_ipuz_is_named_not_a_traceback(tmp_path, change, message):
    doc = json.loads(json.dumps(IPUZ))
    change(doc)
    path = tmp_path / "bad.ipuz"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(PuzzleError, match=message):
        read_puzzle(str(path))


def test_an_ipuz_solution_written_as_values_with_cells_is_read(tmp_path):
    doc = json.loads(json.dumps(IPUZ))
    doc["solution"] = [[{"value": ch.lower(), "cell": 0} if ch != "#" else ch for ch in row] for row in doc["solution"]]
    path = tmp_path / "values.ipuz"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert {e.id: e.solution for e in read_puzzle(str(path)).entries} == {"1-across": "CAT", "3-across": "WEB", "1-down": "COW", "2-down": "TOB"}


@pytest.mark.parametrize("change, message", [(lambda e: e.update(number="1a"), "unreadable"), (lambda e: e.update(length=-3), "length -3")])
def test_a_guardian_entry_with_a_bad_number_or_length_is_named(tmp_path, change, message):
    doc = frame()
    change(doc["entries"][0])
    with pytest.raises(PuzzleError, match=message):
        read_puzzle(write(tmp_path, doc))
