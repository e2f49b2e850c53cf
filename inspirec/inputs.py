"""The files a command reads and writes: C inputs that can be read, an
output that does not overwrite an input (light: ``inspirec-cc -c`` uses it
without importing the analyses and the backend)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from inspirec import frontend

__all__ = ["check_inputs", "check_output", "input_problem"]


def input_problem(path: str) -> frontend.Diagnostic | None:
    """Why ``path`` cannot be a C input (missing, a directory, unreadable or binary), or None.

    Binary input is recognised by its first NUL byte, which the diagnostic
    points at (``file:line:col``); nothing after it is read.
    """
    if os.path.isdir(path):
        return frontend.Diagnostic("error", "is a directory, not a C source file", path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return frontend.Diagnostic("error", "no such file", path)
    except OSError as err:
        return frontend.Diagnostic("error", f"cannot read: {err.strerror or err}", path)
    nul = data.find(b"\0")
    if nul < 0:
        return None
    line = data.count(b"\n", 0, nul) + 1
    col = nul - (data.rfind(b"\n", 0, nul) + 1) + 1
    return frontend.Diagnostic(
        "error", "binary input (a NUL byte), not a C source file", path, line, col
    )


def check_inputs(paths: Sequence[str]) -> None:
    """Raise :class:`frontend.CompileError` for every unusable input (see :func:`input_problem`)."""
    problems = [d for d in map(input_problem, paths) if d is not None]
    if problems:
        raise frontend.CompileError(problems)


def check_output(output: str, inputs: Sequence[str]) -> None:
    """Raise :class:`frontend.CompileError` if writing ``output`` would overwrite an input."""
    for path in inputs:
        same = os.path.exists(output) and os.path.exists(path) and os.path.samefile(output, path)
        if same or os.path.abspath(output) == os.path.abspath(path):
            message = f"input file '{path}' is the same as the output file"
            raise frontend.CompileError([frontend.Diagnostic("error", message)])
