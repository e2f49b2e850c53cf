"""GNU C ``asm`` statements: from the preprocessed text to the IR's ``asm`` call.

The C parser has no ``asm``.  :func:`rewrite` turns each ``asm`` statement of
the preprocessed text into a call it parses, keeping every operand's tokens::

    asm volatile ("addl %2, %0" : "=r"(x) : "0"(x), "r"(y) : "cc");
    __inspire_asm_volatile("addl %2, %0", __inspire_asm_colon, "=r"(x),
                           __inspire_asm_colon, "0"(x), "r"(y), __inspire_asm_colon, "cc");

(a constraint and its parenthesised operand read as a call of a string).  The
callee names the qualifiers (:data:`CALLS`); a basic ``asm("nop")`` has no
colon marker.  An operand's name ``[name] "r"(x)`` becomes a string,
``"[name]" "r"(x)``, which the parser joins to the constraint.  The rewrite
runs before the line markers are read, so positions in the rewritten text
map to the source through the tokens the two share (the operands'; a named
operand shifts the rest of its line by two columns).  ``asm goto`` is
rewritten alike (``__inspire_asm_goto``), its fourth section, the labels,
kept as identifiers (:func:`label_names`; :mod:`frontend.jumps` checks them
as ``goto``'s).  At file scope, an ``asm("...");`` statement becomes
``_Static_assert(1, "<FILE_ASM>" "...");`` and the ``asm`` label of a
declarator is blanked and restated after the declaration as
``_Static_assert(1, "<LABEL>name:" "label");`` (:func:`file_scope_marker`
reads both back); so is the label of a block-scope declaration, the marker
a block item after the declaration (:mod:`frontend.lower_stmt` gives it to
the declaration).

:func:`lower` builds the IR form (:mod:`inspire.asm`) from the parsed call:
outputs are modifiable lvalues, inputs values, checked as gcc checks them;
named operands become numbered ones (``%[name]`` in the template and a
``"[name]"`` matching constraint), so the IR form has no names but its
labels' (``%l[name]`` stays).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from inspirec.frontend.symbols import fail
from inspirec.inspire import asm
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.lower_expr import Expressions

#: The spellings of the keyword.
KEYWORDS = frozenset({"asm", "__asm", "__asm__"})
#: The qualifiers that may follow it (``__volatile__`` and ``__inline__`` are
#: predefined as the plain keywords).
_QUALIFIERS = {"volatile": asm.VOLATILE, "inline": asm.INLINE, "goto": asm.GOTO}
_COLON = "__inspire_asm_colon"
#: The callee of a rewritten statement, for each set of qualifiers.
CALLS = {
    "__inspire_asm"
    + "".join(f"_{word}" for word, flag in _QUALIFIERS.items() if flags & flag): flags
    for flags in range(asm.GOTO * 2)
    if not flags & asm.BASIC
}
_CALL_OF = {flags: name for name, flags in CALLS.items()}
_IDENTIFIER = re.compile(r"[A-Za-z_$][0-9A-Za-z_$]*$")
#: Keywords after which ``asm`` starts a statement, not a declaration's label.
_STATEMENT_KEYWORDS = frozenset({"else", "do"})

#: ``error(offset, message)``: an error at ``offset`` of the preprocessed text.
ErrorAt = Callable[[int, str], Exception]


def rewrite(text: str, tokens: list[tuple[int, str]], error_at: ErrorAt) -> str:
    """``text`` with every ``asm`` statement rewritten (see the module docstring).

    ``tokens`` are (offset, token) of the C tokens of ``text`` (no line
    markers, directives or pragmas); ``error_at`` builds the exception raised
    for an ``asm`` the IR cannot carry.
    """
    edits: list[tuple[int, int, str]] = []
    depth = 0
    k = 0
    while k < len(tokens):
        token = tokens[k][1]
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        if token not in KEYWORDS:
            k += 1
            continue
        start = tokens[k][0]
        prev = tokens[k - 1][1] if k else ""
        if depth == 0:
            if prev in ("", ";", "}"):
                k = _file_scope(tokens, k, edits, error_at)
            else:
                k = _label(tokens, k, edits, error_at)
            continue
        if _after_declarator(tokens, k):
            k = _label(tokens, k, edits, error_at)  # a block-scope declaration's label
            continue
        flags, j = 0, k + 1
        while j < len(tokens) and tokens[j][1] in _QUALIFIERS:
            flags |= _QUALIFIERS[tokens[j][1]]
            j += 1
        if j >= len(tokens) or tokens[j][1] != "(":
            raise error_at(start, "expected '(' after 'asm'")
        open_at = tokens[j][0]
        edits.append((start, open_at + 1, f"{_CALL_OF[flags]}("))
        k = _operands(tokens, j, edits, error_at, start, bool(flags & asm.GOTO))
    out = text
    for begin, end, replacement in sorted(edits, key=lambda e: e[0], reverse=True):
        if replacement is BLANK:  # spaces, keeping the line breaks
            replacement = "".join(c if c == "\n" else " " for c in text[begin:end])
        out = out[:begin] + replacement + out[end:]
    return out


#: The replacement of an edit that blanks its text.
BLANK = "\0blank"

#: The x86-64 register names gcc 12 accepts for an explicit register
#: variable (``register long r asm("r12")``), besides a register number
#: (0 to 75) and either with a ``%`` or ``#`` before it.
REGISTER_NAMES = frozenset(
    [
        *(
            f"{p}{b}{s}"
            for b in "abcd"
            for p, s in (("", "l"), ("", "h"), ("", "x"), ("e", "x"), ("r", "x"))
        ),
        *(f"{p}{b}" for b in ("si", "di", "bp", "sp") for p in ("", "e", "r")),
        *("sil", "dil", "bpl", "spl", "st", "flags", "fpsr", "frame", "argp"),
        *(f"r{k}" for k in range(8, 16)),
        *(f"{v}mm{k}" for v in "xyz" for k in range(32)),
        *(f"mm{k}" for k in range(8)),
        *(f"k{k}" for k in range(8)),
        *(f"st({k})" for k in range(1, 8)),
    ]
)


def is_register_name(literal: str) -> bool:
    """Whether the string literal(s) ``literal`` name a register gcc knows
    (:data:`REGISTER_NAMES`)."""
    name = "".join(re.findall(r'"([^"]*)"', literal))
    name = name[1:] if name[:1] in ("%", "#") else name
    return name in REGISTER_NAMES or (name.isdigit() and int(name) <= 75)


#: The marker of a rewritten file-scope ``asm`` statement, and of an ``asm``
#: label (``__inspirec_asm_label:NAME:``), at the start of a
#: ``_Static_assert``'s message (:func:`file_scope_marker`).
FILE_ASM = "__inspirec_file_asm:"
LABEL = "__inspirec_asm_label:"


def _strings(tokens: list[tuple[int, str]], open_index: int, error_at: ErrorAt) -> tuple[int, str]:
    """(index of the ``)``, the literals' text) of ``( "..." ... )`` at
    ``open_index``: string literals only, as gcc requires at file scope."""
    k = open_index + 1
    parts: list[str] = []
    while k < len(tokens):
        offset, token = tokens[k]
        if token == ")" and parts:
            return k, " ".join(parts)
        if token.startswith('"'):
            parts.append(token)
        elif token == ":" and parts:  # gcc: just after the string before it; here at the ':'
            raise error_at(offset, "expected ')' before ':' token")
        else:
            raise error_at(offset, f"expected string literal before {_describe(token)}")
        k += 1
    raise error_at(tokens[open_index][0], "unterminated asm statement")


def _open(tokens: list[tuple[int, str]], k: int, error_at: ErrorAt) -> int:
    """The index of the ``(`` after the ``asm`` keyword at ``k`` (no qualifiers)."""
    j = k + 1
    if j < len(tokens) and tokens[j][1] == "(":
        return j
    token = tokens[j][1] if j < len(tokens) else ";"
    raise error_at(
        tokens[j][0] if j < len(tokens) else tokens[k][0], f"expected '(' before {_describe(token)}"
    )


def _file_scope(
    tokens: list[tuple[int, str]], k: int, edits: list[tuple[int, int, str]], error_at: ErrorAt
) -> int:
    """Rewrite the file-scope ``asm("...");`` at ``k`` into a ``_Static_assert``
    the parser reads, ``_Static_assert(1, "<FILE_ASM>" "...");``; the index
    after it."""
    j = _open(tokens, k, error_at)
    close, _ = _strings(tokens, j, error_at)
    if close + 1 >= len(tokens) or tokens[close + 1][1] != ";":
        after = tokens[close + 1] if close + 1 < len(tokens) else tokens[close]
        raise error_at(after[0], f"expected ';' before {_describe(after[1])}")
    edits.append((tokens[k][0], tokens[j][0] + 1, f'_Static_assert(1, "{FILE_ASM}" '))
    return close + 2


def _label(
    tokens: list[tuple[int, str]], k: int, edits: list[tuple[int, int, str]], error_at: ErrorAt
) -> int:
    """The ``asm`` label at ``k`` of a file-scope declarator: removed (blanked,
    so the other tokens keep their columns) and stated after the
    declaration's ``;`` as ``_Static_assert(1, "<LABEL>NAME:" "label");``;
    the index after the label."""
    start = tokens[k][0]
    name = _declarator_name(tokens, k)
    if name is None:
        raise error_at(start, "asm labels of this declarator are not supported by inspirec")
    j = _open(tokens, k, error_at)
    close, label = _strings(tokens, j, error_at)
    depth, initialized = 0, False
    m = close + 1
    while m < len(tokens):
        offset, token = tokens[m]
        if token in ("(", "[", "{"):
            if token == "{" and depth == 0 and not initialized:
                raise error_at(offset, "expected ',' or ';' before '{' token")
            depth += 1
        elif token in (")", "]", "}"):
            depth -= 1
        elif token == "=" and depth == 0:
            initialized = True
        elif token == "," and depth == 0:
            initialized = False
        elif token == ";" and depth == 0:
            break
        m += 1
    else:
        raise error_at(start, "expected ';' after the declaration")
    end = tokens[close][0] + 1
    edits.append((start, end, BLANK))
    after = tokens[m][0] + 1
    edits.append((after, after, f' _Static_assert(1, "{LABEL}{name}:" {label});'))
    return close + 1


def _after_declarator(tokens: list[tuple[int, str]], k: int) -> bool:
    """Whether the ``asm`` at ``k`` in a block follows a declarator (it is a
    label): a name, an array bound, or a parameter list after a name (not
    the condition of ``if``, ``while``, ``for`` or ``switch``)."""
    prev = tokens[k - 1][1] if k else ""
    if prev == "]" or (_IDENTIFIER.match(prev) and prev not in _STATEMENT_KEYWORDS):
        return True
    if prev != ")":
        return False
    depth, m = 0, k - 1
    while m >= 0:
        depth += {")": 1, "(": -1}.get(tokens[m][1], 0)
        if depth == 0:
            break
        m -= 1
    before = tokens[m - 1][1] if m > 0 else ""
    return bool(_IDENTIFIER.match(before)) and before not in _CONTROL_KEYWORDS


#: Keywords whose parenthesised condition a statement may follow.
_CONTROL_KEYWORDS = frozenset({"if", "while", "for", "switch"})


def _declarator_name(tokens: list[tuple[int, str]], k: int) -> str | None:
    """The declared name before the ``asm`` label at ``k``: an identifier,
    possibly followed by parameter lists and array bounds; None otherwise."""
    m = k - 1
    while m >= 0 and tokens[m][1] in (")", "]"):
        depth = 0
        while m >= 0:
            if tokens[m][1] in (")", "]"):
                depth += 1
            elif tokens[m][1] in ("(", "["):
                depth -= 1
                if depth == 0:
                    break
            m -= 1
        m -= 1
    if m >= 0 and _IDENTIFIER.match(tokens[m][1]) and tokens[m][1] not in _NOT_NAMES:
        return tokens[m][1]
    return None


#: Keywords that may stand where a declarator's name would (never a name).
_NOT_NAMES = frozenset(
    "void char short int long float double signed unsigned _Bool struct union enum const "
    "volatile restrict static extern register typedef inline".split()
)


def static_assert_marker(node: c_ast.StaticAssert) -> tuple[str, str, str] | None:
    """:func:`file_scope_marker` of a ``_Static_assert`` node's message."""
    message = node.message.value if isinstance(node.message, c_ast.Constant) else ""
    return file_scope_marker(message)


def file_scope_marker(message: str) -> tuple[str, str, str] | None:
    """("asm", "", literal) or ("label", name, literal) for the message of a
    ``_Static_assert`` the rewrite wrote (pycparser joined its literals);
    None for any other."""
    if message.startswith(f'"{FILE_ASM}'):
        return "asm", "", '"' + message[len(FILE_ASM) + 1 :]
    if message.startswith(f'"{LABEL}'):
        name, _, rest = message[len(LABEL) + 1 :].partition(":")
        return "label", name, '"' + rest
    return None


def _operands(
    tokens: list[tuple[int, str]],
    open_index: int,
    edits: list[tuple[int, int, str]],
    error_at: ErrorAt,
    start: int,
    goto: bool,
) -> int:
    """Add the edits of the colons of the ``asm`` whose ``(`` is at
    ``open_index``; the index after its ``)``.  Only ``asm goto`` has a
    fourth section, its labels (identifiers), and must have it."""
    depth = colons = 0
    k = open_index
    while k < len(tokens):
        offset, token = tokens[k]
        if token == "[" and depth == 1 and tokens[k - 1][1] in (":", ","):
            named = k + 2 < len(tokens) and tokens[k + 2][1] == "]"
            if not (named and _IDENTIFIER.match(tokens[k + 1][1])):
                raise error_at(offset, "expected identifier before '[' token")
            edits.append((offset, offset + 1, '"['))
            edits.append((tokens[k + 2][0], tokens[k + 2][0] + 1, ']"'))
            k += 3
            continue
        if token in ("(", "["):
            depth += 1
        elif token in (")", "]"):
            depth -= 1
            if depth == 0:
                if goto and colons < 4:
                    raise error_at(offset, "expected ':' before ')' token")
                return k + 1
        elif token == ":" and depth == 1:
            colons += 1
            if (colons == 4 and not goto) or colons == 5:  # only asm goto has a label list
                raise error_at(offset, "expected ')' before ':' token")
            if colons == 4:
                _labels(tokens, k + 1, error_at)
            empty = k + 1 < len(tokens) and tokens[k + 1][1] in (":", ")")
            edits.append((offset, offset + 1, f", {_COLON}" + ("" if empty else ",")))
        k += 1
    raise error_at(start, "unterminated asm statement")


def _labels(tokens: list[tuple[int, str]], first: int, error_at: ErrorAt) -> None:
    """Check the label list of an ``asm goto`` starting at token ``first``:
    identifiers separated by commas, up to the ``)``."""
    k = first
    while k < len(tokens):
        offset, token = tokens[k]
        if token == ")" and k == first:
            return  # no labels
        if not _IDENTIFIER.match(token) or token in _QUALIFIERS:
            raise error_at(offset, f"expected identifier before {_describe(token)}")
        k += 1
        if k < len(tokens) and tokens[k][1] == ")":
            return
        if k >= len(tokens) or tokens[k][1] != ",":
            token = tokens[k][1] if k < len(tokens) else ")"
            raise error_at(tokens[k][0], f"expected ')' before {_describe(token)}")
        k += 1


def _describe(token: str) -> str:
    """How gcc names a token in "expected ... before ..." errors."""
    if token[:1].isdigit() or (token[:1] == "." and token[1:2].isdigit()):
        return "numeric constant"
    if token.startswith(('"', 'L"', 'u"', 'U"', 'u8"')):
        return "string constant"
    if _IDENTIFIER.match(token):  # an identifier or a keyword
        return f"'{token}'"
    return f"'{token}' token"


def lower(x: Expressions, node: c_ast.FuncCall) -> n.Node:
    """The IR ``asm`` call of a rewritten statement (``node`` calls one of :data:`CALLS`)."""
    flags = CALLS[node.name.name]
    args = node.args.exprs if node.args is not None else []
    sections: list[list[c_ast.Node]] = [[]]
    for a in args:
        if isinstance(a, c_ast.ID) and a.name == _COLON:
            sections.append([])
        else:
            sections[-1].append(a)
    template = sections[0]
    if len(template) != 1 or not _is_string(template[0]):
        raise fail("expected string literal", template[0] if template else node)
    if len(sections) == 1:
        statement = asm.AsmStatement(template[0].value, flags | asm.BASIC, (), (), ())
        return x.op("asm", *statement.arguments())
    outputs, inputs, clobbers = (*sections[1:], [], [], [])[:3]  # labels: label_names
    names: dict[str, int] = {}
    for index, operand in enumerate([*outputs, *inputs]):
        name = _operand_name(operand)
        if name is not None and names.setdefault(name, index) != index:
            raise fail(f"duplicate 'asm' operand name '{name}'", node)
    labels = label_names(node)
    for label in labels:  # gcc: labels share the operands' names
        if label in names:
            raise fail(f"duplicate 'asm' operand name '{label}'", node)
        names[label] = -1
    if len(set(labels)) != len(labels):
        label = next(x for i, x in enumerate(labels) if x in labels[:i])
        raise fail(f"duplicate 'asm' operand name '{label}'", node)
    template_text = _numbered(template[0].value, names, node)
    out_operands = []
    for operand in outputs:
        constraint, e = _operand(operand, names, node)
        if not constraint.startswith(('"=', '"+')):
            raise fail("output operand constraint lacks '='", operand)
        target = x.expr(e)
        if not t.is_ref(target.type):
            raise fail("lvalue required in 'asm' statement", e)
        out_operands.append((constraint, x.modifiable(target, e)))
    in_operands = []
    for operand in inputs:
        constraint, e = _operand(operand, names, node)
        if constraint.startswith(('"=', '"+')):
            raise fail(f"input operand constraint contains '{constraint[1]}'", operand)
        in_operands.append((constraint, x.value(e)))
    for c in clobbers:
        if not _is_string(c):
            raise fail("expected string literal", c)
    statement = asm.AsmStatement(
        template_text,
        flags,
        tuple(out_operands),
        tuple(in_operands),
        tuple(c.value for c in clobbers),
        labels,
    )
    return x.op("asm", *statement.arguments())


def label_names(node: c_ast.FuncCall) -> tuple[str, ...]:
    """The labels of the rewritten ``asm goto`` ``node`` (() for another ``asm``)."""
    if not CALLS[node.name.name] & asm.GOTO:
        return ()
    args = node.args.exprs if node.args is not None else []
    marks = [i for i, a in enumerate(args) if isinstance(a, c_ast.ID) and a.name == _COLON]
    if len(marks) < 4:
        return ()
    return tuple(a.name for a in args[marks[3] + 1 :] if isinstance(a, c_ast.ID))


def _is_string(node: c_ast.Node) -> bool:
    return isinstance(node, c_ast.Constant) and node.type == "string"


def _operand(
    node: c_ast.Node, names: dict[str, int], statement: c_ast.Node
) -> tuple[str, c_ast.Node]:
    """(constraint, expression) of ``"c"(expr)``, without the operand's name;
    a matching constraint naming an operand (``"[name]"``) as its number."""
    if (
        isinstance(node, c_ast.FuncCall)
        and _is_string(node.name)
        and node.args is not None
        and len(node.args.exprs) == 1
    ):
        constraint = _NAME_PREFIX.sub('"', node.name.value, count=1)
        matched = _NAMED_MATCH.fullmatch(constraint)
        if matched is not None:
            constraint = f'"{_operand_number(matched.group(1), names, statement)}"'
        return constraint, node.args.exprs[0]
    raise fail("expected an asm operand: a constraint string and a parenthesized expression", node)


#: The name the rewrite put before an operand's constraint (``"[name]=r"``;
#: a constraint is never empty, and ``"[name]"`` alone is a matching one).
_NAME_PREFIX = re.compile(r'^"\[([A-Za-z_$][0-9A-Za-z_$]*)\](?!"$)')
#: A matching constraint by name (``"[name]"``).
_NAMED_MATCH = re.compile(r'"\[([A-Za-z_$][0-9A-Za-z_$]*)\]"')
#: A named operand in a template: ``%[name]``, with modifiers ``%k[name]``
#: (``%%`` is a percent sign).
_NAMED_REFERENCE = re.compile(r"%(%|[A-Za-z]*)\[([A-Za-z_$][0-9A-Za-z_$]*)\]")


def _operand_name(node: c_ast.Node) -> str | None:
    """The name of the operand ``node`` (``[name] "c"(x)``), or None."""
    if isinstance(node, c_ast.FuncCall) and _is_string(node.name):
        m = _NAME_PREFIX.match(node.name.value)
        return m.group(1) if m else None
    return None


def _operand_number(name: str, names: dict[str, int], statement: c_ast.Node) -> int:
    if name not in names:
        raise fail(f"undefined named operand '{name}'", statement)
    return names[name]


def _numbered(template: str, names: dict[str, int], statement: c_ast.Node) -> str:
    """The template literal with every ``%[name]`` as its operand's number."""

    def number(m: re.Match) -> str:
        if m.group(1) == "%" or names.get(m.group(2)) == -1:
            return m.group(0)  # a percent sign, or a label: %l[name] stays
        return f"%{m.group(1)}{_operand_number(m.group(2), names, statement)}"

    return _NAMED_REFERENCE.sub(number, template)
