"""Recursion helpers over the lambda encoding (see :mod:`inspire.nodes`).

A definition is *recursive* when some binding's body mentions a reference
bound by the same definition.  Nested definitions are closed (a function that
calls back into an enclosing set would be part of that set), so a
reference's definition is the nearest enclosing definition that binds it.
"""

from __future__ import annotations

from functools import cache

from inspirec.inspire.nodes import LambdaDefinition, LambdaExpr, LambdaReference, Node, Program


@cache
def free_references(node: Node) -> frozenset[LambdaReference]:
    """The lambda references under ``node`` not bound by a definition under it."""
    if isinstance(node, LambdaReference):
        return frozenset((node,))
    if isinstance(node, LambdaDefinition):
        inner = frozenset().union(*(free_references(b.lambda_) for b in node.bindings))
        return inner - {b.reference for b in node.bindings}
    if isinstance(node, LambdaExpr):
        return free_references(node.definition)
    if not node.children:
        return frozenset()
    return frozenset().union(*(free_references(c) for c in node.children))


@cache
def is_recursive_definition(definition: LambdaDefinition) -> bool:
    """Whether any binding of ``definition`` refers to a reference it binds."""
    if len(definition.bindings) > 1:
        return True
    bound = {b.reference for b in definition.bindings}
    return any(free_references(b.lambda_) & bound for b in definition.bindings)


def is_recursive(expr: LambdaExpr) -> bool:
    """Whether the function ``expr`` belongs to a recursive set."""
    return is_recursive_definition(expr.definition)


def binding_of(definition: LambdaDefinition, reference: LambdaReference):
    """The binding of ``reference`` in ``definition``, or None."""
    for b in definition.bindings:
        if b.reference is reference:
            return b
    return None


def lambda_of(expr: LambdaExpr):
    """The :class:`~inspire.nodes.Lambda` a lambda expression denotes."""
    b = binding_of(expr.definition, expr.reference)
    if b is None:
        raise ValueError(f"{expr.reference.name} is not bound by its definition")
    return b.lambda_


def definitions_in_order(program: Program) -> list[LambdaDefinition]:
    """Every lambda definition of the program once, callees before callers.

    Raises ValueError if two different definitions bind the same name (the
    text format and the C output name functions by their references).
    """
    order: list[LambdaDefinition] = []
    visited: set[int] = set()
    for root in (*program.globals, program.entry):
        stack: list[tuple[Node, bool]] = [(root, False)]
        while stack:
            node, done = stack.pop()
            if done:
                if isinstance(node, LambdaDefinition):
                    order.append(node)
                continue
            if id(node) in visited:
                continue
            visited.add(id(node))
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(node.children))
    names: dict[str, LambdaDefinition] = {}
    for d in order:
        for b in d.bindings:
            if names.setdefault(b.reference.name, d) is not d:
                raise ValueError(f"two different functions are named {b.reference.name}")
    return order
