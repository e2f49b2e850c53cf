"""Preprocessing of C sources against the bundled C library headers.

:func:`preprocess` runs the system preprocessor (``gcc -E``, always with an
argument list, never through a shell) on one ``.c`` file and returns the
preprocessed text together with its :class:`Origins`.  The preprocessor is
configured like ``gcc -std=gnu17 -fopenmp`` (gcc 12's default C; another
``-std=`` standard may be asked for), with these differences:

* ``-nostdinc``: the system headers are replaced by the headers bundled in
  ``frontend/include`` (:data:`BUNDLED_INCLUDE_DIR`), searched after the
  user's ``-I`` directories, as GCC searches its system directories; the
  C compiler's system directories come after them, for the headers the
  bundled ones do not replace (read like the program's own: their
  declarations are the program's), and the bundled headers include the C
  library's ``<features.h>`` (macros only), as its own headers do;
* ``__INSPIREC__`` is defined to 1; ``_OPENMP`` is 201511 (from
  ``-fopenmp``, which also expands macros in ``#pragma omp`` lines), unless
  the file is read without OpenMP (``inspirec-cc`` without ``-fopenmp``);
* GNU spellings the C parser does not know are neutralised: attributes
  (``__attribute__((...))``) are blanked out of the preprocessed text; of the
  ones whose loss would change the program (:data:`KEPT_ATTRIBUTES`:
  layouts, types, code run at scope exit or around ``main``, symbol
  aliases), ``packed``/``aligned`` on records, members, enumerations,
  objects and typedef names are rewritten into C the parser reads (marker
  ``_Static_assert``s and enumerators, ``_Alignas``: see
  :func:`_place_layout`), as are ``mode`` on typedef names,
  ``constructor`` and ``destructor`` on functions, ``cleanup`` on
  variables, ``weak`` and ``alias`` (also ``#pragma weak``) on functions
  and variables, ``section`` on file-scope variables (markers), ``packed``
  where gcc ignores it is a warning,
  and the others are errors naming the attribute; predefined macros make
  ``__extension__`` vanish,
  ``__inline__``/``__restrict__``/``__const__``/``__volatile__``/``__signed__``
  and their ``__x`` forms become the standard keywords (the parser's lexer
  reads ``__thread``), ``__alignof__`` ``_Alignof``, ``__FUNCTION__`` and
  ``__PRETTY_FUNCTION__`` ``__func__``, ``__builtin_expect(e, c)``
  ``((long)(e))``, ``__builtin_offsetof`` the parser's ``offsetof``,
  ``__builtin_types_compatible_p(a, b)``
  ``__inspire_types_compatible_p((__typeof__(a) *)0, (__typeof__(b) *)0)``
  (the parser reads no type name as an argument), and
  ``__real__ x``/``__imag__ x`` ``*(__inspire_real_part *)&x`` (and
  ``imag``), unary expressions the lowering recognises;
* ``asm`` statements become calls the parser reads (:mod:`frontend.asm`),
  before the line markers are read;
* the C compiler's own headers (the x86 intrinsics headers ...) are read
  for their declarations only (:func:`compiler_header`);
* GNU extensions that cannot be expressed are preprocessing errors naming
  them: ``__label__`` (``typeof`` and ``__auto_type`` are read by the parser's
  lexer, see :mod:`frontend.cparse`).

What the bundled headers expand to, for the lowering:

* macros that real headers implement with compiler builtins (``INFINITY``,
  ``NAN``, ``HUGE_VAL``, ``isnan``, ...) expand to calls of those builtins,
  and the header declares each builtin, so the calls look like ordinary
  calls of external functions (the type-generic ones without a prototype);
* ``va_arg(ap, T)`` becomes ``__inspire_va_arg(ap, (T *)0)`` and
  ``va_start``/``va_end``/``va_copy`` calls of the declared
  ``__builtin_va_*``; ``va_list`` is ``__builtin_va_list``, a one-element
  array of the 24-byte x86-64 ``struct __va_list_tag``;
* ``offsetof`` stays ``offsetof`` (the parser has it as a keyword);
* ``alloca`` is a declared function; ``assert`` calls ``__assert_fail``;
  ``errno`` is ``(*__errno_location())``, as in glibc;
* the ``<stdatomic.h>`` operations are declared without prototypes (see
  that header); the GCC ``__sync_*`` builtins are not declared anywhere:
  they are compiler builtins without a header, recognised by name;
* ``PTHREAD_MUTEX_INITIALIZER`` and friends are ``{ 0 }``;
  ``pthread_cleanup_push``/``pop`` open and close a block, as glibc's do,
  around calls the lowering reads as the IR's ``cleanup_push`` and
  ``cleanup_pop``.

Declarations made by bundled headers are never re-emitted: the backend
writes the original ``#include <...>`` lines, which :class:`Origins`
records.  Several ``.c`` files are preprocessed one by one; the caller
combines the results (:func:`program_includes`).  The public bundled headers
are read again on every ``#include`` (their guard does not cover the whole
file), so that each inclusion shows in the line markers.

The preprocessor must be GCC 11 or later (``-fdiagnostics-plain-output``).
"""

from __future__ import annotations

import bisect
import difflib
import functools
import os
import re
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from inspirec.frontend import asm
from inspirec.frontend.diagnostics import CompileError, Diagnostic, Severity, display_column, error
from inspirec.inspire.nodes import SECTION_NAME, TARGET_OPTIONS

BUNDLED_INCLUDE_DIR = Path(__file__).resolve().parent / "include"
"""The directory of the bundled C library headers."""

_UNSUPPORTED_GNU = {
    "__label__": "the GNU extension __label__",
}

#: GNU attributes the lowering cannot drop without changing the program, each
#: with what it would change.  (The others -- noreturn, unused, format,
#: always_inline, ... -- only inform the compiler and are dropped.)
KEPT_ATTRIBUTES = {
    **dict.fromkeys(
        ("aligned", "packed", "vector_size", "mode", "transparent_union", "scalar_storage_order"),
        "the layout or the type of what it applies to",
    ),
    **dict.fromkeys(("cleanup", "constructor", "destructor"), "when code runs"),
    **dict.fromkeys(("alias", "ifunc", "weakref", "weak"), "which definition a name refers to"),
    "section": "where the linker places what it applies to",
    "target": "which instructions the code may use",
}

_ATTRIBUTE = re.compile(r"\b__attribute(?:__)?\b")
_ASM = re.compile(r"\b(?:__)?asm(?:__)?\b")
#: A GNU imaginary constant: a number whose suffix has one ``i`` or ``j``.
_IMAGINARY = re.compile(
    r"(?P<number>(?:0[xX][0-9a-fA-F.]+[pP][+-]?[0-9]+|[0-9.]+(?:[eE][+-]?[0-9]+)?|0[xX][0-9a-fA-F]+))"
    r"(?P<suffix>[fFlL]?[iIjJ][fFlL]?|[uUlL]*[iIjJ])"
)
_IMAGINARY_HINT = re.compile(r"(?<![\w.])\.?[0-9](?:[eEpP][+-]|[\w.])*[iIjJ][fFlL]?(?![\w.])")
_IDENTIFIER = re.compile(r"[A-Za-z_$][0-9A-Za-z_$]*$")

_PREDEFINED: tuple[str, ...] = (
    "__INSPIREC__=1",
    "__extension__=",
    "__inline=inline",
    "__inline__=inline",
    "__restrict=restrict",
    "__restrict__=restrict",
    "__const=const",
    "__const__=const",
    "__volatile=volatile",
    "__volatile__=volatile",
    "__signed=signed",
    "__signed__=signed",
    "__complex=_Complex",
    "__complex__=_Complex",
    "__alignof=_Alignof",
    "__alignof__=_Alignof",
    "__FUNCTION__=__func__",
    "__PRETTY_FUNCTION__=__func__",
    "__builtin_expect(e,c)=((long)(e))",
    "__builtin_offsetof(t,m)=offsetof(t,m)",
    "__builtin_types_compatible_p(a,b)="
    "__inspire_types_compatible_p((__typeof__(a) *)0, (__typeof__(b) *)0)",
    *(
        f"{name}=*(__inspire_{part}_part *)&"
        for part in ("real", "imag")
        for name in (f"__{part}", f"__{part}__")
    ),
    *(
        f'{name}=_Pragma("GCC error \\"{what} is not supported by inspirec\\"")'
        for name, what in _UNSUPPORTED_GNU.items()
    ),
)

# Environment variables that would add include directories behind our back.
_INCLUDE_ENV = ("CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH")

# Source files larger than this are not read to show excerpts or map columns.
_MAX_SOURCE_BYTES = 64 * 1024 * 1024

_PROGRAM_NAMES = frozenset({"cc1", "cpp", "gcc", "cc"})

_GCC_DIAGNOSTIC = re.compile(
    r"^(?P<file>.*?):(?:(?P<line>\d+):(?:(?P<col>\d+):)?)? "
    r"(?P<severity>fatal error|error|warning|note): (?P<message>.*)$"
)
_INCLUDED_FROM = re.compile(r"^(?:In file included|\s+) from (?P<file>.*):(?P<line>\d+)[:,]$")
#: The feature-test macros of the C library (glibc's <features.h>): which
#: declarations the system headers make.  The emitted C defines those in
#: effect where the program first includes a header (:attr:`Origins.feature_macros`).
#: Also ``__STRICT_ANSI__``, which a strict ``-std=`` (``c99``, not
#: ``gnu99``) defines: without other feature-test macros, only the standard
#: C declarations; and the obsolete ``_REENTRANT`` and ``_THREAD_SAFE``
#: (``-fopenmp`` defines the first), which then imply POSIX.1c's (only
#: then: :data:`_STRICT_ONLY`).
FEATURE_MACROS = frozenset(
    {
        "_GNU_SOURCE", "_DEFAULT_SOURCE", "_BSD_SOURCE", "_SVID_SOURCE", "_POSIX_SOURCE",
        "_POSIX_C_SOURCE", "_XOPEN_SOURCE", "_XOPEN_SOURCE_EXTENDED", "_ISOC99_SOURCE",
        "_ISOC11_SOURCE", "_ISOC2X_SOURCE", "_LARGEFILE_SOURCE", "_LARGEFILE64_SOURCE",
        "_FILE_OFFSET_BITS", "_TIME_BITS", "_ATFILE_SOURCE",
        "_DYNAMIC_STACK_SIZE_SOURCE", "__STDC_WANT_LIB_EXT2__",
        "__STDC_WANT_IEC_60559_BFP_EXT__", "__STDC_WANT_IEC_60559_FUNCS_EXT__",
        "__STDC_WANT_IEC_60559_TYPES_EXT__", "__STRICT_ANSI__", "_REENTRANT", "_THREAD_SAFE",
    }
)  # fmt: skip

#: The feature-test macros that change a declaration only under a strict
#: standard (``__STRICT_ANSI__``): without it they are not kept.
_STRICT_ONLY = frozenset({"_REENTRANT", "_THREAD_SAFE"})

#: A ``#pragma omp`` line of the preprocessed text (also one of a
#: ``_Pragma("omp ...")``), without its newline.
_OMP_PRAGMA_LINE = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+omp\b.*$", re.M)
#: A macro definition or removal the preprocessor reports (``-dD``), in the
#: place of its directive.
_MACRO_DIRECTIVE = re.compile(r"^#(define|undef) (\w+)(?:\(.*?\))? ?(.*)$", re.M)

_LINE_MARKER = re.compile(r'^#(?:line)?\s*(\d+)\s+"((?:[^"\\]|\\.)*)"((?:\s+\d+)*)\s*$')
#: The same, for every line of a whole text.
_LINE_MARKERS = re.compile(_LINE_MARKER.pattern, re.M)
#: The start of a directive line (a line marker among them).
_DIRECTIVE_START = re.compile(r"^#", re.M)

_NEWLINE = re.compile(r"\r\n|\r|\n")
_TOKEN = re.compile(
    r"""
      (?P<skip> \s+ | \\\n | /\*[\s\S]*?(?:\*/|\Z) | //(?:\\\n|[^\n])* )
    | (?:u8|[uUL])?"(?:\\[\s\S]|[^"\\\n])*"
    | [uUL]?'(?:\\[\s\S]|[^'\\\n])*'
    | \.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.])*
    | [A-Za-z_$][0-9A-Za-z_$]*
    | \.\.\. | <<= | >>= | -> | \+\+ | -- | << | >> | <= | >= | == | != | && | \|\| | \#\#
    | [-+*/%&|^]=
    | [\s\S]
    """,
    re.VERBOSE,
)


class CoordLike(Protocol):
    """What :class:`Origins` needs of a pycparser ``Coord``."""

    file: str
    line: int
    column: int | None


@functools.lru_cache(maxsize=4096)
def bundled_header(file: str) -> str | None:
    """The ``#include <name>`` spelling of ``file`` if it is a bundled header, else None.

    ``file`` is a file name as it appears in preprocessor line markers and
    hence in pycparser's ``coord.file``.  The name is relative to the bundled
    include directory, with ``/`` separators (``"stdio.h"``,
    ``"sys/time.h"``, or ``"bits/inspire_types.h"`` for a header that the
    public ones include).
    """
    if file.startswith("<"):
        return None
    try:
        relative = Path(os.path.realpath(file)).relative_to(BUNDLED_INCLUDE_DIR)
    except (OSError, ValueError):  # not below the directory, or an impossible name
        return None
    return relative.as_posix()


#: A header of the C compiler's own include directory, by its real path:
#: gcc's ``lib/gcc/<target>/<version>/include``, clang's
#: ``lib/clang/<version>/include``.
_COMPILER_HEADER = re.compile(
    r"/lib(?:64)?/(?:gcc(?:-cross)?/[^/]+/[^/]+|clang/[^/]+)/include/(?P<name>[^/]+\.h)$"
)


@functools.lru_cache(maxsize=4096)
def compiler_header(file: str) -> str | None:
    """The ``#include <name>`` spelling of ``file`` if it is a header of the C
    compiler's own that no bundled header replaces (the x86 intrinsics
    headers ``<emmintrin.h>`` ..., ``<cpuid.h>``), else None.

    Such a header is read for its declarations only: the bodies of the
    functions it defines are not (:func:`_compiler_header_declarations`;
    they use the compiler's builtins), and the emitted C includes it, as it
    includes the bundled headers.
    """
    if file.startswith("<") or bundled_header(file) is not None:
        return None
    try:
        real = Path(os.path.realpath(file)).as_posix()
    except (OSError, ValueError):
        return None
    match = _COMPILER_HEADER.search(real)
    return match["name"] if match else None


def included_header(file: str) -> str | None:
    """The ``#include <name>`` spelling of ``file`` if the emitted C includes
    it rather than declares again what it declares: a bundled header or a
    compiler's own (:func:`compiler_header`); else None."""
    return bundled_header(file) or compiler_header(file)


#: The tokens that matter to reading the declarations of a compiler's own
#: header: string and character literals (skipped), identifiers, and the
#: punctuators that delimit declarations and bodies.
_DECLARATION_TOKEN = re.compile(r""""(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[A-Za-z_]\w*|[;{}()]""")
#: The same inside a function's body, where only its braces matter.
_BODY_TOKEN = re.compile(r""""(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[{}]""")
#: An identifier (or a keyword) of the program's own text.
_WORD = re.compile(r"[A-Za-z_]\w*")
#: The words before a parenthesis in a declaration that do not name what it declares.
_NOT_DECLARED = frozenset(
    {"__attribute__", "__attribute", "__asm__", "__asm", "asm", "__typeof__", "__typeof",
     "typeof", "_Alignas", "__extension__", "__declspec"}
)  # fmt: skip
#: The words that make a declaration one to keep whatever it declares.
_KEPT_DECLARATIONS = frozenset({"typedef", "struct", "union", "enum", "_Static_assert"})


def _compiler_header_declarations(text: str) -> str:
    """``text`` with what the C compiler's own headers (:func:`compiler_header`)
    declare reduced to what the program reads: the body of each function
    they define replaced by ``;`` (what the program sees of the function
    is its declaration), and each declaration of a function that the rest
    of the text never names blanked whole (``<immintrin.h>`` declares some
    6000).  Newlines and directive lines stay, so every other token keeps
    its place.  A body is a ``{`` at file scope right after a ``)``."""
    if "/include/" not in text:
        return text
    lines = text.split("\n")
    inside = [False] * len(lines)  # the lines of a compiler header
    used: set[str] = set()  # the words of the other lines
    current = False
    for i, line in enumerate(lines):
        if line.startswith("#"):
            marker = _LINE_MARKER.match(line)
            if marker is not None:
                current = compiler_header(marker[2]) is not None
        elif current:
            inside[i] = True
        else:
            used.update(_WORD.findall(line))
    if not any(inside):
        return text
    _Reader(lines, used).read(inside)
    return "\n".join(lines)


class _Reader:
    """The declarations of the compiler headers' lines, as
    :func:`_compiler_header_declarations` reduces them."""

    def __init__(self, lines: list[str], used: set[str]) -> None:
        self.lines, self.used = lines, used
        self.depth = 0
        self.start: tuple[int, int] | None = None  # the declaration's first token
        self.body: tuple[int, int] | None = None  # the '{' of the body being read
        self.name: str | None = None  # what the declaration declares, if a function
        self.kept = False  # a declaration kept whatever it declares
        self.previous = ""  # the last token at file scope

    def read(self, inside: list[bool]) -> None:
        for i, line in enumerate(self.lines):
            if not inside[i]:
                continue
            at = 0
            while True:  # in a body, its braces only (its parentheses balance)
                pattern = _DECLARATION_TOKEN if self.body is None else _BODY_TOKEN
                match = pattern.search(line, at)
                if match is None:
                    break
                at = match.end()
                self.token(match.group(), i, match.start(), at)

    def token(self, token: str, line: int, col: int, end: int) -> None:
        if self.start is None and self.depth == 0:
            self.start = (line, col)
        if token in ("{", "("):
            if token == "{" and self.depth == 0 and self.previous == ")":
                self.body = (line, col)
            elif token == "{":
                self.kept = True
            elif (
                self.depth == 0
                and self.name is None
                and _WORD.fullmatch(self.previous)
                and self.previous not in _NOT_DECLARED
            ):
                self.name = self.previous
            self.depth += 1
        elif token in ("}", ")"):
            self.depth -= 1
            if self.depth == 0 and self.body is not None:
                self.end(line, end)
                return
        elif token == ";" and self.depth == 0:
            self.end(line, end)
            return
        elif token in _KEPT_DECLARATIONS:
            self.kept = True
        if self.depth == 0:
            self.previous = token

    def end(self, line: int, end: int) -> None:
        """The declaration that started at :attr:`start` ends before ``end`` of ``line``."""
        unused = self.name is not None and not self.kept and self.name not in self.used
        if unused and self.start is not None:
            _blank(self.lines, self.start, (line, end), "")
        elif self.body is not None:
            _blank(self.lines, self.body, (line, end), ";")
        self.start, self.body, self.name, self.kept, self.previous = None, None, None, False, ""


def _blank(lines: list[str], start: tuple[int, int], end: tuple[int, int], head: str) -> None:
    """Replace the text of ``lines`` from ``start`` to ``end`` (line, column;
    the end exclusive) by ``head`` (one character or none) and spaces,
    keeping the directive lines."""
    (top, col), (bottom, end_col) = start, end
    for k in range(top, bottom + 1):
        line = lines[k]
        if k not in (top, bottom) and line.startswith("#"):
            continue
        a = col if k == top else 0
        b = end_col if k == bottom else len(line)
        put = head if k == top else ""
        lines[k] = line[:a] + put + " " * (b - a - len(put)) + line[b:]


class _SourceText:
    """A source file's lines and tokens (without comments and directive lines)."""

    def __init__(self, text: str) -> None:
        self.lines = _NEWLINE.split(text)
        self._text = "\n".join(self.lines)
        self._positions: list[tuple[int, int]] | None = None
        self._texts: list[str] = []

    def line(self, number: int) -> str | None:
        """The text of 1-based line ``number``, or None past the end."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return None

    def tokens(self) -> tuple[list[tuple[int, int]], list[str]]:
        """(positions as (1-based line, 0-based index), texts) of every token."""
        if self._positions is None:
            directive = self._directive_lines()
            starts = [0]
            for line in self.lines[:-1]:
                starts.append(starts[-1] + len(line) + 1)
            self._positions = []
            for match in _TOKEN.finditer(self._text):
                if match.lastgroup == "skip":
                    continue
                line_index = bisect.bisect_right(starts, match.start()) - 1
                if line_index + 1 in directive:
                    continue
                self._positions.append((line_index + 1, match.start() - starts[line_index]))
                self._texts.append(match.group())
        return self._positions, self._texts

    def _directive_lines(self) -> set[int]:
        result: set[int] = set()
        continued = False
        for number, line in enumerate(self.lines, start=1):
            if continued or line.lstrip().startswith("#"):
                result.add(number)
                continued = line.endswith("\\")
        return result


def _line_tokens(text: str) -> list[tuple[int, str]]:
    """(0-based index, text) of the tokens of one line of preprocessed output."""
    return [(m.start(), m.group()) for m in _TOKEN.finditer(text) if m.lastgroup != "skip"]


def bundled_marker_files(text: str) -> dict[str, str]:
    """The files the line markers of ``text`` name that are bundled headers,
    each with its name below the bundled include directory
    (:func:`bundled_header`), in the order they first appear."""
    found: dict[str, str] = {}
    for match in _LINE_MARKERS.finditer(text):
        file = match[2]
        if file not in found and (name := bundled_header(file)) is not None:
            found[file] = name
    return found


def relocate_bundled_markers(text: str, files: Mapping[str, str]) -> str:
    """``text`` with its line markers that name ``files`` -- bundled headers
    of another installation of inspirec (a file as its markers name it ->
    its name below that installation's include directory: what
    :func:`bundled_marker_files` gave there) -- naming this installation's
    headers instead, so that they are bundled headers here too (an object
    compiled by one installation, linked by another).  Files that are
    bundled headers here already are left as they are."""
    moved = {
        file: str(BUNDLED_INCLUDE_DIR / name).replace("\\", "\\\\").replace('"', '\\"')
        for file, name in files.items()
        if bundled_header(file) is None
    }
    if not moved:
        return text

    def rename(match: re.Match) -> str:
        new = moved.get(match[2])
        if new is None:
            return match[0]
        start, end = match.start(2) - match.start(0), match.end(2) - match.start(0)
        return match[0][:start] + new + match[0][end:]

    return _LINE_MARKERS.sub(rename, text)


def _read_source(path: str) -> _SourceText | None:
    """The regular file ``path`` (as named by a line marker), None if unreadable."""
    try:
        if not os.path.isfile(path) or os.path.getsize(path) > _MAX_SOURCE_BYTES:
            return None
        with open(path, encoding="utf-8", errors="surrogateescape", newline="") as handle:
            return _SourceText(handle.read())
    except (OSError, ValueError):  # ValueError: a name with a NUL character
        return None


class Origins:
    """Where the preprocessed text of one ``.c`` file came from.

    * :attr:`path` -- the ``.c`` file, named as in the line markers;
    * :attr:`bundled_includes` -- the bundled headers (``#include <name>``
      spellings) that user files included directly, in order of first
      inclusion and without repetitions;
    * :attr:`direct_includes` -- the same per user file (the ``.c`` file and
      the user headers it includes);
    * :attr:`feature_macros` -- the :data:`FEATURE_MACROS` defined (``-D``,
      ``#define``) where a user file first includes a bundled header, as
      ``(name, replacement)`` sorted by name: the declarations the system
      headers make depend on them;
    * :meth:`location` -- maps a pycparser coordinate to the position in the
      original source (the preprocessor collapses spacing and expands macros,
      so pycparser's columns are columns of the preprocessed text).
    """

    def __init__(
        self,
        path: str,
        bundled_includes: tuple[str, ...],
        direct_includes: Mapping[str, tuple[str, ...]],
        preprocessed_lines: Mapping[tuple[str, int], list[str]],
        feature_macros: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.path = path
        self.feature_macros = feature_macros
        self.bundled_includes = bundled_includes
        self.direct_includes = direct_includes
        self._preprocessed_lines = preprocessed_lines
        self._lines_by_file: dict[str, list[int]] = {}
        for file, line in sorted(preprocessed_lines):
            self._lines_by_file.setdefault(file, []).append(line)
        self._sources: dict[str, _SourceText | None] = {}

    @property
    def files(self) -> frozenset[str]:
        """The files the preprocessed text has lines of (named as in the line markers)."""
        return frozenset(self._lines_by_file)

    def source_line(self, file: str, line: int) -> str | None:
        """The text of ``line`` of the original ``file``, if it can be read."""
        source = self._source(file)
        return None if source is None else source.line(line)

    def location(self, coord: CoordLike) -> tuple[str, int | None, int | None]:
        """(file, line, display column) in the original source for ``coord``.

        The line is pycparser's unless the token lies on a later line of a
        construct the preprocessor joined (a macro call spanning lines).  A
        token produced by a macro expansion maps to the macro argument it came
        from or else to the macro's use.  The column is None when no source
        token matches (or the file cannot be read).
        """
        if not coord.line:
            return coord.file, None, None
        if not coord.column:
            return coord.file, coord.line, None
        source = self._source(coord.file)
        if source is None:
            return coord.file, coord.line, None
        # The preprocessed line holds tokens of the source lines up to the next
        # one that has a preprocessed line of its own (which may begin in the
        # middle of that line, after a macro call spanning lines).
        lines = self._lines_by_file.get(coord.file, [])
        following = bisect.bisect_right(lines, coord.line)
        end = lines[following] + 1 if following < len(lines) else len(source.lines) + 1
        for text in self._preprocessed_lines.get((coord.file, coord.line), ()):
            mapped = _map_token(source, (coord.line, end), text, coord.column - 1)
            if mapped is not None:
                line, index = mapped
                line_text = source.line(line) or ""
                return coord.file, line, display_column(line_text, index)
        return coord.file, coord.line, None

    def end_of_input(self) -> tuple[str, int | None, int | None]:
        """(file, line, display column) just past the last token of the ``.c`` file."""
        source = self._source(self.path)
        if source is None:
            return self.path, None, None
        positions, texts = source.tokens()
        if not positions:
            return self.path, 1, 1
        line, index = positions[-1]
        end = index + len(texts[-1])
        return self.path, line, display_column(source.line(line) or "", end)

    def diagnostic(
        self, coord: CoordLike, message: str, severity: Severity = "error"
    ) -> Diagnostic:
        """A diagnostic at ``coord``'s original position, showing its source line."""
        file, line, col = self.location(coord)
        text = None if line is None else self.source_line(file, line)
        return Diagnostic(severity, message, file, line, col, text)

    def _source(self, file: str) -> _SourceText | None:
        if file not in self._sources:
            self._sources[file] = None if file.startswith("<") else _read_source(file)
        return self._sources[file]


def _map_token(
    source: _SourceText, lines: tuple[int, int], preprocessed: str, index: int
) -> tuple[int, int] | None:
    """Source (line, index) of the character at ``index`` of a preprocessed line.

    ``lines`` is the range [first, end) of source lines the preprocessed line
    came from; the tokens of both are aligned, and a token that comes from a
    macro expansion maps to the start of the macro's use.
    """
    tokens = _line_tokens(preprocessed)
    wanted = next(
        (k for k, (start, text) in enumerate(tokens) if start <= index < start + len(text)),
        None,
    )
    if wanted is None:
        return None
    offset = index - tokens[wanted][0]
    positions, texts = source.tokens()
    first = bisect.bisect_left(positions, (lines[0], 0))
    window = texts[first : bisect.bisect_left(positions, (lines[1], 0))]
    pp_texts = [text for _, text in tokens]
    if window[: wanted + 1] == pp_texts[: wanted + 1]:
        found_line, found_index = positions[first + wanted]
        return found_line, found_index + offset
    matcher = difflib.SequenceMatcher(None, pp_texts, window, autojunk=False)
    for tag, i1, i2, j1, _ in matcher.get_opcodes():
        if i1 <= wanted < i2:
            if tag == "equal":
                found_line, found_index = positions[first + j1 + wanted - i1]
                return found_line, found_index + offset
            if j1 < len(window):
                return positions[first + j1]
            return None
    return None


@dataclass(frozen=True)
class PreprocessedFile:
    """The result of preprocessing one ``.c`` file.

    ``text`` keeps the preprocessor's line markers (pycparser reads them, so
    node coordinates name the original files and lines) and ``#pragma``
    lines.  ``warnings`` are the preprocessor's warnings, in order;
    ``standard`` the C standard (``-std=``) the file was preprocessed for.
    """

    path: str
    text: str
    origins: Origins
    warnings: tuple[Diagnostic, ...]
    standard: str = "gnu17"


def with_unit_target(unit: PreprocessedFile, options: str) -> PreprocessedFile:
    """``unit`` whose functions are all compiled for the GNU ``target``
    ``options`` (:data:`UNIT_TARGET_MARKER`; comma-separated names of
    :data:`~inspire.nodes.TARGET_OPTIONS`), wherever the program it is
    linked into is compiled."""
    if not TARGET_OPTIONS.fullmatch(options):
        raise ValueError(f"malformed target options {options!r}")
    marker = f'\n_Static_assert(1, "{UNIT_TARGET_MARKER}:{options}");\n'
    return replace(unit, text=unit.text.rstrip("\n") + marker)


#: The standards of C90 (``-ansi`` is ``c90``), in which a declaration
#: without a type declares an ``int`` (gcc warns of it only when asked).
C90_STANDARDS = frozenset({"c89", "c90", "gnu89", "gnu90", "iso9899:1990", "iso9899:199409"})


def preprocess(
    path: str | os.PathLike[str],
    include_dirs: Iterable[str | os.PathLike[str]] = (),
    defines: Iterable[str] = (),
    undefines: Iterable[str] = (),
    *,
    cpp: str = "gcc",
    openmp: bool = True,
    standard: str = "gnu17",
    include_options: Iterable[tuple[str, str]] = (),
    optimize: str | None = None,
    target: Iterable[str] = (),
) -> PreprocessedFile:
    """Preprocess the C file ``path`` against the bundled headers (``-``:
    the standard input, named ``<stdin>`` as gcc names it).

    ``include_dirs`` are searched, in order, before the bundled headers (like
    ``-I``).  ``defines`` are ``NAME`` (defined as 1) or ``NAME=VALUE``, each
    exactly as the text after ``-D`` (so ``NAME="text"`` defines a string),
    and ``undefines`` are names; as with GCC options, the defines are applied
    in order, then the undefines.  ``cpp`` is the GCC-compatible driver to
    run.  Without ``openmp`` the file is preprocessed as ``gcc`` does
    without ``-fopenmp``: ``_OPENMP`` is not defined and the ``#pragma
    omp`` lines are dropped (gcc ignores them; blank lines keep the line
    numbers).  ``standard`` is the C standard of the preprocessing, as in
    ``-std=`` (``__STDC_VERSION__``, ``__STRICT_ANSI__``, trigraphs, ``//``
    comments before C99).  ``include_options`` are gcc's other search and
    inclusion options, as (option, value) pairs in command-line order:
    ``-iquote``, ``-isystem`` (searched before the bundled headers),
    ``-idirafter`` (after the C compiler's directories), ``-include`` and
    ``-imacros`` (read before the file, after the bundled builtins).
    ``optimize`` is the level of ``-O`` (None: none given), which defines
    ``__OPTIMIZE__`` (and ``__OPTIMIZE_SIZE__`` for ``-Os``) as in gcc.
    ``target`` are the C compiler's ``-m`` options (``-mavx2``,
    ``-march=native``): the macros of the instruction set they select
    (``__AVX2__`` ...).

    Raises :class:`CompileError` if the file cannot be read, the preprocessor
    reports an error (missing header, ``#error``, bad directive, unsupported
    GNU extension) or cannot be run.
    """
    name = os.fspath(path)
    argv = _preprocessor_argv(
        cpp, name, include_dirs, defines, undefines, openmp, standard, include_options, optimize,
        target,
    )  # fmt: skip
    # -dD: the macro definitions too (the feature-test macros: _scan_line_markers)
    stdout, warnings = _run_preprocessor(cpp, [*argv, "-dD"])
    if name == "-":
        name = "<stdin>"
    text = _with_calls(name, _compiler_header_declarations(stdout))
    if not openmp:
        text = _OMP_PRAGMA_LINE.sub("", text)
    origins = _scan_line_markers(name, text)
    text = _MACRO_DIRECTIVE.sub("", text)  # read by _scan_line_markers; blank lines stay
    text, ignored = _without_attributes(text, origins)
    text, malformed = _without_weak_pragmas(text, origins)
    return PreprocessedFile(name, text, origins, (*warnings, *ignored, *malformed), standard)


def macro_definitions(
    path: str | os.PathLike[str],
    include_dirs: Iterable[str | os.PathLike[str]] = (),
    defines: Iterable[str] = (),
    undefines: Iterable[str] = (),
    *,
    cpp: str = "gcc",
    openmp: bool = True,
    standard: str = "gnu17",
    include_options: Iterable[tuple[str, str]] = (),
    optimize: str | None = None,
    target: Iterable[str] = (),
) -> str:
    """The ``#define`` lines of the macros defined at the end of the C file
    ``path`` preprocessed as :func:`preprocess` does (gcc's ``-E -dM``):
    those of the bundled headers and the predefined ones included."""
    argv = _preprocessor_argv(
        cpp, os.fspath(path), include_dirs, defines, undefines, openmp, standard,
        include_options, optimize, target,
    )  # fmt: skip
    return _run_preprocessor(cpp, [*argv, "-dM"])[0]


def _preprocessor_argv(
    cpp: str,
    name: str,
    include_dirs: Iterable[str | os.PathLike[str]],
    defines: Iterable[str],
    undefines: Iterable[str],
    openmp: bool,
    standard: str,
    include_options: Iterable[tuple[str, str]],
    optimize: str | None,
    target: Iterable[str],
) -> list[str]:
    """The command preprocessing ``name`` as :func:`preprocess` describes,
    without the option that says which macro definitions to write."""
    options = list(include_options)
    unknown = next((o for o, _ in options if o not in INCLUDE_OPTIONS), None)
    if unknown is not None:
        raise ValueError(f"not an include option: {unknown}")
    target = list(target)
    if any(not option.startswith("-m") for option in target):
        raise ValueError(f"not a target option: {target}")
    first = [(o, v) for o, v in options if o in ("-iquote", "-isystem")]
    argv = [cpp, *_predefining(cpp)]
    argv += _preprocessor_options(include_dirs, defines, undefines, openmp, standard, first)
    argv += [f"-O{optimize}"] if optimize is not None else []
    argv += target
    argv += [f"{o}{v}" for o, v in options if o in ("-include", "-imacros")]
    argv += [option for d in _compiler_include_dirs(cpp) for option in ("-idirafter", d)]
    argv += [f"-idirafter{v}" for o, v in options if o == "-idirafter"]
    return [*argv, "-x", "c", f"./{name}" if name.startswith("-") and name != "-" else name]


@functools.cache
def _predefining(cpp: str) -> tuple[str, ...]:
    """``-include`` of the C library's ``<stdc-predef.h>`` (``__STDC_IEC_559__``,
    ``__STDC_ISO_10646__`` ...), which gcc includes before every file: found
    in the C compiler's directories (none if it has none)."""
    for directory in _compiler_include_dirs(cpp):
        path = os.path.join(directory, "stdc-predef.h")
        if os.path.isfile(path):
            return ("-include", path)
    return ()


def _run_preprocessor(cpp: str, argv: list[str]) -> tuple[str, list[Diagnostic]]:
    """The standard output of the preprocessor command ``argv`` (its input
    ``-`` is this process's standard input) and its warnings.  Raises
    :class:`CompileError` with its errors."""
    try:
        result = subprocess.run(argv, capture_output=True, env=_preprocessor_env(), check=False)
    except OSError as exc:
        raise CompileError(
            [error(f"cannot run the C preprocessor '{cpp}': {exc.strerror or exc}")]
        ) from exc
    stderr = result.stderr.decode("utf-8", errors="replace")
    diagnostics = _parse_stderr(stderr)
    if result.returncode != 0 or any(d.severity == "error" for d in diagnostics):
        if not any(d.severity == "error" for d in diagnostics):
            message = stderr.strip() or f"the C preprocessor exited with status {result.returncode}"
            diagnostics.append(error(message))
        raise CompileError(diagnostics)
    return result.stdout.decode("utf-8", errors="surrogateescape"), diagnostics


#: gcc's search and inclusion options besides ``-I`` (see :func:`preprocess`).
INCLUDE_OPTIONS = ("-iquote", "-isystem", "-idirafter", "-include", "-imacros")


def _preprocessor_env() -> dict[str, str]:
    """The environment of the preprocessor: without the variables that add
    include directories, with untranslated messages."""
    env = {key: value for key, value in os.environ.items() if key not in _INCLUDE_ENV}
    env["LC_ALL"] = "C"
    return env


@functools.cache
def _compiler_include_dirs(cpp: str) -> tuple[str, ...]:
    """The system include directories of the C compiler driver ``cpp``, in its
    search order (what ``cpp -E -v`` lists; none if it cannot be run).  They
    are searched after the bundled headers, for the headers those do not
    replace: a library's (``<zlib.h>``), the C library's less common ones
    (``<sys/queue.h>``, ``<syslog.h>``)."""
    argv = [cpp, "-E", "-Wp,-v", "-x", "c", os.devnull]
    try:
        result = subprocess.run(argv, capture_output=True, env=_preprocessor_env(), check=False)
    except OSError:
        return ()
    lines = result.stderr.decode("utf-8", errors="replace").splitlines()
    start = "#include <...> search starts here:"
    if start not in lines or "End of search list." not in lines:
        return ()
    listed = lines[lines.index(start) + 1 : lines.index("End of search list.")]
    return tuple(line.strip() for line in listed if line.startswith(" "))


def _with_calls(path: str, text: str) -> str:
    """``text`` with its imaginary constants (:func:`_imaginary_constants`) and
    ``asm`` statements (:func:`frontend.asm.rewrite`) rewritten into calls the
    parser reads.  Done before the line markers are read, so positions in the
    rewritten text map to the source through the tokens the two share."""

    def rewritten(text: str, rewrite) -> str:
        def error_at(offset: int, message: str) -> CompileError:
            start = text.rfind("\n", 0, offset) + 1
            end = text.find("\n", offset)
            line = text[start : end if end >= 0 else len(text)]
            origins = _scan_line_markers(path, text)
            return CompileError([_text_diagnostic(text, offset, line, origins, message)])

        return rewrite(text, _code_tokens(text, []), error_at)

    if _IMAGINARY_HINT.search(text):
        text = rewritten(text, _imaginary_constants)
    if _ASM.search(text):
        text = rewritten(text, asm.rewrite)
    return text


def _imaginary_constants(text: str, tokens: list[tuple[int, str]], error_at) -> str:
    """``text`` with each GNU imaginary constant (``2.5i``, ``1e3fj``) written as
    ``__builtin_complex(0.0, 2.5)`` (of its real type, as gcc types it); an
    integer one (``2i``, ``3uli``: a complex integer) as
    ``__inspire_imaginary(3ul)`` (of the integer constant's type)."""
    edits = []
    for offset, token in tokens:
        match = _IMAGINARY.fullmatch(token)
        if match is None:
            continue
        number, suffix = match["number"], match["suffix"].lower().replace("i", "").replace("j", "")
        hexadecimal = number[:2].lower() == "0x"
        if not (("p" in number.lower()) if hexadecimal else any(c in number for c in ".eE")):
            replacement = f"__inspire_imaginary({number}{suffix})"
        elif suffix not in ("", "f", "l"):
            continue  # not a floating constant: the parser reports it
        else:
            zero = "0.0" + {"": "", "f": "f", "l": "L"}[suffix]
            replacement = f"__builtin_complex({zero}, {number}{suffix})"
        edits.append((offset, offset + len(token), replacement))
    for begin, end, replacement in reversed(edits):
        text = text[:begin] + replacement + text[end:]
    return text


#: ``#pragma weak NAME`` or ``#pragma weak NAME = TARGET``, a line of the preprocessed text.
_WEAK_PRAGMA = re.compile(
    r"^[ \t]*#[ \t]*pragma[ \t]+weak\b[ \t]*(?P<name>[^\s=]*)[ \t]*(?P<alias>=.*)?$", re.M
)


def _without_weak_pragmas(text: str, origins: Origins) -> tuple[str, list[Diagnostic]]:
    """``text`` with each ``#pragma weak NAME`` replaced by the marker of
    :data:`WEAK_MARKER` (as GNU ``weak`` on ``NAME``'s declaration), and
    ``#pragma weak NAME = TARGET`` also by that of :data:`ALIAS_MARKER`;
    gcc's warning for one whose names are no identifiers (it is ignored)."""
    if "weak" not in text:
        return text, []
    edits, warnings = [], []
    positions = TextPositions(text)
    for found in _WEAK_PRAGMA.finditer(text):
        name, alias = found.group("name"), found.group("alias")
        target = None if alias is None else alias[1:].strip()
        markers = ""
        if not _IDENTIFIER.match(name) or (target is not None and not _IDENTIFIER.match(target)):
            file, number, _ = positions.position(found.start())  # the line, as in the source
            source = origins.source_line(file, number)
            column = None if source is None else display_column(source, source.find("pragma"))
            message = "malformed '#pragma weak', ignored"
            found_at = Diagnostic("warning", message, file, number, column, source)
            warnings.append(replace(found_at, option="pragmas"))
        else:
            markers = f'_Static_assert(1, "{WEAK_MARKER}:{name}");'
        if target is not None and markers:
            markers += f' _Static_assert(1, "{ALIAS_MARKER}:{name}:{target}");'
        edits.append((found.start(), found.end(), markers))
    for begin, end, replacement in reversed(edits):
        text = text[:begin] + replacement + text[end:]
    return text, warnings


def _without_attributes(text: str, origins: Origins) -> tuple[str, list[Diagnostic]]:
    """``text`` with every GNU attribute specifier replaced by spaces (so every
    other token keeps its line and column), and the layout attributes the IR
    keeps rewritten into C the parser reads (:func:`_place_layout`); and the
    warnings for the layout attributes gcc ignores.

    GNU ``may_alias`` (on a type: its lvalues may access any object) is
    dropped, and the marker of :data:`MAY_ALIAS_MARKER` ends the unit.

    Raises :class:`CompileError` for any other attribute in
    :data:`KEPT_ATTRIBUTES`, and for a layout attribute elsewhere, at its
    position in the original source.
    """
    if "__attribute" not in text:
        return text, []
    attributes = _find_attributes(text)
    out = list(text)
    for a in attributes:
        for i in range(a.start, a.end):
            if out[i] != "\n":
                out[i] = " "
    may_alias = any(name.strip("_") == "may_alias" for a in attributes for name, _ in a.items)
    kept = [a for a in attributes if any(_kept(name) for name, _ in a.items)]
    if not kept and not may_alias:
        return "".join(out), []
    tokens = _code_tokens(text, attributes)
    inserts: dict[int, list[str]] = {}
    if may_alias:
        marker = f' _Static_assert(1, "{MAY_ALIAS_MARKER}");'
        inserts.setdefault(_unit_end(tokens), []).append(marker)
    found = [  # the warnings: an attribute ignored, gcc's -Wattributes
        _text_diagnostic(text, a.start, a.line, origins, message, severity)
        for a in kept
        for severity, message in _place_layout(a, tokens, inserts)
    ]
    found = [replace(d, option="attributes") if d.severity == "warning" else d for d in found]
    if any(d.severity == "error" for d in found):
        raise CompileError(found)
    for offset in sorted(inserts, reverse=True):
        out[offset:offset] = list("".join(inserts[offset]))
    return "".join(out), found


#: The layout attributes the IR keeps (``StructDecl.packed``/``align``, ``Field.align``).
_LAYOUT_ATTRIBUTES = ("aligned", "packed")
#: How a record's layout attributes reach the parser: a ``_Static_assert`` first
#: in its body whose message is one of these (``frontend.symbols`` reads them).
PACKED_MARKER = "__inspirec_packed"
ALIGNED_MARKER = "__inspirec_aligned"
#: How GNU ``aligned`` on a typedef name reaches the lowering: the marker
#: ``_Static_assert(N, "MARKER:name")`` after the typedef's declaration
#: (``frontend.symbols.typedef_attribute`` reads it).
TYPEDEF_ALIGNED_MARKER = "__inspirec_typedef_aligned"
#: How GNU ``constructor`` on a function reaches the lowering: the marker
#: ``_Static_assert(priority, "MARKER:name")`` at the end of the unit
#: (``frontend.lower`` calls the constructors first in ``main``).
CONSTRUCTOR_MARKER = "__inspirec_constructor"
#: How GNU ``destructor`` on a function reaches the lowering: as
#: :data:`CONSTRUCTOR_MARKER` (``frontend.lower`` has ``main`` register the
#: destructors with ``atexit`` first).
DESTRUCTOR_MARKER = "__inspirec_destructor"
#: How GNU ``cleanup(f)`` on a variable reaches the parser: the marker
#: ``_Static_assert(1, "MARKER:name:f")`` after its declaration
#: (:mod:`frontend.cleanup` calls ``f(&name)`` wherever its scope ends).
CLEANUP_MARKER = "__inspirec_cleanup"
#: How GNU ``weak`` on a function or variable, and ``#pragma weak NAME``,
#: reach the lowering: the file-scope marker ``_Static_assert(1,
#: "MARKER:name")`` before the declaration (``frontend.lower``: a definition
#: of the name in that file gives way to another file's, and the name is
#: weak where the program does not define it).
WEAK_MARKER = "__inspirec_weak"
#: How GNU ``alias("target")`` on a function or variable (and ``#pragma weak
#: name = target``) reaches the lowering: the file-scope marker
#: ``_Static_assert(1, "MARKER:name:target")`` (``frontend.lower``, once the
#: file is collected: the name is another name of the target, unless it is
#: weak and another file defines it).
ALIAS_MARKER = "__inspirec_alias"
#: How GNU ``section("name")`` on a file-scope or static local variable
#: reaches the lowering: the marker ``_Static_assert(1,
#: "MARKER:variable:name")`` after its declaration (``GlobalDecl.section``).
SECTION_MARKER = "__inspirec_section"
#: The attributes of :data:`KEPT_ATTRIBUTES` besides the layout ones that
#: are rewritten into markers (where they are supported).
_MARKED_ATTRIBUTES = (
    "mode",
    "vector_size",
    "target",
    "constructor",
    "destructor",
    "cleanup",
    "weak",
    "alias",
    "section",
)
#: How GNU ``target("...")`` on a function reaches the lowering: the marker
#: ``_Static_assert(1, "MARKER:name:options")`` at the end of the unit
#: (``Lambda.target``: the emitted C gives the function the attribute).
TARGET_MARKER = "__inspirec_target"
#: How the instruction set of a unit compiled on its own (``inspirec-cc -c
#: -msse4.1``) reaches the lowering of the program it is linked into: the
#: marker ``_Static_assert(1, "MARKER:options")`` at the end of the unit
#: (:func:`with_unit_target`): every function the unit defines gets them
#: as its GNU ``target`` options.
UNIT_TARGET_MARKER = "__inspirec_unit_target"
#: The priority of a constructor without one (runs after those with one).
_DEFAULT_PRIORITY = 65535
#: How GNU ``mode`` on a typedef name reaches the lowering: the marker
#: ``_Static_assert(1, "MARKER:name:mode")`` after the typedef's declaration
#: (``frontend.symbols.typedef_attribute`` reads it).
TYPEDEF_MODE_MARKER = "__inspirec_typedef_mode"
#: How GNU ``vector_size(N)`` on a typedef name reaches the lowering: the
#: marker ``_Static_assert(N, "MARKER:name")`` after the typedef's
#: declaration (``frontend.symbols.typedef_attribute`` reads it).
TYPEDEF_VECTOR_MARKER = "__inspirec_typedef_vector"
#: The machine modes of GNU ``mode`` (without underscores): (kind, bytes).
MACHINE_MODES = {
    "QI": ("int", 1), "HI": ("int", 2), "SI": ("int", 4), "DI": ("int", 8), "TI": ("int", 16),
    "byte": ("int", 1), "word": ("int", 8), "pointer": ("int", 8),
    "SF": ("real", 4), "DF": ("real", 8), "XF": ("real", 16),
}  # fmt: skip
#: How GNU ``aligned`` after one declarator of a declaration with several
#: reaches the parser: the marker ``_Static_assert(N, "MARKER:name")`` after
#: the declaration (``frontend.cparse`` gives the declarator ``_Alignas(N)``).
OBJECT_ALIGNED_MARKER = "__inspirec_declarator_aligned"
#: How GNU ``packed`` on a member reaches the parser: the marker
#: ``_Static_assert(1, "MARKER")`` before the member's declaration in the
#: record's body (``frontend.symbols`` reads it).
PACKED_MEMBER_MARKER = "__inspirec_packed_member"
#: How GNU ``packed`` on an enumeration reaches the parser: a last enumerator
#: ``MARKER<n> = 0`` (``frontend.symbols`` reads it and declares no such name).
PACKED_ENUM_MARKER = "__inspirec_packed_enum"
#: How GNU ``may_alias`` reaches the lowering: the file-scope marker
#: ``_Static_assert(1, "MARKER")`` at the end of the unit (as
#: :data:`CONSTRUCTOR_MARKER`'s); the program's C is
#: then compiled without strict aliasing (``Program.may_alias``), as the
#: accesses through such a type may alias any object.
MAY_ALIAS_MARKER = "__inspirec_may_alias"
#: GCC's ``aligned`` without an argument: the largest alignment on x86-64.
_LARGEST_ALIGNMENT = "16"


def _kept(name: str) -> bool:
    return name.strip("_") in KEPT_ATTRIBUTES


@dataclass(frozen=True)
class _Attribute:
    """One ``__attribute__((...))`` of the preprocessed text: its span, its
    attributes (name, argument text or ``None``) and the line it starts on."""

    start: int
    end: int
    items: tuple[tuple[str, str | None], ...]
    line: str

    def named(self, *names: str) -> list[tuple[str, str | None]]:
        """The attributes among ``items`` that are one of ``names`` (spelled
        with or without the surrounding underscores), in order."""
        return [(name, args) for name, args in self.items if name.strip("_") in names]


def _string_argument(args: str | None) -> str | None:
    """The contents of an attribute's argument that is one string literal
    (``section("name")``, ``alias("target")``); None if it is not one."""
    text = (args or "").strip()
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else None


def _find_attributes(text: str) -> list[_Attribute]:
    found = []
    for match in _ATTRIBUTE.finditer(text):
        start = match.start()
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", start)
        line = text[line_start : line_end if line_end >= 0 else len(text)]
        if (start - line_start, match.group()) not in _line_tokens(line):
            continue  # inside a string literal
        end, items = _attribute_span(text, match.end())
        found.append(_Attribute(start, end, tuple(items), line))
    return found


def _code_tokens(text: str, attributes: list[_Attribute]) -> list[tuple[int, str]]:
    """(offset, token) of the C tokens of ``text``, without line markers,
    directives and the attributes."""
    spans = [(a.start, a.end) for a in attributes]
    tokens = []
    offset = 0
    for line in text.split("\n"):
        if not line.startswith("#"):
            for i, token in _line_tokens(line):
                at = offset + i
                k = bisect.bisect_right(spans, (at, len(text))) - 1
                if k < 0 or not spans[k][0] <= at < spans[k][1]:
                    tokens.append((at, token))
        offset += len(line) + 1
    return tokens


def _place_layout(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite the layout attributes of ``a`` into ``inserts`` (offset -> text);
    the problems and the warnings, as (severity, message).

    Supported:

    * ``packed``/``aligned`` on a struct or union definition (after the
      ``struct``/``union`` keyword or after the closing brace) become marker
      ``_Static_assert``s first in its body;
    * ``packed`` on an enumeration's definition becomes the enumerator
      :data:`PACKED_ENUM_MARKER` last in its list;
    * ``aligned`` before a member's declarator (before or among its
      specifiers) becomes ``_Alignas`` before the declaration;
    * after the name of a member (the only declarator of its declaration),
      ``aligned`` becomes ``_Alignas`` before the member's declaration and
      ``packed`` the marker of :data:`PACKED_MEMBER_MARKER` there;
    * ``aligned`` on an object's declaration becomes ``_Alignas`` at its
      start; after one declarator of a declaration (object or member) with
      several, the marker of :data:`OBJECT_ALIGNED_MARKER` after it; on a
      typedef (after its name, or among its specifiers when it has one
      declarator) the marker ``_Static_assert`` of
      :data:`TYPEDEF_ALIGNED_MARKER` after the declaration; on a function it
      is dropped (its code's alignment: nothing the program observes);
    * ``packed`` anywhere else outside a record's body is gcc's warning: it
      is ignored.
    """
    problems: list[tuple[Severity, str]] = [
        (
            "error",
            f"__attribute__(({name})) is not supported by inspirec "
            f"(dropping it would change {KEPT_ATTRIBUTES[name.strip('_')]})",
        )
        for name, _ in a.items
        if _kept(name) and name.strip("_") not in (*_LAYOUT_ATTRIBUTES, *_MARKED_ATTRIBUTES)
    ]
    problems += _place_mode(a, tokens, inserts)
    problems += _place_vector_size(a, tokens, inserts)
    problems += _place_constructor(a, tokens, inserts)
    problems += _place_target(a, tokens, inserts)
    problems += _place_cleanup(a, tokens, inserts)
    problems += _place_weak(a, tokens, inserts)
    problems += _place_alias(a, tokens, inserts)
    problems += _place_section(a, tokens, inserts)
    layout = a.named(*_LAYOUT_ATTRIBUTES)
    if not layout:
        return problems
    following = bisect.bisect_left(tokens, (a.end, ""))
    prev = tokens[following - 1][1] if following > 0 else ""
    after = tokens[following][1] if following < len(tokens) else ""
    body = _body_of(tokens, following, ("struct", "union"))
    enum_body = _body_of(tokens, following, ("enum",))
    if enum_body is not None:
        close = _matching_close(tokens, enum_body)
        for name, _ in layout:
            if name.strip("_") == "aligned" or close is None:
                problems.append(
                    ("error", f"__attribute__(({name})) on an enum is not supported by inspirec")
                )
                continue
            comma = "" if tokens[close - 1][1] in (",", "{") else ","
            marker = f"{comma} {PACKED_ENUM_MARKER}{a.start} = 0 "
            inserts.setdefault(tokens[close][0], []).append(marker)
        return problems
    if body is not None:
        at = tokens[body][0] + 1
        for name, args in layout:
            if name.strip("_") == "packed":
                inserts.setdefault(at, []).append(f' _Static_assert(1, "{PACKED_MARKER}");')
            else:
                value = args if args is not None else _LARGEST_ALIGNMENT
                inserts.setdefault(at, []).append(f' _Static_assert({value}, "{ALIGNED_MARKER}");')
        return problems
    after_declarator = bool(_IDENTIFIER.match(prev)) or prev == "]"
    in_record = _in_record_body(tokens, following)
    begin = _member_begin(tokens, following) if in_record else _object_start(tokens, following)
    member = None  # the start of the member declaration the attribute ends the only declarator of
    if in_record and begin is not None and after in (";", ",", ":"):
        member = None if _declaration_end(tokens, begin, following)[1] else begin
    if member is not None and any(token == ":" for _, token in tokens[member : following + 1]):
        names = ", ".join(name for name, _ in layout)
        return [
            *problems,
            ("error", f"__attribute__(({names})) on a bit-field is not supported by inspirec"),
        ]
    several = None if begin is None else _one_of_several(tokens, following, begin)
    if several is not None:
        declarator, end = several
        for name, args in layout:
            value = args if args is not None else _LARGEST_ALIGNMENT
            if name.strip("_") == "aligned":
                marker = f' _Static_assert({value}, "{OBJECT_ALIGNED_MARKER}:{declarator}");'
                inserts.setdefault(tokens[end][0] + 1, []).append(marker)
            elif in_record:
                message = f"__attribute__(({name})) on one of several members declared together"
                problems.append(("error", f"{message} is not supported by inspirec"))
            else:
                problems.append(("warning", f"'{name}' attribute ignored"))
        return problems
    # before a member's specifiers or among them (after its type, before its
    # declarators): on every member the declaration declares, as in gcc
    leading = (
        in_record
        and begin is not None
        and all(_IDENTIFIER.fullmatch(token) for _, token in tokens[begin:following])
    )
    if leading and all(name.strip("_") == "aligned" for name, _ in layout):
        end, _ = _declaration_end(tokens, begin)
        if any(token == ":" for _, token in tokens[begin : end or len(tokens)]):
            names = ", ".join(name for name, _ in layout)
            return [
                *problems,
                ("error", f"__attribute__(({names})) on a bit-field is not supported by inspirec"),
            ]
        for _, args in layout:  # as _Alignas
            value = args if args is not None else _LARGEST_ALIGNMENT
            inserts.setdefault(tokens[begin][0], []).append(f"_Alignas({value}) ")
        return problems
    if member is not None and after_declarator:
        for name, args in layout:
            if name.strip("_") == "packed":
                marker = f'_Static_assert(1, "{PACKED_MEMBER_MARKER}"); '
            else:
                marker = f"_Alignas({args if args is not None else _LARGEST_ALIGNMENT}) "
            inserts.setdefault(tokens[member][0], []).append(marker)
        return problems
    start = None if in_record else begin  # of the objects' declaration
    end = _typedef_end(tokens, following) if start is None and member is None else None
    named = None  # the name of the typedef whose declaration the attribute is in
    if end is not None and after_declarator:
        named = _typedef_name(tokens, following, end)
    function = member is None and _declared_function(tokens, following) is not None
    unsupported = []
    for name, args in layout:
        packed = name.strip("_") == "packed"
        value = (args if args is not None else _LARGEST_ALIGNMENT).strip()
        if function and not packed:
            continue  # a function's code alignment: nothing the program observes
        if packed and not in_record:
            problems.append(("warning", f"'{name}' attribute ignored"))
        elif packed:
            unsupported.append(name)
        elif start is not None and (start == following or after_declarator):
            inserts.setdefault(tokens[start][0], []).append(f"_Alignas({value}) ")
        elif named is not None:
            if value.isdigit() and (int(value) == 0 or int(value) & (int(value) - 1)):
                # here, not at the marker after the declaration, which has no column
                message = f"requested alignment '{value}' is not a positive power of 2"
                problems.append(("error", message))
                continue
            marker = f' _Static_assert({value}, "{TYPEDEF_ALIGNED_MARKER}:{named}");'
            inserts.setdefault(tokens[end][0] + 1, []).append(marker)
        else:
            unsupported.append(name)
    if unsupported:
        where = (
            "here (only on a struct or union definition, a member, a variable, a function "
            "and a typedef name)"
        )
        message = f"__attribute__(({', '.join(unsupported)})) is not supported by inspirec {where}"
        problems.append(("error", message))
    return problems


def _place_mode(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite GNU ``mode(M)`` of ``a`` on a typedef name (``typedef int
    T __attribute__((mode(DI)))``) into the marker ``_Static_assert`` of
    :data:`TYPEDEF_MODE_MARKER` after the typedef's declaration; a problem
    for ``mode`` anywhere else."""
    modes = a.named("mode")
    if not modes:
        return []
    end, named = _attributed_typedef(a, tokens)
    problems: list[tuple[Severity, str]] = []
    for name, args in modes:
        mode = (args or "").strip().strip("_")
        written = f"__attribute__(({name}({(args or '').strip()})))"
        if named is None or end is None:
            problems.append(("error", f"{written} is supported by inspirec only on a typedef name"))
        elif mode not in MACHINE_MODES:
            problems.append(("error", f"{written} is not supported by inspirec"))
        else:
            marker = f' _Static_assert(1, "{TYPEDEF_MODE_MARKER}:{named}:{mode}");'
            inserts.setdefault(tokens[end][0] + 1, []).append(marker)
    return problems


def _place_vector_size(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite GNU ``vector_size(N)`` of ``a`` on a typedef name (``typedef
    int v4si __attribute__((vector_size(16)))``) into the marker
    ``_Static_assert`` of :data:`TYPEDEF_VECTOR_MARKER` after the typedef's
    declaration; a problem for ``vector_size`` anywhere else."""
    found = a.named("vector_size")
    if not found:
        return []
    end, named = _attributed_typedef(a, tokens)
    problems: list[tuple[Severity, str]] = []
    for name, args in found:
        written = f"__attribute__(({name}({(args or '').strip()})))"
        if named is None or end is None or not (args or "").strip():
            message = f"{written} is supported by inspirec only on a typedef name"
            problems.append(("error", message))
        else:
            marker = f' _Static_assert({args.strip()}, "{TYPEDEF_VECTOR_MARKER}:{named}");'
            inserts.setdefault(tokens[end][0] + 1, []).append(marker)
    return problems


def _attributed_typedef(
    a: _Attribute, tokens: list[tuple[int, str]]
) -> tuple[int | None, str | None]:
    """The index of the ``;`` ending the typedef declaration ``a`` is in and
    the typedef name it is on (None, None: in no typedef; a None name: in
    one of several names)."""
    following = bisect.bisect_left(tokens, (a.end, ""))
    end = _typedef_end(tokens, following)
    return end, None if end is None else _typedef_name(tokens, following, end)


def _typedef_name(tokens: list[tuple[int, str]], following: int, end: int) -> str | None:
    """The name an attribute before ``tokens[following]`` in the typedef
    declaration ending at ``tokens[end]`` is on: the declarator it follows,
    or the declaration's only one (None if it has several)."""
    after = tokens[following][1] if following < len(tokens) else ""
    if after in (";", ","):
        return tokens[following - 1][1] if following > 0 else None
    return _only_declarator_name(tokens, following, end)


def _place_target(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite GNU ``target("options", ...)`` of ``a`` on a file-scope
    function into the marker ``_Static_assert(1, "MARKER:name:options")`` of
    :data:`TARGET_MARKER` at the end of the unit; gcc's warning (ignored)
    on anything else, its error for an argument that is no string, a
    problem for a string that names no options."""
    found = a.named("target")
    if not found:
        return []
    following = bisect.bisect_left(tokens, (a.end, ""))
    function = _declared_function(tokens, following)
    problems: list[tuple[Severity, str]] = []
    for name, args in found:
        written = f"__attribute__(({name}({(args or '').strip()})))"
        strings = re.fullmatch(r'\s*"[^"\\]*"(?:\s*,\s*"[^"\\]*")*\s*', args or "")
        joined = ",".join(re.findall(r'"([^"\\]*)"', args or ""))
        if function is None:
            problems.append(("warning", f"'{name}' attribute ignored"))
        elif strings is None:
            problems.append(("error", f"attribute '{name.strip('_')}' argument is not a string"))
        elif not TARGET_OPTIONS.fullmatch(joined) or not _at_file_scope(tokens, following - 1):
            problems.append(("error", f"{written} is not supported by inspirec"))
        else:
            inserts.setdefault(_unit_end(tokens), []).append(
                f' _Static_assert(1, "{TARGET_MARKER}:{function}:{joined}");'
            )
    return problems


def _place_constructor(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite GNU ``constructor[(priority)]`` and ``destructor[(priority)]``
    of ``a`` on a function into the marker ``_Static_assert(priority,
    "MARKER:name")`` of :data:`CONSTRUCTOR_MARKER` or
    :data:`DESTRUCTOR_MARKER` at the end of the unit; a problem for them
    anywhere else."""
    found = a.named("constructor", "destructor")
    if not found:
        return []
    following = bisect.bisect_left(tokens, (a.end, ""))
    function = _declared_function(tokens, following)
    problems: list[tuple[Severity, str]] = []
    for name, args in found:
        kind = name.strip("_")
        priority = (args or str(_DEFAULT_PRIORITY)).strip()
        if function is None:
            problems.append(("warning", f"'{name}' attribute ignored"))
        elif not priority.isdigit() or int(priority) > _DEFAULT_PRIORITY:
            problems.append(("error", f"{kind} priorities must be integers from 0 to 65535"))
        else:
            marker = CONSTRUCTOR_MARKER if kind == "constructor" else DESTRUCTOR_MARKER
            inserts.setdefault(_unit_end(tokens), []).append(
                f' _Static_assert({int(priority)}, "{marker}:{function}");'
            )
    return problems


def _unit_end(tokens: list[tuple[int, str]]) -> int:
    """The offset after the unit's last token, where the markers the
    lowering reads once the unit is collected go (on its line: they have
    that position)."""
    return tokens[-1][0] + len(tokens[-1][1]) if tokens else 0


def _place_cleanup(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite GNU ``cleanup(function)`` of ``a`` on a variable's declaration
    into the marker ``_Static_assert(1, "MARKER:name:function")`` of
    :data:`CLEANUP_MARKER` after the declaration (:mod:`frontend.cleanup`
    reads it: at file scope, or on a ``static`` or ``extern`` variable, it
    is gcc's warning); on a parameter, a member or a typedef, gcc's warning
    that it is ignored; a problem for it anywhere else."""
    found = a.named("cleanup")
    if not found:
        return []
    following = bisect.bisect_left(tokens, (a.end, ""))
    symbol = None
    if _declared_function(tokens, following) is None:  # on a function: ignored
        symbol = _declared_symbol(tokens, following)
    problems: list[tuple[Severity, str]] = []
    for name, args in found:
        function = (args or "").strip()
        if not _IDENTIFIER.match(function):
            problems.append(("error", "cleanup argument not an identifier"))
            continue
        if symbol is None:
            if _in_for_header(tokens, following):
                message = f"__attribute__(({name})) in a for loop's declaration"
                problems.append(("error", f"{message} is not supported by inspirec"))
            else:
                problems.append(("warning", f"'{name}' attribute ignored"))
            continue
        begin, declared = symbol
        end, _ = _declaration_end(tokens, begin)
        if end is None or declared is None:
            where = "here (only after a variable's name, or on a declaration of one variable)"
            message = f"__attribute__(({name})) is not supported by inspirec {where}"
            problems.append(("error", message))
            continue
        marker = f' _Static_assert(1, "{CLEANUP_MARKER}:{declared}:{function}");'
        inserts.setdefault(tokens[end][0] + 1, []).append(marker)
    return problems


def _place_weak(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite GNU ``weak`` of ``a`` on a file-scope declaration or
    definition of a function or variable into the marker of
    :data:`WEAK_MARKER` before the declaration; gcc's error on a ``static``
    one or a block's variable, gcc's warning (ignored) on a parameter, a
    member or a typedef; a problem for it anywhere else."""
    found = [name for name, _ in a.named("weak")]
    if not found:
        return []
    following = bisect.bisect_left(tokens, (a.end, ""))
    symbol = _declared_symbol(tokens, following)
    if symbol is None:
        return [("warning", f"'{name}' attribute ignored") for name in found]
    start, declared = symbol
    if declared is None:
        where = "here (only on the declaration of one function or variable)"
        return [("error", f"__attribute__(({name})) is not supported by inspirec {where}")
                for name in found]  # fmt: skip
    words = {token for _, token in tokens[start:following]}
    in_block = not _at_file_scope(tokens, start - 1)
    if "static" in words or (in_block and "extern" not in words):
        return [("error", f"weak declaration of '{declared}' must be public")]
    if in_block:
        message = "__attribute__((weak)) on a block's declaration is not supported by inspirec"
        return [("error", message)]
    marker = f'_Static_assert(1, "{WEAK_MARKER}:{declared}"); '
    inserts.setdefault(tokens[start][0] if start < len(tokens) else a.start, []).append(marker)
    return []


def _place_alias(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite GNU ``alias("target")`` of ``a`` on a file-scope declaration
    of a function or variable into the marker of :data:`ALIAS_MARKER` at
    the end of the unit; gcc's error for an argument that is no string; a
    problem for it anywhere else."""
    found = a.named("alias")
    if not found:
        return []
    symbol = _declared_symbol(tokens, bisect.bisect_left(tokens, (a.end, "")))
    declared = None
    if symbol is not None and _at_file_scope(tokens, symbol[0] - 1):
        declared = symbol[1]
    problems: list[tuple[Severity, str]] = []
    for name, args in found:
        target = _string_argument(args)
        if target is None:
            problems.append(("error", "alias argument not a string"))
        elif declared is None:
            where = "here (only on the file-scope declaration of one function or variable)"
            message = f"__attribute__(({name})) is not supported by inspirec {where}"
            problems.append(("error", message))
        else:
            marker = f' _Static_assert(1, "{ALIAS_MARKER}:{declared}:{target}");'
            inserts.setdefault(_unit_end(tokens), []).append(marker)
    return problems


def _place_section(
    a: _Attribute, tokens: list[tuple[int, str]], inserts: dict[int, list[str]]
) -> list[tuple[Severity, str]]:
    """Rewrite GNU ``section("name")`` of ``a`` on a file-scope or static
    local variable into the marker of :data:`SECTION_MARKER` after its
    declaration; gcc's errors for an argument that is no string and for an
    automatic variable; a problem for it anywhere else (a function's code, a
    parameter)."""
    found = a.named("section")
    if not found:
        return []
    following = bisect.bisect_left(tokens, (a.end, ""))
    symbol = _declared_symbol(tokens, following)
    problems: list[tuple[Severity, str]] = []
    for name, args in found:
        placed = _string_argument(args)
        where = None
        if placed is None:
            problems.append(("error", "section attribute argument not a string constant"))
            continue
        if symbol is None or symbol[1] is None or _declared_function(tokens, following):
            where = "here (only on the declaration of one variable, static if in a block)"
        elif not SECTION_NAME.fullmatch(placed):
            where = "with this section name (only letters, digits, _, . and $)"
        elif not _at_file_scope(tokens, symbol[0] - 1):
            words = {token for _, token in tokens[symbol[0] : following]}
            if not {"static", "extern"} & words:
                message = "section attribute cannot be specified for local variables"
                problems.append(("error", message))
                continue
            if "extern" in words:
                where = "on a block's extern declaration"
        if where is not None:
            message = f"__attribute__(({name})) is not supported by inspirec {where}"
            problems.append(("error", message))
            continue
        end, _ = _declaration_end(tokens, symbol[0])
        if end is None:
            problems.append(("error", f"__attribute__(({name})) is not supported by inspirec here"))
            continue
        marker = f' _Static_assert(1, "{SECTION_MARKER}:{symbol[1]}:{placed}");'
        inserts.setdefault(tokens[end][0] + 1, []).append(marker)
    return problems


def _declared_symbol(
    tokens: list[tuple[int, str]], following: int
) -> tuple[int, str | None] | None:
    """The first token of the declaration or definition of a function or
    variable that an attribute before ``tokens[following]`` is in, and the
    name it declares (the function's, the declarator's the attribute
    follows, or the declaration's only one; None if it declares several);
    None if the attribute is elsewhere (a parameter, a member, a typedef)."""
    function = _declared_function(tokens, following)
    start = _object_start(tokens, following)
    if start is None and function is not None:  # a function's definition
        k: int | None = following - 1
        while k is not None and k >= 0 and tokens[k][1] not in (";", "{", "}"):
            k = _before_group(tokens, k) if tokens[k][1] in (")", "]") else k - 1
        start = None if k is None else k + 1
    if start is None or function is not None:
        return None if start is None else (start, function)
    end, several = _declaration_end(tokens, start)
    prev = tokens[following - 1][1] if following > 0 else ""
    after = tokens[following][1] if following < len(tokens) else ""
    if _IDENTIFIER.match(prev) and prev not in _TYPE_WORDS and after in (";", ",", "="):
        return start, prev
    if end is None or several:
        return start, None
    return start, _only_declarator_name(tokens, start, end)


def _at_file_scope(tokens: list[tuple[int, str]], k: int) -> bool:
    """Whether ``tokens[k]`` is outside every block (in no function's body)."""
    while k >= 0:
        token = tokens[k][1]
        if token in _CLOSING:
            opened = _before_group(tokens, k)
            if opened is None:
                return False
            k = opened
        elif token == "{":
            return False
        else:
            k -= 1
    return True


def _in_for_header(tokens: list[tuple[int, str]], following: int) -> bool:
    """Whether an attribute before ``tokens[following]`` is in the
    parenthesized header of a ``for`` statement (its declaration)."""
    k: int | None = following - 1
    while k is not None and k >= 0 and tokens[k][1] not in (";", "{", "}", "("):
        k = _before_group(tokens, k) if tokens[k][1] in (")", "]") else k - 1
    return k is not None and k > 0 and tokens[k][1] == "(" and tokens[k - 1][1] == "for"


def _body_of(tokens: list[tuple[int, str]], following: int, tags: tuple[str, ...]) -> int | None:
    """The index of the ``{`` of the body of the definition (of a struct,
    union or enum: ``tags``) that an attribute before ``tokens[following]``
    is on: after the keyword (and the tag) or after the closing brace."""
    prev = tokens[following - 1][1] if following > 0 else ""
    if prev in tags:
        named = following < len(tokens) and _IDENTIFIER.match(tokens[following][1])
        body = following + (1 if named else 0)
        return body if body < len(tokens) and tokens[body][1] == "{" else None
    if prev == "}":
        body = _matching_open(tokens, following - 1)
        return body if body is not None and _opens_record(tokens, body, tags) else None
    return None


def _member_begin(tokens: list[tuple[int, str]], following: int) -> int | None:
    """The first token of the member declaration, directly in a record's
    body, that an attribute before ``tokens[following]`` is in."""
    k: int | None = following - 1
    while k is not None and k >= 0 and tokens[k][1] not in (";", "{"):
        k = _before_group(tokens, k) if tokens[k][1] in _CLOSING else k - 1
    return None if k is None else k + 1


def _one_of_several(
    tokens: list[tuple[int, str]], following: int, begin: int
) -> tuple[str, int] | None:
    """When an attribute before ``tokens[following]`` follows the name (or
    the array extents) of one declarator of a declaration that starts at
    ``tokens[begin]`` and has several: that name and the index of the
    declaration's ``;`` (the attribute is that declarator's alone)."""
    if following >= len(tokens) or tokens[following][1] not in (",", ";", "="):
        return None
    k: int | None = following - 1
    while k is not None and k >= begin and tokens[k][1] == "]":
        k = _before_group(tokens, k)
    if k is None or k < begin or not _IDENTIFIER.match(tokens[k][1]):
        return None
    end, several = _declaration_end(tokens, begin)
    return (tokens[k][1], end) if end is not None and several else None


def _in_record_body(tokens: list[tuple[int, str]], following: int) -> bool:
    """Whether an attribute before ``tokens[following]`` is directly in the
    body of a struct or union (not in a parameter list or an extent)."""
    k: int | None = following - 1
    while k is not None and k >= 0:
        token = tokens[k][1]
        if token == "{":
            return _opens_record(tokens, k)
        if token in ("(", "["):
            return False
        k = _before_group(tokens, k) if token in _CLOSING else k - 1
    return False


def _only_declarator_name(tokens: list[tuple[int, str]], following: int, end: int) -> str | None:
    """The name a declaration declares when an attribute before
    ``tokens[following]`` is among its specifiers and it has one declarator,
    ending at ``tokens[end]`` (``A int t``, ``A int (*f)(T)``, ``A int a[4]``):
    the first identifier, outside a record's body, followed by what may follow
    a declarator's name."""
    depth = 0
    for i in range(following, end):
        token = tokens[i][1]
        if token in ("{", "}"):
            depth += 1 if token == "{" else -1
        elif depth == 0 and token == ",":
            return None
        elif (
            depth == 0
            and _IDENTIFIER.match(token)
            and token not in _TYPE_WORDS | _SPECIFIER_CALLS
            and tokens[i + 1][1] in (")", "(", "[", ";", ",", "=")
        ):
            return token
    return None


#: Keywords that may stand where a declarator's name would (type specifiers
#: and qualifiers).
_TYPE_WORDS = frozenset(
    "void char short int long float double signed unsigned _Bool _Complex struct union enum "
    "const volatile restrict _Atomic".split()
)
#: Keywords a parenthesized group follows in a declaration's specifiers.
_SPECIFIER_CALLS = frozenset(("typeof", "__typeof__", "__typeof", "_Atomic", "_Alignas"))


def _declared_function(tokens: list[tuple[int, str]], following: int) -> str | None:
    """The name of the function an attribute before ``tokens[following]``
    is on: in a declaration or definition whose only declarator is a
    function's (``A void f(void);``, ``void f(void) A {...}``), outside any
    brackets; None otherwise."""
    k: int | None = following - 1
    while k is not None and k >= 0 and tokens[k][1] not in (";", "{", "}"):
        if tokens[k][1] in ("(", "["):
            return None  # inside a parameter list or an array extent
        k = _before_group(tokens, k) if tokens[k][1] in (")", "]") else k - 1
    if k is None:
        return None
    function, depth = None, 0
    for i in range(k + 1, len(tokens)):
        token = tokens[i][1]
        if depth == 0 and token in (";", "{", "="):
            return function
        if depth == 0 and token == ",":
            return None
        if token in ("(", "["):
            previous = tokens[i - 1][1]
            opens_parameters = (
                depth == 0
                and token == "("
                and i > k + 1
                and _IDENTIFIER.match(previous) is not None
                and previous not in _TYPE_WORDS | _SPECIFIER_CALLS
            )
            if opens_parameters and function is None:
                function = previous
            depth += 1
        elif token in (")", "]"):
            depth -= 1
    return None


_CLOSING = {"}": "{", ")": "(", "]": "["}


def _typedef_end(tokens: list[tuple[int, str]], following: int) -> int | None:
    """The index of the ``;`` that ends the typedef declaration an attribute
    before ``tokens[following]`` is in (None: it is in no typedef
    declaration)."""
    k = following - 1
    while k >= 0 and tokens[k][1] != "typedef":
        token = tokens[k][1]
        if token == "}":
            opened = _matching_open(tokens, k)
            if opened is None or not _opens_record(tokens, opened):
                return None  # the end of a block or a function before it
            k = opened - 1
        elif token in (")", "]"):
            k = _before_group(tokens, k)
            if k is None:
                return None
        elif token in (";", "{"):
            return None
        else:
            k -= 1
    if k < 0:
        return None
    return _declaration_end(tokens, following)[0]


def _declaration_end(
    tokens: list[tuple[int, str]], start: int, stop: int | None = None
) -> tuple[int | None, bool]:
    """The index of the ``;`` that ends the declaration ``tokens[start]`` is
    in (outside brackets; None: there is none before ``tokens[stop]``), and
    whether a ``,`` between them separates declarators."""
    depth, several = 0, False
    for end in range(start, len(tokens) if stop is None else stop):
        token = tokens[end][1]
        if token in ("(", "[", "{"):
            depth += 1
        elif token in _CLOSING:
            depth -= 1
        elif depth == 0 and token == ",":
            several = True
        elif depth == 0 and token == ";":
            return end, several
    return None, several


def _matching_open(tokens: list[tuple[int, str]], close: int) -> int | None:
    """The index of the bracket that ``tokens[close]`` closes."""
    stack = []
    for k in range(close, -1, -1):
        token = tokens[k][1]
        if token in _CLOSING:
            stack.append(_CLOSING[token])
        elif token in ("{", "(", "["):
            if not stack or stack.pop() != token:
                return None
            if not stack:
                return k
    return None


def _opens_record(
    tokens: list[tuple[int, str]], brace: int, tags: tuple[str, ...] = ("struct", "union")
) -> bool:
    """Whether the ``{`` at ``brace`` opens the body of a struct or union (or
    of the ``tags`` given)."""
    before = [token for _, token in tokens[max(0, brace - 2) : brace]]
    return bool(before) and (
        before[-1] in tags
        or (len(before) == 2 and before[0] in tags and _IDENTIFIER.match(before[1]))
    )


def _matching_close(tokens: list[tuple[int, str]], opened: int) -> int | None:
    """The index of the bracket that closes ``tokens[opened]``."""
    depth = 0
    for k in range(opened, len(tokens)):
        token = tokens[k][1]
        if token in ("{", "(", "["):
            depth += 1
        elif token in _CLOSING:
            depth -= 1
            if depth == 0:
                return k
    return None


def _before_group(tokens: list[tuple[int, str]], close: int) -> int | None:
    """The index before the bracketed group ``tokens[close]`` closes (None:
    unmatched)."""
    opened = _matching_open(tokens, close)
    return None if opened is None else opened - 1


def _object_start(tokens: list[tuple[int, str]], following: int) -> int | None:
    """The first token of the declaration of objects (not a typedef, not in
    a record or a parameter list) that an attribute before
    ``tokens[following]`` is in, if it is one: its ``aligned`` becomes
    ``_Alignas`` there (on every declarator of the declaration: more
    alignment than asked for a second one changes nothing it computes)."""
    k = following - 1
    while k >= 0:
        token = tokens[k][1]
        if token == "}":
            opened = _matching_open(tokens, k)
            before = tokens[opened - 1][1] if opened else ""
            if opened is None or not (_opens_record(tokens, opened) or before in ("=", ",")):
                break  # the end of a block or a function before the declaration
            k = opened - 1
            continue
        if token in (")", "]"):
            k = _before_group(tokens, k)
            if k is None:
                return None
            continue
        if token in (";", "{"):
            if token == "{" and _opens_record(tokens, k):
                return None
            break
        if token in ("(", "[", "typedef"):
            return None
        k -= 1
    start = k + 1
    while k >= 0 and tokens[k][1] != "{":  # the block it is in: not a record's body
        k = _before_group(tokens, k) if tokens[k][1] in _CLOSING else k - 1
        if k is None:
            return None
    if k >= 0 and _opens_record(tokens, k):
        return None
    end = following
    while end < len(tokens) and tokens[end][1] not in (";", "{", "="):
        if tokens[end][1] == "typedef":
            return None
        end += 1
    if end < len(tokens) and tokens[end][1] == "{":
        return None  # a function definition
    return start if start < len(tokens) else None


def _text_diagnostic(
    text: str, offset: int, line: str, origins: Origins, message: str, severity: Severity = "error"
) -> Diagnostic:
    """A diagnostic of ``severity`` at the construct (an attribute, an
    ``asm``) that starts at ``offset`` of ``text`` (in the preprocessed
    ``line``): at its source position, or at the macro whose expansion it is
    (the first identifier of the source line that the preprocessed line
    lacks)."""
    file, number, column = TextPositions(text).position(offset)
    found = origins.diagnostic(_Coord(file, number, column), message, severity)
    if found.line == number:
        return found
    source = origins.source_line(file, number)
    if source is None:
        return Diagnostic(severity, message, file, number, None, None)
    expanded = {token for _, token in _line_tokens(line)}
    macro = next(
        (
            i
            for i, token in _line_tokens(source)
            if token not in expanded and _IDENTIFIER.match(token)
        ),
        None,
    )
    col = None if macro is None else display_column(source, macro)
    return Diagnostic(severity, message, file, number, col, source)


@dataclass(frozen=True)
class _Coord:
    file: str
    line: int
    column: int


def _attribute_span(text: str, i: int) -> tuple[int, list[tuple[str, str | None]]]:
    """The end of the attribute specifier whose ``((...))`` starts after
    whitespace at ``i``, and its attributes (name, argument text or None)."""
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text) or text[i] != "(":
        return i, []
    depth, j, items, item_start = 0, i, [], i + 2
    while j < len(text):
        ch = text[j]
        if ch in "\"'":
            j += 1
            while j < len(text) and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                break
        elif ch == "," and depth == 2:
            items.append(text[item_start:j])
            item_start = j + 1
        j += 1
    items.append(text[item_start : j - 1])
    parsed = []
    for item in items:
        m = re.match(r"\s*(\w+)\s*(?:\((.*)\))?\s*$", item, re.S)
        if m is not None:
            parsed.append((m.group(1), m.group(2)))
    return min(j + 1, len(text)), parsed


class TextPositions:
    """The positions of offsets of a preprocessed text as pycparser gives
    them: the file and line the line markers before it say, and the 1-based
    column in the text's line.  Asked for in increasing order, the text is
    read once; an earlier offset needs a new instance."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0  # the start of the line that is (file, line)
        self.file = ""
        self.line = 1

    def position(self, offset: int) -> tuple[str, int, int]:
        """(file, line, column) of ``offset`` (not before the last one asked)."""
        text = self.text
        line_start = text.rfind("\n", 0, offset) + 1
        for directive in _DIRECTIVE_START.finditer(text, self.offset, line_start):
            end = text.find("\n", directive.start())
            marker = _LINE_MARKERS.match(text, directive.start(), end)
            if marker is not None:  # the next line is that line of that file
                self.file, self.line, self.offset = marker[2], int(marker[1]), end + 1
        self.line += text.count("\n", self.offset, line_start)
        self.offset = line_start
        return self.file, self.line, offset - line_start + 1


def program_feature_macros(origins: Iterable[Origins]) -> tuple[tuple[str, str], ...]:
    """The feature-test macros of a program's files (the first file's
    definition of a name they define differently)."""
    found: dict[str, str] = {}
    for o in origins:
        for name, value in o.feature_macros:
            found.setdefault(name, value)
    return tuple(sorted(found.items()))


def program_includes(origins: Iterable[Origins]) -> tuple[str, ...]:
    """The bundled headers of a whole program, in order of first inclusion."""
    return tuple(dict.fromkeys(name for o in origins for name in o.bundled_includes))


def _preprocessor_options(
    include_dirs: Iterable[str | os.PathLike[str]],
    defines: Iterable[str],
    undefines: Iterable[str],
    openmp: bool = True,
    standard: str = "gnu17",
    searched_first: Iterable[tuple[str, str]] = (),
) -> list[str]:
    options = [
        "-E",
        f"-std={standard}",
        *(["-fopenmp"] if openmp else []),
        "-nostdinc",
        "-fdiagnostics-plain-output",
    ]
    for directory in include_dirs:
        text = os.fspath(directory)
        if not text:
            raise CompileError([error("missing path after '-I'")])
        options.append(f"-I{text}")
    options += [f"{option}{value}" for option, value in searched_first]
    options += ["-isystem", str(BUNDLED_INCLUDE_DIR)]
    options += ["-include", str(BUNDLED_INCLUDE_DIR / "bits" / "inspire_builtins.h")]
    options += [f"-D{macro}" for macro in _PREDEFINED]
    for flag, macros in (("-D", defines), ("-U", undefines)):
        for macro in macros:
            if not macro:
                raise CompileError([error(f"macro name missing after '{flag}'")])
            options.append(f"{flag}{macro}")
    return options


def _unsupported_column(message: str, line: str | None, col: int | None) -> int | None:
    """The column of the first use on ``line`` of the GNU keyword an unsupported-
    extension error names (GCC places a ``_Pragma`` error from a macro badly)."""
    name = next((k for k, what in _UNSUPPORTED_GNU.items() if message.startswith(what + " ")), None)
    if name is None or line is None:
        return col
    use = next((i for i, token in _line_tokens(line) if token == name), None)
    return col if use is None else display_column(line, use)


def _parse_stderr(stderr: str) -> list[Diagnostic]:
    """GCC's diagnostics, with "In file included from" lines as trailing notes."""
    diagnostics: list[Diagnostic] = []
    included_from: list[Diagnostic] = []
    sources: dict[str, _SourceText | None] = {}
    for raw in stderr.splitlines():
        match = _INCLUDED_FROM.match(raw)
        if match:
            included_from.append(
                Diagnostic("note", "included from here", match["file"], int(match["line"]))
            )
            continue
        match = _GCC_DIAGNOSTIC.match(raw)
        if not match:
            continue
        file: str | None = match["file"]
        if file in _PROGRAM_NAMES:
            file = None
        line = int(match["line"]) if match["line"] else None
        col = int(match["col"]) if match["col"] and line is not None else None
        severity: Severity = "error" if match["severity"] == "fatal error" else match["severity"]
        text = None
        if file is not None and line is not None and not file.startswith("<"):
            if file not in sources:
                sources[file] = _read_source(file)
            source = sources[file]
            text = None if source is None else source.line(line)
            col = _unsupported_column(match["message"], text, col)
        diagnostics.append(Diagnostic(severity, match["message"], file, line, col, text))
        diagnostics.extend(included_from)
        included_from = []
    return diagnostics


def _scan_line_markers(path: str, text: str) -> Origins:
    """Follow the line markers of ``text`` to build its :class:`Origins`."""
    stack = [path]
    line = 1
    includes: dict[str, dict[str, None]] = {}
    in_order: dict[str, None] = {}
    lines: dict[tuple[str, int], list[str]] = {}
    features: dict[str, str] = {}  # the feature-test macros defined so far
    in_effect: dict[str, str] | None = None  # ... when a user file first includes a header
    system: set[str] = set()  # the system headers the bundled ones do not replace
    for raw in text.split("\n"):
        match = _LINE_MARKER.match(raw) if raw.startswith("#") else None
        if match is None:
            macro = _MACRO_DIRECTIVE.match(raw) if raw.startswith("#") else None
            if macro is not None:
                if macro[2] in FEATURE_MACROS and macro[1] == "define":
                    features[macro[2]] = macro[3].strip()
                elif macro[2] in FEATURE_MACROS:
                    features.pop(macro[2], None)
            elif raw:
                lines.setdefault((stack[-1], line), []).append(raw)
            line += 1
            continue
        line = int(match[1])
        file = match[2]
        flags = match[3].split()
        if "3" in flags and bundled_header(file) is None:
            system.add(file)
        if "1" in flags:
            includer = stack[-1]
            header = included_header(file)
            user_includer = not includer.startswith("<") and included_header(includer) is None
            # the C library's internal headers a system header includes
            # (<bits/link.h> from <link.h>) are not for the program to include
            internal = includer in system and header is not None and header.startswith("bits/")
            if header is not None and user_includer and not internal:
                includes.setdefault(includer, {})[header] = None
                in_order[header] = None
                if in_effect is None:
                    in_effect = dict(features)
            stack.append(file)
        elif "2" in flags:
            if len(stack) > 1:
                stack.pop()
            stack[-1] = file
        else:
            stack[-1] = file
    direct = {file: tuple(names) for file, names in includes.items()}
    in_effect = in_effect or {}
    strict = "__STRICT_ANSI__" in in_effect
    macros = tuple(sorted((k, v) for k, v in in_effect.items() if strict or k not in _STRICT_ONLY))
    return Origins(path, tuple(in_order), direct, lines, macros)
