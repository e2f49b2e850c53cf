"""The C verbs of the command line: build, emit, run, analyze; options and error paths."""

import os
import subprocess
from functools import partial
from pathlib import Path

import inspirec_cli
import pytest

REPO = Path(__file__).resolve().parents[2]
HELLO = REPO / "examples" / "hello.c"
PROGRAMS = Path(__file__).resolve().parent / "programs"


run = partial(inspirec_cli.run, timeout=120)


def test_run_prints_the_program_output_and_forwards_its_status(tmp_path):
    r = run("run", HELLO)
    assert r.returncode == 0, r.stderr
    assert r.stdout == (REPO / "examples" / "hello.expected").read_text()
    r = run("run", REPO / "tests" / "corpus" / "seq" / "exit_code.c")
    assert r.returncode == 3


def test_run_passes_arguments_after_double_dash(tmp_path):
    src = tmp_path / "args.c"
    src.write_text(
        "#include <stdio.h>\nint main(int argc, char **argv) {\n"
        '  for (int i = 1; i < argc; i++) printf("[%s]", argv[i]);\n  printf("\\n");\n'
        "  return argc; }\n"
    )
    r = run("run", src, "--", "a b", "-v", "--x")
    assert r.stdout == "[a b][-v][--x]\n"
    assert r.returncode == 4


def test_build_writes_an_executable(tmp_path):
    out = tmp_path / "hello"
    r = run("build", HELLO, "-o", out, "-O2", "-g", "-lm")
    assert r.returncode == 0, r.stderr
    proc = subprocess.run([str(out)], capture_output=True, text=True, check=True)
    assert "hello" in proc.stdout


def write_program(tmp_path: Path, *texts: str) -> list[Path]:
    """The files ``a.c``, ``b.c``, ... of a program, with ``texts`` in order."""
    files = [tmp_path / f"{chr(ord('a') + k)}.c" for k in range(len(texts))]
    for path, text in zip(files, texts, strict=True):
        path.write_text(text)
    return files


def warnings_of(stderr: str) -> list[str]:
    """The ``line:col: warning: message`` lines of ``stderr``, without the file."""
    return [line.split(":", 1)[1] for line in stderr.splitlines() if "warning:" in line]


def test_multi_file_program_with_defines(tmp_path):
    files = write_program(
        tmp_path,
        "#include <stdio.h>\nint twice(int);\n"
        'int main(void) { printf("%s %d\\n", MSG, twice(N)); return 0; }\n',
        "int twice(int x) { return 2 * x; }\n",
    )
    r = run("run", *files, "-DN=21", '-DMSG="answer"')
    assert r.returncode == 0, r.stderr
    assert r.stdout == "answer 42\n"
    r = run("run", *files, "-DN=21", '-DMSG="answer"', "-UN")
    assert r.returncode == 1 and "'N' undeclared" in r.stderr


def test_a_header_record_with_untagged_members_is_one_type_in_every_file(tmp_path):
    # <stdio.h>'s fpos_t holds an untagged union: a second file's copy was a
    # second, undefined record in the emitted C
    files = write_program(
        tmp_path,
        '#include <stdio.h>\n#include "s.h"\nlong size(void);\n'
        'int main(void) { struct S s = {1, {2}}; printf("%ld %d\\n", size(), get(&s)); }\n',
        '#include <stdio.h>\n#include "s.h"\n'
        "long size(void) { fpos_t p; (void)p; return (long)sizeof p; }\n"
        "int get(struct S *s) { return s->k + s->u.a; }\n",
    )
    (tmp_path / "s.h").write_text(
        "struct S { int k; union { int a; float b; } u; };\nint get(struct S *s);\n"
    )
    r = run("run", *files)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "16 3\n"
    emitted = run("emit", *files, "-o", "-").stdout
    assert "struct S_2" not in emitted and "union anon" in emitted


@pytest.mark.parametrize("static_first", [True, False])
def test_a_static_name_and_another_files_external_one_are_two_entities(tmp_path, static_first):
    # C11 6.2.2: a function and an object; the static file used to come
    # second only ("redefinition of 'helper'" when it came first)
    with_static = (
        "static int helper(int x) { return x + 1; }\nstatic int counter = 1;\n"
        "int sum(void) { return helper(1) + counter; }\n"
    )
    with_external = (
        "#include <stdio.h>\nint sum(void);\nint counter = 5;\n"
        "int helper(int x) { return x * 10; }\n"
        'int main(void) { printf("%d %d %d\\n", sum(), helper(1), counter); return 0; }\n'
    )
    texts = (with_static, with_external) if static_first else (with_external, with_static)
    r = run("run", *write_program(tmp_path, *texts))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "3 10 5\n"


WEAK_MAIN = """#include <stdio.h>
extern void hook(int) __attribute__((weak));
extern int optional_counter __attribute__((weak));
void overridable(void);
extern int setting;
#pragma weak missing
void missing(void);
int main(void) {
  if (hook) hook(1); else printf("no hook\\n");
  printf("%s %s\\n", &optional_counter ? "counter" : "-", missing ? "missing" : "-");
  overridable();
  printf("setting %d\\n", setting);
  return 0;
}
"""
WEAK_DEFAULTS = """#include <stdio.h>
__attribute__((weak)) void overridable(void) { printf("default\\n"); }
int setting __attribute__((weak)) = 1;
"""
WEAK_STRONG = """#include <stdio.h>
void overridable(void) { printf("strong\\n"); }
int setting = 2;
void hook(int x) { printf("hook %d\\n", x); }
"""


@pytest.mark.parametrize(
    "texts, output",
    [
        ((WEAK_MAIN, WEAK_DEFAULTS), "no hook\n- -\ndefault\nsetting 1\n"),
        ((WEAK_MAIN, WEAK_DEFAULTS, WEAK_STRONG), "hook 1\n- -\nstrong\nsetting 2\n"),
        ((WEAK_STRONG, WEAK_DEFAULTS, WEAK_MAIN), "hook 1\n- -\nstrong\nsetting 2\n"),
    ],
)
def test_gnu_weak_definitions_give_way_and_weak_undefined_symbols_are_null(tmp_path, texts, output):
    # as gcc and ld: a weak definition gives way to another file's, in any
    # order; a weak symbol no file defines has the address 0
    r = run("run", *write_program(tmp_path, *texts))
    assert r.returncode == 0, r.stderr
    assert r.stdout == output


def test_a_weak_alias_gives_way_to_another_files_definition(tmp_path):
    handlers = (
        '#include <stdio.h>\nvoid fallback(void) { puts("fallback"); }\n'
        'void on_a(void) __attribute__((weak, alias("fallback")));\n'
        'void on_b(void) __attribute__((weak, alias("fallback")));\n'
        "#pragma weak on_c = fallback\nvoid on_c(void);\n"
        "int main(void) { on_a(); on_b(); on_c(); return 0; }\n"
    )
    strong = '#include <stdio.h>\nvoid on_b(void) { puts("own b"); }\n'
    for texts in ((handlers, strong), (strong, handlers)):
        r = run("run", *write_program(tmp_path, *texts))
        assert r.returncode == 0, r.stderr
        assert r.stdout == "fallback\nown b\nfallback\n"
    # a strong alias and a definition: one name defined twice, as gcc's link says
    r = run("run", *write_program(tmp_path, handlers.replace("weak, ", ""), strong))
    assert r.returncode == 1 and "redefinition of 'on_b'" in r.stderr


def test_an_alias_of_a_symbol_its_file_does_not_define_is_gccs_error(tmp_path):
    src = tmp_path / "a.c"
    src.write_text(
        'void impl(void);\nvoid hook(void) __attribute__((alias("impl")));\n'
        "int main(void) { hook(); return 0; }\n"
    )
    r = run("run", src)
    assert r.returncode == 1
    assert r.stderr.startswith(f"{src}:2:6: error: 'hook' aliased to undefined symbol 'impl'")
    src.write_text(
        'int v = 1;\nvoid f(void) __attribute__((alias("v")));\nint main(void) { return 0; }\n'
    )
    r = run("run", src)
    assert r.returncode == 1
    assert r.stderr.startswith(f"{src}:2:6: error: 'f' alias between function and variable")


@pytest.mark.parametrize(
    "texts",
    [
        (  # C99: an inline definition in each file, the external one where it is extern
            "#include <stdio.h>\ninline int sq(int x) { return x * x; }\nextern int sq(int);\n"
            'int use(void);\nint main(void) { printf("%d %d\\n", use(), sq(4)); return 0; }\n',
            "inline int sq(int x) { return x * x; }\nint use(void) { return sq(3); }\n",
        ),
        (  # GNU89's extern inline: no external definition, another file's is
            "#include <stdio.h>\nextern inline int sq(int x) { return x * x; }\n"
            'int use(void);\nint main(void) { printf("%d %d\\n", use(), sq(4)); return 0; }\n',
            "int sq(int x) { return x * x; }\nint use(void) { return sq(3); }\n",
        ),
    ],
)
def test_inline_definitions_give_way_to_the_external_definition(tmp_path, texts):
    # a header's inline function in several files (C99 6.7.4p7) was a redefinition
    for order in (texts, texts[::-1]):
        r = run("run", *write_program(tmp_path, *order))
        assert r.returncode == 0, r.stderr
        assert r.stdout == "9 16\n"


def test_untagged_records_of_the_same_members_in_two_files_are_one_type(tmp_path):
    # C11 6.2.7: compatible across translation units (was "conflicting types")
    defined = "struct { int a; struct { double b; } in; } shared = {1, {2.5}};\n"
    declared = (
        "#include <stdio.h>\nextern struct { int a; struct { double b; } in; } shared;\n"
        'int main(void) { shared.a++; printf("%d %g\\n", shared.a, shared.in.b); return 0; }\n'
    )
    for texts in ((defined, declared), (declared, defined)):
        r = run("run", *write_program(tmp_path, *texts))
        assert r.returncode == 0, r.stderr
        assert r.stdout == "2 2.5\n"
    other = declared.replace("double b", "float b")
    r = run("run", *write_program(tmp_path, defined, other))
    assert r.returncode == 1 and "conflicting types for 'shared'" in r.stderr


@pytest.mark.parametrize("order", [(0, 2, 1), (1, 0, 2)])
def test_a_tags_definitions_in_several_files_are_matched_in_any_order(tmp_path, order):
    # one file's own struct s, two others' other struct s: the second of those
    # is the first's type (kmod's depmod.c and libkmod; was conflicting types)
    texts = (
        "struct s { int x; };\nint use_a(void) { struct s v = {1}; return v.x; }\n",
        "struct s { int x, y; };\nint f(struct s *p);\nint f(struct s *p) { return p->y; }\n",
        "#include <stdio.h>\nstruct s { int x, y; };\nint f(struct s *p);\nint use_a(void);\n"
        'int main(void) { struct s v = {1, 2}; printf("%d %d\\n", use_a(), f(&v)); }\n',
    )
    r = run("run", *write_program(tmp_path, *(texts[k] for k in order)))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "1 2\n"


@pytest.mark.parametrize("order", [(0, 1, 2), (1, 0, 2)])
def test_a_typedef_name_of_an_untagged_record_is_no_tag_of_another_file(tmp_path, order):
    # typedef struct {...} coder; in one file, struct coder used before its
    # definition in another (xz): two types ("defined differently" before)
    texts = (
        "typedef struct { int x; } coder;\nint fa(void) { coder c = {1}; return c.x; }\n",
        "struct coder;\nstruct holder { struct coder *c; };\n"
        "struct coder { double y; struct holder h; };\n"
        "int fb(void) { struct coder k = {2.0}; return (int)k.y; }\n",
        "#include <stdio.h>\nint fa(void);\nint fb(void);\n"
        'int main(void) { printf("%d\\n", fa() + fb()); }\n',
    )
    r = run("run", *write_program(tmp_path, *(texts[k] for k in order)))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "3\n"


def test_an_initialiser_may_take_the_address_of_a_later_static(tmp_path):
    # the definition is written where the global was first declared: the
    # static it names needs a declaration before it (also across files)
    files = write_program(
        tmp_path,
        "#include <stdio.h>\nextern int *ptr;\nextern struct node b;\n"
        "struct node { struct node *next; int v; };\n"
        "static struct node a = {&b, 1};\n"
        'int main(void) { *ptr = 42; printf("%d %d %d\\n", *ptr, a.next->v, b.next->v); }\n',
        "struct node { struct node *next; int v; };\n"
        "static int store;\nint *ptr = &store;\nstatic struct node c = {0, 1};\n"
        "struct node b = {&c, 2};\n",
    )
    r = run("run", *files)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "42 2 1\n"


def test_block_scope_declarations_of_another_files_function_and_object(tmp_path):
    files = write_program(
        tmp_path,
        "#include <stdio.h>\nint main(void) {\n  int twice(int); extern int base;\n"
        "  double sqrt(double);\n"
        '  printf("%d %g\\n", twice(base), sqrt(16.0));\n  return 0;\n}\n',
        "int base = 21;\nint twice(int x) { return 2 * x; }\n",
    )
    r = run("run", *files, "-lm")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "42 4\n"


def test_a_call_of_an_undeclared_function_declares_it_implicitly_as_gcc_does(tmp_path):
    files = write_program(
        tmp_path,
        "#include <stdio.h>\nint main(void) {\n  int n = 0;\n"
        "#pragma omp parallel num_threads(2) reduction(+ : n)\n  n += abs(-1);\n"
        '  printf("%d %d\\n", n, twice(21));\n  return 0;\n}\n',
        "int twice(int x) { return 2 * x; }\n",
    )
    r = run("run", *files)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "2 42\n"
    assert warnings_of(r.stderr) == [  # gcc's
        "5:8: warning: implicit declaration of function 'abs' [-Wimplicit-function-declaration]",
        "6:24: warning: implicit declaration of function 'twice' [-Wimplicit-function-declaration]",
    ]


def test_an_undeclared_library_builtin_gets_the_builtins_type_as_in_gcc(tmp_path):
    # int malloc() would truncate the pointer; gcc uses its builtin's prototype
    files = write_program(
        tmp_path,
        "#include <stdio.h>\nint main(void) {\n  char *p = malloc(16);\n"
        "  p[0] = 'k'; p[1] = 0;\n"
        '  printf("%s %g %zu\\n", p, sqrt(2.0), strlen(p));\n  free(p);\n  return 0;\n}\n',
        "int unused_file;\n",
    )
    r = run("run", *files, "-lm")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "k 1.41421 1\n"
    assert "implicit declaration of function 'malloc'" in r.stderr


def test_declarations_without_a_type_default_to_int_with_gccs_warnings(tmp_path):
    files = write_program(
        tmp_path,
        "#include <stdio.h>\ntotal(), counter, *where;\nstatic base = 2;\n"
        "add(a, b) int a, b; { return a + b; }\n"
        "int main(void) {\n  register i;\n  where = &counter;\n"
        "#pragma omp parallel for reduction(+ : counter)\n"
        "  for (i = 0; i < 10; i++) counter += base;\n"
        '  printf("%d %d\\n", total(), add(*where, 1));\n  return 0;\n}\n',
        "int total(void) { return 42; }\n",
    )
    r = run("run", *files)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "42 21\n"
    assert warnings_of(r.stderr) == [  # gcc's
        "2:1: warning: data definition has no type or storage class",
        "2:1: warning: type defaults to 'int' in declaration of 'total' [-Wimplicit-int]",
        "2:10: warning: type defaults to 'int' in declaration of 'counter' [-Wimplicit-int]",
        "2:20: warning: type defaults to 'int' in declaration of 'where' [-Wimplicit-int]",
        "3:8: warning: type defaults to 'int' in declaration of 'base' [-Wimplicit-int]",
        "4:1: warning: return type defaults to 'int' [-Wimplicit-int]",
        "6:12: warning: type defaults to 'int' in declaration of 'i' [-Wimplicit-int]",
    ]


@pytest.mark.parametrize(
    ("source", "printed", "warnings"),
    [
        (  # pointers: they point to int
            "#include <stdio.h>\nstatic *p;\nstatic x, *q;\n"
            "int main(void) {\n  auto *r = &x; register *t = 0; const *c = &x;\n"
            '  p = &x; x = 4;\n  printf("%d %d %d\\n", *p + *r + *c, q == 0, t == 0);\n'
            "  return 0;\n}\n",
            "12 1 1\n",
            [
                "2:9: warning: type defaults to 'int' in declaration of 'p' [-Wimplicit-int]",
                "3:8: warning: type defaults to 'int' in declaration of 'x' [-Wimplicit-int]",
                "3:12: warning: type defaults to 'int' in declaration of 'q' [-Wimplicit-int]",
                "5:9: warning: type defaults to 'int' in declaration of 'r' [-Wimplicit-int]",
                "5:27: warning: type defaults to 'int' in declaration of 't' [-Wimplicit-int]",
                "5:41: warning: type defaults to 'int' in declaration of 'c' [-Wimplicit-int]",
            ],
        ),
        (  # after a file-scope pragma, which ends a declaration as ';' does (was an error)
            "#include <stdio.h>\n#pragma GCC diagnostic push\ntwice(x) int x; { return 2 * x; }\n"
            "#pragma GCC diagnostic pop\ncounter;\n#pragma weak helper\n"
            'int main(void) { printf("%d\\n", twice(counter + 3)); return 0; }\n',
            "6\n",
            [
                "3:1: warning: return type defaults to 'int' [-Wimplicit-int]",
                "5:1: warning: data definition has no type or storage class",
                "5:1: warning: type defaults to 'int' in declaration of 'counter' [-Wimplicit-int]",
            ],
        ),
    ],
)
def test_declarations_without_a_type_are_int_with_gccs_warnings(
    tmp_path, source, printed, warnings
):
    src = tmp_path / "p.c"
    src.write_text(source)
    r = run("run", src)
    assert r.returncode == 0, r.stderr
    assert r.stdout == printed
    assert warnings_of(r.stderr) == warnings  # gcc's


def emitted_lines(src) -> list[str]:
    """The lines of the C that ``inspirec emit`` writes for ``src``, stripped."""
    emitted = run("emit", str(src))
    assert emitted.returncode == 0, emitted.stderr
    return [line.strip() for line in emitted.stdout.splitlines()]


SIMD_REDUCTIONS = r"""
#include <stdio.h>
float total;
int main(void) {
    float a[1000];
    for (int i = 0; i < 1000; i++) a[i] = (i % 7) * 0.5f;
    float s = 0, m = 0; int count = 0;
#pragma omp simd reduction(+: s, total) reduction(max: m) reduction(+: count)
    for (int i = 0; i < 1000; i++) {
        s += a[i]; total += 1; m = a[i] > m ? a[i] : m; count += a[i] > 1;
    }
    float shared = 0, captured = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp simd reduction(+: shared)
        for (int i = 0; i < 1000; i++) shared += a[i];
#pragma omp task shared(captured)
        {
#pragma omp simd reduction(+: captured)
            for (int i = 0; i < 1000; i++) captured += a[i];
        }
    }
    printf("%.1f %.1f %.1f %d %.1f %.1f\n", s, total, m, count, shared, captured);
    return 0;
}
"""


def test_simd_reductions_stay_in_the_emitted_c_where_c_names_the_object(tmp_path):
    # local and global objects: the clause (so gcc vectorises the float sums);
    # a shared variable in a region or a task: no hint (C reaches it through a pointer)
    src = tmp_path / "simd.c"
    src.write_text(SIMD_REDUCTIONS)
    pragmas = [line for line in emitted_lines(src) if "omp simd" in line]
    assert pragmas == [
        "#pragma omp simd reduction(+: s) reduction(+: total) reduction(max: m) reduction(+: count)"
    ]
    for threads in ("1", "2"):
        r = run("run", str(src), env={"OMP_NUM_THREADS": threads})
        assert r.returncode == 0, r.stderr
        assert r.stdout == "1498.5 1000.0 3.0 571 1498.5 1498.5\n"


def test_a_simd_loop_over_a_variable_declared_before_it_keeps_the_hint(tmp_path):
    # the loop runs on a local copy of i (stored into i after it), which the
    # hint makes linear in the emitted C, as OpenMP makes i
    src = tmp_path / "old.c"
    src.write_text(
        "#include <stdio.h>\nint main(void) {\n    float a[1000], s = 0;\n    int i;\n"
        "    for (i = 0; i < 1000; i++) a[i] = (i % 7) * 0.5f;\n"
        "#pragma omp simd reduction(+: s)\n    for (i = 0; i < 1000; i += 2) s += a[i];\n"
        '    printf("%.1f %d\\n", s, i);\n    return 0;\n}\n'
    )
    lines = emitted_lines(src)
    pragma = lines.index("#pragma omp simd reduction(+: s)")
    assert lines[pragma + 1].startswith("for (__inspire_i_0 = 0;")
    r = run("run", str(src))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "748.5 1000\n"  # gcc -fopenmp's


COMPOSITE_SIMD = r"""
#include <stdio.h>
float a[4000];
int main(void) {
    for (int i = 0; i < 4000; i++) a[i] = (i % 7) * 0.5f;
    float s = 0, m = 0, last = 0, team = 0;
    int count = 0;
#pragma omp parallel for simd reduction(+: s) reduction(max: m) reduction(+: count)
    for (int i = 0; i < 4000; i++) {
        s += a[i]; m = a[i] > m ? a[i] : m; count += a[i] > 1;
    }
#pragma omp parallel for simd safelen(8)
    for (long i = 0; i < 4000; i++) a[i] = a[i] * 2;
#pragma omp parallel for simd lastprivate(last)
    for (int i = 0; i < 4000; i++) last = a[i];
#pragma omp parallel
    {
#pragma omp for simd reduction(+: team) schedule(dynamic, 64)
        for (short i = 0; i < 4000; i++) team += a[i];
    }
    int j;
    float aligned = 0;
#pragma omp parallel for simd aligned(a: 16) reduction(+: aligned)
    for (j = 0; j < 4000; j++) aligned += a[j];
    printf("%.1f %.1f %d %.1f %.1f %d %.1f\n", s, m, count, last, team, j, aligned);
    return 0;
}
"""


def test_composite_simd_loops_keep_the_hint_on_each_threads_chunks(tmp_path):
    # the chunk loop of a worksharing loop with a simd part gets the hint,
    # its reductions named by their private copies, without aligned; not
    # with a lastprivate variable (the lanes would share the thread's copy),
    # but with a lastprivate iteration variable.  The iteration value of a
    # type narrower than long is declared in range (so gcc vectorises the
    # chunk's accesses); a long one needs no such statement.
    src = tmp_path / "composite.c"
    src.write_text(COMPOSITE_SIMD)
    lines = emitted_lines(src)
    assert [line for line in lines if "omp simd" in line] == [
        "#pragma omp simd reduction(+: s) reduction(max: m) reduction(+: count)",
        "#pragma omp simd safelen(8)",
        "#pragma omp simd reduction(+: team)",
        "#pragma omp simd reduction(+: aligned)",
    ]
    ranges = [lines[k - 1] for k, line in enumerate(lines) if line == "__builtin_unreachable();"]
    assert ranges == [
        "if (inspire_v < -2147483647L - 1 || inspire_v > 2147483647L)",
        "if (inspire_v < -2147483647L - 1 || inspire_v > 2147483647L)",
        "if (inspire_v < -32767L - 1 || inspire_v > 32767L)",
        "if (inspire_v < -2147483647L - 1 || inspire_v > 2147483647L)",
    ]
    for threads in ("1", "2", "4"):
        r = run("run", str(src), env={"OMP_NUM_THREADS": threads})
        assert r.returncode == 0, r.stderr
        assert r.stdout == "5997.0 3.0 2284 2.0 11994.0 4000 11994.0\n"  # gcc -fopenmp's


def test_a_composite_simd_hint_stays_unless_an_if_clause_applies_to_simd(tmp_path):
    # if(parallel: c) is the region's; if(c) applies to the simd part too,
    # whose loop may then not run as SIMD lanes
    src = tmp_path / "if.c"
    src.write_text(
        "#include <stdio.h>\nfloat a[4000];\nint main(void) {\n"
        "    for (int i = 0; i < 4000; i++) a[i] = (i % 7) * 0.5f;\n"
        "    float s = 0, t = 0;\n    int c = 1;\n"
        "#pragma omp parallel for simd reduction(+: s) if(parallel: c)\n"
        "    for (int i = 0; i < 4000; i++) s += a[i];\n"
        "#pragma omp parallel for simd reduction(+: t) if(c)\n"
        "    for (int i = 0; i < 4000; i++) t += a[i];\n"
        '    printf("%.1f %.1f\\n", s, t);\n    return 0;\n}\n'
    )
    pragmas = [line for line in emitted_lines(src) if "omp simd" in line]
    assert pragmas == ["#pragma omp simd reduction(+: s)"]
    r = run("run", str(src), env={"OMP_NUM_THREADS": "2"})
    assert r.returncode == 0, r.stderr
    assert r.stdout == "5997.0 5997.0\n"  # gcc -fopenmp's


def test_parallel_loop_bound_to_the_thread_calls_its_header_once_per_thread(tmp_path):
    # the counters' values after the region come from running the headers
    # again, but not headers that call a function (gcc calls it once a thread)
    src = tmp_path / "bt.c"
    src.write_text(
        "#include <stdio.h>\nstatic int calls;\n"
        "static int start(void) {\n#pragma omp atomic\n  calls++;\n  return 0;\n}\n"
        "int main(void) {\n  int i = -1, j = -1, s = 0;\n"
        "#pragma omp parallel loop bind(thread) num_threads(2) reduction(+ : s)\n"
        "  for (i = start(); i < 4; i++) s += i;\n"
        "#pragma omp parallel loop bind(thread) num_threads(2)\n"
        "  for (j = 0; j < 4; j++) ;\n"
        '  printf("calls %d sum %d j %d\\n", calls, s, j);\n  return 0;\n}\n'
    )
    r = run("run", src, env={"OMP_NUM_THREADS": "2"})
    assert r.returncode == 0, r.stderr
    assert r.stdout == "calls 2 sum 12 j 4\n"


@pytest.mark.parametrize(
    ("threads", "serial"), [("1", False), ("2", False), ("4", False), ("2", True)]
)
def test_simd_loops_in_a_team_run_on_copies_of_shared_counters(tmp_path, threads, serial):
    # each thread's loop has its own counter, stored back after it, as gcc
    # does (they raced on the shared one); the stores race by OpenMP's rules,
    # so the program is not in the race-free parallel corpus
    exe = tmp_path / "sc"
    flags = ["--serial"] if serial else []
    r = run("build", PROGRAMS / "simd_counters.c", *flags, "-o", exe)
    assert r.returncode == 0, r.stderr
    out = subprocess.run(
        [exe],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "OMP_NUM_THREADS": threads},
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == "wrong 0, i 20000, j 20000, g 100, k 100\n"


def test_excess_initializers_are_gccs_warnings_and_not_evaluated(tmp_path):
    src = tmp_path / "x.c"
    src.write_text(
        "#include <stdio.h>\nstruct s { int a; };\n"
        'static int g(void) { puts("called"); return 1; }\n'
        "int main(void) {\n  int a[2] = {1, 2, 3, g()}; struct s v = {1, 2}; int x = {3, 4};\n"
        '  printf("%d %d %d\\n", a[1], v.a, x);\n  return 0;\n}\n'
    )
    r = run("run", src)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "2 1 3\n"
    assert warnings_of(r.stderr) == [  # gcc's
        "5:21: warning: excess elements in array initializer",
        "5:24: warning: excess elements in array initializer",
        "5:47: warning: excess elements in struct initializer",
        "5:63: warning: excess elements in scalar initializer",
    ]


def test_emit_c_and_ir(tmp_path):
    r = run("emit", HELLO)
    assert r.returncode == 0 and r.stdout.startswith("#include <stdio.h>")
    r2 = run("emit", HELLO, "-o", "-", cwd=tmp_path)  # gcc's spelling of stdout
    assert not (tmp_path / "-").exists()
    assert r.stdout == r2.stdout
    ir = tmp_path / "hello.ir"
    r = run("emit", "--emit=ir", HELLO, "-o", ir)
    assert r.returncode == 0 and r.stdout == ""
    assert run("ir", ir).returncode == 0


def test_include_dirs(tmp_path):
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "value.h").write_text("#define VALUE 7\n")
    (tmp_path / "m.c").write_text('#include "value.h"\nint main(void) { return VALUE; }\n')
    assert run("run", tmp_path / "m.c", "-I", inc).returncode == 7
    r = run("run", tmp_path / "m.c")
    assert r.returncode == 1 and "value.h" in r.stderr


def test_user_errors_exit_1_without_traceback(tmp_path):
    r = run("build", tmp_path / "missing.c", "-o", tmp_path / "x")
    assert r.returncode == 1 and "missing.c: error: no such file" in r.stderr
    bad = tmp_path / "bad.c"
    bad.write_text("int main(void) { return }\n")
    r = run("emit", bad)
    assert r.returncode == 1 and f"{bad}:1:" in r.stderr and "error:" in r.stderr
    r = run("build", HELLO, "-o", tmp_path / "x", "-Wc,-fno-such-flag-at-all")
    assert r.returncode == 1 and "unrecognized command-line option" in r.stderr
    r = run("build", HELLO, "-o", tmp_path / "x", "--cc", "no-such-compiler")
    assert r.returncode == 1 and "cannot run the C compiler 'no-such-compiler'" in r.stderr
    r = run("build", HELLO, "-o", tmp_path / "x", "-O9")
    assert r.returncode == 1 and "invalid optimisation level -O9" in r.stderr
    assert "Traceback" not in r.stderr


def test_usage_errors_exit_2(tmp_path):
    assert run("build", HELLO).returncode == 2  # -o is required
    assert run("emit", HELLO, "--emit=asm").returncode == 2
    assert run("run").returncode == 2
    assert run("build", HELLO, "-o", tmp_path / "x", "--bogus").returncode == 2


def test_verbose_shows_stages_and_the_cc_command(tmp_path):
    r = run("build", HELLO, "-o", tmp_path / "x", "-v")
    assert r.returncode == 0
    assert "inspirec: frontend:" in r.stderr and "inspirec: cc: cc -O3" in r.stderr


def test_keep_temps(tmp_path):
    r = run("build", HELLO, "-o", tmp_path / "x", "--keep-temps")
    kept = r.stderr.strip().split("kept in ")[-1]
    assert (Path(kept) / "hello.c").is_file()


def test_help_of_every_verb():
    for verb in ("build", "emit", "run", "analyze", "ir"):
        r = run(verb, "--help")
        assert r.returncode == 0 and "usage: inspirec" in r.stdout


def test_openmp_errors_exit_1_with_position(tmp_path):
    src = tmp_path / "omp.c"
    src.write_text("int main(void) { int x = 0;\n#pragma omp allocate(x)\n return x;\n}\n")
    r = run("build", src, "-o", tmp_path / "x")
    assert r.returncode == 1
    assert f"{src}:2:9: error: OpenMP directive 'allocate' is not supported" in r.stderr
    assert "Traceback" not in r.stderr


def test_run_an_openmp_program(tmp_path):
    r = run("run", REPO / "examples" / "fib.c", "--", "24")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("fib(24) = 46368\n")


def test_wl_passes_linker_options_to_the_link_only(tmp_path):
    """-Wl,-rpath,DIR reaches the linker as gcc's -Wl does: the program finds
    its shared library at run time without LD_LIBRARY_PATH."""
    lib_src = tmp_path / "twice.c"
    lib_src.write_text("int twice(int x) { return 2 * x; }\n")
    lib_dir = tmp_path / "lib"
    lib_dir.mkdir()
    subprocess.run(["cc", "-shared", "-fPIC", lib_src, "-o", lib_dir / "libtwice.so"], check=True)
    main = tmp_path / "main.c"
    main.write_text(
        '#include <stdio.h>\nint twice(int x);\nint main(void) { printf("%d\\n", twice(21)); '
        "return 0; }\n"
    )
    exe = tmp_path / "main"
    r = run("build", main, "-o", exe, "-L", lib_dir, "-l", "twice", f"-Wl,-rpath,{lib_dir}", "-v")
    assert r.returncode == 0, r.stderr
    compiles = [line for line in r.stderr.splitlines() if " -c " in line]
    assert compiles and not any("-rpath" in line for line in compiles)
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    out = subprocess.run([exe], capture_output=True, text=True, env=env, check=True)
    assert out.stdout == "42\n"
    r = run("build", main, "-o", exe, "-Wx,-y")
    assert r.returncode == 1 and "unknown option -Wx,-y (use -Wc,FLAG or -Wl,OPTION)" in r.stderr


def test_the_optimisation_level_defines_optimize_as_in_gcc(tmp_path):
    # build and run compile at -O3 unless told: __OPTIMIZE__ as gcc -O3
    # defines it (a program choosing its code by it takes the same branch
    # as with gcc); -O0 and emit (which compiles nothing) do not define it
    src = tmp_path / "o.c"
    src.write_text(
        '#include <stdio.h>\nint main(void) {\n#ifdef __OPTIMIZE__\n  puts("optimized");\n'
        '#else\n  puts("plain");\n#endif\n  return 0;\n}\n'
    )
    assert run("run", src).stdout == "optimized\n"
    assert run("run", "-O0", src).stdout == "plain\n"
    assert 'puts("plain")' in run("emit", src, "-o", "-").stdout


def test_target_options_passed_to_the_c_compiler_select_the_instruction_set(tmp_path):
    # -Wc,-mavx2 reaches the preprocessing too: the program takes the branch
    # it takes with gcc -mavx2 (nothing here runs an AVX2 instruction)
    src = tmp_path / "t.c"
    src.write_text(
        '#include <stdio.h>\nint main(void) {\n#ifdef __AVX2__\n  puts("avx2");\n'
        '#else\n  puts("baseline");\n#endif\n  return 0;\n}\n'
    )
    assert run("run", src).stdout == "baseline\n"
    assert run("run", "-Wc,-mavx2", src).stdout == "avx2\n"
