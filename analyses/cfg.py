"""Control-flow graphs of task functions, for synchronization coalescing.

A *task function* is a C function's body or a job's body (a closure).  Its
*own code* is everything in it except the bodies of nested jobs and
functions (those are task functions of their own); a nested job's captures
are own code, as they are evaluated where the job is spawned.

:func:`build_cfg` turns the own code into a :class:`networkx.DiGraph` whose
nodes are integers: :data:`ENTRY`, :data:`EXIT`, and one node per *event* (a
``parallel`` call or a ``merge`` of a thread group held in a variable) or
control point.  Event nodes carry ``kind`` (``"parallel"`` or ``"merge"``)
and ``address`` (the event's :class:`~inspire.address.Address` relative to
the task function's body).  Events of one statement follow each other in
evaluation order (arguments before the call).  All structured statements,
``switch`` fall-through, ``break``/``continue``, ``return``, ``goto``/labels,
``asm goto`` (a jump to each of its labels, besides its fall-through) and
GNU C's computed ``goto *p`` (a jump to any label of the task function) are
modelled; conditions are not evaluated, so every branch is a possible
path (static control paths).  The own code is walked by
:func:`analyses.contexts.own_code`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inspirec.analyses.contexts import own_code
from inspirec.inspire.address import Address
from inspirec.inspire.asm import labels_of as asm_labels
from inspirec.inspire.nodes import CaseLabel, CaseRangeLabel, DefaultLabel, Node
from inspirec.inspire.parallel import is_builtin_call, is_region
from inspirec.inspire.visitor import StrictVisitor

if TYPE_CHECKING:
    import networkx as nx

ENTRY, EXIT = 0, 1


def event_kind(a: Address) -> str | None:
    """``"parallel"``, ``"merge"`` (of a group held in a variable) or None."""
    node = a.node
    if is_builtin_call(node, "parallel"):
        parent = a.parent
        if parent is not None and is_region(parent.node):
            return None  # a region waits for its own group at once
        return "parallel"
    if is_builtin_call(node, "merge") and not is_region(node):
        return "merge"
    return None


class _Builder(StrictVisitor):
    """Builds the graph statement by statement.

    ``visit(a.node, a, succ, brk, cont)`` returns the entry node of the
    statement at ``a`` whose normal successor is ``succ``; ``brk`` and
    ``cont`` are the targets of ``break`` and ``continue`` (None outside a
    loop or switch).  An expression statement is the chain of its events.
    """

    def __init__(self) -> None:
        # networkx is imported by the first graph, not with the analyses: most
        # programs join no thread group and need none (nor its import time).
        import networkx

        self.graph = networkx.DiGraph()
        self.labels: dict[str, int] = {}
        #: the dispatch node of each enclosing switch, and whether a default
        #: label nested in its body was met (innermost last)
        self.switches: list[list] = []
        self.counter = 2
        #: the node every computed goto jumps from (to every label), once one is met
        self.computed_goto: int | None = None

    def node(self, **attrs) -> int:
        n = self.counter
        self.counter += 1
        self.graph.add_node(n, **attrs)
        return n

    def label(self, name: str) -> int:
        if name not in self.labels:
            self.labels[name] = self.node()
        return self.labels[name]

    def chain(self, a: Address, succ: int) -> int:
        """Nodes for the events of the expression/statement ``a``, followed by ``succ``."""
        entry = succ
        events = [e for e in own_code(a, job_bodies=False, post_order=True) if event_kind(e)]
        for e in reversed(events):
            n = self.node(kind=event_kind(e), address=e)
            self.graph.add_edge(n, entry)
            entry = n
        return entry

    def branch(self, *targets: int) -> int:
        n = self.node()
        for t in targets:
            self.graph.add_edge(n, t)
        return n

    def stmt(self, a: Address, succ: int, brk: int | None, cont: int | None) -> int:
        return self.visit(a.node, a, succ, brk, cont)

    # ------------------------------------------------------------- statements
    def visit_CompoundStmt(self, s, a, succ, brk, cont) -> int:
        entry = succ
        for k in reversed(a.children()):
            entry = self.stmt(k, entry, brk, cont)
        return entry

    def visit_DeclStmt(self, s, a, succ, brk, cont) -> int:
        return self.chain(a, succ)

    def visit_IfStmt(self, s, a, succ, brk, cont) -> int:
        then = self.stmt(a.child("then"), succ, brk, cont)
        other = self.stmt(a.child("else_"), succ, brk, cont)
        return self.chain(a.child("cond"), self.branch(then, other))

    def visit_WhileStmt(self, s, a, succ, brk, cont) -> int:
        head = self.node()
        body = self.stmt(a.child("body"), head, succ, head)
        self.graph.add_edge(head, self.chain(a.child("cond"), self.branch(body, succ)))
        return head

    def visit_DoWhileStmt(self, s, a, succ, brk, cont) -> int:
        head = self.node()
        cond = self.chain(a.child("cond"), self.branch(head, succ))
        self.graph.add_edge(head, self.stmt(a.child("body"), cond, succ, cond))
        return head

    def visit_ForStmt(self, s, a, succ, brk, cont) -> int:
        head = self.node()
        step = self.stmt(a.child("step"), head, None, None)
        body = self.stmt(a.child("body"), step, succ, step)
        self.graph.add_edge(head, self.chain(a.child("cond"), self.branch(body, succ)))
        return self.stmt(a.child("init"), head, brk, cont)

    def visit_SwitchStmt(self, s, a, succ, brk, cont) -> int:
        dispatch = self.node()
        entry = succ
        self.switches.append([dispatch, False])
        for k in reversed(a.child("body").children()):
            if isinstance(k.node, CaseLabel | CaseRangeLabel | DefaultLabel):
                entry = self._switch_label(k.node, k, entry, succ, cont)
            else:
                entry = self.stmt(k, entry, succ, cont)
        _, has_default = self.switches.pop()
        if not has_default:
            self.graph.add_edge(dispatch, succ)
        return self.chain(a.child("expr"), dispatch)

    def _switch_label(self, s, a, succ, brk, cont) -> int:
        """A case or default label of the innermost switch, in its body or
        nested deeper (Duff's device): the switch may jump to it."""
        if not self.switches:
            raise ValueError(f"{a}: {s.kind} outside a switch body")
        frame = self.switches[-1]
        frame[1] |= isinstance(s, DefaultLabel)
        mark = self.node()
        self.graph.add_edge(mark, succ)
        self.graph.add_edge(frame[0], mark)
        return mark

    visit_CaseLabel = visit_CaseRangeLabel = visit_DefaultLabel = _switch_label

    def visit_ReturnStmt(self, s, a, succ, brk, cont) -> int:
        return self.chain(a, EXIT)

    def visit_BreakStmt(self, s, a, succ, brk, cont) -> int:
        return brk if brk is not None else succ

    def visit_ContinueStmt(self, s, a, succ, brk, cont) -> int:
        return cont if cont is not None else succ

    def visit_GotoStmt(self, s, a, succ, brk, cont) -> int:
        return self.label(s.label)

    def visit_LabelStmt(self, s, a, succ, brk, cont) -> int:
        n = self.label(s.label)
        self.graph.add_edge(n, succ)
        return n

    # ------------------------------------------ expressions used as statements
    def _expression(self, e, a, succ, brk, cont) -> int:
        return self.chain(a, succ)

    def visit_CallExpr(self, e, a, succ, brk, cont) -> int:
        """A call; an ``asm goto`` may also jump to any of its labels, a
        computed goto to any label."""
        if is_builtin_call(e, "goto_address"):
            if self.computed_goto is None:
                self.computed_goto = self.node()
            return self.chain(a, self.computed_goto)
        labels = asm_labels(e)
        if labels:
            succ = self.branch(succ, *(self.label(x) for x in labels))
        return self.chain(a, succ)

    visit_Literal = visit_Variable = visit_Global = visit_Builtin = _expression
    visit_Declaration = visit_CastExpr = visit_InitExpr = visit_DataInit = _expression
    visit_SizeOf = visit_Undefined = visit_LambdaReference = visit_LambdaExpr = _expression
    visit_BindExpr = visit_JobExpr = visit_StmtExpr = _expression

    # ------------------------------------------------ never statements
    def _not_a_statement(self, node: Node, a, succ, brk, cont) -> int:
        raise ValueError(f"{a}: a {node.kind} is not a statement")

    visit_GenericType = visit_VlaType = visit_TagType = visit_FunctionType = _not_a_statement
    visit_TypeVariable = visit_Lambda = visit_LambdaBinding = _not_a_statement
    visit_LambdaDefinition = visit_Field = visit_StructDecl = _not_a_statement
    visit_GlobalDecl = visit_Program = visit_SimdReduction = _not_a_statement


def build_cfg(body: Address) -> nx.DiGraph:
    """The control-flow graph of the task function whose body is at ``body``."""
    b = _Builder()
    b.graph.add_node(ENTRY)
    b.graph.add_node(EXIT)
    b.graph.add_edge(ENTRY, b.stmt(body, EXIT, None, None))
    if b.computed_goto is not None:
        for label in b.labels.values():
            b.graph.add_edge(b.computed_goto, label)
    return b.graph
