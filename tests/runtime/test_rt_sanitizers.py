"""The whole parallel corpus built by inspirec with the runtime under
ThreadSanitizer and UndefinedBehaviorSanitizer, run at 2 and 4 workers: the
expected output and not one sanitizer report (issue #18: a TSan race on a
frame's waiter, a UBSan report in the spawn fast path)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

PROGRAMS = corpus.programs(kind="par")
SANITIZERS = {
    "thread": ("-fsanitize=thread", "TSAN_OPTIONS", "WARNING: ThreadSanitizer"),
    "undefined": (
        "-fsanitize=undefined,-fno-sanitize-recover=all",
        "UBSAN_OPTIONS",
        "runtime error:",
    ),
}
OPTIONS = "halt_on_error=1 exitcode=66 print_stacktrace=1"


@pytest.mark.slow
@pytest.mark.parametrize("sanitizer", sorted(SANITIZERS))
@pytest.mark.parametrize("prog", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_parallel_corpus_under_sanitizer(prog, sanitizer: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    flags, options_var, report = SANITIZERS[sanitizer]
    exe = tmp_path / prog.short_name
    cmd = [sys.executable, "-m", "inspirec", "build", "-O", "1", "-g"]
    cmd += [f"-Wc,{flags},-fno-omit-frame-pointer", "-o", str(exe), *map(str, prog.sources)]
    build = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, timeout=600)
    assert build.returncode == 0, build.stderr
    for workers in (2, 4):
        proc = corpus.run_program(
            prog, exe, threads=workers, timeout=300, env_extra={options_var: OPTIONS}
        )
        assert report not in proc.stderr, proc.stderr
        assert proc.returncode == prog.expected_exit, proc.stderr
        assert proc.stdout == prog.expected_stdout
