"""The bind-var ICV (omp_get_proc_bind) answers as gcc's build does, outside
and inside a region, for OMP_PROC_BIND values and lists and OMP_PLACES (the
serial-only build outside regions)."""

import shutil
import subprocess
import sys

import pytest

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
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed")
    d = tmp_path_factory.mktemp("proc_bind")
    src = d / "bind.c"
    src.write_text(PROGRAM)
    subprocess.run(["gcc", "-fopenmp", str(src), "-o", str(d / "gcc")], check=True)
    for name, extra in (("inspirec", []), ("serial", ["--serial"])):
        subprocess.run(
            [sys.executable, "-m", "inspirec", "build", *extra, str(src), "-o", str(d / name)],
            check=True, capture_output=True, timeout=300,
        )  # fmt: skip
    return d


@pytest.mark.parametrize(
    "env", ENVIRONMENTS, ids=lambda e: ",".join(f"{k}={v}" for k, v in e.items())
)
def test_omp_get_proc_bind_answers_as_gcc(binaries, env):
    def run(name):
        clean = {"PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": "2", "INSPIRE_NUM_WORKERS": "2"}
        return subprocess.run(
            [str(binaries / name)], env={**clean, **env}, capture_output=True, text=True, timeout=60
        ).stdout

    expected = run("gcc")
    assert run("inspirec") == expected
    # The serial-only build answers outside regions; inside one its
    # omp_get_level() is still 0 (the serial runtime does not count levels).
    assert run("serial").split()[0] == expected.split()[0]
