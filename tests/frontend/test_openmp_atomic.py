"""``atomic``: the clause combinations gcc -fopenmp rejects, and statements
of no atomic form, each a precise error at the pragma; the IR of each form."""

from pathlib import Path

import pytest
from inspirec.frontend import parse_program
from inspirec.inspire.printer import print_program
from lowering_errors import lowering_error


def program(body: str) -> str:
    """``main`` with ``body`` and the variables the atomic statements use."""
    return (
        f"int main(void) {{\n  int x = 0, v = 0, e = 2;\n  double d = 0;\n{body}\n"
        "  return x + v + (int)d;\n}\n"
    )


def error(tmp_path: Path, body: str) -> str:
    return lowering_error(tmp_path, program(body)).splitlines()[0]


def ir(tmp_path: Path, body: str) -> str:
    src = tmp_path / "t.c"
    src.write_text(program(body))
    text = print_program(parse_program([str(src)]))
    return text[text.index("{", text.index("main")) :]


@pytest.mark.parametrize(
    ("pragma", "message", "column"),
    [
        ("atomic read write", "too many atomic clauses", 25),  # at the second, as gcc
        ("atomic seq_cst relaxed", "too many memory order clauses", 28),
        ("atomic read release", "'#pragma omp atomic read' incompatible with 'release' clause", 9),
        (
            "atomic write acquire",
            "'#pragma omp atomic write' incompatible with 'acquire' clause",
            9,
        ),
        ("atomic weak", "'weak' clause requires 'compare' clause", 9),
    ],
)
def test_clause_misuse(tmp_path, pragma, message, column):
    assert error(tmp_path, f"#pragma omp {pragma}\n  x++;") == f"T/t.c:4:{column}: error: {message}"


@pytest.mark.parametrize(
    ("pragma", "stmt"),
    [
        ("atomic read", "v = x + 1;"),
        ("atomic", "x = e - v;"),
        ("atomic capture", "x++;"),
        ("atomic compare", "if (x < e) { x = v; }"),
        ("atomic compare", "if (x != e) { x = v; }"),
        ("atomic compare", "if (x == e) x = v;"),
        ("atomic compare capture", "{ v = e; if (x == e) { x = v; } }"),
    ],
)
def test_statement_of_no_atomic_form(tmp_path, pragma, stmt):
    kind = pragma.split()[1] if " " in pragma else "update"
    got = error(tmp_path, f"#pragma omp {pragma}\n  {stmt}")
    assert got.startswith(f"T/t.c:4:9: error: invalid form of '#pragma omp atomic {kind}")


def test_the_location_on_the_right_of_a_non_commutative_operator(tmp_path):
    """``x = e - x`` is an update (OpenMP allows every operator there), and
    so is its capture, whose new value is ``e - old``."""
    assert "atomic_fetch_rsub(x, ref_deref(e))" in ir(tmp_path, "#pragma omp atomic\n  x = e - x;")
    text = ir(tmp_path, "#pragma omp atomic capture\n  v = x = e / x;")
    assert "atomic_fetch_rdiv(x, ref_deref(__inspire_atomic0))" in text
    assert "assign(v, div(ref_deref(__inspire_atomic0), ref_deref(__inspire_atomic1)))" in text


def test_capture_of_the_new_value_evaluates_the_operand_once(tmp_path):
    text = ir(tmp_path, "#pragma omp atomic capture\n  v = x += e * 3;")
    assert "atomic_fetch_add(x, ref_deref(__inspire_atomic0))" in text
    assert "assign(v, add(ref_deref(__inspire_atomic1), ref_deref(__inspire_atomic0)))" in text


def test_min_and_max_forms_lower_to_one_comparison(tmp_path):
    swapped = ir(tmp_path, "#pragma omp atomic compare\n  if (e > x) { x = e; }")
    ternary = ir(tmp_path, "#pragma omp atomic compare\n  x = x < e ? e : x;")
    assert "atomic_compare_lt(x, ref_deref(__inspire_atomic0), ref_deref(__inspire_atomic0))" in (
        swapped
    )
    assert swapped == ternary


def test_read_and_write_of_a_double(tmp_path):
    text = ir(tmp_path, "#pragma omp atomic write\n  d = 1.5;\n#pragma omp atomic read\n  v = d;")
    assert "atomic_store(d, 1.5)" in text
    assert "atomic_load(d)" in text


def test_read_of_a_const_location(tmp_path):
    text = ir(tmp_path, "  const int *p = &x;\n#pragma omp atomic read\n  v = *p;")
    assert "atomic_load(" in text


@pytest.mark.parametrize(
    ("stmt", "column"),
    [("v = a;", 5), ("v = s;", 5), ("s = s;", 5), ("a = e;", 5), ("  v = a;", 5)],
)
def test_a_location_that_is_not_scalar_is_gccs_error(tmp_path, stmt, column):
    kind = "write" if stmt.lstrip().startswith(("s =", "a =")) else "read"
    body = f"  int a[3]; struct {{ int q; }} s;\n#pragma omp atomic {kind}\n{stmt}"
    got = error(tmp_path, body)
    col = column if stmt.startswith("  ") else 3
    assert got == f"T/t.c:6:{col}: error: invalid expression type for '#pragma omp atomic'"


def test_update_of_a_pointer_moves_it_by_elements(tmp_path):
    text = ir(
        tmp_path,
        "  int *p = &x, *q;\n#pragma omp atomic\n  p++;\n#pragma omp atomic capture\n  q = p -= e;",
    )
    assert "atomic_fetch_ptr_add(p, cast<int<8>>(1))" in text
    assert "atomic_fetch_ptr_sub(p, " in text and "ptr_sub(" in text
