"""What the command line prints does not depend on ``PYTHONHASHSEED``: the IR
after the passes and the analysis report, for programs whose lowering once
followed set order (hoisted statics) and a parallel program with threads
converted to tasks.  (The emitted C and the first error have their own tests:
tests/backend/test_emit_determinism.py, tests/frontend/test_first_error.py.)"""

from pathlib import Path

import pytest
from inspirec_cli import run

REPO = Path(__file__).resolve().parents[2]
PROGRAMS = ("tests/corpus/seq/globals_static.c", "tests/corpus/par/pthread_mixed.c")
SEEDS = ("0", "1", "4242")


def _cli(seed: str, *args: str) -> str:
    proc = run(*args, timeout=300, cwd=REPO, env={"PYTHONHASHSEED": seed})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("program", PROGRAMS)
@pytest.mark.parametrize("command", [("emit", "--emit=ir"), ("analyze", "--json")])
def test_output_is_independent_of_the_hash_seed(program, command):
    outputs = {seed: _cli(seed, *command, program) for seed in SEEDS}
    first = outputs[SEEDS[0]]
    assert first
    for seed, text in outputs.items():
        assert text == first, f"PYTHONHASHSEED={seed}: {' '.join(command)} {program} differs"
