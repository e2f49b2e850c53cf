"""The public Python API: the compiler's stages chained.

* :func:`compile_c` - C files to a verified IR program;
* :func:`emit_c` - C files to C (source to source);
* :func:`build` - C files to an executable.

Errors in the user's input raise :class:`frontend.CompileError` (C
diagnostics) or :class:`backend.CCompilerError` (the C compiler failed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import backend
import frontend
from analyses import RuntimeConfig
from backend import CCOptions
from inspire import Program


def compile_c(
    paths: Sequence[str],
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    undefines: Sequence[str] = (),
    log: frontend.DiagnosticLog | None = None,
) -> Program:
    """Preprocess, parse and lower C files (one program) to IR."""
    return frontend.parse_program(list(paths), include_dirs, defines, undefines, log=log)


def emit_c(
    paths: Sequence[str],
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    undefines: Sequence[str] = (),
    log: frontend.DiagnosticLog | None = None,
) -> str:
    """The C translation unit inspirec generates for C files."""
    return backend.emit_c(compile_c(paths, include_dirs, defines, undefines, log))


def build(
    paths: Sequence[str],
    output: str,
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    undefines: Sequence[str] = (),
    cc: CCOptions | None = None,
    log: frontend.DiagnosticLog | None = None,
    verbose: Callable[[str], None] | None = None,
) -> str | None:
    """Compile C files to the executable ``output``; returns the kept temp dir, if any."""
    program = compile_c(paths, include_dirs, defines, undefines, log)
    config = RuntimeConfig()
    c_text = backend.emit_c(program, config)
    runtime = config if backend.uses_runtime(program) else None
    return backend.compile_c_text(c_text, output, cc or CCOptions(), log=verbose, runtime=runtime)
