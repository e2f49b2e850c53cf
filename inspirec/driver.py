"""The public Python API: the compiler's stages, each returning a typed result.

Stages (each takes the previous one's result):

* :func:`lower_c` - C files -> a verified IR :class:`~inspire.Program`;
* :func:`optimize` - Program -> :class:`Optimized`: the passes of
  :mod:`inspirec.passes` (synchronization coalescing unless
  ``coalesce=False``), then the analyses and the parameter policy
  ``tuning`` (``full`` by default, ``paper``, ``classify`` or ``none``) with explicit
  ``params`` overrides on top (``{"queue_size": 64}``; values as
  ``--param`` takes them, e.g. ``"64K"`` for byte sizes);
* :func:`emit` - Optimized -> :class:`backend.CUnit`: the C text together
  with the runtime configuration it was emitted for and whether it needs
  the runtime, so the configuration flows one way into the build; with
  ``serial=True`` the program's serial clones only (every task runs at once,
  regions with a team of one, no runtime: ``inspirec build --serial``);
* :func:`backend.build_executable` - CUnit -> executable.

Whole-pipeline shortcuts: :func:`analyze` (C -> :class:`analyses.Analysis`),
:func:`translate_c` (C -> CUnit) and :func:`build` (C -> executable).  Every
function takes ``trace``, called with a line per stage (``inspirec -v``).

Errors in the user's input raise :class:`frontend.CompileError` (C
diagnostics, also for unusable input files), :class:`backend.CCompilerError`
(the C compiler or the linker failed) or ValueError (an unknown tuning or a
bad parameter, with the valid choices).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from inspirec import backend, frontend
from inspirec.analyses import TUNINGS, Analysis, analyze_program, parse_param
from inspirec.backend import CCOptions, CUnit
from inspirec.inputs import check_inputs, check_output
from inspirec.inspire import Program
from inspirec.passes import DEFAULT_PIPELINE, run_passes

Params = Mapping[str, int | str]
Trace = Callable[[str], None]


@dataclass(frozen=True)
class CppOptions:
    """Preprocessor options, as gcc's ``-I``, ``-D`` and ``-U`` (applied in
    that order), the ``-O`` level the program is compiled at (None: none),
    which defines ``__OPTIMIZE__`` as in gcc, and the C compiler's ``-m``
    options (``-mavx2``), which select the instruction set and its macros."""

    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    undefines: tuple[str, ...] = ()
    optimize: str | None = None
    target: tuple[str, ...] = ()


class Optimized(NamedTuple):
    """The program after the IR passes, and its analysis (with the pass decisions)."""

    program: Program
    analysis: Analysis


@dataclass(frozen=True)
class Executable:
    """A built program: where it is, the unit it was built from, and the temporary
    directory that was kept (``keep_temps``), if any."""

    path: str
    unit: CUnit
    kept_temps: str | None


def _say(trace: Trace | None, text: str) -> None:
    if trace is not None:
        trace(text)


def lower_c(
    paths: Sequence[str],
    cpp: CppOptions = CppOptions(),
    log: frontend.DiagnosticLog | None = None,
    trace: Trace | None = None,
) -> Program:
    """Preprocess, parse and lower C files (one program) to IR."""
    check_inputs(paths)
    _say(trace, f"frontend: {' '.join(paths)}")
    return frontend.parse_program(
        list(paths), cpp.include_dirs, cpp.defines, cpp.undefines, log=log,
        optimize=cpp.optimize, target=cpp.target,
    )  # fmt: skip


def checked_params(params: Params | None) -> dict[str, int | str]:
    """``params`` validated and normalised (``"64K"`` -> 65536); ValueError otherwise."""
    out: dict[str, int | str] = {}
    for name, value in (params or {}).items():
        key, parsed = parse_param(f"{name}={value}")
        out[key] = parsed
    return out


def optimize(
    program: Program,
    tuning: str = "full",
    params: Params | None = None,
    coalesce: bool = True,
    verify: bool | None = None,
    trace: Trace | None = None,
    hybrid: bool = True,
    context_stacks: bool = True,
) -> Optimized:
    """Run the IR passes (verified after each when ``verify``, see
    :func:`inspirec.passes.run_passes`; ``coalesce``/``hybrid`` false leave that
    pass out), analyse, choose the runtime parameters (``context_stacks`` false:
    one stack need for every work item, see :mod:`analyses.context_stacks`)."""
    if tuning not in TUNINGS:
        raise ValueError(f"unknown tuning '{tuning}' (valid: {', '.join(TUNINGS)})")
    overrides = checked_params(params)
    off = {"coalesce": not coalesce, "hybrid": not hybrid}
    pipeline = tuple(name for name in DEFAULT_PIPELINE if not off.get(name, False))
    if not pipeline:
        _say(trace, "passes: none")
    program, runs = run_passes(program, pipeline, verify, trace)
    decisions = {r.name: r.decisions for r in runs}
    _say(trace, f"analyses: --tuning {tuning}")
    analysis = analyze_program(
        program,
        tuning,
        overrides,
        decisions.get("coalesce", ()),
        decisions.get("hybrid", ()),
        context_stacks,
    )
    for d in analysis.hybrid:
        verdict = "converted to a range job" if d.applied else "not converted"
        _say(trace, f"{d.location}: {d.function}: {verdict}: {d.reason}")
    for d in analysis.coalescing:
        verdict = "coalesced" if d.applied else "not coalesced"
        _say(trace, f"{d.location}: {d.function}: {verdict}: {d.reason}")
    settings = ", ".join(f"{k}={v}" for k, v in analysis.choice.config.values().items())
    _say(trace, f"runtime parameters: {settings}")
    return Optimized(program, analysis)


def emit(
    optimized: Optimized, name: str = "program", trace: Trace | None = None, serial: bool = False
) -> CUnit:
    """The C unit of an optimized program, for the runtime configuration its analysis
    chose; ``serial``: its serial-only unit (no runtime, see :mod:`backend.emit_c`)."""
    _say(trace, "backend: emitting serial-only C" if serial else "backend: emitting C")
    analysis = optimized.analysis
    return backend.emit_unit(
        optimized.program, analysis.choice.config, name, serial, analysis.job_stacks
    )


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
    cpp = CppOptions(tuple(include_dirs), tuple(defines), tuple(undefines))
    return optimize(lower_c(paths, cpp, log), tuning, params, coalesce).analysis


def translate_c(
    paths: Sequence[str],
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    undefines: Sequence[str] = (),
    tuning: str = "full",
    params: Params | None = None,
    coalesce: bool = True,
    log: frontend.DiagnosticLog | None = None,
) -> CUnit:
    """The C unit inspirec generates for C files (``.text`` is the C source)."""
    cpp = CppOptions(tuple(include_dirs), tuple(defines), tuple(undefines))
    return emit(optimize(lower_c(paths, cpp, log), tuning, params, coalesce))


def program_name(paths: Sequence[str]) -> str:
    """The name of the emitted C file of a program (its first input's stem)."""
    return os.path.splitext(os.path.basename(paths[0]))[0] if paths else "program"


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
    trace: Trace | None = None,
    link_inputs: Sequence[str] = (),
    verify: bool | None = None,
    serial: bool = False,
    hybrid: bool = True,
    context_stacks: bool = True,
) -> Executable:
    """Compile C files to the executable ``output`` (linked with ``link_inputs``);
    ``serial``: the serial-only program (see :func:`emit`)."""
    check_output(output, [*paths, *link_inputs])
    cc = cc or CCOptions()
    target = tuple(flag for flag in cc.extra if flag.startswith("-m"))
    cpp = CppOptions(tuple(include_dirs), tuple(defines), tuple(undefines), cc.optimize, target)
    program = lower_c(paths, cpp, log, trace)
    optimized = optimize(program, tuning, params, coalesce, verify, trace, hybrid, context_stacks)
    unit = emit(optimized, program_name(paths), trace, serial)
    return link(unit, output, cc, link_inputs, trace)


def link(
    unit: CUnit,
    output: str,
    cc: CCOptions,
    link_inputs: Sequence[str] = (),
    trace: Trace | None = None,
) -> Executable:
    """Build ``unit`` into the executable ``output`` (see :func:`backend.build_executable`)."""
    log = None if trace is None else (lambda cmd: trace(f"cc: {cmd}"))
    kept = backend.build_executable(unit, output, cc, link_inputs, log=log)
    return Executable(output, unit, kept)
