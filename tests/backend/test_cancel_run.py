"""Taskgroup cancellation has its effect: with OMP_CANCELLATION true the
corpus program ``task_cancel`` stops its search early (tasks that had not
started are discarded, started ones end at their cancellation point), in a
parallel and in a serial-only build; without it every task runs whole."""

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


def run_stats(exe: Path, name: str, workers: int, cancellation: str) -> str:
    """The statistics (stderr) of corpus program ``name`` built as ``exe``,
    after checking its exit status and its expected output."""
    env = {
        **os.environ,
        "INSPIRE_NUM_WORKERS": str(workers),
        "OMP_CANCELLATION": cancellation,
        "CANCEL_STATS": "1",
    }
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == corpus.get(name).expected_stdout
    return proc.stderr


def stats(exe: Path, workers: int, cancellation: str, name: str) -> tuple[int, int]:
    stderr = run_stats(exe, name, workers, cancellation)
    m = re.fullmatch(r"cancellation (\d) ran (\d+) passed (\d+)\n", stderr)
    assert m, stderr
    assert m.group(1) == ("1" if cancellation == "true" else "0")
    return int(m.group(2)), int(m.group(3))


@pytest.mark.parametrize("name", ["par/task_cancel", "par/taskloop_cancel"])
@pytest.mark.parametrize("serial", [False, True])
def test_cancellation_stops_the_search(tmp_path, serial, name):
    """The search's tasks (``taskloop_cancel``: logical tasks of a taskloop)."""
    prog = corpus.get(name)
    exe = tmp_path / "cancel"
    driver.build([str(s) for s in prog.sources], str(exe), cc=backend.CCOptions(cc="gcc"),
                 serial=serial)  # fmt: skip
    for workers in (1,) if serial else (1, 2, 4):
        assert stats(exe, workers, "false", name) == (2000, 2000)
        ran, passed = stats(exe, workers, "true", name)
        if serial:  # tasks run at once, in order: 37 cancels, the rest are discarded
            assert (ran, passed) == (38, 37)
        else:  # 37 ends at its cancel; tasks not started by then never run
            assert passed < ran < 2000


def region_stats(exe: Path, workers: int, cancellation: str) -> dict[str, int]:
    stderr = run_stats(exe, "par/parallel_cancel", workers, cancellation)
    counts = dict(re.findall(r"(\w+) (\d+)", stderr))
    assert counts["cancellation"] == ("1" if cancellation == "true" else "0"), stderr
    return {k: int(v) for k, v in counts.items()}


@pytest.mark.parametrize("serial", [False, True])
def test_region_and_loop_cancellation_skip_work(tmp_path, serial):
    """``par/parallel_cancel``: cancel for/sections stop the loop in every
    thread, cancel parallel ends the region (threads in a barrier are
    released, tasks not started are discarded); without OMP_CANCELLATION
    everything runs."""
    prog = corpus.get("par/parallel_cancel")
    exe = tmp_path / "cancel"
    driver.build([str(s) for s in prog.sources], str(exe), cc=backend.CCOptions(cc="gcc"),
                 serial=serial)  # fmt: skip
    for workers in (1,) if serial else (1, 2, 4):
        team = 1 if serial else workers
        full = region_stats(exe, workers, "false")
        assert full == {"cancellation": 0, "for": 20000, "orphan": 20000, "rounds": 400 * team,
                        "tasks": 2000, "sections": 2}  # fmt: skip
        cut = region_stats(exe, workers, "true")
        assert cut["for"] < 20000 and cut["orphan"] < 20000, cut
        assert cut["rounds"] < 400 * team and cut["tasks"] <= 2000, cut
        if team == 1:  # one thread: everything after each cancel is skipped
            assert (cut["for"], cut["orphan"], cut["rounds"], cut["sections"]) == (7920, 101, 3, 0)
        if workers == 1 and not serial:  # queued tasks were discarded
            assert cut["tasks"] < 2000, cut
