"""Every strict visitor handles every node kind: a new kind breaks each one that forgets it.

Add a strict visitor of the project (the printer, the verifier, the C emitter,
the CFG builder, the free-variable walk, ...) to :data:`STRICT_VISITORS`.
Each case runs in a fresh interpreter, because registering a node kind is
permanent for the process.
"""

import importlib
import subprocess
import sys

import pytest
from inspirec.inspire.visitor import StrictVisitor

#: (module, class) of every strict visitor the project relies on.
STRICT_VISITORS = [
    ("inspirec.inspire.printer", "Printer"),
    ("inspirec.inspire.verifier", "_Verifier"),
    ("inspirec.inspire.lambdas", "_FreeVariables"),
    ("inspirec.analyses.cfg", "_Builder"),
    ("inspirec.backend.emit_c", "CEmitter"),
]

DUMMY_KIND = """
import importlib, sys
module = importlib.import_module(sys.argv[1])
visitor = getattr(module, sys.argv[2])
from inspirec.inspire import nodes as n

@n.node_class
class DummyKind(n.Expr):
    type: n.Type = n.child(n.Type)

for step, attempt in (
    ("instantiate", lambda: visitor.__new__(visitor)),
    ("import", lambda: importlib.reload(module)),
):
    try:
        attempt()
    except TypeError as err:
        print(step, "refused:", err)
    else:
        print(step, "accepted")
"""


@pytest.mark.parametrize(("module", "name"), STRICT_VISITORS)
def test_is_a_complete_strict_visitor(module, name):
    visitor = getattr(importlib.import_module(module), name)
    assert issubclass(visitor, StrictVisitor)
    assert not visitor.__dict__.get("__abstract__", False)


@pytest.mark.parametrize(("module", "name"), STRICT_VISITORS)
def test_refuses_a_node_kind_it_does_not_handle(module, name):
    run = subprocess.run(
        [sys.executable, "-c", DUMMY_KIND, module, name],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        f"instantiate refused: {name} does not handle node kinds: DummyKind",
        f"import refused: {name} does not handle node kinds: DummyKind",
    ]
