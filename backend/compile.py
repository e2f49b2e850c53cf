"""Invoking the C compiler on emitted C.

The compiler always runs from an argument list (never a shell).  Temporary
files live in a private directory that is removed afterwards unless the
caller keeps it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from inspirec.analyses import RuntimeConfig
from inspirec.backend.runtime import RuntimeMissing, config_flags, runtime_sources


class CCompilerError(Exception):
    """The C compiler could not be run or rejected the emitted C."""


@dataclass(frozen=True)
class CCOptions:
    """How to run the C compiler."""

    cc: str = "cc"
    optimize: str = "3"
    debug: bool = False
    libs: tuple[str, ...] = ()
    lib_dirs: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    keep_temps: bool = False
    default_libs: tuple[str, ...] = field(default=("-lm", "-pthread"))

    def command(self, sources: Sequence[str], output: str) -> list[str]:
        """The compiler's argument list for ``sources`` -> ``output``."""
        argv = [self.cc, f"-O{self.optimize}"]
        if self.debug:
            argv.append("-g")
        argv += list(self.extra)
        argv += ["-o", output, *sources]
        argv += [f"-L{d}" for d in self.lib_dirs]
        argv += [f"-l{lib}" for lib in self.libs]
        argv += list(self.default_libs)
        return argv


def compile_c_text(
    c_text: str,
    output: str,
    options: CCOptions,
    name: str = "program",
    log=None,
    runtime: RuntimeConfig | None = None,
) -> str | None:
    """Compile C source text to the executable ``output``.

    With ``runtime`` (a program emitted for the inspire runtime) the runtime's
    sources are compiled and linked in with that configuration's macros.
    Returns the temporary directory when ``options.keep_temps`` is set (it
    holds ``NAME.c``), else None.  ``log``, if given, is called with the
    command line before it runs.  Raises :class:`CCompilerError`.
    """
    temp = tempfile.mkdtemp(prefix="inspirec-")
    try:
        src = os.path.join(temp, f"{name}.c")
        with open(src, "w", encoding="utf-8") as f:
            f.write(c_text)
        sources = [src]
        if runtime is not None:
            try:
                runtime_srcs, include = runtime_sources()
            except RuntimeMissing as err:
                raise CCompilerError(str(err)) from None
            sources += runtime_srcs
            flags = [f"-I{include}", *config_flags(runtime)]
            options = replace(options, extra=(*flags, *options.extra))
        argv = options.command(sources, output)
        if log is not None:
            log(" ".join(argv))
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, check=False)
        except OSError as err:
            raise CCompilerError(
                f"cannot run the C compiler '{options.cc}': {err.strerror or err}"
            ) from None
        if proc.returncode != 0:
            raise CCompilerError(
                f"the C compiler '{options.cc}' failed (exit status {proc.returncode}) on the "
                f"emitted C:\n{proc.stderr.rstrip()}"
            )
        return temp if options.keep_temps else None
    finally:
        if not options.keep_temps:
            shutil.rmtree(temp, ignore_errors=True)
