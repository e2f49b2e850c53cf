"""GNU cleanup attributes (frontend.cleanup): gcc's warnings where it is
ignored, the positioned refusals.  (Programs using it run in the corpus:
seq/gnu_cleanup.c, par/cleanup_in_tasks.c.)"""

import pytest
from inspirec.frontend import CompileError, DiagnosticLog, parse_program

PROLOGUE = "void done(int *p);\n"
CLEANUP = "__attribute__((cleanup(done)))"


def _lowered(tmp_path, body: str) -> DiagnosticLog:
    source = tmp_path / "c.c"
    source.write_text(PROLOGUE + body)
    log = DiagnosticLog()
    parse_program([str(source)], log=log)
    return log


@pytest.mark.parametrize(
    "body, position",
    [
        ("int g __attribute__((cleanup(done)));\nint main(void) { return g; }\n", "2:5"),
        (f"int main(void) {{\n  static int s {CLEANUP};\n  return s;\n}}", "3:14"),
        (f"int main(void) {{\n  extern int e {CLEANUP};\n  return e;\n}}", "3:14"),
        ("int f(int x __attribute__((cleanup(done)))) { return x; }\nint main(void) { return 0; }",
         "2:13"),
    ],
)  # fmt: skip
def test_where_gcc_ignores_it_a_warning_says_so(tmp_path, body, position):
    log = _lowered(tmp_path, body)
    assert [str(d).splitlines()[0] for d in log.warnings] == [
        f"{tmp_path / 'c.c'}:{position}: warning: 'cleanup' attribute ignored [-Wattributes]"
    ]


@pytest.mark.parametrize(
    "body, position, message",
    [
        (
            "int main(void) {\n  int v = ({ int t __attribute__((cleanup(done))) = 1; t; });\n"
            "  return v;\n}\n",
            "3:18",
            "a variable with __attribute__((cleanup)) in a statement expression",
        ),
        (
            "int main(void) {\n  void *p = &&end;\n  {\n"
            f"    int t {CLEANUP} = 1;\n    goto *p;\n  }}\nend:\n  return 0;\n}}\n",
            "6:5",
            "a computed goto out of the scope of a variable with __attribute__((cleanup))",
        ),
        (
            "int main(int argc, char **argv) {\n  int t __attribute__((cleanup(done))) = 1;\n"
            "  {\n    int t = 2;\n    if (argc) return t;\n  }\n  return 0;\n}\n",
            "3:7",
            "a jump out of the scope of 't' (with __attribute__((cleanup))) where an inner "
            "declaration hides it",
        ),
        (
            "int main(int argc, char **argv) {\n  switch (argc) {\n  case 1:;\n"
            "    int t __attribute__((cleanup(done))) = 1;\n  }\n  return 0;\n}\n",
            "4:3",
            "__attribute__((cleanup)) on a variable declared after a case label",
        ),
    ],
)
def test_what_inspirec_cannot_write_is_refused_at_its_position(tmp_path, body, position, message):
    with pytest.raises(CompileError) as info:
        _lowered(tmp_path, body)
    first = str(info.value).splitlines()[0]
    assert first == f"{tmp_path / 'c.c'}:{position}: error: {message} is not supported by inspirec"


def test_an_inner_declaration_of_the_same_name_is_fine_where_no_jump_leaves(tmp_path):
    body = (
        "int main(void) {\n  int t __attribute__((cleanup(done))) = 1;\n"
        "  {\n    int t = 2;\n    (void)t;\n  }\n  return 0;\n}\n"
    )
    assert not _lowered(tmp_path, body).diagnostics
