"""Compiler diagnostics in GCC's format.

A :class:`Diagnostic` is an immutable value; ``str(d)`` renders it the way
GCC does::

    file:line:col: error: message
        12 |     int x = ;
           |             ^

The location degrades gracefully: ``file:line: error: ...`` without a column,
``file: error: ...`` without a line, and ``inspirec: error: ...`` without a
file.  The source excerpt is printed only when the diagnostic carries the
text of its line (columns count display positions: 1-based, tabs advance to
the next multiple of 8, as in GCC).

Every stage reports errors by raising :class:`CompileError` with one or more
diagnostics; the command line prints them and exits with status 1.  Warnings
and notes that do not stop compilation are gathered in a
:class:`DiagnosticLog`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

Severity = Literal["error", "warning", "note"]

PROGRAM = "inspirec"
"""Name printed in place of a file when a diagnostic has no location."""

TAB_STOP = 8


def expand_tabs(text: str) -> str:
    """``text`` with each tab replaced by spaces up to the next tab stop."""
    return text.expandtabs(TAB_STOP)


def display_column(text: str, index: int) -> int:
    """The 1-based display column of character ``index`` of the line ``text``."""
    return len(expand_tabs(text[:index])) + 1


def _visible(text: str, col: int | None) -> tuple[str, int | None]:
    """A source line as it may be shown on a terminal, and the display column
    ``col`` in it: control characters appear as ``<U+0001>``, as gcc shows
    them, never raw (the caret moves past the longer spelling before it)."""
    out: list[str] = []
    shift = 0
    for index, ch in enumerate(text):
        if ch < " " or ch == "\x7f":
            shown = f"<U+{ord(ch):04X}>"
            if col is not None and index < col - 1:
                shift += len(shown) - 1
            out.append(shown)
        else:
            out.append(ch)
    return "".join(out), None if col is None else col + shift


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One message about the program, with an optional source location.

    ``line`` and ``col`` are 1-based; ``col`` is a display column (see the
    module docstring) and is only meaningful with a ``line``.  ``source_line``
    is the text of that line, without its newline, when it is known.
    ``topic`` names the compiler decision a note explains (e.g. ``"threads"``
    for thread create/join kept as OS threads, see :mod:`frontend.threads`);
    such notes stand alone and are shown on request (``inspirec -v``), while
    notes without a topic belong to the diagnostic before them.  ``option``
    names the gcc warning option that controls a warning (``unknown-pragmas``
    for ``-Wunknown-pragmas``), shown after the message as gcc shows it;
    ``inspirec-cc`` gives such a warning where gcc would.
    """

    severity: Severity
    message: str
    file: str | None = None
    line: int | None = None
    col: int | None = None
    source_line: str | None = None
    topic: str | None = None
    option: str | None = None

    def __post_init__(self) -> None:
        if self.severity not in ("error", "warning", "note"):
            raise ValueError(f"unknown diagnostic severity {self.severity!r}")

    @property
    def location(self) -> str:
        """``file:line:col``, shortened to what is known (``inspirec`` if nothing)."""
        if self.file is None:
            return PROGRAM
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.col is not None:
                parts.append(str(self.col))
        return ":".join(parts)

    def with_source_line(self, text: str | None) -> Diagnostic:
        """A copy that shows ``text`` (and a caret, if there is a column)."""
        return replace(self, source_line=text)

    def format(self, *, excerpt: bool = True) -> str:
        """The GCC-style text, with the source excerpt unless ``excerpt`` is false."""
        head = f"{self.location}: {self.severity}: {self.message}"
        if self.option is not None:
            head += f" [-W{self.option}]"
        if not excerpt or self.source_line is None or self.line is None:
            return head
        width = max(5, len(str(self.line)))
        text, col = _visible(expand_tabs(self.source_line), self.col)
        lines = [head, f"{self.line:>{width}} | {text}"]
        if col is not None:
            lines.append(f"{'':>{width}} | {' ' * (col - 1)}^")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


def error(
    message: str, file: str | None = None, line: int | None = None, col: int | None = None
) -> Diagnostic:
    """Shorthand for an ``error`` diagnostic."""
    return Diagnostic("error", message, file, line, col)


def warning(
    message: str, file: str | None = None, line: int | None = None, col: int | None = None
) -> Diagnostic:
    """Shorthand for a ``warning`` diagnostic."""
    return Diagnostic("warning", message, file, line, col)


def note(
    message: str, file: str | None = None, line: int | None = None, col: int | None = None
) -> Diagnostic:
    """Shorthand for a ``note`` diagnostic."""
    return Diagnostic("note", message, file, line, col)


class CompileError(Exception):
    """Compilation cannot continue; carries every diagnostic to report, in order.

    At least one of the diagnostics is an error; warnings and notes that
    belong with it (context, earlier warnings of the same step) may precede
    or follow it.  ``str()`` gives the full GCC-style report.
    """

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        if not any(d.severity == "error" for d in self.diagnostics):
            raise ValueError("CompileError needs at least one error diagnostic")
        super().__init__(str(self))

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """Only the ``error`` diagnostics."""
        return tuple(d for d in self.diagnostics if d.severity == "error")

    def __str__(self) -> str:
        return "\n".join(d.format() for d in self.diagnostics)


class DiagnosticLog:
    """An ordered collection of diagnostics gathered while compiling.

    Stages append warnings and notes as they go; errors can be collected too,
    so that several are reported at once, and are then raised together by
    :meth:`raise_if_errors`.
    """

    def __init__(self) -> None:
        self._items: list[Diagnostic] = []

    def add(self, diagnostic: Diagnostic) -> None:
        """Append one diagnostic."""
        self._items.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        """Append several diagnostics, keeping their order."""
        self._items.extend(diagnostics)

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """Everything collected so far, in order."""
        return tuple(self._items)

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        """Only the ``warning`` diagnostics."""
        return tuple(d for d in self._items if d.severity == "warning")

    def about(self, topic: str) -> tuple[Diagnostic, ...]:
        """The diagnostics whose ``topic`` is ``topic``, in order."""
        return tuple(d for d in self._items if d.topic == topic)

    @property
    def has_errors(self) -> bool:
        """Whether an ``error`` diagnostic has been collected."""
        return any(d.severity == "error" for d in self._items)

    def raise_if_errors(self) -> None:
        """Raise :class:`CompileError` with everything collected if any is an error."""
        if self.has_errors:
            raise CompileError(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __str__(self) -> str:
        return "\n".join(d.format() for d in self._items)
