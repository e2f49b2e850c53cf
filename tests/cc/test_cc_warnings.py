"""gcc's warnings through ``inspirec-cc``: the C compiler's own diagnostics
of a file are read back and given beside inspirec's, each once, and
``-Werror`` fails on either's; checked against gcc on the same files."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend.preprocess import Origins

from inspirec import cc, cc_warnings, frontend

CC = [sys.executable, "-m", "inspirec.cc"]
ROOT = Path(__file__).resolve().parents[2]
C_LOCALE = {**os.environ, "LC_ALL": "C"}

#: gcc's own warnings only (inspirec gives none of these itself): -Wall's
#: unused variable and function, -O2's format overflow with its note.
GCC_ONLY = """#include <stdio.h>
static int unused_fn(void) { return 1; }
int main(void) {
  int unused;
  char buf[2];
  sprintf(buf, "%d", 12345);
  return buf[0];
}
"""

_HEAD = re.compile(r"^(\S+?):(\d+):(?:(\d+):)? (warning|error|note): (.*)$", re.M)


def run(*args, cwd):
    return subprocess.run(
        [*CC, *map(str, args)], capture_output=True, text=True, cwd=cwd, env=C_LOCALE
    )


def gcc(*args, cwd):
    return subprocess.run(
        ["gcc", *map(str, args)], capture_output=True, text=True, cwd=cwd, env=C_LOCALE
    )


def heads(stderr: str) -> list[tuple[str, ...]]:
    """The located diagnostic lines of ``stderr`` (file, line, col, severity, message)."""
    return [tuple(m) for m in _HEAD.findall(stderr)]


def sorted_heads(stderr: str) -> list[tuple[str, ...]]:
    """:func:`heads` in file and line order, each (file, line, severity, and
    its option, or its message if it has none): not the column, which gcc
    omits from some warnings, nor the words of one inspirec gives too."""
    found = []
    for file, line, _, severity, message in heads(stderr):
        option = re.search(r" \[-W(\S+)\]$", message)
        found.append((file, int(line), severity, option[1] if option else message))
    return sorted(found)


# ---------------------------------------------------------------- end to end
def test_the_compile_step_gives_gccs_own_warnings_as_gcc_gives_them(tmp_path):
    (tmp_path / "a.c").write_text(GCC_ONLY)
    flags = ("-Wall", "-O2", "-c", "a.c")
    ours, theirs = run(*flags, cwd=tmp_path), gcc(*flags, "-o", "g.o", cwd=tmp_path)
    assert ours.returncode == theirs.returncode == 0
    assert heads(ours.stderr) and sorted_heads(ours.stderr) == sorted_heads(theirs.stderr)
    assert "a.c:4:7: warning: unused variable 'unused' [-Wunused-variable]" in ours.stderr
    assert "    4 |   int unused;\n      |       ^" in ours.stderr  # the line, with a caret
    symbols = subprocess.run(["nm", "a.o"], capture_output=True, text=True, cwd=tmp_path)
    assert " T main" in symbols.stdout and cc.units_of(str(tmp_path / "a.o"))
    # in line order, as inspirec gives its own
    lines = [int(h[1]) for h in heads(ours.stderr) if h[3] == "warning"]
    assert lines == sorted(lines)


@pytest.mark.parametrize(
    ("flags", "errors"),
    [
        (("-Werror",), {"unused-variable", "unused-function", "format-overflow="}),
        (("-Werror=unused-variable",), {"unused-variable"}),
        (("-Werror", "-Wno-error=unused-variable", "-Wno-error=unused-function"),
         {"format-overflow="}),
        (("-Werror", "-Wno-error"), set()),
        (("-Werror", "-w"), set()),
    ],
)  # fmt: skip
def test_werror_fails_on_gccs_warnings_before_anything_is_written(tmp_path, flags, errors):
    (tmp_path / "a.c").write_text(GCC_ONLY)
    (tmp_path / "a.o").write_bytes(b"before")
    ours = run("-Wall", "-O2", *flags, "-c", "a.c", cwd=tmp_path)
    theirs = gcc("-Wall", "-O2", *flags, "-c", "a.c", "-o", "g.o", cwd=tmp_path)
    assert ours.returncode == theirs.returncode == (1 if errors else 0)
    assert sorted_heads(ours.stderr) == sorted_heads(theirs.stderr)
    assert set(re.findall(r"error: .* \[-Werror=(\S+)\]", ours.stderr)) == errors
    assert ((tmp_path / "a.o").read_bytes() == b"before") == bool(errors)
    assert "Traceback" not in ours.stderr


@pytest.mark.parametrize(("flag", "status"), [("-pedantic-errors", 1), ("-pedantic", 0)])
def test_pedantic_errors_fail_as_in_gcc(tmp_path, flag, status):
    (tmp_path / "z.c").write_text("int main(void) { int a[0]; (void)a; return 0; }\n")
    ours = run(flag, "-c", "z.c", cwd=tmp_path)
    theirs = gcc(flag, "-c", "z.c", "-o", "g.o", cwd=tmp_path)
    assert ours.returncode == theirs.returncode == status
    assert sorted_heads(ours.stderr) == sorted_heads(theirs.stderr)
    assert "ISO C forbids zero-size array 'a' [-Wpedantic]" in ours.stderr
    assert (tmp_path / "z.o").exists() == (status == 0)


def test_every_step_gives_gccs_warnings_and_a_link_not_those_of_objects(tmp_path):
    (tmp_path / "a.c").write_text(GCC_ONLY)
    check = run("-Wall", "-O2", "-fsyntax-only", "a.c", cwd=tmp_path)
    gcc_check = gcc("-Wall", "-O2", "-fsyntax-only", "a.c", cwd=tmp_path)
    assert check.returncode == 0 and sorted_heads(check.stderr) == sorted_heads(gcc_check.stderr)
    assert "unused-variable" in check.stderr and "format-overflow" not in check.stderr
    assert not list(tmp_path.glob("*.o"))
    # a source a link lowers: the middle end's warnings of the -O level too
    link = run("-Wall", "-O2", "a.c", "-o", "a", cwd=tmp_path)
    gcc_link = gcc("-Wall", "-O2", "a.c", "-o", "g", cwd=tmp_path)
    assert link.returncode == 0 and sorted_heads(link.stderr) == sorted_heads(gcc_link.stderr)
    assert "[-Wformat-overflow=]" in link.stderr
    # an object's warnings were given when it was compiled
    assert run("-Wall", "-O2", "-c", "a.c", cwd=tmp_path).stderr
    again = run("-Wall", "-O2", "a.o", "-o", "a", cwd=tmp_path)
    assert again.returncode == 0 and again.stderr == ""
    quiet = run("-w", "-Wall", "-O2", "a.c", "-o", "a", cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_a_warning_both_give_is_given_once_where_gcc_gives_it(tmp_path):
    (tmp_path / "b.c").write_text(
        "#pragma scop\nint main(void) {\n  int unused;\n  return helper();\n}\n"
        "int helper(void) { return 0; }\n"
    )
    ours = run("-Wall", "-c", "b.c", cwd=tmp_path)
    theirs = gcc("-Wall", "-c", "b.c", "-o", "g.o", cwd=tmp_path)
    assert ours.returncode == 0
    assert sorted_heads(ours.stderr) == sorted_heads(theirs.stderr)
    options = re.findall(r"\[-W(\S+)\]", ours.stderr)
    assert options == ["unknown-pragmas", "unused-variable", "implicit-function-declaration"]


def test_pragma_gcc_diagnostic_silences_inspirecs_warnings_as_gccs(tmp_path):
    # inspirec's own implicit-int warnings: gcc, which compiled the file, says none applies
    (tmp_path / "k.c").write_text(
        '#pragma GCC diagnostic ignored "-Wimplicit-int"\n'
        "twice(x) int x; { return 2 * x; }\nint main(void) { return twice(0); }\n"
    )
    assert run("-c", "k.c", cwd=tmp_path).stderr == ""
    (tmp_path / "k.c").write_text(
        "twice(x) int x; { return 2 * x; }\nint main(void) { return twice(0); }\n"
    )
    warned = run("-c", "k.c", cwd=tmp_path)
    assert warned.stderr.count("[-Wimplicit-int]") == 1


@pytest.mark.parametrize(
    "name", ["seq/knr_implicit_int", "seq/packed_members", "par/pthread_mixed"]
)
def test_corpus_programs_warn_as_gcc_warns(name):
    source = ROOT / "tests" / "corpus" / f"{name}.c"
    flags = ("-Wall", "-Wextra", "-fopenmp", "-O2", "-fsyntax-only", source)
    ours, theirs = run(*flags, cwd=ROOT), gcc(*flags, cwd=ROOT)
    assert ours.returncode == theirs.returncode == 0
    assert sorted_heads(ours.stderr) == sorted_heads(theirs.stderr)


def test_a_file_the_c_compiler_rejects_keeps_inspirecs_warnings(tmp_path, monkeypatch, capsys):
    # the C compiler's errors (its own limits) are not the user's: inspirec's warnings stay
    fails = tmp_path / "fails-on-c"  # refuses the C file, assembles the rest
    fails.write_text(
        '#!/bin/sh\ncase "$*" in *u.c*) echo "u.c:1:1: error: no" >&2; exit 1;; esac\n'
        'exec cc "$@"\n'
    )
    fails.chmod(0o755)
    (tmp_path / "u.c").write_text("static k = 1;\nint main(void) { return k - 1; }\n")
    monkeypatch.setenv("INSPIREC_CC", str(fails))
    monkeypatch.chdir(tmp_path)
    assert cc.main(["-c", "u.c", "-o", "u.o"]) == 0
    err = capsys.readouterr().err
    assert "u.c:1:8: warning: type defaults to 'int' in declaration of 'k'" in err
    assert "u.c:1:1: error" not in err and "carries no code of its own" in err


# --------------------------------------------------------------- the reading
GCC_TEXT = """x.c: In function 'main':
x.c:2:7: warning: unused variable 'u' [-Wunused-variable]
    2 |   int u;
      |       ^
x.c:3:3: error: '%d' directive writing 5 bytes [-Werror=format-overflow=]
x.c:3:3: note: 'sprintf' output 6 bytes
In file included from x.c:1:
h.h:1:1: warning: no option here
cc1: all warnings being treated as errors
"""


def test_gccs_and_clangs_text_is_read_into_diagnostics(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("x.c").write_bytes(b'#include "h.h"\n  int u;\n  sprintf(b, "\xff");\n')
    source_line = Origins("x.c", (), {}, {}).source_line
    found = cc_warnings.read(GCC_TEXT, source_line)
    assert [(d.file, d.line, d.col, d.severity, d.option) for d in found] == [
        ("x.c", 2, 7, "warning", "unused-variable"),
        ("x.c", 3, 3, "error", "error=format-overflow="),
        ("x.c", 3, 3, "note", None),
        ("h.h", 1, 1, "warning", None),
    ]
    assert found[0].source_line == "  int u;" and found[1].source_line.endswith('"\udcff");')
    assert found[3].source_line is None  # no such file
    clang = cc_warnings.read(
        "x.c:2:7: error: unused variable 'u' [-Werror,-Wunused-variable]\n", source_line
    )
    assert clang[0].option == "error=unused-variable"
    fatal = cc_warnings.read(
        "x.c:9:10: fatal error: nope.h: No such file or directory\n", source_line
    )
    assert fatal[0].severity == "error" and cc_warnings.rejected(fatal) == fatal


def w(line, option=None, severity="warning", message="m", file="a.c"):
    return frontend.Diagnostic(severity, message, file, line, 1, option=option)


def test_each_warning_is_given_once_and_gcc_judges_where_its_options_apply():
    note = w(5, severity="note")
    said = [w(2, "unused-variable"), w(5, "implicit-int"), note, w(7, None, "error")]
    given = [w(5, "implicit-int"), w(6, "implicit-int"), w(9, None)]
    # judged: inspirec's line 6 is not gcc's; gcc's line 5 is inspirec's
    # (with its note, dropped too); gcc's error without an option is not relayed
    assert cc_warnings.combined(given, said, judged=True) == [said[0], given[0], given[2]]
    # not judged (the C compiler did not compile the file): inspirec's stay
    assert cc_warnings.combined(given, said, judged=False) == [said[0], *given]
    # an option-less warning of inspirec's holds gcc's at its line, whatever the option
    assert cc_warnings.combined([w(2)], [w(2, "attributes")], judged=True) == [w(2)]
    promoted = w(2, "error=unused-variable", "error")
    assert cc_warnings.combined([promoted], [promoted], judged=True) == [promoted]


def test_blocks_are_merged_in_source_order():
    given = [w(3), w(3, severity="note"), w(1, file="h.h")]
    relayed = [w(2), w(9, file="h.h"), w(1)]
    assert cc_warnings.merged(given, relayed) == [
        w(1), w(2), w(3), w(3, severity="note"), w(1, file="h.h"), w(9, file="h.h")
    ]  # fmt: skip


def test_a_long_list_of_numbers_lowered_item_by_item_warns_at_each_value(tmp_path):
    # the parser saw the list's first value only (frontend/number_tables.py);
    # expanded again, each value is at its own line and column, as gcc says
    values = ", ".join(str(k) for k in range(20))
    pairs = ", ".join(f"{{{k}, -{k}}}" for k in range(10))
    (tmp_path / "x.c").write_text(
        f"int small[3] = {{1,\n  {values}}};\nint rows[2][2] = {{\n  {pairs}}};\n"
    )
    ours = run("-fsyntax-only", "x.c", cwd=tmp_path)
    theirs = gcc("-fsyntax-only", "x.c", cwd=tmp_path)
    assert ours.returncode == theirs.returncode == 0
    warned = [h for h in heads(ours.stderr) if h[3] == "warning"]
    assert len(warned) == 26 and [h[:2] for h in warned] == [
        h[:2] for h in heads(theirs.stderr) if h[3] == "warning"
    ]
    # at the values' columns (a list's is its first value's, not its brace's as gcc's)
    assert warned[:18] == [h for h in heads(theirs.stderr) if h[3] == "warning"][:18]
