"""Parse counts by clue length: the table's laws, the plot, and the same figures on every engine."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from cryptic.cli import main
from cryptic.parse import parse_clue
from cryptic.stats import by_length, measure, plot_counts, slope, table
from cryptic.trees import plain_bounds

rows = st.lists(st.tuples(st.integers(1, 12), st.integers(1, 10**9), st.integers(1, 10**6), st.integers(0, 10**6)), min_size=1, max_size=40)


@given(rows)
def test_the_table_has_one_line_per_clue_length_counting_every_clue(rs):
    lines = table(rs).splitlines()
    body = lines[1 : 1 + len(by_length(rs))]
    assert [int(line.split()[0]) for line in body] == sorted({r[0] for r in rs})
    assert sum(int(line.split()[1]) for line in body) == len(rs)


@given(st.lists(st.floats(-100, 100), min_size=2, max_size=20), st.floats(-5, 5), st.floats(-5, 5))
def test_the_slope_of_a_straight_line_is_its_gradient(xs, a, b):
    if max(xs) - min(xs) > 1:
        assert abs(slope(xs, [a * x + b for x in xs]) - a) < 1e-6


def test_canonical_readings_are_fewer_than_naive_ones_and_the_filter_keeps_fewer_still():
    words, naive, canonical, filtered = measure(parse_clue("Lowest point in ruptured drain (5)"), plain_bounds)
    assert words == 5 and naive > canonical >= filtered > 0


def test_the_plot_is_a_png(tmp_path):
    path = tmp_path / "counts.png"
    plot_counts([(3, 10, 5, 2), (4, 40, 9, 3), (5, 160, 15, 4)], str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_counting_in_processes_gives_the_same_table(tmp_path, capsys):
    corpus = tmp_path / "c.jsonl"
    clues = ["Lowest point in ruptured drain (5)", "Tea for the boy (4)", "Quiet sheep (4)", "Returned beer in the French container (4)", "Worker in pants (3)"]
    corpus.write_text("".join(json.dumps({"clue": c}) + "\n" for c in clues))
    assert main(["stats", str(corpus)]) == 0
    one = capsys.readouterr().out
    assert main(["stats", str(corpus), "--jobs", "2"]) == 0
    assert capsys.readouterr().out == one and len(one.splitlines()) >= 4
