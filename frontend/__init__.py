"""frontend: C preprocessing against bundled headers, parsing, and lowering C to the IR.

Public API:

* :func:`parse_program` (paths, include_dirs, defines, undefines) -> IR program;
* :class:`CompileError` / :class:`Diagnostic` / :class:`DiagnosticLog`:
  gcc-style diagnostics (``file:line:col: error: ...``).
"""

from frontend.diagnostics import CompileError, Diagnostic, DiagnosticLog
from frontend.lower import parse_program

__all__ = ["CompileError", "Diagnostic", "DiagnosticLog", "parse_program"]
