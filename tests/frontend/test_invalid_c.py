"""Invalid C that gcc rejects is rejected at the user's source, as gcc does
(position and message), never passed on to the C compiler or the verifier."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend import parse_program
from lowering_errors import lowering_error

ROOT = Path(__file__).resolve().parents[2]
MAIN = "int main(void) { return 0; }\n"

CASES = [
    # reached the IR verifier (an internal error) before
    ("int a[-2147483648];\n" + MAIN, "1:5: error: size of array 'a' is negative"),
    ("int main(void) {\n  goto l; l: l: return 0;\n}\n", "2:14: error: duplicate label 'l'"),
    ("int main(void) {\n  goto l;\n  return 0;\n}\n", "2:3: error: label 'l' used but not defined"),
    (
        "int main(void) {\n#pragma omp parallel\n  {\n    goto out;\n  }\nout:\n  return 0;\n}\n",
        "4:5: error: invalid branch to/from OpenMP structured block",
    ),
    (
        "int main(void) {\n  goto in;\n#pragma omp task\n  {\n  in:;\n  }\n  return 0;\n}\n",
        "2:3: error: invalid entry to OpenMP structured block",
    ),
    (
        "int main(void) {\n#pragma omp single\n  {\n  a:;\n  }\n#pragma omp single\n  {\n"
        "    goto a;\n  }\n  return 0;\n}\n",
        "8:5: error: invalid branch to/from OpenMP structured block",
    ),
    # break and continue leaving a loop construct or a structured block (an
    # internal error, or silently accepted, before)
    (
        "int main(void) {\n  int s = 0;\n#pragma omp parallel for\n"
        "  for (int i = 0; i < 4; i++) { if (i == 2) break; s++; }\n  return s;\n}\n",
        "4:45: error: break statement used with OpenMP for loop",
    ),
    (
        "int main(void) {\n  int s = 0;\n#pragma omp taskloop collapse(2)\n"
        "  for (int i = 0; i < 4; i++)\n    for (int j = 0; j < 4; j++) { if (j) break; }\n"
        "  return s;\n}\n",
        "5:42: error: break statement used with OpenMP for loop",
    ),
    (
        "int main(void) {\n  int s = 0;\n#pragma omp simd\n"
        "  for (int i = 0; i < 4; i++) { if (i == 2) break; s++; }\n  return s;\n}\n",
        "4:45: error: break statement used with OpenMP for loop",
    ),
    (
        "int main(void) {\n#pragma omp parallel\n  {\n    while (1) {\n#pragma omp single\n"
        "      { break; }\n    }\n  }\n  return 0;\n}\n",
        "6:9: error: invalid branch to/from OpenMP structured block",
    ),
    (
        "int main(void) {\n  for (;;) {\n#pragma omp task\n    { continue; }\n  }\n}\n",
        "4:7: error: invalid branch to/from OpenMP structured block",
    ),
    # internal errors found by the fuzz test: a return inside a structured block
    # (gcc reports it at the returned value) ...
    (
        "int main(void) {\n  int x = 0;\n#pragma omp task\n  { x = 1; return x; }\n"
        "  return 0;\n}\n",
        "4:19: error: invalid branch to/from OpenMP structured block",
    ),
    (
        "void f(void);\nint main(void) {\n#pragma omp parallel\n#pragma omp critical\n"
        "  {\n    f();\n    return 1;\n  }\n  return 0;\n}\nvoid f(void) {}\n",
        "7:12: error: invalid branch to/from OpenMP structured block",
    ),
    # ... and `name { ... }` at file scope
    (
        "job {\n  int n;\n};\n" + MAIN,
        "1:5: error: expected '=', ',', ';', 'asm' or '__attribute__' before '{' token",
    ),
    # accepted silently before
    (
        "int counter = 0;\nint counter = 1;\nint main(void) { return counter; }\n",
        "2:5: error: redefinition of 'counter'",
    ),
    ("int int x;\n" + MAIN, "1:1: error: two or more data types in declaration specifiers"),
    ("typedef typedef int T;\n" + MAIN, "1:21: error: duplicate 'typedef'"),
    (
        "int f(static int a) { return a; }\nint main(void) { return f(1); }\n",
        "1:18: error: storage class specified for parameter 'a'",
    ),
    (
        "typedef int T;\ntypedef float T;\n" + MAIN,
        "2:15: error: conflicting types for 'T'",
    ),
    (
        "int main(void) {\n#pragma omp task private()\n  ;\n  return 0;\n}\n",
        "2:26: error: expected identifier before ')' token",
    ),
    (
        "int main(void) {\n#pragma omp task mergeable(1)\n  ;\n  return 0;\n}\n",
        "2:27: error: expected '#pragma omp' clause before '(' token",
    ),
    # an indented pragma: the column in the source line (the preprocessor
    # drops the indentation and the blanks)
    (
        "int main(void) {\n    #  pragma   omp task mergeable(1)\n  ;\n  return 0;\n}\n",
        "2:35: error: expected '#pragma omp' clause before '(' token",
    ),
    # reached the C compiler before
    (
        "int main(void) {\n  int t = 1; int t = 2;\n  return t;\n}\n",
        "2:18: error: redefinition of 't'",
    ),
    ("int a[-1];\n" + MAIN, "1:5: error: size of array 'a' is negative"),
    (
        "int main(void) {\n  int t; extern int t;\n  return 0;\n}\n",
        "2:21: error: extern declaration of 't' follows declaration with no linkage",
    ),
    (
        "int main(int argc, char **argv) {\n"
        "  switch (argc) { case 1: return 1; case 1: return 2; default: return 0; }\n}\n",
        "2:37: error: duplicate case value",
    ),
    (
        "int main(int argc, char **argv) {\n"
        "  switch (argc) { default: return 1; default: return 2; }\n}\n",
        "2:38: error: multiple default labels in one switch",
    ),
    ("int main(void) { int t; float t; return 0; }\n", "1:31: error: conflicting types for 't'"),
    (
        "int g;\nint main(void) { extern int g; int g; return 0; }\n",
        "2:36: error: declaration of 'g' with no linkage follows extern declaration",
    ),
    (
        "static extern int y;\n" + MAIN,
        "1:19: error: multiple storage classes in declaration specifiers",
    ),
    ("struct s { int a; float a; };\n" + MAIN, "1:25: error: duplicate member 'a'"),
    (
        "int a[2] = {[5] = 1};\nint main(void) { return a[0]; }\n",
        "1:14: error: array index in initializer exceeds array bounds",
    ),
    # writes to const objects (the emitted C keeps const, so cc rejected them)
    *(
        (
            "struct S { int x; const int y; };\n"
            "int main(void) {\n  const int k = 3; const int *p = &k; const struct S s = {1, 2};\n"
            f"  struct S u = {{1, 2}}; const int a[2] = {{1, 2}};\n  {write};\n  return 0;\n}}\n",
            f"5:{column}: error: {message}",
        )
        for write, column, message in [
            ("k = 4", 3, "assignment of read-only variable 'k'"),
            ("*p = 5", 4, "assignment of read-only location '*p'"),
            ("s.x = 6", 3, "assignment of member 'x' in read-only object"),
            ("u.y = 7", 3, "assignment of read-only member 'y'"),
            ("k++", 3, "increment of read-only variable 'k'"),
            ("--k", 5, "decrement of read-only variable 'k'"),
            ("p[0] += 1", 3, "assignment of read-only location 'p[0]'"),
            ("a[1] = 3", 3, "assignment of read-only location 'a[1]'"),
            ("u = u", 3, "assignment of read-only variable 'u'"),  # a const member
        ]
    ),
    # the qualifiers of an __auto_type declaration apply to the inferred type
    (
        "int main(void) {\n  const __auto_type k = 3;\n  k = 4;\n  return k;\n}\n",
        "3:3: error: assignment of read-only variable 'k'",
    ),
    (
        "extern int k;\nconst int k = 3;\n" + MAIN,
        "2:11: error: conflicting type qualifiers for 'k'",
    ),
    ("int x;\nfloat x;\n" + MAIN, "2:7: error: conflicting types for 'x'"),
    *(
        (
            f"int main(void) {{\n  const int k = 3; int i;\n#pragma omp {directive}\n"
            "  for (i = 0; i < 3; i++) ;\n  return 0;\n}\n",
            f"3:{column}: error: 'const' qualified 'k' may appear only in 'shared' or "
            "'firstprivate' clauses",
        )
        for directive, column in [
            ("parallel private(k)", 29),
            ("parallel reduction(+:k)", 31),
            ("parallel for lastprivate(k)", 37),
            ("taskloop lastprivate(k)", 33),
            ("task in_reduction(+:k)", 30),
        ]
    ),
    # a stand-alone directive as the statement of if/else, a loop, a switch or
    # a label, without braces: accepted silently before
    *(
        (
            f"int main(int argc, char **argv) {{\n  {head}\n#pragma omp {name}\n  ;{tail}\n"
            "  return 0;\n}\n",
            f"3:9: error: '#pragma omp {name.split('(')[0]}' may only be used in compound "
            "statements",
        )
        for head, name, tail in [
            ("if (argc)", "taskwait", ""),
            ("if (argc) ; else", "barrier", ""),
            ("while (argc--)", "taskyield", ""),
            ("for (;;)", "flush(argc)", ""),
            ("do", "taskwait", " while (0);"),
            ("switch (argc)", "taskwait", ""),
            ("l:", "barrier", ""),
            ("switch (argc) case 1:", "taskwait", ""),
        ]
    ),
    (
        "int main(int argc, char **argv) {\n  if (argc)\n#pragma omp task\n"
        "#pragma omp taskwait\n  ;\n  return 0;\n}\n",
        "4:9: error: '#pragma omp taskwait' may only be used in compound statements",
    ),
    (
        "int main(int argc, char **argv) {\n  if (argc)\n#pragma omp error at(execution)\n"
        "  ;\n  return 0;\n}\n",
        "3:9: error: '#pragma omp error' with 'at(execution)' clause may only be used in "
        "compound statements",
    ),
    # complex numbers: only == and != compare them, no integer operators
    (
        "int main(void) {\n  double _Complex z = 1;\n  return z < z;\n}\n",
        "3:10: error: invalid operands to binary <",
    ),
    (
        "int main(void) {\n  double _Complex z = 1;\n  return (int)(z % 2);\n}\n",
        "3:16: error: invalid operands to binary %",
    ),
    (
        "int main(void) {\n  double _Complex z = 1;\n  z <<= 1;\n  return 0;\n}\n",
        "3:3: error: invalid operands to binary <<",
    ),
    (
        "int main(void) {\n  return (int)__builtin_complex(1.0, 2.0f);\n}\n",
        "2:15: error: '__builtin_complex' operands of different types",
    ),
    (
        "int main(void) {\n  return (int)__builtin_complex(1, 2);\n}\n",
        "2:15: error: '__builtin_complex' operand not of real binary floating-point type",
    ),
    (
        "int main(void) {\n  double _Complex c = 1;\n#pragma omp atomic\n  c += 1;\n"
        "  return 0;\n}\n",
        "4:5: error: invalid expression type for '#pragma omp atomic'",
    ),
    (
        "int main(void) {\n  double _Complex c = 1;\n"
        "#pragma omp parallel for reduction(max:c)\n  for (int i = 0; i < 4; i++) c += i;\n"
        "  return 0;\n}\n",
        "3:35: error: 'c' has invalid type for 'reduction(max)'",
    ),
    # pointers never convert to or from real and complex values
    (
        "int main(void) {\n  int *p = 0;\n  double _Complex d = (double _Complex)p;\n"
        "  return (int)d;\n}\n",
        "3:23: error: pointer value used where a complex was expected",
    ),
    (
        "int main(void) {\n  double d = 1;\n  int *p = (int *)d;\n  return p != 0;\n}\n",
        "3:12: error: cannot convert to a pointer type",
    ),
    (
        "int main(void) {\n  double _Complex d = 1;\n  int *p = 0;\n  return p == d;\n}\n",
        "4:10: error: invalid operands to binary ==",
    ),
    (
        "int main(void) {\n  int *p = 0;\n  double d = p;\n  return (int)d;\n}\n",
        "3:14: error: incompatible types when assigning to type 'double' from type 'int *'",
    ),
    # asm operands
    (
        'int main(void) {\n  asm("" : : : : out);\nout:\n  return 0;\n}\n',
        "2:16: error: expected ')' before ':' token",
    ),
    (
        'int main(void) {\n  int x;\n  asm("" : "=r"(x) : : "cc", 3);\n  return x;\n}\n',
        "3:30: error: expected string literal",
    ),
    (
        'int main(void) {\n  int x = 0;\n  asm("" : "r"(x));\n  return x;\n}\n',
        "3:12: error: output operand constraint lacks '='",
    ),
    (
        'int main(void) {\n  int x = 0;\n  asm("" : : "=r"(x));\n  return x;\n}\n',
        "3:14: error: input operand constraint contains '='",
    ),
    (
        'int main(void) {\n  int x = 0;\n  asm("" : "=r"(x + 1));\n  return x;\n}\n',
        "3:17: error: lvalue required in 'asm' statement",
    ),
    (
        'int main(void) {\n  int x = 0;\n  asm("" : "=r"(x)\n      : "r"(nope));\n  return x;\n}\n',
        "4:13: error: 'nope' undeclared",
    ),
    # an internal error found by the fuzz test
    (
        "struct results;\nint main(void) { return _Alignof(struct results); }\n",
        "2:41: error: invalid application of '__alignof__' to incomplete type 'struct results'",
    ),
    # GNU statement expressions and __auto_type, with gcc's errors
    (
        "int x = ({ 1; });\n" + MAIN,
        "1:9: error: braced-group within expression allowed only inside a function",
    ),
    (
        "int main(int argc, char **argv) {\n  switch (argc) { case 1: ({ case 2: 3; }); }\n"
        "  return 0;\n}\n",
        "2:30: error: switch jumps into statement expression",
    ),
    (
        "int main(void) {\n  __auto_type x;\n  return 0;\n}\n",
        "2:3: error: '__auto_type' requires an initialized data declaration",
    ),
    (
        "int main(void) {\n  __auto_type *p = 0;\n  return 0;\n}\n",
        "2:3: error: '__auto_type' requires a plain identifier as declarator",
    ),
    (
        "int main(void) {\n  __auto_type int x = 1;\n  return x;\n}\n",
        "2:3: error: two or more data types in declaration specifiers",
    ),
    (
        "int main(void) {\n  return sizeof(__auto_type);\n}\n",
        "2:17: error: '__auto_type' requires an initialized data declaration",
    ),
    (
        "struct s { int b : 3; } v;\nint main(void) {\n  typeof(v.b) x = 1;\n  return x;\n}\n",
        "3:10: error: 'typeof' applied to a bit-field",
    ),
    (
        "struct s { int b : 3; } v;\nint main(void) {\n  return sizeof v.b;\n}\n",
        "3:17: error: 'sizeof' applied to a bit-field",
    ),
    (
        "struct s { int b : 3; } v;\nint a[sizeof(v.b)];\n" + MAIN,
        "2:14: error: 'sizeof' applied to a bit-field",
    ),
    (
        "int a[sizeof missing];\n" + MAIN,
        "1:14: error: 'missing' undeclared",
    ),
    (
        "struct t;\nenum { E = _Alignof(struct t) };\n" + MAIN,
        "2:28: error: invalid application of '__alignof__' to incomplete type 'struct t'",
    ),
    # C11 _Generic, with gcc's errors and positions
    (
        "int main(void) {\n  return _Generic(1, int: 1, const char *: 2, int: 3);\n}\n",
        "2:47: error: '_Generic' specifies two compatible types",
    ),
    (
        "typedef int T;\nint main(void) {\n  return _Generic(1, T: 1, int: 2);\n}\n",
        "3:28: error: '_Generic' specifies two compatible types",
    ),
    (
        "int main(void) {\n  return _Generic(1, default: 1, default: 2);\n}\n",
        "2:34: error: duplicate 'default' case in '_Generic'",
    ),
    (
        "int main(void) {\n  return _Generic(1.0, int: 1);\n}\n",
        "2:19: error: '_Generic' selector of type 'real<8>' is not compatible with any association",
    ),
    (
        "struct s;\nint main(void) {\n  return _Generic(1, struct s: 1, default: 0);\n}\n",
        "3:22: error: '_Generic' association has incomplete type",
    ),
    (
        "int main(int c, char **v) {\n  return _Generic(1, int[c]: 1, default: 0);\n}\n",
        "2:22: error: '_Generic' association has variable length type",
    ),
    (
        "struct b { int f : 3; } v;\nint main(void) {\n  return _Generic(v.f, int: 1);\n}\n",
        "3:19: error: '_Generic' selector of type a bit-field is not compatible with any "
        "association",
    ),
    # declarations gcc rejects (accepted before)
    (
        "int main(void) {\n  int a[2]; float *q = (float *)a;\n  return (int)(a - q);\n}\n",
        "3:16: error: invalid operands to binary - (have 'ptr<int<4>>' and 'ptr<real<4>>')",
    ),
    ("int f(void)[10];\n" + MAIN, "1:5: error: 'f' declared as function returning an array"),
    (
        "typedef int A[3];\nA h(void);\n" + MAIN,
        "2:3: error: 'h' declared as function returning an array",
    ),
    ("int g(void)(void);\n" + MAIN, "1:5: error: 'g' declared as function returning a function"),
    ("void f(void x) {}\n" + MAIN, "1:13: error: parameter 1 ('x') has incomplete type"),
    ("void f(void, int);\n" + MAIN, "1:8: error: 'void' must be the only parameter"),
    (
        "_Thread_local void f(void) {}\n" + MAIN,
        "1:20: error: function definition declared '_Thread_local'",
    ),
    ("_Thread_local void f(void);\n" + MAIN, "1:20: error: invalid storage class for function 'f'"),
    ("auto int x;\n" + MAIN, "1:10: error: file-scope declaration of 'x' specifies 'auto'"),
    (
        "int main(void) {\n  _Thread_local int x = 0;\n  return x;\n}\n",
        "2:21: error: function-scope 'x' implicitly auto and declared '_Thread_local'",
    ),
    (
        "int main(void) {\n  register _Thread_local int x = 0;\n  return x;\n}\n",
        "2:30: error: '_Thread_local' used with 'register'",
    ),
    ("enum e1 { A };\nenum e2 { A };\n" + MAIN, "2:11: error: redeclaration of enumerator 'A'"),
    ("enum e1 { A };\nint A;\n" + MAIN, "2:5: error: 'A' redeclared as different kind of symbol"),
    ("int A;\nenum e1 { A };\n" + MAIN, "2:11: error: 'A' redeclared as different kind of symbol"),
    (
        "int main(void) {\n  enum e { A };\n  int A;\n  return 0;\n}\n",
        "3:7: error: 'A' redeclared as different kind of symbol",
    ),
    (
        "int main(void) {\n  int restrict x = 0;\n  return x;\n}\n",
        "2:16: error: invalid use of 'restrict'",
    ),
    ("struct s { _Atomic int x : 4; };\n" + MAIN, "1:24: error: bit-field 'x' has atomic type"),
    (
        "static int x = 1;\nint main(void) {\n  int x = 2;\n  { extern int x; return x; }\n}\n",
        "4:16: error: variable previously declared 'static' redeclared 'extern'",
    ),
    (
        "void k(int n, double *x);\nvoid k(int n, const double *x) {}\n" + MAIN,
        "2:6: error: conflicting types for 'k'",
    ),
    ("int f(int);\nint f(int, ...);\n" + MAIN, "2:5: error: conflicting types for 'f'"),
    # linkage of file-scope declarations (C11 6.2.2)
    (
        "extern int x;\nstatic int x;\n" + MAIN,
        "2:12: error: static declaration of 'x' follows non-static declaration",
    ),
    (
        "static int x = 5;\nint x;\n" + MAIN,
        "2:5: error: non-static declaration of 'x' follows static declaration",
    ),
    (
        "int f(void);\nstatic int f(void) { return 1; }\n" + MAIN,
        "2:12: error: static declaration of 'f' follows non-static declaration",
    ),
    ("enum E { A };\nenum E { B };\n" + MAIN, "2:1: error: redeclaration of 'enum E'"),
    ("int f(int a, int a) { return a; }\n" + MAIN, "1:18: error: redefinition of parameter 'a'"),
    ("int f(int a, int a);\n" + MAIN, "1:18: error: redefinition of parameter 'a'"),
    ("int h(x, x) int x; { return x; }\n" + MAIN, "1:10: error: multiple parameters named 'x'"),
    ("int f(void) = 0;\n" + MAIN, "1:5: error: function 'f' is initialized like a variable"),
    (
        "int main(void) {\n  register _Alignas(16) int r = 1;\n  return r;\n}\n",
        "2:29: error: alignment specified for 'register' object 'r'",
    ),
    # jumps with nothing to jump in (an internal error before)
    (
        "int main(void) {\n  break;\n  return 0;\n}\n",
        "2:3: error: break statement not within loop or switch",
    ),
    ("int main(void) {\n  continue;\n}\n", "2:3: error: continue statement not within a loop"),
    (
        "int main(void) {\n  int x;\n  default: return 0;\n}\n",
        "3:3: error: 'default' label not within a switch statement",
    ),
    # long and long long are one IR type: refused where the choice needs them apart
    (
        "int main(void) {\n  long x = 1;\n  return _Generic(x + 1, long: 1, long long: 2);\n}\n",
        "3:35: error: '_Generic' associations 'long' and 'long long' are one type for "
        "inspirec (int<8>); not supported",
    ),
    # a call before the function's declaration declares it int() (C89's
    # implicit declaration, as gcc reads it): a later declaration must agree
    # (accepted before, with the later declaration's type)
    (
        "int main(void) { return foo(3) != 4; }\ndouble foo(int a) { return a + 1; }\n",
        "2:8: error: conflicting types for 'foo'; have 'double(int)'",
    ),
    (
        "int main(void) { return foo(3); }\nstatic int foo(int a) { return a + 1; }\n",
        "2:12: error: static declaration of 'foo' follows non-static declaration",
    ),
]


@pytest.mark.parametrize(("source", "message"), CASES)
def test_invalid_c_is_an_error_at_the_source(tmp_path, source, message):
    assert lowering_error(tmp_path, source).splitlines()[0] == f"T/t.c:{message}"


#: Static assertions gcc rejects, with its first error (checked against gcc
#: itself below, where it is installed; an expression's column is that of its
#: start, where gcc's is that of a binary expression's operator).
STATIC_ASSERTIONS = [
    (
        '_Static_assert(1 == 2, "one is two");\n' + MAIN,
        '1:1: error: static assertion failed: "one is two"',
    ),
    ("_Static_assert(sizeof(int) == 8);\n" + MAIN, "1:1: error: static assertion failed"),
    (
        '#include <assert.h>\nstatic_assert(-1u < 0, "u");\n' + MAIN,
        '2:1: error: static assertion failed: "u"',
    ),
    (
        'struct s { int a; _Static_assert(sizeof(long) == 4, "in struct"); };\n' + MAIN,
        '1:19: error: static assertion failed: "in struct"',
    ),
    (
        "int f(void);\nint main(void) {\n#pragma omp task\n  {\n"
        '    _Static_assert(0 && f(), "a\\n" "b");\n  }\n  return 0;\n}\n',
        '5:5: error: static assertion failed: "a\\012b"',
    ),
    (
        'enum { A = 3 };\n_Static_assert((unsigned char)(A * 100) == 300, "wraps");\n' + MAIN,
        '2:1: error: static assertion failed: "wraps"',
    ),
    (
        'int g;\n_Static_assert(g, "g");\n' + MAIN,
        "2:16: error: expression in static assertion is not constant",
    ),
    (
        'int main(void) {\n  int x = 1;\n  _Static_assert(x, "x");\n  return x;\n}\n',
        "3:18: error: expression in static assertion is not constant",
    ),
    (
        '_Static_assert(1.0, "f");\n' + MAIN,
        "1:16: error: expression in static assertion is not an integer",
    ),
]


@pytest.mark.parametrize(("source", "message"), STATIC_ASSERTIONS)
def test_static_assertions_fail_as_with_gcc(tmp_path, source, message):
    assert lowering_error(tmp_path, source).splitlines()[0] == f"T/t.c:{message}"
    src = tmp_path / "t.c"  # written by lowering_error
    if shutil.which("gcc") is not None:
        gcc = subprocess.run(
            ["gcc", "-fopenmp", "-fsyntax-only", str(src)], capture_output=True, text=True
        )
        assert f"{src}:{message}" in gcc.stderr.splitlines()


def test_static_assertions_on_addresses_are_named(tmp_path):
    source = 'int g;\n_Static_assert(&g != 0, "address");\n' + MAIN
    assert lowering_error(tmp_path, source).splitlines()[0] == (
        "T/t.c:2:1: error: static assertions on address constants are not supported by inspirec"
    )


VALID = [
    # what the checks above must keep accepting
    # a pragma gcc ignores between a construct and its statement
    "int main(void) {\n  int s = 0;\n#pragma omp parallel num_threads(2)\n#pragma foo\n"
    "  {\n#pragma omp atomic\n    s++;\n  }\n  return s != 2;\n}\n",
    # nothing may be the statement of an if or a loop
    "int main(int argc, char **argv) {\n  if (argc)\n#pragma omp nothing\n  argc = 0;\n"
    "  for (int i = 0; i < 2; i++)\n#pragma omp nothing\n    argc++;\n  return argc;\n}\n",
    # static assertions that hold: C's conversions, sizeof, offsetof, casts of
    # floating constants, the short-circuit operators, in a record and a block
    'struct s { int a; char b; _Static_assert(sizeof(int) == 4, "int"); };\n'
    '_Static_assert(sizeof(struct s) == 8 && __builtin_offsetof(struct s, b) == 4, "s");\n'
    "_Static_assert(-1u > 0 && (signed char)200 < 0 && -7 / 2 == -3 && -7 % 2 == -1);\n"
    '_Static_assert((int)2.5 == 2 && 1.5 > 1 && (1 ? 2 : 3) == 2 && (_Bool)5 == 1, "c");\n'
    "_Static_assert(L'a' == 97 && u'\\x62' == 98 && 'ab' == 24930 && 0x1p3 == 8, \"chars\");\n"
    'int f(void);\nint main(void) {\n  int x = 1;\n  _Static_assert(sizeof x == 4 || f(), "x");\n'
    "  return x - 1;\n}\n",
    "int main(void) {\n  long x = 0;\n  return _Generic(x, long: 0, int: 1, default: 2);\n}\n",
    "int main(void) {\n  return _Generic(1, long: 1, long long: 2, int: 0);\n}\n",
    "int main(void) {\n  return _Generic(0LL, long: 1, long long: 0);\n}\n",
    "int f(int n);\nint f(const int n) { return n; }\nint main(void) { return f(0); }\n",
    "extern const int a[];\nconst int a[3] = {1};\nint main(void) { return a[0] - 1; }\n",
    "int main(void) {\n  int m = 1; int *const p = &m; *p = 2;\n"
    "  const int k = 1; *(int *)&k = 2;\n  return m - 2;\n}\n",
    "struct S { const int a; };\n"
    "int main(void) {\n  struct S x = {1}; const int k = 2;\n"
    "#pragma omp task firstprivate(k) shared(x)\n  (void)(x.a + k);\n  return 0;\n}\n",
    "int x;\nint x = 1;\nint x;\n" + MAIN,  # tentative definitions
    "extern int e;\nint e = 2;\n" + MAIN,
    "typedef int T;\ntypedef int T;\n" + MAIN,  # C11: the same type again
    "int main(void) {\n  int t = 1;\n  { int t = 2; (void)t; }\n  return t;\n}\n",
    # break and continue that stay inside: a loop or switch in the loop
    # construct, a continue of the loop construct, loops in a task
    "int main(void) {\n  int s = 0;\n#pragma omp parallel for reduction(+: s)\n"
    "  for (int i = 0; i < 4; i++) {\n    if (i == 1) continue;\n"
    "    for (int j = 0; j < 4; j++) { if (j == 2) break; s++; }\n"
    "    switch (i) { case 2: s++; break; default: break; }\n  }\n  return s;\n}\n",
    "int main(void) {\n  int s = 0;\n  for (int k = 0; k < 2; k++) {\n#pragma omp task shared(s)\n"
    "    { for (;;) { s++; break; } }\n    if (k) break;\n  }\n  return s;\n}\n",
    "int main(void) {\n  extern int g; extern int g;\n  return g;\n}\nint g = 1;\n",
    # internal linkage kept by later declarations; one enumeration tag per scope
    "static int x;\nextern int x;\nstatic int x = 1;\nstatic int f(void);\nint f(void);\n"
    "int f(void) { return x; }\nenum E { A };\n"
    "int main(void) {\n  enum E { B };\n  extern int x;\n  return f() - x + B;\n}\n",
    # near the declaration checks: enumerators in nested scopes and declared
    # with two objects, restrict on pointers (also through a typedef and in
    # an array of them), thread-local statics, a named void parameter in a
    # declaration (gcc warns), functions returning pointers to functions and
    # arrays, pointer differences with qualifiers
    "void v(void x);\nint (*fp(void))(int);\nint (*ap(void))[3];\n"
    "int f();\nint f(int a) { return a; }\nint g(int a[]);\nint g(int a[3]) { return a[0]; }\n"
    "int h(const int);\nint h(int x) { return x; }\n"
    "static _Thread_local int a;\nextern _Thread_local int b;\n_Thread_local int c;\n"
    "int main(void) {\n  enum e { A }; { enum f { A }; (void)A; }\n  enum { B } x, y;\n"
    "  int *restrict p = 0; typedef int *IP; IP restrict q = p; IP restrict r[2] = {0};\n"
    "  static _Thread_local int tl;\n  const int *cq = p;\n"
    "  (void)x; (void)y; (void)q; (void)r; (void)tl;\n  return (int)(cq - p) + A;\n}\n",
    "int main(int argc, char **argv) {\n"
    "  switch (argc) { case 1: switch (argc) { case 1: default: break; } default: break; }\n"
    "  return 0;\n}\n",
    "int main(void) {\n  int a[3] = {[2] = 1}; long long b = 0; unsigned long int c = 0;\n"
    "  a: (void)b; (void)c; return a[0];\n}\n",
    "struct s { int a; struct { int b; }; union { int c; }; };\n" + MAIN,
    # _Alignas(0) has no effect (C11 6.7.5; autoconf's C11 check uses it)
    "_Alignas(0) char z;\nstruct s { _Alignas(0) int a; };\n"
    "int main(void) {\n  _Alignas(0) int y = 0;\n  return y + z;\n}\n",
    'static inline void relax(void) { __asm__ __volatile__("pause"); }\n'
    "int main(void) {\n  int v = 1;\n  relax();\n"
    '  if (v) asm volatile("" ::: "memory"); else asm("nop");\n'
    '  do __asm("nop"); while (0);\n  asm volatile("" : "=r"(v) : : );\n  return 0;\n}\n',
    "int main(void) {\n  _Complex float z = 1; double _Complex w = z;\n"
    "  return (z == w) + (z != 2) + !z + (w ? 1 : 0) + (int)__real__ ++z;\n}\n",
    # jumps and switches inside a statement expression that stay inside it
    "int main(int argc, char **argv) {\n  int v = ({ int t = 0; for (;;) { if (t++ > 2) break; "
    "continue; } switch (t) { case 4: t = 1; } t; });\n  return v - 1;\n}\n",
    # directives in braces after if/for, and constructs as their statement
    "int main(int argc, char **argv) {\n  if (argc) {\n#pragma omp taskwait\n  }\n"
    "  if (argc)\n#pragma omp task\n    argc++;\n  else\n#pragma omp task\n    argc--;\n"
    "  for (int i = 0; i < 2; i++)\n#pragma omp task\n#pragma omp critical\n    argc++;\n"
    "  return 0;\n}\n",
]


@pytest.mark.parametrize("source", VALID)
def test_valid_c_near_the_checks_is_accepted(tmp_path, source):
    src = tmp_path / "t.c"
    src.write_text(source)
    parse_program([str(src)])


def test_the_command_exits_1_with_the_error(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(CASES[1][0])
    result = subprocess.run(
        [sys.executable, "-m", "inspirec", "build", str(src), "-o", str(tmp_path / "p")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == f"{src}:{CASES[1][1]}"
