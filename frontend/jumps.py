"""Jumps to labels, ``goto`` and ``asm goto``, and ``return``, checked as gcc checks them.

A function's jumps must name labels the function defines (gcc: "label 'L'
used but not defined"), and may neither enter nor leave the structured
block of an OpenMP construct (gcc: "invalid entry to OpenMP structured
block", "invalid branch to/from OpenMP structured block"): the body of an
outlined construct becomes a closure of its own in the IR, and the other
constructs' code around their bodies (a barrier, a lock) must not be
skipped.  A ``return`` leaves every structured block it is in.  A jump may
leave a GNU statement expression but not enter one (gcc: "jump into
statement expression", with a note at the label).  Each error
is reported at the jump (a ``return`` at its value, as gcc does), the first
one in the source first.  An ``asm goto`` is a jump to each of its labels (:mod:`frontend.asm`);
gcc 12 itself crashes on one that leaves a task, so the errors are
``goto``'s.  Taking a label's address (GNU C's ``&&label``) needs the label
too; inspirec refuses it in another OpenMP structured block than the
label's (which gcc accepts; a jump there is undefined, and the IR's label
addresses are those of one body: :mod:`inspire.labels`).  A computed ``goto
*p`` cannot be checked: its target is known only when it runs.
"""

from __future__ import annotations

from collections.abc import Callable

from inspirec.frontend import asm
from inspirec.frontend.cparse import LABEL_ADDRESS, statement_expression_block
from inspirec.frontend.diagnostics import CompileError, Diagnostic
from inspirec.frontend.openmp import Directive, is_omp
from inspirec.frontend.symbols import fail
from pycparser import c_ast

#: The blocks a jump or label is in, outermost first: a positive number for
#: the structured block of an OpenMP construct, a negative one for a
#: statement expression (each numbered once per function).
Region = tuple[int, ...]


#: The innermost loop or switch around a ``break`` or ``continue``: its region,
#: and whether it is a loop associated with an OpenMP loop construct.
Target = tuple[Region, bool]

#: The last leaves of the OpenMP constructs whose structured block is a loop nest.
_LOOP_CONSTRUCTS = frozenset({"for", "simd", "taskloop", "distribute", "loop"})
_LOOPS = (c_ast.For, c_ast.While, c_ast.DoWhile)


def _associated_loops(d: Directive, loop: c_ast.Node) -> list[c_ast.Node]:
    """The loops of ``loop``'s nest that OpenMP loop construct ``d`` is
    associated with: ``loop`` and, with ``collapse(n)``/``ordered(n)``, the
    perfectly nested loops below it (as many as there are, at most n)."""
    if d.name.split()[-1] not in _LOOP_CONSTRUCTS or not isinstance(loop, c_ast.For):
        return []
    depth = 1
    for clause in ("collapse", "ordered"):
        for text in d.clauses.get(clause, []):
            if text.strip().isdigit():
                depth = max(depth, int(text))
    nest = [loop]
    while len(nest) < depth:
        inner = nest[-1].stmt
        if isinstance(inner, c_ast.Compound) and len(inner.block_items or []) == 1:
            inner = inner.block_items[0]
        if not isinstance(inner, c_ast.For):
            break
        nest.append(inner)
    return nest


def check_jumps(body: c_ast.Compound, directive: Callable[[c_ast.Pragma], Directive]) -> None:
    """Raise the error of the first invalid jump of the function body ``body``
    (``directive`` parses a ``#pragma omp`` line).  Besides labels, a
    ``break`` or ``continue`` is checked against its loop or switch: there
    must be one, it may not leave a structured block (gcc: "invalid branch to/from OpenMP
    structured block"), and a ``break`` may not leave a loop of an OpenMP
    loop construct (gcc: "break statement used with OpenMP for loop")."""
    labels: dict[str, tuple[Region, c_ast.Label]] = {}
    jumps: list[tuple[str | None, c_ast.Node, Region]] = []
    loop_errors: list[tuple[str, c_ast.Node]] = []
    omp_loops: set[int] = set()  # ids of the loops associated with OpenMP loop constructs
    count = 0
    Entry = tuple[c_ast.Node, Region, Target | None, Region | None]
    stack: list[Entry] = [(body, (), None, None)]
    while stack:
        node, region, brk, cont = stack.pop()
        if isinstance(node, c_ast.Break) and brk is None:
            loop_errors.append(("break statement not within loop or switch", node))
        elif isinstance(node, c_ast.Continue) and cont is None:
            loop_errors.append(("continue statement not within a loop", node))
        elif isinstance(node, c_ast.Break):
            target, omp_loop = brk
            if omp_loop:
                loop_errors.append(("break statement used with OpenMP for loop", node))
            elif any(k > 0 for k in region[len(target) :]):
                loop_errors.append(("invalid branch to/from OpenMP structured block", node))
        elif (
            isinstance(node, c_ast.Continue)
            and cont is not None
            and any(k > 0 for k in region[len(cont) :])
        ):
            loop_errors.append(("invalid branch to/from OpenMP structured block", node))
        if isinstance(node, c_ast.Label):
            labels.setdefault(node.name, (region, node))
        elif isinstance(node, c_ast.Goto):
            jumps.append((node.name, node, region))
        elif isinstance(node, c_ast.Return) and any(k > 0 for k in region):
            jumps.append((None, node, region))  # leaves every structured block
        elif (
            isinstance(node, c_ast.FuncCall)
            and isinstance(node.name, c_ast.ID)
            and node.name.name in asm.CALLS
        ):
            jumps.extend((label, node, region) for label in asm.label_names(node))
        elif _addressed_label(node) is not None:
            jumps.append((_addressed_label(node), node, region))
        if isinstance(node, c_ast.Compound):
            construct = None  # the item is the structured block of this directive
            for item in node.block_items or []:
                inner = region
                if construct is not None:
                    count += 1
                    inner = (*region, count)
                    omp_loops.update(id(loop) for loop in _associated_loops(construct, item))
                construct = None
                if isinstance(item, c_ast.Pragma) and is_omp(item):
                    d = directive(item)
                    construct = d if d.form == "construct" else None
                stack.append((item, inner, brk, cont))
        elif statement_expression_block(node) is not None:
            count += 1
            stack.append((node.exprs[0], (*region, -count), brk, cont))
        else:
            for name, child in node.children():
                if name == "stmt" and isinstance(node, _LOOPS):
                    stack.append((child, region, (region, id(node) in omp_loops), region))
                elif name == "stmt" and isinstance(node, c_ast.Switch):
                    stack.append((child, region, (region, False), cont))
                else:
                    stack.append((child, region, brk, cont))
    jumps.sort(key=lambda j: (j[1].coord.line, j[1].coord.column) if j[1].coord else (0, 0))
    first_loop_error = min(
        loop_errors,
        key=lambda e: (e[1].coord.line, e[1].coord.column) if e[1].coord else (0, 0),
        default=None,
    )
    try:
        _check_label_jumps(jumps, labels)
    except CompileError as err:
        first = err.diagnostics[0]
        if first_loop_error is not None and first_loop_error[1].coord is not None:
            at = first_loop_error[1].coord
            if (at.line, at.column) < (first.line, first.col):
                raise fail(*first_loop_error) from None
        raise
    if first_loop_error is not None:
        raise fail(*first_loop_error)


def _addressed_label(node: c_ast.Node) -> str | None:
    """The label whose address ``node`` takes (GNU C's ``&&label``,
    :mod:`frontend.cparse`); None for another node."""
    if (
        isinstance(node, c_ast.FuncCall)
        and isinstance(node.name, c_ast.ID)
        and node.name.name == LABEL_ADDRESS
        and node.args is not None
        and isinstance(node.args.exprs[0], c_ast.ID)
    ):
        return node.args.exprs[0].name
    return None


def _check_label_jumps(
    jumps: list[tuple[str | None, c_ast.Node, Region]],
    labels: dict[str, tuple[Region, c_ast.Label]],
) -> None:
    """Raise the error of the first invalid jump to a label (or ``return``) of
    ``jumps`` (in source order)."""
    for name, node, region in jumps:
        if name is None:  # gcc reports a return at its value
            raise fail("invalid branch to/from OpenMP structured block", node.expr or node)
        if name not in labels:
            raise fail(f"label '{name}' used but not defined", node)
        target, label = labels[name]
        common = 0
        while common < min(len(target), len(region)) and target[common] == region[common]:
            common += 1
        if _addressed_label(node) is not None:
            if any(k > 0 for k in (*region[common:], *target[common:])):
                raise fail(
                    f"the address of label '{name}' taken outside its OpenMP structured block "
                    "is not supported by inspirec",
                    node,
                )
            continue
        if any(k < 0 for k in target[common:]):
            error = fail("jump into statement expression", node).diagnostics[0]
            coord = label.coord
            note = Diagnostic("note", f"label '{name}' defined here", coord.file, coord.line,
                              coord.column)  # fmt: skip
            raise CompileError([error, note])
        left = [k for k in region[common:] if k > 0]
        if not left and not any(k > 0 for k in target[common:]):
            continue
        if not left:
            raise fail("invalid entry to OpenMP structured block", node)
        raise fail("invalid branch to/from OpenMP structured block", node)
