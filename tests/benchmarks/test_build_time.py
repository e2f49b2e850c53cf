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


def test_the_table_gives_medians_ranges_and_the_ratios_to_the_last():
    times = {"ours": [3.0, 1.0, 2.0], "before": [4.0], "gcc": [0.5, 0.4, 0.6]}
    head, rule, row = build_time.table([("case", times)]).splitlines()
    assert head == "| case | ours, s | before, s | gcc, s | ours / gcc | before / gcc |"
    assert rule.count("---") == 6
    assert row == (
        "| case | 2.00 (1.00-3.00) | 4.00 (4.00-4.00) | 0.50 (0.40-0.60) | 4.0x | 8.0x |"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "0"], "--rounds must be at least 1"),
        (["--also", "gcc=cc"], "--also 'gcc=cc': expected a new LABEL=COMMAND"),
        (["--also", "nothing"], "expected a new LABEL=COMMAND"),
    ],
)
def test_usage_errors(capsys, args, message):
    with pytest.raises(SystemExit) as exit_:
        build_time.main(args)
    assert exit_.value.code == 2 and message in capsys.readouterr().err
