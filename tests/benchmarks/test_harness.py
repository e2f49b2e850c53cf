"""The benchmark harness (``python -m benchmarks``) on a fake tiny benchmark.

The fake program ``tiny`` uses the real driver: its kernel squares and sums
``n`` numbers in tasks, can sleep (to trigger time limits) and allocate
memory (to check the peak RSS); ``tiny_pthread.c`` has smaller default
sizes, as the real thread create/join versions do.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from benchmarks import __main__ as cli
from benchmarks import bots, micro, results, suite, sweep
from benchmarks import measure as M
from benchmarks import report as R
from benchmarks import stats as S
from benchmarks import variants as V

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")

TINY = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench.h"

const char bench_name[] = "tiny";
bench_param bench_params[] = {
    {'n', "n", "numbers to square", {8, 16, 32}, 0},
    {'w', "w", "milliseconds to sleep", {0, 5000, 0}, 0},
    {'a', "a", "MiB to allocate and touch", {0, 0, 0}, 0},
};
const int bench_nparams = 3;

static long sum;
static long reference;

void bench_init(void) { sum = 0; reference = -1; }

void bench_run(void)
{
    long n = bench_arg(0);
    long i;
    if (bench_arg(1) > 0) {
        usleep((useconds_t)(bench_arg(1) * 1000));
    }
    if (bench_arg(2) > 0) {
        size_t bytes = (size_t)bench_arg(2) << 20;
        char *p = bench_malloc(bytes);
        memset(p, 1, bytes);
        sum += p[bytes - 1] - 1;
        free(p);
    }
#pragma omp parallel
#pragma omp single
    for (i = 0; i < n; i++) {
#pragma omp task firstprivate(i)
        {
#pragma omp atomic
            sum += i * i;
        }
    }
}

void bench_run_serial(void)
{
    long i;
    reference = 0;
    for (i = 0; i < bench_arg(0); i++) {
        reference += i * i;
    }
}

int bench_verify(void) { return sum == reference ? BENCH_SUCCESSFUL : BENCH_FAILED; }
void bench_checksum(char *buf, size_t len) { snprintf(buf, len, "%ld", sum); }
void bench_free(void) {}
"""

TINY_PTHREAD = r"""
#include <pthread.h>
#include <stdio.h>
#include "bench.h"

const char bench_name[] = "tiny";
bench_param bench_params[] = {
    {'n', "n", "numbers to square", {6, 12, 24}, 0},
    {'w', "w", "milliseconds to sleep", {0, 0, 0}, 0},
    {'a', "a", "MiB to allocate and touch", {0, 0, 0}, 0},
};
const int bench_nparams = 3;

static long sum;

static void *square_all(void *arg)
{
    long i;
    (void)arg;
    for (i = 0; i < bench_arg(0); i++) {
        sum += i * i;
    }
    return NULL;
}

void bench_init(void) { sum = 0; }
void bench_run(void)
{
    pthread_t t;
    pthread_create(&t, NULL, square_all, NULL);
    pthread_join(t, NULL);
}
void bench_run_serial(void) {}
int bench_verify(void) { return BENCH_NOT_PERFORMED; }
void bench_checksum(char *buf, size_t len) { snprintf(buf, len, "%ld", sum); }
void bench_free(void) {}
"""


@pytest.fixture(scope="module")
def bench_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fake-benchmarks")
    shutil.copytree(V.BENCH_DIR / "common", root / "common")
    (root / "tiny").mkdir()
    (root / "tiny" / "tiny.c").write_text(TINY)
    (root / "tiny" / "tiny_pthread.c").write_text(TINY_PTHREAD)
    return root


@pytest.fixture(scope="module")
def tiny(bench_root: Path) -> V.Program:
    return V.discover(bench_root)["tiny"]


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fake-build")


GCC_VARIANTS = [V.VARIANTS[n] for n in ("serial", "gomp", "pthread")]


# ---------------------------------------------------------------- variants


def test_discover_finds_the_programs(bench_root: Path, tiny: V.Program) -> None:
    assert list(V.discover(bench_root)) == ["tiny"]
    assert tiny.source(V.SOURCE_OPENMP) == bench_root / "tiny" / "tiny.c"
    assert tiny.source(V.SOURCE_PTHREAD) is not None
    assert tiny.source(V.SOURCE_TBB) is None
    real = V.discover()
    assert "fib" in real and "microbench" not in real and "common" not in real


def test_variant_table_has_every_variant() -> None:
    expected = {
        "serial",
        "gomp",
        "omp-clang",
        "tbb",
        "pthread",
        "inspirec-pthread",
        "inspirec",
        "inspirec-serial",
        "inspirec-paper",
        "inspirec-none",
        "inspirec-classify",
        "inspirec-nocoalesce",
    }
    assert set(V.VARIANTS) == expected
    assert "--tuning" in V.VARIANTS["inspirec-none"].command
    assert "--no-coalesce" in V.VARIANTS["inspirec-nocoalesce"].command
    assert "-fopenmp" not in V.VARIANTS["serial"].command
    assert "--serial" in V.VARIANTS["inspirec-serial"].command
    assert V.VARIANTS["inspirec-serial"].runtime == V.RUNTIME_SERIAL


def test_ts_is_the_faster_serial_reference() -> None:
    def row(variant: str, time_s: float, rep: int) -> R.Row:
        return R.Row("fib", variant, 1, "test", "n=20", rep, "ok", time_s, load1=1.5 + rep)

    rows = [row("serial", 2.0, k) for k in range(3)] + [
        row("inspirec-serial", 0.5, k) for k in range(3)
    ]
    cells = R.aggregate(rows)
    assert R.serial_time(cells, "fib", "n=20") == 0.5
    assert R.serial_time(R.aggregate(rows[:3]), "fib", "n=20") == 2.0
    assert R.load_range(rows) == (1.5, 3.5)


def test_repetitions_stop_when_the_median_is_stable() -> None:
    assert not suite.stable([1.0, 1.0], 3, 0.05)  # too few runs
    assert suite.stable([1.0, 1.01, 0.99], 3, 0.05)
    assert not suite.stable([1.0, 1.5, 0.6], 3, 0.05)  # noisy: keep measuring


def test_build_commands(tiny: V.Program, tmp_path: Path) -> None:
    cmd = V.VARIANTS["gomp"].command_for(tiny, tmp_path / "x")
    assert cmd is not None
    assert cmd[0] == "gcc" and "-fopenmp" in cmd
    assert str(tiny.source(V.SOURCE_OPENMP)) in cmd and str(tiny.common / "driver.c") in cmd
    assert V.VARIANTS["tbb"].command_for(tiny, tmp_path / "x") is None
    inspirec = V.VARIANTS["inspirec-pthread"].command_for(tiny, tmp_path / "x", ["-l", "m"])
    assert inspirec is not None
    assert inspirec[inspirec.index("build") - 1 :][:1] == ["inspirec"]
    assert str(tiny.source(V.SOURCE_PTHREAD)) in inspirec
    assert inspirec[-4:] == ["-l", "m", "-o", str(tmp_path / "x")]


def test_inspirec_command_can_be_replaced(
    monkeypatch: pytest.MonkeyPatch, tiny: V.Program, tmp_path: Path
) -> None:
    monkeypatch.setenv(V.INSPIREC_VARIABLE, "env PYTHONPATH=/frozen python3 -m inspirec")
    cmd = V.VARIANTS["inspirec"].command_for(tiny, tmp_path / "x")
    assert cmd is not None
    assert cmd[:5] == ["env", "PYTHONPATH=/frozen", "python3", "-m", "inspirec"]


def test_default_inspirec_command_runs_this_checkout_from_any_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Builds run in their output directory; there ``python -m inspirec`` found
    whatever copy was installed, not this checkout (regression)."""
    monkeypatch.delenv(V.INSPIREC_VARIABLE, raising=False)
    code = "import inspirec.analyses.policies as p, sys; sys.stdout.write(p.__file__)"
    cmd = V.inspirec_command()
    python = cmd[cmd.index("-m") - 1]
    proc = subprocess.run(
        [*cmd[: cmd.index("-m")], "-c", code], capture_output=True, text=True, cwd=tmp_path
    )
    assert python and proc.returncode == 0, proc.stderr
    assert Path(proc.stdout).resolve().is_relative_to(V.BENCH_DIR.parent.resolve())
    assert not Path(proc.stdout).resolve().is_relative_to(V.BENCH_DIR.parent / ".venv")


def test_variant_lists_keep_parameter_lists_whole() -> None:
    """A comma inside ``inspirec[...]`` separates parameters, not variants,
    on every command line that takes a variant list."""
    names = ["serial", "inspirec[queue_size=8,stack_bytes=64K]", "gomp"]
    assert V.split_names("serial, inspirec[queue_size=8,stack_bytes=64K],gomp,") == names
    args = cli.parser().parse_args(["run", "-v", ",".join(names)])
    assert args.variants == names
    args = cli.parser().parse_args(["micro", "-v", ",".join(names)])
    assert args.variants == names
    assert bots.parse_args(["-v", ",".join(names)]).variants == names
    with pytest.raises(ValueError, match="unbalanced"):
        V.split_names("inspirec[queue_size=8,gomp")


@pytest.mark.parametrize("argv", [["run", "-v"], ["micro", "-v"]])
@pytest.mark.parametrize("bad", ["inspirec[queue_size=8,gomp", "gomp]"])
def test_unbalanced_variant_list_is_a_usage_error(capsys, argv, bad) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.parser().parse_args([*argv, bad])
    assert exit_info.value.code == 2
    assert f"variant list {bad!r}" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        bots.parse_args(["-v", bad])
    assert exit_info.value.code == 2
    assert "python -m benchmarks.bots: error: argument -v/--variants: unbalanced" in (
        capsys.readouterr().err
    )


def test_param_variants() -> None:
    v = V.lookup("inspirec[stack_bytes=64K,queue_size=8]")
    assert v.params == (("queue_size", "8"), ("stack_bytes", "64K"))
    assert v.name == "inspirec[queue_size=8,stack_bytes=64K]"
    assert V.lookup(v.name) == v
    words = list(v.command)
    assert words[words.index("--param") + 1] == "queue_size=8"
    assert "/" not in v.slug and "[" not in v.slug
    assert v.slug != V.param_variant({"queue_size": "4"}).slug
    with pytest.raises(ValueError, match="unknown runtime parameter"):
        V.param_variant({"queue_length": "4"})
    with pytest.raises(KeyError):
        V.lookup("icc")


def test_build_is_cached_and_failures_are_notes(tiny: V.Program, build_dir: Path) -> None:
    first = V.build(tiny, V.VARIANTS["serial"], build_dir)
    assert first.ok and first.binary is not None
    stamp = first.binary.stat().st_mtime_ns
    again = V.build(tiny, V.VARIANTS["serial"], build_dir)
    assert again.binary == first.binary and first.binary.stat().st_mtime_ns == stamp
    broken = V.Variant(
        "broken",
        "does not link",
        V.SOURCE_OPENMP,
        ("gcc", "{src}", "-I{common}", "-o", "{out}"),
        V.RUNTIME_SERIAL,
    )
    res = V.build(tiny, broken, build_dir)
    assert not res.ok
    assert res.note.startswith("build failed:") and "bench_" in res.note
    absent = V.build(tiny, V.VARIANTS["tbb"], build_dir)
    assert not absent.ok and absent.note


# ---------------------------------------------------------------- running


def test_help_params(tiny: V.Program, build_dir: Path) -> None:
    binary = V.build(tiny, V.VARIANTS["serial"], build_dir).binary
    assert binary is not None
    params = suite.help_params(binary, "medium")
    assert params == [("n", "n", "16"), ("w", "w", "5000"), ("a", "a", "0")]
    assert suite.params_key(params) == "n=16 w=5000 a=0"


def test_peak_rss_is_the_programs_own(tiny: V.Program, build_dir: Path) -> None:
    binary = V.build(tiny, V.VARIANTS["serial"], build_dir).binary
    assert binary is not None
    small = M.run_binary(binary, ["-s", "test"], {}, 30)
    large = M.run_binary(binary, ["-s", "test", "-a", "64"], {}, 30)
    assert small.status == large.status == M.STATUS_OK
    assert small.fields["Benchmark"] == "tiny" and small.time_s is not None
    assert small.maxrss_kib < 16 * 1024  # not the size of the Python process
    assert large.maxrss_kib >= 64 * 1024


def test_time_limit_and_failures(tiny: V.Program, build_dir: Path) -> None:
    binary = V.build(tiny, V.VARIANTS["serial"], build_dir).binary
    assert binary is not None
    slow = M.run_binary(binary, ["-s", "medium"], {}, 0.5)
    assert slow.status == M.STATUS_TIMEOUT and slow.time_s is None
    assert slow.wall_s < 4
    bad = M.run_binary(binary, ["-s", "huge"], {}, 30)
    assert bad.status == M.STATUS_CRASHED and "exit status 2" in bad.detail


def test_environment_and_pinning() -> None:
    omp = M.environment(V.RUNTIME_OPENMP, 2, pin=True)
    assert omp == {"OMP_NUM_THREADS": "2", "OMP_PROC_BIND": "true", "OMP_PLACES": "cores"}
    rt = M.environment(V.RUNTIME_INSPIRE, 3, pin=True)
    assert rt["INSPIRE_NUM_WORKERS"] == "3" and rt["INSPIRE_AFFINITY"] == "compact"
    assert "INSPIRE_AFFINITY" not in M.environment(V.RUNTIME_INSPIRE, 3, pin=False)
    assert M.environment(V.RUNTIME_NATIVE, 2, pin=True) == {}
    cpus = M.cpu_list()
    assert M.pinned_cpus(V.RUNTIME_SERIAL, 8) == cpus[:1]
    assert M.pinned_cpus(V.RUNTIME_OPENMP, len(cpus)) == cpus
    assert M.pinned_cpus(V.RUNTIME_OPENMP, len(cpus) + 1) is None


def test_suite_run_and_report(tiny: V.Program, build_dir: Path, tmp_path: Path) -> None:
    csv_path = tmp_path / "raw" / "run.csv"
    rows = suite.run(
        [tiny], GCC_VARIANTS, [1, 2], "test", 2, build_dir, csv_path, 30, log=lambda _: None
    )
    assert all(r.status == M.STATUS_OK for r in rows), [r.detail for r in rows]
    keys = {(r.variant, r.threads, r.params) for r in rows}
    assert ("serial", 1, "n=8 w=0 a=0") in keys
    assert ("serial", 1, "n=6 w=0 a=0") in keys  # the reference of the pthread version
    assert ("gomp", 2, "n=8 w=0 a=0") in keys and ("pthread", 2, "n=6 w=0 a=0") in keys
    assert len(rows) == 2 * (2 + 2 * 2)
    assert R.read_csv(csv_path) == rows
    cells = R.aggregate(rows)
    gomp = cells[("tiny", "gomp", 2, "n=8 w=0 a=0")]
    assert gomp.time is not None and gomp.time.count == 2
    assert gomp.checksums == {"140"}
    text = R.summary_markdown(rows)
    assert "| tiny |" in text and "x (" in text and "¹" in text
    assert "## Notes\n\nNone." in text


def test_timed_out_configurations_are_not_repeated(
    tiny: V.Program, build_dir: Path, tmp_path: Path
) -> None:
    rows = suite.run(
        [tiny],
        [V.VARIANTS["serial"]],
        [1],
        "medium",
        3,
        build_dir,
        tmp_path / "run.csv",
        0.5,
        log=lambda _: None,
    )
    assert [r.status for r in rows] == [M.STATUS_TIMEOUT, M.STATUS_SKIPPED, M.STATUS_SKIPPED]
    assert any("timeout" in n for n in R.notes(rows))


def test_build_failures_are_reported_and_the_run_carries_on(
    tiny: V.Program, build_dir: Path, tmp_path: Path
) -> None:
    broken = V.Variant(
        "broken",
        "does not link",
        V.SOURCE_OPENMP,
        ("gcc", "{src}", "-o", "{out}"),
        V.RUNTIME_SERIAL,
    )
    messages: list[str] = []
    rows = suite.run(
        [tiny],
        [broken, V.VARIANTS["serial"]],
        [1],
        "test",
        1,
        build_dir,
        tmp_path / "run.csv",
        30,
        log=messages.append,
    )
    assert [r.status for r in rows] == [M.STATUS_BUILD_FAILED, M.STATUS_OK]
    assert any(m.startswith("note: tiny [broken]: build failed") for m in messages)
    assert R.notes(rows)[0].startswith("tiny [broken]: build failed")


def test_cli_run_and_report(
    bench_root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    args = [
        "run",
        "--bench-dir",
        str(bench_root),
        "-b",
        "tiny",
        "-v",
        "serial,gomp",
        "-s",
        "test",
        "-t",
        "1,2",
        "-r",
        "1",
        "--build-dir",
        str(tmp_path / "b"),
        "-o",
        str(out),
    ]
    assert cli.main(args) == 0
    assert (out / "raw" / "run.csv").exists() and (out / "summary.md").exists()
    (out / "summary.md").unlink()
    assert cli.main(["report", str(out / "raw" / "run.csv"), "-o", str(out)]) == 0
    assert "Speed-up over the serial elision" in (out / "summary.md").read_text()
    assert cli.main(["list", "--bench-dir", str(bench_root)]) == 0
    listing = capsys.readouterr().out
    assert "tiny             openmp pthread" in listing and "inspirec-none" in listing
    with pytest.raises(SystemExit):
        cli.main(["run", "--bench-dir", str(bench_root), "-b", "nosuch"])
    with pytest.raises(SystemExit):
        cli.main(["run", "--bench-dir", str(bench_root), "-v", "icc"])


def test_plots(tiny: V.Program, build_dir: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    rows = suite.run(
        [tiny],
        GCC_VARIANTS[:2],
        [1, 2],
        "test",
        1,
        build_dir,
        tmp_path / "run.csv",
        30,
        log=lambda _: None,
    )
    R.write_run_report(rows, tmp_path)
    assert (tmp_path / "time_vs_threads.png").stat().st_size > 1000
    assert (tmp_path / "memory.png").exists()
    assert "![time_vs_threads](time_vs_threads.png)" in (tmp_path / "summary.md").read_text()


def test_ratio_box_plots(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    rows = [
        R.Row(b, v, t, "medium", "n=1", 0, M.STATUS_OK, time, time, rss)
        for b in ("a", "b", "c")
        for t in (1, 2)
        for v, time, rss in (("inspirec-none", 2.0, 4000), ("inspirec", 1.0 * t, 1000))
    ]
    out = R.plot_ratio_boxes(
        rows, tmp_path / "box.png", "inspirec-none", "inspirec", "time", "T_default / T_tuned"
    )
    assert out is not None and out.stat().st_size > 1000
    assert R.plot_ratio_boxes(rows, tmp_path / "m.png", "inspirec-none", "inspirec", "rss", "m")


# ---------------------------------------------------------------- statistics


def test_statistics() -> None:
    s = S.summarize([3.0, 1.0, 2.0, 10.0])
    assert s is not None
    assert (s.median, s.minimum, s.maximum, s.count) == (2.5, 1.0, 10.0, 4)
    assert 1.0 <= s.ci_low <= 2.5 <= s.ci_high <= 10.0
    assert s == S.summarize([10.0, 2.0, 1.0, 3.0])  # seeded: the same data, the same interval
    assert S.summarize([]) is None
    assert S.speedup(2.0, 0.5) == 4.0 and S.speedup(None, 1.0) is None
    assert S.geomean([1.0, 4.0, None]) == pytest.approx(2.0)
    assert S.geomean([]) is None
    # paper 000 Table 5, Health: default 2.24 s, optimum 1.50 s, classified 1.73 s: 86.7 %
    share = S.share_of_optimum(2.24, 1.50, 1.73)
    assert share is not None and round(share * 100, 1) == 86.7
    assert S.imbalance([30, 10]) == 1.5 and S.imbalance([]) is None
    assert S.quartiles([1.0, 2.0, 3.0, 4.0, 5.0]) == (2.0, 3.0, 4.0)


def test_the_median_interval_narrows_with_more_repetitions() -> None:
    few = S.median_interval([1.0, 1.2, 0.9, 1.1, 1.5])
    many = S.median_interval([1.0, 1.2, 0.9, 1.1, 1.5] * 8)
    assert few[0] <= many[0] <= many[1] <= few[1]
    assert S.median_interval([2.0]) == (2.0, 2.0)


def test_ratio_table_and_geomean() -> None:
    def row(variant: str, t: float) -> R.Row:
        return R.Row("b", variant, 2, "test", "n=1", 0, M.STATUS_OK, t, t, 1000)

    rows = [row("inspirec-none", 2.0), row("inspirec", 1.0)]
    table = R.ratio_table(rows, "inspirec-none", ["inspirec"], "time")
    assert "| b | 2 |" in table and "| geometric mean | 2 |" in table


# ---------------------------------------------------------------- sweep


class FakeExplorer:
    """Times from a formula instead of builds and runs."""

    def __init__(self, cost: dict[str, dict[str, float]]) -> None:
        self.cost = cost
        self.times: dict[sweep.Config, float] = {}

    def measure(self, config: sweep.Config) -> float:
        if config not in self.times:
            self.times[config] = sum(self.cost[k].get(v, 1.0) for k, v in config)
        return self.times[config]


def test_coordinate_search_finds_a_separable_optimum() -> None:
    space = sweep.parse_space(["event_table_buckets=97", "param_buffer_bytes=128"])
    cost = {
        "queue_policy": {"push_front_steal_back": 0.2},
        "queue_size": {"8": 0.5, "4": 0.6},
        "event_table_buckets": {},
        "param_buffer_bytes": {},
        "stack_bytes": {"64K": 0.9},
    }
    explorer = FakeExplorer(cost)
    best = sweep.explore(explorer, space, "coordinate")  # type: ignore[arg-type]
    assert dict(best)["queue_policy"] == "push_front_steal_back"
    assert dict(best)["queue_size"] == "8" and dict(best)["stack_bytes"] == "64K"
    assert len(explorer.times) == sweep.configurations(space, "coordinate") == 1 + 3 + 5 + 9
    assert sweep.describe(best) == "queue_policy=push_front_steal_back queue_size=8 stack_bytes=64K"


def test_grid_search_and_space() -> None:
    space = {
        "queue_policy": ("push_back_steal_back", "push_front_steal_front"),
        "queue_size": ("16", "4", "8"),
    }
    explorer = FakeExplorer(
        {"queue_policy": {"push_front_steal_front": 0.1}, "queue_size": {"4": 0.3}}
    )
    best = sweep.explore(explorer, space, "grid")  # type: ignore[arg-type]
    assert best == (("queue_policy", "push_front_steal_front"), ("queue_size", "4"))
    assert len(explorer.times) == sweep.configurations(space, "grid") == 6
    assert sweep.TABLE_1["stack_bytes"][0] == "8M" and len(sweep.TABLE_1["stack_bytes"]) == 10
    assert sweep.describe(sweep.as_config(sweep.DEFAULTS)) == "defaults"
    with pytest.raises(ValueError):
        sweep.parse_space(["queue_size"])


def test_sweep_with_inspirec(tiny: V.Program, tmp_path: Path) -> None:
    why = V.missing(V.param_variant(sweep.DEFAULTS))
    if why is not None:
        pytest.skip(why)
    space = {name: (value,) for name, value in sweep.DEFAULTS.items()}
    space["queue_size"] = ("16", "4")
    rows = sweep.run(
        [tiny], space, "coordinate", [2], "test", 1, tmp_path / "build", tmp_path / "out", 60
    )
    explored = [r for r in rows if "[" in r.variant]
    assert len(explored) == 2 and all(r.status == M.STATUS_OK for r in rows), rows
    assert {r.params for r in rows} == {"n=8 w=0 a=0"}
    assert [r.variant for r in rows[2:5]] == ["sweep:default", "sweep:best", "inspirec"]
    assert len(rows) == 2 + 3 * 3
    best = (tmp_path / "out" / "best.json").read_text()
    assert '"queue_size"' in best
    report = sweep.write_report(rows, tmp_path / "out").read_text()
    assert "| tiny |" in report and "Table 5" in report


def test_table5_report() -> None:
    def row(variant: str, t: float, rep: int = 0) -> R.Row:
        return R.Row("b", variant, 2, "medium", "n=1", rep, M.STATUS_OK, t, t, 1000)

    best = V.param_variant({**sweep.DEFAULTS, "queue_size": "8"}).name
    default = V.param_variant(sweep.DEFAULTS).name
    rows = [
        row(default, 2.0),
        row(best, 1.0),
        row("sweep:default", 2.0),
        row("sweep:best", 1.0),
        row("inspirec", 1.25),
    ]
    table = sweep.table5(rows)
    assert "| b | 2 | 1 | 1.25 | 80.0% | queue_size=8 | 2 |" in table


# ---------------------------------------------------------------- micro-benchmark


def test_micro_benchmark(tmp_path: Path) -> None:
    configs = micro.configurations(["master", "parallel", "for"], 2000, [1], [0.02])
    assert micro.Config("master", 2000, 0, 0.02) in configs
    assert micro.Config("for", 2000, 50) in configs  # the homogeneous twin of the rate
    assert micro.Config("for", 2000, 0, 0.02) not in configs
    chosen = [micro.Config("master", 2000, 1), micro.Config("parallel", 2000, 0, 0.02)]
    variants = [V.VARIANTS["serial"], V.VARIANTS["gomp"], V.VARIANTS["inspirec"]]
    variants = [v for v in variants if V.missing(v) is None]
    rows = micro.run(
        variants, chosen, [1, 2], 1, tmp_path / "build", tmp_path / "out", 30, trace=True
    )
    assert len(rows) == 2 * (1 + 2 * (len(variants) - 1))
    for r in rows:
        assert r.status == M.STATUS_OK, r.detail
        assert sum(int(c) for c in r.counts.split()) == 2000
        assert len(r.counts.split()) == r.threads
    traces = list((tmp_path / "out" / "raw" / "traces").glob("*.csv"))
    assert len(traces) == len(rows)
    assert traces[0].read_text().startswith("task,thread,start_s,end_s\n")
    report = micro.write_report(rows, tmp_path / "out").read_text()
    assert "| n=2000 m=1 | master |" in report and "exp(λ=0.02)" in report


# ---------------------------------------------------------------- RESULTS.md


def test_results_keep_the_commentary() -> None:
    first = results.splice("", "tables v1\n")
    assert first.startswith("# Benchmark results") and "tables v1" in first
    edited = first.replace("# Benchmark results\n", "# Benchmark results\n\nMy analysis.\n")
    edited += "\nMore commentary.\n"
    second = results.splice(edited, "tables v2\n")
    assert "My analysis." in second and "More commentary." in second
    assert "tables v2" in second and "tables v1" not in second
