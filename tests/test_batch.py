"""The batch contract: ids and order kept, an optional crossing-letter pattern, errors on their own lines."""

from __future__ import annotations

import contextlib
import json

import pytest

from cryptic import batch


def lines(tmp_path, rows) -> list[dict]:
    path = tmp_path / "in.jsonl"
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return [json.loads(batch.solve_line((line, 3, 60.0))) for line in batch.read_lines(str(path))]


def test_bad_patterns_are_errors_on_their_own_lines(tmp_path):
    out = lines(tmp_path, [
        {"id": "long", "clue": "Lowest point in ruptured drain (5)", "pattern": "N?D?R?"},
        {"id": "odd", "clue": "Lowest point in ruptured drain (5)", "pattern": "N-D-R"},
        {"id": "num", "clue": "Lowest point in ruptured drain (5)", "pattern": 5},
        "{broken",
        {"id": "none"},
    ])  # fmt: skip
    assert [o["id"] for o in out] == ["long", "odd", "num", "line-4", "none"]
    assert all(o["error"] and o["candidates"] == [] for o in out)
    assert "has 6 letters" in out[0]["error"] and "'pattern'" in out[1]["error"] and "'pattern'" in out[2]["error"]


@pytest.mark.slow
def test_a_pattern_narrows_the_answers_and_order_is_kept(tmp_path):
    clue = "Lowest point in ruptured drain (5)"
    out = lines(tmp_path, [{"id": "a", "clue": clue}, {"id": "b", "clue": clue, "pattern": "?I?A?"}, {"id": "c", "clue": clue, "pattern": "n?d?r"}])
    assert [o["id"] for o in out] == ["a", "b", "c"]
    assert all(o["error"] is None for o in out)
    assert out[0]["candidates"][0]["answer"] == "NADIR" and out[2]["candidates"][0]["answer"] == "NADIR"
    shown = [c["answer"].replace(" ", "") for c in out[1]["candidates"]]  # AIM AT: written as the lexicon spells it
    assert shown and all(a[1] == "I" and a[3] == "A" for a in shown)


# ---------------------------------------------------------------- output files and resuming

ROWS = [{"id": "a", "clue": "Lowest point in ruptured drain (5)"}, {"id": "b", "clue": "Tea for the boy (4)"}, "{broken", {"id": "a", "clue": "Quiet sheep (4)"}, {"id": "c"}]


def write_rows(path, rows) -> str:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def unsolved(_function, tasks):
    """An engine that reports each line without solving it (no index needed)."""
    return (json.dumps({"id": line[0], "candidates": [], "seconds": 0, "error": line[3] or "unsolved"}) for line, _, _ in tasks)


def engine_is(monkeypatch, fake) -> None:
    monkeypatch.setattr(batch, "engine", lambda *args: contextlib.nullcontext(fake))


def test_resuming_writes_each_id_once_after_an_interrupted_run(tmp_path, monkeypatch):
    src, out = write_rows(tmp_path / "in.jsonl", ROWS), str(tmp_path / "out.jsonl")

    def interrupted(function, tasks):
        for k, line in enumerate(unsolved(function, tasks)):
            if k == 2:
                raise KeyboardInterrupt
            yield line

    engine_is(monkeypatch, interrupted)
    with pytest.raises(KeyboardInterrupt):
        batch.solve_batch(src, top=3, timeout=1.0, out=out)
    with open(out, "ab") as f:
        f.write(b'{"id": "line-3", "candi')  # a line torn by a killed process
    assert [json.loads(line)["id"] for line in open(out).read().splitlines()[:2]] == ["a", "b"]
    engine_is(monkeypatch, unsolved)
    assert batch.solve_batch(src, top=3, timeout=1.0, out=out, resume=True) == 0
    text = open(out).read()
    assert text.endswith("\n") and [json.loads(line)["id"] for line in text.splitlines()] == ["a", "b", "line-3", "a", "c"]
    assert batch.solve_batch(src, top=3, timeout=1.0, out=out, resume=True) == 0 and open(out).read() == text  # nothing left to do


def test_an_output_file_is_never_overwritten_and_only_cryptic_output_is_resumed(tmp_path, capsys):
    from cryptic.cli import main

    src = write_rows(tmp_path / "in.jsonl", ROWS)
    used = tmp_path / "used.jsonl"
    used.write_text('{"id": "x", "candidates": []}\n')
    other = tmp_path / "other.txt"
    other.write_text("some notes\n")
    for args, message in [
        (["--out", str(used)], "add --resume"),
        (["--out", str(other), "--resume"], "line 1 is not an output line"),
        (["--resume"], "--resume needs --out"),
        (["--cluster", "local:0"], "1 to 1024 workers"),
        (["--cluster", "tcp://no such host"], "expected local:N"),
        (["--cluster", "local:2", "--jobs", "2"], "not both"),
    ]:  # fmt: skip
        assert main(["solve", "--jsonl", src, *args]) == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1
    assert used.read_text() == '{"id": "x", "candidates": []}\n' and other.read_text() == "some notes\n"
    fresh = tmp_path / "fresh.jsonl"
    for args, message in [(["--jsonl", str(tmp_path / "missing.jsonl")], "cannot read"), (["--jsonl", src, "--cluster", "a:b:c"], "expected local:N")]:
        assert main(["solve", *args, "--out", str(fresh)]) == 2 and message in capsys.readouterr().err
        assert not fresh.exists()  # refused before the output file was made


def test_not_written_skips_an_id_as_often_as_it_was_written():
    lines = [("a", "x", None, None), ("b", "y", None, None), ("a", "z", None, None), ("a", "w", None, None)]
    written = batch.collections.Counter({json.dumps("a"): 2})
    assert [line[1] for line in batch.not_written(lines, written)] == ["y", "w"]


# ---------------------------------------------------------------- on a Dask cluster


def comparable(text: str) -> list[dict]:
    rows = [json.loads(line) for line in text.splitlines()]
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


@pytest.mark.slow
def test_a_local_cluster_gives_the_plain_batch_lines_and_loses_none_when_a_worker_dies(tmp_path, capsys):
    pytest.importorskip("distributed")
    from cryptic import thesaurus
    from cryptic.cluster import on_cluster

    rows = [{"id": f"c{k}", "clue": clue} for k, clue in enumerate(["Lowest point in ruptured drain (5)", "Tea for the boy (4)", "Quiet sheep (4)", "Worker in pants (3)", "Returned beer in the French container (4)"] * 2)]
    src = write_rows(tmp_path / "in.jsonl", [*rows, "{broken"])
    assert batch.solve_batch(src, top=2, timeout=120.0, jobs=1) == 0
    plain = capsys.readouterr().out
    assert len(plain.splitlines()) == 11 and json.loads(plain.splitlines()[0])["candidates"][0]["answer"] == "NADIR"
    assert batch.solve_batch(src, top=2, timeout=120.0, cluster="local:2") == 0
    assert comparable(capsys.readouterr().out) == comparable(plain)

    marker = str(tmp_path / "died")

    def dying(task):
        """Kill the worker process the first time it is given clue c6."""
        import os

        if task[0][0] == "c6" and not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(1)
        return batch.solve_line(task)

    with on_cluster("local:2", thesaurus.warm) as apply:
        lines = list(apply(dying, ((line, 2, 120.0) for line in batch.read_lines(src))))
    assert (tmp_path / "died").exists() and comparable("\n".join(lines)) == comparable(plain)
