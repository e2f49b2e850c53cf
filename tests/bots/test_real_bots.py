"""The real Barcelona OpenMP Tasks Suite: every kernel, unmodified, builds with
``inspirec build`` (all its files and BOTS' common files as one program, the
way ../shared/bots/ORIGIN.md builds it with gcc) and verifies itself (``-c``)
at a small input with 1, 2 and 4 workers.

BOTS is found through ``INSPIREC_BOTS`` (the folder holding ``common/``,
``omp-tasks/`` and ``inputs/``), by default ``../shared/bots`` beside the
checkout; without it the tests are skipped and say where they looked.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BOTS = Path(os.environ.get("INSPIREC_BOTS") or REPO.parent / "shared" / "bots")

#: uts' own inputs are millions of nodes; this tree (root branching factor 100,
#: otherwise the parameters of inputs/uts/tiny.input) has 160691 nodes,
#: the count gcc -fopenmp's build reports and the kernel checks.
UTS_INPUT = "100 0.333332 3 8 1 160691 1 1\n"

#: Every kernel (variants one folder deeper) with the arguments of a small run;
#: ``{inputs}`` is BOTS' input folder, ``{tmp}`` the test's temporary folder.
KERNELS = {
    "alignment/alignment_for": ["-f", "{inputs}/alignment/prot.20.aa"],
    "alignment/alignment_single": ["-f", "{inputs}/alignment/prot.20.aa"],
    "concom": ["-n", "1000", "-m", "10", "-l", "2000"],
    "fft": ["-n", "4096"],
    "fib": ["-n", "15"],
    "floorplan": ["-f", "{inputs}/floorplan/input.5"],
    "health": ["-f", "{inputs}/health/test.input"],
    "knapsack": ["-f", "{inputs}/knapsack/knapsack-012.input"],
    "nqueens": ["-n", "6"],
    "sort": ["-n", "20000"],
    "sparselu/sparselu_for": ["-n", "8", "-m", "8"],
    "sparselu/sparselu_single": ["-n", "8", "-m", "8"],
    "strassen": ["-n", "128"],
    "uts": ["-f", "{tmp}/uts.input"],
}
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
    if not (BOTS / "omp-tasks").is_dir():
        pytest.skip(f"BOTS is not at {BOTS} (set INSPIREC_BOTS to its folder)")
    exe = tmp_path / kernel.split("/")[-1]
    built = subprocess.run(build_command(kernel, exe), capture_output=True, text=True, cwd=REPO)
    assert built.returncode == 0, built.stdout + built.stderr
    (tmp_path / "uts.input").write_text(UTS_INPUT)
    args = [a.format(inputs=BOTS / "inputs", tmp=tmp_path) for a in KERNELS[kernel]]
    for workers in WORKERS:
        env = dict(os.environ, INSPIRE_NUM_WORKERS=str(workers))
        run = subprocess.run(
            [str(exe), *args, "-c"], capture_output=True, text=True, env=env, timeout=120
        )
        report = f"{workers} workers:\n{run.stdout}{run.stderr}"
        assert run.returncode == 0, report
        verdicts = [line for line in run.stdout.splitlines() if line.startswith("Verification")]
        assert len(verdicts) == 1 and verdicts[0].split("=")[1].strip() == "successful", report
