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
``goto``'s.
"""

from __future__ import annotations

from collections.abc import Callable

from inspirec.frontend import asm
from inspirec.frontend.cparse import statement_expression_block
from inspirec.frontend.diagnostics import CompileError, Diagnostic
from inspirec.frontend.openmp import Directive, is_omp
from inspirec.frontend.symbols import fail
from pycparser import c_ast

#: The blocks a jump or label is in, outermost first: a positive number for
#: the structured block of an OpenMP construct, a negative one for a
#: statement expression (each numbered once per function).
Region = tuple[int, ...]


def check_jumps(body: c_ast.Compound, directive: Callable[[c_ast.Pragma], Directive]) -> None:
    """Raise the error of the first invalid jump of the function body ``body``
    (``directive`` parses a ``#pragma omp`` line)."""
    labels: dict[str, tuple[Region, c_ast.Label]] = {}
    jumps: list[tuple[str | None, c_ast.Node, Region]] = []
    count = 0
    stack: list[tuple[c_ast.Node, Region]] = [(body, ())]
    while stack:
        node, region = stack.pop()
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
        elif statement_expression_block(node) is not None:
            count += 1
            stack.append((node.exprs[0], (*region, -count)))
        else:
            stack.extend((child, region) for _, child in node.children())
    jumps.sort(key=lambda j: (j[1].coord.line, j[1].coord.column) if j[1].coord else (0, 0))
    for name, node, region in jumps:
        if name is None:  # gcc reports a return at its value
            raise fail("invalid branch to/from OpenMP structured block", node.expr or node)
        if name not in labels:
            raise fail(f"label '{name}' used but not defined", node)
        target, label = labels[name]
        common = 0
        while common < min(len(target), len(region)) and target[common] == region[common]:
            common += 1
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
