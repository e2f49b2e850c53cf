"""backend: IR to C, and building executables from it.

Public API: :func:`emit_unit` (IR program + runtime configuration ->
:class:`CUnit`, the stage result), :func:`emit_c` and :func:`uses_runtime`
(its parts), :func:`build_executable` (CUnit -> executable),
:class:`CCOptions`, :class:`CCompilerError`.
"""

from inspirec.backend.compile import CCompilerError, CCOptions, build_executable
from inspirec.backend.emit_c import emit_c, uses_runtime
from inspirec.backend.unit import CUnit, emit_unit

__all__ = [
    "CCOptions",
    "CCompilerError",
    "CUnit",
    "build_executable",
    "emit_c",
    "emit_unit",
    "uses_runtime",
]
