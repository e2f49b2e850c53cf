"""Declarations of one program spread over several files (and over one file):
one type per tag, one composite type per object (C11 6.2.7)."""

import pytest
from inspirec.frontend import CompileError, parse_program

from inspirec import inspire


def lower(tmp_path, **files):
    paths = []
    for name, text in files.items():
        (tmp_path / f"{name}.c").write_text(text)
        paths.append(str(tmp_path / f"{name}.c"))
    return parse_program(paths)


def global_types(program):
    """Every type each global is used with, by name."""
    seen: dict[str, set[str]] = {}
    for x in program.walk():
        if isinstance(x, inspire.Global):
            seen.setdefault(x.name, set()).add(str(x.type))
    return seen


def test_unsized_extern_array_gets_the_definitions_size_in_every_file(tmp_path):
    # BOTS: 'extern char bots_resources[];' in bots.h, the sized definition in bots_main.c
    program = lower(
        tmp_path,
        a="extern char res[];\nint first(void) { return res[0]; }\n",
        b="extern char res[];\nchar res[32];\nint first(void);\n"
        "int main(void) { res[0] = 1; return first() - 1; }\n",
    )
    assert global_types(program)["res"] == {"ref<array<char,32>>"}


def test_unsized_declaration_completed_later_in_the_same_file(tmp_path):
    program = lower(
        tmp_path,
        a="extern int t[];\nint get(void) { return t[1]; }\nint t[] = {1, 2, 3};\n"
        "int main(void) { return get() - 2; }\n",
    )
    assert global_types(program)["t"] == {"ref<array<int<4>,3>>"}


def test_a_header_tag_declared_in_two_files_is_one_record(tmp_path):
    # BOTS alignment: both files include <stdio.h>, one defines int n(FILE *f)
    program = lower(
        tmp_path,
        a="#include <stdio.h>\nint lines(FILE *f) { return f != 0; }\n",
        b="#include <stdio.h>\nint lines(FILE *f);\nint main(void) { return lines(stdin) - 1; }\n",
    )
    names = [s.name for s in program.structs if s.tag == "struct"]
    assert names.count("_IO_FILE") == 1 and "_IO_FILE_2" not in names


def test_a_tag_used_before_its_definition_in_another_file_is_that_files_type(tmp_path):
    program = lower(
        tmp_path,
        a="struct node;\nstruct node *make(void);\nint value(struct node *p);\n"
        "int main(void) { return value(make()) - 4; }\n",
        b="#include <stdlib.h>\nstruct node { int v; };\n"
        "struct node *make(void) { struct node *p = malloc(sizeof *p); p->v = 4; return p; }\n"
        "int value(struct node *p) { return p->v; }\n",
    )
    (node,) = [s for s in program.structs if s.name.startswith("node")]
    assert node.name == "node" and node.complete and len(node.fields) == 1


def test_same_tag_defined_identically_after_use_in_a_later_file_is_shared(tmp_path):
    program = lower(
        tmp_path,
        a="struct p { int x; };\nint getx(struct p *q) { return q->x; }\n",
        b="struct p;\nint getx(struct p *q);\nstruct p { int x; };\n"
        "int main(void) { struct p v = {0}; return getx(&v); }\n",
    )
    assert [s.name for s in program.structs] == ["p"]


def test_tag_used_before_a_different_definition_in_a_later_file_is_an_error(tmp_path):
    with pytest.raises(CompileError) as info:
        lower(
            tmp_path,
            a="struct p { int x; };\nint getx(struct p *q) { return q->x; }\n",
            b="struct p *last;\nstruct p { double y; };\nint main(void) { return 0; }\n",
        )
    message = str(info.value).replace(str(tmp_path), "T")
    assert message.startswith("T/b.c:2:8: error: 'struct p' is used before its definition here")


def test_tags_defined_differently_in_two_files_stay_two_records(tmp_path):
    program = lower(
        tmp_path,
        a="struct p { int x; };\nint getx(void) { struct p v = {3}; return v.x; }\n",
        b="struct p { double y; };\nint getx(void);\n"
        "int main(void) { struct p v = {1.0}; return getx() - 3 + (int)v.y - 1; }\n",
    )
    assert sorted(s.name for s in program.structs) == ["p", "p_2"]
