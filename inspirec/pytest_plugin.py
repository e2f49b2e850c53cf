"""The ``inspirec`` pytest plugin: tests that pin a C program's parallel structure.

Installed with inspirec (entry point ``pytest11``: ``inspirec``), so every
pytest run loads it; loading it imports pytest and the standard library
only, and it touches nothing until a test uses one of its fixtures or a
``.c`` file asks to be checked.  The compiler is imported on first use.

Fixtures (programs compile once per session, :class:`inspirec.testing.ProgramCache`):

* ``inspirec_compile(*files, include_dirs=(), defines=(), undefines=(),
  tuning="full", params=None, coalesce=True, hybrid=True)`` ->
  :class:`inspirec.testing.Compiled`; paths relative to the test file's
  directory;
* ``inspirec_program``: the program of the test's
  ``@pytest.mark.inspirec(*files, **options)`` marker (same arguments);
  ``inspirec_analysis`` and ``inspirec_ir`` its analysis and its IR;
* ``inspirec_snapshot(view, program=None, name=None)``: compares the view
  (``ir``, ``analysis``, ``config``, ``c``) of ``program`` (default: the
  marker's) with ``__snapshots__/<test name>[.<name>].<view>`` next to the
  test file; ``--inspirec-update`` writes it instead.

C files: a ``.c`` file with an ``// INSPIREC-RUN: ...`` line (or, with the
ini option ``inspirec_filecheck = true``, any ``// INSPIREC-CHECK`` line) is
collected; each run line is a test item checking the file's check comments
against the chosen view (:mod:`inspirec.filecheck`, :func:`inspirec.testing.parse_run`).
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest

_UPDATED = pytest.StashKey[list]()
_CACHE = pytest.StashKey[object]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("inspirec", "inspirec: checks of a C program's parallel structure")
    group.addoption(
        "--inspirec-update",
        action="store_true",
        default=False,
        help="write the golden files of inspirec_snapshot (__snapshots__/ next to each test) "
        "from the current output instead of comparing; review the diff before committing",
    )
    parser.addini(
        "inspirec_filecheck",
        type="bool",
        default=False,
        help="collect every .c file with an '// INSPIREC-CHECK' comment (without this, only "
        ".c files with an '// INSPIREC-RUN:' line are collected)",
    )
    parser.addini(
        "inspirec_include_dirs",
        type="paths",
        default=[],
        help="include directories (-I) for every program the inspirec fixtures and C-file "
        "checks compile, relative to the ini file",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "inspirec(*files, include_dirs=(), defines=(), undefines=(), tuning='full', params=None, "
        "coalesce=True, hybrid=True): the C program of the inspirec_program, "
        "inspirec_analysis, inspirec_ir and inspirec_snapshot fixtures (paths relative to "
        "the test file)",
    )
    config.stash[_UPDATED] = []


def _cache(config: pytest.Config):
    if _CACHE not in config.stash:
        from inspirec.testing import ProgramCache

        config.stash[_CACHE] = ProgramCache()
    return config.stash[_CACHE]


def _include_dirs(config: pytest.Config) -> list[str]:
    return [str(p) for p in config.getini("inspirec_include_dirs")]


def _compile(config: pytest.Config, base: Path, files, options: dict):
    """The compiled program, or the test fails with the compiler's diagnostics."""
    __tracebackhide__ = True
    from inspirec.frontend import CompileError
    from inspirec.testing import Options

    if not files:
        pytest.fail("inspirec: no C files to compile", pytrace=False)
    dirs = [base / d for d in options.pop("include_dirs", ())] + _include_dirs(config)
    try:
        opts = Options.make(dirs, **options)
    except TypeError as err:
        pytest.fail(f"inspirec: {err}", pytrace=False)
    try:
        return _cache(config).get([base / f for f in files], opts)
    except (CompileError, ValueError) as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture
def inspirec_compile(request: pytest.FixtureRequest):
    """``compile(*files, **options)``: the :class:`inspirec.testing.Compiled` program."""

    def compile_(*files, **options):
        __tracebackhide__ = True
        return _compile(request.config, request.path.parent, files, dict(options))

    return compile_


@pytest.fixture
def inspirec_program(request: pytest.FixtureRequest):
    """The program of the test's ``@pytest.mark.inspirec(*files, **options)``."""
    marker = request.node.get_closest_marker("inspirec")
    if marker is None:
        pytest.fail(
            f"{request.node.name}: the inspirec fixtures need "
            "@pytest.mark.inspirec('file.c', ...) on the test (or use inspirec_compile)",
            pytrace=False,
        )
    return _compile(request.config, request.path.parent, marker.args, dict(marker.kwargs))


@pytest.fixture
def inspirec_analysis(inspirec_program):
    """The analysis of the marked program (what ``inspirec analyze`` reports)."""
    return inspirec_program.analysis


@pytest.fixture
def inspirec_ir(inspirec_program):
    """The IR of the marked program after the passes."""
    return inspirec_program.program


@pytest.fixture
def inspirec_snapshot(request: pytest.FixtureRequest):
    """``snapshot(view, program=None, name=None)``: compare a view with its golden file."""
    seen: set[Path] = set()

    def snapshot(view: str, program=None, name: str | None = None) -> None:
        __tracebackhide__ = True
        from inspirec.testing import VIEWS

        if view not in VIEWS:
            pytest.fail(f"inspirec: unknown view '{view}' (valid: {', '.join(VIEWS)})", False)
        if program is None:
            program = request.getfixturevalue("inspirec_program")
        stem = re.sub(r"[^\w.-]+", "_", request.node.name).strip("_")
        base = request.path.parent
        golden = base / "__snapshots__" / f"{stem}{'.' + name if name else ''}.{view}"
        if golden in seen:
            pytest.fail(f"inspirec: a second '{view}' snapshot in one test needs name=", False)
        seen.add(golden)
        _compare(request.config, golden, program.view(view, relative_to=base), view)

    return snapshot


def _compare(config: pytest.Config, golden: Path, text: str, view: str) -> None:
    __tracebackhide__ = True
    shown = os.path.relpath(golden, config.invocation_params.dir)
    old = golden.read_text(encoding="utf-8") if golden.is_file() else None
    if config.getoption("inspirec_update"):
        if old != text:
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(text, encoding="utf-8")
            config.stash[_UPDATED].append(shown)
        return
    if old is None:
        pytest.fail(
            f"inspirec: no golden file {shown} for view '{view}'; "
            "run pytest --inspirec-update to write it",
            pytrace=False,
        )
    if old != text:
        diff = difflib.unified_diff(
            old.splitlines(keepends=True),
            text.splitlines(keepends=True),
            f"{shown} (golden)",
            f"{shown} (now)",
        )
        pytest.fail(
            f"inspirec: view '{view}' differs from its golden file {shown} "
            "(run pytest --inspirec-update to accept the change):\n" + "".join(diff),
            pytrace=False,
        )


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    updated = config.stash.get(_UPDATED, [])
    if updated:
        terminalreporter.section("inspirec")
        terminalreporter.write_line(f"{len(updated)} golden file(s) written:")
        for path in updated:
            terminalreporter.write_line(f"  {path}")


# ------------------------------------------------------------------- C files


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix != ".c" or "__snapshots__" in file_path.parts:
        return None
    from inspirec.filecheck import DEFAULT_PREFIX, RUN_DIRECTIVE

    try:
        data = file_path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    checks = DEFAULT_PREFIX in data and parent.config.getini("inspirec_filecheck")
    wanted = f"{RUN_DIRECTIVE}:" in data or checks
    return CheckFile.from_parent(parent, path=file_path) if wanted else None


class CheckFailed(Exception):
    """A C file's checks do not hold; the message is the whole report."""


class CheckFile(pytest.File):
    """A C file with check comments: one item per ``INSPIREC-RUN:`` line
    (one item for the default run when it has none)."""

    def collect(self):
        from inspirec.filecheck import find_runs

        runs = find_runs(self.path.read_text(encoding="utf-8", errors="replace"))
        for number, col, words in runs or [(0, 0, "")]:
            name = f"line{number}" if number else "default"
            yield CheckItem.from_parent(self, name=name, line=number, col=col, words=words)


class CheckItem(pytest.Item):
    """One run of a C file's checks: compile, take the view, match the checks."""

    def __init__(self, *, line: int, col: int, words: str, **kwargs):
        super().__init__(**kwargs)
        self.run_line, self.run_col, self.words = line, col, words

    def _where(self) -> str:
        name = self.path.name
        return f"{name}:{self.run_line}:{self.run_col}" if self.run_line else name

    def runtest(self) -> None:
        from inspirec.filecheck import PatternError, find_checks, run_checks
        from inspirec.frontend import CompileError
        from inspirec.testing import parse_run

        try:
            run = parse_run(self.words, self.path, _include_dirs(self.config))
        except ValueError as err:
            raise CheckFailed(f"{self._where()}: error: {err}") from None
        source = self.path.read_text(encoding="utf-8", errors="replace")
        checks = find_checks(source, self.path.name, run.prefix)
        if not any(c.kind != "NOT" for c in checks):
            raise CheckFailed(f"{self._where()}: error: no '// {run.prefix}:' line to check")
        try:
            compiled = _cache(self.config).get(run.files, run.options)
            text = compiled.view(run.view, relative_to=self.path.parent)
            failures = run_checks(checks, text)
        except (CompileError, ValueError, PatternError) as err:
            raise CheckFailed(str(err)) from None
        if failures:
            raise CheckFailed("\n".join(f.format(run.view) for f in failures))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CheckFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, max(self.run_line - 1, 0), f"{self.path.name}::{self.name}"
