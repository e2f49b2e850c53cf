"""The example project (examples/structure_project) tested as its users would:
``pytest`` inside a copy of it, with inspirec's plugin active.

The plugin is loaded through its ``pytest11`` entry point when the running
environment has inspirec installed (``./setup.sh``), else with ``-p``; either
way the checkout's code runs (``tests/conftest.py`` puts it first on
``PYTHONPATH``).
"""

import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "structure_project"
_INSTALLED = bool(entry_points(group="pytest11", name="inspirec"))
_LOAD = [] if _INSTALLED else ["-p", "inspirec.pytest_plugin"]


def pytest_run(cwd: Path, *args: str, seed: str = "0") -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "pytest", *_LOAD, "-p", "no:cacheprovider", *args]
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="session")
def current_project(request) -> Path:
    """The example project, its golden files first rewritten under ``--update-golden``."""
    if request.config.getoption("--update-golden"):
        proc = pytest_run(PROJECT, "--inspirec-update")
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return PROJECT


@pytest.fixture
def project(current_project, tmp_path) -> Path:
    copy = tmp_path / "project"
    ignore = shutil.ignore_patterns("__pycache__", ".pytest_cache")
    shutil.copytree(current_project, copy, ignore=ignore)
    return copy


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


@pytest.mark.parametrize("seed", ["0", "4242"])
def test_the_example_project_passes(project, seed):
    proc = pytest_run(project, seed=seed)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "10 passed" in proc.stdout


def test_a_changed_structure_and_a_broken_check_fail_with_their_messages(project):
    # The right subtree is no longer a task: tree_sum has one recursive parallel path.
    edit(project / "src" / "kernels.c", "    #pragma omp task shared(right)\n", "")
    # A check that cannot hold.
    edit(
        project / "tests" / "check_kernels.c",
        "// INSPIREC-CHECK-NEXT: if (lt(ref_deref(depth), 8)) {",
        "// INSPIREC-CHECK-NEXT: if (lt(ref_deref(depth), 9)) {",
    )
    proc = pytest_run(project)
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    assert "  rho: expected 2, the program has 1" in out
    assert (
        "inspirec: view 'analysis' differs from its golden file "
        "tests/__snapshots__/test_structure_snapshots.analysis "
        "(run pytest --inspirec-update to accept the change):" in out
    )
    assert '-      "recursive_paths": 2,\n+      "recursive_paths": 1,' in out
    assert (
        "check_kernels.c:19:4: error: INSPIREC-CHECK-NEXT: expected text not found in view 'ir'\n"
        "  INSPIREC-CHECK-NEXT: if (lt(ref_deref(depth), 9)) {\n"
        "  scanning from:\n" in out
    )
    nearest = out.split("check_kernels.c:19:4: error:")[1].split("nearest lines:\n")[1]
    assert nearest.splitlines()[0].endswith("|         if (lt(ref_deref(depth), 8)) {")
    # The second task was the only spawn in its line range: the FileCheck run on
    # the IR also misses it, and the other runs still pass.
    assert "FAILED tests/check_kernels.c::line5" in out
    assert "FAILED tests/test_structure.py::test_tree_sum_is_recursive" in out
    assert "passed" in out


def test_update_rewrites_the_golden_files(project):
    edit(project / "include" / "kernels.h", "#define CUTOFF 10", "#define CUTOFF 12")
    proc = pytest_run(project, "tests/test_structure.py")
    assert proc.returncode == 1
    assert "-        if (lt(ref_deref(depth), 10)) {\n+        if (lt(ref_deref(depth), 12)) {" in (
        proc.stdout
    )
    proc = pytest_run(project, "--inspirec-update")
    assert proc.returncode == 0, proc.stdout
    written = "golden file(s) written:\n  tests/__snapshots__/test_structure_snapshots.ir"
    assert written in proc.stdout
    golden = project / "tests" / "__snapshots__" / "test_structure_snapshots.ir"
    assert "lt(ref_deref(depth), 12)" in golden.read_text()
    proc = pytest_run(project)
    assert proc.returncode == 0, proc.stdout
    assert "written" not in proc.stdout


def test_a_missing_golden_file_says_how_to_write_it(project):
    (project / "tests" / "__snapshots__" / "test_structure_snapshots.config").unlink()
    proc = pytest_run(project, "-k", "snapshots")
    assert proc.returncode == 1
    assert (
        "inspirec: no golden file tests/__snapshots__/test_structure_snapshots.config for view "
        "'config'; run pytest --inspirec-update to write it" in proc.stdout
    )


def test_c_files_are_collected_only_when_they_ask(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "plain.c").write_text("int main(void) { return 0; }\n")
    checks = "int main(void) { return 0; }\n// INSPIREC-CHECK: def main\n"
    (tmp_path / "checks.c").write_text(checks)
    (tmp_path / "run.c").write_text("// INSPIREC-RUN: view=ir\n" + checks)
    proc = pytest_run(tmp_path, "--collect-only", "-q")
    assert proc.stdout.splitlines()[0] == "run.c::line1", proc.stdout
    assert "checks.c" not in proc.stdout and "plain.c" not in proc.stdout
    (tmp_path / "pytest.ini").write_text("[pytest]\ninspirec_filecheck = true\n")
    proc = pytest_run(tmp_path, "-q")
    assert proc.returncode == 0, proc.stdout
    assert "2 passed" in proc.stdout


def test_bad_run_lines_and_programs_fail_at_their_source(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "word.c").write_text("// INSPIREC-RUN: view=ir -O2\n// INSPIREC-CHECK: x\n")
    (tmp_path / "none.c").write_text("// INSPIREC-RUN: view=ir\nint main(void) { return 0; }\n")
    bad = "// INSPIREC-RUN:\nint main(void) { return y; }\n// INSPIREC-CHECK: x\n"
    (tmp_path / "bad.c").write_text(bad)
    proc = pytest_run(tmp_path, "-q")
    out = proc.stdout
    assert proc.returncode == 1
    assert "word.c:1:4: error: unknown INSPIREC-RUN word '-O2'" in out
    assert "none.c:1:4: error: no '// INSPIREC-CHECK:' line to check" in out
    assert "bad.c:2:" in out and "error: 'y' undeclared" in out
    assert "Traceback" not in out


def test_fixtures_report_misuse_without_a_traceback(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_misuse.py").write_text(
        "def test_no_marker(inspirec_analysis):\n    pass\n\n\n"
        "def test_missing_file(inspirec_compile):\n    inspirec_compile('nowhere.c')\n"
    )
    proc = pytest_run(tmp_path, "-q")
    out = proc.stdout
    assert "test_no_marker: the inspirec fixtures need @pytest.mark.inspirec('file.c', ...)" in out
    assert "nowhere.c: error: no such file" in out
    assert "1 failed, 1 error" in out  # a fixture that fails is an error


def test_the_plugin_loads_no_compiler_stage():
    code = (
        "import sys, inspirec.pytest_plugin\n"
        "print(sorted(m for m in sys.modules if m.startswith('inspirec')))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "['inspirec', 'inspirec.pytest_plugin', 'inspirec.version']"


def test_the_plugin_options_are_in_the_help(tmp_path):
    proc = pytest_run(tmp_path, "--help")
    assert "inspirec: checks of a C program's parallel structure:" in proc.stdout
    assert "--inspirec-update" in proc.stdout
    assert "inspirec_filecheck (bool)" in proc.stdout
    assert "inspirec_include_dirs (paths)" in proc.stdout


def test_no_c_file_of_this_repository_asks_to_be_collected():
    # This repository's own suite runs with the plugin loaded: only the example
    # project's check file may carry a run line.
    root = PROJECT.parents[1]
    asking = sorted(
        str(p.relative_to(root))
        for folder in ("tests", "examples", "benchmarks")
        for p in (root / folder).rglob("*.c")
        if b"INSPIREC-RUN:" in p.read_bytes()
    )
    assert asking == ["examples/structure_project/tests/check_kernels.c"]
