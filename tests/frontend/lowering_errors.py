"""The error the frontend reports for a C source, as the OpenMP tests read it
(test folders are not packages: the tests of this folder import it by name)."""

from pathlib import Path

import pytest
from inspirec.frontend import CompileError, parse_program


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
