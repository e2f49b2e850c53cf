"""Unit tests of runtime components that need programs of their own: the
context switch and the stack-overflow report (the deque, event table and
stack pool are tested in-process: test_rt_inprocess.py)."""

from __future__ import annotations

import pytest
from rt_helpers import ALL_SOURCES, SRC, TESTS, Builder, Spec, check, run


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
