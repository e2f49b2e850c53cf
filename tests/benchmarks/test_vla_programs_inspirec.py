"""The benchmarks that use variably modified types (pointers to VLA rows),
built by ``inspirec build`` with the bench driver: they verify at 1 and 2
workers and print the checksum of their serial gcc build."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "benchmarks"
COMMON = BENCH / "common"
PROGRAMS = ["sparselu_single", "sparselu_for"]
GCC = shutil.which("gcc")

pytestmark = pytest.mark.skipif(GCC is None, reason="gcc not installed")


def _fields(out: str) -> dict[str, str]:
    fields = {}
    for line in out.splitlines():
        key, sep, value = line.partition(": ")
        if sep:
            fields[key] = value
    return fields


def _run(exe: Path, env: dict[str, str]) -> dict[str, str]:
    res = subprocess.run(
        [str(exe), "-s", "test", "-c"], capture_output=True, text=True, timeout=120, env=env
    )
    assert res.returncode == 0, res.stdout + res.stderr
    return _fields(res.stdout)


@pytest.mark.parametrize("name", PROGRAMS)
def test_inspirec_build_verifies(name: str, tmp_path: Path) -> None:
    sources = [str(BENCH / name / f"{name}.c"), str(COMMON / "driver.c")]
    exe = tmp_path / name
    cmd = [sys.executable, "-m", "inspirec", "build", f"-I{COMMON}", *sources, "-o", str(exe)]
    res = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, check=False)
    assert res.returncode == 0, res.stderr
    serial = tmp_path / f"{name}_serial"
    gcc = [GCC, "-O2", "-Wno-unknown-pragmas", f"-I{COMMON}", *sources, "-lm", "-o", str(serial)]
    subprocess.run(gcc, check=True, capture_output=True)
    expected = _run(serial, dict(os.environ))["Checksum"]
    for workers in ("1", "2"):
        fields = _run(exe, dict(os.environ, INSPIRE_NUM_WORKERS=workers))
        assert fields["Verification"] == "successful", f"{name} at {workers} workers"
        assert fields["Checksum"] == expected
