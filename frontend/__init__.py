"""frontend: C preprocessing against bundled headers, parsing, and lowering C to the IR.

Public API:

* :func:`parse_program` (paths, include_dirs, defines, undefines) -> IR program;
* separate compilation: :func:`preprocess` one file, :func:`check_unit`
  (its errors, lowered alone), :func:`unit_from_text` to rebuild a unit from its text (with
  :func:`bundled_marker_files`, also in another installation;
  :func:`with_unit_target` for one compiled with ``-m`` options),
  :func:`lower_units` to lower the units of a program together
  (:mod:`frontend.units`); :func:`unit_symbols` (also given by
  :func:`check_unit`), the external symbols a unit defines and references
  (:mod:`frontend.linkage`);
* :class:`CompileError` / :class:`Diagnostic` / :class:`DiagnosticLog`:
  gcc-style diagnostics (``file:line:col: error: ...``);
* :data:`THREADS_TOPIC`: the notes saying why a thread create stays an OS
  thread are ``log.about(THREADS_TOPIC)`` of the log given to
  :func:`parse_program` (see :mod:`frontend.threads`).
"""

from inspirec.frontend.diagnostics import CompileError, Diagnostic, DiagnosticLog
from inspirec.frontend.lower import parse_program
from inspirec.frontend.threads import THREADS_TOPIC
from inspirec.frontend.units import (
    PreprocessedFile,
    UnitSymbols,
    bundled_marker_files,
    check_unit,
    lower_units,
    preprocess,
    unit_from_text,
    unit_symbols,
    with_unit_target,
)

__all__ = [
    "THREADS_TOPIC",
    "CompileError",
    "Diagnostic",
    "DiagnosticLog",
    "PreprocessedFile",
    "UnitSymbols",
    "bundled_marker_files",
    "check_unit",
    "lower_units",
    "parse_program",
    "preprocess",
    "unit_from_text",
    "unit_symbols",
    "with_unit_target",
]
