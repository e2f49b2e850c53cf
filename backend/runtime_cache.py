"""Compiled runtime objects, kept between builds (:func:`runtime_objects`).

Every build of a program that needs the runtime compiles the runtime's
sources with the program's configuration (``-D`` macros).  The objects
depend only on the compile command (the compiler, ``-O``, ``-g``, ``-Wc``
flags and the configuration macros) and on the runtime's files, so they are
kept in a cache directory under a key that hashes all of these, and a later
build with the same key links them instead of compiling again.

The key covers: the compile command; the compiler's resolved path, size and
modification time; the name and contents of every file of the runtime
(``runtime_c``) and of every file its sources include by a relative path
from outside it (the bundled ``omp.h``).  Editing any of them, or changing
the compiler, gives a new key.

The cache is :func:`inspire.cache.cache_dir`.  A cache that cannot be
created or written is not used: the runtime is then compiled for each
build, in the build's own temporary directory, as without a cache.  An entry appears complete or not
at all (it is compiled in a private directory, then renamed into place), so
concurrent builds may share the cache.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from inspirec.backend.runtime import RUNTIME_DIR
from inspirec.inspire.cache import cache_dir

#: Bump when the layout of an entry changes.
_FORMAT = b"inspirec runtime objects 1"
_QUOTED_INCLUDE = re.compile(rb'^\s*#\s*include\s+"([^"]+)"', re.M)


def _key(command: Sequence[str], cc: str, sources: Sequence[str]) -> str | None:
    """The key of the objects ``command`` makes from ``sources`` (None if the
    compiler cannot be found: then nothing is cached)."""
    compiler = shutil.which(cc)
    if compiler is None:
        return None
    h = hashlib.sha256(_FORMAT)
    stat = os.stat(compiler)
    for part in (*command, os.path.realpath(compiler), str(stat.st_size), str(stat.st_mtime_ns)):
        h.update(part.encode() + b"\0")
    files = sorted(p for p in RUNTIME_DIR.rglob("*") if p.is_file() and p.suffix in (".c", ".h"))
    outside: set[Path] = set()
    for src in sources:
        for name in _QUOTED_INCLUDE.findall(Path(src).read_bytes()):
            target = (Path(src).parent / name.decode()).resolve()
            if RUNTIME_DIR not in target.parents and target.is_file():
                outside.add(target)
    for path in (*files, *sorted(outside)):
        data = path.read_bytes()
        h.update(str(path.relative_to(path.anchor)).encode() + b"\0")
        h.update(str(len(data)).encode() + b"\0" + data)
    return h.hexdigest()


def runtime_objects(
    sources: Sequence[str],
    command: Sequence[str],
    cc: str,
    compile_into: Callable[[str], None],
    fallback_dir: str,
    log: Callable[[str], None] | None = None,
) -> list[str]:
    """The object files of ``sources`` compiled by ``command`` (the compile
    command without the sources): from the cache, or made by
    ``compile_into(directory)`` (which compiles the sources there) and then
    cached; in ``fallback_dir`` when the cache is off or unusable.  ``log``
    hears where cached objects came from."""
    names = [Path(s).stem + ".o" for s in sources]
    root = cache_dir()
    key = _key(command, cc, sources) if root is not None else None
    if root is None or key is None:
        compile_into(fallback_dir)
        return [os.path.join(fallback_dir, n) for n in names]
    entry = root / "runtime" / key
    if entry.is_dir() and log is not None:
        log(f"# the inspire runtime: objects compiled before, from {entry}")
    if not entry.is_dir():
        try:
            (root / "runtime").mkdir(parents=True, exist_ok=True)
            private = tempfile.mkdtemp(prefix="tmp-", dir=root / "runtime")
        except OSError:
            compile_into(fallback_dir)
            return [os.path.join(fallback_dir, n) for n in names]
        try:
            compile_into(private)
            os.rename(private, entry)
        except OSError:
            pass  # another build put the same entry in place first
        finally:
            shutil.rmtree(private, ignore_errors=True)
        if not entry.is_dir():  # the cache would not take it
            compile_into(fallback_dir)
            return [os.path.join(fallback_dir, n) for n in names]
    return [str(entry / n) for n in names]
