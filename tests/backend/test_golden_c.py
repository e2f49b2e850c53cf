"""Golden emitted C: a few programs emit exactly their ``golden/*.emitted.c``.

The emitted C is meant to be read; these files show what a change to the
emitter (or to the IR it is given) does to it.  Regenerate with
``python -m pytest tests/backend/test_golden_c.py --update-golden`` and read
every diff before committing.
"""

from pathlib import Path

import pytest
from inspirec.analyses import RuntimeConfig
from inspirec.frontend import parse_program

from inspirec import backend

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"

#: name -> source: tasks with serial clones, converted threads, expressions.
PROGRAMS = {
    "fib": REPO / "examples" / "fib.c",
    "pthread_sum": REPO / "examples" / "pthread_sum.c",
    "precedence": REPO / "tests" / "corpus" / "seq" / "precedence.c",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_emitted_c_matches_golden(name, request):
    program = parse_program([str(PROGRAMS[name])])
    text = backend.emit_c(program, RuntimeConfig())
    golden = GOLDEN / f"{name}.emitted.c"
    if request.config.getoption("--update-golden"):
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(text)
    assert golden.exists(), f"missing {golden.name}: run with --update-golden"
    assert text == golden.read_text()
