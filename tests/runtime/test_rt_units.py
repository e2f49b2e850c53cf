"""Unit tests of runtime components: deque, event table, context switch,
stack pool, and the stack-overflow report."""

from __future__ import annotations

import pytest
from rt_helpers import ALL_SOURCES, SRC, TESTS, Builder, Spec, check, run

POLICIES = [1, 2, 3, 4]


def deque_spec(policy: int) -> Spec:
    return Spec(
        "deque",
        (TESTS / "test_deque.c", SRC / "deque.c"),
        (("INSPIRE_QUEUE_POLICY", policy),),
        flags=("-O2",),
        include_src=True,
    )


@pytest.mark.parametrize("policy", POLICIES)
def test_deque_concurrent(builder: Builder, policy: int) -> None:
    exe = builder.build(deque_spec(policy))
    for cap, items, thieves in [(16, 30000, 2), (1, 10000, 3), (2, 10000, 1), (128, 30000, 2)]:
        out = check(run(exe, [cap, items, thieves]))
        assert f"policy {policy} cap {cap}" in out


@pytest.mark.parametrize("buckets", [1, 97])
def test_event_table(builder: Builder, buckets: int) -> None:
    exe = builder.build(
        Spec(
            "event",
            (TESTS / "test_event.c", SRC / "event_table.c"),
            flags=("-O2",),
            include_src=True,
        )
    )
    out = check(run(exe, [buckets, 5000 if buckets == 1 else 20000, 2]))
    assert f"buckets {buckets}" in out


@pytest.mark.parametrize("asm", [1, 0])
def test_context_switch(builder: Builder, asm: int) -> None:
    exe = builder.build(
        Spec(
            "context",
            (TESTS / "test_context.c", SRC / "fiber.c", SRC / "stack_pool.c"),
            (("INSPIRE_CONTEXT_ASM", asm),),
            flags=("-O2",),
            include_src=True,
            libs=("-lm",),
        )
    )
    out = check(run(exe, [100000 if asm else 10000]))
    assert f"asm={asm}" in out


def test_stack_pool(builder: Builder) -> None:
    exe = builder.build(
        Spec(
            "stackpool",
            (TESTS / "test_stack_pool.c", SRC / "fiber.c", SRC / "stack_pool.c"),
            (("INSPIRE_STACK_BYTES", 16384),),
            include_src=True,
        )
    )
    assert "stack pool ok" in check(run(exe))


OVERFLOW = Spec(
    "overflow",
    (TESTS / "test_overflow.c", *ALL_SOURCES),
    (("INSPIRE_STACK_BYTES", 16384),),
    include_src=True,
)


@pytest.mark.parametrize("mode", ["deep", "frame"])
def test_guard_page_overflow_message(builder: Builder, mode: str) -> None:
    proc = run(builder.build(OVERFLOW), [mode])
    assert proc.returncode != 0
    assert "inspire runtime: task stack overflow (stack size 16384 bytes)" in proc.stderr
    assert "hint:" in proc.stderr
    assert "task finished" not in proc.stdout


def test_scheduler_overflow_is_not_blamed_on_a_task(builder: Builder) -> None:
    """A fault in a fiber's guard while no task runs there (the scheduler's
    own frames) names the scheduler, not the task stack size (issue #18: a
    large steal buffer on the loop's stack was reported as a task overflow)."""
    proc = run(builder.build(OVERFLOW), ["scheduler"])
    assert proc.returncode != 0
    assert (
        "inspire runtime: internal error: the scheduler overflowed its stack reserve "
        "(INSPIRE_STACK_RESERVE_BYTES=8192 bytes at the top of a 24576-byte fiber)" in proc.stderr
    )
    assert "task stack overflow" not in proc.stderr
    assert "scheduler finished" not in proc.stdout


def test_overflow_program_runs_when_it_fits(builder: Builder) -> None:
    out = check(run(builder.build(OVERFLOW), ["ok"]))
    assert "task finished" in out
