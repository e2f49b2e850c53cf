"""Lowering of whole C programs (several files) to an IR program.

Steps:

1. Every file's file-scope declarations are collected (typedefs, records,
   enums, globals, function prototypes and definitions).  External names are
   resolved across files; a ``static`` name that clashes with another file's
   gets a fresh program-wide name.
2. Functions are grouped by the strongly connected components of the call
   graph (:class:`~inspire.callgraph.CallGraph`); components are lowered
   callees first, ties broken by declaration order.  A component with
   more than one function, or one that calls itself, becomes one recursive
   :class:`~inspire.nodes.LambdaDefinition` whose internal calls go through
   lambda references; every other function is a non-recursive definition
   embedded (shared) at its uses.
3. Global initialisers are lowered last (they may refer to functions); the
   program's entry is ``main``.

Declarations that come from bundled headers are never emitted again (the
records carry their header, external symbols are not defined here); the
program's ``includes`` list the bundled headers in order of inclusion.
"""

from __future__ import annotations

import dataclasses
import linecache
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import TypeVar

from inspirec.frontend import asm, declare_variant, pragma_pack, static_assert
from inspirec.frontend.clause_checks import check_clauses
from inspirec.frontend.context import LoweringContext
from inspirec.frontend.cparse import c_nodes, marked_name, marker_text, parse_c
from inspirec.frontend.declare_variant import Variant
from inspirec.frontend.diagnostics import CompileError, Diagnostic, DiagnosticLog, error
from inspirec.frontend.jumps import check_jumps
from inspirec.frontend.openmp import (
    Directive,
    declare_simd_hint,
    drop_unknown_directives,
    is_omp,
    parse_directive,
    pragma_diagnostic,
    pragma_error,
    program_directives,
)
from inspirec.frontend.preprocess import (
    ALIAS_MARKER,
    CONSTRUCTOR_MARKER,
    DESTRUCTOR_MARKER,
    MAY_ALIAS_MARKER,
    SECTION_MARKER,
    TARGET_MARKER,
    UNIT_TARGET_MARKER,
    WEAK_MARKER,
    Origins,
    program_feature_macros,
    program_includes,
)
from inspirec.frontend.symbols import (
    FuncSymbol,
    GlobalSymbol,
    Records,
    Scope,
    TypedefSymbol,
    TypeResolver,
    VarSymbol,
    array_size_from_init,
    check_not_enumerator,
    check_storage,
    const_eval,
    designates_function,
    fail,
    header_of,
    long_words,
    object_alignment,
    typedef_alignment,
    typedef_attribute,
    unspecified_extent,
)
from inspirec.frontend.threads import ThreadPlan
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.callgraph import CallGraph
from inspirec.inspire.labels import addressed_label, initialiser_nodes
from inspirec.inspire.verifier import verify
from pycparser import c_ast

_DECLARE_SIMD_ALONE = (
    "'#pragma omp declare simd' not immediately followed by a function declaration or definition"
)
_DECLARE_VARIANT_ALONE = (
    "'#pragma omp declare variant' not immediately followed by a function declaration or definition"
)


@dataclass
class FunctionInfo:
    """A function of the program: its type and, if defined, its definition."""

    name: str
    type: n.FunctionType
    definition: c_ast.FuncDef | None = None
    scope: Scope | None = None
    order: int = 0
    simd: list[str] = field(default_factory=list)  # its ``declare simd`` hints
    #: the instruction-set options of its GNU ``target`` attributes and of the
    #: ``#pragma GCC target`` in effect at its definition
    target: list[str] = field(default_factory=list)
    variants: list[Variant] = field(default_factory=list)  # its ``declare variant`` ones
    #: its definition gives way to another file's: GNU weak, or an inline
    #: definition (C99: declared ``inline`` and never ``extern`` in its file;
    #: GNU89: ``extern inline``), which provides no external definition
    provisional: bool = False


@dataclass
class GlobalInfo:
    """A global variable of the program (``header`` set for one declared by a header)."""

    name: str
    type: n.Type
    header: str = ""
    storage: str = ""
    inits: list[tuple[c_ast.Node, Scope]] = field(default_factory=list)
    defined: bool = False
    weak: bool = False  # its initialised definition is GNU weak: another file's replaces it
    section: str = ""  # GNU section: the object file section it is placed in
    thread_local: bool = False
    #: the least alignment a declaration asks for (``_Alignas``, ``aligned``), 0 for none
    align: int = 0
    #: ``declare target``: "to" (also in a block) or "link", "" if not; mapped in
    #: every target region (frontend.target)
    declare_target: str = ""


#: ``#pragma message "text"`` or ``#pragma message ("text" ...)``.
_PRAGMA_MESSAGE = re.compile(r'message\s*(\(?\s*(?:"(?:[^"\\]|\\.)*"\s*)+\)?)')
_STRING_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
#: ``#pragma GCC diagnostic ...`` and ``#pragma GCC visibility push(...)/pop``
#: (the symbols a shared object exports; inspirec builds programs): accepted
#: silently, as gcc does.
_GCC_SILENT = re.compile(r"GCC\s+(?:diagnostic|visibility)\b")
#: ``#pragma GCC target("options" ...)``, ``push_options``, ``pop_options``,
#: ``reset_options``: the instruction set of the functions defined after it.
_GCC_TARGET = re.compile(
    r'GCC\s+(?:target\s*\(\s*("[^"]*"(?:\s*,\s*"[^"]*")*)\s*\)|(push_options|pop_options|reset_options))\s*$'
)


class ProgramLowering:
    """Lowers the files of one program (see the module docstring)."""

    def __init__(self, log: DiagnosticLog):
        self.log = log
        self.records = Records()
        self.resolver = TypeResolver(self.records)
        self.resolver.type_of = lambda spec, scope: LoweringContext(self, scope).expr.type_of(spec)
        self.resolver.unevaluated_constant = lambda node, scope: LoweringContext(
            self, scope
        ).expr.unevaluated_constant(node)
        self.resolver.static_assertion = self.static_assertion
        self.functions: dict[str, FunctionInfo] = {}
        self.globals: dict[str, GlobalInfo] = {}
        self.global_inits: dict[str, n.Node] = {}
        #: The static locals whose initialisers take labels' addresses (:mod:`inspire.labels`)
        self.label_tables: set[str] = set()
        #: A type of the program is GNU ``may_alias`` (:data:`MAY_ALIAS_MARKER`)
        self.may_alias = False
        #: The names declared GNU weak (:data:`WEAK_MARKER`): in the file being
        #: collected, and in the whole program
        self.file_weak: set[str] = set()
        #: The options of ``#pragma GCC target`` in effect, one list per
        #: ``push_options`` open (in the file being collected).
        self.pragma_target: list[list[str]] = [[]]
        self.weak_names: set[str] = set()
        #: the functions whose definition in the file being collected is an
        #: inline definition (:func:`inline_definitions`)
        self.file_inline: set[str] = set()
        #: GNU aliases (:data:`ALIAS_MARKER`): (name, its target's symbol,
        #: whether the name is weak, its declaration), in program order
        self.aliases: list[tuple[str, FuncSymbol | GlobalSymbol, bool, c_ast.Node]] = []
        #: The GNU constructors (:data:`CONSTRUCTOR_MARKER`): (priority, function)
        self.constructors: list[tuple[int, FuncSymbol]] = []
        #: The GNU destructors (:data:`DESTRUCTOR_MARKER`), likewise
        self.destructors: list[tuple[int, FuncSymbol]] = []
        self.file_scopes: list[Scope] = []
        #: Per (file scope, name): the index among the file's top-level items of
        #: the first that declares the function, and its declaration; per
        #: defined function (program-wide name): the index of its definition.
        #: A call before any declaration declares the function implicitly, as in
        #: C89 (gcc warns; :meth:`ExprLowering.check_declared`).
        self.first_function_declarations: dict[tuple[int, str], tuple[int, c_ast.Decl]] = {}
        self.definition_positions: dict[str, int] = {}
        self.implicit_declarations: set[tuple[int, str]] = set()  # (file scope, name)
        self.current_file_scope: Scope | None = None
        self.lambda_exprs: dict[str, n.LambdaExpr] = {}
        self.current_refs: dict[str, n.LambdaReference] = {}
        self.order = 0
        self.threads: ThreadPlan | None = None  # set before the functions are lowered
        self.directives: dict[c_ast.Pragma, Directive] = {}  # see directive()
        self.file_asm: list[str] = []  # file-scope asm statements, in source order
        self.asm_labels: dict[str, str] = {}  # asm labels of declarations, by symbol
        self.user_functions: set[str] = set()  # functions the program's files declare
        self.header_functions: set[str] = set()  # ... and those the bundled headers declare
        self.internal_functions: set[str] = set()  # ... and those with internal linkage
        #: per file, its ``requires atomic_default_mem_order`` directive
        self.memory_order_requirements: dict[str, Directive] = {}
        #: the ``declare target`` blocks open where collection is (innermost last)
        self.declare_target_blocks: list[Directive] = []
        #: names that a file-scope declaration without ``static`` declares in some
        #: file (:func:`external_names`): a ``static`` of another file takes
        #: another program-wide name, also when it comes first
        self.external_names: set[str] = set()

    # ------------------------------------------------------------ collection
    def collect(self, ast: c_ast.FileAST) -> Scope:
        def warn(message: str, node: c_ast.Pragma) -> None:
            self.log.add(
                dataclasses.replace(pragma_diagnostic(message, node, "warning"), option="pragmas")
            )

        self.resolver.packing.update(pragma_pack.packing(ast, warn))
        self.file_weak = {
            name for ext in ast.ext if (name := marked_name(ext, WEAK_MARKER)) is not None
        }
        self.weak_names |= self.file_weak
        self.pragma_target = [[]]
        self.file_definitions: list[str] = []  # the functions this file defines
        self.file_inline = inline_definitions(ast)
        self.file_aliases: list[tuple[c_ast.StaticAssert, str]] = []
        scope = Scope()
        self.current_file_scope = scope
        self.file_scopes.append(scope)
        simd: list[str] = []  # the declare simd hints waiting for the next function
        variants: list[Directive] = []  # the declare variant lines waiting for it
        for k, ext in enumerate(ast.ext):
            if self.is_directive(ext, "declare simd"):
                simd.append(self.declare_simd(ext, scope))
                continue
            if self.is_directive(ext, "declare variant"):
                variants.append(self.directive(ext))
                continue
            declared = ext.decl if isinstance(ext, c_ast.FuncDef) else ext
            function = isinstance(declared, c_ast.Decl) and isinstance(
                declared.type, c_ast.FuncDecl
            )
            if function or (
                isinstance(declared, c_ast.Decl)
                and declared.name is not None
                and designates_function(declared.type, scope)  # static Proc f; (a typedef)
            ):
                self.first_function_declarations.setdefault(
                    (id(scope), declared.name), (k, declared)
                )
            if simd and not function:
                raise _at_line_start(_DECLARE_SIMD_ALONE, ext)
            if variants and not function:
                raise _at_line_start(_DECLARE_VARIANT_ALONE, ext)
            if isinstance(ext, c_ast.FuncDef):
                if not isinstance(ext.decl.type, c_ast.FuncDecl):
                    # pycparser takes `name { ... }` for a K&R definition
                    raise fail(
                        "expected '=', ',', ';', 'asm' or '__attribute__' before '{' token",
                        ext.body,
                    )
                check_storage(ext.decl, file_scope=True, definition=True)
                self.declare_function(ext.decl, scope, ext)
                defined = scope.ordinary[ext.decl.name].name
                self.definition_positions[defined] = k
                self.functions[defined].target.extend(self.pragma_target[-1])
                self.file_definitions.append(defined)
            elif isinstance(ext, c_ast.Decl):
                if "register" in (ext.storage or []):
                    raise file_register(ext, ast.ext[k + 1 :])
                self.file_declaration(ext, scope)
            elif isinstance(ext, c_ast.Typedef):
                self.file_typedef(ext, scope)
            elif isinstance(ext, c_ast.Pragma):
                self.pragma(ext)
            elif isinstance(ext, c_ast.StaticAssert):
                self.file_static_assert(ext, scope)
                continue
            else:
                raise fail(f"unsupported top-level construct {type(ext).__name__}", ext)
            if simd:
                hints = self.functions[scope.ordinary[declared.name].name].simd
                hints.extend(hint for hint in simd if hint not in hints)
                simd = []
            if variants:
                self.declare_variants(variants, declared.name, scope)
                variants = []
        if simd:
            raise pragma_error(_DECLARE_SIMD_ALONE, ast.ext[-1])
        if variants:
            raise pragma_error(_DECLARE_VARIANT_ALONE, ast.ext[-1])
        self.check_declare_target_closed()
        for marker, marked in self.file_aliases:  # their targets are defined by now
            self.alias(marker, marked, scope)
        return scope

    def check_declare_target_closed(self) -> None:
        """gcc's error for a ``declare target`` block still open at the end of
        a file (or of a function, for one opened in it)."""
        if self.declare_target_blocks:
            raise self.declare_target_blocks[-1].error(
                "'#pragma omp declare target' without corresponding '#pragma omp end declare "
                "target'"
            )

    def declare_variants(self, lines: list[Directive], base_name: str, scope: Scope) -> None:
        """Record the variants the ``declare variant`` ``lines`` give the
        function ``base_name`` just declared in ``scope``."""
        ctx = LoweringContext(self, scope)
        base = scope.ordinary[base_name]
        for d in lines:
            check_clauses(ctx, d)
            variant = declare_variant.parse(ctx, d)
            declare_variant.check_variant_type(ctx, d, variant, base, base_name)
            self.functions[base.name].variants.append(variant)

    def is_directive(self, node: c_ast.Node, name: str) -> bool:
        """Whether ``node`` is the ``#pragma omp`` directive ``name``."""
        return isinstance(node, c_ast.Pragma) and is_omp(node) and self.directive(node).name == name

    def declare_simd(self, node: c_ast.Pragma, scope: Scope) -> str:
        """The hint of the ``declare simd`` line ``node`` at file scope."""
        return declare_simd_hint(LoweringContext(self, scope), self.directive(node))

    def static_assertion(self, node: c_ast.StaticAssert, scope: Scope) -> None:
        """Evaluate the user's ``_Static_assert`` ``node`` in ``scope``
        (:mod:`frontend.static_assert`): gcc's error unless it holds."""
        cond = LoweringContext(self, scope).expr.value(node.cond)
        static_assert.check(cond, node, self.records.decls)

    def file_static_assert(self, node: c_ast.StaticAssert, scope: Scope) -> None:
        """A file-scope ``_Static_assert``: a rewritten file-scope ``asm``
        statement or ``asm`` label (:func:`frontend.asm.file_scope_marker`),
        or the marker of a GNU attribute (``may_alias``, ``weak``,
        ``section``, ``alias``, ``constructor``, ``destructor``, on a typedef
        name), is recorded for the program; any other is evaluated."""
        if typedef_attribute(node, self.resolver, scope):
            return
        if marker_text(node) == MAY_ALIAS_MARKER:
            self.may_alias = True
            return
        if marked_name(node, WEAK_MARKER) is not None:
            return  # read when its file is collected (:meth:`collect`)
        if self.place_in_section(node, scope):
            return
        alias = marked_name(node, ALIAS_MARKER)
        if alias is not None:
            self.file_aliases.append((node, alias))  # when the file is collected
            return
        unit_target = marked_name(node, UNIT_TARGET_MARKER)
        if unit_target is not None:  # after every definition of the file
            for name in self.file_definitions:
                self.functions[name].target.extend(unit_target.split(","))
            return
        target = marked_name(node, TARGET_MARKER)
        if target is not None:
            function, _, options = target.partition(":")
            sym = scope.ordinary.get(function)
            if not isinstance(sym, FuncSymbol):
                raise fail(f"internal error: malformed marker of '{function}'", node)
            self.functions[sym.name].target.extend(options.split(","))
            return
        for marker, found in (
            (CONSTRUCTOR_MARKER, self.constructors),
            (DESTRUCTOR_MARKER, self.destructors),
        ):
            function = marked_name(node, marker)
            if function is None:
                continue
            sym = scope.ordinary.get(function)
            priority = const_eval(node.cond, self.resolver, scope)
            if not isinstance(sym, FuncSymbol) or priority is None:
                raise fail(f"internal error: malformed marker of '{function}'", node)
            found.append((priority, sym))
            return
        marker = asm.static_assert_marker(node)
        if marker is None:
            self.static_assertion(node, scope)
            return
        kind, name, literal = marker
        if kind == "asm":
            self.file_asm.append(literal)
            return
        symbol = scope.ordinary.get(name)
        if isinstance(symbol, FuncSymbol):
            self.asm_labels.setdefault(symbol.name, literal)
        elif isinstance(symbol, GlobalSymbol):
            self.asm_labels.setdefault(symbol.glob.name, literal)
        else:
            raise fail(f"asm labels of '{name}' are not supported by inspirec", node)

    def directive(self, node: c_ast.Pragma) -> Directive:
        """The parsed ``#pragma omp`` line ``node`` (each line is parsed once)."""
        d = self.directives.get(node)
        if d is None:
            d = self.directives[node] = parse_directive(node)
        return d

    def pragma(self, node: c_ast.Pragma) -> None:
        """A pragma at file scope (OpenMP: only the declarative directives) or a
        non-OpenMP pragma anywhere: ``pack`` is read beforehand, ``message`` is
        gcc's note, ``GCC diagnostic`` and ``GCC visibility`` are accepted
        silently, any other is ignored with a warning.  A pragma of a header
        the emitted C includes (:func:`~frontend.symbols.header_of`: a
        compiler's own, ``#pragma GCC target``) is the header's own, as it is
        when the C compiler reads it."""
        text = node.string.strip()
        if header_of(node):
            return
        if pragma_pack.is_pack(node):
            return  # read in source order when the file is collected
        if _GCC_SILENT.match(text):
            return  # which warnings gcc gives (inspirec's C compilation has its own)
        target = _GCC_TARGET.match(text)
        if target is not None:
            self.gcc_target(target, node)
            return
        message = _PRAGMA_MESSAGE.fullmatch(text)
        if message is not None:  # gcc's note; the string literals joined
            shown = "".join(_STRING_LITERAL.findall(message.group(1)))
            self.log.add(pragma_diagnostic(f"'#pragma message: {shown}'", node, "note"))
            return
        if is_omp(node):
            d = self.directive(node)
            if d.spec.form == "declarative" and self.current_file_scope is not None:
                d.spec.lower(LoweringContext(self, self.current_file_scope), d, [])
                return
            raise pragma_error(f"'#pragma {text}' is not allowed at file scope", node)
        ignored = pragma_diagnostic(f"ignoring '#pragma {text}'", node, "warning")
        self.log.add(dataclasses.replace(ignored, option="unknown-pragmas"))

    def gcc_target(self, pragma: re.Match, node: c_ast.Pragma) -> None:
        """``#pragma GCC target("options" ...)`` (adds them to the options of
        the functions defined after it), ``push_options``, ``pop_options``
        (gcc's warning without a push) and ``reset_options``."""
        options, action = pragma.groups()
        if action == "push_options":
            self.pragma_target.append(list(self.pragma_target[-1]))
        elif action == "pop_options" and len(self.pragma_target) == 1:
            warned = pragma_diagnostic(
                "'#pragma GCC pop_options' without a corresponding '#pragma GCC push_options'",
                node, "warning",
            )  # fmt: skip
            self.log.add(dataclasses.replace(warned, option="pragmas"))
        elif action == "pop_options":
            self.pragma_target.pop()
        elif action == "reset_options":
            self.pragma_target[-1] = []
        else:
            joined = ",".join(_STRING_LITERAL.findall(options))
            if not n.TARGET_OPTIONS.fullmatch(joined):
                raise pragma_error(
                    f"'#pragma GCC target' options {options} are not supported", node
                )
            self.pragma_target[-1].extend(joined.split(","))

    def threadprivate(self, d, scope: Scope) -> None:
        """``threadprivate(list)``: the listed globals/static locals become thread-local."""
        for name in (v.strip() for v in (d.argument or "").split(",") if v.strip()):
            sym = scope.lookup(name)
            if not isinstance(sym, GlobalSymbol) or sym.glob.name not in self.globals:
                raise pragma_error(
                    f"'{name}' in threadprivate is not a file-scope or static variable", d.node
                )
            self.globals[sym.glob.name].thread_local = True

    def file_typedef(self, node: c_ast.Typedef | c_ast.Decl, scope: Scope) -> None:
        """A file-scope typedef; gcc's error if it names another type than an
        earlier typedef of the name (the same type again is valid C11)."""
        check_storage(node)
        check_not_enumerator(node, scope)
        ty = self.resolver.resolve(node.type, scope, name_hint=node.name)
        previous = scope.ordinary.get(node.name)
        if isinstance(previous, TypedefSymbol) and (previous.written or previous.type) is not ty:
            raise fail(f"conflicting types for '{node.name}'", node)
        scope.ordinary[node.name] = TypedefSymbol(
            ty,
            designates_function(node.type, scope),
            typedef_alignment(node.type, scope),
            long_words(node, scope),
        )

    def file_declaration(self, node: c_ast.Decl, scope: Scope) -> None:
        align = object_alignment(node, self.resolver, scope)
        check_storage(node, file_scope=True)
        storage = node.storage or []
        if "typedef" in storage:
            self.file_typedef(node, scope)
            return
        check_not_enumerator(node, scope)
        if node.name is None:
            self.resolver.resolve(node.type, scope)
            return
        if isinstance(node.type, c_ast.FuncDecl) or designates_function(node.type, scope):
            self.declare_function(node, scope, None)  # also F f; with typedef int F(int);
            return
        ty = LoweringContext(self, scope).expr.auto_type(node)
        if ty is None:
            ty = self.resolver.resolve(node.type, scope)
        if t.strip_qualifiers(ty) is t.UNIT:
            raise fail(f"variable '{node.name}' declared void", node)
        header = header_of(node)
        name = self.object_linkage(node, scope)
        info = self.globals.get(name)
        if info is None:
            info = GlobalInfo(name, ty, header, "static" if "static" in storage else "")
            self.globals[name] = info
        else:
            conflict = redeclaration_conflict(info.type, ty)
            if conflict and not self.records.same_untagged(info.type, ty):
                # (untagged records of the same members in two files are one type)
                raise fail(f"{conflict} for '{node.name}'", node)
            if t.is_array(info.type) and info.type.int_params[0] is None:
                info.type = ty
        info.align = max(info.align, align)
        info.thread_local = info.thread_local or "_Thread_local" in storage
        if self.declare_target_blocks:
            info.declare_target = info.declare_target or "to"
        weak = node.name in self.file_weak
        if node.init is not None and info.inits and (weak or info.weak):
            if not weak:  # the weak definition of another file gives way
                info.inits.clear()
                info.weak = False
        elif node.init is not None:
            if info.inits:
                raise fail(f"redefinition of '{node.name}'", node)
            info.weak = weak
        if node.init is not None and not info.inits:
            info.inits.append((node, scope))
            info.type = array_size_from_init(node.init, ty, self.resolver, scope)
        if "extern" not in storage and not header:
            info.defined = True
        scope.ordinary[node.name] = GlobalSymbol(
            n.Global(t.ref(info.type), name), long_words(node, scope)
        )

    def place_in_section(self, node: c_ast.StaticAssert, scope: Scope) -> bool:
        """Whether ``node`` is the marker of GNU ``section`` on a variable
        (:data:`SECTION_MARKER`, after its declaration, at file scope or in
        a block), which places the variable ``scope`` names in the section."""
        section = marked_name(node, SECTION_MARKER)
        if section is None:
            return False
        name, _, placed = section.partition(":")
        sym = scope.lookup(name)
        if not isinstance(sym, GlobalSymbol):
            raise fail(f"internal error: section of '{name}', no variable", node)
        self.globals[sym.glob.name].section = placed
        return True

    def alias(self, marker: c_ast.StaticAssert, marked: str, scope: Scope) -> None:
        """GNU ``alias("target")`` on ``name`` (``marked`` is "name:target"),
        its file collected: ``target`` must be a function or variable the
        file defines; the name is resolved once every file is collected
        (:meth:`resolve_aliases`)."""
        name, _, target = marked.partition(":")
        first = self.first_function_declarations.get((id(scope), name))
        decl = marker if first is None else first[1]
        sym = scope.ordinary.get(target)
        declared = scope.ordinary.get(name)
        if isinstance(sym, FuncSymbol) and self.functions[sym.name].definition is not None:
            kind = FuncSymbol
        elif isinstance(sym, GlobalSymbol) and self.globals[sym.glob.name].defined:
            kind = GlobalSymbol
        else:
            raise fail(f"'{name}' aliased to undefined symbol '{target}'", decl)
        if not isinstance(declared, kind):
            raise fail(f"'{name}' alias between function and variable is not supported", decl)
        self.aliases.append((name, sym, name in self.file_weak, decl))

    def resolve_aliases(self) -> None:
        """Make each GNU alias name its target in every file (its calls and
        uses are the target's), unless it is weak and a file defines it (the
        definition wins, as the linker takes it); gcc's error when a file
        defines a name that is a strong alias."""
        for name, sym, weak, decl in self.aliases:
            function = isinstance(sym, FuncSymbol)
            if function and self.functions[name].definition is not None:
                defined = True
            else:
                defined = not function and bool(self.globals[name].inits)
            if defined and weak:
                continue
            if defined:
                raise fail(f"redefinition of '{name}'", decl)
            for scope in self.file_scopes:
                named = scope.ordinary.get(name)
                if (isinstance(named, FuncSymbol) and named.name == name) or (
                    isinstance(named, GlobalSymbol) and named.glob.name == name
                ):
                    scope.ordinary[name] = sym
            if function:
                del self.functions[name]
                self.user_functions.discard(name)
            else:
                del self.globals[name]
            self.weak_names.discard(name)

    def object_linkage(self, node: c_ast.Decl, scope: Scope) -> str:
        """The program-wide name of the object file-scope declaration ``node``
        declares, by its linkage (C11 6.2.2): a ``static`` one has internal
        linkage (a fresh name, or the one of an earlier ``static`` declaration
        of the file), an ``extern`` one the linkage of an earlier declaration
        of the file, if any; gcc's errors for a ``static`` declaration after a
        non-static one and for a non-static one after a ``static`` one.  A
        ``static`` object may take the name of one a bundled header declares
        (it hides the header's: the bundled headers may declare more than the
        C library's would with the program's feature-test macros)."""
        storage = node.storage or []
        previous = scope.ordinary.get(node.name)
        if not isinstance(previous, GlobalSymbol) or (
            "static" in storage and self.globals[previous.glob.name].header
        ):
            return self.fresh_global_name(node.name) if "static" in storage else node.name
        internal = self.is_static(previous.glob.name)
        if "static" in storage and not internal:
            raise fail(f"static declaration of '{node.name}' follows non-static declaration", node)
        if internal and "static" not in storage and "extern" not in storage:
            raise fail(f"non-static declaration of '{node.name}' follows static declaration", node)
        return previous.glob.name

    def composite_globals(self) -> None:
        """Give every file-scope use of a global the program's composite type.

        C merges the declarations of one object (C11 6.2.7): ``extern char
        r[];`` in one file and ``char r[64];`` in another (or later in the same
        file) declare one ``char[64]``.  Collection completes the
        :class:`GlobalInfo` type as declarations arrive; called once every file
        is collected, this makes the symbols seen before the completion name
        the completed type, so each global has one IR type everywhere.
        """
        for scope in self.file_scopes:
            for name, sym in scope.ordinary.items():
                if isinstance(sym, GlobalSymbol):
                    complete = t.ref(self.globals[sym.glob.name].type)
                    if sym.glob.type is not complete:
                        glob = n.Global(complete, sym.glob.name)
                        scope.ordinary[name] = dataclasses.replace(sym, glob=glob)

    def fresh_global_name(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``, ...: the first that names no
        global, function or external name of the program."""
        name, k = base, 1
        while name in self.globals or name in self.functions or name in self.external_names:
            k += 1
            name = f"{base}_{k}"
        return name

    def declare_function(self, decl: c_ast.Decl, scope: Scope, definition: c_ast.FuncDef | None):
        check_parameter_names(decl)
        if decl.init is not None:
            raise fail(f"function '{decl.name}' is initialized like a variable", decl)
        fty = self.resolver.resolve(decl.type, scope)
        if definition is not None and definition.param_decls:
            fty = self.knr_type(definition, scope, fty)
        static = "static" in (decl.storage or [])
        existing = scope.ordinary.get(decl.name)
        if isinstance(existing, FuncSymbol):
            name = existing.name
            user = name not in self.header_functions and not header_of(decl)
            if user and not functions_compatible(existing.type, fty):
                raise fail(f"conflicting types for '{decl.name}'", decl)
            if user and static and name not in self.internal_functions:
                message = f"static declaration of '{decl.name}' follows non-static declaration"
                raise fail(message, decl)
        elif static:
            name = self.fresh_global_name(decl.name)
            self.internal_functions.add(name)
        else:
            name = decl.name
        (self.header_functions if header_of(decl) else self.user_functions).add(name)
        info = self.functions.get(name)
        if info is None:
            info = FunctionInfo(name, fty, order=self.order)
            self.order += 1
            self.functions[name] = info
        provisional = decl.name in self.file_weak or decl.name in self.file_inline
        if definition is not None and info.definition is not None:
            if provisional:  # weak or inline: this definition gives way to the one there
                definition = None
            elif info.provisional:  # the one there gives way to this one
                info.definition = None
        if definition is not None:
            if info.definition is not None:
                raise fail(f"redefinition of '{decl.name}'", decl)
            info.provisional = provisional
            if not fty.params and decl.type.args is not None:
                for i, p in enumerate(decl.type.args.params):
                    if isinstance(p, c_ast.Decl) and p.name:  # f(void x): void, named
                        raise fail(f"parameter {i + 1} ('{p.name}') has incomplete type", p)
            info.definition = definition
            info.scope = scope
            info.type = fty
        elif info.definition is None and (not info.type.params and info.type.variadic):
            info.type = fty
        scope.ordinary[decl.name] = FuncSymbol(name, info.type)

    def knr_type(
        self, definition: c_ast.FuncDef, scope: Scope, fty: n.FunctionType
    ) -> n.FunctionType:
        declared = {
            d.name: self.resolver.adjust_param(self.resolver.resolve(d.type, scope))
            for d in definition.param_decls
        }
        names = [p.name for p in definition.decl.type.args.params]
        params = tuple(declared.get(name, t.INT4) for name in names)
        return n.FunctionType(params, fty.result, False)

    def file_symbol(self, name: str):
        return self.current_file_scope.lookup(name) if self.current_file_scope else None

    def is_static(self, global_name: str) -> bool:
        """Whether the program's global ``global_name`` has internal linkage."""
        info = self.globals.get(global_name)
        return info is not None and info.storage == "static"

    def implicit_function(self, name: str) -> FuncSymbol:
        """C89's implicit declaration ``int name()`` of a function called
        undeclared (gcc warns): the program's function of that name when
        another of its files declares it, else an external one; declared in
        the current file's scope, as gcc does.  A library function gcc knows
        as a builtin (``malloc``, ``sqrt``: ``__builtin_malloc`` is declared)
        gets the builtin's type instead of ``int name()``, as in gcc."""
        info = self.functions.get(name)
        if info is None:
            builtin = self.file_symbol(f"__builtin_{name}")
            fty = builtin.type if isinstance(builtin, FuncSymbol) else None
            fty = fty or n.FunctionType((), t.INT4, True)
            info = FunctionInfo(name, fty, order=self.order)
            self.order += 1
            self.functions[name] = info
            self.user_functions.add(name)
        sym = FuncSymbol(name, info.type)
        if self.current_file_scope is not None:
            self.current_file_scope.ordinary[name] = sym
        return sym

    def program_symbol(self, name: str) -> GlobalSymbol | None:
        """The object with external linkage ``name`` some file of the program
        defines or declares (a block-scope ``extern`` declaration names it)."""
        info = self.globals.get(name)
        if info is None or info.storage == "static":
            return None
        return GlobalSymbol(n.Global(t.ref(info.type), name))

    def external_object(self, node: c_ast.Decl, scope: Scope) -> GlobalSymbol:
        """The object with external linkage a block-scope ``extern`` declaration
        ``node`` declares when no file of the program declares it (a library's,
        or one of a file compiled apart): declared, not defined, as the
        program's external object."""
        ty = self.resolver.resolve(node.type, scope)
        self.globals[node.name] = GlobalInfo(node.name, ty)
        return GlobalSymbol(n.Global(t.ref(ty), node.name), long_words(node, scope))

    # ------------------------------------------------------------ functions
    def function_value(self, sym: FuncSymbol) -> n.Node:
        info = self.functions[sym.name]
        if sym.name in self.current_refs:
            return self.current_refs[sym.name]
        if sym.name in self.lambda_exprs:
            return self.lambda_exprs[sym.name]
        if info.definition is None:
            return n.Global(info.type, sym.name)
        raise RuntimeError(f"function {sym.name} used before it was lowered")

    def labelled_symbol(
        self, function: str, decl: c_ast.Decl, ty: n.Type, literal: str
    ) -> GlobalSymbol | FuncSymbol:
        """The object or function that the block-scope declaration ``decl``
        of type ``ty`` with ``asm`` label ``literal`` (a string literal)
        names: the program's own one with that assembler name (its ``asm``
        label, else its name), of the same type; otherwise a new external
        declaration of ``function``'s, under a fresh name, with the label."""
        function_type = isinstance(ty, n.FunctionType)
        found = next((name for name, label in self.asm_labels.items() if label == literal), None)
        plain = literal[1:-1]
        if found is None and plain not in self.asm_labels:
            info = self.globals.get(plain)
            if (info is not None and info.storage != "static") or plain in self.functions:
                found = plain
        if found is not None:
            if found in self.functions and function_type:
                if redeclaration_conflict(self.functions[found].type, ty) is None:
                    return FuncSymbol(found, self.functions[found].type)
            elif found in self.globals and not function_type:
                info = self.globals[found]
                if redeclaration_conflict(info.type, ty) is None:
                    return GlobalSymbol(n.Global(t.ref(info.type), found))
            raise fail(
                f"'{decl.name}' names {literal} with another type: not supported by inspirec", decl
            )
        name = self.fresh_global_name(f"{function}_{decl.name}")
        self.asm_labels[name] = literal
        if function_type:
            self.user_functions.add(name)
            self.functions[name] = FunctionInfo(name, ty, order=self.order)
            self.order += 1
            return FuncSymbol(name, ty)
        self.globals[name] = GlobalInfo(name, ty)
        return GlobalSymbol(n.Global(t.ref(ty), name))

    def static_local(
        self, function: str, name: str, ty: n.Type, align: int = 0, thread_local: bool = False
    ) -> n.Global:
        """The global standing for static local ``name`` of ``function``
        (``thread_local``: ``_Thread_local``/``__thread``, one per thread)."""
        gname = self.fresh_global_name(f"{function}_{name}")
        self.globals[gname] = GlobalInfo(
            gname, ty, "", "static", [], True, thread_local=thread_local, align=align
        )
        return n.Global(t.ref(ty), gname)

    def set_global_init(self, name: str, init: n.Node) -> None:
        self.global_inits[name] = init
        if any(addressed_label(x) is not None for x in initialiser_nodes(init)):
            self.label_tables.add(name)

    def call_graph(self) -> CallGraph:
        """The defined functions in declaration order, each with the defined
        functions its body names (in source order)."""
        defined = [
            name
            for name, f in sorted(self.functions.items(), key=lambda item: item[1].order)
            if f.definition is not None
        ]
        calls = {}
        for name in defined:
            info = self.functions[name]
            named = self.referenced_functions(info.definition.body, info.scope)
            calls[name] = [
                callee for callee in named if self.functions[callee].definition is not None
            ]
        return CallGraph(defined, calls)

    def referenced_functions(self, node: c_ast.Node, scope: Scope) -> list[str]:
        """The functions (program-wide names) ``node`` names, in source order:
        those ``scope`` declares, and those of the program (another file's) a
        block of ``node`` declares before naming them or it calls undeclared."""
        found: dict[str, None] = {}
        in_blocks: set[str] = set()
        stack = [node]
        while stack:
            x = stack.pop()
            if isinstance(x, c_ast.ID):
                sym = scope.lookup(x.name)
                if isinstance(sym, FuncSymbol):
                    found.setdefault(sym.name, None)
                elif sym is None and x.name in in_blocks and x.name in self.functions:
                    found.setdefault(x.name, None)
            elif isinstance(x, c_ast.FuncCall) and isinstance(x.name, c_ast.ID):
                named = x.name.name  # called undeclared: implicitly declared
                if scope.lookup(named) is None and named in self.functions:
                    found.setdefault(named, None)
            elif isinstance(x, c_ast.Decl) and isinstance(x.type, c_ast.FuncDecl):
                in_blocks.add(x.name)
            stack.extend(reversed([c for _, c in x.children()]))
        return list(found)

    def lower_functions(self) -> None:
        """Lower every defined function, callees first (see the module docstring);
        the order depends on the declaration order only, so the first error
        reported is the same in every run."""
        for members, recursive in self.call_graph().components_callees_first():
            refs = {m: n.LambdaReference(self.functions[m].type, m) for m in members}
            self.current_refs = refs if recursive else {}
            bindings = [
                n.LambdaBinding(refs[m], self.lower_function(self.functions[m])) for m in members
            ]
            self.current_refs = {}
            definition = n.LambdaDefinition(tuple(bindings))
            for m in members:
                self.lambda_exprs[m] = n.LambdaExpr(refs[m].type, refs[m], definition)

    def lower_function(self, info: FunctionInfo) -> n.Lambda:
        fdef = info.definition
        fty = info.type
        scope = info.scope.child()
        params: list[n.Variable] = []
        names = self.parameter_names(fdef)
        ctx = LoweringContext(
            self,
            scope,
            info.name,
            fty.result,
            modified_names(fdef.body),
            addressed_names(fdef.body),
            task_written_names(fdef.body, self.directives),
        )
        self.current_file_scope = info.scope
        decls = self.parameter_decls(fdef)
        for name, pty in zip(names, fty.params, strict=False):
            decl = decls.get(name)
            if decl is not None and self.resolver.has_runtime_dimension(decl.type, scope):
                # Run-time extents over the earlier parameters, evaluated on entry.
                refined = self.resolver.adjust_param(
                    self.resolver.resolve(decl.type, scope, extent=ctx.expr.dimension)
                )
                if t.erase(refined) is pty:
                    pty = refined
            if decl is not None:  # the function type drops the parameter's own qualifiers
                declared = self.resolver.resolve(decl.type, scope, extent=unspecified_extent)
                pty = t.qualify(pty, t.qualifiers(declared))
            var = n.Variable(t.ref(pty), name)
            params.append(var)
            longs = long_words(decl, scope) if decl is not None else None
            scope.ordinary[name] = VarSymbol(var, longs=longs)
        body = ctx.stmt.block(fdef.body, new_scope=False)
        self.check_declare_target_closed()
        check_jumps(fdef.body, self.directive)
        target = ",".join(dict.fromkeys(info.target))
        return n.Lambda(fty, tuple(params), body, ctx.loc(fdef.decl), tuple(info.simd), target)

    @staticmethod
    def parameter_decls(fdef: c_ast.FuncDef) -> dict[str, c_ast.Decl]:
        """The prototype parameter declarations of a definition, by name."""
        args = fdef.decl.type.args
        if args is None:
            return {}
        return {p.name: p for p in args.params if isinstance(p, c_ast.Decl) and p.name}

    @staticmethod
    def parameter_names(fdef: c_ast.FuncDef) -> list[str]:
        args = fdef.decl.type.args
        if args is None:
            return []
        names = []
        for i, p in enumerate(args.params):
            if isinstance(p, c_ast.EllipsisParam):
                continue
            if isinstance(p, c_ast.Typename) and p.name is None:
                if isinstance(p.type, c_ast.TypeDecl) and getattr(p.type.type, "names", None) == [
                    "void"
                ]:
                    continue
                names.append(f"unnamed{i}")
                continue
            names.append(p.name)
        return names

    # -------------------------------------------------------------- program
    def lower_globals(self) -> tuple[n.GlobalDecl, ...]:
        decls = []
        for name, info in self.globals.items():
            if info.header or not info.defined:
                continue
            init = self.global_inits.get(name)
            if init is None and info.inits:
                node, scope = info.inits[-1]
                self.current_file_scope = scope
                init = LoweringContext(self, scope).expr.initializer(node.init, info.type)
            if init is None:
                init = n.Undefined(t.strip_qualifiers(info.type))
            init = self.with_function_values(init)
            glob = n.Global(t.ref(info.type), name)
            decls.append(
                n.GlobalDecl(glob, init, info.storage, info.thread_local, info.align, info.section)
            )
        return tuple(decls)

    def with_function_values(self, init: n.Node) -> n.Node:
        """A global's initialiser ``init`` with each function it names as a
        value: a static local's initialiser is lowered in its function's body,
        where the functions of a recursive group (the function itself
        included) are references bound by their definition, which a global
        is outside of."""

        def rebuilt(node: n.Node) -> n.Node:
            if isinstance(node, n.LambdaReference) and node.name in self.lambda_exprs:
                return self.lambda_exprs[node.name]
            if isinstance(node, n.LambdaExpr):
                return node
            return node.with_children([rebuilt(c) for c in node.children])

        named = any(isinstance(x, n.LambdaReference) for x in initialiser_nodes(init))
        return rebuilt(init) if named else init

    def program(
        self, includes: tuple[str, ...], feature_macros: tuple[tuple[str, str], ...] = ()
    ) -> n.Program:
        main = self.functions.get("main")
        if main is None or main.definition is None:
            message = (
                "the program has no 'main' function (inspirec analyses a whole program "
                "from main: the file that defines it must be one inspirec compiles)"
            )
            raise CompileError([error(message)])
        self.call_constructors(main)
        self.lower_functions()
        globals_ = self.lower_globals()
        entry = self.lambda_exprs["main"]
        records = self.used_records([entry, *globals_])
        labels = tuple(sorted(self.asm_labels.items()))
        externs = {
            f
            for f in self.user_functions - self.header_functions
            if self.functions[f].definition is None
        }
        externs |= {g for g, info in self.globals.items() if not info.header and not info.defined}
        weak = {
            name
            for name in self.weak_names
            if (name not in self.functions or self.functions[name].definition is None)
            and (name not in self.globals or not self.globals[name].defined)
        }
        return n.Program(
            records,
            globals_,
            entry,
            includes,
            tuple(self.file_asm),
            labels,
            tuple(sorted(externs)),
            feature_macros,
            self.may_alias,
            tuple(sorted(weak)),
        )

    def call_constructors(self, main: FunctionInfo) -> None:
        """GNU constructors run before ``main``'s body: it starts by calling
        them, lower priorities first, then in the order the program declares
        them (gcc runs them before ``main``; the program cannot tell the
        difference unless ``main`` calls itself).  GNU destructors run when
        the program exits (``main`` returns or ``exit`` is called): before
        the constructors, ``main`` registers them with ``atexit`` in the
        constructors' order, which it runs in reverse (higher priorities
        first, the last declared first, as gcc), after the functions the
        constructors and the program register.  They are named in a scope
        of their own around ``main``'s, as each may be static in another file."""
        constructors = self.defined_once(self.constructors)
        destructors = self.defined_once(self.destructors)
        if not constructors and not destructors:
            return
        scope = main.scope.child()
        body = main.definition.body
        coord = body.coord
        calls: list[c_ast.Node] = []
        if destructors:
            self.declare_function(_atexit_declaration(coord), scope, None)
        for k, sym in enumerate(destructors):
            alias = f"__inspire_destructor{k}"
            scope.ordinary[alias] = sym
            handler = c_ast.Cast(_handler_type(coord), c_ast.ID(alias, coord), coord)
            registration = c_ast.ExprList([handler], coord)
            calls.append(c_ast.FuncCall(c_ast.ID("atexit", coord), registration, coord))
        for k, sym in enumerate(constructors):
            alias = f"__inspire_constructor{k}"
            scope.ordinary[alias] = sym
            calls.append(c_ast.FuncCall(c_ast.ID(alias, coord), None, coord))
        main.scope = scope
        body.block_items = [*calls, *(body.block_items or [])]

    def defined_once(self, marked: list[tuple[int, FuncSymbol]]) -> list[FuncSymbol]:
        """The functions of ``marked`` (priority, function) that the program
        defines (a prototype of another object's adds none), each once (a
        prototype's and a definition's), by priority, then in the order the
        program declares them."""
        first: dict[str, tuple[int, int, FuncSymbol]] = {}
        for k, (priority, sym) in enumerate(marked):
            if self.functions[sym.name].definition is not None:
                first.setdefault(sym.name, (priority, k, sym))
        return [sym for _, _, sym in sorted(first.values(), key=lambda c: c[:2])]

    def used_records(self, roots: list[n.Node]) -> tuple[n.StructDecl, ...]:
        """The user's records, and the header records the program actually uses."""
        decls = self.records.decls
        used: set[tuple[str, str]] = set()
        stack = [(x.tag, x.name) for r in roots for x in r.walk() if isinstance(x, n.TagType)]
        stack += [key for key, d in decls.items() if not d.header]
        while stack:
            key = stack.pop()
            if key in used or key not in decls:
                continue
            used.add(key)
            stack.extend(
                (x.tag, x.name)
                for f in decls[key].fields
                for x in f.walk()
                if isinstance(x, n.TagType)
            )
        return tuple(d for key, d in decls.items() if key in used)


def _at_line_start(message: str, node: c_ast.Node) -> CompileError:
    """An error at the first character of the source line ``node`` starts on
    (where gcc places an error about a whole declaration)."""
    coord = node.coord
    if coord is None:
        return fail(message, node)
    line = linecache.getline(coord.file, coord.line)
    column = len(line) - len(line.lstrip()) + 1 if line.strip() else coord.column
    return CompileError([error(message, coord.file, coord.line, column)])


def file_register(node: c_ast.Decl, following: list[c_ast.Node]) -> CompileError:
    """The error for the file-scope ``register`` declaration ``node``: gcc's
    without an ``asm`` label (its marker among the declarations and markers
    ``following`` it, :func:`frontend.asm.file_scope_marker`); with one, a
    GNU global register variable, which inspirec does not support (every
    function of the program, the runtime's too, would have to leave the
    register alone, and each worker thread has its own)."""
    for ext in following:
        if not isinstance(ext, c_ast.Decl | c_ast.StaticAssert):
            break
        marker = asm.static_assert_marker(ext) if isinstance(ext, c_ast.StaticAssert) else None
        if marker is not None and marker[:2] == ("label", node.name):
            return fail(
                "global register variables (a GNU extension) are not supported by inspirec", node
            )
    return fail(f"register name not specified for '{node.name}'", node)


#: An identifier in the text of a directive.
_WORD = re.compile(r"[A-Za-z_]\w*")


def addressed_names(body: c_ast.Node) -> frozenset[str]:
    """Identifiers of a function body whose object may be reached through its
    address (gcc's ``TREE_ADDRESSABLE``, by name): the base of an operand of
    unary ``&`` (``&x``, ``&s.f``, ``&a[i]``), every identifier of an ``asm``
    statement (a memory operand) and of an OpenMP directive (``depend``,
    reduction, ``map`` ... clauses take addresses)."""
    found: set[str] = set()
    stack = [body]
    while stack:
        x = stack.pop()
        if isinstance(x, c_ast.UnaryOp) and x.op == "&":
            base = x.expr
            while isinstance(base, c_ast.StructRef | c_ast.ArrayRef):
                base = base.name
            if isinstance(base, c_ast.ID):
                found.add(base.name)
        elif isinstance(x, c_ast.Pragma):
            found.update(_WORD.findall(x.string))
        elif isinstance(x, c_ast.FuncCall) and getattr(x.name, "name", None) in asm.CALLS:
            operands = c_nodes(x.args) if x.args is not None else ()
            found.update(i.name for i in operands if isinstance(i, c_ast.ID))
        stack.extend(c for _, c in x.children())
    return frozenset(found)


def modified_names(body: c_ast.Node) -> frozenset[str]:
    """Identifiers a function body assigns, increments, decrements or takes the address of."""
    found: set[str] = set()
    stack = [body]
    while stack:
        x = stack.pop()
        target = None
        if isinstance(x, c_ast.Assignment):
            target = x.lvalue
        elif isinstance(x, c_ast.UnaryOp) and x.op in ("++", "--", "p++", "p--", "&"):
            target = x.expr
        if isinstance(target, c_ast.ID):
            found.add(target.name)
        stack.extend(c for _, c in x.children())
    return frozenset(found)


def task_written_names(
    body: c_ast.Node, directives: Mapping[c_ast.Pragma, Directive]
) -> frozenset[str]:
    """Identifiers the tasks of a function body may change: those
    :func:`modified_names` finds in the statement of a ``task`` or
    ``taskloop`` construct (combined ones too; ``directives`` are the
    program's, parsed).  A task copies no such local it only reads
    (:func:`frontend.openmp.read_only_local`): another task may change it
    before the task reads it (the order a ``depend`` clause or a ``detach``
    event gives)."""
    found: set[str] = set()
    stack = [body]
    while stack:
        x = stack.pop()
        items = (x.block_items or []) if isinstance(x, c_ast.Compound) else []
        for i, item in enumerate(items):
            d = directives.get(item) if isinstance(item, c_ast.Pragma) else None
            if d is None or not {"task", "taskloop"} & set(d.name.split()):
                continue
            statement = next((y for y in items[i + 1 :] if not isinstance(y, c_ast.Pragma)), None)
            if statement is not None:
                found |= modified_names(statement)
        stack.extend(c for _, c in x.children())
    return frozenset(found)


def exact_positions(diagnostics, origins: list[Origins]) -> list[Diagnostic]:
    """Diagnostics moved from preprocessed-text columns to original source columns,
    with the source line attached (see :meth:`Origins.location`).

    A file (a shared header) may be part of several units; the unit that maps
    the column wins, since only the one whose preprocessed text holds the
    position can (the others still show the source line, without a column).
    """
    out = []
    for d in diagnostics:
        if d.file is None or d.line is None or d.source_line is not None:
            out.append(d)  # no position, or already exact
            continue
        coord = SimpleNamespace(file=d.file, line=d.line, column=d.col)
        candidates = [o.diagnostic(coord, d.message, d.severity) for o in origins]
        shown = [c for c in candidates if c.source_line is not None]
        exact = [c for c in shown if c.col is not None or d.col is None]
        moved = (exact or shown or [d])[0]
        out.append(dataclasses.replace(moved, topic=d.topic, option=d.option))
    return out


def inline_definitions(ast: c_ast.FileAST) -> set[str]:
    """The functions whose definition in the file ``ast`` is an inline
    definition, which provides no external definition: C99's (every
    file-scope declaration of it is ``inline``, none ``extern``) and GNU89's
    (``extern inline``; under C99 an external definition, which another
    file's may then replace: two external definitions would be an error)."""
    c99: dict[str, bool] = {}
    gnu89: set[str] = set()
    for ext in ast.ext:
        decl = ext.decl if isinstance(ext, c_ast.FuncDef) else ext
        if not isinstance(decl, c_ast.Decl) or not isinstance(decl.type, c_ast.FuncDecl):
            continue
        inline, extern = "inline" in decl.funcspec, "extern" in decl.storage
        c99[decl.name] = c99.get(decl.name, True) and inline and not extern
        if isinstance(ext, c_ast.FuncDef) and inline and extern:
            gnu89.add(decl.name)
    return {name for name, only in c99.items() if only} | gnu89


def _handler_type(coord) -> c_ast.Typename:
    """The type name ``void (*)(void)`` (an ``atexit`` handler's)."""

    def void() -> c_ast.TypeDecl:
        return c_ast.TypeDecl(None, [], None, c_ast.IdentifierType(["void"], coord), coord)

    parameters = c_ast.ParamList([c_ast.Typename(None, [], None, void(), coord)], coord)
    pointer = c_ast.PtrDecl([], c_ast.FuncDecl(parameters, void(), coord), coord)
    return c_ast.Typename(None, [], None, pointer, coord)


def _atexit_declaration(coord) -> c_ast.Decl:
    """``int atexit(void (*)(void));``, as ``<stdlib.h>`` declares it."""
    result = c_ast.TypeDecl("atexit", [], None, c_ast.IdentifierType(["int"], coord), coord)
    parameters = c_ast.ParamList([_handler_type(coord)], coord)
    function = c_ast.FuncDecl(parameters, result, coord)
    return c_ast.Decl("atexit", [], [], [], [], function, None, None, coord)


def external_names(asts: list[c_ast.FileAST]) -> set[str]:
    """The names the file-scope declarations and definitions without
    ``static`` of ``asts`` declare (those with external linkage, and a few
    that an earlier ``static`` of the same file gives internal linkage)."""
    names = set()
    for ast in asts:
        for ext in ast.ext:
            decl = ext.decl if isinstance(ext, c_ast.FuncDef) else ext
            if isinstance(decl, c_ast.Decl) and decl.name and "static" not in (decl.storage or []):
                names.add(decl.name)
    return names


def lower_files(asts: list[c_ast.FileAST], origins: list[Origins], log: DiagnosticLog) -> n.Program:
    """Lower parsed files (one program) to a verified IR program."""
    includes = tuple(f"<{h}>" for h in program_includes(origins))
    macros = program_feature_macros(origins)
    program = _lowered(asts, origins, log, lambda lowering: lowering.program(includes, macros))
    problems = verify(program)
    if problems:
        raise RuntimeError("the lowered program does not verify:\n" + "\n".join(problems[:20]))
    return program


def check_files(asts: list[c_ast.FileAST], origins: list[Origins], log: DiagnosticLog) -> None:
    """Lower parsed files that need not be a whole program (``inspirec-cc -c``
    compiles a unit alone): raise :class:`CompileError` for whatever lowering
    finds wrong in them (an undeclared name, a type error), as
    :func:`lower_files` would.  Nothing is kept: the program is lowered when
    its units are linked."""

    def every_definition(lowering: ProgramLowering) -> None:
        lowering.lower_functions()
        lowering.lower_globals()

    _lowered(asts, origins, log, every_definition)


#: What finishing a lowering gives (:func:`_lowered`).
_Result = TypeVar("_Result")


def _lowered(
    asts: list[c_ast.FileAST],
    origins: list[Origins],
    log: DiagnosticLog,
    finish: Callable[[ProgramLowering], _Result],
) -> _Result:
    """Collect parsed files and ``finish`` their lowering; the diagnostics
    go to ``log``, an error's moved to its source column."""
    lowering = ProgramLowering(DiagnosticLog())
    try:
        for pragma in drop_unknown_directives(asts):
            lowering.pragma(pragma)  # ignored with a warning, as gcc 12 does
        lowering.directives = program_directives(asts)
        lowering.external_names = external_names(asts)
        for ast in asts:
            lowering.collect(ast)
        lowering.resolve_aliases()
        lowering.composite_globals()
        lowering.threads = ThreadPlan.build(
            lowering.functions, lowering.resolver, asts, origins, lowering.directives
        )
        log.extend(lowering.threads.notes)
        result = finish(lowering)
    except CompileError as err:
        log.extend(exact_positions(lowering.log.diagnostics, origins))
        raise CompileError(exact_positions(err.diagnostics, origins)) from None
    log.extend(exact_positions(lowering.log.diagnostics, origins))
    return result


def parse_program(
    paths: list[str] | tuple[str, ...],
    include_dirs=(),
    defines=(),
    undefines=(),
    log: DiagnosticLog | None = None,
    optimize: str | None = None,
    target: tuple[str, ...] = (),
) -> n.Program:
    """Preprocess, parse and lower the C files of one program to IR
    (``optimize``: the ``-O`` level the program is compiled at, None for
    none: ``__OPTIMIZE__`` is defined as gcc defines it; ``target``: the C
    compiler's ``-m`` options, which select the instruction set).

    Raises :class:`~frontend.diagnostics.CompileError` with gcc-style
    diagnostics for any problem in the input.
    """
    log = log if log is not None else DiagnosticLog()
    if not paths:
        raise CompileError([error("no input files")])
    asts, origins = [], []
    for p in paths:
        ast, origin = parse_c(
            p, include_dirs, defines, undefines, log=log, optimize=optimize, target=target
        )
        asts.append(ast)
        origins.append(origin)
    return lower_files(asts, origins, log)


def check_parameter_names(decl: c_ast.Decl) -> None:
    """gcc's errors for a function declarator naming a parameter twice (its
    prototype, or the identifier list of an old-style definition)."""
    args = decl.type.args if isinstance(decl.type, c_ast.FuncDecl) else None
    seen: set[str] = set()
    for p in args.params if args is not None else ():
        name = p.name if isinstance(p, c_ast.Decl | c_ast.ID) else None
        if name in seen and isinstance(p, c_ast.ID):
            raise fail(f"multiple parameters named '{name}'", p)
        if name in seen:
            raise fail(f"redefinition of parameter '{name}'", p)
        if name:
            seen.add(name)


def functions_compatible(a: n.Type, b: n.Type) -> bool:
    """Whether two declarations of one function in a file agree (C11 6.7.6.3p15):
    compatible results and, unless either is unprototyped (``f()``), the same
    number of compatible parameters and the same ``...``."""
    if a is b:
        return True
    if not (isinstance(a, n.FunctionType) and isinstance(b, n.FunctionType)):
        return redeclaration_conflict(a, b) is None
    if not functions_compatible(a.result, b.result):
        return False
    if (not a.params and a.variadic) or (not b.params and b.variadic):
        return True
    return (
        a.variadic == b.variadic
        and len(a.params) == len(b.params)
        and all(functions_compatible(x, y) for x, y in zip(a.params, b.params, strict=True))
    )


def redeclaration_conflict(old: n.Type, new: n.Type) -> str | None:
    """gcc's complaint when an object of type ``old`` is declared again with
    type ``new`` (None: compatible, C11 6.2.7; an array may gain or lose its
    size)."""
    if t.refines(old, new) or t.refines(new, old):
        return None
    bare_old, bare_new = t.strip_qualifiers(old), t.strip_qualifiers(new)
    if t.refines(bare_old, bare_new) or t.refines(bare_new, bare_old):
        return "conflicting type qualifiers"
    return "conflicting types"
