"""The syntax of the IR text format that more than the program parser needs.

* the LALR grammar (``inspire.lark``, package data) and its parser
  (:func:`grammar`, whose tables inspirec's cache keeps), and syntax errors
  with position and caret;
* literal syntax: which spellings are bare literals and the type each
  denotes (:func:`default_literal_type`); the token patterns are the
  grammar's own terminals, so the printer and the parser cannot disagree;
* types: :class:`TypeBuilder` turns a parsed type into a type node;
  :func:`parse_type` reads one type (builtin signatures are written this way).

This module depends on nodes, types and the cache only, so the builtins table can use
it without depending on the program parser (:mod:`inspire.parser`).
"""

from __future__ import annotations

import hashlib
import io
import re
from functools import cache
from importlib import resources
from typing import Any

import lark
from inspirec.inspire.cache import cache_dir, store_file
from inspirec.inspire.errors import IRError
from inspirec.inspire.nodes import FunctionType, GenericType, Node, TagType, Type, TypeVariable
from inspirec.inspire.types import (
    ANY_SIZE,
    CHAR,
    INT4,
    REAL8,
    int_type,
    ptr,
    vla,
    well_formed_error,
)
from lark import Token, Tree

KEYWORDS = frozenset(
    """include struct union global static thread_local extern def function rec entry var if
    else while do for switch case default return break continue goto label cast decl init
    sizeof undefined job bind final lit from as packed align reduction""".split()
)


#: The rules a text is parsed from: a whole program, or one type.
STARTS = ("start", "type")


@cache
def grammar() -> lark.Lark:
    """The LALR parser of the grammar, with one table for each rule of
    :data:`STARTS` (``grammar().parse(text, start=rule)``).

    Building the tables takes about half a second, which every process that
    types a builtin call would spend, so they are kept in inspirec's cache
    (:mod:`inspire.cache`) under a key that hashes the grammar and lark's
    version, and read from there (lark's ``save``/``load``) when present.
    """
    text = resources.files(__package__).joinpath("inspire.lark").read_text()
    root = cache_dir()
    key = hashlib.sha256(f"{lark.__version__}\0{STARTS}\0{text}".encode()).hexdigest()
    entry = root / "grammar" / f"{key}.lark" if root is not None else None
    if entry is not None and entry.is_file():
        try:
            with entry.open("rb") as f:
                return lark.Lark.load(f)
        except Exception:  # any unreadable entry is made again below
            pass
    parser = lark.Lark(
        text,
        parser="lalr",
        start=list(STARTS),
        propagate_positions=True,
        maybe_placeholders=True,
    )
    if entry is not None:
        saved = io.BytesIO()
        parser.save(saved)
        store_file(entry, saved.getvalue())
    return parser


def syntax_error(err: lark.exceptions.LarkError, text: str, filename: str) -> IRError:
    line = getattr(err, "line", None)
    col = getattr(err, "column", None)
    if isinstance(err, lark.exceptions.UnexpectedToken):
        tok = err.token
        what = "end of input" if tok.type == "$END" else f"{tok.value!r}"
        expected = sorted(err.expected)
        shown = ", ".join(_pretty_terminal(e) for e in expected[:8])
        more = ", ..." if len(expected) > 8 else ""
        message = f"unexpected {what}; expected {shown}{more}"
        if tok.type == "$END":
            line, col = _end_position(text)
    elif isinstance(err, lark.exceptions.UnexpectedCharacters):
        message = f"unexpected character {text[err.pos_in_stream]!r}"
    elif isinstance(err, lark.exceptions.UnexpectedEOF):
        message = "unexpected end of input"
        line, col = _end_position(text)
    else:
        message = str(err).splitlines()[0]
    return IRError(message, filename, line, col, source_line(text, line))


def _pretty_terminal(name: str) -> str:
    names = {
        "NAME": "name",
        "ESCAPED_NAME": "name",
        "STRING": "string",
        "INT": "integer",
        "TAG": "struct, union",
        "BUILTIN_NAME": "$builtin",
        "GLOBAL_NAME": "::global",
        "CHARLIT": "character",
        "NUMBER": "number",
        "TYPEVAR": "type variable",
        "HEADER": "header",
        "DESIGNATOR": "designator",
    }
    if name in names:
        return names[name]
    try:
        pattern = grammar().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if isinstance(pattern, lark.lexer.PatternStr):
        return f"'{pattern.value}'"
    return name.lower()


def _end_position(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    if lines and lines[-1] == "" and len(lines) > 1:
        lines.pop()
    return len(lines), len(lines[-1]) + 1 if lines else 1


def source_line(text: str, line: int | None) -> str | None:
    if line is None:
        return None
    lines = text.split("\n")
    return lines[line - 1] if 0 < line <= len(lines) else None


def terminal(name: str) -> re.Pattern:
    """The pattern of the grammar's terminal ``name`` (e.g. ``NUMBER``)."""
    return re.compile(grammar().get_terminal(name).pattern.to_regexp())


_INT_RE = terminal("INT")
_FLOAT_RE = re.compile(r"-?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+(\.[0-9]*)?[eE][+-]?[0-9]+)")
NUMBER_RE = terminal("NUMBER")
STRING_RE = terminal("STRING")
CHAR_RE = terminal("CHARLIT")
NAME_RE = terminal("NAME")


def default_literal_type(spelling: str) -> Type | None:
    """The type a bare literal token denotes in the text format, or None.

    Integers are ``int<4>``, plain decimal floating constants ``real<8>``,
    strings ``ptr<char>``, character constants ``int<4>`` (as in C; with a
    prefix, of its type: ``L`` ``wchar_t``, ``int<4>``; ``u`` ``char16_t``,
    ``uint<2>``; ``U`` ``char32_t``, ``uint<4>``; ``u8`` ``char``); any other
    number (suffixed, hexadecimal) is written with an explicit ``lit<T>``.
    """
    if _INT_RE.fullmatch(spelling):
        return INT4
    if _FLOAT_RE.fullmatch(spelling):
        return REAL8
    prefix = _PREFIX_RE.match(spelling)
    unit = _PREFIX_UNITS.get(prefix[1]) if prefix and prefix[1] else None
    if STRING_RE.fullmatch(spelling):
        return ptr(unit or CHAR)
    if CHAR_RE.fullmatch(spelling):
        return unit or INT4
    return None


#: The element type of a string literal, and the type of a character
#: constant, with each prefix (none: ``char``, ``int`` respectively).
_PREFIX_UNITS = {
    "L": INT4,
    "u": int_type(2, signed=False),
    "U": int_type(4, signed=False),
    "u8": CHAR,
}
_PREFIX_RE = re.compile(r"(u8|u|U|L)?['\"]")


def parse_type(text: str, filename: str = "<type>") -> Type:
    """Parse one type, e.g. ``ref<array<int<4>,10>>``."""
    try:
        tree = grammar().parse(text, start="type")
    except lark.exceptions.LarkError as err:
        raise syntax_error(err, text, filename) from None
    return TypeBuilder(text, filename).type(tree)


class TypeBuilder:
    """Builds type nodes from a lark tree of one text.

    A run-time extent (``array<T,[e]>``) is an expression: :meth:`expr`
    builds it, which only a program builder (a subclass) can do.
    """

    def __init__(self, text: str, filename: str):
        self.text = text
        self.filename = filename

    # -------------------------------------------------------------- errors
    def error(self, where: Any, message: str) -> IRError:
        line = col = None
        if isinstance(where, Token):
            line, col = where.line, where.column
        elif isinstance(where, Tree) and not where.meta.empty:
            line, col = where.meta.line, where.meta.column
        return IRError(message, self.filename, line, col, source_line(self.text, line))

    def expr(self, tree: Tree) -> Node:
        raise self.error(tree, "a run-time extent [e] needs a program around the type")

    # --------------------------------------------------------------- types
    def type(self, tree: Tree) -> Type:
        kind = tree.data
        if kind == "type_simple":
            name = self.name(tree.children[0])
            t = GenericType(name, (), ())
        elif kind == "type_generic":
            name = self.name(tree.children[0])
            tparams: list[Type] = []
            iparams: list[int | None] = []
            extent = None
            for p in tree.children[1:]:
                if isinstance(p, Tree) and p.data == "tparam_extent":
                    if name != "array" or extent is not None:
                        raise self.error(p, "only an array takes a run-time extent [e]")
                    extent = self.expr(p.children[0])
                    iparams.append(None)
                elif isinstance(p, Tree) and p.data == "tparam_int":
                    iparams.append(int(p.children[0]))
                elif isinstance(p, Tree) and p.data == "tparam_star":
                    iparams.append(None)
                elif isinstance(p, Tree) and p.data == "tparam_any":
                    iparams.append(ANY_SIZE)
                else:
                    if iparams:
                        raise self.error(p, "type parameters must precede size parameters")
                    tparams.append(self.type(p))
            if extent is not None:
                if len(tparams) != 1 or len(iparams) != 1:
                    raise self.error(tree, "malformed type: array takes one type and one size")
                t = vla(tparams[0], extent)
            else:
                t = GenericType(name, tuple(tparams), tuple(iparams))
        elif kind == "type_tag":
            t = TagType(str(tree.children[0]), self.name(tree.children[1]))
        elif kind == "type_function":
            params: list[Type] = []
            variadic = False
            ft = tree.children[0]
            if ft is not None:
                for c in ft.children:
                    if isinstance(c, Token) and c.type == "VARIADIC":
                        variadic = True
                    elif c is not None:
                        params.append(self.type(c))
            t = FunctionType(tuple(params), self.type(tree.children[1]), variadic)
        elif kind == "type_var":
            t = TypeVariable(str(tree.children[0])[1:])
        else:
            raise self.error(tree, f"not a type: {kind}")
        problem = well_formed_error(t)
        if problem:
            raise self.error(tree, f"malformed type: {problem}")
        return t

    # --------------------------------------------------------------- names
    def name(self, tree: Tree | Token) -> str:
        tok = tree.children[0] if isinstance(tree, Tree) else tree
        s = str(tok)
        return s[1:-1] if s.startswith("`") else s
