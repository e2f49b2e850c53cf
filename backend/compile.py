"""Building executables from emitted C units (:func:`build_executable`).

The C compiler always runs from an argument list (never a shell), in two
steps so that a failure names its cause: compiling (the emitted unit, and
the runtime's sources with the unit's configuration) and linking (the
objects with the caller's other link inputs and libraries).  The runtime's
objects come from the cache of :mod:`backend.runtime_cache` when an earlier
build compiled them with the same command.  A compile
failure with ``-Wc`` flags (:attr:`CCOptions.extra`) is retried without
them: if that succeeds, the flags are to blame and the error says so.
Temporary files live in a private directory that is removed afterwards
unless the caller keeps it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from inspirec.backend.runtime import RuntimeMissing, config_flags, runtime_sources
from inspirec.backend.runtime_cache import runtime_objects
from inspirec.backend.unit import CUnit


class CCompilerError(Exception):
    """The C compiler could not be run, or compiling or linking failed.

    ``stage`` says what failed: ``"run"`` (the compiler could not be
    started), ``"flags"`` (the user's ``-Wc`` flags), ``"emitted"`` (the
    emitted C or the runtime) or ``"link"`` (the linker).
    """

    def __init__(self, message: str, stage: str):
        super().__init__(message)
        self.stage = stage


@dataclass(frozen=True)
class CCOptions:
    """How to run the C compiler.

    ``extra`` goes to every compile and link command (``-Wc`` flags),
    ``link_flags`` only to the link command (e.g. ``-Wl,...``).
    """

    cc: str = "cc"
    optimize: str = "3"
    debug: bool = False
    libs: tuple[str, ...] = ()
    lib_dirs: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    link_flags: tuple[str, ...] = ()
    keep_temps: bool = False
    default_libs: tuple[str, ...] = field(default=("-lm", "-pthread"))

    def compile_command(self, sources: Sequence[str], flags: Sequence[str] = ()) -> list[str]:
        """``cc -c`` of ``sources`` (objects land in the working directory)."""
        argv = [self.cc, f"-O{self.optimize}"] + (["-g"] if self.debug else [])
        return [*argv, *flags, *self.extra, "-c", *sources]

    def link_command(self, inputs: Sequence[str], output: str) -> list[str]:
        """The link command: ``inputs`` (objects, archives, ``-l`` flags) in order, then
        the library directories and libraries of the options."""
        argv = [self.cc, f"-O{self.optimize}"] + (["-g"] if self.debug else [])
        argv += [*self.extra, *self.link_flags, "-o", output, *inputs]
        argv += [f"-L{d}" for d in self.lib_dirs]
        argv += [f"-l{lib}" for lib in self.libs]
        return argv + list(self.default_libs)


Log = Callable[[str], None]


def _run(argv: list[str], options: CCOptions, cwd: str | None, log: Log | None):
    if log is not None:
        log(" ".join(argv))
    try:
        return subprocess.run(argv, capture_output=True, text=True, check=False, cwd=cwd)
    except OSError as err:
        raise CCompilerError(
            f"cannot run the C compiler '{options.cc}': {err.strerror or err}", "run"
        ) from None


def _compile(
    what: str, sources: list[str], flags: list[str], options: CCOptions, cwd: str, log: Log | None
) -> None:
    proc = _run(options.compile_command(sources, flags), options, cwd, log)
    if proc.returncode == 0:
        return
    if options.extra:
        bare = CCOptions(options.cc, options.optimize, options.debug)
        retry = subprocess.run(
            bare.compile_command(sources, flags), capture_output=True, cwd=cwd, check=False
        )
        if retry.returncode == 0:
            raise CCompilerError(
                f"the C compiler '{options.cc}' failed (exit status {proc.returncode}) with the "
                f"flags given by -Wc ({' '.join(options.extra)}); without them it compiles:\n"
                f"{proc.stderr.rstrip()}",
                "flags",
            )
    raise CCompilerError(
        f"the C compiler '{options.cc}' failed (exit status {proc.returncode}) on {what}:\n"
        f"{proc.stderr.rstrip()}",
        "emitted",
    )


def build_executable(
    unit: CUnit,
    output: str,
    options: CCOptions,
    link_inputs: Sequence[str] = (),
    log: Log | None = None,
) -> str | None:
    """Compile ``unit`` (with the runtime, if it needs it) and link the executable ``output``.

    ``link_inputs`` (objects, archives, ``-lNAME``) are linked after the
    unit, in their order.  Returns the temporary directory when
    ``options.keep_temps`` is set (it holds ``NAME.c``), else None.  ``log``,
    if given, is called with each command line before it runs.  Raises
    :class:`CCompilerError`.
    """
    temp = tempfile.mkdtemp(prefix="inspirec-")
    try:
        src = os.path.join(temp, f"{unit.name}.c")
        with open(src, "w", encoding="utf-8") as f:
            f.write(unit.text)
        program_dir = os.path.join(temp, "program")
        os.mkdir(program_dir)
        objects = [os.path.join(program_dir, f"{unit.name}.o")]
        flags: list[str] = []
        runtime_srcs: list[str] = []
        if unit.needs_runtime:
            try:
                runtime_srcs, include = runtime_sources()
            except RuntimeMissing as err:
                raise CCompilerError(str(err), "run") from None
            flags = [f"-I{include}", *config_flags(unit.config)]
        simd = ["-fopenmp-simd"] if unit.simd_hints else []
        aliasing = [] if unit.strict_aliasing else ["-fno-strict-aliasing"]
        _compile("the emitted C", [src], [*flags, *simd, *aliasing], options, program_dir, log)
        if runtime_srcs:
            runtime_dir = os.path.join(temp, "runtime")
            os.mkdir(runtime_dir)
            objects += runtime_objects(
                runtime_srcs,
                options.compile_command([], flags),
                options.cc,
                lambda d: _compile("the inspire runtime", runtime_srcs, flags, options, d, log),
                runtime_dir,
                log,
            )
        link = options.link_command([*objects, *link_inputs], output)
        proc = _run(link, options, None, log)  # the caller's directory: relative inputs
        if proc.returncode != 0:
            raise CCompilerError(
                f"linking with '{options.cc}' failed (exit status {proc.returncode}):\n"
                f"{proc.stderr.rstrip()}",
                "link",
            )
        return temp if options.keep_temps else None
    finally:
        if not options.keep_temps:
            shutil.rmtree(temp, ignore_errors=True)
