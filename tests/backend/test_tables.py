"""The operator table and the library table agree with what they describe."""

import re
from pathlib import Path

import pytest
from inspirec.backend import cexpr as cx
from inspirec.backend.emit_c import CONSTRUCTS
from inspirec.frontend.threads import UNSAFE_CALLS
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.library import LIBRARY, UNKNOWN, library_function

REPO = Path(__file__).resolve().parents[2]
INCLUDE = REPO / "frontend" / "include"

#: Identifiers a C form may name that come from the runtime's header.
_RUNTIME_NAME = re.compile(r"^(inspire_|INSPIRE_|omp_)")


def _names(template: str) -> set[str]:
    return {
        leaf.text
        for leaf in cx.leaves(cx.parse_template(template))
        if isinstance(leaf, cx.Atom) and re.match(r"[A-Za-z_]", leaf.text)
    }


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_runtime_flag_matches_the_c_form(name):
    info = BUILTINS[name]
    if info.c is None:
        assert name in CONSTRUCTS
        return
    assert info.runtime == any(_RUNTIME_NAME.match(x) for x in _names(info.c))
    if info.c_integer is not None:
        assert not any(_RUNTIME_NAME.match(x) for x in _names(info.c_integer))


def test_every_builtin_without_a_c_form_is_a_construct():
    assert {b.name for b in BUILTINS.values() if b.c is None} == CONSTRUCTS


@pytest.mark.parametrize("name", sorted(LIBRARY))
def test_library_functions_are_declared_in_their_bundled_header(name):
    f = LIBRARY[name]
    text = (INCLUDE / f.header).read_text()
    assert re.search(rf"\b{re.escape(name)}\s*\(", text), f"{name} is not declared in {f.header}"


def test_unknown_functions_are_assumed_the_worst():
    unknown = library_function("no_such_function")
    assert unknown.name == "no_such_function"
    assert unknown.callback and not unknown.runtime and not unknown.blocking
    assert all(f.stack_bytes < UNKNOWN.stack_bytes for f in LIBRARY.values())


def test_thread_conversion_reads_the_blocking_classes():
    assert UNSAFE_CALLS["pthread_cond_wait"] == "waits on a condition variable"
    assert UNSAFE_CALLS["sleep"] == "sleeps"
    assert "printf" not in UNSAFE_CALLS and "pthread_mutex_lock" not in UNSAFE_CALLS
    assert set(UNSAFE_CALLS) == {f.name for f in LIBRARY.values() if f.blocking}


def test_a_runtime_row_without_a_team_of_one_form_fails_at_import(monkeypatch):
    """A new runtime builtin whose template names something the serial
    runtime lacks is refused when the backend is imported, naming the fix."""
    import importlib
    from dataclasses import replace

    emit_c = importlib.import_module("inspirec.backend.emit_c")

    row = replace(BUILTINS["taskyield"], name="inspire_test_row", c="inspire_new_thing()")
    monkeypatch.setitem(emit_c.BUILTINS, row.name, replace(row, c_serial=None))
    with pytest.raises(TypeError, match=r"inspire_new_thing.*c_serial"):
        emit_c._check_builtin_forms()
    monkeypatch.setitem(emit_c.BUILTINS, row.name, replace(row, c_serial="(void)0"))
    emit_c._check_builtin_forms()
