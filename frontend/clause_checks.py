"""gcc 12's restrictions on the clauses of one OpenMP directive.

:func:`check_clauses` runs once per directive, before its handler lowers it
(:func:`frontend.openmp.lower_directive`), and reports the first clause
misuse gcc 12 rejects, with gcc's wording, at the place gcc gives (a
:class:`~frontend.openmp.ClauseSpan` of the directive).  A directive that
passes has, for the handlers:

* clauses separated by blanks and at most one comma, none of them a
  clause OpenMP 5.2 allows and gcc 12 does not (``scope firstprivate``);
* at most one of each clause of :data:`ONCE` (a second ``dist_schedule``
  is a warning, and the last one applies);
* ``if`` clauses whose directive-name modifiers name a leaf of the
  directive (``cancel`` for ``cancel``), at most one per modifier, all with
  one or none without one (so at most one applies to each leaf);
* one expression where a clause takes one; list items that are declared
  variables' names (or, for reductions and dependences, expressions that
  start with one);
* integer arguments where gcc wants them, constant sync hints, a
  ``default`` kind gcc knows, ``linear`` items of integer or pointer type
  with an integer step;
* for ``flush``: at most a memory order or a list of declared variables;
* no variable in two data-sharing clauses that exclude each other, no
  threadprivate variable in one (``copyin``/``copyprivate`` excepted),
  ``aligned`` items that are pointers or arrays, constant array-section
  bounds of ``depend``/``affinity`` that are not negative (lengths not zero).

:func:`check_shared_outside` adds, once the directive is lowered: on a
worksharing construct (and ``loop`` not bound to the thread), the
``firstprivate``/``lastprivate``/``reduction`` items are shared in the
enclosing context.

The checks run in gcc's order: first what gcc's parser sees clause by
clause in source order, then what it sees when it finishes the clause list,
item by item in that list's order (reverse source order, except in a
combined construct, whose clauses gcc splits among its leaves in source
order).

:func:`default_statics` reads the body of a region with
``default(private)``/``default(firstprivate)``: the static local variables
referenced there and listed nowhere, which the default privatizes, and
gcc's error for such a file-scope variable (raised once the body is lowered).

:func:`check_threadprivate` is gcc's check of a ``threadprivate`` directive:
no variable it names is used before it.  :func:`misplaced_clause` is gcc's
error for a word after a directive that does not take it as a clause (from
the parser).  The warnings gcc gives for odd constant values (``num_threads(0)``)
are added to the program's log, not raised.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from inspirec.frontend.cparse import c_nodes
from inspirec.frontend.ctypes import gcc_type
from inspirec.frontend.depend import item_address, matching_bracket, section_base, split_top_level
from inspirec.frontend.omp_nesting import DEVICE_DATA_DIRECTIVES
from inspirec.frontend.symbols import (
    EnumSymbol,
    FuncSymbol,
    GlobalSymbol,
    TypedefSymbol,
    VarSymbol,
    const_eval,
    fail,
)
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from pycparser import c_ast

if TYPE_CHECKING:
    from collections.abc import Iterator

    from inspirec.frontend.context import LoweringContext
    from inspirec.frontend.diagnostics import CompileError
    from inspirec.frontend.openmp import ClauseSpan, Directive

#: The clauses of ``requires``, and those gcc 12 has not implemented ("sorry,
#: unimplemented", an error all the same).
REQUIREMENTS = ("unified_address", "unified_shared_memory", "dynamic_allocators",
                "reverse_offload", "atomic_default_mem_order")  # fmt: skip
UNIMPLEMENTED_REQUIREMENTS = ("unified_address", "unified_shared_memory", "reverse_offload")
#: The memory orders ``atomic_default_mem_order`` takes in gcc 12.
DEFAULT_MEMORY_ORDERS = ("seq_cst", "relaxed", "acq_rel")

#: Clauses gcc allows once per directive ("too many 'X' clauses", at the
#: token after the first one's name).
ONCE = frozenset(
    {"final", "priority", "untied", "mergeable", "default", "num_threads", "proc_bind",
     "schedule", "collapse", "ordered", "nowait", "order", "grainsize", "num_tasks", "nogroup",
     "safelen", "simdlen", "hint", "filter", "num_teams", "thread_limit", "at", "severity",
     "message", "threads", "simd", "capture", "compare", "weak", "fail", "device",
     *REQUIREMENTS}
)  # fmt: skip

#: The clauses gcc 12 knows by name outside ``atomic``/``flush``/``depobj``/
#: ``error``: one of them on a directive that does not take it is "'X' is
#: not valid for '#pragma omp D'" (any other word is an unknown clause).
GCC_CLAUSES = frozenset(
    {"aligned", "affinity", "allocate", "bind", "collapse", "copyin", "copyprivate", "default",
     "defaultmap", "depend", "detach", "device", "device_type", "dist_schedule", "filter",
     "final", "firstprivate", "from", "grainsize", "has_device_addr", "hint", "if",
     "in_reduction", "inbranch", "is_device_ptr", "lastprivate", "linear", "link", "map",
     "mergeable", "nogroup", "nontemporal", "notinbranch", "nowait", "num_tasks", "num_teams",
     "num_threads", "order", "ordered", "priority", "private", "proc_bind", "reduction",
     "safelen", "schedule", "shared", "simd", "simdlen", "task_reduction", "thread_limit",
     "threads", "to", "uniform", "untied", "use_device_addr", "use_device_ptr"}
)  # fmt: skip
#: Directives whose misplaced clauses gcc words otherwise.
_OWN_CLAUSE_ERRORS = ("declare simd", "declare reduction")
#: Directives that take no clause: a word after one is "expected end of line".
_NO_CLAUSES = frozenset(
    {"barrier", "master", "nothing", "section", "taskyield", "threadprivate", "end declare target"}
)
#: Directives whose clauses gcc reads itself: its error for any other word.
_OWN_CLAUSE_LISTS = {
    "atomic": "expected 'read', 'write', 'update', 'capture', 'compare', 'weak', 'fail', "
    "'seq_cst', 'acq_rel', 'release', 'relaxed' or 'hint' clause",
    "depobj": "expected 'depend', 'destroy' or 'update' clause",
    "error": "expected 'at', 'severity' or 'message' clause",
    "requires": "expected 'unified_address', 'unified_shared_memory', 'dynamic_allocators', "
    "'reverse_offload' or 'atomic_default_mem_order' clause",
}
#: Clauses OpenMP 5.2 allows on a directive and gcc 12 does not (an error at
#: the clause's name, as for any clause the directive does not take).
_NOT_IN_GCC12 = {"scope": frozenset({"firstprivate", "allocate"})}
#: The map types each directive with a ``map`` clause allows (gcc 12; a
#: combined ``target`` construct's are ``target``'s).
MAP_TYPES = {
    "target": ("to", "from", "tofrom", "alloc"),
    "target data": ("to", "from", "tofrom", "alloc"),
    "target enter data": ("to", "alloc"),
    "target exit data": ("from", "release", "delete"),
}
_ALL_MAP_TYPES = ("alloc", "to", "from", "tofrom", "release", "delete")
#: The map-type modifiers gcc 12 takes.
_MAP_MODIFIERS = ("always", "close")
#: ``defaultmap(behaviour[: category])``: the behaviours and categories gcc 12 takes.
DEFAULTMAP_BEHAVIOURS = ("alloc", "to", "from", "tofrom", "firstprivate", "none", "default")
DEFAULTMAP_CATEGORIES = ("scalar", "aggregate", "pointer")
#: The modifier of a ``device`` clause.
DEVICE_MODIFIER = re.compile(r"\s*(device_num|ancestor)\s*:(?!:)")
#: A member access after a map item's variable.
_MEMBER = re.compile(r"\s*(?:\.|->)\s*[A-Za-z_]\w*")

#: The leaves that take the ``default`` clause (gcc's errors name the first of a combined one).
_DEFAULT_CONSTRUCTS = ("parallel", "teams", "task", "taskloop")
#: The kinds of the ``default`` clause.
_DEFAULT_KINDS = ("none", "shared", "private", "firstprivate")

#: The leaves whose ``if`` clause may name them, in gcc 12's spelling (a
#: device data directive names itself: ``if(target update: c)``).
_IF_LEAVES = ("target", "parallel", "task", "taskloop", "simd", "cancel")

#: Clauses with an integer argument: whether gcc's error names the token
#: after the closing parenthesis (True) or the parenthesis itself.
_INTEGER_ARGUMENTS = {
    "num_threads": True, "priority": True, "grainsize": True, "num_tasks": True,
    "num_teams": True, "thread_limit": True, "filter": False, "device": True,
}  # fmt: skip

#: The data-sharing clauses gcc checks against each other; ``firstprivate``
#: and ``lastprivate`` may name the same variable, every other pair not.
_DATA_CLAUSES = frozenset(
    {"private", "firstprivate", "lastprivate", "shared", "reduction", "in_reduction",
     "task_reduction", "linear", "copyprivate", "copyin", "is_device_ptr", "has_device_addr"}
)  # fmt: skip
#: The data-sharing clauses a threadprivate variable may appear in.
_THREADPRIVATE_CLAUSES = frozenset({"copyin", "copyprivate"})
_REDUCTION_LIKE = frozenset({"reduction", "in_reduction", "task_reduction"})
#: The data-sharing clauses that write their list items (a const one is an error).
_WRITING_CLAUSES = _REDUCTION_LIKE | {"private", "lastprivate", "linear"}

#: Worksharing constructs whose ``firstprivate``, ``lastprivate`` and
#: ``reduction`` items must be shared in the enclosing context (``loop``
#: unless bound to the thread).
_WORKSHARING = frozenset({"for", "for simd", "sections", "single", "scope", "loop"})
_SHARED_OUTSIDE = ("firstprivate", "lastprivate", "reduction")

#: Clauses whose argument is one expression (after a modifier).
_ONE_EXPRESSION = frozenset(
    {"final", "if", "priority", "num_threads", "safelen", "simdlen", "collapse", "ordered",
     "hint", "filter", "grainsize", "num_tasks", "num_teams", "thread_limit", "device"}
)  # fmt: skip
#: The clauses gcc warns about when their constant value is below a bound:
#: the bound and the warning.
_VALUE_WARNINGS = {
    "num_threads": (1, "'num_threads' value must be positive"),
    "grainsize": (1, "'grainsize' value must be positive"),
    "num_tasks": (1, "'num_tasks' value must be positive"),
    "num_teams": (1, "'num_teams' value must be positive"),
    "thread_limit": (1, "'thread_limit' value must be positive"),
    "priority": (0, "'priority' value must be non-negative"),
}
#: List clauses whose items are variable names, and those whose items are
#: expressions over a variable (array sections, lvalues).
_NAME_LISTS = frozenset(
    {"private", "firstprivate", "lastprivate", "shared", "copyin", "copyprivate", "linear",
     "aligned", "nontemporal", "is_device_ptr", "use_device_ptr", "use_device_addr"}
)  # fmt: skip
_EXPRESSION_LISTS = frozenset({"reduction", "in_reduction", "task_reduction", "depend", "affinity"})

_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
#: Words that may start an expression without naming a declaration.
_OPERATOR_WORDS = frozenset(
    {"sizeof", "_Alignof", "__alignof__", "__alignof", "_Generic", "__extension__",
     "__builtin_offsetof", "__builtin_types_compatible_p", "__builtin_va_arg"}
)  # fmt: skip
_NUMBER = re.compile(r"\.?[0-9]")
_STRICT_MODIFIER = re.compile(r"\s*strict\s*:(?!:)")
_LINEAR_MODIFIER = re.compile(r"\s*(?:val|ref|uval)\s*\((.*)\)\s*$")
_LASTPRIVATE_MODIFIER = re.compile(r"\s*conditional\s*:")


def misplaced_clause(d: Directive, clause: str, offset: int) -> CompileError | None:
    """gcc's error for ``clause`` (a word at ``offset`` of the pragma's text,
    "" for another token) on ``d``, which does not take it: "expected
    '#pragma omp' clause" for a word gcc does not know as a clause, the
    directive's own wording where it has one (for ``flush``, the first error
    of its text); None where inspirec has no gcc wording."""
    if d.name == "flush":
        return _flush_error(d)
    offset, token = gcc_token(d.node.string.strip(), offset)
    if d.name in _OWN_CLAUSE_LISTS:
        return d.error_at(offset, _OWN_CLAUSE_LISTS[d.name])
    if d.name == "declare variant" and "match" not in d.clauses:
        return d.error_at(offset, f"expected 'match' before {token}")
    after_argument = d.name in ("declare target", "declare variant") and d.argument is not None
    if d.name in _NO_CLAUSES or after_argument:
        return d.error_at(offset, f"expected end of line before {token}")
    if d.name == "declare reduction":
        return None
    if clause not in GCC_CLAUSES:
        return d.error_at(offset, f"expected '#pragma omp' clause before {token}")
    if d.name in _OWN_CLAUSE_ERRORS:
        return None
    return d.error_at(offset, f"'{clause}' is not valid for '#pragma omp {d.name}'")


def check_clauses(ctx: LoweringContext, d: Directive) -> None:
    """gcc's errors for the clauses of ``d`` (see the module docstring)."""
    seen: dict[str, ClauseSpan] = {}
    ifs: list[str | None] = []
    if d.name == "flush":
        _check_flush(ctx, d)
    end = _clauses_start(d)
    for span, text in _occurrences(d):
        clause = span.clause
        _check_separator(d, end, _name_at(d, span))
        end = span.close + 1 if span.close is not None else _name_at(d, span) + len(clause)
        if clause in _NOT_IN_GCC12.get(d.name, ()):
            raise misplaced_clause(d, clause, _name_at(d, span))
        if clause in ONCE and clause in seen:
            raise d.error_at(seen[clause].after, f"too many '{clause}' clauses")
        if clause == "dist_schedule" and clause in seen:  # the last one applies
            ctx.program.log.add(d.diagnostic_at(span.after, "too many 'dist_schedule' clauses",
                                                "warning"))  # fmt: skip
        seen.setdefault(clause, span)
        _check_argument_syntax(ctx, d, span)
        if clause == "if":
            ifs.append(_check_if(d, span, text, ifs))
        elif clause in _INTEGER_ARGUMENTS:  # grainsize and num_tasks: after a modifier
            if clause == "device":
                _check_device(d, span)
            _check_integer(ctx, d, span, split_top_level(text, ":")[-1])
        elif clause == "schedule":  # [modifiers:] kind[, chunk]
            parts = split_top_level(split_top_level(text, ":")[-1], ",")
            if len(parts) > 1:
                _check_integer(ctx, d, span, parts[1], before_close=True)
        elif clause == "hint":
            _check_hint(ctx, d, span, text)
        elif clause == "aligned":
            _check_alignment(ctx, d, span, text)
        elif clause == "default":
            _check_default(d, span)
        elif clause == "linear":
            _check_linear_step(ctx, d, span)
        elif clause in UNIMPLEMENTED_REQUIREMENTS:
            message = f"'{clause}' clause on 'requires' directive not supported yet"
            raise d.error_at(_name_at(d, span), message)
        elif clause == "atomic_default_mem_order" and text.strip() not in DEFAULT_MEMORY_ORDERS:
            raise d.error_at(span.after + 1, "expected 'seq_cst', 'relaxed' or 'acq_rel'")
        elif clause == "map":
            _check_map(ctx, d, span)
        elif clause == "has_device_addr":  # variables and array sections
            for item, offset in motion_items(d, span):
                _item_variable(ctx, d, span, item, offset)
        elif clause in ("to", "from") and d.name == "target update":
            if not motion_items(d, span):
                raise d.error_at(span.close, "expected identifier before ')' token")
            for item, offset in motion_items(d, span):
                _item_variable(ctx, d, span, item, offset)
        elif clause == "defaultmap":
            _check_defaultmap(d, span)
        _warn_value(ctx, d, span)
    _check_separator(d, end, len(d.node.string.strip()))
    if d.name == "requires" and not d.spans:
        message = "'pragma omp requires' requires at least one clause"
        raise d.error_at(len(d.node.string.strip()), message)
    if d.name == "atomic":
        _check_atomic_clauses(d)
    if d.name == "critical" and "hint" in seen and not d.argument:
        value = const_eval(d.parse_expr(ctx, d.clauses["hint"][0]), ctx.resolver, ctx.scope)
        if value != 0:
            raise d.error_at(
                seen["hint"].after,
                "'#pragma omp critical' with 'hint' clause requires a name, except when "
                "'omp_sync_hint_none' is used",
            )
    _check_items(ctx, d)
    if "map" in d.clauses or "to" in d.clauses or d.name.startswith("target"):
        _check_device_items(ctx, d)


def _occurrences(d: Directive) -> Iterator[tuple[ClauseSpan, str]]:
    """Each clause of ``d`` in source order, with its argument text."""
    count: dict[str, int] = {}
    for span in d.spans:
        k = count[span.clause] = count.get(span.clause, -1) + 1
        yield span, d.clauses[span.clause][k]


# ------------------------------------------------------------ parsing phase


def _clauses_start(d: Directive) -> int:
    """The offset in the pragma's text after the directive's name and argument."""
    text = d.node.string.strip()
    if d.argument_at is None:
        words = r"\s+".join(re.escape(w) for w in ("omp", *d.name.split()))
        return re.match(words, text).end()
    depth = 0
    for i in range(d.argument_at, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i + 1
    return len(text)


def _check_separator(d: Directive, start: int, end: int) -> None:
    """gcc's error for what separates two clauses (from ``start`` to ``end``
    of the pragma's text; the first clause at ``end`` when ``start`` ends the
    directive's name, the end of line when ``end`` is the text's end):
    blanks and at most one comma, none before the first clause (but one
    after the name of a ``critical``), none at the end; ``atomic`` and
    ``error`` take a comma only between two clauses."""
    if d.name in ("flush", "depobj", "declare reduction"):
        return  # their own errors
    text = d.node.string.strip()
    commas = [i for i in range(start, end) if text[i] == ","]
    first = start == _clauses_start(d)
    between = len(commas) == 1 and end < len(text)
    if not commas or (between and (not first or (d.name == "critical" and d.argument))):
        return
    if d.name in _OWN_CLAUSE_LISTS or d.name in _NO_CLAUSES:
        raise d.error_at(commas[0], "expected end of line before ',' token")
    if len(commas) == 1 and not first:
        raise d.error_at(end, "expected '#pragma omp' clause before end of line")
    at = commas[0] if first else commas[1]
    raise d.error_at(at, "expected '#pragma omp' clause before ',' token")


def _argument(d: Directive, span: ClauseSpan) -> tuple[str, int]:
    """The text between the parentheses of a clause (as written, blanks
    kept) and the offset of its first character in the pragma's text."""
    if span.close is None:
        return "", span.after
    return d.node.string.strip()[span.after + 1 : span.close], span.after + 1


def split_with_offsets(text: str, offset: int, separator: str) -> list[tuple[str, int]]:
    """``text`` (at ``offset``) split at its top-level ``separator``s, each
    piece with its offset."""
    out = []
    for piece in split_top_level(text, separator):
        out.append((piece, offset))
        offset += len(piece) + 1
    return out


def argument_items(d: Directive) -> list[tuple[str, int]]:
    """The items of the ``(list)`` argument of ``d`` (``declare target(a, b)``),
    stripped, each with its offset in the pragma's text."""
    start = d.argument_at + 1
    text = d.node.string.strip()[start : _clauses_start(d) - 1]
    return list_items(text, start)


def list_items(text: str, offset: int) -> list[tuple[str, int]]:
    """The comma-separated items of ``text`` (at ``offset``), stripped, the
    blank ones left out, each with its offset."""
    return [
        _stripped(item, at) for item, at in split_with_offsets(text, offset, ",") if item.strip()
    ]


def _stripped(text: str, offset: int) -> tuple[str, int]:
    """``text`` without its blanks around, and the offset of its first character."""
    blanks = len(text) - len(text.lstrip())
    return text.strip(), offset + blanks


def _expression(d: Directive, span: ClauseSpan) -> tuple[str, int]:
    """The expression of a one-expression clause (after its modifier), and its offset."""
    text, offset = _argument(d, span)
    if span.clause == "if":
        modifier, expr = d.if_modifier(text)
        if modifier is not None:
            return expr, offset + len(text) - len(expr)
    elif span.clause in ("grainsize", "num_tasks"):
        m = _STRICT_MODIFIER.match(text)
        if m is not None:
            return text[m.end() :], offset + m.end()
    elif span.clause == "num_teams":  # lower-bound: upper-bound
        *_, (text, offset) = split_with_offsets(text, offset, ":")
    elif span.clause == "device":
        m = DEVICE_MODIFIER.match(text)
        if m is not None:
            return text[m.end() :], offset + m.end()
    return text, offset


def gcc_token(text: str, offset: int) -> tuple[int, str]:
    """The offset of the token at or after ``offset`` of ``text`` and gcc's
    name for it after "before" (``'x'``, ``',' token``, ``end of line``)."""
    while offset < len(text) and text[offset].isspace():
        offset += 1
    if offset == len(text):
        return offset, "end of line"
    if _NUMBER.match(text, offset):
        return offset, "numeric constant"
    word = _IDENTIFIER.match(text, offset)
    if word is not None:
        return offset, f"'{word.group()}'"
    return offset, f"'{text[offset]}' token"


def _check_argument_syntax(ctx: LoweringContext, d: Directive, span: ClauseSpan) -> None:
    """gcc's parse errors in a clause's argument: a second expression where
    it takes one, a list item that is not a variable's name, an undeclared one."""
    clause = span.clause
    if span.close is None:
        return
    if clause in _ONE_EXPRESSION:
        pieces = split_with_offsets(*_expression(d, span), ",")
        if len(pieces) > 1:
            raise d.error_at(pieces[1][1] - 1, "expected ')' before ',' token")
        text, offset = _stripped(*pieces[0])
        word = _IDENTIFIER.match(text)  # an unknown modifier is an undeclared name
        if word and word.group() not in _OPERATOR_WORDS and ctx.scope.lookup(word.group()) is None:
            raise d.error_at(offset, f"'{word.group()}' undeclared (first use in this function)")
    elif clause in ("schedule", "dist_schedule"):  # [modifiers:] kind[, chunk]
        *_, last = split_with_offsets(*_argument(d, span), ":")
        pieces = split_with_offsets(*last, ",")
        if clause == "dist_schedule":
            _check_dist_kind(d, pieces[0][1])
        if len(pieces) > 2:
            raise d.error_at(pieces[2][1] - 1, "expected ')' before ',' token")
        if len(pieces) == 2:
            chunk, offset = _stripped(*pieces[1])
            word = _IDENTIFIER.match(chunk)
            name = word.group() if word else ""
            if name and name not in _OPERATOR_WORDS and ctx.scope.lookup(name) is None:
                raise d.error_at(offset, f"'{name}' undeclared (first use in this function)")
    if clause in _NAME_LISTS:
        for item, offset in _list(d, span):
            _check_name(ctx, d, item, offset)
    elif clause in _EXPRESSION_LISTS and "iterator" not in _argument(d, span)[0]:
        for item, offset in _list(d, span):  # the variable an item starts with
            base = _IDENTIFIER.match(item)
            name = base.group() if base else "omp_all_memory"
            call = item[len(name) :].lstrip().startswith("(")
            if name != "omp_all_memory" and not call and ctx.scope.lookup(name) is None:
                raise d.error_at(offset, f"'{name}' undeclared (first use in this function)")


def _check_dist_kind(d: Directive, offset: int) -> None:
    """The kind of ``dist_schedule`` (at ``offset``) is ``static``."""
    text = d.node.string.strip()
    at, token = gcc_token(text, offset)
    word = _IDENTIFIER.match(text, at)
    if word is None or word.group() != "static":
        raise d.error_at(at, f"invalid dist_schedule kind before {token}")
    at, token = gcc_token(text, word.end())
    if text[at] not in ",)":
        raise d.error_at(at, f"expected ',' or ')' before {token}")


def _list(d: Directive, span: ClauseSpan) -> list[tuple[str, int]]:
    """The list items of a list clause, stripped, each with its offset (the
    list after a reduction's operator, a depend kind, a ``conditional:``
    modifier; before an alignment or a linear step; a ``val(x)`` item's ``x``)."""
    text, offset = _argument(d, span)
    clause = span.clause
    if clause in _REDUCTION_LIKE or clause == "depend":
        head, colon, _ = text.partition(":")
        if clause == "depend":
            parts = split_with_offsets(text, offset, ":")
            if len(parts) < 2 or parts[0][0].strip() in ("source", "sink"):
                return []
            text, offset = parts[-1]
        elif colon:
            text, offset = text[len(head) + 1 :], offset + len(head) + 1
    elif clause in ("linear", "aligned"):
        text, offset = split_with_offsets(text, offset, ":")[0]
    elif clause == "lastprivate":
        m = _LASTPRIVATE_MODIFIER.match(text)
        if m is not None:
            text, offset = text[m.end() :], offset + m.end()
    items = []
    for item, at in split_with_offsets(text, offset, ","):
        item, at = _stripped(item, at)
        m = _LINEAR_MODIFIER.match(item) if clause == "linear" else None
        if m is not None:
            item, at = _stripped(m.group(1), at + m.start(1))
        if item:
            items.append((item, at))
    return items


def _check_name(ctx: LoweringContext, d: Directive, item: str, offset: int) -> None:
    """A list item that must be a declared variable's name."""
    word = _IDENTIFIER.match(item)
    if word is None or isinstance(ctx.scope.lookup(word.group()), TypedefSymbol):
        _, token = gcc_token(item, 0)
        raise d.error_at(offset, f"expected identifier before {token}")
    if ctx.scope.lookup(word.group()) is None:
        raise d.error_at(offset, f"'{word.group()}' undeclared (first use in this function)")
    if word.end() < len(item):
        at, token = gcc_token(item, word.end())
        raise d.error_at(offset + at, f"expected ')' before {token}")


def _warn_value(ctx: LoweringContext, d: Directive, span: ClauseSpan) -> None:
    """gcc's warnings for constant values it takes but finds odd."""
    if span.clause in _VALUE_WARNINGS:
        text, offset = _stripped(*_expression(d, span))
        bound, message = _VALUE_WARNINGS[span.clause]
    elif span.clause == "schedule":
        *_, last = split_with_offsets(*_argument(d, span), ":")
        pieces = split_with_offsets(*last, ",")
        if len(pieces) < 2:
            return
        text, offset = pieces[1][0], span.after
        bound, message = 1, "chunk size value must be positive"
    else:
        return
    value = const_eval(d.parse_expr(ctx, text), ctx.resolver, ctx.scope)
    if value is not None and value < bound:
        ctx.program.log.add(d.diagnostic_at(offset, message, "warning"))


def _check_if(d: Directive, span: ClauseSpan, text: str, earlier: list[str | None]) -> str | None:
    """The modifier of the ``if`` clause ``text`` (None without one), after
    gcc's checks against the directive and the ``earlier`` modifiers."""
    modifier, _ = d.if_modifier(text)
    leaves = (
        [d.name]
        if d.name in DEVICE_DATA_DIRECTIVES
        else [w for w in d.name.split() if w in _IF_LEAVES]
    )
    if modifier == "teams":  # not a modifier in gcc 12: an undeclared name
        word = span.after + 1 + len(text) - len(text.lstrip())
        raise d.error_at(word, "'teams' undeclared (first use in this function)")
    if d.name == "cancel":
        if modifier not in (None, "cancel"):
            raise d.error_at(span.after, "expected 'cancel' 'if' clause modifier")
    elif modifier is not None and modifier not in leaves:
        raise d.error_at(
            span.after,
            f"expected '{leaves[0]}' 'if' clause modifier rather than '{modifier}'",
        )
    if modifier is not None and modifier in earlier:
        raise d.error_at(span.after, f"too many 'if' clauses with '{modifier}' modifier")
    if earlier and (modifier is None) != (earlier[0] is None):
        raise d.error_at(
            span.after,
            "if any 'if' clause has modifier, then all 'if' clauses have to use modifier",
        )
    if earlier and modifier is None:
        raise d.error_at(span.after, "too many 'if' clauses without modifier")
    return modifier


def _check_default(d: Directive, span: ClauseSpan) -> None:
    """The argument of ``default`` is one of :data:`_DEFAULT_KINDS`."""
    text = d.node.string.strip()
    at, token = gcc_token(text, span.after + 1)
    word = _IDENTIFIER.match(text, at)
    if word is None or word.group() not in _DEFAULT_KINDS:
        kinds = ", ".join(f"'{k}'" for k in _DEFAULT_KINDS[:-1])
        raise d.error_at(at, f"expected {kinds} or '{_DEFAULT_KINDS[-1]}' before {token}")
    at, token = gcc_token(text, word.end())
    if at != span.close:
        raise d.error_at(at, f"expected ')' before {token}")


def _check_linear_step(ctx: LoweringContext, d: Directive, span: ClauseSpan) -> None:
    """The step of a ``linear`` clause (after its list) is an integer."""
    pieces = split_with_offsets(*_argument(d, span), ":")
    if len(pieces) < 2 or d.name == "declare simd":  # there a step may name a parameter
        return
    step, offset = _stripped(*pieces[-1])
    word = _IDENTIFIER.match(step)
    if word and word.group() not in _OPERATOR_WORDS and ctx.scope.lookup(word.group()) is None:
        raise d.error_at(offset, f"'{word.group()}' undeclared (first use in this function)")
    if not t.is_integer(ctx.expr.value(d.parse_expr(ctx, step)).type):
        raise d.error_at(span.after, "'linear' clause step expression must be integral")


def clause_name_at(d: Directive, clause: str) -> int:
    """The offset of the name of the first ``clause`` of ``d`` in the pragma's text."""
    return _name_at(d, next(s for s in d.spans if s.clause == clause))


def _name_at(d: Directive, span: ClauseSpan) -> int:
    """The offset of the name of the clause of ``span`` in the pragma's text."""
    return d.node.string.strip().rfind(span.clause, 0, span.after)


def _check_integer(
    ctx: LoweringContext, d: Directive, span: ClauseSpan, text: str, before_close: bool = False
) -> None:
    """gcc's error for a clause argument ``text`` that is not of an integer type."""
    value = ctx.expr.value(d.parse_expr(ctx, text))
    if t.is_integer(value.type):
        return
    if before_close or not _INTEGER_ARGUMENTS.get(span.clause, False):
        at, token = span.close, "')' token"
    else:
        at, token = gcc_token(d.node.string.strip(), span.close + 1)
    raise d.error_at(at, f"expected integer expression before {token}")


#: The clauses of ``atomic`` that say what it does (at most one of the
#: first three; ``capture`` and ``compare`` add to ``update``) and its memory
#: orders (at most one); those ``flush`` takes.
ATOMIC_KINDS = ("read", "write", "update", "capture", "compare")
MEMORY_ORDERS = ("seq_cst", "acq_rel", "release", "acquire", "relaxed")
FLUSH_ORDERS = MEMORY_ORDERS[:4]


def _check_flush(ctx: LoweringContext, d: Directive) -> None:
    """gcc's errors for ``flush``: its text, then the variables of its list."""
    error = _flush_error(d)
    if error is not None:
        raise error
    if d.argument_at is not None:
        text = d.node.string.strip()
        end = text.index(")", d.argument_at)
        for item, offset in split_with_offsets(
            text[d.argument_at + 1 : end], d.argument_at + 1, ","
        ):
            _check_name(ctx, d, *_stripped(item, offset))


def _flush_error(d: Directive) -> CompileError | None:
    """gcc's first error in the text of ``flush [memory-order] [(list)]``."""
    text = d.node.string.strip()
    at = text.index("flush") + len("flush")
    order, _ = gcc_token(text, at)
    word = _IDENTIFIER.match(text, order)
    if word is not None:
        if word.group() not in FLUSH_ORDERS:
            return d.error_at(order, "expected 'seq_cst', 'acq_rel', 'release' or 'acquire'")
        at = word.end()
    at, token = gcc_token(text, at)
    if token == "end of line":
        return None
    if token != "'(' token":
        return d.error_at(at, f"expected '(' or end of line before {token}")
    if word is not None:
        return d.error_at(at, "'flush' list specified together with memory order clause")
    at, token = gcc_token(text, text.index(")", at) + 1)
    if token == "end of line":
        return None
    return d.error_at(at, f"expected end of line before {token}")


def _check_atomic_clauses(d: Directive) -> None:
    """gcc's errors for the clauses of ``atomic``: a second kind or memory
    order (at its name), ``capture``/``compare`` with ``read``/``write``."""
    text = d.node.string.strip()
    for group, message in ((ATOMIC_KINDS[:3], "atomic"), (MEMORY_ORDERS, "memory order")):
        spans = [s for s in d.spans if s.clause in group]
        if len(spans) > 1:
            raise d.error_at(
                text.rfind(spans[1].clause, 0, spans[1].after), f"too many {message} clauses"
            )
    for clause in ("capture", "compare"):
        if clause in d.clauses and ("read" in d.clauses or "write" in d.clauses):
            raise d.error(f"'{clause}' clause is incompatible with 'read' or 'write' clauses")


def _check_hint(ctx: LoweringContext, d: Directive, span: ClauseSpan, text: str) -> None:
    """A sync hint is a constant integer expression, not negative."""
    value = const_eval(d.parse_expr(ctx, text), ctx.resolver, ctx.scope)
    if value is None or value < 0:
        raise d.error_at(
            span.close,
            "expected constant integer expression with valid sync-hint value before ')' token",
        )


def _check_alignment(ctx: LoweringContext, d: Directive, span: ClauseSpan, text: str) -> None:
    """The alignment of an ``aligned`` clause is a positive constant."""
    parts = split_top_level(text, ":")
    if len(parts) < 2:
        return
    value = const_eval(d.parse_expr(ctx, parts[-1]), ctx.resolver, ctx.scope)
    if value is None or value < 1:
        raise d.error_at(
            span.after,
            "'aligned' clause alignment expression must be positive constant integer expression",
        )


# ---------------------------------------------------------- finishing phase


def _is_combined(d: Directive) -> bool:
    """Whether ``d`` is a combined or composite construct (``parallel for``)."""
    if d.name in DEVICE_DATA_DIRECTIVES:
        return False
    words = d.name.split()
    return len(words) > 1 and words[0] in ("parallel", "for", "masked", "master", "taskloop",
                                           "teams", "distribute", "target")  # fmt: skip


def _check_items(ctx: LoweringContext, d: Directive) -> None:
    """The list items in gcc's order: data-sharing conflicts, threadprivate
    variables, ``aligned`` and ``nontemporal`` items, array sections."""
    order = [(span, text, [item for item, _ in _list(d, span)]) for span, text in _occurrences(d)]
    if not _is_combined(d):
        order = [(span, text, names[::-1]) for span, text, names in reversed(order)]
    generic: set[str] = set()
    first: set[str] = set()
    last: set[str] = set()
    linear: set[str] = set()
    own: dict[str, set[str]] = {"aligned": set(), "nontemporal": set()}
    for span, text, names in order:
        clause = span.clause
        if clause in ("depend", "affinity"):
            for name in names:
                if isinstance(ctx.scope.lookup(name), FuncSymbol | EnumSymbol):
                    raise d.error_at(
                        span.after,
                        f"'{name}' is not lvalue expression nor array section in '{clause}' clause",
                    )
            _check_sections(ctx, d, span, text)
            continue
        if clause not in _DATA_CLAUSES and clause not in own:
            continue
        if clause == "in_reduction" and d.name.startswith("target ") and _is_combined(d):
            continue  # the target's, the other data clauses the inner construct's
        for name in names:
            if clause in _REDUCTION_LIKE or clause == "has_device_addr":  # a section: its variable
                name = section_base(name)
            if not _IDENTIFIER.fullmatch(name) or ctx.scope.lookup(name) is None:
                continue  # an expression or an unknown name: the handlers' errors
            sym = ctx.scope.lookup(name)
            if isinstance(sym, FuncSymbol | EnumSymbol):
                if clause in _REDUCTION_LIKE and isinstance(sym, FuncSymbol):
                    raise d.error_at(span.after, f"user defined reduction not found for '{name}'")
                where = f"'{clause}' clause" if clause in own else f"clause '{clause}'"
                raise d.error_at(span.after, f"'{name}' is not a variable in {where}")
            if clause == "copyin" and not _is_threadprivate(ctx, name):
                raise d.error_at(span.after, f"'{name}' must be 'threadprivate' for 'copyin'")
            if clause in own:
                if name in own[clause]:
                    raise d.error_at(
                        span.after, f"'{name}' appears more than once in '{clause}' clauses"
                    )
                own[clause].add(name)
                if clause == "aligned":
                    _check_aligned_item(ctx, d, span, name)
                continue
            if clause == "linear":
                _check_linear_item(ctx, d, span, name)
            if clause == "linear" and d.name == "parallel for":
                # gcc 12 checks it against the other linear clauses only
                clash, mine = name in linear, linear
            elif clause == "firstprivate":
                clash, mine = name in generic or name in first, first
            elif clause == "lastprivate":
                clash, mine = name in generic or name in last, last
            else:
                clash, mine = name in generic or name in first or name in last, generic
            if clash:
                raise d.error_at(span.after, f"'{name}' appears more than once in data clauses")
            mine.add(name)
            if clause not in _THREADPRIVATE_CLAUSES and _is_threadprivate(ctx, name):
                raise d.error_at(
                    span.after, f"'{name}' is predetermined 'threadprivate' for '{clause}'"
                )
            if clause in _WRITING_CLAUSES and _is_const(ctx, name):
                raise d.error_at(
                    span.after,
                    f"'const' qualified '{name}' may appear only in 'shared' or 'firstprivate' "
                    "clauses",
                )


def _is_threadprivate(ctx: LoweringContext, name: str) -> bool:
    sym = ctx.scope.lookup(name)
    info = ctx.program.globals.get(sym.glob.name) if isinstance(sym, GlobalSymbol) else None
    return info is not None and info.thread_local


def _check_linear_item(ctx: LoweringContext, d: Directive, span: ClauseSpan, name: str) -> None:
    ty = variable_type(ctx, name)
    if ty is not None and not (t.is_integer(ty) or t.is_ptr(ty)):
        raise d.error_at(
            span.after,
            "linear clause applied to non-integral non-pointer variable with type "
            f"'{gcc_type(ty)}'",
        )


def variable_type(ctx: LoweringContext, name: str) -> n.Type | None:
    """The type of the variable ``name`` (qualifiers stripped), None for another symbol."""
    ty = _declared_type(ctx, name)
    return None if ty is None else t.strip_qualifiers(ty)


def _is_const(ctx: LoweringContext, name: str) -> bool:
    """Whether the variable ``name`` is const (an array: of const elements)."""
    ty = _declared_type(ctx, name)
    while ty is not None and t.is_array(t.strip_qualifiers(ty)):
        ty = t.element(t.strip_qualifiers(ty))
    return ty is not None and "const" in t.qualifiers(ty)


def _declared_type(ctx: LoweringContext, name: str) -> n.Type | None:
    """The type of the variable ``name`` as declared, None for another symbol."""
    sym = ctx.scope.lookup(name)
    ref = sym.var if isinstance(sym, VarSymbol) else getattr(sym, "glob", None)
    if ref is None or not t.is_ref(ref.type):
        return None
    return t.element(ref.type)


def _check_aligned_item(ctx: LoweringContext, d: Directive, span: ClauseSpan, name: str) -> None:
    ty = variable_type(ctx, name)
    if ty is not None and not (t.is_ptr(ty) or t.is_array(ty)):
        raise d.error_at(
            span.after, f"'{name}' in 'aligned' clause is neither a pointer nor an array"
        )


def section_bounds(item: str) -> Iterator[tuple[str, str]]:
    """The ``(low bound, length)`` texts of the array sections of ``item``
    (empty texts where omitted)."""
    depth, start = 0, 0
    for i, ch in enumerate(item):
        if ch == "[":
            depth += 1
            if depth == 1:
                start = i + 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                pieces = split_top_level(item[start:i], ":")
                if len(pieces) == 2:
                    yield pieces[0].strip(), pieces[1].strip()


def _check_sections(ctx: LoweringContext, d: Directive, span: ClauseSpan, text: str) -> None:
    """gcc's errors for constant array-section bounds of ``depend``/``affinity``."""
    clause = span.clause
    parts = split_top_level(text, ":")
    if clause == "depend" and (len(parts) < 2 or parts[0].strip() in ("source", "sink")):
        return
    for item in split_top_level(parts[-1], ","):
        for low, length in section_bounds(item):
            values = [
                const_eval(d.parse_expr(ctx, x), ctx.resolver, ctx.scope) if x else None
                for x in (low, length)
            ]
            if values[0] is not None and values[0] < 0:
                message = f"negative low bound in array section in '{clause}' clause"
            elif values[1] is not None and values[1] < 0:
                message = f"negative length in array section in '{clause}' clause"
            elif values[1] == 0:
                message = f"zero length array section in '{clause}' clause"
            else:
                continue
            raise d.error_at(span.after, message)


# ------------------------------------------------------ device data clauses


def map_clause(text: str) -> tuple[list[str], str | None, str, int]:
    """The parts of a ``map`` clause's argument: its modifiers, its map type
    (None when it has none) and its list, with the list's offset in ``text``."""
    parts = split_top_level(text, ":")
    if len(parts) == 1:
        return [], None, text, 0
    head = ":".join(parts[:-1])
    words = [w for w in re.split(r"[\s,]+", head.strip()) if w]
    return words[:-1], words[-1] if words else "", parts[-1], len(head) + 1


def map_items(d: Directive, span: ClauseSpan) -> list[tuple[str, int]]:
    """The list items of a ``map`` clause, stripped, each with its offset."""
    text, offset = _argument(d, span)
    _, _, items, at = map_clause(text)
    return list_items(items, offset + at)


def motion_items(d: Directive, span: ClauseSpan) -> list[tuple[str, int]]:
    """The list items of a ``to``/``from``/``is_device_ptr``-like clause."""
    return list_items(*_argument(d, span))


def _check_map(ctx: LoweringContext, d: Directive, span: ClauseSpan) -> None:
    """A ``map`` clause: modifiers gcc 12 takes (each once), a map type the
    directive allows, list items naming a variable (:func:`_item_variable`)."""
    text, offset = _argument(d, span)
    modifiers, kind, _, _ = map_clause(text)
    if kind is None and "tofrom" not in MAP_TYPES[_map_directive(d)]:
        kind = "tofrom"  # the map type of a clause without one, which these do not take
        _check_map_type(d, span, kind)
    elif kind is not None:
        at = offset + text.index(kind) if kind else span.after
        if kind not in _ALL_MAP_TYPES:
            raise d.error_at(at, f"invalid map kind before '{kind}'")
        seen: set[str] = set()
        search = 0
        for word in modifiers:
            search = text.index(word, search)
            if word not in _MAP_MODIFIERS:
                allowed = " or ".join(f"'{m}'" for m in _MAP_MODIFIERS)
                raise d.error_at(
                    offset + search,
                    f"'#pragma omp {_map_directive(d)}' with modifier other than {allowed} on "
                    f"'map' clause before '{word}'",
                )
            if word in seen:
                raise d.error_at(offset + search, f"too many '{word}' modifiers before '{word}'")
            seen.add(word)
            search += len(word)
        _check_map_type(d, span, kind)
    items = map_items(d, span)
    if not items:
        raise d.error_at(span.close, "expected identifier before ')' token")
    for item, at in items:
        _item_variable(ctx, d, span, item, at)


def _check_map_type(d: Directive, span: ClauseSpan, kind: str) -> None:
    """The map type ``kind`` of a ``map`` clause of ``d`` is one ``d`` allows."""
    allowed = MAP_TYPES[_map_directive(d)]
    if kind not in allowed:
        listed = ", ".join(f"'{k}'" for k in allowed[:-1])
        raise d.error_at(
            span.after,
            f"'#pragma omp {_map_directive(d)}' with map-type other than {listed} or "
            f"'{allowed[-1]}' on 'map' clause",
        )


def _map_directive(d: Directive) -> str:
    """The directive whose map types a ``map`` clause of ``d`` may have."""
    return d.name if d.name in MAP_TYPES else "target"


def _item_variable(
    ctx: LoweringContext, d: Directive, span: ClauseSpan, item: str, offset: int
) -> str:
    """The variable a map or motion list item (at ``offset`` in the clause
    of ``span``) names: itself, or the base of its subscripts, array
    sections and member accesses; gcc's errors for any other item and for
    constant section bounds outside the array (:func:`_check_section_bounds`)."""
    word = _IDENTIFIER.match(item)
    if word is None:
        _, token = gcc_token(item, 0)
        raise d.error_at(offset, f"expected identifier before {token}")
    name = word.group()
    sym = ctx.scope.lookup(name)
    if sym is None:
        raise d.error_at(offset, f"'{name}' undeclared (first use in this function)")
    if not isinstance(sym, VarSymbol | GlobalSymbol):
        raise d.error_at(span.after, f"'{name}' is not a variable in '{span.clause}' clause")
    if _is_threadprivate(ctx, name):
        message = f"'{name}' is threadprivate variable in '{span.clause}' clause"
        raise d.error_at(span.after, message)
    at = word.end()
    sections: list[tuple[str, str] | None] = []  # per subscript of the variable itself
    while at < len(item):
        if item[at].isspace():
            at += 1
        elif item[at] == "[":
            close = matching_bracket(item, at)
            if close < 0:
                raise d.error_at(offset + len(item), "expected ']' before ')' token")
            sections.append(_check_subscript(ctx, d, span, item[at + 1 : close], offset + at + 1))
            at = close + 1
        elif span.clause != "has_device_addr" and (member := _MEMBER.match(item, at)) is not None:
            at = member.end()  # (gcc 12 takes no member in has_device_addr)
            sections.append(None)
        else:
            at, token = gcc_token(item, at)
            raise d.error_at(offset + at, f"expected ')' before {token}")
    ty = variable_type(ctx, name)
    if sections and sections[0] is not None and not (t.is_ptr(ty) or t.is_array(ty)):
        raise d.error_at(span.after, f"'{name}' does not have pointer or array type")
    if at > word.end():
        item_address(ctx, d, item, "map")  # type-checked: lowering's errors
    if sections and all(s is not None for s in sections):
        _check_section_bounds(ctx, d, span, ty, sections)
    return name


def _check_subscript(
    ctx: LoweringContext, d: Directive, span: ClauseSpan, text: str, offset: int
) -> tuple[str, str]:
    """A subscript or array section ``[text]`` of a map or motion list item
    (``text`` at ``offset``): at most one ``:``, expressions naming declared
    things only, an integer low bound and length; its low bound and length
    texts (a subscript: the length ``1``)."""
    pieces = split_with_offsets(text, offset, ":")
    if len(pieces) > 2:
        raise d.error_at(pieces[2][1] - 1, "expected ']' before ':' token")
    parts = []
    for k, (piece, at) in enumerate(pieces):
        piece, at = _stripped(piece, at)
        parts.append(piece)
        if not piece:
            continue
        expr = d.parse_expr(ctx, piece)
        fields = {id(x.field) for x in c_nodes(expr) if isinstance(x, c_ast.StructRef)}
        for x in c_nodes(expr):
            if isinstance(x, c_ast.ID) and id(x) not in fields and ctx.scope.lookup(x.name) is None:
                where = re.search(rf"(?<![\w.>]){re.escape(x.name)}\b", piece)
                raise d.error_at(
                    at + (where.start() if where else 0),
                    f"'{x.name}' undeclared (first use in this function)",
                )
        if len(pieces) == 2 and not t.is_integer(ctx.expr.value(expr).type):
            kind = "low bound" if k == 0 else "length"
            message = (
                f"{kind} '{_gcc_expression(piece)}' of array section does not have integral type"
            )
            raise d.error_at(span.after, message)
    if len(parts) == 1:
        return parts[0], "1"
    return parts[0], parts[1]


def _gcc_expression(text: str) -> str:
    """An expression as gcc prints it in a message: a floating constant in
    its decimal exponent form (``0.5`` is ``5.0e-1``), anything else as written."""
    try:
        value = float(text.rstrip("fFlL"))
    except ValueError:
        return text
    if value == 0 or not math.isfinite(value):
        return text
    exponent = math.floor(math.log10(abs(value)))
    mantissa = repr(round(value / 10**exponent, 15))
    return f"{mantissa}e{exponent:+d}"


def _check_section_bounds(
    ctx: LoweringContext,
    d: Directive,
    span: ClauseSpan,
    ty: n.Type,
    sections: list[tuple[str, str] | None],
) -> None:
    """gcc's errors for the constant bounds of the array sections of a list
    item of array type ``ty``: negative, beyond the array, or not contiguous
    (a dimension with a constant length above one before one not taken
    whole)."""

    def value(text: str) -> int | None:
        return const_eval(d.parse_expr(ctx, text), ctx.resolver, ctx.scope) if text else None

    dims = []
    for low_text, length_text in sections:
        low, length = value(low_text) if low_text else 0, value(length_text)
        size = ty.int_params[0] if t.is_array(ty) else None
        where = f"array section in '{span.clause}' clause"
        if low is not None and low < 0:
            raise d.error_at(span.after, f"negative low bound in {where}")
        if length is not None and length < 0:
            raise d.error_at(span.after, f"negative length in {where}")
        if size is not None and low is not None:
            if low > size:
                raise d.error_at(span.after, f"low bound '{low}' above array section size in "
                                 f"'{span.clause}' clause")  # fmt: skip
            if length is not None and low + length > size:
                raise d.error_at(span.after, f"high bound '{low + length}' above array section "
                                 f"size in '{span.clause}' clause")  # fmt: skip
        if length is None and not length_text:
            length = None if size is None or low is None else size - low
        dims.append((low, length, size))
        ty = t.strip_qualifiers(t.element(ty)) if t.is_array(ty) or t.is_ptr(ty) else ty
    for k, (_, length, _) in enumerate(dims):
        partial_after = any(
            ln is not None and sz is not None and ln < sz for _, ln, sz in dims[k + 1 :]
        )
        if length is not None and length > 1 and partial_after:  # gcc: constant lengths only
            raise d.error_at(
                span.after, f"array section is not contiguous in '{span.clause}' clause"
            )


def _check_defaultmap(d: Directive, span: ClauseSpan) -> None:
    """A ``defaultmap(behaviour[: category])`` clause gcc 12 takes."""
    text, offset = _argument(d, span)
    pieces = split_with_offsets(text, offset, ":")
    behaviour, at = _stripped(*pieces[0])
    if behaviour not in DEFAULTMAP_BEHAVIOURS:
        listed = ", ".join(f"'{b}'" for b in DEFAULTMAP_BEHAVIOURS[:-1])
        raise d.error_at(
            at, f"expected {listed} or '{DEFAULTMAP_BEHAVIOURS[-1]}' before '{behaviour}'"
        )
    if len(pieces) > 1:
        category, at = _stripped(*pieces[1])
        if category not in DEFAULTMAP_CATEGORIES:
            listed = ", ".join(f"'{c}'" for c in DEFAULTMAP_CATEGORIES[:-1])
            raise d.error_at(
                at, f"expected {listed} or '{DEFAULTMAP_CATEGORIES[-1]}' before '{category}'"
            )


def defaultmap_categories(d: Directive, span: ClauseSpan) -> tuple[str, tuple[str, ...]]:
    """The behaviour of a ``defaultmap`` clause and the categories it sets."""
    behaviour, colon, category = (part.strip() for part in _argument(d, span)[0].partition(":"))
    return behaviour, (category,) if colon else DEFAULTMAP_CATEGORIES


def _check_device(d: Directive, span: ClauseSpan) -> None:
    """gcc's error for ``device(ancestor: ...)``: inspirec, as gcc 12, does
    not implement ``requires reverse_offload``."""
    text, offset = _argument(d, span)
    m = DEVICE_MODIFIER.match(text)
    if m is not None and m.group(1) == "ancestor":
        raise d.error_at(
            offset + m.start(1),
            "'ancestor' device modifier not preceded by 'requires' directive with "
            "'reverse_offload' clause",
        )


def _check_device_items(ctx: LoweringContext, d: Directive) -> None:
    """The list items of the device clauses, in gcc's order (the clauses and
    the items of a ``map`` clause in reverse source order outside a combined
    construct): a variable mapped
    whole twice, two array sections of one array (in "data clauses"), a
    variable in a data-sharing clause of the target (not the ``private`` or
    ``firstprivate`` of a combined construct, which its inner construct
    takes) and mapped, or whose pointee is mapped (``p[0:n]``: an attached
    pointer, which a whole ``map(p)`` later in the source may map too), an
    ``is_device_ptr`` item that is neither a pointer nor an array, a
    ``use_device_ptr`` item that is not a pointer, two ``defaultmap``
    clauses for one category, a variable (whole) moved twice by ``to`` and
    ``from``; then the clause a data directive needs."""
    combined = _is_combined(d)
    spans = list(d.spans) if combined else list(reversed(d.spans))
    mapped: set[str] = set()  # mapped whole
    sectioned: set[str] = set()  # arrays with a mapped section
    attached: set[str] = set()  # pointers whose pointee is mapped
    data: set[str] = set()
    categories: set[str] = set()
    moved: set[str] = set()
    for span in spans:
        clause = span.clause
        if clause == "defaultmap":
            for category in defaultmap_categories(d, span)[1]:
                if category in categories:
                    raise d.error_at(
                        span.after, f"too many 'defaultmap' clauses with '{category}' category"
                    )
                categories.add(category)
            continue
        if clause in ("to", "from") and d.name == "target update":
            for name, _ in motion_items(d, span):
                if not _IDENTIFIER.fullmatch(name):
                    continue  # sections and members of one variable may repeat
                if name in moved:
                    raise d.error_at(
                        span.after, f"'{name}' appears more than once in motion clauses"
                    )
                moved.add(name)
            continue
        if clause in ("private", "firstprivate") and combined:
            continue
        if clause in ("private", "firstprivate", "is_device_ptr", "has_device_addr"):
            for item, _ in motion_items(d, span):
                name = section_base(item)
                if name in attached:
                    raise d.error_at(span.after, f"'{name}' appears more than once in data clauses")
                if name in mapped or name in sectioned:
                    raise d.error_at(span.after, f"'{name}' appears both in data and map clauses")
                data.add(name)
            if clause == "is_device_ptr":
                _check_pointer_items(ctx, d, span)
            continue
        if clause == "use_device_ptr":
            _check_pointer_items(ctx, d, span)
            continue
        if clause == "in_reduction" and d.name.startswith("target"):  # mapped by the target
            for item, _ in _list(d, span):
                name = section_base(item)
                if name in mapped:
                    raise d.error_at(span.after, f"'{name}' appears more than once in map clauses")
                mapped.add(name)
            continue
        if clause != "map":
            continue
        items = map_items(d, span)
        for item, _ in items if combined else reversed(items):
            name = _IDENTIFIER.match(item).group()
            subscripted = re.match(rf"{name}\s*\[", item) is not None
            if subscripted and t.is_ptr(variable_type(ctx, name) or t.UNIT):
                if name in data or name in attached:
                    raise d.error_at(span.after, f"'{name}' appears more than once in data clauses")
                if name in mapped:
                    raise d.error_at(span.after, f"'{name}' appears both in data and map clauses")
                attached.add(name)
                continue
            if name in data:
                raise d.error_at(span.after, f"'{name}' appears both in data and map clauses")
            if item == name:
                if name in mapped:
                    raise d.error_at(span.after, f"'{name}' appears more than once in map clauses")
                mapped.add(name)
            elif subscripted:
                if name in sectioned:
                    raise d.error_at(span.after, f"'{name}' appears more than once in data clauses")
                if name in mapped:
                    raise d.error_at(span.after, f"'{name}' appears both in data and map clauses")
                sectioned.add(name)
    if d.name == "target data" and not {"map", "use_device_ptr", "use_device_addr"} & set(
        d.clauses
    ):
        raise d.error(
            "'#pragma omp target data' must contain at least one 'map', 'use_device_ptr' or "
            "'use_device_addr' clause"
        )
    if d.name in ("target enter data", "target exit data") and "map" not in d.clauses:
        raise d.error(f"'#pragma omp {d.name}' must contain at least one 'map' clause")
    if d.name == "target update" and not {"to", "from"} & set(d.clauses):
        raise d.error(
            "'#pragma omp target update' must contain at least one 'from' or 'to' clauses"
        )


def _check_pointer_items(ctx: LoweringContext, d: Directive, span: ClauseSpan) -> None:
    """``is_device_ptr`` items are pointers or arrays, ``use_device_ptr`` ones pointers."""
    for name, _ in motion_items(d, span):
        ty = variable_type(ctx, name)
        if ty is None:
            continue
        if span.clause == "is_device_ptr" and not (t.is_ptr(ty) or t.is_array(ty)):
            message = "'is_device_ptr' variable is neither a pointer nor an array"
            raise d.error_at(span.after, message)
        if span.clause == "use_device_ptr" and not t.is_ptr(ty):
            raise d.error_at(span.after, "'use_device_ptr' variable is not a pointer")


# -------------------------------------------------------- enclosing context


def check_shared_outside(ctx: LoweringContext, d: Directive) -> None:
    """A worksharing construct's ``firstprivate``, ``lastprivate`` and
    ``reduction`` items are shared in the enclosing context (a local of a
    function is private to the task that runs it, outside any region).

    gcc finds this when it gimplifies the function, after every error of
    its parser: run after ``d`` is lowered (its body and its handler's
    checks first), with the enclosing context's sharing frames."""
    from inspirec.frontend.openmp import is_shared  # openmp imports this module

    if d.name not in _WORKSHARING or (d.expression("bind") or "").strip() == "thread":
        return
    depth = len(ctx.sharing_frames) - 1
    for span in reversed(d.spans):
        if span.clause not in _SHARED_OUTSIDE:
            continue
        if span.clause == "lastprivate" and d.name == "loop":
            continue  # gcc allows it there
        for name, _ in reversed(_list(d, span)):
            sym = ctx.scope.lookup(name)
            if isinstance(sym, VarSymbol) and not is_shared(ctx, sym.var, depth):
                raise d.error(f"{span.clause} variable '{name}' is private in outer context")


# ------------------------------------------------------ default data sharing


def _unevaluated(x: c_ast.Node) -> bool:
    """Whether ``x`` names its operand without evaluating it (``sizeof``,
    ``_Alignof``, ``typeof``)."""
    return isinstance(x, c_ast.TypeOf) or (
        isinstance(x, c_ast.UnaryOp) and x.op in ("sizeof", "_Alignof")
    )


def default_statics(
    ctx: LoweringContext, d: Directive, body: list
) -> tuple[list[str], CompileError | None]:
    """For a region with ``default(private)`` or ``default(firstprivate)``:
    the static local variables referenced in ``body`` and listed in none of
    the data-sharing clauses of ``d`` (the default makes them private to
    the region, as gcc does), and gcc's error for the first file-scope
    variable so referenced (at the reference; gcc gives the expression
    around it), None without one.  With ``default(none)``: gcc's error for
    the first file-scope or static local variable so referenced (const ones
    included; threadprivate ones are predetermined)."""
    default = (d.expression("default") or "").strip()
    if default not in ("private", "firstprivate", "none"):
        return [], None
    listed = {
        name for span in d.spans if span.clause in _DATA_CLAUSES for name, _ in _list(d, span)
    }
    declared = set()
    ids = []
    stack: list[c_ast.Node] = list(body)
    while stack:
        x = stack.pop()
        if isinstance(x, c_ast.Decl):
            declared.add(x.name)
        elif isinstance(x, c_ast.ID):
            ids.append(x)
        if isinstance(x, c_ast.StructRef):
            stack.append(x.name)  # x.field names a member
            continue
        if _unevaluated(x):
            continue  # sizeof, _Alignof, typeof: no reference to the variable
        stack.extend(c for _, c in x.children())
    statics: list[str] = []
    for x in sorted(ids, key=lambda x: (x.coord.line, x.coord.column)):
        sym = ctx.scope.lookup(x.name)
        if (
            x.name in listed
            or x.name in declared
            or not isinstance(sym, GlobalSymbol)
            or not t.is_ref(sym.glob.type)
            or _is_threadprivate(ctx, x.name)
        ):
            continue
        scope = ctx.scope
        while x.name not in scope.ordinary:
            scope = scope.parent
        if scope.parent is None or default == "none":
            construct = next(w for w in d.name.split() if w in _DEFAULT_CONSTRUCTS)
            return statics, fail(f"'{x.name}' not specified in enclosing '{construct}'", x)
        if x.name not in statics:
            statics.append(x.name)
    return statics, None


# ------------------------------------------------------------ threadprivate


def check_threadprivate(ctx: LoweringContext, d: Directive) -> None:
    """gcc's error for a variable of ``threadprivate(list)`` used before the
    directive: an identifier naming it earlier in the same file (in a
    function that declares no other variable of that name; in the
    directive's own function, after the declaration the directive names)."""
    pragma = d.node
    at = (pragma.coord.line, pragma.coord.column)
    for name in (v.strip() for v in (d.argument or "").split(",") if v.strip()):
        for info in ctx.program.functions.values():
            fdef = info.definition
            if fdef is None or fdef.coord is None or fdef.coord.file != pragma.coord.file:
                continue
            ids, decls, inside = _occurrences_of(fdef, name, pragma)
            before = [p for p in decls if p < at] if inside else []
            if decls and not before:
                continue  # another variable of that name
            start = max(before, default=(0, 0))  # in its own function: the static named
            if any(start < p < at for p in ids):
                raise d.error_at(
                    d.argument_at, f"'{name}' declared 'threadprivate' after first use"
                )


def _occurrences_of(
    fdef: c_ast.FuncDef, name: str, pragma: c_ast.Pragma
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], bool]:
    """The positions of the identifiers ``name`` (not member names) and of the
    declarations of ``name`` in ``fdef``, and whether ``pragma`` is in it."""
    ids, decls, inside = [], [], False
    stack: list[c_ast.Node] = [fdef.decl.type, fdef.body]
    while stack:
        x = stack.pop()
        inside = inside or x is pragma
        if isinstance(x, c_ast.ID) and x.name == name and x.coord is not None:
            ids.append((x.coord.line, x.coord.column))
        elif isinstance(x, c_ast.Decl) and x.name == name and x.coord is not None:
            decls.append((x.coord.line, x.coord.column))
        if isinstance(x, c_ast.StructRef):
            stack.append(x.name)  # x.field names a member
            continue
        stack.extend(c for _, c in x.children())
    return ids, decls, inside
