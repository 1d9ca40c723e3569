import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cryptic.beliefs import beliefs
from cryptic.cli import main
from cryptic.clues import Clue, clues_of, references, substituted
from cryptic.puzzle import cell_fill, cross_referenced, solve_puzzle
from cryptic.puzzle_files import PuzzleError, check, read_puzzle

FRAME = Path(__file__).parent / "data" / "frame.json"


def write(tmp_path, data, name="p.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def frame():
    return json.loads(FRAME.read_text())


def test_reads_the_guardian_format():
    p = read_puzzle(str(FRAME))
    assert p.grid.rows == (".....", ".###.", ".###.", ".###.", ".....")
    assert [e.id for e in p.entries] == ["1-across", "3-across", "1-down", "2-down"]
    assert [c.group for c in clues_of(p)] == [("1-across",), ("3-across",), ("1-down",), ("2-down",)]


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


def test_plain_puzzles_are_known_by_their_type(tmp_path):
    data = frame()
    assert not read_puzzle(write(tmp_path, data)).plain
    data["crosswordType"] = "quick"
    assert read_puzzle(write(tmp_path, data)).plain


PLAIN = {"1-across": "Michaelmas daisy (5)", "3-across": "Famous (5)", "1-down": "Stranger (5)", "2-down": "Appraised (5)"}


def test_a_puzzle_of_short_clues_is_plain_whatever_its_type(tmp_path):
    data = frame()
    for e in data["entries"]:
        e["clue"] = PLAIN[e["id"]]
    assert data["crosswordType"] == "cryptic" and read_puzzle(write(tmp_path, data)).plain
    data["entries"][0]["clue"] = "See 3"  # a linked light's pointer is no clue
    assert read_puzzle(write(tmp_path, data)).plain


@pytest.mark.slow
def test_plain_clues_are_read_as_definitions(tmp_path, capsys):
    data = frame()
    for e in data["entries"]:
        e["clue"] = PLAIN[e["id"]]
    assert main(["puzzle", write(tmp_path, data), "--plain", "--json", "--jobs", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["grid"] == ["ASTER", "L###A", "I###T", "E###E", "NOTED"]


@pytest.mark.slow
def test_a_plain_answers_chance_falls_with_its_rank_and_is_calibrated():
    from cryptic.clues import plain_candidates, plain_chance, plain_features, plain_ranked
    from cryptic.parse import parse_clue

    ranked = plain_ranked(parse_clue("Flower (5)"))
    c = ranked[0][0]
    chances = [plain_chance(plain_features(rank, c, 0.0)) for rank in (1, 2, 10, 100)]
    assert all(0 < b < a < 1 for a, b in zip(chances, chances[1:]))
    assert plain_chance(plain_features(2, c, 1.0)) > plain_chance(plain_features(2, c, 0.0))  # its glosses say the clue
    # chances, not ranks: together the answers of a definition are about one right answer, not dozens
    assert 0.2 < sum(score for _, score, _ in plain_candidates(parse_clue("Flower (5)"), None)) < 1.5
    pool = plain_candidates(parse_clue("Flower (5)"), "A....")
    assert pool and all(w.startswith("A") for w, _, _ in pool)


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

    enum = Enumeration(8, (8,), "")
    found = {w: score for w, score, _ in glossed_fits("line left by the sea at its highest", enum, "T?D?M?R?")}
    assert "TIDEMARK" in found and 0 < found["TIDEMARK"] < 0.05  # "line": weak, but more than fitting alone
    assert glossed_fits("line left by the sea at its highest", enum, None) == []  # no crossers: every word fits
    assert glossed_fits("zzzq", enum, "T?D?M?R?") == []


ACROSS = Clue(("1-across",), "", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))


def down(col: int) -> Clue:
    return Clue((f"{col + 1}-down",), "", ((0, col), (1, col), (2, col)))


@pytest.mark.slow
def test_crossers_beliefs_lift_the_candidates_that_agree_with_them():
    pool = [("OTHER", 0.3, "other"), ("ASTER", 0.05, "aster")]
    alone = beliefs([ACROSS, down(0)], [pool, []], [None, None])
    assert alone[0][0][0] == "OTHER"  # a crosser that could be anything says nothing
    crossed = beliefs([ACROSS, down(0)], [pool, [("ALE", 0.95, "ale")]], [None, None])
    assert crossed[0][0][:1] == ("ASTER",) and crossed[0][0][1] > 0.3 and crossed[0][0][2] == "aster"
    assert crossed[1][0][0] == "ALE"


@pytest.mark.slow
def test_a_word_that_fits_sure_crossers_is_proposed():
    downs = [down(k) for k in range(5)]
    pools = [[]] + [[(w, 0.95, w)] for w in ("TOP", "INK", "GAS", "EGG", "RAT")]
    (word, belief, why), *rest = beliefs([ACROSS, *downs], pools, [None] * 6)[0]
    assert word == "TIGER" and belief > 0.5 and "crossing letters" in why
    assert all(b < belief for _, b, _ in rest)


WORDS = ("ASTER", "OTHER", "NOTED", "ALIEN", "SLATE", "TENOR", "RATES")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(WORDS), st.floats(0.0, 1.0)), max_size=6),
       st.lists(st.tuples(st.sampled_from(("ALE", "OAT", "SEA", "TEN")), st.floats(0.0, 1.0)), max_size=3))  # fmt: skip
@pytest.mark.slow
def test_beliefs_are_each_clues_likeliest_answers(across, crosser):
    pools = [[(w, score, w) for w, score in dict(pool).items()] for pool in (across, crosser)]
    out = beliefs([ACROSS, down(0)], pools, [None, None])
    for clue, found in zip((ACROSS, down(0)), out):
        assert found and all(len(w) == len(clue.cells) and 0.0 <= b <= 1.0 + 1e-9 for w, b, _ in found)
        assert [b for _, b, _ in found] == sorted((b for _, b, _ in found), reverse=True)
        assert len({w for w, _, _ in found}) == len(found) and sum(b for _, b, _ in found) <= 1.0 + 1e-9


def test_the_fill_expects_the_most_right_cells():
    across = Clue(("1-across",), "", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))
    down = Clue(("1-down",), "", ((0, 0), (1, 0), (2, 0)))
    pools = [[("ASTER", 0.4, "")], [("BOA", 0.5, "")]]  # they clash at the corner
    assert cell_fill([across, down], pools, float("inf"), 0.0) == {0: 0}  # 2 right cells expected, not 1.5
    assert cell_fill([across, down], pools, float("inf"), 0.45) == {1: 0}  # below the floor ASTER is out


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
def test_a_candidate_with_other_word_breaks_than_the_enumeration_weighs_little():
    from cryptic.beliefs import domain
    from cryptic.parse import parse_enumeration

    pool = [("REQUIRED", 0.5, ""), ("OFCOURSE", 0.05, "")]
    for enum, likelier in (("2,6", "OFCOURSE"), ("8", "REQUIRED")):
        words, prior, _ = domain(pool, 8, parse_enumeration(enum))
        other = ({"OFCOURSE", "REQUIRED"} - {likelier}).pop()
        assert prior[words.index(likelier)] > prior[words.index(other)]


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
    loop = [[("OTHER", 0.9, "o")], [("OAT", 0.9, "oat")]]  # beliefs the clues hardly support
    believed, chosen = likelier_fill([ACROSS, down(0)], pools, loop, {0: 0, 1: 0}, float("inf"))
    assert [believed[k][v][0] for k, v in sorted(chosen.items())] == ["ASTER", "ALE"]
    kept = [[("ASTER", 0.9, "a")], [("ALE", 0.9, "ale")]]
    assert likelier_fill([ACROSS, down(0)], pools, kept, {0: 0, 1: 0}, float("inf")) == (kept, {0: 0, 1: 0})


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
