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
the runtime runs nested regions with one thread), barriers, single/master,
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

``if`` and ``final`` in the serial flavour: the task runs at once either way.
Their expressions are still evaluated (cast to void) unless they are
literals; but when running the task as a final task is observable (it calls
``omp_in_final``, or it may create tasks, which must then be included), a
true ``final`` runs it between ``inspire_final_begin/end``, as in the
parallel flavour.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from inspirec.analyses import RuntimeConfig
from inspirec.backend.ctypes_emit import CTypeWriter
from inspirec.backend.serial import SerialPlan
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.lambdas import definitions_in_order
from inspirec.inspire.parallel import int_literal, is_builtin_call, spawned_job
from inspirec.inspire.typecheck import is_anonymous_member, is_materializing

_BINARY = {
    "add": "+",
    "sub": "-",
    "mul": "*",
    "div": "/",
    "mod": "%",
    "bit_and": "&",
    "bit_or": "|",
    "bit_xor": "^",
    "shl": "<<",
    "shr": ">>",
    "eq": "==",
    "ne": "!=",
    "lt": "<",
    "le": "<=",
    "gt": ">",
    "ge": ">=",
    "log_and": "&&",
    "log_or": "||",
    "ptr_add": "+",
    "ptr_sub": "-",
    "ptr_diff": "-",
}
_ASSIGN = {
    "assign": "=",
    "assign_add": "+=",
    "assign_sub": "-=",
    "assign_mul": "*=",
    "assign_div": "/=",
    "assign_mod": "%=",
    "assign_bit_and": "&=",
    "assign_bit_or": "|=",
    "assign_bit_xor": "^=",
    "assign_shl": "<<=",
    "assign_shr": ">>=",
    "ptr_assign_add": "+=",
    "ptr_assign_sub": "-=",
}
_UNARY = {"neg": "-", "bit_not": "~", "log_not": "!"}
_INCDEC = {
    "pre_inc": ("++", ""),
    "pre_dec": ("--", ""),
    "post_inc": ("", "++"),
    "post_dec": ("", "--"),
}
_SYNC = {
    "atomic_fetch_add": "__sync_fetch_and_add",
    "atomic_fetch_sub": "__sync_fetch_and_sub",
    "atomic_fetch_and": "__sync_fetch_and_and",
    "atomic_fetch_or": "__sync_fetch_and_or",
    "atomic_fetch_xor": "__sync_fetch_and_xor",
    "atomic_cas_bool": "__sync_bool_compare_and_swap",
    "atomic_cas_val": "__sync_val_compare_and_swap",
}


class CEmitter:
    """Writes one program as C (see the module docstring)."""

    indent = "    "

    def __init__(self, program: n.Program, config: RuntimeConfig | None = None):
        self.program = program
        self.records = {(s.tag, s.name): s for s in program.structs}
        self.types = CTypeWriter(self.records, lambda e: _strip(self.expr(e)))
        self.pointer_vars: list[set[n.Variable]] = [set()]
        self.current_params: tuple[n.Variable, ...] = ()
        self.config = config or RuntimeConfig()
        self.uses_runtime = uses_runtime(program)
        self.current_function = ""
        self.jobs: dict[n.BindExpr, str] = {}
        self.job_counts: dict[str, int] = {}
        self.job_structs: list[str] = []
        # Per job name (in the order the jobs are first emitted): its prototypes
        # and definitions; a job's serial version joins them when it is needed.
        self.job_prototypes: dict[str, list[str]] = {}
        self.job_definitions: dict[str, list[str]] = {}
        # The flavour being emitted: serial (see the module docstring), and then
        # whether the body being emitted may create tasks (its merge_all waits).
        self.serial = False
        self.serial_creates = False
        # Serial versions some emitted code calls: function name -> clone name,
        # task bodies; those not emitted yet wait in serial_queue (FIFO).
        self.clones: dict[str, str] = {}
        self.serial_jobs: set[n.BindExpr] = set()
        self.serial_queue: list[str | n.BindExpr] = []

    @cached_property
    def plan(self) -> SerialPlan:
        return SerialPlan(self.program)

    # ------------------------------------------------------------ program
    def program_text(self) -> str:
        p = self.program
        out: list[str] = [f"#include {h}" for h in p.includes]
        if self.uses_runtime:
            out.append("")
            out.extend(f"#define {name} {value}" for name, value in self.config.macros())
            out.append('#include "inspire_rt.h"')
        out.append("")
        out.extend(self.records_text())
        late = _globals_naming_functions(p.globals)
        early = [g for g in p.globals if g.var.name not in late]
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
            out.append(self.signature(b.reference.name, b.lambda_) + ";")
        for b in functions:
            if b.reference.name in self.clones:
                clone = self.clones[b.reference.name]
                out.append(f"static {self.signature(clone, b.lambda_)};")
        out.extend(self.global_text(g) for g in p.globals if g.var.name in late)
        out.extend(line for lines in self.job_prototypes.values() for line in lines)
        out.append("")
        for struct in self.job_structs:
            out.extend([struct, ""])
        out.extend(line for lines in self.job_definitions.values() for line in lines)
        for b in functions:
            out.extend([*bodies[b.reference.name], ""])
            if b.reference.name in clone_bodies:
                out.extend([*clone_bodies[b.reference.name], ""])
        return "\n".join(out).rstrip("\n") + "\n"

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
                    lines.append(f"{indent}}};")
                    continue
                bits = "" if f.bits is None else f" : {f.bits}"
                lines.append(f"{indent}{self.types.declare(f.type, f.name)}{bits};")
            return lines

        def emit(s: n.StructDecl) -> None:
            key = (s.tag, s.name)
            if key in emitted or not s.complete or key in anonymous:
                return
            emitted.add(key)
            dependencies(s)
            out.extend([f"{s.tag} {s.name} {{", *members(s, self.indent), "};"])

        for s in user:
            emit(s)
        out.append("")
        return out

    def global_text(self, g: n.GlobalDecl) -> str:
        ty = g.var.type.params[0]
        prefix = ("static " if g.storage == "static" else "") + (
            "__thread " if g.thread_local else ""
        )
        decl = prefix + self.types.declare(ty, g.var.name)
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

    def function_lines(self, name: str, lam: n.Lambda, serial: bool = False) -> list[str]:
        """The definition of function ``name``, or (``serial``) of its serial clone."""
        self.current_params = lam.params
        self.pointer_vars = [set()]
        self.current_function = name
        if serial:
            head = f"static {self.signature(self.clones[name], lam)}"
            self.serial, self.serial_creates = True, self.plan.function_creates(name)
        else:
            head = self.signature(name, lam)
        lines = [head, *self.block_lines(lam.body)]
        self.serial = self.serial_creates = False
        return lines

    def serial_versions(self, lambdas: dict[str, n.Lambda]) -> dict[str, list[str]]:
        """Emits the serial versions the emitted code calls (and those they call).

        A task body's serial version joins its job's definitions; the function
        clones are returned (name -> definition lines).
        """
        clones: dict[str, list[str]] = {}
        while self.serial_queue:
            item = self.serial_queue.pop(0)
            if isinstance(item, str):
                clones[item] = self.function_lines(item, lambdas[item], serial=True)
            else:
                self.serial_job(item)
        return clones

    def clone_name(self, name: str) -> str:
        """The serial clone of function ``name`` (queued for emission the first time).

        ``name_serial``, numbered when the program already uses that name.
        """
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
    def job(self, bind: n.BindExpr, kind: str) -> str:
        """The name of the outlined job for ``bind`` (emitting it the first time)."""
        if bind in self.jobs:
            return self.jobs[bind]
        base = f"{self.current_function}_{kind}"
        k = self.job_counts.get(base, 0)
        self.job_counts[base] = k + 1
        name = f"{base}{k}"
        self.jobs[bind] = name
        params, fields, unpack, prologue = self.job_parameters(bind)
        seq_head = f"static void {name}_seq({', '.join(params) or 'void'})"
        definitions = self.job_body_lines(bind, seq_head, prologue, serial=False)
        self.job_prototypes[name] = [seq_head + ";"]
        self.job_definitions[name] = definitions
        if bind.params:
            return name  # a loop body: called in place, never through a closure
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
        prologue making the sequential versions' copies of arrays captured by value."""
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
                        fields.append(self.types.declare(value_type, var.name))
                    params.append(self.types.declare(element_ptr, f"{var.name}_copy"))
                    prologue.append(f"{self.types.declare(value_type, var.name)};")
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
        self, bind: n.BindExpr, head: str, prologue: list[str], serial: bool
    ) -> list[str]:
        """A sequential version of a job: ``head``, then its body in the given flavour."""
        saved = (self.current_params, self.pointer_vars, self.serial, self.serial_creates)
        pointers = {c.var for c in bind.captures if _captures_reference(c)}
        self.current_params, self.pointer_vars = (), [pointers]
        self.serial, self.serial_creates = serial, serial and self.plan.job_creates(bind)
        body = self.block_lines(bind.body)
        self.current_params, self.pointer_vars, self.serial, self.serial_creates = saved
        if prologue:
            body = [body[0], *(self.indent + x for x in prologue), *body[1:]]
        return [head, *body, ""]

    def serial_job(self, bind: n.BindExpr) -> None:
        """Emits the serial version ``F_serial`` of task body ``bind`` (job ``F``)."""
        name = self.jobs[bind]
        params, _, _, prologue = self.job_parameters(bind)
        head = f"static void {name}_serial({', '.join(params) or 'void'})"
        self.job_prototypes[name].append(head + ";")
        self.job_definitions[name].extend(self.job_body_lines(bind, head, prologue, serial=True))

    def capture_values(self, bind: n.BindExpr) -> list[tuple[n.DeclStmt, str]]:
        """Each capture with the C value passed for it (evaluated at the spawn)."""
        out = []
        for c in bind.captures:
            if not t.is_ref(c.var.type):
                out.append((c, _strip(self.expr(c.decl.init))))
            elif is_materializing(c.decl):
                value_type = c.var.type.params[0]
                if t.is_array(value_type):
                    out.append((c, self.lvalue(c.decl.init.args[0])))
                else:
                    out.append((c, _strip(self.expr(c.decl.init))))
            else:
                out.append((c, f"&{self.lvalue(c.decl.init)}"))
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
        for c, value in self.capture_values(bind):
            field = f"{pointer}->{c.var.name}"
            if _copies_vla(c):
                if on_stack:
                    lines.append(f"{field} = __builtin_alloca(sizeof {value});")
                else:
                    lines.append(f"{field} = (void *)({extra});")
                    extra += f" + {_round16(f'sizeof {value}')}"
                lines.append(f"__builtin_memcpy({field}, {value}, sizeof {value});")
            elif is_materializing(c.decl) and t.is_array(c.var.type.params[0]):
                lines.append(f"__builtin_memcpy({field}, {value}, sizeof {field});")
            else:
                lines.append(f"{field} = {value};")
        return lines

    def closure_bytes(self, bind: n.BindExpr) -> str:
        """The C size of a task's closure: the struct, then its VLA copies."""
        struct = f"struct {self.jobs[bind]}_closure"
        copies = [value for c, value in self.capture_values(bind) if _copies_vla(c)]
        if not copies:
            return f"sizeof({struct})"
        parts = [_round16(f"sizeof({struct})"), *(_round16(f"sizeof {v}") for v in copies)]
        return " + ".join(parts)

    def run_call(self, bind: n.BindExpr) -> str:
        """The statement running task body ``bind`` at once, on the current stack:
        a call of its serial version (``F_serial``, queued for emission the first
        time), or of ``F_seq`` when the serial version would be the same text."""
        name = self.jobs[bind]
        if self.plan.job_differs(bind):
            if bind not in self.serial_jobs:
                self.serial_jobs.add(bind)
                self.serial_queue.append(bind)
            name += "_serial"
        else:
            name += "_seq"
        return f"{name}({', '.join(v for _, v in self.capture_values(bind))});"

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
        """A task spawn: parallel(job[1..1] => bind) as a statement.

        With ``group`` (a C lvalue of type ``inspire_group_t``) the task's
        thread group is stored there: ``INSPIRE_GROUP_DONE`` when it ran at
        once, else the handle from ``inspire_task_spawn_group``.

        In the parallel flavour the task runs at once (:meth:`run_call`) when
        it is undeferred (``if`` false), final, or ``inspire_spawn_inline_p()``
        says so (lazy task creation), else it becomes a work item.  A final
        task (tested first: ``final`` wins over ``if``) runs in a final frame
        (``inspire_in_final()`` is true inside, the tasks it creates are
        included); an undeferred or lazy one in a frame only when its serial
        version may create tasks (the frame's end waits for them).  The
        serial flavour: :meth:`serial_spawn_lines`.
        """
        bind = job.body
        if not isinstance(bind, n.BindExpr) or bind.params:
            raise NotImplementedError("C emission of a task whose body is not a closure")
        name = self.job(bind, "task")
        if self.serial:
            return self.serial_spawn_lines(job, group)
        run = self.run_call(bind)
        creates = self.plan.job_creates(bind)
        paths: list[tuple[str, str | None]] = []
        if int_literal(job.final) != 0:  # first: a final task is also undeferred
            paths.append((self.cond(job.final), "final"))
        if int_literal(job.if_) != 1:
            paths.append((f"!({self.cond(job.if_)})", "undeferred" if creates else None))
        paths.append(("inspire_spawn_inline_p()", "inline" if creates else None))
        ind = self.indent
        lines: list[str] = ["{"]
        for k, (cond, frame) in enumerate(paths):
            lines += [f"{ind}{'else if' if k else 'if'} ({cond})", f"{ind}{{"]
            lines += [ind * 2 + x for x in self.run_now_lines(run, group, frame)]
            lines.append(f"{ind}}}")
        struct = f"struct {name}_closure"
        lines += [
            f"{ind}else",
            f"{ind}{{",
            f"{ind * 2}inspire_task_t *inspire_t = "
            f"inspire_task_new({name}, {self.closure_bytes(bind)});",
            f"{ind * 2}{struct} *inspire_cl = inspire_task_closure(inspire_t);",
            *(ind * 2 + x for x in self.fill_closure(bind, "inspire_cl")),
            f"{ind * 2}{group} = inspire_task_spawn_group(inspire_t);"
            if group
            else f"{ind * 2}inspire_task_spawn(inspire_t);",
            f"{ind}}}",
            "}",
        ]
        return lines

    def serial_spawn_lines(self, job: n.JobExpr, group: str | None) -> list[str]:
        """A task spawn in the serial flavour: the task runs at once (:meth:`run_call`).

        Its ``if`` and ``final`` expressions that are not literals are still
        evaluated (cast to void; side-effect free ones cost nothing once
        compiled), except that when running the task as a final task is
        observable (:meth:`SerialPlan.job_observes_final`) a true ``final``
        runs it in a final frame, as in the parallel flavour.
        """
        bind = job.body
        run = self.run_call(bind)
        observed = int_literal(job.final) != 0 and self.plan.job_observes_final(bind)
        effects = [
            f"(void)({self.cond(e)});"
            for e in (job.final, job.if_)
            if int_literal(e) is None and not (observed and e is job.final)
        ]
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

    def group_spawn_lines(self, target: n.Node, job: n.JobExpr) -> list[str]:
        """``assign(h, parallel(job[1..1] => bind))``: a task whose group h keeps
        (a thread create converted into a task).  h's address is taken first, as
        C evaluates the create's arguments before the thread runs."""
        ind = self.indent
        return [
            "{",
            f"{ind}inspire_group_t *inspire_h = &{self.lvalue(target)};",
            *(ind + x for x in self.spawn_lines(job, "(*inspire_h)")),
            "}",
        ]

    def group_value(self, job: n.JobExpr) -> str:
        """``parallel(job[1..1] => bind)`` used as a value: a statement expression."""
        if not (int_literal(job.lo) == 1 and int_literal(job.hi) == 1):
            raise NotImplementedError("C emission of a parallel region used as a value")
        lines = self.spawn_lines(job, "inspire_g")
        body = " ".join(x.strip() for x in lines)
        # Doubly parenthesised: the emitter strips one pair in some places.
        return f"(({{ inspire_group_t inspire_g; {body} inspire_g; }}))"

    def merge_text(self, group: n.Node) -> str:
        """``merge(g)``: wait for the group unless it already finished (ran inline)."""
        return (
            f"{{ inspire_group_t inspire_g = {_strip(self.expr(group))}; "
            "if (inspire_g != INSPIRE_GROUP_DONE) inspire_merge(inspire_g); }"
        )

    def pfor_lines(self, call: n.CallExpr) -> list[str]:
        """A worksharing loop: pfor(lo, hi, step, schedule, chunk, bind(i) {...})."""
        lo, hi, step, kind, chunk, bind = call.args
        if not isinstance(bind, n.BindExpr) or len(bind.params) != 1:
            raise NotImplementedError("C emission of a pfor whose body is not a closure")
        name = self.job(bind, "loop")
        ty = self.types.type_name(bind.type.params[0])
        captures = [v for _, v in self.capture_values(bind)]
        call_args = ", ".join([f"({ty})(inspire_lo + inspire_k * inspire_step)", *captures])
        ind = self.indent
        return [
            "{",
            f"{ind}long inspire_lo = {_strip(self.expr(lo))};",
            f"{ind}long inspire_hi = {_strip(self.expr(hi))};",
            f"{ind}long inspire_step = {_strip(self.expr(step))};",
            f"{ind}long inspire_n = inspire_step > 0 ? (inspire_hi - inspire_lo + inspire_step - 1)"
            " / inspire_step : (inspire_lo - inspire_hi - inspire_step - 1) / -inspire_step;",
            f"{ind}inspire_pfor_t inspire_it;",
            f"{ind}inspire_pfor_begin(&inspire_it, inspire_n > 0 ? inspire_n : 0, "
            f"{_strip(self.expr(kind))}, {_strip(self.expr(chunk))});",
            f"{ind}for (long inspire_a, inspire_b; inspire_pfor_next(&inspire_it, &inspire_a, "
            "&inspire_b);)",
            f"{ind}{ind}for (long inspire_k = inspire_a; inspire_k < inspire_b; inspire_k++)",
            f"{ind}{ind}{ind}{name}_seq({call_args});",
            f"{ind}inspire_pfor_end(&inspire_it, 1);",
            "}",
        ]

    def region_lines(self, job: n.JobExpr) -> list[str]:
        """A parallel region: merge(parallel(job[lo..hi] => bind))."""
        bind = job.body
        if not isinstance(bind, n.BindExpr) or bind.params:
            raise NotImplementedError("C emission of a region whose body is not a closure")
        name = self.job(bind, "region")
        struct = f"struct {name}_closure"
        ind = self.indent
        return [
            "{",
            f"{ind}{struct} inspire_region;",
            f"{ind}{struct} *inspire_cl = &inspire_region;",
            *(ind + x for x in self.fill_closure(bind, "inspire_cl", on_stack=True)),
            f"{ind}inspire_parallel({_strip(self.expr(job.hi))}, {name}, inspire_cl);",
            "}",
        ]

    # --------------------------------------------------------- statements
    def block_lines(self, block: n.CompoundStmt) -> list[str]:
        self.pointer_vars.append(set())
        lines = ["{"]
        for s in block.stmts:
            lines.extend(self.indent + line for line in self.stmt_lines(s))
        lines.append("}")
        self.pointer_vars.pop()
        return lines

    def stmt_lines(self, s: n.Node) -> list[str]:
        if isinstance(s, n.CompoundStmt):
            return self.block_lines(s)
        if isinstance(s, n.DeclStmt):
            return [self.decl_stmt(s) + ";"]
        if isinstance(s, n.IfStmt):
            lines = [f"if ({self.cond(s.cond)})", *self.block_lines(s.then)]
            if s.else_.stmts:
                if len(s.else_.stmts) == 1 and isinstance(s.else_.stmts[0], n.IfStmt):
                    sub = self.stmt_lines(s.else_.stmts[0])
                    lines.append("else " + sub[0])
                    lines.extend(sub[1:])
                else:
                    lines.append("else")
                    lines.extend(self.block_lines(s.else_))
            return lines
        if isinstance(s, n.WhileStmt):
            return [f"while ({self.cond(s.cond)})", *self.block_lines(s.body)]
        if isinstance(s, n.DoWhileStmt):
            body = self.block_lines(s.body)
            return ["do", *body[:-1], f"}} while ({self.cond(s.cond)});"]
        if isinstance(s, n.ForStmt):
            return self.for_lines(s)
        if isinstance(s, n.SwitchStmt):
            return [f"switch ({self.expr(s.expr)})", *self.block_lines(s.body)]
        if isinstance(s, n.CaseLabel):
            return [f"case {self.literal(s.value)}:;"]
        if isinstance(s, n.DefaultLabel):
            return ["default:;"]
        if isinstance(s, n.ReturnStmt):
            v = s.value
            if (isinstance(v, n.Literal) and v.type is t.UNIT) or isinstance(v, n.Undefined):
                return ["return;"]
            return [f"return {_strip(self.expr(v))};"]
        if isinstance(s, n.BreakStmt):
            return ["break;"]
        if isinstance(s, n.ContinueStmt):
            return ["continue;"]
        if isinstance(s, n.GotoStmt):
            return [f"goto {s.label};"]
        if isinstance(s, n.LabelStmt):
            return [f"{s.label}:;"]
        job = spawned_job(s)
        if job is not None:
            return self.spawn_lines(job)
        if is_builtin_call(s, "pfor"):
            return self.pfor_lines(s)
        if is_builtin_call(s, "merge"):
            region = spawned_job(s.args[0])
            if region is not None:
                return self.region_lines(region)
            ind = self.indent
            return [
                "{",
                f"{ind}inspire_group_t inspire_g = {_strip(self.expr(s.args[0]))};",
                f"{ind}if (inspire_g != INSPIRE_GROUP_DONE)",
                f"{ind * 2}inspire_merge(inspire_g);",
                "}",
            ]
        if is_builtin_call(s, "assign") and spawned_job(s.args[1]) is not None:
            return self.group_spawn_lines(s.args[0], spawned_job(s.args[1]))
        if self.serial and not self.serial_creates and is_builtin_call(s, "merge_all"):
            return []  # the tasks this body spawned have all run, and it creates no others
        return [_strip(self.expr(s)) + ";"]

    def for_lines(self, s: n.ForStmt) -> list[str]:
        steps = []
        for st in s.step.stmts:
            if isinstance(st, n.Stmt):
                raise NotImplementedError("C emission of a for-loop step that is not an expression")
            steps.append(_strip(self.expr(st)))
        self.pointer_vars.append(set())
        init = s.init.stmts
        if len(init) == 1 and isinstance(init[0], n.DeclStmt):
            head = self.decl_stmt(init[0])
            prefix: list[str] = []
        elif len(init) == 1 and not isinstance(init[0], n.Stmt):
            head = _strip(self.expr(init[0]))
            prefix = []
        else:
            head = ""
            prefix = [line for st in init for line in self.stmt_lines(st)]
        lines = [
            f"for ({head}; {self.cond(s.cond)}; {', '.join(steps)})",
            *self.block_lines(s.body),
        ]
        self.pointer_vars.pop()
        if prefix:
            return ["{", *(self.indent + x for x in prefix + lines), "}"]
        return lines

    def decl_stmt(self, s: n.DeclStmt) -> str:
        var, decl = s.var, s.decl
        ty = var.type
        init = decl.init
        if t.is_ref(ty) and is_materializing(decl):
            value_type = ty.params[0]
            text = self.types.declare(value_type, var.name)
            if isinstance(init, n.Undefined):
                return text
            return f"{text} = {self.initializer(init)}"
        # A reference bound to an existing object: a C pointer.
        if t.is_ref(ty):
            self.pointer_vars[-1].add(var)
            return f"{self.types.declare(ty, var.name)} = &{self.lvalue(init)}"
        return f"{self.types.declare(ty, var.name)} = {self.initializer(init)}"

    def is_pointer_var(self, v: n.Variable) -> bool:
        return any(v in scope for scope in self.pointer_vars)

    # -------------------------------------------------------- expressions
    def cond(self, e: n.Node) -> str:
        return _strip(self.expr(e))

    def initializer(self, e: n.Node) -> str:
        if isinstance(e, n.InitExpr):
            items = []
            designators = e.designators or ("",) * len(e.values)
            for d, v in zip(designators, e.values, strict=True):
                value = self.initializer(v)
                items.append(f"{d} = {value}" if d else value)
            return "{" + ", ".join(items) + "}"
        return _strip(self.expr(e))

    def literal(self, lit: n.Literal) -> str:
        v = lit.value
        if lit.type is t.UNIT:
            raise NotImplementedError("C emission of a unit value")
        return f"({v})" if v.startswith("-") else v

    def lvalue(self, e: n.Node) -> str:
        """A C lvalue for an expression of type ref<T>."""
        if isinstance(e, n.Variable):
            return f"(*{e.name})" if self.is_pointer_var(e) else e.name
        if isinstance(e, n.Global):
            return e.name
        if isinstance(e, n.Declaration):
            return f"(({self.types.type_name(e.type.params[0])}){self.initializer(e.init)})"
        if isinstance(e, n.CallExpr) and isinstance(e.function, n.Builtin):
            name, args = e.function.name, e.args
            if name == "ptr_to_ref":
                return f"(*{self.expr(args[0])})"
            if name == "array_elem":
                return f"{self.lvalue(args[0])}[{_strip(self.expr(args[1]))}]"
            if name == "ptr_elem":
                return f"{self.expr(args[0])}[{_strip(self.expr(args[1]))}]"
            if name == "ref_member":
                return f"{self.lvalue(args[0])}.{args[1].value}"
            if name == "ref_volatile":
                return self.lvalue(args[0])
        if t.is_ref(e.type):
            # Any other reference-valued expression is a pointer value in C.
            return f"(*{self.expr(e)})"
        raise NotImplementedError(f"C emission of {e.kind} as an lvalue")

    def expr(self, e: n.Node) -> str:
        if isinstance(e, n.Literal):
            return self.literal(e)
        if isinstance(e, n.Variable):
            if t.is_ref(e.type):
                # A reference used as a value: the address of the object.
                return f"&{self.lvalue(e)}"
            return e.name
        if isinstance(e, n.Global):
            if isinstance(e.type, n.FunctionType):
                return e.name
            return f"&{e.name}"
        if isinstance(e, n.LambdaExpr):
            return e.reference.name
        if isinstance(e, n.LambdaReference):
            return e.name
        if isinstance(e, n.CastExpr):
            if not t.is_variably_modified(e.type) and t.refines(e.expr.type, e.type):
                # Forgetting array sizes (an argument passed to a parameter of
                # array<T,*> type, C's [*]): the C types are compatible, and C
                # cannot spell every such type (int (*)[][]).
                return self.expr(e.expr)
            return f"(({self.types.type_name(e.type)}){self.expr(e.expr)})"
        if isinstance(e, n.SizeOf):
            return f"sizeof({self.types.type_name(e.target)})"
        if isinstance(e, n.Declaration):
            return f"&{self.lvalue(e)}"
        if isinstance(e, n.CallExpr):
            return self.call(e)
        raise NotImplementedError(f"C emission of {e.kind} is not implemented")

    def call(self, e: n.CallExpr) -> str:
        fn = e.function
        if not isinstance(fn, n.Builtin):
            callee = self.expr(fn)
            if not isinstance(fn, n.LambdaExpr | n.LambdaReference | n.Global):
                callee = f"({callee})"
            elif (
                self.serial and not isinstance(fn, n.Global) and self.plan.function_differs(callee)
            ):
                callee = self.clone_name(callee)
            args = ", ".join(_strip(self.initializer(a.init)) for a in e.args)
            return f"{callee}({args})"
        name, args = fn.name, e.args
        if name in _BINARY:
            return f"({self.expr(args[0])} {_BINARY[name]} {self.expr(args[1])})"
        if name in _ASSIGN:
            return f"({self.lvalue(args[0])} {_ASSIGN[name]} {_strip(self.expr(args[1]))})"
        if name in _UNARY:
            return f"({_UNARY[name]}{self.expr(args[0])})"
        if name in _INCDEC:
            pre, post = _INCDEC[name]
            return f"({pre}{self.lvalue(args[0])}{post})"
        if name == "ref_deref":
            return self.lvalue(args[0])
        if name in ("ref_to_ptr",):
            return f"(&{self.lvalue(args[0])})"
        if name == "array_to_ptr":
            return self.lvalue(args[0])
        if name in ("ptr_to_ref", "array_elem", "ptr_elem", "ref_member", "ref_volatile"):
            return f"(&{self.lvalue(e)})"
        if name == "member":
            return f"{self.expr(args[0])}.{args[1].value}"
        if name == "ite":
            return f"({self.expr(args[0])} ? {self.expr(args[1])} : {self.expr(args[2])})"
        if name == "comma":
            # Doubly parenthesised: a comma expression keeps its parentheses where
            # the emitter strips one pair (initialisers, arguments, statements).
            return f"(({self.expr(args[0])}, {self.expr(args[1])}))"
        if name == "va_start":
            last = self.current_params[-1].name if self.current_params else ""
            return f"__builtin_va_start({self.lvalue(args[0])}, {last})"
        if name == "va_end":
            return f"__builtin_va_end({self.lvalue(args[0])})"
        if name == "va_copy":
            return f"__builtin_va_copy({self.lvalue(args[0])}, {self.expr(args[1])})"
        if name == "va_arg":
            return f"__builtin_va_arg({self.lvalue(args[0])}, {self.types.type_name(e.type)})"
        if name in _SYNC and (
            name.startswith("atomic_cas") or t.is_integer(args[0].type.params[0])
        ):
            values = ", ".join(_strip(self.expr(a)) for a in args[1:])
            return f"{_SYNC[name]}(&{self.lvalue(args[0])}, {values})"
        if name == "atomic_exchange":
            return (
                f"__sync_lock_test_and_set(&{self.lvalue(args[0])}, {_strip(self.expr(args[1]))})"
            )
        if name == "atomic_store":
            value = _strip(self.expr(args[1]))
            return f"__atomic_store_n(&{self.lvalue(args[0])}, {value}, __ATOMIC_SEQ_CST)"
        if name == "atomic_load":
            return f"__atomic_load_n(&{self.lvalue(args[0])}, __ATOMIC_SEQ_CST)"
        if name == "atomic_fence":
            return "__sync_synchronize()"
        if name == "parallel" and isinstance(args[0], n.JobExpr):
            return self.group_value(args[0])
        if name == "merge":
            return f"(({self.merge_text(args[0])}))"
        if name in _C_CALLS:
            values = ", ".join(_strip(self.expr(a)) for a in args)
            return f"{_C_CALLS[name]}({values})"
        if name in ("critical_enter", "critical_exit"):
            label = args[0].value
            arg = "NULL" if label == "__unnamed" else f'"{label}"'
            return f"inspire_{name}({arg})"
        if name.startswith("atomic_fetch_"):
            op = _ATOMIC_UPDATE_OPS[name[len("atomic_fetch_") :]]
            return f"INSPIRE_ATOMIC_UPDATE(&{self.lvalue(args[0])}, {op}, {self.expr(args[1])})"
        raise NotImplementedError(f"C emission of builtin {name} is not implemented")


_RUNTIME_CALLS = {
    "merge_all": "inspire_merge_all",
    "barrier": "inspire_barrier",
    "single": "inspire_single",
    "get_thread_id": "inspire_thread_num",
    "get_group_size": "inspire_num_threads",
    "num_workers": "inspire_max_threads",
    "get_max_threads": "inspire_max_threads",
    "set_num_threads": "inspire_set_num_threads",
    "set_dynamic": "inspire_set_dynamic",
    "get_num_procs": "inspire_num_workers",
    "in_final": "inspire_in_final",
    "wtime": "inspire_wtime",
}
#: Builtins emitted as a call of one C function with the same arguments.
_C_CALLS = {
    "stack_alloc": "__builtin_alloca",
    "ref_new": "__builtin_malloc",
    "ref_delete": "__builtin_free",
    **_RUNTIME_CALLS,
}
_ATOMIC_UPDATE_OPS = {
    "mul": "*",
    "div": "/",
    "shl": "<<",
    "shr": ">>",
    "add": "+",
    "sub": "-",
    "and": "&",
    "or": "|",
    "xor": "^",
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


def uses_runtime(program: n.Program) -> bool:
    """Whether the program needs the inspire runtime (it has jobs or OpenMP calls)."""
    for x in program.walk():
        if isinstance(x, n.JobExpr) or (isinstance(x, n.Builtin) and x.name == "pfor"):
            return True
        if isinstance(x, n.Builtin) and (
            x.name in _RUNTIME_CALLS or x.name in ("critical_enter", "critical_exit")
        ):
            return True
        if isinstance(x, n.Global) and x.name.startswith("omp_"):
            return True
    return False


def _strip(text: str) -> str:
    """``text`` without one pair of enclosing parentheses, when they enclose all of it."""
    if not (text.startswith("(") and text.endswith(")")):
        return text
    depth = 0
    quote = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0 and i != len(text) - 1:
                return text
        i += 1
    return text[1:-1]


def _closure_member(types: CTypeWriter, ty: n.Type, name: str) -> str:
    """A closure struct member: a variably modified type (a pointer to a VLA, a
    reference to one, or the pointer to a VLA copy) is stored as ``void *``
    (a struct member cannot have such a type, and C cannot spell every erased
    one); it converts implicitly to the sequential version's parameter."""
    if t.is_variably_modified(ty):
        return f"void *{name}"
    return types.declare(ty, name)


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
    ty = t.strip_volatile(ty)
    if isinstance(ty, n.TagType):
        return [ty]
    if t.is_array(ty):
        return _by_value_records(ty.params[0])
    return []


def emit_c(program: n.Program, config: RuntimeConfig | None = None) -> str:
    """The C translation unit of ``program`` (``config`` for programs using the runtime)."""
    return CEmitter(program, config).program_text()
