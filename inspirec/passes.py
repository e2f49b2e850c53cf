"""The IR -> IR passes, registered by name in one place (:data:`PASSES`).

A pass is a pure function from a verified program to a program and the
decisions it took (each decision explains itself, e.g. a
:class:`~analyses.CoalescingDecision`).  :func:`run_passes` runs a pipeline
of passes by name; with ``verify`` it runs the IR verifier after every pass
and reports a pass that breaks the IR as an internal error naming the pass.
The verifier runs when ``verify`` is true, or, left unset, when the
environment sets ``INSPIREC_VERIFY_PASSES=1`` (the test suite does).

To add a pass: write it as a function ``Program -> (Program, decisions)``
next to the analyses it needs, then add one :class:`Pass` row here; the
driver and the command line find it by name.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from inspirec.analyses import coalesce
from inspirec.analyses.hybrid import hybrid
from inspirec.analyses.mergeable import mergeable
from inspirec.analyses.value_captures import value_captures
from inspirec.inspire import Program, verify


@dataclass(frozen=True)
class Pass:
    """One registered IR -> IR pass."""

    name: str
    summary: str
    run: Callable[[Program], tuple[Program, Sequence[object]]]


#: Every pass, by name, in the order the default pipeline runs them.
PASSES: dict[str, Pass] = {
    p.name: p
    for p in (
        Pass(
            "coalesce",
            "synchronization coalescing: joins of individual thread groups become one merge_all",
            coalesce,
        ),
        Pass(
            "hybrid",
            "hybrid scheduling: a loop that only spawns independent tasks becomes one range job",
            hybrid,
        ),
        Pass(
            "mergeable",
            "taskloops whose logical tasks keep nothing of their own may run several in one call",
            mergeable,
        ),
        Pass(
            "readonly",
            "regions and parallel loops copy the shared scalars nothing can change while they run",
            value_captures,
        ),
    )
}

#: The passes ``inspirec`` runs unless told otherwise.
DEFAULT_PIPELINE = tuple(PASSES)


class PassBrokeIR(RuntimeError):
    """A pass produced a program the verifier rejects (a bug in that pass)."""


@dataclass(frozen=True)
class PassRun:
    """The result of one pass: its name and its decisions."""

    name: str
    decisions: tuple[object, ...]


def verifying_by_default() -> bool:
    """Whether passes are verified when the caller does not say (``INSPIREC_VERIFY_PASSES``)."""
    return os.environ.get("INSPIREC_VERIFY_PASSES") == "1"


def run_passes(
    program: Program,
    pipeline: Sequence[str] = DEFAULT_PIPELINE,
    verify_each: bool | None = None,
    trace: Callable[[str], None] | None = None,
) -> tuple[Program, tuple[PassRun, ...]]:
    """Run the passes named in ``pipeline`` in order; ValueError for an unknown name."""
    unknown = [name for name in pipeline if name not in PASSES]
    if unknown:
        raise ValueError(f"unknown pass '{unknown[0]}' (valid: {', '.join(PASSES)})")
    check = verifying_by_default() if verify_each is None else verify_each
    runs = []
    for name in pipeline:
        if trace is not None:
            trace(f"pass {name}" + (" (verified)" if check else ""))
        program, decisions = PASSES[name].run(program)
        if check:
            problems = verify(program)
            if problems:
                raise PassBrokeIR(
                    f"the IR does not verify after pass '{name}':\n" + "\n".join(problems[:20])
                )
        runs.append(PassRun(name, tuple(decisions)))
    return program, tuple(runs)
