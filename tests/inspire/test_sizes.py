"""LP64 sizes and struct layouts agree with what gcc computes on this machine."""

import shutil
import subprocess

import pytest
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.sizes import SizeError, fields_layout, layout

from inspirec import inspire

# C declarations and the same records in IR text.
C_DECLS = """
struct a { char c; int i; };
struct b { char c; double d; short s; };
struct c { int n; double data[]; };
struct d { struct a x; char y[3]; long double z; };
struct e { unsigned f1 : 3; unsigned f2 : 30; char g; };
struct f { char c; int : 0; char d; };
struct g { long l : 40; short s : 10; char ch; };
union u { char c; double d; int arr[3]; };
struct h { union u u; struct b *next; void (*fn)(int); _Bool flag; };
struct i { char c; unsigned long long : 0; char d; unsigned x : 7; };
"""

IR_STRUCTS = """
struct a { c : char; i : int<4>; };
struct b { c : char; d : real<8>; s : int<2>; };
struct c { n : int<4>; data : array<real<8>,*>; };
struct d { x : struct a; y : array<char,3>; z : real<16>; };
struct e { f1 : uint<4> : 3; f2 : uint<4> : 30; g : char; };
struct f { c : char; : int<4> : 0; d : char; };
struct g { l : int<8> : 40; s : int<2> : 10; ch : char; };
union u { c : char; d : real<8>; arr : array<int<4>,3>; };
struct h { u : union u; next : ptr<struct b>; fn : (int<4>) -> unit; flag : bool; };
struct i { c : char; : uint<8> : 0; d : char; x : uint<4> : 7; };
def main = function () -> int<4> { return 0; };
entry main;
"""

NAMED_MEMBERS = {
    "a": ["c", "i"],
    "b": ["c", "d", "s"],
    "c": ["n", "data"],
    "d": ["x", "y", "z"],
    "e": ["g"],
    "f": ["c", "d"],
    "g": ["ch"],
    "h": ["u", "next", "fn", "flag"],
    "i": ["c", "d"],
}


@pytest.fixture(scope="module")
def gcc_layouts(tmp_path_factory):
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed")
    d = tmp_path_factory.mktemp("sizes")
    lines = ["#include <stdio.h>", "#include <stddef.h>", C_DECLS, "int main(void) {"]
    for name, members in NAMED_MEMBERS.items():
        lines.append(f'printf("{name} %zu %zu", sizeof(struct {name}), _Alignof(struct {name}));')
        for m in members:
            lines.append(f'printf(" %zu", offsetof(struct {name}, {m}));')
        lines.append('printf("\\n");')
    lines.append('printf("u %zu %zu\\n", sizeof(union u), _Alignof(union u));')
    lines.append("return 0; }")
    src = d / "sizes.c"
    src.write_text("\n".join(lines))
    subprocess.run(["gcc", "-o", str(d / "sizes"), str(src)], check=True)
    out = subprocess.run([str(d / "sizes")], check=True, capture_output=True, text=True).stdout
    return {line.split()[0]: [int(x) for x in line.split()[1:]] for line in out.splitlines()}


def test_struct_layouts_match_gcc(gcc_layouts):
    program = inspire.parse(IR_STRUCTS)
    structs = inspire.struct_table(program)
    for name, members in NAMED_MEMBERS.items():
        decl = structs[("struct", name)]
        lay = layout(n.TagType("struct", name), structs)
        offsets = {f.name: off for f, off in zip(decl.fields, lay.offsets, strict=True)}
        got = [lay.size, lay.align, *(offsets[m] for m in members)]
        assert got == gcc_layouts[name], name
    u = layout(n.TagType("union", "u"), structs)
    assert [u.size, u.align] == gcc_layouts["u"]


@pytest.mark.parametrize(
    ("text", "size", "align"),
    [
        ("int<1>", 1, 1),
        ("uint<2>", 2, 2),
        ("int<4>", 4, 4),
        ("int<8>", 8, 8),
        ("int<16>", 16, 16),
        ("real<4>", 4, 4),
        ("real<8>", 8, 8),
        ("real<16>", 16, 16),
        ("complex<real<4>>", 8, 4),
        ("complex<real<8>>", 16, 8),
        ("complex<real<16>>", 32, 16),
        ("char", 1, 1),
        ("bool", 1, 1),
        ("ptr<unit>", 8, 8),
        ("ref<int<4>>", 8, 8),
        ("(int<4>) -> int<4>", 8, 8),
        ("threadgroup", 8, 8),
        ("array<int<2>,5>", 10, 2),
        ("array<array<real<8>,3>,2>", 48, 8),
        ("volatile<int<8>>", 8, 8),
        ("unit", 0, 1),
    ],
)
def test_scalar_sizes(text, size, align):
    ty = inspire.parse_type(text)
    assert (inspire.size_of(ty), inspire.align_of(ty)) == (size, align)


def test_types_without_static_size():
    with pytest.raises(SizeError):
        inspire.size_of(t.array(t.INT4, None))
    with pytest.raises(SizeError):
        inspire.size_of(n.TagType("struct", "missing"), {})


def test_closure_like_layout_of_plain_types():
    lay = fields_layout([t.CHAR, t.INT8, t.INT4])
    assert (lay.size, lay.align, lay.offsets) == (24, 8, (0, 8, 16))
