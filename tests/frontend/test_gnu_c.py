"""GNU C that real programs contain: what is lowered, and the precise errors
for what is not (the runnable cases are corpus programs, e.g.
par/atomic_builtins, or run here against gcc)."""

import platform
import shutil
import sys
from pathlib import Path

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.frontend.diagnostics import DiagnosticLog
from inspirec.inspire.nodes import TagType
from inspirec.inspire.printer import print_program
from inspirec.inspire.sizes import layout

import inspirec
from inspirec import inspire

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import corpus


def lower_text(tmp_path, text):
    src = tmp_path / "t.c"
    src.write_text(text)
    return parse_program([str(src)])


def diagnostics_of(tmp_path, text, name="t.c"):
    """The program ``text`` lowered: its warnings and notes (first lines, the
    folder shown as ``T``), and the program."""
    src = tmp_path / name
    src.write_text(text)
    log = DiagnosticLog()
    program = parse_program([str(src)], log=log)
    return [str(d).replace(str(tmp_path), "T").splitlines()[0] for d in log.diagnostics], program


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
    ("body", "message"),
    [
        (
            "_Bool b; return __builtin_add_overflow(x, 1, &b);",
            "T/t.c:2:47: error: argument 3 in call to function '__builtin_add_overflow' has "
            "pointer to boolean type",
        ),
        (
            "float f; return __builtin_add_overflow(x, 1, &f);",
            "T/t.c:2:47: error: argument 3 in call to function '__builtin_add_overflow' does "
            "not have pointer to integral type",
        ),
        (
            "double d = 1; return __builtin_mul_overflow(d, 1, &x);",
            "T/t.c:2:45: error: argument 1 in call to function '__builtin_mul_overflow' does "
            "not have integral type",
        ),
        (
            "return __builtin_sub_overflow(x, 1);",
            "T/t.c:2:8: error: wrong number of arguments to '__builtin_sub_overflow' (expected 3)",
        ),
        (
            "return __builtin_add_overflow_p(x, 1, (_Bool)0);",
            "T/t.c:2:39: error: argument 3 in call to function '__builtin_add_overflow_p' has "
            "boolean type",
        ),
        (
            "return __builtin_mul_overflow_p(x, 1, 1.0);",
            "T/t.c:2:39: error: argument 3 in call to function '__builtin_mul_overflow_p' does "
            "not have integral type",
        ),
        (
            "return __builtin_sub_overflow_p(1.0, x, 0);",
            "T/t.c:2:33: error: argument 1 in call to function '__builtin_sub_overflow_p' does "
            "not have integral type",
        ),
        (
            "return __builtin_choose_expr(x, 1, 2);",
            "T/t.c:2:30: error: first argument to '__builtin_choose_expr' not a constant",
        ),
        (
            "return __builtin_types_compatible_p(x, int);",
            "T/t.c:2:8: error: expected a type name as argument of '__builtin_types_compatible_p'",
        ),
        (
            "long w; return __builtin_types_compatible_p(long long, typeof(w));",
            "T/t.c:2:16: error: '__builtin_types_compatible_p' of a 'long' or 'long long' "
            "type and a typedef name or 'typeof' of one: inspirec has one type for both; "
            "not supported",
        ),
    ],
)
def test_builtins_recognised_by_name_errors(tmp_path, body, message):
    assert error_of(tmp_path, f"int main(void) {{ int x = 0;\n{body} }}\n") == message


def test_a_converted_compound_assignment_to_a_bit_field_with_side_effects_is_refused(tmp_path):
    # a bit-field has no address to take once; gcc accepts it
    code = "struct s { int bf : 4; } a[2];\nint f(void) { return 1; }\n"
    code += "int main(void) { a[f()].bf += 1.5; return a[1].bf; }\n"
    assert error_of(tmp_path, code) == (
        "T/t.c:3:18: error: '+=' with a converted operand on a bit-field with side effects "
        "is not supported"
    )


def test_a_cast_to_a_union_needs_a_member_of_the_operands_type(tmp_path):
    code = "union U { int i; double d; };\nint main(void) { float f = 1;\n"
    code += "  union U u = (union U)f; return u.i; }\n"
    assert error_of(tmp_path, code) == (
        "T/t.c:3:15: error: cast to union type from type not present in union"
    )


def test_alignment_of_a_function_is_an_error_not_a_silent_layout_change(tmp_path):
    code = "_Alignas(16) int f(void);\nint main(void) { return 0; }\n"
    assert error_of(tmp_path, code) == (
        "T/t.c:1:1: error: the alignment of a function is not supported by inspirec "
        "(dropping it would change the layout)"
    )


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("typedef _Alignas(16) int T;\n", "T/t.c:1:26: error: alignment specified for typedef 'T'"),
        (
            "int main(void) {\n  typedef int U;\n  typedef _Alignas(8) U V, W;\n  return 0;\n}\n",
            "T/t.c:3:25: error: alignment specified for typedef 'V'",
        ),
    ],
)
def test_alignment_of_a_typedef_is_gcc_error(tmp_path, code, message):
    """gcc rejects it (C11 6.7.5p2); the parser used to drop it."""
    assert error_of(tmp_path, code) == message


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "typedef int it __attribute__((aligned(16)));\nint main(void) {\n  it a[4];\n"
            "  return 0;\n}\n",
            "T/t.c:3:3: error: alignment of array elements is greater than element size",
        ),
        (
            "typedef int it __attribute__((aligned(3)));\nint main(void) { return 0; }\n",
            "T/t.c:1:16: error: requested alignment '3' is not a positive power of 2",
        ),
    ],
)
def test_gnu_aligned_typedef_errors(tmp_path, code, message):
    assert error_of(tmp_path, code) == message


def test_gnu_aligned_typedef_reaches_objects_and_members(tmp_path):
    # the IR has no alignment for types: the typedef's declarations carry it
    program = lower_text(
        tmp_path,
        "typedef double w __attribute__((aligned(32))), n;\ntypedef w w2;\n"
        "struct s { char c; w2 d; n e; };\nw g;\n"
        "int main(void) { w2 x = 0; struct s v = {0}; return (int)(x + v.e + g); }\n",
    )
    text = print_program(program)
    assert "global g : ref<real<8>> align 32;" in text
    assert "var ref<real<8>> x align 32" in text
    (decl,) = [d for d in program.structs if d.name == "s"]
    assert [f.align for f in decl.fields] == [0, 32, 0]


def test_alignment_in_a_typedef_record_is_its_member_alignment(tmp_path):
    code = "typedef struct { char c; _Alignas(16) int x; } S;\nint main(void) { return 0; }\n"
    lower_text(tmp_path, code)  # no error


def test_object_alignment_reaches_the_ir(tmp_path):
    program = lower_text(
        tmp_path,
        "#include <stdalign.h>\nalignas(64) static int g;\n"
        "static float h[4] __attribute__((aligned(32)));\n"
        "int main(void) {\n  _Alignas(double) char buf[8];\n"
        "  static char s[2] __attribute__((aligned(128)));\n"
        "  return g + buf[0] + (int)h[0] + s[0];\n}\n",
    )
    text = print_program(program)
    assert "global static g : ref<int<4>> align 64;" in text
    assert "global static h : ref<array<real<4>,4>> align 32;" in text
    assert "var ref<array<char,8>> buf align 8;" in text
    assert "align 128;" in text


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
            "struct s { char c; int i __attribute__((packed)); int b : 3; };\n",
            "T/t.c:1:8: error: bit-fields in a struct with a packed member are not supported by "
            "inspirec",
        ),
        (
            "struct s { _Alignas(3) char c; };\n",
            "T/t.c:1:21: error: requested alignment is not a positive power of 2",
        ),
        (
            "struct s { _Alignas(8) int b : 3; };\n",
            "T/t.c:1:28: error: _Alignas on bit-field 'b'",
        ),
        (
            "typedef float f __attribute__((mode(DI)));\n",
            "T/t.c:1: error: mode 'DI' applied to inappropriate type",
        ),
        (
            "int x __attribute__((mode(DI)));\n",
            "T/t.c:1:7: error: __attribute__((mode(DI))) is supported by inspirec only on a "
            "typedef name",
        ),
        (
            "typedef int v4 __attribute__((mode(V4SI)));\n",
            "T/t.c:1:16: error: __attribute__((mode(V4SI))) is not supported by inspirec",
        ),
    ],
)
def test_record_layout_errors(tmp_path, code, message):
    assert error_of(tmp_path, code + "int main(void) { return 0; }\n") == message


@pytest.mark.parametrize(
    ("code", "message"),
    [
        # explicit register variables: gcc's errors, and sharing one
        (
            'int main(void) {\n  register int r asm("r12") = 4;\n  int *p = &r;\n  return *p;\n}\n',
            "T/t.c:3:13: error: address of register variable 'r' requested",
        ),
        (
            "struct s { int a; };\nint main(void) {\n  register struct s v;\n  return *&v.a;\n}\n",
            "T/t.c:4:12: error: address of register variable 'v' requested",
        ),
        (
            'int main(void) {\n  register int q asm("nosuch");\n  q = 1;\n  return q;\n}\n',
            "T/t.c:2:16: error: invalid register name for 'q'",
        ),
        (
            'int main(void) {\n  register long r asm("r12") = 5;\n#pragma omp atomic\n'
            "  r += 1;\n  return r;\n}\n",
            "T/t.c:4:3: error: address of register variable 'r' requested",
        ),
        (
            'int main(void) {\n  register long r asm("r12") = 5;\n#pragma omp parallel\n'
            "  r++;\n  return r;\n}\n",
            "T/t.c:4:3: error: the address of explicit register variable 'r' is needed by this "
            "OpenMP construct: not supported by inspirec",
        ),
        (
            'int main(void) {\n  register long r asm("r12") = 5;\n'
            "#pragma omp taskloop reduction(+: r)\n  for (int i = 0; i < 2; i++)\n    r++;\n"
            "  return r;\n}\n",
            "T/t.c:4:3: error: the address of explicit register variable 'r' is needed by this "
            "OpenMP construct: not supported by inspirec",
        ),
        (
            'register long g asm("r15");\nint main(void) { return g; }\n',
            "T/t.c:1:15: error: global register variables (a GNU extension) are not supported "
            "by inspirec",
        ),
        (
            "register long g;\nint main(void) { return 0; }\n",
            "T/t.c:1:15: error: register name not specified for 'g'",
        ),
        (
            'int g = 1;\nint main(void) {\n  extern long h asm("g");\n  return h;\n}\n',
            "T/t.c:3:15: error: 'h' names \"g\" with another type: not supported by inspirec",
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
            'int main(void) {\n  int x = 1 + ({ asm goto("" :::: out); 1; });\n'
            "out:\n  return x;\n}\n",
            "T/t.c:2:18: error: 'asm goto' inside a statement expression is not supported by "
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
        # jumps out of a statement expression that is not evaluated first
        (
            "int f(int a) {\n  return 1 + ({ if (a) return 1; 2; });\n}\n",
            "T/t.c:2:24: error: 'return' inside a statement expression is not supported by "
            "inspirec",
        ),
        (
            "int f(int a) {\n  int v = a + ({ if (a) goto out; 2; });\nout:\n  return v;\n}\n",
            "T/t.c:2:25: error: 'goto' inside a statement expression is not supported by inspirec",
        ),
        (
            "int f(int a) {\n  return a + ({ l: a; });\n}\n",
            "T/t.c:2:17: error: a label inside a statement expression is not supported by inspirec",
        ),
        (
            "int f(int a) {\n  while (a) a += ({ if (a > 3) break; 1; });\n  return a;\n}\n",
            "T/t.c:2:32: error: 'break' out of a statement expression is not supported by inspirec",
        ),
        (
            "int f(int a) {\n  for (; a; a--) a = a * ({ continue; 1; });\n  return a;\n}\n",
            "T/t.c:2:29: error: 'continue' out of a statement expression is not supported by "
            "inspirec",
        ),
        # gcc's error for a jump into one, with its note
        (
            "int f(int a) {\n  goto in;\n  a = ({ in: a + 1; });\n  return a;\n}\n",
            "T/t.c:2:3: error: jump into statement expression",
        ),
        (
            "int f(int a) {\n  ({ l: a++; });\n  if (a < 3)\n    goto l;\n  return a;\n}\n",
            "T/t.c:4:5: error: jump into statement expression",
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
            "int f(int n) {\n  int (*p)[n] = 0;\n  typeof(p++) q = p;\n  return q != 0;\n}\n",
            "T/t.c:3:3: error: typeof of a variably modified expression with side effects is not "
            "supported by inspirec",
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


COMPLEX_INTEGERS = r"""#include <stdio.h>
#include <complex.h>

struct pt { int tag; _Complex int z; __complex__ short s; };

static _Complex long mulc(_Complex long a, _Complex long b) { return a * b; }

#define P(z) printf("%s = %lld %lld\n", #z, (long long)__real__ (z), (long long)__imag__ (z))

int main(void) {
  _Complex int a = 3 + 4i, b = 1 - 2i;
  __complex__ short s = 7;
  _Complex unsigned long u = 5ul + 3uli;
  _Complex char c = 2;
  __imag__ c = -3;
  P(a + b); P(a - b); P(a * b); P(a / b); P(-a); P(~a);
  printf("%d %d %d\n", a == b, a != b, a == 3 + 4i);
  P(s * 2); P(s + s); P(c * c); P(u / 2); P(u * a);
  P(a * 2); P(2 * a); P(a / 2); P(10 / b);
  a += 1; P(a); a *= b; P(a); a -= 2i; P(a); a /= 1 + 1i; P(a);
  __real__ a = 9; __imag__ a += 1; P(a);
  double _Complex d = a; printf("%g %g\n", creal(d), cimag(d));
  _Complex float f = 1.5f + 2.5fi; a = f; P(a);
  int r = a; double x = b; printf("%d %g\n", r, x);
  a = 7.9; P(a); d = a + 0.5; printf("%g %g\n", creal(d), cimag(d));
  printf("%zu %zu %zu %zu %zu\n", sizeof a, sizeof s, sizeof u, sizeof c, sizeof(struct pt));
  printf("%zu %zu\n", _Alignof(_Complex short), __builtin_offsetof(struct pt, s));
  struct pt p = {1, 2 + 3i, 4};
  p.z *= p.s; P(p.z); P(p.s);
  P(mulc(u, 1 + 1i));
  int k = !a + (b ? 1 : 0); printf("%d\n", k);
  _Complex int arr[3] = {1, 2i, 3 + 3i};
  P(arr[0] + arr[1] + arr[2]);
  _Complex int sum = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 4; i++) {
#pragma omp task firstprivate(a) shared(sum)
      {
#pragma omp atomic
        __real__ sum += __real__ a * i;
#pragma omp critical
        sum += 1i * i;
      }
    }
  }
  P(sum);
  return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_complex_integer_types_compute_as_with_gcc(tmp_path):
    # _Complex int, __complex__ short, _Complex unsigned long, _Complex char:
    # arithmetic with complex and real operands, compound assignment,
    # __real__/__imag__ (also as lvalues), conversions to and from real and
    # complex floating types, integer imaginary constants (3uli), sizeof and
    # layout in a struct, a function's parameters and result, an array, and
    # a task capturing one firstprivate and one shared
    src = tmp_path / "cint.c"
    src.write_text(COMPLEX_INTEGERS)
    gcc_exe = corpus.build_source_with_gcc(src, tmp_path / "gcc_prog", "-fopenmp", "-w")
    expected = corpus.run_binary(gcc_exe, threads=2)
    assert expected.returncode == 0
    for flags in ((), ("--serial",)):
        ours = tmp_path / ("ours" + "".join(flags))
        inspirec.build([str(src)], str(ours), serial=bool(flags))
        got = corpus.run_binary(ours, threads=2)
        assert (got.returncode, got.stdout) == (0, expected.stdout)
    assert "u * a = 3 29\n" in expected.stdout


REGISTER_VARIABLES = r"""#include <stdio.h>

static long twice_in_r13(long v) {
    register long t asm("%r13");
    t = v;
    asm("add %0, %0" : "+r"(t));
    return t;
}

static long task_sum(int n) {
    long sum = 0;
    register long r asm("r12") = 5;
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(r) shared(sum)
        {
#pragma omp atomic
            sum += r + i;
        }
    }
#pragma omp taskwait
    return sum;
}

int main(void) {
    register long r asm("r12") = 5;
    long seen;
    asm volatile("add $3, %0" : "+r"(r));
    asm volatile("mov %%r12, %0" : "=r"(seen));
    {
        long r = 100;  /* a plain local hiding the register variable */
        seen += r;
    }
    register int plain = 2;
    long s = 0;
#pragma omp parallel
#pragma omp single
    s = task_sum(4) + twice_in_r13(plain);
    printf("%ld %ld %ld\n", r, seen, s);
    return 0;
}
"""


@pytest.mark.skipif(
    shutil.which("gcc") is None or platform.machine() != "x86_64", reason="needs gcc on x86-64"
)
def test_explicit_register_variables_run_as_with_gcc(tmp_path):
    # block-scope register variables bound to r12 and %r13: an asm operand
    # that the next asm reads back from r12 itself, one hidden by a plain
    # local, one without initialiser, one a task copies (firstprivate) in a
    # function that also has a serial version; a plain register variable
    src = tmp_path / "regs.c"
    src.write_text(REGISTER_VARIABLES)
    gcc_exe = corpus.build_source_with_gcc(src, tmp_path / "gcc_prog", "-fopenmp", "-O2")
    expected = corpus.run_binary(gcc_exe, threads=2)
    assert (expected.returncode, expected.stdout) == (0, "8 108 30\n")
    for flags in ((), ("--serial",)):
        ours = tmp_path / ("ours" + "".join(flags))
        inspirec.build([str(src)], str(ours), serial=bool(flags))
        got = corpus.run_binary(ours, threads=2)
        assert (got.returncode, got.stdout) == (0, expected.stdout)


BLOCK_SCOPE_ASM_LABELS = r"""
#include <stdio.h>

int shared_value = 5;
int other asm("renamed_other") = 9;

static int twice(int x) {
    extern unsigned long my_strlen(const char *) asm("strlen");
    extern int alias asm("shared_value");
    extern int alias2 asm("renamed_other");
    extern int say(const char *) asm("puts");
    typedef int word asm("ignored_too");
    _Static_assert(sizeof(word) == 4, "a block-scope static assertion");
    word w = 1;
    alias += w;
    say("hi");
    return (int)my_strlen("abcd") * x + alias + alias2;
}

int main(void) {
    static int hits asm("main_hits") = 0;
    hits++;
    int k asm("ignored") = 2;
    int t = twice(3);
    printf("%d %d %d\n", t, shared_value, hits + k);
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_block_scope_asm_labels_run_as_with_gcc(tmp_path):
    # extern objects and functions named by their assembler name (the
    # program's own, or another library's), a static local's assembler name,
    # and the labels gcc ignores: a typedef name's, an automatic variable's
    # (with gcc's warning); a block-scope _Static_assert
    src = tmp_path / "labels.c"
    assert diagnostics_of(tmp_path, BLOCK_SCOPE_ASM_LABELS, "labels.c")[0] == [
        "T/labels.c:23:9: warning: ignoring 'asm' specifier for non-static local variable 'k'"
    ]
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2", "-w")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    expected = corpus.run_binary(gcc_exe, threads=1)
    got = corpus.run_binary(ours, threads=1)
    assert (got.returncode, got.stdout) == (0, expected.stdout)
    assert expected.stdout == "hi\n27 6 3\n"


def test_a_jump_into_a_statement_expression_notes_the_label(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        "int main(void) {\n  int a = 0;\n  goto in;\n  a = ({ in: a + 1; });\n  return a;\n}\n"
    )
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    lines = [x for x in str(info.value).replace(str(tmp_path), "T").splitlines() if "T/t.c" in x]
    assert lines == [
        "T/t.c:3:3: error: jump into statement expression",
        "T/t.c:4:10: note: label 'in' defined here",
    ]


JUMPS_OUT_OF_STATEMENT_EXPRESSIONS = r"""
#include <stdio.h>

static int halve(int x) {
    int y = ({ if (x < 0) return -1; x / 2; });
    return y + 1;
}

static int clamp(int x) {
    int r = 0;
    r = ({ if (x > 5) goto big; int k = 0; again: k++; if (k < x) goto again; k; });
    return r;
big:
    return 100;
}

static int sum(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        ({ if (i == 3) continue; if (i == 7) break; s += i; });
        __auto_type w = ({ if (i == 5) continue; i * 10; });
        s += w;
    }
    return ({ if (n > 100) return -5; s; });
}

static int counter;

static void bump(int x) {
    return ({ if (x > 2) return; counter += x; (void)0; });
}

static int leave(int x) {
    int v = ({ if (x) asm goto("" :::: out); 7; });
    return v;
out:
    return -7;
}

int main(void) {
    int v = ({ int k = 0; top: k += 3; if (k < 10) goto top; k; });
    bump(1);
    bump(5);
    printf("%d %d %d %d %d %d %d %d %d\n", halve(-3), halve(9), clamp(3), clamp(9), sum(10),
           sum(200), v, counter, leave(0) + leave(1));
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_jumps_out_of_statement_expressions_run_as_with_gcc(tmp_path):
    # return, goto, labels, break, continue and asm goto in a statement
    # expression evaluated first by its statement (an expression statement,
    # an initialiser, a return value, the value assigned to a name)
    src = tmp_path / "jumps.c"
    src.write_text(JUMPS_OUT_OF_STATEMENT_EXPRESSIONS)
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    expected = corpus.run_binary(gcc_exe, threads=1)
    got = corpus.run_binary(ours, threads=1)
    assert (got.returncode, got.stdout) == (0, expected.stdout)
    assert expected.stdout == "-1 5 3 100 148 -5 12 1 14\n"


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


CASE_RANGE_MAIN = "int main(int argc, char **argv) {{\n  switch (argc) {{ {} }}\n  return 0;\n}}\n"


@pytest.mark.parametrize(
    ("labels", "message"),
    [
        (
            "case 1 ... 4: return 1; case 3 ... 9: return 2;",
            "T/t.c:2:43: error: duplicate (or overlapping) case value",
        ),
        (
            "case 1 ... 4: return 1; case 3: return 2;",
            "T/t.c:2:43: error: duplicate case value",
        ),
        (
            "case 7: return 1; case 5 ... 9: return 2;",
            "T/t.c:2:37: error: duplicate (or overlapping) case value",
        ),
        (
            "case 1 ... argc: return 1;",
            "T/t.c:2:19: error: case label does not reduce to an integer constant",
        ),
        ("case ... 4: return 1;", "T/t.c:2:24: error: invalid expression"),
        # gcc drops an empty range's label but counts its LOW as taken
        (
            "case 9 ... 2: return 1; case 9: return 2;",
            "T/t.c:2:43: error: duplicate case value",
        ),
        (
            "case 8 ... 10: return 1; case 9 ... 2: return 2;",
            "T/t.c:2:44: error: duplicate (or overlapping) case value",
        ),
    ],
)
def test_case_range_errors_are_gccs(tmp_path, labels, message):
    assert error_of(tmp_path, CASE_RANGE_MAIN.format(labels)) == message


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_an_empty_case_range_is_gccs_warning_and_no_label(tmp_path):
    # gcc warns and drops the label (f(9) is 0); a conditional inside
    # parentheses or before the '...' is one bound (the corpus program
    # seq/gnu_case_ranges runs the rest)
    src = tmp_path / "t.c"
    diagnostics, program = diagnostics_of(
        tmp_path,
        "#include <stdio.h>\n"
        "static int f(int x) {\n"
        "  switch (x) {\n"
        "  case 9 ... 2: return 1;\n"
        "  case (1 ? 3 : 4) ... 5: return 2;\n"
        "  case 6 ? 7 : 8 ... 8: return 3;\n"
        "  }\n  return 0;\n}\n"
        'int main(void) { printf("%d %d %d %d\\n", f(2), f(4), f(7), f(9)); return 0; }\n',
    )
    assert diagnostics == ["T/t.c:4:3: warning: empty range specified"]
    assert "case 3 ... 5:" in print_program(program)
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2", "-w")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    expected = corpus.run_binary(gcc_exe, threads=1)
    assert expected.stdout == "0 2 3 0\n"
    assert corpus.run_binary(ours, threads=1).stdout == expected.stdout


def test_an_omitted_conditional_operand_is_evaluated_once(tmp_path):
    # a ?: b is a ? a : b; with side effects, a goes into a fresh variable
    # (the corpus program par/gnu_omitted_operand runs it against gcc)
    program = lower_text(
        tmp_path,
        "int f(void);\nint main(void) {\n  int a = 0;\n  int b = a ?: 2;\n  return f() ?: b;\n}\n",
    )
    text = inspire.print_program(program)
    assert "ite(ref_deref(a), ref_deref(a), 2)" in text
    assert "var ref<int<4>> __inspire_omitted0 = f() @" in text
    assert inspire.parse(text) is program
    assert error_of(
        tmp_path, "struct s { int a; };\nint main(void) { struct s v = {1}; return v ?: 1; }\n"
    ) == ("T/t.c:2:43: error: used struct s where a scalar is required")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("int a[10] = { [5 ... 2] = 1 };", "2:18: error: empty index range in initializer"),
        (
            "int a[10] = { [0 ... 20] = 1 };",
            "2:18: error: array index range in initializer exceeds array bounds",
        ),
        (
            "int n = 3; int a[10] = { [0 ... n] = 1 };",
            "2:29: error: nonconstant array index in initializer",
        ),
        (
            "int n = 3; int a[10] = { [n] = 1 };",
            "2:29: error: nonconstant array index in initializer",
        ),
        ("int a[10] = { [0] = 1 }; int x = a[1 ... 2];", "2:38: error: expected ']' before '...'"),
    ],
)
def test_designator_range_errors_are_gccs(tmp_path, body, message):
    assert (
        error_of(tmp_path, f"int main(void) {{\n  {body}\n  return 0;\n}}\n") == f"T/t.c:{message}"
    )


def test_designator_ranges_round_trip_through_the_ir_text(tmp_path):
    # the corpus program seq/gnu_designator_ranges runs them against gcc
    program = lower_text(
        tmp_path,
        "int f(void);\nint main(void) {\n  int a[8] = { [0 ... 3] = f(), [6] = 2 };\n"
        "  int m[2][3] = { [0][1 ... 2] = 5 };\n  return a[1] + m[0][2];\n}\n",
    )
    text = inspire.print_program(program)
    assert "[0 ... 3] = f()" in text and "[0][1 ... 2] = 5" in text
    assert inspire.parse(text) is program


def test_an_enumeration_constant_designates_an_array_element(tmp_path):
    # [RED] = ... was read as a member designator (.RED) and refused
    program = lower_text(
        tmp_path,
        "enum { RED, GREEN };\nint main(void) {\n  int a[2] = { [GREEN] = 4, [RED] = 3 };\n"
        "  return a[0];\n}\n",
    )
    assert "[1] = 4, [0] = 3" in inspire.print_program(program)


@pytest.mark.parametrize(
    ("pragma", "warning"),
    [
        ("pack(3)", "1:9: warning: alignment must be a small power of two, not 3 [-Wpragmas]"),
        (
            "pack(pop)",
            "1:9: warning: '#pragma pack (pop)' encountered without matching "
            "'#pragma pack (push)' [-Wpragmas]",
        ),
        ("pack 2", "1:9: warning: missing '(' after '#pragma pack' - ignored [-Wpragmas]"),
        ("pack(pop, 4)", "1:9: warning: malformed '#pragma pack(pop[, id])' - ignored [-Wpragmas]"),
        ("pack(push, 2)", None),
    ],
)
def test_pragma_pack_warnings_are_gccs(tmp_path, pragma, warning):
    # a malformed pragma changes nothing; the corpus program seq/pragma_pack
    # checks the layouts against gcc's
    source = f"#pragma {pragma}\nstruct s {{ char c; int i; }};\nint main(void) {{ return 0; }}\n"
    assert diagnostics_of(tmp_path, source)[0] == ([f"T/t.c:{warning}"] if warning else [])


def test_pragma_message_is_gccs_note(tmp_path):
    source = (
        '#pragma message "hello there"\n#pragma message ("paren" " form")\n'
        "int main(void) { return 0; }\n"
    )
    assert diagnostics_of(tmp_path, source)[0] == [
        "T/t.c:1:9: note: '#pragma message: hello there'",
        "T/t.c:2:9: note: '#pragma message: paren form'",
    ]


def test_gcc_loop_pragmas_stay_with_their_loops(tmp_path):
    program = lower_text(
        tmp_path,
        "int main(void) {\n  int s = 0;\n#pragma GCC unroll 4\n  for (int i = 0; i < 8; i++) s++;\n"
        "#pragma GCC ivdep\n#pragma GCC unroll 2 * 4\n  while (s < 10) s++;\n"
        "#pragma GCC unroll 0\n  do s += 2; while (s < 20);\n  return s;\n}\n",
    )
    text = inspire.print_program(program)
    assert 'for @"t.c":4 gcc "unroll 4" (' in text
    assert 'while @"t.c":7 gcc "ivdep" gcc "unroll 8" (' in text
    assert 'do @"t.c":9 gcc "unroll 0" {' in text
    assert inspire.parse(text) is program
    c_text = inspirec.translate_c([str(tmp_path / "t.c")]).text
    assert "#pragma GCC unroll 4\n    for (int i" in c_text
    assert "#pragma GCC ivdep\n    #pragma GCC unroll 8\n    while (" in c_text


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("#pragma GCC unroll 4\n  s++;", "4:3: error: for, while or do statement expected"),
        (
            "#pragma GCC unroll 70000\n  while (s) s--;",
            "3:20: error: '#pragma GCC unroll' requires an assignment-expression that evaluates "
            "to a non-negative integral constant less than 65535",
        ),
        (
            "#pragma GCC unroll s\n  while (s) s--;",
            "3:20: error: '#pragma GCC unroll' requires an assignment-expression that evaluates "
            "to a non-negative integral constant less than 65535",
        ),
        (
            "#pragma GCC ivdep foo\n  while (s) s--;",
            "3:19: error: expected end of line before 'foo'",
        ),
        (
            "#pragma GCC unroll 2\n#pragma omp simd\n  for (int i = 0; i < 4; i++) s++;",
            "4:9: error: for, while or do statement expected",
        ),
        (
            "#pragma omp parallel for\n#pragma GCC ivdep\n  for (int i = 0; i < 4; i++) s++;",
            "4:9: error: for statement expected before '#pragma'",
        ),
        (
            "#pragma omp simd\n#pragma GCC unroll 2\n  for (int i = 0; i < 4; i++) s++;",
            "4:9: error: for statement expected before '#pragma'",
        ),
    ],
)
def test_gcc_loop_pragma_errors(tmp_path, lines, message):
    source = f"int main(void) {{\n  int s = 0;\n{lines}\n  return s;\n}}\n"
    assert error_of(tmp_path, source) == f"T/t.c:{message}"


def test_gcc_loop_pragmas_after_a_construct_stay_with_their_loop(tmp_path):
    # the statement of a construct that is not loop-associated, as in gcc
    source = (
        "int main(void) {\n  int s = 0;\n#pragma omp parallel\n#pragma GCC ivdep\n"
        "  for (int i = 0; i < 4; i++) s++;\n#pragma omp task\n#pragma GCC unroll 2\n"
        "#pragma GCC ivdep\n  while (s < 8) s++;\n  return 0;\n}\n"
    )
    lower_text(tmp_path, source)
    c_text = inspirec.translate_c([str(tmp_path / "t.c")]).text
    assert "#pragma GCC ivdep\n" in c_text
    assert "#pragma GCC unroll 2\n" in c_text


def test_an_omitted_conditional_operand_in_constant_expressions(tmp_path):
    # array sizes, enumerators and case labels, as gcc folds them
    program = lower_text(
        tmp_path,
        "#define N 0\nenum { E = N ?: 3 };\nint main(void) {\n  int a[N ?: 4];\n"
        "  switch (E) { case 1 ?: 5: return 1; case N ?: 3: return (int)sizeof a; }\n"
        "  return 0;\n}\n",
    )
    text = inspire.print_program(program)
    assert "array<int<4>,4>" in text and "case 1:" in text and "case 3:" in text


def test_gcc_diagnostic_pragmas_are_accepted_silently(tmp_path):
    # as gcc accepts them (headers push and pop warning states); others warn
    source = (
        '#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored "-Wunused"\n'
        "#pragma weird thing\nint main(void) {\n#pragma GCC diagnostic pop\n  return 0;\n}\n"
    )
    assert diagnostics_of(tmp_path, source)[0] == [
        "T/t.c:3:9: warning: ignoring '#pragma weird thing' [-Wunknown-pragmas]"
    ]


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (  # gcc's errors
            "int main(void) {\n  long i = 0;\n  if (i) goto *i;\n  return 0;\n}\n",
            "T/t.c:3:16: error: computed goto must be pointer type",
        ),
        (
            "int main(void) {\n  void *p = &&missing;\n  return p == 0;\n}\n",
            "T/t.c:2:13: error: label 'missing' used but not defined",
        ),
        (  # an address of a label in another structured block
            "int main(void) {\n  void *p = 0;\n#pragma omp task shared(p)\n  p = &&out;\n"
            "out:\n  return p == 0;\n}\n",
            "T/t.c:4:7: error: the address of label 'out' taken outside its OpenMP structured "
            "block is not supported by inspirec",
        ),
        (
            "int main(void) {\n  static void *t[] = {&&a};\n#pragma omp task\n  goto *t[0];\n"
            "a:\n  return 0;\n}\n",
            "T/t.c:4:9: error: 't', a table of label addresses, named inside an OpenMP construct "
            "is not supported by inspirec",
        ),
    ],
)
def test_labels_as_values_errors(tmp_path, code, message):
    assert error_of(tmp_path, code) == message


def test_a_label_address_after_a_cast_and_the_logical_and_after_a_parenthesis(tmp_path):
    # (void *)&&l is the address of l; (a) && b, sizeof(int) && b ... the
    # logical and of two operands
    program = lower_text(
        tmp_path,
        "#include <stddef.h>\nstruct s { int x, y; };\n"
        "int main(void) {\n  int a = 1, b = 2;\n  void *p = (void *)&&l;\n  goto *p;\n"
        "l:\n  return ((a) && b) + (sizeof(int) && b) + (_Alignof(long) && b)\n"
        "    + (offsetof(struct s, y) && b) + (f(a) && b);\n}\nint f(int x) { return x; }\n",
    )
    text = print_program(program)
    assert "label_address(.main, .l)" in text and text.count("log_and(") == 5


def test_a_call_before_the_declaration_is_an_implicit_declaration(tmp_path):
    OPTION = "[-Wimplicit-function-declaration]"
    # as gcc: a warning at the first call in the file only, with a note at the
    # call for a later declaration that disagrees (tests/frontend/test_invalid_c.py)
    source = (
        "int twice(int);\nint main(void) {\n  int (*p)(int) = twice;\n"
        "  return later(1) + later(2) + p(0) + rec(0);\n}\n"
        "int later(int a) { return a; }\nint twice(int a) { return 2 * a; }\n"
        "int rec(int n) { return n ? rec(n - 1) : 0; }\n"
    )
    found, _ = diagnostics_of(tmp_path, source)
    assert found == [
        f"T/t.c:4:10: warning: implicit declaration of function 'later' {OPTION}",
        f"T/t.c:4:39: warning: implicit declaration of function 'rec' {OPTION}",
    ]
    (tmp_path / "u.c").write_text("int main(void) { return f(1); }\nlong f(int a) { return a; }\n")
    with pytest.raises(CompileError) as info:
        parse_program([str(tmp_path / "u.c")])
    lines = [line.replace(str(tmp_path), "T") for line in str(info.value).splitlines()]
    assert lines[0] == "T/u.c:2:6: error: conflicting types for 'f'; have 'long int(int)'"
    assert "T/u.c:1:25: note: previous implicit declaration of 'f' with type 'int()'" in lines
