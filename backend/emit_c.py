"""IR programs to one C translation unit.

Output layout: the program's ``#include`` lines, the user's struct/union
definitions (records from bundled headers are not emitted again), global
variables, a prototype of every function and serial clone (below), the jobs'
closure structs and functions, then the function definitions (a function's
serial clone right after it).
Names are the IR names (the frontend's source names), the output is
deterministic (functions in the order the printer lists them) and one
statement goes on each line.

Variables of type ``ref<T>``: a variable declared with a *materialising*
declaration (``Declaration(ref<T>, v : T)``) or a parameter is a C object of
type ``T``; one bound to an existing reference (``Declaration(ref<T>, r :
ref<T>)``) is a C pointer ``T *`` and its uses are ``(*name)``.

Jobs (programs using the runtime): the output then starts with the
configuration ``#define``s and ``#include "inspire_rt.h"``.  Each distinct
job body ``bind [captures] () -> unit { body }`` becomes

* a *sequential version* ``F_seq(captures...)`` whose parameters are the
  captured values (a shared variable is passed as a pointer), in the
  parallel flavour (below);
* for a task body, when some code runs it at once and its text differs in
  the serial flavour: a *serial version* ``F_serial(captures...)``, the same
  in the serial flavour;
* a closure struct ``struct F_closure`` with one member per capture, in
  capture order (its ``sizeof`` is what the closure-size analysis reports);
* an outlined function ``F(void *closure)`` unpacking it and calling ``F_seq``.

Flavours.  Functions, and the bodies of regions, worksharing loops and
outlined tasks, are emitted in the *parallel flavour*: a task spawn tests
``inspire_spawn_inline_p()`` and either runs the task at once, calling its
serial version (lazy task creation: no closure, no work item), or writes the
closure into a fresh work item.  ``if(false)`` (undeferred) and ``final``
tasks also run the serial version at once (a final one between
``inspire_final_begin/end``, so ``omp_in_final()`` is true inside and the
tasks it creates are included).  A parallel region passes a closure on the
stack to ``inspire_parallel``.

Code run at once is emitted in the *serial flavour*: a task spawn calls the
body's serial version (``F_seq`` when that would be the same text; a thread
group it stores is ``INSPIRE_GROUP_DONE``), ``merge_all`` emits nothing
(unless the body may create tasks, see Frames), and a direct call of a
function that differs in the serial flavour (it reaches a task spawn or a
``merge_all`` through direct calls) calls its *serial clone* ``static
F_serial`` (same signature; ``F_serial2``, ... when the program uses the
name), emitted after ``F``.  Everything else, parallel regions, worksharing
loops (their bodies stay parallel: they are task contexts of their own, and
a nested region may have a team), barriers, single/master,
locks, atomics and ``merge(g)`` (``g`` may come from parallel code), is
emitted as in the parallel flavour.  :mod:`backend.serial` decides which
functions and task bodies differ, and which may still create tasks.  Only
serial versions that emitted code calls are emitted.

Why running a task at once in the serial flavour is correct: a task may be
executed immediately when it is created (task creation is a task scheduling
point), so executing a task's whole subtree immediately, in program order,
is a legal OpenMP schedule, and a taskwait then has nothing to wait for.  The
runtime takes the lazy path only when the worker's deque is full (or in a
final task, or on a foreign thread), so enough parallelism is queued already.

Frames: serial code still creates runtime tasks through code that runs the
parallel flavour (a parallel region, a worksharing loop, an indirect call, a
function whose address it passes on).  When the serial version of a task body
may do so, the lazy and undeferred paths call it between
``inspire_inline_begin/end`` (a frame whose end waits for those tasks), and a
``merge_all`` in serial code that may create tasks stays
``inspire_merge_all()``: it waits for every task of the enclosing frame, this
body's children and possibly others the same frame collects (a longer wait,
never a shorter one: the wait of a schedule that runs those tasks there).
Otherwise the call needs no frame.

Serial-only units (``inspirec build --serial``): every function, and every
job body, is emitted once, under its own name, in the serial flavour with no
frames (nothing creates runtime tasks, so every ``merge_all`` is dropped); a
parallel region calls its body's sequential version once (a team of one), a
worksharing loop runs every iteration in order, and there are no closures.
No configuration and no runtime header: :mod:`backend.serial_rt` defines,
after the includes, what the emitted code still names (thread queries,
barriers, locks, final frames) for a team of one.

C expressions are built as :mod:`backend.cexpr` trees and printed with C's
precedence.  A builtin call is its row's C template (:mod:`inspire.builtins`)
with the arguments substituted; ``parallel``, ``merge`` and ``pfor`` are the
constructs above.  An expression of type ``ref<T>`` is a pointer value
(``&x``) and its object is ``*`` of it (``*&x`` is written ``x``).  The
emitter is a :class:`~inspire.visitor.StrictVisitor`: an expression's visit
method returns its C expression, a statement's its lines, and the kinds that
are neither (types, functions, records, the program) are written by the
program-level methods and refused by their visit methods.

``if`` and ``final`` in the serial flavour: the task runs at once either way.
Their expressions are still evaluated (cast to void) unless they are
literals; but when running the task as a final task is observable (it calls
``omp_in_final``, or it may create tasks, which must then be included), a
true ``final`` runs it between ``inspire_final_begin/end``, as in the
parallel flavour.

Layout.  Statements are emitted as :data:`Lines`: a string is a line, a
nested list the lines one level deeper.  Nesting a block wraps its list
without touching its lines, and :func:`layout` indents every line once when
the text is written, so emission time is linear in the program at any
nesting depth; indentation stops growing at ``MAX_INDENT`` levels (as in the
IR printer), so the text is linear too.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property

from inspirec.analyses import RuntimeConfig
from inspirec.backend import cexpr as cx
from inspirec.backend.cexpr import ASSIGN, UNARY, CExpr, render, render_condition
from inspirec.backend.ctypes_emit import CTypeWriter
from inspirec.backend.serial import SerialPlan
from inspirec.backend.serial_rt import (
    OMP_FUNCTIONS,
    SERIAL_NAMES,
    SERIAL_RUNTIME,
    SERIAL_RUNTIME_INCLUDES,
)
from inspirec.inspire import asm
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.builtins import BUILTINS, BuiltinInfo
from inspirec.inspire.data import listed
from inspirec.inspire.labels import label_tables
from inspirec.inspire.lambdas import definitions_in_order
from inspirec.inspire.library import library_function
from inspirec.inspire.node import Loc
from inspirec.inspire.parallel import int_literal, is_builtin_call, spawned_job
from inspirec.inspire.printer import MAX_INDENT
from inspirec.inspire.typecheck import is_anonymous_member, is_materializing
from inspirec.inspire.visitor import StrictVisitor

#: Emitted lines (see Layout in the module docstring): a string is a line, a
#: nested list a block of lines one level deeper.
Lines = list["str | Lines"]

#: The builtins the emitter writes itself, not by a C template: as
#: constructs (statements) the parallel ones (which need the runtime),
#: ``asm`` and the computed ``goto``; ``compiler_builtin``, a call of any
#: number of arguments.
PARALLEL_CONSTRUCTS = frozenset({"parallel", "merge", "pfor", "taskloop"})
CONSTRUCTS = PARALLEL_CONSTRUCTS | {"asm", "goto_address", "compiler_builtin"}


def c_template(info: BuiltinInfo, call: n.CallExpr, serial_only: bool = False) -> str:
    """The C template of a call of builtin ``info``: its team-of-one form in
    a serial-only unit, else its integer form when the first argument refers
    to an integer and the others are integers, else its general form."""
    if serial_only and info.c_serial is not None:
        return info.c_serial
    if (
        info.c_integer is not None
        and t.is_integer(call.args[0].type.params[0])
        and all(t.is_integer(a.type) for a in call.args[1:])
    ):
        return info.c_integer
    if info.c is None:
        raise NotImplementedError(f"C emission of builtin {info.name} outside its construct")
    return info.c


#: The macros of glibc's headers that name a member through the member of the
#: same name (``#define sa_handler __sigaction_handler.sa_handler``), by the
#: header that defines them: the emitted C names such members by their path,
#: which the macro would expand once more, so it undefines them after the
#: includes.  (The bundled headers define the same macros:
#: tests/backend/test_emit_c.py checks the two lists agree.)
SELF_NAMED_MEMBER_MACROS = {
    "<signal.h>": (
        "si_pid", "si_uid", "si_overrun", "si_status", "si_utime", "si_stime", "si_addr",
        "si_band", "si_fd", "sa_handler", "sa_sigaction",
    ),
}  # fmt: skip

#: A name the runtime's header declares (function or macro, OpenMP API included).
_RUNTIME_NAME = re.compile(r"\b(?:inspire_|INSPIRE_|omp_)\w+")


def _check_builtin_forms() -> None:
    """Every builtin is a construct or has C templates that parse, with holes
    for its arguments only, and its serial-only form names only what the
    serial runtime defines (checked when the module is imported)."""
    for info in BUILTINS.values():
        if info.c is None:
            if info.name not in CONSTRUCTS:
                raise TypeError(f"builtin {info.name} has no C form")
            continue
        arity = len(info.type.params)
        for text in (info.c, info.c_integer, info.c_serial):
            if text is None:
                continue
            for leaf in cx.leaves(cx.parse_template(text)):
                if isinstance(leaf, cx.Hole) and leaf.key.isdigit() and int(leaf.key) >= arity:
                    raise TypeError(f"builtin {info.name}: C template {text!r} uses ${leaf.key}")
        serial_form = info.c_serial if info.c_serial is not None else info.c
        for name in _RUNTIME_NAME.findall(serial_form):
            if name not in SERIAL_NAMES:
                raise TypeError(
                    f"builtin {info.name}: its serial-only form names {name}, which "
                    "backend.serial_rt does not define (give the row a c_serial form)"
                )


_check_builtin_forms()


class CEmitter(StrictVisitor):
    """Writes one program as C (see the module docstring)."""

    indent = "    "

    def __init__(
        self,
        program: n.Program,
        config: RuntimeConfig | None = None,
        serial_only: bool = False,
        job_stacks: Mapping[n.BindExpr, int] | None = None,
    ):
        self.program = program
        self.job_stacks = dict(job_stacks or {})
        # A serial-only unit (see the module docstring) is all serial flavour.
        self.serial_only = serial_only
        self.records = {(s.tag, s.name): s for s in program.structs}
        self.types = CTypeWriter(self.records, lambda e: render(self.visit(e), ASSIGN))
        # Per C scope, innermost last: the variables declared there (parameters
        # in the outermost), each with whether it is a C pointer (a reference
        # bound to an existing object) or a value (which hides an outer pointer
        # of the same name, e.g. a private copy).
        self.scoped_locals: list[dict[n.Variable, bool]] = [{}]
        self.current_params: tuple[n.Variable, ...] = ()
        self.config = config or RuntimeConfig()
        self.uses_runtime = uses_runtime(program) and not serial_only
        #: The ``asm`` labels of the program's symbols (string literals).
        self.asm_labels = dict(program.asm_labels)
        self.externs = frozenset(program.externs)
        cancels: set[str] = set()
        detaches = names_explicit = False
        for x in program.walk():
            if isinstance(x, n.Global) and x.name == "omp_in_explicit_task":
                names_explicit = True
            elif isinstance(x, n.JobExpr):
                detaches = detaches or x.detach is not n.NO_DETACH
            elif (
                isinstance(x, n.CallExpr)
                and isinstance(x.function, n.Builtin)
                and x.function.name in ("cancel_taskgroup", "cancel_parallel", "cancel_for")
            ):
                cancels.add(x.function.name)
        #: Whether the program has detached tasks in a build with the runtime:
        #: then a task with dependences run at once in the serial flavour first
        #: waits for them (a detached sibling is a work item, see
        #: :meth:`serial_spawn_lines`).
        self.detaches = detaches and not serial_only
        #: Whether the program cancels taskgroups or regions: then every task
        #: spawn first asks whether the task is discarded (see :meth:`spawn_lines`).
        self.cancels = bool(cancels & {"cancel_taskgroup", "cancel_parallel"})
        #: Whether the program cancels worksharing loops: then a thread's
        #: chunk stops when its loop is cancelled (see :meth:`pfor_lines`).
        self.cancels_loops = "cancel_for" in cancels
        #: Whether the program names ``omp_in_explicit_task``: then the body of
        #: every task and taskloop (explicit tasks) and every region (implicit
        #: tasks) sets the explicit-task state it answers for its duration
        #: (:meth:`job_body_lines`), wherever it runs: a task run at once runs
        #: in its creator's work item.  A thread create converted into a task
        #: is not an explicit task: its body sets the state to 0.
        self.marks_explicit = names_explicit
        #: Per job body: the explicit-task state its body sets (None: none).
        self.job_explicit: dict[n.BindExpr, int | None] = {}
        self.current_function = ""
        #: The ``target`` options of the function being emitted, which every
        #: function made of its code (a job's bodies) gets too; by job.
        self.current_target = ""
        self.job_targets: dict[n.BindExpr, str] = {}
        self.jobs: dict[n.BindExpr, str] = {}
        self.job_counts: dict[str, int] = {}
        self.job_structs: list[str] = []
        # Per job name (in the order the jobs are first emitted): its prototypes
        # and definitions; a job's serial version joins them when it is needed.
        self.job_prototypes: dict[str, list[str]] = {}
        self.job_definitions: dict[str, Lines] = {}
        # Per job run as a work item (a closure function): where it was first
        # spawned, which names its slices in the runtime's trace.
        self.job_sites: dict[str, Loc] = {}
        # The flavour being emitted: serial (see the module docstring), and then
        # whether the body being emitted may create tasks (its merge_all waits).
        self.serial = serial_only
        self.serial_creates = False
        # Serial versions some emitted code calls: function name -> clone name,
        # task bodies; those not emitted yet wait in serial_queue (FIFO).
        self.clones: dict[str, str] = {}
        self.serial_jobs: set[n.BindExpr] = set()
        self.serial_queue: list[str | n.BindExpr] = []
        #: The label tables (static locals, :mod:`inspire.labels`) by function
        self.label_tables: dict[str, list[n.GlobalDecl]] = {}

    @cached_property
    def plan(self) -> SerialPlan:
        return SerialPlan(self.program)

    # ------------------------------------------------------------ program
    def program_text(self) -> str:
        p = self.program
        out: Lines = [f"#define {name} {value}".rstrip() for name, value in p.feature_macros]
        if p.may_alias:
            out.insert(0, "/* GNU may_alias types: compile with -fno-strict-aliasing */")
        out += [f"#include {h}" for h in p.includes]
        out += [f"#undef {m}" for h in p.includes for m in SELF_NAMED_MEMBER_MACROS.get(h, ())]
        if self.serial_only:
            out.extend(f"#include {h}" for h in SERIAL_RUNTIME_INCLUDES if h not in p.includes)
            out.extend(["", SERIAL_RUNTIME.rstrip("\n")])
            if "<omp.h>" in p.includes:
                out.append(OMP_FUNCTIONS.rstrip("\n"))
        if self.uses_runtime:
            out.append("")
            out.extend(f"#define {name} {value}" for name, value in self.config.macros())
            out.append('#include "inspire_rt.h"')
        out.append("")
        out.extend(self.records_text())
        out.extend(self.external_declarations())  # they may name the records
        out.extend(f"#pragma weak {name}" for name in p.weak)  # as if declared weak
        tables = label_tables(p.globals)  # written in their functions (function_lines)
        for g in p.globals:
            if g.var.name in tables:
                self.label_tables.setdefault(tables[g.var.name], []).append(g)
        file_scope = [g for g in p.globals if g.var.name not in tables]
        late_names = _globals_naming_functions(file_scope)
        early = [g for g in file_scope if g.var.name not in late_names]
        late = [g for g in file_scope if g.var.name in late_names]
        ahead = _globals_named_before(early + late)
        out.extend(self.global_text(g, definition=False) for g in file_scope if g.var.name in ahead)
        out.extend(self.global_text(g) for g in early)
        if early:
            out.append("")
        definitions = definitions_in_order(p)
        functions = [b for d in definitions for b in d.bindings]
        bodies = {
            b.reference.name: self.function_lines(b.reference.name, b.lambda_) for b in functions
        }
        clone_bodies = self.serial_versions({b.reference.name: b.lambda_ for b in functions})
        for b in functions:
            out.extend(declare_simd_lines(b.lambda_))
            label = self.asm_label(b.reference.name)
            out.append(self.signature(b.reference.name, b.lambda_) + label + ";")
        for b in functions:
            if b.reference.name in self.clones:
                clone = self.clones[b.reference.name]
                out.append(f"static {self.signature(clone, b.lambda_)};")
        out.extend(self.global_text(g) for g in late)
        out.extend(line for lines in self.job_prototypes.values() for line in lines)
        # File-scope asm statements, in source order among themselves (as gcc
        # keeps them); after every declaration, before every definition.
        out.extend(f"__asm__({text});" for text in p.asm)
        out.append("")
        for struct in self.job_structs:
            out.extend([struct, ""])
        out.extend(line for lines in self.job_definitions.values() for line in lines)
        for b in functions:
            out.extend([*bodies[b.reference.name], ""])
            if b.reference.name in clone_bodies:
                out.extend([*clone_bodies[b.reference.name], ""])
        out.extend(self.site_names())
        return "\n".join(layout(out, self.indent)).rstrip("\n") + "\n"

    def asm_label(self, name: str) -> str:
        """`` __asm__("label")`` for a symbol with an ``asm`` label, else ``""``."""
        label = self.asm_labels.get(name)
        return f" __asm__({label})" if label else ""

    def external_declarations(self) -> list[str]:
        """Declarations of the external symbols the program names that the
        includes do not declare as the program needs: the library functions
        the system headers may lack (the library table's ``prototype``:
        OpenMP 5.1/5.2 routines that gcc 12's ``<omp.h>`` does not declare),
        the functions and variables the program's own files declare (defined
        in an ``asm`` statement, another object or a library: ``externs``)
        and those with an ``asm`` label, written from their IR types
        (enumerations are their integer types, which a newer header's
        declaration is compatible with), in name order."""
        defined = {g.var.name for g in self.program.globals}
        found: dict[str, n.Type] = {}
        for x in self.program.walk():
            if not isinstance(x, n.Global) or x.name in defined:
                continue
            missing = isinstance(x.type, n.FunctionType) and library_function(x.name).prototype
            if missing or x.name in self.asm_labels or x.name in self.externs:
                found.setdefault(x.name, x.type)
        lines = []
        for name in sorted(found):
            ty, label = found[name], self.asm_label(name)
            if not isinstance(ty, n.FunctionType):  # a variable: ref<T>
                lines.append(f"extern {self.types.declare(ty.params[0], name)}{label};")
                continue
            params = [self.types.type_name(p) for p in ty.params]
            if ty.variadic and params:
                params.append("...")
            elif not params and not ty.variadic:
                params = ["void"]  # an empty list declares an unprototyped function: f()
            head = f"{name}({', '.join(params)})"
            lines.append(self.types.declare(ty.result, head) + label + ";")
        return lines

    def site_names(self) -> list[str]:
        """A constructor naming every work-item job by its source location for
        the runtime's trace (``inspire_trace_site``); none without work items."""
        if not self.uses_runtime or not self.job_sites:
            return []
        calls = [
            f"{self.indent}inspire_trace_site({name}, {_site_literal(loc)});"
            for name, loc in self.job_sites.items()
        ]
        head = "static void inspirec_name_trace_sites(void)"
        return [f"{head} __attribute__((constructor));", head, "{", *calls, "}", ""]

    def note_site(self, job: n.JobExpr, spawn: n.Node) -> None:
        """Remember where ``spawn`` (the parallel call of ``job``, already
        emitted) is, if its job runs as a work item and has no site yet."""
        bind = job.body
        loc = spawn.loc if isinstance(spawn, n.CallExpr) else None
        if loc is not None and isinstance(bind, n.BindExpr) and not bind.params:
            self.job_sites.setdefault(self.jobs[bind], loc)

    def records_text(self) -> list[str]:
        """The user's records, each after the records it contains by value.

        The record of a C11 anonymous member (an unnamed, untagged struct or
        union in C) is written inline, as ``union { ... };``, inside its
        containing record and nowhere else.
        """
        user = [s for s in self.program.structs if not s.header]
        if not user:
            return []
        anonymous = {
            (f.type.tag, f.type.name) for s in user for f in s.fields if is_anonymous_member(f)
        }
        out = [f"{s.tag} {s.name};" for s in user if (s.tag, s.name) not in anonymous]
        emitted: set[tuple[str, str]] = set()

        def dependencies(s: n.StructDecl) -> None:
            for f in s.fields:
                for dep in _by_value_records(f.type):
                    d = self.records.get((dep.tag, dep.name))
                    if d is not None and not d.header:
                        if (d.tag, d.name) in anonymous:
                            dependencies(d)
                        else:
                            emit(d)

        def members(s: n.StructDecl, indent: str) -> list[str]:
            lines = []
            for f in s.fields:
                if is_anonymous_member(f):
                    inner = self.records[(f.type.tag, f.type.name)]
                    lines += [f"{indent}{inner.tag} {{", *members(inner, indent + self.indent)]
                    lines.append(f"{indent}}}{_record_attributes(inner)};")
                    continue
                bits = "" if f.bits is None else f" : {f.bits}"
                # in a packed record, GNU aligned sets the alignment (_Alignas
                # cannot go below the type's own: #pragma pack layouts)
                align = (
                    ""
                    if not f.align
                    else f"__attribute__((aligned({f.align}))) "
                    if s.packed
                    else f"_Alignas({f.align}) "
                )
                lines.append(f"{indent}{align}{self.types.declare(f.type, f.name)}{bits};")
            return lines

        def emit(s: n.StructDecl) -> None:
            key = (s.tag, s.name)
            if key in emitted or not s.complete or key in anonymous:
                return
            emitted.add(key)
            dependencies(s)
            out.extend(
                [f"{s.tag} {s.name} {{", *members(s, self.indent), f"}}{_record_attributes(s)};"]
            )

        for s in user:
            emit(s)
        out.append("")
        return out

    def global_text(self, g: n.GlobalDecl, definition: bool = True) -> str:
        """The definition of global ``g``, or (not ``definition``) a declaration
        that lets an initialiser before the definition name it: ``extern``, or
        for a ``static`` one a tentative definition."""
        ty = g.var.type.params[0]
        storage = "static " if g.storage == "static" else "" if definition else "extern "
        prefix = storage + ("__thread " if g.thread_local else "")
        decl = prefix + self.types.declare(ty, g.var.name) + self.asm_label(g.var.name)
        if not definition:
            return decl + ";"
        decl += _aligned(g.align)
        if g.section:  # kept, as the program may walk the section's variables
            decl += f' __attribute__((section("{g.section}"), used))'
        if isinstance(g.init, n.Undefined):
            return decl + ";"
        return f"{decl} = {self.initializer(g.init)};"

    # ---------------------------------------------------------- functions
    def signature(self, name: str, lam: n.Lambda) -> str:
        # A parameter's own type keeps its run-time extents (over earlier parameters).
        params = [self.types.declare(v.type.params[0], v.name) for v in lam.params]
        if lam.type.variadic and params:
            params.append("...")
        if not params and not lam.type.variadic:
            params = ["void"]  # an empty list is an unprototyped function: f()
        head = f"{name}({', '.join(params)})"
        return self.types.declare(lam.type.result, head)

    def function_lines(self, name: str, lam: n.Lambda, serial: bool = False) -> Lines:
        """The definition of function ``name``, or (``serial``) of its serial clone."""
        self.current_params = lam.params
        self.scoped_locals = [dict.fromkeys(lam.params, False)]
        self.current_function = name
        self.current_target = lam.target
        if serial:
            head = f"static {self.signature(self.clones[name], lam)}"
            self.serial, self.serial_creates = True, self.plan.function_creates(name)
        else:
            head = self.signature(name, lam)
        head = target_attribute(lam.target) + head
        pragmas = [] if serial else declare_simd_lines(lam)
        opening, body, closing = self.block_lines(lam.body)
        tables = [self.global_text(g) for g in self.label_tables.get(name, ())]
        lines = [*pragmas, head, opening, [*tables, *body], closing]
        self.serial, self.serial_creates = self.serial_only, False
        return lines

    def serial_versions(self, lambdas: dict[str, n.Lambda]) -> dict[str, Lines]:
        """Emits the serial versions the emitted code calls (and those they call).

        A task body's serial version joins its job's definitions; the function
        clones are returned (name -> definition lines).
        """
        clones: dict[str, Lines] = {}
        while self.serial_queue:
            item = self.serial_queue.pop(0)
            if isinstance(item, str):
                clones[item] = self.function_lines(item, lambdas[item], serial=True)
            else:
                self.serial_job(item)
        return clones

    def clone_name(self, name: str) -> str:
        """The serial clone of function ``name`` (queued for emission the first time).

        ``name_serial``, numbered when the program already uses that name; in
        a serial-only unit the function itself, which is already serial.
        """
        if self.serial_only:
            return name
        if name not in self.clones:
            taken = self.plan.names | set(self.clones.values())
            clone, k = f"{name}_serial", 1
            while clone in taken:
                k += 1
                clone = f"{name}_serial{k}"
            self.clones[name] = clone
            self.serial_queue.append(name)
        return self.clones[name]

    # --------------------------------------------------------------- jobs
    def job(self, bind: n.BindExpr, kind: str, explicit: int | None = None) -> str:
        """The name of the outlined job for ``bind`` (emitting it the first time);
        ``explicit``: the explicit-task state its body sets (see
        :attr:`marks_explicit`), None for a body that keeps its runner's."""
        if bind in self.jobs:
            return self.jobs[bind]
        self.job_explicit[bind] = explicit
        base = f"{self.current_function}_{kind}"
        k = self.job_counts.get(base, 0)
        self.job_counts[base] = k + 1
        name = f"{base}{k}"
        self.jobs[bind] = name
        params, fields, unpack, prologue = self.job_parameters(bind)
        self.job_targets[bind] = self.current_target
        seq_head = (
            f"{target_attribute(self.current_target)}static void "
            f"{name}_seq({', '.join(params) or 'void'})"
        )
        definitions = self.job_body_lines(
            bind, seq_head, prologue, serial=self.serial_only, explicit=explicit
        )
        self.job_prototypes[name] = [seq_head + ";"]
        self.job_definitions[name] = definitions
        if bind.params or self.serial_only:
            return name  # called in place (a loop body, or serial only), never through a closure
        struct = f"struct {name}_closure"
        self.job_structs.append(
            "\n".join([f"{struct} {{", *(f"{self.indent}{f};" for f in fields), "};"])
            if fields
            else f"{struct} {{ char unused; }};"
        )
        self.job_prototypes[name].append(f"static void {name}(void *inspire_closure);")
        definitions.extend(
            [
                f"static void {name}(void *inspire_closure)",
                "{",
                f"{self.indent}{struct} *inspire_cl = inspire_closure;",
                f"{self.indent}{name}_seq({', '.join(unpack)});",
                "}",
                "",
            ]
        )
        return name

    def job_parameters(self, bind: n.BindExpr) -> tuple[list[str], list[str], list[str], list[str]]:
        """The parameters of the job's sequential versions, the members of its
        closure struct, the arguments unpacking a closure ``inspire_cl``, and the
        prologue making the sequential versions' copies of arrays captured by value.
        A parameter's run-time extents are spelled as in the body (a shared
        capture's through its pointer)."""
        saved = (self.current_params, self.scoped_locals)
        pointers = {c.var for c in bind.captures if _captures_reference(c)}
        self.current_params, self.scoped_locals = (), [dict.fromkeys(pointers, True)]
        try:
            return self._job_parameters(bind)
        finally:
            self.current_params, self.scoped_locals = saved

    def _job_parameters(
        self, bind: n.BindExpr
    ) -> tuple[list[str], list[str], list[str], list[str]]:
        params, fields, unpack, prologue = [], [], [], []
        for v, pt in zip(bind.params, bind.type.params, strict=True):
            params.append(self.types.declare(pt, v.name))
        # Closure members have no run-time extents (see _closure_member); the
        # parameters of the sequential version keep them: a capture's extents
        # are earlier captures.
        for c in bind.captures:
            var = c.var
            unpack.append(f"inspire_cl->{var.name}")
            if not t.is_ref(var.type):  # an immutable value, e.g. a run-time extent
                fields.append(_closure_member(self.types, var.type, var.name))
                params.append(self.types.declare(var.type, var.name))
            elif is_materializing(c.decl):
                value_type = var.type.params[0]
                if t.is_array(value_type):
                    element_ptr = t.ptr(value_type.params[0])
                    if t.is_vla(value_type):  # the copy follows the closure struct
                        fields.append(_closure_member(self.types, element_ptr, var.name))
                    else:
                        fields.append(_closure_member(self.types, value_type, var.name))
                    params.append(self.types.declare(element_ptr, f"{var.name}_copy"))
                    copy = self.types.declare(t.writable(value_type), var.name) + _aligned(c.align)
                    prologue.append(f"{copy};")
                    prologue.append(
                        f"__builtin_memcpy({var.name}, {var.name}_copy, sizeof {var.name});"
                    )
                else:
                    fields.append(_closure_member(self.types, value_type, var.name))
                    params.append(self.types.declare(value_type, var.name))
            else:
                fields.append(_closure_member(self.types, var.type, var.name))
                params.append(self.types.declare(var.type, var.name))
        return params, fields, unpack, prologue

    def job_body_lines(
        self,
        bind: n.BindExpr,
        head: str,
        prologue: list[str],
        serial: bool,
        explicit: int | None = None,
    ) -> Lines:
        """A sequential version of a job: ``head``, then its body in the given
        flavour; in a program that :attr:`marks_explicit`, a body with an
        ``explicit`` state first sets it, restored when the body ends (a
        cleanup attribute: at every ``return`` too)."""
        saved = (self.current_params, self.scoped_locals, self.serial, self.serial_creates)
        params = {c.var: _captures_reference(c) for c in bind.captures}
        self.current_params, self.scoped_locals = (), [params | dict.fromkeys(bind.params, False)]
        creates = serial and not self.serial_only and self.plan.job_creates(bind)
        self.serial, self.serial_creates = serial, creates
        body = self.block_lines(bind.body)
        self.current_params, self.scoped_locals, self.serial, self.serial_creates = saved
        if prologue:
            body = [body[0], prologue, *body[1:]]
        if self.marks_explicit and explicit is not None:
            mark = (
                "int inspire_explicit __attribute__((cleanup(inspire_explicit_end))) = "
                f"inspire_explicit_begin({explicit});"
            )
            body = [body[0], [mark], *body[1:]]
        return [head, *body, ""]

    def serial_job(self, bind: n.BindExpr) -> None:
        """Emits the serial version ``F_serial`` of task body ``bind`` (job ``F``)."""
        name = self.jobs[bind]
        params, _, _, prologue = self.job_parameters(bind)
        self.current_target = self.job_targets[bind]
        head = (
            f"{target_attribute(self.current_target)}static void "
            f"{name}_serial({', '.join(params) or 'void'})"
        )
        self.job_prototypes[name].append(head + ";")
        self.job_definitions[name].extend(
            self.job_body_lines(
                bind, head, prologue, serial=True, explicit=self.job_explicit.get(bind)
            )
        )

    def capture_values(self, bind: n.BindExpr) -> list[tuple[n.DeclStmt, CExpr]]:
        """Each capture with the C value passed for it (evaluated at the spawn):
        an array copied by value is the array object itself (it decays)."""
        out: list[tuple[n.DeclStmt, CExpr]] = []
        for c in bind.captures:
            init = c.decl.init
            if is_materializing(c.decl) and t.is_array(c.var.type.params[0]):
                out.append((c, self.lvalue(init.args[0])))
            else:  # a value, or the address of the shared object
                out.append((c, self.visit(init)))
        return out

    def fill_closure(self, bind: n.BindExpr, pointer: str, on_stack: bool = False) -> list[str]:
        """Statements writing the captured values into the closure at ``pointer``.

        A variable-length array copied by value is stored after the struct
        (each copy at a 16-byte aligned offset, see :func:`closure_bytes`), or,
        for a closure ``on_stack``, in the spawning frame (``alloca``).
        """
        lines = []
        struct = f"struct {self.jobs[bind]}_closure"
        extra = f"(char *){pointer} + {_round16(f'sizeof({struct})')}"
        for c, v in self.capture_values(bind):
            field = f"{pointer}->{c.var.name}"
            value, size = render(v, ASSIGN), f"sizeof {render(v, UNARY)}"
            if _copies_vla(c):
                if on_stack:
                    lines.append(f"{field} = __builtin_alloca({size});")
                else:
                    lines.append(f"{field} = (void *)({extra});")
                    extra += f" + {_round16(size)}"
                lines.append(f"__builtin_memcpy({field}, {value}, {size});")
            elif is_materializing(c.decl) and t.is_array(c.var.type.params[0]):
                lines.append(f"__builtin_memcpy({field}, {value}, sizeof {field});")
            else:
                lines.append(f"{field} = {value};")
        return lines

    def closure_bytes(self, bind: n.BindExpr) -> str:
        """The C size of a task's closure: the struct, then its VLA copies."""
        struct = f"struct {self.jobs[bind]}_closure"
        copies = [render(v, UNARY) for c, v in self.capture_values(bind) if _copies_vla(c)]
        if not copies:
            return f"sizeof({struct})"
        parts = [_round16(f"sizeof({struct})"), *(_round16(f"sizeof {v}") for v in copies)]
        return " + ".join(parts)

    def run_call(self, bind: n.BindExpr) -> str:
        """The statement running task body ``bind`` at once, on the current stack:
        a call of its serial version (``F_serial``, queued for emission the first
        time), or of ``F_seq`` when the serial version would be the same text."""
        name = self.jobs[bind]
        if self.plan.job_differs(bind) and not self.serial_only:
            if bind not in self.serial_jobs:
                self.serial_jobs.add(bind)
                self.serial_queue.append(bind)
            name += "_serial"
        else:
            name += "_seq"
        args = ", ".join(render(v, ASSIGN) for _, v in self.capture_values(bind))
        return f"{name}({args});"

    @staticmethod
    def run_now_lines(call: str, group: str | None, frame: str | None) -> list[str]:
        """``call`` (a task run at once) between ``inspire_<frame>_begin/end`` when
        ``frame`` is given, then ``group`` (if any) set to ``INSPIRE_GROUP_DONE``."""
        done = [f"{group} = INSPIRE_GROUP_DONE;"] if group else []
        if frame is None:
            return [call, *done]
        return ["inspire_frame_t inspire_f;", f"inspire_{frame}_begin(&inspire_f);", call,
                f"inspire_{frame}_end(&inspire_f);", *done]  # fmt: skip

    def spawn_lines(self, job: n.JobExpr, group: str | None = None) -> list[str]:
        """A task spawn (:meth:`task_lines`); in a program that cancels
        taskgroups, only if the task is not discarded at once
        (``inspire_task_discarded()``: it would belong to a cancelled
        taskgroup; its group, if kept, is then ``INSPIRE_GROUP_DONE``)."""
        lines = self.task_lines(job, group)
        if not self.cancels:
            return lines
        ind = self.indent
        done = [f"{ind}{group} = INSPIRE_GROUP_DONE;"] if group else []
        return [
            "if (inspire_task_discarded())", "{", *done, "}", "else", "{",
            *(ind + x for x in lines), "}",
        ]  # fmt: skip

    def task_lines(self, job: n.JobExpr, group: str | None = None) -> list[str]:
        """A task spawn: parallel(job[1..1] => bind) as a statement.

        With ``group`` (a C lvalue of type ``inspire_group_t``) the task's
        thread group is stored there: ``INSPIRE_GROUP_DONE`` when it ran at
        once, else the handle from ``inspire_task_spawn_group``.

        In the parallel flavour the task runs at once (:meth:`run_call`) when
        it is undeferred (``if`` false) or ``inspire_spawn_inline_p()`` says
        so (lazy task creation), else it becomes a work item.  A final task
        (``final`` true, evaluated once into ``inspire_fin`` unless it is a
        constant) is deferred as any other, as libgomp does: run at once it
        runs in a final frame, as a work item it is made final
        (``inspire_task_set_final``); either way ``inspire_in_final()`` is
        true inside and the tasks it creates are included.  An undeferred or
        lazy task that is not final runs in a frame only when its serial
        version may create tasks (the frame's end waits for them).  The
        serial flavour: :meth:`serial_spawn_lines`.

        A task with dependences passes them to the runtime as an array
        ``inspire_d``: run at once it first waits for its predecessors
        (``inspire_depend_wait``), it takes the lazy path only when none is
        unfinished (``inspire_depend_clear``), and as a work item it is
        spawned with them (``inspire_task_spawn_deps``).  A priority is
        given to the work item (``inspire_task_set_priority``); run at once,
        the task needs none.  A detached task: :meth:`detached_lines`.
        """
        bind = job.body
        if not isinstance(bind, n.BindExpr) or bind.params:
            raise NotImplementedError("C emission of a task whose body is not a closure")
        self.job(bind, "task", explicit=0 if group else 1)
        if job.detach is not n.NO_DETACH and not self.serial_only:
            return self.detached_lines(job, group)
        if self.serial:
            return self.serial_spawn_lines(job, group)
        run = self.run_call(bind)
        creates = self.plan.job_creates(bind)
        ind = self.indent
        lines: list[str] = ["{"]
        deps = len(job.depends)
        if deps and group:
            raise NotImplementedError("C emission of a task with dependences whose group is kept")
        if deps:
            items = ", ".join(render(self.visit(d), ASSIGN) for d in job.depends)
            lines.append(f"{ind}inspire_dep_t inspire_d[{deps}] = {{{items}}};")
        wait = [f"inspire_depend_wait(inspire_d, {deps});"] if deps else []
        lazy = "inspire_spawn_inline_p()" if job.thread else "inspire_task_inline_p()"
        if deps:
            lazy += f" && inspire_depend_clear(inspire_d, {deps})"
        final = int_literal(job.final)
        if final is None:  # evaluated once, when the task is created
            lines.append(f"{ind}const int inspire_fin = {self.cond(job.final)};")

        def run_now(frame: str | None) -> list[str]:
            """The task run at once: in a final frame if it is final."""
            if final == 0:
                return self.run_now_lines(run, group, frame)
            if final is not None:
                return self.run_now_lines(run, group, "final")
            final_run = self.run_now_lines(run, group, "final")
            other_run = self.run_now_lines(run, group, frame)
            return [
                "if (inspire_fin)", "{", *(ind + x for x in final_run), "}",
                "else", "{", *(ind + x for x in other_run), "}",
            ]  # fmt: skip

        paths: list[tuple[str, list[str]]] = []
        if int_literal(job.if_) != 1:
            undeferred = render(cx.Prefix("!", self.visit(job.if_)))
            paths.append((undeferred, [*wait, *run_now("undeferred" if creates else None)]))
        paths.append((lazy, run_now("inline" if creates else None)))
        for k, (cond, body) in enumerate(paths):
            lines += [f"{ind}{'else if' if k else 'if'} ({cond})", f"{ind}{{"]
            lines += [ind * 2 + x for x in body]
            lines.append(f"{ind}}}")
        spawn = self.work_item_lines(job, group, deps)
        lines += [f"{ind}else", f"{ind}{{", *(ind * 2 + x for x in spawn), f"{ind}}}", "}"]
        return lines

    def handle_lvalue(self, job: n.JobExpr) -> str:
        """The C lvalue of a detached job's event handle variable."""
        return render(cx.deref(self.visit(job.detach)), UNARY)

    def work_item_lines(self, job: n.JobExpr, group: str | None, deps: int) -> list[str]:
        """The spawn of ``job`` as a work item: ``inspire_t`` made, detached
        (its event handle stored through the ``detach`` reference before the
        captures are evaluated), its closure filled, its priority set, then
        spawned (keeping its group in ``group``, or with the ``deps``
        dependences of the array ``inspire_d``)."""
        bind = job.body
        name = self.jobs[bind]
        lines = [
            f"inspire_task_t *inspire_t = inspire_task_new({name}, {self.closure_bytes(bind)});",
            f"struct {name}_closure *inspire_cl = inspire_task_closure(inspire_t);",
        ]
        if job.detach is not n.NO_DETACH:
            final = "0" if int_literal(job.final) == 0 else self.arg(job.final)
            handle = f"inspire_task_detach(inspire_t, {final})"
            lines.append(f"{self.handle_lvalue(job)} = {handle};")
        lines += self.fill_closure(bind, "inspire_cl")
        need = self.job_stacks.get(bind)
        if need is not None and need < self.config.stack_bytes:
            lines.append(f"inspire_task_set_stack(inspire_t, {need});")
        if job.detach is n.NO_DETACH and int_literal(job.final) != 0:
            test = "if (inspire_fin) " if int_literal(job.final) is None else ""
            lines.append(f"{test}inspire_task_set_final(inspire_t);")
        if int_literal(job.priority) != 0:
            lines.append(f"inspire_task_set_priority(inspire_t, {self.arg(job.priority)});")
        if group:
            lines.append(f"{group} = inspire_task_spawn_group(inspire_t);")
        elif deps:
            lines.append(f"inspire_task_spawn_deps(inspire_t, inspire_d, {deps});")
        else:
            lines.append("inspire_task_spawn(inspire_t);")
        return lines

    def detached_lines(self, job: n.JobExpr, group: str | None) -> list[str]:
        """A detached task spawn (``job[1..1] detach(r)``), in both flavours
        of a build with the runtime: always a work item (its completion waits
        for its event, so running it at once would not end it), final if its
        ``final`` is true (``inspire_task_detach``).  Undeferred (``if``
        false) or included (created in a final task: ``inspire_in_final()``),
        it is spawned in an undeferred frame, whose end waits for its
        completion.  On a thread without a current task
        (``inspire_detach_inline_p()``) it runs at once with the event handle
        0, whose fulfilment does nothing."""
        if group:
            raise NotImplementedError("C emission of a detached task whose group is kept")
        ind = self.indent
        deps = len(job.depends)
        lines: list[str] = ["{"]
        if deps:
            items = ", ".join(self.arg(d) for d in job.depends)
            lines.append(f"{ind}inspire_dep_t inspire_d[{deps}] = {{{items}}};")
        wait = [f"inspire_depend_wait(inspire_d, {deps});"] if deps else []
        at_once = [f"{self.handle_lvalue(job)} = 0;", *wait, self.run_call(job.body)]
        spawn = self.work_item_lines(job, None, deps)
        undeferred = "inspire_in_final()"
        if int_literal(job.if_) != 1:
            undeferred = f"{render(cx.Prefix('!', self.visit(job.if_)))} || {undeferred}"
        frame = ["inspire_frame_t inspire_f;", "inspire_undeferred_begin(&inspire_f);"]
        lines += [
            f"{ind}if (inspire_detach_inline_p())", f"{ind}{{", *(ind * 2 + x for x in at_once),
            f"{ind}}}", f"{ind}else if ({undeferred})", f"{ind}{{", *(ind * 2 + x for x in frame),
            f"{ind * 2}{{", *(ind * 3 + x for x in spawn), f"{ind * 2}}}",
            f"{ind * 2}inspire_undeferred_end(&inspire_f);", f"{ind}}}",
            f"{ind}else", f"{ind}{{", *(ind * 2 + x for x in spawn), f"{ind}}}", "}",
        ]  # fmt: skip
        return lines

    def serial_spawn_lines(self, job: n.JobExpr, group: str | None) -> list[str]:
        """A task spawn in the serial flavour: the task runs at once (:meth:`run_call`).

        Its ``if``, ``final`` and ``priority`` expressions that are not
        literals, and the operands of its dependences, are still evaluated (cast to void;
        side-effect free ones cost nothing once compiled): tasks that run at
        once in creation order meet every dependence.  When running the task
        as a final task is observable (:meth:`SerialPlan.job_observes_final`)
        a true ``final`` runs it in a final frame, as in the parallel flavour.
        A detached task gets here only in a serial-only build: its event
        handle is 0 (``omp_fulfill_event`` of ``serial_rt`` does nothing), and
        it is complete when its body has run.  In a build with the runtime,
        a detached task is a work item in this flavour too, so in a program
        with detached tasks a task with dependences first waits for its
        predecessors among the work items of the current work item
        (``inspire_depend_wait``; the tasks run at once have finished).
        """
        bind = job.body
        run = self.run_call(bind)
        observed = int_literal(job.final) != 0 and self.plan.job_observes_final(bind)
        waits = bool(job.depends) and self.detaches
        evaluated = [
            a
            for d in (() if waits else job.depends)
            for a in (d.args if isinstance(d, n.CallExpr) else (d,))
        ]
        evaluated += [
            e
            for e in (job.final, job.if_, job.priority)
            if int_literal(e) is None and not (observed and e is job.final)
        ]
        effects = [f"{render(cx.Cast('void', self.visit(e)))};" for e in evaluated]
        if job.detach is not n.NO_DETACH:  # a serial-only build: fulfilling does nothing
            effects.insert(0, f"{self.handle_lvalue(job)} = 0;")
        if waits:
            items = ", ".join(self.arg(d) for d in job.depends)
            deps = len(job.depends)
            effects.append(f"inspire_depend_wait((inspire_dep_t[{deps}]){{{items}}}, {deps});")
        now = self.run_now_lines(run, group, None)
        if not observed:
            return [*effects, *now]
        ind = self.indent
        final = [ind + x for x in self.run_now_lines(run, group, "final")]
        return [
            f"if ({self.cond(job.final)})",
            "{",
            *(ind + x for x in effects),
            *final,
            "}",
            "else",
            "{",
            *(ind + x for x in effects),
            *(ind + x for x in now),
            "}",
        ]

    def group_spawn_lines(self, target: n.Node, job: n.JobExpr) -> Lines:
        """``assign(h, parallel(job[1..1] => bind))``: a task whose group h keeps
        (a thread create converted into a task).  h's address is taken first, as
        C evaluates the create's arguments before the thread runs."""
        ind = self.indent
        return [
            "{",
            f"{ind}inspire_group_t *inspire_h = {self.arg(target)};",
            self.spawn_lines(job, "(*inspire_h)"),
            "}",
        ]

    def group_value(self, job: n.JobExpr) -> CExpr:
        """``parallel(job[1..1] => bind)`` used as a value: a statement expression."""
        if not (int_literal(job.lo) == 1 and int_literal(job.hi) == 1):
            raise NotImplementedError("C emission of a parallel region used as a value")
        lines = self.spawn_lines(job, "inspire_g")
        body = " ".join(x.strip() for x in lines)
        return cx.Atom(f"({{ inspire_group_t inspire_g; {body} inspire_g; }})")

    def merge_text(self, group: n.Node) -> str:
        """``merge(g)``: wait for the group unless it already finished (ran inline)."""
        return (
            f"{{ inspire_group_t inspire_g = {self.arg(group)}; "
            "if (inspire_g != INSPIRE_GROUP_DONE) inspire_merge(inspire_g); }"
        )

    def pfor_lines(self, call: n.CallExpr) -> list[str]:
        """A worksharing loop: pfor(lo, hi, step, schedule, chunk, bind(i) {...})."""
        lo, hi, step, kind, chunk, bind = call.args
        if not isinstance(bind, n.BindExpr) or len(bind.params) != 1:
            raise NotImplementedError("C emission of a pfor whose body is not a closure")
        name = self.job(bind, "loop")
        ty = bind.type.params[0]
        captures = [render(v, ASSIGN) for _, v in self.capture_values(bind)]
        ind = self.indent
        # a 64-bit unsigned variable counts up (the frontend counts a loop
        # down one as a collapsed nest) by a step that may exceed LONG_MAX
        wide = "unsigned long" if ty is t.UINT8 else "long"
        iteration = [
            f"{ind}{wide} inspire_v = inspire_lo + ({wide})inspire_k * inspire_step;",
            *_value_range_hint("inspire_v", ty, ind),
            f"{ind}{name}_seq({', '.join([f'({self.types.type_name(ty)})inspire_v', *captures])});",
        ]

        def iterations(first: str, last: str, going: str) -> Lines:
            # a cancellable loop is not in canonical form: no simd hint
            simd = None if going else self.simd_pragma(bind.simd, bind.reductions)
            return [
                *([ind + simd] if simd is not None else []),
                f"{ind}for (long inspire_k = {first}; inspire_k < {last}{going}; inspire_k++)",
                f"{ind}{{",
                *(ind + line for line in iteration),
                f"{ind}}}",
            ]

        if self.serial_only:  # the one thread runs every iteration, in order
            going = " && !inspire_serial_for_cancelled" if self.cancels_loops else ""
            loop = [
                f"{ind}(void)({self.arg(kind)});",
                f"{ind}(void)({self.arg(chunk)});",
                *iterations("0", "inspire_n", going),
            ]
            if self.cancels_loops:
                loop.append(f"{ind}inspire_serial_for_cancelled = 0;")
        else:
            going = " && !inspire_pfor_cancelled(&inspire_it)" if self.cancels_loops else ""
            loop = [
                f"{ind}inspire_pfor_t inspire_it;",
                f"{ind}inspire_pfor_begin(&inspire_it, inspire_n > 0 ? inspire_n : 0, "
                f"{self.arg(kind)}, {self.arg(chunk)});",
                f"{ind}for (long inspire_a, inspire_b; inspire_pfor_next(&inspire_it, "
                "&inspire_a, &inspire_b);)",
                f"{ind}{{",
                *(ind + line for line in iterations("inspire_a", "inspire_b", going)),
                f"{ind}}}",
                f"{ind}inspire_pfor_end(&inspire_it, 1);",
            ]
        if wide == "long":
            count = (
                "inspire_step > 0 ? (inspire_hi - inspire_lo + inspire_step - 1) / inspire_step"
                " : (inspire_lo - inspire_hi - inspire_step - 1) / -inspire_step"
            )
        else:
            count = (
                "inspire_hi > inspire_lo ? (long)((inspire_hi - inspire_lo - 1) / inspire_step + 1)"
                " : 0"
            )
        return [
            "{",
            f"{ind}{wide} inspire_lo = {self.arg(lo)};",
            f"{ind}{wide} inspire_hi = {self.arg(hi)};",
            f"{ind}{wide} inspire_step = {self.arg(step)};",
            f"{ind}long inspire_n = {count};",
            *loop,
            "}",
        ]

    def taskloop_lines(self, call: n.CallExpr) -> list[str]:
        """A taskloop: taskloop(n, tasks, grain, flags, bind(a, b) {...}).

        The parallel flavour hands the closure (copied by the runtime) and
        ``F_range``, which runs ``F_seq`` on one logical task, to
        ``inspire_range``; the serial-only flavour runs the same logical
        tasks in order (the split the contract in ``inspire_rt.h`` gives).
        """
        count, tasks, grain, flags, bind = call.args
        if not isinstance(bind, n.BindExpr) or len(bind.params) != 2:
            raise NotImplementedError("C emission of a taskloop whose body is not a closure")
        name = self.job(bind, "taskloop", explicit=1)
        ind = self.indent
        head = [
            "{",
            f"{ind}long inspire_n = {self.arg(count)};",
            f"{ind}long inspire_tasks = {self.arg(tasks)};",
            f"{ind}long inspire_grain = {self.arg(grain)};",
        ]
        if self.serial_only:
            captures = [render(v, ASSIGN) for _, v in self.capture_values(bind)]
            start = (
                "(inspire_grain > 0 ? (K * inspire_grain < inspire_n ? K * inspire_grain : "
                "inspire_n) : K * (inspire_n / inspire_tasks) + (K < inspire_n % inspire_tasks "
                "? K : inspire_n % inspire_tasks))"
            )
            args = ", ".join(
                [start.replace("K", "inspire_k"), start.replace("K", "(inspire_k + 1)"), *captures]
            )
            # A final taskloop's tasks are final: omp_in_final() is true in them
            # (4 is the runtime's INSPIRE_RANGE_FINAL, the frontend's final bit).
            return [
                *head,
                f"{ind}long inspire_final = ({self.arg(flags)}) & 4;",
                f"{ind}inspire_frame_t inspire_f;",
                f"{ind}if (inspire_final)",
                f"{ind * 2}inspire_final_begin(&inspire_f);",
                f"{ind}if (inspire_grain > 0)",
                f"{ind * 2}inspire_tasks = (inspire_n + inspire_grain - 1) / inspire_grain;",
                f"{ind}else if (inspire_tasks > inspire_n || inspire_tasks < 1)",
                f"{ind * 2}inspire_tasks = inspire_tasks < 1 ? 1 : inspire_n;",
                # mergeable logical tasks (8, INSPIRE_RANGE_MERGEABLE) run in one call
                f"{ind}if (({self.arg(flags)}) & 8)",
                f"{ind * 2}{name}_seq({', '.join(['0', 'inspire_n', *captures])});",
                f"{ind}else",
                f"{ind * 2}for (long inspire_k = 0; inspire_n > 0 && inspire_k < inspire_tasks; "
                "inspire_k++)",
                f"{ind * 3}{name}_seq({args});",
                f"{ind}if (inspire_final)",
                f"{ind * 2}inspire_final_end(&inspire_f);",
                "}",
            ]
        if any(_copies_vla(c) for c in bind.captures):
            raise NotImplementedError("C emission of a taskloop copying a variable-length array")
        struct = f"struct {name}_closure"
        if f"{name}_range" not in self.job_prototypes[name][-1]:
            _, fields, unpack, _ = self.job_parameters(bind)
            self.job_structs.append(
                "\n".join([f"{struct} {{", *(f"{ind}{f};" for f in fields), "};"])
                if fields
                else f"{struct} {{ char unused; }};"
            )
            range_head = (
                f"static void {name}_range(void *inspire_closure, long inspire_a, long inspire_b)"
            )
            self.job_prototypes[name].append(range_head + ";")
            self.job_definitions[name].extend(
                [
                    range_head,
                    "{",
                    f"{ind}{struct} *inspire_cl = inspire_closure;",
                    f"{ind}{name}_seq({', '.join(['inspire_a', 'inspire_b', *unpack])});",
                    "}",
                    "",
                ]
            )
        return [
            *head,
            f"{ind}{struct} inspire_tl;",
            f"{ind}{struct} *inspire_cl = &inspire_tl;",
            *(ind + x for x in self.fill_closure(bind, "inspire_cl", on_stack=True)),
            f"{ind}inspire_range({name}_range, inspire_cl, sizeof inspire_tl, inspire_n, "
            f"inspire_tasks, inspire_grain, {self.arg(flags)});",
            "}",
        ]

    def region_lines(self, job: n.JobExpr) -> list[str]:
        """A parallel region: merge(parallel(job[lo..hi] => bind))."""
        bind = job.body
        if not isinstance(bind, n.BindExpr) or bind.params:
            raise NotImplementedError("C emission of a region whose body is not a closure")
        name = self.job(bind, "region", explicit=0)
        if self.serial_only:  # a team of one: the one thread runs the body, one level deeper
            args = ", ".join(render(v, ASSIGN) for _, v in self.capture_values(bind))
            return [
                f"(void)({self.arg(job.hi)});",
                "inspire_region_enter();",
                f"{name}_seq({args});",
                "inspire_region_leave();",
            ]
        struct = f"struct {name}_closure"
        ind = self.indent
        return [
            "{",
            f"{ind}{struct} inspire_region;",
            f"{ind}{struct} *inspire_cl = &inspire_region;",
            *(ind + x for x in self.fill_closure(bind, "inspire_cl", on_stack=True)),
            f"{ind}inspire_parallel({self.arg(job.hi)}, {name}, inspire_cl);",
            "}",
        ]

    # --------------------------------------------------------- statements
    def block_lines(self, block: n.CompoundStmt) -> Lines:
        """``{``, the block's statements one level deeper, ``}``."""
        self.scoped_locals.append({})
        inner: Lines = []
        for s in block.stmts:
            inner.extend(self.stmt_lines(s))
        self.scoped_locals.pop()
        return ["{", inner, "}"]

    def stmt_lines(self, s: n.Node) -> Lines:
        """The lines of a statement, or of an expression used as one."""
        if isinstance(s, n.Stmt):
            return self.visit(s)
        job = spawned_job(s)
        if job is not None:
            lines = self.spawn_lines(job)
            self.note_site(job, s)
            return lines
        if is_builtin_call(s, "pfor"):
            return self.pfor_lines(s)
        if is_builtin_call(s, "taskloop"):
            return self.taskloop_lines(s)
        if is_builtin_call(s, "asm"):
            return [self.asm_statement(s)]
        if is_builtin_call(s, "goto_address"):
            return [f"goto *{render(self.visit(s.args[0]), UNARY)};"]
        if is_builtin_call(s, "merge"):
            region = spawned_job(s.args[0])
            if region is not None:
                lines = self.region_lines(region)
                self.note_site(region, s.args[0])
                return lines
            ind = self.indent
            return [
                "{",
                f"{ind}inspire_group_t inspire_g = {self.arg(s.args[0])};",
                f"{ind}if (inspire_g != INSPIRE_GROUP_DONE)",
                f"{ind * 2}inspire_merge(inspire_g);",
                "}",
            ]
        if is_builtin_call(s, "assign") and spawned_job(s.args[1]) is not None:
            lines = self.group_spawn_lines(s.args[0], spawned_job(s.args[1]))
            self.note_site(spawned_job(s.args[1]), s.args[1])
            return lines
        if self.serial and not self.serial_creates and is_builtin_call(s, "merge_all"):
            return []  # the tasks this body spawned have all run, and it creates no others
        return [render(self.visit(s)) + ";"]

    def visit_CompoundStmt(self, s: n.CompoundStmt) -> Lines:
        return self.block_lines(s)

    def visit_DeclStmt(self, s: n.DeclStmt) -> Lines:
        return [self.decl_stmt(s) + ";"]

    def visit_IfStmt(self, s: n.IfStmt) -> Lines:
        """``if``, then each ``else if`` of a chain on the same level (a loop,
        so a long chain costs time linear in its length), then ``else``."""
        lines: Lines = []
        head = "if"
        while True:
            lines += [f"{head} ({self.cond(s.cond)})", *self.block_lines(s.then)]
            rest = s.else_.stmts
            if len(rest) == 1 and isinstance(rest[0], n.IfStmt):
                s, head = rest[0], "else if"
                continue
            if rest:
                lines += ["else", *self.block_lines(s.else_)]
            return lines

    def visit_WhileStmt(self, s: n.WhileStmt) -> Lines:
        head = f"while ({self.cond(s.cond)})"
        return [*_gcc_hint_lines(s.gcc), head, *self.block_lines(s.body)]

    def visit_DoWhileStmt(self, s: n.DoWhileStmt) -> Lines:
        body = self.block_lines(s.body)
        return [*_gcc_hint_lines(s.gcc), "do", *body[:-1], f"}} while ({self.cond(s.cond)});"]

    def visit_ForStmt(self, s: n.ForStmt) -> Lines:
        steps = []
        for st in s.step.stmts:
            if isinstance(st, n.Stmt):
                raise NotImplementedError("C emission of a for-loop step that is not an expression")
            steps.append(self.arg(st))
        self.scoped_locals.append({})
        init = s.init.stmts
        if len(init) == 1 and isinstance(init[0], n.DeclStmt):
            head = self.decl_stmt(init[0])
            prefix: Lines = []
        elif len(init) == 1 and not isinstance(init[0], n.Stmt):
            head = render(self.visit(init[0]))
            prefix = []
        else:
            head = ""
            prefix = [line for st in init for line in self.stmt_lines(st)]
        simd = self.simd_pragma(s.simd, s.reductions)
        lines = [
            *_gcc_hint_lines(s.gcc),
            *([simd] if simd is not None else []),
            f"for ({head}; {self.cond(s.cond)}; {', '.join(steps)})",
            *self.block_lines(s.body),
        ]
        self.scoped_locals.pop()
        if prefix:
            return ["{", prefix + lines, "}"]
        return lines

    def simd_pragma(self, simd: str | None, reductions: tuple[n.SimdReduction, ...]) -> str | None:
        """The ``#pragma omp simd`` line of a loop with hint ``simd`` and its
        ``reductions`` (:attr:`~inspire.nodes.ForStmt.simd`): None without a
        hint, or when a reduction's object has no C name here (a pointer
        variable, a closure's member): the hint without that clause would
        allow a vectorisation the loop does not."""
        if simd is None:
            return None
        clauses = [simd] if simd else []
        for r in reductions:
            target = r.target
            named = isinstance(target, n.Global) or (
                isinstance(target, n.Variable) and not self.is_pointer_var(target)
            )
            if not named or not t.is_ref(target.type):
                return None
            clauses.append(f"reduction({r.op}: {target.name})")
        return " ".join(["#pragma omp simd", *clauses])

    def visit_SwitchStmt(self, s: n.SwitchStmt) -> Lines:
        return [f"switch ({self.cond(s.expr)})", *self.block_lines(s.body)]

    def visit_CaseLabel(self, s: n.CaseLabel) -> Lines:
        return [f"case {render(self.visit(s.value))}:;"]

    def visit_CaseRangeLabel(self, s: n.CaseRangeLabel) -> Lines:
        # spaces around '...': "1...4" would be one preprocessing number
        return [f"case {render(self.visit(s.low))} ... {render(self.visit(s.high))}:;"]

    def visit_DefaultLabel(self, s: n.DefaultLabel) -> Lines:
        return ["default:;"]

    def visit_ReturnStmt(self, s: n.ReturnStmt) -> Lines:
        v = s.value
        if (isinstance(v, n.Literal) and v.type is t.UNIT) or isinstance(v, n.Undefined):
            return ["return;"]
        return [f"return {render(self.visit(v))};"]

    def visit_BreakStmt(self, s: n.BreakStmt) -> Lines:
        return ["break;"]

    def visit_ContinueStmt(self, s: n.ContinueStmt) -> Lines:
        return ["continue;"]

    def visit_GotoStmt(self, s: n.GotoStmt) -> Lines:
        return [f"goto {s.label};"]

    def visit_LabelStmt(self, s: n.LabelStmt) -> Lines:
        return [f"{s.label}:;"]

    def decl_stmt(self, s: n.DeclStmt) -> str:
        var, decl = s.var, s.decl
        ty = var.type
        init = decl.init
        if t.is_ref(ty) and is_materializing(decl):
            value_type = ty.params[0]
            text = self.types.declare(value_type, var.name) + _aligned(s.align)
            self.scoped_locals[-1][var] = False
            if is_builtin_call(init, "hard_register"):  # GNU C: register T v asm("reg")
                text = f"register {text} __asm__ ({init.args[0].value})"
                init = init.args[1]
            if isinstance(init, n.Undefined):
                return text
            return f"{text} = {self.initializer(init)}"
        # A reference bound to an existing object: a C pointer.
        if t.is_ref(ty):
            self.scoped_locals[-1][var] = True
            return f"{self.types.declare(ty, var.name)} = {self.arg(init)}"
        self.scoped_locals[-1][var] = False
        return f"{self.types.declare(ty, var.name)} = {self.initializer(init)}"

    def is_pointer_var(self, v: n.Variable) -> bool:
        return next((scope[v] for scope in reversed(self.scoped_locals) if v in scope), False)

    # -------------------------------------------------------- expressions
    def arg(self, e: n.Node) -> str:
        """The C text of ``e`` where an assignment expression is expected
        (an argument, an initialiser, the right-hand side of ``=``)."""
        return render(self.visit(e), ASSIGN)

    def cond(self, e: n.Node) -> str:
        """The C text of ``e`` as the condition of a statement."""
        return render_condition(self.visit(e))

    def initializer(self, e: n.Node) -> str:
        if isinstance(e, n.InitExpr):
            return self.braces(e)
        if isinstance(e, n.DataInit):
            return listed(e.values)
        return self.arg(e)

    def braces(self, e: n.InitExpr) -> str:
        """An initialiser list ``{a, .x = b}``."""
        items = []
        designators = e.designators or ("",) * len(e.values)
        for d, v in zip(designators, e.values, strict=True):
            value = self.initializer(v)
            items.append(f"{d} = {value}" if d else value)
        return "{" + ", ".join(items) + "}"

    def lvalue(self, e: n.Node) -> CExpr:
        """The C object an expression of type ``ref<T>`` refers to."""
        return cx.deref(self.visit(e))

    def sized(self, e: CExpr) -> str:
        """``e`` as the operand of ``sizeof``."""
        return render(e, UNARY)

    def visit_Literal(self, e: n.Literal) -> CExpr:
        if e.type is t.UNIT:
            raise NotImplementedError("C emission of a unit value")
        if e.type is t.IDENTIFIER:
            return cx.Atom(f'"{e.value}"')  # a name passed to the runtime
        return cx.Literal(e.value)

    def visit_Variable(self, e: n.Variable) -> CExpr:
        if not t.is_ref(e.type):
            return cx.Atom(e.name)
        if self.is_pointer_var(e):
            return cx.Atom(e.name)  # a C pointer to the object
        return cx.addr(cx.Atom(e.name))  # the C object itself

    def visit_Global(self, e: n.Global) -> CExpr:
        if isinstance(e.type, n.FunctionType):
            return cx.Atom(e.name)
        if any(v.name == e.name for scope in self.scoped_locals for v in scope):
            # A local of the same name hides it (a block-scope extern
            # declaration named it): reach it through one of its own.
            extern = self.types.declare(e.type.params[0], e.name)
            return cx.Atom(f"({{ extern {extern}; &{e.name}; }})")
        return cx.addr(cx.Atom(e.name))

    def visit_LambdaExpr(self, e: n.LambdaExpr) -> CExpr:
        return cx.Atom(e.reference.name)

    def visit_LambdaReference(self, e: n.LambdaReference) -> CExpr:
        return cx.Atom(e.name)

    def visit_CastExpr(self, e: n.CastExpr) -> CExpr:
        if not t.is_variably_modified(e.type) and t.refines(e.expr.type, e.type):
            # Forgetting array sizes (an argument passed to a parameter of
            # array<T,*> type, C's [*]): the C types are compatible, and C
            # cannot spell every such type (int (*)[][]).
            return self.visit(e.expr)
        if t.adds_qualifiers(e.expr.type, e.type):
            return self.visit(e.expr)  # char * to const char *: implicit in C
        return cx.Cast(self.types.type_name(e.type), self.visit(e.expr))

    def visit_SizeOf(self, e: n.SizeOf) -> CExpr:
        return cx.Atom(f"sizeof({self.types.type_name(e.target)})")

    def visit_StmtExpr(self, e: n.StmtExpr) -> CExpr:
        """GNU C's ``({ ... })``; a ``unit`` one whose last statement is an
        expression of another type ends with ``(void)0;`` so its C type is void."""
        lines = self.block_lines(e.body)
        stmts = e.body.stmts
        last = stmts[-1] if stmts else None
        if e.type is t.UNIT and isinstance(last, n.Expr) and last.type is not t.UNIT:
            lines[1].append("(void)0;")
        return cx.Atom("(" + "\n".join(layout(lines, self.indent)) + ")")

    def visit_Declaration(self, e: n.Declaration) -> CExpr:
        """A stack slot as a value: the address of a compound literal."""
        value_type = e.type.params[0] if t.is_ref(e.type) else e.type
        init = e.init
        braced = isinstance(init, n.InitExpr | n.DataInit)
        items = self.initializer(init) if braced else f"{{{self.arg(init)}}}"
        return cx.addr(cx.Atom(f"({self.types.type_name(value_type)}){items}"))

    def visit_InitExpr(self, e: n.InitExpr | n.DataInit) -> CExpr:
        """An initialiser used as a value: a compound literal."""
        return cx.Atom(f"({self.types.type_name(e.type)}){self.initializer(e)}")

    visit_DataInit = visit_InitExpr

    def visit_CallExpr(self, e: n.CallExpr) -> CExpr:
        fn = e.function
        if not isinstance(fn, n.Builtin):
            callee = self.visit(fn)
            if isinstance(fn, n.Global) and not self.serial_only:
                callee = cx.Atom(library_function(fn.name).inline or callee.text)
            if (
                self.serial
                and isinstance(fn, n.LambdaExpr | n.LambdaReference)
                and self.plan.function_differs(callee.text)
            ):
                callee = cx.Atom(self.clone_name(callee.text))
            return cx.Call(callee, tuple(self.visit(a.init) for a in e.args))
        name, args = fn.name, e.args
        if name == "parallel" and isinstance(args[0], n.JobExpr):
            return self.group_value(args[0])
        if name == "merge":
            return cx.Atom(f"({{ {self.merge_text(args[0])} }})")
        if name == "compiler_builtin":
            call = cx.Call(cx.Atom(args[0].value[1:-1]), tuple(self.visit(a) for a in args[1:]))
            return call if e.type is t.UNIT else cx.Cast(self.types.type_name(e.type), call)
        return cx.instantiate(
            cx.parse_template(c_template(BUILTINS[name], e, self.serial_only)),
            lambda key: self.template_hole(e, key),
            lambda key: e.args[int(key)].value,
        )

    def asm_statement(self, s: n.CallExpr) -> str:
        """A GNU C ``asm`` statement, as written (``inspire.asm``)."""
        a = asm.read(s.args)
        qualifiers = ((asm.VOLATILE, "volatile"), (asm.INLINE, "inline"), (asm.GOTO, "goto"))
        words = ["__asm__", *(word for flag, word in qualifiers if a.flags & flag)]
        if a.flags & asm.BASIC:
            return f"{' '.join(words)} ({a.template});"
        sections = [
            ", ".join(f"{c}({render(cx.deref(self.visit(r)))})" for c, r in a.outputs),
            ", ".join(f"{c}({render(self.visit(v))})" for c, v in a.inputs),
            ", ".join(a.clobbers),
        ]
        if a.flags & asm.GOTO:  # the label list, which asm goto must have
            sections.append(", ".join(a.labels))
        while len(sections) > 1 and not sections[-1] and not a.flags & asm.GOTO:
            sections.pop()
        operands = "".join(f" : {text}" if text else " :" for text in sections)
        return f"{' '.join(words)} ({a.template}{operands});"

    def template_hole(self, e: n.CallExpr, key: str) -> CExpr:
        """The C expression of hole ``$key`` of the template of builtin call ``e``."""
        if key == "T":
            return cx.Atom(self.types.type_name(e.type))
        if key == "P":
            if not self.current_params:
                raise NotImplementedError("C emission of va_start without a named parameter")
            return cx.Atom(self.current_params[-1].name)
        return self.visit(e.args[int(key)])

    # Kinds that are not expressions or statements: the program-level methods
    # write them (types, functions, records, globals, the program), the job
    # methods closures and jobs; anywhere else they are refused.
    def _not_here(self, node: n.Node) -> CExpr:
        raise NotImplementedError(f"C emission of a {node.kind} as an expression")

    visit_GenericType = visit_VlaType = visit_TagType = _not_here
    visit_FunctionType = visit_TypeVariable = _not_here
    visit_Lambda = visit_LambdaBinding = visit_LambdaDefinition = _not_here
    visit_Field = visit_StructDecl = visit_GlobalDecl = visit_Program = _not_here
    visit_SimdReduction = _not_here
    visit_Builtin = visit_Undefined = visit_BindExpr = visit_JobExpr = _not_here


def uses_runtime(program: n.Program) -> bool:
    """Whether the program needs the inspire runtime: it has jobs, a builtin
    construct, a builtin whose C form is the runtime's (its row's
    ``runtime``), or calls a library function the runtime provides."""
    for x in program.walk():
        if isinstance(x, n.JobExpr):
            return True
        if isinstance(x, n.CallExpr) and isinstance(x.function, n.Builtin):
            info = BUILTINS[x.function.name]
            if info.name in PARALLEL_CONSTRUCTS or (info.runtime and c_template(info, x) == info.c):
                return True
        if isinstance(x, n.Global) and library_function(x.name).runtime:
            return True
    return False


def _value_range_hint(name: str, ty: n.Type, ind: str) -> Lines:
    """A statement telling the C compiler that ``long`` variable ``name``
    holds a value of integer type ``ty``: it is undefined otherwise
    (``__builtin_unreachable``).  A worksharing loop's iteration values are
    values of its iteration variable; knowing it, gcc sees the conversion
    of the iteration counter to that type as affine and vectorises the
    loop's accesses (else each one is a gather).  No statement for a type
    as wide as ``long``, or one that is not an integer type."""
    test = t.narrower_than_long_test(name, ty) if t.is_integer(ty) else None
    return [] if test is None else [f"{ind}if ({test})", f"{ind}{ind}__builtin_unreachable();"]


def _gcc_hint_lines(hints: tuple[str, ...]) -> Lines:
    """The ``#pragma GCC`` lines of a loop's hints (they come before an
    ``omp simd`` line, the order gcc reads)."""
    return [f"#pragma GCC {h}" for h in hints]


def has_simd_hints(program: n.Program) -> bool:
    """Whether the emitted C of ``program`` has ``#pragma omp simd`` or
    ``declare simd`` lines (:attr:`~inspire.nodes.ForStmt.simd`,
    :attr:`~inspire.nodes.BindExpr.simd`, :attr:`~inspire.nodes.Lambda.simd`)."""
    return any(
        (isinstance(x, n.ForStmt | n.BindExpr) and x.simd is not None)
        or (isinstance(x, n.Lambda) and x.simd)
        for x in program.walk()
    )


def target_attribute(target: str) -> str:
    """GNU ``target`` before a function definition for the options ``target``
    (:attr:`~inspire.nodes.Lambda.target`; none when empty)."""
    return f'__attribute__((target("{target}"))) ' if target else ""


def declare_simd_lines(lam: n.Lambda) -> Lines:
    """The ``#pragma omp declare simd`` lines before the function ``lam``."""
    return [f"#pragma omp declare simd {hint}".rstrip() for hint in lam.simd]


def _globals_named_before(ordered: Sequence[n.GlobalDecl]) -> set[str]:
    """The globals of ``ordered`` (in the order their definitions are
    written) whose names an earlier one's initialiser takes (``extern int
    *p;`` before ``static int s; int *p = &s;`` puts ``p`` first): they are
    declared before every definition."""
    position = {g.var.name: k for k, g in enumerate(ordered)}
    return {
        x.name
        for k, g in enumerate(ordered)
        for x in g.init.walk()
        if isinstance(x, n.Global) and position.get(x.name, -1) > k
    }


def _globals_naming_functions(globals_: Sequence[n.GlobalDecl]) -> set[str]:
    """The globals whose initialisers name a user function, directly or through
    another such global: they are written after the function prototypes."""
    late: set[str] = set()
    changed = True
    while changed:
        changed = False
        for g in globals_:
            if g.var.name not in late and any(
                isinstance(x, (n.LambdaReference, n.LambdaExpr))
                or (isinstance(x, n.Global) and x.name in late)
                for x in g.init.walk()
            ):
                late.add(g.var.name)
                changed = True
    return late


def _record_attributes(s: n.StructDecl) -> str:
    """GCC's spelling of a record's ``packed`` and ``align`` (``""`` for neither)."""
    attributes = (["packed"] if s.packed else []) + ([f"aligned({s.align})"] if s.align else [])
    return f" __attribute__(({', '.join(attributes)}))" if attributes else ""


def _site_literal(loc: Loc) -> str:
    """A trace name as a C string literal: the source file's base name and the
    line (``"fib.c:28"``); bytes other than printable ASCII as octal escapes."""
    text = f"{os.path.basename(loc.file)}:{loc.line}"
    body = "".join(
        ch if " " <= ch <= "~" and ch not in '"\\?' else "".join(f"\\{b:03o}" for b in ch.encode())
        for ch in text
    )
    return f'"{body}"'


def _closure_member(types: CTypeWriter, ty: n.Type, name: str) -> str:
    """A closure struct member: a variably modified type (a pointer to a VLA, a
    reference to one, or the pointer to a VLA copy) is stored as ``void *``
    (a struct member cannot have such a type, and C cannot spell every erased
    one); it converts implicitly to the sequential version's parameter.  A
    member is never const: the closure is filled after it is allocated."""
    if t.is_variably_modified(ty):
        return f"void *{name}"
    return types.declare(t.writable(ty), name)


def _aligned(align: int) -> str:
    """The GNU attribute giving an object its least alignment ``align`` (0: none)."""
    return f" __attribute__((aligned({align})))" if align else ""


def _captures_reference(c: n.DeclStmt) -> bool:
    """Whether a bind capture holds a reference (a C pointer in the closure)."""
    return t.is_ref(c.var.type) and not is_materializing(c.decl)


def _copies_vla(c: n.DeclStmt) -> bool:
    """Whether a bind capture copies a variable-length array by value."""
    return t.is_ref(c.var.type) and is_materializing(c.decl) and t.is_vla(c.var.type.params[0])


def _round16(size: str) -> str:
    return f"({size} + 15) / 16 * 16"


def _by_value_records(ty: n.Type) -> list[n.TagType]:
    """Records a member of type ``ty`` contains by value (they must be defined first)."""
    ty = t.strip_qualifiers(ty)
    if isinstance(ty, n.TagType):
        return [ty]
    if t.is_array(ty):
        return _by_value_records(ty.params[0])
    return []


def layout(lines: Lines, indent: str) -> Iterator[str]:
    """The lines of ``lines`` with nested lists indented (``indent`` per level, at
    most ``MAX_INDENT`` levels), each written once: time linear in the text."""
    stack = [iter(lines)]
    while stack:
        for item in stack[-1]:
            if isinstance(item, list):
                stack.append(iter(item))
                break
            yield indent * min(len(stack) - 1, MAX_INDENT) + item
        else:
            stack.pop()


def emit_c(
    program: n.Program,
    config: RuntimeConfig | None = None,
    serial_only: bool = False,
    job_stacks: Mapping[n.BindExpr, int] | None = None,
) -> str:
    """The C translation unit of ``program`` (``config`` for programs using the
    runtime); ``serial_only``: the serial-only unit (see the module docstring);
    ``job_stacks``: the stack need of each job that needs less than ``config``'s
    ``stack_bytes`` (``inspire_task_set_stack``)."""
    return CEmitter(program, config, serial_only, job_stacks).program_text()
