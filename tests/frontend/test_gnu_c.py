"""GNU C that real programs contain: what is lowered, and the precise errors
for what is not (the runnable cases are corpus programs, e.g.
par/atomic_builtins)."""

import pytest
from inspirec.frontend import CompileError, parse_program


def lower_text(tmp_path, text):
    src = tmp_path / "t.c"
    src.write_text(text)
    return parse_program([str(src)])


def error_of(tmp_path, text):
    with pytest.raises(CompileError) as info:
        lower_text(tmp_path, text)
    return str(info.value).replace(str(tmp_path), "T").splitlines()[0]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "int o = 5; return __atomic_load_n(&x, o);",
            "T/t.c:2:39: error: argument 2 of '__atomic_load_n' must be an integer constant "
            "(inspirec makes every atomic operation sequentially consistent)",
        ),
        (
            "return __atomic_fetch_nand(&x, 1, 0);",
            "T/t.c:2:8: error: '__atomic_fetch_nand' is not supported (no atomic nand in inspirec)",
        ),
        (
            "return __atomic_exchange_n(x, 1, 0);",
            "T/t.c:2:28: error: '__atomic_exchange_n' expects a pointer here",
        ),
        (
            "return __atomic_add_fetch(&x, x++, 0);",
            "T/t.c:2:8: error: __atomic_add_fetch with an operand that has side effects "
            "is not supported",
        ),
        (
            "return __atomic_store_n(&x, 1);",
            "T/t.c:2:8: error: wrong number of arguments to '__atomic_store_n' (expected 3)",
        ),
    ],
)
def test_atomic_builtin_errors(tmp_path, body, message):
    assert error_of(tmp_path, f"int main(void) {{ int x = 0;\n{body} }}\n") == message


@pytest.mark.parametrize(
    ("code", "position"),
    [
        ("struct s { char c; _Alignas(16) int x; };\nint main(void) { return 0; }\n", "1:20"),
        ("#include <stdalign.h>\nalignas(64) static int g;\nint main(void) { return g; }\n", "2:1"),
        ("int main(void) {\n_Alignas(double) char buf[8]; return buf[0]; }\n", "2:1"),
    ],
)
def test_alignas_is_an_error_not_a_silent_layout_change(tmp_path, code, position):
    assert error_of(tmp_path, code) == (
        f"T/t.c:{position}: error: _Alignas is not supported by inspirec "
        "(dropping it would change the layout of what it applies to)"
    )


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "#define MAX(a, b) ({ int _a = (a), _b = (b); _a > _b ? _a : _b; })\n"
            "int main(void) { return MAX(1, 2) - 2; }\n",
            "T/t.c:2:25: error: statement expressions ('({ ... })', a GNU extension) are not "
            "supported by inspirec",
        ),
        (
            "int main(void) {\n  double _Complex z = 1.0; return 0; }\n",
            "T/t.c:2:3: error: complex types (_Complex) are not supported by inspirec",
        ),
    ],
)
def test_unsupported_gnu_c_is_named(tmp_path, code, message):
    assert error_of(tmp_path, code) == message
