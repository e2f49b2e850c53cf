"""Stack-size and closure-size analyses on hand-written IR."""

from pathlib import Path

from inspirec.analyses.closure import closure_size, max_closure_size
from inspirec.analyses.contexts import task_contexts
from inspirec.analyses.externals import cost_of
from inspirec.analyses.stack import DYNAMIC_ESTIMATE, RECURSION_FACTOR, StackEstimator
from inspirec.inspire import parse, parse_file
from inspirec.inspire.parallel import spawned_job
from inspirec.inspire.sizes import struct_table

DATA = Path(__file__).resolve().parents[1] / "inspire" / "data"


def lambdas(program):
    return {
        b.reference.name: b.lambda_
        for d in program.walk()
        if d.kind == "LambdaDefinition"
        for b in d.bindings
    }


def test_closure_sizes_follow_the_emitted_struct_layout():
    p = parse_file(str(DATA / "fib.ir"))
    [ctx] = task_contexts(p)
    # struct { long *x; int n; } : 8 + 4, padded to 16
    assert max_closure_size(ctx.spawns, struct_table(p)) == 16


def test_closure_of_arrays_by_value_and_of_nothing():
    text = """
    def main = function () -> int<4> @"c.c":1 {
        var ref<array<int<4>,10>> a;
        var ref<char> c = lit<char> 'x';
        parallel(job[1 .. 1] => bind [
            var ref<array<int<4>,10>> a = ref_deref(a);
            var ref<char> c = ref_deref(c)
        ] () -> unit {
            assign(array_elem(a, cast<int<8>>(0)), 1);
        }) @"c.c":2;
        parallel(job[1 .. 1] => bind [] () -> unit { return; }) @"c.c":3;
        merge_all() @"c.c":4;
        return 0;
    };
    entry main;
    """
    p = parse(text, "c.ir")
    [ctx] = task_contexts(p)
    sizes = [closure_size(spawned_job(s).body, struct_table(p)) for s in ctx.spawns]
    assert sizes == [44, 1]


def test_stack_counts_declarations_and_external_allowances():
    text = """
    extern printf : (ptr<char>, ...) -> int<4>;
    def big = function () -> unit @"s.c":1 {
        var ref<array<int<8>,1000>> buf;
        printf("%ld", ref_deref(array_elem(buf, cast<int<8>>(0)))) @"s.c":3;
        return;
    };
    def small = function () -> unit @"s.c":5 { var ref<int<4>> x = 1; return; };
    def main = function () -> int<4> @"s.c":6 { big() @"s.c":7; small() @"s.c":8; return 0; };
    entry main;
    """
    p = parse(text, "s.ir")
    est = StackEstimator(struct_table(p))
    fns = lambdas(p)
    big = est.function_stack(fns["big"])
    assert 8000 + cost_of("printf").stack_bytes <= big < 8000 + cost_of("printf").stack_bytes + 512
    assert est.function_stack(fns["small"]) < 256
    # one path at a time: main needs the larger callee, not the sum
    assert big < est.function_stack(fns["main"]) < big + 512


def test_recursion_is_multiplied_once_per_set():
    p = parse_file(str(DATA / "fib.ir"))
    [ctx] = task_contexts(p)
    est = StackEstimator(struct_table(p))
    one_turn = est.function_stack(ctx.lambda_)
    binds = [spawned_job(s).body for s in ctx.spawns]
    total = est.context_stack(binds, ctx.definition)
    assert RECURSION_FACTOR * one_turn <= total <= RECURSION_FACTOR * one_turn + 1024


def test_dynamic_allocations_are_estimated():
    text = """
    def main = function (n : int<4>) -> int<4> @"v.c":1 {
        var ref<ptr<unit>> p = stack_alloc(cast<uint<8>>(ref_deref(n)));
        var ref<ptr<unit>> q = stack_alloc(cast<uint<8>>(100));
        return 0;
    };
    entry main;
    """
    p = parse(text, "v.ir")
    est = StackEstimator(struct_table(p))
    s = est.function_stack(lambdas(p)["main"])
    assert DYNAMIC_ESTIMATE + 100 <= s < DYNAMIC_ESTIMATE + 512
