"""The batch contract: ids and order kept, an optional crossing-letter pattern, errors on their own lines."""

from __future__ import annotations

import json

import pytest

from cryptic import batch


def lines(tmp_path, rows) -> list[dict]:
    path = tmp_path / "in.jsonl"
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return [json.loads(batch.solve_line((line, 3, 5.0))) for line in batch.read_lines(str(path))]


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
    assert out[1]["candidates"] and all(c["answer"][1] == "I" and c["answer"][3] == "A" for c in out[1]["candidates"])
