"""Task priorities have an effect: with OMP_MAX_TASK_PRIORITY set, one worker
runs the ready tasks of the corpus program ``task_priority`` highest
priority first (without it every priority is 0, as in libgomp, and the
corpus run checks the output)."""

import os
import subprocess
import sys
from pathlib import Path

from inspirec import backend, driver

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402


def test_one_worker_runs_higher_priorities_first(tmp_path):
    prog = corpus.get("par/task_priority")
    exe = tmp_path / "prio"
    driver.build([str(s) for s in prog.sources], str(exe), cc=backend.CCOptions(cc="gcc"))
    for max_priority, expect_sorted in (("5", True), ("1", False)):
        env = {**os.environ, "INSPIRE_NUM_WORKERS": "1", "OMP_MAX_TASK_PRIORITY": max_priority}
        out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30, env=env)
        assert out.returncode == 0, out.stderr
        first, order = out.stdout.splitlines()
        assert first == prog.expected_stdout.strip()
        priorities = [int(i) % 4 for i in order.split()]
        assert sorted(priorities) == [0, 0, 1, 1, 2, 2, 3, 3]
        clamped = [min(p, int(max_priority)) for p in priorities]
        assert clamped == sorted(clamped, reverse=True)
        assert (priorities == sorted(priorities, reverse=True)) == expect_sorted
