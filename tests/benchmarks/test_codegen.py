"""The code-generation benchmark (``benchmarks/codegen.py``) on small inputs:
both compilers build every kernel, and every run agrees with gcc."""

from __future__ import annotations

import pytest

from benchmarks import codegen


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    return codegen.build(tmp_path_factory.mktemp("codegen"))


def test_every_kernel_agrees_with_gcc_and_is_reported(binaries):
    rows = codegen.measure(binaries, rounds=1, threads=[1, 2], scale=0.01)
    assert [(r.kernel, r.threads) for r in rows] == [
        (k, p) for k in codegen.KERNELS for p in (1, 2)
    ]
    text = codegen.markdown(rows, (0.5, 0.6), "abc1234", 1)
    assert "| shortest_paths | 2 |" in text and "load average 0.50 before and 0.60 after" in text
