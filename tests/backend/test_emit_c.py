"""The C emitter: builtin C forms, precedence in the output, refused node kinds,
layout at any nesting depth."""

import dataclasses
import re
import subprocess

import pytest
from inspirec.backend.emit_c import (
    SELF_NAMED_MEMBER_MACROS,
    CEmitter,
    _check_builtin_forms,
    layout,
)
from inspirec.frontend import parse_program
from inspirec.frontend.preprocess import BUNDLED_INCLUDE_DIR
from inspirec.inspire import types as t
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.deep import deep_call
from inspirec.inspire.printer import MAX_INDENT

import inspirec
from inspirec import backend

ATOMIC_ONLY = r"""
#include <stdio.h>

int main(void)
{
    double d = 1.5;
    long l = 3;
#pragma omp atomic
    d *= 2.0;
#pragma omp atomic
    l <<= 2;
    printf("%.1f %ld\n", d, l);
    return 0;
}
"""

EXPRESSIONS = r"""
struct node { int v; struct node *next; };

int f(struct node *p, int *q, int x)
{
    p->next->v = -(-x);
    int first = *q++;
    return (p->v + x) * first - (x - p->v);
}

int main(void)
{
    struct node b = {2, 0}, a = {1, &b};
    int xs[2] = {5, 6};
    return f(&a, xs, 3) == 15 ? 0 : 1;
}
"""


def test_a_program_whose_only_runtime_use_is_an_atomic_update_builds(tmp_path):
    # INSPIRE_ATOMIC_UPDATE is the runtime header's: the program needs it.
    src = tmp_path / "atomic.c"
    src.write_text(ATOMIC_ONLY)
    program = parse_program([str(src)])
    assert backend.uses_runtime(program)
    assert '#include "inspire_rt.h"' in backend.emit_c(program)
    exe = tmp_path / "atomic"
    inspirec.build([str(src)], str(exe))
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60, check=True)
    assert run.stdout == "3.0 12\n"


def test_integer_atomics_need_no_runtime(tmp_path):
    src = tmp_path / "sync.c"
    src.write_text("int main(void) { int x = 0; __sync_fetch_and_add(&x, 2); return x - 2; }\n")
    program = parse_program([str(src)])
    assert not backend.uses_runtime(program)
    assert "__sync_fetch_and_add(&x, 2);" in backend.emit_c(program)


def test_expressions_are_written_with_precedence_not_parentheses(tmp_path):
    src = tmp_path / "expr.c"
    src.write_text(EXPRESSIONS)
    text = backend.emit_c(parse_program([str(src)]))
    assert "    p->next->v = -(-x);" in text
    assert "    int first = *q++;" in text
    assert "    return (p->v + x) * first - (x - p->v);" in text
    assert "return f(&a, xs, 3) == 15 ? 0 : 1;" in text


QUALIFIED = r"""
#include <string.h>
struct entry { const char *key; const int weight; };
static const int k = 3;
static const struct entry table[1] = {{"a", 1}};
static volatile const int sensor = 0;
int *const fixed = (int *)0;
static int twice(int v) { return 2 * v; }
static int (*const ops[1])(int) = {twice};

int count(const char *s, const int n)
{
    const int *p = &k;
    return (int)strlen(s) + n + *p + table[0].weight + sensor + ops[0](1);
}

int main(void)
{
    char buf[4] = "ab";
    return count(buf, 0) == 9 ? 0 : 1;
}
"""


def test_qualifiers_are_kept_in_the_emitted_c(tmp_path):
    # Regression: const was dropped from globals, pointees and parameters.
    src = tmp_path / "qualified.c"
    src.write_text(QUALIFIED)
    text = backend.emit_c(parse_program([str(src)]))
    for line in (
        "    const char *key;",
        "    const int weight;",
        "static const int k = 3;",
        "static const struct entry table[1] = ",
        "static volatile const int sensor = 0;",
        "int *const fixed = (int *)0;",
        "static int (*const ops[1])(int) = {twice};",
        "int count(const char *s, const int n)",
        "    const int *p = &k;",
    ):
        assert line in text
    # char * to const char * is implicit in C: no cast is written
    assert "return count(buf, 0) == 9" in text


def test_every_builtin_needs_a_c_form(monkeypatch):
    _check_builtin_forms()
    monkeypatch.setitem(BUILTINS, "add", dataclasses.replace(BUILTINS["add"], c=None))
    with pytest.raises(TypeError, match="builtin add has no C form"):
        _check_builtin_forms()
    monkeypatch.setitem(BUILTINS, "add", dataclasses.replace(BUILTINS["add"], c="$0 + $2"))
    with pytest.raises(TypeError, match=r"builtin add: C template '\$0 \+ \$2' uses \$2"):
        _check_builtin_forms()


def test_kinds_that_are_not_code_are_refused(tmp_path):
    src = tmp_path / "expr.c"
    src.write_text(EXPRESSIONS)
    emitter = CEmitter(parse_program([str(src)]))
    with pytest.raises(NotImplementedError, match="C emission of a GenericType"):
        emitter.visit(t.INT4)


def test_layout_indents_nested_lines_once_and_stops_at_max_indent():
    """A block nested 100000 deep is laid out without recursion, each line
    indented for its depth up to MAX_INDENT levels."""
    depth = 100_000
    root: list = ["top"]
    inner = root
    for k in range(depth):
        block = [f"line {k}"]
        inner.append(block)
        inner = block
    lines = list(layout(root, "  "))
    assert len(lines) == depth + 1
    assert lines[:3] == ["top", "  line 0", "    line 1"]
    assert lines[-1] == "  " * MAX_INDENT + f"line {depth - 1}"


def _nested_ifs(depth: int) -> str:
    return (
        "int main(void)\n{\n    int x = 0;\n"
        + "if (1) {\n" * depth
        + "x++;\n"
        + "}\n" * depth
        + "    return x;\n}\n"
    )


@pytest.mark.parametrize("serial_only", [False, True])
def test_emitted_c_grows_linearly_with_nesting(tmp_path, serial_only):
    """5000 nested ifs (about 50 s and 150 MB of C when every level re-indented
    the text inside it): twice the nesting is twice the text, and no line is
    longer than MAX_INDENT levels of indentation allow."""
    sizes = {}
    for depth in (2500, 5000):
        src = tmp_path / f"ifs{depth}.c"
        src.write_text(_nested_ifs(depth))

        def emit(path=str(src)):
            return backend.emit_c(parse_program([path]), serial_only=serial_only)

        text = deep_call(emit)
        assert text.count("if (1)") == depth
        main = text[text.index("int main(void)\n{") :]
        assert max(len(line) for line in main.splitlines()) <= 4 * MAX_INDENT + 10
        sizes[depth] = len(text)
    assert sizes[5000] < 2.1 * sizes[2500]


def test_external_symbols_asm_labels_and_file_scope_asm_are_declared(tmp_path):
    # what the program's files declare but define elsewhere is declared in the
    # emitted C (a pointer result must not become an implicit int), with its
    # asm label, after the records it may name; file-scope asm statements
    # come after the declarations
    src = tmp_path / "ext.c"
    src.write_text(
        '#include <stdio.h>\nasm(".globl one\\n.set one, 1");\nchar *make_text(int n);\n'
        "int legacy();\nextern double scale;\nstruct pt { int x; };\n"
        "extern struct pt table[];\nint sum(struct pt p);\n"
        'extern int renamed asm("real_name");\nint mine asm("my_sym") = 2;\n'
        'int twice(int v) __asm__("twice_sym");\nint twice(int v) { return 2 * v; }\n'
        'int main(void) { printf("%s %d %f %d %d %d\\n", make_text(1), legacy(1), scale, renamed,'
        " twice(mine), sum(table[0])); return 0; }\n"
    )
    text = inspirec.translate_c([str(src)]).text
    head = text[: text.index("int twice(int v)\n{")]
    assert (
        "struct pt {\n    int x;\n};\n\nint legacy();\nchar *make_text(int);\n"
        'extern int renamed __asm__("real_name");\nextern double scale;\n'
        "int sum(struct pt);\nextern struct pt table[];\n" in text
    )
    assert 'int mine __asm__("my_sym") = 2;' in head
    assert 'int twice(int v) __asm__("twice_sym");' in head
    assert head.rstrip().endswith('__asm__(".globl one\\n.set one, 1");')


def test_self_named_member_macros_are_those_of_the_bundled_headers():
    # a bundled header's '#define NAME path.NAME' is glibc's too, and the
    # emitted C must undefine it after including the header
    pattern = re.compile(r"^#define (\w+) [\w.]*\.(\w+)$", re.MULTILINE)
    found = {}
    for header in sorted(BUNDLED_INCLUDE_DIR.rglob("*.h")):
        names = [m[1] for m in pattern.finditer(header.read_text()) if m[1] == m[2]]
        if names:
            found[f"<{header.relative_to(BUNDLED_INCLUDE_DIR).as_posix()}>"] = tuple(names)
    assert found == SELF_NAMED_MEMBER_MACROS
