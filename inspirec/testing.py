"""Checking a program's parallel structure in tests: compiled programs, their
canonical views, marks, and assertions with readable messages.

Usable with any test runner; :mod:`inspirec.pytest_plugin` builds its
fixtures on it.  Everything goes through the public API of
:mod:`inspirec.driver`.

* :func:`compile_files` compiles C files with :class:`Options` to a
  :class:`Compiled`: the IR as lowered and after the passes, the analysis
  (the one ``inspirec analyze`` reports) and, on demand, the emitted C.
  :class:`ProgramCache` compiles each distinct input once (its key: the
  files, the options and the files' contents).
* :meth:`Compiled.view` gives one of :data:`VIEWS` as text: ``ir`` (the
  canonical IR text, as ``inspirec emit --emit ir``), ``analysis`` (the JSON
  of ``inspirec analyze --json``), ``config`` (the runtime configuration
  header, as ``inspirec emit --emit config``) and ``c`` (the emitted C).
  Views are deterministic (the compiler's output does not depend on
  ``PYTHONHASHSEED``), and any absolute path of an input's or include
  directory appears relative to the directory the caller names.
* Marks: a comment ``/* @mark NAME */`` (or ``// @mark NAME``) on a source
  line names the IR nodes located on that line (task spawns, calls, loops,
  functions; :meth:`Compiled.mark`), with their addresses in the program
  after the passes.
* ``assert_*``: each raises AssertionError saying what was expected, what
  the program has, and where.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from inspirec.analyses import Analysis
    from inspirec.driver import Optimized
    from inspirec.inspire import Program
    from inspirec.inspire.address import Address

#: The views of a compiled program (:meth:`Compiled.view`).
VIEWS = ("ir", "analysis", "config", "c")

#: ``/* @mark NAME */`` or ``// @mark NAME``.
_MARK = re.compile(r"(?:/\*|//)\s*@mark\s+([A-Za-z_][\w.-]*)")


@dataclass(frozen=True)
class Options:
    """How a program is compiled: preprocessor options (as gcc's ``-I``, ``-D``,
    ``-U``), the tuning, ``--param`` overrides as ``(name, value)`` pairs, and
    whether the ``coalesce`` and ``hybrid`` passes run."""

    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    undefines: tuple[str, ...] = ()
    tuning: str = "full"
    params: tuple[tuple[str, str], ...] = ()
    coalesce: bool = True
    hybrid: bool = True

    @classmethod
    def make(
        cls,
        include_dirs: Iterable[str | os.PathLike] = (),
        defines: Iterable[str] = (),
        undefines: Iterable[str] = (),
        tuning: str = "full",
        params: Mapping[str, Any] | None = None,
        coalesce: bool = True,
        hybrid: bool = True,
    ) -> Options:
        """Options from any iterables (include directories made absolute)."""
        pairs = tuple(sorted((str(k), str(v)) for k, v in (params or {}).items()))
        dirs = tuple(os.path.abspath(d) for d in include_dirs)
        return cls(dirs, tuple(defines), tuple(undefines), tuning, pairs, coalesce, hybrid)


@dataclass(frozen=True)
class Mark:
    """A ``@mark`` comment: its name, where it is, and the addresses of the IR
    nodes located on its line in the program after the passes (pre-order:
    an enclosing node comes before the nodes inside it)."""

    name: str
    file: str
    line: int
    addresses: tuple[Address, ...] = field(repr=False)

    def where(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def address(self) -> Address:
        """The first (outermost) address on the marked line."""
        if not self.addresses:
            raise AssertionError(
                f"{self.where()}: @mark {self.name}: no IR node is located on this line "
                "(marks name task spawns, joins, calls, loops and functions)"
            )
        return self.addresses[0]


class Compiled:
    """One program compiled with :func:`compile_files`."""

    def __init__(
        self, files: Sequence[Path], options: Options, lowered: Program, optimized: Optimized
    ):
        self.files = tuple(files)
        self.options = options
        #: The IR as lowered from C, before the passes.
        self.lowered = lowered
        self.optimized = optimized

    @property
    def program(self) -> Program:
        """The IR after the passes (what the views, marks and analysis describe)."""
        return self.optimized.program

    @property
    def analysis(self) -> Analysis:
        return self.optimized.analysis

    @cached_property
    def unit(self):
        """The emitted C unit (:class:`inspirec.backend.CUnit`)."""
        from inspirec import driver

        name = driver.program_name([str(f) for f in self.files])
        return driver.emit(self.optimized, name)

    def view(self, name: str, relative_to: str | os.PathLike | None = None) -> str:
        """The view ``name`` (one of :data:`VIEWS`) as text, absolute paths of the
        inputs' and include directories written relative to ``relative_to``."""
        if name == "ir":
            from inspirec.inspire import print_program

            text = print_program(self.program)
        elif name == "analysis":
            text = json.dumps(self.analysis.to_json(), indent=2) + "\n"
        elif name == "config":
            choice = self.analysis.choice
            title = f"runtime configuration chosen by inspirec (--tuning {choice.tuning})"
            text = choice.config.header(title, choice.reasons)
        elif name == "c":
            text = self.unit.text
        else:
            raise ValueError(f"unknown view '{name}' (valid: {', '.join(VIEWS)})")
        return self.relative(text, relative_to)

    def relative(self, text: str, base: str | os.PathLike | None) -> str:
        """``text`` with the absolute paths of the inputs' and include directories
        written relative to ``base`` (unchanged when ``base`` is None)."""
        if base is None:
            return text
        dirs = {str(f.parent) for f in self.files} | set(self.options.include_dirs)
        for d in sorted(dirs, key=lambda d: (-len(d), d)):
            rel = os.path.relpath(d, base).replace(os.sep, "/")
            text = text.replace(d + os.sep, "" if rel == "." else rel + "/")
        return text

    @cached_property
    def marks(self) -> dict[str, Mark]:
        """Every ``@mark`` of the input files by name (a repeated name is an error)."""
        found: dict[str, tuple[str, int]] = {}
        for path in self.files:
            text = path.read_text(encoding="utf-8", errors="replace")
            for number, line in enumerate(text.splitlines(), 1):
                for m in _MARK.finditer(line):
                    if m.group(1) in found:
                        first = "{}:{}".format(*found[m.group(1)])
                        raise ValueError(
                            f"{path.name}:{number}: error: @mark {m.group(1)} repeated "
                            f"(first at {first})"
                        )
                    found[m.group(1)] = (path.name, number)
        located = _addresses_on(self.program, set(found.values()))
        return {
            name: Mark(name, file, line, tuple(located.get((file, line), ())))
            for name, (file, line) in found.items()
        }

    def mark(self, name: str) -> Mark:
        """The mark ``name``; AssertionError listing the marks if there is none."""
        try:
            return self.marks[name]
        except KeyError:
            known = ", ".join(sorted(self.marks)) or "none"
            files = ", ".join(f.name for f in self.files)
            raise AssertionError(f"no '@mark {name}' in {files} (marks: {known})") from None


def _addresses_on(program: Program, lines: set[tuple[str, int]]) -> dict[tuple[str, int], list]:
    """The addresses (pre-order) of the nodes of ``program`` located on ``lines``
    (``(file name, line)``, file names as IR locations have them)."""
    from inspirec.inspire.address import Address

    out: dict[tuple[str, int], list] = {}
    if not lines:
        return out
    for a in Address.root_of(program).descendants():
        loc = getattr(a.node, "loc", None)
        if loc is not None and (loc.file, loc.line) in lines:
            out.setdefault((loc.file, loc.line), []).append(a)
    return out


def compile_files(files: Sequence[str | os.PathLike], options: Options = Options()) -> Compiled:
    """Compile ``files`` (one program) with ``options``.

    Raises :class:`inspirec.frontend.CompileError` for errors in the C input
    and ValueError for an unknown tuning or parameter (see :mod:`inspirec.driver`).
    """
    from inspirec import driver
    from inspirec.inspire import deep_call

    paths = [Path(os.path.abspath(f)) for f in files]
    cpp = driver.CppOptions(options.include_dirs, options.defines, options.undefines)

    def run():
        lowered = driver.lower_c([str(p) for p in paths], cpp)
        params = dict(options.params)
        optimized = driver.optimize(
            lowered, options.tuning, params, options.coalesce, hybrid=options.hybrid
        )
        return lowered, optimized

    lowered, optimized = deep_call(run)
    return Compiled(paths, options, lowered, optimized)


class ProgramCache:
    """Compiles each distinct (files, options, file contents) once."""

    def __init__(self) -> None:
        self._programs: dict[tuple, Compiled] = {}

    @staticmethod
    def key(files: Sequence[str | os.PathLike], options: Options) -> tuple:
        paths = tuple(os.path.abspath(f) for f in files)
        return (paths, options, tuple(map(_digest, paths)))

    def get(self, files: Sequence[str | os.PathLike], options: Options = Options()) -> Compiled:
        key = self.key(files, options)
        if key not in self._programs:
            self._programs[key] = compile_files(files, options)
        return self._programs[key]


def _digest(path: str) -> str | None:
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


# ------------------------------------------------------------------ run lines


@dataclass(frozen=True)
class Run:
    """A parsed ``INSPIREC-RUN:`` directive: the view to check, the check prefix,
    the input files (the checked file first) and the options."""

    view: str
    prefix: str
    files: tuple[Path, ...]
    options: Options


def parse_run(words: str, source: Path, extra_include_dirs: Sequence[str] = ()) -> Run:
    """The ``INSPIREC-RUN:`` directive text ``words`` of the C file ``source``.

    Words: ``view=V`` (default ``ir``), ``prefix=P`` (default
    ``INSPIREC-CHECK``), ``tuning=T``, ``-DNAME[=V]``, ``-UNAME``, ``-IDIR``,
    ``--param=NAME=VALUE``, ``--no-coalesce``, ``--no-hybrid`` and further C
    files; paths are relative to ``source``'s directory.  ValueError names a
    word that is none of these.
    """
    from inspirec.filecheck import DEFAULT_PREFIX

    base = source.parent
    view, prefix, tuning = "ir", DEFAULT_PREFIX, "full"
    files, includes, defines, undefines, params = [source], [], [], [], {}
    flags = {"coalesce": True, "hybrid": True}
    try:
        tokens = shlex.split(words)
    except ValueError as err:
        raise ValueError(f"cannot split INSPIREC-RUN words: {err}") from None
    for word in tokens:
        key, _, value = word.partition("=")
        if key == "view" and value:
            if value not in VIEWS:
                raise ValueError(f"unknown view '{value}' (valid: {', '.join(VIEWS)})")
            view = value
        elif key == "prefix" and value:
            prefix = value
        elif key == "tuning" and value:
            tuning = value
        elif key == "--param" and "=" in value:
            name, _, v = value.partition("=")
            params[name] = v
        elif word in ("--no-coalesce", "--no-hybrid"):
            flags[word[5:]] = False
        elif word[:2] in ("-D", "-U", "-I") and len(word) > 2:
            {"-D": defines, "-U": undefines, "-I": includes}[word[:2]].append(word[2:])
        elif word.endswith(".c") and not word.startswith("-"):
            files.append(base / word)
        else:
            raise ValueError(
                f"unknown INSPIREC-RUN word '{word}' (valid: view=, prefix=, tuning=, -D, -U, "
                "-I, --param=NAME=VALUE, --no-coalesce, --no-hybrid, FILE.c)"
            )
    dirs = [*(base / d for d in includes), *extra_include_dirs]
    options = Options.make(dirs, defines, undefines, tuning, params, **flags)
    return Run(view, prefix, tuple(files), options)


# ------------------------------------------------------------------ assertions

#: Keyword -> field of a task context (:class:`inspirec.analyses.aggregate.ContextResult`).
_CONTEXT_FIELDS = {
    "rho": "recursive_paths",
    "recursive_paths": "recursive_paths",
    "loop_paths": "loop_paths",
    "effort": "effort",
    "stack_bytes": "stack_bytes",
    "closure_bytes": "closure_bytes",
    "spawn_sites": "spawn_sites",
}


def _analysis(result: Compiled | Analysis) -> Analysis:
    return result.analysis if isinstance(result, Compiled) else result


def _describe(c) -> str:
    return (
        f"{c.function} at {c.location}: rho={c.recursive_paths} loop_paths={c.loop_paths} "
        f"effort={c.effort} stack_bytes={c.stack_bytes} closure_bytes={c.closure_bytes} "
        f"spawn_sites={list(c.spawn_sites)}"
    )


def _contexts(analysis: Analysis, function: str | None, location: str | None) -> list:
    """The task contexts of ``function`` (all if None) at ``location`` (any if None)."""
    chosen = [
        c
        for c in analysis.contexts
        if (function is None or c.function == function)
        and (location is None or c.location == location)
    ]
    if not chosen and function is not None:
        known = "".join(f"\n  {_describe(c)}" for c in analysis.contexts) or " none"
        where = f" at {location}" if location else ""
        raise AssertionError(f"no task context '{function}'{where}; the task contexts are:{known}")
    return chosen


def task_context(result: Compiled | Analysis, function: str, location: str | None = None):
    """The one task context of ``function`` (``location`` ``file.c:LINE`` picks
    one of several)."""
    __tracebackhide__ = True
    chosen = _contexts(_analysis(result), function, location)
    if len(chosen) > 1:
        listed = "".join(f"\n  {_describe(c)}" for c in chosen)
        raise AssertionError(
            f"{len(chosen)} task contexts '{function}'; pass location= to pick one:{listed}"
        )
    return chosen[0]


def assert_task_context(
    result: Compiled | Analysis, function: str, location: str | None = None, **expected: Any
) -> None:
    """The task context of ``function`` has the ``expected`` values: ``rho`` (or
    ``recursive_paths``), ``loop_paths``, ``effort``, ``stack_bytes``,
    ``closure_bytes``, ``spawn_sites`` (``["file.c:LINE", ...]``)."""
    __tracebackhide__ = True
    unknown = sorted(set(expected) - set(_CONTEXT_FIELDS))
    if unknown:
        raise TypeError(
            f"assert_task_context: unknown keyword {', '.join(unknown)} "
            f"(valid: {', '.join(_CONTEXT_FIELDS)})"
        )
    context = task_context(result, function, location)
    wrong = []
    for key, want in expected.items():
        have = getattr(context, _CONTEXT_FIELDS[key])
        if key == "spawn_sites":
            have, want = list(have), list(want)
        if have != want:
            wrong.append(f"  {key}: expected {want!r}, the program has {have!r}")
    if wrong:
        raise AssertionError(f"task context {_describe(context)}\n" + "\n".join(wrong))


def _assert_at_most(result, what: str, limit: int, function: str | None) -> None:
    __tracebackhide__ = True
    over = [c for c in _contexts(_analysis(result), function, None) if getattr(c, what) > limit]
    if over:
        listed = "".join(f"\n  {c.function} at {c.location}: {getattr(c, what)}" for c in over)
        raise AssertionError(f"{what} above the bound {limit}:{listed}")


def assert_closure_at_most(
    result: Compiled | Analysis, limit: int, function: str | None = None
) -> None:
    """No task context (of ``function``, if given) has a closure above ``limit`` bytes."""
    __tracebackhide__ = True
    _assert_at_most(result, "closure_bytes", limit, function)


def assert_stack_at_most(
    result: Compiled | Analysis, limit: int, function: str | None = None
) -> None:
    """No task context (of ``function``, if given) has a stack estimate above ``limit`` bytes."""
    __tracebackhide__ = True
    _assert_at_most(result, "stack_bytes", limit, function)


def assert_parameters(result: Compiled | Analysis, **expected: int | str) -> None:
    """The chosen runtime parameters have the ``expected`` values (with their reasons)."""
    __tracebackhide__ = True
    choice = _analysis(result).choice
    values = choice.config.values()
    unknown = sorted(set(expected) - set(values))
    if unknown:
        raise TypeError(f"unknown parameter {', '.join(unknown)} (valid: {', '.join(values)})")
    wrong = [
        f"  {k}: expected {v!r}, chosen {values[k]!r} ({choice.reasons.get(k, 'no reason')})"
        for k, v in expected.items()
        if values[k] != v
    ]
    if wrong:
        raise AssertionError("runtime parameters differ:\n" + "\n".join(wrong))


def assert_coalesced(result: Compiled | Analysis, function: str, applied: bool = True) -> None:
    """The joins of ``function`` were coalesced (``applied=False``: were not)."""
    __tracebackhide__ = True
    decisions = [d for d in _analysis(result).coalescing if d.function == function]
    if not decisions:
        known = ", ".join(sorted({d.function for d in _analysis(result).coalescing})) or "none"
        raise AssertionError(
            f"no coalescing decision for '{function}': it joins no task group "
            f"(functions with joins: {known})"
        )
    for d in decisions:
        if d.applied != applied:
            state = "coalesced" if d.applied else "not coalesced"
            raise AssertionError(f"{d.location}: the joins of {function} are {state}: {d.reason}")


def _joins_on_line(program: Program, mark: Mark, waits_for_all: bool) -> list:
    """The joins of one task group (``merge`` of a group, not a region) on the
    marked line; with ``waits_for_all`` also joins of every child (``merge_all``)."""
    from inspirec.inspire.parallel import is_builtin_call, is_region

    located = _addresses_on(program, {(mark.file, mark.line)}).get((mark.file, mark.line), ())
    return [
        a
        for a in located
        if (is_builtin_call(a.node, "merge") and not is_region(a.node))
        or (waits_for_all and is_builtin_call(a.node, "merge_all"))
    ]


def assert_join_coalesced(compiled: Compiled, mark: str) -> None:
    """The join on the line of ``@mark mark`` (``pthread_join``, ``thrd_join``
    of a thread made a task, ``taskwait``) waits through one counter for all
    children after the passes: no join of a single task group is left there
    (a ``taskwait`` already is such a join)."""
    __tracebackhide__ = True
    m = compiled.mark(mark)
    if not _joins_on_line(compiled.lowered, m, waits_for_all=True):
        raise AssertionError(f"{m.where()}: @mark {mark}: no join of tasks on this line")
    if _joins_on_line(compiled.program, m, waits_for_all=False):
        reasons = "".join(
            f"\n  {d.location}: {d.function}: {d.reason}"
            for d in compiled.analysis.coalescing
            if not d.applied
        )
        raise AssertionError(f"{m.where()}: @mark {mark}: the join is not coalesced{reasons}")


def assert_task_spawn(compiled: Compiled, mark: str) -> None:
    """A task is spawned on the line of ``@mark mark`` (after the passes)."""
    __tracebackhide__ = True
    from inspirec.inspire.parallel import is_task_spawn

    m = compiled.mark(mark)
    if not any(is_task_spawn(a.node) for a in m.addresses):
        kinds = ", ".join(a.node.kind for a in m.addresses) or "nothing"
        raise AssertionError(f"{m.where()}: @mark {mark}: no task spawn on this line ({kinds})")
