"""Every benchmark's ``test`` size in every variant this machine can build
(``python -m benchmarks list``): the run verifies its result (``-c``) at 1
and 2 threads and prints the checksum of the serial elision.

Slow (about a hundred builds, most of them through inspirec): marked
``slow``; ``pytest -m "not slow"`` leaves it out.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from benchmarks import measure as M
from benchmarks import variants as V

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed"),
]

PROGRAMS = V.discover()


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("all-variants")


def _run(binary: Path, runtime: str, threads: int) -> M.RunResult:
    return M.run_pinned(binary, ["-s", "test", "-c"], runtime, threads, 120, pin=False)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_variant_verifies(build_dir: Path, name: str) -> None:
    program = PROGRAMS[name]
    jobs = [
        (program, variant)
        for variant in V.VARIANTS.values()
        if V.applicable(program, variant) and V.missing(variant) is None
    ]
    builds = V.build_all(jobs, build_dir)
    serial = builds[(name, "serial")]
    assert serial.binary is not None, serial.note
    reference = _run(serial.binary, V.RUNTIME_SERIAL, 1)
    assert reference.status == M.STATUS_OK, reference.detail
    failures = []
    for variant in V.VARIANTS.values():
        built = builds.get((name, variant.name))
        if built is None:
            continue  # no source for this variant, or the machine lacks the tool
        if built.binary is None:
            failures.append(f"[{variant.name}] {built.note}")
            continue
        counts = (1,) if variant.runtime == V.RUNTIME_SERIAL else (1, 2)
        for threads in counts:
            res = _run(built.binary, variant.runtime, threads)
            where = f"[{variant.name}] T={threads}"
            if res.status != M.STATUS_OK:
                failures.append(f"{where}: {res.status} {res.detail}")
            elif res.fields.get("Verification") != "successful":
                failures.append(f"{where}: verification {res.fields.get('Verification')}")
            elif variant.source != V.SOURCE_PTHREAD and res.fields.get(
                "Checksum"
            ) != reference.fields.get("Checksum"):
                # same parameters as the serial elision (the pthread versions' differ)
                failures.append(f"{where}: checksum {res.fields.get('Checksum')}")
    assert not failures, "\n".join(failures)
