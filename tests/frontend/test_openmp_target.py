"""The device constructs (``frontend/target.py``): gcc 12's errors and
warnings for their clauses and nesting, at gcc's line and column, the
programs gcc accepts accepted, and the data environment of a target region
in the IR.  Where gcc is installed, every case is also compiled with ``gcc
-fopenmp -c`` and its first diagnostic must be the same line.  What the
constructs compute is checked against gcc by the corpus program
``par/omp_target``."""

import shutil

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.frontend.diagnostics import DiagnosticLog
from inspirec.inspire.printer import print_program
from lowering_errors import gcc_diagnostics

#: The directive is on line 4 of ``main``.
PROGRAM = """#include <omp.h>
struct S {{ int u, v; }};
int main(void) {{ int x = 0, a[4] = {{0}}, *p = a; struct S s = {{1, 2}};
{directive}
{body}
return x + a[0] + (p != 0) + s.u; }}
"""
STMT = "x++;"

#: ``(directive, body, "line:col: message")``: the first error.
ERRORS = [
    ("#pragma omp target enter data map(from: a)", "", "4:34: '#pragma omp target enter data' "
     "with map-type other than 'to' or 'alloc' on 'map' clause"),
    ("#pragma omp target exit data map(to: a)", "", "4:33: '#pragma omp target exit data' with "
     "map-type other than 'from', 'release' or 'delete' on 'map' clause"),
    ("#pragma omp target map(delete: a)", STMT, "4:23: '#pragma omp target' with map-type other "
     "than 'to', 'from', 'tofrom' or 'alloc' on 'map' clause"),
    ("#pragma omp target enter data", "",
     "4:9: '#pragma omp target enter data' must contain at least one 'map' clause"),
    ("#pragma omp target update", "",
     "4:9: '#pragma omp target update' must contain at least one 'from' or 'to' clauses"),
    ("#pragma omp target data", STMT, "4:9: '#pragma omp target data' must contain at least one "
     "'map', 'use_device_ptr' or 'use_device_addr' clause"),
    ("#pragma omp target update to(a) from(a)", "",
     "4:29: 'a' appears more than once in motion clauses"),
    ("#pragma omp target map(tofrom: a) map(to: a)", STMT,
     "4:23: 'a' appears more than once in map clauses"),
    ("#pragma omp target map(a[0:2]) map(a[2:2])", STMT,
     "4:23: 'a' appears more than once in data clauses"),
    ("#pragma omp target map(q: a)", STMT, "4:24: invalid map kind before 'q'"),
    ("#pragma omp target firstprivate(x) map(x)", STMT,
     "4:32: 'x' appears both in data and map clauses"),
    ("#pragma omp target map(a[0:2], x) map(p[0:2]) map(p)", STMT,
     "4:38: 'p' appears both in data and map clauses"),
    ("#pragma omp target map(x) is_device_ptr(p) map(p)", STMT,
     "4:40: 'p' appears both in data and map clauses"),
    ("#pragma omp target private(p) is_device_ptr(p)", STMT,
     "4:27: 'p' appears more than once in data clauses"),
    ("#pragma omp target firstprivate(a) has_device_addr(a)", STMT,
     "4:32: 'a' appears more than once in data clauses"),
    ("#pragma omp target map(close, present, tofrom: a)", STMT, "4:31: '#pragma omp target' with "
     "modifier other than 'always' or 'close' on 'map' clause before 'present'"),
    ("#pragma omp target map(always always, to: a)", STMT,
     "4:31: too many 'always' modifiers before 'always'"),
    ("#pragma omp target map(x+1)", STMT, "4:25: expected ')' before '+' token"),
    ("#pragma omp target map(y)", STMT, "4:24: 'y' undeclared (first use in this function)"),
    ("#pragma omp target map(tofrom: *p)", STMT, "4:32: expected identifier before '*' token"),
    ("#pragma omp target device(ancestor: 1)", STMT, "4:27: 'ancestor' device modifier not "
     "preceded by 'requires' directive with 'reverse_offload' clause"),
    ("#pragma omp target device(1.5)", STMT,
     "4:31: expected integer expression before end of line"),
    ("#pragma omp target device(2) device(3)", STMT, "4:26: too many 'device' clauses"),
    ("#pragma omp target nowait nowait", STMT, "4:27: too many 'nowait' clauses"),
    ("#pragma omp target is_device_ptr(x)", STMT,
     "4:33: 'is_device_ptr' variable is neither a pointer nor an array"),
    ("#pragma omp target data use_device_ptr(a)", STMT,
     "4:39: 'use_device_ptr' variable is not a pointer"),
    ("#pragma omp target defaultmap(bogus: scalar)", STMT, "4:31: expected 'alloc', 'to', 'from', "
     "'tofrom', 'firstprivate', 'none' or 'default' before 'bogus'"),
    ("#pragma omp target defaultmap(tofrom: bogus)", STMT,
     "4:39: expected 'scalar', 'aggregate' or 'pointer' before 'bogus'"),
    ("#pragma omp target defaultmap(tofrom) defaultmap(to: scalar)", STMT,
     "4:30: too many 'defaultmap' clauses with 'scalar' category"),
    ("#pragma omp target update to(x) if(target: x)", "",
     "4:35: expected 'target update' 'if' clause modifier rather than 'target'"),
    ("#pragma omp target if(target data: x)", STMT,
     "4:22: expected 'target' 'if' clause modifier rather than 'target data'"),
    ("#pragma omp target parallel master map(x)", STMT,
     "4:29: expected '#pragma omp' clause before 'master'"),
    ("#pragma omp target\n#pragma omp parallel\n#pragma omp teams", STMT,
     "6:9: 'teams' construct must be closely nested inside of 'target' construct or not nested "
     "in any OpenMP construct"),
    ("#pragma omp target\n#pragma omp distribute", "for (int i = 0; i < 4; i++) x++;",
     "5:9: 'distribute' region must be strictly nested inside 'teams' construct"),
    ("#pragma omp teams\n{\n#pragma omp target", STMT + " }",
     "6:9: only 'distribute', 'parallel' or 'loop' regions are allowed to be strictly nested "
     "inside 'teams' region"),
    ("#pragma omp target\n{\n#pragma omp cancel parallel", "}",
     "6:9: 'cancel parallel' construct not closely nested inside of 'parallel'"),
    ("#pragma omp target exit data map(a[0:2])", "", "4:33: '#pragma omp target exit data' with "
     "map-type other than 'from', 'release' or 'delete' on 'map' clause"),
    ("#pragma omp target map(to: main)", STMT, "4:23: 'main' is not a variable in 'map' clause"),
    ("#pragma omp target map(to: a[0:-1])", STMT,
     "4:23: negative length in array section in 'map' clause"),
    ("#pragma omp target map(to: a[2:3])", STMT,
     "4:23: high bound '5' above array section size in 'map' clause"),
    ("#pragma omp target update from(a[5:0])", "",
     "4:31: low bound '5' above array section size in 'from' clause"),
    ("#pragma omp target map(to: x[0:2])", STMT, "4:23: 'x' does not have pointer or array type"),
    ("#pragma omp target map(to: a[0:nosuch])", STMT,
     "4:32: 'nosuch' undeclared (first use in this function)"),
    ("#pragma omp target map(to: a[0:1:2])", STMT, "4:33: expected ']' before ':' token"),
    ("#pragma omp target map(to: a[0:0.5])", STMT,
     "4:23: length '5.0e-1' of array section does not have integral type"),
    ("#pragma omp target parallel copyin(x)", STMT,
     "4:29: 'copyin' is not valid for '#pragma omp target parallel'"),
    ("#pragma omp target\n{\n#pragma omp teams\nx++;\n#pragma omp teams", STMT + " }",
     "4:9: 'target' construct with nested 'teams' construct contains directives outside of the "
     "'teams' construct"),
    ("#pragma omp target\n{\n#pragma omp parallel\nx++;\n#pragma omp teams", STMT + " }",
     "4:9: 'target' construct with nested 'teams' construct contains directives outside of the "
     "'teams' construct"),
    ("#pragma omp target map(tofrom: s.u) firstprivate(s)", STMT,
     "4:23: 's' appears both in data and map clauses"),
    ("#pragma omp target is_device_ptr(p) map(to: p[0:2])", STMT,
     "4:33: 'p' appears more than once in data clauses"),
    # a section before its whole base in the source: gcc's error, in one
    # clause as in two (the other order is accepted)
    ("#pragma omp target map(p[:4], p)", STMT, "4:23: 'p' appears both in data and map clauses"),
    ("#pragma omp target data map(a[:2]) map(a)", STMT,
     "4:28: 'a' appears both in data and map clauses"),
    ("#pragma omp target parallel map(a) map(a[:2])", STMT,
     "4:39: 'a' appears both in data and map clauses"),
    ("#pragma omp target", "s.w = 1;", "5:2: 'struct S' has no member named 'w'"),
    ("#pragma omp target", "x.u = 1;",
     "5:2: request for member 'u' in something not a structure or union"),
    ("#pragma omp target\n{ if (x) return 1; }", "",
     "5:17: invalid branch to/from OpenMP structured block"),
    ("#pragma omp target parallel map(tofrom: x) in_reduction(+: x)", STMT,
     "4:56: 'x' appears more than once in map clauses"),
]  # fmt: skip

#: ``(directive, body, ["line:col: warning: message", ...])``: accepted, with gcc's warnings.
ACCEPTED = [
    ("#pragma omp target map(p, p[:4])", STMT, []),
    ("#pragma omp target enter data map(to: a, a[:2])", "", []),
    ("#pragma omp target parallel map(p[:4], p)", STMT, []),
    ("#pragma omp target\n{\n#pragma omp target", STMT + " }",
     ["6:9: warning: 'target' construct inside of 'target' region"]),
    ("#pragma omp target parallel\n#pragma omp target teams", STMT,
     ["5:9: warning: 'target' construct inside of 'target' region"]),
    ("#pragma omp target\n#pragma omp target data map(x)", STMT,
     ["5:9: warning: 'target data' construct inside of 'target' region"]),
    ("#pragma omp target device(device_num: 0) thread_limit(0)", STMT,
     ["4:55: warning: 'thread_limit' value must be positive"]),
    ("#pragma omp target\n{ x++;\n#pragma omp teams", STMT + " }", []),
    ("#pragma omp target parallel\n{\n#pragma omp cancel parallel", "}", []),
    ("#pragma omp target teams distribute parallel for",
     "for (int i = 0; i < 4; i++) {\n#pragma omp cancellation point for\n}", []),
    ("#pragma omp target parallel for in_reduction(+: x) reduction(+: x)",
     "for (int i = 0; i < 4; i++) x += i;", []),
    ("#pragma omp target has_device_addr(a[0:2])", STMT, []),
    ("#pragma omp target simd linear(x: 2) has_device_addr(a)",
     "for (int i = 0; i < 4; i++) x += 2;", []),
    ("#pragma omp parallel\n#pragma omp target\n#pragma omp teams", STMT, []),
    ("#pragma omp target update to(a[0:2]) from(a[2:2]) to(s.u) from(s.v)", "", []),
    ("#pragma omp target map(s.u, s.v) map(always, close, to: a[1:])", STMT, []),
    ("#pragma omp target defaultmap(default: pointer) defaultmap(none: aggregate) map(a)", STMT,
     []),
    ("#pragma omp target parallel if(parallel: x) if(target: 1)", STMT, []),
    ("#pragma omp target update to(x) if(target update: x) device(0) nowait depend(in: x)", "",
     []),
    ("#pragma omp target exit data map(delete: a) map(release: x)", "", []),
    ("#pragma omp target data map(x) use_device_addr(a) use_device_ptr(p)", STMT, []),
    ("#pragma omp target has_device_addr(a) is_device_ptr(p) in_reduction(+: x)", STMT, []),
    ("#pragma omp target teams distribute parallel for simd map(x) num_teams(2) "
     "thread_limit(4) dist_schedule(static, 2) safelen(4)", "for (int i = 0; i < 4; i++) a[i]++;",
     []),
    ("#pragma omp target parallel for simd private(x) shared(a) default(none) map(p)",
     "for (int i = 0; i < 4; i++) a[i]++;", []),
    ("#pragma omp target parallel for private(x) map(tofrom: x)",
     "for (int i = 0; i < 4; i++) { x = i; a[i] = x; }", []),
    ("#pragma omp target teams firstprivate(x) map(tofrom: x)", STMT, []),
    ("#pragma omp target map(to: p) map(tofrom: p[0:2]) map(to: s.u) map(from: s.v)", STMT, []),
    ("#pragma omp target allocate(x) firstprivate(x)", STMT, []),
]  # fmt: skip


def _source(tmp_path, directive: str, body: str):
    src = tmp_path / "t.c"
    src.write_text(PROGRAM.format(directive=directive, body=body))
    return src


@pytest.mark.parametrize(("directive", "body", "expected"), ERRORS)
def test_device_directive_errors_are_gccs(tmp_path, directive, body, expected):
    src = _source(tmp_path, directive, body)
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    line, col, message = expected.split(":", 2)
    first = info.value.diagnostics[0]
    assert first.format(excerpt=False) == f"{src}:{line}:{col}: error:{message}"
    if shutil.which("gcc") is not None:
        assert gcc_diagnostics(src)[0] == f"{src}:{line}:{col}: error:{message}"


@pytest.mark.parametrize(("directive", "body", "warnings"), ACCEPTED)
def test_device_directives_gcc_accepts_are_accepted(tmp_path, directive, body, warnings):
    src = _source(tmp_path, directive, body)
    log = DiagnosticLog()
    parse_program([str(src)], log=log)
    expected = [f"{src}:{w}" for w in warnings]
    assert [d.format(excerpt=False) for d in log.warnings] == expected
    if shutil.which("gcc") is not None:
        assert gcc_diagnostics(src) == expected


DECLARE_ERRORS = [
    ("#pragma omp declare target\nint q;\n", "1:9: '#pragma omp declare target' without "
     "corresponding '#pragma omp end declare target'"),
    ("#pragma omp end declare target\n", "1:9: '#pragma omp end declare target' without "
     "corresponding '#pragma omp declare target'"),
    ("int q;\n#pragma omp declare target (q) to(q)\n", "2:32: expected end of line before 'to'"),
    ("int q;\n#pragma omp declare target to(q) link(q)\n",
     "2:30: 'q' appears more than once on the same 'declare target' directive"),
    ("int q;\n#pragma omp declare target enter(q)\n",
     "2:28: expected '#pragma omp' clause before 'enter'"),
    ("int q;\n#pragma omp declare target to(q)\n#pragma omp declare target link(q)\n",
     "3:32: 'q' specified both in declare target 'link' and 'to' clauses"),
    ("int f(void);\n#pragma omp declare target link(f)\n",
     "2:32: 'f' is not a variable in clause 'link'"),
    ("int f(void);\n#pragma omp declare target (f, nosuch)\n",
     "2:32: 'nosuch' undeclared here (not in a function)"),
    ("int q;\n#pragma omp declare target to(q) to(q)\n",
     "2:30: 'q' appears more than once on the same 'declare target' directive"),
    ("int q;\n#pragma omp declare target to(q) device_type(bogus)\n",
     "2:46: expected 'host', 'nohost' or 'any' before 'bogus'"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), DECLARE_ERRORS)
def test_declare_target_errors(tmp_path, text, expected):
    src = tmp_path / "t.c"
    src.write_text(text + "int main(void) { return 0; }\n")
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    line, col, message = expected.split(":", 2)
    assert info.value.diagnostics[0].format(excerpt=False) == f"{src}:{line}:{col}: error:{message}"


def test_a_declare_target_block_opened_in_a_function_must_end_there(tmp_path):
    src = tmp_path / "t.c"
    block = "#pragma omp declare target\nstatic int q;\n"
    src.write_text(f"int main(void) {{\n{block}#pragma omp end declare target\nreturn q; }}\n")
    parse_program([str(src)])
    src.write_text(f"int main(void) {{\n{block}return q; }}\nint f(void) {{ return 0; }}\n")
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    message = "'#pragma omp declare target' without corresponding '#pragma omp end declare target'"
    assert info.value.diagnostics[0].format(excerpt=False) == f"{src}:2:9: error: {message}"


def test_declare_target_with_only_device_type_is_gccs_warning(tmp_path):
    src = tmp_path / "t.c"
    src.write_text("int q;\n#pragma omp declare target device_type(nohost)\n"
                   "int main(void) { return q; }\n")  # fmt: skip
    log = DiagnosticLog()
    parse_program([str(src)], log=log)
    message = "warning: directive with only 'device_type' clauses ignored"
    assert [d.format(excerpt=False) for d in log.warnings] == [f"{src}:2:39: {message}"]


def test_a_threadprivate_variable_may_not_be_used_in_a_target_region(tmp_path):
    # gcc's message, at the variable (gcc points at the expression using it)
    src = tmp_path / "t.c"
    src.write_text(
        "int tp;\n#pragma omp threadprivate(tp)\nint main(void) { int v = 0;\n"
        "#pragma omp target map(from: v)\nv = tp;\nreturn v; }\n"
    )
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    message = "error: threadprivate variable 'tp' used in target region"
    assert info.value.diagnostics[0].format(excerpt=False) == f"{src}:5:5: {message}"


def test_defaultmap_none_needs_a_clause_for_each_variable_of_its_category(tmp_path):
    # at the variable's first use (gcc points at the expression using it)
    src = _source(
        tmp_path, "#pragma omp target defaultmap(none: scalar)", "{ a[0] = 1; p[0] = x; }"
    )
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    message = "error: 'x' not specified in enclosing 'target'"
    assert info.value.diagnostics[0].format(excerpt=False) == f"{src}:5:20: {message}"
    for clauses in ("defaultmap(none: scalar) map(x)", "defaultmap(none: scalar) firstprivate(x)",
                    "defaultmap(none: pointer)"):  # fmt: skip
        parse_program(
            [str(_source(tmp_path, f"#pragma omp target {clauses}", "{ a[0] = 1; x++; }"))]
        )


def _ir(tmp_path, text: str) -> str:
    src = tmp_path / "t.c"
    src.write_text(text)
    return print_program(parse_program([str(src)]))


def test_a_target_region_is_an_undeferred_task_between_target_begin_and_end(tmp_path):
    text = _ir(
        tmp_path,
        "int g, h;\n#pragma omp declare target(h)\n"
        "int main(void) { int x = 1, y = 2, a[2];\n"
        "#pragma omp target map(y) thread_limit(3)\n"
        "{ x = g + h; y = x; a[0] = y; }\nreturn y; }\n",
    )
    assert "__inspire_thread_limit = 3;" in text
    task = text.index("parallel(job[1 .. 1] if(0) => bind [")
    captures = text[task : text.index("]", text.index("=> bind [", task))]
    # x and the global g are copied (firstprivate); y and a are the host's; h is declare target
    assert "var ref<int<4>> x = ref_deref(x)" in captures
    assert "var ref<int<4>> g = ref_deref(g)" in captures
    assert "var ref<int<4>> y = y;" in captures
    assert "var ref<array<int<4>,2>> a = a;" in captures
    assert " h " not in captures
    begin, group, end = (text.index(f"{op}(", task) for op in ("target_begin", "taskgroup_begin",
                                                               "target_end"))  # fmt: skip
    assert begin < group < end


def test_nowait_makes_the_target_task_deferred_with_its_dependences(tmp_path):
    text = _ir(
        tmp_path,
        "int main(void) { int w = 0;\n"
        "#pragma omp target map(w) nowait depend(out: w)\nw = 1;\nreturn w; }\n",
    )
    assert "parallel(job[1 .. 1] depend(dep_out(ref_to_ptr(w))" in text
    assert "target_begin(" in text
