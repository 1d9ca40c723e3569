"""Doctests that need the compiled thesaurus are slow tests too (`pytest -m "not slow"` skips them)."""

import pytest
from _pytest.doctest import DoctestItem

# Public helpers whose examples solve clues or puzzles (they build the index on first use).
NEEDS_INDEX = frozenset(("cryptic.solve", "cryptic.explain", "cryptic.parses", "cryptic.solve_puzzle"))


def pytest_collection_modifyitems(items):
    for item in items:
        if isinstance(item, DoctestItem) and item.name in NEEDS_INDEX:
            item.add_marker(pytest.mark.slow)
