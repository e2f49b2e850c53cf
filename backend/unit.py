"""The backend's stage result: one emitted C translation unit (:class:`CUnit`).

The configuration travels with the text it was emitted for, so whoever
builds the unit compiles the runtime with the same macros the text defines
(the runtime's link-time configuration symbol would catch a mismatch, but
only at link time).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from inspirec.analyses import RuntimeConfig
from inspirec.backend.emit_c import emit_c, has_simd_hints, uses_runtime
from inspirec.inspire import Program
from inspirec.inspire.nodes import BindExpr


@dataclass(frozen=True)
class CUnit:
    """An emitted C translation unit.

    ``text`` defines ``config``'s macros when ``needs_runtime`` (the program
    has jobs or OpenMP calls); then it must be linked with the runtime
    compiled with the same ``config``.  ``name`` names the file the text is
    written to when it is compiled (``NAME.c``), so C compiler messages
    refer to the program.  ``simd_hints``: the text has ``#pragma omp simd``
    lines, which the C compiler honours with ``-fopenmp-simd``.
    ``strict_aliasing``: the C compiler may assume that lvalues of different
    types do not alias (not when a type of the program is GNU ``may_alias``:
    ``-fno-strict-aliasing``).
    """

    text: str
    config: RuntimeConfig = field(default_factory=RuntimeConfig)
    needs_runtime: bool = False
    name: str = "program"
    simd_hints: bool = False
    strict_aliasing: bool = True


def emit_unit(
    program: Program,
    config: RuntimeConfig,
    name: str = "program",
    serial_only: bool = False,
    job_stacks: Mapping[BindExpr, int] | None = None,
) -> CUnit:
    """``program`` as C for ``config`` (see :mod:`backend.emit_c`); ``serial_only``:
    its serial-only unit, which never needs the runtime; ``job_stacks``: the
    stack needs of jobs below ``config``'s (see :mod:`analyses.context_stacks`)."""
    needs_runtime = uses_runtime(program) and not serial_only
    text = emit_c(program, config, serial_only, job_stacks)
    return CUnit(text, config, needs_runtime, name, has_simd_hints(program), not program.may_alias)
