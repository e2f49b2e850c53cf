"""taskloop lowering: clauses not implemented yet are precise errors at the
pragma, and the lowered IR is a ``taskloop`` builtin call."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = """int main(void) {{
    long s = 0;
#pragma omp taskloop {clause}
    for (int i = 0; i < 10; i++)
        s += i;
    return (int)s;
}}
"""


@pytest.mark.parametrize(
    ("clause", "message"),
    [
        (
            "reduction(+: s) nogroup",
            "'nogroup' clause must not be used together with 'reduction' clause",
        ),
        ("grainsize(loose: 2)", "'loose' undeclared (first use in this function)"),
        ("collapse(2)", "not enough perfectly nested loops before"),
        ("lastprivate(i)", "'i' undeclared (first use in this function)"),
    ],
)
def test_taskloop_errors(tmp_path: Path, clause: str, message: str) -> None:
    src = tmp_path / "t.c"
    src.write_text(PROGRAM.format(clause=clause))
    proc = subprocess.run(
        [sys.executable, "-m", "inspirec", "emit", str(src)], capture_output=True, text=True
    )
    assert proc.returncode == 1
    assert f"{src}:{5 if 'nested' in message else 3}:" in proc.stderr
    assert "error:" in proc.stderr and message in proc.stderr


def test_taskloop_emits_range(tmp_path: Path) -> None:
    src = tmp_path / "t.c"
    src.write_text(PROGRAM.format(clause="grainsize(strict: 4) nogroup"))
    proc = subprocess.run(
        [sys.executable, "-m", "inspirec", "emit", str(src)], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "inspire_range(" in proc.stdout and "INSPIRE" not in proc.stderr
