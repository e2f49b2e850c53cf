"""The analyses on range jobs (``taskloop``): contexts, λ, effort per chunk, the report."""

import subprocess
import sys
from pathlib import Path

from inspirec.analyses.contexts import is_range_job, task_contexts
from inspirec.analyses.effort import UNKNOWN_TRIP_COUNT, effort, range_effort
from inspirec.analyses.loop_paths import loop_parallel_paths
from inspirec.analyses.recursive_paths import recursive_parallel_paths
from inspirec.inspire import parse

import inspirec

PROGRAM = Path(__file__).resolve().parent / "programs" / "taskloop_grains.c"


def analysis_json() -> dict:
    return inspirec.analyze([str(PROGRAM)]).to_json()


def test_a_function_with_taskloops_is_a_loop_like_context():
    [ctx] = analysis_json()["contexts"]
    assert ctx["function"] == "main"
    assert (ctx["recursive_paths"], ctx["loop_paths"]) == (0, 5)
    lines = [int(s.rsplit(":", 1)[1]) for s in ctx["spawn_sites"]]
    assert lines == [17, 20, 23, 26, 28]


def test_iterations_per_task_follow_the_clauses():
    ranges = analysis_json()["ranges"]
    assert [r["location"].rsplit(":", 1)[1] for r in ranges] == ["17", "20", "23", "26"]
    # strict grain 16; no clause: single iterations; num_tasks(4) of an unknown count;
    # grainsize(10)
    assert [r["iterations_per_task"] for r in ranges] == [
        16,
        1,
        -(-UNKNOWN_TRIP_COUNT // 4),
        10,
    ]
    assert [r["chunks"] for r in ranges] == [7, UNKNOWN_TRIP_COUNT, 4, 10]
    assert all(r["iterations"] is None for r in ranges)


def test_effort_per_chunk_is_the_iteration_effort_times_the_iterations_per_task():
    first, single, four, spawning = analysis_json()["ranges"]
    # the first three have the same body: the chunks differ by whole iterations
    assert first["effort_per_iteration"] == single["effort_per_iteration"] > 0
    step = first["effort_per_iteration"]
    assert first["effort_per_chunk"] - single["effort_per_chunk"] == 15 * step
    assert four["effort_per_chunk"] - single["effort_per_chunk"] == 24 * step
    # an iteration that spawns a task costs more than one that stores
    assert spawning["effort_per_iteration"] > step


RANGE_IR = """
extern printf : (ptr<char>, ...) -> int<4>;
def main = function () -> int<4> @"r.c":1 {
    taskloop(lit<int<8>> 40, lit<int<8>> 0, lit<int<8>> 8, 0,
        bind [] (a : int<8>, b : int<8>) -> unit {
            for @"r.c":3 ({ var ref<int<8>> k = ref_deref(a); }; lt(ref_deref(k), ref_deref(b));
                         { post_inc(k); }) {
                printf("x") @"r.c":4;
            }
        }) @"r.c":2;
    taskloop(lit<int<8>> 40, lit<int<8>> 5, lit<int<8>> 0, 0,
        bind [] (a : int<8>, b : int<8>) -> unit { printf("y") @"r.c":6; }) @"r.c":5;
    return 0;
};
entry main;
"""


def test_hand_written_range_jobs():
    program = parse(RANGE_IR, "r.ir")
    [ctx] = task_contexts(program)
    assert len(ctx.spawns) == 2 and all(map(is_range_job, ctx.spawns))
    assert loop_parallel_paths(ctx.lambda_) == 2
    driven, plain = (range_effort(s) for s in ctx.spawns)
    # literal count 40, strict grain 8: 5 chunks of 8 iterations
    assert (driven.iterations, driven.per_task, driven.chunks) == (40, 8, 5)
    loop = ctx.spawns[0].args[4].body.stmts[0]
    memo: dict = {}
    effort(loop, memo)
    per_iteration = memo[loop.cond] + memo[loop.step] + memo[loop.body]
    assert driven.per_iteration == per_iteration
    assert driven.chunk == memo[loop.init] + 8 * per_iteration
    # no driver loop: the body is one chunk as it stands; num_tasks 5 of 40 -> 8 each
    body = effort(ctx.spawns[1].args[4].body)
    assert (plain.per_task, plain.chunks, plain.per_iteration, plain.chunk) == (8, 5, None, body)
    # the context's effort counts every chunk
    assert effort(ctx.lambda_) >= 5 * driven.chunk + 5 * plain.chunk


def test_explain_shows_the_range_jobs():
    out = subprocess.run(
        [sys.executable, "-m", "inspirec", "analyze", "--explain", str(PROGRAM)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Range jobs (taskloop; each logical task runs one chunk of iterations):" in out
    assert "main at taskloop_grains.c:17: unknown iterations, 16 per task," in out
    assert "main at taskloop_grains.c:20: unknown iterations, 1 per task," in out


def test_recursion_through_a_taskloop_is_a_recursive_path():
    text = """
    rec {
        def walk = function (d : int<4>) -> unit @"w.c":1 {
            if (gt(ref_deref(d), 0)) {
                taskloop(lit<int<8>> 2, lit<int<8>> 2, lit<int<8>> 0, 0,
                    bind [var ref<int<4>> e = ref_deref(d)] (a : int<8>, b : int<8>) -> unit {
                        walk(sub(ref_deref(e), 1)) @"w.c":3;
                    }) @"w.c":2;
            }
            return;
        };
    };
    def main = function () -> int<4> @"w.c":5 { walk(3) @"w.c":6; return 0; };
    entry main;
    """
    [ctx] = task_contexts(parse(text, "w.ir"))
    assert ctx.name == "walk"
    assert recursive_parallel_paths(ctx.lambda_) == 1
    assert loop_parallel_paths(ctx.lambda_) == 1


def test_dot_shows_range_jobs_as_loop_like_spawn_sites(tmp_path):
    # regression: --dot failed on a context whose spawn sites include a taskloop
    dot = tmp_path / "tasks.dot"
    subprocess.run(
        [sys.executable, "-m", "inspirec", "analyze", "--dot", str(dot), str(PROGRAM)],
        capture_output=True,
        check=True,
    )
    text = dot.read_text()
    assert 'label="taskloop taskloop_grains.c:17\\nin loop"' in text
    assert 'label="spawn taskloop_grains.c:28\\nin loop"' in text
