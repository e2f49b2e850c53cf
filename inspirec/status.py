"""The exit statuses of ``inspirec`` and ``inspirec-cc`` and the report of
an internal error (light: imported before the compiler's stages)."""

from __future__ import annotations

import sys
import traceback

__all__ = ["EXIT_INTERNAL", "EXIT_OK", "EXIT_USAGE", "EXIT_USER", "internal_error"]

#: 0 ok, 1 an error in the user's input (a diagnostic was printed), 2 bad
#: usage, 3 an internal error (a bug in inspirec).
EXIT_OK, EXIT_USER, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def internal_error(prog: str, err: Exception, verbose: bool) -> None:
    """Report a bug in inspirec (with the traceback when ``verbose``)."""
    print(
        f"{prog}: internal error: {type(err).__name__}: {err}\n"
        "This is a bug in inspirec; please report it with the input that triggers it"
        + ("" if verbose else " (run with -v for a traceback)")
        + ".",
        file=sys.stderr,
    )
    if verbose:
        traceback.print_exc()
