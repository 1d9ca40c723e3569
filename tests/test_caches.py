import gc

import pytest

from cryptic.caches import forget, per_clue, rarer_full_collections
from cryptic.cli import main
from cryptic.tuning import FULL_COLLECTION_EVERY


@pytest.fixture
def thresholds():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_a_per_clue_cache_is_emptied_between_clues():
    calls = []

    @per_clue(maxsize=8)
    def square(n):
        calls.append(n)
        return n * n

    assert square(3) == square(3) == 9 and calls == [3]
    forget()
    assert square(3) == 9 and calls == [3, 3]


def test_full_collections_are_made_rarer_and_the_young_ones_left_alone(thresholds):
    rarer_full_collections()
    assert gc.get_threshold() == (700, 10, FULL_COLLECTION_EVERY)


def test_every_command_makes_full_collections_rarer(thresholds, capsys):
    assert main(["parses", "Lowest point in ruptured drain (5)", "--count"]) == 0
    assert gc.get_threshold()[2] == FULL_COLLECTION_EVERY
