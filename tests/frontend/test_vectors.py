"""GNU C vectors (``vector_size``) and the C compiler's own headers: gcc's
errors at gcc's lines, the IR types and their sizes, what the compiler
headers give the program (the runnable programs are corpus programs:
seq/gnu_vectors, seq/x86_intrinsics, par/vector_tasks)."""

import os
import subprocess
import sys

import pytest
from inspirec.frontend import parse_program
from inspirec.frontend.preprocess import (
    _compiler_header_declarations,
    compiler_header,
    preprocess,
)
from inspirec.inspire import types as t
from inspirec.inspire.parser import parse
from inspirec.inspire.printer import print_program
from inspirec.inspire.sizes import layout, record_layout
from lowering_errors import gcc_diagnostics, lowering_error

_TYPES = """\
typedef int v4si __attribute__((vector_size(16)));
typedef unsigned v4su __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
v4si a; v4su u; v4sf f; v8hi h; int i; long lg;
"""


#: gcc's names of the vector types (it adds the typedef name, which the IR loses).
V4SI, V4SU, V4SF, V8HI = (
    f"'__vector({n}) {e}'"
    for n, e in ((4, "int"), (4, "unsigned int"), (4, "float"), (8, "short int"))
)
TRUNCATION = "conversion of scalar '{}' to vector {} involves truncation"
ASSIGNING = "incompatible types when assigning to type {} from type {}"


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        ("a = a + 2.5;", "cannot convert value to a vector"),
        ("f = f + i;", TRUNCATION.format("int", V4SF)),
        ("a = a + lg;", TRUNCATION.format("long int", V4SI)),
        ("h = h + 70000;", TRUNCATION.format("int", V8HI)),
        ("f = f * 0.1;", TRUNCATION.format("double", V4SF)),
        ("f = f * -0.5;", TRUNCATION.format("double", V4SF)),
        ("f = f + 16777217;", TRUNCATION.format("int", V4SF)),
        ("a = !a;", "wrong type argument to unary exclamation mark"),
        ("a = a && a;", "used vector type where scalar is required"),
        ("a = a ? a : a;", "used vector type where scalar is required"),
        ("if (a) i = 1;", "used vector type where scalar is required"),
        ("f = ~f;", "wrong type argument to bit-complement"),
        ("f = f % f;", f"invalid operands to binary % (have {V4SF} and {V4SF})"),
        ("f = f << 1;", f"invalid operands to binary << (have {V4SF} and 'int')"),
        ("a = a + h;", f"invalid operands to binary + (have {V4SI} and {V8HI})"),
        ("a = h;", ASSIGNING.format(V4SI, V8HI)),
        ("u = a;", ASSIGNING.format(V4SU, V4SI)),
        ("a = i;", ASSIGNING.format(V4SI, "'int'")),
        (
            "lg = (long)a;",
            f"cannot convert a vector of type {V4SI} to type 'long int' which has different size",
        ),
        ("a = (v4si)i;", "can't convert value to a vector"),
        ("v4si b = {[2] = 5};", "array index in non-array initializer"),
        ("f %= f;", f"invalid operands to binary % (have {V4SF} and {V4SF})"),
        (
            "a = __builtin_shuffle(a, h);",
            "'__builtin_shuffle' number of elements of the argument vector(s) and the mask "
            "vector should be the same",
        ),
        (
            "a = __builtin_shuffle(a, f);",
            "'__builtin_shuffle' last argument must be an integer vector",
        ),
        (
            "a = __builtin_convertvector(a, v8hi);",
            "'__builtin_convertvector' number of elements of the first argument vector and the "
            "second argument vector type should be the same",
        ),
        (
            "a = __builtin_convertvector(1, v4si);",
            "'__builtin_convertvector' first argument must be an integer or floating vector",
        ),
    ],
)
def test_vector_operations_gcc_rejects_are_errors_at_its_line(tmp_path, statement, message):
    source = f"{_TYPES}int main(void) {{\n  {statement}\n  return 0;\n}}\n"
    error = lowering_error(tmp_path, source).splitlines()[0]
    assert error.startswith("T/t.c:7:") and error.endswith(f"error: {message}"), error
    gcc = gcc_diagnostics(tmp_path / "t.c")
    assert gcc and ":7:" in gcc[0] and ": error: " in gcc[0], gcc


@pytest.mark.parametrize(
    ("declaration", "message"),
    [
        ("typedef int v VECTOR(12);", "number of vector components 3 not a power of two"),
        ("typedef int v VECTOR(2);", "vector size not an integral multiple of component size"),
        ("typedef _Bool v VECTOR(16);", "invalid vector type for attribute 'vector_size'"),
        ("typedef char v VECTOR(0);", "zero vector size"),
        (
            "typedef int w VECTOR(16);\ntypedef w v VECTOR(32);",
            "invalid vector type for attribute 'vector_size'",
        ),
        ("typedef int v VECTOR(-16);", "'vector_size' attribute argument value '-16' is negative"),
    ],
)
def test_vector_sizes_gcc_rejects_are_errors(tmp_path, declaration, message):
    declaration = declaration.replace("VECTOR(", "__attribute__((vector_size(").replace(
        ");", ")));"
    )
    error = lowering_error(tmp_path, f"{declaration}\nint main(void) {{ return 0; }}\n")
    assert error.splitlines()[0].endswith(f"error: {message}"), error
    assert any(": error: " in line for line in gcc_diagnostics(tmp_path / "t.c"))


def test_vector_size_elsewhere_than_on_a_typedef_is_named(tmp_path):
    error = lowering_error(
        tmp_path, "int v __attribute__((vector_size(16)));\nint main(void) { return 0; }\n"
    )
    assert error.splitlines()[0] == (
        "T/t.c:1:7: error: __attribute__((vector_size(16))) is supported by inspirec only on a "
        "typedef name"
    )


def test_vector_types_their_layout_and_the_ir_text(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        "typedef long long v2di __attribute__((vector_size(16)));\n"
        "typedef double v4df __attribute__((vector_size(32)));\n"
        "typedef char v2qi __attribute__((vector_size(2)));\n"
        "typedef const float cv4sf __attribute__((vector_size(16)));\n"
        "struct s { char c; v2di x; v4df y; };\n"
        "v2di g; v4df h; v2qi k; cv4sf c;\n"
        "int main(void) { return (int)(g < g)[0] + (int)(k[1] == 0); }\n"
    )
    program = parse_program([str(src)])
    types = {d.var.name: d.var.type.params[0] for d in program.globals}
    assert types["g"] is t.vector(t.int_type(8), 2)
    assert types["h"] is t.vector(t.real_type(8), 4)
    assert types["k"] is t.vector(t.CHAR, 2)
    assert types["c"] is t.qualify(t.vector(t.real_type(4), 4), ["const"])
    assert [layout(types[name]).align for name in ("g", "h", "k")] == [16, 32, 2]
    assert layout(types["h"]).size == 32
    record = next(s for s in program.structs if s.name == "s")
    assert record_layout(record).offsets == (0, 16, 32) and record_layout(record).size == 64
    text = print_program(program)
    assert "vector<int<8>,2>" in text and "vector_lt(" in text
    assert print_program(parse(text)) == text


def test_a_compiler_header_is_read_for_the_declarations_the_program_names(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        "#include <emmintrin.h>\n"
        "int main(void) {\n  __m128i a = _mm_set1_epi32(3);\n"
        "  return _mm_cvtsi128_si32(_mm_add_epi32(a, a)) + missing;\n}\n"
    )
    result = preprocess(src)
    assert "emmintrin.h" in result.origins.bundled_includes
    header = [line for line in result.text.splitlines() if "_mm_add_epi32" in line]
    # declared, without its body; a function the program does not name is not
    assert header and all("{" not in line for line in header)
    assert "_mm_sub_epi32" not in result.text and "__builtin_ia32_paddd128" not in result.text
    # the program's own tokens keep their places
    assert lowering_error(tmp_path, src.read_text()).splitlines()[0] == (
        "T/t.c:4:51: error: 'missing' undeclared"
    )


def test_compiler_header_declarations_keep_every_position():
    header = "/usr/lib/gcc/x86_64-linux-gnu/12/include/made_up.h"
    text = (
        f'# 1 "{header}" 1 3 4\n'
        "extern __inline int __attribute__((__always_inline__))\nnamed (int a)\n{\n"
        '  return a + "}"[0];\n}\n'
        "int unnamed (int);\ntypedef int kept_t;\nstruct s { int x; };\n"
        '# 2 "t.c" 2\n'
        "int main(void) { return named(1); }\n"
    )
    reduced = _compiler_header_declarations(text)
    lines, before = reduced.split("\n"), text.split("\n")
    assert len(lines) == len(before)
    assert lines[2] == "named (int a)" and lines[3] == ";"  # the body is gone
    assert lines[4].strip() == "" and lines[5].strip() == ""
    assert lines[6].strip() == ""  # a function nothing names
    assert lines[7:] == before[7:]  # the typedef, the record, the program's text


def test_an_x86_builtin_the_bundled_headers_do_not_declare_needs_its_cast(tmp_path):
    # the intrinsics headers' macros cast each call (lower_expr.compiler_builtin);
    # called otherwise, it would be an implicit int function that links nowhere
    error = lowering_error(tmp_path, "int main(void) {\n  return __builtin_ia32_bsrsi(8);\n}\n")
    assert error.splitlines()[0] == (
        "T/t.c:2:10: error: '__builtin_ia32_bsrsi' is supported by inspirec only cast to its "
        "result type, as the intrinsics headers call it (or through its intrinsic)"
    )


def test_compiler_headers_are_told_from_other_system_headers():
    found = subprocess.run(
        ["gcc", "-print-file-name=include"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert compiler_header(f"{found}/emmintrin.h") == "emmintrin.h"
    assert compiler_header("/usr/include/stdio.h") is None
    assert compiler_header("<built-in>") is None


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "typedef int *v __attribute__((vector_size(16)));",
            "a vector of pointers is not supported by inspirec",
        ),
        (
            "int n = 16;\ntypedef int v __attribute__((vector_size(n)));",
            "'vector_size' attribute argument is not an integer constant",
        ),
        (
            '#pragma GCC target("avx2 bad")',
            "'#pragma GCC target' options \"avx2 bad\" are not supported",
        ),
        (
            f"{_TYPES}int g(void) {{ a = __builtin_shuffle(a, f, a); return 0; }}",
            "'__builtin_shuffle' arguments must be vectors of one type",
        ),
        (
            f"{_TYPES}int g(void) {{ a = __builtin_shuffle(a); return 0; }}",
            "wrong number of arguments to '__builtin_shuffle'",
        ),
        (
            f"{_TYPES}int g(void) {{ a = __builtin_convertvector(a, int); return 0; }}",
            "'__builtin_convertvector' second argument must be an integer or floating vector type",
        ),
    ],
)
def test_the_other_vector_and_target_errors_name_the_problem(tmp_path, code, message):
    error = lowering_error(tmp_path, f"{code}\nint main(void) {{ return 0; }}\n")
    assert error.splitlines()[0].endswith(f"error: {message}"), error
    # through the CLI: exit status 1, the message, no traceback
    done = subprocess.run(
        [sys.executable, "-m", "inspirec", "emit", str(tmp_path / "t.c"), "-o", os.devnull],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and message in done.stderr and "Traceback" not in done.stderr
