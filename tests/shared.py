"""Helpers shared by several test files: hypothesis strategies for words and wordplay trees,
puzzle fixtures, a small word list."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import strategies as st

from cryptic.clues import Clue
from cryptic.forest import parses
from cryptic.nodes import (
    After, Alternate, Anagram, Concat, Container, FirstLetters, Insertion, LastLetters, Literal, Middle, Mixed,
    Outer, Reversal, Truncation,
)  # fmt: skip
from cryptic.parse import parse_clue

word = st.text(alphabet="ABCDEFGHIJKLMNOPRSTUVWY", min_size=1, max_size=7)


def trees(depth=2, leaves=word):
    leaf = st.builds(lambda w: Literal((w.lower(),)), leaves)
    if depth == 0:
        return leaf
    sub = trees(depth - 1, leaves)
    return st.one_of(
        leaf,
        st.builds(lambda w: Anagram(("mad",), (w.lower(),)), st.text(alphabet="ABEST", min_size=2, max_size=5)),
        st.builds(lambda w, t, less: Mixed(("mad",), (w.lower(),), t, less), st.text(alphabet="ABEST", min_size=4, max_size=5), sub, st.booleans()),
        st.builds(lambda t: Reversal(("back",), t), sub),
        st.builds(lambda a, b: Concat((a, b)), sub, sub),
        st.builds(lambda a, b: After(("after",), a, b), sub, sub),
        st.builds(lambda a, b: Insertion(("in",), a, b), sub, sub),
        st.builds(lambda a, b: Container(("about",), a, b), sub, sub),
        st.builds(lambda k, t: Truncation(k, ("cut",), t), st.sampled_from(["behead", "curtail", "trim", "gut", "half"]), sub),
        st.builds(lambda t: Middle(("heart",), t), sub),
        st.builds(lambda ws: Alternate(("oddly",), tuple(w.lower() for w in ws)), st.lists(word, min_size=1, max_size=2)),
        st.builds(lambda ws: FirstLetters(("heads",), tuple(w.lower() for w in ws)), st.lists(word, min_size=1, max_size=3)),
        st.builds(lambda ws: LastLetters(("ends",), tuple(w.lower() for w in ws)), st.lists(word, min_size=1, max_size=3)),
        st.builds(lambda ws: Outer(("edges",), tuple(w.lower() for w in ws)), st.lists(word, min_size=1, max_size=2)),
    )


FRAME = Path(__file__).parent / "data" / "frame.json"


def write(tmp_path, data, name="p.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def frame():
    return json.loads(FRAME.read_text())


PLAIN = {"1-across": "Michaelmas daisy (5)", "3-across": "Famous (5)", "1-down": "Stranger (5)", "2-down": "Appraised (5)"}


ACROSS = Clue(("1-across",), "", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))


def down(col: int) -> Clue:
    return Clue((f"{col + 1}-down",), "", ((0, col), (1, col), (2, col)))


BRITISH = """\
.....
.#.#.
.....
.#.#.
....."""


# Words for random small clues: ordinary words, indicators of several kinds, connectors.
VOCAB = ["cat", "sat", "upset", "back", "in", "and", "doctor", "first", "mostly", "without", "holding", "a", "heard"]


def spans(max_size=4, unique=False):
    """Random small spans. Counts are of derivations, which equal distinct trees when no word repeats."""
    return st.lists(st.sampled_from(VOCAB), min_size=1, max_size=max_size, unique=unique).map(tuple)


def parse_of(text):
    return list(parses(parse_clue(text), ceiling=3000))
