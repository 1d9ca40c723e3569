"""Caches that live for one clue: memoised operations over a clue's trees, whose nodes hold
its words, so no other clue meets them again. Each is registered where it is declared, and
`forget` empties them all between clues, so that a long batch keeps its memory flat."""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import TypeVar

from cryptic.tuning import FULL_COLLECTION_EVERY

F = TypeVar("F", bound=Callable)
_PER_CLUE: list = []  # every per-clue cache, in the order declared


def per_clue(maxsize: int) -> Callable[[F], F]:
    """`functools.lru_cache(maxsize)`, emptied with the others by `forget`.

    >>> @per_clue(maxsize=10)
    ... def double(n): return 2 * n
    >>> double(4), double.cache_info().currsize
    (8, 1)
    >>> forget(); double.cache_info().currsize
    0
    """

    def register(function: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _PER_CLUE.append(cached)
        return cached  # type: ignore[return-value]

    return register


def forget() -> None:
    """Empty every per-clue cache."""
    for cached in _PER_CLUE:
        cached.cache_clear()


def rarer_full_collections() -> None:
    """Make the cyclic garbage collector's full collections rarer (a process-wide setting,
    which the commands make, not an import): each scans every live object, the loaded tables
    and the long-lived caches among them, and the solver makes few cycles."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)
