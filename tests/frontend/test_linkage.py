"""The external symbols a unit defines and references (frontend.linkage)."""

import pytest
from inspirec.frontend import UnitSymbols, preprocess, unit_symbols


def symbols_of(tmp_path, text: str) -> UnitSymbols:
    source = tmp_path / "u.c"
    source.write_text(text)
    return unit_symbols(preprocess(str(source)))


@pytest.mark.parametrize(
    "text, defines, references",
    [
        # functions: defined without static, declared, called
        ("int f(void);\nint g(void) { return f(); }\n", ("g",), ("f",)),
        ("static int f(void) { return 1; }\nint g(void) { return f(); }\n", ("g",), ()),
        # objects: tentative and initialised definitions; extern is a declaration
        ("int a; int b = 2; extern int c; static int d;\nint *p = &c;\n", ("a", "b", "p"), ("c",)),
        ("extern int e = 3;\n", ("e",), ()),
        # declared but not used: no reference
        ("extern int unused; int seen(void);\nint main(void) { return 0; }\n", ("main",), ()),
        # a block's extern and a block's function declaration have external linkage
        ("int h(void) { extern int x; int k(void); return x + k(); }\n", ("h",), ("k", "x")),
        # C89's implicit declaration: a call of an undeclared name
        ("int h(void) { return later(2); }\n", ("h",), ("later",)),
        # member names and designators are not references; a typedef is no symbol
        (
            "struct s { int f; };\nint f(void);\ntypedef int t;\n"
            "int h(struct s *p) { struct s v = {.f = 1}; return p->f + v.f; }\n",
            ("h",),
            (),
        ),
        # a file-scope static after use of the name: internal, not referenced
        ("static int n;\nint h(void) { return n; }\n", ("h",), ()),
        # a function pointer's initialiser references the function
        ("void cb(void);\nvoid (*hook)(void) = cb;\n", ("hook",), ("cb",)),
        # a weak reference takes nothing from a library; an alias is a definition
        (
            "void opt(void) __attribute__((weak));\nvoid impl(void) { if (opt) opt(); }\n"
            'void other(void) __attribute__((alias("impl")));\n',
            ("impl", "other"),
            (),
        ),
        ("#pragma weak hook\nvoid hook(void);\nint main(void) { hook(); }\n", ("main",), ()),
    ],
)
def test_unit_symbols(tmp_path, text, defines, references):
    assert symbols_of(tmp_path, text) == UnitSymbols(defines, references)


def test_a_local_calling_through_a_pointer_is_not_an_implicit_declaration(tmp_path):
    text = "int h(int (*cb)(void)) { int (*g)(void) = cb; return cb() + g(); }\n"
    assert symbols_of(tmp_path, text) == UnitSymbols(("h",), ())
