"""Shared fixtures for the IR tests."""

from pathlib import Path

import pytest

from inspirec import inspire

DATA = Path(__file__).parent / "data"


@pytest.fixture(params=sorted(p.name for p in DATA.glob("*.ir")))
def ir_file(request) -> Path:
    """Each hand-written IR program in tests/inspire/data."""
    return DATA / request.param


@pytest.fixture
def fib() -> inspire.Program:
    return inspire.parse_file(str(DATA / "fib.ir"))
