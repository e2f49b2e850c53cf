"""The bind-var ICV (omp_get_proc_bind) answers as gcc's build does, outside
and inside a region, for OMP_PROC_BIND values and lists and OMP_PLACES, in
the normal and the serial-only build.

The helpers :func:`build_variants` and :func:`run_variant` (one program built
by ``gcc -fopenmp``, by inspirec and by ``inspirec build --serial``, then run
under a given environment) serve the other differential tests of the OpenMP
environment (``test_places.py``)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

#: The builds of a program: gcc's reference and inspirec's two.
VARIANTS = ("gcc", "inspirec", "serial")

#: The environment every run starts from (nothing else is inherited, so the
#: caller's OMP_* variables cannot change an answer).
CLEAN_ENV = {"PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": "2", "INSPIRE_NUM_WORKERS": "2"}


def build_variants(directory: Path, source: str) -> Path:
    """Writes ``source`` to ``directory`` and builds each of :data:`VARIANTS`
    there (skips the test when gcc is missing); returns ``directory``."""
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed")
    src = directory / "prog.c"
    src.write_text(source)
    subprocess.run(["gcc", "-fopenmp", str(src), "-o", str(directory / "gcc")], check=True)
    for name, extra in (("inspirec", []), ("serial", ["--serial"])):
        out = str(directory / name)
        subprocess.run(
            [sys.executable, "-m", "inspirec", "build", *extra, str(src), "-o", out],
            check=True, capture_output=True, timeout=300,
        )  # fmt: skip
    return directory


def run_variant(
    directory: Path, name: str, env: dict[str, str], args: tuple[str, ...] = ()
) -> subprocess.CompletedProcess:
    """Runs build ``name`` of :func:`build_variants` with ``args`` under
    :data:`CLEAN_ENV` updated by ``env``; the completed process (text)."""
    return subprocess.run(
        [str(directory / name), *args],
        env={**CLEAN_ENV, **env}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


PROGRAM = """#include <omp.h>
#include <stdio.h>
int main(void) {
    printf("%d", (int)omp_get_proc_bind());
    #pragma omp parallel num_threads(2)
    #pragma omp single
    printf(" %d", (int)omp_get_proc_bind());
    printf("\\n");
    return 0;
}
"""

ENVIRONMENTS = [
    {},
    {"OMP_PROC_BIND": "true"},
    {"OMP_PROC_BIND": "spread,close"},
    {"OMP_PROC_BIND": "close,Spread,primary"},
    {"OMP_PROC_BIND": "master"},
    {"OMP_PLACES": "cores"},
    {"OMP_PROC_BIND": "close", "OMP_PLACES": "cores"},
    {"OMP_PROC_BIND": "false"},
]


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    return build_variants(tmp_path_factory.mktemp("proc_bind"), PROGRAM)


@pytest.mark.parametrize(
    "env", ENVIRONMENTS, ids=lambda e: ",".join(f"{k}={v}" for k, v in e.items())
)
def test_omp_get_proc_bind_answers_as_gcc(binaries, env):
    expected = run_variant(binaries, "gcc", env).stdout
    assert run_variant(binaries, "inspirec", env).stdout == expected
    # The serial-only build runs the region with a team of one, at level 1
    # all the same, so inside it bind-var is the list's second element too.
    assert run_variant(binaries, "serial", env).stdout == expected
