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
