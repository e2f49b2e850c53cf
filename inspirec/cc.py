"""``inspirec-cc``: a cc-compatible driver for build systems (``make CC=inspirec-cc``).

Like ``gcc -flto``, compiling and linking are split:

* ``inspirec-cc -c a.c -o a.o`` preprocesses ``a.c`` (with its ``-I/-D/-U``)
  against the bundled headers, parses and lowers it alone to report its
  errors and warnings now (an undeclared name, a type error, as gcc -c
  does; the link step does not give them again), and writes an ELF object
  holding the section ``.inspirec.unit`` with the preprocessed unit (a
  JSON record) and, as ``gcc -ffat-lto-objects`` does, the C compiler's own
  code of the file (so ``nm``, an archive's index and another link driver
  see its symbols and code; a link by ``inspirec-cc`` does not use it).
  The section is SHF_EXCLUDE: a linker never copies it into an executable.
  The unit, not its IR, is stored because lowering needs the whole program
  at once (non-recursive callees are embedded at their call sites).
* ``inspirec-cc a.o b.o libx.a -lm -o prog`` (the link step) collects the
  units of every object, of every member of the archives it is given
  (``libx.a`` or ``-lx`` found in a ``-L`` directory) and of ``.c`` files on
  the command line, lowers them together, runs the passes and analyses over
  the whole program and links the emitted C with the runtime and every
  input that carries no unit (plain objects and libraries, an archive's
  members without a unit), in command-line order.  A member of an archive
  joins the program when it defines a
  symbol the program so far references and does not define, as ``ld``
  takes members (the object records the external symbols of its unit;
  members without a unit are linked as usual); under
  ``-Wl,--whole-archive`` every member with a unit joins.
  Without any unit the link is passed to the C compiler unchanged; so is
  a shared library (``-shared``), from the objects' own code, with a
  warning when they carry units: inspirec compiles a whole program from
  its ``main``, and a library has none.

Options (gcc's everyday set): ``-c``, ``-fsyntax-only`` (the checks of
``-c``, writing nothing), ``-o``, ``-E`` (the preprocessed
unit; with ``-dM``, the macros defined at its end), ``-S`` (refused:
inspirec emits C, ``inspirec emit`` prints it), ``-x c`` (the inputs that
follow are C files whatever their names, until ``-x none``; other
languages are refused), ``-`` (the standard input, with ``-E`` or ``-x c``),
``-O*`` (defines ``__OPTIMIZE__``; a link step without one compiles the
program at the level its objects were compiled with, as ``gcc -flto``
does), ``-g*``, ``-I``,
``-iquote``, ``-isystem``, ``-idirafter``, ``-include``, ``-imacros``,
``-D``, ``-U``, ``-l``, ``-L``, ``-std=`` and
``-ansi`` (the standard of the preprocessing: ``__STDC_VERSION__``,
``__STRICT_ANSI__``, trigraphs, ``//`` comments before C99; the parser reads
GNU C under any standard, the bundled headers declare what the C library's
declare by default, and the emitted C is compiled as the runtime needs it),
``-W*`` (the warnings are gcc's: those inspirec gives itself, named by
gcc's options, and the C compiler's own, which compiles the same file
beside inspirec: with ``-c`` for the object's own code, with
``-fsyntax-only`` for a syntax check, and a ``.c`` file a link step lowers
to nowhere, so that the middle end's warnings of the ``-O`` level come
too; each warning is given once, in line order;
``-W<option>``/``-Wno-<option>``, ``-Wall`` and ``-Wextra`` turn them on
and off as in gcc, ``-Werror``, ``-Werror=<option>``,
``-Wno-error[=<option>]`` and ``-pedantic-errors`` make them errors, which
fail the command before it writes anything; ``-Wl,`` and ``-Wa,`` go to
the C compiler), ``-w`` (no warnings),
``-f*`` (``-fopenmp`` turns OpenMP on: without it, as with gcc,
``_OPENMP`` is not defined and ``#pragma omp`` lines are ignored; the
others go to the C compiler),
``-pthread``, ``-M``/``-MM``/``-MD``/``-MMD``/``-MF``/``-MT``/``-MQ``/``-MP``
(dependency files, written by the C compiler's preprocessor with the same
options), ``@file`` (arguments read from a file), ``-v`` (the steps
taken; without input files, the versions of inspirec and of the C
compiler), the toolchain queries ``-dumpversion``, ``-dumpfullversion``,
``-dumpmachine``, ``-dumpspecs`` and ``-print-*`` (answered by the C
compiler, which links).  Other options
starting with ``-`` go to the C compiler (``-m*``, ``-march=``, ``-static``,
...); a ``-W``, ``-f`` or ``-m`` option the C compiler does not know
is an error, as in gcc, with ``-c`` too.  The ``-m`` options also select
the instruction set the file is read for (``__AVX2__`` ...), and the
functions of an object compiled with them keep that instruction set (GNU
``target``) in the program it is linked into, as with gcc.  The C compiler is
``$INSPIREC_CC``, else ``cc``.

Exit status: 0 ok, 1 error (a diagnostic was printed), 2 bad usage, 3
internal error.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shlex
import signal
import struct
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from inspirec import cc_warnings, frontend
from inspirec.frontend.preprocess import C90_STANDARDS, INCLUDE_OPTIONS, macro_definitions
from inspirec.inputs import check_inputs, check_output
from inspirec.inspire import deep_call
from inspirec.inspire.nodes import TARGET_OPTIONS
from inspirec.status import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, EXIT_USER, internal_error
from inspirec.version import __version__

PROG = "inspirec-cc"
#: The ELF section of an object that carries a preprocessed unit.
SECTION = ".inspirec.unit"
#: The version of the unit record; objects of another version are refused.
FORMAT = "inspirec-unit 1"


class Usage(Exception):
    """Bad usage: the message is printed and the exit status is 2."""


class Failure(Exception):
    """A user error that is not a C diagnostic: the message is printed, exit status 1."""


# ----------------------------------------------------------------- arguments
@dataclass
class Args:
    """The command line, sorted by who consumes each argument."""

    mode: str = "link"  # "link", "compile" (-c), "check" (-fsyntax-only), "preprocess" (-E),
    # "deps" (-M/-MM alone)
    output: str | None = None
    inputs: list[str] = field(default_factory=list)  # files and -lNAME, in order
    include_dirs: list[str] = field(default_factory=list)
    include_options: list[tuple[str, str]] = field(default_factory=list)  # -isystem DIR, ...
    defines: list[str] = field(default_factory=list)
    undefines: list[str] = field(default_factory=list)
    lib_dirs: list[str] = field(default_factory=list)
    optimize: str | None = None  # -O level (None: none given)
    cc_flags: list[str] = field(default_factory=list)  # compile and link
    link_flags: list[str] = field(default_factory=list)  # link only
    dep_flags: list[str] = field(default_factory=list)
    passthrough: list[str] = field(default_factory=list)  # everything but inputs, for a plain link
    verbose: bool = False
    quiet: bool = False  # -w: no warnings
    warning_flags: list[str] = field(default_factory=list)  # -W..., in order
    openmp: bool = False  # -fopenmp: else, as gcc, no _OPENMP and '#pragma omp' ignored
    standard: str = "gnu17"  # -std= (-ansi: c90): the preprocessing's C standard
    c_inputs: set[str] = field(default_factory=set)  # inputs after -x c: C whatever their name
    queries: list[str] = field(default_factory=list)  # -dumpversion, -print-*: the C compiler's
    macros: bool = False  # -dM: with -E, the macro definitions instead of the text


#: Options whose value may be glued to them (-Ifoo) or be the next argument (-I foo).
_WITH_VALUE = {"-o", "-I", "-D", "-U", "-l", "-L", "-MF", "-MT", "-MQ", "-x", *INCLUDE_OPTIONS}
#: The options asking the toolchain a question (its version, target, the
#: path of a program or library): the C compiler, which links, answers them.
_QUERIES = ("-dumpversion", "-dumpfullversion", "-dumpmachine", "-dumpspecs", "-print-")
_BY_LENGTH = sorted(_WITH_VALUE, key=lambda o: (-len(o), o))


def expand_response_files(argv: Sequence[str], depth: int = 0) -> list[str]:
    """``argv`` with every ``@file`` replaced by the arguments in that file (shell quoting)."""
    out: list[str] = []
    for arg in argv:
        if arg.startswith("@") and len(arg) > 1 and os.path.isfile(arg[1:]):
            if depth > 20:
                raise Usage(f"response files nested too deeply at {arg}")
            with open(arg[1:], encoding="utf-8") as f:
                out += expand_response_files(shlex.split(f.read()), depth + 1)
        else:
            out.append(arg)
    return out


def _values(argv: list[str]) -> Iterator[tuple[str, str | None]]:
    """(option, value) pairs: ``-Ifoo`` and ``-I foo`` both give ("-I", "foo")."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        name = next((o for o in _BY_LENGTH if arg.startswith(o)), None)
        if name is None:
            yield arg, None
            continue
        if arg == name:
            if i >= len(argv):
                raise Usage(f"missing argument to '{name}'")
            yield name, argv[i]
            i += 1
        else:
            yield name, arg[len(name) :]


def parse_args(argv: Sequence[str]) -> Args:
    """Sort gcc-style arguments (see the module docstring)."""
    args = Args()
    modes = set()
    language = None  # -x c: "c"; -x none: None (by the file name)
    for arg, value in _values(expand_response_files(argv)):
        if value is not None:
            if arg == "-o":
                args.output = value
                continue
            if arg == "-x":
                if value not in ("c", "none"):
                    raise Usage(f"-x {value}: inspirec-cc compiles C only ('-x c', '-x none')")
                language = None if value == "none" else value
                continue
            if arg in ("-MF", "-MT", "-MQ"):
                args.dep_flags += [arg, value]
                continue
            if arg in INCLUDE_OPTIONS:
                args.include_options.append((arg, value))
                continue
            {
                "-I": args.include_dirs,
                "-D": args.defines,
                "-U": args.undefines,
                "-L": args.lib_dirs,
            }.get(arg, args.inputs).append(value if arg != "-l" else f"-l{value}")
            if arg == "-L":
                args.passthrough.append(f"-L{value}")
            continue
        if arg in ("-c", "-E", "-fsyntax-only"):
            modes.add(arg)
        elif arg == "-S":
            raise Failure(
                "-S is not supported: inspirec writes C, not assembly "
                "('inspirec emit FILE.c' prints the C it generates)"
            )
        elif arg in ("-M", "-MM"):
            modes.add(arg)
            args.dep_flags.append(arg)
        elif arg in ("-MD", "-MMD", "-MP"):
            args.dep_flags.append(arg)
        elif arg == "-v":
            args.verbose = True
        elif arg.startswith(_QUERIES):
            args.queries.append(arg)
        elif arg == "-dM":
            args.macros = True
        elif arg.startswith("-O"):
            args.optimize = arg[2:] or "1"
            args.passthrough.append(arg)
        elif arg in ("-fopenmp", "-fno-openmp"):
            args.openmp = arg == "-fopenmp"
            args.passthrough.append(arg)
        elif arg == "-pthread" or arg.startswith("-std=") or arg == "-ansi":
            if arg == "-pthread":
                args.defines.append("_REENTRANT")  # as gcc's -pthread defines it
            else:
                args.standard = "c90" if arg == "-ansi" else arg[len("-std=") :]
            args.passthrough.append(arg)
        elif arg.startswith(("-Wl,", "-Wa,")):
            (args.link_flags if arg.startswith("-Wl,") else args.cc_flags).append(arg)
            args.passthrough.append(arg)
        elif arg.startswith(("-W", "-pedantic")) or arg == "-w":
            args.quiet |= arg == "-w"
            args.warning_flags.append(arg)
            args.passthrough.append(arg)  # warnings: inspirec's frontend reports its own
        elif arg in ("-shared", "-static", "-rdynamic") or arg.startswith("-Wl"):
            args.link_flags.append(arg)
            args.passthrough.append(arg)
        elif arg.startswith("-") and arg != "-":
            args.cc_flags.append(arg)  # -g*, -f*, -m*, ...: code generation
            args.passthrough.append(arg)
        else:
            args.inputs.append(arg)
            if language == "c":
                args.c_inputs.add(arg)
    if "-" in args.inputs and "-E" not in modes and "-" not in args.c_inputs:
        raise Usage("-E or -x required when input is from standard input")
    if "-E" in modes:
        args.mode = "preprocess"
    elif "-fsyntax-only" in modes:
        args.mode = "check"
    elif "-c" in modes:
        args.mode = "compile"
    elif modes & {"-M", "-MM"}:
        args.mode = "deps"
    return args


# ------------------------------------------------------------------- objects
@dataclass(frozen=True)
class CompiledUnit:
    """A unit an object carries, with the ``-O`` level of the command that
    compiled it (None: none given), which the link step uses when its own
    command gives none (as ``gcc -flto`` does: the objects' options count),
    and its external symbols (None: not recorded, found when needed)."""

    unit: frontend.PreprocessedFile
    optimize: str | None = None
    symbols: frontend.UnitSymbols | None = None


def unit_payload(compiled: CompiledUnit) -> bytes:
    """The section contents for a unit: a JSON record (format, path, text,
    the ``-O`` level if one was given, the feature-test macros in effect
    at the unit's first include, which its text does not keep when they came
    from the command line: ``-D_GNU_SOURCE``, the external symbols it
    defines and references, by which the link step selects archive members,
    and the bundled headers its line markers name, by which another
    installation of inspirec linking it recognises them)."""
    record = {"format": FORMAT, "path": compiled.unit.path, "text": compiled.unit.text}
    if compiled.optimize is not None:
        record["optimize"] = compiled.optimize
    if compiled.unit.origins.feature_macros:
        record["feature_macros"] = [list(m) for m in compiled.unit.origins.feature_macros]
    if compiled.symbols is not None:
        record["defines"] = list(compiled.symbols.defines)
        record["references"] = list(compiled.symbols.references)
    bundled = frontend.bundled_marker_files(compiled.unit.text)
    if bundled:
        record["bundled"] = bundled
    return json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogateescape")


def read_payload(data: bytes, where: str) -> CompiledUnit:
    """The unit of a section's contents; :class:`Failure` if it is not one this version reads."""
    try:
        record = json.loads(data.decode("utf-8", "surrogateescape"))
        if record.get("format") != FORMAT:
            raise ValueError(f"format {record.get('format')!r}, expected {FORMAT!r}")
        optimize = record.get("optimize")
        if optimize is not None and not isinstance(optimize, str):
            raise ValueError(f"optimize {optimize!r}")
        bundled = record.get("bundled", {})
        if not isinstance(bundled, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in bundled.items()
        ):
            raise ValueError(f"bundled headers {bundled!r}")
        unit = frontend.unit_from_text(record["path"], record["text"], bundled)
        if "feature_macros" in record:
            macros = record["feature_macros"]
            if not all(isinstance(m, list) and [type(x) for x in m] == [str, str] for m in macros):
                raise ValueError(f"feature macros {macros!r}")
            unit.origins.feature_macros = tuple((name, value) for name, value in macros)
        symbols = None
        if "defines" in record or "references" in record:
            lists = (record["defines"], record["references"])
            if not all(isinstance(x, list) and all(isinstance(y, str) for y in x) for x in lists):
                raise ValueError(f"symbols {lists!r}")
            symbols = frontend.UnitSymbols(*(tuple(x) for x in lists))
        return CompiledUnit(unit, optimize, symbols)
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise Failure(f"{where}: error: unreadable inspirec unit ({err})") from None


def elf_sections(data: bytes) -> Iterator[tuple[str, int, int]]:
    """(name, offset, size) of the sections of a little-endian ELF64 object
    (none if ``data`` is not such an object)."""
    if len(data) < 64 or data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    if shoff == 0 or shstrndx >= shnum or shoff + shnum * shentsize > len(data):
        return

    def header(i: int) -> tuple[int, int, int]:
        base = shoff + i * shentsize
        (sh_name,) = struct.unpack_from("<I", data, base)
        offset, size = struct.unpack_from("<QQ", data, base + 0x18)
        return sh_name, offset, size

    _, str_offset, str_size = header(shstrndx)
    names = data[str_offset : str_offset + str_size]
    for i in range(shnum):
        sh_name, offset, size = header(i)
        yield names[sh_name : names.find(b"\0", sh_name)].decode("latin-1"), offset, size


def elf_section(data: bytes, name: str) -> bytes | None:
    """The contents of section ``name`` of a little-endian ELF64 object (None if absent
    or not such an object)."""
    found = ((offset, size) for section, offset, size in elf_sections(data) if section == name)
    return next((data[offset : offset + size] for offset, size in found), None)


def has_own_code(data: bytes) -> bool:
    """Whether the object ``data`` holds code or data of its own (the C
    compiler's, of the file inspirec-cc compiled), not only its unit: a
    text, data, read-only data or bss section that is not empty."""
    return any(
        size > 0 and name.split(".")[1:2] in (["text"], ["data"], ["rodata"], ["bss"])
        for name, _, size in elf_sections(data)
    )


def is_archive(data: bytes) -> bool:
    """Whether ``data`` is an ``ar`` archive (a static library)."""
    return data.startswith(b"!<arch>\n")


def archive_members(data: bytes) -> Iterator[tuple[str, bytes]]:
    """(name, contents) of the members of a System V / GNU ``ar`` archive."""
    pos = 8
    while pos + 60 <= len(data):
        head = data[pos : pos + 60]
        name = head[:16].decode("ascii", "replace").rstrip()
        size = int(head[48:58].decode("ascii").strip() or 0)
        body = data[pos + 60 : pos + 60 + size]
        if name not in ("/", "//", "/SYM64/"):
            yield name.rstrip("/"), body
        pos += 60 + size + (size & 1)


@dataclass(frozen=True)
class LinkInput:
    """What an object or archive holds for the link step: the units it
    carries and, of an archive, the members that carry none (name, contents)."""

    units: list[CompiledUnit]
    plain_members: list[tuple[str, bytes]]


def read_link_input(path: str) -> LinkInput:
    """The units and plain members of the object or archive ``path``, read once
    (no units for plain objects and libraries)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as err:
        raise Failure(f"{path}: error: cannot read: {err.strerror or err}") from None
    if not is_archive(data):
        payload = elf_section(data, SECTION)
        return LinkInput([] if payload is None else [read_payload(payload, path)], [])
    found = LinkInput([], [])
    for member, body in archive_members(data):
        payload = elf_section(body, SECTION)
        if payload is None:
            found.plain_members.append((member, body))
        else:
            found.units.append(read_payload(payload, f"{path}({member})"))
    return found


def units_of(path: str) -> list[CompiledUnit]:
    """The units an object or archive carries (empty for plain objects and libraries)."""
    return read_link_input(path).units


class OwnCompile:
    """The C compiler compiling a source file by itself, in the background:
    started before the frontend checks the unit, so that both run at once.

    ``purpose`` is ``"object"`` (``-c``: the file's own code, into
    ``directory``, collected by :func:`write_object`), ``"check"``
    (``-fsyntax-only``) or ``"program"`` (a source a link step lowers:
    compiled with ``-S`` to nowhere, so that the middle end's warnings come
    too).  Unless ``-w``, it compiles with the command's warning options and
    :meth:`finish` reads its diagnostics (:mod:`inspirec.cc_warnings`), each
    with its source line as ``source_line`` reads it (the unit's
    ``Origins.source_line``)."""

    def __init__(
        self,
        args: Args,
        source: str,
        source_line: Callable[[str, int], str | None],
        cc: str,
        purpose: str,
        directory: str,
        trace,
    ) -> None:
        self.path = os.path.join(directory, "code.o") if purpose == "object" else None
        language = [] if source.endswith(".c") else ["-x", "c"]  # after -x c
        warnings = ["-w"] if args.quiet else [*args.warning_flags, "-fdiagnostics-color=never"]
        mode, out = {
            "object": (["-c"], ["-o", self.path]),
            "check": (["-fsyntax-only"], []),
            "program": (["-S"], ["-o", os.devnull]),
        }[purpose]
        flags = [*_cpp_flags(args, "-fopenmp"), *args.cc_flags, *warnings]
        self.argv = [cc, *mode, *flags, *language, source, *out]
        self.quiet = args.quiet
        self.source_line = source_line
        self.proc: subprocess.Popen | None = None
        self.failure: Failure | None = None
        try:
            self.proc = _start_cc(self.argv, trace, environment=_C_LOCALE)
        except Failure as err:  # reported by finish(), as a failed compile is
            self.failure = err

    def finish(self) -> OwnResult:
        """Wait for the C compiler: what it made and said."""
        if self.failure is not None:  # then the compiler never started
            return OwnResult(None, [], str(self.failure))
        what = "compiling the object's own code" if self.path else "checking the file"
        _, stderr = self.proc.communicate()
        said = [] if self.quiet else cc_warnings.read(stderr, self.source_line)
        if self.proc.returncode == 0:
            return OwnResult(self.path, said, None, not self.quiet)
        if said and not cc_warnings.rejected(said):  # the user's warnings made errors
            return OwnResult(None, said, None, True)
        why = f"the C compiler '{self.argv[0]}' failed (exit status {self.proc.returncode}) {what}"
        return OwnResult(None, said, f"{why}:\n{stderr.rstrip()}")

    def discard(self) -> None:
        """Wait for the compiler, if :meth:`finish` did not, and drop what it
        made (with the directory).  Not killed: the C compiler removes its own
        temporary files only when it ends by itself."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.communicate()


@dataclass(frozen=True)
class OwnResult:
    """What :class:`OwnCompile` gives: the object's path (None: not asked
    for, or the compile failed), the C compiler's diagnostics (none under
    ``-w``) and, when it failed for another reason than the user's warnings
    made errors, why (its message)."""

    object: str | None
    diagnostics: list[frontend.Diagnostic]
    failure: str | None
    #: whether the C compiler read the whole file with the command's warning
    #: options: it gives the warnings of gcc's options (not under ``-w``, nor
    #: when it could not compile the file)
    judged: bool = False


def write_object(
    unit: CompiledUnit, output: str, cc: str, trace, own: OwnResult | None = None
) -> None:
    """An ELF object carrying ``unit`` in :data:`SECTION` (assembled by
    ``cc``).  With ``own`` (what the C compiler made of the unit's source),
    the object also holds the C compiler's own code of the unit, as ``gcc
    -ffat-lto-objects`` writes one: its symbols for ``nm``, an archive's
    index and another link driver; if the C compiler could not compile the
    source, a warning says the object has the section only."""
    with tempfile.TemporaryDirectory(prefix="inspirec-cc-") as temp:
        payload = os.path.join(temp, "unit.json")
        with open(payload, "wb") as f:
            f.write(unit_payload(unit))
        asm = os.path.join(temp, "unit.s")
        with open(asm, "w", encoding="utf-8") as f:
            f.write(f'.section {SECTION},"e",@progbits\n.incbin "{payload}"\n')
            f.write('.section .note.GNU-stack,"",@progbits\n')
        code_object = None if own is None else own.object
        if own is not None and own.failure is not None:
            print(
                f"{PROG}: warning: {output}: the object carries no code of its own, only "
                f"inspirec-cc can link it ({own.failure.splitlines()[0]})",
                file=sys.stderr,
            )
        if code_object is None:  # the section alone
            _run_cc([cc, "-c", asm, "-o", output], trace, "writing the object")
            return
        section = os.path.join(temp, "unit.o")
        _run_cc([cc, "-c", asm, "-o", section], trace, "writing the object")
        link = [cc, "-r", "-nostdlib", code_object, section, "-o", output]
        _run_cc(link, trace, "writing the object")


def _run_cc(
    argv: list[str], trace, what: str, stream: str = "stdout", tool: str = "the C compiler"
) -> str:
    """Run the C compiler (or another ``tool`` of the toolchain: the
    archiver); its standard output (``stream="stderr"``: its standard error)."""
    return _finish_cc(_start_cc(argv, trace, tool), argv, what, stream, tool)


def _start_cc(
    argv: list[str], trace, tool: str = "the C compiler", environment: dict | None = None
) -> subprocess.Popen:
    """Start the C compiler (or ``tool``), its output captured (bytes that
    are not UTF-8 kept as surrogates), in ``environment`` (None: this
    process's); :class:`Failure` if it cannot run."""
    if trace is not None:
        trace(f"{'cc' if tool == 'the C compiler' else 'ar'}: {' '.join(argv)}")
    try:
        return subprocess.Popen(
            argv,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="surrogateescape",
            env=environment,
        )
    except OSError as err:
        raise Failure(f"cannot run {tool} '{argv[0]}': {err.strerror or err}") from None


def _finish_cc(
    proc: subprocess.Popen,
    argv: list[str],
    what: str,
    stream: str = "stdout",
    tool: str = "the C compiler",
) -> str:
    """Wait for a process :func:`_start_cc` started: its standard output
    (``stream="stderr"``: its standard error); :class:`Failure` if it failed."""
    stdout, stderr = proc.communicate()
    if proc.returncode != 0:
        raise Failure(
            f"{tool} '{argv[0]}' failed (exit status {proc.returncode}) {what}:\n{stderr.rstrip()}"
        )
    return stderr if stream == "stderr" else stdout


# --------------------------------------------------------------------- modes
def _preprocessed(args: Args, source: str, how=frontend.preprocess):
    """``source`` preprocessed with the command line's options (with OpenMP
    only under ``-fopenmp``, as gcc) by ``how``: :func:`frontend.preprocess`
    (a unit) or :func:`~frontend.preprocess.macro_definitions` (``-dM``)."""
    return how(
        source,
        args.include_dirs,
        args.defines,
        args.undefines,
        openmp=args.openmp,
        standard=args.standard,
        include_options=args.include_options,
        optimize=args.optimize,
        target=_target_options(args),
    )


def _target_options(args: Args) -> list[str]:
    """The C compiler's ``-m`` options of the command line (``-mavx2``,
    ``-march=native``): the preprocessing sees the instruction set they select."""
    return [flag for flag in args.cc_flags if flag.startswith("-m")]


def _function_target(cc: str, flags: Sequence[str]) -> str:
    """The GNU ``target`` options that give a function the instruction set
    the ``-m`` ``flags`` select, comma-separated: the instruction-set options
    the flags turn on (``sse4.1``; all those ``-march=native`` implies) or off
    (``no-avx512f``), as ``cc`` reports them, among those ``cc`` accepts on a
    function (``-mcmodel=`` and the like stay options of the command line)."""
    if not flags:
        return ""
    before, after = _target_switches(cc, ()), _target_switches(cc, tuple(flags))
    options = [name for name, on in after.items() if on and not before.get(name, False)]
    options += [f"no-{name}" for name, on in after.items() if not on and before.get(name, False)]
    options = [o for o in options if TARGET_OPTIONS.fullmatch(o)]
    if not options:
        return ""
    source = "".join(
        f'__attribute__((target("{o}"))) void inspirec_target_{k}(void) {{}}\n'
        for k, o in enumerate(options)
    )
    try:
        result = subprocess.run(
            [cc, "-c", "-x", "c", "-", "-o", os.devnull], input=source, capture_output=True,
            text=True, env={**os.environ, "LC_ALL": "C"}, check=False,
        )  # fmt: skip
    except OSError:
        return ""
    rejected = {int(m) for m in re.findall(r"^<stdin>:(\d+):\d+: error:", result.stderr, re.M)}
    return ",".join(o for k, o in enumerate(options) if k + 1 not in rejected)


#: A switch of ``cc -Q --help=target``: ``  -mavx2    [enabled]``.
_TARGET_SWITCH = re.compile(r"^\s+-m([\w.-]+)\s+\[(enabled|disabled)\]$", re.M)


@functools.cache
def _target_switches(cc: str, flags: tuple[str, ...]) -> dict[str, bool]:
    """The on/off target options of ``cc`` under ``flags``, by name (none if
    it cannot tell)."""
    try:
        result = subprocess.run(
            [cc, *flags, "-Q", "--help=target"], capture_output=True, text=True,
            env={**os.environ, "LC_ALL": "C"}, check=False,
        )  # fmt: skip
    except OSError:
        return {}
    return {name: state == "enabled" for name, state in _TARGET_SWITCH.findall(result.stdout)}


def _is_source(args: Args, item: str) -> bool:
    """Whether the input ``item`` is a C file: by its name, after ``-x c``,
    or the standard input ``-`` of ``-E``."""
    return (
        item.endswith(".c")
        or item in args.c_inputs
        or (item == "-" and args.mode in ("preprocess", "deps"))
    )


def _sources(args: Args) -> list[str]:
    return [x for x in args.inputs if _is_source(args, x)]


def _check_sources(sources: Sequence[str]) -> None:
    """:func:`~inspirec.inputs.check_inputs` of the files among ``sources`` (not ``-``)."""
    check_inputs([s for s in sources if s != "-"])


def _cpp_flags(args: Args, openmp: str = "-D_OPENMP=201511") -> list[str]:
    """The preprocessing options of the command line, for the C compiler's
    own preprocessor (dependencies, assembler sources), with ``openmp``
    under ``-fopenmp``."""
    cpp = [f"-I{d}" for d in args.include_dirs] + [f"{o}{v}" for o, v in args.include_options]
    cpp += [f"-D{d}" for d in args.defines]
    cpp += [f"-U{u}" for u in args.undefines] + [openmp] * args.openmp
    cpp.append(f"-std={args.standard}")
    cpp += [f"-O{args.optimize}"] if args.optimize is not None else []
    return cpp + _target_options(args)


def _dependencies(args: Args, source: str, cc: str, trace, target: str | None) -> None:
    """Write the dependency information ``-M*`` asks for, with the C compiler's preprocessor."""
    flags = list(args.dep_flags)
    if target is not None and not {"-MT", "-MQ"} & set(flags):
        flags += ["-MT", target]
    if args.mode == "compile" and "-MF" not in flags and {"-MD", "-MMD"} & set(flags):
        flags += ["-MF", os.path.splitext(target or source)[0] + ".d"]
    cpp = _cpp_flags(args)
    if args.mode != "deps":  # -MD/-MMD beside a compilation: the rules go to their file
        out = ["-o", os.devnull]
    else:  # -M/-MM: to -o's file, else to the standard output, as gcc
        out = ["-o", args.output] if args.output else []
    sys.stdout.write(_run_cc([cc, "-E", *cpp, *flags, source, *out], trace, "writing dependencies"))


def _compile(args: Args, cc: str, log: frontend.DiagnosticLog, trace) -> None:
    sources = _sources(args)
    _unused_linker_inputs(args)
    if not args.inputs:
        raise Usage("no input files")
    assembler = [x for x in args.inputs if _is_assembler(args, x)]
    if args.output and len(sources) + len(assembler) > 1 and args.mode == "compile":
        raise Usage("-o with -c names one object, but there are several input files")
    for source in assembler:  # the C compiler's, as gcc -c assembles them
        output = args.output or os.path.splitext(os.path.basename(source))[0] + ".o"
        check_output(output, [source])
        flags = [*_cpp_flags(args), *args.cc_flags, *args.dep_flags]
        _run_cc([cc, "-c", *flags, source, "-o", output], trace, f"assembling {source}")
    for source in sources:
        output = args.output or os.path.splitext(os.path.basename(source))[0] + ".o"
        if args.mode == "compile":
            check_output(output, [source])
        _check_sources([source])
        if trace is not None:
            trace(f"frontend: {source}")
        unit = _preprocessed(args, source)
        options = _function_target(cc, _target_options(args)) if args.mode == "compile" else ""
        if options:  # the unit's code keeps them wherever the program is compiled
            unit = frontend.with_unit_target(unit, options)
        found = frontend.DiagnosticLog()
        found.extend(unit.warnings)
        with tempfile.TemporaryDirectory(prefix="inspirec-cc-") as temp:
            own = None  # the C compiler on the file, for its own code or its warnings
            if source != "-" and (args.mode != "check" or not args.quiet):
                purpose = "object" if args.mode == "compile" else "check"
                own = OwnCompile(args, source, unit.origins.source_line, cc, purpose, temp, trace)
            said = None
            try:
                symbols = frontend.check_unit(unit, found)  # its errors and warnings now, as gcc -c
                said = None if own is None else own.finish()
            finally:
                if own is not None:
                    own.discard()  # done already unless the check failed
                _log_given(log, found.diagnostics, [] if said is None else [said], args)
            _raise_errors(log)
            if args.mode == "check":
                continue
            if args.dep_flags and source == "-":
                raise Usage("dependency output (-M...) of the standard input is not supported")
            if args.dep_flags:
                _dependencies(args, source, cc, trace, output)
            write_object(CompiledUnit(unit, args.optimize, symbols), output, cc, trace, said)


def _is_assembler(args: Args, item: str) -> bool:
    """Whether ``-c`` assembles the input ``item`` (``.s``, ``.S``, ``.sx``)."""
    return args.mode == "compile" and item.endswith(_ASSEMBLER_SUFFIXES)


#: The assembler sources gcc -c assembles (``.S``, ``.sx``: preprocessed first).
_ASSEMBLER_SUFFIXES = (".s", ".S", ".sx")


def _unused_linker_inputs(args: Args) -> None:
    """What gcc does with the inputs that are not C files when it does not
    link (``-c``, ``-fsyntax-only``, ``-E``): a library ``-lNAME`` is
    ignored, an object or archive is warned of (an error if it does not
    exist); ``-c`` assembles assembler sources."""
    for item in args.inputs:
        if _is_source(args, item) or item.startswith("-l") or _is_assembler(args, item):
            continue
        if not os.path.exists(item):
            raise Failure(f"{item}: linker input file not found: No such file or directory")
        if not args.quiet:
            print(
                f"{PROG}: warning: {item}: linker input file unused because linking not done",
                file=sys.stderr,
            )


def _preprocess(args: Args) -> None:
    sources = _sources(args)
    _unused_linker_inputs(args)
    if not args.inputs:
        raise Usage("no input files")
    _check_sources(sources)
    if args.macros:
        text = "".join(_preprocessed(args, s, macro_definitions) for s in sources)
    else:
        text = "".join(_preprocessed(args, s).text for s in sources)
    if args.output:
        check_output(args.output, sources)
        with open(args.output, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


def library_path(name: str, lib_dirs: Sequence[str]) -> str | None:
    """The static library ``libNAME.a`` in the ``-L`` directories, if any."""
    for d in lib_dirs:
        candidate = os.path.join(d, f"lib{name}.a")
        if os.path.isfile(candidate):
            return candidate
    return None


@dataclass
class _Archive:
    """A static library of the link with the units its members carry
    (``taken``: the indices of those that joined the program, at any of
    its mentions on the command line)."""

    members: list[CompiledUnit]
    taken: set[int] = field(default_factory=set)


def _symbols(unit: CompiledUnit) -> frontend.UnitSymbols:
    """The external symbols of ``unit``: recorded, else found from its text."""
    return unit.symbols if unit.symbols is not None else frontend.unit_symbols(unit.unit)


def _program_units(
    inputs: list[CompiledUnit | _Archive], whole_archives: bool
) -> list[CompiledUnit]:
    """The units that make the program, in command-line order: every unit
    of a ``.c`` file or an object, and the archive members ``ld`` would
    take: one joins when it defines a symbol the units before it reference
    and do not define (``main`` at first), the archive's members read again
    until none more joins; every member under ``whole_archives``."""
    if not any(isinstance(item, _Archive) for item in inputs):
        return list(inputs)  # units only
    program: list[CompiledUnit] = []
    defined: set[str] = set()
    undefined = {"main"}

    def take(unit: CompiledUnit) -> None:
        program.append(unit)
        if not whole_archives:
            symbols = _symbols(unit)
            defined.update(symbols.defines)
            undefined.update(symbols.references)
            undefined.difference_update(defined)

    for item in inputs:
        if isinstance(item, CompiledUnit):
            take(item)
            continue
        joined = True
        while joined:
            joined = False
            for i, member in enumerate(item.members):
                if i in item.taken:
                    continue
                if whole_archives or undefined.intersection(_symbols(member).defines):
                    item.taken.add(i)
                    take(member)
                    joined = True
    return program


def _plain_archive(
    path: str, members: list[tuple[str, bytes]], directory: str, trace
) -> str | None:
    """An archive in ``directory`` of ``members``, the members of the archive
    ``path`` that carry no unit (None: there are none).  The link passes
    it in place of ``path``, so the linker cannot take a member's own code
    (the C compiler's, of a file inspirec-cc compiled) for a symbol the
    program leaves undefined: gcc's link of those objects would fail."""
    if not members:
        return None
    folder = tempfile.mkdtemp(prefix="plain-", dir=directory)
    paths = []
    for k, (name, body) in enumerate(members):
        paths.append(os.path.join(folder, f"{k}-{os.path.basename(name) or 'member'}"))
        with open(paths[-1], "wb") as f:
            f.write(body)
    archive = os.path.join(folder, os.path.basename(path))
    what = f"on the members of {path} without a unit"
    _run_cc(["ar", "rcs", archive, *paths], trace, what, tool="the archiver")
    return archive


def _link(args: Args, cc: str, log: frontend.DiagnosticLog, trace) -> None:
    if "-shared" in args.link_flags:
        _shared_library(args, cc, trace)
        return
    with tempfile.TemporaryDirectory(prefix="inspirec-cc-") as temp:
        _link_in(args, cc, log, trace, temp)


def _shared_library(args: Args, cc: str, trace) -> None:
    """``-shared``: the C compiler links the library from its inputs as they
    are (the objects' own code, the C compiler's; a ``.c`` file compiled by
    it), with a warning when an input carries a unit: inspirec compiles a
    program whole, from its ``main``, and a library has none (a program
    linked with it runs the library's code as the C compiler compiled it).
    An object without code of its own is refused."""
    carried = False
    for item in args.inputs:
        if _is_source(args, item) or item.startswith("-l"):
            carried = carried or _is_source(args, item)
            continue
        try:
            with open(item, "rb") as f:
                data = f.read()
        except OSError:
            continue  # the C compiler says what is wrong with it
        members = [body for _, body in archive_members(data)] if is_archive(data) else [data]
        for body in members:
            payload = elf_section(body, SECTION)
            if payload is None:
                continue
            carried = True
            unit = read_payload(payload, item)
            defines = unit.symbols is None or unit.symbols.defines  # else nothing to link
            if defines and not has_own_code(body):
                raise Failure(
                    f"-shared: {item} carries no code of its own (the C compiler could not "
                    "compile its file), and inspirec compiles a whole program from its 'main', "
                    "not a shared library"
                )
    if carried and not args.quiet:
        print(
            f"{PROG}: warning: -shared: the shared library is linked from the C compiler's "
            "code of its files (inspirec compiles whole programs, from their 'main')",
            file=sys.stderr,
        )
    output = args.output or "a.out"
    check_output(output, [u for u in args.inputs if not u.startswith("-l")])
    _run_cc([cc, *args.passthrough, *args.inputs, "-o", output], trace, "linking")


def _link_in(args: Args, cc: str, log: frontend.DiagnosticLog, trace, temp: str) -> None:
    """The link step, with the temporary directory ``temp``."""
    # The passes, the analyses and the backend: imported by the link step
    # only, so that every -c of a build does not pay for them.
    from inspirec import backend, driver

    output = args.output or "a.out"
    inputs: list[CompiledUnit | _Archive] = []  # in command-line order
    sources: list[frontend.PreprocessedFile] = []  # of .c files: not compiled (nor warned of) yet
    link_inputs: list[str] = []
    archives: dict[str, _Archive] = {}  # by real path: one, however often named
    objects: set[str] = set()  # real paths: an object named twice joins once
    for item in args.inputs:
        if _is_source(args, item):
            _check_sources([item])
            sources.append(_preprocessed(args, item))
            inputs.append(CompiledUnit(sources[-1]))
            continue
        path = library_path(item[2:], args.lib_dirs) if item.startswith("-l") else item
        archive = item.startswith("-l") or item.endswith(".a")
        held = LinkInput([], []) if path is None else read_link_input(path)
        carried = held.units
        if carried and archive:
            inputs.append(archives.setdefault(os.path.realpath(path), _Archive(carried)))
            plain = _plain_archive(path, held.plain_members, temp, trace)
            link_inputs += [] if plain is None else [plain]
        elif carried and os.path.realpath(path) not in objects:
            objects.add(os.path.realpath(path))
            inputs += carried
        if not carried:
            link_inputs.append(item)
    whole = any("--whole-archive" in flag.split(",") for flag in args.link_flags)
    compiled = _program_units(inputs, whole)
    units = [c.unit for c in compiled]
    if not units:  # nothing inspirec compiled: an ordinary link
        _run_cc([cc, *args.passthrough, *args.inputs, "-o", output], trace, "linking")
        return
    check_output(output, [u for u in args.inputs if not u.startswith("-l")])
    if trace is not None:
        trace(f"frontend: {len(units)} unit(s): {' '.join(u.path for u in units)}")
    warned = frozenset().union(*(c.unit.origins.files for c in compiled))
    warned -= frozenset().union(*(u.origins.files for u in sources))
    found = frontend.DiagnosticLog()
    said: list[OwnResult] = []
    items = [item for item in args.inputs if _is_source(args, item)]  # those of ``sources``
    checks = [  # the C compiler on the sources, for its warnings: the middle end's too
        OwnCompile(args, item, source.origins.source_line, cc, "program", temp, trace)
        for item, source in zip(items, sources, strict=True)
        if not args.quiet
    ]
    try:
        program = frontend.lower_units(units, found)
        said = [check.finish() for check in checks]
    finally:  # not again the warnings compiling the objects gave
        for check in checks:
            check.discard()
        kept = [d for d in found.diagnostics if d.severity != "warning" or d.file not in warned]
        _log_given(log, kept, said, args)
    _raise_errors(log)
    optimized = driver.optimize(program, verify=True if args.verbose else None, trace=trace)
    name = os.path.splitext(os.path.basename(output))[0] or "program"
    unit = driver.emit(optimized, name, trace)
    options = backend.CCOptions(
        cc=cc,
        optimize=args.optimize or next((c.optimize for c in compiled if c.optimize), "0"),
        lib_dirs=tuple(args.lib_dirs),
        extra=tuple(args.cc_flags),
        link_flags=tuple(args.link_flags),
    )
    try:
        driver.link(unit, output, options, link_inputs, trace)
    except backend.CCompilerError as err:
        raise Failure(str(err)) from None


def _check_options(args: Args, cc: str) -> None:
    """gcc's errors and warnings for the command's options the C compiler
    judges: an unknown ``-W`` option (``-Wfoo``, ``-Werror=foo``; an
    unknown ``-Wno-foo`` is ignored, as in gcc), ``-f`` or ``-m`` option
    (``-fbogus``, ``-march=bogus``), or one that is not for C
    (``-fno-rtti``: a warning).  Configure scripts probe a compiler's
    options so, compiling with ``-c``, which does not reach the C compiler."""
    flags = [f for f in args.warning_flags if f.startswith("-W")]
    flags += [f for f in args.cc_flags if f.startswith(("-f", "-m"))]
    if not flags:
        return
    argv = [cc, "-E", "-x", "c", os.devnull, "-o", os.devnull, *flags]
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, env=_C_LOCALE, check=False)
    except OSError as err:
        raise Failure(f"cannot run the C compiler '{cc}': {err.strerror or err}") from None
    lines = proc.stderr.strip().splitlines()
    if proc.returncode != 0:
        messages = [line.split(": error: ", 1)[1] for line in lines if ": error: " in line]
        raise Failure("\n".join(messages) or proc.stderr.strip())
    for line in lines:
        if ": warning: " in line and not args.quiet:
            print(f"{PROG}: warning: {line.split(': warning: ', 1)[1]}", file=sys.stderr)


#: The environment of the C compiler asked about options: untranslated messages.
_C_LOCALE = {**os.environ, "LC_ALL": "C"}


def _answer_queries(args: Args, cc: str, trace) -> None:
    """The C compiler's answers to the toolchain queries (``-dumpversion``,
    ``-print-file-name=`` ...); ``-v`` without input files: inspirec-cc's
    version, then the C compiler's."""
    if args.queries:
        sys.stdout.write(_run_cc([cc, *args.queries], trace, "answering " + args.queries[0]))
        return
    print(f"{PROG} (inspirec {__version__}), compiling with '{cc}':", file=sys.stderr)
    sys.stderr.write(_run_cc([cc, "-v"], None, "giving its version", stream="stderr"))


def _run(args: Args, cc: str, log: frontend.DiagnosticLog) -> None:
    trace = (lambda text: print(f"{PROG}: {text}", file=sys.stderr)) if args.verbose else None
    if args.queries or (args.verbose and not args.inputs):
        _answer_queries(args, cc, trace)
        return
    _check_options(args, cc)
    if args.mode == "preprocess":
        _preprocess(args)
    elif args.mode == "deps":
        for source in _sources(args):
            _dependencies(args, source, cc, trace, None)
    elif args.mode in ("compile", "check"):
        _compile(args, cc, log, trace)
    else:
        _link(args, cc, log, trace)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``inspirec-cc``; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["--help"], ["-h"]):
        print(usage())
        return EXIT_OK
    if argv == ["--version"]:
        print(f"{PROG} (inspirec {__version__})")
        return EXIT_OK
    if not argv:
        print(f"{PROG}: error: no input files (see '{PROG} --help')", file=sys.stderr)
        return EXIT_USAGE
    cc = os.environ.get("INSPIREC_CC", "cc")
    log = frontend.DiagnosticLog()
    verbose = "-v" in argv
    args: Args | None = None
    try:
        args = parse_args(argv)
        deep_call(_run, args, cc, log)  # any nesting depth the C compiler accepts
        _print(log, verbose)
        return EXIT_OK
    except Usage as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except frontend.CompileError as err:
        _print(log, verbose)
        print(str(err), file=sys.stderr)
        return EXIT_USER
    except Failure as err:
        _print(log, verbose)
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return EXIT_USER
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug in inspirec, not in the user's input
        internal_error(PROG, err, verbose)
        return EXIT_INTERNAL


def usage() -> str:
    """The ``--help`` text: this module's description of the driver, as plain text."""
    description = __doc__.split("\n", 2)[2].strip().replace("``", "'")
    return f"usage: {PROG} [gcc options] FILE...\n\n{description}"


#: The warning options gcc turns on only when asked: ``-Wall`` or their own ...
_OFF_BY_DEFAULT = frozenset({"unknown-pragmas", "return-type"})
#: ... in C90 also those of what C90 allows (a declaration without a type, a
#: call of an undeclared function) ...
_OFF_IN_C90 = frozenset({"implicit-int", "implicit-function-declaration"})
#: ... and those ``-Wextra`` turns on, not ``-Wall``.
_EXTRA = frozenset({"missing-parameter-type"})


def warning_enabled(option: str, flags: Sequence[str], standard: str = "gnu17") -> bool:
    """Whether gcc gives the warnings of ``-W<option>`` under the warning
    flags ``flags`` (in command-line order) and the C standard ``standard``:
    the last of ``-W<option>`` (or ``-Werror=<option>``) and
    ``-Wno-<option>`` decides, else ``-Wall`` or ``-Wextra`` turns on those
    off by default."""
    for flag in reversed(flags):
        if flag in (f"-W{option}", f"-Werror={option}", f"-Wno-{option}"):
            return flag != f"-Wno-{option}"
    if option in _EXTRA:
        return "-Wextra" in flags
    off = option in _OFF_BY_DEFAULT or (option in _OFF_IN_C90 and standard in C90_STANDARDS)
    return not off or "-Wall" in flags


def warning_is_error(option: str | None, flags: Sequence[str]) -> bool:
    """Whether a warning of ``-W<option>`` (None: of no option) is an error
    under ``flags``, as in gcc: the last of ``-Werror=<option>`` and
    ``-Wno-error=<option>`` decides, else the last of ``-Werror`` and
    ``-Wno-error``."""
    for flag in reversed(flags):
        if option is not None and flag in (f"-Werror={option}", f"-Wno-error={option}"):
            return flag == f"-Werror={option}"
    return next((f == "-Werror" for f in reversed(flags) if f in ("-Werror", "-Wno-error")), False)


def _shown(d: frontend.Diagnostic, args: Args) -> bool:
    """Whether inspirec's warning ``d`` is given under the command line ``args``."""
    return not (
        args.quiet or not warning_enabled(d.option or "", args.warning_flags, args.standard)
    )


def _given(diagnostics: Sequence[frontend.Diagnostic], args: Args) -> list[frontend.Diagnostic]:
    """inspirec's ``diagnostics`` as gcc gives them under the command line
    ``args``: without the warnings it leaves off (nor their notes), those
    ``-Werror`` makes errors as gcc gives them (``[-Werror=<option>]``)."""
    out: list[frontend.Diagnostic] = []
    for block in cc_warnings.blocks(diagnostics):
        head = block[0]
        if head.severity == "warning":
            if not _shown(head, args):
                continue
            if warning_is_error(head.option, args.warning_flags):
                option = head.option and f"error={head.option}"
                block = [replace(head, severity="error", option=option), *block[1:]]
        out += block
    return out


def _log_given(
    log: frontend.DiagnosticLog,
    found: Sequence[frontend.Diagnostic],
    results: Sequence[OwnResult],
    args: Args,
) -> None:
    """Add to ``log`` what the user sees of inspirec's diagnostics ``found``
    (:func:`_given`) and of those the C compiler gave in ``results`` (what
    :class:`OwnCompile` read; none when it was not waited for) that inspirec
    did not give, in line order."""
    relayed = [d for result in results for d in result.diagnostics]
    judged = bool(results) and all(r.judged for r in results)
    log.extend(cc_warnings.combined(_given(found, args), relayed, judged))


def _raise_errors(log: frontend.DiagnosticLog) -> None:
    """Fail with the errors of ``log`` (warnings made errors, inspirec's or
    the C compiler's) and their notes, before anything is written."""
    errors = [
        d
        for block in cc_warnings.blocks(log.diagnostics)
        if block[0].severity == "error"
        for d in block
    ]
    if errors:
        raise frontend.CompileError(errors)


def _print(log: frontend.DiagnosticLog, verbose: bool) -> None:
    """Print the warnings and notes of ``log`` (its errors are raised:
    :func:`_raise_errors`); the notes that explain a decision (a ``topic``,
    e.g. why a thread stays an OS thread) only when ``verbose``."""
    for block in cc_warnings.blocks(log.diagnostics):
        if block[0].severity == "error" or (block[0].topic is not None and not verbose):
            continue
        for d in block:
            print(d.format(), file=sys.stderr)


def entry() -> None:
    """Console-script entry point."""
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())


if __name__ == "__main__":
    entry()
