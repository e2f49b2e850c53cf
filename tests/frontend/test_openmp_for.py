"""``firstprivate``, ``lastprivate``, ``schedule(runtime|auto)`` and
``collapse`` on ``for`` and ``parallel for``: the lowering's shape and the
misuses gcc -fopenmp rejects (or the unsupported cases), each a precise
error at the pragma."""

from pathlib import Path

import pytest
from inspirec.frontend import parse_program
from inspirec.inspire.printer import print_program
from lowering_errors import gcc_first_diagnostic, lowering_error


def program(pragma: str, loop: str = "for (int i = 0; i < 10; i++) s += i;") -> str:
    return (
        "int main(void) {\n"
        "  long s = 0; int k = 0; int arr[4] = {0};\n"
        f"  {pragma}\n"
        f"  {loop}\n"
        "  return (int)s + k + arr[0];\n"
        "}\n"
    )


def lower(tmp_path: Path, source: str) -> str:
    src = tmp_path / "t.c"
    src.write_text(source)
    return print_program(parse_program([str(src)]))


def error(tmp_path: Path, source: str) -> str:
    return lowering_error(tmp_path, source).splitlines()[0]


def test_copies_go_through_the_original_address(tmp_path):
    text = lower(tmp_path, program("#pragma omp parallel for firstprivate(s) lastprivate(k)"))
    assert "__inspire_orig_s" in text and "__inspire_orig_k" in text
    assert "__inspire_last" in text


def test_firstprivate_alone_needs_no_last_iteration_flag(tmp_path):
    text = lower(tmp_path, program("#pragma omp parallel for firstprivate(k)"))
    assert "__inspire_orig_k" in text and "__inspire_last" not in text


def test_runtime_and_auto_schedules_lower(tmp_path):
    for kind in ("runtime", "auto"):
        lower(tmp_path, program(f"#pragma omp parallel for schedule({kind})"))


@pytest.mark.parametrize(
    ("pragma", "message"),
    [
        (
            "#pragma omp parallel for schedule(runtime, 4)",
            "schedule 'runtime' does not take a 'chunk_size' parameter",
        ),
        (
            "#pragma omp parallel for schedule(auto, 2)",
            "schedule 'auto' does not take a 'chunk_size' parameter",
        ),
        (
            "#pragma omp parallel for lastprivate(conditional: arr)",
            "non-scalar variable 'arr' in conditional 'lastprivate' clause",  # gcc's error
        ),
    ],
)
def test_misuse_is_an_error_at_the_pragma(tmp_path, pragma, message):
    assert error(tmp_path, program(pragma)) == f"T/t.c:3:11: error: {message}"


def test_iteration_variable_in_a_copy_clause(tmp_path):
    source = program("#pragma omp parallel for firstprivate(k)", "for (k = 0; k < 3; k++) s++;")
    assert error(tmp_path, source) == (
        "T/t.c:3:11: error: iteration variable 'k' should not be firstprivate"
    )
    text = lower(
        tmp_path, program("#pragma omp parallel for lastprivate(k)", "for (k = 0; k < 3; k++) s++;")
    )
    assert "__inspire_last_value" in text


#: ``(pragma, loop nest, "line:col: message")``: gcc 12's errors for a
#: collapsed nest that is not perfectly nested or is non-rectangular (the
#: message's line is the pragma's, 3, or the loop's, 4).
COLLAPSE_ERRORS = [
    ("#pragma omp parallel for collapse(2)", "for (int i = 0; i < 10; i++) s += i;",
     "4:32: not enough perfectly nested loops before 's'"),
    ("#pragma omp simd collapse(2)", "for (int i = 0; i < 10; i++) { }",
     "4:34: not enough perfectly nested loops before '}' token"),
    ("#pragma omp parallel for collapse(2)",
     "for (int i = 0; i < 4; i++) { for (int j = 0; j < i; j++) s++; k++; }",
     "4:66: collapsed loops not perfectly nested before 'k'"),
    ("#pragma omp parallel for collapse(2)",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < i / 2; j++) s++;",
     "4:47: condition expression refers to iteration variable 'i'"),
    ("#pragma omp parallel for collapse(2)",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < i + i; j++) s++;",
     "4:47: condition expression refers to iteration variable 'i'"),
    ("#pragma omp parallel for collapse(2)",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < -i + 9; j++) s++;",
     "4:47: condition expression refers to iteration variable 'i'"),
    ("#pragma omp parallel for collapse(2)",
     "for (int i = 0; i < 4; i++) for (int j = i * i; j < 9; j++) s++;",
     "4:46: initializer expression refers to iteration variable 'i'"),
    ("#pragma omp parallel for collapse(2)",
     "for (int i = 1; i < 4; i++) for (int j = 0; j < 9; j += i) s++;",
     "3:11: increment expression refers to iteration variable 'i'"),
    ("#pragma omp parallel for collapse(3)",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) for (int k = i; k < j; k++) s++;",
     "4:75: two different outer iteration variables 'i' and 'j' used in a single loop"),
    ("#pragma omp parallel for collapse(3)",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < i; j++) for (int k = j; k < i; k++) s++;",
     "4:75: two different outer iteration variables 'j' and 'i' used in a single loop"),
    ("#pragma omp parallel for collapse(3)",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < i; j++) for (int k = i + j; k < 9; k++) s++;",
     "4:74: initializer expression refers to iteration variable 'j'"),
    ("#pragma omp parallel for collapse(2)",
     "for (int i = 9; i >= 0; i--) for (int j = 0; j <= i; j += 2) s++;",
     "3:11: invalid OpenMP non-rectangular loop step; '(1 - 0) * -1' is not a multiple of "
     "loop 2 step '2'"),
    ("#pragma omp parallel for collapse(2)",
     "for (long i = 0; i < 4; i++) for (int j = 0; j < i; j++) s++;",
     "4:48: outer iteration variable 'i' used in condition expression has type other than "
     "'int'"),
    ("#pragma omp parallel for collapse(2)",
     "for (int i = 0; i < 4; i++) for (int j = i + 1; j < 9; j += 2) s++;",
     "3:11: invalid OpenMP non-rectangular loop step; '(0 - 1) * 1' is not a multiple of "
     "loop 2 step '2'"),
    ("#pragma omp parallel for collapse(2) schedule(static)",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < i; j++) s++;",
     "3:11: 'schedule' clause may not appear on non-rectangular 'for'"),
    ("#pragma omp parallel for collapse(2) ordered",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < i; j++) s++;",
     "3:11: 'ordered' clause may not appear on non-rectangular 'for'"),
    ("#pragma omp teams distribute collapse(2) dist_schedule(static, 2) reduction(+: s)",
     "for (int i = 0; i < 4; i++) for (int j = 0; j < i; j++) s++;",
     "3:11: 'dist_schedule' clause may not appear on non-rectangular 'distribute'"),
]  # fmt: skip


@pytest.mark.parametrize(("pragma", "loop", "expected"), COLLAPSE_ERRORS)
def test_collapse_errors_are_gccs(tmp_path, pragma, loop, expected):
    assert (
        error(tmp_path, program(pragma, loop)) == f"T/t.c:{expected.replace(': ', ': error: ', 1)}"
    )
    gcc = gcc_first_diagnostic(tmp_path, program(pragma, loop))
    assert gcc in (None, f"T/t.c:{expected.replace(': ', ': error: ', 1)}")


def test_linear_on_a_non_rectangular_nest_is_not_supported(tmp_path):
    # its logical iteration numbers would need each row's length: a clear error, not wrong values
    loop = "for (int i = 0; i < 4; i++) for (int j = 0; j < i; j++) k++;"
    source = program("#pragma omp parallel for collapse(2) linear(k)", loop)
    assert error(tmp_path, source) == (
        "T/t.c:3:46: error: 'linear' on a non-rectangular collapsed loop nest is not supported "
        "by inspirec"
    )


def test_a_non_rectangular_nest_is_linearised_down_to_its_first_dependent_loop(tmp_path):
    # the inner loop of a triangular nest runs in order inside each outer iteration,
    # its iteration variable private to each iteration (what the corpus program
    # par/collapse_non_rectangular checks against gcc)
    loop = "for (int i = 0; i < 4; i++) for (k = 0; k < i; k++) s += k;"
    text = lower(tmp_path, program("#pragma omp parallel for collapse(2) reduction(+: s)", loop))
    assert "__inspire_lo0" in text and "__inspire_lo1" not in text
    assert "var ref<int<4>> k;" in text


def test_collapse_iteration_variables_are_private_to_each_iteration(tmp_path):
    loop = "for (int i = 0; i < 4; i++) for (k = 0; k < 3; k++) s += k;"
    text = lower(tmp_path, program("#pragma omp parallel for collapse(2) reduction(+: s)", loop))
    assert "__inspire_count" in text and "__inspire_lo1" in text
    text = lower(tmp_path, program("#pragma omp parallel for collapse(2) lastprivate(k)", loop))
    assert "__inspire_orig_k" in text and "__inspire_n1" in text


@pytest.mark.parametrize("clause", ["firstprivate", "lastprivate"])
def test_copy_of_a_variable_private_in_the_region_is_an_error(tmp_path, clause):
    source = program(
        "#pragma omp parallel private(k)\n  {\n  #pragma omp for " + clause + "(k)",
        "for (int i = 0; i < 10; i++) k += i;\n  }",
    )
    assert error(tmp_path, source) == (
        f"T/t.c:5:11: error: {clause} variable 'k' is private in outer context"
    )


def test_shared_and_firstprivate_on_parallel_for_is_an_error(tmp_path):
    source = program("#pragma omp parallel for shared(k) firstprivate(k)")
    assert error(tmp_path, source) == (
        "T/t.c:3:50: error: 'k' appears more than once in data clauses"
    )


def test_a_task_in_the_loop_copies_the_iteration_variable(tmp_path):
    # Regression: the task captured the loop variable by reference, so it read
    # the variable after its iteration had ended.
    loop = "for (int i = 0; i < 10; i++) {\n#pragma omp task shared(s)\n  s += i;\n  }"
    text = lower(tmp_path, program("#pragma omp parallel for", loop))
    assert "var ref<int<4>> i = ref_deref(i)" in text
    assert "var ref<int<4>> i = i;" not in text


def test_copy_in_precedes_every_write_back(tmp_path):
    # Regression (ThreadSanitizer): a thread that finished its iterations wrote
    # a firstprivate and lastprivate variable back while another thread still
    # copied it in; a barrier now separates the two.
    text = lower(tmp_path, program("#pragma omp parallel for firstprivate(k) lastprivate(k)"))
    copy_in = text.index("__inspire_orig_k")
    assert "barrier()" in text[copy_in : text.index("pfor(")]
    text = lower(tmp_path, program("#pragma omp parallel for firstprivate(k) lastprivate(s)"))
    assert "barrier()" not in text[: text.index("pfor(")]


@pytest.mark.parametrize(
    ("pragma", "loop", "message"),
    [
        # gcc 12 reads a '!=' test only with a step of 1 or -1 (its error; at the
        # increment's variable, gcc's at its operator)
        (
            "#pragma omp parallel for",
            "for (int i = 0; i != 10; i += 2) s++;",
            "T/t.c:4:28: error: increment is not constant 1 or -1 for '!=' condition",
        ),
        (
            "#pragma omp taskloop",
            "for (k = 10; k != 0; k = k - s) s++;",
            "T/t.c:4:24: error: increment is not constant 1 or -1 for '!=' condition",
        ),
        (
            "#pragma omp parallel for",
            "for (double x = 0; x < 4; x++) s++;",
            "T/t.c:3:11: error: invalid type for iteration variable 'x'",
        ),
        (
            "#pragma omp parallel for collapse(2)",
            "for (int i = 0; i < 4; i++) for (float x = 0; x < 2; x++) s++;",
            "T/t.c:3:11: error: invalid type for iteration variable 'x'",
        ),
        # an initialisation that assigns no variable: gcc's error, at it
        (
            "#pragma omp parallel for",
            "for (k + 1; k < 4; k++) s++;",
            "T/t.c:4:8: error: expected iteration declaration or initialization before 'k'",
        ),
        (
            "#pragma omp taskloop",
            "for (arr[0] = 0; k < 4; k++) s++;",
            "T/t.c:4:8: error: expected iteration declaration or initialization before 'arr'",
        ),
    ],
)
def test_canonical_loop_errors(tmp_path, pragma, loop, message):
    assert error(tmp_path, program(pragma, loop)) == message


def test_a_shared_global_iteration_variable_is_an_error_on_taskloop_only(tmp_path):
    # gcc's error; on 'parallel for' the parallel part shares it (accepted)
    source = program("#pragma omp taskloop shared(g)", "for (g = 0; g < 4; g++) s++;")
    source = "int g;\n" + source
    assert error(tmp_path, source) == "T/t.c:4:11: error: iteration variable 'g' should be private"
    source = program("#pragma omp parallel for shared(g)", "for (g = 0; g < 4; g++) s++;")
    assert "pfor(" in lower(tmp_path, "int g;\n" + source)


def test_canonical_loop_forms_are_read_as_gcc_reads_them(tmp_path):
    # b > i, '!=' with a unit step, i = i + s / s + i / i - s, pointer
    # variables: the same lowering as the plain forms (the corpus program
    # par/canonical_loop_forms runs them against gcc)
    plain = lower(tmp_path, program("#pragma omp parallel for", "for (k = 0; k < 10; k++) s++;"))
    for loop in (
        "for (k = 0; 10 > k; k++) s++;",
        "for (k = 0; k != 10; k += 1) s++;",
        "for (k = 0; k < 10; k = k + 1) s++;",
        "for (k = 0; k < 10; k = 1 + k) s++;",
    ):
        assert lower(tmp_path, program("#pragma omp parallel for", loop)) == plain, loop
    down = lower(tmp_path, program("#pragma omp parallel for", "for (k = 9; k > -1; k--) s++;"))
    assert (
        lower(tmp_path, program("#pragma omp parallel for", "for (k = 9; k != -1; k = k - 1) s++;"))
        == down
    )
    text = lower(
        tmp_path,
        program("#pragma omp parallel for", "for (int *p = arr; p != arr + 4; p++) s += *p;"),
    )
    assert "__inspire_count" in text and "ptr_diff" in text
