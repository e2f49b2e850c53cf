"""The distribution as users install it: a wheel built from this checkout,
installed into a fresh virtual environment (its dependencies from the package
index, nothing from the environment running the tests), compiles and runs
every example from a directory outside the checkout.

It needs the package index, like ``setup.sh``; ``.ci/run`` has it.
"""

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "corpus"))

import corpus  # noqa: E402


def _run(argv: list[str | Path], **kwargs) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(
        [str(a) for a in argv], capture_output=True, text=True, env=env, check=False, **kwargs
    )


#: What a copy of the checkout leaves out: version control, environments, builds.
_NOT_SOURCES = (".git", ".venv*", "build", "raw", "*.egg-info", "__pycache__", ".pytest_cache")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # Built from a copy of the checkout: an in-tree build leaves build/ and
    # *.egg-info behind, and setuptools would reuse a stale build/lib later.
    source = tmp_path_factory.mktemp("source") / "inspirec"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*_NOT_SOURCES))
    out = tmp_path_factory.mktemp("wheel")
    proc = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, source])
    assert proc.returncode == 0, proc.stderr
    (path,) = out.glob("inspirec-*.whl")
    return path


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The ``bin`` directory of a fresh environment with the wheel installed."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    proc = _run([bin_dir / "python", "-m", "pip", "install", "-q", wheel])
    assert proc.returncode == 0, proc.stderr
    return bin_dir


def test_the_wheel_claims_only_the_inspirec_namespace(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert top == {"inspirec"}
    assert "inspirec/runtime_c/include/inspire_rt.h" in names
    assert any(n.startswith("inspirec/runtime_c/src/") and n.endswith(".c") for n in names)
    assert "inspirec/frontend/include/omp.h" in names
    assert "inspirec/inspire/inspire.lark" in names


def test_the_wheel_registers_the_pytest_plugin(wheel):
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
        entry_points = archive.read(name).decode()
        assert "inspirec/pytest_plugin.py" in archive.namelist()
    assert "[pytest11]\ninspirec = inspirec.pytest_plugin\n" in entry_points


def test_the_installed_tool_reports_its_version(installed, tmp_path):
    proc = _run([installed / "inspirec", "--version"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("inspirec ")


@pytest.mark.parametrize(
    "example",
    corpus.programs(group="examples"),
    ids=lambda p: p.name,
)
def test_every_example_compiles_and_runs_from_another_directory(installed, example, tmp_path):
    # The example is copied away from the checkout: nothing may be found
    # relative to the current directory or to the source.
    for source in example.sources:
        (tmp_path / source.name).write_bytes(source.read_bytes())
    names = [source.name for source in example.sources]
    argv = [installed / "inspirec", "run", *names, "--", *example.args]
    proc = _run(argv, cwd=tmp_path, timeout=300)
    assert proc.returncode == example.expected_exit, proc.stderr
    assert proc.stdout == example.expected_stdout
