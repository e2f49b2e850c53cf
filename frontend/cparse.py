"""Parsing preprocessed C with pycparser, reporting failures as diagnostics.

:func:`parse_c` preprocesses one ``.c`` file (see :mod:`frontend.preprocess`)
and parses it.  Whatever goes wrong -- a preprocessor error, a syntax error,
a construct nested too deeply, a failure inside pycparser -- comes out as a
:class:`~frontend.diagnostics.CompileError` whose diagnostics point at the
original source (``file:line:col``), never as another exception.

Parsing runs in a helper thread with a large stack and a raised recursion
limit, because pycparser's recursive descent needs a few Python frames per
level of nesting (a chain of a few hundred ``else if`` would otherwise fail).

Error positions come from hooks into pycparser 3.0's hand-written parser:
its single error path (``CParser._parse_error``), its token lookahead
(``_peek``) and the lexer's token constructor (``CLexer._make_token``).  The
tests of this module exercise each of them.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterable
from typing import NoReturn, TypeVar

from pycparser import c_ast
from pycparser.c_lexer import CLexer, _Token
from pycparser.c_parser import Coord, CParser

from frontend.diagnostics import CompileError, Diagnostic, DiagnosticLog, error
from frontend.preprocess import Origins, PreprocessedFile, preprocess

_T = TypeVar("_T")

_PARSE_STACK_BYTES = 512 * 1024 * 1024
_PARSE_RECURSION_LIMIT = 50_000
_deep_call_lock = threading.Lock()


class _SyntaxError(Exception):
    """pycparser rejected the input at ``coord`` (None: at the end of input)."""

    def __init__(self, message: str, coord: Coord | None) -> None:
        super().__init__(message)
        self.message = message
        self.coord = coord


class _Lexer(CLexer):
    """pycparser's lexer, remembering the last token it made.

    Tokens are recorded as they are made, before the lexer's brace callbacks
    run, so that a failure inside those callbacks (an unbalanced ``}``) is
    attributed to the right token.
    """

    last_token: _Token | None = None

    def _make_token(self, tok_type: str, value: str, pos: int) -> _Token:
        token = super()._make_token(tok_type, value, pos)
        self.last_token = token
        return token


class _Parser(CParser):
    """pycparser's parser, reporting errors with a structured position.

    ``_parse_error`` is the single point through which pycparser's parser
    and lexer report errors; some of its callers pass only a file name, in
    which case the next token's position is used.
    """

    def __init__(self) -> None:
        super().__init__(lexer=_Lexer)

    def _parse_error(self, msg: str, coord: Coord | str | None) -> NoReturn:
        if not isinstance(coord, Coord):
            token = self._peek()
            coord = None if token is None else self._tok_coord(token)
        raise _SyntaxError(msg, coord)

    def last_token(self) -> tuple[str, Coord] | None:
        """Text and position of the last token lexed (possibly a lookahead)."""
        token = self.clex.last_token
        if token is None:
            return None
        return token.value, Coord(self.clex.filename, token.lineno, token.column)


def parse_c(
    path: str | os.PathLike[str],
    include_dirs: Iterable[str | os.PathLike[str]] = (),
    defines: Iterable[str] = (),
    undefines: Iterable[str] = (),
    *,
    log: DiagnosticLog | None = None,
) -> tuple[c_ast.FileAST, Origins]:
    """Preprocess and parse the C file ``path``.

    The arguments are those of :func:`frontend.preprocess.preprocess`.
    Preprocessor warnings are added to ``log`` when one is given.  Returns the
    pycparser AST (coordinates name the original files and lines) and the
    origins of the text, which map coordinates to exact source columns and
    tell which declarations came from bundled headers.

    Raises :class:`CompileError` for every failure.
    """
    preprocessed = preprocess(path, include_dirs, defines, undefines)
    if log is not None:
        log.extend(preprocessed.warnings)
    return parse_preprocessed(preprocessed), preprocessed.origins


def parse_preprocessed(preprocessed: PreprocessedFile) -> c_ast.FileAST:
    """Parse the text of ``preprocessed``; raises :class:`CompileError` on failure."""
    parser = _Parser()
    try:
        return _call_with_deep_stack(lambda: parser.parse(preprocessed.text, preprocessed.path))
    except _SyntaxError as exc:
        coord, message = exc.coord, _syntax_message(exc.message)
    except Exception as exc:  # pycparser fails internally on some malformed input
        last = parser.last_token()
        coord = None if last is None else last[1]
        if isinstance(exc, RecursionError):
            message = "construct nested too deeply to parse"
        elif isinstance(exc, AssertionError):
            message = "syntax error" if last is None else f"syntax error before '{last[0]}'"
        else:
            message = _lower(str(exc).rstrip(".")) or f"cannot parse ({type(exc).__name__})"
    raise CompileError([_diagnostic(preprocessed.origins, coord, message)])


def _call_with_deep_stack(function: Callable[[], _T]) -> _T:
    """``function()`` run in a thread with a large stack and recursion limit."""
    results: list[_T] = []
    failures: list[BaseException] = []

    def run() -> None:
        try:
            results.append(function())
        except BaseException as exc:  # re-raised in the calling thread below
            failures.append(exc)

    with _deep_call_lock:
        old_limit = sys.getrecursionlimit()
        old_stack = threading.stack_size(_PARSE_STACK_BYTES)
        sys.setrecursionlimit(max(old_limit, _PARSE_RECURSION_LIMIT))
        try:
            thread = threading.Thread(target=run, name="inspirec-parse")
            thread.start()
            thread.join()
        finally:
            threading.stack_size(old_stack)
            sys.setrecursionlimit(old_limit)
    if failures:
        raise failures[0]
    return results[0]


def _diagnostic(origins: Origins, coord: Coord | None, message: str) -> Diagnostic:
    if coord is not None:
        return origins.diagnostic(coord, message)
    file, line, col = origins.end_of_input()
    if line is None:
        return error(message, file)
    return Diagnostic("error", message, file, line, col, origins.source_line(file, line))


def _syntax_message(message: str) -> str:
    """pycparser's wording turned into GCC's style."""
    if message.startswith("before: "):
        return f"syntax error before '{message[len('before: ') :]}'"
    if message == "At end of input":
        return "syntax error at end of input"
    return _lower(message.rstrip("."))


def _lower(message: str) -> str:
    """Lower-case the first word unless it is an acronym or a name."""
    if len(message) > 1 and message[0].isupper() and message[1].islower():
        return message[0].lower() + message[1:]
    return message
