"""Thread create/join converted into IR tasks when that is safe (DESIGN §4).

The C counterpart of the library-semantics-aware translation of ``std::async``
(paper 001, §3): calls of the POSIX and C11 thread libraries are recognised and
lowered to the IR's own parallel primitives, so that the analyses, the
synchronization coalescing and the runtime treat them like any other task.

**When.**  A ``pthread_create(&h, NULL, f, arg)`` / ``thrd_create(&h, f, arg)``
(and every join of the same handle) is converted only if

* the attributes are a null pointer constant (pthread);
* ``f`` names a function defined in the program, of type ``void *(void *)``
  (pthread) or ``int (void *)`` (C11);
* ``h`` is a local variable, or an element ``h[i]`` / ``h + i`` of a local
  one-dimensional array of constant length, with no static storage, whose
  every use is the handle argument of a create (``&h``, ``&h[i]``, ``h + i``)
  or of a join (``h``, ``h[i]``) of the same library, in the same task
  context (not across an OpenMP ``parallel``/``task``/``for`` boundary); an
  initialiser is allowed if it has no side effects (its value is never
  observable).  So the handle is not stored in globals or the heap, not
  passed to other functions, never detached or cancelled;
* array indices and the join's result pointer have no side effects (they are
  evaluated twice: for the handle and for the result slot);
* ``f``, and every function with a body it calls (transitively, through
  direct calls), does not block on or signal condition variables, wait at
  barriers (including OpenMP barriers outside a parallel region), wait on or
  post semaphores, sleep, yield the processor, detach, cancel or exit a
  thread, use its thread identity, thread-specific data or thread-local
  storage (``_Thread_local``/``__thread`` objects), run inline
  assembly (which may spin until another thread acts), wait in a loop (a
  loop that reads a volatile or atomic object, through a variable declared
  so, a pointer to one, a member of a name some record declares so or a
  volatile cast, calls an atomic builtin or takes
  a lock, or calls a function of the program that reads such an object: a
  spin wait or a poll), or call a function through a pointer while some
  function whose address the program takes does one of these.

Otherwise the call stays an ordinary call of the library (a real OS thread)
and a note says why, at the create::

    f.c:12:5: note: pthread_create kept as an OS thread: thread function
    'consumer' waits on a condition variable (pthread_cond_wait at f.c:30:13)

The notes are :class:`~frontend.diagnostics.Diagnostic` values of severity
``note`` and topic :data:`THREADS_TOPIC`, in source order, with exact source
positions.  They are appended to the :class:`~frontend.diagnostics.DiagnosticLog`
given to :func:`frontend.parse_program` (``log=``); read them with
``log.about(THREADS_TOPIC)``.  ``inspirec -v`` prints them.

**IR contract** (the analyses and the synchronization coalescing rely on it).
For a converted handle ``h`` of library L (result type ``R`` = ``ptr<unit>``
for pthread, ``int<4>`` for C11):

* the handle is declared ``var ref<threadgroup> h`` (an array:
  ``var ref<array<threadgroup,N>> h``), immediately followed by its hidden
  result slot ``var ref<R> h_result`` (``ref<array<R,N>>``); the slot's name
  is fresh (no identifier of the program has it);
* ``create`` becomes, with ``H`` the handle reference (``h`` or
  ``array_elem(h, i)``) and ``S`` the matching slot reference::

      assign(H, parallel(job[1..1] thread => bind [var ref<ptr<unit>> arg = ARG;
                                            var ref<R> result = S] () -> unit {
          assign(result, f(ref_deref(arg)));
      }))

  i.e. the task itself stores the thread function's return value through a
  by-reference capture of the slot.  ``parallel`` and the call of ``f``
  carry the create's source location.  When the create's value is used, the
  expression is ``comma(assign(H, parallel(...)), 0)`` (0 is success and
  ``thrd_success``);
* ``join(h, ret)`` becomes ``merge(ref_deref(H))`` (located at the join),
  followed by the copy of the slot into ``*ret``: nothing if ``ret`` is a
  null pointer constant, ``assign(x, ref_deref(S))`` if ``ret`` is ``&x``,
  otherwise ``if (ne(ret, 0)) { assign(ptr_to_ref(ret), ref_deref(S)); }``.
  When the join's value is used the copy is an expression
  (``log_and(ne(ret, 0), assign(...))``) and the whole is
  ``comma(merge(...), comma(copy, 0))``.

Because the result reaches the slot when the task finishes, not when it is
merged, replacing every ``merge(g)`` of a function by one ``merge_all()``
placed before them keeps the meaning: the copies after it read slots that
are already written.

Programs may mix converted and kept threads; a kept thread that reaches a
converted create runs that task inline (the runtime treats threads it did
not create as foreign).  Not detected: a converted thread that waits for
another thread by spinning on a plain (not volatile, not atomic) flag, which
is a data race, or one that locks a mutex its creator holds while it creates
or joins it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from inspirec.frontend import asm
from inspirec.frontend.cparse import c_nodes
from inspirec.frontend.diagnostics import Diagnostic
from inspirec.frontend.symbols import (
    FuncSymbol,
    GlobalSymbol,
    TypedefSymbol,
    VarSymbol,
    const_eval,
    fail,
)
from inspirec.inspire import make_call
from inspirec.inspire import nodes as n
from inspirec.inspire import parallel as par
from inspirec.inspire import types as t
from inspirec.inspire.callgraph import CallGraph
from inspirec.inspire.library import LIBRARY
from pycparser import c_ast
from pycparser.c_generator import CGenerator

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext
    from inspirec.frontend.openmp import Directive

#: The topic of the notes this module adds (see :meth:`DiagnosticLog.about`).
THREADS_TOPIC = "threads"


@dataclass(frozen=True)
class ThreadLibrary:
    """One thread library: its create/join functions and argument positions."""

    create: str
    join: str
    create_arity: int
    attr: int | None  # position of the attributes argument of create
    function: int  # position of the thread function
    arg: int  # position of the thread function's argument
    result: n.Type  # the thread function's result type (the result slot's type)
    signature: str  # the thread function's C type, for notes

    @property
    def function_type(self) -> n.FunctionType:
        return t.function([t.ptr(t.UNIT)], self.result)


PTHREAD = ThreadLibrary(
    "pthread_create", "pthread_join", 4, 1, 2, 3, t.ptr(t.UNIT), "void *(void *)"
)
C11_THREADS = ThreadLibrary("thrd_create", "thrd_join", 3, None, 1, 2, t.INT4, "int (void *)")
_CREATES = {lib.create: lib for lib in (PTHREAD, C11_THREADS)}
_JOINS = {lib.join: lib for lib in (PTHREAD, C11_THREADS)}

#: Library calls that make a thread function unsafe to run as a task, with
#: what they mean (the library table's blocking classes).
UNSAFE_CALLS: dict[str, str] = {f.name: f.blocking for f in LIBRARY.values() if f.blocking}

_OMP_BARRIER = "waits at an OpenMP barrier outside a parallel region"
_ASM = "runs inline assembly, which may wait for another thread"
_TLS = "uses thread-local storage, one object per thread"
_SPIN = "waits in a loop, which may wait for another thread"
_INDIRECT = "calls a function through a pointer, which may wait for another thread"
#: Name prefixes of the atomic builtins, the <stdatomic.h> functions and the
#: locks (a loop that takes one may poll what another thread sets).
_WAITING_CALLS = (
    "__atomic_", "__sync_", "atomic_", "pthread_mutex_lock", "pthread_mutex_trylock",
    "pthread_mutex_timedlock", "pthread_spin_", "pthread_rwlock_", "mtx_lock", "mtx_trylock",
    "mtx_timedlock", "omp_set_lock", "omp_test_lock", "omp_set_nest_lock", "omp_test_nest_lock",
)  # fmt: skip


# ----------------------------------------------------------------- the scan


@dataclass(eq=False)
class _Local:
    """A local declaration of a scanned function (a handle candidate)."""

    decl: c_ast.Decl
    construct: int
    param: bool = False
    constant_length: bool = True  # an array whose length is an integer constant
    uses: list[_Use] = field(default_factory=list)


@dataclass(eq=False)
class _Use:
    """A use of a local: the handle of a create or join, or anything else."""

    kind: str  # "create", "join" or "other"
    node: c_ast.Node  # the call (create/join) or the identifier (other)
    construct: int
    context: tuple = ()  # for "other": how the value is used (see _Scanner.visit)


@dataclass(eq=False)
class _Site:
    """A create or join call of a thread library."""

    call: c_ast.FuncCall
    library: ThreadLibrary
    is_create: bool
    local: _Local | None  # the handle, when it is a local (array)
    index: c_ast.Node | None  # the array index, for h[i] / &h[i] / h + i
    problem: str | None = None  # why the handle is not a local (creates only)
    thread_function: FuncSymbol | None = None  # the function a create names, if any


_NOT_EXPRESSIONS = (
    c_ast.Typename,
    c_ast.TypeDecl,
    c_ast.Struct,
    c_ast.Union,
    c_ast.Enum,
    c_ast.Pragma,
)
_NOT_LOCAL = object()


@dataclass(frozen=True)
class _Exact:
    """A pycparser coordinate that is already a source position (a pragma's)."""

    coord: object


# a block-scope name that is not a local variable (typedef, extern)


#: The use context of a handle passed to a create or join inside a GNU
#: statement expression (followed by the function's name).
_IN_STATEMENT_EXPRESSION = "statement expression"

#: The pycparser child names of sub-statements (``block_items[i]`` and
#: ``stmts[i]`` are lists of them); a compound statement anywhere else is a
#: GNU statement expression.
_STATEMENT_CHILDREN = re.compile(r"iftrue|iffalse|stmt|(block_items|stmts)\[\d+\]")


def statement_expressions(body: c_ast.Node) -> set[c_ast.Compound]:
    """The GNU statement expressions ``({ ... })`` in a function body."""
    found: set[c_ast.Compound] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        for name, child in node.children():
            if isinstance(child, c_ast.Compound) and not _STATEMENT_CHILDREN.fullmatch(name):
                found.add(child)
            stack.append(child)
    return found


class _Scanner:
    """Walks one function definition, resolving block scopes (see :class:`ThreadPlan`)."""

    def __init__(self, plan: ThreadPlan, info) -> None:
        self.plan = plan
        self.info = info
        self.file_scope = info.scope
        self.scopes: list[dict[str, object]] = [{}]
        self.construct = 0
        self.in_parallel = False
        self.unsafe: list[tuple[str, str, object]] = []  # (meaning, what, coord)
        self.callees: list[str] = []
        self.locals: list[_Local] = []
        self.statement_expressions = statement_expressions(info.definition.body)
        self.in_statement_expression = 0  # statement expressions around the visit
        self.loops = 0  # loops around the visit
        self.reads_shared: tuple[str, object] | None = None  # a volatile/atomic read: (what, coord)
        self.loop_callees: list[tuple[str, object]] = []  # program functions called in loops
        self.indirect_calls: list[tuple[str, object]] = []  # calls through pointers

    def run(self) -> None:
        fdef = self.info.definition
        args = fdef.decl.type.args
        for p in (args.params if args is not None else []) + (fdef.param_decls or []):
            if isinstance(p, c_ast.Decl) and p.name:
                self.add_local(p, param=True)
        self.visit(fdef.body)

    # ------------------------------------------------------------ scopes
    def add_local(self, decl: c_ast.Decl, param: bool = False) -> _Local:
        local = _Local(decl, self.construct, param)
        self.scopes[-1][decl.name] = local
        self.locals.append(local)
        return local

    def local(self, name: str) -> _Local | None:
        for scope in reversed(self.scopes):
            if name in scope:
                found = scope[name]
                return found if isinstance(found, _Local) else None
        return None

    def shadowed(self, name: str) -> bool:
        return any(name in scope for scope in self.scopes)

    def function_symbol(self, node: c_ast.Node) -> FuncSymbol | None:
        """The function ``node`` names (``f`` or ``&f``), unless a local hides it."""
        if isinstance(node, c_ast.UnaryOp) and node.op == "&":
            node = node.expr
        if not isinstance(node, c_ast.ID) or self.shadowed(node.name):
            return None
        sym = self.file_scope.lookup(node.name)
        return sym if isinstance(sym, FuncSymbol) else None

    def is_library(self, sym: FuncSymbol) -> bool:
        info = self.plan.functions.get(sym.name)
        return info is None or info.definition is None

    # ------------------------------------------------------------- walk
    def visit(self, node: c_ast.Node | None, context: tuple = ()) -> None:
        """Visit ``node``; ``context`` says how an identifier directly in it is used:
        ``("call", name)`` passed to a function, ``("address", ...)`` its address
        taken, ``("copied",)`` its value stored elsewhere."""
        if node is None:
            return
        if isinstance(node, c_ast.Compound) and node in self.statement_expressions:
            self.in_statement_expression += 1
            self.block(node.block_items or [])
            self.in_statement_expression -= 1
        elif isinstance(node, c_ast.Compound):
            self.block(node.block_items or [])
        elif isinstance(node, c_ast.For):
            self.scopes.append({})
            self.loops += 1
            for child in (node.init, node.cond, node.next, node.stmt):
                self.visit(child)
            self.loops -= 1
            self.scopes.pop()
        elif isinstance(node, c_ast.While | c_ast.DoWhile):
            self.loops += 1
            for _, child in node.children():
                self.visit(child)
            self.loops -= 1
        elif isinstance(node, c_ast.Decl):
            self.declare(node)
        elif isinstance(node, c_ast.DeclList):
            for d in node.decls:
                self.declare(d)
        elif isinstance(node, c_ast.Typedef):
            self.scopes[-1][node.name] = _NOT_LOCAL
        elif isinstance(node, c_ast.FuncCall):
            self.call(node)
        elif isinstance(node, c_ast.ID):
            local = self.local(node.name)
            if local is not None:
                local.uses.append(_Use("other", node, self.construct, context))
            elif node.name in self.plan.thread_locals and not self.shadowed(node.name):
                self.unsafe.append((_TLS, node.name, node.coord))
            self.note_waiting(node)
            function = self.function_symbol(node) if local is None else None
            if function is not None:
                self.plan.address_taken.add(function.name)
        elif isinstance(node, c_ast.UnaryOp) and node.op == "&":
            self.visit(node.expr, ("address", *context))
        elif isinstance(node, c_ast.ArrayRef):
            self.visit(node.name, context)
            self.visit(node.subscript)
        elif isinstance(node, c_ast.Cast):
            self.note_waiting(node)
            self.visit(node.expr, context)
        elif isinstance(node, c_ast.Assignment):
            self.visit(node.lvalue)
            self.visit(node.rvalue, ("copied",))
        elif isinstance(node, c_ast.StructRef):
            self.note_waiting(node)
            self.visit(node.name)
        elif isinstance(node, c_ast.NamedInitializer):
            self.visit(node.expr)
        elif isinstance(node, _NOT_EXPRESSIONS):
            return
        else:
            for _, child in node.children():
                self.visit(child)

    def waiting(self, node: c_ast.Node) -> str | None:
        """What ``node`` is, if a loop around it may wait for another thread
        through it: a read of a volatile or atomic object (a variable or
        pointer declared so, a member some record declares so, a volatile
        cast), a call of an atomic builtin or a lock (functions of the program
        a loop calls: :meth:`ThreadPlan.build`); else None."""
        if isinstance(node, c_ast.ID):
            return node.name if self.shared_memory(node.name) else None
        if isinstance(node, c_ast.StructRef):
            return node.field.name if node.field.name in self.plan.shared_members else None
        if isinstance(node, c_ast.Cast):
            return "a volatile cast" if _spells_shared(node.to_type) else None
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
            name = node.name.name
            return name if name.startswith(_WAITING_CALLS) and not self.shadowed(name) else None
        return None

    def note_waiting(self, node: c_ast.Node) -> None:
        """Note ``node`` (:meth:`waiting`) inside a loop as a wait, and the
        function's first read of shared memory (a variable or member)."""
        what = self.waiting(node)
        if what is None:
            return
        if self.loops:
            self.unsafe.append((_SPIN, what, node.coord))
        if self.reads_shared is None and isinstance(node, c_ast.ID | c_ast.StructRef):
            self.reads_shared = (what, node.coord)

    def shared_memory(self, name: str) -> bool:
        """Whether variable ``name`` here is volatile or atomic or points to
        such an object (as declared, or through a typedef)."""
        local = self.local(name)
        if local is not None:
            return _declares_shared_memory(local.decl.type, self.file_scope)
        sym = None if self.shadowed(name) else self.file_scope.lookup(name)
        return isinstance(sym, GlobalSymbol) and t.volatile_or_atomic(sym.glob.type)

    def block(self, items: list) -> None:
        self.scopes.append({})
        outlined = parallel = False  # the next statement is an OpenMP construct body
        for item in items:
            if isinstance(item, c_ast.Pragma):
                d = self.plan.directives.get(item)
                if d is not None:
                    spec = d.spec
                    outlined = outlined or spec.outlined
                    parallel = parallel or spec.team
                    barrier = spec.barrier and "nowait" not in d.clauses
                    if barrier and not (self.in_parallel or parallel):
                        where = _Exact(item.coord)  # pragma lines reach the parser verbatim
                        self.unsafe.append((_OMP_BARRIER, f"#pragma omp {d.name}", where))
                continue
            if outlined:
                saved = (self.construct, self.in_parallel)
                self.construct = self.plan.new_construct()
                self.in_parallel = self.in_parallel or parallel
                self.visit(item)
                self.construct, self.in_parallel = saved
                outlined = parallel = False
            else:
                self.visit(item)
        self.scopes.pop()

    def declare(self, node: c_ast.Decl) -> None:
        if node.name is None:
            return
        storage = node.storage or []
        if "_Thread_local" in storage:
            self.unsafe.append((_TLS, node.name, node.coord))
        if isinstance(node.type, c_ast.FuncDecl) or "extern" in storage:
            self.scopes[-1][node.name] = _NOT_LOCAL
            return
        local = self.add_local(node)
        ty = node.type
        if isinstance(ty, c_ast.ArrayDecl):
            local.constant_length = ty.dim is not None and (
                _mentions_sizeof(ty.dim)
                or const_eval(ty.dim, self.plan.resolver, self.file_scope) is not None
            )
        while isinstance(ty, c_ast.ArrayDecl | c_ast.PtrDecl):
            if isinstance(ty, c_ast.ArrayDecl):
                self.visit(ty.dim)
            ty = ty.type
        self.visit(node.init, ("copied",))

    def call(self, node: c_ast.FuncCall) -> None:
        args = node.args.exprs if node.args is not None else []
        sym = self.function_symbol(node.name)
        name = sym.name if sym is not None else None
        if isinstance(node.name, c_ast.ID) and node.name.name in asm.CALLS:
            self.unsafe.append((_ASM, "asm", node.coord))
        self.note_waiting(node)
        if sym is None:
            named = node.name.name if isinstance(node.name, c_ast.ID) else None
            if named is None or self.shadowed(named) or self.file_scope.lookup(named) is not None:
                # a pointer (not a function the program or a library declares)
                self.indirect_calls.append((CGenerator().visit(node.name), node.coord))
            self.visit(node.name)
        elif not self.is_library(sym):
            self.callees.append(sym.name)
            if self.loops:
                self.loop_callees.append((sym.name, node.coord))
        elif name in _CREATES and len(args) == _CREATES[name].create_arity:
            self.create(node, _CREATES[name], args)
            return
        elif name in _JOINS and len(args) == 2:
            self.join(node, _JOINS[name], args)
            return
        elif name in UNSAFE_CALLS:
            self.unsafe.append((UNSAFE_CALLS[name], name, node.coord))
        for a in args:
            self.visit(a, ("call", name or ""))

    def create(self, node: c_ast.FuncCall, lib: ThreadLibrary, args: list) -> None:
        handle = args[0]
        local, index, problem = self.handle_address(handle)
        thread_function = self.function_symbol(args[lib.function])
        site = _Site(node, lib, True, local, index, problem, thread_function)
        self.plan.sites.append(site)
        if local is not None:
            local.uses.append(_Use("create", node, self.construct))
            self.in_expression(local, node, lib.create)
            self.visit(index)
        else:
            self.visit(handle, ("call", lib.create))
        for a in args[1:]:
            self.visit(a, ("call", lib.create))

    def join(self, node: c_ast.FuncCall, lib: ThreadLibrary, args: list) -> None:
        handle = args[0]
        local = index = None
        if isinstance(handle, c_ast.ArrayRef) and isinstance(handle.name, c_ast.ID):
            local, index = self.local(handle.name.name), handle.subscript
        elif isinstance(handle, c_ast.ID):
            local = self.local(handle.name)
        if local is not None:
            local.uses.append(_Use("join", node, self.construct))
            self.in_expression(local, node, lib.join)
            self.visit(index)
        else:
            self.visit(handle, ("call", lib.join))
        self.plan.sites.append(_Site(node, lib, False, local, index))
        self.visit(args[1], ("call", lib.join))

    def in_expression(self, local: _Local, node: c_ast.FuncCall, function: str) -> None:
        """A create or join inside a statement expression keeps its handle's
        threads: a spawn or merge is a statement of the IR, not part of an
        expression."""
        if self.in_statement_expression:
            context = (_IN_STATEMENT_EXPRESSION, function)
            local.uses.append(_Use("other", node, self.construct, context))

    def handle_address(self, arg: c_ast.Node):
        """(local, index, problem) for the handle argument of a create."""
        base = index = None
        while isinstance(arg, c_ast.Cast):
            arg = arg.expr
        if isinstance(arg, c_ast.UnaryOp) and arg.op == "&":
            inner = arg.expr
            if isinstance(inner, c_ast.ID):
                base = inner
            elif isinstance(inner, c_ast.ArrayRef) and isinstance(inner.name, c_ast.ID):
                base, index = inner.name, inner.subscript
            elif isinstance(inner, c_ast.ArrayRef):
                root = inner.name
                while isinstance(root, c_ast.ArrayRef):
                    root = root.name
                if isinstance(root, c_ast.ID) and self.local(root.name) is not None:
                    return None, None, f"the handle array '{root.name}' has more than one dimension"
        elif isinstance(arg, c_ast.BinaryOp) and arg.op == "+" and isinstance(arg.left, c_ast.ID):
            base, index = arg.left, arg.right
        if base is not None:
            local = self.local(base.name)
            if local is not None:
                return local, index, None
            if not self.shadowed(base.name):
                return None, None, f"the handle '{base.name}' is a global variable"
        text = CGenerator().visit(arg.expr if isinstance(arg, c_ast.UnaryOp) else arg)
        if isinstance(arg, c_ast.UnaryOp) and isinstance(arg.expr, c_ast.StructRef):
            return None, None, f"the handle is a structure member ('{text}')"
        return None, None, f"the handle ('{text}') is not a local variable"


def _shared_qualified(node: c_ast.Node) -> bool:
    """Whether a declarator or type node itself spells ``volatile`` or ``_Atomic``."""
    return bool({"volatile", "_Atomic"} & set(getattr(node, "quals", None) or ()))


def _spells_shared(type_node: c_ast.Node) -> bool:
    """Whether a type name spells a volatile or atomic qualifier anywhere."""
    return any(_shared_qualified(x) for x in c_nodes(type_node))


def _declares_shared_memory(type_node: c_ast.Node, scope) -> bool:
    """Whether a declarator chain spells a volatile or atomic qualifier, or
    ends in a typedef name whose type has one (``atomic_int``)."""
    node = type_node
    while node is not None:
        if _shared_qualified(node):
            return True
        if isinstance(node, c_ast.TypeDecl):
            spec = node.type
            if isinstance(spec, c_ast.IdentifierType) and len(spec.names) == 1:
                sym = scope.lookup(spec.names[0])
                return isinstance(sym, TypedefSymbol) and t.volatile_or_atomic(sym.type)
            return False
        node = getattr(node, "type", None)
    return False


def _pure(node: c_ast.Node | None) -> bool:
    """Whether evaluating the C expression twice is the same as once (no side effects)."""
    if node is None or isinstance(node, c_ast.ID | c_ast.Constant):
        return True
    if isinstance(node, c_ast.UnaryOp):
        return node.op not in ("++", "--", "p++", "p--") and (
            node.op == "sizeof" or _pure(node.expr)
        )
    if isinstance(node, c_ast.BinaryOp):
        return _pure(node.left) and _pure(node.right)
    if isinstance(node, c_ast.Cast):
        return _pure(node.expr)
    if isinstance(node, c_ast.ArrayRef):
        return _pure(node.name) and _pure(node.subscript)
    if isinstance(node, c_ast.StructRef):
        return _pure(node.name)
    if isinstance(node, c_ast.TernaryOp):
        return _pure(node.cond) and _pure(node.iftrue) and _pure(node.iffalse)
    if isinstance(node, c_ast.InitList):
        return all(_pure(e) for e in node.exprs)
    return False


def _mentions_sizeof(node: c_ast.Node) -> bool:
    stack = [node]
    while stack:
        x = stack.pop()
        if isinstance(x, c_ast.UnaryOp) and x.op == "sizeof":
            return True
        stack.extend(c for _, c in x.children())
    return False


def _null_constant(node: c_ast.Node) -> bool:
    while isinstance(node, c_ast.Cast):
        node = node.expr
    return isinstance(node, c_ast.Constant) and node.value.rstrip("uUlL") in ("0", "0x0")


# ----------------------------------------------------------------- the plan


@dataclass(frozen=True)
class ConvertedHandle:
    """A handle whose threads become tasks: its name, slot name and library."""

    name: str
    slot: str
    library: ThreadLibrary
    is_array: bool


class ThreadPlan:
    """Which thread create/join calls of a program become tasks.

    Built from the parsed files before any function is lowered (the handle's
    type changes at its declaration, which comes before the calls):

    * :attr:`handles` -- the converted handle declarations;
    * :attr:`creates` / :attr:`joins` -- the converted calls, each with its
      handle and array index (None for a scalar handle);
    * :attr:`notes` -- one note per create kept as an OS thread, in source order.

    Every other create and join is lowered as the library call it is.
    """

    def __init__(
        self,
        functions,
        resolver,
        origins=(),
        identifiers: set[str] | None = None,
        directives: Mapping[c_ast.Pragma, Directive] | None = None,
    ) -> None:
        self.functions = functions
        self.resolver = resolver
        self.directives = directives or {}
        self.origins = list(origins)
        self.identifiers = identifiers or set()
        self.thread_locals: set[str] = set()  # file-scope _Thread_local names
        self.address_taken: set[str] = set()  # program functions named other than called
        # Names of volatile or atomic members of the program's records.
        self.shared_members = {
            f.name
            for decl in resolver.records.decls.values()
            for f in decl.fields
            if t.volatile_or_atomic(f.type)
        }
        self.sites: list[_Site] = []
        self.constructs = 0
        self.handles: dict[c_ast.Decl, ConvertedHandle] = {}
        self.creates: dict[c_ast.FuncCall, tuple[ConvertedHandle, c_ast.Node | None]] = {}
        self.joins: dict[c_ast.FuncCall, tuple[ConvertedHandle, c_ast.Node | None]] = {}
        self.notes: list[Diagnostic] = []

    @classmethod
    def build(cls, functions, resolver, asts=(), origins=(), directives=None) -> ThreadPlan:
        """The plan for a program: ``functions`` maps program-wide names to
        :class:`~frontend.lower.FunctionInfo` (definitions and file scopes),
        ``resolver`` is the program's type resolver (for array lengths),
        ``asts`` and ``origins`` are the parsed files and their origins,
        ``directives`` their parsed ``#pragma omp`` lines
        (:func:`frontend.openmp.program_directives`)."""
        plan = cls(functions, resolver, origins, _identifiers(asts), directives)
        plan.thread_locals = {
            d.name
            for ast in asts
            for d in ast.ext
            if isinstance(d, c_ast.Decl) and "_Thread_local" in (d.storage or [])
        }
        plan.address_taken = {  # in file-scope initializers (functions' bodies: the scan)
            x.name
            for ast in asts
            for d in ast.ext
            if isinstance(d, c_ast.Decl) and d.init is not None
            for x in c_nodes(d.init)
            if isinstance(x, c_ast.ID) and x.name in functions
        }
        scans: dict[str, _Scanner] = {}
        for info in sorted(functions.values(), key=lambda f: f.order):
            if info.definition is not None:
                scan = _Scanner(plan, info)
                scan.run()
                scans[info.name] = scan
        for scan in scans.values():  # a loop calling a function that reads shared memory
            for callee, coord in scan.loop_callees:
                if scans[callee].reads_shared is not None:
                    scan.unsafe.append((_SPIN, callee, coord))
        reach = _Reach(scans)  # reads the scans' unsafe lists when asked
        waiting = [f for f in sorted(plan.address_taken) if f in scans and reach.unsafe(f)]
        if waiting:  # any of them may be called through a pointer
            for scan in scans.values():
                scan.unsafe.extend((_INDIRECT, what, coord) for what, coord in scan.indirect_calls)
        plan.decide(scans, reach)
        return plan

    def new_construct(self) -> int:
        self.constructs += 1
        return self.constructs

    # ------------------------------------------------------------ decisions
    def decide(self, scans: dict[str, _Scanner], reach: _Reach) -> None:
        by_local: dict[int, list[_Site]] = {}
        kept: list[tuple[_Site, str]] = []
        for site in self.sites:
            if site.local is not None:
                by_local.setdefault(id(site.local), []).append(site)
            elif site.is_create:
                kept.append((site, site.problem or "the handle is not a local variable"))
        for scan in scans.values():
            for local in scan.locals:
                sites = by_local.get(id(local), [])
                creates = [s for s in sites if s.is_create]
                if not creates:
                    continue
                handle_problem = self.handle_problem(local, sites)
                problems = {id(s): self.create_problem(s, reach) for s in creates}
                if handle_problem is None and not any(problems.values()):
                    self.convert(local, sites)
                    continue
                first = next((s for s in creates if problems[id(s)]), None)
                for s in creates:
                    reason = problems[id(s)] or handle_problem
                    if reason is None:
                        reason = (
                            f"the handle '{local.decl.name}' is also used for a thread that "
                            f"stays an OS thread ({first.library.create} at "
                            f"{self.where(first.call.coord)})"
                        )
                    kept.append((s, reason))
        for site, reason in kept:
            self.notes.append(self.note(site.call.coord, f"{site.library.create} kept as an "
                                        f"OS thread: {reason}"))  # fmt: skip
        self.notes.sort(key=lambda d: (d.file or "", d.line or 0, d.col or 0))

    def convert(self, local: _Local, sites: list[_Site]) -> None:
        lib = sites[0].library
        decl = local.decl
        handle = ConvertedHandle(
            decl.name,
            self.fresh(f"{decl.name}_result"),
            lib,
            isinstance(decl.type, c_ast.ArrayDecl),
        )
        self.handles[decl] = handle
        for s in sites:
            (self.creates if s.is_create else self.joins)[s.call] = (handle, s.index)

    def fresh(self, base: str) -> str:
        name, k = base, 1
        while name in self.identifiers:
            k += 1
            name = f"{base}{k}"
        self.identifiers.add(name)
        return name

    def handle_problem(self, local: _Local, sites: list[_Site]) -> str | None:
        """Why the handle ``local`` cannot hold thread groups (None: it can)."""
        decl, name = local.decl, local.decl.name
        if local.param:
            return f"the handle '{name}' is a function parameter"
        if "static" in (decl.storage or []):
            return f"the handle '{name}' has static storage"
        ty = decl.type
        if isinstance(ty, c_ast.PtrDecl):
            return f"the handles are in memory reached through the pointer '{name}'"
        if isinstance(ty, c_ast.ArrayDecl) and not local.constant_length:
            return f"the handle array '{name}' does not have a constant length"
        if not (
            isinstance(ty, c_ast.TypeDecl)
            or (isinstance(ty, c_ast.ArrayDecl) and isinstance(ty.type, c_ast.TypeDecl))
        ):
            return f"'{name}' is not a thread handle or a one-dimensional array of them"
        if not _pure(decl.init):
            return f"the initialiser of the handle '{name}' has side effects"
        libraries = {s.library for s in sites}
        if len(libraries) > 1:
            return f"the handle '{name}' is used with both POSIX and C11 thread functions"
        for use in local.uses:
            if use.kind == "other":
                return self.escape(name, use)
            if use.construct != local.construct:
                lib = sites[0].library
                what = lib.create if use.kind == "create" else lib.join
                return (
                    f"the handle '{name}' is declared outside the OpenMP construct that uses it "
                    f"({what} at {self.where(use.node.coord)})"
                )
        is_array = isinstance(ty, c_ast.ArrayDecl)
        for s in sites:
            call = s.library.create if s.is_create else s.library.join
            if is_array and s.index is None:
                return (
                    f"the handle array '{name}' is used without an index "
                    f"({call} at {self.where(s.call.coord)})"
                )
            if not is_array and s.index is not None:
                return f"the handle '{name}' is not an array ({call} at {self.where(s.call.coord)})"
            if not _pure(s.index):
                return (
                    f"the index of the handle '{name}' has side effects ({call} at "
                    f"{self.where(s.call.coord)})"
                )
            if not s.is_create and not _pure(s.call.args.exprs[1]):
                return (
                    f"the result pointer of {call} at {self.where(s.call.coord)} has side effects"
                )
        return None

    def escape(self, name: str, use: _Use) -> str:
        where = self.where(use.node.coord)
        context = use.context
        if _IN_STATEMENT_EXPRESSION in context:
            what = context[context.index(_IN_STATEMENT_EXPRESSION) + 1]
            return (
                f"{what} is called on the handle '{name}' inside a statement expression "
                f"(at {where})"
            )
        if context[:1] == ("address",):
            return f"the address of the handle '{name}' escapes (at {where})"
        if context[:1] == ("call",) and context[1] in UNSAFE_CALLS:
            return f"{context[1]} is called on the handle '{name}' (at {where})"
        if context[:1] == ("call",) and context[1]:
            return f"the handle '{name}' is passed to '{context[1]}' (at {where})"
        if context[:1] == ("copied",):
            return f"the handle '{name}' is copied (at {where})"
        return f"the handle '{name}' is used other than by create and join (at {where})"

    def create_problem(self, site: _Site, reach: _Reach) -> str | None:
        """Why this create's thread cannot run as a task (None: it can)."""
        lib = site.library
        args = site.call.args.exprs
        if lib.attr is not None and not _null_constant(args[lib.attr]):
            return "the thread has non-default attributes"
        sym = site.thread_function
        if sym is None:
            return "the thread function is not a function named in the call"
        info = self.functions.get(sym.name)
        if info is None or info.definition is None:
            return f"thread function '{sym.name}' is not defined in the program"
        if info.type is not lib.function_type:
            return f"thread function '{sym.name}' does not have type {lib.signature}"
        found = reach.unsafe(sym.name)
        if found is None:
            return None
        (meaning, what, coord), chain = found
        via = f", through {' -> '.join(chain)}" if len(chain) > 1 else ""
        return f"thread function '{sym.name}' {meaning} ({what} at {self.where(coord)}{via})"

    # ------------------------------------------------------------ positions
    def position(self, coord) -> tuple[str | None, int | None, int | None]:
        """The exact source position of a pycparser coordinate."""
        if isinstance(coord, _Exact):
            return coord.coord.file, coord.coord.line, coord.coord.column
        for o in self.origins:
            file, line, col = o.location(coord)
            if col is not None:
                return file, line, col
        return coord.file, coord.line, coord.column

    def where(self, coord) -> str:
        file, line, col = self.position(coord)
        return ":".join(str(x) for x in (file, line, col) if x is not None)

    def note(self, coord, message: str) -> Diagnostic:
        file, line, col = self.position(coord)
        text = None
        for o in self.origins:
            text = o.source_line(file, line) if line is not None else None
            if text is not None:
                break
        return Diagnostic("note", message, file, line, col, text, THREADS_TOPIC)


class _Reach:
    """The first unsafe call reachable from a function: through a shortest call
    chain, callees in source order (see :meth:`CallGraph.nearest`)."""

    def __init__(self, scans: dict[str, _Scanner]) -> None:
        self.scans = scans
        self.graph = CallGraph(scans, {name: scan.callees for name, scan in scans.items()})

    def unsafe(self, start: str):
        """``((meaning, what, coord), chain)`` of the nearest unsafe call, or None."""
        chain = self.graph.nearest(start, lambda name: bool(self.scans[name].unsafe))
        if chain is None:
            return None
        found = self.scans[chain[-1]].unsafe  # a definite reason before a loop's or a pointer's
        return next((u for u in found if u[0] not in (_SPIN, _INDIRECT)), found[0]), chain


def _identifiers(asts) -> set[str]:
    """Every identifier spelled in the parsed files (fresh names avoid them)."""
    names: set[str] = set()
    stack = list(asts)
    while stack:
        x = stack.pop()
        for attr in ("name", "declname"):
            value = getattr(x, attr, None)
            if isinstance(value, str):
                names.add(value)
        if isinstance(x, c_ast.IdentifierType):
            names.update(x.names)
        stack.extend(c for _, c in x.children())
    return names


# ----------------------------------------------------------------- lowering


def handle_declaration(ctx: LoweringContext, node: c_ast.Decl) -> list[n.Node] | None:
    """The declarations of a converted handle and its result slot (declared in
    ``ctx``'s scope), or None if ``node`` does not declare a converted handle."""
    plan = ctx.program.threads
    handle = plan.handles.get(node) if plan is not None else None
    if handle is None:
        return None
    declared = ctx.resolver.resolve(node.type, ctx.scope)
    if handle.is_array:
        size = declared.int_params[0]
        if size is None:
            raise NotImplementedError("a converted thread handle array of run-time length")
        group_type = t.array(t.THREADGROUP, size)
        slot_type = t.array(handle.library.result, size)
    else:
        group_type, slot_type = t.THREADGROUP, handle.library.result
    var = n.Variable(t.ref(group_type), handle.name)
    slot = n.Variable(t.ref(slot_type), handle.slot)
    ctx.scope.ordinary[handle.name] = VarSymbol(var)
    ctx.scope.ordinary[handle.slot] = VarSymbol(slot)
    return [
        n.DeclStmt(n.Declaration(var.type, n.Undefined(group_type)), var),
        n.DeclStmt(n.Declaration(slot.type, n.Undefined(slot_type)), slot),
    ]


def lower_call(ctx: LoweringContext, node: c_ast.FuncCall, used: bool) -> list[n.Node] | None:
    """A converted create or join (see the module docstring), or None if the
    plan keeps ``node`` as it is.

    ``used`` says whether the call's value is used: then the result is one
    expression (the call's value is 0), else a list of statements.
    """
    plan = ctx.program.threads
    if plan is None:
        return None
    if node in plan.creates:
        create = _create(ctx, node)
        return [ctx.expr.op("comma", create, n.Literal(t.INT4, "0"))] if used else [create]
    if node in plan.joins:
        return _join(ctx, node, used)
    return None


def _references(ctx: LoweringContext, handle: ConvertedHandle, index: c_ast.Node | None, node):
    """(handle reference, slot reference) of a converted create/join."""
    x = ctx.expr
    var = ctx.scope.lookup(handle.name)
    slot = ctx.scope.lookup(handle.slot)
    if not (isinstance(var, VarSymbol) and isinstance(slot, VarSymbol)):
        raise fail(f"thread handle '{handle.name}' is not in scope", node)
    target, result = var.var, slot.var
    if index is not None:
        i = x.convert(x.value(index), t.INT8)
        target = x.op("array_elem", target, i)
        result = x.op("array_elem", result, i)
    return target, result


def _create(ctx: LoweringContext, node: c_ast.FuncCall) -> n.Node:
    """``assign(H, parallel(job[1..1] thread => bind [arg, result] { result = f(arg) }))``."""
    x = ctx.expr
    handle, index = ctx.program.threads.creates[node]
    lib = handle.library
    args = node.args.exprs
    target, slot = _references(ctx, handle, index, node)
    fn_node = args[lib.function]
    if isinstance(fn_node, c_ast.UnaryOp):
        fn_node = fn_node.expr
    function = ctx.program.function_value(ctx.scope.lookup(fn_node.name))
    arg_type = t.ptr(t.UNIT)
    argument = x.assignable(x.value(args[lib.arg]), arg_type, args[lib.arg])
    loc = ctx.loc(node)
    fname = fn_node.name
    arg_var = n.Variable(t.ref(arg_type), "arg" if fname != "arg" else "arg_")
    result_var = n.Variable(t.ref(lib.result), "result" if fname != "result" else "result_")
    captures = (
        n.DeclStmt(n.Declaration(arg_var.type, argument), arg_var),
        n.DeclStmt(n.Declaration(result_var.type, slot), result_var),
    )
    call = make_call(function, [x.op("ref_deref", arg_var)], loc, ctx.resolver.records.decls)
    body = n.CompoundStmt((x.op("assign", result_var, call),))
    closure = n.BindExpr(t.function([], t.UNIT), (), captures, body)
    return x.op("assign", target, par.task(closure, loc=loc, thread=True))


def _join(ctx: LoweringContext, node: c_ast.FuncCall, used: bool) -> list[n.Node]:
    """``merge(ref_deref(H))`` and the copy of the result slot (see the module docstring)."""
    x = ctx.expr
    handle, index = ctx.program.threads.joins[node]
    target, slot = _references(ctx, handle, index, node)
    merge = par.merge(x.op("ref_deref", target), loc=ctx.loc(node))
    ret_node = node.args.exprs[1]
    ret = x.assignable(x.value(ret_node), t.ptr(handle.library.result), ret_node)
    value = x.op("ref_deref", slot)
    copy: n.Node | None = None
    if _null_constant(ret_node):
        copy = None
    elif (
        isinstance(ret, n.CallExpr)
        and isinstance(ret.function, n.Builtin)
        and (ret.function.name == "ref_to_ptr")
    ):
        copy = x.op("assign", ret.args[0], value)
    else:
        nonnull = x.op("ne", ret, x.convert(n.Literal(t.INT4, "0"), ret.type))
        store = x.op("assign", x.op("ptr_to_ref", ret), value)
        if not used:
            return [merge, n.IfStmt(nonnull, n.CompoundStmt((store,)), n.CompoundStmt(()))]
        copy = x.op("log_and", nonnull, store)
    zero = n.Literal(t.INT4, "0")
    if used:
        tail = zero if copy is None else x.op("comma", copy, zero)
        return [x.op("comma", merge, tail)]
    return [merge] if copy is None else [merge, copy]


__all__ = [
    "C11_THREADS",
    "PTHREAD",
    "THREADS_TOPIC",
    "UNSAFE_CALLS",
    "ConvertedHandle",
    "ThreadLibrary",
    "ThreadPlan",
    "handle_declaration",
    "lower_call",
]
