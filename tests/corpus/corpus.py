"""Catalogue of the C test corpus and the examples.

Programs live in three places:

* ``tests/corpus/seq/NAME.c`` - sequential programs (built with ``gcc -O2``),
* ``tests/corpus/par/NAME.c`` - parallel programs (OpenMP tasks, pthreads,
  C11 threads; built with ``gcc -O2 -fopenmp -pthread``),
* ``examples/NAME.c`` - the newcomer examples (kind decided by their content).

A folder ``seq/multi_NAME/`` or ``par/multi_NAME/`` is one program made of all
the ``.c`` files in it (plus headers), compiled together like ``gcc a.c b.c``.

Next to each program (next to the folder for multi-file programs):

* ``NAME.expected`` - the expected stdout,
* ``NAME.exitcode`` - the expected exit status, only when it is not 0,
* ``NAME.args`` - optional command-line arguments (one line, shell-quoted),
* ``NAME.nogcc`` - only for a program using OpenMP newer than the installed
  gcc accepts: why; its ``NAME.expected`` is written by hand and
  ``regenerate_expected.py`` leaves it alone,
* ``NAME.gccrace`` - only for a program whose gcc build loses updates now
  and then at more than one thread (a libgomp race, not the program's):
  why; gcc's build is compared at one thread only (inspirec's at all).

Every program is deterministic: parallel programs print the same output at
any thread count and under any schedule, so one expected file serves all
``THREAD_COUNTS``.  ``regenerate_expected.py`` writes the expected files from
gcc builds; other suites (inspirec round trips, differential runs) import this
module (the folder has no ``__init__.py``; put it on ``sys.path``)::

    sys.path.insert(0, str(REPO / "tests" / "corpus"))
    import corpus

    for prog in corpus.programs(kind="par"):
        exe = corpus.build_with_gcc(prog, out_dir)
        for threads in prog.thread_counts:
            proc = corpus.run_program(prog, exe, threads=threads)
            assert proc.stdout == prog.expected_stdout
            assert proc.returncode == prog.expected_exit
"""

from __future__ import annotations

import os
import shlex
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parent
REPO_ROOT = CORPUS_DIR.parent.parent
EXAMPLES_DIR = REPO_ROOT / "examples"

#: worker/thread counts at which parallel programs are checked
THREAD_COUNTS: tuple[int, ...] = (1, 2, 4)
#: seconds allowed for one run of one program
RUN_TIMEOUT = 30.0
#: seconds allowed for one gcc invocation
BUILD_TIMEOUT = 120.0

GCC_SEQ_FLAGS: tuple[str, ...] = ("-O2", "-Wall")
GCC_PAR_FLAGS: tuple[str, ...] = ("-O2", "-Wall", "-fopenmp", "-pthread")
LINK_LIBS: tuple[str, ...] = ("-lm",)

GROUPS: tuple[str, ...] = ("seq", "par", "examples")

_PARALLEL_MARKERS = ("#pragma omp", "<pthread.h>", "<threads.h>", "<omp.h>")


class BuildError(RuntimeError):
    """gcc failed to build a corpus program; the message holds its stderr."""


@dataclass(frozen=True)
class Program:
    """One corpus program (a single .c file or a multi-file folder)."""

    #: "seq/arith_conv", "par/multi_bots", "examples/fib"
    name: str
    #: "seq" or "par": how to build it and whether to vary the thread count
    kind: str
    #: "seq", "par" or "examples": where it lives
    group: str
    #: the .c files, in a stable (sorted) order
    sources: tuple[Path, ...]
    #: command-line arguments (from NAME.args)
    args: tuple[str, ...]
    #: NAME.expected
    expected_path: Path
    #: NAME.exitcode (may not exist: status 0)
    exitcode_path: Path

    @property
    def gcc_builds(self) -> bool:
        """Whether gcc accepts the program (no ``NAME.nogcc`` beside it)."""
        return not self.expected_path.with_suffix(".nogcc").is_file()

    @property
    def short_name(self) -> str:
        return self.name.split("/", 1)[1]

    @property
    def is_multi_file(self) -> bool:
        return len(self.sources) > 1

    @property
    def source_dir(self) -> Path:
        return self.sources[0].parent

    @property
    def has_expected(self) -> bool:
        return self.expected_path.is_file()

    @property
    def expected_stdout(self) -> str:
        """Expected stdout; raises FileNotFoundError before regeneration."""
        return self.expected_path.read_text()

    @property
    def expected_exit(self) -> int:
        if self.exitcode_path.is_file():
            return int(self.exitcode_path.read_text().strip())
        return 0

    @property
    def thread_counts(self) -> tuple[int | None, ...]:
        """Thread counts to run at; ``(None,)`` for sequential programs."""
        return THREAD_COUNTS if self.kind == "par" else (None,)

    @property
    def gcc_thread_counts(self) -> tuple[int | None, ...]:
        """Thread counts to run gcc's build at (one only under ``NAME.gccrace``)."""
        if self.expected_path.with_suffix(".gccrace").is_file():
            return (1,)
        return self.thread_counts

    @property
    def gcc_flags(self) -> tuple[str, ...]:
        return GCC_PAR_FLAGS if self.kind == "par" else GCC_SEQ_FLAGS

    def gcc_command(self, output: Path, cc: str = "gcc") -> list[str]:
        """The argument list that builds this program with gcc."""
        return [
            cc,
            *self.gcc_flags,
            *(str(s) for s in self.sources),
            "-o",
            str(output),
            *LINK_LIBS,
        ]

    def __str__(self) -> str:
        return self.name


def _read_args(path: Path) -> tuple[str, ...]:
    if not path.is_file():
        return ()
    return tuple(shlex.split(path.read_text().strip()))


def _detect_kind(sources: Iterable[Path]) -> str:
    for src in sources:
        text = src.read_text()
        if any(marker in text for marker in _PARALLEL_MARKERS):
            return "par"
    return "seq"


def _make(group: str, base: Path, stem: str, sources: Sequence[Path], kind: str) -> Program:
    return Program(
        name=f"{group}/{stem}",
        kind=kind,
        group=group,
        sources=tuple(sources),
        args=_read_args(base / f"{stem}.args"),
        expected_path=base / f"{stem}.expected",
        exitcode_path=base / f"{stem}.exitcode",
    )


def _discover_group(group: str) -> list[Program]:
    base = EXAMPLES_DIR if group == "examples" else CORPUS_DIR / group
    if not base.is_dir():
        return []
    found: list[Program] = []
    for entry in sorted(base.iterdir()):
        if entry.is_file() and entry.suffix == ".c":
            srcs = [entry]
        elif entry.is_dir() and entry.name.startswith("multi_"):
            srcs = sorted(entry.glob("*.c"))
            if not srcs:
                continue
        else:
            continue
        kind = group if group in ("seq", "par") else _detect_kind(srcs)
        found.append(_make(group, base, entry.stem if entry.is_file() else entry.name, srcs, kind))
    return found


def programs(kind: str | None = None, group: str | None = None) -> list[Program]:
    """All programs, optionally filtered by kind ("seq"/"par") and group."""
    result: list[Program] = []
    for g in GROUPS:
        if group is not None and g != group:
            continue
        result.extend(p for p in _discover_group(g) if kind is None or p.kind == kind)
    return result


def get(name: str) -> Program:
    """The program called ``name`` (e.g. "par/fib_cutoff")."""
    for prog in programs():
        if prog.name == name:
            return prog
    raise KeyError(name)


def compile_with_gcc(program: Program, out_dir: Path, cc: str = "gcc") -> tuple[Path, str]:
    """Build ``program`` with gcc into ``out_dir``.

    Returns the executable and gcc's diagnostics (empty when warning-free);
    raises BuildError when gcc fails.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    exe = out_dir / program.name.replace("/", "__")
    proc = subprocess.run(
        program.gcc_command(exe, cc=cc),
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        check=False,
    )
    if proc.returncode != 0:
        raise BuildError(f"{program.name}: gcc failed:\n{proc.stderr}")
    return exe, proc.stderr


def build_with_gcc(
    program: Program, out_dir: Path, cc: str = "gcc", check_warnings: bool = False
) -> Path:
    """Build ``program`` with gcc into ``out_dir``; return the executable.

    Raises BuildError on failure, or on any compiler output when
    ``check_warnings`` is true.
    """
    exe, diagnostics = compile_with_gcc(program, out_dir, cc=cc)
    if check_warnings and diagnostics.strip():
        raise BuildError(f"{program.name}: gcc printed diagnostics:\n{diagnostics}")
    return exe


def build_source_with_gcc(src: Path, exe: Path, *flags: str) -> Path:
    """Compile the C file ``src`` with ``gcc FLAGS`` into ``exe`` (a test's
    reference build); raises CalledProcessError when gcc fails."""
    subprocess.run(
        ["gcc", *flags, str(src), "-o", str(exe)],
        check=True,
        capture_output=True,
        timeout=BUILD_TIMEOUT,
    )
    return exe


def run_env(threads: int | None, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """Environment for one run: OMP_NUM_THREADS (and INSPIRE_NUM_WORKERS) set when given."""
    env = dict(os.environ)
    if threads is not None:
        env["OMP_NUM_THREADS"] = str(threads)
        env["INSPIRE_NUM_WORKERS"] = str(threads)
    if extra:
        env.update(extra)
    return env


def run_program(
    program: Program,
    exe: Path,
    threads: int | None = None,
    timeout: float = RUN_TIMEOUT,
    env_extra: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run an executable built from ``program`` with its arguments.

    Raises subprocess.TimeoutExpired when it runs longer than ``timeout``.
    """
    return run_binary(exe, program.args, threads, timeout, env_extra)


def run_binary(
    exe: Path,
    args: Sequence[str] = (),
    threads: int | None = None,
    timeout: float = RUN_TIMEOUT,
    env_extra: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run an executable with ``args`` at ``threads`` threads (see :func:`run_env`).

    Raises subprocess.TimeoutExpired when it runs longer than ``timeout``.
    """
    return subprocess.run(
        [str(exe), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=run_env(threads, env_extra),
        stdin=subprocess.DEVNULL,
        check=False,
    )
