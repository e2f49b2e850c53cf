"""The ``inspirec`` command line: it parses arguments, calls the stages of
:mod:`inspirec.driver` and renders their results (nothing else).

Exit status: 0 success, 1 user error (a diagnostic was printed), 2 bad usage,
3 internal error (a bug in inspirec; the traceback is shown with ``-v``).
``inspirec run`` exits with the program's own status.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence

from inspirec import backend, driver, frontend
from inspirec.analyses import PARAMETERS, TUNINGS, parse_param
from inspirec.analyses.dot import task_graph_dot
from inspirec.analyses.render import report_text
from inspirec.backend import CCOptions
from inspirec.inspire import IRError, deep_call, print_program
from inspirec.inspire.parser import decode_text, parse_mapped, read_text
from inspirec.inspire.verifier import located_problems
from inspirec.passes import PASSES
from inspirec.status import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, EXIT_USER, internal_error
from inspirec.version import __version__


class UserError(Exception):
    """An error in the user's input; the message is printed as a diagnostic."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # bad usage: exit 2 with the usage line
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _param(text: str) -> tuple[str, int | str]:
    try:
        return parse_param(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _add_tuning_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tuning",
        choices=TUNINGS,
        default="full",
        help="how the runtime parameters are chosen: 'full' by the rules measured on this "
        "runtime from the task analyses and the program's search state (within 3%% of "
        "'none' or faster where measured; --explain names each rule), 'paper' by paper "
        "000's decision trees verbatim, "
        "'classify' from the recursive/loop-like classification (paper 001), "
        "'none' the runtime's defaults (default: full)",
    )
    p.add_argument(
        "--param",
        dest="params",
        action="append",
        default=[],
        type=_param,
        metavar="NAME=VALUE",
        help="set one runtime parameter, overriding the tuning (repeatable); byte sizes "
        "accept K/M/G suffixes. " + "; ".join(p.help_text() for p in PARAMETERS).replace("%", "%%"),
    )
    p.add_argument(
        "--no-coalesce",
        dest="coalesce",
        action="store_false",
        help=f"do not run the pass {PASSES['coalesce'].summary}",
    )
    p.add_argument(
        "--no-hybrid",
        dest="hybrid",
        action="store_false",
        help=f"do not run the pass {PASSES['hybrid'].summary}",
    )
    p.add_argument(
        "--global-stacks",
        dest="context_stacks",
        action="store_false",
        help="give every task the program's stack size (by default, under --tuning full, "
        "the tasks of a context that needs less stack run nested in a waiting parent "
        "wherever that much stack is free)",
    )


def _add_serial_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--serial",
        action="store_true",
        help="the program's serial clones only: every task runs at once, taskwait is "
        "dropped, parallel regions run with a team of one thread, no runtime is linked "
        "(a baseline for speedups, and for debugging)",
    )


def _add_c_options(p: argparse.ArgumentParser, compiles: bool) -> None:
    p.add_argument("files", nargs="+", metavar="FILE.c", help="C source files of one program")
    p.add_argument(
        "-I",
        dest="include_dirs",
        action="append",
        default=[],
        metavar="DIR",
        help="add DIR to the include search path (before the bundled headers)",
    )
    p.add_argument(
        "-D",
        dest="defines",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="define a macro, as gcc -D (e.g. -DNAME='\"text\"')",
    )
    p.add_argument(
        "-U",
        dest="undefines",
        action="append",
        default=[],
        metavar="NAME",
        help="undefine a macro, as gcc -U",
    )
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="print the stages and the C compiler commands, verify the IR after every pass; "
        "tracebacks of internal errors",
    )
    if compiles:
        p.add_argument(
            "--cc",
            default=os.environ.get("CC", "cc"),
            help="C compiler to run (default: $CC or cc)",
        )
        p.add_argument(
            "-O",
            dest="optimize",
            nargs="?",
            const="1",
            default="3",
            metavar="LEVEL",
            help="optimisation level passed to the C compiler (default: 3)",
        )
        p.add_argument(
            "-g", dest="debug", action="store_true", help="compile with debug information"
        )
        p.add_argument(
            "-l",
            dest="libs",
            action="append",
            default=[],
            metavar="LIB",
            help="link with library LIB",
        )
        p.add_argument(
            "-L",
            dest="lib_dirs",
            action="append",
            default=[],
            metavar="DIR",
            help="add DIR to the library search path",
        )
        p.add_argument(
            "-W",
            dest="passthrough",
            action="append",
            default=[],
            metavar="c,FLAG",
            help="-Wc,FLAG[,FLAG...] passes FLAGs to the C compiler; commas separate flags, "
            "and a piece that does not start with '-' continues the flag before it "
            "(-Wc,-fsanitize=address,undefined is one flag); -m options among them also "
            "select the instruction set the program is read for (-Wc,-mavx2 defines "
            "__AVX2__); -Wl,OPTION[,...] passes -Wl,OPTION[,...] to the link command only, "
            "as gcc -Wl does",
        )
        p.add_argument(
            "--keep-temps",
            action="store_true",
            help="keep the temporary directory with the emitted C",
        )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="inspirec",
        description=(
            "Source-to-source compiler for task-parallel C: lowers OpenMP task programs "
            "to a parallel IR, analyses their task structure, and emits C for the bundled "
            "work-stealing runtime configured with the parameters the analyses choose."
        ),
    )
    parser.add_argument("--version", action="version", version=f"inspirec {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    verbs.required = True

    b = verbs.add_parser(
        "build",
        help="compile C files to an executable",
        description="Compile C files (one program) to an executable.",
    )
    _add_c_options(b, compiles=True)
    _add_tuning_options(b)
    _add_serial_option(b)
    b.add_argument(
        "-o", dest="output", required=True, metavar="OUT", help="the executable to write"
    )

    e = verbs.add_parser(
        "emit",
        help="translate C files to C, or print their IR",
        description="Translate C files (one program) to C, or print the IR.",
    )
    _add_c_options(e, compiles=False)
    _add_tuning_options(e)
    _add_serial_option(e)
    e.add_argument(
        "--emit",
        choices=("c", "ir", "config"),
        default="c",
        help="what to print: the C translation unit, the IR after coalescing, or the "
        "runtime configuration macros with their reasons (default: c)",
    )
    e.add_argument(
        "-o", dest="output", metavar="OUT", help="write here instead of stdout (- is stdout)"
    )

    r = verbs.add_parser(
        "run",
        help="build C files in a temporary directory and run them",
        description="Build C files and run the program; arguments after -- go "
        "to the program, and inspirec exits with the program's exit status.",
    )
    _add_c_options(r, compiles=True)
    _add_tuning_options(r)
    _add_serial_option(r)

    a = verbs.add_parser(
        "analyze",
        help="report the task analyses and the chosen runtime parameters",
        description="Report, per task context, the recursive and loop-like parallel "
        "paths, effort, stack and closure size; their aggregate; the runtime parameters "
        "the tuning policy chooses; and the synchronization coalescing decisions.",
    )
    _add_c_options(a, compiles=False)
    _add_tuning_options(a)
    a.add_argument("--json", action="store_true", help="print the report as JSON (a stable schema)")
    a.add_argument(
        "--explain",
        action="store_true",
        help="add the reason for every parameter, coalescing decision and thread conversion",
    )
    a.add_argument(
        "--dot", metavar="FILE", help="also write the task structure as Graphviz DOT to FILE"
    )

    ir = verbs.add_parser(
        "ir",
        help="parse, verify and print back an IR text file",
        description=(
            "Parse an IR text file, verify it (well-formedness and types) and print "
            "it back in canonical form. Exit status 1 with a diagnostic if the file "
            "is malformed or does not verify."
        ),
    )
    ir.add_argument("file", metavar="FILE.ir", help="IR text file ('-' for standard input)")
    ir.add_argument(
        "-o", dest="output", metavar="OUT", help="write the program here (default: stdout)"
    )
    ir.add_argument("--no-verify", action="store_true", help="skip the verifier")
    ir.add_argument(
        "-v", "--verbose", action="store_true", help="show tracebacks of internal errors"
    )
    return parser


# --------------------------------------------------------------------- verbs
def _write_output(text: str, output: str | None) -> None:
    """``text`` into the file ``output``; to standard output without one or
    for ``-``, as gcc writes ``-o -``."""
    if not output or output == "-":
        sys.stdout.write(text)
        return
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as err:
        raise UserError(f"{output}: error: cannot write: {err.strerror}") from None


def _cmd_ir(args: argparse.Namespace) -> int:
    """Parse (standard input's bytes decoded as a file's), verify with each
    problem at its line and column of the text, print back."""
    if args.file == "-":
        name = "<stdin>"
        text = decode_text(sys.stdin.buffer.read(), name)
    else:
        name = args.file
        text = read_text(name)
    program, source = parse_mapped(text, name)
    if not args.no_verify:
        problems = located_problems(program)
        for at, message in problems:
            print(source.error(at, message).format(), file=sys.stderr)
        if problems:
            return EXIT_USER
    _write_output(print_program(program), args.output)
    return EXIT_OK


def _trace(args: argparse.Namespace):
    """The stage printer of ``-v`` (None without it)."""
    if not args.verbose:
        return None
    return lambda text: print(f"inspirec: {text}", file=sys.stderr)


def split_wc(item: str) -> list[str]:
    """The C compiler flags of one ``-Wc,...`` option (``item`` is the text after ``-W``).

    Commas separate flags; a piece that does not start with ``-`` continues
    the flag before it, so ``c,-fsanitize=address,undefined`` is the one
    flag ``-fsanitize=address,undefined``.
    """
    if not item.startswith("c,"):
        raise UserError(f"inspirec: error: unknown option -W{item} (use -Wc,FLAG or -Wl,OPTION)")
    flags: list[str] = []
    for piece in item[2:].split(","):
        if flags and not piece.startswith("-"):
            flags[-1] += "," + piece
        elif piece:
            flags.append(piece)
    return flags


def _cc_options(args: argparse.Namespace) -> CCOptions:
    link_flags = [f"-W{item}" for item in args.passthrough if item.startswith("l,")]
    extra = [
        flag for item in args.passthrough if not item.startswith("l,") for flag in split_wc(item)
    ]
    level = args.optimize
    if level not in ("0", "1", "2", "3", "s", "fast", "g"):
        raise UserError(f"inspirec: error: invalid optimisation level -O{level}")
    return CCOptions(
        cc=args.cc,
        optimize=level,
        debug=args.debug,
        libs=tuple(args.libs),
        lib_dirs=tuple(args.lib_dirs),
        extra=tuple(extra),
        link_flags=tuple(link_flags),
        keep_temps=args.keep_temps,
    )


def _optimized(args: argparse.Namespace, log: frontend.DiagnosticLog) -> driver.Optimized:
    """The program after the passes, and its analysis under the chosen tuning."""
    cpp = driver.CppOptions(tuple(args.include_dirs), tuple(args.defines), tuple(args.undefines))
    trace = _trace(args)
    program = driver.lower_c(args.files, cpp, log, trace)
    verify = True if args.verbose else None
    return driver.optimize(
        program,
        args.tuning,
        dict(args.params),
        args.coalesce,
        verify,
        trace,
        args.hybrid,
        args.context_stacks,
    )


def _cmd_emit(args: argparse.Namespace, log: frontend.DiagnosticLog) -> int:
    if args.output:
        driver.check_output(args.output, args.files)
    optimized = _optimized(args, log)
    if args.emit == "ir":
        _write_output(print_program(optimized.program), args.output)
    elif args.emit == "config":
        choice = optimized.analysis.choice
        title = f"runtime configuration chosen by inspirec (--tuning {choice.tuning})"
        _write_output(choice.config.header(title, choice.reasons), args.output)
    else:
        name = driver.program_name(args.files)
        unit = driver.emit(optimized, name, _trace(args), args.serial)
        _write_output(unit.text, args.output)
    return EXIT_OK


def _cmd_analyze(args: argparse.Namespace, log: frontend.DiagnosticLog) -> int:
    if args.dot:
        driver.check_output(args.dot, args.files)
    program, analysis = _optimized(args, log)
    if args.dot:
        _write_output(task_graph_dot(program, analysis), args.dot)
    if args.json:
        sys.stdout.write(json.dumps(analysis.to_json(), indent=2) + "\n")
        return EXIT_OK
    notes = [d for d in log.diagnostics if d.severity == "note"] if args.explain else []
    sys.stdout.write(report_text(analysis, explain=args.explain))
    if notes:
        sys.stdout.write("\nThread create/join:\n")
        for d in notes:
            sys.stdout.write("".join(f"  {line}\n" for line in d.format().splitlines()))
    return EXIT_OK


def _build(args: argparse.Namespace, log: frontend.DiagnosticLog, output: str) -> None:
    options = _cc_options(args)
    trace = _trace(args)
    built = driver.build(
        args.files,
        output,
        args.include_dirs,
        args.defines,
        args.undefines,
        args.tuning,
        dict(args.params),
        args.coalesce,
        options,
        log,
        trace,
        verify=True if args.verbose else None,
        serial=args.serial,
        hybrid=args.hybrid,
        context_stacks=args.context_stacks,
    )
    if built.kept_temps:
        print(f"inspirec: temporary files kept in {built.kept_temps}", file=sys.stderr)


def _cmd_build(args: argparse.Namespace, log: frontend.DiagnosticLog) -> int:
    _build(args, log, args.output)
    return EXIT_OK


def _cmd_run(args: argparse.Namespace, log: frontend.DiagnosticLog, program_args: list[str]) -> int:
    temp = tempfile.mkdtemp(prefix="inspirec-run-")
    try:
        exe = os.path.join(temp, "program")
        _build(args, log, exe)
        _flush_warnings(log)
        if args.verbose:
            print(f"inspirec: run: {' '.join([exe, *program_args])}", file=sys.stderr)
        sys.stdout.flush()
        proc = subprocess.run([exe, *program_args], check=False)
        if proc.returncode < 0:
            return 128 - proc.returncode
        return proc.returncode
    finally:
        shutil.rmtree(temp, ignore_errors=True)


class _Log(frontend.DiagnosticLog):
    """A diagnostic log that prints each diagnostic once, when flushed; notes that
    explain a compiler decision (a ``topic``) only when ``verbose``."""

    printed = 0
    verbose = False


def _flush_warnings(log: _Log) -> None:
    for d in log.diagnostics[log.printed :]:
        if d.topic is None or log.verbose:
            print(d.format(), file=sys.stderr)
    log.printed = len(log.diagnostics)


def _dispatch(args: argparse.Namespace, log: _Log, program_args: list[str]) -> int:
    if args.verb == "ir":
        return _cmd_ir(args)
    if args.verb == "emit":
        status = _cmd_emit(args, log)
    elif args.verb == "build":
        status = _cmd_build(args, log)
    elif args.verb == "run":
        return _cmd_run(args, log, program_args)
    else:
        status = _cmd_analyze(args, log)
    _flush_warnings(log)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    program_args: list[str] = []
    if argv[:1] == ["run"] and "--" in argv:
        cut = argv.index("--")
        argv, program_args = argv[:cut], argv[cut + 1 :]
    args = _parser().parse_args(argv)
    log = _Log()
    log.verbose = bool(getattr(args, "verbose", False))
    try:
        # Every stage follows the nesting of the program: run them on a deep
        # stack, so that any depth the C compiler accepts is ordinary input.
        return deep_call(_dispatch, args, log, program_args)
    except frontend.CompileError as err:
        _flush_warnings(log)
        print(str(err), file=sys.stderr)
        return EXIT_USER
    except backend.CCompilerError as err:
        _flush_warnings(log)
        print(f"inspirec: error: {err}", file=sys.stderr)
        return EXIT_USER
    except IRError as err:
        print(err.format(), file=sys.stderr)
        return EXIT_USER
    except UserError as err:
        print(str(err), file=sys.stderr)
        return EXIT_USER
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug in inspirec, not in the user's input
        internal_error("inspirec", err, args.verbose)
        return EXIT_INTERNAL


def entry() -> None:
    """Console-script entry point."""
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
