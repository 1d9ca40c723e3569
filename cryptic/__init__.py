"""cryptic: a cryptic crossword clue parser and solver.

The pipeline, one module a stage:
clue text (parse) -> parse forest (forest) -> evaluation (wordplay) -> ranking (solve) -> grid (grid, puzzle).

The functions below are the library's public API; each loads what it needs on first use
(the thesaurus index is built once, on the first call that needs it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from importlib.metadata import PackageNotFoundError, version

from cryptic.tuning import PUZZLE_TIMEOUT

try:
    __version__ = version("cryptic-crossword")
except PackageNotFoundError:  # a checkout that was not installed
    __version__ = "0.2.0"

__all__ = ["solve", "explain", "parses", "fill", "solve_puzzle", "__version__"]


def solve(text: str, pattern: str | None = None, timeout: float = 10.0, top: int = 5) -> list:
    """The best answers to a clue with its enumeration, best first (`cryptic.rank.Solution`:
    `.display`, `.score`, `.verified`, `.explanation`). `pattern` gives known letters ("N?D?R").

    >>> best = solve("Lowest point in ruptured drain (5)")[0]
    >>> best.display, best.verified
    ('NADIR', True)
    >>> solve("Lowest point in ruptured drain (5)", pattern="?I?A?")[0].display
    'DINAR'
    """
    from cryptic.parse import parse_clue
    from cryptic.rank import solve as solve_clue

    return solve_clue(parse_clue(text), pattern, timeout=timeout).solutions[:top]


def explain(text: str, top: int = 1, timeout: float = 10.0) -> str:
    """The derivation tree of each of a clue's best answers, drawn.

    >>> print(explain("Lowest point in ruptured drain (5)"))
    NADIR  (score 1.00, verified)
      definition: "Lowest point"
      link: "in"
      wordplay: NADIR  ← anagram ("ruptured") of "drain"
    """
    from cryptic.parse import parse_clue
    from cryptic.rank import explain_solutions

    return explain_solutions(parse_clue(text), top=top, timeout=timeout)


def parses(text: str, limit: int = 10, timeout: float = 10.0) -> list:
    """A clue's readings (`cryptic.nodes.Parse`), cheapest first, lengths checked against the
    thesaurus; `cryptic.show.show_parse` writes one on a line.

    >>> from cryptic.show import show_parse
    >>> show_parse(parses("Lowest point in ruptured drain (5)", limit=1)[0])
    'def "Lowest point" | link "in" | anagram ("ruptured") of "drain"'
    """
    import itertools
    import time

    from cryptic.forest import Cut
    from cryptic.forest import parses as readings
    from cryptic.parse import parse_clue
    from cryptic.thesaurus import leaf_bounds

    out: list = []
    try:
        out.extend(itertools.islice(readings(parse_clue(text), leaf_bounds, time.monotonic() + timeout), limit))
    except Cut:
        pass  # the time ran out: the readings found so far
    return out


def fill(grid: str, words: Iterable[str] | Mapping[str, float], strategy: str = "auto", seed: int = 0, timeout: float = 30.0) -> tuple[str, ...] | None:
    """A grid (rows of '#' block, '.' open, A-Z seeded) filled from a word list (words, or
    word -> score): its rows, or None when no fill was found in time.

    >>> fill("#..\\n...\\n..#", ["as", "art", "so", "pro", "pa", "at", "tea", "it"])
    ('#AS', 'PRO', 'AT#')
    >>> fill("#..\\n...\\n..#", ["at", "to"]) is None
    True
    """
    from cryptic import grid as G
    from cryptic import search

    g = G.read_grid(grid)
    scored = dict(words) if isinstance(words, Mapping) else {w: 1.0 for w in words}
    scored = {"".join(ch for ch in w.upper() if ch.isalpha()): s for w, s in scored.items()}
    outcome = search.fill(g, scored, strategy, seed, timeout)
    return G.filled_rows(g, outcome.words) if outcome.status == "filled" else None


def solve_puzzle(path: str, timeout: float = PUZZLE_TIMEOUT, min_confidence: float = 0.0) -> tuple[list[str], list]:
    """A whole puzzle (Guardian JSON, .puz or .ipuz) solved: the grid's rows ('.' for a cell
    left open) and each clue with its answer (`cryptic.puzzle.Answer`, or None).

    >>> rows, answers = solve_puzzle("tests/data/frame.json", timeout=30)  # run from the project root
    >>> rows[0], answers[0][1].letters
    ('ASTER', 'ASTER')
    """
    from cryptic import puzzle, puzzle_files

    p = puzzle_files.read_puzzle(path)
    letters, answers = puzzle.solve_puzzle(p, timeout=timeout, min_confidence=min_confidence)
    return puzzle_files.grid_rows(p, letters), answers
