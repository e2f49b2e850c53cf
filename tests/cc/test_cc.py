"""``inspirec-cc``: gcc-style arguments, objects that carry units, the whole-program
link step, ``make CC=inspirec-cc`` on a multi-directory project and on BOTS."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from inspirec import cc

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bots"))
from bots_suite import BOTS, KERNELS, arguments, missing, verified

HERE = Path(__file__).resolve().parent
CC = [sys.executable, "-m", "inspirec.cc"]
MAKE_CC = f"{sys.executable} -m inspirec.cc"


def run_cc(*args, cwd=None, timeout=300):
    return subprocess.run(
        [*CC, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=timeout
    )


# ---------------------------------------------------------------- arguments
def test_arguments_are_sorted_like_gcc_sorts_them(tmp_path):
    rsp = tmp_path / "args.rsp"
    rsp.write_text("-DFROM_FILE='\"a b\"' -I inc2\n")
    args = cc.parse_args(
        ["-c", "-O2", "-g", "-Iinc", "-D", "N=3", "-UM", f"@{rsp}", "-std=c99", "-Wall",
         "-Wl,-z,now", "-fopenmp", "-fPIC", "-march=x86-64", "-pthread", "-MMD", "-MF",
         "a.d", "-MT", "a.o", "a.c", "-o", "a.o", "-lm", "-L", "lib"]
    )  # fmt: skip
    assert args.mode == "compile" and args.output == "a.o" and args.optimize == "2"
    assert args.include_dirs == ["inc", "inc2"]
    sorted_ = cc.parse_args(["-isystem", "s", "-iquotequ", "-include", "f.h", "a.c"])
    assert sorted_.include_options == [("-isystem", "s"), ("-iquote", "qu"), ("-include", "f.h")]
    assert sorted_.inputs == ["a.c"]
    # -pthread defines _REENTRANT, as gcc's does
    assert args.defines == ["N=3", 'FROM_FILE="a b"', "_REENTRANT"] and args.undefines == ["M"]
    assert args.inputs == ["a.c", "-lm"] and args.lib_dirs == ["lib"]
    assert args.cc_flags == ["-g", "-fPIC", "-march=x86-64"]
    assert args.link_flags == ["-Wl,-z,now"]
    assert args.dep_flags == ["-MMD", "-MF", "a.d", "-MT", "a.o"]
    assert cc.parse_args(["-E", "a.c"]).mode == "preprocess"
    assert cc.parse_args(["-MM", "a.c"]).mode == "deps"
    assert cc.parse_args(["a.o", "b.o"]).mode == "link"


def test_help_version_and_no_input(tmp_path):
    help_text = run_cc("--help", cwd=tmp_path)
    assert help_text.returncode == 0
    assert help_text.stdout.startswith("usage: inspirec-cc ")
    for option in ("-c", "-E", "-S", "-MMD", "@file", "INSPIREC_CC", "Exit status"):
        assert option in help_text.stdout
    version = run_cc("--version", cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("inspirec-cc (inspirec ")
    bare = run_cc(cwd=tmp_path)
    assert bare.returncode == 2
    assert bare.stderr == "inspirec-cc: error: no input files (see 'inspirec-cc --help')\n"


def test_dash_s_is_refused_clearly(tmp_path):
    src = tmp_path / "a.c"
    src.write_text("int main(void) { return 0; }\n")
    r = run_cc("-S", src)
    assert r.returncode == 1 and "-S is not supported" in r.stderr and "inspirec emit" in r.stderr


def test_syntax_errors_are_reported_by_the_compile_step(tmp_path):
    src = tmp_path / "bad.c"
    src.write_text("int f(void) { return }\n")
    r = run_cc("-c", src, "-o", tmp_path / "bad.o")
    assert r.returncode == 1 and f"{src}:1:" in r.stderr and "error:" in r.stderr
    assert not (tmp_path / "bad.o").exists()
    r = run_cc("-c", src, "-o", src)
    assert r.returncode == 1 and "is the same as the output file" in r.stderr


def test_an_error_found_while_the_c_compiler_runs_leaves_nothing_behind(tmp_path):
    """The C compiler compiles the file's own code while inspirec checks the
    unit; an error inspirec finds (gcc accepts this file: a static pointer to
    a VLA, which inspirec refuses; once supported, take another refusal)
    stops it and leaves neither an object nor temporary files."""
    src = tmp_path / "vla.c"
    src.write_text("void f(int n) {\n    static int (*p)[n];\n    (void)p;\n}\n")
    assert subprocess.run(["gcc", "-c", str(src), "-o", os.devnull]).returncode == 0
    temp = tmp_path / "tmp"
    temp.mkdir()
    r = subprocess.run(
        [*CC, "-fopenmp", "-c", str(src), "-o", str(tmp_path / "vla.o")],
        capture_output=True,
        text=True,
        env={**os.environ, "TMPDIR": str(temp)},
    )
    assert r.returncode == 1 and f"{src}:2:" in r.stderr, r.stderr
    assert not (tmp_path / "vla.o").exists()
    assert list(temp.iterdir()) == []


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("int f(void) { return undeclared_var; }\n", "1:22: error: 'undeclared_var' undeclared"),
        (
            "struct s { int a; };\nint g(struct s v) { int x = v; return x; }\n",
            "2:29: error: incompatible types",
        ),
        (
            "#include <string.h>\nint h(void) { (void)strlcpy; return 0; }\n",
            "2:21: error: 'strlcpy' undeclared",
        ),
    ],
)
def test_the_compile_step_reports_the_errors_of_its_file(tmp_path, source, message):
    # as gcc -c does: a configure script's compile check must fail on them
    (tmp_path / "u.c").write_text(source)
    for mode in ("-c", "-fsyntax-only"):
        r = run_cc(mode, "u.c", cwd=tmp_path)
        assert r.returncode == 1 and f"u.c:{message}" in r.stderr, r.stderr
        assert not (tmp_path / "u.o").exists()


def test_a_block_scope_extern_may_name_an_object_of_another_file_or_a_library(tmp_path):
    (tmp_path / "use.c").write_text(
        "#include <stdio.h>\nint main(void) {\n  extern int counter;\n  extern char **environ;\n"
        '  printf("%d %d\\n", counter, environ != 0);\n  return 0;\n}\n'
    )
    (tmp_path / "def.c").write_text("int counter = 42;\n")
    assert run_cc("-c", "use.c", cwd=tmp_path).returncode == 0
    subprocess.run(["gcc", "-c", "def.c"], cwd=tmp_path, check=True)  # a plain object
    r = run_cc("use.o", "def.o", "-o", "u", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(tmp_path / "u")], capture_output=True, text=True, check=True)
    assert out.stdout == "42 1\n"


def test_a_file_without_main_compiles_and_syntax_only_writes_nothing(tmp_path):
    (tmp_path / "lib.c").write_text(
        "static int twice(int a) { return 2 * a; }\n"
        "int add(int a, int b) { return twice(a) + b; }\n"
    )
    assert run_cc("-fsyntax-only", "lib.c", cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lib.c"]
    assert run_cc("-c", "lib.c", cwd=tmp_path).returncode == 0
    assert (tmp_path / "lib.o").exists()


@pytest.mark.parametrize(
    ("flags", "shown"),
    [
        ((), False),
        (("-Wall",), True),
        (("-Wunknown-pragmas",), True),
        (("-Wall", "-Wno-unknown-pragmas"), False),
        (("-Wno-unknown-pragmas", "-Wunknown-pragmas"), True),
        (("-Wall", "-w"), False),
    ],
)
def test_unknown_pragmas_warn_when_gcc_would(tmp_path, flags, shown):
    (tmp_path / "p.c").write_text("#pragma scop\nint main(void) { return 0; }\n#pragma endscop\n")
    r = run_cc(*flags, "p.c", "-o", "p", cwd=tmp_path)
    assert r.returncode == 0
    warned = "p.c:1:9: warning: ignoring '#pragma scop' [-Wunknown-pragmas]" in r.stderr
    assert warned == shown and ("warning" in r.stderr) == shown


def test_warnings_on_by_default_name_their_option_which_turns_them_off(tmp_path):
    (tmp_path / "a.c").write_text(
        "static k = 1;\nint main(void) { return helper() - neg(-k); }\nneg(x) { return -x; }\n"
    )
    (tmp_path / "b.c").write_text("int helper(void) { return 1; }\n")
    r = run_cc("a.c", "b.c", "-o", "a", cwd=tmp_path)
    assert r.returncode == 0
    assert "a.c:1:8: warning: type defaults to 'int' in declaration of 'k' [-Wimplicit-int]" in (
        r.stderr
    )
    assert (
        "a.c:2:25: warning: implicit declaration of function 'helper' "
        "[-Wimplicit-function-declaration]" in r.stderr
    )
    assert "a.c:3:1: warning: type of 'x' defaults to 'int' [-Wimplicit-int]" in r.stderr
    off = ("-Wno-implicit-int", "-Wno-implicit-function-declaration")
    r = run_cc(*off, "a.c", "b.c", "-o", "a", cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == ""


@pytest.mark.parametrize(
    ("flags", "options"),
    [
        (("-std=gnu89",), []),
        (("-ansi", "-Werror"), []),
        (("-std=c89", "-Wall"), ["return-type", "implicit-int", "return-type"]),
        (("-std=gnu90", "-Wextra"), ["missing-parameter-type"]),
        (("-std=gnu99",), ["implicit-int"] * 4),
    ],
)
def test_c90_declares_int_without_a_warning_unless_asked(tmp_path, flags, options):
    # as gcc: in C90 a missing type is no fault; -Wall and -Wextra warn of it
    (tmp_path / "k.c").write_text("main() { return 0; }\nstatic s;\nf(a) { return a; }\n")
    r = run_cc(*flags, "-fsyntax-only", "k.c", cwd=tmp_path)
    assert r.returncode == 0
    assert re.findall(r"warning: .* \[-W([a-z-]+)\]", r.stderr) == options


WARNED = "static k = 1;\nint main(void) { return helper() - k; }\n"
IMPLICIT_INT = "a.c:1:8: warning: type defaults to 'int' in declaration of 'k' [-Wimplicit-int]"


def test_the_compile_step_gives_the_warnings_and_the_link_step_not_again(tmp_path):
    (tmp_path / "a.c").write_text(WARNED)
    (tmp_path / "b.c").write_text("int helper(void) { return 1; }\n")
    r = run_cc("-c", "a.c", cwd=tmp_path)
    assert r.returncode == 0 and IMPLICIT_INT in r.stderr
    assert "implicit declaration of function 'helper'" in r.stderr
    assert run_cc("-c", "b.c", cwd=tmp_path).returncode == 0
    r = run_cc("a.o", "b.o", "-o", "a", cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == ""
    r = run_cc("a.o", "b.c", "-o", "a", cwd=tmp_path)  # a .c file's: at the link
    assert r.returncode == 0 and r.stderr == ""
    r = run_cc("a.c", "b.o", "-o", "a", cwd=tmp_path)
    assert r.returncode == 0 and r.stderr.count(IMPLICIT_INT) == 1


@pytest.mark.parametrize(
    ("flags", "failed"),
    [
        (("-Werror",), True),
        (("-Werror=implicit-int",), True),
        (("-Werror", "-Wno-error=implicit-int", "-Wno-implicit-function-declaration"), False),
        (("-Werror", "-Wno-error"), False),
        (("-Werror", "-w"), False),
    ],
)
def test_werror_makes_warnings_errors_before_anything_is_written(tmp_path, flags, failed):
    (tmp_path / "a.c").write_text(WARNED)
    r = run_cc(*flags, "-c", "a.c", cwd=tmp_path)
    assert (r.returncode == 1) == failed and (tmp_path / "a.o").exists() != failed
    error = "a.c:1:8: error: type defaults to 'int' in declaration of 'k' [-Werror=implicit-int]"
    assert (error in r.stderr) == failed
    assert (IMPLICIT_INT in r.stderr) == (not failed and "-w" not in flags)


def test_dash_w_silences_warnings_as_in_gcc(tmp_path):
    src = tmp_path / "a.c"
    src.write_text("int main(void) { int x = 1; int *p = 1 ? &x : 2; return *p - 1; }\n")
    loud = run_cc(src, "-o", tmp_path / "a", cwd=tmp_path)
    assert loud.returncode == 0
    assert "warning: pointer/integer type mismatch in conditional expression" in loud.stderr
    quiet = run_cc("-w", src, "-o", tmp_path / "b", cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == ""


#: A program whose output tells the C standard it was preprocessed for.
STANDARD_PROBE = r"""#include <stdio.h>
int main(void) {
#ifdef __STRICT_ANSI__
  printf("strict ");
#endif
#ifdef __STDC_VERSION__
  printf("%ld ", (long)__STDC_VERSION__);
#endif
  int x = 4 //**/ 2
  ;
  printf("%d %s\n", x, "??!");
  return 0;
}
"""


@pytest.mark.parametrize(
    ("flags", "output"),
    [
        ((), "201710 4 ??!"),
        (("-std=c89",), "strict 2 |"),  # no // comments, trigraphs, no __STDC_VERSION__
        (("-ansi",), "strict 2 |"),
        (("-std=gnu99",), "199901 4 ??!"),
        (("-std=c11",), "strict 201112 4 |"),
        (("-std=c89", "-std=gnu11"), "201112 4 ??!"),  # the last one counts
    ],
)
def test_the_standard_of_the_preprocessing_is_the_one_asked_for(tmp_path, flags, output):
    (tmp_path / "s.c").write_text(STANDARD_PROBE)
    r = run_cc("-w", *flags, "s.c", "-o", "s", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(tmp_path / "s")], capture_output=True, text=True, check=True)
    assert out.stdout == output + "\n"


def test_a_strict_standard_hides_the_c_library_extensions_as_in_gcc(tmp_path):
    # under -std=c99 glibc declares neither POSIX's getline nor math.h's y1:
    # a program may name its own so; -fopenmp's _REENTRANT still implies POSIX.1c
    (tmp_path / "k.c").write_text(
        "#include <stdio.h>\n#include <math.h>\n#include <signal.h>\n"
        "int getline(char s[], int lim);\ndouble y1 = 2.0;\nsiginfo_t *info;\n"
        "int main(void) {\n  char line[8];\n  int n = getline(line, 8);\n"
        '  printf("%d %s %g\\n", n, line, y1);\n  return info != 0;\n}\n'
        "int getline(char s[], int lim) {\n  int c, i;\n"
        "  for (i = 0; i < lim - 1 && (c = getchar()) != EOF && c != '\\n'; ++i) s[i] = c;\n"
        "  s[i] = 0;\n  return i;\n}\n"
    )
    r = run_cc("-std=c99", "-fopenmp", "k.c", "-o", "k", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = subprocess.run(
        [str(tmp_path / "k")], input="hello\n", capture_output=True, text=True, check=True
    )
    assert out.stdout == "5 hello 2\n"


def test_system_headers_the_bundled_ones_do_not_replace_are_read(tmp_path):
    # from the C compiler's directories, after the bundled ones: the C
    # library's less common headers (which rely on <features.h>'s macros)
    (tmp_path / "h.c").write_text(
        "#include <stdio.h>\n#include <stdint.h>\n#include <unistd.h>\n"
        "#include <sys/queue.h>\n#include <sys/eventfd.h>\n#include <syslog.h>\n"
        "struct node { int v; TAILQ_ENTRY(node) link; };\nTAILQ_HEAD(list, node);\n"
        "int main(void) {\n  struct list l;\n  TAILQ_INIT(&l);\n"
        "  struct node a = {1}, b = {2}, *p;\n"
        "  TAILQ_INSERT_TAIL(&l, &a, link);\n  TAILQ_INSERT_TAIL(&l, &b, link);\n"
        "  int s = 0;\n  TAILQ_FOREACH(p, &l, link) s += p->v;\n"
        "  int fd = eventfd(0, EFD_CLOEXEC);\n  uint64_t n = 5, m = 0;\n"
        "  if (write(fd, &n, sizeof n) != 8 || read(fd, &m, sizeof m) != 8) return 1;\n"
        '  printf("%d %d %d\\n", s, (int)m, LOG_ERR);\n  return 0;\n}\n'
    )
    r = run_cc("h.c", "-o", "h", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(tmp_path / "h")], capture_output=True, text=True, check=True)
    assert out.stdout == "3 5 3\n"
    # the C compiler's own headers too, optimised (the intrinsics are
    # functions) or not (macros calling the compiler's builtins)
    (tmp_path / "v.c").write_text(
        "#include <stdio.h>\n#include <immintrin.h>\nint main(void) {\n"
        "  __m128i a = _mm_setr_epi32(1, 2, 3, 4);\n"
        "  __m128i b = _mm_shuffle_epi32(_mm_slli_epi32(a, 1), _MM_SHUFFLE(0, 1, 2, 3));\n"
        '  printf("%d %d\\n", _mm_cvtsi128_si32(b), _mm_extract_epi16(b, 6));\n  return 0;\n}\n'
    )
    for level in ("-O0", "-O2"):
        r = run_cc(level, "v.c", "-o", "v", cwd=tmp_path)
        assert r.returncode == 0 and not r.stderr, r.stderr
        out = subprocess.run([str(tmp_path / "v")], capture_output=True, text=True, check=True)
        assert out.stdout == "8 2\n"


@pytest.mark.parametrize(
    "options",
    [
        ("-isystem", "inc"),
        ("-isysteminc",),
        ("-iquote", "inc"),
        ("-idirafter", "inc"),
        ("-include", "inc/foo.h", "-DNO_INCLUDE"),
        ("-imacros", "inc/foo.h", "-DNO_INCLUDE"),
    ],
)
def test_gccs_search_and_inclusion_options_reach_the_preprocessing(tmp_path, options):
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "foo.h").write_text("#define FOO 42\n")
    (tmp_path / "a.c").write_text(
        '#include <stdio.h>\n#ifndef NO_INCLUDE\n#include "foo.h"\n#endif\n'
        'int main(void) {\n  printf("%d\\n", FOO);\n  return 0;\n}\n'
    )
    r = run_cc(*options, "a.c", "-o", "a", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(tmp_path / "a")], capture_output=True, text=True, check=True)
    assert out.stdout == "42\n"
    r = run_cc("-M", *options, "a.c", cwd=tmp_path)  # -MM leaves system headers out
    assert r.returncode == 0 and "inc/foo.h" in r.stdout


def test_an_unknown_standard_is_an_error(tmp_path):
    (tmp_path / "s.c").write_text(STANDARD_PROBE)
    r = run_cc("-std=c98", "s.c", "-o", "bad", cwd=tmp_path)
    assert r.returncode == 1 and "error: unrecognized command-line option '-std=c98'" in r.stderr
    assert not (tmp_path / "bad").exists()


def test_linker_inputs_without_a_link_are_ignored_as_in_gcc(tmp_path, capsys):
    (tmp_path / "m.c").write_text("int f(void) { return 1; }\n")
    (tmp_path / "old.o").write_bytes(b"")
    m, old = str(tmp_path / "m.c"), str(tmp_path / "old.o")
    # a library is ignored, an object is warned of, a missing one is an error
    assert cc.main(["-fsyntax-only", m, "-lm"]) == 0
    assert capsys.readouterr().err == ""
    assert cc.main(["-fsyntax-only", m, old]) == 0
    unused = f"inspirec-cc: warning: {old}: linker input file unused because linking not done\n"
    assert capsys.readouterr().err == unused
    assert cc.main(["-w", "-E", m, old]) == 0
    assert capsys.readouterr().err == ""
    assert cc.main(["-fsyntax-only", m, str(tmp_path / "gone.o")]) == 1
    missing = "gone.o: linker input file not found: No such file or directory\n"
    assert capsys.readouterr().err.endswith(missing)


def test_a_shared_library_is_linked_from_the_objects_own_code(tmp_path, capsys, monkeypatch):
    # as a fat LTO object without the plugin: the C compiler's code of the
    # files (a library has no main to compile a program from), with a warning
    monkeypatch.chdir(tmp_path)
    Path("u.c").write_text("int twice(int x) { return 2 * x; }\n")
    Path("m.c").write_text(
        '#include <stdio.h>\nint twice(int);\nint main(void) { printf("%d\\n", twice(21)); }\n'
    )
    assert cc.main(["-fPIC", "-c", "u.c", "-o", "u.o"]) == 0
    assert cc.main(["-shared", "u.o", "-o", "libu.so"]) == 0
    warning = "inspirec-cc: warning: -shared: the shared library is linked from the C compiler's"
    assert capsys.readouterr().err.startswith(warning)
    assert cc.main(["m.c", "-L.", "-lu", "-o", "m"]) == 0  # a program using it
    out = subprocess.run(["./m"], capture_output=True, text=True, env={"LD_LIBRARY_PATH": "."})
    assert out.stdout == "42\n"
    # an object without code of its own (its file did not compile with the C compiler)
    cc.write_object(cc.CompiledUnit(cc.frontend.preprocess("u.c")), "slim.o", "cc", None)
    assert cc.main(["-shared", "slim.o", "-o", "libslim.so"]) == 1
    assert "-shared: slim.o carries no code of its own" in capsys.readouterr().err
    assert not Path("libslim.so").exists()


def test_dash_c_assembles_assembler_sources_as_gcc(tmp_path, capsys):
    (tmp_path / "a.S").write_text(".globl answer\nanswer:\n  movl $ANSWER, %eax\n  ret\n")
    (tmp_path / "m.c").write_text(
        "#include <stdio.h>\nint answer(void);\n"
        'int main(void) { printf("%d\\n", answer()); return 0; }\n'
    )
    a_o, m_o, exe = (str(tmp_path / x) for x in ("a.o", "m.o", "m"))
    assert cc.main(["-c", "-DANSWER=42", str(tmp_path / "a.S"), "-o", a_o]) == 0
    assert cc.main(["-c", str(tmp_path / "m.c"), "-o", m_o]) == 0
    assert cc.main([m_o, a_o, "-o", exe]) == 0
    assert subprocess.run([exe], capture_output=True, text=True).stdout == "42\n"


def test_toolchain_queries_are_answered_by_the_c_compiler(tmp_path, capsys):
    for query in ("-dumpversion", "-dumpmachine", "-print-file-name=libgcc.a"):
        expected = subprocess.run(["cc", query], capture_output=True, text=True, check=True)
        assert cc.main([query]) == 0
        assert capsys.readouterr().out == expected.stdout
    assert cc.main(["-v"]) == 0  # without input files: the versions, as gcc -v
    err = capsys.readouterr().err
    assert err.startswith("inspirec-cc (inspirec ") and "gcc version" in err


@pytest.mark.parametrize(
    ("flags", "status", "message"),
    [
        (["-Wfoo"], 1, "inspirec-cc: error: unrecognized command-line option '-Wfoo'\n"),
        (["-Wall", "-Werror=foo"], 1, "inspirec-cc: error: '-Werror=foo': no option '-Wfoo'\n"),
        (["-Wshadow", "-Wno-foo", "-Wstrict-prototypes"], 0, ""),  # an unknown -Wno- is ignored
        (["-fPIC", "-fzz"], 1, "inspirec-cc: error: unrecognized command-line option '-fzz'\n"),
        (["-march=bogus"], 1, "inspirec-cc: error: bad value 'bogus' for '-march=' switch\n"),
        (["-fno-rtti"], 0, "inspirec-cc: warning: command-line option '-fno-rtti' is valid for "),
    ],
)
def test_options_the_c_compiler_does_not_know_are_errors(tmp_path, capsys, flags, status, message):
    (tmp_path / "w.c").write_text("int main(void) { return 0; }\n")
    assert cc.main([*flags, "-c", str(tmp_path / "w.c"), "-o", str(tmp_path / "w.o")]) == status
    err = capsys.readouterr().err
    assert err.startswith(message) and (err == message or not message.endswith("\n"))


def test_the_compile_step_imports_neither_the_analyses_nor_the_backend(tmp_path):
    """Every ``-c`` of a build pays for its imports: the passes, the analyses,
    the backend and networkx belong to the link step (a program with tasks
    and a thread, so the frontend's call graphs are built)."""
    src = tmp_path / "a.c"
    src.write_text(
        "#include <pthread.h>\n"
        "static void *run(void *p) { return p; }\n"
        "int f(int n) { int x = 0;\n#pragma omp task shared(x)\n x = n;\n"
        "#pragma omp taskwait\n return x + (n ? f(n - 1) : 0); }\n"
        "int main(void) { pthread_t t; pthread_create(&t, 0, run, 0);\n"
        "pthread_join(t, 0); return f(3) != 6; }\n"
    )
    code = (
        "import sys\nfrom inspirec import cc\n"
        f"status = cc.main(['-fopenmp', '-c', {str(src)!r}, '-o', {str(tmp_path / 'a.o')!r}])\n"
        "late = ('inspirec.analyses', 'inspirec.backend', 'inspirec.passes', 'networkx')\n"
        "print(status, sorted(m for m in sys.modules if m.split('.')[0] in late\n"
        "    or any(m == p or m.startswith(p + '.') for p in late)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "0 []\n"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"format": "inspirec-unit 0"}, "format 'inspirec-unit 0', expected"),
        ({"bundled": {"stdio.h": 3}}, "bundled headers {'stdio.h': 3}"),
        ({"bundled": ["stdio.h"]}, "bundled headers ['stdio.h']"),
    ],
)
def test_an_object_with_an_unreadable_unit_is_an_error_at_link(tmp_path, change, reason):
    record = {"format": cc.FORMAT, "path": "u.c", "text": "int main(void) { return 0; }\n"}
    (tmp_path / "unit.json").write_text(json.dumps({**record, **change}))
    (tmp_path / "unit.s").write_text(
        f'.section {cc.SECTION},"e",@progbits\n.incbin "{tmp_path / "unit.json"}"\n'
        '.section .note.GNU-stack,"",@progbits\n'
    )
    obj = tmp_path / "unit.o"
    subprocess.run(["gcc", "-c", tmp_path / "unit.s", "-o", obj], check=True)
    r = run_cc(obj, "-o", tmp_path / "prog")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{obj}: error: unreadable inspirec unit ({reason}" in r.stderr, r.stderr
    assert not (tmp_path / "prog").exists()


def test_objects_of_another_installation_link(tmp_path):
    """The bundled headers an object's unit names are this installation's
    when another one (a copy of it elsewhere: another virtual environment)
    compiled the object; they were taken for the user's own code, and the
    emitted C used va_list without <stdarg.h>."""
    other = tmp_path / "other"
    root = HERE.parents[1]
    for package in ("inspirec", "frontend", "inspire", "analyses", "backend", "runtime_c"):
        shutil.copytree(
            root / package, other / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(root / "pyproject.toml", other)  # a checkout's layout (inspirec/__init__.py)
    src = tmp_path / "say.c"
    src.write_text(
        "#include <stdarg.h>\n#include <stdio.h>\n"
        "static void say(const char *f, ...) {\n"
        "    va_list a;\n    va_start(a, f);\n    vprintf(f, a);\n    va_end(a);\n}\n"
        'int main(void) { say("%d\\n", 42); return 0; }\n'
    )
    env = {**os.environ, "PYTHONPATH": str(other)}
    compiled = subprocess.run(
        [sys.executable, "-P", "-m", "inspirec.cc", "-c", str(src), "-o", str(tmp_path / "say.o")],
        capture_output=True,
        text=True,
        env=env,
    )  # -P: the copy, not the checkout in the current directory
    assert compiled.returncode == 0, compiled.stderr
    payload = cc.elf_section((tmp_path / "say.o").read_bytes(), cc.SECTION)
    assert f'"{other}/frontend/include/stdarg.h"' in json.loads(payload)["text"]
    r = run_cc(tmp_path / "say.o", "-o", tmp_path / "say")
    assert r.returncode == 0, r.stderr
    assert subprocess.run([tmp_path / "say"], capture_output=True, text=True).stdout == "42\n"


def test_optimisation_defines_optimize_as_in_gcc(tmp_path, capsys):
    (tmp_path / "o.c").write_text("int x;\n")
    for flags, defined in (([], []), (["-O2"], ["1"]), (["-Os"], ["1"])):
        assert cc.main(["-E", "-dM", *flags, str(tmp_path / "o.c")]) == 0
        macros = capsys.readouterr().out
        assert re.findall(r"#define __OPTIMIZE__ (\S+)", macros) == defined
        assert ("#define __OPTIMIZE_SIZE__ 1" in macros) == (flags == ["-Os"])
        assert "#define __GNUC__ " in macros and "#define __SSE2__ 1" in macros


def test_target_options_select_the_instruction_set_the_program_is_read_for(tmp_path, capsys):
    (tmp_path / "o.c").write_text("int x;\n")
    for flags, avx2 in (([], False), (["-mavx2"], True), (["-mavx2", "-mno-avx2"], False)):
        assert cc.main(["-E", "-dM", *flags, str(tmp_path / "o.c")]) == 0
        assert ("#define __AVX2__ 1" in capsys.readouterr().out) == avx2
    # ... and the program's code it takes, as gcc does
    (tmp_path / "a.c").write_text("#ifndef __AVX2__\n#error no AVX2\n#endif\nint y;\n")
    assert run_cc("-c", "-mavx2", "a.c", cwd=tmp_path).returncode == 0
    r = run_cc("-c", "a.c", cwd=tmp_path)
    assert r.returncode == 1 and "a.c:2:2: error: #error no AVX2" in r.stderr


def test_an_object_compiled_for_another_instruction_set_keeps_it_when_linked(tmp_path):
    # as with gcc, -msse4.1 on one object only: its functions keep SSE4.1
    # (GNU target) in the program's C, which the link compiles without it
    (tmp_path / "kern.c").write_text(
        "#include <smmintrin.h>\nint widest(const int *p) {\n"
        "  __m128i v = _mm_loadu_si128((const __m128i *)p);\n"
        "  __m128i m = _mm_max_epi32(v, _mm_shuffle_epi32(v, 0x4e));\n"
        "  m = _mm_max_epi32(m, _mm_shuffle_epi32(m, 0xb1));\n"
        "  return _mm_extract_epi32(m, 0);\n}\n"
    )
    (tmp_path / "main.c").write_text(
        "#include <stdio.h>\nint widest(const int *p);\nint main(void) {\n"
        "  int d[4] = {3, 9, -2, 7};\n"
        '  printf("%d\\n", __builtin_cpu_supports("sse4.1") ? widest(d) : 9);\n  return 0;\n}\n'
    )
    assert run_cc("-O2", "-msse4.1", "-c", "kern.c", cwd=tmp_path).returncode == 0
    assert run_cc("-O2", "-c", "main.c", cwd=tmp_path).returncode == 0
    r = run_cc("kern.o", "main.o", "-o", "prog", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([tmp_path / "prog"], capture_output=True, text=True, check=True)
    assert out.stdout == "9\n"


def test_function_target_options_of_the_command_line_flags():
    assert "sse4.1" in cc._function_target("gcc", ["-msse4.1"]).split(",")
    assert "avx2" in cc._function_target("gcc", ["-march=haswell"]).split(",")
    assert cc._function_target("gcc", ["-mcmodel=large"]) == ""  # not a function's
    assert cc._function_target("gcc", []) == ""


def test_dash_x_c_and_the_standard_input(tmp_path):
    program = "int main(void) { return 7; }\n"
    r = subprocess.run([*CC, "-x", "c", "-", "-o", "prog"], input=program, text=True, cwd=tmp_path)
    assert r.returncode == 0
    assert subprocess.run([tmp_path / "prog"]).returncode == 7
    r = subprocess.run(
        [*CC, "-c", "-MD", "-x", "c", "-", "-o", "dep.o"], input=program, capture_output=True,
        text=True, cwd=tmp_path,
    )  # fmt: skip
    refused = "dependency output (-M...) of the standard input is not supported"
    assert r.returncode == 2 and refused in r.stderr and not (tmp_path / "dep.o").exists()
    (tmp_path / "prog.txt").write_text(program.replace("7", "8"))  # C by -x, not by its name
    r = run_cc("-x", "c", "prog.txt", "-x", "none", "-o", "prog2", cwd=tmp_path)
    assert r.returncode == 0 and subprocess.run([tmp_path / "prog2"]).returncode == 8
    r = run_cc("-c", "-x", "c", "prog.txt", "-o", "txt.o", cwd=tmp_path)  # and its own code
    assert r.returncode == 0 and r.stderr == ""
    nm = subprocess.run(["nm", "txt.o"], capture_output=True, text=True, cwd=tmp_path)
    assert nm.stdout.split() == ["0000000000000000", "T", "main"]
    r = subprocess.run(
        [*CC, "-E", "-dM", "-fopenmp", "-"], input="#define ASKED 3\n", capture_output=True,
        text=True,
    )  # fmt: skip
    assert "#define ASKED 3\n" in r.stdout and "#define _OPENMP " in r.stdout
    with pytest.raises(cc.Usage, match="-E or -x required when input is from standard input"):
        cc.parse_args(["-c", "-"])
    with pytest.raises(cc.Usage, match=r"-x c\+\+: inspirec-cc compiles C only"):
        cc.parse_args(["-x", "c++", "a.cc"])
    assert cc.parse_args(["-xc", "a.h", "-x", "none", "b.h"]).c_inputs == {"a.h"}


# ------------------------------------------------------ objects and linking
def test_objects_carry_units_and_the_link_step_sees_the_whole_program(tmp_path):
    (tmp_path / "main.c").write_text(
        "#include <stdio.h>\nlong pfib(int);\nint main(void) {\n  long r;\n"
        "#pragma omp parallel\n#pragma omp single\n  r = pfib(15);\n"
        '  printf("%ld\\n", r);\n  return 0;\n}\n'
    )
    (tmp_path / "fib.c").write_text(
        "long pfib(int n) {\n  long x, y;\n  if (n < 2) return n;\n"
        "#pragma omp task shared(x)\n  x = pfib(n - 1);\n"
        "#pragma omp task shared(y)\n  y = pfib(n - 2);\n#pragma omp taskwait\n  return x + y;\n}\n"
    )
    for name in ("main", "fib"):
        r = run_cc("-c", f"{name}.c", "-O1", "-fopenmp", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        data = (tmp_path / f"{name}.o").read_bytes()
        compiled = cc.read_payload(cc.elf_section(data, cc.SECTION), name)
        assert compiled.unit.path == f"{name}.c" and "pfib" in compiled.unit.text
        assert compiled.optimize == "1"
    # a plain object (no unit) is linked as it is
    (tmp_path / "plain.c").write_text("int plain_value(void) { return 7; }\n")
    subprocess.run(["cc", "-c", "plain.c"], cwd=tmp_path, check=True)
    assert cc.units_of(str(tmp_path / "plain.o")) == []
    r = run_cc("-v", "main.o", "fib.o", "plain.o", "-o", "prog", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "frontend: 2 unit(s): main.c fib.c" in r.stderr
    assert "cc: cc -O1 " in r.stderr  # the objects' -O level: the link command gives none
    assert "runtime parameters:" in r.stderr and "plain.o" in r.stderr
    out = subprocess.run([str(tmp_path / "prog")], capture_output=True, text=True, check=True)
    assert out.stdout == "610\n"


def test_archive_members_join_the_program_only_when_it_needs_them(tmp_path, capsys, monkeypatch):
    # as ld takes members: lib.o is not needed (main.c includes lib.c), other.o
    # is, and deep.o, before it in the archive, for other.o (read again, after it)
    (tmp_path / "lib.c").write_text("int helper(int x) { return x * 2; }\nint spare;\n")
    (tmp_path / "deep.c").write_text("int deep(int x) { return x + 10; }\n")
    (tmp_path / "other.c").write_text("int deep(int);\nint other(int x) { return deep(x) + 1; }\n")
    (tmp_path / "main.c").write_text(
        '#include <stdio.h>\n#include "lib.c"\nint other(int);\n'
        'int main(void) { printf("%d %d\\n", helper(3), other(4)); return 0; }\n'
    )
    monkeypatch.chdir(tmp_path)
    for name in ("lib", "deep", "other", "main"):
        assert cc.main(["-c", f"{name}.c"]) == 0
    symbols = cc.units_of("other.o")[0].symbols
    assert symbols == cc.frontend.UnitSymbols(("other",), ("deep",))
    subprocess.run(["ar", "rcs", "libx.a", "lib.o", "deep.o", "other.o"], check=True)
    assert cc.main(["-v", "main.o", "-L.", "-lx", "-o", "prog"]) == 0
    assert "frontend: 3 unit(s): main.c other.c deep.c" in capsys.readouterr().err
    out = subprocess.run(["./prog"], capture_output=True, text=True, check=True)
    assert out.stdout == "6 15\n"
    # every member under --whole-archive: helper twice, an error as with gcc
    assert cc.main(["main.o", "-Wl,--whole-archive", "libx.a", "-o", "whole"]) == 1
    assert "redefinition of 'helper'" in capsys.readouterr().err
    # an archive before the object that needs it gives it nothing, as with ld
    # (nor its members' own code, the C compiler's: the link gets the plain
    # members only)
    assert cc.main(["libx.a", "main.o", "-o", "early"]) == 1
    assert "undefined reference to `other'" in capsys.readouterr().err
    assert not Path("whole").exists() and not Path("early").exists()
    # a member without a unit (compiled by the C compiler) is linked as usual
    Path("plain.c").write_text("int plain_value(void) { return 5; }\n")
    subprocess.run(["cc", "-c", "plain.c"], check=True)
    subprocess.run(["ar", "rcs", "libmixed.a", "deep.o", "plain.o"], check=True)
    Path("uses.c").write_text(
        "int deep(int);\nint plain_value(void);\nint main(void) { return deep(plain_value()); }\n"
    )
    assert cc.main(["uses.c", "libmixed.a", "-o", "mixed"]) == 0
    assert subprocess.run(["./mixed"], check=False).returncode == 15


def test_objects_also_carry_the_c_compilers_code_as_fat_lto_objects_do(tmp_path, monkeypatch):
    # nm, an archive's index and another link driver (g++ linking C objects)
    # see the object's symbols and code, as with gcc -ffat-lto-objects
    monkeypatch.chdir(tmp_path)
    Path("lib.c").write_text("int twice(int x) { return 2 * x; }\nint counter = 3;\n")
    Path("main.c").write_text(
        "#include <stdio.h>\nint twice(int);\nextern int counter;\n"
        'int main(void) { printf("%d\\n", twice(counter)); return 0; }\n'
    )
    for name in ("lib", "main"):
        assert cc.main(["-c", "-O1", f"{name}.c"]) == 0
    nm = subprocess.run(["nm", "lib.o"], capture_output=True, text=True, check=True).stdout
    assert sorted(line.split()[-2:] for line in nm.splitlines()) == [
        ["D", "counter"],
        ["T", "twice"],
    ]
    assert cc.units_of("lib.o")  # and the unit, which the link step uses
    subprocess.run(["ar", "rcs", "liblib.a", "lib.o"], check=True)
    subprocess.run(["g++", "main.o", "-L.", "-llib", "-o", "by_gxx"], check=True)
    assert subprocess.run(["./by_gxx"], capture_output=True, text=True).stdout == "6\n"
    assert cc.main(["main.o", "-L.", "-llib", "-o", "by_us"]) == 0
    assert subprocess.run(["./by_us"], capture_output=True, text=True).stdout == "6\n"


def test_an_object_the_c_compiler_cannot_compile_carries_the_unit_only(tmp_path, capsys):
    fails = tmp_path / "fails-on-c"  # a C compiler that refuses C files, assembles the rest
    fails.write_text(
        '#!/bin/sh\ncase "$*" in *.c*) echo "no C here" >&2; exit 1;; esac\nexec cc "$@"\n'
    )
    fails.chmod(0o755)
    (tmp_path / "u.c").write_text("int twice(int x) { return 2 * x; }\n")
    obj = str(tmp_path / "u.o")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("INSPIREC_CC", str(fails))
        assert cc.main(["-c", str(tmp_path / "u.c"), "-o", obj]) == 0
    warning = f"inspirec-cc: warning: {obj}: the object carries no code of its own, only "
    assert capsys.readouterr().err.startswith(warning)
    assert subprocess.run(["nm", obj], capture_output=True, text=True).stdout == ""
    assert cc.units_of(obj)


def test_objects_without_recorded_symbols_still_select_archive_members(tmp_path, monkeypatch):
    # an object whose record has no symbols: they are found from its text
    (tmp_path / "m.c").write_text("int f(void);\nint main(void) { return f(); }\n")
    (tmp_path / "f.c").write_text("int f(void) { return 4; }\n")
    (tmp_path / "g.c").write_text("int f(void) { return 5; }\n")
    monkeypatch.chdir(tmp_path)
    for name in ("m", "f", "g"):
        unit = cc.frontend.preprocess(f"{name}.c")
        cc.write_object(cc.CompiledUnit(unit), f"{name}.o", "cc", None)
        assert cc.units_of(f"{name}.o")[0].symbols is None
    subprocess.run(["ar", "rcs", "liba.a", "f.o"], check=True)
    subprocess.run(["ar", "rcs", "libb.a", "g.o"], check=True)
    assert cc.main(["m.o", "liba.a", "libb.a", "-o", "m"]) == 0  # libb.a: f is defined
    assert subprocess.run(["./m"], check=False).returncode == 4


OPENMP_OR_SERIAL = """#include <stdio.h>
void parallel_call(void);
int main(void) {
    int s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < 10; i++) s += i;
    _Pragma("omp barrier")
#ifdef _OPENMP
    parallel_call();
#else
    printf("serial %d\\n", s);
#endif
    return 0;
}
"""


def test_feature_macros_of_the_compile_command_reach_the_link(tmp_path):
    # -D_GNU_SOURCE at -c (autoconf's DEFS): the emitted C declares environ
    (tmp_path / "g.c").write_text(
        "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n"
        'int main(void) {\n  const char *h = "hello world";\n'
        '  printf("%s %d\\n", (const char *)memmem(h, 11, "wor", 3), environ[0] != NULL);\n'
        "  return 0;\n}\n"
    )
    r = run_cc("-D_GNU_SOURCE", "-c", "g.c", cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == ""
    r = run_cc("g.o", "-o", "g", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert subprocess.run([tmp_path / "g"], capture_output=True, text=True).stdout == "world 1\n"


def test_without_fopenmp_a_unit_is_plain_c_as_with_gcc(tmp_path):
    # no _OPENMP, '#pragma omp' ignored (a program choosing its serial build
    # with #ifdef _OPENMP links); -fopenmp, also after -fno-openmp, turns it on
    (tmp_path / "m.c").write_text(OPENMP_OR_SERIAL)
    assert run_cc("-c", "m.c", cwd=tmp_path).returncode == 0
    r = run_cc("m.o", "-o", "serial", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(tmp_path / "serial")], capture_output=True, text=True, check=True)
    assert out.stdout == "serial 45\n"
    assert "pragma" not in run_cc("-E", "m.c", cwd=tmp_path).stdout
    r = run_cc("-fno-openmp", "-fopenmp", "m.c", "-o", "parallel", cwd=tmp_path)
    assert r.returncode == 1 and "undefined reference to `parallel_call'" in r.stderr
    r = run_cc("-MM", "-fopenmp", "m.c", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("m.o: m.c")


def test_a_link_without_units_is_an_ordinary_link(tmp_path):
    (tmp_path / "p.c").write_text("int main(void) { return 3; }\n")
    subprocess.run(["cc", "-c", "p.c"], cwd=tmp_path, check=True)
    r = run_cc("p.o", "-o", "p", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert subprocess.run([str(tmp_path / "p")], check=False).returncode == 3


def test_undefined_symbols_at_link_are_a_linker_error(tmp_path):
    (tmp_path / "m.c").write_text("int g(void);\nint main(void) { return g(); }\n")
    assert run_cc("-c", "m.c", cwd=tmp_path).returncode == 0
    r = run_cc("m.o", "-o", "m", cwd=tmp_path)
    assert r.returncode == 1 and "inspirec-cc: error: linking with 'cc' failed" in r.stderr


# ---------------------------------------------------------------------- make
def _make(directory: Path, *args: str, timeout=900):
    return subprocess.run(
        ["make", "-C", str(directory), *args], capture_output=True, text=True, timeout=timeout
    )


def test_pthread_defines_reentrant_as_in_gcc(tmp_path):
    (tmp_path / "r.c").write_text(
        "#ifndef _REENTRANT\n#error no _REENTRANT\n#endif\nint main(void) { return 0; }\n"
    )
    assert run_cc("-pthread", "-fsyntax-only", "r.c", cwd=tmp_path).returncode == 0
    r = run_cc("-fsyntax-only", "r.c", cwd=tmp_path)
    assert r.returncode == 1 and "no _REENTRANT" in r.stderr


def test_a_header_reached_by_two_include_paths_is_one_header(tmp_path):
    # its untagged records (the anonymous union) are one type in both objects
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "t.h").write_text(
        "struct node;\nstruct holder { struct node *first; };\n"
        "struct node { union { int i; double d; } u; struct node *next; };\n"
        "int total(struct holder *h);\n"
    )
    (tmp_path / "a.c").write_text(
        '#include "t.h"\nint total(struct holder *h) {\n  int s = 0;\n'
        "  for (struct node *n = h->first; n; n = n->next) s += n->u.i;\n  return s;\n}\n"
    )
    (tmp_path / "b.c").write_text(
        '#include <stdio.h>\n#include "t.h"\nint main(void) {\n'
        "  struct node n2 = {{2}, 0}, n1 = {{1}, &n2};\n  struct holder h = {&n1};\n"
        '  printf("%d\\n", total(&h));\n  return 0;\n}\n'
    )
    assert run_cc("-Iinc", "-c", "a.c", cwd=tmp_path).returncode == 0
    assert run_cc(f"-I{tmp_path / 'inc'}", "-c", "b.c", cwd=tmp_path).returncode == 0
    r = run_cc("a.o", "b.o", "-o", "t", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert subprocess.run([tmp_path / "t"], capture_output=True, text=True).stdout == "3\n"


def test_make_builds_a_multi_directory_project(tmp_path):
    reference, ours = tmp_path / "gcc", tmp_path / "inspirec"
    shutil.copytree(HERE / "project", reference)
    shutil.copytree(HERE / "project", ours)
    r = _make(reference, "CC=gcc")
    assert r.returncode == 0, r.stderr
    expected = subprocess.run([str(reference / "prog")], capture_output=True, text=True).stdout
    r = _make(ours, f"CC={MAKE_CC}")
    assert r.returncode == 0, r.stdout + r.stderr
    assert cc.units_of(str(ours / "lib" / "libtasks.a"))  # the library carries units
    assert cc.units_of(str(ours / "plain" / "libplain.a")) == []  # built by plain cc
    assert (ours / "app" / "main.d").read_text().split() == [
        "app/main.o:", "app/main.c", "include/shared.h", "include/shared.h:"
    ]  # fmt: skip
    for threads in ("1", "2"):
        env = dict(os.environ, INSPIRE_NUM_WORKERS=threads)
        out = subprocess.run([str(ours / "prog")], capture_output=True, text=True, env=env)
        assert out.returncode == 0 and out.stdout == expected == (
            "fib = 6765\nsum = 3003915\nmix 882125842\n"
        )
    # touching the shared header rebuilds every object that includes it (the .d files)
    r = _make(ours, f"CC={MAKE_CC}", "-n", "-W", "include/shared.h")
    assert all(f"{o}.o" in r.stdout for o in ("app/main", "app/report", "lib/fib", "lib/sum"))


#: Kept in every run of the suite; the other BOTS kernels are slow.
BOTS_QUICK = ("fib", "sparselu/sparselu_single")


@pytest.mark.parametrize(
    "kernel", [k if k in BOTS_QUICK else pytest.param(k, marks=pytest.mark.slow) for k in KERNELS]
)
def test_make_builds_bots(kernel, tmp_path):
    if missing():
        pytest.skip(missing())
    r = _make(HERE / "bots", f"BOTS={BOTS}", f"KERNEL={kernel}", f"OUT={tmp_path}", f"CC={MAKE_CC}")
    assert r.returncode == 0, r.stdout + r.stderr
    name = kernel.split("/")[-1]
    exe = tmp_path / name / name
    env = dict(os.environ, OMP_NUM_THREADS="2")
    out = subprocess.run(
        [str(exe), *arguments(kernel, tmp_path)], capture_output=True, text=True, env=env
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert verified(out.stdout), out.stdout
