"""The compiler-runtime interface: inspire_rt.h documents every name it
declares with one marker ("Emitted for:", "Emitted for IR builtin:", "Not
emitted:"), and the markers agree with the C the backend emits for the
parallel corpus; the runtime exports nothing but that interface."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from rt_helpers import ALL_SOURCES, INCLUDE

import inspirec

REPO = Path(__file__).resolve().parents[2]
HEADER = INCLUDE / "inspire_rt.h"
CONFIG_HEADER = INCLUDE / "inspire_rt_config.h"
EMITTED = "Emitted for:"
IR_ONLY = "Emitted for IR builtin:"
NOT_EMITTED = "Not emitted:"
MARKERS = (EMITTED, IR_ONLY, NOT_EMITTED)
COMMENT = re.compile(r"/\*.*?\*/", re.S)
NAME = r"(?:inspire|INSPIRE)_\w+"


#: How a file-level line declares a runtime name, tried in order.
DECLARATION_FORMS = (
    (re.compile(rf"#define ({NAME})\b"), "macro"),
    (re.compile(rf"typedef .*\(\*({NAME})\)\("), "type"),
    (re.compile(rf"(?:typedef .*\b|\}} )({NAME});"), "type"),
    (re.compile(rf"extern .*?\b({NAME})\s*(?:__attribute__|;)"), "variable"),
    (re.compile(rf"static (?!inline).*?\b({NAME})\s*(?:__attribute__|=)"), "static"),
    (re.compile(rf"static inline .*?\b({NAME})\("), "inline"),
    (re.compile(rf"[A-Za-z].*?\b({NAME})\("), "function"),
)


def declarations(code: str) -> list[tuple[str, str]]:
    """(name, kind) of the runtime names declared at file level in ``code``
    (comments removed); kind as in DECLARATION_FORMS."""
    found: list[tuple[str, str]] = []
    for line in code.splitlines():
        if not line or line[0].isspace() or (line[0] == "#" and not line.startswith("#define")):
            continue  # bodies of structs, functions and macros; conditionals
        for form, kind in DECLARATION_FORMS:
            if m := form.match(line):
                found.append((m.group(1), kind))
                break
    return found


def header_entries() -> dict[str, tuple[str, str]]:
    """Every name inspire_rt.h declares -> (marker, kind).  A paragraph (text
    between blank lines) of declarations carries its marker in its comments."""
    text = HEADER.read_text()
    body = text[text.index("/* ---- types") :]
    entries: dict[str, tuple[str, str]] = {}
    unmarked: list[str] = []
    for para in re.split(r"\n[ \t]*\n", body):
        decls = declarations(COMMENT.sub("", para))
        if not decls:
            continue
        comments = " ".join(COMMENT.findall(para))
        found = [m for m in MARKERS if m in comments]
        if len(found) != 1:
            unmarked.append(f"{[n for n, _ in decls]}: markers {found}")
            continue
        entries.update((name, (found[0], kind)) for name, kind in decls)
    assert not unmarked, "declarations without exactly one marker:\n" + "\n".join(unmarked)
    return entries


def config_macros() -> set[str]:
    return set(re.findall(rf"#define ({NAME})", CONFIG_HEADER.read_text()))


@pytest.fixture(scope="module")
def emitted_corpus() -> dict[str, str]:
    """The C that ``inspirec emit`` writes for every parallel corpus program,
    made in this process by :func:`inspirec.translate_c` (the same text, without
    starting an interpreter per program)."""
    sys.path.insert(0, str(REPO / "tests" / "corpus"))
    import corpus

    progs = corpus.programs(kind="par")
    assert progs, "no parallel corpus programs"
    return {p.name: inspirec.translate_c([str(s) for s in p.sources]).text for p in progs}


def test_every_declaration_is_marked() -> None:
    entries = header_entries()
    # A few anchors, so a parser that finds nothing cannot pass.
    assert entries["inspire_task_new"] == (EMITTED, "function")
    assert entries["inspire_spawn_inline_p"] == (EMITTED, "inline")
    assert entries["inspire_group_t"] == (EMITTED, "type")
    assert entries["INSPIRE_ATOMIC_UPDATE"] == (EMITTED, "macro")
    assert entries["inspire_hot"] == (NOT_EMITTED, "variable")


def test_emitted_for_lines_are_true(emitted_corpus: dict[str, str]) -> None:
    entries = header_entries()
    config = config_macros()
    used: dict[str, set[str]] = {}
    undocumented: dict[str, set[str]] = {}
    for prog, text in emitted_corpus.items():
        for name in set(re.findall(rf"\b({NAME})\b", text)):
            used.setdefault(name, set()).add(prog)
        # Runtime names the emitted C calls, uses as a type or as a macro.
        referenced = set(re.findall(r"\b(inspire_\w+)\s*\(", text))
        referenced |= set(re.findall(r"\b(inspire_\w+_t)\b", text))
        referenced |= set(re.findall(r"\b(INSPIRE_\w+)\b", text))
        for name in referenced - entries.keys() - config:
            undocumented.setdefault(name, set()).add(prog)
    assert not undocumented, f"emitted but not declared in inspire_rt.h: {undocumented}"
    wrong = {n: (entries[n][0], sorted(used[n])[:3]) for n in used.keys() & entries.keys()}
    wrong = {n: v for n, v in wrong.items() if v[0] != EMITTED}
    assert not wrong, f"emitted, but documented otherwise: {wrong}"
    unused = sorted(n for n, (m, _) in entries.items() if m == EMITTED and n not in used)
    assert not unused, f"documented 'Emitted for:' but no corpus program emits them: {unused}"


def test_runtime_exports_only_the_interface(tmp_path: Path) -> None:
    """Built as a shared object, the runtime exports exactly the functions and
    variables of inspire_rt.h, the omp_* functions and the configuration
    symbol: the units' shared internals are hidden (INSPIRE_INTERNAL)."""
    lib = tmp_path / "libinspire.so"
    cmd = ["gcc", "-O1", "-shared", "-fPIC", "-pthread", "-I", str(INCLUDE), *map(str, ALL_SOURCES)]
    proc = subprocess.run([*cmd, "-o", str(lib)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    nm = subprocess.run(["nm", "-D", "--defined-only", str(lib)], capture_output=True, text=True)
    assert nm.returncode == 0, nm.stderr
    exported = {line.split()[-1] for line in nm.stdout.splitlines() if line.strip()}
    interface = {n for n, (_, kind) in header_entries().items() if kind in ("function", "variable")}
    interface.discard("INSPIRE_CONFIG_SYMBOL")  # the macro names the symbol below
    runtime = {n for n in exported if n.startswith(("inspire_", "INSPIRE_"))}
    assert runtime - {"inspire_config_p1_q16_b97_pb128_s8388608"} == interface
    others = exported - runtime
    assert others and all(n.startswith("omp_") for n in others), sorted(others)
