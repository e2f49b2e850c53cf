"""``inspirec analyze`` and the tuning options of build/emit/run, as a user meets them."""

import json
import subprocess
from functools import partial
from pathlib import Path

import inspirec_cli
import pytest

REPO = Path(__file__).resolve().parents[2]
PROGRAMS = REPO / "tests" / "analyses" / "programs"
GOLDEN = Path(__file__).parent / "golden_analyze"
EXAMPLES = sorted((REPO / "examples").glob("*.c"))


run = partial(inspirec_cli.run, timeout=300)


def analyze_json(*args, cwd=None):
    r = run("analyze", "--json", *args, cwd=cwd)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_table_per_context_aggregate_and_parameters():
    r = run("analyze", "--tuning", "paper", PROGRAMS / "two_spawns.c")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    row = next(line for line in lines if line.strip().startswith("count"))
    assert row.split()[:4] == ["count", "two_spawns.c:4", "2", "0"]
    assert "two_spawns.c:9, two_spawns.c:11" in row
    assert any(line.startswith("Aggregate: rho = 2, lambda = 0") for line in lines)
    assert any("event_table_buckets  256019" in line for line in lines)
    assert "Why:" not in r.stdout


def test_json_has_exactly_the_documented_schema():
    d = analyze_json(PROGRAMS / "recursion_in_loop.c")
    assert {"contexts", "aggregate", "parameters", "hybrid", "coalescing"} <= set(d)
    [c] = d["contexts"]
    assert set(c) >= {
        "function",
        "location",
        "recursive_paths",
        "loop_paths",
        "effort",
        "stack_bytes",
        "closure_bytes",
        "spawn_sites",
        "stack_guessed",
    }
    assert isinstance(c["effort"], int | float) and isinstance(c["stack_bytes"], int)
    assert c["stack_guessed"] is True  # a recursion: its depth is assumed
    assert set(d["aggregate"]) == {
        "recursive_paths",
        "loop_paths",
        "effort",
        "stack_bytes",
        "closure_bytes",
        "search_state",
        "stack_guessed",
    }
    params = d["parameters"]
    assert set(params) == {
        "tuning",
        "queue_policy",
        "queue_size",
        "event_table_buckets",
        "param_buffer_bytes",
        "stack_bytes",
    }
    assert params["tuning"] == "full"
    # aggregate values are rounded, context values raw
    assert d["aggregate"]["stack_bytes"] >= c["stack_bytes"]
    assert d["aggregate"]["stack_bytes"] & (d["aggregate"]["stack_bytes"] - 1) == 0


def test_explain_gives_every_reason_and_the_regions():
    r = run("analyze", "--explain", "--tuning", "paper", PROGRAMS / "loop_spawn.c")
    assert r.returncode == 0, r.stderr
    assert "Why:" in r.stdout
    assert "queue_size: paper 000 rule rho = 0 and lambda > 0" in r.stdout
    r = run("analyze", "--explain", PROGRAMS / "loop_spawn.c")
    assert "queue_size: rule S1: " in r.stdout and "stack_bytes: rule M2: " in r.stdout
    assert "main at loop_spawn.c:14" in r.stdout
    assert "Parallel regions" in r.stdout
    assert "Synchronization coalescing:" in r.stdout


@pytest.mark.parametrize(
    "tuning, policy, size",
    [("full", "push_front_steal_back", 16), ("paper", "push_back_steal_back", 4),
     ("classify", "push_back_steal_back", 8), ("none", "push_back_steal_back", 16)],
)  # fmt: skip
def test_tuning_policies(tuning, policy, size):
    p = analyze_json("--tuning", tuning, PROGRAMS / "two_spawns.c")["parameters"]
    assert (p["tuning"], p["queue_policy"], p["queue_size"]) == (tuning, policy, size)


def test_param_overrides_the_policy():
    p = analyze_json(
        "--param", "queue_size=64", "--param", "stack_bytes=1M", PROGRAMS / "two_spawns.c"
    )["parameters"]
    assert (p["queue_size"], p["stack_bytes"]) == (64, 1 << 20)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--param", "speed=1"], "unknown runtime parameter 'speed' (valid: queue_policy"),
        (["--param", "queue_policy=lifo"], "valid: push_back_steal_back, push_front_steal_back"),
        (["--param", "stack_bytes=12"], "invalid stack_bytes '12'"),
        (["--param", "queue_size"], "expected NAME=VALUE"),
        (["--tuning", "max"], "invalid choice: 'max'"),
    ],
)
def test_bad_tuning_options_are_usage_errors(args, message):
    for verb in ("analyze", "build", "emit", "run"):
        extra = ["-o", "/dev/null"] if verb == "build" else []
        r = run(verb, *args, *extra, PROGRAMS / "two_spawns.c")
        assert r.returncode == 2, (verb, r.stderr)
        assert message in r.stderr and "Traceback" not in r.stderr


def test_dot_output(tmp_path):
    dot = tmp_path / "tasks.dot"
    r = run("analyze", "--dot", dot, PROGRAMS / "recursion_in_loop.c")
    assert r.returncode == 0, r.stderr
    text = dot.read_text()
    assert text.startswith("digraph tasks {") and text.rstrip().endswith("}")
    assert "solve\\nrecursion_in_loop.c:14" in text
    assert "in loop" in text and 'label="recursion"' in text


def test_dot_to_an_unwritable_place_is_a_user_error(tmp_path):
    r = run("analyze", "--dot", tmp_path / "missing" / "x.dot", PROGRAMS / "two_spawns.c")
    assert r.returncode == 1 and "cannot write" in r.stderr


def test_emit_config_prints_the_chosen_macros_with_reasons():
    r = run("emit", "--emit", "config", "--tuning", "paper", PROGRAMS / "loop_spawn.c")
    assert r.returncode == 0, r.stderr
    assert "#define INSPIRE_QUEUE_SIZE 128" in r.stdout
    assert "/* queue_size = 128: paper 000 rule rho = 0 and lambda > 0" in r.stdout
    r = run("emit", "--emit", "config", "--tuning", "none", PROGRAMS / "loop_spawn.c")
    assert "#define INSPIRE_QUEUE_SIZE 16" in r.stdout


def test_emitted_c_and_build_use_the_tuned_configuration(tmp_path):
    r = run("emit", "--tuning", "paper", PROGRAMS / "two_spawns.c")
    assert "#define INSPIRE_QUEUE_SIZE 4\n" in r.stdout
    assert "#define INSPIRE_EVENT_TABLE_BUCKETS 256019\n" in r.stdout
    r = run("emit", "--param", "queue_size=33", PROGRAMS / "two_spawns.c")
    assert "#define INSPIRE_QUEUE_SIZE 33\n" in r.stdout
    exe = tmp_path / "prog"
    r = run(
        "build",
        "-v",
        "--no-coalesce",
        "--no-hybrid",
        "--tuning",
        "paper",
        PROGRAMS / "two_spawns.c",
        "-o",
        exe,
    )
    assert r.returncode == 0, r.stderr
    assert "pass coalesce" not in r.stderr and "pass hybrid" not in r.stderr
    assert "runtime parameters: queue_policy=" in r.stderr
    assert "-DINSPIRE_QUEUE_SIZE=4" in r.stderr
    assert subprocess.run([exe], capture_output=True, text=True).stdout == "987\n"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_golden_analysis_of_the_examples(example, request):
    d = analyze_json(example.name, cwd=example.parent)
    text = json.dumps(d, indent=2, sort_keys=True) + "\n"
    golden = GOLDEN / f"{example.stem}.json"
    if request.config.getoption("--update-golden"):
        golden.write_text(text)
    assert golden.exists(), f"missing {golden.name}: run with --update-golden"
    assert text == golden.read_text()


def test_explain_names_the_search_state_behind_the_queue_policy(tmp_path):
    """A branch and bound whose tasks read and write the best bound keeps the
    default queue policy (rule Q1), and the report says which global decided."""
    source = tmp_path / "bb.c"
    source.write_text(
        "#include <stdio.h>\nint best = 100;\n"
        "static void search(int n, int cost) {\n"
        "    if (cost >= best) return;\n"
        "    if (n == 0) {\n"
        "        #pragma omp critical\n"
        "        if (cost < best) best = cost;\n"
        "        return;\n"
        "    }\n"
        "    #pragma omp task\n    search(n - 1, cost + n % 3);\n"
        "    #pragma omp task\n    search(n - 1, cost + n % 5);\n"
        "    #pragma omp taskwait\n}\n"
        "int main(void) {\n"
        "    #pragma omp parallel\n    #pragma omp single\n    search(10, 0);\n"
        '    printf("%d\\n", best);\n    return 0;\n}\n'
    )
    r = run("analyze", "--explain", source)
    assert r.returncode == 0, r.stderr
    assert "Search state (globals tasks read and write): best (read at bb.c:" in r.stdout
    assert "queue_policy: rule Q1: " in r.stdout
    assert "queue_policy         push_back_steal_back" in r.stdout
    assert analyze_json(source)["aggregate"]["search_state"][0].startswith("best (read at bb.c:")


def test_explain_says_why_a_thread_stays_an_os_thread():
    r = run("analyze", "--explain", REPO / "tests" / "corpus" / "par" / "prodcons_condvar.c")
    assert r.returncode == 0, r.stderr
    assert "Thread create/join:" in r.stdout
    assert "note: pthread_create kept as an OS thread: thread function 'consumer' waits on a " in (
        r.stdout
    )
    assert "  " + " " * 3 + "73 |" in r.stdout  # the source excerpt, indented with the note


def test_json_reports_the_hybrid_decisions():
    d = analyze_json(REPO / "tests" / "corpus" / "par" / "hybrid_loops.c")
    assert d["hybrid"], "hybrid_loops.c has task-spawning loops"
    assert {tuple(sorted(x)) for x in d["hybrid"]} == {
        ("applied", "function", "location", "reason")
    }
    assert {x["applied"] for x in d["hybrid"]} == {True, False}
    assert all(x["location"].startswith("hybrid_loops.c:") for x in d["hybrid"])


def test_a_vla_sized_at_run_time_makes_the_stack_estimate_a_guess():
    """A region whose code declares a VLA of run-time size gets at least the
    default stack (rule M2), as a recursion does; 16 KiB overflowed."""
    d = analyze_json(PROGRAMS / "vla_in_region.c")
    assert d["aggregate"]["stack_guessed"]
    assert d["parameters"]["stack_bytes"] >= 8 * 1024 * 1024
