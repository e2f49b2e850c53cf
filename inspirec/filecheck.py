"""FileCheck-style checks: patterns written in a C file's comments, matched in
order against a text (a view of the compiled program, see :mod:`inspirec.testing`).

A check is a ``//`` comment ``// PREFIX: pattern`` (``PREFIX`` is
``INSPIREC-CHECK`` unless the run directive names another):

* ``PREFIX: p`` - ``p`` occurs at or after the end of the previous match;
* ``PREFIX-NEXT: p`` - ``p`` occurs on the line right after the previous match;
* ``PREFIX-NOT: p`` - ``p`` does not occur between the previous match and the
  next positive match (the end of the text after the last one).

A pattern is literal text (runs of spaces and tabs match any non-empty run of
spaces and tabs; leading and trailing blanks are ignored) except for
``{{regex}}`` parts, which are Python regular expressions.  Matching never
crosses a line.

Every check is tried: a positive check that fails leaves the position where
it was, so the later checks are still reported.  A failure names the check
(``file:line:col``), the pattern, the text line where scanning started and
the text lines most similar to the pattern (:class:`Failure`).

This module imports only the standard library.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

#: The check prefix when the run directive names none.
DEFAULT_PREFIX = "INSPIREC-CHECK"

#: The directive of a run line: ``// INSPIREC-RUN: words``.
RUN_DIRECTIVE = "INSPIREC-RUN"

#: How many similar text lines a failure shows.
NEAREST = 3


@dataclass(frozen=True)
class Check:
    """One check comment: its kind (``""``, ``"NEXT"`` or ``"NOT"``), its pattern,
    where it is written (1-based line and column of the prefix) and its
    directive as written (``INSPIREC-CHECK-NEXT``)."""

    kind: str
    pattern: str
    file: str
    line: int
    col: int
    directive: str

    def where(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class PatternError(ValueError):
    """A check's pattern is not usable (an invalid ``{{regex}}``); the message names it."""


def find_runs(source: str) -> list[tuple[int, int, str]]:
    """The run lines of ``source``: ``(line, column of the directive, words)``."""
    marker = re.compile(r"//\s*(" + RUN_DIRECTIVE + r"):(.*)$")
    runs = []
    for number, text in enumerate(source.splitlines(), 1):
        m = marker.search(text)
        if m is not None:
            runs.append((number, m.start(1) + 1, m.group(2)))
    return runs


def find_checks(source: str, file: str, prefix: str = DEFAULT_PREFIX) -> list[Check]:
    """The checks with ``prefix`` written in ``source``, in order."""
    marker = re.compile(r"//\s*(" + re.escape(prefix) + r")(-NEXT|-NOT)?:(.*)$")
    checks = []
    for number, text in enumerate(source.splitlines(), 1):
        m = marker.search(text)
        if m is None:
            continue
        suffix = m.group(2) or ""
        pattern = m.group(3).strip()
        checks.append(Check(suffix[1:], pattern, file, number, m.start(1) + 1, prefix + suffix))
    return checks


def compile_pattern(check: Check) -> re.Pattern[str]:
    """The regular expression of a check's pattern (see the module docstring)."""
    parts = []
    rest = check.pattern
    while rest:
        start = rest.find("{{")
        if start < 0:
            parts.append(_literal(rest))
            break
        end = rest.find("}}", start + 2)
        if end < 0:
            raise PatternError(f"{check.where()}: error: '{{{{' without a closing '}}}}'")
        parts.append(_literal(rest[:start]))
        regex = rest[start + 2 : end]
        try:
            re.compile(regex)
        except re.error as err:
            message = f"{check.where()}: error: invalid regex {{{{{regex}}}}}: {err}"
            raise PatternError(message) from None
        parts.append(f"(?:{regex})")
        rest = rest[end + 2 :]
    return re.compile("".join(parts))


def _literal(text: str) -> str:
    return r"[ \t]+".join(re.escape(word) for word in re.split(r"[ \t]+", text))


@dataclass(frozen=True)
class Failure:
    """A check that does not hold, with the text lines that explain it."""

    check: Check
    summary: str
    #: ``(line number, text)`` pairs to show, with a caption each.
    shown: tuple[tuple[str, tuple[tuple[int, str], ...]], ...]

    def format(self, view: str) -> str:
        c = self.check
        out = [
            f"{c.where()}: error: {c.directive}: {self.summary} in view '{view}'",
            f"  {c.directive}: {c.pattern}",
        ]
        for caption, lines in self.shown:
            out.append(f"  {caption}:")
            out.extend(f"  {number:6d} | {text}" for number, text in lines)
        return "\n".join(out)


class _Text:
    """The text being checked, as lines (positions are ``(line index, column)``)."""

    def __init__(self, text: str):
        self.lines = text.splitlines()

    def search(self, pattern: re.Pattern[str], start: tuple[int, int], stop: int | None = None):
        """The first match at or after ``start`` on lines before ``stop``:
        ``(line, start column, end column)``, or None."""
        line, col = start
        for i in range(line, len(self.lines) if stop is None else stop):
            m = pattern.search(self.lines[i], col if i == line else 0)
            if m is not None:
                return i, m.start(), m.end()
        return None

    def shown(self, i: int) -> tuple[int, str]:
        return i + 1, self.lines[i] if i < len(self.lines) else "<end of text>"

    def nearest(self, pattern: str, start: int) -> tuple[tuple[int, str], ...]:
        """The lines from ``start`` on sharing the most characters, in order, with
        ``pattern`` (best first; shorter lines first among equals)."""
        scored = []
        for i in range(start, len(self.lines)):
            line = self.lines[i].strip()
            matcher = difflib.SequenceMatcher(None, pattern, line, autojunk=False)
            common = sum(block.size for block in matcher.get_matching_blocks())
            scored.append((-common, len(line), i))
        return tuple(self.shown(i) for *_, i in sorted(scored)[:NEAREST])


def run_checks(checks: Sequence[Check], text: str) -> list[Failure]:
    """Match ``checks`` against ``text``; the failures in check order (empty: all hold).

    NOT checks before a positive check that fails are not tried (the range
    they exclude is unknown).  Raises :class:`PatternError` for an unusable
    pattern.
    """
    source = _Text(text)
    patterns = [compile_pattern(c) for c in checks]
    failures: list[Failure] = []
    position = (0, 0)  # where the next positive check starts scanning
    last_line: int | None = None  # the line of the previous positive match
    excluded: list[int] = []  # the NOT checks since the previous positive one
    for index, check in enumerate(checks):
        if check.kind == "NOT":
            excluded.append(index)
            continue
        found = source.search(patterns[index], position)
        if check.kind == "NEXT":
            failure = _next_failure(check, source, found, last_line)
        else:
            failure = None if found else _not_found(check, source, position[0])
        if failure is not None:
            failures.append(failure)
        else:
            for n in excluded:
                failures.extend(_excluded(checks[n], patterns[n], source, position, found))
            position = (found[0], found[2])
            last_line = found[0]
        excluded = []
    for n in excluded:
        failures.extend(_excluded(checks[n], patterns[n], source, position, None))
    return sorted(failures, key=lambda f: (f.check.line, f.check.col))


def _not_found(check: Check, source: _Text, start: int) -> Failure:
    return Failure(
        check,
        "expected text not found",
        (
            ("scanning from", (source.shown(start),)),
            ("nearest lines", source.nearest(check.pattern, start)),
        ),
    )


def _next_failure(check: Check, source: _Text, found, last_line: int | None) -> Failure | None:
    want = 0 if last_line is None else last_line + 1
    if found is not None and found[0] == want:
        return None
    if found is None:
        return _not_found(check, source, want)
    return Failure(
        check,
        f"found on text line {found[0] + 1}, not on the next line ({want + 1})",
        (("expected on", (source.shown(want),)), ("found on", (source.shown(found[0]),))),
    )


def _excluded(check: Check, pattern, source: _Text, position, found) -> list[Failure]:
    """The failure of a NOT check if ``pattern`` occurs from ``position`` up to
    the start of the match ``found`` (the end of the text when None)."""
    stop = None if found is None else found[0] + 1
    hit = source.search(pattern, position, stop)
    if hit is None or (found is not None and (hit[0], hit[1]) >= (found[0], found[1])):
        return []
    return [Failure(check, "excluded text found", (("found on", (source.shown(hit[0]),)),))]
