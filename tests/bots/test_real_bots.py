"""The real Barcelona OpenMP Tasks Suite: every kernel, unmodified, builds with
``inspirec build`` (all its files and BOTS' common files as one program, the
way ../shared/bots/ORIGIN.md builds it with gcc) and verifies itself (``-c``)
at a small input with 1, 2 and 4 workers.

Where BOTS is and the small runs: ``bots_suite.py``; without BOTS the tests
are skipped and say where they looked.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bots_suite import BOTS, KERNELS, REPO, arguments, missing, verified

#: Run in every suite (together well under a minute): the kernels that need one
#: type per header tag across files (alignment: FILE in two files) and composite
#: array types across files (uts: ``extern char bots_resources[]``).
QUICK = ("alignment/alignment_for", "uts")
WORKERS = (1, 2, 4)
#: Compile-time definitions BOTS' build system normally supplies.
INFO = ["CDATE", "CC", "LD", "CMESSAGE", "LDFLAGS", "CFLAGS"]


def build_command(kernel: str, out: Path) -> list[str]:
    """``inspirec build`` of ``kernel`` as one program, like ORIGIN.md's gcc command."""
    src = BOTS / "omp-tasks" / kernel
    common = BOTS / "common"
    return [
        sys.executable,
        "-m",
        "inspirec",
        "build",
        "-O2",
        "-I",
        str(common),
        "-I",
        str(src),
        *(f'-D{name}="{kernel}"' for name in INFO),
        *sorted(str(p) for p in src.glob("*.c")),
        str(common / "bots_main.c"),
        str(common / "bots_common.c"),
        "-l",
        "m",
        "-o",
        str(out),
    ]


@pytest.mark.parametrize(
    "kernel", [k if k in QUICK else pytest.param(k, marks=pytest.mark.slow) for k in KERNELS]
)
def test_bots_kernel_builds_and_verifies(kernel, tmp_path):
    if missing():
        pytest.skip(missing())
    exe = tmp_path / kernel.split("/")[-1]
    built = subprocess.run(build_command(kernel, exe), capture_output=True, text=True, cwd=REPO)
    assert built.returncode == 0, built.stdout + built.stderr
    args = arguments(kernel, tmp_path)
    for workers in WORKERS:
        env = dict(os.environ, INSPIRE_NUM_WORKERS=str(workers))
        run = subprocess.run(
            [str(exe), *args], capture_output=True, text=True, env=env, timeout=120
        )
        report = f"{workers} workers:\n{run.stdout}{run.stderr}"
        assert run.returncode == 0, report
        assert verified(run.stdout), report
