"""The external symbols a translation unit defines and references, as a linker sees them.

A static library's member joins a program only when it defines a symbol
the program so far references and does not define (``ld``'s rule); the
link step of ``inspirec-cc`` applies it to the units an archive carries
(:func:`unit_symbols`), so a member a program does not need is not
lowered with it (its definitions would clash with the program's own).

Invariants of :class:`UnitSymbols`:

* ``defines`` are the names of the unit's definitions with external
  linkage: functions defined without ``static``, and file-scope objects
  defined (with an initialiser, or tentatively) without ``static`` or
  ``extern``; ``extern`` with an initialiser is a definition too, and so
  are GNU aliases (``alias``, ``#pragma weak a = b``).
* ``references`` are names the unit uses in an expression (a call, an
  address, a value) that it declares with external linkage (at file scope
  without ``static``; in a block with ``extern``, or a function), or calls
  without any declaration in sight (C89's implicit declaration), minus
  ``defines`` and the names it declares GNU ``weak`` (a weak reference
  takes no member from a library, as with ``ld``).
  A name is counted wherever it is used, even where a local of the same
  name hides it: a reference too many can only pull a member the program
  might not need, never leave one out.
* Both are sorted tuples: the same unit gives the same symbols.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspirec.frontend.cparse import marked_name
from inspirec.frontend.preprocess import ALIAS_MARKER, WEAK_MARKER
from pycparser import c_ast

__all__ = ["UnitSymbols", "unit_symbols"]


@dataclass(frozen=True)
class UnitSymbols:
    """What a unit gives a program (``defines``) and needs from it (``references``)."""

    defines: tuple[str, ...]
    references: tuple[str, ...]


def unit_symbols(ast: c_ast.FileAST) -> UnitSymbols:
    """The external symbols of the parsed unit ``ast`` (see the module's invariants)."""
    defined: set[str] = set()
    external: set[str] = set()  # declared with external linkage
    internal: set[str] = set()  # declared static at file scope
    weak: set[str] = set()
    for ext in ast.ext:
        if (name := marked_name(ext, WEAK_MARKER)) is not None:
            weak.add(name)
        elif (alias := marked_name(ext, ALIAS_MARKER)) is not None:
            defined.add(alias.partition(":")[0])
        if isinstance(ext, c_ast.FuncDef):
            decl = ext.decl
            if "static" in decl.storage:
                internal.add(decl.name)
            else:
                defined.add(decl.name)
            continue
        if not isinstance(ext, c_ast.Decl) or not ext.name or "typedef" in ext.storage:
            continue
        if "static" in ext.storage:
            internal.add(ext.name)
        elif isinstance(ext.type, c_ast.FuncDecl):
            external.add(ext.name)
        elif "extern" not in ext.storage or ext.init is not None:
            defined.add(ext.name)
        else:
            external.add(ext.name)
    used = _UsedNames()
    used.visit(ast)
    declared = external | internal | defined | used.block_externs
    referenced = used.names & (external | used.block_externs)
    referenced |= used.callees - declared - used.locals
    referenced -= defined | internal | weak
    return UnitSymbols(tuple(sorted(defined)), tuple(sorted(referenced)))


class _UsedNames(c_ast.NodeVisitor):
    """The identifiers a unit's expressions name (not member names nor
    designators), the names it calls, the names blocks declare ``extern``
    and those they declare otherwise (locals, parameters)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.callees: set[str] = set()
        self.block_externs: set[str] = set()
        self.locals: set[str] = set()
        self._depth = 0  # inside a function definition

    def visit_ID(self, node: c_ast.ID) -> None:
        self.names.add(node.name)

    def visit_StructRef(self, node: c_ast.StructRef) -> None:
        self.visit(node.name)  # not node.field: a member's name

    def visit_NamedInitializer(self, node: c_ast.NamedInitializer) -> None:
        for designator in node.name:
            if not isinstance(designator, c_ast.ID):  # an index, not a member's name
                self.visit(designator)
        self.visit(node.expr)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID):
            self.callees.add(node.name.name)
        self.generic_visit(node)

    def visit_FuncDef(self, node: c_ast.FuncDef) -> None:
        self._depth += 1
        self.generic_visit(node)
        self._depth -= 1

    def visit_Decl(self, node: c_ast.Decl) -> None:
        if self._depth and node.name:
            if "extern" in node.storage or (
                isinstance(node.type, c_ast.FuncDecl) and "static" not in node.storage
            ):  # a function a block declares has external linkage
                self.block_externs.add(node.name)
            else:
                self.locals.add(node.name)
        self.generic_visit(node)
