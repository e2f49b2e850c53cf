"""What the analyses assume about functions without a body (libc, libm, pthreads).

A call of an external function contributes an *effort* (the granularity
analysis) and a *stack allowance* in bytes (the stack-size analysis), both
read from the library table (:mod:`inspire.library`, which says why the
values are what they are).  A function the table does not know, or a call
through a function pointer, costs :data:`UNKNOWN`.
"""

from __future__ import annotations

from typing import NamedTuple

from inspirec.inspire.library import UNKNOWN as _UNKNOWN_FUNCTION
from inspirec.inspire.library import library_function


class ExternalCost(NamedTuple):
    """The assumed cost of one call of a function without a body."""

    effort: int
    stack_bytes: int


#: The cost of a call whose callee the library table does not know.
UNKNOWN = ExternalCost(_UNKNOWN_FUNCTION.effort, _UNKNOWN_FUNCTION.stack_bytes)


def cost_of(name: str) -> ExternalCost:
    """The assumed cost of calling the external function ``name``."""
    f = library_function(name)
    return ExternalCost(f.effort, f.stack_bytes)
