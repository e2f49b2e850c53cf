"""benchmarks/bots.py: the BOTS kernels' build commands and how a run's output
is read (BOTS's own time, counted only when BOTS verified the result)."""

from pathlib import Path

from benchmarks import bots
from benchmarks import measure as M

VERIFIED = "Verification        = successful\nTime Program        = 0.250000 seconds\n"


def run(stdout: str, status: str = M.STATUS_OK) -> M.RunResult:
    return M.RunResult(status, None, 0.3, 1000, {}, "", stdout)


def test_time_is_bots_time_program_when_verified():
    res = bots.bots_result(run(VERIFIED))
    assert (res.status, res.time_s) == (M.STATUS_OK, 0.25)
    na = bots.bots_result(run(VERIFIED.replace("successful", "not applicable")))
    assert na.status == M.STATUS_OK


def test_unverified_or_failed_runs_have_no_time():
    unverified = bots.bots_result(run(VERIFIED.replace("successful", "UNSUCCESSFUL")))
    assert (unverified.status, unverified.time_s) == (M.STATUS_FAILED, None)
    crashed = bots.bots_result(run(VERIFIED, M.STATUS_CRASHED))
    assert crashed.status == M.STATUS_CRASHED


def test_build_commands():
    out = Path("/tmp/x")
    serial = bots.build_command("fib", "serial", out)
    assert serial[0] == "gcc" and "-fopenmp" not in serial and "-lgomp" in serial
    assert any(w.endswith("bots_main.c") for w in serial)
    clones = bots.build_command("fib", "inspirec-serial", out)
    assert "--serial" in clones[clones.index("build") + 1 :]
    paper = bots.build_command("sparselu/sparselu_single", "inspirec-paper", out)
    assert paper[paper.index("--tuning") + 1] == "paper"
    assert any("sparselu_single" in w for w in paper)
