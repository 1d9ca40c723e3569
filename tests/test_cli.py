import os

import pytest

from cryptic.cli import main


def run(args, capsys):
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "args",
    [
        ["parses", ""],
        ["parses", "no enumeration"],
        ["parses", "bad (5"],
        ["parses", "zero (0)"],
        ["parses", "letters (abc)"],
        ["parses", "huge (41)"],
        ["parses", "caf\u00e9 \u4e2d (3)"],
        ["parses", "bell\x07 (3)"],
        ["explain", ""],
        ["solve"],
        ["stats", "/nonexistent.jsonl"],
        ["fill", "/nonexistent.txt", "--wordlist", "/nonexistent"],
        ["puzzle", "/nonexistent.json"],
    ],
)
def test_bad_input_is_one_line_and_non_zero(args, capsys):
    code, _, err = run(args, capsys)
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_parses_command(capsys):
    code, out, _ = run(["parses", "Lowest point in ruptured drain (5)", "--limit", "3"], capsys)
    assert code == 0 and 'anagram ("ruptured") of "drain"' in out.splitlines()[0]
    code, out, _ = run(["parses", "Lowest point in ruptured drain (5)", "--count"], capsys)
    assert code == 0 and out.startswith("naive ")


def test_long_clue_is_bounded_and_says_so(capsys):
    clue = " ".join(["about", "in", "back", "upset", "doctor", "and"] * 5) + " (9)"
    code, out, err = run(["parses", clue, "--limit", "2", "--timeout", "3"], capsys)
    assert code == 0 and ("first 2 shown" in err or "stopped" in err)


def test_explain_draws_trees(capsys):
    code, out, _ = run(["explain", "Lowest point in ruptured drain (5)", "--limit", "1"], capsys)
    assert code == 0 and "definition: \"Lowest point\"" in out and "anagram" in out


def test_stats_table_and_plot(tmp_path, capsys):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"clue": "Rates ruined flower (5)"}\n{"clue": "Cat sat on the mat (3)"}\nnot json\n{"clue": "A doctor in the house gets back (6)"}\n')
    plot = tmp_path / "p.png"
    code, out, err = run(["stats", str(corpus), "--plot", str(plot)], capsys)
    assert code == 0 and "canonical" in out and plot.stat().st_size > 1000 and "1 rows skipped" in err
    empty = tmp_path / "e.jsonl"
    empty.write_text("")
    code, _, err = run(["stats", str(empty)], capsys)
    assert code == 2 and "no readable clues" in err


def test_a_clue_that_fails_inside_the_solver_is_reported_on_its_own_line(monkeypatch):
    import importlib
    import json

    from cryptic import batch

    solve = importlib.import_module("cryptic.rank")

    monkeypatch.setattr(solve, "solve", lambda *a, **k: 1 / 0)
    out = json.loads(batch.solve_line((("c1", "Lowest point in ruptured drain (5)", None, None), 3, 1.0)))
    assert out["id"] == "c1" and out["candidates"] == []
    assert out["error"].startswith("internal error: ZeroDivisionError")


@pytest.mark.parametrize("where", ["missing/out.png", "", "."])
@pytest.mark.parametrize("command", [["stats", "corpus.jsonl", "--plot"], ["puzzle", "puzzle.json", "--png"], ["fill", "grid.txt", "--wordlist", "w.txt", "--png"]])
def test_an_output_file_that_cannot_be_written_is_refused_before_any_work(command, where, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the input files need not exist: the options are read first
    with pytest.raises(SystemExit) as stop:
        main([*command, where])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err and err.strip().splitlines()[-1].startswith("cryptic")
    assert ("folder" in err or "file name" in err) and os.listdir(tmp_path) == []
