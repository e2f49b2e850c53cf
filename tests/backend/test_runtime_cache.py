"""The cache of compiled runtime objects (backend/runtime_cache.py)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.backend import runtime_cache
from inspirec.backend.runtime import RUNTIME_DIR, runtime_sources


class Compiler:
    """Stands for the C compiler: writes an object per source, counts its runs."""

    def __init__(self, sources):
        self.sources = sources
        self.runs: list[str] = []

    def __call__(self, directory: str) -> None:
        self.runs.append(directory)
        for s in self.sources:
            (Path(directory) / (Path(s).stem + ".o")).write_text(f"object of {s}")


def objects(sources, compiler, fallback, command=("gcc", "-O2", "-c")):
    return runtime_cache.runtime_objects(sources, list(command), "gcc", compiler, str(fallback))


@pytest.fixture
def sources():
    return runtime_sources()[0]


def test_a_second_build_with_the_same_command_reuses_the_objects(tmp_path, monkeypatch, sources):
    monkeypatch.setenv("INSPIREC_CACHE_DIR", str(tmp_path / "cache"))
    compiler = Compiler(sources)
    first = objects(sources, compiler, tmp_path)
    second = objects(sources, compiler, tmp_path)
    assert first == second and len(compiler.runs) == 1
    assert all(Path(o).read_text().startswith("object of") for o in first)
    assert str(tmp_path / "cache") in first[0]
    objects(sources, compiler, tmp_path, ("gcc", "-O2", "-DINSPIRE_QUEUE_SIZE=1", "-c"))
    assert len(compiler.runs) == 2  # another configuration: another entry


def test_the_empty_cache_dir_turns_the_cache_off(tmp_path, monkeypatch, sources):
    monkeypatch.setenv("INSPIREC_CACHE_DIR", "")
    compiler = Compiler(sources)
    for _ in range(2):
        assert objects(sources, compiler, tmp_path)[0].startswith(str(tmp_path))
    assert compiler.runs == [str(tmp_path)] * 2


def test_a_cache_that_cannot_be_created_is_not_used(tmp_path, monkeypatch, sources):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("INSPIREC_CACHE_DIR", str(blocker / "cache"))
    compiler = Compiler(sources)
    assert objects(sources, compiler, tmp_path)[0].startswith(str(tmp_path))


def test_a_changed_runtime_file_changes_the_key(tmp_path, monkeypatch):
    copy = tmp_path / "runtime_c"
    shutil.copytree(RUNTIME_DIR, copy)
    monkeypatch.setattr(runtime_cache, "RUNTIME_DIR", copy)
    sources = sorted(str(p) for p in (copy / "src").glob("*.c"))
    before = runtime_cache._key(["gcc", "-c"], "gcc", sources)
    header = copy / "include" / "inspire_rt_config.h"
    header.write_text(header.read_text() + "\n/* changed */\n")
    assert runtime_cache._key(["gcc", "-c"], "gcc", sources) != before
    # the bundled omp.h, included from outside the runtime, is part of the key
    assert any(b'"../../frontend/include/omp.h"' in Path(s).read_bytes() for s in sources)


def test_a_cached_build_runs(tmp_path):
    """Two programs built through the driver with the same configuration: the
    second links the first one's runtime objects and still runs."""
    src = tmp_path / "t.c"
    src.write_text(
        "#include <stdio.h>\nint main(void) {\n    int s = 0;\n"
        "    #pragma omp parallel reduction(+: s)\n    s += 1;\n"
        '    printf("%d\\n", s > 0);\n    return 0;\n}\n'
    )
    for name in ("a", "b"):
        build = subprocess.run(
            [sys.executable, "-m", "inspirec", "build", "-v", str(src), "-o", str(tmp_path / name)],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert build.returncode == 0, build.stderr
        out = subprocess.run([str(tmp_path / name)], capture_output=True, text=True, timeout=60)
        assert out.stdout == "1\n"
    assert "objects compiled before" in build.stderr + build.stdout
