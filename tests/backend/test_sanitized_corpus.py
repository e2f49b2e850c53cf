"""The parallel corpus built by ``inspirec build`` under AddressSanitizer and
UndefinedBehaviorSanitizer (issue #18), passed through the command line's
C compiler options (``-Wc,...``): at 1, 2 and 4 workers each program prints
its expected output and exits as expected with not one sanitizer report
(any report ends the run with exit status 66).  The whole corpus is slow; a
seeded sample of three programs runs in the default suite."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

PROGRAMS = corpus.programs(kind="par")
SAMPLE = random.Random(18).sample(PROGRAMS, 3)
FLAGS = "-fsanitize=address,undefined,-fno-sanitize-recover=all,-fno-omit-frame-pointer"
OPTIONS = "halt_on_error=1 exitcode=66 print_stacktrace=1"
#: Text every report of the two sanitizers contains.
REPORTS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:")


def _check_under_sanitizers(prog: corpus.Program, tmp_path: Path) -> None:
    exe = tmp_path / prog.short_name
    cmd = [sys.executable, "-m", "inspirec", "build", "-O", "1", "-g", f"-Wc,{FLAGS}"]
    cmd += ["-o", str(exe), *map(str, prog.sources)]
    build = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, timeout=600)
    assert build.returncode == 0, build.stderr
    env = {"ASAN_OPTIONS": OPTIONS, "UBSAN_OPTIONS": OPTIONS}
    for workers in (1, 2, 4):
        proc = corpus.run_program(prog, exe, threads=workers, timeout=300, env_extra=env)
        for report in REPORTS:
            assert report not in proc.stderr, f"{workers} workers:\n{proc.stderr[-4000:]}"
        assert proc.returncode == prog.expected_exit, f"{workers} workers:\n{proc.stderr}"
        assert proc.stdout == prog.expected_stdout, f"{workers} workers"


@pytest.mark.parametrize("prog", SAMPLE, ids=[p.name for p in SAMPLE])
def test_sampled_parallel_programs_under_asan_and_ubsan(prog, tmp_path: Path) -> None:
    _check_under_sanitizers(prog, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("prog", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_parallel_corpus_under_asan_and_ubsan(prog, tmp_path: Path) -> None:
    _check_under_sanitizers(prog, tmp_path)
