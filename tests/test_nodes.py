"""Tree nodes: values with no behaviour, and every operation over them exhaustive."""

from __future__ import annotations

import ast
import dataclasses
import typing
from pathlib import Path

import pytest

from cryptic import nodes

PACKAGE = Path(nodes.__file__).parent


def node_matches():
    """Every `match node:` in the package, with where it is."""
    for path in sorted(PACKAGE.glob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef):
                for m in ast.walk(fn):
                    if isinstance(m, ast.Match) and isinstance(m.subject, ast.Name) and m.subject.id == "node":
                        yield f"{path.name}:{fn.name}", m


def ends_in_assert_never(m: ast.Match) -> bool:
    last = m.cases[-1]
    call = last.body[0].value if last.body and isinstance(last.body[0], ast.Expr) else None
    return isinstance(last.pattern, ast.MatchAs) and last.pattern.pattern is None and isinstance(call, ast.Call) and getattr(call.func, "id", "") == "assert_never"


def test_there_are_operations_over_trees_and_each_match_ends_in_assert_never():
    found = list(node_matches())
    assert len(found) >= 15
    assert [where for where, m in found if not ends_in_assert_never(m)] == []


def test_every_node_type_is_a_frozen_dataclass():
    for kind in typing.get_args(nodes.Node):
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(kind(*[() for _ in dataclasses.fields(kind)]), dataclasses.fields(kind)[0].name, ())
