"""``sections``/``section`` and ``parallel sections``: the misuses gcc
-fopenmp rejects, each a precise error."""

from lowering_errors import first_error_in_main as error


def test_section_outside_sections(tmp_path):
    assert error(tmp_path, "#pragma omp section\n  a = 1;") == (
        "T/t.c:3:9: error: '#pragma omp section' may only be used in "
        "'#pragma omp sections' construct"
    )


def test_two_statements_without_a_section_directive(tmp_path):
    body = "#pragma omp sections\n  {\n    a = 1;\n    a = 2;\n  }"
    assert error(tmp_path, body) == "T/t.c:6:5: error: expected '#pragma omp section' or '}'"


def test_sections_needs_a_compound_statement(tmp_path):
    assert error(tmp_path, "#pragma omp parallel sections\n  a = 1;") == (
        "T/t.c:3:9: error: '#pragma omp sections' must be followed by a compound statement"
    )


def test_branch_out_of_a_section(tmp_path):
    body = "#pragma omp sections\n  {\n    #pragma omp section\n    return 1;\n  }"
    assert error(tmp_path, body) == (
        "T/t.c:6:5: error: invalid branch out of the OpenMP 'sections' structured block"
    )


def test_nowait_is_not_a_clause_of_parallel_sections(tmp_path):
    assert error(tmp_path, "#pragma omp parallel sections nowait\n  { a = 1; }") == (
        "T/t.c:3:31: error: 'nowait' is not valid for '#pragma omp parallel sections'"
    )


def test_an_unknown_word_after_a_construct_is_gccs_error(tmp_path):
    assert error(tmp_path, "#pragma omp parallel teams\n  a = 1;") == (
        "T/t.c:3:22: error: expected '#pragma omp' clause before 'teams'"
    )
