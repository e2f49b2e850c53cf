"""The detach clause in the frontend: the IR it lowers to (the event handle
as the job's ``detach`` reference, firstprivate in the task) and gcc's
errors for misuse, at the pragma."""

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.inspire import print_program

from inspirec import lower_c


def source(body: str) -> str:
    return (
        "#include <omp.h>\nint main(void) {\n"
        "  int x = 0;\n  omp_event_handle_t e, f;\n"
        f"{body}\n  return x;\n}}\n"
    )


def ir_of(tmp_path, body: str) -> str:
    src = tmp_path / "d.c"
    src.write_text(source(body))
    return print_program(lower_c([str(src)]))


def test_the_handle_is_the_jobs_detach_reference_and_firstprivate(tmp_path):
    text = ir_of(tmp_path, "#pragma omp task detach(e) shared(x)\n  { x++; omp_fulfill_event(e); }")
    line = next(x for x in text.splitlines() if "job[1 .. 1]" in x)
    assert "job[1 .. 1] detach(e) => bind [" in line
    assert "var ref<uint<8>> e = ref_deref(e)" in line  # a copy: firstprivate


def test_enumerations_take_gccs_type(tmp_path):
    """``omp_event_handle_t`` is an ``unsigned long`` (its enumerator is
    ``__UINTPTR_MAX__``); an enumeration whose values fit ``int`` is an
    ``unsigned int`` without negative values, else an ``int``."""
    text = ir_of(
        tmp_path,
        "  enum big { B = 0x80000000U } b; enum neg { N = -1, M = 0x80000000U } n;\n"
        "  enum small { S = 1 } s; enum low { L = -2 } l;\n  enum big c;\n"
        "  x = b + n + s + l + c;",
    )
    for var, ty in [
        ("e", "uint<8>"),
        ("b", "uint<4>"),
        ("c", "uint<4>"),
        ("n", "int<8>"),
        ("s", "uint<4>"),
        ("l", "int<4>"),
    ]:
        assert f"var ref<{ty}> {var};" in text


@pytest.mark.parametrize(
    "clauses, message, column",
    [
        ("detach(x)", "'detach' clause event handle has type 'int<4>' rather than "
                      "'omp_event_handle_t'", 24),
        ("detach(e) mergeable",
         "'detach' clause must not be used together with 'mergeable' clause", 24),
        ("detach(e) detach(f)", "too many 'detach' clauses on a task construct", 9),
        ("detach(e) firstprivate(e)",
         "the event handle of a 'detach' clause should not be in a data-sharing clause", 40),
        ("detach(e) shared(e)",
         "the event handle of a 'detach' clause should not be in a data-sharing clause", 34),
        ("detach(e) private(e)",
         "the event handle of a 'detach' clause should not be in a data-sharing clause", 35),
        ("detach(y)", "'y' undeclared in clause 'detach'", 9),
        ("detach(e[0])", "expected identifier before 'e[0]' in clause 'detach'", 9),
    ],
)  # fmt: skip
def test_misuse_is_an_error_at_the_pragma(tmp_path, clauses, message, column):
    # at the clause, as gcc, where inspirec knows it
    src = tmp_path / "t.c"
    src.write_text(source(f"#pragma omp task {clauses}\n  x++;"))
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    assert str(info.value).splitlines()[0].endswith(f"t.c:5:{column}: error: {message}")
