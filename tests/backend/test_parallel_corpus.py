"""Parallel corpus through inspirec: the same output as the gcc build (OpenMP,
POSIX and C11 threads) at 1, 2 and 4 workers, every run under a timeout.

Two levels:

* every program with the default runtime configuration, built through
  :func:`backend.build_executable` as ``inspirec build`` does;
* the differential grid: every program that uses the runtime, for every queue
  policy and queue sizes 1 (by default a seeded sample of the pairs with
  every configuration in it, see :func:`grid_cases`; the rest under the slow
  marker).  The runtime is
  compiled once per configuration into a static library (the configuration is
  fixed by ``-D`` macros when it is compiled) and each program is compiled
  once per configuration (without optimisation: the first test covers the
  optimised build) and run at each worker count.
"""

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from inspirec.analyses import QUEUE_POLICIES, RuntimeConfig
from inspirec.backend.runtime import config_flags, runtime_sources
from inspirec.frontend import CompileError, parse_program

from inspirec import backend

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402
from matrix_sample import sample  # noqa: E402

NOT_YET: dict[str, str] = {}

PROGRAMS = [p for p in corpus.programs() if p.kind == "par"]

GRID_SIZES = (1, 16, 128)
GRID = [
    RuntimeConfig(queue_policy=policy, queue_size=size)
    for policy in QUEUE_POLICIES
    for size in GRID_SIZES
    if RuntimeConfig(queue_policy=policy, queue_size=size) != RuntimeConfig()
]  # the default configuration is the first test's
RUNTIME_FLAGS = ("-O2",)
PROGRAM_FLAGS = ("-O0",)


def check_runs(prog, exe: Path, what: str) -> None:
    for workers in corpus.THREAD_COUNTS:
        try:
            proc = corpus.run_program(prog, exe, threads=workers, timeout=corpus.RUN_TIMEOUT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{what}, {workers} workers: timed out after {corpus.RUN_TIMEOUT} s")
        assert proc.stdout == prog.expected_stdout, f"{what}, {workers} workers"
        assert proc.returncode == prog.expected_exit, f"{what}, {workers} workers"


def lower(prog):
    paths = [str(s) for s in prog.sources]
    if prog.name in NOT_YET:
        with pytest.raises(CompileError, match=NOT_YET[prog.name]):
            parse_program(paths)
        pytest.skip(f"not supported yet: {NOT_YET[prog.name]}")
    return parse_program(paths)


@pytest.mark.parametrize("prog", PROGRAMS, ids=lambda p: p.name)
def test_parallel_program_matches_gcc(prog, tmp_path):
    program = lower(prog)
    config = RuntimeConfig()
    exe = tmp_path / "prog"
    backend.build_executable(
        backend.emit_unit(program, config), str(exe), backend.CCOptions(cc="gcc", optimize="2")
    )
    check_runs(prog, exe, "default configuration")


class RuntimeLibraries:
    """The runtime compiled into one static library per configuration, on demand."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.built: dict[RuntimeConfig, Path] = {}

    def get(self, config: RuntimeConfig) -> Path:
        if config not in self.built:
            sources, include = runtime_sources()
            out = self.directory / f"p{config.queue_policy}_q{config.queue_size}"
            out.mkdir()
            objects = [str(out / (Path(src).stem + ".o")) for src in sources]
            commands = [
                ["gcc", *RUNTIME_FLAGS, f"-I{include}", *config_flags(config), "-c", src, "-o", obj]
                for src, obj in zip(sources, objects, strict=True)
            ]
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:  # the compilers
                for done in pool.map(lambda c: subprocess.run(c, capture_output=True), commands):
                    done.check_returncode()
            lib = out / "libinspire.a"
            subprocess.run(["ar", "rcs", str(lib), *objects], check=True, capture_output=True)
            self.built[config] = lib
        return self.built[config]


@pytest.fixture(scope="session")
def runtime_libraries(tmp_path_factory):
    return RuntimeLibraries(tmp_path_factory.mktemp("runtime"))


def grid_cases() -> list:
    """Every (program, configuration) pair of :data:`GRID`: by default a
    seeded sample of about a quarter as many pairs as there are programs
    (each configuration in it at least once), the other pairs under the slow
    marker (the first test runs every program)."""
    pairs = [
        pytest.param(prog, config, id=f"{prog.name}-{config.queue_policy}-q{config.queue_size}")
        for prog in PROGRAMS
        for config in GRID
    ]
    return sample(pairs, seed=20261126, share=4 * len(GRID), categories=lambda _, config: (config,))


@pytest.mark.parametrize(("prog", "config"), grid_cases())
def test_parallel_program_over_the_configuration_grid(prog, config, runtime_libraries, tmp_path):
    program = lower(prog)
    if not backend.uses_runtime(program):
        pytest.skip("every thread of this program stays an OS thread: no runtime")
    _, include = runtime_sources()
    source = tmp_path / "prog.c"
    source.write_text(backend.emit_c(program, config))
    exe = tmp_path / "prog"
    build = subprocess.run(
        ["gcc", *PROGRAM_FLAGS, f"-I{include}", *config_flags(config), str(source),
         str(runtime_libraries.get(config)), "-o", str(exe), "-lm", "-pthread"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    check_runs(prog, exe, f"{config.queue_policy}, queue size {config.queue_size}")
