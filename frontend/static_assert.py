"""``_Static_assert`` (``static_assert`` of ``<assert.h>``), evaluated as gcc 12 does.

The condition is lowered as an ordinary expression (so it has C's types and
conversions, explicit in the IR) and folded by :func:`folded`: literals,
``sizeof`` of a complete type, casts between arithmetic types, arithmetic,
bitwise, comparison and logical operators, ``?:`` and the comma operator;
anything else (an object's value, a call, an assignment, an address) is not
constant.  Like gcc, a constant that is not an *integer constant
expression* in C11's strict sense (a floating operand cast to an integer,
a comma) is accepted.  The errors are gcc's: ``expression in static
assertion is not an integer``, ``... is not constant`` (both at the
expression), and ``static assertion failed: "msg"`` (at the keyword; without
the message for C2x's one-argument form, which gcc 12 accepts in its
default mode).  Floating values are folded in double precision.
"""

from __future__ import annotations

import math

from inspirec.frontend.ctypes import BINARY_OPERATORS, c_division, integer_bits, wrapped
from inspirec.frontend.symbols import char_constant, escaped_chars, fail, int_constant
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.sizes import SizeError, size_of
from pycparser import c_ast

#: The two-operand builtins folded, by IR name: C's operator of each.
_BINARY = {
    "add": "+", "sub": "-", "mul": "*", "bit_and": "&", "bit_or": "|", "bit_xor": "^",
    "eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=",
}  # fmt: skip


def check(cond: n.Node, node: c_ast.StaticAssert, decls: dict) -> None:
    """Raise gcc's error if the lowered condition ``cond`` of ``node`` is not
    an integer, not constant, or zero (``decls``: the program's records)."""
    if not t.is_integer(cond.type):
        raise fail("expression in static assertion is not an integer", node.cond)
    value = folded(cond, decls)
    if value is None and not _reads(cond) and any(_is_address(x) for x in cond.walk()):
        raise fail("static assertions on address constants are not supported by inspirec", node)
    if value is None:
        raise fail("expression in static assertion is not constant", node.cond)
    if value == 0:
        message = "" if node.message is None else f": {gcc_string(node.message.value)}"
        raise fail(f"static assertion failed{message}", node)


def _reads(e: n.Node) -> bool:
    """Whether ``e`` reads an object or calls a function (never constant)."""
    return any(
        isinstance(x, n.CallExpr)
        and (not isinstance(x.function, n.Builtin) or x.function.name == "ref_deref")
        for x in e.walk()
    )


def _is_address(e: n.Node) -> bool:
    """Whether ``e`` is a pointer or a function (not an operator)."""
    if not isinstance(e, n.Expr) or isinstance(e, n.Builtin):
        return False
    return t.is_ptr(e.type) or isinstance(e.type, n.FunctionType)


def gcc_string(literal: str) -> str:
    """A string literal as gcc's diagnostics print it: its bytes in quotes,
    ``"`` and ``\\`` escaped, other bytes outside printable ASCII in octal
    (of the byte as a signed ``char``, as gcc shows it); a prefixed (wide)
    literal as written."""
    if not literal.startswith('"'):
        return literal
    body = "".join(
        c if ord(c) < 128 else "".join(f"\\{b:03o}" for b in c.encode()) for c in literal[1:-1]
    )
    out = []
    for b in escaped_chars(body):
        if b in (34, 92):
            out.append("\\" + chr(b))
        elif 32 <= b < 127:
            out.append(chr(b))
        else:
            out.append(f"\\{(b - 256 if b >= 128 else b) & 0xFFFFFFFF:03o}")
    return '"' + "".join(out) + '"'


def folded(e: n.Node, decls: dict) -> int | float | None:
    """The value of the constant expression ``e`` (an ``int`` of its integer
    type's range, or a ``float``), or None if it is not constant.  ``decls``
    are the records ``sizeof`` may need."""
    ty = t.strip_qualifiers(e.type)
    if isinstance(e, n.Literal):
        return _literal(e.value, ty)
    if isinstance(e, n.SizeOf):
        try:
            return size_of(e.target, decls)
        except SizeError:
            return None
    if isinstance(e, n.CastExpr):
        v = folded(e.expr, decls)
        return None if v is None else _converted(v, ty)
    if not isinstance(e, n.CallExpr) or not isinstance(e.function, n.Builtin):
        return None
    name, args = e.function.name, e.args
    if name in ("log_and", "log_or", "ite", "comma"):
        first = folded(args[0], decls)
        if first is None:
            return None
        if name == "comma":
            return folded(args[1], decls)
        if name == "ite":
            return folded(args[1] if first else args[2], decls)
        if bool(first) == (name == "log_or"):
            return int(bool(first))
        rest = folded(args[1], decls)
        return None if rest is None else int(bool(rest))
    values = [folded(a, decls) for a in args]
    if None in values:
        return None
    if name == "neg":
        return _converted(-values[0], ty)
    if name == "bit_not":
        return _converted(~values[0], ty)
    if name == "log_not":
        return int(not values[0])
    if name in _BINARY:
        return _converted(BINARY_OPERATORS[_BINARY[name]](*values), ty)
    a, b = values
    if name in ("div", "mod") and b == 0:
        return None  # gcc: division by zero, not constant
    if name == "div":
        return a / b if isinstance(a, float) else _converted(c_division(a, b), ty)
    if name == "mod":
        return _converted(a - b * c_division(a, b), ty)
    if name in ("shl", "shr") and 0 <= b < integer_bits(ty):
        return _converted(a << b if name == "shl" else a >> b, ty)
    return None


def _literal(text: str, ty: n.Type) -> int | float | None:
    if t.is_real(ty):
        body = text.rstrip("fFlL")
        return float.fromhex(body) if body.lower().startswith("0x") else float(body)
    if not t.is_integer(ty):
        return None
    if text.startswith("'"):
        return _converted(char_constant(text), ty)
    if "'" in text:  # L'x', u'x', U'x': the character's code (its last, as gcc, of several)
        body = text[text.index("'") + 1 : -1]
        codes = escaped_chars(body) if "\\" in body else [ord(c) for c in body]
        return _converted(codes[-1], ty)
    return _converted(int_constant(text)[0], ty)


def _converted(v: int | float, ty: n.Type) -> int | float | None:
    """``v`` converted to the arithmetic type ``ty`` as gcc converts it (an
    integer wraps to the type's width; None: not an arithmetic type or a
    floating value with no integer value)."""
    if t.is_real(ty):
        return float(v)
    if not t.is_integer(ty):
        return None
    if isinstance(v, float):
        if not math.isfinite(v):
            return None
        if t.is_generic(ty, "bool"):
            return int(v != 0)
        v = math.trunc(v)
    return wrapped(v, ty)
