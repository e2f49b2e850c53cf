"""The ``inspirec`` command line.

Exit status: 0 success, 1 user error (a diagnostic was printed), 2 bad usage,
3 internal error (a bug in inspirec; the traceback is shown with ``-v``).
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence

from inspire import IRError, VerificationError, check, parse_file, print_program
from inspirec.version import __version__

EXIT_OK, EXIT_USER, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

_C_VERBS = {
    "build": "compile C files to an executable linked with the inspire runtime",
    "emit": "translate C files to C for the inspire runtime, or print their IR",
    "run": "build C files in a temporary directory and run the program",
    "analyze": "report the task analyses and the chosen runtime parameters",
}


class UserError(Exception):
    """An error in the user's input; the message is printed as a diagnostic."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="inspirec",
        description=(
            "Source-to-source compiler for task-parallel C: lowers OpenMP-task and "
            "thread create/join programs to a parallel IR, analyses their task "
            "structure, and emits C for a work-stealing runtime configured for them."
        ),
    )
    parser.add_argument("--version", action="version", version=f"inspirec {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB")
    verbs.required = True

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

    for verb, summary in _C_VERBS.items():
        p = verbs.add_parser(
            verb,
            help=f"{summary} (not available yet)",
            description=f"{summary}. Not available yet: this version has no C frontend.",
        )
        p.add_argument("files", nargs="*", metavar="FILES", help="C source files")
        p.add_argument(
            "-v", "--verbose", action="store_true", help="show tracebacks of internal errors"
        )
    return parser


def _cmd_ir(args: argparse.Namespace) -> int:
    if args.file == "-":
        from inspire import parse

        program = parse(sys.stdin.read(), "<stdin>")
        name = "<stdin>"
    else:
        program = parse_file(args.file)
        name = args.file
    if not args.no_verify:
        try:
            check(program)
        except VerificationError as err:
            for problem in err.problems:
                print(f"{name}: error: IR verification failed at {problem}", file=sys.stderr)
            return EXIT_USER
    text = print_program(program)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as err:
            raise UserError(f"{args.output}: error: cannot write: {err.strerror}") from None
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _cmd_c_verb(args: argparse.Namespace) -> int:
    raise UserError(
        f"inspirec: error: '{args.verb}' needs the C frontend, which is not implemented "
        "in this version yet (only 'inspirec ir' is available)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    args = _parser().parse_args(argv)
    try:
        if args.verb == "ir":
            return _cmd_ir(args)
        return _cmd_c_verb(args)
    except IRError as err:
        print(err.format(), file=sys.stderr)
        return EXIT_USER
    except UserError as err:
        print(str(err), file=sys.stderr)
        return EXIT_USER
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug in inspirec, not in the user's input
        print(
            f"inspirec: internal error: {type(err).__name__}: {err}\n"
            "This is a bug in inspirec; please report it with the input that triggers it"
            + ("" if args.verbose else " (run with -v for a traceback)")
            + ".",
            file=sys.stderr,
        )
        if args.verbose:
            traceback.print_exc()
        return EXIT_INTERNAL


def entry() -> None:
    """Console-script entry point."""
    sys.exit(main())
