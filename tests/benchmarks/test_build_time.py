"""The build-time benchmark's cases are valid C whose two builds agree, and
its table says what it measured."""

import random
import subprocess

import pytest

from benchmarks import build_time


def test_cases_are_c_that_gcc_compiles(tmp_path):
    for name, (text, _) in build_time.cases(random.Random(3)).items():
        source = tmp_path / "case.c"
        source.write_text(text)
        checked = subprocess.run(
            ["gcc", "-fsyntax-only", "-Wall", "-fopenmp", str(source)],
            capture_output=True,
            text=True,
        )
        assert checked.returncode == 0 and checked.stderr == "", (name, checked.stderr)


def test_the_table_gives_medians_ranges_and_the_ratio():
    shown = build_time.table([("case", [3.0, 1.0, 2.0], [0.5, 0.4, 0.6])])
    assert shown.splitlines()[2] == "| case | 2.00 (1.00-3.00) | 0.50 (0.40-0.60) | 4.0x |"


def test_rounds_must_be_positive(capsys):
    with pytest.raises(SystemExit) as exit_:
        build_time.main(["--rounds", "0"])
    assert exit_.value.code == 2 and "--rounds must be at least 1" in capsys.readouterr().err
