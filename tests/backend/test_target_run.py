"""Device constructs at run time, beyond what the corpus program
``par/omp_target`` compares with gcc: ``OMP_TARGET_OFFLOAD=mandatory`` ends
the program as libgomp does when a construct names a device that is not
the host (its ``device`` clause, or ``OMP_DEFAULT_DEVICE``), but not when
its ``if`` clause is false; the work-stealing runtime and the serial-only
build alike."""

import os
import subprocess

import pytest

from inspirec import backend, driver

PROGRAM = """#include <stdio.h>
#include <omp.h>
int main(int argc, char **argv) {
    int x = 0, device = argc > 1 ? 1 : 0;
#pragma omp target map(tofrom: x) if(argc < 3)
    x = 1;
#pragma omp target data map(x) device(device) if(argc < 4)
    x += 1;
    printf("x %d\\n", x);
    return 0;
}
"""


@pytest.fixture(scope="module", params=[False, True], ids=["runtime", "serial"])
def exe(request, tmp_path_factory):
    src = tmp_path_factory.mktemp("target") / "t.c"
    src.write_text(PROGRAM)
    out = src.with_suffix("")
    driver.build([str(src)], str(out), cc=backend.CCOptions(cc="gcc"), serial=request.param)
    return out


def run(exe, *args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, timeout=60, env={**environ, **env}
    )


@pytest.mark.parametrize(
    ("args", "env", "status"),
    [
        ((), {}, 0),
        (("device1",), {}, 0),  # no offload policy: the host runs it
        ((), {"OMP_TARGET_OFFLOAD": "mandatory"}, 0),  # device 0 is the host
        (("device1",), {"OMP_TARGET_OFFLOAD": " Mandatory "}, 1),
        (("device1",), {"OMP_TARGET_OFFLOAD": "disabled"}, 0),
        ((), {"OMP_TARGET_OFFLOAD": "mandatory", "OMP_DEFAULT_DEVICE": "1"}, 1),
    ],
)
def test_mandatory_offload_to_a_device_that_is_not_the_host_ends_the_program(
    exe, args, env, status
):
    proc = run(exe, *args, **env)
    assert proc.returncode == status, proc.stderr
    if status:
        assert "OMP_TARGET_OFFLOAD is set to MANDATORY, but device not found" in proc.stderr
        assert proc.stdout == ""
    else:
        assert proc.stdout == "x 2\n"


def test_a_false_if_clause_runs_the_construct_on_the_host_also_under_mandatory_offload(exe):
    env = {"OMP_TARGET_OFFLOAD": "mandatory", "OMP_DEFAULT_DEVICE": "1"}
    # three arguments: both if clauses false; two: the data construct's true (device 1)
    proc = run(exe, "a", "b", "c", **env)
    assert proc.returncode == 0 and proc.stdout == "x 2\n", proc.stderr
    assert run(exe, "a", "b", **env).returncode == 1
