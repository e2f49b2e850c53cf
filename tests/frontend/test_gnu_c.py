"""GNU C that real programs contain: what is lowered, and the precise errors
for what is not (the runnable cases are corpus programs, e.g.
par/atomic_builtins)."""

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.inspire.nodes import TagType
from inspirec.inspire.printer import print_program
from inspirec.inspire.sizes import layout

from inspirec import inspire


def lower_text(tmp_path, text):
    src = tmp_path / "t.c"
    src.write_text(text)
    return parse_program([str(src)])


def error_of(tmp_path, text):
    with pytest.raises(CompileError) as info:
        lower_text(tmp_path, text)
    return str(info.value).replace(str(tmp_path), "T").splitlines()[0]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "int o = 5; return __atomic_load_n(&x, o);",
            "T/t.c:2:39: error: argument 2 of '__atomic_load_n' must be an integer constant "
            "(inspirec makes every atomic operation sequentially consistent)",
        ),
        (
            "return __atomic_fetch_nand(&x, 1, 0);",
            "T/t.c:2:8: error: '__atomic_fetch_nand' is not supported (no atomic nand in inspirec)",
        ),
        (
            "return __atomic_exchange_n(x, 1, 0);",
            "T/t.c:2:28: error: '__atomic_exchange_n' expects a pointer here",
        ),
        (
            "return __atomic_add_fetch(&x, x++, 0);",
            "T/t.c:2:8: error: __atomic_add_fetch with an operand that has side effects "
            "is not supported",
        ),
        (
            "return __atomic_store_n(&x, 1);",
            "T/t.c:2:8: error: wrong number of arguments to '__atomic_store_n' (expected 3)",
        ),
    ],
)
def test_atomic_builtin_errors(tmp_path, body, message):
    assert error_of(tmp_path, f"int main(void) {{ int x = 0;\n{body} }}\n") == message


@pytest.mark.parametrize(
    ("code", "position"),
    [
        ("#include <stdalign.h>\nalignas(64) static int g;\nint main(void) { return g; }\n", "2:1"),
        ("int main(void) {\n_Alignas(double) char buf[8]; return buf[0]; }\n", "2:1"),
    ],
)
def test_alignas_on_an_object_is_an_error_not_a_silent_layout_change(tmp_path, code, position):
    assert error_of(tmp_path, code) == (
        f"T/t.c:{position}: error: _Alignas is not supported by inspirec "
        "(dropping it would change the layout of what it applies to)"
    )


def test_member_and_record_alignment_reach_the_ir_and_its_layout(tmp_path):
    program = lower_text(
        tmp_path,
        "struct s { char c; _Alignas(16) int x; _Alignas(double) char d; }\n"
        "    __attribute__((packed, aligned(32)));\n"
        "int main(void) { struct s v; v.c = 0; return v.c; }\n",
    )
    (s,) = program.structs
    assert (s.packed, s.align, [f.align for f in s.fields]) == (True, 32, [0, 16, 8])
    # gcc: offsets 0, 16, 24; size 32, alignment 32
    lay = layout(TagType("struct", "s"), {("struct", "s"): s})
    assert (lay.offsets, lay.size, lay.align) == ((0, 16, 24), 32, 32)
    assert inspire.parse(inspire.print_program(program)) is program


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "struct s { char c; int b : 3; } __attribute__((packed));\n",
            "T/t.c:1:8: error: bit-fields in a packed struct are not supported by inspirec",
        ),
        (
            "struct s { _Alignas(3) char c; };\n",
            "T/t.c:1:21: error: requested alignment is not a positive power of 2",
        ),
        (
            "struct s { _Alignas(8) int b : 3; };\n",
            "T/t.c:1:28: error: _Alignas on bit-field 'b'",
        ),
    ],
)
def test_record_layout_errors(tmp_path, code, message):
    assert error_of(tmp_path, code + "int main(void) { return 0; }\n") == message


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "int main(void) {\n  _Complex int z = 1; return 0; }\n",
            "T/t.c:2:3: error: complex integer types (a GNU extension) are not supported by "
            "inspirec",
        ),
        (
            "int main(void) {\n  double _Complex z = 1.0 + 2i;\n  return 0;\n}\n",
            "T/t.c:2:29: error: complex integer types (a GNU extension) are not supported by "
            "inspirec",
        ),
        (
            'int main(void) {\n  static int x asm("x2");\n  return x;\n}\n',
            "T/t.c:2:16: error: asm labels of block-scope declarations are not supported by "
            "inspirec",
        ),
        (
            'int (*fp)(void) asm("p");\nint main(void) { return 0; }\n',
            "T/t.c:1:17: error: asm labels of this declarator are not supported by inspirec",
        ),
    ],
)
def test_unsupported_gnu_c_is_named(tmp_path, code, message):
    assert error_of(tmp_path, code) == message


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            'int main(void) {\n  int x = 0;\n  asm("" : [a] "=r"(x) : [a] "r"(x));\n'
            "  return x;\n}\n",
            "T/t.c:3:3: error: duplicate 'asm' operand name 'a'",
        ),
        (
            'int main(void) {\n  int x = 0;\n  asm("%[q]" : [a] "=r"(x));\n  return x;\n}\n',
            "T/t.c:3:3: error: undefined named operand 'q'",
        ),
        (
            'int main(void) {\n  int x = 0;\n  asm("" : [a] "=r"(x) : "[b]"(x));\n  return x;\n}\n',
            "T/t.c:3:3: error: undefined named operand 'b'",
        ),
    ],
)
def test_named_asm_operands_errors(tmp_path, code, message):
    # gcc's errors, at the asm keyword
    assert error_of(tmp_path, code) == message


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            'int main(void) {\n  asm goto("jmp %l0" :::: missing);\n  return 0;\n}\n',
            "T/t.c:2:3: error: label 'missing' used but not defined",
        ),
        (
            'int main(void) {\n  asm goto("nop");\nout:\n  return 0;\n}\n',
            "T/t.c:2:17: error: expected ':' before ')' token",
        ),
        (
            'int main(void) {\n  asm goto("" : : : "memory");\nout:\n  return 0;\n}\n',
            "T/t.c:2:29: error: expected ':' before ')' token",
        ),
        (
            'int main(void) {\n  asm goto("" :::: 3);\n  return 0;\n}\n',
            "T/t.c:2:20: error: expected identifier before numeric constant",
        ),
        (
            'int main(void) {\n  asm goto("" :::: out, out);\nout:\n  return 0;\n}\n',
            "T/t.c:2:3: error: duplicate 'asm' operand name 'out'",
        ),
        (
            'int main(void) {\n  int x = 0;\n  asm goto("" : : [out] "r"(x) : : out);\n'
            "out:\n  return x;\n}\n",
            "T/t.c:3:3: error: duplicate 'asm' operand name 'out'",
        ),
        (
            # gcc 12 crashes on this one: the error is goto's
            'int main(void) {\n#pragma omp task\n  {\n    asm goto("" :::: out);\n  }\n'
            "out:\n  return 0;\n}\n",
            "T/t.c:4:5: error: invalid branch to/from OpenMP structured block",
        ),
        (
            'int main(void) {\n  int x = 0;\n  asm goto("" :::: in);\n#pragma omp task\n'
            "  {\n  in:\n    x++;\n  }\n  return x;\n}\n",
            "T/t.c:3:3: error: invalid entry to OpenMP structured block",
        ),
        (
            'int main(void) {\n  int x = ({ asm goto("" :::: out); 1; });\nout:\n  return x;\n}\n',
            "T/t.c:2:14: error: 'asm goto' inside a statement expression is not supported by "
            "inspirec",
        ),
    ],
)
def test_asm_goto_errors(tmp_path, code, message):
    # gcc's errors and positions
    assert error_of(tmp_path, code) == message


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ('asm volatile("nop");\n', "T/t.c:1:5: error: expected '(' before 'volatile'"),
        # gcc reports these just after the string (1:10, 1:12), at no token
        ('asm("nop" : : );\n', "T/t.c:1:11: error: expected ')' before ':' token"),
        ('asm("a" "b" : );\n', "T/t.c:1:13: error: expected ')' before ':' token"),
        ("asm(x);\n", "T/t.c:1:5: error: expected string literal before 'x'"),
        ("int x asm(y);\n", "T/t.c:1:11: error: expected string literal before 'y'"),
        (
            'int f(void) asm("g") { return 1; }\n',
            "T/t.c:1:22: error: expected ',' or ';' before '{' token",
        ),
    ],
)
def test_file_scope_asm_and_asm_label_errors(tmp_path, code, message):
    # gcc's errors and positions
    assert error_of(tmp_path, code + "int main(void) { return 0; }\n") == message


def test_named_asm_operands_become_numbered(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        "int main(void) {\n  int x = 1, y = 2;\n"
        '  asm("addl %[b], %k[a]" : [a] "+r"(x) : [b] "g"(y), "[a]"(y));\n  return x;\n}\n'
    )
    text = print_program(parse_program([str(src)]))
    assert '"addl %1, %k0"' in text and '"0", ref_deref(y)' in text and "[a]" not in text


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "int f(int a) {\n  return ({ if (a) return 1; 2; });\n}\n",
            "T/t.c:2:20: error: 'return' inside a statement expression is not supported by "
            "inspirec",
        ),
        (
            "int f(int a) {\n  int v = ({ if (a) goto out; 2; });\nout:\n  return v;\n}\n",
            "T/t.c:2:21: error: 'goto' inside a statement expression is not supported by inspirec",
        ),
        (
            "int f(int a) {\n  return ({ l: a; });\n}\n",
            "T/t.c:2:13: error: a label inside a statement expression is not supported by inspirec",
        ),
        (
            "int f(int a) {\n  while (a) ({ if (a > 3) break; a--; });\n  return a;\n}\n",
            "T/t.c:2:27: error: 'break' out of a statement expression is not supported by inspirec",
        ),
        (
            "int f(int a) {\n  for (; a; a--) ({ continue; });\n  return a;\n}\n",
            "T/t.c:2:21: error: 'continue' out of a statement expression is not supported by "
            "inspirec",
        ),
        (
            "int f(int a) {\n  return ({\n#pragma omp task\n    a++;\n    a; });\n}\n",
            "T/t.c:3:9: error: '#pragma omp task' inside a statement expression is not supported "
            "by inspirec",
        ),
        (
            "int f(int n) {\n  int (*p)[n] = ({ int a[2][n]; a; });\n  return p != 0;\n}\n",
            "T/t.c:2:33: error: a statement expression whose value has a variably modified type "
            "is not supported by inspirec",
        ),
        (
            "int f(int a) {\n  static int z = ({ 1; });\n  return z + a;\n}\n",
            "T/t.c:2:18: error: a statement expression in the initializer of a static variable "
            "is not supported by inspirec",
        ),
        (
            "int f(int n) {\n  int a[n];\n  typeof(a) b;\n  return sizeof b;\n}\n",
            "T/t.c:3:3: error: typeof of a variably modified type is not supported by inspirec",
        ),
        (
            "int f(int n) {\n  return sizeof(typeof(int[n]));\n}\n",
            "T/t.c:2:28: error: typeof of a variably modified type is not supported by inspirec",
        ),
        (
            "int f(int n) {\n  int a[n];\n  __auto_type p = &a;\n  return sizeof *p;\n}\n",
            "T/t.c:3:15: error: __auto_type of a variably modified type is not supported by "
            "inspirec",
        ),
        (
            "int g(int x) { return x; }\nint (*fp)(int) = g;\n"
            "int f(int n) {\n  typeof(*fp) *q = g;\n  return q(n);\n}\n",
            "T/t.c:4:3: error: typeof of a dereferenced function pointer is not supported by "
            "inspirec",
        ),
    ],
)
def test_statement_expression_and_typeof_limits_are_named(tmp_path, code, message):
    assert error_of(tmp_path, code + "int main(void) { return f(1); }\n") == message


def test_statement_expressions_round_trip_through_the_ir_text(tmp_path):
    program = lower_text(
        tmp_path,
        "int main(void) {\n  int a = 2;\n  int b = a > 1 && ({ int t = a * 3; t > 5; });\n"
        "  ({ a++; ; });\n  return ({ int r = ({ a + b; }); r - 4; });\n}\n",
    )
    text = inspire.print_program(program)
    assert "log_and(gt(ref_deref(a), 1), ({ var ref<int<4>> t" in text
    assert "({ cast<unit>(post_inc(a)); });" in text  # ends with an empty statement: void
    assert inspire.parse(text) is program


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "int main(void) {\n  int outer(int x) { return x + 1; }\n  return outer(-1); }\n",
            "T/t.c:2:20: error: nested functions (a GNU extension) are not supported by inspirec",
        ),
        (
            "int main(void) {\n  if (1) {\n    static long *inner(void) { return 0; }\n  }\n}\n",
            "T/t.c:3:30: error: nested functions (a GNU extension) are not supported by inspirec",
        ),
        # not nested functions: plain syntax errors stay plain
        (
            "int main(void) {\n  int x = (1 + 2) { ; return 0; }\n",
            "T/t.c:2:19: error: syntax error before '{'",
        ),
        (
            "int f(int);\nint main(void) { return f(1) { }\n",
            "T/t.c:2:30: error: syntax error before '{'",
        ),
    ],
)
def test_nested_functions_are_named(tmp_path, code, message):
    assert error_of(tmp_path, code) == message
