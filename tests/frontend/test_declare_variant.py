"""``declare variant`` (``frontend/declare_variant.py``): gcc 12's errors and
warnings for its misuses, at gcc's line and column (compared with gcc itself
where it is installed), and the variant a call gets in the IR.  What the
calls compute is checked against gcc by the corpus program
``par/declare_variant``."""

import re
import shutil

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.frontend.diagnostics import DiagnosticLog
from inspirec.inspire.printer import print_program
from lowering_errors import gcc_diagnostics

#: The directive is on line 4, before ``TAIL`` (a base function's declaration by default).
PROGRAM = (
    "int v(int x) {{ return x; }}\ndouble w(double x) {{ return x; }}\nint n;\n{line}\n{tail}\n"
)
TAIL = "int f(int x);\nint main(void) { return 0; }"

#: ``(directive, tail, "line:col: message")``: the first error.
ERRORS = [
    ("#pragma omp declare variant(v) match(construct={parallel})", "int x;",
     "5:1: '#pragma omp declare variant' not immediately followed by a function declaration or "
     "definition"),
    ("#pragma omp declare variant(nosuch) match(construct={parallel})", TAIL,
     "4:29: 'nosuch' undeclared here (not in a function)"),
    ("#pragma omp declare variant(v)", TAIL, "4:31: expected 'match' before end of line"),
    ("#pragma omp declare variant(v) bogus(1)", TAIL, "4:32: expected 'match' before 'bogus'"),
    ("#pragma omp declare variant(v) match(construct={parallel}) bogus(1)", TAIL,
     "4:60: expected end of line before 'bogus'"),
    ("#pragma omp declare variant(v) match(bogus={parallel})", TAIL,
     "4:38: expected 'construct', 'device', 'implementation' or 'user' before 'bogus'"),
    ("#pragma omp declare variant(v) match(construct={bogus})", TAIL,
     "4:49: selector 'bogus' not allowed for context selector set 'construct'"),
    ("#pragma omp declare variant(w) match(construct={parallel})", TAIL,
     "4:29: variant 'w' and base 'f' have incompatible types"),
    ("#pragma omp declare variant(v) match(user={condition(n)})", TAIL,
     "4:54: property must be constant integer expression"),
    ("#pragma omp declare variant(v) match(construct={parallel}) match(construct={for})", TAIL,
     "4:60: expected end of line before 'match'"),
    ("#pragma omp declare variant(v) match(construct={parallel},construct={for})", TAIL,
     "4:32: selector set 'construct' specified more than once"),
    ("#pragma omp declare variant(v) match(construct)", TAIL,
     "4:47: expected '=' before ')' token"),
    ("#pragma omp declare variant(v) match(construct=parallel)", TAIL,
     "4:48: expected '{' before 'parallel'"),
    ("#pragma omp declare variant(v) match(device={kind})", TAIL,
     "4:50: expected '(' before '}' token"),
    ("#pragma omp declare variant(v) match(construct={parallel(x)})", TAIL,
     "4:57: selector 'parallel' does not accept any properties"),
]  # fmt: skip

WARNINGS = [
    ("#pragma omp declare variant(v) match(device={kind(bogus)})",
     "4:32: warning: unknown property 'bogus' of 'kind' selector"),
    ("#pragma omp declare variant(v) match(implementation={vendor(bogus)})",
     "4:32: warning: unknown property 'bogus' of 'vendor' selector"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "tail", "expected"), ERRORS)
def test_declare_variant_errors_are_gccs(tmp_path, line, tail, expected):
    src = tmp_path / "t.c"
    src.write_text(PROGRAM.format(line=line, tail=tail))
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    at, col, message = expected.split(":", 2)
    want = f"{src}:{at}:{col}: error:{message}"
    assert info.value.diagnostics[0].format(excerpt=False) == want
    if shutil.which("gcc") is not None:
        assert gcc_diagnostics(src)[0] == want


@pytest.mark.parametrize(("line", "expected"), WARNINGS)
def test_unknown_properties_are_gccs_warnings(tmp_path, line, expected):
    src = tmp_path / "t.c"
    src.write_text(PROGRAM.format(line=line, tail=TAIL))
    log = DiagnosticLog()
    parse_program([str(src)], log=log)
    assert [d.format(excerpt=False) for d in log.warnings] == [f"{src}:{expected}"]
    if shutil.which("gcc") is not None:
        assert gcc_diagnostics(src) == [f"{src}:{expected}"]


def test_a_call_names_the_variant_its_context_selects(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        "int v(int x) { return x + 1; }\n"
        "#pragma omp declare variant(v) match(construct={parallel, for})\n"
        "int f(int x) { return x; }\n"
        "int main(void) { int a = f(1), b = 0;\n"
        "#pragma omp parallel for reduction(+: b)\n"
        "for (int i = 0; i < 4; i++) b += f(i);\n"
        "#pragma omp parallel\nb += f(2);\n"
        "return a + b; }\n"
    )
    main = print_program(parse_program([str(src)])).split("def main")[1]
    calls = re.findall(r"\b([fv])\(", main)
    assert calls == ["f", "v", "f"]  # outside, in the parallel for, in the parallel region
