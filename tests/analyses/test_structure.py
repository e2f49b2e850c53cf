"""Task contexts, ρ, λ and effort on C programs with known answers and on hand-written IR."""

from pathlib import Path

import pytest
from inspirec.analyses.contexts import task_contexts
from inspirec.analyses.effort import RECURSIVE_CALL_EFFORT, UNKNOWN_TRIP_COUNT, effort, trip_count
from inspirec.analyses.loop_paths import loop_parallel_paths
from inspirec.analyses.recursive_paths import recursive_parallel_paths
from inspirec.inspire import parse, parse_file

import inspirec

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "inspire" / "data"


def contexts_of(name: str) -> dict[str, dict]:
    analysis = inspirec.analyze([str(HERE / "programs" / name)])
    return {c["function"]: c for c in analysis.to_json()["contexts"]}


@pytest.mark.parametrize(
    "program, function, rho, lam",
    [
        ("two_spawns.c", "count", 2, 0),
        ("loop_spawn.c", "main", 0, 1),
        ("recursive_helper.c", "main", 0, 1),
        ("mutual_recursion.c", "odd_part", 1, 0),
    ],
)
def test_known_parallel_structure(program, function, rho, lam):
    contexts = contexts_of(program)
    assert list(contexts) == [function]
    assert (contexts[function]["recursive_paths"], contexts[function]["loop_paths"]) == (rho, lam)


def test_recursion_spawning_inside_a_loop_is_both():
    c = contexts_of("recursion_in_loop.c")["solve"]
    assert c["recursive_paths"] >= 1 and c["loop_paths"] >= 1


def test_context_locations_and_spawn_sites():
    c = contexts_of("two_spawns.c")["count"]
    assert c["location"] == "two_spawns.c:4"
    assert c["spawn_sites"] == ["two_spawns.c:9", "two_spawns.c:11"]


def test_hand_written_ir_fib():
    p = parse_file(str(DATA / "fib.ir"))
    [ctx] = task_contexts(p)
    assert ctx.name == "fib" and len(ctx.spawns) == 2
    assert recursive_parallel_paths(ctx.lambda_) == 2
    assert loop_parallel_paths(ctx.lambda_) == 0


def test_hand_written_ir_loop():
    p = parse_file(str(DATA / "loop_spawn.ir"))
    [ctx] = task_contexts(p)
    assert ctx.name == "main"
    assert recursive_parallel_paths(ctx.lambda_) == 0
    assert loop_parallel_paths(ctx.lambda_) == 1


def test_a_function_embedded_twice_counts_per_address():
    # spawner spawns in a loop; main calls it twice: main is no context, spawner's λ is 1,
    # but a context calling spawner twice inside loops would count 2 paths.
    text = """
    extern printf : (ptr<char>, ...) -> int<4>;
    def leaf = function () -> unit @"e.c":1 { printf("x") @"e.c":1; return; };
    def twice = function () -> unit @"e.c":2 {
        for @"e.c":3 ({var ref<int<4>> k = 0;}; lt(ref_deref(k), 3); {post_inc(k);}) {
            parallel(job[1 .. 1] => bind [] () -> unit { leaf() @"e.c":4; }) @"e.c":4;
            parallel(job[1 .. 1] => bind [] () -> unit { leaf() @"e.c":5; }) @"e.c":5;
        }
        return;
    };
    def main = function () -> int<4> @"e.c":7 {
        twice() @"e.c":8;
        return 0;
    };
    entry main;
    """
    [ctx] = task_contexts(parse(text, "e.ir"))
    assert ctx.name == "twice" and loop_parallel_paths(ctx.lambda_) == 2


def test_trip_counts():
    assert trip_count(0, 10, 1, "lt") == 10
    assert trip_count(0, 10, 3, "lt") == 4
    assert trip_count(0, 10, 1, "le") == 11
    assert trip_count(10, 0, -2, "gt") == 5
    assert trip_count(10, 0, -1, "ge") == 11
    assert trip_count(0, 12, 4, "ne") == 3
    assert trip_count(0, 10, -1, "lt") is None
    assert trip_count(5, 0, 1, "lt") == 0


def test_effort_multiplies_counted_loops_and_defaults_unknown_ones():
    text = """
    def counted = function () -> unit @"f.c":1 {
        var ref<int<4>> s = 0;
        for @"f.c":2 ({var ref<int<4>> k = 0;}; lt(ref_deref(k), 50); {post_inc(k);}) {
            assign_add(s, 1);
        }
        return;
    };
    def unknown = function (n : int<4>) -> unit @"f.c":4 {
        var ref<int<4>> s = 0;
        for @"f.c":5 ({var ref<int<4>> k = 0;}; lt(ref_deref(k), ref_deref(n)); {post_inc(k);}) {
            assign_add(s, 1);
        }
        return;
    };
    def main = function () -> int<4> @"f.c":7 {
        counted() @"f.c":8;
        unknown(3) @"f.c":9;
        return 0;
    };
    entry main;
    """
    p = parse(text, "f.ir")
    lambdas = {
        b.reference.name: b.lambda_
        for d in p.walk()
        if d.kind == "LambdaDefinition"
        for b in d.bindings
    }
    per_iteration_counted = effort(lambdas["counted"]) / 50
    assert effort(lambdas["unknown"]) > per_iteration_counted * UNKNOWN_TRIP_COUNT * 0.9
    assert effort(lambdas["main"]) >= effort(lambdas["counted"]) + effort(lambdas["unknown"])


def test_recursive_calls_cost_a_fixed_effort():
    p = parse_file(str(DATA / "fib.ir"))
    [ctx] = task_contexts(p)
    e = effort(ctx.lambda_)
    assert RECURSIVE_CALL_EFFORT * 2 < e < 10_000
