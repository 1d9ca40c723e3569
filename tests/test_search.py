"""Filling grids: every strategy fills, proves no fill where there is none, keeps seeded letters, and weighted mode picks the best consistent fill."""

from __future__ import annotations

import itertools
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared import BRITISH

from cryptic.cli import main
from cryptic.grid import check_fill, filled_rows, read_grid, slots
from cryptic.search import dense, fill, prefix_tree, weighted_fill

# Grids and word lists written for this project.
SQUARE = "...\n...\n..."


WORDS3 = ["CAT", "ORE", "WET", "COW", "ARE", "TET", "BAT", "ONE", "TEN", "BOT", "ANE"]


def as_dict(words):
    return {w: 50.0 for w in words}


@pytest.mark.parametrize("strategy", ["dfs", "backjump", "minlook", "mac", "rows", "auto"])
def test_every_strategy_fills_a_small_square(strategy):
    g = read_grid(SQUARE)
    out = fill(g, as_dict(WORDS3), strategy, seed=1, timeout=10)
    assert out.status == "filled"
    assert check_fill(g, filled_rows(g, out.words), WORDS3) == []


def walk(tree, word):
    """The trie's node after the word's letters."""
    for ch in word:
        tree = tree.kids[ord(ch) - 65]
    return tree


@given(st.lists(st.text(alphabet="ABCDE", min_size=4, max_size=4), min_size=1, max_size=30, unique=True))
def test_prefix_tree_holds_exactly_its_words(words):
    tree = prefix_tree(sorted(words))
    assert all(walk(tree, w).word == w for w in words)
    for w in words:  # every letter of every word is among the letters said to be possible there
        for depth in range(4):
            node = walk(tree, w[:depth])
            assert all(node.below[j] >> (ord(w[depth + j]) - 65) & 1 for j in range(4 - depth))
    assert round(tree.log_count, 9) == round(math.log(len(words)), 9)


def test_reading_order_search_fills_lights_no_across_light_checks():
    g = read_grid(BRITISH)  # columns 1, 3, 5 of rows 2 and 4 are checked by a down light only
    words = ["ARENA", "RATIO", "EXACT", "AGREE", "EXTRA", "ABOUT", "CRANE", "OPERA", "TIGER", "ROBES"]
    for seed in range(3):
        out = fill(g, as_dict(words), "rows", seed, 10)
        assert out.status == "filled"
        assert check_fill(g, filled_rows(g, out.words), words) == []
    assert fill(g, as_dict(words[1:]), "rows", 0, 10).status == "impossible"


def test_dense_grids_go_to_the_reading_order_search():
    assert dense(slots(read_grid("......\n" * 6)))
    assert dense(slots(read_grid(".......\n" * 3 + "...#...\n" + ".......\n" * 3)))
    assert not dense(slots(read_grid(BRITISH)))  # cells checked once
    assert not dense(slots(read_grid("...\n...\n...")))  # short lights: arc consistency is quick


@pytest.mark.parametrize("strategy", ["auto", "rows"])
def test_seeded_letters_are_kept(strategy):
    g = read_grid("C..\n...\n...")
    out = fill(g, as_dict(WORDS3), strategy, 0, 10)
    assert out.status == "filled" and filled_rows(g, out.words)[0][0] == "C"


def test_no_fill_is_proved():
    g = read_grid(SQUARE)
    out = fill(g, as_dict(["CAT", "DOG", "EMU"]), "auto", 0, 10)
    assert out.status == "impossible"


def brute_force(g, words):
    ss = slots(g)
    by_len = {n: [w for w in words if len(w) == n] for n in {len(s.cells) for s in ss}}
    for choice in itertools.product(*(by_len[len(s.cells)] for s in ss)):
        if len(set(choice)) < len(choice):
            continue
        cells = {}
        ok = True
        for s, w in zip(ss, choice):
            for cell, ch in zip(s.cells, w):
                if cells.setdefault(cell, ch) != ch:
                    ok = False
        if ok:
            return True
    return False


# Includes cells checked by one light only (row 2 of the third grid, the middle column of the last).
small_grids = st.sampled_from(["...\n...", "..\n..", "...\n.#.\n...", "#..\n...\n..#", "..\n..\n..", ".#.\n...\n.#."])


@settings(max_examples=60, deadline=None)
@given(small_grids, st.lists(st.text(alphabet="ABCE", min_size=2, max_size=3), min_size=1, max_size=9, unique=True), st.sampled_from(["dfs", "backjump", "rows", "auto"]))
def test_unfillable_verdicts_agree_with_brute_force(text, words, strategy):
    g = read_grid(text)
    out = fill(g, as_dict(words), strategy, 0, 20)
    assert out.status in ("filled", "impossible")
    if out.status == "filled":
        assert check_fill(g, filled_rows(g, out.words), words) == []
    assert (out.status == "filled") == brute_force(g, words)


def run(args, capsys):
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_fill_command_outputs(tmp_path, capsys):
    grid = tmp_path / "g.txt"
    grid.write_text(SQUARE)
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS3))
    png = tmp_path / "g.png"
    code, out, _ = run(["fill", str(grid), "--wordlist", str(words), "--json", "--png", str(png)], capsys)
    assert code == 0
    result = json.loads(out)
    assert result["status"] == "filled" and len(result["grid"]) == 3 and png.stat().st_size > 100
    words.write_text("CAT\nDOG\n")
    code, _, err = run(["fill", str(grid), "--wordlist", str(words)], capsys)
    assert code == 1 and "no fill exists" in err
    grid.write_text("...\n..\n")
    code, _, err = run(["fill", str(grid), "--wordlist", str(words)], capsys)
    assert code == 2 and "row has 2 cells" in err and "Traceback" not in err


def test_weighted_fill_gives_up_a_strong_answer_for_two_that_cross_it():
    across, down1, down2 = ((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0)), ((0, 2), (1, 2), (2, 2))
    pools = [[("CAT", 0.9), ("DOG", 0.5)], [("DIM", 0.6), ("COW", 0.1)], [("GAP", 0.6), ("TOP", 0.1)]]
    # CAT alone scores 0.9 + 0.1 + 0.1; DOG with DIM and GAP scores 1.7.
    assert weighted_fill([across, down1, down2], pools, deadline=math.inf) == {0: 1, 1: 0, 2: 0}
    # Above 0.55 only CAT, DIM and GAP may be used: the two crossing answers beat CAT.
    assert weighted_fill([across, down1, down2], pools, deadline=math.inf, floor=0.55) == {1: 0, 2: 0}
    # With no search steps at all, the local search makes the same trade: greedily, CAT goes
    # in first (1.1 with COW and TOP); putting DOG in and refilling its crossers scores 1.7.
    assert weighted_fill([across, down1, down2], pools, deadline=math.inf, max_steps=0) == {0: 1, 1: 0, 2: 0}


def fill_total(lights, pools, chosen):
    """The total score of a choice, or None when it breaks a crossing or repeats a word."""
    letters, words = {}, []
    for k, v in chosen.items():
        word = pools[k][v][0]
        words.append(word)
        for cell, ch in zip(lights[k], word):
            if letters.setdefault(cell, ch) != ch:
                return None
    return sum(pools[k][v][1] for k, v in chosen.items()) if len(set(words)) == len(words) else None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_weighted_fill_is_consistent_and_best(data):
    g = read_grid(data.draw(small_grids))
    lights = [s.cells for s in slots(g)]
    pools = []
    for cells in lights:
        words = data.draw(st.lists(st.text(alphabet="ABC", min_size=len(cells), max_size=len(cells)), max_size=3, unique=True))
        scores = data.draw(st.lists(st.integers(1, 9), min_size=len(words), max_size=len(words)))
        pools.append(sorted(zip(words, [x / 10 for x in scores]), key=lambda ws: -ws[1]))
    chosen = weighted_fill(lights, pools, deadline=math.inf)
    total = fill_total(lights, pools, chosen)
    assert total is not None  # crossings agree, no word twice
    options = [[None, *range(len(p))] for p in pools]  # brute force: every choice, open lights too
    best = max(t for combo in itertools.product(*options) if (t := fill_total(lights, pools, {k: v for k, v in enumerate(combo) if v is not None})) is not None)
    assert math.isclose(total, best)
    quick = fill_total(lights, pools, weighted_fill(lights, pools, deadline=math.inf, max_steps=data.draw(st.integers(0, 20))))
    assert quick is not None and quick <= best + 1e-9  # a search cut short still gives a consistent fill
