"""GNU C's labels as values in the IR: ``&&label`` and ``goto *p``.

The address of a label is a call of the pure builtin ``label_address(f, l)``
(two ``identifier`` literals, type ``ptr<unit>``): label ``l`` of function
``f``.  In a body, ``l`` is a label of that same body (a function's body or
a job's: the verifier checks it as it checks a ``goto``'s label).  A global's
initialiser may take it too: such a global is a *label table*, a static
local of function ``f`` in C (``static void *t[] = {&&a, &&b};``), whose
labels are those of ``f``'s own body.  The backend writes a label table
inside each C function made of ``f``'s body (the function and its serial
clone, each with its own table) and nowhere else, so only ``f``'s own body
may name it (the frontend refuses other uses).

The jump, ``goto *p``, is the statement ``goto_address(p)`` (``p`` a
pointer): it may go to any label of its body whose address is taken there
or in a label table; the control-flow graph (:mod:`analyses.cfg`) gives it
an edge to every label of its body.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from inspirec.inspire.nodes import (
    BindExpr,
    Builtin,
    CallExpr,
    Global,
    GlobalDecl,
    JobExpr,
    LabelStmt,
    LambdaExpr,
    Literal,
    Node,
)


def addressed_label(node: Node) -> tuple[str, str] | None:
    """(function, label) of a ``label_address`` call; None for another node."""
    if not (
        isinstance(node, CallExpr)
        and isinstance(node.function, Builtin)
        and node.function.name == "label_address"
        and len(node.args) == 2
        and all(isinstance(a, Literal) for a in node.args)
    ):
        return None
    function, label = node.args
    return function.value, label.value


def initialiser_nodes(init: Node) -> Iterator[Node]:
    """The nodes of a global's initialiser ``init``, without the bodies of the
    functions it names (a function value carries its definition)."""
    stack = [init]
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, LambdaExpr):
            stack.extend(node.children)


def label_tables(globals_: Sequence[GlobalDecl]) -> dict[str, str]:
    """The label tables among ``globals_`` (see the module docstring), each
    with its function: the globals whose initialisers take a label's address,
    and those whose initialisers name such a table (another static local of
    the same function, ``static void **p = t;``)."""
    tables: dict[str, str] = {}
    changed = True
    while changed:
        changed = False
        for g in globals_:
            if g.var.name in tables:
                continue
            for x in initialiser_nodes(g.init):
                found = addressed_label(x)
                function = found[0] if found is not None else None
                if isinstance(x, Global) and x.name in tables:
                    function = tables[x.name]
                if function is not None:
                    tables[g.var.name] = function
                    changed = True
                    break
    return tables


def own_labels(body: Node) -> Iterator[str]:
    """The labels defined in ``body`` outside the bodies of the jobs and
    functions nested in it (each node of the DAG visited once)."""
    stack = [body]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, LabelStmt):
            yield node.label
        elif not isinstance(node, JobExpr | BindExpr | LambdaExpr):
            stack.extend(node.children)
