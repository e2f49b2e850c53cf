"""The Chrome trace of a program built by inspirec names every work item's
slice by the source location of its task or region (``fib.c:28``), through
the constructor the backend emits (``inspire_trace_site``); main() itself is
named ``main``."""

import json
import os
import subprocess
from pathlib import Path

from inspirec_cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_trace_slices_are_named_by_source_location(tmp_path):
    source = EXAMPLES / "fib.c"
    exe = tmp_path / "fib"
    built = run("build", source, "-o", exe, "--param", "queue_size=64", timeout=300)
    assert built.returncode == 0, built.stderr
    trace = tmp_path / "trace.json"
    env = dict(os.environ, INSPIRE_TRACE=str(trace), INSPIRE_NUM_WORKERS="2")
    ran = subprocess.run([str(exe), "24"], capture_output=True, text=True, env=env, timeout=120)
    assert ran.returncode == 0, ran.stderr
    slices = [e for e in json.loads(trace.read_text())["traceEvents"] if e["ph"] == "X"]
    names = {e["name"] for e in slices}
    lines = source.read_text().splitlines()
    spawns = {f"fib.c:{i + 1}" for i, text in enumerate(lines) if "#pragma omp task" in text}
    regions = {f"fib.c:{i + 1}" for i, text in enumerate(lines) if "#pragma omp parallel" in text}
    assert names <= spawns | regions | {"main"}, names  # main(): the work item without a job
    assert names & spawns and names & regions


def test_emitted_c_names_each_job_once(tmp_path):
    proc = run("emit", EXAMPLES / "fib.c", timeout=300)
    assert proc.returncode == 0, proc.stderr
    calls = [line.strip() for line in proc.stdout.splitlines() if "inspire_trace_site(" in line]
    assert len(calls) == len(set(calls)) == 3  # two tasks and the region
    assert all(call.startswith("inspire_trace_site(") for call in calls)
