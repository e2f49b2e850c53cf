"""OpenMP directives: ``#pragma omp`` lines parsed, and lowered by registered handlers.

**The registry.**  Every supported directive is one :class:`DirectiveSpec` in
:data:`DIRECTIVES`, registered by the :func:`directive` decorator on its
handler.  The spec declares the directive's allowed clauses, its form (a
construct applying to the next statement, a standalone statement, or a
declarative directive also allowed at file scope) and the facts other parts
read: whether its body is outlined into a closure (a data-sharing boundary),
whether the body runs in a new team, whether it implies a barrier (unless
``nowait``).  Parsing (:func:`parse_directive`) reads only the registry: an
unknown directive or a clause the spec does not allow is an error naming it,
at the pragma (gcc's error at the clause for a clause gcc knows); it records
where each clause is (:class:`ClauseSpan`), and
:mod:`frontend.clause_checks` gives gcc's clause errors there before a
handler runs.  Lowering (:func:`lower_directive`) calls the handler with the
:class:`~frontend.context.LoweringContext`; the IR shapes of tasks, regions
and merges are built by :mod:`inspire.parallel`.

Registered (DESIGN §4): ``parallel`` (``num_threads``, ``if``, ``private``,
``firstprivate``, ``shared``, ``default``, ``reduction``, ``copyin``,
``proc_bind`` (checked, ignored)), ``parallel for`` (the clauses of both),
``sections``/``section`` (``nowait``, ``private``, ``firstprivate``,
``lastprivate``, ``reduction``), ``parallel sections``, ``single``
(``nowait``, ``private``, ``copyprivate``), ``master``, ``masked
[filter(n)]``, ``parallel master``, ``parallel masked``, ``simd`` (a hint),
``task`` (``if``, ``final``, ``untied``, ``mergeable``, ``shared``,
``firstprivate``, ``private``, ``default``, ``depend`` incl. iterators,
``affinity``, ``priority``, ``in_reduction``, ``detach``), ``taskwait``,
``barrier``, ``critical [(name)]``, ``atomic`` (every form), ``for``
(``schedule([modifiers:] static|dynamic|guided[, chunk]|auto|runtime)``,
``nowait``, ``private``, ``firstprivate``, ``lastprivate``
(``conditional:``), ``reduction``, ``collapse``, ``ordered``,
``ordered(n)``, ``order``), ``ordered`` (also stand-alone with
``depend``/``doacross``: :mod:`frontend.doacross`), ``flush``,
``taskyield``, ``taskgroup``, ``taskloop`` (``reduction`` and the data
clauses), ``threadprivate``, ``declare simd`` and ``declare reduction``;
the composite and combined constructs ``for simd``, ``parallel for
simd``, ``taskloop simd``, ``master``/``masked taskloop [simd]``,
``parallel master``/``masked taskloop [simd]``; host ``teams``
(``num_teams`` incl. ``lower:upper``, ``thread_limit``, ``default``,
``private``, ``firstprivate``, ``shared``, ``reduction``; the teams run one
after another, as in libgomp) and ``distribute`` (``dist_schedule``,
``collapse``, ``private``, ``firstprivate``, ``lastprivate``, ``order``),
``distribute simd``, ``distribute parallel for [simd]``, ``teams
distribute [simd]``, ``teams distribute parallel for [simd]`` and ``teams
loop``; OpenMP 5.0/5.1's ``loop`` (also bound to teams),
``parallel loop``, ``scope``, ``nothing`` and ``error``; ``declare
variant`` (:mod:`frontend.declare_variant`); and the device
constructs of :mod:`frontend.target` (``target`` and its combined
constructs, ``target data``, ``enter``/``exit data``, ``update``,
``declare target``), run on the host.  An ``if`` clause
may name its construct (``if(task: c)``).  The parser takes the longest
registered name, word by word (``teams distribute parallel for``).

**Clause expressions** (``if``, ``final``, ``num_threads``, a schedule's
chunk) are parsed as C in the program's own scope at the directive: the type
names visible there are type names in the clause, so ``if((my_t)n > 10)``
parses as gcc parses it.

**Data sharing** follows OpenMP: a variable referenced in a construct and
declared outside it is shared in a ``parallel`` region unless a clause says
otherwise; in a ``task`` it is shared if it is shared in the enclosing
context (a region's shared variables, a task's shared variables) and
firstprivate otherwise, so the locals of an orphaned task (a function called
from ``single``) are firstprivate.  Globals and static locals are shared
unless a clause of the construct privatizes them: in that construct's
lowering the name stands for a local of the construct
(:func:`_privatized_globals`), so every data clause treats it as it treats a
local, and what the lowered construct evaluates outside its private copies
(a firstprivate copy's source, a reduction's or lastprivate's original)
names the global.  In the IR a construct body becomes a ``bind`` whose
captures are:

* shared: ``var ref<T> x = x`` (the closure holds the reference);
* firstprivate: ``var ref<T> x = ref_deref(x)`` (the closure holds a copy);
* private: a fresh uninitialised ``var ref<T> x`` at the start of the body.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import linecache
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from inspirec.frontend import canonical_loop, concurrent, gcc_loop_pragmas
from inspirec.frontend.clause_checks import (
    ATOMIC_KINDS,
    FLUSH_ORDERS,
    MEMORY_ORDERS,
    REQUIREMENTS,
    check_clauses,
    check_shared_outside,
    check_threadprivate,
    clause_name_at,
    default_statics,
    misplaced_clause,
)
from inspirec.frontend.cparse import c_nodes, c_parser
from inspirec.frontend.depend import (
    affinity,
    dependences,
    depobj,
    matching_bracket,
    partition_top_level,
    section_base,
    split_top_level,
)
from inspirec.frontend.diagnostics import (
    CompileError,
    Diagnostic,
    Severity,
    display_column,
    error,
)
from inspirec.frontend.doacross import (
    DOACROSS_CLAUSES,
    DoacrossLoop,
    is_doacross,
    lower_ordered_doacross,
    ordered_depth,
)
from inspirec.frontend.omp_nesting import check_nesting
from inspirec.frontend.symbols import GlobalSymbol, TypedefSymbol, VarSymbol, const_eval, fail
from inspirec.inspire import nodes as n
from inspirec.inspire import parallel as par
from inspirec.inspire import types as t
from inspirec.inspire.builtins import is_pure
from inspirec.inspire.lambdas import bind_free_variables, free_variables
from inspirec.inspire.sizes import SizeError, size_of
from inspirec.inspire.visitor import Rewriter
from pycparser import c_ast
from pycparser.c_generator import CGenerator
from pycparser.c_parser import ParseError

if TYPE_CHECKING:
    from inspirec.frontend.context import Decide, LoweringContext

#: A directive's lowering: ``handler(ctx, directive, body)`` returns the IR
#: statements replacing the directive and ``body`` (the block items of the
#: statement it applies to, directives included; empty unless a construct).
Handler = Callable[["LoweringContext", "Directive", list[c_ast.Node]], list[n.Node]]

Form = Literal["construct", "standalone", "declarative"]


@dataclass(frozen=True)
class DirectiveSpec:
    """A registered OpenMP directive (see the module docstring).

    * ``form``: ``construct`` applies to the next statement; ``standalone``
      is a statement by itself; ``declarative`` is a statement by itself that
      may also appear at file scope (lowered there with a context whose scope
      is the file scope);
    * ``argument``: the name may be followed by a parenthesised argument
      (``critical(name)``, ``flush(list)``, ``threadprivate(list)``);
    * ``outlined``: the body becomes a closure run by another task (the
      thread conversion treats it as another task context);
    * ``team``: the body runs in a new team of threads;
    * ``barrier``: the directive is or ends with a barrier unless it has the
      ``nowait`` clause;
    * ``standalone_with``: clauses that make a construct stand-alone
      (``ordered depend(source)``).
    """

    name: str
    clauses: frozenset[str]
    form: Form
    lower: Handler
    argument: bool = False
    outlined: bool = False
    team: bool = False
    barrier: bool = False
    standalone_with: frozenset[str] = frozenset()


#: The registered directives by name, in registration order.
DIRECTIVES: dict[str, DirectiveSpec] = {}


#: The constructs with an ``allocate`` clause (OpenMP 5.2 §6.6; combined
#: constructs have their leaves' clauses).  See :func:`_check_allocate`.
_ALLOCATE_CONSTRUCTS = frozenset(
    {"parallel", "task", "taskloop", "for", "sections", "single", "taskgroup", "scope", "teams",
     "distribute", "target"}
)  # fmt: skip


def directive(
    name: str,
    *,
    clauses: tuple[str, ...] = (),
    form: Form = "construct",
    argument: bool = False,
    outlined: bool = False,
    team: bool = False,
    barrier: bool = False,
    standalone_with: tuple[str, ...] = (),
) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of directive ``name``."""

    def register(lower: Handler) -> Handler:
        if name in DIRECTIVES:
            raise ValueError(f"OpenMP directive '{name}' registered twice")
        allocate = ("allocate",) if name in _ALLOCATE_CONSTRUCTS else ()
        DIRECTIVES[name] = DirectiveSpec(
            name,
            frozenset((*clauses, *allocate)),
            form,
            lower,
            argument,
            outlined,
            team,
            barrier,
            frozenset(standalone_with),
        )
        return lower

    return register


UNNAMED_CRITICAL = "__unnamed"


#: A directive-name modifier at the start of an ``if`` clause (``if(task: c)``).
_IF_MODIFIER = re.compile(
    r"\s*(parallel|taskloop|task|simd|cancel|teams|target(?:\s+(?:data|enter\s+data|"
    r"exit\s+data|update))?)\s*:(?!:)"
)


@dataclass(frozen=True)
class ClauseSpan:
    """Where one clause of a directive is in the pragma's text (``node.string``
    stripped): ``after`` is the offset of the token after the clause's name
    (its ``(``, where gcc places most of its clause errors), ``close`` that
    of its closing parenthesis (None without an argument)."""

    clause: str
    after: int
    close: int | None


@dataclass
class Directive:
    """A parsed ``#pragma omp`` line.  ``spans`` has one entry per clause, in
    source order; the k-th span of a clause is that of ``clauses[clause][k]``.
    ``argument_at`` is the offset of the argument's ``(`` (``threadprivate(``)."""

    name: str
    clauses: dict[str, list[str]] = field(default_factory=dict)
    argument: str | None = None  # critical(name), threadprivate(list), flush(list)
    node: c_ast.Pragma | None = None
    spans: list[ClauseSpan] = field(default_factory=list)
    argument_at: int | None = None

    @property
    def spec(self) -> DirectiveSpec:
        return DIRECTIVES[self.name]

    @property
    def form(self) -> Form:
        """The spec's form, ``standalone`` if a clause makes it so."""
        if any(c in self.clauses for c in self.spec.standalone_with):
            return "standalone"
        return self.spec.form

    def variables(self, clause: str) -> list[str]:
        """The names listed in every occurrence of a list clause."""
        out: list[str] = []
        for text in self.clauses.get(clause, []):
            out.extend(v.strip() for v in text.split(",") if v.strip())
        return out

    def expression(self, clause: str) -> str | None:
        values = self.clauses.get(clause)
        return values[-1] if values else None

    def if_modifier(self, text: str) -> tuple[str | None, str]:
        """The directive-name modifier of the ``if`` clause text ``text``
        (None without one) and its expression."""
        m = _IF_MODIFIER.match(text)
        if m is None:
            return None, text
        return " ".join(m.group(1).split()), text[m.end() :]

    def condition(self, construct: str) -> str | None:
        """The expression of the ``if`` clause that applies to the leaf
        ``construct`` of this directive: one without a directive-name
        modifier, or one whose modifier names ``construct`` (``if(task:
        c)``); a modifier naming another construct applies to none of it,
        as in gcc.  The clauses have passed :func:`check_clauses` (at most
        one applies)."""
        for text in self.clauses.get("if", []):
            modifier, expr = self.if_modifier(text)
            if modifier in (None, construct):
                return expr
        return None

    def error(self, message: str) -> CompileError:
        """An error at this directive's pragma."""
        return pragma_error(message, self.node)

    def diagnostic_at(self, offset: int, message: str, severity: Severity = "error") -> Diagnostic:
        """A diagnostic at character ``offset`` of the pragma's text (a
        :class:`ClauseSpan` offset), or at the pragma when the source line
        does not spell that text (a macro, a continued line)."""
        diagnostic = pragma_diagnostic(message, self.node, severity)
        source = diagnostic.source_line or ""
        head = _PRAGMA_HEAD.match(source)
        if head is None:
            return diagnostic
        text, i = self.node.string.strip(), head.end()
        for j, ch in enumerate(text[:offset]):  # blanks may differ in number
            if ch.isspace():
                if j and text[j - 1].isspace():
                    continue
                while i < len(source) and source[i].isspace():
                    i += 1
            elif i < len(source) and source[i] == ch:
                i += 1
            else:
                return diagnostic
        while offset < len(text) and i < len(source) and source[i].isspace():
            i += 1
        return dataclasses.replace(diagnostic, col=display_column(source, i))

    def error_at(self, offset: int, message: str) -> CompileError:
        """An error at character ``offset`` of the pragma's text (:meth:`diagnostic_at`)."""
        return CompileError([self.diagnostic_at(offset, message)])

    def clause_error(
        self, clause: str, message: str, word: str = "", containing: str = ""
    ) -> CompileError:
        """An error at the first ``clause`` of this directive (whose argument
        contains ``containing``) where gcc places it: the token after the
        clause's name, or the first ``word`` of its argument; at the pragma
        when no such clause has a span (a directive built by a handler)."""
        values = self.clauses.get(clause, [])
        spans = [s for s in self.spans if s.clause == clause]
        chosen = [(s, v) for s, v in zip(spans, values, strict=False) if containing in v]
        if not chosen:
            return self.error(message)
        span, value = chosen[0]
        offset = span.after
        found = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", value) if word else None
        if found is not None and span.close is not None:
            text = self.node.string.strip()[span.after + 1 : span.close]
            offset += 1 + len(text) - len(text.lstrip()) + found.start()
        return self.error_at(offset, message)

    def parse_expr(self, ctx: LoweringContext, text: str) -> c_ast.Node:
        """The C expression ``text`` of one of its clauses (:func:`clause_expr`)."""
        return clause_expr(ctx, text, self)

    def statements(self, ctx: LoweringContext, text: str) -> list[n.Node]:
        """The C block items ``text`` lowered in the current scope, placed at
        this directive (:func:`_c_here`)."""
        return _c_here(ctx, self, text)


_CLAUSE = re.compile(r"\s*([A-Za-z_]\w*)")
#: ``#pragma`` and the blanks around it, at the start of a source line.
_PRAGMA_HEAD = re.compile(r"[ \t]*#[ \t]*pragma[ \t]+")
#: The constructs ``cancel`` and ``cancellation point`` name (as clauses).
CANCEL_KINDS = ("parallel", "for", "sections", "taskgroup")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
#: Clauses OpenMP spells without an argument: parentheses after one are an error.
BARE_CLAUSES = frozenset(
    {"nowait", "untied", "mergeable", "nogroup", "inbranch", "notinbranch", *CANCEL_KINDS}
)
#: Clauses whose argument is a variable list: an empty one is an error.
LIST_CLAUSES = frozenset(
    {"private", "firstprivate", "lastprivate", "shared", "copyin", "copyprivate", "reduction"}
)


def _balanced(text: str, start: int, node) -> tuple[str, int]:
    """The text inside the parentheses opening at ``start``, and the index after them."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i], i + 1
    raise pragma_error("unbalanced parentheses in OpenMP directive", node)


def pragma_diagnostic(message: str, node, severity: Severity = "error") -> Diagnostic:
    """A diagnostic at a pragma, with its source line.

    Pragma lines reach the parser verbatim, so pycparser's line is exact; the
    preprocessor drops their indentation, so the column is that of the
    pragma's first word in the source line (``omp``, where gcc points).
    """
    coord = node.coord if node is not None else None
    if coord is None:
        return Diagnostic(severity, message)
    linecache.checkcache(coord.file)  # the file may have been rewritten since it was read
    source = linecache.getline(coord.file, coord.line).rstrip("\n") or None
    head = _PRAGMA_HEAD.match(source or "")
    column = head.end() + 1 if head else coord.column
    return Diagnostic(severity, message, coord.file, coord.line, column, source)


def pragma_error(message: str, node) -> CompileError:
    """A CompileError at a pragma."""
    return CompileError([pragma_diagnostic(message, node)])


#: First words of directives gcc 12 knows that inspirec does not register:
#: each stays a precise error (:func:`parse_directive`).
_GCC_ONLY_WORDS = frozenset({"allocate"})


@functools.cache
def _known_words() -> frozenset[str]:
    return frozenset({name.split()[0] for name in DIRECTIVES} | _GCC_ONLY_WORDS)


def is_omp(node: c_ast.Pragma) -> bool:
    """Whether ``node`` is a ``#pragma omp`` line of a directive gcc 12 knows.

    gcc 12 ignores a ``#pragma omp`` whose first word it does not know (a
    warning under ``-Wunknown-pragmas``): OpenMP 5.1/5.2's ``tile``,
    ``unroll``, ``assume``, ``metadirective``, ``interop``, ``dispatch``, a
    misspelt name.  So does inspirec: such a line is not an OpenMP pragma
    but an unknown one, ignored with a warning."""
    text = node.string.strip()
    if text.split()[:1] != ["omp"]:
        return False
    word = _IDENTIFIER.match(text[3:].lstrip())
    return word is None or word.group() in _known_words()


def parse_directive(node: c_ast.Pragma) -> Directive:
    """Parse ``omp NAME [clauses]``; unsupported directives and clauses are errors."""
    text = node.string.strip()
    if not text.startswith("omp"):
        raise ValueError("not an OpenMP pragma")
    rest = text[3:]
    m = _CLAUSE.match(rest)
    if m is None:
        raise pragma_error("expected an OpenMP directive after '#pragma omp'", node)
    name = m.group(1)
    pos = m.end()
    # the longest registered name: a combined construct or a directive of more words
    words, end = name, pos
    while (word := _CLAUSE.match(rest, end)) is not None:
        words = f"{words} {word.group(1)}"
        end = word.end()
        if words in DIRECTIVES:
            name, pos = words, end
        elif not any(k.startswith(f"{words} ") for k in DIRECTIVES):
            break
    spec = DIRECTIVES.get(name)
    if spec is None:
        second = _CLAUSE.match(rest, pos) if name in ("declare", "end", "begin") else None
        shown = f"{name} {second.group(1)}" if second else name  # ``declare variant``
        raise pragma_error(f"OpenMP directive '{shown}' is not supported", node)
    directive = Directive(name, node=node)
    if spec.argument:
        stripped = rest[pos:].lstrip()
        if stripped.startswith("("):
            offset = len(rest) - len(stripped)
            directive.argument_at = offset + 3
            directive.argument, pos = _balanced(rest, offset, node)
            directive.argument = directive.argument.strip()
    while pos < len(rest):
        m = _CLAUSE.match(rest, pos)
        if m is None:
            if rest[pos:].strip() in ("", ","):
                break
            if rest[pos:].lstrip().startswith(","):
                pos = rest.index(",", pos) + 1
                continue
            raise misplaced_clause(directive, "", pos + 3) or pragma_error(
                f"malformed clause in '#pragma {text}'", node
            )
        clause = m.group(1)
        pos = m.end()
        if clause not in spec.clauses:
            raise misplaced_clause(directive, clause, m.start(1) + 3) or pragma_error(
                f"OpenMP clause '{clause}' is not supported on '{name}'", node
            )
        value, close = "", None
        stripped = rest[pos:].lstrip()
        after = len(rest) - len(stripped) + 3  # an offset in the text ("omp" included)
        if stripped.startswith("("):
            if clause in BARE_CLAUSES:
                raise directive.error_at(after, "expected '#pragma omp' clause before '(' token")
            value, pos = _balanced(rest, len(rest) - len(stripped), node)
            close = pos - 1 + 3
            if clause in LIST_CLAUSES and not value.strip():
                raise directive.error_at(close, "expected identifier before ')' token")
        directive.clauses.setdefault(clause, []).append(value.strip())
        directive.spans.append(ClauseSpan(clause, after, close))
        while pos < len(rest) and rest[pos] in " \t,":
            pos += 1
    return directive


def drop_unknown_directives(asts: list[c_ast.FileAST]) -> list[c_ast.Pragma]:
    """Remove every ``#pragma omp`` line whose first word gcc 12 does not know
    (:func:`is_omp`) from the blocks and file scopes of the parsed files, as
    if it were not there (so the directive before it applies to the
    statement after it, as in gcc); returns them in source order, to be
    reported as ignored."""
    dropped: list[c_ast.Pragma] = []

    def unknown(x: c_ast.Node) -> bool:
        return (
            isinstance(x, c_ast.Pragma)
            and x.string.strip().split()[:1] == ["omp"]
            and not is_omp(x)
        )

    for ast in asts:
        stack: list[c_ast.Node] = [ast]
        while stack:
            x = stack.pop()
            if isinstance(x, c_ast.FileAST | c_ast.Compound):
                field_name = "ext" if isinstance(x, c_ast.FileAST) else "block_items"
                items = getattr(x, field_name) or []
                dropped.extend(i for i in items if unknown(i))
                setattr(x, field_name, [i for i in items if not unknown(i)])
            stack.extend(c for _, c in x.children())
    return sorted(dropped, key=lambda p: (str(p.coord.file), p.coord.line) if p.coord else ("", 0))


def program_directives(asts: list[c_ast.FileAST]) -> dict[c_ast.Pragma, Directive]:
    """Every ``#pragma omp`` line of the parsed files, parsed in source order.

    Run before anything is lowered, so that of several unsupported or
    malformed directives the first one in the source is the error reported.
    """
    found: dict[c_ast.Pragma, Directive] = {}
    for ast in asts:
        stack: list[c_ast.Node] = [ast]
        while stack:
            x = stack.pop()
            if isinstance(x, c_ast.Pragma) and is_omp(x):
                found[x] = parse_directive(x)
            stack.extend(reversed([c for _, c in x.children()]))
    return found


# ------------------------------------------------------------------ dispatch


def lower_directive(ctx: LoweringContext, items: list, index: int) -> tuple[list[n.Node], int]:
    """Lower the directive at ``items[index]`` (and, for a construct, the
    statement after it); returns the IR statements and the index of the next
    item."""
    node = items[index]
    d = ctx.program.directive(node)
    check_clauses(ctx, d)
    check_nesting(ctx, d, items[index + 1] if index + 1 < len(items) else None)
    if d.form != "construct":
        concurrent.check_nesting(ctx, d, [])
        return d.spec.lower(ctx, d, []), index + 1
    body, after = construct_body(ctx, items, index + 1, node)
    if _LOOP_LEAVES.intersection(d.name.split()):
        depth = _associated_depth(ctx, d)
        if len(body) == 1 and isinstance(body[0], c_ast.For):
            canonical_loop.check_perfect_nest(body[0], depth)
        canonical_loop.normalize(ctx, _loop_nest(body, depth))
        if d.name != "simd" and {"simd", "loop"} & set(d.name.split()):
            d = lastprivate_iterations(ctx, d, body)
        elif d.name != "simd":
            d = private_iterations(ctx, d, body)
    concurrent.check_nesting(ctx, d, body)
    _check_allocate(ctx, d)
    ctx.constructs.append(d)
    statics, unlisted = default_statics(ctx, d, body)
    globals_ = _privatized_globals(ctx, d, statics)
    try:
        lowered = as_locals(ctx, globals_, lambda: d.spec.lower(ctx, d, body))
    finally:
        ctx.constructs.pop()
    if unlisted is not None:
        raise unlisted
    _check_inscan_construct(ctx, d)
    check_shared_outside(ctx, d)
    return lowered, after


#: The leaves of a loop-associated construct (``parallel for simd`` has two).
_LOOP_LEAVES = frozenset({"for", "simd", "taskloop", "distribute", "loop"})


def _associated_depth(ctx: LoweringContext, d: Directive) -> int:
    """How many loops of its nest loop construct ``d`` is associated with:
    the larger of its ``collapse(n)`` and ``ordered(n)`` constants (1 without
    them).  An argument that is not a positive constant counts 1 here; the
    handler reports it."""
    depth = 1
    for clause in ("collapse", "ordered"):
        text = d.expression(clause)
        value = clause_constant(ctx, text, d) if text else None
        if isinstance(value, int) and value > depth:
            depth = value
    return depth


def _privatized_globals(
    ctx: LoweringContext, d: Directive, statics: list[str]
) -> dict[n.Variable, n.Node]:
    """The globals and static locals a privatizing clause of ``d`` lists
    (threadprivate ones are errors of :mod:`frontend.clause_checks`), and
    the static locals ``statics`` its ``default`` privatizes, each
    as a local of the same name and type mapped to the global; the caller
    declares these locals in a scope around the construct's lowering.

    The construct is then lowered as if its list items were locals declared
    just outside it; where its lowering reads that local outside its own
    copies (a free occurrence in the lowered IR: the source of a
    firstprivate copy, the address a reduction or lastprivate combines
    into, a shared capture in an enclosing part of a combined construct, a
    clause expression), the caller puts the global back
    (:func:`~inspire.lambdas.bind_free_variables`).
    """
    names = {
        *(name for clause in ("private", "firstprivate") for name in d.variables(clause)),
        *(lastprivate_items(ctx, d)[0] if "lastprivate" in d.clauses else ()),
        *(name for name, _ in linear_items(d)),
        *(name for clause in ("reduction", "in_reduction") for name in reduced_items(d, clause)),
        *statics,
    }
    out: dict[n.Variable, n.Node] = {}
    for name in sorted(names):
        sym = ctx.scope.lookup(name)
        if not _process_global(ctx, sym):
            continue
        out[n.Variable(sym.glob.type, name)] = ctx.expr.expr(c_ast.ID(name, coord=d.node.coord))
    return out


def as_locals(
    ctx: LoweringContext, globals_: dict[n.Variable, n.Node], lower: Callable[[], list[n.Node]]
) -> list[n.Node]:
    """``lower()`` run with each global of ``globals_`` (as
    :func:`_privatized_globals` maps them) declared as the local standing
    for it, and the global put back where the lowered statements read that
    local outside the construct's own copies."""
    if not globals_:
        return lower()
    with ctx.nested_scope():
        for local in globals_:
            ctx.scope.ordinary[local.name] = VarSymbol(local)
        lowered = lower()
    return list(bind_free_variables(n.CompoundStmt(tuple(lowered)), globals_).stmts)


def _check_allocate(ctx: LoweringContext, d: Directive) -> None:
    """The ``allocate([allocator:] list)`` clauses of ``d`` (also with OpenMP
    5.1's ``allocator(a)`` and ``align(n)`` modifiers): every item must be
    privatized by a clause of ``d`` (gcc's error), the allocator is lowered
    (so it must name something declared) and must be an integer or
    enumeration, an alignment a positive power of two.  The clause has no
    other effect: a private copy lives where inspirec puts every one (an
    allocator is a hint about memory, not about values)."""
    privatized = set(d.variables("private")) | set(d.variables("firstprivate"))
    privatized |= {name for name, _ in linear_items(d)} if "linear" in d.clauses else set()
    for clause in ("reduction", "in_reduction", "task_reduction"):
        privatized |= set(reduced_items(d, clause))
    privatized |= lastprivate_items(ctx, d)[0]
    for text in d.clauses.get("allocate", []):
        parts = split_top_level(text, ":")
        items = parts[-1]
        modifiers = ":".join(parts[:-1])
        for modifier in split_top_level(modifiers, ",") if len(parts) > 1 else []:
            m = re.fullmatch(r"\s*(allocator|align)\s*\((.*)\)\s*", modifier, re.S)
            kind, value_text = (m.group(1), m.group(2)) if m else ("allocator", modifier)
            if kind == "align":
                value = const_eval(clause_expr(ctx, value_text, d), ctx.resolver, ctx.scope)
                if value is None or value < 1 or value & (value - 1):
                    raise pragma_error(
                        "'align' clause argument needs to be positive constant power of two "
                        "integer expression",
                        d.node,
                    )
                continue
            allocator = t.strip_qualifiers(clause_value(ctx, value_text, d).type)
            if not t.is_integer(allocator):
                raise pragma_error(
                    "'allocate' clause allocator expression has type "
                    f"'{t.type_str(allocator)}' rather than 'omp_allocator_handle_t'",
                    d.node,
                )
        for name in (v.strip() for v in items.split(",") if v.strip()):
            if ctx.scope.lookup(name) is None:
                raise pragma_error(f"'{name}' undeclared in clause 'allocate'", d.node)
            if name not in privatized:
                raise pragma_error(
                    f"'{name}' specified in 'allocate' clause but not in an explicit "
                    "privatization clause",
                    d.node,
                )


def construct_body(ctx: LoweringContext, items: list, j: int, node) -> tuple[list, int]:
    """The items forming the statement after a construct directive (the
    directives of nested constructs included, and GCC's loop pragmas before
    a loop, which a loop-associated construct does not allow, as in gcc)."""
    if j >= len(items):
        raise pragma_error("OpenMP construct without a following statement", node)
    first = items[j]
    if isinstance(first, c_ast.Pragma) and is_omp(first):
        if ctx.program.directive(first).form != "construct":
            raise pragma_error("OpenMP construct without a following statement", node)
        inner, after = construct_body(ctx, items, j + 1, first)
        return [first, *inner], after
    if isinstance(first, c_ast.Pragma) and not gcc_loop_pragmas.is_loop_pragma(first):
        ctx.program.pragma(first)  # another pragma gcc ignores (or notes) there
        return construct_body(ctx, items, j + 1, node)
    if isinstance(first, c_ast.Pragma) and _LOOP_LEAVES.intersection(
        ctx.program.directive(node).name.split()
    ):
        raise pragma_error("for statement expected before '#pragma'", first)
    if isinstance(first, c_ast.Pragma):  # a loop pragma: it and its loop are the statement
        inner, after = construct_body(ctx, items, j + 1, node)
        return [first, *inner], after
    return [first], j + 1


# -------------------------------------------------------------- data sharing


def capture(ctx: LoweringContext, var: n.Variable, how: str) -> n.DeclStmt:
    """The capture of ``var``: ``shared`` or ``firstprivate``.

    An immutable value (a run-time extent) is always copied.  A
    variable-length array that is firstprivate is copied too, as OpenMP
    requires (each element of the new list item is initialised from the
    original's): the closure holds a copy made when the task is created.
    """
    if how == "shared" or not t.is_ref(var.type):
        return n.DeclStmt(n.Declaration(var.type, var), var)
    copy = n.Declaration(var.type, ctx.expr.op("ref_deref", var))
    return n.DeclStmt(copy, var, _declared_alignment(ctx, var))  # the copy keeps it


def is_shared_capture(capture: n.DeclStmt) -> bool:
    """Whether a bind capture shares the variable (holds its reference)."""
    return capture.decl.init is capture.var


def _private_decl(var: n.Variable, ctx: LoweringContext | None = None) -> n.DeclStmt:
    """A fresh uninitialised declaration of ``var`` (a private copy), with the
    alignment its declaration visible in ``ctx`` asks for
    (:func:`_declared_alignment`)."""
    value_type = t.strip_qualifiers(var.type.params[0])
    align = _declared_alignment(ctx, var) if ctx is not None else 0
    return n.DeclStmt(n.Declaration(var.type, n.Undefined(value_type)), var, align)


def _declared_alignment(ctx: LoweringContext, var: n.Variable) -> int:
    """The alignment the declaration of ``var`` visible in ``ctx`` asks for
    (GNU ``aligned``, ``_Alignas``; 0 for none), which gcc's private and
    firstprivate copies keep."""
    sym = ctx.scope.lookup(var.name)
    return sym.align if isinstance(sym, VarSymbol) and sym.var is var else 0


def clause_variables(ctx: LoweringContext, d: Directive, clause: str) -> set[str]:
    """The names a list clause lists, each declared where the directive is
    (not const unless the clause is ``shared`` or ``firstprivate``: checked
    by :func:`check_clauses`)."""
    names = set()
    for name in d.variables(clause):
        if ctx.scope.lookup(name) is None:
            raise pragma_error(f"'{name}' undeclared in clause '{clause}'", d.node)
        names.add(name)
    return names


def listed_variables(ctx: LoweringContext, d: Directive) -> dict[str, str]:
    how: dict[str, str] = {}
    for clause in ("shared", "firstprivate", "private"):
        for name in clause_variables(ctx, d, clause):
            how[name] = clause
    return how


def is_shared(ctx: LoweringContext, var: n.Variable, depth: int) -> bool:
    """Whether ``var`` is shared in the context of the sharing frame at
    ``depth``, asked from inside it: from the frame above (or, above the
    innermost, from the current scope).

    A variable is the frame's only if the name means the same declaration
    (symbol) at both places: variables are structural, so an inner ``int i``
    is the same node as the frame's ``int i`` but not its symbol."""
    frames = ctx.sharing_frames[: depth + 1]
    if not frames:
        return False  # locals of a function are private to its (implicit) task
    outer_scope, decide = frames[-1]
    above = ctx.sharing_frames[depth + 1 :]
    inner_scope = above[0][0] if above else ctx.scope
    sym = outer_scope.lookup(var.name)
    if getattr(sym, "var", None) is not var or inner_scope.lookup(var.name) is not sym:
        return False  # declared inside the construct: private to its task
    return decide(var, len(frames) - 1) == "shared"


def inherited_sharing(ctx: LoweringContext, var: n.Variable, depth: int) -> str:
    """How a construct that runs its body in the encountering task (a
    worksharing construct, ``single``), the sharing frame at ``depth``,
    shares a variable it does not privatise: as the enclosing context does
    (``private`` for a local of the function an orphaned construct is in:
    each implicit task has its own)."""
    return "shared" if is_shared(ctx, var, depth - 1) else "private"


def read_only_local(ctx: LoweringContext, var: n.Variable) -> bool:
    """Whether a task may copy ``var``, shared in the enclosing context, when
    it is created, as gcc does: a local of at most 32 bytes (not an array)
    whose address the function never takes (:attr:`LoweringContext.addressed_names`)
    and that no task of the function changes
    (:attr:`LoweringContext.task_written_names`; this one only reads it).
    Asked only of a local :func:`is_shared` found shared, so never of a
    global.  Only a program that races with the task (its creator changes
    the variable meanwhile) can tell; gcc's tests rely on the copy (a loop
    counter read by the tasks of its iterations)."""
    value_type = t.strip_qualifiers(var.type.params[0])
    if var.name in ctx.addressed_names or var.name in ctx.task_written_names:
        return False
    if (
        t.is_array(value_type)
        or t.is_vla(value_type)
        or "volatile" in t.qualifiers(var.type.params[0])
    ):
        return False
    try:
        if size_of(value_type, ctx.resolver.records.decls) > 32:
            return False
    except SizeError:
        return False
    return True


def outline(
    ctx: LoweringContext,
    d: Directive,
    body: list,
    decide: Decide,
    lower_body: Callable[[], n.CompoundStmt] | None = None,
) -> n.BindExpr:
    """The construct body as a closed ``bind`` capturing per ``decide``.

    ``lower_body`` (default: lowering the items ``body``) builds the block;
    a combined construct passes the lowering of its inner construct.
    """
    with ctx.sharing_frame(decide) as depth:
        block = lower_body() if lower_body is not None else ctx.stmt.items_block(body)
    captures, privates = [], []
    for var in free_variables(block):
        ctx.check_entry_extents(var.type, d.node)
        if not t.is_ref(var.type):  # an immutable value: copied, listed nowhere
            captures.append(capture(ctx, var, "firstprivate"))
            continue
        how = decide(var, depth)
        if how == "private":
            privates.append(var)
        elif how == "none":
            raise not_specified(d, body, var.name)
        else:
            captures.append(capture(ctx, var, how))
    for var in privates:
        block = n.CompoundStmt((_private_decl(var, ctx), *block.stmts))
    return n.BindExpr(t.function([], t.UNIT), (), tuple(captures), block)


def not_specified(d: Directive, body: list, name: str, construct: str = "") -> CompileError:
    """gcc's error for variable ``name``, used in the body ``body`` of ``d``
    (a ``default(none)`` construct, ``construct`` by default its name) and
    listed in none of its clauses: at the first use, with a note at the
    directive."""
    construct = construct or d.name
    message = f"'{name}' not specified in enclosing '{construct}'"
    uses = (x for item in body for x in c_nodes(item) if isinstance(x, c_ast.ID))
    use = next((x for x in uses if x.name == name and x.coord is not None), None)
    if use is None:
        return pragma_error(message, d.node)
    at = error(message, use.coord.file, use.coord.line, use.coord.column)
    return CompileError([at, pragma_diagnostic(f"enclosing '{construct}'", d.node, "note")])


def _with_privates(ctx: LoweringContext, d: Directive, block: n.CompoundStmt) -> n.CompoundStmt:
    decls = []
    for name in sorted(clause_variables(ctx, d, "private")):
        var = getattr(ctx.scope.lookup(name), "var", None)
        if var is not None:
            decls.append(_private_decl(var, ctx))
    return n.CompoundStmt((*decls, *block.stmts)) if decls else block


# ---------------------------------------------------------------- reductions

#: The built-in reduction operators: the identity's kind and the combiner
#: (``{o}`` the original's element, ``{x}`` the private copy's), per OpenMP
#: 5.2 §5.5.5 (``-`` combines with ``+``).
_REDUCTION_OPS = {
    "+": ("0", "{o} = {o} + {x}"),
    "-": ("0", "{o} = {o} + {x}"),
    "*": ("1", "{o} = {o} * {x}"),
    "&": ("~0", "{o} = {o} & {x}"),
    "|": ("0", "{o} = {o} | {x}"),
    "^": ("0", "{o} = {o} ^ {x}"),
    "&&": ("1", "{o} = {o} && {x}"),
    "||": ("0", "{o} = {o} || {x}"),
    "min": ("largest", "{o} = {x} < {o} ? {x} : {o}"),
    "max": ("least", "{o} = {x} > {o} ? {x} : {o}"),
}

#: The largest finite value of each floating type, as a C constant.
_REAL_LARGEST = {
    4: "3.40282346638528859811704183484516925e+38F",
    8: "1.79769313486231570814527423731704357e+308",
    16: "1.18973149535723176508575932662800702e+4932L",
}

#: Name of the critical section that combines every reduction.
REDUCTION_CRITICAL = "__inspire_reduction"


@dataclass(frozen=True)
class UserReduction:
    """A ``declare reduction(name : type : combiner) [initializer(...)]`` for
    one of its types: the combiner and initializer as C text (``omp_out``,
    ``omp_in``, ``omp_priv``, ``omp_orig`` as written), the type as written."""

    name: str
    type_text: str
    combiner: str
    initializer: str | None


@dataclass(frozen=True)
class Reduction:
    """One list item of a ``reduction`` clause: the operator and the variable
    (``user``: the ``declare reduction`` it names, if any).

    An array, or an array section ``v[lo:len]...`` (an element ``v[i]`` is
    ``v[i:1]``), is reduced element by element: ``extents`` gives, per
    dimension of the elements, the first index and the count, each a
    ``long`` variable (:meth:`bound`, set before the construct from
    ``bounds``) or a constant; the dimensions after the written subscripts
    are whole.  The private copy of an array is a whole array (only the
    section's elements start from the identity and are combined); that of
    a section of what a pointer points to is the pointer, pointing into
    private storage for the section's elements (``__builtin_malloc``, freed
    after the combination) so that ``v[i]`` is the private element of index
    ``i`` of the section.
    """

    op: str
    var: n.Variable
    user: UserReduction | None = None
    #: the ``task`` modifier: tasks in the construct may take part (``in_reduction``)
    task: bool = False
    #: the ``inscan`` modifier: a ``scan`` directive splits each iteration (:func:`_scan_loop`)
    inscan: bool = False
    #: per dimension: (first index, count), C text; empty for a scalar
    extents: tuple[tuple[str, str], ...] = ()
    #: the written subscripts' first indexes and counts, lowered where the construct is
    bounds: tuple[n.Node, ...] = ()
    #: whether the section is of the elements a pointer points to
    through_pointer: bool = False
    #: the type of the elements reduced (that of ``var`` for a scalar)
    element_type: n.Type | None = None

    @property
    def pointer(self) -> n.Variable:
        """``__inspire_red_NAME``: the address of the original list item, taken
        before the construct (the private copy hides the original's name);
        for a section through a pointer, the pointer's value (a deferred task
        may outlive the pointer variable)."""
        name = f"__inspire_red_{self.var.name}"
        if self.through_pointer:
            return n.Variable(t.ref(t.strip_qualifiers(self.var.type.params[0])), name)
        return n.Variable(t.ref(t.ptr(self.var.type.params[0])), name)

    def bound(self, k: int) -> n.Variable:
        """The variable holding ``bounds[k]`` (dimension ``k // 2``; its
        first index for even ``k``, its count for odd)."""
        what = "len" if k % 2 else "lo"
        return n.Variable(t.ref(t.INT8), f"__inspire_red_{what}{k // 2}_{self.var.name}")

    @property
    def values(self) -> tuple[n.Variable, ...]:
        """The variables set before the construct: the pointer and the bounds."""
        return (self.pointer, *(self.bound(k) for k in range(len(self.bounds))))


def reductions(ctx: LoweringContext, d: Directive, clause: str = "reduction") -> list[Reduction]:
    """The ``reduction([default,] op: list)`` items of ``d``, in clause order
    (``clause``: those of ``in_reduction`` or ``task_reduction``, written alike).

    A list item is a variable, an array section or an array element (see
    :class:`Reduction`); its operator is a ``declare reduction`` visible here
    for its type (for that of its elements), else a built-in operator on an
    arithmetic type.  The ``task`` modifier (``parallel``, ``for``,
    ``sections``, not with ``nowait``) marks the items :attr:`Reduction.task`,
    ``inscan`` (loops, :func:`_scan_loop`) :attr:`Reduction.inscan`.
    """
    out: list[Reduction] = []
    for text in d.clauses.get(clause, []):
        parts = _reduction_parts(text)
        if parts is None:
            raise pragma_error(f"expected '{clause}(operator: list)'", d.node)
        modifier, op, names = parts
        allowed = ("default", "task", "inscan") if clause == "reduction" else ("default",)
        if modifier is not None and modifier not in allowed:
            raise pragma_error(f"reduction modifier '{modifier}' is not supported", d.node)
        if modifier == "task":
            _check_task_modifier(ctx, d)
        if op not in _REDUCTION_OPS and not _IDENTIFIER.fullmatch(op):
            raise pragma_error(f"invalid reduction operator '{op}'", d.node)
        for item in names:
            name, subscripts = _reduction_item(d, clause, item)
            sym = ctx.scope.lookup(name)
            if sym is None:
                raise pragma_error(f"'{name}' undeclared in clause '{clause}'", d.node)
            if isinstance(sym, GlobalSymbol):  # task_reduction: the taskgroup keeps the original
                var = n.Variable(sym.glob.type, name)
            elif isinstance(sym, VarSymbol):  # a local, or a privatized global
                var = sym.var
            else:
                raise pragma_error(f"'{name}' is not a variable in clause '{clause}'", d.node)
            ty = t.strip_qualifiers(var.type.params[0])
            user = ctx.scope.user_reduction(op, ty)
            shape: dict = {"element_type": ty}
            if user is None and (subscripts or t.is_array(ty)):
                ty, shape = _reduced_elements(ctx, d, clause, item, var, subscripts)
                user = ctx.scope.user_reduction(op, ty)
            if user is None and (op not in _REDUCTION_OPS or not t.is_arithmetic(ty)):
                raise d.clause_error(clause, f"user defined reduction not found for '{name}'")
            if user is None and t.is_complex(ty) and op in ("max", "min", "&", "|", "^"):
                raise d.clause_error(clause, f"'{name}' has invalid type for 'reduction({op})'")
            if user is None and t.is_real(ty) and op in ("&", "|", "^"):
                raise d.clause_error(clause, f"'{name}' has invalid type for 'reduction({op})'")
            out.append(Reduction(op, var, user, modifier == "task", modifier == "inscan", **shape))
    return out


#: The constructs a ``reduction`` with the ``inscan`` modifier may be on (as written).
_INSCAN_CONSTRUCTS = ("for", "for simd", "simd", "parallel for", "parallel for simd")


def _check_inscan_construct(ctx: LoweringContext, d: Directive) -> None:
    """gcc's error for ``inscan`` on a construct that is not one of
    :data:`_INSCAN_CONSTRUCTS`, given after its body's errors (a ``scan``
    directive in it is misplaced first), as gcc gives it."""
    if d.name in _INSCAN_CONSTRUCTS:
        return
    for text in d.clauses.get("reduction", []):
        if (_reduction_parts(text) or (None,))[0] == "inscan":
            message = f"'inscan' 'reduction' clause on '{d.name}' construct"
            raise d.clause_error("reduction", message, containing=text)


def _reduction_item(d: Directive, clause: str, item: str) -> tuple[str, list[str]]:
    """The variable a reduction list item names and the texts of its
    subscripts (``a[1:n][2]``: ``a``, ``["1:n", "2"]``)."""
    m = re.match(r"\s*([A-Za-z_]\w*)\s*", item)
    if m is None:
        raise d.clause_error(clause, f"expected identifier before '{item.strip()}'")
    subscripts, i = [], m.end()
    while i < len(item):
        if item[i] != "[":
            raise d.clause_error(clause, f"expected ')' before '{item[i:].strip()}'")
        end = matching_bracket(item, i)
        if end < 0:
            raise d.clause_error(clause, f"expected ']' before ')' in '{item.strip()}'")
        subscripts.append(item[i + 1 : end])
        i = end + 1
        while i < len(item) and item[i].isspace():
            i += 1
    return m.group(1), subscripts


def _reduced_elements(
    ctx: LoweringContext, d: Directive, clause: str, item: str, var: n.Variable, subscripts: list
) -> tuple[n.Type, dict]:
    """The element type of an array or array-section reduction item and the
    :class:`Reduction` fields describing its elements."""
    ty = t.strip_qualifiers(var.type.params[0])
    through_pointer = bool(subscripts) and t.is_ptr(ty)
    extents, bounds = [], []
    for k, text in enumerate(subscripts):
        if not (t.is_array(ty) or (t.is_ptr(ty) and k == 0)):
            raise d.clause_error(clause, f"'{var.name}' does not have pointer or array type")
        pieces = split_top_level(text, ":")
        if len(pieces) > 2:
            raise d.clause_error(clause, "expected ']' before ':' token")
        lo = pieces[0].strip() or "0"
        if len(pieces) == 1:
            count = "1"
        elif pieces[1].strip():
            count = pieces[1].strip()
        elif t.is_array(ty) and (extent := _extent(var, ty, k)) is not None:
            count = f"{extent} - ({lo})"
        else:
            raise d.clause_error(clause, "for pointer type length expression must be specified")
        for what, text in (("low bound", lo), ("length", count)):
            value = clause_value(ctx, text, d)
            if not t.is_integer(t.strip_qualifiers(value.type)):
                message = f"{what} '{text}' of array section does not have integral type"
                raise d.clause_error(clause, message)
            bounds.append(ctx.expr.convert(value, t.INT8))
        name = f"__inspire_red_%s{k}_{var.name}"
        extents.append((name % "lo", name % "len"))
        ty = t.strip_qualifiers(t.element(ty))
    while t.is_array(ty):
        extent = _extent(var, ty, len(extents))
        if extent is None:
            raise d.clause_error(
                clause, f"reduction of '{item.strip()}', an array of unknown size, is not supported"
            )
        extents.append(("0", extent))
        ty = t.strip_qualifiers(t.element(ty))
    shape = {"extents": tuple(extents), "bounds": tuple(bounds), "through_pointer": through_pointer}
    return ty, shape | {"element_type": ty}


def _extent(var: n.Variable, ty: n.Type, k: int) -> str | None:
    """The element count of array type ``ty``, dimension ``k`` of ``var``, as
    C text (a ``sizeof`` quotient for a variable-length array, which then
    reads ``var``'s type, equal in the original and in its private copy);
    None when the type does not give it."""
    if t.is_vla(ty):
        return f"(sizeof {var.name}{'[0]' * k} / sizeof {var.name}{'[0]' * (k + 1)})"
    return None if ty.int_params[0] is None else str(ty.int_params[0])


#: The constructs whose reductions every thread of the team runs (a barrier
#: may separate their initialisation from their combination).
_TEAM_REDUCTIONS = ("parallel", "for", "sections")
#: The constructs whose ``reduction`` may have the ``task`` modifier (as written).
_TASK_REDUCTION_CONSTRUCTS = (*_TEAM_REDUCTIONS, "parallel for", "parallel sections", "scope")


def _check_task_modifier(ctx: LoweringContext, d: Directive) -> None:
    """gcc's errors for ``reduction(task, ...)`` where OpenMP does not allow it
    (judged on the directive as written: a combined construct's loop part is
    a ``nowait`` loop of its own making)."""
    d = ctx.program.directive(d.node)
    if d.name not in _TASK_REDUCTION_CONSTRUCTS:
        raise pragma_error(
            "invalid 'task' reduction modifier on construct other than 'parallel', 'for', "
            "'sections' or 'scope'",
            d.node,
        )
    if "nowait" in d.clauses:
        raise pragma_error(
            "'task' reduction modifier on a construct with a 'nowait' clause", d.node
        )


def task_reduction_pointer(ctx: LoweringContext, r: Reduction) -> n.Variable | None:
    """For ``in_reduction`` item ``r`` of the innermost construct: the pointer
    to the original list item that the enclosing construct reducing it
    captured, where the variable names a private copy: that of the
    encountering thread (``reduction(task, ...)``), or of an enclosing task
    taking part in the same reduction (``in_reduction``; a ``taskloop``'s
    ``reduction``), which may end before this task does.  None when the
    innermost construct reducing it is a ``taskgroup`` or has no ``task``
    modifier (the variable is then the original itself)."""
    for c in reversed(ctx.constructs[:-1]):
        if r.var.name in reduced_items(c, "task_reduction"):
            return None
        if r.var.name in reduced_items(c, "in_reduction"):
            return r.pointer
        modifier = reduced_items(c, "reduction").get(r.var.name)
        if modifier is not None:
            return r.pointer if modifier == "task" or "taskloop" in c.name.split() else None
    return None


def reduction_visible(ctx: LoweringContext, r: Reduction) -> bool:
    """Whether an enclosing construct reducing ``r``'s variable is visible
    where the innermost construct is (in the same function).  When none is,
    an ``in_reduction`` item may be reached through a pointer to an
    enclosing participant's private copy, which the runtime maps back to
    its original (:func:`reduction_pointers`)."""
    clauses = ("task_reduction", "in_reduction", "reduction")
    return any(r.var.name in reduced_items(c, k) for c in ctx.constructs[:-1] for k in clauses)


def _reduction_parts(text: str) -> tuple[str | None, str, list[str]] | None:
    """The modifier (None without one), operator and names of the text of a
    reduction-like clause, ``[modifier,] operator: list``; None without the ``:``."""
    head, colon, names = text.partition(":")
    if not colon:
        return None
    modifier, comma, op = head.rpartition(",")
    listed = [v.strip() for v in split_top_level(names, ",") if v.strip()]
    return (modifier.strip() if comma else None), op.strip(), listed


def reduced_items(d: Directive, clause: str) -> dict[str, str]:
    """The variables the reduction-like ``clause`` of ``d`` lists (the bases of
    array sections), each with its modifier (``""`` without one)."""
    out = {}
    for text in d.clauses.get(clause, []):
        parts = _reduction_parts(text)
        if parts is not None:
            modifier, _, items = parts
            out.update((section_base(item), modifier or "") for item in items)
    return out


def _identity(op: str, ty: n.Type) -> str:
    """The C constant initialising a private copy of type ``ty`` for ``op``."""
    kind = _REDUCTION_OPS[op][0]
    if kind not in ("largest", "least"):
        return kind
    ty = t.strip_qualifiers(ty)
    largest = kind == "largest"
    if t.is_real(ty):
        value = _REAL_LARGEST[ty.int_params[0]]
        return value if largest else f"-{value}"
    least, top = t.integer_range(ty)
    if ty.name == "bool" or least == 0:
        return f"{top}{'UL' * (ty.name == 'uint')}" if largest else "0"
    return f"{top}L" if largest else f"(-{top}L - 1)"


#: ``omp_priv = {``: a ``declare reduction`` initializer that is an initializer list.
_BRACED_PRIV = re.compile(r"\s*omp_priv\s*=\s*(?=\{)")


def _initialization(r: Reduction) -> str:
    """C initialising the private copy of ``r``: its identity, or the
    ``declare reduction``'s initializer (zero without one); a section of
    what a pointer points to first gets its storage."""
    each, x, o = _elements(r)
    if r.user is None:
        init = each(f"{x} = {_identity(r.op, r.element_type)}")
    elif r.user.initializer is None:
        init = each(f"{x} = ({r.user.type_text}){{0}}")
    else:
        text = r.user.initializer
        braced = _BRACED_PRIV.match(text)
        if braced is not None:  # omp_priv = {...}: an initializer list, as a compound literal
            text = f"omp_priv = ({r.user.type_text}){text[braced.end() :]}"
        init = each(_user_text(text, omp_priv=x, omp_orig=o))
    if not r.through_pointer:
        return init
    (lo, count), v = r.extents[0], r.var.name
    return f"{v} = (__typeof__({v}))__builtin_malloc(({count}) * sizeof *{v}) - ({lo}); {init}"


def _combination(r: Reduction) -> str:
    """C combining the private copy of ``r`` into the original (and freeing
    the storage of a section of what a pointer points to)."""
    each, x, o = _elements(r)
    if r.user is None:
        combine = each(_REDUCTION_OPS[r.op][1].format(o=o, x=x))
    else:
        combine = each(_user_text(r.user.combiner, omp_out=o, omp_in=x))
    if not r.through_pointer:
        return combine
    return f"{combine}; __builtin_free({r.var.name} + ({r.extents[0][0]}))"


def _elements(r: Reduction) -> tuple[Callable[[str], str], str, str]:
    """``each``, a function of a C statement about one element of ``r``, to the
    statement for every element (loops over the dimensions of an array or
    section), and the lvalues of that element in the private copy and in
    the original."""
    index = "".join(f"[({lo}) + __inspire_i{k}]" for k, (lo, _) in enumerate(r.extents))
    loops = "".join(
        f"for (long __inspire_i{k} = 0; __inspire_i{k} < ({count}); __inspire_i{k}++) "
        for k, (_, count) in enumerate(r.extents)
    )

    def each(stmt: str) -> str:
        return f"{loops}{{ {stmt}; }}" if loops else stmt

    original = r.pointer.name if r.through_pointer else f"{r.pointer.name}[0]"
    return each, f"{r.var.name}{index}", f"{original}{index}"


def _reads_original(r: Reduction) -> bool:
    """Whether the initialiser of ``r``'s private copies reads the original (``omp_orig``)."""
    init = r.user.initializer if r.user is not None else None
    return init is not None and re.search(r"\bomp_orig\b", init) is not None


def _user_text(text: str, **names: str) -> str:
    """``text`` with each of the special identifiers ``names`` replaced."""
    pattern = re.compile(r"\b(" + "|".join(names) + r")\b")
    return pattern.sub(lambda m: f"({names[m.group(1)]})", text)


def _reduction_code(
    ctx: LoweringContext, d: Directive, code: Callable[[Reduction], str], reds: list[Reduction]
) -> list[n.Node]:
    """The C statements ``code(r)`` for each reduction ``r``, lowered where
    the pointers and bounds are visible."""
    stmts: list[n.Node] = []
    with ctx.nested_scope():
        for r in reds:
            for v in r.values:
                ctx.scope.ordinary[v.name] = VarSymbol(v)
        for r in reds:
            stmts.extend(ctx.stmt.items_block(clause_statements(ctx, f"{code(r)};", d)).stmts)
    return stmts


def reduction_pointers(
    ctx: LoweringContext, reds: list[Reduction], participants: Sequence[Reduction] = ()
) -> list[n.Node]:
    """The bounds of each reduction's section (:attr:`Reduction.values`) and
    ``T *__inspire_red_x = &x;``, before the construct; only the bounds for
    each of ``participants``, whose pointer an enclosing construct set
    (:func:`task_reduction_pointer`): the section may differ from the
    enclosing one's.  The address of an ``in_reduction`` item without a
    visible construct reducing it (:func:`reduction_visible`) is the
    runtime's answer: it may be in an enclosing participant's private copy,
    which stands for the original (``reduction_original``)."""
    x = ctx.expr
    out = []
    for r in [*reds, *participants]:
        out.extend(
            n.DeclStmt(n.Declaration(t.ref(t.INT8), value), r.bound(k))
            for k, value in enumerate(r.bounds)
        )
        if r not in reds:
            continue
        address = x.op("ref_deref" if r.through_pointer else "ref_to_ptr", r.var)
        participating = reduced_items(ctx.constructs[-1], "in_reduction") if ctx.constructs else {}
        if r.var.name in participating and not reduction_visible(ctx, r):
            void = x.convert(address, t.ptr(t.UNIT))
            found = x.op("reduction_original", void, _copy_offsets(x, r)[0])
            address = x.convert(found, t.strip_qualifiers(address.type))
        out.append(n.DeclStmt(n.Declaration(r.pointer.type, address), r.pointer))
    return out


def _copy_offsets(x, r: Reduction) -> tuple[n.Node, n.Node]:
    """The first byte and the byte count, as ``int<8>``, of the list item of
    ``r`` from the address of its variable (a whole object) or from what its
    pointer points to (a section through a pointer: the first dimension's
    bounds, already set)."""
    value_type = t.strip_qualifiers(r.var.type.params[0])
    if not r.through_pointer:
        return n.Literal(t.INT8, "0"), x.convert(n.SizeOf(t.UINT8, value_type), t.INT8)
    size = x.convert(n.SizeOf(t.UINT8, t.strip_qualifiers(value_type.params[0])), t.INT8)
    lo, count = (x.op("ref_deref", r.bound(k)) for k in (0, 1))
    return x.op("mul", lo, size), x.op("mul", count, size)


def _copy_registrations(
    ctx: LoweringContext, d: Directive, reds: list[Reduction], stmts: tuple
) -> tuple[list[n.Node], list[n.Node]]:
    """The registrations of the private copies (``reduction_copy_begin``,
    after their initialisation) and their ends (before their combination)
    of the reductions of ``d`` tasks take part in (``in_reduction``, the
    ``task`` modifier, a ``taskloop``'s), when ``stmts`` call a function: a
    copy's address handed to it may reach a task whose ``in_reduction``
    item it is, which then needs the original (:func:`reduction_pointers`)."""
    words = d.name.split()
    shared = [r for r in reds if r.task or "task" in words or "taskloop" in words]
    calls = any(
        isinstance(node, n.CallExpr) and not isinstance(node.function, n.Builtin)
        for s in stmts
        for node in s.walk()
    )
    if not shared or not calls or any(_leaves_early(s) for s in stmts):
        # a copy whose construct may end before its end (cancel, cancellation
        # point: the body returns) stays unregistered: no stale registration
        return [], []
    x = ctx.expr
    void = t.ptr(t.UNIT)
    begins: list[n.Node] = []
    ends: list[n.Node] = []
    for r in shared:
        copy = x.op("ref_deref" if r.through_pointer else "ref_to_ptr", r.var)
        original = x.op("ref_deref", r.pointer)
        first, count = _copy_offsets(x, r)
        call = x.op(
            "reduction_copy_begin", x.convert(copy, void), x.convert(original, void), first, count
        )
        handle = n.Variable(t.ref(void), f"__inspire_copy_{r.var.name}")
        begins.append(n.DeclStmt(n.Declaration(handle.type, call), handle))
        ends.append(x.op("reduction_copy_end", x.op("ref_deref", handle)))
    return begins, ends


def _leaves_early(node: n.Node) -> bool:
    """Whether ``node``, a statement of a construct's body, returns from the
    body (not from a function or task body inside it)."""
    if isinstance(node, n.ReturnStmt):
        return True
    if isinstance(node, n.LambdaExpr | n.BindExpr):
        return False
    return any(_leaves_early(c) for c in node.children)


def with_reductions(
    ctx: LoweringContext, d: Directive, reds: list[Reduction], stmts: tuple
) -> tuple:
    """``stmts`` between the private copies initialised with their identities
    and the combination into the originals (one critical section).

    The private copy declares the reduction variable itself, so the body's
    references (lowered to that variable) name the copy; a declaration of
    it among ``stmts`` (the outliner's private copy) is dropped.
    """
    if not reds:
        return stmts
    decls = [_private_decl(r.var, ctx) for r in reds]
    inits = _reduction_code(ctx, d, _initialization, reds)
    if d.name in _TEAM_REDUCTIONS and any(_reads_original(r) for r in reds):
        # every thread initialises its copy from the original before any
        # thread combines into it
        inits.append(ctx.expr.op("barrier", loc=ctx.loc(d.node)))
    combine = _reduction_code(ctx, d, _combination, reds)
    name = n.Literal(t.IDENTIFIER, REDUCTION_CRITICAL)
    rest = tuple(s for s in stmts if s not in decls)  # the outliner's private copies
    begins, ends = _copy_registrations(ctx, d, reds, rest)
    return (
        *decls,
        *inits,
        *begins,
        *rest,
        *ends,
        ctx.expr.op("critical_enter", name),
        *combine,
        ctx.expr.op("critical_exit", name),
    )


@directive("declare reduction", form="declarative", argument=True, clauses=("initializer",))
def lower_declare_reduction(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``declare reduction(name : type-list : combiner) [initializer(e)]``:
    a reduction operator for each type of the list, visible in the current
    scope (reductions of variables of that type name it; each thread's copy
    starts from the initializer, zero without one)."""
    first, *rest = split_top_level(d.argument or "", ":")
    parts = [first, *rest[:1], ":".join(rest[1:])]  # the combiner may contain ':'
    if len(rest) < 2 or not all(p.strip() for p in parts):
        raise pragma_error("expected 'declare reduction(name : type-list : combiner)'", d.node)
    name, types, combiner = (p.strip() for p in parts)
    if not (_IDENTIFIER.fullmatch(name) or name in _REDUCTION_OPS):
        raise pragma_error(f"invalid reduction identifier '{name}'", d.node)
    initializer = d.expression("initializer")
    for type_text in (x.strip() for x in split_top_level(types, ",")):
        typename = clause_expr(ctx, f"sizeof({type_text})", d)
        if not isinstance(typename, c_ast.UnaryOp) or not isinstance(typename.expr, c_ast.Typename):
            raise pragma_error(f"'{type_text}' is not a type in 'declare reduction'", d.node)
        ty = t.strip_qualifiers(ctx.expr.operand_type(typename.expr))
        if (name, ty) in ctx.scope.reductions:
            raise pragma_error(f"redeclaration of '{name}' 'omp declare reduction'", d.node)
        user = UserReduction(name, type_text, combiner, initializer)
        ctx.scope.reductions[(name, ty)] = user
    return []


# ---------------------------------------------------------- clause values


def clause_expr(ctx: LoweringContext, text: str, d: Directive) -> c_ast.Node:
    """The C expression ``text`` of a clause of ``d``, parsed in the current
    scope (see :func:`clause_statements`)."""
    items = _clause_items(ctx, f"({text});", d)
    if items is None or len(items) != 1:
        raise pragma_error(f"malformed expression '{text}' in OpenMP clause", d.node)
    return items[0]


def clause_statements(ctx: LoweringContext, text: str, d: Directive) -> list[c_ast.Node]:
    """The C statements ``text`` written for a clause of ``d``, parsed in the
    current scope (see :func:`_clause_items`)."""
    items = _clause_items(ctx, text, d)
    if items is None:
        raise pragma_error(f"malformed expression '{text}' in OpenMP clause", d.node)
    return items


def _clause_items(ctx: LoweringContext, text: str, d: Directive) -> list[c_ast.Node] | None:
    """The block items of the C statements ``text`` written for a clause of
    ``d``, parsed in the current scope; None when they do not parse.

    The identifiers of ``text`` that name types there (typedefs, local ones
    included, unless a variable hides them) are declared as type names for
    the parser; the statements are then lowered in that same scope, so the
    types are the program's.  Every node is placed at the directive.
    """
    type_names = sorted(
        {
            name
            for name in _IDENTIFIER.findall(text)
            if isinstance(ctx.scope.lookup(name), TypedefSymbol)
        }
    )
    prelude = "".join(f"typedef int {name};\n" for name in type_names)
    try:
        ast = c_parser().parse(f"{prelude}void __clause(void) {{ {text} }}", "<clause>")
    except Exception:
        return None
    items = ast.ext[-1].body.block_items or []
    stack = list(items)
    while stack:
        x = stack.pop()
        x.coord = d.node.coord
        stack.extend(c for _, c in x.children())
    return items


def clause_constant(ctx: LoweringContext, text: str, d: Directive) -> int | None:
    """The integer constant the C expression ``text`` written for ``d``
    evaluates to, None if it is not one or does not parse (for a caller
    whose own check reports that)."""
    try:
        return const_eval(clause_expr(ctx, text, d), ctx.resolver, ctx.scope)
    except CompileError:
        return None


def clause_value(ctx: LoweringContext, text: str, d: Directive) -> n.Node:
    return ctx.expr.value(clause_expr(ctx, text, d))


def clause_scalar(ctx: LoweringContext, text: str, d: Directive) -> n.Node:
    return ctx.expr.scalar(clause_expr(ctx, text, d))


# ---------------------------------------------------------------- handlers


@directive(
    "parallel",
    clauses=(
        "num_threads",
        "if",
        "private",
        "firstprivate",
        "shared",
        "default",
        "reduction",
        "proc_bind",
        "copyin",
    ),
    outlined=True,
    team=True,
)
def lower_parallel(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``merge(parallel(job[1..n] => bind {...}))``; ``n`` is ``num_threads`` or
    the worker count, 1 if the ``if`` clause is false.

    ``proc_bind`` is checked and ignored: a region's threads run on the
    runtime's workers, shared by every region and placed when they start
    (the pool's, and those added for wider teams like the pool's), so no
    region can ask for its own placement.

    A ``reduction`` variable is private in the region (a copy initialised
    with the operator's identity, see :func:`with_reductions`); the closure
    copies the original's address, taken before the region.
    """
    return _parallel(ctx, d, body, None)


def _parallel(
    ctx: LoweringContext,
    d: Directive,
    body: list,
    lower_body: Callable[[], n.CompoundStmt] | None,
) -> list[n.Node]:
    """The region of ``parallel`` directive ``d`` (see :func:`lower_parallel`)."""
    bind = d.expression("proc_bind")
    if bind is not None and bind not in ("primary", "master", "close", "spread"):
        raise d.clause_error("proc_bind", f"invalid proc_bind kind before '{bind}'", word=bind)
    listed = listed_variables(ctx, d)
    reds = reductions(ctx, d)
    listed.update((r.var.name, "private") for r in reds)
    # the tasks taking part in a reduction(task, ...) capture its pointer
    listed.update((v.name, "firstprivate") for r in reds if r.task for v in r.values)
    default = (d.expression("default") or "shared").strip()

    def decide(var: n.Variable, depth: int) -> str:
        return listed.get(var.name, default)

    x = ctx.expr
    closure = outline(ctx, d, body, decide, lower_body)
    if reds:
        captured = {c.var for c in closure.captures}
        pointers = (capture(ctx, v, "firstprivate") for r in reds for v in r.values)
        closure = n.BindExpr(
            closure.type,
            closure.params,
            (*closure.captures, *(c for c in pointers if c.var not in captured)),
            n.CompoundStmt(with_reductions(ctx, d, reds, closure.body.stmts)),
        )
    copyin = _copyin(ctx, d)
    if copyin:
        copies = [  # the primary thread's own copy is the source: left alone
            n.IfStmt(
                x.op("ne", x.op("ref_to_ptr", glob), x.op("ref_deref", pointer)),
                n.CompoundStmt(
                    (x.op("copy_object", glob, x.op("ptr_to_ref", x.op("ref_deref", pointer))),)
                ),
                n.CompoundStmt(()),
            )
            for glob, pointer in copyin
        ]
        closure = n.BindExpr(
            closure.type,
            closure.params,
            (*closure.captures, *(capture(ctx, p, "firstprivate") for _, p in copyin)),
            n.CompoundStmt((*copies, x.op("barrier"), *closure.body.stmts)),
        )
    count = d.expression("num_threads")
    hi = x.convert(clause_value(ctx, count, d), t.INT4) if count else x.op("num_workers")
    cond = d.condition("parallel")
    if cond:
        hi = x.op("ite", clause_scalar(ctx, cond, d), hi, n.Literal(t.INT4, "1"))
    region = par.region(closure, hi, loc=ctx.loc(d.node))
    before = [
        *reduction_pointers(ctx, reds),
        *(n.DeclStmt(n.Declaration(p.type, x.op("ref_to_ptr", g)), p) for g, p in copyin),
    ]
    return [n.CompoundStmt((*before, region))] if before else [region]


def _copyin(ctx: LoweringContext, d: Directive) -> list[tuple[n.Node, n.Variable]]:
    """The ``copyin`` list items of region ``d``: each threadprivate variable
    and ``__inspire_ci_NAME``, its address in the encountering thread, taken
    before the region; every thread of the team copies that value into its
    own copy, then waits at a barrier (so no thread changes the original
    before all have copied)."""
    out = []
    names = d.variables("copyin")
    for name in names:
        sym = ctx.scope.lookup(name)
        if sym is None:
            raise pragma_error(f"'{name}' undeclared in clause 'copyin'", d.node)
        glob = getattr(sym, "glob", None)
        if glob is None or not ctx.program.globals[glob.name].thread_local:
            raise pragma_error(f"'{name}' must be 'threadprivate' for 'copyin'", d.node)
        ref = ctx.expr.expr(c_ast.ID(name, coord=d.node.coord))
        out.append((ref, n.Variable(t.ref(t.ptr(ref.type.params[0])), f"__inspire_ci_{name}")))
    return out


@directive(
    "task",
    clauses=(
        "if", "final", "untied", "mergeable", "shared", "firstprivate", "private", "default",
        "depend", "priority", "in_reduction", "detach", "affinity",
    ),
    outlined=True,
)  # fmt: skip
def lower_task(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``parallel(job[1..1] => bind {...})`` with the ``if`` and ``final``
    clauses, the dependences of its ``depend`` clauses (:mod:`frontend.depend`)
    and its ``priority`` (an ``int<4>``, a hint the runtime follows).

    ``in_reduction``: the task accumulates into its own copy, initialised
    with the operator's identity, and combines it into the original (through
    its address, taken before the task) when its body ends
    (:func:`with_reductions`); the enclosing ``taskgroup task_reduction``
    waits for the task, so every combination is in before the taskgroup ends.

    ``untied`` and ``mergeable`` are accepted and need no code: running an
    untied task tied, and a mergeable task as a task of its own (never
    merged), are schedules OpenMP allows.

    ``detach(evt)``: the job's ``detach`` (:func:`task_detach`); ``evt`` is
    firstprivate in the task.
    """
    listed = listed_variables(ctx, d)
    detach = task_detach(ctx, d, listed)
    default = d.expression("default")
    reds = reductions(ctx, d, "in_reduction")
    listed.update((r.var.name, "private") for r in reds)

    def decide(var: n.Variable, depth: int) -> str:
        if var.name in listed:
            return listed[var.name]
        if default == "none":
            return "none"
        if default is not None:
            return default
        if not is_shared(ctx, var, depth - 1) or read_only_local(ctx, var):
            return "firstprivate"
        return "shared"

    closure = outline(ctx, d, body, decide)
    if reds:
        captured = {c.var for c in closure.captures}  # a nested participant's pointer too
        values = (v for r in reds for v in r.values if v not in captured)
        captures = closure.captures + tuple(capture(ctx, v, "firstprivate") for v in values)
        block = n.CompoundStmt(with_reductions(ctx, d, reds, closure.body.stmts))
        closure = n.BindExpr(closure.type, closure.params, captures, block)
    cond = d.condition("task")
    final = d.expression("final")
    if_ = clause_scalar(ctx, cond, d) if cond else n.Literal(t.INT4, "1")
    final_ = clause_scalar(ctx, final, d) if final else n.Literal(t.INT4, "0")
    deps = dependences(ctx, d)
    affinity(ctx, d)
    spawn = par.task(
        closure, if_, final_, tuple(deps.values), task_priority(ctx, d), ctx.loc(d.node), detach
    )
    if reds:
        # a participant of an enclosing reduction(task, ...) captures its pointer
        own = [r for r in reds if task_reduction_pointer(ctx, r) is None]
        others = [r for r in reds if r not in own]
        spawn = n.CompoundStmt((*reduction_pointers(ctx, own, others), spawn))
    return deps.around(spawn)


def task_detach(ctx: LoweringContext, d: Directive, listed: dict[str, str]) -> n.Node:
    """The ``detach`` clause's event handle as a reference (``NO_DETACH``
    without one), with gcc's errors; the handle becomes firstprivate in
    ``listed``.  Its type must be the one ``omp_event_handle_t`` names (the
    IR keeps no typedef names, so an ``unsigned long`` passes too)."""
    texts = d.clauses.get("detach", [])
    if not texts:
        return n.NO_DETACH
    if len(texts) > 1:
        raise pragma_error("too many 'detach' clauses on a task construct", d.node)
    if "mergeable" in d.clauses:
        raise d.clause_error(
            "detach", "'detach' clause must not be used together with 'mergeable' clause"
        )
    name = texts[0].strip()
    if not _IDENTIFIER.fullmatch(name):
        raise pragma_error(f"expected identifier before '{name}' in clause 'detach'", d.node)
    if ctx.scope.lookup(name) is None:
        raise pragma_error(f"'{name}' undeclared in clause 'detach'", d.node)
    if name in listed:
        raise d.clause_error(
            listed[name],
            "the event handle of a 'detach' clause should not be in a data-sharing clause",
        )
    ref = ctx.expr.expr(c_ast.ID(name, coord=d.node.coord))
    handle = ctx.scope.lookup("omp_event_handle_t")
    if not (
        t.is_generic(ref.type, "ref")
        and isinstance(handle, TypedefSymbol)
        and t.strip_qualifiers(ref.type.params[0]) is handle.type
    ):
        shown = n.type_str(ref.type.params[0]) if t.is_generic(ref.type, "ref") else name
        raise d.clause_error(
            "detach",
            f"'detach' clause event handle has type '{shown}' rather than 'omp_event_handle_t'",
        )
    listed[name] = "firstprivate"
    return ref


def task_priority(ctx: LoweringContext, d: Directive) -> n.Node:
    """The ``priority`` clause's value as an ``int<4>`` (0 without one)."""
    text = d.expression("priority")
    if text is None:
        return n.Literal(t.INT4, "0")
    return ctx.expr.convert(clause_value(ctx, text, d), t.INT4)


@directive("single", clauses=("nowait", "private", "firstprivate", "copyprivate"), barrier=True)
def lower_single(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``if (single()) {...}`` and a barrier unless ``nowait``.

    Its ``private`` and ``firstprivate`` variables are private in its body
    (a task created there copies them: they end with the body); the others
    are shared as around it (:func:`inherited_sharing`).

    ``firstprivate(list)``: the body declares its own copy of each variable,
    initialised through the original's address (taken before the construct).

    ``copyprivate(list)``: the thread that ran the body publishes the
    addresses of its list items (``__inspire_cpv``, an array of ``void *``,
    whose address goes into ``__inspire_cp``); ``copyprivate(&__inspire_cp)``
    is a barrier after which every thread holds that address, and every other
    thread copies each item into its own before the closing barrier (which
    keeps the source alive until all have copied).
    """
    copied = set(d.variables("private")) | set(d.variables("firstprivate"))

    def decide(v: n.Variable, depth: int) -> str:
        return "private" if v.name in copied else inherited_sharing(ctx, v, depth)

    with ctx.sharing_frame(decide):
        block = _with_privates(ctx, d, ctx.stmt.items_block(body))
    x = ctx.expr
    firsts = []
    for name in sorted(clause_variables(ctx, d, "firstprivate")):
        var = getattr(ctx.scope.lookup(name), "var", None)
        if var is None:
            raise pragma_error(f"'{name}' in clause 'firstprivate' is not a variable", d.node)
        if name in d.variables("private"):
            raise pragma_error(f"'{name}' appears more than once in data clauses", d.node)
        firsts.append(var)
    pointers = [
        n.DeclStmt(n.Declaration(_origin(v).type, x.op("ref_to_ptr", v)), _origin(v))
        for v in firsts
    ]
    copies = [c for v in firsts for c in (_private_decl(v, ctx), _copy(x, v, _origin(v), False))]
    block = n.CompoundStmt((*copies, *block.stmts))
    names = d.variables("copyprivate")
    if not names:
        out: list[n.Node] = [*pointers, n.IfStmt(x.op("single"), block, n.CompoundStmt(()))]
        if pointers:
            out = [n.CompoundStmt(tuple(out))]
        if "nowait" not in d.clauses:
            out.extend(barrier(ctx, d, True))
        return out
    if "nowait" in d.clauses:
        raise pragma_error("'nowait' clause must not be used together with 'copyprivate'", d.node)
    private = set(d.variables("private"))
    items = [_list_item(ctx, d, name, "copyprivate") for name in names]
    for name in names:
        if name in private or names.count(name) > 1 or any(v.name == name for v in firsts):
            raise pragma_error(f"'{name}' appears more than once in data clauses", d.node)
    for name, item in zip(names, items, strict=True):
        sym = ctx.scope.lookup(name)
        if isinstance(sym, GlobalSymbol):
            shared = _process_global(ctx, sym)
        else:
            shared = is_shared(ctx, item, len(ctx.sharing_frames) - 1)
        if shared:
            raise pragma_error(
                f"copyprivate variable '{name}' is not threadprivate or private in outer context",
                d.node,
            )
    with ctx.nested_scope():
        decls = _c_here(ctx, d, f"void *__inspire_cpv[{len(items)}]; void *__inspire_cp = 0;")
        publish = "".join(f"__inspire_cpv[{i}] = &{name};" for i, name in enumerate(names))
        publish_stmts = _c_here(ctx, d, f"{publish} __inspire_cp = __inspire_cpv;")
        slot = ctx.scope.lookup("__inspire_cp").var
        copies = []
        published = x.convert(x.op("ref_deref", slot), t.ptr(t.ptr(t.UNIT)))
        for i, item in enumerate(items):
            address = x.op("ref_deref", x.op("ptr_elem", published, n.Literal(t.INT8, str(i))))
            source = x.op("ptr_to_ref", x.convert(address, t.ptr(item.type.params[0])))
            copies.append(x.op("copy_object", item, source))
        (copied,) = _c_here(ctx, d, "if (__inspire_cp != (void *)__inspire_cpv) ;")
        copied = n.IfStmt(copied.cond, n.CompoundStmt(tuple(copies)), copied.else_)
    ran = n.CompoundStmt((*block.stmts, *publish_stmts))
    # In a cancelled region the single's thread may not have published:
    # leave the region (directly in its body), or at least copy nothing.
    cancelled = []
    if cancels(ctx, "parallel"):
        point = x.op("cancellation_point_parallel", loc=ctx.loc(d.node))
        if _leaves_region(ctx, True):
            cancelled = _end_task_if(point)
        else:
            copied = n.IfStmt(point, n.CompoundStmt(()), n.CompoundStmt((copied,)))
    return [
        n.CompoundStmt(
            (
                *pointers,
                *decls,
                n.IfStmt(x.op("single"), ran, n.CompoundStmt(())),
                x.op("copyprivate", slot, loc=ctx.loc(d.node)),
                *cancelled,
                copied,
                *barrier(ctx, d, True),
            )
        )
    ]


def _list_item(ctx: LoweringContext, d: Directive, name: str, clause: str) -> n.Node:
    """The variable (a local or a global, ``ref``-typed) that list item ``name``
    of ``clause`` names where ``d`` is."""
    sym = ctx.scope.lookup(name)
    if sym is None:
        raise pragma_error(f"'{name}' undeclared in clause '{clause}'", d.node)
    if not isinstance(sym, VarSymbol | GlobalSymbol):
        raise pragma_error(f"'{name}' is not a variable in clause '{clause}'", d.node)
    return ctx.expr.expr(c_ast.ID(name, coord=d.node.coord))


def _c_here(ctx: LoweringContext, d: Directive, text: str) -> list[n.Node]:
    """The C block items ``text`` lowered in the current scope (so the names
    they declare stay visible there), placed at ``d``."""
    body = _parsed_at(f"void __stmts(void) {{ {text} }}", d).ext[-1].body
    return list(ctx.stmt.block(body, new_scope=False).stmts)


@directive("master")
def lower_master(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``if (get_thread_id() == 0) {...}``, no barrier."""
    x = ctx.expr
    is_master = x.op("eq", x.op("get_thread_id"), n.Literal(t.INT4, "0"))
    return [n.IfStmt(is_master, ctx.stmt.items_block(body), n.CompoundStmt(()))]


@directive("masked", clauses=("filter",))
def lower_masked(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``if (get_thread_id() == filter) {...}`` (``filter`` 0 if absent), no barrier."""
    return _masked_block(ctx, d, lambda: ctx.stmt.items_block(body))


def _masked_block(ctx: LoweringContext, d: Directive, lower_body) -> list[n.Node]:
    """The ``masked`` construct ``d`` around the block ``lower_body()`` lowers."""
    x = ctx.expr
    text = d.expression("filter")
    thread = x.convert(clause_value(ctx, text, d), t.INT4) if text else n.Literal(t.INT4, "0")
    is_selected = x.op("eq", x.op("get_thread_id"), thread)
    return [n.IfStmt(is_selected, lower_body(), n.CompoundStmt(()))]


@directive("parallel master", clauses=tuple(sorted(DIRECTIVES["parallel"].clauses)),
           outlined=True, team=True)  # fmt: skip
def lower_parallel_master(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``parallel master``: a region whose body is the ``master`` construct."""
    return _parallel_masked(ctx, d, body, lower_master)


@directive("parallel masked", clauses=tuple(sorted(DIRECTIVES["parallel"].clauses | {"filter"})),
           outlined=True, team=True)  # fmt: skip
def lower_parallel_masked(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``parallel masked [filter(n)]``: a region whose body is the ``masked``
    construct (``filter`` goes to it, the other clauses to the region)."""
    return _parallel_masked(ctx, d, body, lower_masked)


def _parallel_masked(ctx: LoweringContext, d: Directive, body: list, inner: Handler):
    region = Directive("parallel", node=d.node)
    masked = Directive("masked", node=d.node)
    for clause, values in d.clauses.items():
        (masked if clause == "filter" else region).clauses[clause] = values

    def lower_inner() -> n.CompoundStmt:
        return n.CompoundStmt(tuple(inner(ctx, masked, body)))

    return _parallel(ctx, region, body, lower_inner)


@directive("simd", clauses=("safelen", "simdlen", "linear", "aligned", "private", "lastprivate",
                            "reduction", "collapse", "nontemporal", "order", "if"))  # fmt: skip
def lower_simd(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """A vectorisation hint: the loop is lowered as written (run by one
    thread, in order, it has the semantics every ``simd`` clause allows),
    in a block declaring its ``private`` copies; a ``task`` reduction
    modifier is gcc's error.

    The emitted C keeps the hint (``#pragma omp simd``, which a C compiler
    honours with ``-fopenmp-simd``) on a loop that declares its iteration
    variable or runs on a local copy of it (:func:`_copied_counters`), has
    no directive in its body and no clause naming an
    expression or a variable (``safelen``, ``simdlen`` and
    ``order(concurrent)`` only) but the built-in reductions of arithmetic
    variables (:func:`_simd_reductions`: IR references, which the emitted C
    names where it can) and the clauses it drops (``aligned``,
    ``nontemporal``: :data:`_DROPPED_SIMD_HINTS`): the other clauses would
    name objects the emitted C may spell differently, and dropping them but
    keeping the hint would allow a vectorisation the program does not."""
    if not _loop_nest(body, 1):
        raise pragma_error(f"'#pragma omp {d.name}' must be followed by a for loop", d.node)
    modifiers = set(reduced_items(d, "reduction").values())
    if "task" in modifiers:
        _check_task_modifier(ctx, d)
    if "inscan" in modifiers:
        body = _without_scan(ctx, d, body)
    counters = _copied_counters(ctx, d, body)
    hint = _simd_hint(ctx, d, body, {name for name, _ in counters})
    hinted = None if hint is None else _simd_reductions(ctx, d)
    with ctx.nested_scope():
        decls, copy_out = [], []
        for name, original in counters:
            local = n.Variable(original.type, ctx.fresh_local_name(f"__inspire_{name}_"))
            ctx.scope.ordinary[name] = VarSymbol(local)
            decls.append(_private_decl(local))
            copy_out.append(ctx.expr.op("assign", original, ctx.expr.op("ref_deref", local)))
        block = ctx.stmt.items_block(body)
    loop = block.stmts[0] if len(block.stmts) == 1 else None
    if hinted is not None and isinstance(loop, n.ForStmt):
        block = n.CompoundStmt((dataclasses.replace(loop, simd=hint, reductions=hinted),))
    if counters:
        block = n.CompoundStmt((*decls, *block.stmts, *copy_out))
    return [_with_privates(ctx, d, block)]


def _copied_counters(ctx: LoweringContext, d: Directive, body: list) -> list[tuple[str, n.Node]]:
    """The iteration variables of the loops of ``simd`` construct ``d`` that
    the loops do not declare and that are ``lastprivate`` or ``linear``, as
    an iteration variable not listed otherwise is (OpenMP 5.2 §5.1.1), with
    the objects their names denote here; threadprivate ones excepted.  The
    loop runs on a copy of each, stored into the object after it, as gcc
    does: every thread of a team that runs the loop has its own copy, where
    the object may be shared by the team."""
    depth = _collapse_depth(ctx, d)
    listed = set(d.variables("private")) | set(reduced_items(d, "reduction"))
    copied = []
    for name in sorted(_loop_variables(body, depth) - _declared_iterations(body, depth) - listed):
        sym = ctx.scope.lookup(name)
        if isinstance(sym, VarSymbol):
            copied.append((name, sym.var))
        elif _process_global(ctx, sym):
            copied.append((name, sym.glob))
    return copied


#: The clauses of ``simd`` that the emitted C's hint keeps (``reduction``
#: only as :func:`_simd_reductions` allows).
_SIMD_HINT_CLAUSES = frozenset({"safelen", "simdlen", "order", "reduction"})
#: The clauses of ``simd`` the emitted C's hint drops: they only tell more
#: about the memory the loop reads and writes (alignment, no reuse), so the
#: hint without them allows no vectorisation that the one with them does not.
_DROPPED_SIMD_HINTS = frozenset({"aligned", "nontemporal"})


def _simd_reductions(ctx: LoweringContext, d: Directive) -> tuple[n.SimdReduction, ...] | None:
    """The ``reduction`` clauses of ``simd`` construct ``d`` as the hint's
    :class:`~inspire.nodes.SimdReduction` nodes, each naming the object the
    loop's body reduces into here; None (no hint) unless every one is a
    built-in operator on an arithmetic variable without a modifier."""
    out = []
    for text in d.clauses.get("reduction", []):
        modifier, op, names = _reduction_parts(text) or ("?", "", [])
        if modifier is not None or op not in n.SIMD_REDUCTION_OPERATORS:
            return None
        for name in names:
            sym = ctx.scope.lookup(name) if _IDENTIFIER.fullmatch(name) else None
            target = sym.var if isinstance(sym, VarSymbol) else getattr(sym, "glob", None)
            if not isinstance(sym, VarSymbol | GlobalSymbol) or target is None:
                return None
            ty = t.strip_qualifiers(target.type.params[0])
            if not t.is_arithmetic(ty) or ctx.scope.user_reduction(op, ty) is not None:
                return None
            out.append(n.SimdReduction(op, target))
    return tuple(out)


def _simd_hint(ctx: LoweringContext, d: Directive, body: list, counted: set[str]) -> str | None:
    """The ``simd`` hint of :func:`lower_simd` (a :attr:`~inspire.nodes.ForStmt.simd`
    text), or None (:func:`_hint_text`).  The loop must declare its
    iteration variable, or start by assigning one of ``counted``, which runs
    on a local copy (:func:`_copied_counters`): in the emitted C either is a
    local the hint makes linear, as OpenMP makes it."""
    hint = _hint_text(ctx, d, body, _SIMD_HINT_CLAUSES | _DROPPED_SIMD_HINTS)
    init = body[0].init if hint is not None else None
    local_counter = isinstance(init, c_ast.DeclList) or (
        isinstance(init, c_ast.Assignment)
        and init.op == "="
        and isinstance(init.lvalue, c_ast.ID)
        and init.lvalue.name in counted
    )
    return hint if local_counter else None


def _hint_text(
    ctx: LoweringContext, d: Directive, body: list, allowed: frozenset[str]
) -> str | None:
    """The hint text of construct ``d`` with a ``simd`` part (its
    ``safelen``, ``simdlen`` and ``order(concurrent)``), with gcc's errors
    for its SIMD clauses; None unless ``body`` is one ``for`` loop without a
    directive inside, every clause of ``d`` is ``allowed`` but an ``if``
    that does not apply to the ``simd`` part, and ``order`` is
    ``concurrent``."""
    lengths = _simd_lengths(ctx, d)
    loop = body[0] if len(body) == 1 else None
    order = [text.replace(" ", "") for text in d.clauses.get("order", [])]
    clauses = set(d.clauses) - ({"if"} if d.condition("simd") is None else set())
    if (
        clauses - allowed
        or any(text not in ("concurrent", "reproducible:concurrent") for text in order)
        or not isinstance(loop, c_ast.For)
        or any(isinstance(node, c_ast.Pragma) for node in c_nodes(loop.stmt))
    ):
        return None
    words = [f"{clause}({value})" for clause, value in sorted(lengths.items())]
    return " ".join(words + ["order(concurrent)"] * bool(order))


def _check_order(d: Directive) -> None:
    """gcc's errors for the ``order`` clause of ``d`` (OpenMP 5.1: ``order([
    reproducible | unconstrained:] concurrent)``, which a loop run by threads
    in any order, or by one thread in order, satisfies)."""
    for text in d.clauses.get("order", []):
        modifier, colon, kind = text.rpartition(":")
        if kind.strip() != "concurrent":
            message = f"expected 'concurrent' before '{kind.strip()}'"
            raise d.clause_error("order", message, word=kind.strip())
        if colon and modifier.strip() not in ("reproducible", "unconstrained"):
            raise pragma_error(
                f"expected 'reproducible' or 'unconstrained' before '{modifier.strip()}'", d.node
            )
        if "ordered" in d.clauses:
            raise d.clause_error("order", "'order' clause must not be used together with 'ordered'")


def _simd_lengths(ctx: LoweringContext, d: Directive) -> dict[str, int]:
    """The values of the ``safelen`` and ``simdlen`` clauses of ``d``, with
    gcc's errors for them (and for ``order``), and gcc's checks of the
    ``if`` clauses."""
    _check_order(d)
    d.condition("simd")
    lengths = {}
    for clause in ("safelen", "simdlen"):
        text = d.expression(clause)
        if text is None:
            continue
        value = const_eval(clause_expr(ctx, text, d), ctx.resolver, ctx.scope)
        if value is None or value < 1:
            raise d.clause_error(
                clause, f"'{clause}' clause expression must be positive constant integer expression"
            )
        lengths[clause] = value
    if lengths.get("simdlen", 0) > lengths.get("safelen", lengths.get("simdlen", 0)):
        raise d.clause_error(
            "simdlen", "'simdlen' clause value is bigger than 'safelen' clause value"
        )
    return lengths


@directive("critical", argument=True, clauses=("hint",))
def lower_critical(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """The body between ``critical_enter(name)`` and ``critical_exit(name)``;
    a ``hint`` (a sync-hint constant, :func:`check_clauses`) has no effect."""
    name = n.Literal(t.IDENTIFIER, d.argument or UNNAMED_CRITICAL)
    return [
        ctx.expr.op("critical_enter", name),
        ctx.stmt.items_block(body),
        ctx.expr.op("critical_exit", name),
    ]


_ATOMIC_OPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "&": "and", "|": "or",
               "^": "xor", "<<": "shl", ">>": "shr"}  # fmt: skip
#: The C operator of each update of ``_ATOMIC_OPS``.
_ATOMIC_SYMBOLS = {name: symbol for symbol, name in _ATOMIC_OPS.items()}

#: The atomic clauses and the memory-order clauses (gcc's rules on them:
#: :mod:`frontend.clause_checks`).
_ATOMIC_KINDS, _MEMORY_ORDERS = ATOMIC_KINDS, MEMORY_ORDERS

#: The comparisons of ``atomic compare`` (the builtin's suffix), and each
#: one with its operands swapped.
_ATOMIC_COMPARE = {"<": "lt", ">": "gt", "==": "eq"}
_SWAPPED = {"<": ">", ">": "<", "==": "=="}


@directive("atomic", clauses=(*_ATOMIC_KINDS, *_MEMORY_ORDERS, "hint", "fail", "weak"))
def lower_atomic(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """Every form of ``atomic`` (OpenMP 5.2 §15.8.4) as the atomic builtins.

    * ``read`` ``v = x;``: ``v = atomic_load(x)``; ``write`` ``x = e;``:
      ``atomic_store(x, e)``;
    * ``update`` (the default) ``x++``, ``x op= e``, ``x = x op e``:
      ``atomic_fetch_OP(x, e)``; ``x = e op x``: the same if ``op``
      commutes, else ``atomic_fetch_rOP(x, e)`` (``x = e - x``);
    * ``compare`` ``if (x == e) { x = d; }``, ``if (x < e) { x = e; }`` (``>``, and
      the comparison's operands swapped), ``x = x == e ? d : x;`` ...:
      ``atomic_compare_OP(x, e, d)``;
    * ``capture``: an update or compare whose old value (``v = x++;``,
      ``{v = x; x op= e;}``, ``{v = x; if (x == e) x = d;}``, ``{v = x; x =
      e;}`` as ``atomic_exchange``) or new value (``v = ++x;``, ``v = x op=
      e;``, ``{x op= e; v = x;}``, ``{if (...) x = d; v = x;}``, ``v = x =
      x < e ? e : x;``) is stored
      in ``v``; the new value is computed from the old one and the operands,
      evaluated once into temporaries.  ``if (x == e) x = d; else v = x;``
      stores the old value when the comparison fails.

    The builtins are sequentially consistent, so every memory-order clause
    is accepted (a stronger order is a valid implementation of each), as are
    ``hint`` and ``weak`` (a strong compare-and-swap never fails spuriously).
    """
    _check_memory_order_requirement(ctx, d)
    # at most one of read/write/update, one memory order (check_clauses);
    # update is what capture and compare do anyway
    extended = "capture" in d.clauses or "compare" in d.clauses
    kinds = [k for k in _ATOMIC_KINDS if k in d.clauses and not (k == "update" and extended)]
    for kind, order in (("read", "release"), ("write", "acquire")):
        if kind in d.clauses and order in d.clauses:
            raise pragma_error(
                f"'#pragma omp atomic {kind}' incompatible with '{order}' clause", d.node
            )
    for clause in ("weak", "fail"):
        if clause in d.clauses and "compare" not in d.clauses:
            raise pragma_error(f"'{clause}' clause requires 'compare' clause", d.node)
    stmt = body[0] if len(body) == 1 else None
    kind = "compare" if "compare" in kinds else kinds[0] if kinds else "update"
    out = _Atomic(ctx, d).lower(kind, "capture" in kinds, stmt)
    if out is None:
        forms = {
            "read": "'v = x;'",
            "write": "'x = expr;'",
            "update": "'x++;', 'x op= expr;' or 'x = x op expr;'",
            "capture": "'v = x++;', 'v = x op= expr;', '{v = x; x op= expr;}' ...",
            "compare": "'if (x == e) { x = d; }', 'if (x < e) { x = e; }' or 'x = x < e ? e : x;'",
        }[kind]
        capture = "capture" in kinds and kind == "compare"
        raise pragma_error(
            f"invalid form of '#pragma omp atomic {kind}{' capture' if capture else ''}' "
            f"(expected {forms}{', with v = x before or after it' if capture else ''})",
            d.node,
        )
    if kind in ("read", "compare") or "capture" in kinds:
        out = [*out, ctx.expr.op("poll")]  # where a spin-wait loop observes x
    return out if len(out) == 1 else [n.CompoundStmt(tuple(out))]  # temporaries in a block


@dataclass
class _Atomic:
    """The lowering of one ``atomic`` directive (see :func:`lower_atomic`):
    each ``form`` method returns the IR statements of a statement of that
    form, or None when the statement does not have it."""

    ctx: LoweringContext
    d: Directive
    temps: list[n.Node] = field(default_factory=list)
    capture: bool = False
    stmt: c_ast.Node | None = None  # the statement being lowered

    def lower(self, kind: str, capture: bool, stmt: c_ast.Node | None) -> list[n.Node] | None:
        x = self.ctx.expr
        self.capture = capture
        self.stmt = stmt
        if stmt is None:
            return None
        if kind == "read":
            if self._assignment(stmt) is None or not _is_lvalue(stmt.rvalue):
                return None
            source = self._target(stmt.rvalue, read=True)
            return [self._store(stmt.lvalue, x.op("atomic_load", source))]
        if kind == "write":
            if self._assignment(stmt) is None:
                return None
            target = self._target(stmt.lvalue)
            value = x.convert(x.value(stmt.rvalue), target.type.params[0])
            return [x.op("atomic_store", target, value)]
        if not capture:
            op = self._compare(stmt) if kind == "compare" else self._update(stmt)
            if op is None:
                return None
            update = op[0](self)
            return [*self.temps, update]
        if kind == "update" or kind == "capture":
            return self._capture(stmt, self._update)
        return self._capture(stmt, self._compare)

    def _assignment(self, stmt: c_ast.Node) -> c_ast.Assignment | None:
        ok = isinstance(stmt, c_ast.Assignment) and stmt.op == "="
        return stmt if ok else None

    def _target(self, node: c_ast.Node, read: bool = False) -> n.Node:
        """The atomic location ``x``: a scalar that is not complex, as gcc
        requires (its error at the statement's operator); modifiable unless
        the construct only ``read``s it."""
        x = self.ctx.expr
        e = x.expr(node)
        ty = t.strip_qualifiers(e.type.params[0] if t.is_ref(e.type) else e.type)
        if not t.is_scalar(ty) or t.is_complex(ty):
            raise _at_operator(self.stmt, "invalid expression type for '#pragma omp atomic'")
        if read:
            return x.plain_access(x.lvalue(e, node))
        return x.modifiable(e, node)

    def _store(self, v: c_ast.Node, value: n.Node) -> n.Node:
        """``v = value`` (``v`` the capture's variable)."""
        target = self.ctx.expr.modifiable(self.ctx.expr.expr(v), v)
        return self.ctx.expr.op(
            "assign", target, self.ctx.expr.assignable(value, target.type.params[0], v)
        )

    def _temp(self, value: n.Node, twice: bool = False) -> n.Node:
        """``value`` evaluated once, before the atomic operation: needed by a
        capture (which may compute the new value from it) and by a value
        the operation uses ``twice``."""
        if not (self.capture or twice):
            return value
        ty = t.strip_qualifiers(value.type)
        var = n.Variable(t.ref(ty), f"__inspire_atomic{len(self.temps)}")
        self.temps.append(n.DeclStmt(n.Declaration(var.type, value), var))
        return self.ctx.expr.op("ref_deref", var)

    def _update(self, stmt: c_ast.Node):
        """``(old, new, lvalue, operands)`` of an update statement:
        ``old(self)`` the operation yielding the old value (its operands,
        evaluated into temporaries, appended to ``operands``), ``new(self,
        old)`` the new value computed from it."""
        x = self.ctx.expr
        if isinstance(stmt, c_ast.UnaryOp) and stmt.op in ("++", "p++", "--", "p--"):
            lvalue, op = stmt.expr, "add" if "+" in stmt.op else "sub"
            operand = None
        elif isinstance(stmt, c_ast.Assignment) and stmt.op[:-1] in _ATOMIC_OPS:
            lvalue, op, operand = stmt.lvalue, _ATOMIC_OPS[stmt.op[:-1]], stmt.rvalue
        elif isinstance(stmt, c_ast.Assignment) and stmt.op == "=":
            rhs = stmt.rvalue
            if not (isinstance(rhs, c_ast.BinaryOp) and rhs.op in _ATOMIC_OPS):
                return None
            same = _same_lvalue(rhs.left, stmt.lvalue)
            if not (same or _same_lvalue(rhs.right, stmt.lvalue)):
                return None
            lvalue, op = stmt.lvalue, _ATOMIC_OPS[rhs.op]
            operand = rhs.right if same else rhs.left
            if not same and rhs.op not in ("+", "*", "&", "|", "^"):
                op = f"r{op}"  # x = e - x: the operands swapped
        else:
            return None
        operands: list[n.Node] = []

        def old(self: _Atomic) -> n.Node:
            target = self._target(lvalue)
            ty = target.type.params[0]
            if t.is_ptr(t.strip_qualifiers(ty)) and op in ("add", "sub"):
                one = n.Literal(t.INT4, "1")
                offset = x.convert(x.value(operand) if operand is not None else one, t.INT8)
                operands.append(self._temp(offset))
                return x.op(f"atomic_fetch_ptr_{op}", target, operands[0])
            if not t.is_arithmetic(ty):
                raise pragma_error(
                    f"'#pragma omp atomic' update of a {t.type_str(ty)} is not supported by "
                    "inspirec",
                    self.d.node,
                )
            if operand is None:
                e = x.convert(n.Literal(t.INT4, "1"), ty)
            else:  # of its own type: C's conversions apply (x /= 2u divides as unsigned)
                value = x.value(operand)
                if not t.is_arithmetic(t.strip_qualifiers(value.type)):
                    raise fail(f"invalid operands to binary {_ATOMIC_SYMBOLS[op]}", operand)
                e = self._temp(x.convert(value, t.strip_qualifiers(value.type)))
            operands.append(e)
            return x.op(f"atomic_fetch_{op}", target, e)

        def new(self: _Atomic, before: n.Node) -> n.Node:
            if t.is_ptr(t.strip_qualifiers(before.type)):
                return x.op(f"ptr_{op}", before, operands[0])
            symbol = _ATOMIC_SYMBOLS[op.removeprefix("r")]
            pair = (operands[0], before) if op.startswith("r") else (before, operands[0])
            return x.convert(x.binary(symbol, *pair, self.stmt), before.type)

        return old, new, lvalue, operands

    def _compare(self, stmt: c_ast.Node):
        """``(old, new, lvalue, operands)`` (as :meth:`_update`) of a conditional
        update; ``operands`` are the compared value and the stored one."""
        x = self.ctx.expr
        if isinstance(stmt, c_ast.If) and stmt.iffalse is None:
            then = stmt.iftrue  # braces required, as gcc does
            if not (isinstance(then, c_ast.Compound) and len(then.block_items or []) == 1):
                return None
            then = then.block_items[0]
            if self._assignment(then) is None:
                return None
            cond, lvalue, stored = stmt.cond, then.lvalue, then.rvalue
        elif self._assignment(stmt) is not None and isinstance(stmt.rvalue, c_ast.TernaryOp):
            rhs = stmt.rvalue
            if not _same_lvalue(rhs.iffalse, stmt.lvalue):
                return None
            cond, lvalue, stored = rhs.cond, stmt.lvalue, rhs.iftrue
        else:
            return None
        if not (isinstance(cond, c_ast.BinaryOp) and cond.op in _ATOMIC_COMPARE):
            return None
        if _same_lvalue(cond.left, lvalue):
            op, compared = cond.op, cond.right
        elif _same_lvalue(cond.right, lvalue):
            op, compared = _SWAPPED[cond.op], cond.left
        else:
            return None
        if op != "==" and not _same_lvalue(compared, stored):
            return None
        operands: list[n.Node] = []

        def old(self: _Atomic) -> n.Node:
            target = self._target(lvalue)
            ty = target.type.params[0]
            # the compared value keeps its type (C's comparison: x < 12u is unsigned)
            value = x.value(compared)
            x.binary(op, n.Undefined(t.strip_qualifiers(ty)), value, cond)  # gcc's errors
            e = self._temp(x.convert(value, t.strip_qualifiers(value.type)), twice=op != "==")
            dv = x.convert(e, ty) if op != "==" else self._temp(x.convert(x.value(stored), ty))
            operands.extend((e, dv))
            return x.op(f"atomic_compare_{_ATOMIC_COMPARE[op]}", target, e, dv)

        def new(self: _Atomic, before: n.Node) -> n.Node:
            e, dv = operands
            return x.op("ite", x.binary(op, before, e, self.stmt), dv, before)

        return old, new, lvalue, operands

    def _capture(self, stmt: c_ast.Node, form) -> list[n.Node] | None:
        """The capture forms of an update (``form`` :meth:`_update`) or a
        conditional update (:meth:`_compare`)."""
        x = self.ctx.expr
        if isinstance(stmt, c_ast.Compound) and len(stmt.block_items or []) == 2:
            first, second = stmt.block_items
            read = self._assignment(first)
            if read is not None and _is_lvalue(read.rvalue):
                write = self._assignment(second)
                swap = (
                    form == self._update
                    and write is not None
                    and _same_lvalue(write.lvalue, read.rvalue)
                    and not _mentions(write.rvalue, read.rvalue)
                )
                if swap:  # {v = x; x = e;}
                    target = self._target(write.lvalue)
                    e = x.convert(x.value(write.rvalue), target.type.params[0])
                    return [self._store(read.lvalue, x.op("atomic_exchange", target, e))]
                op = form(second)
                if op is not None and _same_lvalue(op[2], read.rvalue):
                    old = op[0](self)
                    return [*self.temps, self._store(read.lvalue, old)]
            read = self._assignment(second)
            op = form(first)
            if read is not None and op is not None and _same_lvalue(op[2], read.rvalue):
                old_value = self._temp(op[0](self))
                return [*self.temps, self._store(read.lvalue, op[1](self, old_value))]
            if form == self._compare:
                return self._compare_result(first, second)
            return None
        if form == self._compare and isinstance(stmt, c_ast.If) and stmt.iffalse is not None:
            other = stmt.iffalse
            if not (isinstance(other, c_ast.Compound) and len(other.block_items or []) == 1):
                return None
            read = self._assignment(other.block_items[0])
            op = self._compare(c_ast.If(stmt.cond, stmt.iftrue, None, stmt.coord))
            cond = stmt.cond
            equality = isinstance(cond, c_ast.BinaryOp) and cond.op == "=="
            if read is None or op is None or not equality or not _same_lvalue(op[2], read.rvalue):
                return None
            old_value = self._temp(op[0](self))
            failed = x.binary("!=", old_value, op[3][0], stmt)
            store = n.CompoundStmt((self._store(read.lvalue, old_value),))
            return [*self.temps, n.IfStmt(failed, store, n.CompoundStmt(()))]
        if form == self._update and self._assignment(stmt) is not None:
            inner = stmt.rvalue
            if isinstance(inner, c_ast.UnaryOp) and inner.op in ("p++", "p--"):
                op = self._update(inner)
                if op is None:
                    return None
                old_value = op[0](self)
                return [*self.temps, self._store(stmt.lvalue, old_value)]
            op = (
                self._update(inner) if isinstance(inner, c_ast.UnaryOp | c_ast.Assignment) else None
            )
            if op is not None:
                old_value = self._temp(op[0](self))
                return [*self.temps, self._store(stmt.lvalue, op[1](self, old_value))]
        if form == self._compare and self._assignment(stmt) is not None:
            op = self._compare(stmt.rvalue)  # v = x = x < e ? e : x;
            if op is not None:
                old_value = self._temp(op[0](self))
                return [*self.temps, self._store(stmt.lvalue, op[1](self, old_value))]
        return None

    def _compare_result(self, first: c_ast.Node, second: c_ast.Node) -> list[n.Node] | None:
        """OpenMP 5.1's ``{r = x == e; if (r) {x = d;}}``, with ``else {v =
        x;}`` or without: ``r`` is whether the exchange happened, ``v`` the
        value seen when it did not."""
        x = self.ctx.expr
        result = self._assignment(first)
        if result is None or not isinstance(second, c_ast.If):
            return None
        test = result.rvalue
        if not (isinstance(test, c_ast.BinaryOp) and test.op == "=="):
            return None
        if not (isinstance(second.cond, c_ast.ID) and _same_lvalue(second.cond, result.lvalue)):
            return None
        op = self._compare(c_ast.If(test, second.iftrue, None, second.coord))
        if op is None:
            return None
        read = None
        other = second.iffalse
        if other is not None:
            items = other.block_items if isinstance(other, c_ast.Compound) else None
            read = self._assignment(items[0]) if items is not None and len(items) == 1 else None
            if read is None or not _same_lvalue(op[2], read.rvalue):
                return None
        old_value = self._temp(op[0](self))
        equal = x.binary("==", old_value, op[3][0], test)
        out = [*self.temps, self._store(result.lvalue, equal)]
        if read is not None:
            store = n.CompoundStmt((self._store(read.lvalue, old_value),))
            differ = x.binary("!=", old_value, op[3][0], test)
            out.append(n.IfStmt(differ, store, n.CompoundStmt(())))
        return out


def _is_lvalue(node: c_ast.Node) -> bool:
    """Whether ``node`` is syntactically an lvalue that ``atomic`` may access."""
    if isinstance(node, c_ast.UnaryOp):
        return node.op == "*"
    return isinstance(node, c_ast.ID | c_ast.ArrayRef | c_ast.StructRef)


def _mentions(expr: c_ast.Node, lvalue: c_ast.Node) -> bool:
    """Whether ``expr`` contains ``lvalue`` (textually)."""
    stack = [expr]
    while stack:
        node = stack.pop()
        if _same_lvalue(node, lvalue):
            return True
        stack.extend(c for _, c in node.children())
    return False


def _at_operator(stmt: c_ast.Node | None, message: str) -> CompileError:
    """Error ``message`` where gcc places an atomic statement's errors: at
    its assignment operator (assumed one blank from its right operand), else
    at the statement."""
    if isinstance(stmt, c_ast.Assignment) and stmt.rvalue.coord is not None:
        at = stmt.rvalue.coord
        column = max(1, at.column - len(stmt.op) - 1)
        return CompileError([error(message, at.file, at.line, column)])
    return fail(message, stmt)


def _same_lvalue(a: c_ast.Node, b: c_ast.Node) -> bool:
    gen = CGenerator()
    return gen.visit(a) == gen.visit(b)


def _ordered_regions_possible(ctx: LoweringContext, loop: c_ast.For) -> bool:
    """Whether an iteration of ``loop``, a loop with the ``ordered`` clause,
    may run an ordered region: its body has an ``ordered`` construct, or
    calls a function while the program has one outside the body (an orphaned
    region binds to the loop that runs its function).  Without one the
    clause asks nothing, and the loop runs as without it (each iteration
    waiting for the one before made it a serial loop)."""
    regions = [
        node
        for node, d in ctx.program.directives.items()
        if d.name == "ordered" and d.form != "standalone"  # not doacross
    ]
    inside = set(map(id, c_nodes(loop.stmt)))
    if any(id(node) in inside for node in regions):
        return True
    return bool(regions) and any(isinstance(x, c_ast.FuncCall) for x in c_nodes(loop.stmt))


@directive(
    "for",
    clauses=(
        "schedule", "nowait", "private", "firstprivate", "lastprivate", "reduction", "collapse",
        "ordered", "order", "linear",
    ),
    outlined=True,
    barrier=True,
)  # fmt: skip
def lower_for(
    ctx: LoweringContext,
    d: Directive,
    body: list,
    dist: n.Node | None = None,
    simd: str | None = None,
) -> list[n.Node]:
    """``for``: a worksharing loop ``pfor(lo, hi, step, schedule, chunk, bind(i) {..})``
    and a barrier unless ``nowait``.

    The loop must be in OpenMP canonical form: ``for (i = lo; i REL b; i
    INCR)`` with ``REL`` one of ``< <= > >=`` and ``INCR`` ``++``,
    ``--``, ``+= s`` or ``-= s``; ``hi`` is exclusive.

    With ``reduction``, each thread declares its private copy around its
    ``pfor`` (whose iterations capture it) and combines it into the original
    before the barrier (:func:`with_reductions`).  ``firstprivate`` and
    ``lastprivate`` copies are declared around the ``pfor`` the same way
    (:func:`_copied_loop`): a firstprivate copy starts as the original, and
    the thread that runs the sequentially last iteration stores its
    lastprivate copies into the originals.  ``collapse(n)`` runs one loop over
    the linearised iterations (:func:`_collapsed_loop`; a non-rectangular
    nest's loops from its first dependent one run inside each iteration).

    With ``dist`` (the chunk of a ``dist_schedule``, 0 without one), the
    loop is a ``distribute`` loop, or the worksharing loop of a composite
    ``distribute parallel for``: the ``pfor`` runs on the current team's part
    of the iterations only, one ``pfor`` per part (:func:`_distributed`).

    ``simd``: the hint of a composite construct's ``simd`` part
    (:func:`_composite_simd_hint`), which the ``pfor``'s body keeps
    (:attr:`~inspire.nodes.BindExpr.simd`) when its reductions can be named
    (:func:`_pfor_simd_reductions`).
    """
    loop = body[0] if len(body) == 1 else None
    if not isinstance(loop, c_ast.For):
        raise pragma_error(f"'#pragma omp {d.name}' must be followed by a for loop", d.node)
    _check_order(d)
    if "inscan" in reduced_items(d, "reduction").values():
        return _scan_loop(ctx, d, body)
    depth = _collapse_depth(ctx, d)
    doacross = ordered_depth(ctx, d, depth)
    copies = _loop_copies(ctx, d)
    linear = _linear_variables(ctx, d, copies)
    with ctx.nested_scope():
        nest: list[n.Node] = []
        collapsed: list[n.Variable] = []
        sequential: list[n.Variable] = []  # of inner loops left in the body (non-rectangular)
        if doacross or depth > 1 or _counted_loop(ctx, loop):
            loop, collapsed, nest, sequential = _collapsed_loop(ctx, d, body, depth, doacross or 0)
        var, lo = _loop_start(ctx, loop, d)
        for v in linear:
            if v is var or v in collapsed:
                raise pragma_error(f"iteration variable '{v.name}' should not be linear", d.node)
        ty = var.type.params[0]
        if not t.is_integer(ty):
            raise pragma_error(f"invalid type for iteration variable '{var.name}'", d.node)
        last_iv = None  # the iteration variable, if lastprivate
        finals: dict[n.Variable, n.Node] = {}  # lastprivate collapsed ones: their final values
        for v in (var, *collapsed):
            if v in copies["firstprivate"]:
                raise pragma_error(
                    f"iteration variable '{v.name}' should not be firstprivate", d.node
                )
            if v in copies["conditional"]:
                raise pragma_error(
                    f"iteration variable '{v.name}' in 'lastprivate(conditional:)' is not "
                    "supported",
                    d.node,
                )
            if v in copies["lastprivate"] and v is var:
                last_iv = v
            elif v in copies["lastprivate"]:
                finals[v] = _final_value(ctx, collapsed.index(v), v)
        copies = {
            **copies,
            "lastprivate": [
                v for v in copies["lastprivate"] if v is not last_iv and v not in finals
            ],
        }
        hi, step = _loop_bounds(ctx, loop, var, ty, d)
        kind, chunk = _schedule(ctx, d)
        if depth > 1 and len(collapsed) < depth:  # non-rectangular: rows dealt one by one
            kind, chunk = n.Literal(t.INT4, "1"), n.Literal(t.INT8, "1")
        privates = set(clause_variables(ctx, d, "private"))
        reds = reductions(ctx, d)
        reduced = {r.var.name for r in reds}
        copied = {v.name for v in copies["firstprivate"] + copies["lastprivate"]}

        def decide(v: n.Variable, depth: int) -> str:
            private = v.name in privates | reduced | copied or v is var
            if private or v in collapsed or v in sequential:
                return "private"
            return inherited_sharing(ctx, v, depth)

        with ctx.sharing_frame(decide):
            if doacross:
                ctx.doacross_loops.append(_doacross_loop(collapsed, depth))
            try:
                block = ctx.stmt.items_block([loop.stmt])
            finally:
                if doacross:
                    ctx.doacross_loops.pop()
        bounds: list[n.Node] = []
        mark: list[n.Node] = []
        up = loop.cond.op in ("<", "<=")
        if copies["conditional"]:
            i = ctx.expr.op("ref_deref", var)
            block = _mark_conditional_stores(ctx, d, block, copies["conditional"], i)
        if last_iv or finals or set(copies["lastprivate"]) - set(copies["conditional"]):
            hi, step, bounds, mark = _last_iteration(ctx, d, var, hi, step, up, last_iv)
        starts: list[tuple[n.Variable, n.Variable]] = []
        if linear:
            if depth > 1 and len(collapsed) < depth:  # rows of unequal lengths
                raise d.clause_error(
                    "linear",
                    "'linear' on a non-rectangular collapsed loop nest is not supported by "
                    "inspirec",
                )
            lo, starts, linear_marks = _linear_iterations(ctx, d, var, lo, linear, bounds)
            mark = [*mark, *linear_marks]
    block = n.CompoundStmt((*mark, *_continue_as_return(block).stmts))
    if doacross:
        kind = n.Literal(t.INT4, str(int(kind.value) | _SCHED_DOACROSS))
    elif "ordered" in d.clauses and _ordered_regions_possible(ctx, loop):
        kind = n.Literal(t.INT4, str(int(kind.value) | _SCHED_ORDERED))
        block = n.CompoundStmt((ctx.expr.op("ordered_iteration"), *block.stmts))
    captures, decls = [], []
    for v in free_variables(block):
        if v is var:
            continue
        ctx.check_entry_extents(v.type, d.node)
        if v.name in privates or v in collapsed or (v in sequential and v.name not in copied):
            decls.append(_private_decl(v, ctx))
        else:
            captures.append(capture(ctx, v, "shared"))
    block = n.CompoundStmt((*decls, *block.stmts))
    param = var
    if t.qualifiers(ty):  # volatile: the pfor counts in a plain variable
        ty = t.strip_qualifiers(ty)
        param = n.Variable(t.ref(ty), ctx.fresh_local_name(f"__inspire_{var.name}_"))
        copy = n.DeclStmt(n.Declaration(var.type, ctx.expr.op("ref_deref", param)), var)
        block = n.CompoundStmt((copy, *block.stmts))
    shared_copies = copies["firstprivate"] or copies["lastprivate"]  # the lanes' too
    hinted = None if simd is None or shared_copies else _pfor_simd_reductions(reds)
    closure = n.BindExpr(
        t.function([ty], t.UNIT),
        (param,),
        tuple(captures),
        block,
        None if hinted is None else simd,
        hinted or (),
    )
    loc = ctx.loc(d.node)
    if dist is not None:
        out = _distributed(ctx, ty, lo, hi, step, dist, loc, (kind, chunk, closure))
    else:
        out = [ctx.expr.op("pfor", lo, hi, step, kind, chunk, closure, loc=loc)]
    if copies["firstprivate"] or copies["lastprivate"] or last_iv is not None or finals:
        out = _copied_loop(ctx, d, copies, bounds, out, up, last_iv, finals, starts)
    if reds:
        reduced_loop = n.CompoundStmt(with_reductions(ctx, d, reds, tuple(out)))
        out = [n.CompoundStmt((*reduction_pointers(ctx, reds), reduced_loop))]
    if nest:
        out = [n.CompoundStmt((*nest, *out))]
    if "nowait" not in d.clauses:
        out.extend(barrier(ctx, d, True))
    return out


#: The per-thread flag of a loop with ``lastprivate``: set by the iteration
#: that is sequentially last.
_LAST_FLAG = "__inspire_last"
#: The per-thread value a lastprivate iteration variable has after the loop
#: (set with :data:`_LAST_FLAG`).
_LAST_VALUE = "__inspire_last_value"


def _loop_copies(ctx: LoweringContext, d: Directive) -> dict[str, list[n.Variable]]:
    """The variables of the ``firstprivate`` and ``lastprivate`` clauses of a
    worksharing loop ``d``, each sorted by name, and (``conditional``) those
    of ``lastprivate(conditional: list)``; a variable in one of them and in
    ``private`` is an error (:func:`check_clauses`), variable-length arrays
    and conditional non-scalars are not supported.  Arrays are copied whole."""
    lastprivate, conditional = lastprivate_items(ctx, d)
    clause_variables(ctx, d, "private")
    out: dict[str, list[n.Variable]] = {}
    for clause in ("firstprivate", "lastprivate"):
        names = sorted(lastprivate if clause == "lastprivate" else clause_variables(ctx, d, clause))
        out[clause] = []
        for name in names:
            var = getattr(ctx.scope.lookup(name), "var", None)
            if var is None:
                raise pragma_error(f"'{name}' in clause '{clause}' is not a variable", d.node)
            if t.is_vla(t.strip_qualifiers(var.type.params[0])):
                raise pragma_error(
                    f"variable-length array '{name}' in clause '{clause}' of '{d.name}' "
                    "is not supported",
                    d.node,
                )
            out[clause].append(var)
    out["conditional"] = [v for v in out["lastprivate"] if v.name in conditional]
    for v in out["conditional"]:
        if not t.is_scalar(t.strip_qualifiers(v.type.params[0])):
            raise pragma_error(
                f"non-scalar variable '{v.name}' in conditional 'lastprivate' clause", d.node
            )
    return out


def linear_items(d: Directive) -> list[tuple[str, str | None]]:
    """The ``linear`` clauses of ``d``: (name, step text or None) per item;
    gcc's error for a modifier (``val(x)``, ``ref``, ``uval``)."""
    items = []
    for text in d.clauses.get("linear", []):
        names, colon, step = text.partition(":")
        step_text = step.strip() if colon else None
        if step_text is not None:
            m = re.fullmatch(r"step\s*\((.*)\)", step_text, re.S)
            if m is not None:  # OpenMP 5.2's spelling
                step_text = m.group(1)
            elif re.fullmatch(r"(val|ref|uval)\b.*", step_text, re.S):
                step_text = "val"
        if re.match(r"\s*(val|ref|uval)\s*\(", names) or step_text == "val":
            raise pragma_error(
                "modifier should not be specified in 'linear' clause on 'simd' or 'for' constructs",
                d.node,
            )
        items += [(name.strip(), step_text) for name in names.split(",") if name.strip()]
    return items


def _linear_variables(
    ctx: LoweringContext, d: Directive, copies: dict[str, list[n.Variable]]
) -> dict[n.Variable, str | None]:
    """The ``linear`` variables of the worksharing loop ``d`` and their step
    texts; each is added to ``copies`` as firstprivate and lastprivate (a
    per-thread copy, written back by the thread of the last iteration).  A
    variable in another data clause too is gcc's error."""
    items = linear_items(d)
    if not items:
        return {}
    listed = {v.name for v in copies["firstprivate"] + copies["lastprivate"]}
    listed |= clause_variables(ctx, d, "private") | {r.var.name for r in reductions(ctx, d)}
    out: dict[n.Variable, str | None] = {}
    for name, step in items:
        if ctx.scope.lookup(name) is None:
            raise pragma_error(f"'{name}' undeclared in clause 'linear'", d.node)
        var = getattr(ctx.scope.lookup(name), "var", None)
        if var is None:
            raise pragma_error(f"'{name}' in clause 'linear' is not a variable", d.node)
        if name in listed or var in out:
            raise pragma_error(f"'{name}' appears more than once in data clauses", d.node)
        out[var] = step
        copies["firstprivate"].append(var)
        copies["lastprivate"].append(var)
    return out


def _linear_iterations(
    ctx: LoweringContext,
    d: Directive,
    var: n.Variable,
    lo: n.Node,
    linear: dict[n.Variable, str | None],
    bounds: list[n.Node],
):
    """``(lo, starts, marks)`` of a worksharing loop over ``var`` with
    ``linear`` variables (OpenMP 5.2 §5.4.6): the start evaluated once into a
    local (``bounds``, with each variable's step), the per-thread locals
    holding each variable's value before the loop (``starts``: local and
    variable, declared by :func:`_copied_loop`), and the statements starting
    each iteration, ``x = x0 + (i - start) / step * s``: the value of the
    iteration's logical number, whichever thread runs it."""
    x = ctx.expr
    ty = var.type.params[0]
    start = n.Variable(t.ref(ty), "__inspire_start")
    bounds.insert(0, n.DeclStmt(n.Declaration(start.type, lo), start))
    ctx.scope.ordinary[start.name] = VarSymbol(start)
    starts, texts = [], []
    for v, step_text in sorted(linear.items(), key=lambda item: item[0].name):
        value_type = t.strip_qualifiers(v.type.params[0])
        first = n.Variable(t.ref(value_type), f"__inspire_linear_{v.name}")
        ctx.scope.ordinary[first.name] = VarSymbol(first)
        starts.append((first, v))
        amount = n.Variable(t.ref(t.INT8), f"__inspire_linear_step_{v.name}")
        step = clause_value(ctx, step_text, d) if step_text else n.Literal(t.INT4, "1")
        bounds.append(n.DeclStmt(n.Declaration(amount.type, x.convert(step, t.INT8)), amount))
        ctx.scope.ordinary[amount.name] = VarSymbol(amount)
        texts.append(
            f"{v.name} = {first.name} + ({var.name} - __inspire_start) / __inspire_step "
            f"* {amount.name};"
        )
    return x.op("ref_deref", start), starts, _c_statements(ctx, d, " ".join(texts))


def lastprivate_items(ctx: LoweringContext, d: Directive) -> tuple[set[str], set[str]]:
    """The names of ``d``'s ``lastprivate`` clauses and those with the
    ``conditional:`` modifier, each declared where ``d`` is."""
    names: set[str] = set()
    conditional: set[str] = set()
    for text in d.clauses.get("lastprivate", []):
        modifier, colon, items = text.partition(":")
        if not colon:
            modifier, items = "", text
        if modifier.strip() not in ("", "conditional"):
            raise pragma_error(f"unknown lastprivate modifier '{modifier.strip()}'", d.node)
        for name in (v.strip() for v in items.split(",") if v.strip()):
            if ctx.scope.lookup(name) is None:
                raise pragma_error(f"'{name}' undeclared in clause 'lastprivate'", d.node)
            names.add(name)
            if colon:
                conditional.add(name)
    return names, conditional


#: The builtins that store into their first argument (a reference).
_STORES = frozenset(
    {"assign", "ptr_assign_add", "ptr_assign_sub", "pre_inc", "pre_dec", "post_inc", "post_dec"}
)


def _conditional_state(var: n.Variable) -> tuple[n.Variable, n.Variable]:
    """The per-thread ``(assigned, iteration)`` of ``lastprivate(conditional:
    var)``: whether the thread's iterations assigned ``var``, and the last
    iteration (its loop variable's value as a ``long``) that did."""
    return (
        n.Variable(t.ref(t.INT4), f"__inspire_lc_has_{var.name}"),
        n.Variable(t.ref(t.INT8), f"__inspire_lc_at_{var.name}"),
    )


def _mark_conditional_stores(
    ctx: LoweringContext, d: Directive, block: n.Node, conditional: list[n.Variable], i: n.Node
) -> n.Node:
    """``block`` (an iteration of a loop, ``i`` its loop variable's value)
    with every store into a ``conditional`` variable ``v`` preceded, in the
    same expression (so under the same conditions), by the mark ``(has_v =
    1, at_v = i)``.  A store in a nested task is not supported."""
    x = ctx.expr
    marks = {}
    for v in conditional:
        has, at = _conditional_state(v)
        marks[v] = x.op(
            "comma",
            x.op("assign", has, n.Literal(t.INT4, "1")),
            x.op("assign", at, x.convert(i, t.INT8)),
        )

    def stored(call: n.Node) -> n.Variable | None:
        name = par.builtin_call_name(call)
        if name is None or not (name in _STORES or name.startswith("assign_")):
            return None
        return call.args[0] if call.args and call.args[0] in marks else None

    stack = [(block, False)]
    while stack:
        node, in_task = stack.pop()
        var = stored(node)
        if var is not None and in_task:
            raise pragma_error(
                f"lastprivate(conditional: {var.name}) assigned in a nested task is not supported",
                d.node,
            )
        stack.extend((c, in_task or isinstance(node, n.BindExpr)) for c in node.children)

    class Marked(Rewriter):
        def rewrite_CallExpr(self, call: n.CallExpr) -> n.Node:
            var = stored(call)
            return call if var is None else x.op("comma", marks[var], call)

    return Marked().rewrite(block)


def _c_statements(ctx: LoweringContext, d: Directive, text: str) -> list[n.Node]:
    """The C statements ``text``, lowered in the current scope, placed at ``d``."""
    if not text:
        return []
    body = _parsed_at(f"void __stmts(void) {{ {text} }}", d).ext[-1].body
    return list(ctx.stmt.items_block(body.block_items).stmts)


def _parsed_at(text: str, d: Directive) -> c_ast.FileAST:
    """The C translation unit ``text``, every node placed at ``d``; a syntax
    error in it (in the clause text it is built from) is an error at ``d``."""
    try:
        ast = c_parser().parse(text, "<omp>")
    except ParseError as exc:
        token = str(exc).rpartition("before: ")[2] if "before: " in str(exc) else ""
        where = f" before '{token.strip()}' token" if token.strip() else ""
        raise d.error(f"expected expression{where} in '#pragma omp {d.name}'") from None
    stack: list[c_ast.Node] = [ast]
    while stack:
        node = stack.pop()
        node.coord = d.node.coord
        stack.extend(c for _, c in node.children())
    return ast


def _collapse_depth(ctx: LoweringContext, d: Directive) -> int:
    """The loop count of the ``collapse`` clause of ``d`` (1 without one)."""
    text = d.expression("collapse")
    if text is None:
        return 1
    value = const_eval(clause_expr(ctx, text, d), ctx.resolver, ctx.scope)
    if value is None or value < 1:
        raise d.clause_error(
            "collapse", "collapse argument needs positive constant integer expression"
        )
    return value


def _counted_loop(ctx: LoweringContext, loop: c_ast.For) -> bool:
    """Whether ``loop`` runs as a collapsed nest of one loop (a ``long``
    iteration count, the variable computed from it): its variable is a
    pointer, or an unsigned one counting down (a negative step has no value
    of its type)."""
    cond, init = loop.cond, loop.init
    if not (isinstance(cond, c_ast.BinaryOp) and cond.op in ("<", "<=", ">", ">=")):
        return False
    if isinstance(init, c_ast.DeclList) and len(init.decls) == 1:
        ty = ctx.resolver.resolve(init.decls[0].type, ctx.scope)
    elif isinstance(init, c_ast.Assignment) and isinstance(init.lvalue, c_ast.ID):
        var = getattr(ctx.scope.lookup(init.lvalue.name), "var", None)
        if var is None:
            return False
        ty = var.type.params[0]
    else:
        return False
    ty = t.strip_qualifiers(ty)
    return t.is_ptr(ty) or (cond.op in (">", ">=") and t.is_integer(ty) and ty.name == "uint")


def _collapsed_loop(ctx: LoweringContext, d: Directive, body: list, depth: int, levels: int = 0):
    """``(loop, iteration, decls, sequential)`` for ``collapse(depth)`` on ``for``: the
    single loop ``for (long __inspire_k = 0; __inspire_k < __inspire_count;
    __inspire_k++) { long __inspire_r = __inspire_k; i = ...; j = ...; BODY }``
    over the linearised nest (:func:`_collapsed_nest`), its iteration
    variables (private to each iteration) and the declarations of the
    nest's starts, steps and counts, evaluated before the loop.  With
    ``levels`` > ``depth`` (a doacross loop's ``ordered(levels)``), the
    starts, steps and counts of the ``levels`` loops are declared and their
    iteration variables private, but only ``depth`` are linearised: the
    others stay loops in ``BODY``.  ``sequential``: the iteration variables
    of the inner loops of a non-rectangular nest, which stay loops in
    ``BODY`` too (see :func:`_collapsed_nest`)."""
    x = ctx.expr
    decls: list[n.Node] = []

    def local(name: str, ty, value: n.Node) -> n.Variable:
        var = n.Variable(t.ref(ty), name)
        decls.append(n.DeclStmt(n.Declaration(var.type, x.convert(value, ty)), var))
        ctx.scope.ordinary[name] = VarSymbol(var)
        return var

    inner, iteration, count, steps, sequential = _collapsed_nest(
        ctx, d, body, max(depth, levels), local
    )
    depth = min(depth, len(iteration))
    if levels > depth:
        inner = body[0]
        for _ in range(depth - 1):
            inner = _nested_loop(inner)
        counts = [ctx.scope.ordinary[f"__inspire_n{level}"].var for level in range(depth)]
        count = x.op("ref_deref", counts[0])
        for var in counts[1:]:
            count = x.op("mul", count, x.op("ref_deref", var))
    local("__inspire_count", t.INT8, count)
    assignments = " ".join(_collapsed_assignments(iteration[:depth], steps))
    text = (
        "void __collapse(void) {"
        " for (long __inspire_k = 0; __inspire_k < __inspire_count; __inspire_k++) {"
        f" long __inspire_r = __inspire_k; {assignments}"
        " __inspire_body; } }"
    )
    loop = _parsed_at(text, d).ext[-1].body.block_items[0]
    loop.stmt.block_items[-1] = inner.stmt
    return loop, iteration, decls, sequential


def _doacross_loop(iteration: list[n.Variable], depth: int) -> DoacrossLoop:
    """The doacross loop whose first ``depth`` loops :func:`_collapsed_loop`
    linearised, by the names of its locals."""
    levels = range(len(iteration))
    return DoacrossLoop(
        tuple(iteration),
        depth,
        tuple(f"__inspire_lo{level}" for level in levels),
        tuple(f"__inspire_step{level}" for level in levels),
        tuple(f"__inspire_n{level}" for level in levels),
        "__inspire_k",
    )


def _origin(var: n.Variable) -> n.Variable:
    """``__inspire_orig_NAME``: the address of a copied variable's original,
    taken before the loop (the copy hides the original's name)."""
    return n.Variable(t.ref(t.ptr(var.type.params[0])), f"__inspire_orig_{var.name}")


def _final_value(ctx: LoweringContext, level: int, var: n.Variable) -> n.Node:
    """The value a sequential run leaves in ``var``, the iteration variable of
    level ``level`` of a collapsed nest: ``__inspire_lo{level} +
    __inspire_n{level} * __inspire_step{level}`` (see :func:`_collapsed_nest`)."""
    x = ctx.expr
    lo, count, step = (
        x.op("ref_deref", ctx.scope.lookup(f"__inspire_{part}{level}").var)
        for part in ("lo", "n", "step")
    )
    if t.is_ptr(lo.type):
        return x.op("ptr_add", lo, x.op("mul", count, step))
    return x.convert(x.op("add", lo, x.op("mul", count, step)), var.type.params[0])


def _last_iteration(
    ctx: LoweringContext,
    d: Directive,
    var: n.Variable,
    hi,
    step,
    up: bool,
    last_iv: n.Variable | None,
):
    """``(hi, step, bounds, mark)`` of a loop with ``lastprivate`` over ``var``
    (increasing if ``up``; ``hi`` exclusive):
    the bound and step evaluated once into locals (``bounds``, declared before
    the loop) and ``mark``, the statement starting each iteration that sets
    :data:`_LAST_FLAG` in the iteration that is sequentially last (the one
    whose successor would not satisfy the loop condition), and with
    ``last_iv`` (``var`` is lastprivate) :data:`_LAST_VALUE` to the value a
    sequential run leaves in ``var`` (that successor's)."""
    x = ctx.expr
    ty = var.type.params[0]
    bounds = []
    values = []
    for name, value in (("__inspire_end", hi), ("__inspire_step", step)):
        local = n.Variable(t.ref(ty), name)
        bounds.append(n.DeclStmt(n.Declaration(local.type, value), local))
        ctx.scope.ordinary[name] = VarSymbol(local)
        values.append(x.op("ref_deref", local))
    flag = n.Variable(t.ref(t.INT4), _LAST_FLAG)
    ctx.scope.ordinary[_LAST_FLAG] = VarSymbol(flag)
    i = var.name
    # Differences towards the bound: no overflow, and right for unsigned types.
    last = (
        f"__inspire_end - {i} <= __inspire_step"
        if up
        else f"{i} - __inspire_end <= -__inspire_step"
    )
    after = ""
    if last_iv is not None:
        value = n.Variable(t.ref(ty), _LAST_VALUE)
        ctx.scope.ordinary[_LAST_VALUE] = VarSymbol(value)
        after = f"{_LAST_VALUE} = {i} + __inspire_step;"
    mark = _c_statements(ctx, d, f"if ({last}) {{ {_LAST_FLAG} = 1; {after} }}")
    return values[0], values[1], bounds, mark


def _copy(x, var: n.Variable, origin: n.Variable, into_original: bool) -> n.Node:
    """``var = *origin`` (or ``*origin = var``), ``origin`` a pointer variable;
    an array is copied whole (``copy_object``)."""
    original = x.op("ptr_to_ref", x.op("ref_deref", origin))
    target, source = (original, var) if into_original else (var, original)
    value_type = t.strip_qualifiers(var.type.params[0])
    if t.is_array(value_type) or t.is_vla(value_type):
        return x.op("copy_object", target, source)
    return x.op("assign", x.plain_access(target), x.op("ref_deref", x.plain_access(source)))


def _copied_loop(
    ctx: LoweringContext,
    d: Directive,
    copies: dict[str, list[n.Variable]],
    bounds: list[n.Node],
    loop: list[n.Node],
    up: bool,
    last_iv: n.Variable | None,
    finals: dict[n.Variable, n.Node],
    starts: list[tuple[n.Variable, n.Variable]] = (),
) -> list[n.Node]:
    """``loop`` (a ``pfor``) between the per-thread copies of the
    ``firstprivate`` and ``lastprivate`` variables and their write-back:
    ``{T *__inspire_orig_x = &x; ...bounds; {T x; x = *__inspire_orig_x;
    int __inspire_last = 0; pfor(...); if (__inspire_last) *__inspire_orig_x
    = x;}}``.  The iterations capture the copies (declared in the thread's
    implicit task); a thread runs its iterations in increasing order, so the
    thread that ran the last one holds its values when its ``pfor`` ends.

    ``lastprivate(conditional: v)`` (the loop counting ``up`` or down):
    each thread knows the last of its iterations that assigned ``v``
    (:func:`_mark_conditional_stores`); after the loop the threads agree on
    one team-wide record (the ``single`` thread's ``__inspire_lcs``,
    published as ``copyprivate`` does), and in a critical section each
    thread whose iteration is later than the record's stores its ``v`` and
    updates the record; a barrier ends it (the record lives in the single
    thread's frame)."""
    x = ctx.expr
    copied = sorted(set(copies["firstprivate"]) | set(copies["lastprivate"]), key=lambda v: v.name)
    originals = sorted({*copied, *([last_iv] if last_iv else []), *finals}, key=lambda v: v.name)
    pointers = [
        n.DeclStmt(n.Declaration(_origin(v).type, x.op("ref_to_ptr", v)), _origin(v))
        for v in originals
    ]
    with ctx.nested_scope():
        for v in originals:
            ctx.scope.ordinary[_origin(v).name] = VarSymbol(_origin(v))
        flag = n.Variable(t.ref(t.INT4), _LAST_FLAG)
        ctx.scope.ordinary[_LAST_FLAG] = VarSymbol(flag)
        inits = [_copy(x, v, _origin(v), into_original=False) for v in copies["firstprivate"]]
        conditional = copies["conditional"]
        stores = [
            _copy(x, v, _origin(v), into_original=True)
            for v in copies["lastprivate"]
            if v not in conditional
        ]
        marked = []
        if last_iv is not None:
            value = n.Variable(last_iv.type, _LAST_VALUE)
            marked.append(_private_decl(value))
            stores.append(_copy(x, value, _origin(last_iv), into_original=True))
        for v, final in sorted(finals.items(), key=lambda item: item[0].name):
            original = x.op("ptr_to_ref", x.op("ref_deref", _origin(v)))
            stores.append(x.op("assign", original, final))
        after = []
        if stores:
            (after_if,) = _c_statements(ctx, d, f"if ({_LAST_FLAG}) ;")
            after = [n.IfStmt(after_if.cond, n.CompoundStmt(tuple(stores)), after_if.else_)]
            marked.append(n.DeclStmt(n.Declaration(flag.type, n.Literal(t.INT4, "0")), flag))
        if conditional:
            for v in conditional:
                for state in _conditional_state(v):
                    ctx.scope.ordinary[state.name] = VarSymbol(state)
                    zero = x.convert(n.Literal(t.INT4, "0"), state.type.params[0])
                    marked.append(n.DeclStmt(n.Declaration(state.type, zero), state))
            after += _conditional_combine(ctx, d, conditional, up)
    written = {*copies["lastprivate"], *([last_iv] if last_iv else []), *finals}
    if set(copies["firstprivate"]) & written:
        # every thread copies the original in before any thread writes it back
        inits.append(x.op("barrier", loc=ctx.loc(d.node)))
    # a linear variable's value before the loop (``starts``: that and its copy)
    inits += [n.DeclStmt(n.Declaration(s.type, x.op("ref_deref", v)), s) for s, v in starts]
    thread = n.CompoundStmt(
        (*(_private_decl(v, ctx) for v in copied), *inits, *marked, *loop, *after)
    )
    return [n.CompoundStmt((*pointers, *bounds, thread))]


def _conditional_combine(
    ctx: LoweringContext, d: Directive, conditional: list[n.Variable], up: bool
) -> list[n.Node]:
    """The end of a thread's loop with ``lastprivate(conditional: ...)`` (see
    :func:`_copied_loop`), lowered where the per-thread states and the
    originals' pointers are visible."""
    x = ctx.expr
    record = len(conditional) * 2
    decls = _c_here(ctx, d, f"long __inspire_lcs[{record}] = {{0}}; void *__inspire_lcp = 0;")
    (publish,) = _c_statements(ctx, d, "if (1) __inspire_lcp = __inspire_lcs;")
    publish = n.IfStmt(x.op("single"), publish.then, publish.else_)
    later = ">" if up else "<"
    text = ""
    for k, v in enumerate(conditional):
        has, at = _conditional_state(v)
        r = "((long *)__inspire_lcp)"
        text += (
            f"if ({has.name} && (!{r}[{2 * k}] || {at.name} {later} {r}[{2 * k + 1}])) {{"
            f" {r}[{2 * k}] = 1; {r}[{2 * k + 1}] = {at.name}; *{_origin(v).name} = {v.name}; }}"
        )
    name = n.Literal(t.IDENTIFIER, REDUCTION_CRITICAL)
    return [
        *decls,
        publish,
        x.op("copyprivate", ctx.scope.lookup("__inspire_lcp").var),
        x.op("critical_enter", name),
        *_c_statements(ctx, d, text),
        x.op("critical_exit", name),
        x.op("barrier", loc=ctx.loc(d.node)),
    ]


#: The clauses of ``parallel for`` that belong to the loop; the others are the region's.
_LOOP_CLAUSES = frozenset(
    {"schedule", "private", "firstprivate", "lastprivate", "reduction", "collapse", "ordered",
     "order", "linear"}
)  # fmt: skip


def _split_combined(ctx: LoweringContext, d: Directive) -> tuple[Directive, Directive]:
    """The region and the ``nowait`` loop directives of a combined construct:
    the loop's clauses go to the loop, the others to the region, where the
    loop's reduction variables are shared."""
    region = Directive("parallel", node=d.node)
    loop = Directive("for", {"nowait": [""]}, node=d.node)
    for clause, values in d.clauses.items():
        (loop if clause in _LOOP_CLAUSES else region).clauses[clause] = values
    for span in d.spans:  # errors at the clauses, as the combined construct's
        (loop if span.clause in _LOOP_CLAUSES else region).spans.append(span)
    # checked as the combined construct's: the loop binds to its own region
    reduced = [r.var.name for r in reductions(ctx, dataclasses.replace(loop, name=d.name))]
    copies = _loop_copies(ctx, loop)
    _linear_variables(ctx, loop, copies)  # checked, and copied in and out like the others
    copied = [v.name for v in copies["firstprivate"] + copies["lastprivate"]]
    for name in sorted(set(copied) & set(region.variables("shared"))):
        raise pragma_error(f"'{name}' appears more than once in data clauses", d.node)
    reduced += copied
    if reduced:
        region.clauses.setdefault("shared", []).append(", ".join(reduced))
    return region, loop


@directive(
    "parallel for",
    clauses=tuple(sorted(DIRECTIVES["parallel"].clauses | DIRECTIVES["for"].clauses - {"nowait"})),
    outlined=True,
    team=True,
)
def lower_parallel_for(
    ctx: LoweringContext, d: Directive, body: list, simd: str | None = None
) -> list[n.Node]:
    """``parallel for``: a region whose body is the worksharing loop (without
    its barrier: the region ends with one).  The loop's clauses go to the
    loop (and ``simd``, see :func:`lower_for`); its reduction variables are
    shared in the region."""
    region, loop = _split_combined(ctx, d)

    def lower_loop() -> n.CompoundStmt:
        return n.CompoundStmt(tuple(lower_for(ctx, loop, body, simd=simd)))

    return _parallel(ctx, region, body, lower_loop)


@directive(
    "sections",
    clauses=("nowait", "private", "firstprivate", "lastprivate", "reduction"),
    outlined=True,
    barrier=True,
)
def lower_sections(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``sections``: the ``k`` sections as the iterations of a worksharing loop
    ``for (s = 0; s < k; s++) if (s == 0) S0 else if (s == 1) S1 ...`` with
    ``schedule(dynamic, 1)`` (a section per request), lowered by
    :func:`lower_for` with the ``private``, ``firstprivate``, ``lastprivate``
    (the last section's values), ``reduction`` and ``nowait`` clauses."""
    loop = Directive("for", {"schedule": ["dynamic, 1"]}, node=d.node)
    loop.clauses.update(d.clauses)
    return lower_for(ctx, loop, [_sections_loop(ctx, d, body)])


def _sections_loop(ctx: LoweringContext, d: Directive, body: list) -> c_ast.For:
    """The loop dispatching the sections of the block ``body`` (see
    :func:`lower_sections`); the first ``section`` directive may be omitted."""
    block = body[0] if len(body) == 1 else None
    if not isinstance(block, c_ast.Compound):
        raise pragma_error(
            "'#pragma omp sections' must be followed by a compound statement", d.node
        )
    items = block.block_items or []
    sections: list[list] = []
    i = 0
    while i < len(items):
        item = items[i]
        marker = isinstance(item, c_ast.Pragma) and is_omp(item)
        if marker and ctx.program.directive(item).name == "section":
            stmt, i = construct_body(ctx, items, i + 1, item)
        elif sections:
            raise fail("expected '#pragma omp section' or '}'", item)
        else:
            stmt, i = construct_body(ctx, items, i, d.node)
        check_structured_block(d, stmt)
        sections.append(stmt)
    name = "__inspire_section"
    text = f"void __sections(void) {{ for (int {name} = 0; {name} < {len(sections)}; {name}++); }}"
    loop = c_parser().parse(text, "<sections>").ext[-1].body.block_items[0]
    chain: c_ast.Node | None = None
    for k in reversed(range(len(sections))):
        test = c_ast.BinaryOp("==", c_ast.ID(name), c_ast.Constant("int", str(k)))
        chain = c_ast.If(test, c_ast.Compound(sections[k]), chain)
    loop.stmt = c_ast.Compound([chain] if chain is not None else [])
    stack: list[c_ast.Node] = [loop]
    while stack:
        x = stack.pop()
        if x.coord is None or x.coord.file == "<sections>":
            x.coord = d.node.coord
        stack.extend(c for _, c in x.children())
    return loop


@directive("section")
def lower_section(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """Only a marker inside ``sections`` (read by :func:`_sections_loop`)."""
    raise pragma_error(
        "'#pragma omp section' may only be used in '#pragma omp sections' construct", d.node
    )


@directive(
    "parallel sections",
    clauses=tuple(
        sorted(DIRECTIVES["parallel"].clauses | DIRECTIVES["sections"].clauses - {"nowait"})
    ),
    outlined=True,
    team=True,
)
def lower_parallel_sections(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``parallel sections``: a region whose body is the ``sections``
    construct (without its barrier); clauses split as for ``parallel for``."""
    region, loop = _split_combined(ctx, d)
    loop.clauses["schedule"] = ["dynamic, 1"]

    def lower_loop() -> n.CompoundStmt:
        return n.CompoundStmt(tuple(lower_for(ctx, loop, [_sections_loop(ctx, d, body)])))

    return _parallel(ctx, region, body, lower_loop)


def _continue_as_return(s: n.Node) -> n.Node:
    """A worksharing loop body with its own ``continue`` statements (those not in
    a nested loop) turned into returns from the outlined iteration."""
    if isinstance(s, n.ContinueStmt):
        return n.ReturnStmt(n.Literal(t.UNIT, "()"))
    if isinstance(s, n.CompoundStmt | n.IfStmt | n.SwitchStmt):
        return s.with_children([_continue_as_return(c) for c in s.children])
    return s


def _loop_start(ctx: LoweringContext, loop: c_ast.For, d: Directive) -> tuple[n.Variable, n.Node]:
    x = ctx.expr
    init = loop.init
    if isinstance(init, c_ast.DeclList) and len(init.decls) == 1 and init.decls[0].init:
        decl = init.decls[0]
        ty = ctx.resolver.resolve(decl.type, ctx.scope)
        var = n.Variable(t.ref(ty), decl.name)
        start = x.assignable(x.value(decl.init), ty, decl.init)
        ctx.scope.ordinary[decl.name] = VarSymbol(var)
        return var, start
    if isinstance(init, c_ast.Assignment) and init.op == "=" and isinstance(init.lvalue, c_ast.ID):
        target = x.expr(init.lvalue)
        if isinstance(target, n.Variable):
            start = x.assignable(x.value(init.rvalue), target.type.params[0], init)
            return target, start
    first = init
    while isinstance(first, c_ast.BinaryOp | c_ast.Assignment | c_ast.ArrayRef | c_ast.StructRef):
        first = getattr(first, "left", None) or getattr(first, "lvalue", None) or first.name
    token = first.name if isinstance(first, c_ast.ID) else getattr(first, "value", None)
    if init is None or token is None:
        raise pragma_error(f"'#pragma omp {d.name}' must be followed by a canonical loop", d.node)
    raise fail(f"expected iteration declaration or initialization before '{token}'", first)


def _loop_bounds(ctx: LoweringContext, loop: c_ast.For, var: n.Variable, ty, d: Directive):
    """``(bound, step)`` of a canonical loop (:mod:`frontend.canonical_loop`)
    over ``var`` of type ``ty``: the bound exclusive, both of type ``ty``; a
    pointer variable's step is a ``long`` count of elements."""
    x = ctx.expr
    cond, nxt = loop.cond, loop.next
    if not (isinstance(cond, c_ast.BinaryOp) and cond.op in ("<", "<=", ">", ">=")):
        raise pragma_error(
            "the condition of an 'omp for' loop must be i < b, <=, >, >= or !=", d.node
        )
    if not (isinstance(cond.left, c_ast.ID) and cond.left.name == var.name):
        raise pragma_error("the condition of an 'omp for' loop must test the loop variable", d.node)
    bound = x.convert(x.value(cond.right), ty)
    pointer = t.is_ptr(ty)
    step_type = t.INT8 if pointer else ty
    one = x.convert(n.Literal(t.INT4, "1"), step_type)
    if isinstance(nxt, c_ast.UnaryOp) and nxt.op in ("++", "p++", "--", "p--"):
        step = one if "+" in nxt.op else x.op("neg", one)
    elif isinstance(nxt, c_ast.Assignment) and nxt.op in ("+=", "-="):
        amount = x.convert(x.value(nxt.rvalue), step_type)
        step = amount if nxt.op == "+=" else x.op("neg", amount)
    else:
        raise pragma_error("the increment of an 'omp for' loop must be ++, --, += or -=", d.node)
    if cond.op in ("<=", ">="):
        if pointer:
            bound = x.op("ptr_add" if cond.op == "<=" else "ptr_sub", bound, one)
        else:
            bound = x.op("add" if cond.op == "<=" else "sub", bound, one)
    return bound, step


#: The schedules without a chunk size, as the schedule kind and chunk they
#: pass to ``pfor``: ``auto`` leaves the choice to the implementation, which
#: picks static; ``runtime`` is kind 3 (``INSPIRE_SCHED_RUNTIME``): the
#: runtime runs the run-sched-var ICV's schedule (``OMP_SCHEDULE``,
#: ``omp_set_schedule``; ``dynamic, 1`` at first, as in libgomp).
_CHUNKLESS_SCHEDULES = {"auto": ("0", "0"), "runtime": ("3", "0")}


#: The schedule modifiers: each allows what the runtime does (a thread's
#: chunks in increasing order satisfy ``monotonic`` and ``nonmonotonic``;
#: ``simd`` chunk sizes are a hint).
_SCHEDULE_MODIFIERS = frozenset({"monotonic", "nonmonotonic", "simd"})


def _schedule(ctx: LoweringContext, d: Directive) -> tuple[n.Node, n.Node]:
    """The kind and chunk of ``d``'s ``schedule([modifier[, modifier]:]
    kind[, chunk])`` (static without one)."""
    text = d.expression("schedule") or "static"
    head, colon, rest = partition_top_level(text, ":")
    if colon:
        modifiers = [m.strip() for m in head.split(",")]
        for m in modifiers:
            if m not in _SCHEDULE_MODIFIERS:
                raise d.clause_error("schedule", f"invalid schedule kind before '{m}'", word=m)
        if {"monotonic", "nonmonotonic"} <= set(modifiers):
            raise d.clause_error(
                "schedule", "both 'monotonic' and 'nonmonotonic' modifiers specified"
            )
        if "nonmonotonic" in modifiers and "ordered" in d.clauses:
            raise pragma_error(
                "'nonmonotonic' schedule modifier specified together with 'ordered' clause",
                d.node,
            )
        text = rest
    kind_text, _, chunk_text = text.partition(",")
    name = kind_text.strip()
    if name in _CHUNKLESS_SCHEDULES:
        if chunk_text.strip():
            raise pragma_error(f"schedule '{name}' does not take a 'chunk_size' parameter", d.node)
        kind, chunk = _CHUNKLESS_SCHEDULES[name]
        return n.Literal(t.INT4, kind), n.Literal(t.INT8, chunk)
    kinds = {"static": "0", "dynamic": "1", "guided": "2"}
    kind = kinds.get(name)
    if kind is None:
        raise d.clause_error("schedule", f"invalid schedule kind before '{name}'", word=name)
    chunk = (
        ctx.expr.convert(clause_value(ctx, chunk_text, d), t.INT8)
        if chunk_text.strip()
        else n.Literal(t.INT8, "0")
    )
    return n.Literal(t.INT4, kind), chunk


#: The flag of an ordered loop in ``pfor``'s schedule kind (``INSPIRE_SCHED_ORDERED``).
_SCHED_ORDERED = 8
#: The flag of a doacross loop (``ordered(n)``) in ``pfor``'s schedule kind
#: (``INSPIRE_SCHED_DOACROSS``).
_SCHED_DOACROSS = 16


@directive(
    "ordered", clauses=("threads", "simd", *DOACROSS_CLAUSES), standalone_with=DOACROSS_CLAUSES
)
def lower_ordered(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``{ ordered_begin(); {...} ordered_end(); }``: the body runs after the
    ordered regions of every earlier iteration of the innermost ordered loop
    the thread runs (outside one, at once).  ``simd`` and ``threads`` need
    nothing more.  With ``depend``/``doacross`` clauses: the stand-alone
    directive of a doacross loop (:mod:`frontend.doacross`)."""
    if is_doacross(d):
        return lower_ordered_doacross(ctx, d)
    check_structured_block(d, body)
    x = ctx.expr
    block = ctx.stmt.items_block(body)
    return [
        n.CompoundStmt((x.op("ordered_begin", loc=ctx.loc(d.node)), block, x.op("ordered_end")))
    ]


@directive("taskwait", form="standalone", clauses=("depend",))
def lower_taskwait(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``merge_all()``: wait for the current task's children; with ``depend``
    clauses only for the earlier children those dependences name: an empty
    undeferred task with them (as OpenMP defines it)."""
    if "depend" in d.clauses:
        deps = dependences(ctx, d)
        return deps.around(par.dependence_wait(tuple(deps.values), loc=ctx.loc(d.node)))
    return [par.merge_all(loc=ctx.loc(d.node))]


#: The constructs each kind of ``cancel`` may be closely nested in, and the
#: name gcc's error gives them.
_CANCELLED_IN = {
    "parallel": (("parallel", "target parallel"), "parallel"),
    "for": (
        (
            "for",
            "parallel for",
            "distribute parallel for",
            "distribute parallel for simd",
            "teams distribute parallel for",
            "teams distribute parallel for simd",
            "target parallel for",
            "target teams distribute parallel for",
            "target teams distribute parallel for simd",
        ),
        "for",
    ),
    "sections": (("sections", "parallel sections"), "sections"),
    "taskgroup": (
        (
            "task",
            "taskloop",
            "master taskloop",
            "masked taskloop",
            "parallel master taskloop",
            "parallel masked taskloop",
        ),
        "task",
    ),
}


def _cancelled_construct(ctx: LoweringContext, d: Directive, what: str) -> str:
    """The construct kind ``cancel``/``cancellation point`` (``what``) names,
    with gcc's errors: exactly one construct clause, closely nested in that
    construct (or in a task for ``taskgroup``); gcc's warnings for a loop or
    sections construct that must not be cancelled (``nowait``, ``ordered``:
    the cancellation is then ignored)."""
    kinds = [k for k in CANCEL_KINDS if k in d.clauses]
    if len(kinds) != 1:
        raise pragma_error(
            f"'#pragma omp {what}' must specify one of 'parallel', 'for', 'sections' or "
            "'taskgroup' clauses",
            d.node,
        )
    kind = kinds[0]
    if not ctx.constructs:
        raise pragma_error(f"orphaned '{what}' construct", d.node)
    construct = ctx.constructs[-1]
    allowed, shown = _CANCELLED_IN[kind]
    if construct.name not in allowed:
        raise pragma_error(
            f"'{what} {kind}' construct not closely nested inside of '{shown}'", d.node
        )
    warnings = []
    if what == "cancel" and kind in ("for", "sections"):
        if "nowait" in construct.clauses or "parallel " in construct.name:
            warnings.append(f"'cancel {kind}' inside 'nowait' {kind} construct")
        if "ordered" in construct.clauses:
            warnings.append("'cancel for' inside 'ordered' for construct")
    for message in warnings:
        ctx.program.log.add(pragma_diagnostic(message, d.node, "warning"))
    return kind


def _end_task_if(cond: n.Node) -> list[n.Node]:
    """``if (cond) return;``: the encountering task, implicit task or loop
    iteration ends (its body returns)."""
    unit = n.Literal(t.UNIT, "()")
    end = n.CompoundStmt((n.ReturnStmt(unit),))
    return [n.IfStmt(cond, end, n.CompoundStmt(()))]


#: The builtin each kind of ``cancel`` calls (``sections`` is a loop).
_CANCEL_BUILTIN = {
    "parallel": "parallel", "for": "for", "sections": "for", "taskgroup": "taskgroup",
}  # fmt: skip


@directive("cancel", form="standalone", clauses=(*CANCEL_KINDS, "if"))
def lower_cancel(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``cancel K [if([cancel:] e)]``: ``if (cancel_K(e)) return;`` -- when
    cancellation is enabled (OMP_CANCELLATION), the construct is cancelled
    and the encountering code leaves it: for ``taskgroup`` the innermost
    taskgroup of the task (its tasks that have not started are discarded)
    and the task ends; for ``parallel`` the region (its barriers release
    the other threads, which leave at their next cancellation point, and
    its tasks that have not started are discarded) and the implicit task's
    body returns; for ``for``/``sections`` the loop (no thread starts
    another chunk or section of it) and the iteration ends."""
    kind = _cancelled_construct(ctx, d, "cancel")
    text = d.condition("cancel")
    cond: n.Node = n.Literal(t.INT4, "1")
    if text is not None:
        cond = ctx.expr.convert(clause_scalar(ctx, text, d), t.INT4)
    name = f"cancel_{_CANCEL_BUILTIN[kind]}"
    return _end_task_if(ctx.expr.op(name, cond, loc=ctx.loc(d.node)))


@directive("cancellation point", form="standalone", clauses=CANCEL_KINDS)
def lower_cancellation_point(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``cancellation point K``: ``if (cancellation_point_K()) return;`` --
    the task, implicit task or iteration leaves the construct if it is
    cancelled."""
    kind = _cancelled_construct(ctx, d, "cancellation point")
    name = f"cancellation_point_{_CANCEL_BUILTIN[kind]}"
    return _end_task_if(ctx.expr.op(name, loc=ctx.loc(d.node)))


def cancels(ctx: LoweringContext, kind: str) -> bool:
    """Whether the program has a ``cancel`` of construct kind ``kind`` (``parallel``, ...)."""
    return any(x.name == "cancel" and kind in x.clauses for x in ctx.program.directives.values())


def _leaves_region(ctx: LoweringContext, construct: bool) -> bool:
    """Whether a cancellation point here may leave a region: the code is
    directly in a region's body (outside the worksharing ``construct`` being
    lowered, if true) in a program that cancels regions."""
    outer = ctx.constructs[:-1] if construct else ctx.constructs
    return bool(outer) and outer[-1].name == "parallel" and cancels(ctx, "parallel")


def barrier(ctx: LoweringContext, d: Directive, construct: bool) -> list[n.Node]:
    """A barrier of the team, at ``d``: explicit, or the end of the
    worksharing ``construct`` being lowered.  Where it may leave a
    cancelled region (:func:`_leaves_region`) it is a cancellation point,
    ``if (barrier_cancellable()) return;``; elsewhere ``barrier()`` (which
    waits for no one in a cancelled region)."""
    loc = ctx.loc(d.node)
    if _leaves_region(ctx, construct):
        return _end_task_if(ctx.expr.op("barrier_cancellable", loc=loc))
    return [ctx.expr.op("barrier", loc=loc)]


@directive("depobj", form="standalone", argument=True, clauses=("depend", "update", "destroy"))
def lower_depobj(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """Store, change or clear the dependence of a depend object (:mod:`frontend.depend`)."""
    return depobj(ctx, d)


@directive("taskgroup", clauses=("task_reduction",))
def lower_taskgroup(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``{ taskgroup_begin(); {...} taskgroup_end(); }``: the end waits for every
    task created in the body, descendants included.

    ``task_reduction`` needs no code of its own: its participants (tasks
    with ``in_reduction``) combine their copies into the original when they
    end, and the end of the taskgroup waits for them; the list is checked
    as a ``reduction`` list is."""
    reductions(ctx, d, "task_reduction")
    check_structured_block(d, body)
    return [par.taskgroup(ctx.stmt.items_block(body), loc=ctx.loc(d.node))]


_LOOPS = (c_ast.For, c_ast.While, c_ast.DoWhile)


def check_structured_block(d: Directive, body: list) -> None:
    """Reject a branch out of the construct body (``return``, ``goto``, and a
    ``break``/``continue`` not inside a loop or ``switch`` of the body), as
    gcc does: the code after the body (here a wait) must not be skipped."""
    stack: list[tuple[c_ast.Node, bool, bool]] = [(x, False, False) for x in body]
    while stack:
        x, in_loop, in_switch = stack.pop()
        escapes = (
            isinstance(x, c_ast.Return | c_ast.Goto)
            or (isinstance(x, c_ast.Continue) and not in_loop)
            or (isinstance(x, c_ast.Break) and not (in_loop or in_switch))
        )
        if escapes:
            raise fail(f"invalid branch out of the OpenMP '{d.name}' structured block", x)
        loop = in_loop or isinstance(x, _LOOPS)
        switch = in_switch or isinstance(x, c_ast.Switch)
        stack.extend((c, loop, switch) for _, c in x.children())


@directive("barrier", form="standalone", barrier=True)
def lower_barrier(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    return barrier(ctx, d, False)


@directive("flush", clauses=FLUSH_ORDERS, form="standalone", argument=True)
def lower_flush(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """A full memory fence: a flush list is not narrower in this
    implementation, and a memory order (``acq_rel``, ``release``,
    ``acquire``, ``seq_cst``) not weaker, which OpenMP allows; then a
    ``poll`` (a spin-wait loop flushes: threads of a team sharing a worker
    take turns there)."""
    return [ctx.expr.op("atomic_fence"), ctx.expr.op("poll")]


@directive("scan", form="standalone", clauses=("inclusive", "exclusive"))
def lower_scan(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """A ``scan`` directive the loop construct it belongs to did not take out
    of its body (:func:`_without_scan`): gcc's error."""
    raise d.error(_MISPLACED_SCAN)


#: gcc's error for a ``scan`` directive outside the body of a loop with ``inscan`` reductions.
_MISPLACED_SCAN = (
    "'#pragma omp scan' may only be used in a loop construct with 'inscan' 'reduction' clause"
)


def _scan_loop(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """The worksharing loop ``d`` with ``inscan`` reductions: one thread of
    the team runs every iteration, in order, as a ``single`` construct would
    (:func:`lower_single`, with the loop's ``private``, ``firstprivate`` and
    ``nowait``), on the original reduction and ``lastprivate`` variables (a
    variable both firstprivate and lastprivate too).

    Each iteration's input phase then adds its updates to the original,
    and its scan phase reads the original updated by the iterations before
    it (``exclusive``) or up to it (``inclusive``): the values gcc's
    build gives, which combine the original's value with the prefix of the
    updates.  A loop run by one thread is a schedule OpenMP allows; it is
    serial, not a parallel prefix computation.
    """
    for clause in ("schedule", "ordered"):
        if clause in d.clauses:
            message = f"'{clause}' clause specified together with 'inscan' 'reduction' clause"
            raise d.clause_error(clause, message)
    depth = _collapse_depth(ctx, d)
    iterations = _loop_variables(body, depth)
    if any(name not in iterations for name, _ in linear_items(d)):
        message = ("'inscan' 'reduction' clause used together with 'linear' clause for a "
                   "variable other than loop iterator")  # fmt: skip
        raise d.clause_error("linear", message)
    loop = _without_scan(ctx, d, body)
    declared = {
        decl.name
        for nested in _loop_nest(body, depth)
        if isinstance(nested.init, c_ast.DeclList)
        for decl in nested.init.decls
    }
    clauses = {c: v for c, v in d.clauses.items() if c in ("private", "nowait")}
    # a firstprivate variable that is lastprivate too is the original itself:
    # the thread runs every iteration, and the last one leaves its value there
    firsts = set(d.variables("firstprivate")) - lastprivate_items(ctx, d)[0]
    if firsts:
        clauses["firstprivate"] = [", ".join(sorted(firsts))]
    shared_iterations = sorted(iterations - declared)
    if shared_iterations:
        clauses["private"] = [*clauses.get("private", []), ", ".join(shared_iterations)]
    return lower_single(ctx, Directive("single", clauses, node=d.node), loop)


def _check_inscan_clauses(ctx: LoweringContext, d: Directive) -> None:
    """gcc's error for ``inscan`` and other ``reduction`` clauses together
    (gcc 12 lets ``parallel for`` have both), at the clause it reads second:
    it reads a combined construct's clauses in order, others from the last."""
    written = ctx.program.directive(d.node).name
    if written == "parallel for":
        return
    texts = d.clauses.get("reduction", [])
    if len(written.split()) == 1:
        texts = texts[::-1]
    kinds = [(_reduction_parts(text) or (None,))[0] == "inscan" for text in texts]
    for text, kind in zip(texts, kinds, strict=True):
        if kind != kinds[0]:
            message = "'inscan' and non-'inscan' 'reduction' clauses on the same construct"
            raise d.clause_error("reduction", message, containing=text)


def _without_scan(ctx: LoweringContext, d: Directive, body: list) -> list:
    """The loop nest ``body`` of ``d``, a construct with ``inscan`` reductions,
    without its ``scan`` directive, after gcc's checks: the innermost loop's
    body is a block with one ``scan`` directive among its statements, whose
    ``inclusive`` or ``exclusive`` clause lists exactly the ``inscan``
    list items."""
    _check_inscan_clauses(ctx, d)
    chain = _loop_nest(body, _collapse_depth(ctx, d))
    block = chain[-1].stmt
    items = block.block_items or [] if isinstance(block, c_ast.Compound) else []
    scans = [
        i
        for i, item in enumerate(items)
        if isinstance(item, c_ast.Pragma) and is_omp(item)
        and ctx.program.directive(item).name == "scan"
    ]  # fmt: skip
    if not scans:
        raise fail("expected '#pragma omp scan'", block)
    if len(scans) > 1:
        raise ctx.program.directive(items[scans[1]]).error(_MISPLACED_SCAN)
    scan = ctx.program.directive(items[scans[0]])
    if len(scan.spans) != 1:
        if not scan.spans:
            message = "expected 'inclusive' or 'exclusive' clause before end of line"
            raise scan.error_at(len(scan.node.string.strip()), message)
        second = scan.spans[1]
        at = scan.node.string.strip().rfind(second.clause, 0, second.after)
        raise scan.error_at(at, f"expected end of line before '{second.clause}'")
    kind = scan.spans[0].clause
    inscan = [r.var.name for r in reductions(ctx, d) if r.inscan]
    listed = scan.variables(kind)
    for name in listed:
        if name not in inscan:
            message = (f"'{name}' specified in '{kind}' clause but not in 'inscan' "
                       "'reduction' clause on the containing construct")  # fmt: skip
            raise scan.clause_error(kind, message)
    for name in inscan:
        if name not in listed:
            message = (f"'{name}' specified in 'inscan' 'reduction' clause but not in 'scan' "
                       "directive clause")  # fmt: skip
            raise d.clause_error("reduction", message, word=name)
    rebuilt = copy.copy(block)
    rebuilt.block_items = [item for i, item in enumerate(items) if i != scans[0]]
    for loop in reversed(chain):
        outer = copy.copy(loop)
        outer.stmt = rebuilt
        rebuilt = outer
    return [rebuilt]


@directive("taskyield", form="standalone")
def lower_taskyield(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``taskyield()``: a task scheduling point where the worker may run
    another ready task before the current one continues."""
    return [ctx.expr.op("taskyield", loc=ctx.loc(d.node))]


@directive("threadprivate", form="declarative", argument=True)
def lower_threadprivate(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """The listed globals and static locals become thread-local (no statement)."""
    check_threadprivate(ctx, d)
    ctx.program.threadprivate(d, ctx.scope)
    return []


@directive("requires", form="declarative", clauses=REQUIREMENTS)
def lower_requires(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``requires``: what the program needs of the implementation, which on
    the host (no device, as gcc 12 without offloading) ``dynamic_allocators``
    and ``atomic_default_mem_order`` are.  The latter sets the memory order of
    the atomic constructs without one; inspirec's atomic operations are
    sequentially consistent, which satisfies each order.  gcc's errors: file
    scope only, the clauses it has not implemented (:mod:`frontend.clause_checks`),
    one ``atomic_default_mem_order`` per file, and none lexically after an
    ``atomic`` construct without a memory order (:func:`lower_atomic`)."""
    if ctx.scope is not ctx.program.current_file_scope:
        raise d.error("'#pragma omp requires' may only be used at file scope")
    check_clauses(ctx, d)
    if "atomic_default_mem_order" in d.clauses:
        file = d.node.coord.file
        if file in ctx.program.memory_order_requirements:
            raise d.error_at(
                clause_name_at(d, "atomic_default_mem_order"),
                "more than one 'atomic_default_mem_order' clause in a single compilation unit",
            )
        ctx.program.memory_order_requirements[file] = d
    return []


def _check_memory_order_requirement(ctx: LoweringContext, d: Directive) -> None:
    """gcc's error for an ``atomic_default_mem_order`` requirement after
    ``atomic`` construct ``d``, which names no memory order, in its file."""
    if any(order in d.clauses for order in _MEMORY_ORDERS):
        return
    requirement = ctx.program.memory_order_requirements.get(d.node.coord.file)
    if requirement is not None and requirement.node.coord.line > d.node.coord.line:
        raise requirement.error_at(
            clause_name_at(requirement, "atomic_default_mem_order"),
            "'atomic_default_mem_order' clause used lexically after first 'atomic' construct "
            "without memory order clause",
        )


@directive("declare variant", form="declarative", argument=True, clauses=("match",))
def lower_declare_variant(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``declare variant`` where no function declaration follows it (a file
    scope one is read with the function it precedes: :mod:`frontend.declare_variant`)."""
    raise d.error(
        "'#pragma omp declare variant' not immediately followed by a function declaration or "
        "definition"
    )


@directive(
    "declare simd",
    form="declarative",
    clauses=("simdlen", "linear", "aligned", "uniform", "inbranch", "notinbranch"),
)
def lower_declare_simd(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """A hint that the next function may also be called from SIMD loops: the
    function is compiled as written (which is what the hint allows), and the
    emitted C keeps the hint (:func:`declare_simd_hint`; the file-scope
    lowering attaches it to the function)."""
    declare_simd_hint(ctx, d)
    return []


def declare_simd_hint(ctx: LoweringContext, d: Directive) -> str:
    """The clauses of ``declare simd`` ``d`` that the emitted C keeps (an
    :attr:`~inspire.nodes.Lambda.simd` hint): ``simdlen``, ``inbranch`` and
    ``notinbranch``.  ``uniform``, ``linear`` and ``aligned`` name
    parameters; without them the vector versions take every argument as a
    vector, which is always correct.  gcc's errors for the clauses."""
    if "inbranch" in d.clauses and "notinbranch" in d.clauses:
        raise pragma_error("'inbranch' clause is incompatible with 'notinbranch'", d.node)
    words = []
    text = d.expression("simdlen")
    if text is not None:
        value = const_eval(clause_expr(ctx, text, d), ctx.resolver, ctx.scope)
        if value is None or value < 1:
            raise d.clause_error(
                "simdlen",
                "'simdlen' clause expression must be positive constant integer expression",
            )
        words.append(f"simdlen({value})")
    words += [clause for clause in ("inbranch", "notinbranch") if clause in d.clauses]
    return " ".join(words)


def _collapsed_nest(ctx: LoweringContext, d: Directive, body: list, depth: int, local):
    """``(loop, iteration, count, steps, sequential)`` of the ``depth``
    nested loops ``body`` that a ``collapse(depth)`` clause of ``d``
    linearises (outermost slowest): the innermost loop, the iteration
    variables (declared in the current scope when the loops declare them),
    the total iteration count and each level's step if it is an integer
    literal (else None).

    ``local(name, type, value)`` declares a fresh local evaluated once
    before the construct: the start, step and trip count of level ``l`` are
    ``__inspire_lo{l}``, ``__inspire_step{l}`` and ``__inspire_n{l}`` (read
    by :func:`_collapsed_assignments`).

    A non-rectangular nest (OpenMP 5.0: a bound or step of a level uses the
    iteration variable of an outer one) is linearised down to the level
    before the first such one; the loops from there on run in order inside
    each linearised iteration (what a sequential run does, so every
    iteration runs once, as the collapsed nest's would), their iteration
    variables declared outside the nest (``sequential``) private to each
    iteration.  The distribution of the iterations among the threads differs
    from gcc's (by whole rows of the outer levels, which a worksharing loop
    deals one at a time, dynamically: gcc 12 allows no ``schedule`` clause
    on such a nest, so the schedule is the implementation's), and so does
    one value:
    where the last row of the outer levels is empty, a lastprivate outer
    iteration variable gets the value a sequential run leaves (gcc 12 leaves
    the last row's).  gcc's errors for such a nest are
    :func:`frontend.canonical_loop.check_non_rectangular`'s (the forms of
    its bounds) and :func:`_check_non_rectangular_clauses`'s (``schedule``,
    ``ordered``, ``dist_schedule``).
    """
    x = ctx.expr
    loop = body[0] if len(body) == 1 else None
    outer: c_ast.For | None = None
    loops: list[c_ast.For] = []  # the linearised ones
    iteration: list[n.Variable] = []
    steps: list[int | None] = []
    count: n.Node | None = None
    for level in range(depth):
        if not isinstance(loop, c_ast.For):
            clause = "ordered" if d.expression("ordered") else "collapse"
            raise pragma_error(
                f"'#pragma omp {d.name}' needs {depth} nested for loop(s) ({clause})", d.node
            )
        var, lo = _loop_start(ctx, loop, d)
        ty = var.type.params[0]
        pointer = t.is_ptr(t.strip_qualifiers(ty))
        if not (t.is_integer(ty) or pointer):
            raise pragma_error(f"invalid type for iteration variable '{var.name}'", d.node)
        hi, step = _loop_bounds(ctx, loop, var, ty, d)
        bounds = n.CompoundStmt((lo, hi, step))
        if any(v in iteration for v in free_variables(bounds)):
            _check_sequential_loops(ctx, d, loop, var, iteration, loops, depth - level)
            _check_non_rectangular_clauses(ctx, d)
            return outer, iteration, count, steps, _iteration_variables(ctx, loop, depth - level)
        iteration.append(var)
        loops.append(loop)
        lo_v = local(f"__inspire_lo{level}", ty if pointer else t.INT8, lo)
        if loop.cond.op in (">", ">="):  # the step in long, whatever the type's signedness
            step = x.op("neg", x.convert(x.op("neg", step), t.INT8))
        steps.append(par.int_literal(step))
        step_v = local(f"__inspire_step{level}", t.INT8, step)
        if pointer:  # in elements
            span = x.op("ptr_diff", hi, x.op("ref_deref", lo_v))
        else:
            span = x.op("sub", x.convert(hi, t.INT8), x.op("ref_deref", lo_v))
        s = x.op("ref_deref", step_v)
        one = n.Literal(t.INT8, "1")
        up = x.op("div", x.op("add", x.op("sub", span, one), s), s)
        down = x.op("div", x.op("sub", x.op("neg", span), x.op("add", s, one)), x.op("neg", s))
        trips = x.op("ite", x.op("gt", s, n.Literal(t.INT8, "0")), up, down)
        zero = n.Literal(t.INT8, "0")
        trips = x.op("ite", x.op("gt", trips, zero), trips, zero)
        n_v = local(f"__inspire_n{level}", t.INT8, trips)
        level_n = x.op("ref_deref", n_v)
        count = level_n if count is None else x.op("mul", count, level_n)
        if level + 1 < depth:
            outer, loop = loop, _nested_loop(loop)
    return loop, iteration, count, steps, []


def _check_sequential_loops(
    ctx: LoweringContext,
    d: Directive,
    loop: c_ast.For,
    var: n.Variable,
    iteration: list[n.Variable],
    loops: list[c_ast.For],
    count: int,
) -> None:
    """gcc's errors for the ``count`` loops from ``loop`` (iteration variable
    ``var``, its start already lowered) of a non-rectangular nest, below the
    linearised ``loops`` of ``iteration``: each checked against all the
    loops outside it (:func:`frontend.canonical_loop.check_non_rectangular`).
    The iteration variables these loops declare are declared in the current
    scope only while they are checked."""
    outer, outer_loops = list(iteration), list(loops)
    declared = []
    for k in range(count):
        if k:
            var, _ = _loop_start(ctx, loop, d)
        if isinstance(loop.init, c_ast.DeclList):
            declared.append(var.name)
        canonical_loop.check_non_rectangular(ctx, d, loop, outer, outer_loops, var.type.params[0])
        outer.append(var)
        outer_loops.append(loop)
        loop = _nested_loop(loop)
    for name in declared:  # the loops they stay in declare them
        del ctx.scope.ordinary[name]


def _check_non_rectangular_clauses(ctx: LoweringContext, d: Directive) -> None:
    """gcc's errors for the clauses a non-rectangular loop nest may not have:
    ``schedule`` and ``ordered`` on a worksharing loop, ``dist_schedule`` on
    ``distribute`` (read from the directive as written: the leaf ``d`` of a
    combined construct has lost it)."""
    written = ctx.program.directive(d.node)
    leaf = "distribute" if d.name.startswith("distribute") else d.name.split()[-1]
    clauses = ("dist_schedule",) if leaf == "distribute" else ("schedule", "ordered")
    for clause in clauses:
        if clause in written.clauses and clause in (d.clauses.keys() | {"dist_schedule"}):
            raise d.error(f"'{clause}' clause may not appear on non-rectangular '{leaf}'")


def _iteration_variables(ctx: LoweringContext, loop: c_ast.Node, depth: int) -> list[n.Variable]:
    """The iteration variables of the ``depth`` nested loops from ``loop``
    (their form checked by the canonical loop rules) that are declared
    outside them, as locals."""
    out = []
    for _ in range(depth):
        if not isinstance(loop, c_ast.For):
            break
        init = loop.init
        if isinstance(init, c_ast.Assignment) and isinstance(init.lvalue, c_ast.ID):
            sym = ctx.scope.lookup(init.lvalue.name)
            if isinstance(sym, VarSymbol):
                out.append(sym.var)
        loop = _nested_loop(loop)
    return out


def _nested_loop(loop: c_ast.For) -> c_ast.Node:
    """The statement of ``loop``, or the one item of its block: the next
    loop of a perfect nest if it is a loop."""
    inner = loop.stmt
    if isinstance(inner, c_ast.Compound) and len(inner.block_items or []) == 1:
        return inner.block_items[0]
    return inner


def _collapsed_assignments(iteration: list[n.Variable], steps: list[int | None]) -> list[str]:
    """C statements setting the iteration variables of a collapsed nest (see
    :func:`_collapsed_nest`) from the linear iteration number in the
    ``long`` variable ``__inspire_r`` (which they consume).  A step written as
    a literal (``steps``) is used as one, so the C compiler sees a constant.
    An integer variable narrower than ``long`` gets a value declared to be
    in its range (an iteration value is one of its values): gcc then sees
    it as affine in the counter and vectorises the accesses it indexes."""
    assign = []
    for level in reversed(range(len(iteration))):
        var = iteration[level]
        k = "__inspire_r" if level == 0 else f"(__inspire_r % __inspire_n{level})"
        step = f"__inspire_step{level}" if steps[level] is None else f"({steps[level]})"
        value = f"__inspire_lo{level} + {k} * {step}"
        ty = t.strip_qualifiers(var.type.params[0])
        test = t.narrower_than_long_test("__inspire_v", ty) if t.is_integer(ty) else None
        if test is None:
            assign.append(f"{var.name} = {value};")
        else:
            assign.append(
                f"{{ long __inspire_v = {value}; if ({test}) __builtin_unreachable();"
                f" {var.name} = __inspire_v; }}"
            )
        if level:
            assign.append(f"__inspire_r /= __inspire_n{level};")
    return assign


def _with_vla_copies(
    ctx: LoweringContext,
    d: Directive,
    copied: dict[n.Variable, n.Variable],
    body: n.CompoundStmt,
    before: list[n.Node],
) -> n.CompoundStmt:
    """A taskloop's logical-task ``body`` with its firstprivate
    variable-length arrays (each private in ``body``, keyed to its
    ``__inspire_orig_NAME`` pointer) copied from the originals right after
    their private declarations; the pointers are declared in ``before``.
    The originals cannot change before the copies are made: the encountering
    task waits in the implicit taskgroup, so with ``nogroup`` such an array
    is an error."""
    if not copied:
        return body
    if "nogroup" in d.clauses:
        name = min(v.name for v in copied)
        raise pragma_error(
            f"firstprivate variable-length array '{name}' of a 'taskloop' with 'nogroup' "
            "is not supported",
            d.node,
        )
    x = ctx.expr
    for var, pointer in sorted(copied.items(), key=lambda item: item[0].name):
        before.append(n.DeclStmt(n.Declaration(pointer.type, x.op("ref_to_ptr", var)), pointer))
    stmts: list[n.Node] = []
    for stmt in body.stmts:
        stmts.append(stmt)
        if isinstance(stmt, n.DeclStmt) and stmt.var in copied:
            stmts.append(_copy(x, stmt.var, copied[stmt.var], into_original=False))
    return n.CompoundStmt(tuple(stmts))


@directive(
    "taskloop",
    clauses=(
        "grainsize", "num_tasks", "nogroup", "if", "final", "collapse", "untied", "mergeable",
        "shared", "private", "firstprivate", "lastprivate", "priority", "default",
        "reduction", "in_reduction",
    ),
    outlined=True,
)  # fmt: skip
def lower_taskloop(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``taskloop(n, tasks, grain, flags, bind(a, b) {...})``: the loop's ``n``
    logical iterations (``collapse`` loops linearised, outermost slowest) as
    logical tasks, each running ``bind`` once on its iterations ``[a, b)``.

    The bounds, steps and ``lastprivate`` addresses are evaluated once, into
    fresh locals the closure copies; the iteration variables are private to
    each task, privates and firstprivates are per task (declared or copied at
    the start of ``bind``), and the task holding the last iteration writes
    the ``lastprivate`` values back.  ``grainsize(strict: g)`` makes task k
    exactly ``[k*g, (k+1)*g)``; ``grainsize(g)`` makes ``n / g`` even tasks,
    ``num_tasks(t)`` ``t`` even tasks, no clause one per iteration (the
    runtime splits them lazily).  ``simd`` is a hint; ``untied``,
    ``mergeable`` and ``priority`` do not change the semantics (tasks are
    tied, never merged; a priority is evaluated and ignored).

    ``reduction``: each logical task accumulates into its own copy,
    initialised with the operator's identity, and combines it into the
    original (through its address, taken before the construct) when its
    iterations are done (:func:`with_reductions`); the implicit taskgroup
    makes every combination happen before the construct ends (``nogroup``
    with ``reduction`` is gcc's error).  ``in_reduction`` is the same, for a
    reduction of an enclosing ``taskgroup task_reduction`` (allowed with
    ``nogroup``: that taskgroup waits).  ``lastprivate`` of an iteration
    variable stores the value a sequential run leaves in it (start + trip
    count * step, per collapsed level).

    ``linear(x[: s])`` (on ``taskloop simd``): ``x`` is private to each
    logical task and starts there at ``x0 + a * s`` for its first logical
    iteration ``a`` (``x0`` its value before the construct, ``s`` 1 by
    default); the task holding the last iteration writes its ``x`` back,
    as gcc's build does.
    """
    if any(":" in text for text in d.clauses.get("lastprivate", [])):
        raise pragma_error("lastprivate(conditional:) on 'taskloop' is not supported", d.node)
    if "reduction" in d.clauses and "nogroup" in d.clauses:
        raise d.clause_error(
            "nogroup", "'nogroup' clause must not be used together with 'reduction' clause"
        )
    x = ctx.expr
    loc = ctx.loc(d.node)
    depth = _collapse_depth(ctx, d)
    default = d.expression("default")
    listed = listed_variables(ctx, d)
    participating = reductions(ctx, d, "in_reduction")
    reds = reductions(ctx, d) + participating
    listed.update((r.var.name, "private") for r in reds)
    lastprivate = sorted(clause_variables(ctx, d, "lastprivate"))
    linear = dict(linear_items(d))
    listed.update((name, "private") for name in linear)
    # a participant of an enclosing reduction(task, ...) captures its pointer
    own = [r for r in reds if r not in participating or task_reduction_pointer(ctx, r) is None]
    decls: list[n.Node] = list(reduction_pointers(ctx, own, [r for r in reds if r not in own]))
    synthetic: set[n.Variable] = set()

    def local(name: str, ty, value: n.Node) -> n.Variable:
        var = n.Variable(t.ref(ty), name)
        decls.append(n.DeclStmt(n.Declaration(var.type, x.convert(value, ty)), var))
        ctx.scope.ordinary[name] = VarSymbol(var)
        synthetic.add(var)
        return var

    with ctx.nested_scope():
        loop, iteration, count, steps, sequential = _collapsed_nest(ctx, d, body, depth, local)
        total = local("__inspire_count", t.INT8, count)
        pointers = {}
        for name in sorted({*lastprivate, *linear}):
            clause = "lastprivate" if name in lastprivate else "linear"
            var = getattr(ctx.scope.lookup(name), "var", None)
            if var is None:
                raise pragma_error(f"'{name}' in clause '{clause}' is not a variable", d.node)
            pointers[name] = local(
                f"__inspire_lp_{name}", t.ptr(var.type.params[0]), x.op("ref_to_ptr", var)
            )
            if name in linear:
                ty = t.strip_qualifiers(var.type.params[0])
                local(f"__inspire_lin_{name}", ty, x.op("ref_deref", var))
        a = n.Variable(t.ref(t.INT8), "__inspire_a")
        b = n.Variable(t.ref(t.INT8), "__inspire_b")
        ctx.scope.ordinary[a.name] = VarSymbol(a)
        ctx.scope.ordinary[b.name] = VarSymbol(b)
        assign = _collapsed_assignments(iteration, steps)
        final = {
            v.name: f"__inspire_lo{level} + __inspire_n{level} * __inspire_step{level}"
            for level, v in enumerate(iteration)
        }
        write_back = "".join(
            f"*__inspire_lp_{name} = {final.get(name, name)};"
            for name in sorted({*lastprivate, *linear})
        )
        starts = "".join(
            f"{name} = __inspire_lin_{name} + __inspire_a * ({step or 1});"
            for name, step in sorted(linear.items())
        )
        text = (
            f"void __taskloop(void) {{ {starts}"
            " for (long __inspire_k = __inspire_a; __inspire_k < __inspire_b; __inspire_k++) {"
            f" long __inspire_r = __inspire_k; {' '.join(assign)} __inspire_body; }}"
            f" if (__inspire_b == __inspire_count) {{ {write_back} }} }}"
        )
        driver = _parsed_at(text, d).ext[-1].body
        inner = next(s for s in driver.block_items if isinstance(s, c_ast.For)).stmt.block_items
        inner[-1] = loop.stmt

        copied_vlas: dict[n.Variable, n.Variable] = {}

        def decide(var: n.Variable, level: int) -> str:
            how = sharing(var, level)
            if how == "firstprivate" and t.is_vla(t.strip_qualifiers(var.type.params[0])):
                # Copied per logical task from the original (see below).
                copied_vlas.setdefault(var, _origin(var))
                return "private"
            return how

        def sharing(var: n.Variable, level: int) -> str:
            if var in synthetic or var is a or var is b:
                return "firstprivate"
            if var in iteration or var in sequential:
                return "private"
            if var.name in listed:
                return listed[var.name]
            if var.name in lastprivate:
                return "private"
            if default == "none":
                return "none"
            if default is not None:
                return default
            return "shared" if is_shared(ctx, var, level - 1) else "firstprivate"

        outlined = outline(ctx, d, [driver], decide)
        task_body = n.CompoundStmt(with_reductions(ctx, d, reds, outlined.body.stmts))
        task_body = _with_vla_copies(ctx, d, copied_vlas, task_body, decls)
    cancellable = cancels(ctx, "taskgroup")
    if cancellable:  # a logical task of a cancelled taskgroup that has not started is discarded
        check = _end_task_if(x.op("cancellation_point_taskgroup", loc=loc))
        task_body = n.CompoundStmt((*check, *task_body.stmts))
    captures = tuple(c for c in outlined.captures if c.var is not a and c.var is not b)
    captured = {c.var for c in captures}  # a nested participant's pointer too
    values = (v for r in reds for v in r.values if v not in captured)
    captures += tuple(capture(ctx, v, "firstprivate") for v in values)
    captures += tuple(capture(ctx, p, "firstprivate") for p in copied_vlas.values())
    closure = n.BindExpr(t.function([t.INT8, t.INT8], t.UNIT), (a, b), captures, task_body)
    zero8, zero4 = n.Literal(t.INT8, "0"), n.Literal(t.INT4, "0")
    tasks, grain = x.op("ref_deref", total), zero8
    for clause in ("grainsize", "num_tasks"):
        text = d.expression(clause)
        if text is None:
            continue
        if clause == "grainsize" and "num_tasks" in d.clauses:  # gcc 12 takes num_tasks
            written = ctx.program.directive(d.node)
            at = next(s.after for s in written.spans if s.clause == clause)
            message = "'grainsize' clause ignored: 'num_tasks' is also specified"
            ctx.program.log.add(written.diagnostic_at(at, message, "warning"))
            continue
        modifier, colon, value_text = partition_top_level(text, ":")
        if not colon:
            modifier, value_text = "", text
        if modifier.strip() not in ("", "strict"):
            raise pragma_error(f"unknown {clause} modifier '{modifier.strip()}'", d.node)
        value = x.convert(clause_value(ctx, value_text, d), t.INT8)
        if clause == "num_tasks":
            tasks = value
        elif modifier.strip() == "strict":
            tasks, grain = zero8, value
        else:
            tasks = x.op("div", x.op("ref_deref", total), value)
    # where taskgroups may be cancelled, the implicit taskgroup is an explicit
    # one around a nogroup taskloop: a cancel taskgroup inside cancels it
    group = cancellable and "nogroup" not in d.clauses
    flags: n.Node = n.Literal(t.INT4, "1" if "nogroup" in d.clauses or group else "0")
    for clause, bit, when in (("if", "2", False), ("final", "4", True)):
        text = d.condition("taskloop") if clause == "if" else d.expression(clause)
        if text is None:
            continue
        cond = clause_scalar(ctx, text, d)
        on, off = n.Literal(t.INT4, bit), zero4
        bit_value = x.op("ite", cond, on, off) if when else x.op("ite", cond, off, on)
        flags = x.op("add", flags, bit_value)
    out = list(decls)
    priority = d.expression("priority")
    if priority is not None:
        out.append(x.convert(clause_value(ctx, priority, d), t.INT4))
    spawn = x.op("taskloop", x.op("ref_deref", total), tasks, grain, flags, closure, loc=loc)
    out.append(par.taskgroup(n.CompoundStmt((spawn,)), loc=loc) if group else spawn)
    return [n.CompoundStmt(tuple(out))]


# ------------------------------------------ composite and combined constructs
# Each runs as its leaf constructs, nested; a clause goes to the leaves that
# allow it (OpenMP 5.2 §17.2), an ``if`` clause to the leaves its modifier
# names (:meth:`Directive.condition`).

#: The clauses of ``simd`` that are hints in a composite construct (``for
#: simd``, ``taskloop simd``): checked, then the construct runs without them
#: (a loop run as written has every semantics they allow).  ``linear`` is
#: not among them: it changes what a worksharing loop computes.
_SIMD_ONLY = frozenset({"safelen", "simdlen", "aligned", "nontemporal", "order", "if"})


def leaf_directive(d: Directive, name: str, clauses: frozenset[str] | None = None) -> Directive:
    """The leaf directive ``name`` of ``d`` with the clauses of ``d`` it allows
    (or those in ``clauses``)."""
    allowed = DIRECTIVES[name].clauses if clauses is None else clauses
    kept = {c: v for c, v in d.clauses.items() if c in allowed}
    return Directive(name, kept, node=d.node, spans=[s for s in d.spans if s.clause in kept])


@directive("for simd", clauses=tuple(sorted(DIRECTIVES["for"].clauses | _SIMD_ONLY)),
           outlined=True, barrier=True)  # fmt: skip
def lower_for_simd(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``for simd``: the worksharing loop (:func:`lower_for`) with the
    composite's SIMD hint (:func:`_composite_simd_hint`)."""
    hint = _composite_simd_hint(ctx, d, body)
    return lower_for(ctx, leaf_directive(d, "for"), body, simd=hint)


#: The clauses of a composite construct with a worksharing loop and a
#: ``simd`` part under which the loop's chunks may keep the SIMD hint: those
#: of ``simd`` that :func:`_simd_hint` keeps or drops, and those of the
#: ``for``, ``parallel`` and ``distribute`` parts.  ``linear`` and
#: ``ordered`` give every iteration an object of its thread's to write, which
#: the lanes would share; ``firstprivate`` and ``lastprivate`` may, and
#: :func:`lower_for` keeps the hint only for a lastprivate iteration
#: variable (set by the sequentially last iteration alone).
_COMPOSITE_HINT_CLAUSES = _SIMD_HINT_CLAUSES | _DROPPED_SIMD_HINTS | {
    "schedule", "nowait", "private", "shared", "default", "num_threads", "proc_bind",
    "collapse", "copyin", "allocate", "dist_schedule", "firstprivate", "lastprivate",
}  # fmt: skip


def _composite_simd_hint(ctx: LoweringContext, d: Directive, body: list) -> str | None:
    """The SIMD hint of composite construct ``d`` (``for simd``, ``parallel
    for simd``, ``distribute parallel for simd``) for its worksharing
    loop's chunks (:func:`_hint_text` with :data:`_COMPOSITE_HINT_CLAUSES`),
    or None."""
    return _hint_text(ctx, d, body, _COMPOSITE_HINT_CLAUSES)


def _pfor_simd_reductions(reds: list[Reduction]) -> tuple[n.SimdReduction, ...] | None:
    """The reductions of a worksharing loop as the SIMD hint's
    :class:`~inspire.nodes.SimdReduction` nodes on its private copies; None
    (no hint) unless each is a built-in operator on an arithmetic scalar
    without a modifier."""
    out = []
    for r in reds:
        ty = t.strip_qualifiers(r.var.type.params[0])
        if (
            r.user is not None
            or r.task
            or r.inscan
            or r.extents
            or r.through_pointer
            or r.op not in n.SIMD_REDUCTION_OPERATORS
            or not t.is_arithmetic(ty)
        ):
            return None
        out.append(n.SimdReduction(r.op, r.var))
    return tuple(out)


@directive("parallel for simd",
           clauses=tuple(sorted(DIRECTIVES["parallel for"].clauses | _SIMD_ONLY)),
           outlined=True, team=True)  # fmt: skip
def lower_parallel_for_simd(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``parallel for simd``: ``parallel for`` (:func:`lower_parallel_for`)
    with the composite's SIMD hint (:func:`_composite_simd_hint`)."""
    hint = _composite_simd_hint(ctx, d, body)
    return lower_parallel_for(ctx, leaf_directive(d, "parallel for"), body, simd=hint)


def lastprivate_iterations(ctx: LoweringContext, d: Directive, body: list) -> Directive:
    """``d``, a construct with a ``simd`` or ``loop`` part, with the
    iteration variables of its loops that the loops do not declare as
    ``lastprivate``: their value after the construct is the sequential one.

    OpenMP 5.2 §5.1.1 makes such a variable ``linear`` (with the loop's own
    step) on a ``simd`` construct with one loop, and ``lastprivate`` on one
    with several and on a ``loop`` construct; combined with a worksharing,
    ``distribute`` or ``taskloop`` construct, the combined construct copies
    it out, as gcc does.  An explicit ``linear`` iteration variable becomes
    ``lastprivate`` too; a variable some other clause of ``d`` lists, or a
    threadprivate one, keeps what that says.  :func:`lower_directive` applies
    it to every such construct but ``simd`` alone (run as written, its loop
    leaves the sequential value anyway), before the globals it lists become
    locals."""
    depth = _collapse_depth(ctx, d)
    iterations = _loop_variables(body, depth)
    linear = linear_items(d)
    moved = [name for name, _ in linear if name in iterations]
    for name in sorted(iterations - _declared_iterations(body, depth) - _listed(ctx, d)):
        sym = ctx.scope.lookup(name)
        if isinstance(sym, VarSymbol) or _process_global(ctx, sym):
            moved.append(name)
    if not moved:
        return d
    kept = [f"{name}: {step}" if step else name for name, step in linear if name not in moved]
    clauses = {c: v for c, v in d.clauses.items() if c != "linear"}
    if kept:
        clauses["linear"] = kept
    clauses["lastprivate"] = [*clauses.get("lastprivate", []), ", ".join(moved)]
    # the clauses' spans still locate their text in the pragma; not the
    # linear ones once their items moved
    spans = [s for s in d.spans if s.clause != "linear" or len(kept) == len(linear)]
    return dataclasses.replace(d, clauses=clauses, spans=spans)


def private_iterations(ctx: LoweringContext, d: Directive, body: list) -> Directive:
    """``d``, a loop construct with a ``for``, ``taskloop`` or ``distribute``
    part and no ``simd`` or ``loop`` part, with the iteration variables of
    its loops that are globals or static locals, and no clause lists, as
    ``private``: OpenMP predetermines them private (OpenMP 5.2 §5.1.1), as
    :func:`lower_for` makes the locals, and gcc leaves the object's value
    unchanged.  Threadprivate ones are each thread's already."""
    depth = _collapse_depth(ctx, d)
    iterations = _loop_variables(body, depth) - _declared_iterations(body, depth)
    names = []
    for name in sorted(iterations - _listed(ctx, d, shared=False)):
        sym = ctx.scope.lookup(name)
        if not _process_global(ctx, sym):
            continue
        if name in d.variables("shared") and "taskloop" in d.name.split():
            raise pragma_error(f"iteration variable '{name}' should be private", d.node)
        names.append(name)  # shared in a combined construct: the parallel or teams part's
    if not names:
        return d
    clauses = {**d.clauses, "private": [*d.clauses.get("private", []), ", ".join(names)]}
    return dataclasses.replace(d, clauses=clauses)


def _process_global(ctx: LoweringContext, sym) -> bool:
    """Whether symbol ``sym`` is a global (or a static local) every thread
    shares: not threadprivate."""
    return isinstance(sym, GlobalSymbol) and not ctx.program.globals[sym.glob.name].thread_local


def _listed(ctx: LoweringContext, d: Directive, shared: bool = True) -> set[str]:
    """The variables a data-sharing (``shared`` too if ``shared``), ``linear``
    or reduction clause of ``d`` lists."""
    listed = {name for name, _ in linear_items(d)} | lastprivate_items(ctx, d)[0]
    for clause in ("private", "firstprivate", *(["shared"] if shared else [])):
        listed.update(d.variables(clause))
    for clause in ("reduction", "in_reduction"):
        listed.update(reduced_items(d, clause))
    return listed


@directive("taskloop simd",
           clauses=tuple(sorted(DIRECTIVES["taskloop"].clauses | _SIMD_ONLY | {"linear"})),
           outlined=True)  # fmt: skip
def lower_taskloop_simd(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``taskloop simd``: the taskloop (:func:`lower_taskloop`); the SIMD
    clauses are hints (checked, not kept)."""
    _simd_lengths(ctx, d)
    clauses = DIRECTIVES["taskloop"].clauses | {"linear"}
    return lower_taskloop(ctx, leaf_directive(d, "taskloop", clauses), body)


def _masked_taskloop(ctx: LoweringContext, d: Directive, body: list, loop: str) -> list[n.Node]:
    """``master``/``masked`` ``loop`` (``taskloop`` or ``taskloop simd``): the
    masked thread creates the taskloop's tasks (``filter`` goes to
    ``masked``, the other clauses to the taskloop)."""
    inner = leaf_directive(d, loop)
    return _masked_block(
        ctx, leaf_directive(d, "masked"), lambda: lowered_block(ctx, loop, inner, body)
    )


def _parallel_masked_taskloop(
    ctx: LoweringContext, d: Directive, body: list, loop: str
) -> list[n.Node]:
    """``parallel master``/``masked`` ``loop``: a region whose masked thread
    creates the taskloop's tasks, which the team runs.  The region takes
    ``num_threads``, ``proc_bind``, ``copyin``, ``shared`` and ``default``;
    the variables of the taskloop's data-sharing and reduction clauses are
    shared in it, so the taskloop copies and writes back the originals."""
    region = leaf_directive(d, "parallel", _REGION_ONLY)
    inner = leaf_directive(d, loop, DIRECTIVES[loop].clauses - {"shared", "default"})
    listed = {*d.variables("private"), *d.variables("firstprivate")}
    listed |= {*d.variables("lastprivate"), *(r.var.name for r in reductions(ctx, inner))}
    if listed:
        region.clauses.setdefault("shared", []).append(", ".join(sorted(listed)))
    masked = leaf_directive(d, "masked")

    def lower_inner() -> n.CompoundStmt:
        lowered = _masked_block(ctx, masked, lambda: lowered_block(ctx, loop, inner, body))
        return n.CompoundStmt(tuple(lowered))

    return _parallel(ctx, region, body, lower_inner)


#: The clauses of a combined ``parallel`` construct that go to the region only.
_REGION_ONLY = frozenset({"num_threads", "proc_bind", "copyin", "if", "shared", "default"})


def lowered_block(ctx: LoweringContext, name: str, d: Directive, body: list) -> n.CompoundStmt:
    """The construct ``d`` (registered as ``name``) on ``body``, as one block."""
    return n.CompoundStmt(tuple(DIRECTIVES[name].lower(ctx, d, body)))


def _register_masked_taskloops() -> None:
    """Register ``master``/``masked taskloop [simd]`` and their ``parallel``
    forms (:func:`_masked_taskloop`, :func:`_parallel_masked_taskloop`)."""
    for loop in ("taskloop", "taskloop simd"):
        for masked, extra in (("master", frozenset()), ("masked", frozenset({"filter"}))):
            clauses = DIRECTIVES[loop].clauses | extra
            directive(f"{masked} {loop}", clauses=tuple(sorted(clauses)), outlined=True)(
                functools.partial(_masked_taskloop, loop=loop)
            )
            clauses |= DIRECTIVES["parallel"].clauses
            directive(
                f"parallel {masked} {loop}",
                clauses=tuple(sorted(clauses)),
                outlined=True,
                team=True,
            )(functools.partial(_parallel_masked_taskloop, loop=loop))


_register_masked_taskloops()


@directive("loop", clauses=("bind", "collapse", "order", "private", "lastprivate", "reduction"),
           outlined=True, barrier=True)  # fmt: skip
def lower_loop(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """OpenMP 5.0's ``loop``: its iterations may run concurrently.  Bound to
    a parallel region (``bind(parallel)``, or no ``bind`` closely nested in a
    ``parallel`` construct) it is that team's worksharing loop
    (:func:`lower_for`, with its barrier); bound to the thread
    (``bind(thread)``, or no ``bind`` elsewhere) the encountering thread runs
    it as written (:func:`lower_simd`).  Bound to a teams region
    (``bind(teams)``, or no ``bind`` closely nested in ``teams``) it runs as
    ``distribute parallel for``, as gcc runs it (:func:`_loop_in_teams`)."""
    binding = _loop_binding(d)
    outer = ctx.constructs[-2] if len(ctx.constructs) > 1 else None
    in_teams = outer is not None and outer.name.split()[-1] == "teams"  # also ``target teams``
    if binding == "teams" and outer is not None and not in_teams:
        raise pragma_error(_BIND_TEAMS_OUTSIDE_TEAMS, d.node)
    if binding == "parallel" and outer is not None and concurrent.is_simd(outer):
        raise pragma_error(
            "'bind(parallel)' on a 'loop' construct nested inside 'simd' construct", d.node
        )
    if binding is None and in_teams:
        binding = "teams"
    if binding == "teams":
        _check_loop_lastprivate(ctx, d, body)
        return _loop_in_teams(ctx, d, body)
    if binding is None and outer is None:
        raise pragma_error(
            "'bind' clause not specified on a 'loop' construct not nested inside another "
            "OpenMP construct",
            d.node,
        )
    if binding is None:
        binding = "parallel" if outer.spec.team else "thread"
    _check_loop_lastprivate(ctx, d, body)
    if binding == "parallel":
        return lower_for(ctx, leaf_directive(d, "for"), body)
    return lower_simd(ctx, leaf_directive(d, "simd"), body)


#: gcc's error for ``bind(teams)`` on a ``loop`` not strictly nested in ``teams``.
_BIND_TEAMS_OUTSIDE_TEAMS = (
    "'bind(teams)' on a 'loop' region not strictly nested inside of a 'teams' region"
)


def _loop_binding(d: Directive) -> str | None:
    """The binding the ``bind`` clause of ``d`` (a ``loop`` construct, alone
    or combined) names, None without one; gcc's error for another word."""
    text = d.expression("bind")
    binding = None if text is None else text.strip()
    if binding not in (None, "teams", "parallel", "thread"):
        raise d.clause_error(
            "bind", f"expected 'teams', 'parallel' or 'thread' before '{binding}'", binding
        )
    return binding


def _check_loop_lastprivate(ctx: LoweringContext, d: Directive, body: list) -> None:
    """gcc's error for a ``lastprivate`` variable of a ``loop`` construct that
    is not an iteration variable of its loops."""
    iterations = _loop_variables(body, _collapse_depth(ctx, d))
    for name in d.variables("lastprivate"):
        if name not in iterations:
            raise pragma_error(
                f"'lastprivate' clause on a 'loop' construct refers to a variable '{name}' "
                "which is not the loop iterator",
                d.node,
            )


def _loop_variables(body: list, depth: int) -> set[str]:
    """The names of the iteration variables of the ``depth`` nested loops
    ``body`` (as far as they are loops that assign or declare one)."""
    names: set[str] = set()
    for loop in _loop_nest(body, depth):
        init = loop.init
        if isinstance(init, c_ast.DeclList) and init.decls:
            names.add(init.decls[0].name)
        elif isinstance(init, c_ast.Assignment) and isinstance(init.lvalue, c_ast.ID):
            names.add(init.lvalue.name)
    return names


def _declared_iterations(body: list, depth: int) -> set[str]:
    """The names of the iteration variables that the ``depth`` nested loops
    ``body`` declare in their headers."""
    return {
        loop.init.decls[0].name
        for loop in _loop_nest(body, depth)
        if isinstance(loop.init, c_ast.DeclList) and loop.init.decls
    }


def _loop_nest(body: list, depth: int) -> list[c_ast.For]:
    """The ``for`` loops of the nest ``body`` that a construct with
    ``collapse(depth)`` is associated with, outermost first (as far as they
    are perfectly nested ``for`` loops; the body of each but the innermost is
    the next, or a block holding only the next)."""
    nest: list[c_ast.For] = []
    loop = body[0] if len(body) == 1 else None
    while isinstance(loop, c_ast.For) and len(nest) < depth:
        nest.append(loop)
        loop = loop.stmt
        if isinstance(loop, c_ast.Compound) and len(loop.block_items or []) == 1:
            loop = loop.block_items[0]
    return nest


@directive("parallel loop",
           clauses=tuple(sorted(DIRECTIVES["parallel"].clauses | DIRECTIVES["loop"].clauses)),
           outlined=True, team=True)  # fmt: skip
def lower_parallel_loop(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``parallel loop``: ``parallel for`` with the loop's clauses, its
    iteration variables ``lastprivate`` (:func:`lastprivate_iterations`).
    Bound to the thread (``bind(thread)``), every thread of the new team
    runs the whole loop as written (:func:`lower_simd`) on its own loop
    counters, the ``private`` and ``reduction`` items the region's, as gcc
    runs it; after the region the counters get their sequential values (the
    loop headers run once more, without the body, unless they call
    something).  Other ``lastprivate`` items are the loop's, shared."""
    binding = _loop_binding(d) or "parallel"
    if binding == "teams":
        raise pragma_error(_BIND_TEAMS_OUTSIDE_TEAMS, d.node)
    _check_loop_lastprivate(ctx, d, body)
    if binding == "parallel":
        return lower_parallel_for(ctx, leaf_directive(d, "parallel for"), body)
    depth = _collapse_depth(ctx, d)
    counters = _loop_variables(body, depth)
    copied = lastprivate_items(ctx, d)[0]
    region = leaf_directive(d, "parallel")
    private = sorted(copied & counters)  # each thread's own loop counters
    shared = sorted(copied - counters)
    if private:
        region.clauses.setdefault("private", []).append(", ".join(private))
    if shared:
        region.clauses.setdefault("shared", []).append(", ".join(shared))
    loop = leaf_directive(d, "simd", frozenset({"collapse", "order"}))
    if shared:
        loop.clauses["lastprivate"] = [", ".join(shared)]

    def lower_inner() -> n.CompoundStmt:
        return n.CompoundStmt(tuple(lower_simd(ctx, loop, body)))

    lowered = _parallel(ctx, region, body, lower_inner)
    nest = _loop_nest(body, depth)
    headers = [part for f in nest for part in (f.init, f.cond, f.next) if part is not None]
    calls = any(isinstance(x, c_ast.FuncCall) for part in headers for x in c_nodes(part))
    if not private or calls:
        return lowered
    # the counters' values after the loop: its headers run once more, without
    # the body (no call in them: evaluating them again changes nothing)
    empty: c_ast.Node = c_ast.EmptyStatement()
    for f in reversed(nest):
        empty = c_ast.For(f.init, f.cond, f.next, empty, coord=f.coord)
    return [*lowered, *ctx.stmt.items_block([empty]).stmts]


@directive("scope", clauses=("private", "firstprivate", "reduction", "nowait"),
           outlined=True, barrier=True)  # fmt: skip
def lower_scope(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """OpenMP 5.1's ``scope``: every thread of the team runs the block, with
    its own ``private``/``firstprivate`` copies and ``reduction`` copies
    combined into the originals, then a barrier unless ``nowait``.  It runs
    as the worksharing loop of :func:`lower_for` over one iteration per
    thread (``schedule(static, 1)`` over the team size, evaluated before
    it), which has exactly those clauses."""
    check_structured_block(d, body)
    team = n.Variable(t.ref(t.INT4), _SCOPE_TEAM)
    ctx.scope.ordinary[_SCOPE_TEAM] = VarSymbol(team)
    size = n.DeclStmt(n.Declaration(team.type, ctx.expr.op("get_group_size")), team)
    name = "__inspire_scope"
    text = f"void __scope(void) {{ for (int {name} = 0; {name} < {_SCOPE_TEAM}; {name}++); }}"
    loop = c_parser().parse(text, "<scope>").ext[-1].body.block_items[0]
    loop.stmt = c_ast.Compound(list(body))
    for node in c_nodes(loop):
        if node.coord is None or node.coord.file == "<scope>":
            node.coord = d.node.coord
    worksharing = leaf_directive(d, "for")
    worksharing.clauses["schedule"] = ["static, 1"]
    return [n.CompoundStmt((size, *lower_for(ctx, worksharing, [loop])))]


#: The local holding the team size a ``scope`` construct divides among its threads.
_SCOPE_TEAM = "__inspire_scope_team"


@directive("nothing", form="standalone")
def lower_nothing(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """OpenMP 5.1's ``nothing``: no effect."""
    return []


@directive("error", form="declarative", clauses=("at", "severity", "message"))
def lower_error(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """OpenMP 5.1's ``error``: ``at(compilation)`` (the default) is gcc's
    error, or its warning with ``severity(warning)``; ``at(execution)``
    prints the message on stderr when the directive runs and, when fatal
    (the default), ends the program with status 1, as libgomp does."""
    at, severity = d.expression("at"), d.expression("severity")
    at = "compilation" if at is None else at.strip()
    severity = "fatal" if severity is None else severity.strip()
    if at not in ("compilation", "execution"):
        raise pragma_error(f"expected 'compilation' or 'execution' before '{at}'", d.node)
    if severity not in ("fatal", "warning"):
        raise pragma_error(f"expected 'warning' or 'fatal' before '{severity}'", d.node)
    text = d.expression("message")
    if at == "execution" and not ctx.function_name:
        raise pragma_error(
            "'#pragma omp error' with 'at(execution)' clause may only be used in compound "
            "statements",
            d.node,
        )
    if at == "compilation":
        message = "'pragma omp error' encountered"
        if text is not None:
            literal = _string_literal(ctx, d, text)
            message += f": {_string_value(literal)}"
        if severity == "fatal":
            raise pragma_error(message, d.node)
        ctx.program.log.add(pragma_diagnostic(message, d.node, "warning"))
        return []
    x = ctx.expr
    value = n.Literal(t.ptr(t.CHAR), '""')
    if text is not None:
        value = x.value(clause_expr(ctx, text, d))
        pointee = t.strip_qualifiers(value.type)
        if not (t.is_ptr(pointee) and t.strip_qualifiers(pointee.params[0]) is t.CHAR):
            raise pragma_error("'message' clause must be a string (a 'const char *')", d.node)
    fatal = n.Literal(t.INT4, "1" if severity == "fatal" else "0")
    return [x.op("error_directive", x.convert(value, t.ptr(t.CHAR)), fatal, loc=ctx.loc(d.node))]


def _string_literal(ctx: LoweringContext, d: Directive, text: str) -> c_ast.Constant:
    """The string literal ``text`` of a clause of ``d`` (adjacent literals
    concatenated, as the C parser does)."""
    node = clause_expr(ctx, text, d)
    if not (isinstance(node, c_ast.Constant) and node.type == "string"):
        raise pragma_error("expected string literal before ')' token", d.node)
    return node


def _string_value(literal: c_ast.Constant) -> str:
    """The characters of a C string literal as text (escapes kept as written)."""
    return literal.value[1:-1]


# ------------------------------------------------------- teams and distribute
# Host teams run one after another on the encountering thread, as libgomp
# runs them (runtime_c/src/teams.c): a loop over the team numbers around the
# body; ``distribute`` is a ``pfor`` on the current team's part of the
# iterations (:func:`_distributed`).

#: The OpenMP API routines whose call gcc 12 rejects when it is strictly
#: nested in a ``teams`` region: its runtime API routines but
#: ``omp_get_num_teams`` and ``omp_get_team_num``.
TEAMS_REJECTED_CALLS = concurrent.OMP_API_CALLS - {"omp_get_num_teams", "omp_get_team_num"}


def check_teams_call(ctx: LoweringContext, name: str, node: c_ast.Node) -> None:
    """gcc's error for a call of the OpenMP API routine ``name`` strictly
    nested in a ``teams`` region (in its body or a clause of a construct
    there, not in a construct there: :func:`frontend.concurrent.call_region`)."""
    if name not in TEAMS_REJECTED_CALLS or ctx.teams_body is None:
        return
    region = concurrent.call_region(ctx, node)
    # the teams construct itself, or a combined construct whose last leaf it is (``target teams``)
    if region is not None and region.node is ctx.teams_body.node and region.name.endswith("teams"):
        message = f"OpenMP runtime API call '{name}' strictly nested in a 'teams' region"
        raise concurrent.call_error(message, name, node)


def _clause_warning(d: Directive, clause: str, message: str) -> Diagnostic:
    """A warning about the argument of ``clause`` of ``d``, at the argument
    (where gcc points) when the clause is on the pragma's line."""
    diagnostic = pragma_diagnostic(message, d.node, "warning")
    line = diagnostic.source_line or ""
    m = re.search(rf"\b{clause}\s*\(\s*", line)
    if m is None:
        return diagnostic
    return dataclasses.replace(diagnostic, col=m.end() + 1)


def teams_value(ctx: LoweringContext, d: Directive, clause: str, lower: bool = False) -> n.Node:
    """The ``int`` value of the ``num_teams`` (OpenMP 5.1's ``lower:upper``:
    the upper bound, as libgomp takes it on the host, or with ``lower`` the
    lower bound, as its host fallback of a target region takes it) or
    ``thread_limit`` clause of ``d``, 0 without one.  A constant that is not
    positive is 1, as in gcc (whose warning :func:`check_clauses` gives)."""
    x = ctx.expr
    text = d.expression(clause)
    if text is None:
        return n.Literal(t.INT4, "0")
    parts = split_top_level(text, ":")
    if len(parts) > (2 if clause == "num_teams" else 1):
        raise pragma_error("expected ')' before ':' token", d.node)
    values = [clause_value(ctx, part, d) for part in parts]
    for value in values:
        if not t.is_integer(t.strip_qualifiers(value.type)):
            raise pragma_error(f"'{clause}' expression must be integral", d.node)
    constants = [const_eval(clause_expr(ctx, part, d), ctx.resolver, ctx.scope) for part in parts]
    if len(parts) == 2 and None not in constants and constants[0] > constants[1]:
        message = (
            f"'num_teams' lower bound '{constants[0]}' bigger than upper bound '{constants[1]}'"
        )
        ctx.program.log.add(_clause_warning(d, clause, message))
    k = 0 if lower else -1
    if constants[k] is not None and constants[k] <= 0:  # warned by check_clauses
        return n.Literal(t.INT4, "1")
    return x.convert(values[k], t.INT4)


@directive(
    "teams",
    clauses=("num_teams", "thread_limit", "default", "private", "firstprivate", "shared",
             "reduction"),
)  # fmt: skip
def lower_teams(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``teams``: the body once per team, team after team on the encountering
    thread, as libgomp runs host teams::

        { int __inspire_nteams = teams_begin(num_teams, thread_limit);
          for (int __inspire_team = 0; __inspire_team < __inspire_nteams; ...) {
              teams_team(__inspire_team); taskgroup { copies; body; combination } }
          teams_end(); }

    Data sharing follows ``parallel``'s rules (shared by default; ``default``
    may also be ``firstprivate`` or ``private``): every team gets fresh
    private, firstprivate and reduction copies, declared under the
    variables' own names in the team's block; the reduction copies combine
    into the originals at the end of each team.  Each team waits for the
    tasks created in it (a taskgroup), so the next team's values of the
    team ICVs are not seen by them."""
    check_structured_block(d, body)
    return _teams(ctx, d, body, None)


def _teams(
    ctx: LoweringContext,
    d: Directive,
    body: list,
    lower_body: Callable[[], n.CompoundStmt] | None,
) -> list[n.Node]:
    """The teams region of ``teams`` directive ``d`` (see :func:`lower_teams`);
    ``lower_body`` lowers a combined construct's inner construct."""
    x = ctx.expr
    if _teams_in_target(ctx):  # libgomp's host fallback: the lower bound, 1 by default
        count = teams_value(ctx, d, "num_teams", lower=True)
        if d.expression("num_teams") is None:
            count = n.Literal(t.INT4, "1")
    else:
        count = teams_value(ctx, d, "num_teams")
    limit = teams_value(ctx, d, "thread_limit")
    listed = listed_variables(ctx, d)
    reds = reductions(ctx, d)
    listed.update((r.var.name, "private") for r in reds)
    default = (d.expression("default") or "shared").strip()

    def decide(var: n.Variable, depth: int) -> str:
        return listed.get(var.name, default)

    saved = ctx.teams_body
    ctx.teams_body = d
    try:
        with ctx.sharing_frame(decide):
            block = lower_body() if lower_body is not None else ctx.stmt.items_block(body)
    finally:
        ctx.teams_body = saved
    privates, copied = [], []
    for var in free_variables(block):
        if not t.is_ref(var.type):
            continue
        how = decide(var, 0)
        if how == "none":
            raise not_specified(d, body, var.name, "teams")
        if how == "private":
            privates.append(var)
        elif how == "firstprivate":
            copied.append(var)
    stmts = (
        *(_private_decl(v, ctx) for v in privates + copied),
        *(_copy(x, v, _origin(v), into_original=False) for v in copied),
        *block.stmts,
    )
    stmts = with_reductions(ctx, d, reds, stmts)
    loc = ctx.loc(d.node)
    nteams = n.Variable(t.ref(t.INT4), "__inspire_nteams")
    team = n.Variable(t.ref(t.INT4), "__inspire_team")
    number = x.op("ref_deref", team)
    team_block = n.CompoundStmt(
        (x.op("teams_team", number), par.taskgroup(n.CompoundStmt(tuple(stmts)), loc=loc))
    )
    loop = n.ForStmt(
        init=n.CompoundStmt((n.DeclStmt(n.Declaration(team.type, n.Literal(t.INT4, "0")), team),)),
        cond=x.op("lt", number, x.op("ref_deref", nteams)),
        step=n.CompoundStmt((x.op("assign", team, x.op("add", number, n.Literal(t.INT4, "1"))),)),
        body=team_block,
        loc=loc,
    )
    pointers = [
        n.DeclStmt(n.Declaration(_origin(v).type, x.op("ref_to_ptr", v)), _origin(v))
        for v in copied
    ]
    begin = x.op("teams_begin", count, limit, loc=loc)
    return [
        n.CompoundStmt(
            (
                *pointers,
                *reduction_pointers(ctx, reds),
                n.DeclStmt(n.Declaration(nteams.type, begin), nteams),
                loop,
                x.op("teams_end", loc=loc),
            )
        )
    ]


def _teams_in_target(ctx: LoweringContext) -> bool:
    """Whether the teams construct being lowered (the innermost construct, or
    a leaf of it) is closely nested in a target region: its own ``target
    teams`` combined construct, or a ``target`` around it."""
    construct = ctx.constructs[-1]
    words = construct.name.split()
    if words[:2] == ["target", "teams"]:
        return True
    outer = ctx.constructs[-2] if words[0] == "teams" and len(ctx.constructs) > 1 else None
    return outer is not None and outer.name.split()[-1] == "target"


def _distributed(
    ctx: LoweringContext,
    ty: n.Type,
    lo: n.Node,
    hi: n.Node,
    step: n.Node,
    dist: n.Node,
    loc: n.Loc | None,
    pfor_args: tuple[n.Node, n.Node, n.Node],
) -> list[n.Node]:
    """The ``pfor(lo, hi, step, kind, chunk, body)`` of a distribute loop
    (``pfor_args``: kind, chunk, body) run on the current team's parts of
    its iterations, ``dist`` the ``dist_schedule`` chunk (0: none)::

        { T __inspire_dlo = lo; T __inspire_dhi = hi; T __inspire_dstep = step;
          long __inspire_dn = <trip count>, __inspire_ds = 0, __inspire_da = 0, __inspire_db = 0;
          while (distribute_next(__inspire_dn, dist, &__inspire_ds, &__inspire_da, &__inspire_db))
              pfor(dlo + da * dstep, db == dn ? dhi : dlo + db * dstep, dstep, kind, chunk,
                   body); }

    (``if`` instead of ``while`` without ``dist_schedule``: one part per team)

    Outside a parallel region (``distribute``) the one thread runs each
    part's iterations; in one (``distribute parallel for``) every thread
    takes the same parts and the ``pfor`` shares each among the team."""
    x = ctx.expr
    decls: list[n.Node] = []

    def local(name: str, ty: n.Type, value: n.Node) -> n.Variable:
        var = n.Variable(t.ref(ty), name)
        decls.append(n.DeclStmt(n.Declaration(var.type, value), var))
        return var

    def long(var: n.Variable) -> n.Node:
        return x.convert(x.op("ref_deref", var), t.INT8)

    first = local("__inspire_dlo", ty, lo)
    end = local("__inspire_dhi", ty, hi)
    stride = local("__inspire_dstep", ty, step)
    s = long(stride)
    zero = n.Literal(t.INT8, "0")
    trips = _trip_count(x, long(first), long(end), s)
    count = local("__inspire_dn", t.INT8, trips)  # no iteration if not positive
    seq, a, b = (local(f"__inspire_d{part}", t.INT8, zero) for part in "sab")
    chunk = x.convert(dist, t.INT8)
    going = x.op("distribute_next", x.op("ref_deref", count), chunk, seq, a, b, loc=loc)

    def at(k: n.Variable) -> n.Node:
        return x.convert(x.op("add", long(first), x.op("mul", x.op("ref_deref", k), s)), ty)

    # the last part ends at the bound itself (lo + n * step may not be a value of T)
    last = x.op("eq", x.op("ref_deref", b), x.op("ref_deref", count))
    upto = x.op("ite", last, x.op("ref_deref", end), at(b))
    pfor = x.op("pfor", at(a), upto, x.op("ref_deref", stride), *pfor_args, loc=loc)
    if isinstance(dist, n.Literal) and dist.value == "0":
        # one block per team: the part is taken once (a loop around it would
        # make gcc keep the pfor body's values in memory across the calls)
        parts = n.IfStmt(going, n.CompoundStmt((pfor,)), n.CompoundStmt(()))
    else:
        parts = n.WhileStmt(going, n.CompoundStmt((pfor,)), loc)
    return [n.CompoundStmt((*decls, parts))]


def _trip_count(x, lo: n.Node, hi: n.Node, step: n.Node) -> n.Node:
    """The iteration count (``long``; none if not positive) of a loop from
    ``lo`` to the exclusive bound ``hi`` by ``step`` (all ``long``)."""
    span = x.op("sub", hi, lo)
    one, zero = n.Literal(t.INT8, "1"), n.Literal(t.INT8, "0")
    up = x.op("div", x.op("sub", x.op("add", span, step), one), step)
    down = x.op("div", x.op("sub", x.op("sub", x.op("neg", span), step), one), x.op("neg", step))
    return x.op("ite", x.op("gt", step, zero), up, down)


def _team_has_part(
    ctx: LoweringContext, d: Directive, body: list, dist: n.Node
) -> tuple[list[n.Node], n.Node] | None:
    """For ``distribute parallel for`` over one loop whose start, bound and
    step have no side effects: the declarations ``long s = 0, a = 0, b = 0;``
    and the condition ``distribute_next(count, dist, &s, &a, &b)``, true when the
    current team gets iterations (gcc starts the parallel region only
    then); None otherwise (the region always starts)."""
    loop = body[0] if len(body) == 1 else None
    if not isinstance(loop, c_ast.For) or _collapse_depth(ctx, d) != 1:
        return None
    x = ctx.expr
    with ctx.nested_scope():
        try:
            var, lo = _loop_start(ctx, loop, d)
            ty = var.type.params[0]
            if not t.is_integer(ty):
                return None
            hi, step = _loop_bounds(ctx, loop, var, ty, d)
        except CompileError:
            return None  # lower_for reports it
        if not all(is_pure(e) for e in (lo, hi, step)):
            return None
        if loop.cond.op in (">", ">="):  # the step in long, whatever the type's signedness
            step = x.op("neg", x.convert(x.op("neg", step), t.INT8))
        count = _trip_count(
            x, x.convert(lo, t.INT8), x.convert(hi, t.INT8), x.convert(step, t.INT8)
        )
    decls, parts = [], []
    for part in "sab":
        var = n.Variable(t.ref(t.INT8), ctx.fresh_local_name(f"__inspire_team_{part}"))
        decls.append(n.DeclStmt(n.Declaration(var.type, n.Literal(t.INT8, "0")), var))
        parts.append(var)
    going = x.op("distribute_next", count, x.convert(dist, t.INT8), *parts, loc=ctx.loc(d.node))
    return decls, going


#: The clauses of ``distribute`` (``allocate`` added by the registry).
_DISTRIBUTE_CLAUSES = ("private", "firstprivate", "lastprivate", "collapse", "dist_schedule",
                       "order")  # fmt: skip


def _dist_chunk(ctx: LoweringContext, d: Directive) -> n.Node:
    """The chunk of the ``dist_schedule(static[, chunk])`` clause of ``d``
    (``long``), 0 without one; gcc's errors for the other clauses that
    ``distribute`` does not allow."""
    for text in d.clauses.get("lastprivate", []):
        if re.match(r"\s*conditional\s*:", text):
            raise pragma_error("conditional 'lastprivate' clause on 'distribute' construct", d.node)
    both = sorted(set(d.variables("firstprivate")) & set(d.variables("lastprivate")))
    if both:
        raise d.clause_error(
            "lastprivate",
            "same variable used in 'firstprivate' and 'lastprivate' clauses on 'distribute' "
            "construct",
            containing=both[0],
        )
    text = d.expression("dist_schedule")
    if text is None:
        return n.Literal(t.INT8, "0")
    _, comma, chunk = text.partition(",")  # the kind is static (check_clauses)
    if not comma:
        return n.Literal(t.INT8, "0")
    value = clause_value(ctx, chunk, d)
    if not t.is_integer(t.strip_qualifiers(value.type)):
        raise pragma_error("chunk size expression must be integral", d.node)
    return ctx.expr.convert(value, t.INT8)


def _distribute_leaf(d: Directive, allowed: frozenset[str]) -> Directive:
    """The loop directive (``nowait``) of the distribute part of ``d``."""
    clauses = {c: v for c, v in d.clauses.items() if c in allowed and c != "dist_schedule"}
    return Directive("distribute", {**clauses, "nowait": [""]}, node=d.node)


@directive("distribute", clauses=_DISTRIBUTE_CLAUSES, outlined=True)
def lower_distribute(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``distribute``: the loop's iterations divided among the teams of the
    enclosing teams region (``dist_schedule(static)`` or none: one block per
    team, balanced; ``dist_schedule(static, c)``: chunks of ``c`` dealt
    round-robin), the encountering team running its part; ``private``,
    ``firstprivate``, ``lastprivate``, ``collapse`` and ``order`` as on a
    worksharing loop (:func:`lower_for`), no barrier.  Orphaned (not in a
    teams region) it runs every iteration, as a teams region of one team."""
    chunk = _dist_chunk(ctx, d)
    return lower_for(ctx, _distribute_leaf(d, DIRECTIVES["distribute"].clauses), body, chunk)


def _check_distribute_linear(d: Directive) -> None:
    """gcc's error for a ``linear`` item of ``d`` that is not an iteration
    variable (those are ``lastprivate``: :func:`lastprivate_iterations`)."""
    if d.clauses.get("linear"):
        raise pragma_error(
            "'linear' clause for variable other than loop iterator specified on construct "
            "combined with 'distribute'",
            d.node,
        )


@directive("distribute simd",
           clauses=tuple(sorted({*_DISTRIBUTE_CLAUSES, *_SIMD_ONLY, "linear", "reduction"})),
           outlined=True)  # fmt: skip
def lower_distribute_simd(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``distribute simd``: the distribute loop (:func:`lower_distribute`) with
    the ``simd`` part's ``reduction`` (into the team's variable) and
    ``linear`` iteration variables; the SIMD clauses are hints (checked, not
    kept)."""
    _simd_lengths(ctx, d)
    _check_distribute_linear(d)
    chunk = _dist_chunk(ctx, d)
    allowed = DIRECTIVES["distribute"].clauses | {"reduction"}
    return lower_for(ctx, _distribute_leaf(d, allowed), body, chunk)


#: The clauses of ``parallel for`` that ``distribute parallel for`` does not allow.
_NOT_DISTRIBUTED = frozenset({"ordered", "linear"})


@directive(
    "distribute parallel for",
    clauses=tuple(
        sorted(DIRECTIVES["distribute"].clauses | DIRECTIVES["parallel for"].clauses
               - _NOT_DISTRIBUTED)
    ),
    outlined=True,
    team=True,
)  # fmt: skip
def lower_distribute_parallel_for(
    ctx: LoweringContext, d: Directive, body: list, simd: str | None = None
) -> list[n.Node]:
    """``distribute parallel for``: each team runs one parallel region (only
    a team that gets iterations, as gcc, where the loop's start, bound and
    step have no side effects: :func:`_team_has_part`), whose
    threads share each of the team's parts of the iterations (the
    distribute schedule's, :func:`_distributed`) as a worksharing loop with
    the loop's schedule (and ``simd``, see :func:`lower_for`).
    ``firstprivate``, ``lastprivate``, ``private`` and ``reduction`` are the
    worksharing loop's (its variables shared in the region);
    ``num_threads``, ``if``, ``proc_bind``, ``copyin``, ``shared`` and
    ``default`` the region's."""
    chunk = _dist_chunk(ctx, d)
    inner = Directive(
        "parallel for", {c: v for c, v in d.clauses.items() if c != "dist_schedule"}, node=d.node
    )
    region, loop = _split_combined(ctx, inner)

    def lower_loop() -> n.CompoundStmt:
        return n.CompoundStmt(tuple(lower_for(ctx, loop, body, chunk, simd)))

    guard = _team_has_part(ctx, d, body, chunk)
    started = _parallel(ctx, region, body, lower_loop)
    if guard is None:
        return started
    decls, going = guard
    return [
        n.CompoundStmt(
            (*decls, n.IfStmt(going, n.CompoundStmt(tuple(started)), n.CompoundStmt(())))
        )
    ]


@directive("distribute parallel for simd",
           clauses=tuple(sorted(DIRECTIVES["distribute parallel for"].clauses | _SIMD_ONLY
                                | {"linear"})),
           outlined=True, team=True)  # fmt: skip
def lower_distribute_parallel_for_simd(
    ctx: LoweringContext, d: Directive, body: list
) -> list[n.Node]:
    """``distribute parallel for simd``: ``distribute parallel for``
    (:func:`lower_distribute_parallel_for`) with ``linear`` iteration
    variables and the composite's SIMD hint (:func:`_composite_simd_hint`)."""
    hint = _composite_simd_hint(ctx, d, body)
    _check_distribute_linear(d)
    inner = leaf_directive(d, "distribute parallel for")
    return lower_distribute_parallel_for(ctx, inner, body, simd=hint)


def _loop_in_teams(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """A ``loop`` construct bound to a teams region: ``distribute parallel
    for`` with its clauses, as gcc runs it."""
    inner = leaf_directive(d, "distribute parallel for", DIRECTIVES["loop"].clauses - {"bind"})
    return lower_distribute_parallel_for(ctx, inner, body)


#: The clauses of a combined ``teams`` construct that go to ``teams``: the
#: data-sharing clauses that privatize go to the inner construct instead
#: (OpenMP 5.2 §17.2), its variables shared in the teams region.
_TEAMS_ONLY = frozenset({"num_teams", "thread_limit", "default", "shared", "reduction"})


def _teams_combined(ctx: LoweringContext, d: Directive, body: list, inner: str) -> list[n.Node]:
    """``teams`` ``inner``: a teams region whose body is the ``inner``
    construct (registered under that name, or ``loop``: bound to the teams
    region, :func:`_loop_in_teams`).  gcc gives ``firstprivate`` to the
    teams too, so a variable also ``lastprivate`` is its error."""
    both = sorted(set(d.variables("firstprivate")) & set(d.variables("lastprivate")))
    if both:
        raise d.error(f"lastprivate variable '{both[0]}' is private in outer context")
    binding = (_loop_binding(d) or "teams") if inner == "loop" else "teams"
    if binding != "teams":
        # every team runs the whole loop, as in gcc; its reduction combines
        # into the originals (the teams run one after another)
        teams = leaf_directive(d, "teams", _TEAMS_ONLY - {"reduction"})
        names = [name for text in d.clauses.get("reduction", []) for name in
                 (_reduction_parts(text) or (None, "", []))[2]]  # fmt: skip
    else:
        teams = leaf_directive(d, "teams", _TEAMS_ONLY)
        names = []
    names += [*d.variables("private"), *d.variables("firstprivate"), *d.variables("lastprivate")]
    # without a modifier; an undeclared name is the inner construct's error
    listed = {name.split(":")[-1].strip() for name in names}
    listed = {name for name in listed if ctx.scope.lookup(name) is not None}
    if listed:
        teams.clauses["shared"] = [*teams.clauses.get("shared", []), ", ".join(sorted(listed))]
    if inner == "loop":
        leaf = leaf_directive(d, "loop")

        def lower_inner() -> n.CompoundStmt:
            if binding != "teams":
                return lowered_block(ctx, "loop", leaf, body)
            return n.CompoundStmt(tuple(_loop_in_teams(ctx, leaf, body)))

    else:
        leaf = leaf_directive(d, inner, DIRECTIVES[inner].clauses - {"num_teams", "thread_limit"})

        def lower_inner() -> n.CompoundStmt:
            return lowered_block(ctx, inner, leaf, body)

    return _teams(ctx, teams, body, lower_inner)


def _register_teams_combined() -> None:
    """Register ``teams distribute [simd]``, ``teams distribute parallel for
    [simd]`` and ``teams loop`` (:func:`_teams_combined`)."""
    for inner in ("distribute", "distribute simd", "distribute parallel for",
                  "distribute parallel for simd", "loop"):  # fmt: skip
        clauses = DIRECTIVES["teams"].clauses | DIRECTIVES[inner].clauses
        directive(
            f"teams {inner}",
            clauses=tuple(sorted(clauses)),
            outlined=True,
            team="parallel" in inner or inner == "loop",
        )(functools.partial(_teams_loop if inner == "loop" else _teams_combined, inner=inner))


def _teams_loop(ctx: LoweringContext, d: Directive, body: list, inner: str) -> list[n.Node]:
    """``teams loop``: ``teams`` around a ``loop`` bound to it (run as
    ``distribute parallel for``, as gcc runs it), its iteration variables
    ``lastprivate`` (:func:`lastprivate_iterations`); with ``bind(parallel)``
    or ``bind(thread)``, every team runs the whole loop, as in gcc."""
    _loop_binding(d)  # checked
    _check_loop_lastprivate(ctx, d, body)
    return _teams_combined(ctx, d, body, inner)


_register_teams_combined()

# the device constructs register themselves (they build on the handlers above)
from inspirec.frontend import target as _target  # noqa: E402, F401
