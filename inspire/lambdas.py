"""Recursion and scoping helpers over the lambda encoding (see :mod:`inspire.nodes`).

A definition is *recursive* when some binding's body mentions a reference
bound by the same definition.  Nested definitions are closed (a function that
calls back into an enclosing set would be part of that set), so a
reference's definition is the nearest enclosing definition that binds it.

Caches: facts about a node are kept in weak-keyed tables whose values never
refer to their key, so they never keep a node alive (dropping a program
frees its nodes; see ``tests/inspire/test_memory.py``).
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

from inspirec.inspire.deep import deep_call
from inspirec.inspire.nodes import (
    LambdaBinding,
    LambdaDefinition,
    LambdaExpr,
    LambdaReference,
    Node,
    Program,
    Type,
    Variable,
)
from inspirec.inspire.types import extents
from inspirec.inspire.visitor import StrictVisitor, by_label, fold

#: A lambda reference by value, ``(name, type)``: holding it does not hold the reference node.
_RefKey = tuple[str, Type]

_FREE_REFERENCES: weakref.WeakKeyDictionary[Node, frozenset[_RefKey]] = weakref.WeakKeyDictionary()
_RECURSIVE: weakref.WeakKeyDictionary[LambdaDefinition, bool] = weakref.WeakKeyDictionary()


def _key(ref: LambdaReference) -> _RefKey:
    return (ref.name, ref.type)


def _free_references(node: Node, kids: Sequence[frozenset[_RefKey]]) -> frozenset[_RefKey]:
    """The lambda references under ``node`` not bound by a definition under it."""
    if isinstance(node, LambdaReference):
        return frozenset((_key(node),))
    if isinstance(node, LambdaExpr):
        return by_label(node, kids)["definition"]
    inner = frozenset().union(*kids)
    if isinstance(node, LambdaDefinition):
        return inner - {_key(b.reference) for b in node.bindings}
    return inner


def is_recursive_definition(definition: LambdaDefinition) -> bool:
    """Whether any binding of ``definition`` refers to a reference it binds."""
    known = _RECURSIVE.get(definition)
    if known is None:
        bound = {_key(b.reference) for b in definition.bindings}
        known = len(definition.bindings) > 1 or any(
            fold(b.lambda_, _free_references, _FREE_REFERENCES) & bound for b in definition.bindings
        )
        _RECURSIVE[definition] = known
    return known


def is_recursive(expr: LambdaExpr) -> bool:
    """Whether the function ``expr`` belongs to a recursive set."""
    return is_recursive_definition(expr.definition)


def binding_of(definition: LambdaDefinition, reference: LambdaReference) -> LambdaBinding | None:
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


class Scope:
    """The names bound at a point of a function: the lambda references of the
    enclosing definition (``refs``; functions are closed, so no others) and
    local variables, innermost first.

    Each name maps to the stack of its bindings, so a lookup costs O(1) at
    any nesting depth; ``push`` and ``pop`` open and close a block, whose
    bindings ``pop`` removes.
    """

    def __init__(self, refs: dict[str, LambdaReference] | None = None):
        self.refs: dict[str, LambdaReference] = {} if refs is None else refs
        self.bound: dict[str, list[Variable]] = {}
        self.frames: list[list[str]] = [[]]

    def push(self) -> None:
        self.frames.append([])

    def pop(self) -> None:
        for name in self.frames.pop():
            stack = self.bound[name]
            stack.pop()
            if not stack:
                del self.bound[name]

    def bind(self, var: Variable) -> None:
        self.bound.setdefault(var.name, []).append(var)
        self.frames[-1].append(var.name)

    def lookup(self, name: str) -> Variable | None:
        """The innermost variable bound to ``name``, or None."""
        stack = self.bound.get(name)
        return stack[-1] if stack else None


class _FreeVariables(StrictVisitor):
    """``visit(x, bound)`` records the free variables of ``x`` and returns ``x``
    with each free occurrence of a variable of ``values`` replaced by its
    value, and the variables bound after ``x`` (a declaration binds its
    variable for the rest of the enclosing block, a closure's captures its
    body, which sees nothing else).  Types are kept: their extents only
    count as uses."""

    def __init__(self, values: dict[Variable, Node] | None = None) -> None:
        self.found: dict[Variable, None] = {}
        self.values = values or {}

    def _children(self, x: Node, bound: frozenset) -> tuple[Node, frozenset]:
        kids = [self.visit(c, bound)[0] for c in x.children]
        return x.with_children(kids), bound

    def _type(self, x: Type, bound: frozenset) -> tuple[Node, frozenset]:
        for e in extents(x):
            self.visit(e, bound)
        return x, bound

    def _closed(self, x: Node, bound: frozenset) -> tuple[Node, frozenset]:
        return x, bound

    visit_GenericType = visit_VlaType = visit_TagType = visit_FunctionType = _type
    visit_TypeVariable = _type

    def visit_Variable(self, x: Variable, bound: frozenset) -> tuple[Node, frozenset]:
        if x in bound:
            return x, bound
        self.visit(x.type, bound)
        self.found.setdefault(x, None)
        return self.values.get(x, x), bound

    def visit_CompoundStmt(self, x, bound: frozenset) -> tuple[Node, frozenset]:
        inner, stmts = bound, []
        for s in x.stmts:
            s, inner = self.visit(s, inner)
            stmts.append(s)
        return x.with_children(stmts), bound

    def visit_DeclStmt(self, x, bound: frozenset) -> tuple[Node, frozenset]:
        inner = bound | {x.var}
        decl, _ = self.visit(x.decl, inner)
        return x.with_children([decl, x.var]), inner

    def visit_ForStmt(self, x, bound: frozenset) -> tuple[Node, frozenset]:
        inner, init = bound, []
        for s in x.init.stmts:
            s, inner = self.visit(s, inner)
            init.append(s)
        rest = [self.visit(c, inner)[0] for c in (x.cond, x.step, x.body)]
        reductions = [self.visit(r, bound)[0] for r in x.reductions]  # name outer objects
        return x.with_children([x.init.with_children(init), *rest, *reductions]), bound

    def visit_BindExpr(self, x, bound: frozenset) -> tuple[Node, frozenset]:
        # the body sees only the captures and parameters
        captures = [c.with_children([self.visit(c.decl, bound)[0], c.var]) for c in x.captures]
        reductions = [self.visit(r, bound)[0] for r in x.reductions]  # name outer objects
        return x.with_children([x.type, *x.params, *captures, x.body, *reductions]), bound

    visit_LambdaExpr = _closed  # functions are closed

    visit_Literal = visit_Global = visit_Builtin = visit_Declaration = visit_DataInit = _children
    visit_CallExpr = visit_CastExpr = visit_InitExpr = visit_SizeOf = visit_StmtExpr = _children
    visit_Undefined = visit_LambdaReference = visit_JobExpr = visit_SimdReduction = _children
    visit_IfStmt = visit_WhileStmt = visit_DoWhileStmt = visit_SwitchStmt = _children
    visit_CaseLabel = visit_CaseRangeLabel = visit_DefaultLabel = _children
    visit_ReturnStmt = visit_BreakStmt = _children
    visit_ContinueStmt = visit_GotoStmt = visit_LabelStmt = _children
    visit_Lambda = visit_LambdaBinding = visit_LambdaDefinition = _children
    visit_Field = visit_StructDecl = visit_GlobalDecl = visit_Program = _children


def free_variables(node: Node) -> list[Variable]:
    """Variables used in ``node`` (statements/expressions) and not declared inside it, in order.

    The variables of a type's run-time extents count as used, and come before
    the variable whose type has them (a closure captures the sizes first).
    """
    walk = _FreeVariables()
    deep_call(walk.visit, node, frozenset())
    return list(walk.found)


def bind_free_variables(node: Node, values: dict[Variable, Node]) -> Node:
    """``node`` with each occurrence of a variable of ``values`` that is free
    in ``node`` (see :func:`free_variables`) replaced by its value; bound
    occurrences (below a declaration of the variable, in a closure capturing
    it) are kept."""
    return deep_call(_FreeVariables(values).visit, node, frozenset())[0]
