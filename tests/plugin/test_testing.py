"""The assertion helpers, views and marks of inspirec.testing, in-process, on
the example project's program and small programs written here."""

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from inspirec.frontend import CompileError

from inspirec.testing import (
    Options,
    ProgramCache,
    assert_closure_at_most,
    assert_coalesced,
    assert_join_coalesced,
    assert_parameters,
    assert_stack_at_most,
    assert_task_context,
    assert_task_spawn,
    compile_files,
    parse_run,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "structure_project"
FILES = [PROJECT / "src" / "main.c", PROJECT / "src" / "kernels.c"]
OPTIONS = Options.make([PROJECT / "include"])


@pytest.fixture(scope="module")
def program():
    return compile_files(FILES, OPTIONS)


def failure(check, /, *args, **kwargs) -> str:
    with pytest.raises(AssertionError) as info:
        check(*args, **kwargs)
    return str(info.value)


def test_task_context_mismatches_name_each_value(program):
    assert_task_context(program, function="tree_sum", rho=2, loop_paths=0, closure_bytes=16)
    message = failure(assert_task_context, program, function="tree_sum", rho=1, loop_paths=1)
    lines = message.splitlines()
    assert lines[0].startswith("task context tree_sum at kernels.c:11: rho=2 loop_paths=0")
    assert lines[1:] == [
        "  rho: expected 1, the program has 2",
        "  loop_paths: expected 1, the program has 0",
    ]


def test_an_unknown_function_lists_the_task_contexts(program):
    message = failure(assert_task_context, program.analysis, function="fib", rho=2)
    assert message.startswith("no task context 'fib'; the task contexts are:\n  tree_sum at")
    assert "\n  block_sum at kernels.c:42:" in message
    with pytest.raises(TypeError, match="unknown keyword lambda_x"):
        assert_task_context(program, function="tree_sum", lambda_x=0)


def test_bounds_and_parameters(program):
    assert_closure_at_most(program, 16)
    assert_stack_at_most(program, 28 * 1024, function="tree_sum")
    message = failure(assert_stack_at_most, program, 1024)
    assert message.startswith("stack_bytes above the bound 1024:\n  tree_sum at kernels.c:11: ")
    assert "block_sum" not in message  # its stack is below 1024 bytes
    assert_parameters(program, param_buffer_bytes=16)
    message = failure(assert_parameters, program, queue_size=64)
    expected = "runtime parameters differ:\n  queue_size: expected 64, chosen 16 (rule S1"
    assert message.startswith(expected)


def test_coalescing_decisions(program):
    assert_coalesced(program, "block_sum")
    message = failure(assert_coalesced, program, "block_sum", applied=False)
    assert message.startswith("kernels.c:54: the joins of block_sum are coalesced: 1 merge(s)")
    message = failure(assert_coalesced, program, "tree_sum")
    assert "no coalescing decision for 'tree_sum'" in message


def test_marks_locate_ir_nodes(program):
    left = program.mark("left")
    assert (left.file, left.line) == ("kernels.c", 16)
    assert left.address.node.kind == "CallExpr"
    assert str(left.address).startswith("0-")
    assert_task_spawn(program, "left")
    assert_join_coalesced(program, "join")
    message = failure(assert_task_spawn, program, "join")
    assert message == "kernels.c:54: @mark join: no task spawn on this line (CallExpr)"
    message = failure(program.mark, "right")
    assert message == "no '@mark right' in main.c, kernels.c (marks: join, left)"


def test_a_join_left_alone_fails_with_the_reason(tmp_path):
    source = tmp_path / "joins.c"
    source.write_text(
        textwrap.dedent(
            """\
            #include <pthread.h>
            static void *work(void *p) { return p; }
            int main(void)
            {
                pthread_t t;
                for (int i = 0; i < 2; i++) {
                    pthread_create(&t, 0, work, 0);
                    pthread_join(t, 0); /* @mark join */
                }
                return 0;
            }
            """
        )
    )
    program = compile_files([source])
    message = failure(assert_join_coalesced, program, "join")
    expected = "joins.c:8: @mark join: the join is not coalesced\n  joins.c:8: main: "
    assert message.startswith(expected)
    nothing = compile_files([source], Options(coalesce=False))
    assert "not coalesced" in failure(assert_join_coalesced, nothing, "join")


def test_a_mark_on_a_line_without_ir_is_an_error_when_used(tmp_path):
    source = tmp_path / "m.c"
    source.write_text("int main(void)\n{\n    int x = 0; /* @mark here */\n    return x;\n}\n")
    mark = compile_files([source]).mark("here")
    assert mark.addresses == ()
    with pytest.raises(AssertionError, match=r"^m.c:3: @mark here: no IR node is located"):
        _ = mark.address


def test_repeated_marks_are_an_error(tmp_path):
    source = tmp_path / "m.c"
    source.write_text("int main(void) /* @mark a */\n{\n    return 0; // @mark a\n}\n")
    with pytest.raises(ValueError, match=r"^m.c:3: error: @mark a repeated \(first at m.c:1\)"):
        compile_files([source]).marks  # noqa: B018


def test_views_are_the_command_line_outputs(program, tmp_path):
    argv = ["-I", str(PROJECT / "include"), *map(str, FILES)]

    def cli(*args):
        run = [sys.executable, "-m", "inspirec", *args, *argv]
        return subprocess.run(run, capture_output=True, text=True, check=True).stdout

    assert program.view("analysis") == cli("analyze", "--json")
    assert json.loads(program.view("analysis"))["contexts"][0]["function"] == "tree_sum"
    assert program.view("ir") == cli("emit", "--emit", "ir")
    assert program.view("config") == cli("emit", "--emit", "config")
    assert program.view("c") == cli("emit")
    with pytest.raises(ValueError, match=re.escape("unknown view 'json' (valid: ir, analysis")):
        program.view("json")


def test_absolute_input_directories_are_shown_relative(program):
    # A view naming an input's directory names it relative to the caller's directory.
    absolute = str(PROJECT / "src") + "/kernels.c"
    assert program.relative(f"at {absolute}", PROJECT / "tests") == "at ../src/kernels.c"
    assert program.relative(f"at {absolute}", PROJECT / "src") == "at kernels.c"


def test_the_cache_compiles_each_distinct_input_once(tmp_path):
    source = tmp_path / "p.c"
    source.write_text("int main(void) { return 0; }\n")
    cache = ProgramCache()
    first = cache.get([source])
    assert cache.get([str(source)]) is first
    assert cache.get([source], Options(tuning="none")) is not first
    source.write_text("int main(void) { return 1; }\n")
    assert cache.get([source]) is not first


def test_compile_errors_and_bad_options_are_reported(tmp_path):
    source = tmp_path / "bad.c"
    source.write_text("int main(void) { return x; }\n")
    with pytest.raises(CompileError, match=r"bad.c:1:\d+: error: 'x' undeclared"):
        compile_files([source])
    with pytest.raises(ValueError, match="unknown tuning 'fast'"):
        compile_files(FILES, Options.make([PROJECT / "include"], tuning="fast"))


def test_run_lines(tmp_path):
    source = tmp_path / "t" / "c.c"
    run = parse_run(
        "view=analysis prefix=JSON tuning=none -DN=3 -UM -Iinc --param=queue_size=64 "
        "--no-coalesce --no-hybrid ../lib.c",
        source,
    )
    assert (run.view, run.prefix) == ("analysis", "JSON")
    assert run.files == (source, source.parent / "../lib.c")
    assert run.options == Options(
        include_dirs=(str(source.parent / "inc"),),
        defines=("N=3",),
        undefines=("M",),
        tuning="none",
        params=(("queue_size", "64"),),
        coalesce=False,
        hybrid=False,
    )
    assert parse_run("", source).view == "ir"
    with pytest.raises(ValueError, match=re.escape("unknown view 'asm' (valid: ir, analysis")):
        parse_run("view=asm", source)
    with pytest.raises(ValueError, match="unknown INSPIREC-RUN word '-O2'"):
        parse_run("-O2", source)
