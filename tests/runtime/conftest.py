"""Fixtures of the C runtime tests (helpers live in rt_helpers.py)."""

from __future__ import annotations

import shutil

import pytest
from rt_helpers import Builder


@pytest.fixture(scope="session")
def builder(tmp_path_factory: pytest.TempPathFactory) -> Builder:
    if shutil.which("gcc") is None:
        pytest.fail("gcc is required to build the runtime tests")
    return Builder(tmp_path_factory.mktemp("rtbuild"))
