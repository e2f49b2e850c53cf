"""Synchronization coalescing on hand-written IR: where it applies, where it refuses."""

import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.analyses import coalesce
from inspirec.inspire import check, parse, parse_file, print_program

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "inspire" / "data"

HEAD = """
extern printf : (ptr<char>, ...) -> int<4>;
extern keep : (ptr<threadgroup>) -> unit;
global stash : ref<threadgroup>;
def work = function (i : int<4>) -> unit @"t.c":1 {
    printf("%d\\n", ref_deref(i)) @"t.c":2;
    return;
};
"""


def spawn(i: str, line: int) -> str:
    return (
        f"parallel(job[1 .. 1] => bind [var ref<int<4>> i = {i}] () -> unit {{"
        f' work(ref_deref(i)) @"t.c":{line}; }}) @"t.c":{line}'
    )


def program(body: str) -> str:
    main = f'def main = function () -> int<4> @"t.c":10 {{\n{body}\n    return 0;\n}};\n'
    return HEAD + main + "entry main;\n"


def run(body: str):
    p = parse(program(body), "t.ir")
    check(p)
    q, decisions = coalesce(p)
    check(q)
    return p, q, decisions


def calls(p, name: str) -> int:
    return print_program(p).count(f"{name}(")


def test_spawn_spawn_merge_merge_becomes_one_merge_all():
    p = parse_file(str(DATA / "merge_groups.ir"))
    q, decisions = coalesce(p)
    assert [d.applied for d in decisions] == [True]
    assert decisions[0].function == "main" and decisions[0].location == "threads.c:21"
    assert calls(q, "merge_all") == 1 and "merge(ref_deref" not in print_program(q)
    # the report counts the joins, not the spawns whose groups are no longer kept
    assert calls(p, "merge") - calls(p, "merge_all") == 2
    assert decisions[0].reason == "2 merge(s) of thread groups replaced by 1 merge_all()"
    text = print_program(q)
    assert text.index("merge_all()") < text.index('printf("%ld')


def test_spawn_in_one_loop_merge_in_the_next():
    body = f"""
    var ref<array<threadgroup,4>> t;
    for @"t.c":11 ({{var ref<int<4>> k = 0;}}; lt(ref_deref(k), 4); {{post_inc(k);}}) {{
        assign(array_elem(t, cast<int<8>>(ref_deref(k))), {spawn("ref_deref(k)", 12)});
    }}
    for @"t.c":13 ({{var ref<int<4>> k = 0;}}; lt(ref_deref(k), 4); {{post_inc(k);}}) {{
        merge(ref_deref(array_elem(t, cast<int<8>>(ref_deref(k))))) @"t.c":14;
    }}
    """
    _, q, decisions = run(body)
    assert [d.applied for d in decisions] == [True], decisions
    assert calls(q, "merge_all") == 1 and "merge(ref_deref" not in print_program(q)


def test_merge_and_spawn_in_the_same_loop_are_left_alone():
    body = f"""
    var ref<threadgroup> t;
    for @"t.c":11 ({{var ref<int<4>> k = 0;}}; lt(ref_deref(k), 4); {{post_inc(k);}}) {{
        assign(t, {spawn("ref_deref(k)", 12)});
        merge(ref_deref(t)) @"t.c":13;
    }}
    """
    p, q, decisions = run(body)
    assert [d.applied for d in decisions] == [False]
    assert "interleave" in decisions[0].reason and "line 12" in decisions[0].reason
    assert q is p


def test_merge_reachable_before_the_last_spawn_is_refused():
    body = f"""
    var ref<threadgroup> a = {spawn("1", 11)};
    merge(ref_deref(a)) @"t.c":12;
    var ref<threadgroup> b = {spawn("2", 13)};
    merge(ref_deref(b)) @"t.c":14;
    """
    p, q, decisions = run(body)
    assert not decisions[0].applied and q is p
    assert "line 13" in decisions[0].reason


def test_merge_on_one_branch_before_a_spawn_is_refused():
    body = f"""
    var ref<threadgroup> a = {spawn("1", 11)};
    if (gt(printf("x") @"t.c":12, 0)) {{
        merge(ref_deref(a)) @"t.c":13;
    }}
    var ref<threadgroup> b = {spawn("2", 15)};
    merge(ref_deref(b)) @"t.c":16;
    """
    _, _, decisions = run(body)
    assert not decisions[0].applied


def test_merges_in_both_branches_each_become_merge_all():
    body = f"""
    var ref<threadgroup> a = {spawn("1", 11)};
    var ref<threadgroup> b = {spawn("2", 12)};
    if (gt(printf("x") @"t.c":13, 0)) {{
        merge(ref_deref(a)) @"t.c":14;
        merge(ref_deref(b)) @"t.c":15;
    }} else {{
        merge(ref_deref(b)) @"t.c":17;
        merge(ref_deref(a)) @"t.c":18;
    }}
    """
    _, q, decisions = run(body)
    assert decisions[0].applied
    assert decisions[0].reason == "4 merge(s) of thread groups replaced by 2 merge_all()"
    assert calls(q, "merge_all") == 2 and "merge(ref_deref" not in print_program(q)


@pytest.mark.parametrize(
    "escape, why",
    [
        ('keep(ref_to_ptr(a)) @"t.c":12;', "escapes"),
        ("assign(stash, ref_deref(a));", "escapes"),
    ],
)
def test_escaping_groups_are_refused(escape, why):
    body = f"""
    var ref<threadgroup> a = {spawn("1", 11)};
    {escape}
    merge(ref_deref(a)) @"t.c":13;
    """
    p, q, decisions = run(body)
    assert not decisions[0].applied and why in decisions[0].reason and q is p


def test_group_stored_in_a_global_is_refused():
    body = f"""
    assign(stash, {spawn("1", 11)});
    merge(ref_deref(stash)) @"t.c":12;
    """
    p, q, decisions = run(body)
    assert not decisions[0].applied and q is p


def test_functions_without_group_merges_get_no_decision():
    p = parse_file(str(DATA / "fib.ir"))
    q, decisions = coalesce(p)
    assert decisions == [] and q is p


REPO = Path(__file__).resolve().parents[2]
#: program -> whether each function joining groups is coalesced, in source order
THREAD_PROGRAMS = {
    "pthread_basic.c": [False],
    "pthread_handle_arrays.c": [True, False],
    "c11_threads.c": [True, False],
    "pthread_mixed.c": [True],
}


@pytest.mark.parametrize("name", THREAD_PROGRAMS)
def test_coalesced_thread_programs_print_the_same(name, tmp_path):
    import subprocess

    import inspirec

    source = str(REPO / "tests" / "corpus" / "par" / name)
    expected = (REPO / "tests" / "corpus" / "par" / name).with_suffix(".expected").read_text()
    analysis = inspirec.analyze([source])
    assert [d.applied for d in analysis.coalescing] == THREAD_PROGRAMS[name]
    for coalesce_sync in (True, False):
        exe = tmp_path / f"prog{coalesce_sync}"
        inspirec.build([source], str(exe), coalesce=coalesce_sync)
        for workers in ("1", "2"):
            env = {"INSPIRE_NUM_WORKERS": workers, "PATH": "/usr/bin:/bin"}
            proc = subprocess.run([exe], capture_output=True, text=True, timeout=60, env=env)
            assert proc.returncode == 0 and proc.stdout == expected, (coalesce_sync, workers)


@pytest.mark.parametrize(
    ("plain", "jump"),
    [
        ('asm("nop", 0, 0, 0);', 'asm("jmp %l0", 24, 0, 0, "top");'),
        # goto *p may reach every label of its body
        ("ref_deref(p);", "goto_address(ref_deref(p));"),
    ],
    ids=["asm goto", "computed goto"],
)
def test_a_jump_back_to_a_spawn_is_a_path_from_a_merge(plain, jump):
    # without the jump the two joins would coalesce; it may jump back to the
    # second spawn after both merges, so a merge can precede a spawn
    def body(last: str) -> str:
        return f"""
    var ref<threadgroup> a;
    var ref<threadgroup> b;
    var ref<ptr<unit>> p = label_address(.main, .top);
    assign(a, {spawn("1", 11)});
    label top:
    assign(b, {spawn("2", 12)});
    merge(ref_deref(a)) @"t.c":13;
    merge(ref_deref(b)) @"t.c":14;
    {last}
    """

    _, _, coalesced = run(body(plain))
    assert [d.applied for d in coalesced] == [True]
    p, q, jumping = run(body(jump))
    assert [d.applied for d in jumping] == [False] and q is p
    assert "line 12" in jumping[0].reason


def test_an_asm_goto_label_must_be_defined():
    text = program('asm("jmp %l0", 24, 0, 0, "nowhere");')
    with pytest.raises(Exception, match="goto to undefined label nowhere"):
        check(parse(text, "t.ir"))


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("var ref<ptr<unit>> p = label_address(.main, .nowhere);", "address of undefined label"),
        ("goto_address(3);", "'a = int<4> is not ptr"),
        (
            'var ref<ptr<unit>> p = label_address("main", "x");',
            "argument 1 of label_address: expected identifier",
        ),
    ],
)
def test_label_addresses_are_checked(item, message):
    with pytest.raises(Exception, match=message):
        check(parse(program(item), "t.ir"))


def test_a_label_table_names_labels_of_its_function():
    table = "global static t : ref<array<ptr<unit>,1>> = init<array<ptr<unit>,1>>{{{}}};\n"
    good = table.format("label_address(.main, .out)") + program("label out:")
    check(parse(good, "t.ir"))
    for address, message in (
        ("label_address(.main, .elsewhere)", "undefined label elsewhere of main"),
        ("label_address(.other, .out)", "label of other, which is not defined"),
    ):
        with pytest.raises(Exception, match=message):
            check(parse(table.format(address) + program("label out:"), "t.ir"))


@pytest.mark.parametrize(
    ("source", "graphs"),
    [("examples/fib.c", False), ("tests/corpus/par/pthread_basic.c", True)],
)
def test_a_graph_and_networkx_only_for_functions_that_join_groups(source, graphs) -> None:
    """Compiling a program none of whose functions join a thread group builds
    no control-flow graph, so networkx is not imported (a link probe of a
    configure script pays for no graph library); one that joins does."""
    code = (
        "import sys\nimport inspirec\n"
        f"inspirec.translate_c([{str(REPO / source)!r}])\n"
        "print('networkx' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"{graphs}\n"
