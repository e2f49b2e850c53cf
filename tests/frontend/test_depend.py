"""The depend clause and depend objects in the frontend: the IR they lower
to, and the errors gcc gives for bad ones, at the pragma."""

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.frontend.depend import OBJECT_KINDS
from inspirec.inspire import print_program
from lowering_errors import first_error_in_main

from inspirec import lower_c

HEADER = "#include <omp.h>\n"


def ir_of(tmp_path, body: str) -> str:
    src = tmp_path / "d.c"
    src.write_text(f"{HEADER}int main(void) {{\n  int x = 0, a[8];\n  int *p = a;\n{body}\n}}\n")
    return print_program(lower_c([str(src)]))


def test_each_item_becomes_one_dependence_in_clause_order(tmp_path):
    text = ir_of(
        tmp_path,
        "  #pragma omp task depend(in: x, a[2:3]) depend(inout: p[1]) depend(out: omp_all_memory)\n"
        "  x++;\n  return 0;",
    )
    line = next(x for x in text.splitlines() if "depend(" in x)
    deps = line[line.index("depend(") :]
    assert deps.count("dep_in(") == 2 and deps.count("dep_inout(") == 1
    assert "dep_all()" in deps
    assert deps.index("dep_in(") < deps.index("dep_inout(") < deps.index("dep_all()")


def test_taskwait_depend_is_an_undeferred_empty_task(tmp_path):
    text = ir_of(tmp_path, "  #pragma omp taskwait depend(in: x)\n  return 0;")
    line = next(x for x in text.splitlines() if "depend(" in x)
    assert "job[1 .. 1] if(0) depend(dep_in(" in line
    assert "merge_all" not in text


def test_iterator_dependences_are_a_list_made_before_the_task(tmp_path):
    text = ir_of(
        tmp_path,
        "  #pragma omp task depend(iterator(i = 0:8:2, int *q = a:a + 2), inout: a[i], *q) "
        "depend(in: x)\n  x++;\n"
        "  #pragma omp taskwait depend(iterator(long k = 8:0:-1), in: a[k - 1])\n  return 0;",
    )
    lines = text.splitlines()
    new = [k for k, line in enumerate(lines) if "dep_list_new()" in line]
    task = [k for k, line in enumerate(lines) if "depend(dep_list(" in line]
    free = [k for k, line in enumerate(lines) if "dep_list_free(" in line]
    assert len(new) == len(task) == len(free) == 2
    assert all(a < b < c for a, b, c in zip(new, task, free, strict=True))
    assert text.count("dep_list_add(") == 3  # two items, then one
    assert "depend(dep_list(ref_deref(__inspire_deps0)) @" in lines[task[0]]
    assert "dep_in(" in lines[task[0]]
    assert "if(0) depend(dep_list(" in lines[task[1]]


def test_depobj_operations(tmp_path):
    text = ir_of(
        tmp_path,
        "  omp_depend_t o;\n"
        "  #pragma omp depobj(o) depend(inout: x)\n"
        "  #pragma omp depobj(o) update(mutexinoutset)\n"
        "  #pragma omp task depend(depobj: o)\n  x++;\n"
        "  #pragma omp depobj(o) destroy\n  return 0;",
    )
    assert "depobj_init(" in text and "dep_inout(" in text
    assert "depobj_update(" in text and f", {OBJECT_KINDS['mutexinoutset']})" in text
    assert "dep_obj(" in text and "depobj_destroy(" in text


def test_object_kind_numbers_match_the_runtime():
    from pathlib import Path

    from inspirec.backend.runtime import runtime_sources

    header = (Path(runtime_sources()[1]) / "inspire_rt.h").read_text()
    for kind, number in OBJECT_KINDS.items():
        assert f"#define INSPIRE_DEP_{kind.upper()} {number}\n" in header


@pytest.mark.parametrize(
    "body, message",
    [
        ("#pragma omp task depend(in: 3)\n a++;",
         "3:24: error: '3' is not lvalue expression nor array section in 'depend' clause"),
        ("#pragma omp task depend(foo: a)\n a++;", "3:25: error: invalid depend kind before 'foo'"),
        ("#pragma omp task depend(a)\n a++;", "3:25: error: invalid depend kind before 'a'"),
        ("#pragma omp task depend(source)\n a++;",
         "3:24: error: 'depend(source)' is only allowed in 'omp ordered'"),
        ("#pragma omp task depend(sink: a)\n a++;",
         "3:24: error: 'depend(sink)' is only allowed in 'omp ordered'"),
        ("#pragma omp task depend(in: omp_all_memory)\n a++;",
         "3:9: error: 'omp_all_memory' used with 'depend' kind other than 'out' or 'inout'"),
        ("#pragma omp task depend(iterator(i), in: a)\n a++;",
         "3:9: error: expected '[type] identifier = begin:end[:step]', not 'i'"),
        ("#pragma omp task depend(iterator(i = 0), in: a)\n a++;",
         "3:9: error: expected 'begin:end[:step]' for iterator 'i'"),
        ("#pragma omp task depend(iterator(i = 0:4, i = 0:2), in: a)\n a++;",
         "3:9: error: iterator 'i' defined more than once"),
        ("#pragma omp task depend(iterator(i = = 0:4), in: a)\n a++;",
         "3:9: error: expected expression in '#pragma omp task'"),
        ("#pragma omp task depend(iterator(double i = 0:4), in: a)\n a++;",
         "3:9: error: iterator 'i' has neither integral nor pointer type"),
        ("#pragma omp task depend(iterator(i = 0:4) in: a)\n a++;",
         "3:9: error: expected ',' after the 'iterator' modifier of 'depend'"),
        ("#pragma omp task affinity(iterator(i = 0:4), a)\n a++;",
         "3:9: error: expected ':' after the 'iterator' modifier of 'affinity'"),
        ("#pragma omp task affinity(iterator(i = 0:4): 1)\n a++;",
         "3:26: error: '1' is not lvalue expression nor array section in 'affinity' clause"),
        ("#pragma omp task depend(in: a,)\n a++;",
         "3:24: error: expected expression in 'depend' clause"),
        ("#pragma omp task depend(depobj: a)\n a++;",
         "3:9: error: type of 'a' is not 'omp_depend_t'"),
        ("#pragma omp depobj(a) depend(in: a)",
         "3:9: error: type of 'depobj' expression is not 'omp_depend_t'"),
        ("int b;\n#pragma omp taskwait depend(in: a) nowait",
         "4:36: error: 'nowait' is not valid for '#pragma omp taskwait'"),
    ],
)  # fmt: skip
def test_bad_dependences_are_errors_at_the_pragma(tmp_path, body, message):
    assert first_error_in_main(tmp_path, body).endswith(message)


@pytest.mark.parametrize(
    "clauses, message",
    [
        ("depend(in: x, x)", "more than one locator in 'depend' clause on 'depobj' construct"),
        ("update(depobj)", "expected 'in', 'out', 'inout', 'mutexinoutset' or 'inoutset'"),
        ("destroy update(in)",
         "expected exactly one of 'depend', 'destroy' or 'update' clauses on 'depobj'"),
        ("depend(out: omp_all_memory)", "'depend(out: omp_all_memory)' is not valid on 'depobj'"),
        ("destroy(x)", "the 'destroy' clause must name the 'depobj' object"),
        ("depend(iterator(i = 0:1), in: x)",
         "'iterator' modifier may not be specified on 'depobj' construct"),
    ],
)  # fmt: skip
def test_bad_depobj_directives(tmp_path, clauses, message):
    body = f"  int x;\n  omp_depend_t o;\n#pragma omp depobj(o) {clauses}"
    src = tmp_path / "t.c"
    src.write_text(f"{HEADER}int main(void) {{\n{body}\n  return 0;\n}}\n")
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    assert str(info.value).splitlines()[0].endswith(f"5:9: error: {message}")
