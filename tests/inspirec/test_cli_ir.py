"""The ``inspirec`` command line: the ``ir`` verb, usage errors, help and version."""

import subprocess
import sys
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
    line = text.split("\n").index("        break;") + 1
    assert r.stderr == (
        f"{bad}:{line}:9: error: break outside a loop or switch\n         break;\n         ^\n"
    )
    assert run("ir", "--no-verify", str(bad)).returncode == 0


def test_ir_verifier_problems_are_reported_at_their_text(tmp_path):
    """Each problem at the line and column of the IR text of its node, with a
    caret: in a function called twice (verified once), in a closure body,
    and two at function level."""
    bad = tmp_path / "bad.ir"
    bad.write_text(
        "extern printf : (ptr<char>, ...) -> int<4>;\n"
        "def g = function (n : int<4>) -> unit {\n"
        "    goto nowhere;\n"
        "    label l:\n"
        "    label l:\n"
        "    parallel(job[1 .. 1] => bind [var ref<int<4>> i = 1] () -> unit {\n"
        '        printf("%d", ref_deref(i));  continue;\n'
        "    });\n"
        "};\n"
        "def main = function () -> int<4> {\n"
        "    g(1);\n"
        "    g(2);\n"
        "    return 0;\n"
        "};\n"
        "entry main;\n"
    )
    r = run("ir", str(bad))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [
        f"{bad}:5:5: error: label l is defined twice",
        "     label l:",
        "     ^",
        f"{bad}:7:38: error: continue outside a loop",
        '         printf("%d", ref_deref(i));  continue;',
        " " * 38 + "^",
        f"{bad}:3:5: error: goto to undefined label nowhere",
        "     goto nowhere;",
        "     ^",
    ]


def test_ir_standard_input_that_is_not_utf8_is_located():
    """Bytes from standard input are decoded as a file's: a positioned error."""
    data = b'def main = function () -> int<4> {\n    printf("caf\xe9");\n};\nentry main;\n'
    r = subprocess.run(
        [sys.executable, "-m", "inspirec", "ir", "-"], input=data, capture_output=True, timeout=60
    )
    assert r.returncode == 1
    assert r.stderr.decode() == (
        "<stdin>:2:16: error: file is not valid UTF-8 text (byte 0xe9)\n"
        '     printf("caf\ufffd");\n'
        "                ^\n"
    )


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
