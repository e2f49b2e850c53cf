"""The C compiler's own diagnostics of a user's file, read back for ``inspirec-cc``.

``inspirec-cc`` gives the warnings it implements itself; the C compiler
compiling the same file (the object's own code with ``-c``, a syntax check
otherwise) gives gcc's others: ``-Wall``'s unused variables, format
checks, the middle end's overflow warnings.  Its standard error, in the
``C`` locale and without colours, is read here into :class:`Diagnostic`
values, so that the user sees one list in one format, each warning once,
and ``-Werror`` fails on either's.

What is read: every line ``file:line[:col]: severity: message [-Woption]``
(gcc's form; clang's ``[-Werror,-Woption]`` too).  A promoted warning
(``-Werror``, ``-Werror=<option>``) keeps gcc's spelling: severity
``error``, option ``error=<option>``.  Notes belong to the diagnostic
before them.  Everything else is dropped: the source excerpts (each
diagnostic shows its line again, read from the file), the context lines
(``In function 'f':``, ``In file included from``) and messages without a
line (``cc1: all warnings being treated as errors``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from inspirec.frontend import Diagnostic

_LINE = re.compile(
    r"(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:(?P<col>\d+):)? "
    r"(?P<severity>warning|error|fatal error|note): (?P<message>.*?)"
    r"(?: \[(?P<option>-W[^\]\s]+)\])?"
)


def read(stderr: str, source_line: Callable[[str, int], str | None]) -> list[Diagnostic]:
    """The located diagnostics of the C compiler's standard error ``stderr``,
    in its order, each with its source line when ``source_line`` (the
    unit's :meth:`~inspirec.frontend.preprocess.Origins.source_line`) can
    read it."""
    found: list[Diagnostic] = []
    for text in stderr.splitlines():
        match = _LINE.fullmatch(text)
        if match is None:
            continue
        file, line = match["file"], int(match["line"])
        severity = "error" if match["severity"] == "fatal error" else match["severity"]
        option = match["option"]
        if option is not None:
            option = option[2:]
            if option.startswith("error,-W"):  # clang's -Werror
                option = "error=" + option[len("error,-W") :]
        found.append(
            Diagnostic(
                severity,
                match["message"],
                file,
                line,
                None if match["col"] is None else int(match["col"]),
                source_line(file, line),
                option=option,
            )
        )
    return found


def blocks(diagnostics: Sequence[Diagnostic]) -> Iterator[list[Diagnostic]]:
    """``diagnostics`` in groups: a diagnostic that is not a note with the
    notes without a ``topic`` that follow it (a note with a topic, or one
    first, stands alone)."""
    block: list[Diagnostic] = []
    for d in diagnostics:
        if block and (d.severity != "note" or d.topic is not None):
            yield block
            block = []
        block.append(d)
        if d.topic is not None:
            yield block
            block = []
    if block:
        yield block


def base_option(option: str | None) -> str | None:
    """The warning option of a diagnostic's option, promoted or not
    (``error=unused-variable``: ``unused-variable``)."""
    return option[len("error=") :] if option and option.startswith("error=") else option


def combined(
    given: Sequence[Diagnostic], said: Sequence[Diagnostic], judged: bool
) -> list[Diagnostic]:
    """inspirec's diagnostics ``given`` and the C compiler's ``said`` in one
    list, each warning once, in source order (:func:`merged`):

    * a warning of ``said`` (or one made an error) is dropped when one of
      ``given`` is at the same file and line, of the same option or of none
      (inspirec names gcc's option where a warning is gcc's too); its notes
      go with it; so do ``said``'s errors without an option (the C compiler
      could not compile the file: :func:`rejected`);
    * when ``judged`` (the C compiler compiled the file with the command's
      warning options), a warning of ``given`` that names an option stays
      only where ``said`` has that option at the same file and line: gcc
      decides where its warnings apply (``#pragma GCC diagnostic``, its
      finer rules of what each option covers)."""
    spoken = {(d.file, d.line, base_option(d.option)) for d in said if d.severity != "note"}
    kept_given: list[Diagnostic] = []
    for block in blocks(given):
        head = block[0]
        option = base_option(head.option)
        unsaid = (head.file, head.line, option) not in spoken
        if judged and head.severity != "note" and option is not None and unsaid:
            continue
        kept_given += block
    held: dict[tuple[str | None, int | None], set[str | None]] = {}
    for d in kept_given:
        if d.severity != "note":
            held.setdefault((d.file, d.line), set()).add(base_option(d.option))
    relayed: list[Diagnostic] = []
    for block in blocks(said):
        head = block[0]
        if head.severity == "note" or _rejection(head):
            continue
        options = held.get((head.file, head.line), set())
        if None in options or base_option(head.option) in options:
            continue
        relayed += block
    return merged(kept_given, relayed)


def rejected(relayed: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The C compiler's errors of its own (:func:`_rejection`): it could not
    compile the file."""
    return [d for d in relayed if _rejection(d)]


def _rejection(d: Diagnostic) -> bool:
    """Whether the C compiler's ``d`` is an error of its own: not a warning
    made an error (nor an error-by-default warning of a newer gcc), which
    name their option."""
    return d.severity == "error" and d.option is None


def merged(given: Sequence[Diagnostic], relayed: Sequence[Diagnostic]) -> list[Diagnostic]:
    """``given`` and ``relayed`` in one list, in source order: their blocks
    (a diagnostic with its notes) sorted by file (in the order files first
    appear, ``given`` first), line and column, stably."""
    ranks: dict[str | None, int] = {}
    for d in (*given, *relayed):
        ranks.setdefault(d.file, len(ranks))
    order = [*blocks(given), *blocks(relayed)]
    order.sort(key=lambda b: (ranks[b[0].file], b[0].line or 0, b[0].col or 0))
    return [d for block in order for d in block]
