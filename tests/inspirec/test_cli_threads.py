"""The command line and thread create/join: kept threads are explained with -v only."""

from functools import partial
from pathlib import Path

import inspirec_cli

REPO = Path(__file__).resolve().parents[2]
MIXED = REPO / "tests" / "corpus" / "par" / "pthread_mixed.c"
NOTE = (
    "pthread_mixed.c:45:5: note: pthread_create kept as an OS thread: thread function "
    "'monitor' waits on a condition variable (pthread_cond_wait at "
)


run = partial(inspirec_cli.run, timeout=120)


def test_run_explains_kept_threads_only_when_verbose():
    expected = MIXED.with_suffix(".expected").read_text()
    quiet = run("run", MIXED)
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout == expected
    assert "note:" not in quiet.stderr
    verbose = run("run", "-v", MIXED)
    assert verbose.returncode == 0, verbose.stderr
    assert verbose.stdout == expected
    assert NOTE in verbose.stderr
    assert "pthread_mixed.c:35:9)" in verbose.stderr
    assert "   45 |     pthread_create(&mon, NULL, monitor, &seen);" in verbose.stderr


def test_emit_shows_the_note_with_verbose(tmp_path):
    out = tmp_path / "out.c"
    r = run("emit", "-v", "--no-coalesce", MIXED, "-o", out)
    assert r.returncode == 0, r.stderr
    assert NOTE in r.stderr
    text = out.read_text()
    assert "pthread_create(&mon" in text  # the kept thread
    assert "inspire_task_spawn_group" in text  # the converted ones, joined one by one
    coalesced = run("emit", MIXED).stdout
    assert "inspire_task_spawn_group" not in coalesced and "inspire_merge_all()" in coalesced
