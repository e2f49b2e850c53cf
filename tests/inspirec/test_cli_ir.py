"""The ``inspirec`` command line: the ``ir`` verb, usage errors, help and version."""

from functools import partial
from pathlib import Path

import inspirec_cli

DATA = Path(__file__).parent.parent / "inspire" / "data"


run = partial(inspirec_cli.run, timeout=60)


def test_ir_prints_the_canonical_program(tmp_path):
    src = DATA / "fib.ir"
    r = run("ir", str(src))
    assert r.returncode == 0, r.stderr
    assert "rec {" in r.stdout and "entry main;" in r.stdout
    # Printing the output again is a fixed point.
    out = tmp_path / "fib2.ir"
    out.write_text(r.stdout)
    r2 = run("ir", str(out), "-o", str(tmp_path / "fib3.ir"))
    assert r2.returncode == 0 and r2.stdout == ""
    assert (tmp_path / "fib3.ir").read_text() == r.stdout


def test_ir_reads_standard_input():
    r = run("ir", "-", stdin=(DATA / "loop_spawn.ir").read_text())
    assert r.returncode == 0 and "parallel(job[1 .. 1]" in r.stdout


def test_ir_malformed_input_gives_position_and_exit_1(tmp_path):
    bad = tmp_path / "bad.ir"
    bad.write_text("def main = function () -> int<4> {\n    return 0\n};\nentry main;\n")
    r = run("ir", str(bad))
    assert r.returncode == 1
    assert r.stderr.startswith(f"{bad}:3:1: error: unexpected '}}'")
    assert "Traceback" not in r.stderr


def test_ir_verification_failure(tmp_path):
    bad = tmp_path / "bad.ir"
    # The closure uses x without capturing it: parses (names resolve) but is ill-scoped.
    bad.write_text(
        "def main = function () -> int<4> {\n"
        "    var ref<int<4>> x = 1;\n"
        "    return ref_deref(x);\n"
        "};\nentry main;\n"
    )
    assert run("ir", str(bad)).returncode == 0
    text = (
        (DATA / "fib.ir")
        .read_text()
        .replace(
            "return add(ref_deref(x), ref_deref(y));",
            "break;\n        return add(ref_deref(x), ref_deref(y));",
        )
    )
    bad.write_text(text)
    r = run("ir", str(bad))
    assert r.returncode == 1
    assert "error: IR verification failed at 0-" in r.stderr
    assert "break outside a loop or switch" in r.stderr
    assert run("ir", "--no-verify", str(bad)).returncode == 0


def test_ir_missing_file():
    r = run("ir", "does-not-exist.ir")
    assert r.returncode == 1
    assert r.stderr.startswith("does-not-exist.ir: error: cannot read file")


def test_usage_errors_exit_2():
    assert run().returncode == 2
    r = run("frobnicate")
    assert r.returncode == 2 and "invalid choice" in r.stderr
    assert run("ir").returncode == 2
    assert run("ir", "x.ir", "--bogus").returncode == 2


def test_help_and_version():
    r = run("--help")
    assert r.returncode == 0 and "ir" in r.stdout and "build" in r.stdout
    r = run("ir", "--help")
    assert r.returncode == 0 and "verify" in r.stdout
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("inspirec ")
