"""Running one benchmark binary once: environment, pinning, time, peak RSS.

The program is started in its own session through ``common/rusage_exec``
(a small C program, built on first use), which waits for it with
``wait4`` and reports its resource usage: Linux keeps a process's peak RSS
across ``exec``, so a program forked straight from this Python process
would report at least the interpreter's size.  Stdout goes to a temporary
file.  A run that exceeds its time limit is killed (its whole process
group) and reported with status ``timeout``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import variants as V

STATUS_OK = "ok"
STATUS_FAILED = "verification-failed"  # the program said so (exit status 1)
STATUS_CRASHED = "crashed"  # another exit status or a signal
STATUS_TIMEOUT = "timeout"
STATUS_BUILD_FAILED = "build-failed"
STATUS_SKIPPED = "skipped"  # an earlier repetition of the same configuration timed out


@dataclass
class RunResult:
    """What one run of a benchmark binary produced."""

    status: str
    time_s: float | None  # the program's own "Time:" (kernel only)
    wall_s: float  # process wall-clock time
    maxrss_kib: int  # peak resident set size of the process
    fields: dict[str, str] = field(default_factory=dict)  # "Key: value" output lines
    detail: str = ""  # why a run failed: last lines of stderr, the signal
    stdout: str = ""  # the program's whole output


def parse_output(text: str) -> dict[str, str]:
    """The ``Key: value`` lines of a benchmark's output."""
    fields = {}
    for line in text.splitlines():
        key, sep, value = line.partition(": ")
        if sep and key and not key.startswith(" "):
            fields[key.strip()] = value.strip()
    return fields


def parse_time(fields: Mapping[str, str]) -> float | None:
    """Seconds from a ``Time: 1.234 s`` field."""
    text = fields.get("Time", "").removesuffix(" s").strip()
    try:
        return float(text)
    except ValueError:
        return None


# variables of the caller's environment that would change a run's threads or pinning
RUNTIME_VARIABLES = (
    "OMP_NUM_THREADS",
    "OMP_PROC_BIND",
    "OMP_PLACES",
    "INSPIRE_NUM_WORKERS",
    "INSPIRE_AFFINITY",
)


def cpu_list() -> list[int]:
    """The CPUs this process may run on, in order."""
    return sorted(os.sched_getaffinity(0))


def environment(runtime: str, threads: int, pin: bool) -> dict[str, str]:
    """Environment variables that set the thread count and pinning of a runtime."""
    env: dict[str, str] = {}
    if runtime in (V.RUNTIME_OPENMP, V.RUNTIME_INSPIRE, V.RUNTIME_TBB):
        env["OMP_NUM_THREADS"] = str(threads)
    if runtime == V.RUNTIME_INSPIRE:
        env["INSPIRE_NUM_WORKERS"] = str(threads)
        if pin:
            env["INSPIRE_AFFINITY"] = "compact"
    if runtime == V.RUNTIME_OPENMP and pin:
        env["OMP_PROC_BIND"] = "true"
        env["OMP_PLACES"] = "cores"
    return env


def pinned_cpus(runtime: str, threads: int) -> list[int] | None:
    """The CPU mask a pinned run gets: the first ``threads`` CPUs (one for a
    serial run), or None when the machine has fewer CPUs than threads."""
    cpus = cpu_list()
    count = 1 if runtime == V.RUNTIME_SERIAL else threads
    return cpus[:count] if count <= len(cpus) else None


HELPER_SOURCE = V.BENCH_DIR / "common" / "rusage_exec.c"


def helper(build_dir: Path = V.DEFAULT_BUILD_DIR) -> Path:
    """``rusage_exec``, compiled with gcc unless an up-to-date one exists."""
    exe = build_dir / "tools" / "rusage_exec"
    if exe.exists() and exe.stat().st_mtime >= HELPER_SOURCE.stat().st_mtime:
        return exe
    exe.parent.mkdir(parents=True, exist_ok=True)
    tmp = exe.with_name(f"rusage_exec.{os.getpid()}.tmp")
    subprocess.run(["gcc", "-O2", str(HELPER_SOURCE), "-o", str(tmp)], check=True)
    os.replace(tmp, exe)
    return exe


def run_binary(
    binary: Path,
    args: Sequence[str],
    env: Mapping[str, str],
    timeout: float,
    cpus: Sequence[int] | None = None,
    cwd: Path | None = None,
) -> RunResult:
    """Run ``binary args`` once with ``env`` added to this environment."""
    full_env = dict(os.environ)
    for key in RUNTIME_VARIABLES:
        full_env.pop(key, None)
    full_env.update(env)
    mask = set(cpus) if cpus else None

    def set_mask() -> None:
        if mask:
            os.sched_setaffinity(0, mask)

    with (
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
        tempfile.NamedTemporaryFile(mode="r", suffix=".rusage") as usage_file,
    ):
        start = time.perf_counter()
        proc = subprocess.Popen(
            [str(helper()), usage_file.name, str(binary), *args],
            stdout=out,
            stderr=err,
            stdin=subprocess.DEVNULL,
            env=full_env,
            cwd=cwd,
            start_new_session=True,
            preexec_fn=set_mask if mask else None,
        )
        expired = threading.Event()

        def kill() -> None:
            expired.set()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            proc.wait()
        finally:
            timer.cancel()
        wall = time.perf_counter() - start
        report = usage_file.read().split()
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    if len(report) == 4:
        code = os.waitstatus_to_exitcode(int(report[0]))
        maxrss = int(report[1])
    else:  # the helper was killed (time limit) or could not start the program
        code = proc.returncode if proc.returncode != 0 else 127
        maxrss = 0
    fields = parse_output(stdout)
    if expired.is_set():
        status_name, detail = STATUS_TIMEOUT, f"killed after {timeout:g} s"
    elif code == 0 and fields.get("Verification") != "failed":
        status_name, detail = STATUS_OK, ""
    elif code == 1 or fields.get("Verification") == "failed":
        status_name, detail = STATUS_FAILED, _tail(stderr)
    else:
        reason = f"signal {-code}" if code < 0 else f"exit status {code}"
        status_name, detail = STATUS_CRASHED, f"{reason}: {_tail(stderr)}".rstrip(": ")
    return RunResult(
        status_name,
        parse_time(fields) if status_name == STATUS_OK else None,
        wall,
        maxrss,
        fields,
        detail,
        stdout,
    )


def _tail(text: str, count: int = 2) -> str:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    return " | ".join(lines[-count:])


def run_pinned(
    binary: Path, args: Sequence[str], runtime: str, threads: int, timeout: float, pin: bool
) -> RunResult:
    """Run a program of ``runtime`` kind with ``threads`` threads, pinned or not."""
    env = environment(runtime, threads, pin)
    cpus = pinned_cpus(runtime, threads) if pin else None
    return run_binary(binary, args, env, timeout, cpus)
