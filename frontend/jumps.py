"""Jumps to labels, ``goto`` and ``asm goto``, and ``return``, checked as gcc checks them.

A function's jumps must name labels the function defines (gcc: "label 'L'
used but not defined"), and may neither enter nor leave the structured
block of an OpenMP construct (gcc: "invalid entry to OpenMP structured
block", "invalid branch to/from OpenMP structured block"): the body of an
outlined construct becomes a closure of its own in the IR, and the other
constructs' code around their bodies (a barrier, a lock) must not be
skipped.  A ``return`` leaves every structured block it is in.  Each error
is reported at the jump (a ``return`` at its value, as gcc does), the first
one in the source first.  An ``asm goto`` is a jump to each of its labels (:mod:`frontend.asm`);
gcc 12 itself crashes on one that leaves a task, so the errors are
``goto``'s.
"""

from __future__ import annotations

from collections.abc import Callable

from inspirec.frontend import asm
from inspirec.frontend.openmp import Directive, is_omp
from inspirec.frontend.symbols import fail
from pycparser import c_ast

Region = tuple[int, ...]


def check_jumps(body: c_ast.Compound, directive: Callable[[c_ast.Pragma], Directive]) -> None:
    """Raise the error of the first invalid jump of the function body ``body``
    (``directive`` parses a ``#pragma omp`` line)."""
    labels: dict[str, Region] = {}
    jumps: list[tuple[str | None, c_ast.Node, Region]] = []
    count = 0
    stack: list[tuple[c_ast.Node, Region]] = [(body, ())]
    while stack:
        node, region = stack.pop()
        if isinstance(node, c_ast.Label):
            labels.setdefault(node.name, region)
        elif isinstance(node, c_ast.Goto):
            jumps.append((node.name, node, region))
        elif isinstance(node, c_ast.Return) and region:
            jumps.append((None, node, region))  # leaves every structured block
        elif (
            isinstance(node, c_ast.FuncCall)
            and isinstance(node.name, c_ast.ID)
            and node.name.name in asm.CALLS
        ):
            jumps.extend((label, node, region) for label in asm.label_names(node))
        if isinstance(node, c_ast.Compound):
            construct = False  # the item is the structured block of the pragma before it
            for item in node.block_items or []:
                inner = region
                if construct:
                    count += 1
                    inner = (*region, count)
                construct = (
                    isinstance(item, c_ast.Pragma)
                    and is_omp(item)
                    and directive(item).form == "construct"
                )
                stack.append((item, inner))
        else:
            stack.extend((child, region) for _, child in node.children())
    jumps.sort(key=lambda j: (j[1].coord.line, j[1].coord.column) if j[1].coord else (0, 0))
    for name, node, region in jumps:
        if name is None:  # gcc reports a return at its value
            raise fail("invalid branch to/from OpenMP structured block", node.expr or node)
        target = labels.get(name)
        if target is None:
            raise fail(f"label '{name}' used but not defined", node)
        if target == region:
            continue
        if target[: len(region)] == region:
            raise fail("invalid entry to OpenMP structured block", node)
        raise fail("invalid branch to/from OpenMP structured block", node)
