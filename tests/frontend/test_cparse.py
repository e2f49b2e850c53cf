"""Tests of frontend.cparse: parsing, syntax-error positions, robustness."""

from __future__ import annotations

import dataclasses
import random
import shutil
from pathlib import Path

import pytest
from inspirec.frontend.cparse import parse_c, parse_preprocessed, user_declarations
from inspirec.frontend.diagnostics import CompileError, DiagnosticLog
from inspirec.frontend.preprocess import bundled_header, preprocess
from inspirec.inspire import deep
from pycparser import c_ast

INPUTS = Path(__file__).parent / "inputs"

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text)
    return path


def _error(path: Path) -> CompileError:
    with pytest.raises(CompileError) as info:
        parse_c(path)
    return info.value


def test_parses_a_task_program_with_its_origins():
    source = INPUTS / "tasks.c"
    ast, origins = parse_c(source)
    assert isinstance(ast, c_ast.FileAST)
    assert origins.bundled_includes == (
        "alloca.h",
        "assert.h",
        "omp.h",
        "pthread.h",
        "stdio.h",
        "stdlib.h",
        "string.h",
        "sys/time.h",
    )
    own = [node for node in ast.ext if node.coord.file == str(source)]
    assert all(bundled_header(node.coord.file) for node in ast.ext if node not in own)
    functions = {node.decl.name: node.coord.line for node in own if isinstance(node, c_ast.FuncDef)}
    assert functions == {"now": 23, "add_tile": 30, "count": 37, "main": 65}


@pytest.mark.parametrize(
    "text, line, col, message",
    [
        ("int main(void) {\n  int x = 1\n  return x;\n}\n", 3, 3, "syntax error before 'return'"),
        ("int f(void) {\n\tint x = @;\n}\n", 2, 17, "illegal character '@'"),
        ("int f(void) {\n  return 08;\n}\n", 2, 10, "invalid octal constant"),
        ("int f(void) {\n  int   a   =   1   +   ;\n}\n", 2, 25, "invalid expression"),
        ("int x = 1uu;\n", 1, 11, "syntax error before 'u'"),
        ("int f(void) {\n  return 1;\n}\n}\n", 4, 1, "syntax error before '}'"),
        ("int f(void) {\n  return 1;\n", 2, 12, "syntax error at end of input"),
        ("/* only a comment */\nint\n", 2, 1, "invalid declaration"),
        (
            "typedef int T;\nint T;\n",
            2,
            5,
            "non-typedef 'T' previously declared as typedef in this scope",
        ),
        ("#include <stdio.h>\nint x = ;\n", 2, 9, "invalid expression"),
        ("#define END ;\nint x = 1 END END\nint y =\n", 3, 8, "invalid expression"),
        ("int a[3] = {1, 2, 3,, };\n", 1, 21, "invalid expression"),
        ("void f(void) { goto; }\n", 1, 20, "syntax error before ';'"),
    ],
)
def test_syntax_errors_point_at_the_original_source(text, line, col, message, tmp_path):
    source = _write(tmp_path, "bad.c", text)
    (diagnostic,) = _error(source).diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.col) == (str(source), line, col)
    assert (diagnostic.severity, diagnostic.message) == ("error", message)
    assert diagnostic.source_line == text.split("\n")[line - 1]


def test_syntax_error_report_is_gcc_shaped(tmp_path):
    source = _write(tmp_path, "semi.c", "int main(void) {\n  int x = 1\n  return x;\n}\n")
    assert str(_error(source)) == (
        f"{source}:3:3: error: syntax error before 'return'\n    3 |   return x;\n      |   ^"
    )


def test_syntax_error_in_a_user_header_names_the_header(tmp_path):
    _write(tmp_path, "util.h", "struct s {\n  int a\n};\n")
    source = _write(tmp_path, "main.c", '#include "util.h"\nint main(void) { return 0; }\n')
    (diagnostic,) = _error(source).diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.col) == (str(tmp_path / "util.h"), 3, 1)


def test_syntax_error_inside_a_macro_expansion_points_at_its_use(tmp_path):
    source = _write(tmp_path, "m.c", "#define BAD(a) (a +)\nint f(void) {\n  return  BAD(1);\n}\n")
    (diagnostic,) = _error(source).diagnostics
    assert diagnostic.line == 3
    assert diagnostic.col is not None and 11 <= diagnostic.col <= 16


def test_preprocessor_errors_come_through_parse_c(tmp_path):
    source = _write(tmp_path, "pp.c", "#include <nothere.h>\n")
    (diagnostic,) = _error(source).diagnostics
    assert (diagnostic.line, diagnostic.col) == (1, 10)
    assert diagnostic.message == "nothere.h: No such file or directory"


def test_warnings_go_to_the_log(tmp_path):
    source = _write(tmp_path, "w.c", "#define X 1\n#define X 2\nint x = X;\n")
    log = DiagnosticLog()
    ast, _ = parse_c(source, log=log)
    assert ast.ext[-1].init.value == "2"
    assert [(d.severity, d.line) for d in log.diagnostics] == [("warning", 2), ("note", 1)]


def test_deep_nesting_parses(tmp_path):
    depth = 1000
    chain = " else ".join(f"if (x == {i}) x = {i + 1};" for i in range(2000))
    source = _write(
        tmp_path,
        "deep.c",
        f"int f(int x) {{\n  x = {'(' * depth}x{')' * depth};\n  {chain}\n  return x;\n}}\n",
    )
    ast, _ = parse_c(source)
    assert user_declarations(ast)[0].decl.name == "f"


def test_nesting_beyond_the_deep_stack_is_a_diagnostic(tmp_path, monkeypatch):
    # gcc accepts 20000 nested parentheses, and so does the parser on its deep
    # stack; with a smaller recursion limit the same input shows the diagnostic.
    monkeypatch.setattr(deep, "RECURSION_LIMIT", 5000)
    depth = 20000
    source = _write(
        tmp_path, "deeper.c", f"int f(int x) {{\n  return {'(' * depth}x{')' * depth};\n}}\n"
    )
    (diagnostic,) = _error(source).diagnostics
    assert diagnostic.message == "construct nested too deeply to parse"
    assert (diagnostic.file, diagnostic.line) == (str(source), 2)


def test_several_files_are_parsed_separately(tmp_path):
    a = _write(tmp_path, "a.c", "static int counter;\nint get(void) { return counter; }\n")
    b = _write(
        tmp_path, "b.c", "static int counter;\nint get(void);\nint main(void) { return get(); }\n"
    )
    (ast_a, origins_a), (ast_b, origins_b) = parse_c(a), parse_c(b)
    assert {n.coord.file for n in user_declarations(ast_a)} == {str(a)}
    assert {n.coord.file for n in user_declarations(ast_b)} == {str(b)}
    assert (origins_a.path, origins_b.path) == (str(a), str(b))


# --- robustness -------------------------------------------------------------

_FRAGMENTS = [
    *"{}()[];,=+-*/%<>!&|^~?:.#\"'\\\n 0123456789xyz_",
    "int",
    "struct",
    "typedef",
    "return",
    "if",
    "else",
    "case",
    "sizeof",
    "0x",
    "1e",
    'u8"',
    "L'",
    "/*",
    "//",
    "...",
    "->",
    "++",
    "#pragma omp task\n",
    '\n# 1 "x.c"\n',
    "\n#line\n",
    '\n# 99999999999999999999 "a"\n',
    '\n# 3 "\0"\n',
    "\x00",
    "\u00e9",
    "_Atomic(",
    "_Static_assert(",
    "offsetof(",
    "__int128",
    "_Alignas(",
    "enum",
    "union",
    "goto",
    "default:",
    "typedef int T; T T;",
    "_Pragma(",
    "#include",
    "__builtin_va_arg(",
]


def _mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        position = rng.randrange(len(text) + 1)
        choice = rng.random()
        if choice < 0.25:
            text = text[:position]
        elif choice < 0.55:
            text = text[:position] + text[position + rng.randint(1, 20) :]
        elif choice < 0.9:
            text = text[:position] + rng.choice(_FRAGMENTS) + text[position:]
        else:
            start = rng.randrange(len(text) + 1)
            text = text[:position] + text[start : start + rng.randint(1, 40)] + text[position:]
    return text


def _check_diagnostics(exc: CompileError) -> None:
    assert exc.errors
    for diagnostic in exc.diagnostics:
        assert diagnostic.line is None or diagnostic.line >= 0
        assert diagnostic.col is None or diagnostic.col >= 1
    assert str(exc)


def test_mutated_preprocessed_text_only_ever_raises_compile_error():
    rng = random.Random(20240611)
    small = preprocess(INPUTS / "constructs.c")
    with_headers = preprocess(INPUTS / "tasks.c")
    # Keep the (long) header part of the second seed; mutate the program after it.
    cut = with_headers.text.index("\n# 12 ")
    outcomes = {"parsed": 0, "rejected": 0}
    for round_ in range(800):
        if round_ % 40:
            seed, text = small, _mutate(small.text, rng)
        else:
            seed = with_headers
            text = with_headers.text[:cut] + _mutate(with_headers.text[cut:], rng)
        try:
            parse_preprocessed(dataclasses.replace(seed, text=text))
            outcomes["parsed"] += 1
        except CompileError as exc:
            _check_diagnostics(exc)
            outcomes["rejected"] += 1
    assert outcomes["parsed"] > 0 and outcomes["rejected"] > 400


def test_mutated_sources_only_ever_raise_compile_error(tmp_path):
    rng = random.Random(7)
    seed = (INPUTS / "constructs.c").read_text()
    for round_ in range(60):
        source = _write(tmp_path, f"m{round_}.c", _mutate(seed, rng))
        try:
            parse_c(source)
        except CompileError as exc:
            _check_diagnostics(exc)
