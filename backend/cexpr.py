"""A small model of C expressions, printed with C's operator precedence.

The emitter builds C expressions as trees of the classes below and prints
them with :func:`render`, which adds parentheses exactly where C's grammar
needs them, plus a few gcc's ``-Wparentheses`` asks for or a reader would (any other operator
inside a bitwise ``&``, ``|``, ``^``; ``&&`` inside ``||``; ``+``/``-``
inside a shift; a comparison or shift inside a comparison; an assignment used
as a condition).

Levels (:data:`PRIMARY` binds tightest, :data:`COMMA` loosest) follow the C
grammar; a binary operator is left-associative, assignment and ``?:`` are
right-associative.

The smart constructors keep the C idiomatic without changing its meaning:
:func:`deref` of :func:`addr` (``*&x``) is ``x`` and :func:`addr` of
:func:`deref` (``&*p``) is ``p`` (C11 6.5.3.2), and :func:`member` of
``*p`` is ``p->m``.

Builtins are written in C by templates (:mod:`inspire.builtins`):
:func:`parse_template` turns a template into a tree with :class:`Hole`
leaves, and :func:`instantiate` substitutes them through the smart
constructors.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

# Precedence levels, loosest first.
COMMA, ASSIGN, COND, LOR, LAND, BOR, BXOR, BAND, EQ, REL, SHIFT, ADD, MUL, UNARY, POSTFIX = range(
    1, 16
)
PRIMARY = 16

BINARY_LEVELS = {
    "||": LOR,
    "&&": LAND,
    "|": BOR,
    "^": BXOR,
    "&": BAND,
    "==": EQ,
    "!=": EQ,
    "<": REL,
    ">": REL,
    "<=": REL,
    ">=": REL,
    "<<": SHIFT,
    ">>": SHIFT,
    "+": ADD,
    "-": ADD,
    "*": MUL,
    "/": MUL,
    "%": MUL,
}
ASSIGN_OPS = frozenset("= += -= *= /= %= &= |= ^= <<= >>=".split())
#: ``&&`` is GNU C's address of a label, whose operand is the label's name.
PREFIX_OPS = frozenset("- + ~ ! * & && ++ -- __real__ __imag__".split())


class CExpr:
    """A C expression; ``level`` is its precedence level."""

    __slots__ = ()
    level = PRIMARY


@dataclass(frozen=True, slots=True)
class Atom(CExpr):
    """Text that is a primary expression: a name, a constant, a string
    literal, ``sizeof(T)``, a statement expression ``({ ... })``, or a
    bare operator passed to a macro."""

    text: str


@dataclass(frozen=True, slots=True)
class Literal(CExpr):
    """A constant as the IR spells it; a negative one is a unary minus."""

    text: str

    @property
    def level(self) -> int:  # type: ignore[override]
        return UNARY if self.text.startswith("-") else PRIMARY


@dataclass(frozen=True, slots=True)
class Prefix(CExpr):
    op: str
    operand: CExpr
    level = UNARY


@dataclass(frozen=True, slots=True)
class Cast(CExpr):
    type_name: str
    operand: CExpr
    level = UNARY


@dataclass(frozen=True, slots=True)
class Postfix(CExpr):
    operand: CExpr
    op: str
    level = POSTFIX


@dataclass(frozen=True, slots=True)
class Call(CExpr):
    callee: CExpr
    args: tuple[CExpr, ...]
    level = POSTFIX


@dataclass(frozen=True, slots=True)
class Index(CExpr):
    base: CExpr
    index: CExpr
    level = POSTFIX


@dataclass(frozen=True, slots=True)
class Member(CExpr):
    """``base.name`` or (``arrow``) ``base->name``; ``name`` may be a :class:`Hole`."""

    base: CExpr
    name: str | Hole
    arrow: bool = False
    level = POSTFIX


@dataclass(frozen=True, slots=True)
class Binary(CExpr):
    op: str
    left: CExpr
    right: CExpr

    @property
    def level(self) -> int:  # type: ignore[override]
        return BINARY_LEVELS[self.op]


@dataclass(frozen=True, slots=True)
class Conditional(CExpr):
    cond: CExpr
    then: CExpr
    else_: CExpr
    level = COND


@dataclass(frozen=True, slots=True)
class Assign(CExpr):
    op: str
    target: CExpr
    value: CExpr
    level = ASSIGN


@dataclass(frozen=True, slots=True)
class Comma(CExpr):
    left: CExpr
    right: CExpr
    level = COMMA


@dataclass(frozen=True, slots=True)
class Hole(CExpr):
    """A template placeholder: ``"0"`` ... ``"9"`` (an argument), ``"T"`` (the
    result type name) or ``"P"`` (the last named parameter)."""

    key: str


# ------------------------------------------------------------ constructors


def deref(e: CExpr) -> CExpr:
    """``*e``, with ``*&x`` written ``x``."""
    if isinstance(e, Prefix) and e.op == "&":
        return e.operand
    return Prefix("*", e)


def addr(e: CExpr) -> CExpr:
    """``&e``, with ``&*p`` written ``p``."""
    if isinstance(e, Prefix) and e.op == "*":
        return e.operand
    return Prefix("&", e)


def member(base: CExpr, name: str | Hole) -> CExpr:
    """``base.name``, with ``(*p).name`` written ``p->name``."""
    if isinstance(base, Prefix) and base.op == "*":
        return Member(base.operand, name, arrow=True)
    return Member(base, name)


def call(name: str, *args: CExpr) -> Call:
    """A call of the function (or macro) ``name``."""
    return Call(Atom(name), tuple(args))


# ---------------------------------------------------------------- printing


def render(e: CExpr, level: int = COMMA) -> str:
    """The C text of ``e`` where the grammar expects an expression of at
    least ``level`` (parenthesised if ``e`` binds more loosely)."""
    text = _text(e)
    return f"({text})" if e.level < level else text


def render_condition(e: CExpr) -> str:
    """``e`` as the condition of ``if``/``while``/``for`` (an assignment is
    doubly parenthesised, as gcc asks)."""
    text = render(e)
    return f"({text})" if isinstance(e, Assign) else text


def _operand(e: CExpr, level: int, parent: str) -> str:
    """An operand of binary operator ``parent`` that needs ``level``."""
    if isinstance(e, Binary) and e.op != parent and _clarify(parent, e.op):
        return f"({_text(e)})"
    return render(e, level)


def _clarify(parent: str, child: str) -> bool:
    """Whether a ``child`` operand of ``parent`` gets parentheses C does not need."""
    if parent in ("&", "|", "^"):
        return True  # anything but the same operator
    if parent in ("<<", ">>"):
        return child in ("+", "-")
    if parent == "||":
        return child == "&&"
    return BINARY_LEVELS[parent] in (EQ, REL) and BINARY_LEVELS[child] in (EQ, REL, SHIFT)


def _text(e: CExpr) -> str:
    if isinstance(e, Atom | Literal):
        return e.text
    if isinstance(e, Prefix):
        inner = render(e.operand, UNARY)
        # "- -x", "+ +x", "& &x" would lex as another operator.
        if inner[:1] == e.op[-1] and inner[:1] in ("-", "+", "&"):
            inner = f"({inner})"
        if e.op[-1].isalnum() or e.op[-1] == "_":  # GNU __real__, __imag__
            return f"{e.op} {inner}"
        return f"{e.op}{inner}"
    if isinstance(e, Cast):
        return f"({e.type_name}){render(e.operand, UNARY)}"
    if isinstance(e, Postfix):
        return f"{render(e.operand, POSTFIX)}{e.op}"
    if isinstance(e, Call):
        args = ", ".join(render(a, ASSIGN) for a in e.args)
        return f"{render(e.callee, POSTFIX)}({args})"
    if isinstance(e, Index):
        return f"{render(e.base, POSTFIX)}[{render(e.index)}]"
    if isinstance(e, Member):
        if isinstance(e.name, Hole):
            raise ValueError(f"template member hole ${e.name.key} was not substituted")
        return f"{render(e.base, POSTFIX)}{'->' if e.arrow else '.'}{e.name}"
    if isinstance(e, Binary):
        level = BINARY_LEVELS[e.op]
        left = _operand(e.left, level, e.op)
        right = _operand(e.right, level + 1, e.op)
        return f"{left} {e.op} {right}"
    if isinstance(e, Conditional):
        then = render(e.then, COND)
        return f"{render(e.cond, LOR)} ? {then} : {render(e.else_, COND)}"
    if isinstance(e, Assign):
        return f"{render(e.target, UNARY)} {e.op} {render(e.value, ASSIGN)}"
    if isinstance(e, Comma):
        return f"{render(e.left, COMMA)}, {render(e.right, ASSIGN)}"
    if isinstance(e, Hole):
        raise ValueError(f"template hole ${e.key} was not substituted")
    raise TypeError(f"not a C expression: {e!r}")


# --------------------------------------------------------------- templates

_TOKEN = re.compile(
    r"\s*(?:(\$[0-9TP])|([A-Za-z_]\w*)|(\d\w*)|"
    r"(<<=|>>=|->|\+\+|--|&&|\|\||<<|>>|[-+*/%&|^!=<>]=|[-+*/%&|^~!<>=?:,.()\[\]]))"
)


class TemplateError(ValueError):
    """A builtin's C template is not a C expression of the template language."""


@cache
def parse_template(text: str) -> CExpr:
    """The C expression tree of a template (see :mod:`inspire.builtins`)."""
    tokens: list[str] = []
    pos = 0
    text_ = text.rstrip()
    while pos < len(text_):
        m = _TOKEN.match(text_, pos)
        if m is None or m.end() == pos:
            raise TemplateError(f"C template {text!r}: cannot read {text_[pos:]!r}")
        tokens.append(m.group(m.lastindex))
        pos = m.end()
    parser = _TemplateParser(text, tokens)
    tree = parser.expression()
    if parser.pos != len(tokens):
        raise TemplateError(f"C template {text!r}: unexpected {tokens[parser.pos]!r}")
    return tree


class _TemplateParser:
    """Recursive descent over the C expression grammar (precedence climbing)."""

    def __init__(self, text: str, tokens: list[str]) -> None:
        self.text, self.tokens, self.pos = text, tokens, 0

    def peek(self) -> str:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else ""

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if not tok or (expected is not None and tok != expected):
            want = f"{expected!r}" if expected else "more"
            raise TemplateError(f"C template {self.text!r}: expected {want}, found {tok!r}")
        self.pos += 1
        return tok

    def expression(self) -> CExpr:
        e = self.assignment()
        while self.peek() == ",":
            self.take()
            e = Comma(e, self.assignment())
        return e

    def assignment(self) -> CExpr:
        target = self.conditional()
        if self.peek() in ASSIGN_OPS:
            op = self.take()
            return Assign(op, target, self.assignment())
        return target

    def conditional(self) -> CExpr:
        cond = self.binary(LOR)
        if self.peek() != "?":
            return cond
        self.take()
        then = self.expression()
        self.take(":")
        return Conditional(cond, then, self.conditional())

    def binary(self, level: int) -> CExpr:
        left = self.unary()
        while BINARY_LEVELS.get(self.peek(), 0) >= level:
            op = self.take()
            left = Binary(op, left, self.binary(BINARY_LEVELS[op] + 1))
        return left

    def unary(self) -> CExpr:
        if self.peek() in PREFIX_OPS:
            op = self.take()
            return Prefix(op, self.unary())
        if self.tokens[self.pos : self.pos + 3] == ["(", "void", ")"]:  # a discarded value
            self.pos += 3
            return Cast("void", self.unary())
        return self.postfix(self.primary())

    def postfix(self, e: CExpr) -> CExpr:
        while True:
            tok = self.peek()
            if tok == "(":
                self.take()
                args: list[CExpr] = []
                while self.peek() != ")":
                    args.append(self.argument())
                    if self.peek() != ")":
                        self.take(",")
                self.take(")")
                e = Call(e, tuple(args))
            elif tok == "[":
                self.take()
                index = self.expression()
                self.take("]")
                e = Index(e, index)
            elif tok in (".", "->"):
                self.take()
                name = self.take()
                e = Member(e, Hole(name[1]) if name.startswith("$") else name, tok == "->")
            elif tok in ("++", "--"):
                e = Postfix(e, self.take())
            else:
                return e

    def argument(self) -> CExpr:
        tok = self.peek()
        after = self.tokens[self.pos + 1] if self.pos + 1 < len(self.tokens) else ""
        if tok in BINARY_LEVELS and after in (",", ")"):
            return Atom(self.take())  # a bare operator passed to a macro
        return self.assignment()

    def primary(self) -> CExpr:
        tok = self.take()
        if tok.startswith("$"):
            return Hole(tok[1])
        if tok == "(":
            e = self.expression()
            self.take(")")
            return e
        if tok[0].isalnum() or tok[0] == "_":
            return Atom(tok)
        raise TemplateError(f"C template {self.text!r}: unexpected {tok!r}")


def instantiate(
    template: CExpr,
    hole: Callable[[str], CExpr],
    member_name: Callable[[str], str],
) -> CExpr:
    """``template`` with every hole replaced: ``hole(key)`` gives the C
    expression of ``$key``, ``member_name(key)`` the member name of ``.$key``;
    the tree is rebuilt through the smart constructors.  The operand of
    ``&&$key`` (a label's address) is a name too, given by ``member_name``."""

    def sub(e: CExpr) -> CExpr:
        if isinstance(e, Hole):
            return hole(e.key)
        if isinstance(e, Atom | Literal):
            return e
        if isinstance(e, Prefix) and e.op == "&&" and isinstance(e.operand, Hole):
            return Prefix(e.op, Atom(member_name(e.operand.key)))
        if isinstance(e, Prefix):
            inner = sub(e.operand)
            if e.op == "*":
                return deref(inner)
            if e.op == "&":
                return addr(inner)
            return Prefix(e.op, inner)
        if isinstance(e, Cast):
            return Cast(e.type_name, sub(e.operand))
        if isinstance(e, Postfix):
            return Postfix(sub(e.operand), e.op)
        if isinstance(e, Call):
            return Call(sub(e.callee), tuple(sub(a) for a in e.args))
        if isinstance(e, Index):
            return Index(sub(e.base), sub(e.index))
        if isinstance(e, Member):
            name = member_name(e.name.key) if isinstance(e.name, Hole) else e.name
            base = sub(e.base)
            return Member(base, name, arrow=True) if e.arrow else member(base, name)
        if isinstance(e, Binary):
            return Binary(e.op, sub(e.left), sub(e.right))
        if isinstance(e, Conditional):
            return Conditional(sub(e.cond), sub(e.then), sub(e.else_))
        if isinstance(e, Assign):
            return Assign(e.op, sub(e.target), sub(e.value))
        if isinstance(e, Comma):
            return Comma(sub(e.left), sub(e.right))
        raise TypeError(f"not a C expression: {e!r}")

    return sub(template)


def leaves(e: CExpr) -> list[CExpr]:
    """The leaves of ``e`` (atoms, literals, holes, member-name holes), left to right."""
    if isinstance(e, Atom | Literal | Hole):
        return [e]
    out: list[CExpr] = []
    for name in e.__slots__:
        value = getattr(e, name)
        for x in value if isinstance(value, tuple) else (value,):
            if isinstance(x, CExpr):
                out.extend(leaves(x))
    return out
