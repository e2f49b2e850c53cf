"""``masked``, ``proc_bind`` and ``simd``: misuse gcc -fopenmp rejects is a
precise error at the pragma."""

from lowering_errors import first_error_in_main as error


def test_unknown_proc_bind_kind(tmp_path):
    assert error(tmp_path, "#pragma omp parallel proc_bind(near)\n  a = 1;") == (
        "T/t.c:3:32: error: invalid proc_bind kind before 'near'"
    )


def test_filter_is_not_a_clause_of_master(tmp_path):
    # master takes no clause in gcc 12: any word after it is its error
    assert error(tmp_path, "#pragma omp master filter(1)\n  a = 1;") == (
        "T/t.c:3:20: error: expected end of line before 'filter'"
    )


def test_nowait_is_not_a_clause_of_simd(tmp_path):
    body = "#pragma omp simd nowait\n  for (int i = 0; i < 4; i++) a += i;"
    assert error(tmp_path, body) == (
        "T/t.c:3:18: error: 'nowait' is not valid for '#pragma omp simd'"
    )
