"""Grids and word lists: slots and numbering, bad grids and lists named, scored lists."""

from __future__ import annotations

import pytest
from shared import BRITISH

from cryptic.grid import GridError, grid_from_entries, read_grid, read_words, slots


def test_slots_and_newspaper_numbering():
    g = read_grid(BRITISH)
    ss = slots(g)
    assert [(s.number, s.direction, len(s.cells)) for s in ss] == [
        (1, "across", 5), (1, "down", 5), (2, "down", 5), (3, "down", 5), (4, "across", 5), (5, "across", 5),
    ]  # fmt: skip


def test_checked_once_cells_are_not_slots():
    g = read_grid("#.#\n...\n#.#")
    assert sorted((s.direction, len(s.cells)) for s in slots(g)) == [("across", 3), ("down", 3)]
    g = read_grid("...\n#.#")  # the lone cells of row 2 col 1 and 3 are unchecked blocks
    assert sorted((s.direction, len(s.cells)) for s in slots(g)) == [("across", 3), ("down", 2)]


@pytest.mark.parametrize(
    "text, message",
    [("...\n..", "row has 2 cells"), ("..1\n...", "unknown character"), ("#.#\n###", "no slots"), ("", "empty grid"), ("..?", "unknown character")],
)
def test_bad_grids(text, message):
    with pytest.raises(GridError, match=message):
        read_grid(text)


def test_bad_word_lists(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\0\1\2abc")
    bad = tmp_path / "bad.dict"
    bad.write_text("cat;fifty\n")
    for path, message in ((empty, "no words"), (binary, "binary"), (bad, "not a number"), (tmp_path / "missing", "cannot read")):
        with pytest.raises(GridError, match=message):
            read_words(str(path))


def test_scored_list_and_min_score(tmp_path):
    path = tmp_path / "w.dict"
    path.write_text("ice-cream;60\ncat;20\ndog;55\n")
    assert read_words(str(path), 50) == {"ICECREAM": 60.0, "DOG": 55.0}


def test_grid_from_entries():
    g = grid_from_entries(3, 3, [(0, 0, "across", 3), (0, 0, "down", 3)])
    assert g.rows == ("...", ".##", ".##")
    with pytest.raises(GridError, match="runs off"):
        grid_from_entries(3, 3, [(2, 0, "across", 3)])
