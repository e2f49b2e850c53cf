"""The public Python API: the compiler's stages chained.

* :func:`compile_c` - C files to a verified IR program;
* :func:`analyze` - C files to the task analyses and the chosen runtime
  parameters (:class:`analyses.Analysis`);
* :func:`emit_c` - C files to C (source to source);
* :func:`build` - C files to an executable.

The middle of the pipeline is :func:`optimize`: synchronization coalescing
(unless ``coalesce=False``), then the analyses and the parameter policy
``tuning`` (``full`` by default, ``classify`` or ``none``) with explicit
``params`` overrides on top (``{"queue_size": 64}``; values as ``--param``
takes them, e.g. ``"64K"`` for byte sizes).

Errors in the user's input raise :class:`frontend.CompileError` (C
diagnostics), :class:`backend.CCompilerError` (the C compiler failed) or
ValueError (an unknown tuning or a bad parameter, with the valid choices).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from inspirec import backend, frontend
from inspirec.analyses import TUNINGS, Analysis, analyze_program, coalesce, parse_param
from inspirec.backend import CCOptions
from inspirec.inspire import Program

Params = Mapping[str, int | str]


def compile_c(
    paths: Sequence[str],
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    undefines: Sequence[str] = (),
    log: frontend.DiagnosticLog | None = None,
) -> Program:
    """Preprocess, parse and lower C files (one program) to IR."""
    return frontend.parse_program(list(paths), include_dirs, defines, undefines, log=log)


def checked_params(params: Params | None) -> dict[str, int | str]:
    """``params`` validated and normalised (``"64K"`` -> 65536); ValueError otherwise."""
    out: dict[str, int | str] = {}
    for name, value in (params or {}).items():
        key, parsed = parse_param(f"{name}={value}")
        out[key] = parsed
    return out


def optimize(
    program: Program, tuning: str = "full", params: Params | None = None, coalesce_sync=True
) -> tuple[Program, Analysis]:
    """Coalesce synchronization (optionally), analyse, choose the runtime parameters."""
    if tuning not in TUNINGS:
        raise ValueError(f"unknown tuning '{tuning}' (valid: {', '.join(TUNINGS)})")
    overrides = checked_params(params)
    decisions = ()
    if coalesce_sync:
        program, decisions = coalesce(program)
    return program, analyze_program(program, tuning, overrides, decisions)


def analyze(
    paths: Sequence[str],
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    undefines: Sequence[str] = (),
    tuning: str = "full",
    params: Params | None = None,
    coalesce: bool = True,
    log: frontend.DiagnosticLog | None = None,
) -> Analysis:
    """The task analyses of C files and the runtime parameters ``tuning`` chooses."""
    program = compile_c(paths, include_dirs, defines, undefines, log)
    return optimize(program, tuning, params, coalesce)[1]


def emit_c(
    paths: Sequence[str],
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    undefines: Sequence[str] = (),
    tuning: str = "full",
    params: Params | None = None,
    coalesce: bool = True,
    log: frontend.DiagnosticLog | None = None,
) -> str:
    """The C translation unit inspirec generates for C files."""
    program = compile_c(paths, include_dirs, defines, undefines, log)
    program, analysis = optimize(program, tuning, params, coalesce)
    return backend.emit_c(program, analysis.choice.config)


def build(
    paths: Sequence[str],
    output: str,
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    undefines: Sequence[str] = (),
    tuning: str = "full",
    params: Params | None = None,
    coalesce: bool = True,
    cc: CCOptions | None = None,
    log: frontend.DiagnosticLog | None = None,
    verbose: Callable[[str], None] | None = None,
) -> str | None:
    """Compile C files to the executable ``output``; returns the kept temp dir, if any."""
    program = compile_c(paths, include_dirs, defines, undefines, log)
    program, analysis = optimize(program, tuning, params, coalesce)
    config = analysis.choice.config
    c_text = backend.emit_c(program, config)
    runtime = config if backend.uses_runtime(program) else None
    return backend.compile_c_text(c_text, output, cc or CCOptions(), log=verbose, runtime=runtime)
