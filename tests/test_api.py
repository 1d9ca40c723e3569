"""The public API stays callable: a submodule's import never hides a function of the same name."""

from __future__ import annotations

import importlib
import pkgutil

import cryptic


def test_no_submodule_shares_a_name_with_the_api():
    modules = {m.name for m in pkgutil.iter_modules(cryptic.__path__)}
    assert not modules & set(cryptic.__all__)
    for name in modules - {"__main__"}:
        importlib.import_module(f"cryptic.{name}")
    assert all(callable(getattr(cryptic, name)) for name in cryptic.__all__ if name != "__version__")
