"""Tree nodes: values with no behaviour, and every operation over them exhaustive."""

from __future__ import annotations

import ast
import dataclasses
import pickle
import typing
from pathlib import Path

import pytest
from hypothesis import given
from shared import trees

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
        given = [f.name for f in dataclasses.fields(kind) if f.init]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(kind(*[() for _ in given]), given[0], ())


@given(trees())
def test_a_nodes_kept_hash_is_its_values_hash_and_no_part_of_its_value(node):
    twin = pickle.loads(pickle.dumps(node))  # built afresh, as another process would
    assert twin == node and twin._hash is None
    assert hash(node) == hash(twin) == hash(node)  # kept once worked out, the same every time
    assert repr(node) == repr(twin) and "_hash" not in repr(node)
    assert pickle.loads(pickle.dumps(node))._hash is None  # never sent to another process
