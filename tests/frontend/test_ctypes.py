"""C type specifiers and arithmetic conversions (C11 6.3.1) in IR types."""

import shutil
import subprocess

import pytest
from inspirec.frontend.ctypes import CTypeError, basic_type, promote, usual_arithmetic
from inspirec.inspire import parse_type


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("int", "int<4>"),
        ("signed", "int<4>"),
        ("unsigned", "uint<4>"),
        ("unsigned int", "uint<4>"),
        ("short", "int<2>"),
        ("unsigned short int", "uint<2>"),
        ("long", "int<8>"),
        ("long int", "int<8>"),
        ("unsigned long", "uint<8>"),
        ("long long", "int<8>"),
        ("unsigned long long int", "uint<8>"),
        ("char", "char"),
        ("signed char", "int<1>"),
        ("unsigned char", "uint<1>"),
        ("_Bool", "bool"),
        ("float", "real<4>"),
        ("double", "real<8>"),
        ("long double", "real<16>"),
        ("void", "unit"),
        ("const int", "int<4>"),
        ("double _Complex", "complex<real<8>>"),
        ("_Complex float", "complex<real<4>>"),
        ("long _Complex double", "complex<real<16>>"),
        ("_Complex", "complex<real<8>>"),
        ("_Complex int", "complex<int<4>>"),
        ("short _Complex", "complex<int<2>>"),
        ("_Complex unsigned long", "complex<uint<8>>"),
        ("_Complex char", "complex<char>"),
    ],
)
def test_basic_types(words, expected):
    assert basic_type(words.split()) is parse_type(expected)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("short double", "both 'short' and 'double' in declaration specifiers"),
        ("int int", "two or more data types in declaration specifiers"),
        ("unsigned signed int", "both 'signed' and 'unsigned' in declaration specifiers"),
        ("long short", "both 'long' and 'short' in declaration specifiers"),
        ("long long long", "'long long long' is too long for GCC"),
        ("unsigned unsigned", "duplicate 'unsigned'"),
        ("_Complex double _Complex", "duplicate '_Complex'"),
        ("_Complex _Bool", "both 'complex' and '_Bool' in declaration specifiers"),
    ],
)
def test_specifiers_that_are_no_type(words, message):
    with pytest.raises(CTypeError) as info:
        basic_type(words.split())
    assert str(info.value) == message


CASES = [
    ("char", "char", "int<4>"),
    ("short", "unsigned short", "int<4>"),
    ("int", "unsigned int", "uint<4>"),
    ("long", "unsigned int", "int<8>"),
    ("unsigned long", "long", "uint<8>"),
    ("int", "double", "real<8>"),
    ("float", "long", "real<4>"),
    ("float", "double", "real<8>"),
    ("long double", "double", "real<16>"),
    ("_Bool", "char", "int<4>"),
    ("unsigned char", "int", "int<4>"),
    ("float _Complex", "double", "complex<real<8>>"),
    ("float _Complex", "long", "complex<real<4>>"),
    ("double _Complex", "long double", "complex<real<16>>"),
    ("float _Complex", "double _Complex", "complex<real<8>>"),
    # complex integer types (GNU C): a complex operand's parts are not
    # promoted, a real operand is
    ("short _Complex", "short _Complex", "complex<int<2>>"),
    ("char _Complex", "char _Complex", "complex<char>"),
    ("short _Complex", "char _Complex", "complex<int<2>>"),
    ("char _Complex", "short", "complex<int<4>>"),
    ("short _Complex", "unsigned short", "complex<int<4>>"),
    ("int _Complex", "unsigned", "complex<uint<4>>"),
    ("unsigned long _Complex", "int _Complex", "complex<uint<8>>"),
    ("int _Complex", "double", "complex<real<8>>"),
    ("long _Complex", "float", "complex<real<4>>"),
]


@pytest.mark.parametrize(("a", "b", "common"), CASES)
def test_usual_arithmetic_conversions(a, b, common):
    ta, tb = basic_type(a.split()), basic_type(b.split())
    assert usual_arithmetic(ta, tb) is parse_type(common)
    assert usual_arithmetic(tb, ta) is parse_type(common)


def test_conversions_agree_with_gcc(tmp_path):
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed")
    # _Generic tells the type of (a)0 + (b)0 as gcc computes it.
    names = {
        "int<4>": "int",
        "uint<4>": "unsigned int",
        "int<8>": "long",
        "uint<8>": "unsigned long",
        "real<4>": "float",
        "real<8>": "double",
        "real<16>": "long double",
        "complex<real<4>>": "float _Complex",
        "complex<real<8>>": "double _Complex",
        "complex<real<16>>": "long double _Complex",
        "complex<char>": "char _Complex",
        "complex<int<2>>": "short _Complex",
        "complex<int<4>>": "int _Complex",
        "complex<uint<4>>": "unsigned _Complex",
        "complex<uint<8>>": "unsigned long _Complex",
    }
    generic = ", ".join(f'{c}: "{ir}"' for ir, c in names.items())
    lines = ["#include <stdio.h>", "int main(void) {"]
    for a, b, _ in CASES:
        lines.append(f"puts(_Generic(({a})0 + ({b})0, {generic}));")
    lines.append("return 0; }")
    src = tmp_path / "conv.c"
    src.write_text("\n".join(lines))
    subprocess.run(["gcc", "-o", str(tmp_path / "conv"), str(src)], check=True)
    out = subprocess.run([str(tmp_path / "conv")], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [c for _, _, c in CASES]
    assert promote(basic_type(["unsigned", "short"])) is parse_type("int<4>")
