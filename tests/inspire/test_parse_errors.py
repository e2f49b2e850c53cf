"""Malformed IR text: messages with file, line, column and a caret."""

import pytest
from inspirec.inspire import types as t

from inspirec import inspire

CASES = [
    (
        "def main = function () -> int<4> {\n    return 0\n};\nentry main;",
        "t.ir:3:1: error: unexpected '}'; expected '(', ';'\n };\n ^",
    ),
    (
        "def main = function () -> int<4> {\n    return foo;\n};\nentry main;",
        "t.ir:2:12: error: unknown name foo\n     return foo;\n            ^",
    ),
    (
        "def main = function () -> int<4> {\n    var int<4> x;\n    return 0;\n};\nentry main;",
        "t.ir:2:5: error: variable x without initialiser needs a ref<...> type",
    ),
    (
        "def main = function () -> int<4> {\n  return add(1, lit<int<8>> 2);\n};\nentry main;",
        "t.ir:2:10: error: argument 2 of add: 'a is both int<4> and int<8>",
    ),
    (
        "def main = function () -> int<4> {\n  return 0;\n};\nentry main;\n#",
        "t.ir:5:1: error: unexpected '#'",
    ),
    (
        "def main = function () -> foo<4> { return 0; }; entry main;",
        "t.ir:1:27: error: malformed type: unknown type foo",
    ),
    (
        "def main = function () -> int<4> { return f(1); };\n"
        "def f = function (a : int<4>) -> int<4> { return main(); };\nentry main;",
        "t.ir:2:50: error: function main is used recursively but not defined in a rec block",
    ),
    ("def main = function () -> int<4> {", "t.ir:1:35: error: unexpected end of input"),
    (
        "def main = function () -> int<4> { return 0; };",
        "t.ir: error: program has no entry (add `entry main;`)",
    ),
    (
        "def main = function () -> int<4> { return 0; };\nentry nope;",
        "t.ir:2:7: error: unknown function nope",
    ),
    (
        "def main = function () -> int<4> { return 0; };\n"
        "def main = function () -> int<4> { return 1; };\nentry main;",
        "t.ir:2:1: error: function main is defined twice",
    ),
    (
        "def main = function () -> int<4> { var ref<int<4>> a; return va_arg(a); };\nentry main;",
        "t.ir:1:62: error: va_arg needs an explicit result type",
    ),
    (
        "def main = function () -> int<4> { var ref<array<int<4>,[k]>> a; return 0; };\n"
        "entry main;",
        "t.ir:1:58: error: unknown name k",
    ),
    (
        "def main = function () -> int<4> { var ref<ptr<int<4>,[1]>> a; return 0; };\nentry main;",
        "t.ir:1:55: error: only an array takes a run-time extent [e]",
    ),
    (
        "def main = function () -> int<4> { var ref<array<int<4>,[1.5]>> a; return 0; };\n"
        "entry main;",
        "t.ir:1:44: error: malformed type: an array extent must be an integer expression",
    ),
    (
        'def main = function () -> int<4> { return lit<int<4>> "x" "y"; };\nentry main;',
        "t.ir:1:59: error: unexpected '\"y\"'",
    ),
    (
        "def main = function () -> int<4> { return array<int<4>>(1); };\nentry main;",
        "t.ir:1:43: error: array is not a builtin; only builtins take a result type",
    ),
    (
        "def main = function () -> int<4> {\n    var ref<int<4>> x = lit<int<8>> 0;\n"
        "    return 0;\n};\nentry main;",
        "t.ir:2:5: error: Declaration: declaration of type ref<int<4>> initialised with int<8> "
        "(must be the same type or its ref)",
    ),
    # asm calls: the template, flags and counts are literals; outputs are references
    (
        "def main = function () -> int<4> {\n  var ref<int<4>> x = 0;\n"
        '  asm("", 0, 1, 0, "=r", ref_deref(x));\n  return 0;\n};\nentry main;',
        "t.ir:3:3: error: asm: an output operand must be a reference",
    ),
    (
        'def main = function () -> int<4> {\n  asm("", 0, 1, 0);\n  return 0;\n};\nentry main;',
        "t.ir:2:3: error: asm: fewer operands than its counts",
    ),
    (
        'def main = function () -> int<4> {\n  asm("nop", 4, 0, 0, "memory");\n  return 0;\n};\n'
        "entry main;",
        "t.ir:2:3: error: asm: a basic asm has no operands or clobbers",
    ),
    # GCC loop hints: ivdep or unroll N, N below 65535
    (
        'def main = function () -> int<4> {\n  while gcc "unroll 65535" (0) { }\n  return 0;\n};\n'
        "entry main;",
        "t.ir:2:3: error: WhileStmt: malformed GCC loop hint 'unroll 65535'",
    ),
    # GNU case ranges: literal bounds of one type, not empty
    (
        "def main = function () -> int<4> {\n  switch (0) {\n    case 4 ... 1:\n  }\n"
        "  return 0;\n};\nentry main;",
        "t.ir:3:5: error: CaseRangeLabel: empty case range 4 ... 1",
    ),
    (
        "def main = function () -> int<4> {\n  switch (0) {\n    case 1 ... lit<int<8>>8:\n"
        "  }\n  return 0;\n};\nentry main;",
        "t.ir:3:5: error: CaseRangeLabel: case range bounds of types int<4> and int<8>",
    ),
    # SIMD hints keep only clauses that name nothing
    (
        'def main = function () -> int<4> {\n  for simd "safelen(0)" ({ var ref<int<4>> i = 0; }; '
        "lt(ref_deref(i), 4); { post_inc(i); }) { }\n  return 0;\n};\nentry main;",
        "t.ir:2:3: error: ForStmt: malformed simd hint 'safelen(0)'",
    ),
    (
        "def main = function () -> int<4> {\n  var ref<int<4>> s = 0;\n"
        '  for simd "" reduction("<<", s) ({ var ref<int<4>> i = 0; }; '
        "lt(ref_deref(i), 4); { post_inc(i); }) { }\n  return 0;\n};\nentry main;",
        "t.ir:3:3: error: SimdReduction: unknown simd reduction operator '<<'",
    ),
    (
        "def main = function () -> int<4> {\n  var ref<int<4>> s = 0;\n"
        '  for reduction("+", s) ({ var ref<int<4>> i = 0; }; '
        "lt(ref_deref(i), 4); { post_inc(i); }) { }\n  return 0;\n};\nentry main;",
        "t.ir:3:3: error: ForStmt: simd reductions without a simd hint",
    ),
    (
        'def main = function () -> int<4> simd "uniform(x)" {\n  return 0;\n};\nentry main;',
        "t.ir:1:1: error: Lambda: malformed declare simd hint 'uniform(x)'",
    ),
    # an object's least alignment is a power of two
    (
        "global g : ref<int<4>> align 3;\ndef main = function () -> int<4> {\n  return 0;\n};\n"
        "entry main;",
        "t.ir:1:1: error: GlobalDecl: alignment 3 is not a power of two",
    ),
    (
        "def main = function () -> int<4> {\n  var ref<int<4>> x align 6 = 1;\n"
        "  return ref_deref(x);\n};\nentry main;",
        "t.ir:2:3: error: DeclStmt: alignment 6 is not a power of two",
    ),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_error_message_and_position(text, expected):
    with pytest.raises(inspire.IRError) as info:
        inspire.parse(text, "t.ir")
    assert info.value.format().startswith(expected)


def test_caret_points_at_the_column():
    text = "def main = function () -> int<4> {\n    return foo;\n};\nentry main;"
    with pytest.raises(inspire.IRError) as info:
        inspire.parse(text, "t.ir")
    _, source, caret = info.value.format().split("\n")
    assert source.index("foo") == caret.index("^")


def test_unreadable_file(tmp_path):
    with pytest.raises(inspire.IRError, match=r"missing.ir: error: cannot read file"):
        inspire.parse_file(str(tmp_path / "missing.ir"))
    bad = tmp_path / "bad.ir"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(inspire.IRError, match=r"bad\.ir:1:1: error: file is not valid UTF-8"):
        inspire.parse_file(str(bad))


def test_invalid_utf8_is_located(tmp_path):
    """The line and column (in characters) of the first invalid byte, with a caret."""
    bad = tmp_path / "bad.ir"
    bad.write_bytes(b"entry main;\n// \xc3\xa9t\xe9 x\nentry main;\n")
    with pytest.raises(inspire.IRError) as info:
        inspire.parse_file(str(bad))
    assert info.value.format() == (
        f"{bad}:2:6: error: file is not valid UTF-8 text (byte 0xe9)\n // \u00e9t\ufffd x\n      ^"
    )


def test_malformed_types():
    for text, message in [
        ("int<3>", "int needs one size parameter"),
        ("ref<int<4>,int<4>>", "ref takes exactly one type parameter"),
        ("array<int<4>>", "array takes one type and one size parameter"),
        ("unit<4>", "unit takes no parameters"),
        ("const<volatile<int<4>>>", "const is not in canonical place"),
        ("const<const<int<4>>>", "const is not in canonical place"),
        ("volatile<array<int<4>,3>>", "volatile is not in canonical place"),
        ("const<int<4>,int<4>>", "const takes exactly one type parameter"),
        ("complex<bool>", "complex takes exactly one real<N>, int<N>, uint<N> or char parameter"),
        ("complex<real<8>,real<8>>", "complex takes exactly one real<N>, int<N>, uint<N> or char"),
    ]:
        with pytest.raises(inspire.IRError, match=message):
            inspire.parse_type(text)


def test_qualified_types_round_trip():
    for text in (
        "const<int<4>>",
        "volatile<const<ptr<const<char>>>>",
        "array<const<real<8>>,3>",
        "const<(int<4>) -> int<4>>",
    ):
        ty = inspire.parse_type(text)
        assert t.type_str(ty) == text
        assert t.qualify(t.strip_qualifiers(ty), t.qualifiers(ty)) is ty
