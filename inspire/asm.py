"""Inline assembly in the IR: one call of the ``asm`` builtin per GNU C
``asm`` statement, passed through to the emitted C verbatim.

The call's arguments, in order:

* the assembler template, a string literal (``ptr<char>``) spelled as C
  spells it;
* ``flags``, an ``int<4>`` literal: :data:`VOLATILE`, :data:`INLINE`,
  :data:`GOTO` (the qualifiers as written) and :data:`BASIC` (no operand
  sections: ``asm("nop")``, whose template gcc does not scan for ``%``),
  plus, for ``asm goto``, the number of its labels times :data:`LABEL_UNIT`;
* the numbers of output and of input operands, ``int<4>`` literals;
* each output operand as its constraint (a string literal) and the ``ref<T>``
  it writes (read too with a ``+`` constraint);
* each input operand as its constraint and the value it reads;
* the clobbers, string literals;
* ``asm goto``'s labels, the last arguments: each label's name as a string
  literal (``"out"``).

The analyses see an ordinary call that is not pure: the outputs are
references passed to it, so a variable an output names is written there
(captured by reference where that matters), and the call is never
duplicated, removed or moved.  An ``asm goto`` may also jump to any of its
labels, which must be labels of the same function body: the verifier checks
them as it checks a ``goto``'s, and the control-flow graph
(:mod:`analyses.cfg`) gives the statement an edge to each label besides its
fall-through.  :func:`read` checks the form;
:func:`inspire.typecheck.builtin_result` calls it, so every ``asm`` call
that is built, parsed or verified is well formed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from inspirec.inspire import types as t
from inspirec.inspire.nodes import Builtin, CallExpr, Expr, Literal

VOLATILE = 1
INLINE = 2
BASIC = 4
GOTO = 8
_FLAGS = VOLATILE | INLINE | BASIC | GOTO
#: The flags count an ``asm goto``'s labels in this unit.
LABEL_UNIT = 16
_LABEL = re.compile(r"[A-Za-z_$][0-9A-Za-z_$]*")


@dataclass(frozen=True)
class AsmStatement:
    """The parts of one ``asm`` call (see the module docstring)."""

    template: str
    flags: int
    outputs: tuple[tuple[str, Expr], ...]
    inputs: tuple[tuple[str, Expr], ...]
    clobbers: tuple[str, ...]
    labels: tuple[str, ...] = ()  # asm goto's (names, not string literals)

    def arguments(self) -> tuple[Expr, ...]:
        """The arguments of the ``asm`` call that has these parts."""
        flags = self.flags | LABEL_UNIT * len(self.labels)
        out: list[Expr] = [
            Literal(t.ptr(t.CHAR), self.template),
            *(Literal(t.INT4, str(k)) for k in (flags, len(self.outputs), len(self.inputs))),
        ]
        for constraint, operand in (*self.outputs, *self.inputs):
            out += [Literal(t.ptr(t.CHAR), constraint), operand]
        out += [Literal(t.ptr(t.CHAR), c) for c in self.clobbers]
        out += [Literal(t.ptr(t.CHAR), f'"{label}"') for label in self.labels]
        return tuple(out)


def _string(e: Expr, what: str) -> str:
    if not (isinstance(e, Literal) and e.type is t.ptr(t.CHAR) and e.value.startswith('"')):
        raise ValueError(f"asm: the {what} must be a string literal")
    return e.value


def _count(e: Expr, what: str) -> int:
    if not (isinstance(e, Literal) and e.type is t.INT4 and e.value.isdigit()):
        raise ValueError(f"asm: the {what} must be a non-negative int<4> literal")
    return int(e.value)


def read(args: tuple[Expr, ...] | list[Expr]) -> AsmStatement:
    """The parts of an ``asm`` call with ``args``; ValueError saying what is malformed."""
    if len(args) < 4:
        raise ValueError("asm: expects a template, flags and two operand counts")
    template = _string(args[0], "template")
    flags = _count(args[1], "flags")
    n_labels, flags = divmod(flags, LABEL_UNIT)
    if flags & ~_FLAGS:
        raise ValueError(f"asm: unknown flags {flags}")
    if n_labels and not flags & GOTO:
        raise ValueError("asm: only an asm goto has labels")
    n_out, n_in = _count(args[2], "output count"), _count(args[3], "input count")
    operands = args[4 : 4 + 2 * (n_out + n_in)]
    if len(operands) != 2 * (n_out + n_in):
        raise ValueError("asm: fewer operands than its counts")
    if flags & BASIC and (n_out or n_in or len(args) > 4):
        raise ValueError("asm: a basic asm has no operands or clobbers")
    pairs = tuple(
        (_string(operands[k], "constraint"), operands[k + 1]) for k in range(0, len(operands), 2)
    )
    for _, operand in pairs[:n_out]:
        if not t.is_ref(operand.type):
            raise ValueError("asm: an output operand must be a reference")
    rest = args[4 + len(operands) :]
    if len(rest) < n_labels:
        raise ValueError("asm: fewer labels than its count")
    split = len(rest) - n_labels
    clobbers = tuple(_string(c, "clobber") for c in rest[:split])
    labels = tuple(_string(x, "label")[1:-1] for x in rest[split:])
    if not all(_LABEL.fullmatch(x) for x in labels):
        raise ValueError("asm: a label must be a C identifier")
    return AsmStatement(template, flags, pairs[:n_out], pairs[n_out:], clobbers, labels)


def labels_of(call: Expr) -> tuple[str, ...]:
    """The labels an ``asm`` call may jump to (``asm goto``'s); () for any other node."""
    if (
        isinstance(call, CallExpr)
        and isinstance(call.function, Builtin)
        and call.function.name == "asm"
    ):
        return read(call.args).labels
    return ()
