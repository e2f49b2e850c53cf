"""The benchmark programs, the variants they are built in, and building them.

A *program* is a directory ``<root>/<name>/`` holding ``<name>.c`` (the
OpenMP-task kernel for ``<root>/common/driver.c``) and optionally
``<name>_pthread.c`` (thread create/join version) and ``<name>_tbb.cpp``
(oneTBB version).

A *variant* is data: which source of a program it builds (``source``), the
build command as a template (``command``; placeholders below), how the
thread count and pinning reach the program at run time (``runtime``) and
what it needs on the machine (``needs``).  Placeholders in a command:

* ``{src}`` the program's source for this variant, ``{driver}`` the shared
  driver (left out for programs with their own ``main``), ``{common}`` its
  directory, ``{out}`` the executable, ``{inspirec}`` the words that run
  inspirec (:func:`inspirec_command`);
* ``{extra}`` expands to the list of extra words (``-D``/``-l`` flags) the
  caller passes, e.g. the micro-benchmark's work library.

:func:`param_variant` makes the inspirec variants with explicit runtime
parameters (``--param NAME=VALUE``) that the sweep explores.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
DEFAULT_BUILD_DIR = BENCH_DIR / "build"

# how a variant's program learns its thread count and pinning
RUNTIME_SERIAL = "serial"  # one thread, nothing to set
RUNTIME_OPENMP = "openmp"  # OMP_NUM_THREADS, OMP_PROC_BIND/OMP_PLACES (libgomp, libomp)
RUNTIME_INSPIRE = "inspire"  # INSPIRE_NUM_WORKERS, INSPIRE_AFFINITY
RUNTIME_TBB = "tbb"  # OMP_NUM_THREADS read by bench_tbb.h; pinned by the CPU mask only
RUNTIME_NATIVE = "native"  # thread per task: no thread count, pinned by the CPU mask only

SOURCE_OPENMP = "openmp"
SOURCE_PTHREAD = "pthread"
SOURCE_TBB = "tbb"

# environment variable with the command that runs inspirec (default: this Python's
# ``-m inspirec`` from this checkout), e.g. ``env PYTHONPATH=/tmp/frozen python3 -m
# inspirec`` to measure a frozen copy of the compiler while its working tree changes
INSPIREC_VARIABLE = "BENCH_INSPIREC"


def inspirec_command() -> list[str]:
    """The words that run inspirec: ``$BENCH_INSPIREC``, else this Python's ``-m
    inspirec`` with this checkout first on ``PYTHONPATH``, so that builds (which
    run in their output directory) measure this checkout's compiler, not some
    other installed copy."""
    text = os.environ.get(INSPIREC_VARIABLE, "").strip()
    if text:
        return shlex.split(text)
    return ["env", f"PYTHONPATH={BENCH_DIR.parent}", sys.executable, "-m", "inspirec"]


#: Code alignment every variant is compiled with.  On this machine the
#: place of a hot loop relative to 64-byte boundaries decides up to a third
#: of a kernel's time: BOTS sparselu_for's own code, shifted by 32 bytes when
#: the runtime grew, ran 0.158 s or 0.212 s at one worker, and gcc's libgomp
#: build of it 0.212 s with its default alignment and 0.158 s with this one
#: (2026-11-26).  Aligning everything measures the runtimes, not the linker.
ALIGN = ("-falign-functions=64", "-falign-loops=64")
#: :data:`ALIGN` passed through ``inspirec build`` to the C compiler.
INSPIREC_ALIGN = "-Wc," + ",".join(ALIGN)
INSPIREC = ("{inspirec}", "build", INSPIREC_ALIGN)


@dataclass(frozen=True)
class Program:
    """One benchmark program: its directory and the sources found there."""

    name: str
    directory: Path
    common: Path
    uses_driver: bool = True

    def source(self, kind: str) -> Path | None:
        """The source of kind ``openmp``/``pthread``/``tbb``, or None if absent."""
        suffix = {SOURCE_OPENMP: ".c", SOURCE_PTHREAD: "_pthread.c", SOURCE_TBB: "_tbb.cpp"}[kind]
        path = self.directory / f"{self.name}{suffix}"
        return path if path.exists() else None

    def inputs(self) -> list[Path]:
        """Every file a build of this program may read (for rebuild checks)."""
        files = [p for p in self.directory.iterdir() if p.suffix in (".c", ".cpp", ".h")]
        files += [p for p in self.common.iterdir() if p.suffix in (".c", ".h")]
        return sorted(files)


# directories below the benchmark root that are not driver programs
NOT_PROGRAMS = ("common", "microbench", "build", "results")


def discover(root: Path = BENCH_DIR) -> dict[str, Program]:
    """Every program below ``root``: directories ``<name>/`` holding ``<name>.c``."""
    common = root / "common"
    found = {}
    for src in sorted(root.glob("*/*.c")):
        if src.stem == src.parent.name and src.parent.name not in NOT_PROGRAMS:
            found[src.stem] = Program(src.stem, src.parent, common)
    return found


@dataclass(frozen=True)
class Variant:
    """One way to build and run a program; see the module docstring."""

    name: str
    description: str
    source: str
    command: tuple[str, ...]
    runtime: str
    needs: tuple[str, ...] = ()
    params: tuple[tuple[str, str], ...] = field(default=())

    @property
    def slug(self) -> str:
        """A file-name-safe form of the name (parameter variants get a hash)."""
        if not self.params:
            return self.name
        digest = hashlib.sha1(self.name.encode()).hexdigest()[:10]
        return f"inspirec-param-{digest}"

    def command_for(
        self, program: Program, out: Path, extra: Sequence[str] = ()
    ) -> list[str] | None:
        """The build command for ``program``, or None if it lacks this variant's source."""
        src = program.source(self.source)
        if src is None:
            return None
        values = {
            "src": str(src),
            "driver": str(program.common / "driver.c"),
            "common": str(program.common),
            "out": str(out),
        }
        cmd: list[str] = []
        for word in self.command:
            if "{driver}" in word and not program.uses_driver:
                continue
            if word == "{extra}":
                cmd.extend(extra)
            elif word == "{inspirec}":
                cmd.extend(inspirec_command())
            else:
                cmd.append(word.format(**values))
        return cmd


_GCC_WARN = ("-O3", *ALIGN, "-w")
_C_TAIL = ("{src}", "{driver}", "-I{common}", "{extra}", "-lm", "-o", "{out}")
_INSPIREC_TAIL = ("{src}", "{driver}", "-I{common}", "{extra}", "-o", "{out}")


def _inspirec(name: str, description: str, *flags: str, source: str = SOURCE_OPENMP) -> Variant:
    needs = ("inspirec", *(f"inspirec:{f}" for f in flags if f.startswith("--")))
    return Variant(
        name,
        description,
        source,
        (*INSPIREC, *flags, *_INSPIREC_TAIL),
        RUNTIME_INSPIRE if source == SOURCE_OPENMP else RUNTIME_NATIVE,
        needs,
    )


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            "serial",
            "serial elision: gcc -O3, OpenMP pragmas ignored",
            SOURCE_OPENMP,
            ("gcc", *_GCC_WARN, *_C_TAIL),
            RUNTIME_SERIAL,
            ("gcc",),
        ),
        Variant(
            "gomp",
            "gcc -O3 -fopenmp (libgomp)",
            SOURCE_OPENMP,
            ("gcc", *_GCC_WARN, "-fopenmp", *_C_TAIL),
            RUNTIME_OPENMP,
            ("gcc",),
        ),
        Variant(
            "omp-clang",
            "clang -O3 -fopenmp (libomp)",
            SOURCE_OPENMP,
            ("clang", *_GCC_WARN, "-fopenmp", *_C_TAIL),
            RUNTIME_OPENMP,
            ("clang", "libomp"),
        ),
        Variant(
            "tbb",
            "oneTBB task_group version, g++ -O3",
            SOURCE_TBB,
            (
                "g++",
                *_GCC_WARN,
                "-DBENCH_THREADS_FROM_ENV",
                "-I{common}",
                "{src}",
                "-x",
                "c",
                "{driver}",
                "-x",
                "none",
                "{extra}",
                "-ltbb",
                "-lm",
                "-o",
                "{out}",
            ),
            RUNTIME_TBB,
            ("g++", "tbb"),
        ),
        Variant(
            "pthread",
            "thread create/join version, gcc -O3 -pthread",
            SOURCE_PTHREAD,
            ("gcc", *_GCC_WARN, "-pthread", *_C_TAIL),
            RUNTIME_NATIVE,
            ("gcc",),
        ),
        _inspirec(
            "inspirec-pthread",
            "thread create/join version through inspirec",
            source=SOURCE_PTHREAD,
        ),
        _inspirec("inspirec", "inspirec build (default: --tuning full)"),
        Variant(
            "inspirec-serial",
            "inspirec build --serial: the serial clones only, no runtime (a serial reference)",
            SOURCE_OPENMP,
            (*INSPIREC, "--serial", *_INSPIREC_TAIL),
            RUNTIME_SERIAL,
            ("inspirec", "inspirec:--serial"),
        ),
        _inspirec(
            "inspirec-paper", "inspirec --tuning paper (paper 000's tree)", "--tuning", "paper"
        ),
        _inspirec("inspirec-none", "inspirec --tuning none (runtime defaults)", "--tuning", "none"),
        _inspirec(
            "inspirec-classify",
            "inspirec --tuning classify",
            "--tuning",
            "classify",
        ),
        _inspirec("inspirec-nocoalesce", "inspirec --no-coalesce", "--no-coalesce"),
    )
}

DEFAULT_VARIANTS = tuple(VARIANTS)

# The runtime parameters of paper 000 Table 1 as inspirec --param names.
PARAM_NAMES = (
    "queue_policy",
    "queue_size",
    "event_table_buckets",
    "param_buffer_bytes",
    "stack_bytes",
)


def param_variant(params: Mapping[str, str]) -> Variant:
    """inspirec with explicit runtime parameters: ``--param NAME=VALUE`` each."""
    items = tuple((k, str(params[k])) for k in PARAM_NAMES if k in params)
    unknown = sorted(set(params) - set(PARAM_NAMES))
    if unknown:
        raise ValueError(f"unknown runtime parameter(s): {', '.join(unknown)}")
    flags: list[str] = []
    for key, value in items:
        flags += ["--param", f"{key}={value}"]
    name = "inspirec[" + ",".join(f"{k}={v}" for k, v in items) + "]"
    return Variant(
        name,
        "inspirec with explicit runtime parameters",
        SOURCE_OPENMP,
        (*INSPIREC, *flags, *_INSPIREC_TAIL),
        RUNTIME_INSPIRE,
        ("inspirec", "inspirec:--param"),
        items,
    )


def split_names(text: str) -> list[str]:
    """The names in a comma-separated variant list.  A comma inside
    ``[...]`` belongs to the name (``inspirec[queue_size=8,stack_bytes=64K]``
    is one variant); blank items are dropped.  Raises ValueError for
    unbalanced brackets."""
    names: list[str] = []
    depth = start = 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise ValueError(f"unbalanced ']' in the variant list {text!r}")
        elif ch == "," and depth == 0:
            names.append(text[start:i])
            start = i + 1
    if depth:
        raise ValueError(f"unbalanced '[' in the variant list {text!r}")
    names.append(text[start:])
    return [name.strip() for name in names if name.strip()]


def variant_list_arg(text: str) -> list[str]:
    """:func:`split_names` as an argparse ``type`` (bad lists are usage errors)."""
    try:
        return split_names(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def lookup(name: str) -> Variant:
    """A variant by name: a table entry or ``inspirec[k=v,...]``."""
    if name in VARIANTS:
        return VARIANTS[name]
    m = re.fullmatch(r"inspirec\[(.*)\]", name)
    if m:
        params = dict(item.split("=", 1) for item in m.group(1).split(",") if item)
        return param_variant(params)
    raise KeyError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")


# ---------------------------------------------------------------- machine


@functools.cache
def _inspirec_build_help() -> str:
    res = subprocess.run(
        [*inspirec_command(), "build", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        cwd=tempfile.gettempdir(),
    )
    return res.stdout if res.returncode == 0 else ""


def _have_header(*parts: str) -> bool:
    return any(Path(d, *parts).exists() for d in ("/usr/include", "/usr/local/include"))


def _clang_has_libomp() -> bool:
    """Whether clang links an OpenMP program (libomp installed)."""
    clang = shutil.which("clang")
    if clang is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        res = subprocess.run(
            [clang, "-fopenmp", "-x", "c", "-", "-o", os.path.join(tmp, "probe")],
            input="#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n",
            capture_output=True,
            text=True,
            check=False,
        )
    return res.returncode == 0


_NEEDS: dict[str, Callable[[], bool]] = {
    "gcc": lambda: shutil.which("gcc") is not None,
    "g++": lambda: shutil.which("g++") is not None,
    "clang": lambda: shutil.which("clang") is not None,
    "libomp": _clang_has_libomp,
    "tbb": lambda: _have_header("tbb", "task_group.h"),
    "inspirec": lambda: "usage:" in _inspirec_build_help(),
}


@functools.cache
def _has(need: str) -> bool:
    if need.startswith("inspirec:"):
        return need.split(":", 1)[1] in _inspirec_build_help()
    return _NEEDS[need]()


def missing(variant: Variant) -> str | None:
    """Why ``variant`` cannot be built on this machine, or None if it can."""
    for need in variant.needs:
        if not _has(need):
            if need.startswith("inspirec:"):
                return f"this inspirec build has no {need.split(':', 1)[1]} option"
            return f"{need} is not installed"
    return None


# ---------------------------------------------------------------- building


@dataclass
class BuildResult:
    """The executable of one (program, variant), or why there is none."""

    program: str
    variant: str
    binary: Path | None
    note: str = ""

    @property
    def ok(self) -> bool:
        return self.binary is not None


def _first_lines(text: str, count: int = 3) -> str:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    return " | ".join(lines[:count])


def _compiler_files(variant: Variant) -> list[Path]:
    """The files of this checkout's compiler and runtime, when ``variant`` is
    built by it: a binary older than one of them is stale.  (A frozen copy
    chosen with BENCH_INSPIREC does not change while it is measured.)"""
    if "{inspirec}" not in variant.command or os.environ.get(INSPIREC_VARIABLE, "").strip():
        return []
    root = BENCH_DIR.parent
    parts = ("inspire", "frontend", "analyses", "backend", "inspirec", "runtime_c")
    return [
        p
        for part in parts
        for p in sorted((root / part).rglob("*"))
        if p.is_file() and p.suffix in (".py", ".c", ".h", ".lark")
    ]


def build(
    program: Program,
    variant: Variant,
    build_dir: Path,
    extra: Sequence[str] = (),
    inputs: Iterable[Path] = (),
) -> BuildResult:
    """Build ``program`` in ``variant`` below ``build_dir`` unless an up-to-date
    binary built by the same command is there already (newer than the
    program's sources and, for inspirec variants, than the compiler's)."""
    why = missing(variant)
    if why is not None:
        return BuildResult(program.name, variant.name, None, why)
    out = build_dir / variant.slug / program.name
    cmd = variant.command_for(program, out, extra)
    if cmd is None:
        return BuildResult(program.name, variant.name, None, f"no {variant.source} source")
    stamp = out.with_name(out.name + ".cmd")
    sources = [*program.inputs(), *inputs, *_compiler_files(variant)]
    text = "\n".join(cmd)
    if (
        out.exists()
        and stamp.exists()
        and stamp.read_text() == text
        and all(p.stat().st_mtime <= out.stat().st_mtime for p in sources)
    ):
        return BuildResult(program.name, variant.name, out)
    out.parent.mkdir(parents=True, exist_ok=True)
    # not run from the repository root, so that BENCH_INSPIREC can select another copy
    res = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=out.parent)
    if res.returncode != 0 or not out.exists():
        note = _first_lines(res.stderr or res.stdout) or f"exit status {res.returncode}"
        return BuildResult(program.name, variant.name, None, f"build failed: {note}")
    stamp.write_text(text)
    return BuildResult(program.name, variant.name, out)


def build_all(
    jobs: Sequence[tuple[Program, Variant]],
    build_dir: Path,
    extra: Sequence[str] = (),
    inputs: Iterable[Path] = (),
    parallel: int = 2,
    on_done: Callable[[BuildResult], None] | None = None,
) -> dict[tuple[str, str], BuildResult]:
    """Build every (program, variant) pair, ``parallel`` at a time."""
    inputs = list(inputs)
    results: dict[tuple[str, str], BuildResult] = {}
    with ThreadPoolExecutor(max_workers=max(1, parallel)) as pool:
        futures = [pool.submit(build, p, v, build_dir, extra, inputs) for p, v in jobs]
        for fut in futures:
            res = fut.result()
            results[(res.program, res.variant)] = res
            if on_done is not None:
                on_done(res)
    return results


def applicable(program: Program, variant: Variant) -> bool:
    """Whether ``program`` has the source ``variant`` builds."""
    return program.source(variant.source) is not None
