"""The modules of ``inspire`` form no import cycle.

Each module is imported first, in a fresh interpreter, without the package's
``__init__`` (which imports them all in one fixed order and would hide a
cycle): a module that needs a module importing it back fails there.  And no
module imports inside a function, the way to hide a cycle from that test.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

INSPIRE = Path(__file__).resolve().parents[2] / "inspire"
MODULES = sorted(p.stem for p in INSPIRE.glob("*.py") if p.stem != "__init__")

_IMPORT_ALONE = """
import importlib, importlib.util, sys
folder = sys.argv[1]
for name, where in (("inspirec", None), ("inspirec.inspire", folder)):
    spec = importlib.util.spec_from_file_location(
        name, f"{folder}/__init__.py", submodule_search_locations=[where] if where else []
    )
    sys.modules[name] = importlib.util.module_from_spec(spec)  # __init__ not run
importlib.import_module("inspirec.inspire." + sys.argv[2])
"""


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_alone(module):
    done = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALONE, str(INSPIRE), module],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("module", MODULES)
def test_no_import_inside_functions(module):
    tree = ast.parse((INSPIRE / f"{module}.py").read_text())
    late = [
        f"{module}.py:{inner.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for inner in ast.walk(node)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    ]
    assert not late, f"imports inside functions: {', '.join(late)}"


def test_vla_type_text_without_a_program():
    """``str`` of a type with a run-time extent writes the extent as the printer does."""
    from inspirec.inspire import types as t

    from inspirec import inspire

    n = inspire.Variable(t.INT8, "n")
    assert str(t.ref(t.vla(t.INT4, n))) == "ref<array<int<4>,[n]>>"
