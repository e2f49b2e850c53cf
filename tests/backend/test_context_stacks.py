"""Per-context stacks (analyses/context_stacks.py): under --tuning full the
work items of a context that needs less stack than the program tell the
runtime so (inspire_task_set_stack), and a waiting parent runs them nested
where that much stack is free; --global-stacks and the other tunings give
every work item the program's stack.  The corpus program
``par/context_stacks`` is built all three ways; the corpus runs check its
output at every thread count."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from inspirec import backend, driver

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

PROG = corpus.get("par/context_stacks")
SOURCES = [str(s) for s in PROG.sources]
SET_STACK = re.compile(r"inspire_task_set_stack\(inspire_t, (\d+)\);")


def emitted(tuning: str, context_stacks: bool) -> str:
    program = driver.lower_c(SOURCES, driver.CppOptions())
    optimized = driver.optimize(program, tuning, context_stacks=context_stacks, hybrid=False)
    return driver.emit(optimized).text


def test_only_full_tuning_gives_the_small_context_its_own_need():
    needs = SET_STACK.findall(emitted("full", True))
    assert needs == ["16384"]  # the children of parent(); parent's own tasks need the maximum
    assert not SET_STACK.search(emitted("full", False))
    for tuning in ("none", "paper", "classify"):
        assert not SET_STACK.search(emitted(tuning, True)), tuning


def test_analyze_reports_the_context_and_its_need():
    analysis = driver.analyze(SOURCES)
    shown = [(c.function, c.stack_bytes) for c in analysis.context_stacks]
    assert shown == [("parent", 16384)]
    assert analysis.to_json()["context_stacks"][0]["function"] == "parent"
    assert driver.analyze(SOURCES, tuning="none").context_stacks == ()


def stats(exe: Path) -> dict[str, int]:
    """The INSPIRE_STATS totals of one run with one worker (deterministic: no
    thief), after checking the program's output."""
    env = {**os.environ, "INSPIRE_NUM_WORKERS": "1", "INSPIRE_STATS": "1"}
    out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout == PROG.expected_stdout
    rows = [ln.split()[2:] for ln in out.stderr.splitlines() if ln.startswith("inspire stats:")]
    return {name: int(value) for name, value in zip(rows[0][1:], rows[-1][1:], strict=True)}


@pytest.mark.parametrize("hybrid", [False, True])
def test_children_that_fit_run_nested_in_the_waiting_parent(tmp_path, hybrid):
    counts = {}
    for per_context in (True, False):
        exe = tmp_path / f"cs_{per_context}"
        driver.build(
            SOURCES,
            str(exe),
            cc=backend.CCOptions(cc="gcc"),
            hybrid=hybrid,
            context_stacks=per_context,
        )
        counts[per_context] = stats(exe)
    if hybrid:
        # the children become one range item per parent, which takes the
        # program's stack: per-context needs change nothing there
        assert counts[True] == counts[False]
    else:
        # the parent's 20000-byte array leaves less than the program's 32 KiB
        # free: only the children's own 16 KiB fit
        assert counts[False]["nested"] == 0
        assert counts[True]["nested"] > 0
        assert counts[True]["suspended"] < counts[False]["suspended"]
