"""Aggregation, the full/paper/classify/none policies, --param parsing, the config header, and
the declaration of the runtime parameters against the runtime's own checks."""

import re
import subprocess
from dataclasses import fields
from pathlib import Path

import pytest
from inspirec.analyses.aggregate import ContextResult, RegionResult, aggregate, round_up_pow2
from inspirec.analyses.config import (
    PARAMETER,
    PARAMETER_NAMES,
    PARAMETERS,
    QUEUE_POLICIES,
    RuntimeConfig,
    parse_param,
)
from inspirec.analyses.policies import choose, with_overrides


def ctx(name="f", rho=0, lam=0, effort=100, stack=1000, closure=24, line=1):
    return ContextResult(name, f"a.c:{line}", rho, lam, effort, stack, closure, (f"a.c:{line}",))


def test_aggregate_takes_minimum_mean_and_rounded_maximum():
    agg = aggregate(
        [ctx("f", 2, 1, 100, 20000, 24, 1), ctx("g", 7, 0, 300, 3000, 40, 9)],
        [RegionResult("main", "a.c:20", 70000)],
    )
    assert (agg.recursive_paths, agg.loop_paths, agg.effort) == (2, 0, 200)
    assert agg.closure_bytes == 64 and agg.stack_bytes == 131072
    assert agg.drivers["recursive_paths"] == ("f at a.c:1",)
    assert agg.drivers["stack_bytes"] == ("parallel region in main at a.c:20",)


def test_aggregate_minimums():
    agg = aggregate([ctx(stack=10, closure=1)])
    assert agg.stack_bytes == 16384 and agg.closure_bytes == 8
    assert round_up_pow2(1) == 1 and round_up_pow2(1025) == 2048


def test_full_keeps_the_default_stack_where_the_estimate_assumes_a_recursion():
    """Rule M2: an estimate that counts a recursion at its assumed depth is a
    guess (BOTS uts recurses 17844 levels deep and overflowed the 2 MiB it
    gave), so the stack stays at least the runtime's default; a bound lowers
    it.  ``paper`` keeps the estimate, as paper 000 does."""
    guessed = ContextResult("walk", "a.c:3", 1, 0, 100, 20000, 24, ("a.c:4",), stack_guessed=True)
    default = PARAMETER["stack_bytes"].default
    for regions in ([], [RegionResult("main", "a.c:20", 3000, stack_guessed=True)]):
        agg = aggregate([guessed, ctx(stack=1000)], regions)
        assert agg.stack_guessed[0] == "walk at a.c:3"
        choice = choose("full", agg)
        assert choice.config.stack_bytes == default
        assert "raised to the default 8 MiB" in choice.reasons["stack_bytes"]
        assert "walk at a.c:3" in choice.reasons["stack_bytes"]
        assert choose("paper", agg).config.stack_bytes == 32768
    bounded = choose("full", aggregate([ctx(stack=20000)]))
    assert bounded.config.stack_bytes == 32768
    assert "raised" not in bounded.reasons["stack_bytes"]
    only_regions = choose("full", aggregate([], [RegionResult("main", "a.c:20", 3000, True)]))
    assert only_regions.config.stack_bytes == default


def test_paper_policy_decision_trees():
    fine_recursive = choose("paper", aggregate([ctx(rho=2, effort=50)])).config
    assert fine_recursive.queue_policy == "push_back_steal_back"
    assert (fine_recursive.queue_size, fine_recursive.event_table_buckets) == (4, 256019)
    many = choose("paper", aggregate([ctx(rho=6, effort=50)])).config
    assert many.queue_policy == "push_front_steal_back"
    medium = choose("paper", aggregate([ctx(rho=1, effort=5 * 10**6)])).config
    assert (medium.queue_policy, medium.queue_size) == ("push_front_steal_back", 8)
    loops = choose("paper", aggregate([ctx(rho=0, lam=3, effort=10**15)])).config
    assert (loops.queue_policy, loops.queue_size, loops.event_table_buckets) == (
        "push_back_steal_back",
        128,
        97,
    )
    assert loops.param_buffer_bytes == 32 and loops.stack_bytes == 16384


def test_paper_policy_reasons_name_rule_and_source():
    choice = choose("paper", aggregate([ctx(rho=6, line=12)]))
    assert "paper 000 rule rho > 5" in choice.reasons["queue_policy"]
    assert "a.c:12" in choice.reasons["queue_policy"]
    assert set(choice.reasons) == set(PARAMETER_NAMES)


@pytest.mark.parametrize(
    "context",
    [ctx(rho=2, effort=50), ctx(rho=6, effort=50), ctx(rho=1, effort=5 * 10**6),
     ctx(lam=3, effort=10**15), ctx()],
    ids=["fine-recursive", "many-paths", "medium-effort", "loop-like", "neither"],
)  # fmt: skip
def test_full_policy_pushes_front_without_search_state_and_saves_memory(context):
    """Without search state, full picks push front, steal back (rule Q2) in
    every class of the paper's tree, keeps the other scheduling parameters
    and takes the memory-saving ones from the analyses."""
    agg = aggregate([context])
    choice = choose("full", agg)
    default = RuntimeConfig()
    assert choice.config.queue_policy == "push_front_steal_back"
    assert choice.config.queue_size == default.queue_size
    assert choice.config.event_table_buckets == default.event_table_buckets
    assert choice.config.param_buffer_bytes == agg.closure_bytes == 32
    assert choice.config.stack_bytes == agg.stack_bytes == 16384
    assert choice.reasons["queue_policy"].startswith("rule Q2: ")


def test_full_policy_keeps_the_default_order_for_search_state():
    """Rule Q1: where tasks read a global that tasks write, the order of the
    tasks decides how much work there is; full keeps the default policy and
    names the global."""
    state = ("best (read at a.c:7, written at a.c:9)",)
    choice = choose("full", aggregate([ctx(rho=2, effort=50)], search_state=state))
    assert choice.config.queue_policy == RuntimeConfig().queue_policy
    assert choice.reasons["queue_policy"].startswith("rule Q1: ")
    assert "best (read at a.c:7, written at a.c:9)" in choice.reasons["queue_policy"]


def test_full_policy_reasons_cite_their_rule():
    choice = choose("full", aggregate([ctx(rho=6, line=12)]))
    for name, rule in (
        ("queue_policy", "Q2"),
        ("queue_size", "S1"),
        ("event_table_buckets", "E1"),
        ("param_buffer_bytes", "M1"),
        ("stack_bytes", "M2"),
    ):
        assert choice.reasons[name].startswith(f"rule {rule}: "), name
    assert "a.c:12" in choice.reasons["queue_policy"]


def test_classify_policy():
    assert choose("classify", aggregate([ctx(rho=1, lam=1)])).config.queue_size == 8
    loop = choose("classify", aggregate([ctx(lam=1)])).config
    assert (loop.queue_policy, loop.queue_size) == ("push_front_steal_back", 64)
    neither = choose("classify", aggregate([ctx()])).config
    assert (neither.queue_policy, neither.queue_size) == ("push_front_steal_back", 32)
    assert neither.stack_bytes == RuntimeConfig().stack_bytes


def test_none_policy_and_no_contexts():
    assert choose("none", aggregate([ctx(rho=9)])).config == RuntimeConfig()
    for tuning in ("full", "paper"):
        empty = choose(tuning, aggregate([]))
        assert empty.config == RuntimeConfig()
        assert "no task contexts" in empty.reasons["queue_size"]


def test_unknown_tuning():
    with pytest.raises(ValueError, match="valid: full, paper, classify, none"):
        choose("fast", aggregate([]))


def test_overrides_win_and_say_so():
    choice = with_overrides(choose("full", aggregate([ctx()])), {"queue_size": 64})
    assert choice.config.queue_size == 64
    assert choice.reasons["queue_size"] == "set with --param queue_size=64"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("queue_size=64", ("queue_size", 64)),
        ("stack_bytes=64K", ("stack_bytes", 65536)),
        ("stack_bytes=2M", ("stack_bytes", 2 << 20)),
        ("param_buffer_bytes=256", ("param_buffer_bytes", 256)),
        ("queue_policy=push_front_steal_front", ("queue_policy", "push_front_steal_front")),
        ("event_table_buckets=1021", ("event_table_buckets", 1021)),
    ],
)
def test_parse_param(text, expected):
    assert parse_param(text) == expected


@pytest.mark.parametrize(
    "text, message",
    [
        ("queue_size", "expected NAME=VALUE"),
        ("speed=3", "valid: queue_policy, queue_size"),
        ("queue_policy=lifo", "valid: push_back_steal_back"),
        ("queue_size=0", "from 1 to 65536"),
        ("queue_size=ten", "from 1 to 65536"),
        ("param_buffer_bytes=12", "multiple of 8"),
        ("stack_bytes=4K", "from 8192"),
        ("stack_bytes=10000", "multiple of 4096"),
    ],
)
def test_parse_param_rejects(text, message):
    with pytest.raises(ValueError, match=message):
        parse_param(text)


def test_config_header_has_one_define_per_parameter_with_its_reason():
    text = RuntimeConfig(queue_size=8).header("t", {"queue_size": "because"})
    assert "#define INSPIRE_QUEUE_SIZE 8" in text
    assert "/* queue_size = 8: because */" in text
    assert text.count("#define") == 5


def test_python_api_rejects_unknown_tuning_and_bad_parameters():
    import inspirec

    source = str(Path(__file__).parent / "programs" / "two_spawns.c")
    with pytest.raises(
        ValueError, match="unknown tuning 'fast' \\(valid: full, paper, classify, none\\)"
    ):
        inspirec.analyze([source], tuning="fast")
    with pytest.raises(ValueError, match="invalid queue_size '0'"):
        inspirec.analyze([source], params={"queue_size": 0})
    assert inspirec.analyze([source], params={"stack_bytes": "64K"}).choice.config.stack_bytes == (
        65536
    )


# ------------------------------------------------ the declaration vs the runtime
RUNTIME_CONFIG_H = Path(__file__).resolve().parents[2] / "runtime_c" / "include"
#: Python limits the runtime does not check itself (the header has no such _Static_assert).
PYTHON_ONLY_LIMITS = {("stack_bytes", "high")}


def _runtime_accepts(macro: str, value: int) -> bool:
    """Whether ``inspire_rt_config.h`` compiles with ``-DMACRO=value`` (its _Static_asserts)."""
    proc = subprocess.run(
        ["gcc", "-fsyntax-only", "-x", "c", f"-I{RUNTIME_CONFIG_H}", f"-D{macro}={value}", "-"],
        input='#include "inspire_rt_config.h"\n',
        capture_output=True,
        text=True,
        check=False,
    )
    assert (
        proc.returncode == 0 or "_Static_assert" in proc.stderr or "static assert" in (proc.stderr)
    ), proc.stderr
    return proc.returncode == 0


def _boundaries(p):
    """(value, which limit it probes, whether Python accepts it)."""
    yield p.low, "low", True
    yield p.low - p.multiple, "low", False
    yield p.high, "high", True
    yield p.high + p.multiple, "high", False
    if p.multiple > 1:
        yield p.low + p.multiple // 2, "multiple", False


@pytest.mark.parametrize(
    "param", [p for p in PARAMETERS if p.choices is None], ids=lambda p: p.name
)
def test_python_limits_are_the_runtime_static_asserts(param):
    for value, limit, accepted in _boundaries(param):
        assert param.valid(value) is accepted, (value, limit)
        if (param.name, limit) in PYTHON_ONLY_LIMITS:
            assert _runtime_accepts(param.macro, value), (value, limit)
            continue
        assert _runtime_accepts(param.macro, value) is accepted, (param.name, value, limit)


def test_queue_policy_values_and_every_default_are_the_headers():
    header = (RUNTIME_CONFIG_H / "inspire_rt_config.h").read_text()
    defines = dict(re.findall(r"^#define (INSPIRE_\w+) (\d+)", header, re.MULTILINE))
    for name, number in QUEUE_POLICIES.items():
        assert defines[f"INSPIRE_{name.upper()}"] == str(number)
    policy = PARAMETER["queue_policy"]
    assert not _runtime_accepts(policy.macro, max(QUEUE_POLICIES.values()) + 1)
    assert not _runtime_accepts(policy.macro, min(QUEUE_POLICIES.values()) - 1)
    for p in PARAMETERS:
        assert defines[p.macro] == str(p.macro_value(p.default)), p.name
    assert RuntimeConfig().macros() == [(p.macro, int(defines[p.macro])) for p in PARAMETERS]


def test_config_fields_derive_from_the_declaration():
    assert tuple(f.name for f in fields(RuntimeConfig)) == PARAMETER_NAMES
    assert RuntimeConfig().values() == {p.name: p.default for p in PARAMETERS}
    with pytest.raises(ValueError, match="queue_size must be an integer from 1 to 65536"):
        RuntimeConfig(queue_size=0)
