"""The emitted C is the same bytes under any ``PYTHONHASHSEED``.

Each seed runs in its own interpreter (the seed is fixed at start-up), which
emits the programs and prints their C; the outputs must be identical.
``globals_static`` hoists static locals into globals (their order once
followed set iteration); the parallel programs exercise jobs, closures,
serial clones and converted threads.
"""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

PROGRAMS = ["seq/globals_static", "par/fib_cutoff", "par/serial_frames", "par/pthread_mixed"]
SEEDS = ("0", "1", "3", "7", "12345")

_EMIT = """
import sys
from inspirec.frontend import parse_program
from inspirec import backend
for group in sys.argv[1:]:
    sys.stdout.write(backend.emit_c(parse_program(group.split("\\0"))))
    sys.stdout.write("\\f\\n")
"""


def emit_with_seed(seed: str) -> str:
    sources = ["\0".join(str(s) for s in corpus.get(p).sources) for p in PROGRAMS]
    env = {**os.environ, "PYTHONHASHSEED": seed}
    proc = subprocess.run(
        [sys.executable, "-c", _EMIT, *sources],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_emit_is_independent_of_the_hash_seed():
    outputs = {seed: emit_with_seed(seed) for seed in SEEDS}
    first = outputs[SEEDS[0]]
    assert first.count("\f\n") == len(PROGRAMS)
    for seed, text in outputs.items():
        assert text == first, f"PYTHONHASHSEED={seed} emits different C"
