"""The README's test command, tests/run.py: every test file is in one unit,
units run in parallel pytest processes, and the run's status and table say
which failed."""

import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
import run  # noqa: E402


def test_every_test_file_is_in_exactly_one_default_unit() -> None:
    units = [Path(u) for u in run.default_units()]
    files = sorted(TESTS.rglob("test_*.py"))
    assert files
    for f in files:
        holders = [u for u in units if u == f or u in f.parents]
        assert len(holders) == 1, f"{f}: in units {holders}"


def test_the_queue_starts_with_unknown_units_then_the_longest() -> None:
    order = run.queue_order(["tests/bots", "tests/new_dir", "tests/frontend", "tests/cc"])
    assert order == ["tests/new_dir", "tests/frontend", "tests/cc", "tests/bots"]


def test_paths_are_the_callers_and_units_are_shown_below_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    assert run.shown(str(tmp_path / "sub")) == "sub"
    assert run.shown("/") == "/"
    args, options = run.parse_arguments(["sub", "--", "-k", "x"])
    assert args.paths == ["sub"] and options == ["-k", "x"]


@pytest.mark.parametrize(
    ("statuses", "overall"),
    [([0, 0], 0), ([5, 5], 5), ([0, 5], 0), ([0, 1, 2], 1), ([5, 4, 1], 4), ([], 0)],
)
def test_the_run_status_is_the_first_failing_units(statuses, overall) -> None:
    assert run.overall_status(statuses) == overall


def _runner(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(TESTS / "run.py"), *args], capture_output=True, text=True, timeout=300
    )


def test_units_run_in_parallel_and_a_failing_one_fails_the_run(tmp_path: Path) -> None:
    good, bad = tmp_path / "good", tmp_path / "bad"
    for d in (good, bad):
        d.mkdir()
    (good / "test_good.py").write_text("def test_good():\n    assert True\n")
    (bad / "test_bad.py").write_text("def test_bad():\n    assert 1 == 2\n")
    proc = _runner("-j", "2", str(good), str(bad), "--", "-p", "no:cacheprovider")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    table = proc.stdout[proc.stdout.index("===== units =====") :]
    assert f"passed      {good}" in table
    assert f"FAILED      {bad}" in table
    assert "1 failed" in proc.stdout and "1 passed" in proc.stdout
    assert "temporary files of the units kept in" in proc.stdout

    proc = _runner(str(good), "--", "-p", "no:cacheprovider")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "kept in" not in proc.stdout


def test_bad_arguments_are_usage_errors() -> None:
    for args, message in ((["-j", "0"], "-j needs a positive number"), (["nowhere"], "no such")):
        proc = _runner(*args)
        assert proc.returncode == 2
        assert message in proc.stderr and "Traceback" not in proc.stderr
