"""Semantics of the entry points, environment variables, statistics, trace
output, and the build model of generated programs."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
from pathlib import Path

import pytest
from rt_helpers import ALL_SOURCES, INCLUDE, RUNTIME, TESTS, Builder, Spec, check, run

API_CASES = [
    "region",
    "pfor",
    "locks",
    "final",
    "undeferred",
    "join",
    "outlive",
    "foreign",
    "omp",
    "yield",
]


@pytest.fixture(scope="module")
def api_exe(builder: Builder) -> Path:
    return builder.build(Spec("api", (TESTS / "test_api.c", *ALL_SOURCES), flags=("-O2",)))


@pytest.mark.parametrize("case", API_CASES)
@pytest.mark.parametrize("workers", [1, 2, 4])
def test_api_case(api_exe: Path, case: str, workers: int) -> None:
    out = check(run(api_exe, [case], env={"INSPIRE_NUM_WORKERS": str(workers)}))
    assert f"api ok: {case}" in out


def test_api_unknown_case_fails(api_exe: Path) -> None:
    assert run(api_exe, ["no-such-case"]).returncode == 2


# ---- environment -------------------------------------------------------------------


def display(api_exe: Path, env: dict[str, str]) -> str:
    proc = run(api_exe, ["final"], env={"INSPIRE_DISPLAY_ENV": "1", **env})
    check(proc)
    assert "INSPIRE RUNTIME CONFIGURATION BEGIN" in proc.stderr
    return proc.stderr


def test_display_env_shows_macros_and_settings(api_exe: Path) -> None:
    err = display(api_exe, {"INSPIRE_NUM_WORKERS": "3"})
    assert "INSPIRE_QUEUE_POLICY = 1 (push back / steal back)" in err
    assert "INSPIRE_QUEUE_SIZE = 16 items" in err
    assert "INSPIRE_EVENT_TABLE_BUCKETS = 97" in err
    assert "INSPIRE_PARAM_BUFFER_BYTES = 128 bytes" in err
    assert "INSPIRE_STACK_BYTES = 8388608 bytes" in err
    assert "workers = 3 (from INSPIRE_NUM_WORKERS)" in err
    assert "queue capacity = 16 (from INSPIRE_QUEUE_SIZE)" in err
    assert "affinity = none (from default)" in err


def test_display_env_off_by_default(api_exe: Path) -> None:
    proc = run(api_exe, ["final"])
    check(proc)
    assert "CONFIGURATION" not in proc.stderr


@pytest.mark.parametrize(
    ("env", "expect"),
    [
        ({"OMP_NUM_THREADS": "3,2"}, "workers = 3 (from OMP_NUM_THREADS)"),
        ({"OMP_NUM_THREADS": " 2 , 8 ,1"}, "workers = 2 (from OMP_NUM_THREADS)"),
        # any isspace() blank around a number, as for the OMP_* variables
        ({"INSPIRE_NUM_WORKERS": "\t3\n"}, "workers = 3 (from INSPIRE_NUM_WORKERS)"),
        ({"OMP_PROC_BIND": "spread,close"}, "affinity = scatter (from OMP_PROC_BIND)"),
        (
            {"OMP_NUM_THREADS": "5", "INSPIRE_NUM_WORKERS": "2"},
            "workers = 2 (from INSPIRE_NUM_WORKERS)",
        ),
        ({}, f"workers = {len(os.sched_getaffinity(0))} (from affinity mask)"),
        # OMP_THREAD_LIMIT bounds the workers unless INSPIRE_NUM_WORKERS sets them
        ({"OMP_THREAD_LIMIT": "1"}, "workers = 1 (from OMP_THREAD_LIMIT)"),
        ({"OMP_NUM_THREADS": "6", "OMP_THREAD_LIMIT": "3"}, "workers = 3 (from OMP_THREAD_LIMIT)"),
        (
            {"INSPIRE_NUM_WORKERS": "3", "OMP_THREAD_LIMIT": "1"},
            "workers = 3 (from INSPIRE_NUM_WORKERS)",
        ),
        ({"INSPIRE_AFFINITY": "compact"}, "affinity = compact (from INSPIRE_AFFINITY)"),
        ({"INSPIRE_AFFINITY": "scatter"}, "affinity = scatter (from INSPIRE_AFFINITY)"),
        ({"INSPIRE_AFFINITY": "none"}, "affinity = none (from INSPIRE_AFFINITY)"),
        ({"OMP_PROC_BIND": "spread"}, "affinity = scatter (from OMP_PROC_BIND)"),
        ({"OMP_PROC_BIND": "close"}, "affinity = compact (from OMP_PROC_BIND)"),
        # blanks around the words, as libgomp accepts them
        ({"OMP_PROC_BIND": " close , spread "}, "affinity = compact (from OMP_PROC_BIND)"),
        ({"OMP_PROC_BIND": "false"}, "affinity = none (from OMP_PROC_BIND)"),
        (
            {"OMP_PROC_BIND": "true", "INSPIRE_AFFINITY": "none"},
            "affinity = none (from INSPIRE_AFFINITY)",
        ),
        ({"INSPIRE_STATS": "0", "INSPIRE_DISPLAY_ENV": "true"}, "stats = 0"),
    ],
)
def test_env_valid(api_exe: Path, env: dict[str, str], expect: str) -> None:
    assert expect in display(api_exe, env)


@pytest.mark.parametrize(
    ("var", "value", "accepted"),
    [
        ("INSPIRE_NUM_WORKERS", "0", "an integer from 1 to 256"),
        ("INSPIRE_NUM_WORKERS", "abc", "an integer from 1 to 256"),
        ("INSPIRE_NUM_WORKERS", "4x", "an integer from 1 to 256"),
        ("INSPIRE_NUM_WORKERS", "100000", "an integer from 1 to 256"),
        ("INSPIRE_NUM_WORKERS", "", "an integer from 1 to 256"),
        ("INSPIRE_AFFINITY", "spread", "none, compact, scatter"),
        ("INSPIRE_DISPLAY_ENV", "yes", "0, 1, true, false"),
        ("INSPIRE_STATS", "2", "0, 1, true, false"),
        ("INSPIRE_TRACE", "", "a writable file path"),
    ],
)
def test_env_invalid(api_exe: Path, var: str, value: str, accepted: str) -> None:
    proc = run(api_exe, ["final"], env={var: value})
    assert proc.returncode == 2
    assert (
        f"inspire runtime: invalid value '{value}' for {var} (accepted: {accepted})" in proc.stderr
    )
    assert "api ok" not in proc.stdout


@pytest.mark.parametrize(
    ("var", "value"),
    [
        ("OMP_NUM_THREADS", "-1"),
        # Every element of a list is checked, not only the first (issue #18).
        ("OMP_NUM_THREADS", "4,garbage"),
        ("OMP_NUM_THREADS", "4,"),
        ("OMP_NUM_THREADS", "4,0"),
        ("OMP_NUM_THREADS", ",4"),
        ("OMP_PROC_BIND", "sideways"),
        ("OMP_PROC_BIND", "spread,sideways"),
        ("OMP_DYNAMIC", "2"),
    ],
)
def test_env_invalid_omp_value_warns_and_runs(api_exe: Path, var: str, value: str) -> None:
    """An OMP_* value libgomp rejects is warned about with libgomp's line and
    ignored, as libgomp does (it exited with status 2 before); the
    differential tests against gcc's build are in test_omp_env.py."""
    proc = run(api_exe, ["final"], env={var: value})
    assert proc.returncode == 0, proc.stderr
    assert f"inspire runtime: Invalid value for environment variable {var}\n" in proc.stderr
    assert "api ok: final" in proc.stdout


def test_pinned_run_works(api_exe: Path) -> None:
    for policy in ["compact", "scatter"]:
        check(
            run(api_exe, ["region"], env={"INSPIRE_AFFINITY": policy, "INSPIRE_NUM_WORKERS": "2"})
        )


def stats_total(stderr: str) -> dict[str, int]:
    """The INSPIRE_STATS total line, by column name (spawned, sleeps, ...)."""
    rows = [ln.split()[2:] for ln in stderr.splitlines() if ln.startswith("inspire stats:")]
    assert len(rows) >= 2 and rows[-1][0] == "total", stderr
    return {name: int(value) for name, value in zip(rows[0][1:], rows[-1][1:], strict=True)}


# ---- idle workers -------------------------------------------------------------------


def test_idle_workers_sleep_during_sequential_code(api_exe: Path) -> None:
    """After a parallel region, main sleeps 0.5 s: the three other workers
    spin and back off for at most INSPIRE_IDLE_SPIN_US + INSPIRE_IDLE_BACKOFF_US
    (5 ms) each, then sleep.  Spinning through the 0.5 s instead would cost
    1.5 s of CPU time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = run(api_exe, ["idle"], env={"INSPIRE_NUM_WORKERS": "4", "INSPIRE_STATS": "1"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert "api ok: idle" in check(proc)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert cpu < 0.3, f"{cpu:.3f} s of CPU time for a program that sleeps 0.5 s"
    assert stats_total(proc.stderr)["sleeps"] >= 3, proc.stderr  # every other worker slept


# ---- lazy task creation ---------------------------------------------------------------


@pytest.mark.parametrize("policy", [1, 2, 3, 4])
def test_lazy_task_creation_bounds_work_items(builder: Builder, policy: int) -> None:
    """fib(25) with one task per call (242785 calls) and a deque of 64 items:
    spawns run inline while the deque is full, and a child its waiting parent
    runs nested still occupies a slot, so one worker queues only a few work
    items per deque slot under every policy (not one per call).  Under the
    push-front policies the owner descends depth first and the deque holds
    only the pending siblings on its path, so the count alone hardly ever
    reaches the limit: there a nested child gets half its parent's limit
    (with a limit one lower per level instead, every call was a work item)."""
    size = 64
    defines = (("INSPIRE_QUEUE_POLICY", policy), ("INSPIRE_QUEUE_SIZE", size))
    exe = builder.build(Spec("api", (TESTS / "test_api.c", *ALL_SOURCES), defines, ("-O2",)))
    for workers in [1, 2, 4]:
        # priorities in effect keep one worker's full capacity under push front
        # (test_one_worker_under_push_front_queues_one_item)
        env = {"INSPIRE_NUM_WORKERS": str(workers), "INSPIRE_STATS": "1"}
        proc = run(exe, ["fib"], env={**env, "OMP_MAX_TASK_PRIORITY": "1"})
        assert "api ok: fib" in check(proc)
        if workers == 1:
            assert stats_total(proc.stderr)["spawned"] <= 16 * size, proc.stderr
            assert stats_total(proc.stderr)["spawned"] > 2, proc.stderr


@pytest.mark.parametrize("policy", [1, 2, 3, 4])
def test_one_worker_under_push_front_queues_one_item(builder: Builder, policy: int) -> None:
    """With one worker and no priorities in effect, a push-front runtime gives
    its items a deque capacity of 1 whatever INSPIRE_QUEUE_SIZE says: with no
    thief a queued item only splits the work.  fib(25) then queues at most
    two work items (the top-level task and its first child; everything below
    runs inline).  Push
    back, a second worker, or OMP_MAX_TASK_PRIORITY > 0 keep the capacity."""
    defines = (("INSPIRE_QUEUE_POLICY", policy), ("INSPIRE_QUEUE_SIZE", 64))
    exe = builder.build(Spec("api", (TESTS / "test_api.c", *ALL_SOURCES), defines, ("-O2",)))
    push_front = policy in (2, 4)

    def spawned(env: dict[str, str]) -> int:
        proc = run(exe, ["fib"], env={"INSPIRE_STATS": "1", "INSPIRE_DISPLAY_ENV": "1", **env})
        assert "api ok: fib" in check(proc)
        one = env.get("INSPIRE_NUM_WORKERS") == "1" and "OMP_MAX_TASK_PRIORITY" not in env
        shown = "1 (from one worker under push front)" if one and push_front else "64 (from"
        assert f"queue capacity = {shown}" in proc.stderr, proc.stderr
        return stats_total(proc.stderr)["spawned"]

    one_worker = spawned({"INSPIRE_NUM_WORKERS": "1"})
    assert (one_worker <= 2) == push_front, one_worker
    assert spawned({"INSPIRE_NUM_WORKERS": "1", "OMP_MAX_TASK_PRIORITY": "3"}) > 2
    assert spawned({"INSPIRE_NUM_WORKERS": "2"}) > 1


# ---- statistics and trace -------------------------------------------------------------


def test_stats_printed_at_exit(api_exe: Path) -> None:
    proc = run(api_exe, ["undeferred"], env={"INSPIRE_STATS": "1", "INSPIRE_NUM_WORKERS": "2"})
    check(proc)
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("inspire stats:")]
    assert len(lines) == 4  # header, two workers, total
    header = lines[0].split()
    for col in ["spawned", "inlined", "executed", "stolen", "suspended", "stacks"]:
        assert col in header
    total = lines[-1].split()
    assert total[2] == "total"
    spawned = int(total[3])
    assert spawned >= 1


def test_trace_file(api_exe: Path, tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    check(run(api_exe, ["region"], env={"INSPIRE_TRACE": str(path), "INSPIRE_NUM_WORKERS": "2"}))
    data = json.loads(path.read_text())
    events = data["traceEvents"]
    slices = [e for e in events if e["ph"] == "X"]
    assert slices, "no work-item slices recorded"
    # The widest team (7 threads) runs on the pool's 2 workers and 5 added.
    assert {e["tid"] for e in slices} == set(range(7))
    assert all(e["dur"] >= 0 and e["ts"] >= 0 for e in slices)
    names = {e["name"] for e in slices}
    assert "implicit task" in names and "task" in names
    meta = [e for e in events if e["ph"] == "M"]
    assert len(meta) == 7


def test_trace_unwritable_path_fails_at_start(api_exe: Path, tmp_path: Path) -> None:
    """Checked when the runtime starts, with the reason, and the exit status
    says so (issue #18: reported only after the run, without errno, status 0)."""
    bad = tmp_path / "missing-dir" / "t.json"
    proc = run(api_exe, ["final"], env={"INSPIRE_TRACE": str(bad)})
    assert proc.returncode == 2
    assert (
        f"inspire runtime: cannot write the trace file '{bad}' (INSPIRE_TRACE): "
        "No such file or directory" in proc.stderr
    )
    assert "api ok" not in proc.stdout


# ---- large queues ----------------------------------------------------------------------


def test_largest_queue_size_runs(builder: Builder) -> None:
    """fib with one task per call and the largest queue size the
    configuration accepts (issue #18): the steal buffer does not live on the
    scheduler's stack, and the stacks of suspended tasks stay within the
    budget of memory mappings (two per stack, half of vm.max_map_count in
    all) instead of aborting when mprotect runs out of mappings."""
    defines = (("INSPIRE_QUEUE_SIZE", 65536), ("INSPIRE_STACK_BYTES", 32768))
    exe = builder.build(Spec("fib", (RUNTIME / "bench" / "fib_inspire.c", *ALL_SOURCES), defines))
    max_maps = int(Path("/proc/sys/vm/max_map_count").read_text())
    for workers in [1, 2, 4]:
        proc = run(exe, [27], env={"INSPIRE_NUM_WORKERS": str(workers), "INSPIRE_STATS": "1"})
        assert "fib(27) = 196418" in check(proc)
        # "stacks": the most task stacks each worker had mapped at once (in
        # use, within the budget of half the mappings, plus at most
        # INSPIRE_STACK_POOL_MAX free ones); two mappings each stay well inside
        # the kernel's limit.
        assert 2 * stats_total(proc.stderr)["stacks"] <= max_maps * 3 // 4, proc.stderr


# ---- build model -------------------------------------------------------------------------

FLAGS = [
    "-DINSPIRE_QUEUE_POLICY=2",
    "-DINSPIRE_QUEUE_SIZE=8",
    "-DINSPIRE_EVENT_TABLE_BUCKETS=1021",
    "-DINSPIRE_PARAM_BUFFER_BYTES=64",
    "-DINSPIRE_STACK_BYTES=65536",
]


def generated_program(tmp_path: Path) -> Path:
    """The fib benchmark with the configuration also written as #defines."""
    body = (RUNTIME / "bench" / "fib_inspire.c").read_text()
    defines = "".join(f"#define {f[2:].replace('=', ' ')}\n" for f in FLAGS)
    prog = tmp_path / "prog.c"
    prog.write_text(defines + body)
    return prog


@pytest.mark.parametrize("cc", ["gcc", "clang"])
def test_build_model_warning_free(cc: str, tmp_path: Path) -> None:
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} is not installed")
    prog = generated_program(tmp_path)
    exe = tmp_path / "prog"
    cmd = [cc, "-O3", "-pthread", "-Wall", "-Wextra", "-Werror", "-I", str(INCLUDE), *FLAGS]
    cmd += [str(prog), *map(str, ALL_SOURCES), "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = check(run(exe, [24], env={"INSPIRE_NUM_WORKERS": "2"}))
    assert "fib(24) = 46368" in out


def test_config_mismatch_fails_to_link(tmp_path: Path) -> None:
    prog = tmp_path / "prog.o"
    base = ["gcc", "-O1", "-pthread", "-I", str(INCLUDE)]
    src = RUNTIME / "bench" / "fib_inspire.c"
    proc = subprocess.run([*base, "-DINSPIRE_QUEUE_SIZE=8", "-c", str(src), "-o", str(prog)])
    assert proc.returncode == 0
    exe = tmp_path / "prog"
    link = [*base, str(prog), *map(str, ALL_SOURCES), "-o", str(exe)]
    proc = subprocess.run(link, capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0
    assert "inspire_config_p1_q8_b97_pb128_s8388608" in proc.stderr
