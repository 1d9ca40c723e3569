"""Whole puzzles: the loop solves, fills and re-solves; answers keep to their own evidence; the command and its JSON."""

from __future__ import annotations

import json

import pytest
from shared import ACROSS, FRAME, PLAIN, down, frame, write

from cryptic.cli import main
from cryptic.clues import Clue
from cryptic.puzzle import cell_fill, solve_puzzle
from cryptic.puzzle_files import check, read_puzzle


@pytest.mark.slow
def test_a_small_puzzle_is_solved_completely():
    p = read_puzzle(str(FRAME))
    letters, answers = solve_puzzle(p, timeout=60, jobs=1)
    assert check(p, letters) == (100.0, 100.0)
    assert len(answers) == 4 and all(a is not None and a.explanation for _, a in answers)


@pytest.mark.slow
def test_solutions_are_never_read(tmp_path):
    data = frame()
    for e in data["entries"]:
        e["solution"] = "QQQQQ"[: e["length"]]
    data["entries"][1]["solution"] = "QQQQQ"
    letters, _ = solve_puzzle(read_puzzle(write(tmp_path, data)), timeout=60, jobs=1)
    assert "Q" not in letters.values()  # the file's (wrong) solutions left no trace
    assert check(read_puzzle(str(FRAME)), letters) == (100.0, 100.0)


@pytest.mark.slow
def test_json_contract(capsys):
    assert main(["puzzle", str(FRAME), "--json", "--timeout", "60", "--jobs", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"grid", "entries", "seconds"}
    assert out["grid"] == ["ASTER", "L###A", "I###T", "E###E", "NOTED"]
    assert {e["id"] for e in out["entries"]} == {"1-across", "3-across", "1-down", "2-down"}
    assert all(set(e) == {"id", "answer", "confidence", "explanation"} for e in out["entries"])


@pytest.mark.slow
def test_plain_clues_are_read_as_definitions(tmp_path, capsys):
    data = frame()
    for e in data["entries"]:
        e["clue"] = PLAIN[e["id"]]
    assert main(["puzzle", write(tmp_path, data), "--plain", "--json", "--jobs", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["grid"] == ["ASTER", "L###A", "I###T", "E###E", "NOTED"]


@pytest.mark.slow
def test_a_general_knowledge_puzzle_not_called_plain_is_solved(tmp_path, capsys):
    data = frame()
    gk = {"1-across": "Garden plant with showy daisy-like flowers (5)", "3-across": "Famous and well known by everyone (5)",
          "1-down": "Extraterrestrial creature in science fiction films (5)", "2-down": "Estimated the value or worth of something (5)"}  # fmt: skip
    for e in data["entries"]:
        e["clue"] = gk[e["id"]]
    assert data["crosswordType"] == "cryptic" and not read_puzzle(write(tmp_path, data)).plain  # long clues: read as cryptic
    assert main(["puzzle", write(tmp_path, data), "--json", "--jobs", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["grid"] == ["ASTER", "L###A", "I###T", "E###E", "NOTED"]


def test_the_fill_expects_the_most_right_cells():
    across = Clue(("1-across",), "", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))
    down = Clue(("1-down",), "", ((0, 0), (1, 0), (2, 0)))
    pools = [[("ASTER", 0.4, "")], [("BOA", 0.5, "")]]  # they clash at the corner
    assert cell_fill([across, down], pools, float("inf"), 0.0) == {0: 0}  # 2 right cells expected, not 1.5
    assert cell_fill([across, down], pools, float("inf"), 0.45) == {1: 0}  # below the floor ASTER is out


def test_a_verified_answer_leads_its_clue_whatever_its_crossers_believe():
    from cryptic.puzzle import anchored

    pools = [[("COAT", 0.99, "verified"), ("TAKE", 0.05, "")], [("TAKE", 0.5, ""), ("COAT", 0.2, "")]]
    believed = [[("TAKE", 0.26, ""), ("COAT", 0.01, "")], [("TAKE", 0.9, "")]]
    first, second = anchored(believed, pools)
    assert first[0] == ("COAT", 0.99, "verified") and [w for w, _, _ in first] == ["COAT", "TAKE"]
    assert second == believed[1]  # no verified answer: beliefs as they were


def test_the_fill_the_clues_themselves_make_likelier_replaces_the_loops():
    from cryptic.puzzle import likelier_fill

    pools = [[("ASTER", 0.6, "a"), ("OTHER", 0.2, "o")], [("ALE", 0.7, "ale"), ("OAT", 0.1, "oat")]]
    loop = [[("OTHER", 0.3, "o")], [("OAT", 0.3, "oat")]]  # a fill the loop hardly believes
    believed, chosen = likelier_fill([ACROSS, down(0)], pools, loop, {0: 0, 1: 0}, float("inf"))
    assert [believed[k][v][0] for k, v in sorted(chosen.items())] == ["ASTER", "ALE"]
    kept = [[("ASTER", 0.3, "a")], [("ALE", 0.3, "ale")]]
    assert likelier_fill([ACROSS, down(0)], pools, kept, {0: 0, 1: 0}, float("inf")) == (kept, {0: 0, 1: 0})


def test_a_fill_the_loop_believes_stays_though_its_clues_score_it_lower():
    from cryptic.puzzle import likelier_fill

    pools = [[("ASTER", 0.6, "a"), ("OTHER", 0.2, "o")], [("ALE", 0.7, "ale"), ("OAT", 0.1, "oat")]]
    loop = [[("OTHER", 0.9, "o")], [("OAT", 0.9, "oat")]]  # lr-325q's CAMERAS: right, though no clue's candidate
    assert likelier_fill([ACROSS, down(0)], pools, loop, {0: 0, 1: 0}, float("inf")) == (loop, {0: 0, 1: 0})


def test_only_answers_their_own_clues_gave_lend_letters_to_re_solves():
    from cryptic.puzzle import lending

    pools = [[("STEM", 0.6, "")], [("MOOT", 0.4, "")], []]
    believed = [[("STEM", 0.9, "")], [("MOOT", 0.3, "")], [("TOMB", 0.95, "fits the crossing letters")]]
    # sure of STEM; unsure of MOOT; TOMB is believed only through its crossers
    assert lending({0: 0, 1: 0, 2: 0}, believed, pools) == {0: 0}


@pytest.mark.slow
def test_an_open_light_is_refilled_with_words_not_placed_already():
    from cryptic.puzzle import refills

    first_down = Clue(("1-down",), "", tuple((r, 0) for r in range(5)))
    pools = [[("STONE", 0.9, "stone")], [("STONE", 0.9, "stone"), ("SCORE", 0.5, "score")]]
    believed = [[("STONE", 0.9, "stone")], [("STONE", 0.9, "stone")]]
    placed_first, open_second = refills([ACROSS, first_down], pools, [None, None], believed, {0: 0})
    assert placed_first == [("STONE", 0.9, "stone")]
    assert open_second and open_second[0][0] == "SCORE" and all(w != "STONE" and w[0] == "S" for w, _, _ in open_second)


def test_a_word_only_fitting_its_crossers_is_only_as_sure_as_they_are():
    from cryptic.puzzle import confidences

    first_down = Clue(("1-down",), "", tuple((r, 0) for r in range(3)))
    pools = [[("ASTER", 0.3, "aster")], []]  # nothing from the down clue
    picked = {0: ("ASTER", 0.3, "aster"), 1: ("ALE", 1.0, "fits the crossing letters")}
    assert confidences([ACROSS, first_down], pools, picked) == {0: 0.3, 1: pytest.approx(0.3)}
    pools[1] = [("ALE", 0.6, "ale")]  # its own clue gave it: its belief stands
    assert confidences([ACROSS, first_down], pools, picked)[1] == 1.0
    assert confidences([first_down], [[]], {0: ("ALE", 1.0, "")}) == {0: 0.0}  # fitted to nothing: unsure
