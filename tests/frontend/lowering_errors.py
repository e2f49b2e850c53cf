"""The error the frontend reports for a C source, and gcc's, as the OpenMP
tests read them (test folders are not packages: the tests of this folder
import it by name)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend import CompileError, parse_program

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import corpus


def lowering_error(tmp_path: Path, source: str) -> str:
    """The text of the error ``parse_program`` raises for ``source`` (written
    to ``tmp_path/t.c``), with that folder shown as ``T``; fails the test if
    the source lowers."""
    src = tmp_path / "t.c"
    src.write_text(source)
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    return str(info.value).replace(str(tmp_path), "T")


def first_error_in_main(tmp_path: Path, body: str) -> str:
    """The first line of the error for ``body`` inside ``main`` (with a local
    ``int a``); the body's first line is line 3."""
    source = f"int main(void) {{\n  int a = 0;\n{body}\n  return a;\n}}\n"
    return lowering_error(tmp_path, source).splitlines()[0]


def gcc_first_diagnostic(tmp_path: Path, source: str) -> str | None:
    """gcc -fopenmp's first error or warning for ``source`` (folder shown as
    ``T``, typographic quotes as ASCII), None without gcc."""
    if shutil.which("gcc") is None:
        return None
    src = tmp_path / "t.c"
    src.write_text(source)
    lines = gcc_diagnostics(src)
    return lines[0].replace(str(tmp_path), "T") if lines else ""


def gcc_diagnostics(src: Path) -> list[str]:
    """gcc -fopenmp's errors and warnings for the file ``src``, as lines
    (typographic quotes as ASCII); the caller checks that gcc is installed."""
    proc = subprocess.run(
        ["gcc", "-fopenmp", "-c", str(src), "-o", "/dev/null"],
        capture_output=True,
        text=True,
        timeout=corpus.BUILD_TIMEOUT,
        check=False,
    )
    lines = [x for x in proc.stderr.splitlines() if re.search(r": (error|warning): ", x)]
    return [x.replace("\u2018", "'").replace("\u2019", "'") for x in lines]
