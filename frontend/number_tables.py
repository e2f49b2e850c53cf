"""Long initialiser lists of number constants, lowered as one IR node.

A table such as ``static const uint16_t t[] = {3, 1, 4, 1, 5, ...}`` of
100000 entries would otherwise become 100000 literal nodes, which every
later stage (passes, analyses, the verifier, the backend) walks: a
compression library's or a codec's tables made its build minutes long.
:func:`number_table` makes such a list one
:class:`~inspirec.inspire.nodes.DataInit`, whose values are the source's
own spellings, which the C compiler converts to the element type as it
would have converted them in the source.

Parsing such a list item by item costs as much again, so
:func:`collapsed_text` hands pycparser only each list's first value (the
others blanked out, every position kept) and :func:`attach_runs` gives the
parsed list all its values back as a :class:`NumberRun`, which
:func:`number_table` reads and :func:`expanded` turns into parsed items for
the lists that are lowered item by item after all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from inspirec.frontend.preprocess import TextPositions
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.data import DataValues, data_fits, leaf_count
from inspirec.inspire.syntax import NUMBER_RE
from pycparser import c_ast

#: The fewest values a list needs to become one node: shorter ones gain little.
MIN_VALUES = 16

#: A preprocessing number (C11 6.4.8), perhaps negated: what may be a value
#: of a collapsed list (:data:`NUMBER_RE` then decides).  Every space these
#: patterns allow has one place to go (a space after a minus only after
#: one, a comma's spaces around it): with two, a list that does not end as
#: one (``{1, 2, ..., x}``) would be tried in exponentially many ways.
_VALUE = r"(?:-\s*)?\.?[0-9](?:[eEpP][+-]|[0-9a-zA-Z_.])*"
#: An item of a collapsed list: a value, or a braced list of values.
_ITEM = rf"(?:{_VALUE}|\{{\s*{_VALUE}(?:\s*,\s*{_VALUE})*\s*(?:,\s*)?\}})"
#: A braced list of items.
_SCAN = re.compile(rf"\{{(?P<items>\s*{_ITEM}(?:\s*,\s*{_ITEM})*\s*(?:,\s*)?)\}}")
#: A string or character literal (a list in one is no list).
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
#: A stretch of a line: what blanking a list's text replaces by spaces.
_NOT_NEWLINE = re.compile(r"[^\n]+")
#: The parts of a list's text: braces, commas, values.
_PART = re.compile(r"[{},]|[^{},]+")

#: Where a value starts in pycparser's coordinates: (file, line, column).
Position = tuple[str, int, int]


@dataclass(frozen=True)
class Run:
    """A collapsed list: its values (:data:`~inspirec.inspire.data.DataValues`),
    and its text from its first item on (to parse it in full, each item at
    its own position)."""

    values: DataValues
    source: str
    start: Position  # where ``source`` starts


class NumberRun(list):
    """The items of a collapsed list as parsed (its first item only), and
    the :class:`Run` of all its items."""

    def __init__(self, first: list[c_ast.Node], run: Run) -> None:
        super().__init__(first)
        self.run = run


def collapsed_text(text: str) -> tuple[str, dict[Position, Run]]:
    """``text`` (preprocessed C) with each braced list of number constants
    and lists of them, at least :data:`MIN_VALUES` constants in all, cut to
    its first item (the others and their commas blanked, newlines kept, so
    every position stays), and the values of each such list by the position
    of its first constant."""
    if "{" not in text:
        return text, {}
    out: list[str] = []
    runs: dict[Position, Run] = {}
    done = 0
    positions = TextPositions(text)
    for match in _SCAN.finditer(text):
        items = match["items"]
        if items.count(",") < MIN_VALUES - 1 or _in_literal(text, match.start()):
            continue
        values = _listed(items)
        if values is None or leaf_count(values) < MIN_VALUES:
            continue
        start = match.start("items")
        first = start + len(items) - len(items.lstrip())  # the first item
        first_value = first + (len(items.lstrip()) - len(items.lstrip().lstrip("{ \t\n")))
        first_end = text.index("}", first) + 1 if text[first] == "{" else first
        first_end = text.find(",", first_end, match.end("items"))
        if first_end < 0:  # one item: nothing to cut
            continue
        start_at = positions.position(first)
        source = text[first : match.end("items")]
        runs[positions.position(first_value)] = Run(values, source, start_at)
        blank = _NOT_NEWLINE.sub(lambda m: " " * len(m[0]), text[first_end : match.end("items")])
        out += [text[done:first_end], blank]
        done = match.end("items")
    if not runs:
        return text, {}
    out.append(text[done:])
    return "".join(out), runs


def _in_literal(text: str, offset: int) -> bool:
    """Whether ``offset`` of ``text`` is inside a string or character literal
    (which end on their line: the preprocessed text has no continued lines)."""
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    literals = _LITERAL.finditer(text, start, len(text) if end < 0 else end)
    return any(m.start() < offset < m.end() for m in literals)


def _listed(items: str) -> DataValues | None:
    """The values of a list's text between its braces (None: one is not a
    number of the IR's text format)."""
    stack: list[list] = [[]]
    for part in _PART.findall(items):
        if part == "{":
            stack.append([])
        elif part == "}":
            inner = tuple(stack.pop())
            stack[-1].append(inner)
        elif part != ",":
            value = "".join(part.split())
            if value:
                if not NUMBER_RE.fullmatch(value):
                    return None
                stack[-1].append(value)
    return tuple(stack[0])


def attach_runs(ast: c_ast.Node, runs: dict[Position, Run], nodes) -> bool:
    """Give each list of ``ast`` that :func:`collapsed_text` cut its items
    back (its ``exprs`` a :class:`NumberRun`); ``nodes`` walks a tree.
    Whether every run found its list (else the text must be parsed whole)."""
    found = 0
    for node in nodes(ast):
        if isinstance(node, c_ast.InitList) and len(node.exprs or ()) == 1:
            coord = node.exprs[0].coord
            run = runs.get((coord.file, coord.line, coord.column)) if coord else None
            if run is not None:
                node.exprs = NumberRun(node.exprs, run)
                found += 1
    return found == len(runs)


def expanded(init: c_ast.InitList) -> c_ast.InitList:
    """``init`` with the items of a :class:`NumberRun` as parsed, each at its
    position in the source (in place: it is lowered item by item)."""
    if not isinstance(init.exprs, NumberRun):
        return init
    from inspirec.frontend.cparse import c_parser  # it collapses with this module

    run = init.exprs.run
    file, line, column = run.start
    marker = f'# {line - 1} "{file}"\n'  # the next line is the first item's
    text = f"{marker}int x[] = {{\n{' ' * (column - 1)}{run.source}}};"
    init.exprs = c_parser().parse(text, file).ext[0].init.exprs
    return init


def run_values(init: c_ast.InitList) -> DataValues | None:
    """The values of ``init`` when it holds number constants (each perhaps
    negated) and lists of them only, without designators; else None."""
    if isinstance(init.exprs, NumberRun):
        return init.exprs.run.values
    values: list = []
    for item in init.exprs or ():
        if isinstance(item, c_ast.InitList):
            inner = run_values(item)
            if inner is None:
                return None
            values.append(inner)
            continue
        sign = ""
        if isinstance(item, c_ast.UnaryOp) and item.op == "-":
            sign, item = "-", item.expr
        if not (isinstance(item, c_ast.Constant) and NUMBER_RE.fullmatch(item.value)):
            return None
        values.append(sign + item.value)
    return tuple(values)


def number_table(
    init: c_ast.InitList, ty: n.Type, decls: Mapping[tuple[str, str], n.StructDecl]
) -> n.DataInit | None:
    """``init`` as one :class:`~inspirec.inspire.nodes.DataInit` of ``ty``
    (complete: the declaration's size, or the one its initialiser gives)
    when it holds at least :data:`MIN_VALUES` number constants and lists of
    them that fit ``ty`` member for member
    (:func:`~inspirec.inspire.data.data_fits`; ``decls``: the records);
    else None (the list is lowered item by item: brace elision, designators,
    excess values and gcc's warnings for them)."""
    values = run_values(init)
    if values is None or leaf_count(values) < MIN_VALUES:
        return None
    if not data_fits(values, ty, lambda tag: decls.get((tag.tag, tag.name))):
        return None
    return n.DataInit(t.strip_qualifiers(ty), values)
