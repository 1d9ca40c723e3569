"""Hand-set numbers live in cryptic/tuning.py, each used and none defined twice."""

from __future__ import annotations

import ast
from pathlib import Path

from cryptic import tuning

PACKAGE = Path(tuning.__file__).parent
FACTS = {"MAX_LETTERS"}  # the longest answer: a fact about crosswords, not a setting (nodes.py)


def numeric(value: ast.expr) -> bool:
    match value:
        case ast.Constant(value=v):
            return isinstance(v, int | float) and not isinstance(v, bool)
        case ast.UnaryOp(operand=v):
            return numeric(v)
        case ast.BinOp(left=a, right=b):
            return numeric(a) and numeric(b)
    return False


def modules():
    return [p for p in sorted(PACKAGE.rglob("*.py")) if p.name != "tuning.py"]


def test_no_module_but_tuning_sets_a_number_of_its_own():
    own = [
        f"{p.relative_to(PACKAGE)}:{s.targets[0].id}"
        for p in modules()
        for s in ast.parse(p.read_text(encoding="utf-8")).body
        if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name) and s.targets[0].id.isupper() and numeric(s.value) and s.targets[0].id not in FACTS
    ]
    assert own == []


def test_every_tuning_number_is_used_and_explained():
    source = Path(tuning.__file__).read_text(encoding="utf-8")
    names = [s.targets[0].id for s in ast.parse(source).body if isinstance(s, ast.Assign)]
    assert len(names) > 50 and len(set(names)) == len(names)
    used = " ".join(p.read_text(encoding="utf-8") for p in modules())
    assert [n for n in names if f" {n}" not in used and f"({n}" not in used] == []
    lines = source.splitlines()
    unexplained = [n for n in names for k, line in enumerate(lines) if line.startswith(f"{n} = ") and "#" not in line and not lines[k - 1].startswith("#") and not lines[k - 1].split(" = ")[0].isupper()]
    assert unexplained == []
