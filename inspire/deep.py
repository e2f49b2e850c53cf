"""Running recursive IR code at any nesting depth the C compiler accepts.

The parser's node builder, the printer and the verifier follow the nesting
of the program (a 30000-deep expression, 100000 nested blocks: gcc accepts
both).  Their entry points run through :func:`deep_call`, which runs the
work on a thread whose stack and recursion limit suffice for those depths
(Python's defaults stop near 1000 levels), so a deep program is ordinary
input, not an internal error.

Contract: ``deep_call(f, ...)`` returns what ``f(...)`` returns and raises
what it raises; called on such a thread already (an entry point used by
another), it simply calls ``f``.  Only one deep thread starts at a time:
the stack size of new threads is a process-wide setting.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: Stack of the deep thread (address space, committed only as used).
STACK_BYTES = 1024 * 1024 * 1024
#: Python frames allowed on it: a nesting level costs a few frames.
RECURSION_LIMIT = 1_000_000

_start_lock = threading.Lock()
_local = threading.local()


def on_deep_stack() -> bool:
    """Whether the calling thread is a deep thread started by :func:`deep_call`."""
    return getattr(_local, "deep", False)


def deep_call(function: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """``function(*args, **kwargs)`` on a deep thread (see the module docstring)."""
    if on_deep_stack():
        return function(*args, **kwargs)
    results: list[_T] = []
    failures: list[BaseException] = []

    def run() -> None:
        _local.deep = True
        try:
            results.append(function(*args, **kwargs))
        except BaseException as exc:  # re-raised in the calling thread below
            failures.append(exc)

    with _start_lock:
        old_limit = sys.getrecursionlimit()
        old_stack = threading.stack_size(STACK_BYTES)
        try:
            sys.setrecursionlimit(max(old_limit, RECURSION_LIMIT))
            # A daemon: interrupted (Ctrl-C), the process exits without it.
            thread = threading.Thread(target=run, name="inspire-deep", daemon=True)
            thread.start()
            thread.join()
        finally:
            threading.stack_size(old_stack)
            sys.setrecursionlimit(old_limit)
    if failures:
        raise failures[0]
    return results[0]
