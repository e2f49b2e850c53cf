"""Tests of frontend.diagnostics: GCC's format, CompileError, DiagnosticLog."""

import pytest
from inspirec.frontend.diagnostics import (
    CompileError,
    Diagnostic,
    DiagnosticLog,
    display_column,
    error,
    note,
    warning,
)


@pytest.mark.parametrize(
    "diagnostic, text",
    [
        (error("expected ';'", "a.c", 3, 7), "a.c:3:7: error: expected ';'"),
        (warning("unused variable 'x'", "a.c", 3), "a.c:3: warning: unused variable 'x'"),
        (note("declared here", "dir/b.h"), "dir/b.h: note: declared here"),
        (error("no input files"), "inspirec: error: no input files"),
        (error("column without line", "a.c", None, 4), "a.c: error: column without line"),
        (Diagnostic("error", "m", "<command-line>"), "<command-line>: error: m"),
    ],
)
def test_location_shortens_to_what_is_known(diagnostic, text):
    assert str(diagnostic) == text
    assert diagnostic.format(excerpt=False) == text


def test_excerpt_and_caret_like_gcc():
    diagnostic = error("expected expression before ';' token", "e.c", 2, 20)
    diagnostic = diagnostic.with_source_line("\tint x = 1 +;")
    assert str(diagnostic) == (
        "e.c:2:20: error: expected expression before ';' token\n"
        "    2 |         int x = 1 +;\n"
        "      |                    ^"
    )
    assert (
        diagnostic.format(excerpt=False) == "e.c:2:20: error: expected expression before ';' token"
    )


def test_excerpt_without_column_has_no_caret_and_wide_line_numbers_align():
    diagnostic = warning("w", "big.c", 123456).with_source_line("x;")
    assert str(diagnostic) == "big.c:123456: warning: w\n123456 | x;"
    with_col = error("e", "big.c", 123456, 1).with_source_line("x;")
    assert str(with_col).splitlines()[1:] == ["123456 | x;", "       | ^"]


def test_excerpt_needs_a_line():
    assert str(error("e", "a.c").with_source_line("text")) == "a.c: error: e"


def test_display_column_expands_tabs():
    assert display_column("\tx", 1) == 9
    assert display_column("ab\tx", 3) == 9
    assert display_column("abc", 0) == 1
    assert display_column("abc", 2) == 3


def test_diagnostics_are_values():
    assert error("m", "a.c", 1, 2) == Diagnostic("error", "m", "a.c", 1, 2)
    assert len({error("m", "a.c", 1), error("m", "a.c", 1)}) == 1
    with pytest.raises(ValueError, match="unknown diagnostic severity"):
        Diagnostic("fatal", "m")  # type: ignore[arg-type]


def test_compile_error_carries_every_diagnostic_in_order():
    items = [warning("w", "a.c", 1), error("e", "a.c", 2, 3), note("n", "a.c", 4)]
    exc = CompileError(items)
    assert exc.diagnostics == tuple(items)
    assert exc.errors == (items[1],)
    assert str(exc) == "a.c:1: warning: w\na.c:2:3: error: e\na.c:4: note: n"
    with pytest.raises(ValueError, match="at least one error"):
        CompileError([warning("only a warning")])


def test_log_collects_and_raises_together():
    log = DiagnosticLog()
    log.add(warning("w1", "a.c", 1))
    log.extend([note("n", "a.c", 1), warning("w2", "b.c", 2)])
    assert len(log) == 3 and not log.has_errors
    assert log.warnings == (warning("w1", "a.c", 1), warning("w2", "b.c", 2))
    log.raise_if_errors()
    log.add(error("e1", "b.c", 3))
    log.add(error("e2", "b.c", 4))
    assert log.has_errors
    with pytest.raises(CompileError) as info:
        log.raise_if_errors()
    assert info.value.diagnostics == log.diagnostics
    assert str(log) == str(info.value)


def test_control_characters_are_shown_as_gcc_shows_them_never_raw():
    diagnostic = error("illegal character '\\x01'", "c.c", 2, 13)
    diagnostic = diagnostic.with_source_line("  int x = 1;\x01 y\x7f")
    assert str(diagnostic).splitlines()[1:] == [
        "    2 |   int x = 1;<U+0001> y<U+007F>",
        "      |             ^",
    ]
    after = error("e", "c.c", 1, 3).with_source_line("\x02;x")
    assert str(after).splitlines()[2] == "      |          ^"  # past <U+0002>
