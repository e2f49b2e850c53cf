"""Driver behaviour users expect: what happens to outputs that name inputs, unusable
inputs, C compiler and linker failures, -Wc flags with commas, verification of
the IR passes, and the typed stage results of the Python API."""

import subprocess
from functools import partial
from pathlib import Path

import inspirec_cli
import pytest
from inspirec.analyses import PARAMETERS
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t

import inspirec
from inspirec import backend, frontend, passes

REPO = Path(__file__).resolve().parents[2]
HELLO = REPO / "examples" / "hello.c"
TWO_SPAWNS = REPO / "tests" / "analyses" / "programs" / "two_spawns.c"

run = partial(inspirec_cli.run, timeout=120)


def test_output_naming_an_input_is_refused_and_the_source_survives(tmp_path):
    src = tmp_path / "v.c"
    src.write_text(HELLO.read_text())
    for verb in (["build"], ["emit"], ["emit", "--emit=ir"]):
        r = run(*verb, src, "-o", src)
        assert r.returncode == 1, r.stderr
        assert f"inspirec: error: input file '{src}' is the same as the output file" in r.stderr
        assert src.read_text() == HELLO.read_text()
    # the same file under another name
    (tmp_path / "sub").mkdir()
    r = run("build", src, "-o", tmp_path / "sub" / ".." / "v.c")
    assert r.returncode == 1 and "is the same as the output file" in r.stderr
    r = run("analyze", src, "--dot", src)
    assert r.returncode == 1 and src.read_text() == HELLO.read_text()


def test_a_directory_input_says_it_is_a_directory(tmp_path):
    r = run("emit", tmp_path)
    assert r.returncode == 1
    assert r.stderr == f"{tmp_path}: error: is a directory, not a C source file\n"


def test_binary_input_stops_at_the_first_nul_byte(tmp_path):
    blob = tmp_path / "blob.c"
    blob.write_bytes(b"int x;\nab\0" + bytes(range(256)) * 4000)
    r = run("emit", blob)
    assert r.returncode == 1
    assert r.stderr == f"{blob}:2:3: error: binary input (a NUL byte), not a C source file\n"


def test_wc_keeps_a_comma_inside_one_flag(tmp_path):
    out = tmp_path / "hello"
    r = run("build", "-v", HELLO, "-o", out, "-Wc,-fsanitize=address,undefined,-DX=1")
    assert r.returncode == 0, r.stderr
    assert " -fsanitize=address,undefined -DX=1 " in r.stderr
    proc = subprocess.run([str(out)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and "hello" in proc.stdout


def test_a_failing_wc_flag_is_blamed_not_the_emitted_c(tmp_path):
    r = run("build", HELLO, "-o", tmp_path / "x", "-Wc,-fno-such-flag-at-all")
    assert r.returncode == 1
    assert "with the flags given by -Wc (-fno-such-flag-at-all)" in r.stderr
    assert "on the emitted C" not in r.stderr


def test_a_link_failure_says_linking_failed(tmp_path):
    src = tmp_path / "undef.c"
    src.write_text("int missing_function(void);\nint main(void) { return missing_function(); }\n")
    r = run("build", src, "-o", tmp_path / "x")
    assert r.returncode == 1
    assert "inspirec: error: linking with 'cc' failed" in r.stderr
    assert "missing_function" in r.stderr and "emitted C" not in r.stderr
    r = run("build", HELLO, "-o", tmp_path / "x", "-lno_such_library_anywhere")
    assert r.returncode == 1 and "linking with 'cc' failed" in r.stderr


def test_verbose_verifies_every_pass(tmp_path):
    r = run("emit", "-v", TWO_SPAWNS, "-o", tmp_path / "out.c")
    assert r.returncode == 0, r.stderr
    assert "inspirec: pass coalesce (verified)" in r.stderr


def _main_returning_a_long():
    """A program the verifier rejects: ``int main`` returns an ``int<8>``."""
    fn_type = t.function((), t.INT4)
    body = n.CompoundStmt((n.ReturnStmt(n.Literal(t.INT8, "0")),))
    ref = n.LambdaReference(fn_type, "main")
    definition = n.LambdaDefinition((n.LambdaBinding(ref, n.Lambda(fn_type, (), body)),))
    return n.Program((), (), n.LambdaExpr(fn_type, ref, definition), ())


def test_a_pass_that_breaks_the_ir_is_named(monkeypatch):
    program = inspirec.lower_c([str(TWO_SPAWNS)])

    def bad(p):
        return _main_returning_a_long(), ()

    monkeypatch.setitem(passes.PASSES, "bad", passes.Pass("bad", "breaks", bad))
    with pytest.raises(passes.PassBrokeIR, match="after pass 'bad'"):
        passes.run_passes(program, ("bad",), verify_each=True)
    valid = "coalesce, hybrid, mergeable, readonly, bad"
    with pytest.raises(ValueError, match=f"unknown pass 'nope' \\(valid: {valid}\\)"):
        passes.run_passes(program, ("nope",))


def test_stages_return_typed_results(tmp_path):
    program = inspirec.lower_c([str(TWO_SPAWNS)])
    optimized = inspirec.optimize(program, params={"queue_size": 32})
    assert isinstance(optimized, inspirec.Optimized)
    joins = inspirec.optimize(inspirec.lower_c([str(REPO / "examples" / "pthread_sum.c")]))
    assert joins.analysis.coalescing  # the decisions of the pass reach the analysis
    unit = inspirec.emit(optimized, "two")
    assert isinstance(unit, backend.CUnit) and unit.needs_runtime and unit.name == "two"
    assert unit.config is optimized.analysis.choice.config and unit.config.queue_size == 32
    assert "#define INSPIRE_QUEUE_SIZE 32" in unit.text
    built = inspirec.link(unit, str(tmp_path / "two"), backend.CCOptions())
    assert built.path == str(tmp_path / "two") and built.kept_temps is None
    assert (
        inspirec.translate_c([str(TWO_SPAWNS)]).text
        == inspirec.emit(inspirec.optimize(program), "two_spawns").text
    )
    with pytest.raises(frontend.CompileError, match="no such file"):
        inspirec.lower_c([str(tmp_path / "missing.c")])


def test_param_help_lists_every_declared_parameter():
    r = run("build", "--help")
    text = " ".join(r.stdout.split())
    for p in PARAMETERS:
        assert p.name in text and p.limits_text() in text
