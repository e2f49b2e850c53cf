"""Translation units that are preprocessed now and lowered later, together.

Separate compilation (``inspirec-cc -c``) preprocesses each ``.c`` file with
its own ``-I/-D/-U`` options; the link step lowers every unit of the program
at once, because lowering needs the whole program (non-recursive callees are
embedded at their call sites, recursion is found across files).  The text of
a unit (:attr:`PreprocessedFile.text`, with its line markers) is all the link
step needs: :func:`unit_from_text` rebuilds the unit from it.  A unit is
also lowered alone when it is compiled (:func:`check_unit`), for its errors,
which also gives the external symbols it defines and references
(:mod:`frontend.linkage`: the link step takes a static library's member
only when the program needs it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from inspirec.frontend.cparse import parse_preprocessed
from inspirec.frontend.diagnostics import CompileError, DiagnosticLog, error
from inspirec.frontend.linkage import UnitSymbols
from inspirec.frontend.linkage import unit_symbols as ast_symbols
from inspirec.frontend.lower import check_files, lower_files
from inspirec.frontend.preprocess import (
    PreprocessedFile,
    _scan_line_markers,
    bundled_marker_files,
    preprocess,
    relocate_bundled_markers,
    with_unit_target,
)
from inspirec.inspire import nodes as n

__all__ = [
    "PreprocessedFile",
    "UnitSymbols",
    "bundled_marker_files",
    "check_unit",
    "lower_units",
    "preprocess",
    "unit_from_text",
    "unit_symbols",
    "with_unit_target",
]


def unit_from_text(
    path: str, text: str, bundled: Mapping[str, str] | None = None
) -> PreprocessedFile:
    """The unit of the ``.c`` file ``path`` whose preprocessed text is
    ``text``; ``bundled``: the bundled headers its line markers name, as
    the installation of inspirec that preprocessed it gave them
    (:func:`bundled_marker_files`), renamed to this installation's headers
    where they differ (:func:`~frontend.preprocess.relocate_bundled_markers`)."""
    if bundled:
        text = relocate_bundled_markers(text, bundled)
    return PreprocessedFile(path, text, _scan_line_markers(path, text), ())


def check_unit(unit: PreprocessedFile, log: DiagnosticLog | None = None) -> UnitSymbols:
    """Parse and lower ``unit`` alone: raise :class:`CompileError` for what
    either finds wrong (a syntax error, an undeclared name, a type error);
    its warnings go to ``log``.  (The lowering of the whole program gives
    them again.)  Gives the unit's external symbols."""
    found = DiagnosticLog()
    try:
        ast = parse_preprocessed(unit, found)
        check_files([ast], [unit.origins], found)
    finally:
        if log is not None:
            log.extend(found.warnings)
    return ast_symbols(ast)


def unit_symbols(unit: PreprocessedFile) -> UnitSymbols:
    """The external symbols ``unit`` defines and references (it is parsed,
    not checked: :func:`check_unit` gives them with its checks)."""
    return ast_symbols(parse_preprocessed(unit, DiagnosticLog()))


def lower_units(units: Sequence[PreprocessedFile], log: DiagnosticLog | None = None) -> n.Program:
    """Parse and lower preprocessed units (one program) to a verified IR program,
    as :func:`frontend.parse_program` does after preprocessing."""
    log = log if log is not None else DiagnosticLog()
    if not units:
        raise CompileError([error("no input files")])
    for unit in units:
        log.extend(unit.warnings)
    asts = [parse_preprocessed(unit, log) for unit in units]
    return lower_files(asts, [unit.origins for unit in units], log)
