"""declare reduction in the frontend: gcc's errors for a missing or
repeated declaration and for malformed ones, at the pragma."""

import pytest
from inspirec.frontend import parse_program
from inspirec.inspire import print_program
from lowering_errors import first_error_in_main


@pytest.mark.parametrize(
    "body, message",
    [
        ("#pragma omp parallel for reduction(nosuch: a)\n for (int i = 0; i < 2; i++) a++;",
         "3:35: error: user defined reduction not found for 'a'"),
        ("#pragma omp declare reduction(m : long : omp_out += omp_in)\n"
         "#pragma omp parallel for reduction(m: a)\n for (int i = 0; i < 2; i++) a++;",
         "4:35: error: user defined reduction not found for 'a'"),
        ("#pragma omp declare reduction(m : int : omp_out += omp_in)\n"
         "#pragma omp declare reduction(m : int : omp_out *= omp_in)",
         "4:9: error: redeclaration of 'm' 'omp declare reduction'"),
        ("#pragma omp declare reduction(m : int)",
         "3:9: error: expected 'declare reduction(name : type-list : combiner)'"),
        ("#pragma omp declare reduction(m : a : omp_out += omp_in)",
         "3:9: error: 'a' is not a type in 'declare reduction'"),
        ("#pragma omp declare reduction(1x : int : omp_out += omp_in)",
         "3:9: error: invalid reduction identifier '1x'"),
    ],
)  # fmt: skip
def test_bad_user_reductions_are_errors_at_the_pragma(tmp_path, body, message):
    assert first_error_in_main(tmp_path, body).endswith(message)


@pytest.mark.parametrize(
    ("initializer", "barrier"), [("omp_priv = omp_orig", True), ("omp_priv = 0", False)]
)
def test_copies_read_the_original_before_any_thread_combines(tmp_path, initializer, barrier):
    # Regression (ThreadSanitizer): an initializer reading omp_orig raced with
    # a thread that had already combined its copy into the original.
    src = tmp_path / "t.c"
    src.write_text(
        "int main(void) {\n  int a = 0;\n"
        f"#pragma omp declare reduction(m : int : omp_out += omp_in) initializer({initializer})\n"
        "#pragma omp parallel for reduction(m: a)\n  for (int i = 0; i < 4; i++) a++;\n"
        "  return a;\n}\n"
    )
    text = print_program(parse_program([str(src)]))
    assert ("barrier()" in text[: text.index("pfor(")]) == barrier
