"""Random records with bit-fields, packed (GNU ``packed``) or under ``#pragma
pack(N)``, laid out as gcc lays them out: the bit position of every named
bit-field, the offset of every other member, the size and alignment, both
as the program computes them and as integer constant expressions
(inspirec's own layout, :mod:`inspire.sizes`), compared with gcc's build
of the same program.  A short seeded run by default; more seeds under the
``slow`` marker."""

from __future__ import annotations

import random
import subprocess

import pytest
from inspirec.frontend import parse_program

from inspirec import backend

#: (C type, size in bytes) of the members.
_TYPES = (
    ("char", 1), ("unsigned char", 1), ("short", 2), ("unsigned short", 2), ("int", 4),
    ("unsigned", 4), ("long long", 8), ("unsigned long long", 8),
)  # fmt: skip
#: How a record is packed: GNU ``packed``, ``#pragma pack(N)``, or not at all.
_PACKINGS = ("packed", 1, 2, 4, 8, 16, None)


def _record(rng: random.Random, k: int) -> tuple[str, str, list[tuple[str, int | None]]]:
    """A random record: its name, its C definition and its (member, width) list."""
    tag = rng.choice(("struct", "struct", "struct", "union"))
    members, named = [], []
    for j in range(rng.randint(1, 7)):
        ctype, size = rng.choice(_TYPES)
        roll = rng.random()
        if roll < 0.6:
            width = rng.randint(1, 8 * size)
            members.append(f"{ctype} m{j} : {width};")
            named.append((f"m{j}", width))
        elif roll < 0.7 and tag == "struct":
            members.append(f"{ctype} : 0;")
        elif roll < 0.8:
            members.append(f"{ctype} : {rng.randint(1, 8 * size)};")
        else:
            members.append(f"{ctype} m{j};")
            named.append((f"m{j}", None))
    if not named:
        members.append("char last;")
        named.append(("last", None))
    name = f"r{k}"
    body = f"{tag} {name} {{ {' '.join(members)} }}"
    packing = rng.choice(_PACKINGS)
    if packing == "packed":
        text = f"{tag} __attribute__((packed)) {name} {{ {' '.join(members)} }};"
    elif packing is None:
        text = f"{body};"
    else:
        text = f"#pragma pack(push, {packing})\n{body};\n#pragma pack(pop)"
    return f"{tag} {name}", text, named


def layout_program(seed: int, count: int) -> str:
    """A C program printing the layouts of ``count`` random records."""
    rng = random.Random(seed)
    records = [_record(rng, k) for k in range(count)]
    lines = ["#include <stdio.h>", "#include <string.h>"]
    lines += [text for _, text, _ in records]
    lines.append(
        "static int first_bit(const unsigned char *p, size_t n) {\n"
        "  for (size_t i = 0; i < 8 * n; i++)\n"
        "    if (p[i / 8] >> (i % 8) & 1)\n"
        "      return (int)i;\n"
        "  return -1;\n"
        "}"
    )
    lines.append("int main(void) {")
    for k, (ctype, _, named) in enumerate(records):
        lines.append(f"  {{ enum {{ SIZE = sizeof({ctype}), ALIGN = _Alignof({ctype}) }};")
        lines.append(f"    {ctype} v;")
        lines.append(f'    printf("{k} %zu %zu %d %d", sizeof v, _Alignof({ctype}), SIZE, ALIGN);')
        for member, width in named:
            if width is None:
                lines.append(f'    printf(" %zu", __builtin_offsetof({ctype}, {member}));')
            else:
                lines.append(f"    memset(&v, 0, sizeof v);\n    v.{member} = -1;")
                lines.append('    printf(" %d", first_bit((unsigned char *)&v, sizeof v));')
        lines.append('    printf("\\n"); }')
    lines.append("  return 0;\n}")
    return "\n".join(lines) + "\n"


def check_layouts(tmp_path, seed: int, count: int) -> None:
    source = tmp_path / f"layouts{seed}.c"
    source.write_text(layout_program(seed, count))
    reference = tmp_path / "gcc_layouts"
    subprocess.run(["gcc", "-w", "-o", str(reference), str(source)], check=True)
    expected = subprocess.run([str(reference)], capture_output=True, text=True, check=True)
    program = parse_program([str(source)])
    exe = tmp_path / "inspirec_layouts"
    unit = backend.CUnit(backend.emit_c(program), strict_aliasing=not program.may_alias)
    backend.build_executable(unit, str(exe), backend.CCOptions(cc="gcc", optimize="1"))
    got = subprocess.run([str(exe)], capture_output=True, text=True, check=True)
    for want, have in zip(expected.stdout.splitlines(), got.stdout.splitlines(), strict=True):
        assert have == want, f"seed {seed}: record r{want.split()[0]}"


def test_random_record_layouts_match_gcc(tmp_path):
    check_layouts(tmp_path, seed=1, count=80)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 12))
def test_many_random_record_layouts_match_gcc(tmp_path, seed):
    check_layouts(tmp_path, seed, count=200)
