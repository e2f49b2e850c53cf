"""Aggregation of the per-context results over the program (paper 000 §3.3).

* ρ and λ: the minimum over contexts — the program counts as recursive
  (loop-like) only if every context is; over-estimating the tasks a program
  creates risks starvation, under-estimating only some overhead (§3.3.1).
* Effort: the mean over contexts (§3.3.2), in whole units, capped at
  :data:`EFFORT_CAP` (efforts are products of trip counts and can exceed a
  float's range; every policy threshold is far below the cap).
* Stack and closure: the maximum, rounded up to a power of two; the stack at
  least :data:`MIN_STACK_BYTES` (§3.3.3).  The stack maximum also covers the
  implicit tasks of parallel regions, which run on work-item stacks too; the
  closure at least 8 bytes (the runtime's smallest parameter buffer).
  ``stack_guessed`` names the work items whose estimate counts a recursion
  at the assumed depth (:data:`analyses.stack.RECURSION_FACTOR` frames),
  a VLA or ``alloca`` sized at run time, or that spawn converted threads:
  for them the estimate is a guess, not a bound.

* Search state: the program's, as :func:`analyses.search_state.search_state`
  reports it (not per context: a global is shared by every context).

Every aggregate value keeps the source locations of the contexts (or
regions) that determined it, for the explanations of
:mod:`analyses.policies`.  A program without task contexts has ρ = λ = 0,
effort 0 and closure 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MIN_STACK_BYTES = 16 * 1024
#: Mean efforts are reported as floats; beyond this they are capped (a float's range ends near).
EFFORT_CAP = 10**300
MIN_CLOSURE_BYTES = 8


@dataclass(frozen=True)
class ContextResult:
    """The analyses of one task context (raw estimates, not rounded)."""

    function: str
    location: str
    recursive_paths: int
    loop_paths: int
    effort: int
    stack_bytes: int
    closure_bytes: int
    spawn_sites: tuple[str, ...]
    stack_guessed: bool = False  # the stack estimate is a guess (recursion depth, VLA size)


@dataclass(frozen=True)
class RegionResult:
    """The stack estimate of one parallel region's implicit tasks."""

    function: str
    location: str
    stack_bytes: int
    stack_guessed: bool = False  # the stack estimate is a guess (recursion depth, VLA size)


@dataclass(frozen=True)
class Aggregate:
    """The program-level values; ``drivers`` maps each field to the locations behind it."""

    contexts: int
    recursive_paths: int
    loop_paths: int
    effort: float
    stack_bytes: int
    closure_bytes: int
    drivers: dict[str, tuple[str, ...]]
    search_state: tuple[str, ...] = ()
    stack_guessed: tuple[str, ...] = ()


def round_up_pow2(n: int) -> int:
    """The smallest power of two >= n (1 for n <= 1)."""
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def _described(function: str, location: str) -> str:
    return f"{function} at {location}"


def aggregate(
    contexts: Sequence[ContextResult],
    regions: Sequence[RegionResult] = (),
    search_state: Sequence[str] = (),
) -> Aggregate:
    """The aggregate of the context (and region) results and the program's
    search state (see the module docstring)."""
    drivers: dict[str, tuple[str, ...]] = {}
    if contexts:
        rho = min(c.recursive_paths for c in contexts)
        lam = min(c.loop_paths for c in contexts)
        effort = min(sum(c.effort for c in contexts) // len(contexts), EFFORT_CAP) * 1.0
        closure = max(c.closure_bytes for c in contexts)
        for name, value in (
            ("recursive_paths", rho),
            ("loop_paths", lam),
            ("closure_bytes", closure),
        ):
            drivers[name] = tuple(
                _described(c.function, c.location) for c in contexts if getattr(c, name) == value
            )
        drivers["effort"] = tuple(_described(c.function, c.location) for c in contexts)
    else:
        rho = lam = closure = 0
        effort = 0.0
    work_items = [
        (c.stack_bytes, _described(c.function, c.location), c.stack_guessed) for c in contexts
    ]
    work_items += [
        (r.stack_bytes, f"parallel region in {r.function} at {r.location}", r.stack_guessed)
        for r in regions
    ]
    stack = max((s for s, _, _ in work_items), default=0)
    drivers["stack_bytes"] = tuple(d for s, d, _ in work_items if s == stack and stack)
    return Aggregate(
        contexts=len(contexts),
        recursive_paths=rho,
        loop_paths=lam,
        effort=effort,
        stack_bytes=max(MIN_STACK_BYTES, round_up_pow2(stack)),
        closure_bytes=max(MIN_CLOSURE_BYTES, round_up_pow2(closure)) if contexts else 0,
        drivers=drivers,
        search_state=tuple(search_state),
        stack_guessed=tuple(d for _, d, guessed in work_items if guessed),
    )
