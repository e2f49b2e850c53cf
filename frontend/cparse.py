"""Parsing preprocessed C with pycparser, reporting failures as diagnostics.

:func:`parse_c` preprocesses one ``.c`` file (see :mod:`frontend.preprocess`)
and parses it.  Whatever goes wrong -- a preprocessor error, a syntax error,
a construct nested too deeply, a failure inside pycparser -- comes out as a
:class:`~frontend.diagnostics.CompileError` whose diagnostics point at the
original source (``file:line:col``), never as another exception.

Parsing runs on a deep stack (:func:`inspire.deep.deep_call`), because
pycparser's recursive descent needs a few Python frames per level of nesting
(a chain of a few hundred ``else if`` would otherwise fail).

The lexer reads GNU C's ``typeof``/``__typeof``/``__typeof__`` as C23's
``typeof``, ``__alignof__(x)`` of anything but a type name as
``_Alignof(typeof(x))``, ``__thread`` as ``_Thread_local`` (a keyword, as in
gcc: a program may ``#undef`` it), and ``__auto_type`` as the typedef name
:data:`AUTO_TYPE`;
pycparser parses statement expressions itself (a ``Compound`` used as an
expression).  GNU C's case ranges ``case LOW ... HIGH:`` reach the parser as
``case (LOW) ? __inspire_case_range : (HIGH):`` (the lexer reads each case
label ahead to its ``:``) and come out of it as :class:`CaseRange` nodes;
GNU C's conditionals with an omitted operand ``a ?: b`` reach it as ``a ?
__inspire_omitted : b`` and come out as :class:`OmittedConditional` nodes,
and designator ranges ``[LOW ... HIGH] =`` reach it as ``[(LOW) ?
__inspire_index_range : (HIGH)]`` and come out as :class:`IndexRange` nodes.
GNU C's labels as values reach it as calls: ``&&label`` where an operand
starts (not after a name, a constant, ``)``, ``]`` or a postfix ``++``/``--``;
after the ``)`` of a cast whose type starts with a keyword) as
``__inspire_label_address(label)``, and ``goto *expr;`` as
``__inspire_computed_goto(expr);``.

Only pycparser's public interface is used: :class:`pycparser.c_parser.CParser`
with its ``lexer`` argument (a lexer subclass whose public ``token()`` method
remembers the last token, for errors reported without a position) and the
``file:line:col:`` prefix of :class:`pycparser.c_parser.ParseError` messages.
The tests of this module run against the oldest and the newest pycparser the
project allows (3.12 is the first whose public interface positions every
syntax error, an unmatched ``}`` included).
"""

from __future__ import annotations

import copy
import functools
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import NoReturn

from inspirec.frontend import parse_cache
from inspirec.frontend.diagnostics import CompileError, Diagnostic, DiagnosticLog, error
from inspirec.frontend.number_tables import attach_runs, collapsed_text
from inspirec.frontend.preprocess import (
    C90_STANDARDS,
    CLEANUP_MARKER,
    OBJECT_ALIGNED_MARKER,
    Origins,
    PreprocessedFile,
    bundled_header,
    preprocess,
)
from inspirec.inspire.deep import deep_call
from pycparser import c_ast
from pycparser.c_lexer import CLexer
from pycparser.c_parser import CParser, ParseError

# pycparser's ParseError text: "FILE:LINE:COL: MESSAGE", or "FILE: MESSAGE"
# when the parser has no position for the error.
_POSITIONED_ERROR = re.compile(r"(?P<file>.*):(?P<line>\d+):(?P<column>\d+): (?P<message>.*)", re.S)

_END_OF_INPUT = "At end of input"

#: GNU spellings of ``typeof``, read as C23's ``typeof`` (pycparser's ``TypeOf``).
_TYPEOF = frozenset({"typeof", "__typeof", "__typeof__"})
#: The typedef name ``__auto_type`` is read as; ``bits/inspire_builtins.h``
#: declares it, so the parser takes it for a type specifier, and the lowering
#: infers the declared type from the initialiser.
AUTO_TYPE = "__inspire_auto_type"
#: The tokens a type name starts with (``_Alignof(T)``, not an expression).
_TYPE_NAME_START = frozenset(
    "CHAR CONST DOUBLE ENUM FLOAT INT LONG RESTRICT SHORT SIGNED STRUCT UNION UNSIGNED VOID "
    "VOLATILE __INT128 _BOOL _COMPLEX _ATOMIC TYPEID TYPEOF".split()
)

#: The identifier standing for ``...`` in a case range while pycparser parses it.
_CASE_RANGE_MARK = "__inspire_case_range"
#: The identifier standing for the omitted operand of ``a ?: b`` meanwhile.
_OMITTED_MARK = "__inspire_omitted"
#: The identifier standing for ``...`` in a designator ``[LOW ... HIGH]`` meanwhile.
_INDEX_RANGE_MARK = "__inspire_index_range"
#: The functions GNU C's labels as values are read as: ``&&label`` is
#: ``LABEL_ADDRESS(label)`` and ``goto *expr;`` is ``COMPUTED_GOTO(expr);``.
LABEL_ADDRESS = "__inspire_label_address"
COMPUTED_GOTO = "__inspire_computed_goto"
#: The tokens after which a '(' opens an argument list or an operand, not a cast.
_CALLS = frozenset({"ID", "SIZEOF", "_ALIGNOF", "OFFSETOF", "_GENERIC", "RPAREN", "RBRACKET"})
#: The tokens that end an operand: a ``&&`` after one is the logical and.
_OPERAND_END = frozenset({"ID", "RBRACKET", "PLUSPLUS", "MINUSMINUS"})

_WORD = re.compile(r"[A-Za-z_]\w*")
#: Words that cannot come before the name of a declared function.
_STATEMENT_KEYWORDS = frozenset(
    "return case goto sizeof else do if while for switch break continue default".split()
)


class CaseRange(c_ast.Case):
    """GNU C's ``case LOW ... HIGH:`` (a ``Case`` whose ``expr`` is LOW)."""

    __slots__ = ("high",)

    def __init__(self, expr, high, stmts, coord=None):  # type: ignore[no-untyped-def]
        super().__init__(expr, stmts, coord)
        self.high = high

    def children(self):  # type: ignore[no-untyped-def]  # pycparser's own tuple type
        low, *rest = super().children()
        return (low, ("high", self.high), *rest)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return (child for _, child in self.children())


class _TwoOperands(c_ast.Node):
    """A GNU C node pycparser has no class for: two child expressions, named
    by ``fields`` (in source order), and a position."""

    __slots__ = ("__weakref__", "coord")
    fields: tuple[str, str] = ("", "")
    attr_names = ()

    def __init__(self, first, second, coord=None):  # type: ignore[no-untyped-def]
        setattr(self, self.fields[0], first)
        setattr(self, self.fields[1], second)
        self.coord = coord

    def children(self):  # type: ignore[no-untyped-def]  # pycparser's own tuple type
        return tuple((name, getattr(self, name)) for name in self.fields)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return (getattr(self, name) for name in self.fields)


class OmittedConditional(_TwoOperands):
    """GNU C's ``cond ?: iffalse``: ``cond``, evaluated once, if it is not 0,
    else ``iffalse``."""

    __slots__ = ("cond", "iffalse")
    fields = ("cond", "iffalse")


class IndexRange(_TwoOperands):
    """GNU C's designator ``[low ... high]``: the elements from ``low`` to
    ``high``, both included (the index of an ``ArrayDesignator``)."""

    __slots__ = ("high", "low")
    fields = ("low", "high")


@dataclass(frozen=True)
class _Position:
    """A position in the preprocessed text, named after its original file."""

    file: str
    line: int
    column: int


class _Lexer(CLexer):
    """pycparser's lexer, remembering the last token it returned (the parser's
    lookahead when it fails), the one before it and the brace depth there (to
    name a GNU nested function), and whether it has reached the end of the input."""

    last_token: tuple[str, _Position] | None = None
    previous_token: str | None = None
    depth = 0  # braces open before the last token
    at_end = False

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.recent: list[str] = []  # the last three tokens, newest last
        self.opens: list[tuple[str, ...]] = []  # per open '(': the two tokens before it
        self.closed: tuple[str, ...] = ()  # the same for the '(' the last ')' closed
        #: per open '(': the first token's type ("call" when it cannot open a cast)
        self.group_starts: list[str | None] = []
        self.closed_start: str | None = None  # the same for the '(' the last ')' closed
        self.last_type: str | None = None  # the type of the last token returned
        #: The '(' of each statement expression '({', by the position of its '{'.
        self.statement_expressions: dict[_Position, _Position] = {}
        self.pending: list = []  # tokens read ahead, rewritten (a case range)
        self.typedef_depth: int | None = None  # brace depth of the open typedef declaration
        self.function_body = False  # the brace open at file scope is a function's body
        self.declaration_start = True  # the next token at file scope starts a declaration
        #: Each ``_Alignas`` among the specifiers of a typedef declaration
        #: (pycparser drops it: :func:`_check_typedef_alignment` reports it).
        self.aligned_typedefs: list[_Position] = []
        #: The names that may be the first of a declaration without a type
        #: (at the start of a file-scope declaration, or after a storage
        #: class or a qualifier; there also the ``*`` of a pointer
        #: declarator), and those to read with ``int`` before them (C89's
        #: implicit int: see parse_preprocessed).
        self.declaration_names: set[_Position] = set()
        self.implicit_ints: frozenset[_Position] = frozenset()
        #: Whether a mark token was made (a range, an omitted operand): the
        #: parser then has nodes to replace (:func:`_gnu_node`).
        self.marks = False

    def token(self):  # type: ignore[no-untyped-def]  # pycparser's own token type
        if self.pending:
            token = self.pending.pop(0)
        else:
            token = super().token()
            if token is not None and token.type == "CASE":
                self.pending = self._ranged(*self._read_to("COLON"), _CASE_RANGE_MARK)
        if token is not None and token.type == "CONDOP":
            following = self._ahead()
            if following is not None and following.type == "COLON":
                self.pending[:0] = [_made_token("ID", _OMITTED_MARK, following), following]
                self.marks = True
            elif following is not None:
                self.pending.insert(0, following)
        elif token is not None and token.type == "LBRACKET":
            self.pending[:0] = self._ranged(*self._read_to("RBRACKET"), _INDEX_RANGE_MARK)
        elif token is not None and token.type == "_ALIGNOF":
            token = self._alignof(token)
        elif token is not None and token.type == "ID" and token.value == "__builtin_convertvector":
            token = self._convertvector(token)
        elif token is not None and token.type == "LAND" and not self._after_operand():
            token = self._label_address(token)
        elif token is not None and token.type == "GOTO":
            token = self._computed_goto(token)
        self.at_end = token is None
        if token is not None and token.type == "ID" and token.value in _TYPEOF:
            token.type = "TYPEOF"
        elif token is not None and token.type == "ID" and token.value == "__auto_type":
            token.value = AUTO_TYPE
        elif token is not None and token.type == "ID" and token.value == "_Float16":
            # a type keyword pycparser lacks: read as its __int128 is, the
            # keyword's own name kept (frontend.ctypes reads it)
            token.type = "__INT128"
        elif token is not None and token.type == "ID" and token.value == "__thread":
            token.type, token.value = "_THREAD_LOCAL", "_Thread_local"
        elif token is not None and token.type in ("ID", "TIMES"):
            # a declaration without a type starts with a name, or (after a
            # storage class or a qualifier) also a pointer declarator's '*'
            at = _Position(self.filename, token.lineno, token.column)
            after_specifier = self.last_token is not None and self.last_token[0] in _NO_TYPE
            starts = self.declaration_start and token.type == "ID"
            if starts or after_specifier:
                self.declaration_names.add(at)
            if at in self.implicit_ints and self.last_token != ("int", at):
                self.pending.insert(0, token)
                token = _made_token("INT", "int", token)
            elif starts:
                token = self._implicit_int(token)
        if token is not None:
            if self.last_token is not None:
                self.depth += {"{": 1, "}": -1}.get(self.last_token[0], 0)
            self.previous_token = None if self.last_token is None else self.last_token[0]
            if self.group_starts and self.group_starts[-1] is None:
                self.group_starts[-1] = token.type
            if token.value == "(":
                self.opens.append(tuple(self.recent[-2:]))
                call = self.last_type in _CALLS
                self.group_starts.append("call" if call else None)
            elif token.value == ")" and self.opens:
                self.closed = self.opens.pop()
                self.closed_start = self.group_starts.pop()
            self.last_type = token.type
            self.recent = [*self.recent[-2:], token.value]
            if self.depth == 0 and token.value == "{":
                self.function_body = self.previous_token in (")", ";")
            closes_body = token.value == "}" and self.depth == 1 and self.function_body
            ends = token.value == ";" or token.type in (
                "PPPRAGMA",
                "PPPRAGMASTR",
            )  # a pragma's line
            self.declaration_start = closes_body or (self.depth == 0 and ends)
            position = _Position(self.filename, token.lineno, token.column)
            if token.value == "typedef":
                self.typedef_depth = self.depth
            elif token.value == ";" and self.depth == self.typedef_depth:
                self.typedef_depth = None
            elif token.value == "_Alignas" and self.depth == self.typedef_depth:
                self.aligned_typedefs.append(position)
            if token.value == "{" and self.previous_token == "(" and self.last_token:
                self.statement_expressions[position] = self.last_token[1]
            self.last_token = (token.value, position)
        return token

    def _ranged(self, tokens: list, dots: int | None, mark: str) -> list:
        """:func:`_range_tokens`, noting when it makes a mark."""
        self.marks = self.marks or dots is not None
        return _range_tokens(tokens, dots, mark)

    def _implicit_int(self, name):  # type: ignore[no-untyped-def]  # pycparser's own token type
        """``int`` before ``name``, which starts a file-scope declaration, when
        it is an old-style definition without a return type, ``f(a, b) int a;
        char *b; {...}``: C89's implicit int, which pycparser reads only when
        the body follows the parameter names at once (gcc warns about both);
        else ``name``."""
        ahead = [self._ahead()]
        if ahead[0] is not None and ahead[0].type == "LPAREN":
            depth = 1
            while depth and (t := self._ahead()) is not None:
                ahead.append(t)
                depth += {"LPAREN": 1, "RPAREN": -1}.get(t.type, 0)
            ahead.append(self._ahead())
        self.pending[:0] = [t for t in ahead if t is not None]
        # A parameter's declaration: a type specifier, or a typedef name (an
        # ID: pycparser's parser, not its lexer, tells typedef names apart;
        # nothing else valid has an identifier there)
        declaration_follows = ahead[-1] is not None and (
            ahead[-1].type in _TYPE_NAME_START or ahead[-1].type in ("REGISTER", "ID")
        )
        if len(ahead) < 3 or not declaration_follows:
            return name
        self.pending.insert(0, name)
        return _made_token("INT", "int", name)

    def _alignof(self, token):  # type: ignore[no-untyped-def]  # pycparser's own token type
        """``_Alignof`` (also ``__alignof__``); GNU C's ``_Alignof(expression)``,
        which pycparser does not parse, is read as ``_Alignof(typeof(
        expression))`` (an identifier may name a type or an object: typeof
        takes both)."""
        opening = self._ahead()
        first = self._ahead() if opening is not None and opening.type == "LPAREN" else None
        if first is None or first.type in _TYPE_NAME_START or first.value in _TYPEOF:
            self.pending[:0] = [t for t in (opening, first) if t is not None]
            return token
        inner, depth = [first], 1 if first.type != "LPAREN" else 2
        if first.type == "RPAREN":
            depth = 0
        while depth and (t := self._ahead()) is not None:
            depth += {"LPAREN": 1, "RPAREN": -1}.get(t.type, 0)
            inner.append(t)
        closing = inner.pop() if depth == 0 and inner[-1].type == "RPAREN" else None
        typeof = _made_token("TYPEOF", "typeof", first)
        rewritten = [opening, typeof, _made_token("LPAREN", "(", first), *inner]
        if closing is not None:
            rewritten += [_made_token("RPAREN", ")", closing), closing]
        self.pending[:0] = rewritten
        return token

    def _after_operand(self) -> bool:
        """Whether the last token returned ends an operand (a ``&&`` after it
        is the logical and, else GNU C's address of a label): a name, a
        constant, a ``]``, a postfix ``++``/``--``, or a ``)`` that does not
        close a cast (one whose first token starts a type name, not after a
        name, ``sizeof``, ``offsetof`` ...: ``sizeof(int) && x`` is an and; a
        typedef name, which only the parser tells apart, does not count)."""
        kind = self.last_type
        if kind is None:
            return False
        if kind == "RPAREN":
            return self.closed_start not in _TYPE_NAME_START
        return kind in _OPERAND_END or "_CONST" in kind or kind.endswith("STRING_LITERAL")

    def _label_address(self, token):  # type: ignore[no-untyped-def]  # pycparser's own token type
        """GNU C's ``&&label`` (``token`` is the ``&&``) as the call
        ``LABEL_ADDRESS(label)``; ``token`` itself if no name follows."""
        name = self._ahead()
        if name is None or name.type != "ID":
            if name is not None:
                self.pending.insert(0, name)
            return token
        self.pending[:0] = [
            _made_token("LPAREN", "(", name),
            name,
            _made_token("RPAREN", ")", name),
        ]
        return _made_token("ID", LABEL_ADDRESS, token)

    def _computed_goto(self, token):  # type: ignore[no-untyped-def]  # pycparser's own token type
        """GNU C's ``goto *expr;`` (``token`` is the ``goto``) as the
        expression statement ``COMPUTED_GOTO(expr);``; ``token`` itself
        before anything but a ``*``."""
        star = self._ahead()
        if star is None or star.type != "TIMES":
            if star is not None:
                self.pending.insert(0, star)
            return token
        operand = []
        while (t := self._ahead()) is not None and t.type != "SEMI":
            operand.append(t)
        opening = _made_token("LPAREN", "(", operand[0] if operand else star)
        closing = _made_token("RPAREN", ")", t if t is not None else star)
        self.pending[:0] = [opening, *operand, closing, *([t] if t is not None else [])]
        return _made_token("ID", COMPUTED_GOTO, token)

    def _convertvector(self, token):  # type: ignore[no-untyped-def]  # pycparser's own token type
        """GCC's ``__builtin_convertvector(v, T)``, whose last argument is a type
        name (pycparser reads none as an argument), read as
        ``__inspire_convertvector(v, (T *)0)`` (``frontend.lower_expr``)."""
        opening = self._ahead()
        if opening is None or opening.type != "LPAREN":
            self.pending[:0] = [opening] if opening is not None else []
            return token
        inner, depth, comma = [], 1, None
        while depth and (t := self._ahead()) is not None:
            depth += {"LPAREN": 1, "LBRACKET": 1, "LBRACE": 1}.get(t.type, 0)
            depth -= {"RPAREN": 1, "RBRACKET": 1, "RBRACE": 1}.get(t.type, 0)
            if depth == 1 and t.type == "COMMA":
                comma = len(inner)
            inner.append(t)
        if depth or comma is None:  # not two arguments: the parser's error
            self.pending[:0] = [opening, *inner]
            return token
        closing = inner[-1]
        type_name = inner[comma + 1 : -1]
        self.pending[:0] = [
            opening, *inner[: comma + 1], _made_token("LPAREN", "(", closing), *type_name,
            _made_token("TIMES", "*", closing), _made_token("RPAREN", ")", closing),
            _made_token("INT_CONST_DEC", "0", closing), closing,
        ]  # fmt: skip
        return _made_token("ID", "__inspire_convertvector", token)

    def _ahead(self):  # type: ignore[no-untyped-def]  # pycparser's own token type
        """The next token not yet returned (None at the end)."""
        return self.pending.pop(0) if self.pending else super().token()

    def _read_to(self, closer: str) -> tuple[list, int | None]:
        """The tokens after a ``case`` or a ``[``, read ahead up to its
        ``closer`` (``COLON`` or ``RBRACKET``, included): the first one
        outside parentheses and brackets that closes no ``?``; a ``;``, a
        brace or the end of the input ends them early.  With them, the index
        of a range's ``...`` among them, at that same level (None: no range,
        or no closer)."""
        out: list = []
        dots = None
        depth = conditionals = 0
        while (token := self._ahead()) is not None:
            out.append(token)
            if token.type in ("SEMI", "LBRACE", "RBRACE"):
                return out, None
            if depth == 0 and conditionals == 0 and token.type == closer:
                return out, dots
            if token.type in ("LPAREN", "LBRACKET"):
                depth += 1
            elif token.type in ("RPAREN", "RBRACKET"):
                depth -= 1
            elif depth == 0 and token.type == "CONDOP":
                conditionals += 1
            elif depth == 0 and token.type == "COLON":
                conditionals -= 1
            elif depth == 0 and conditionals == 0 and token.type == "ELLIPSIS" and dots is None:
                dots = len(out) - 1
        return out, None

    def nested_function(self) -> bool:
        """Whether the parser failed at a ``{`` inside a function body right
        after ``TYPE NAME(...)``: the body of a GNU nested function definition."""
        last = self.last_token
        if last is None or last[0] != "{" or self.previous_token != ")" or self.depth == 0:
            return False
        return (
            len(self.closed) == 2
            and self.closed[0] not in _STATEMENT_KEYWORDS
            and all(_WORD.fullmatch(word) or word == "*" for word in self.closed)
        )


def _range_tokens(tokens: list, dots: int | None, mark: str) -> list:
    """``tokens`` (read ahead, see :meth:`_Lexer._read_to`) as the parser
    should read them: with a range's ``...`` at ``dots``, ``LOW ... HIGH``
    becomes ``(LOW) ? mark : (HIGH)``."""
    if dots is None:
        return tokens
    low, at, high, close = tokens[:dots], tokens[dots], tokens[dots + 1 : -1], tokens[-1]
    return [
        _made_token("LPAREN", "(", low[0] if low else at),
        *low,
        _made_token("RPAREN", ")", at),
        _made_token("CONDOP", "?", at),
        _made_token("ID", mark, at),
        _made_token("COLON", ":", at),
        _made_token("LPAREN", "(", at),
        *high,
        _made_token("RPAREN", ")", close),
        close,
    ]


def _made_token(kind: str, value: str, at):  # type: ignore[no-untyped-def]
    """A token of ``kind`` spelled ``value``, at the position of token ``at``."""
    token = copy.copy(at)
    token.type, token.value = kind, value
    return token


def _error_position(exc: ParseError, lexer: _Lexer) -> tuple[_Position | None, str]:
    """Where pycparser's ``exc`` happened, and its message without the position."""
    text = str(exc)
    match = _POSITIONED_ERROR.fullmatch(text)
    if match is not None:
        position = _Position(match["file"], int(match["line"]), int(match["column"]))
        return position, match["message"]
    message = text.split(": ", 1)[1] if ": " in text else text
    if message == _END_OF_INPUT or lexer.at_end or lexer.last_token is None:
        return None, message
    return lexer.last_token[1], message


def parse_c(
    path: str | os.PathLike[str],
    include_dirs: Iterable[str | os.PathLike[str]] = (),
    defines: Iterable[str] = (),
    undefines: Iterable[str] = (),
    *,
    log: DiagnosticLog | None = None,
    optimize: str | None = None,
    target: Iterable[str] = (),
) -> tuple[c_ast.FileAST, Origins]:
    """Preprocess and parse the C file ``path``.

    The arguments are those of :func:`frontend.preprocess.preprocess`.
    Preprocessor and parser warnings are added to ``log`` when one is given.  Returns the
    pycparser AST (coordinates name the original files and lines) and the
    origins of the text, which map coordinates to exact source columns and
    tell which declarations came from bundled headers.

    Raises :class:`CompileError` for every failure.
    """
    preprocessed = preprocess(
        path, include_dirs, defines, undefines, optimize=optimize, target=target
    )
    if log is not None:
        log.extend(preprocessed.warnings)
    return parse_preprocessed(preprocessed, log), preprocessed.origins


class _Parser(CParser):
    """pycparser's parser with :class:`_Lexer`, whose trees come out in the
    form the lowering reads (statement expressions marked, GNU case ranges,
    omitted conditional operands and index ranges as nodes of their own)."""

    def parse(self, text: str, filename: str = "", debug: bool = False) -> c_ast.FileAST:
        ast = super().parse(text, filename, debug)
        lexer: _Lexer = self.clex
        _check_typedef_alignment(ast, lexer.aligned_typedefs)
        if OBJECT_ALIGNED_MARKER in text:
            _align_declarators(ast)
        if lexer.marks or lexer.statement_expressions:  # else nothing to replace
            _replace_nodes(ast, lambda node: _gnu_node(_marked(node, lexer.statement_expressions)))
        return ast


def _check_typedef_alignment(ast: c_ast.FileAST, aligned: list[_Position]) -> None:
    """gcc's error for the first typedef declared with ``_Alignas`` (at
    ``aligned``, in source order): the name it declares is the first typedef
    after it."""
    if not aligned:
        return
    first = aligned[0]
    for node in c_nodes(ast):
        coord = node.coord
        if (
            isinstance(node, c_ast.Typedef)
            and coord is not None
            and coord.file == first.file
            and (coord.line, coord.column or 0) > (first.line, first.column)
        ):
            raise ParseError(
                f"{coord.file}:{coord.line}:{coord.column}: "
                f"alignment specified for typedef '{node.name}'"
            )


def _align_declarators(ast: c_ast.FileAST) -> None:
    """Give each declarator that GNU ``aligned`` followed in a declaration
    with several (the preprocessor's marker ``_Static_assert(N,
    "OBJECT_ALIGNED_MARKER:name")`` after the declaration) ``_Alignas(N)``
    of its own, and drop the marker."""
    for node in c_nodes(ast):
        for slot in ("ext", "block_items", "decls"):
            items = getattr(node, slot, None)
            if not isinstance(items, list):
                continue
            kept = []
            for item in items:
                name = marked_name(item, OBJECT_ALIGNED_MARKER)
                if name is None:
                    kept.append(item)
                    continue
                k = len(kept) - 1
                while k >= 0 and isinstance(kept[k], c_ast.Decl) and kept[k].name != name:
                    k -= 1
                if k < 0 or not isinstance(kept[k], c_ast.Decl):
                    raise ParseError(f"internal error: no declarator '{name}' before its alignment")
                kept[k].align = [*(kept[k].align or []), c_ast.Alignas(item.cond, item.coord)]
            items[:] = kept


def marker_text(node: c_ast.Node) -> str | None:
    """The message, without its quotes, of a ``_Static_assert`` (through
    which the preprocessor states layout attributes); None for other nodes."""
    if not isinstance(node, c_ast.StaticAssert) or not isinstance(node.message, c_ast.Constant):
        return None
    return node.message.value.strip('"')


def marked_name(node: c_ast.Node, marker: str) -> str | None:
    """The name a ``_Static_assert(N, "MARKER:name")`` of ``marker`` gives
    (None: ``node`` is no such marker)."""
    text = marker_text(node)
    prefix = f"{marker}:"
    return text[len(prefix) :] if text is not None and text.startswith(prefix) else None


def c_parser() -> CParser:
    """A pycparser parser reading GNU C's ``typeof`` spellings, ``__auto_type``,
    case ranges and ``a ?: b`` (see the module docstring)."""
    return _Parser(lexer=_Lexer)


def parse_preprocessed(
    preprocessed: PreprocessedFile, log: DiagnosticLog | None = None
) -> c_ast.FileAST:
    """Parse the text of ``preprocessed``; raises :class:`CompileError` on failure.

    C89's implicit int in a declaration without a type (``foo();`` and
    ``counter;`` at file scope, which pycparser takes for malformed function
    definitions; ``static s;``, ``register i;``, ``static *p;``) is read as gcc reads it,
    with its warnings (added to ``log`` when one is given, as are those for
    function definitions without a return type): the declaration is parsed
    again with ``int`` before its first name.  GNU ``cleanup`` attributes'
    calls are written where their variables' scopes end
    (:mod:`frontend.cleanup`).
    """
    kept = parse_cache.entry(preprocessed.text, preprocessed.path)
    parsed = parse_cache.load(kept)
    if parsed is None:
        parsed = _parsed(preprocessed)
        parse_cache.store(kept, parsed)
    ast, implicit = parsed
    if log is not None:
        log.extend(_implicit_int_warnings(ast, implicit, preprocessed))
    if CLEANUP_MARKER in preprocessed.text:
        from inspirec.frontend.cleanup import expand_cleanups  # it reads this module's trees

        expand_cleanups(ast, preprocessed.origins, log if log is not None else DiagnosticLog())
    return ast


def _parsed(preprocessed: PreprocessedFile) -> tuple[c_ast.FileAST, frozenset[_Position]]:
    """pycparser's tree of ``preprocessed`` (long lists of numbers collapsed:
    :mod:`frontend.number_tables`), and the positions of the declarations
    read with C89's implicit ``int`` (see :func:`parse_preprocessed`)."""
    implicit: frozenset[_Position] = frozenset()
    text, runs = collapsed_text(preprocessed.text)  # long lists of numbers: their first value
    while True:
        parser = c_parser()
        lexer: _Lexer = parser.clex
        lexer.implicit_ints = implicit
        try:
            ast = deep_call(parser.parse, text, preprocessed.path)
        except ParseError as exc:
            position, message = _error_position(exc, lexer)
            if (
                message in _NO_TYPE_MESSAGES
                and position in lexer.declaration_names
                and position not in implicit
            ):
                implicit |= {position}
                continue
            _syntax_error(preprocessed, lexer, position, _syntax_message(message))
        except Exception as exc:  # pycparser fails internally on some malformed input
            _internal_parse_error(preprocessed, lexer, exc)
        if runs and not attach_runs(ast, runs, c_nodes):  # a list not found again: in full
            text, runs = preprocessed.text, {}
            continue
        return ast, implicit


#: pycparser's messages for a declaration without a type: at file scope, one
#: that starts with a name; else one with only a storage class or qualifiers.
_NO_TYPE_MESSAGES = ("Invalid function definition", "Missing type in declaration")
#: The keywords a declaration without a type may start with.
_NO_TYPE = frozenset(
    "static extern register auto const volatile _Thread_local inline _Noreturn".split()
)


def _implicit_int_warnings(
    ast: c_ast.FileAST, implicit: frozenset[_Position], preprocessed: PreprocessedFile
) -> list[Diagnostic]:
    """gcc's warnings for the declarations of ``ast`` (parsed from
    ``preprocessed``) whose type defaults to ``int``: those whose first name
    is at a position of ``implicit``, and function definitions without a
    return type (pycparser's ``int`` has the position of the function's
    name), and the parameters an old-style definition does not declare.
    Under C90, where the type is no fault, the warnings of functions have
    the options of ``-Wall`` and ``-Wextra`` that give them there."""
    origins = preprocessed.origins
    c90 = preprocessed.standard in C90_STANDARDS
    found = []
    for node in c_nodes(ast) if implicit else ast.ext:  # definitions are at file scope
        if isinstance(node, c_ast.FuncDef):
            decl = node.decl
            spec = getattr(_named(decl), "type", None)
            messages = []
            if (
                isinstance(spec, c_ast.IdentifierType)
                and spec.names == ["int"]
                and _position(spec.coord) == _position(decl.coord)
            ):
                messages.append("return type defaults to 'int'")
            args = getattr(decl.type, "args", None)
            declared = {d.name for d in node.param_decls or ()}
            messages += [
                f"type of '{p.name}' defaults to 'int'"
                for p in (args.params if args is not None else ())
                if isinstance(p, c_ast.ID) and p.name not in declared
            ]
            for message in messages:
                defaulted = origins.diagnostic(decl.coord, message, "warning")
                c90_option = (
                    "return-type" if message.startswith("return") else ("missing-parameter-type")
                )
                found.append(replace(defaulted, option=c90_option if c90 else "implicit-int"))
        elif isinstance(node, c_ast.Decl) and implicit:
            named = _named(node)
            spec = named.type if isinstance(named, c_ast.TypeDecl) else named
            if _position(spec.coord) not in implicit:
                continue
            messages = [f"type defaults to 'int' in declaration of '{node.name}'"]
            first = _position(node.coord) in implicit
            if first and not node.storage and not node.quals and not node.funcspec:
                messages.insert(0, "data definition has no type or storage class")
            # at the name, also behind a '*'
            at = named.coord if isinstance(named, c_ast.TypeDecl) and named.coord else node.coord
            found += [origins.diagnostic(at, m, "warning") for m in messages[:-1]]
            defaulted = origins.diagnostic(at, messages[-1], "warning")
            found.append(replace(defaulted, option="implicit-int"))
    return found


def _named(node: c_ast.Decl) -> c_ast.Node:
    """The innermost declarator of ``node``, past its ``*``, ``[]`` and
    ``()``: the ``TypeDecl`` that names what it declares."""
    ty = node.type
    while isinstance(ty, c_ast.PtrDecl | c_ast.ArrayDecl | c_ast.FuncDecl):
        ty = ty.type
    return ty


def _position(coord) -> _Position | None:  # type: ignore[no-untyped-def]  # pycparser's Coord
    return None if coord is None else _Position(coord.file, coord.line, coord.column or 0)


def _syntax_error(
    preprocessed: PreprocessedFile, lexer: _Lexer, position: _Position | None, message: str
) -> NoReturn:
    if lexer.nested_function() and position == lexer.last_token[1]:
        message = "nested functions (a GNU extension) are not supported by inspirec"
    raise CompileError([_diagnostic(preprocessed.origins, position, message)])


def _internal_parse_error(
    preprocessed: PreprocessedFile, lexer: _Lexer, exc: Exception
) -> NoReturn:
    last = lexer.last_token
    position = None if last is None else last[1]
    if isinstance(exc, RecursionError):
        message = "construct nested too deeply to parse"
    elif isinstance(exc, AssertionError):
        message = "syntax error" if last is None else f"syntax error before '{last[0]}'"
    else:
        message = _lower(str(exc).rstrip(".")) or f"cannot parse ({type(exc).__name__})"
    raise CompileError([_diagnostic(preprocessed.origins, position, message)])


def user_declarations(ast: c_ast.FileAST) -> list[c_ast.Node]:
    """The top-level declarations and definitions of ``ast`` that come from the
    program's own files, not from the bundled headers (every file starts with
    the bundled declarations of GCC's builtin functions)."""
    return [node for node in ast.ext if bundled_header(node.coord.file) is None]


def _replace_nodes(ast: c_ast.FileAST, replace: Callable[[object], object]) -> None:
    """Every node below ``ast`` replaced by ``replace(node)``, top down."""
    pending: list[c_ast.Node] = [ast]
    while pending:
        node = pending.pop()
        for slot in _slots(type(node)):
            value = getattr(node, slot, None)
            if isinstance(value, list):
                value[:] = [replace(x) for x in value]
            elif isinstance(value, c_ast.Node):
                setattr(node, slot, replace(value))
        pending.extend(child for _, child in node.children())


@functools.cache
def _slots(cls: type) -> tuple[str, ...]:
    """The ``__slots__`` of ``cls`` and of its bases (:class:`CaseRange` adds one)."""
    return tuple(s for k in cls.__mro__ for s in getattr(k, "__slots__", ()))


def _gnu_node(node: object) -> object:
    """A :class:`CaseRange` for a case label the lexer rewrote (see
    :func:`_range_tokens`), an :class:`OmittedConditional` for a
    conditional it marked, an :class:`IndexRange` for a bracketed range (see
    :func:`_range_tokens`), else ``node``."""
    if isinstance(node, c_ast.TernaryOp) and _is_mark(node.iftrue, _OMITTED_MARK):
        return OmittedConditional(node.cond, node.iffalse, node.coord)
    if isinstance(node, c_ast.TernaryOp) and _is_mark(node.iftrue, _INDEX_RANGE_MARK):
        return IndexRange(node.cond, node.iffalse, node.coord)
    if not isinstance(node, c_ast.Case) or isinstance(node, CaseRange):
        return node
    e = node.expr
    if isinstance(e, c_ast.TernaryOp) and _is_mark(e.iftrue, _CASE_RANGE_MARK):
        return CaseRange(e.cond, e.iffalse, node.stmts, node.coord)
    return node


def _is_mark(node: object, mark: str) -> bool:
    return isinstance(node, c_ast.ID) and node.name == mark


def statement_expression_block(node: c_ast.Node | None) -> c_ast.Compound | None:
    """The block of ``node`` if it is a GNU statement expression (a one-element
    ``ExprList`` holding a ``Compound``: :mod:`frontend.cparse`), else None."""
    if isinstance(node, c_ast.ExprList) and len(node.exprs) == 1:
        block = node.exprs[0]
        return block if isinstance(block, c_ast.Compound) else None
    return None


def _marked(node: object, braces: dict[_Position, _Position]) -> object:
    """Each GNU statement expression ``({ ... })`` (a ``Compound`` whose ``{``
    follows a ``(``) wrapped in a one-element ``ExprList``, both positioned at
    the ``(`` as gcc's diagnostics are: pycparser gives ``({ ... });`` and
    the block ``{ ... }`` the same node, and the value of a statement
    expression ending with one of them depends on which it is."""
    coord = getattr(node, "coord", None)
    if not isinstance(node, c_ast.Compound) or coord is None:
        return node
    paren = braces.pop(_Position(coord.file, coord.line, coord.column), None)  # wrapped once
    if paren is None:
        return node
    node.coord = copy.copy(coord)
    node.coord.file, node.coord.line, node.coord.column = paren.file, paren.line, paren.column
    return c_ast.ExprList([node], node.coord)


def _diagnostic(origins: Origins, position: _Position | None, message: str) -> Diagnostic:
    if position is not None:
        return origins.diagnostic(position, message)
    file, line, col = origins.end_of_input()
    if line is None:
        return error(message, file)
    return Diagnostic("error", message, file, line, col, origins.source_line(file, line))


def _syntax_message(message: str) -> str:
    """pycparser's wording turned into GCC's style."""
    if message.startswith("before: "):
        return f"syntax error before '{message[len('before: ') :]}'"
    if message == _END_OF_INPUT:
        return "syntax error at end of input"
    return _lower(message.rstrip("."))


def _lower(message: str) -> str:
    """Lower-case the first word unless it is an acronym or a name."""
    if len(message) > 1 and message[0].isupper() and message[1].islower():
        return message[0].lower() + message[1:]
    return message


def c_nodes(node: c_ast.Node) -> Iterator[c_ast.Node]:
    """``node`` and every pycparser node under it."""
    yield node
    for child in node:
        yield from c_nodes(child)
