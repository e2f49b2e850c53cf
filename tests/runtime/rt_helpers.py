"""Helpers for the C runtime tests: compile test programs (cached per session,
in parallel) and run them under a timeout so a deadlock fails."""

from __future__ import annotations

import hashlib
import os
import subprocess
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

RUNTIME = Path(__file__).resolve().parents[2] / "runtime_c"
INCLUDE = RUNTIME / "include"
SRC = RUNTIME / "src"
TESTS = RUNTIME / "tests"
ALL_SOURCES = tuple(sorted(SRC.glob("*.c")))
RUN_TIMEOUT = 60.0
JOBS = max(2, os.cpu_count() or 2)


@dataclass(frozen=True)
class Spec:
    """One C program to build: sources, -D macros and extra flags."""

    name: str
    sources: tuple[Path, ...]
    defines: tuple[tuple[str, object], ...] = ()
    flags: tuple[str, ...] = ("-O1",)
    cc: str = "gcc"
    include_src: bool = False
    libs: tuple[str, ...] = field(default=())

    def key(self) -> str:
        text = repr((self.sources, self.defines, self.flags, self.cc, self.include_src, self.libs))
        return self.name + "-" + hashlib.sha1(text.encode()).hexdigest()[:12]


class BuildError(Exception):
    pass


class Builder:
    """Compiles Specs into a per-session directory.

    Every source is compiled to an object keyed by a hash of its preprocessed
    text (and compiler and flags), so a runtime source that does not depend on
    the macros that vary between configurations is compiled once and shared.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lock = threading.Lock()
        self.key_locks: dict[str, threading.Lock] = {}
        self.done: dict[str, Path] = {}

    def _once(self, key: str, make) -> Path:  # type: ignore[no-untyped-def]
        with self.lock:
            if key in self.done:
                return self.done[key]
            key_lock = self.key_locks.setdefault(key, threading.Lock())
        with key_lock:
            with self.lock:
                if key in self.done:
                    return self.done[key]
            path = make()
            with self.lock:
                self.done[key] = path
            return path

    def _object(self, spec: Spec, src: Path) -> Path:
        base = [spec.cc, *spec.flags, "-pthread", "-Wall", "-Wextra", "-I", str(INCLUDE)]
        if spec.include_src:
            base += ["-I", str(SRC)]
        base += [f"-D{k}={v}" for k, v in spec.defines]
        pre = subprocess.run([*base, "-E", str(src)], capture_output=True, timeout=300)
        if pre.returncode != 0:
            raise BuildError(f"preprocessing {src.name} failed:\n{pre.stderr.decode()}")
        digest = hashlib.sha1(repr((spec.cc, spec.flags)).encode() + pre.stdout).hexdigest()
        key = f"{src.stem}-{digest[:16]}.o"

        def make() -> Path:
            obj = self.root / key
            proc = subprocess.run(
                [*base, "-c", str(src), "-o", str(obj)], capture_output=True, text=True, timeout=300
            )
            if proc.returncode != 0:
                raise BuildError(f"compiling {src.name} failed:\n{proc.stderr}")
            return obj

        return self._once(key, make)

    def build(self, spec: Spec) -> Path:
        def make() -> Path:
            objs = [self._object(spec, src) for src in spec.sources]
            out = self.root / spec.key()
            cmd = [spec.cc, *spec.flags, "-pthread", *map(str, objs), "-o", str(out), *spec.libs]
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            if proc.returncode != 0:
                raise BuildError(f"linking {spec.name} failed:\n{proc.stderr}")
            return out

        return self._once(spec.key(), make)

    def build_many(self, specs: Iterable[Spec]) -> list[Path]:
        with ThreadPoolExecutor(max_workers=JOBS) as pool:
            return list(pool.map(self.build, list(specs)))


def run(
    binary: Path,
    args: Sequence[object] = (),
    env: dict[str, str] | None = None,
    timeout: float = RUN_TIMEOUT,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run a test program; a timeout (deadlock) fails the test."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("INSPIRE_", "OMP_"))}
    full_env.update(env or {})
    try:
        return subprocess.run(
            [str(binary), *map(str, args)],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=full_env,
            cwd=cwd,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{binary.name} {list(args)} timed out after {timeout}s (deadlock?)")


def check(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 0, f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout
