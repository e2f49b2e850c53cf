"""The real Barcelona OpenMP Tasks Suite as the tests use it: where it is, its
kernels with the arguments of a small run, and how a run says it verified.

BOTS is found through ``INSPIREC_BOTS`` (the folder holding ``common/``,
``omp-tasks/`` and ``inputs/``), by default ``../shared/bots`` beside the
checkout.  Imported by the tests of this folder and by ``tests/cc/``
(put this folder on ``sys.path``: test folders are not packages).
"""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BOTS = Path(os.environ.get("INSPIREC_BOTS") or REPO.parent / "shared" / "bots")

#: Every kernel (variants one folder deeper) with the arguments of a small run;
#: ``{inputs}`` is BOTS' input folder, ``{tmp}`` the run's temporary folder.
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

#: uts' own inputs are millions of nodes; this tree (root branching factor 100,
#: otherwise the parameters of inputs/uts/tiny.input) has 160691 nodes,
#: the count gcc -fopenmp's build reports and the kernel checks.
UTS_INPUT = "100 0.333332 3 8 1 160691 1 1\n"


def missing() -> str | None:
    """Why BOTS cannot be used here (a skip reason), or None."""
    if (BOTS / "omp-tasks").is_dir():
        return None
    return f"BOTS is not at {BOTS} (set INSPIREC_BOTS to its folder)"


def arguments(kernel: str, tmp: Path) -> list[str]:
    """The command-line arguments of a small verified run of ``kernel``
    (``-c``: BOTS checks its result); inputs it needs are written to ``tmp``."""
    (tmp / "uts.input").write_text(UTS_INPUT)
    return [a.format(inputs=BOTS / "inputs", tmp=tmp) for a in KERNELS[kernel]] + ["-c"]


def verified(stdout: str) -> bool:
    """Whether a run's output has exactly one verdict and it is successful."""
    verdicts = [line for line in stdout.splitlines() if line.startswith("Verification")]
    return len(verdicts) == 1 and verdicts[0].split("=")[1].strip() == "successful"
