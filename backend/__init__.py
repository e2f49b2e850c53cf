"""backend: IR to C, and invoking the C compiler.

Public API: :func:`emit_c` (IR program -> C text), :class:`CCOptions`,
:func:`compile_c_text`, :class:`CCompilerError`.
"""

from inspirec.backend.compile import CCompilerError, CCOptions, compile_c_text
from inspirec.backend.emit_c import emit_c, uses_runtime

__all__ = ["CCOptions", "CCompilerError", "compile_c_text", "emit_c", "uses_runtime"]
