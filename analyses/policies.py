"""Parameter policies: from the aggregate to the five runtime parameters.

Each policy is a pure function of the :class:`~analyses.aggregate.Aggregate`
returning a :class:`Choice`: the configuration and, per parameter, the
reason (the rule that fired and the source locations behind its inputs).

``full`` (the default): the rules of :data:`FULL_RULES`, each named, which
``--explain`` cites.  They were re-derived for this runtime (issue #17): the
paper's tree (``paper`` below) was tuned for Insieme's runtime, and on ours
it made the default build the slow one (0.91x of ``none``, geometric mean
at 2 workers; floorplan 0.28x: its push front made depth-first execution,
the deque rarely filled and lazy creation almost never applied).

* rule Q1: queue policy = the runtime's default (push back, steal back)
  when the program has search state (:mod:`analyses.search_state`: a global
  its tasks both read and write);
* rule Q2: otherwise push front, steal back;
* rule S1: queue size = the runtime's default (16); under the push-front
  policies the runtime itself gives a work item 1 slot when it has one
  worker and no priorities are in effect (``inspire_rt.queue_limit``);
* rule E1: event table buckets = the runtime's default (97);
* rule M1: parameter buffer = the aggregated closure size (every closure
  still fits; a smaller work item);
* rule M2: stack = the aggregated stack size (smaller work-item stacks),
  but at least the runtime's default (8 MiB, also Linux's default stack
  of a program's main thread) when an estimate counts a recursion at its
  assumed depth, or a VLA or ``alloca`` whose size is known only at run
  time, or a converted POSIX or C11 thread (which expects a thread's
  stack for the library code it calls): that estimate is a guess.  BOTS
  uts's tree search recurses 17844 levels deep, beyond any guess (a 2 MiB
  stack overflowed); a function called in a parallel region may declare a
  1 MiB VLA; glibc's snprintf of a long double with 4000 digits takes
  17 KiB.  What fits the serial program's stack fits there too.

Derivation (``benchmarks/RESULTS.md``, the sections of session 11):

* push front used to lose everywhere on this runtime because lazy task
  creation did not throttle it (fib: every call a work item with 64 deque
  slots).  Since a child run nested under push front gets half its
  parent's deque limit (``runtime_c/src/frame.c``), push front is within
  3 % of the default or faster on every program without search state
  (BOTS alignment, concom, fft, fib, health, nqueens, sort, sparselu,
  strassen; benchmarks/ alignment, delannoy, fft, fib, health, nqueens,
  pyramids, sort, sparselu, strassen, uts), e.g. at 2 workers BOTS fib
  1.14x, strassen 1.18x (and half the peak RSS: depth-first order keeps
  fewer temporaries live), health 1.26x and pyramids 1.51x on benchmarks/
  (2026-11-26, medians of 5 to 15 interleaved runs, load 0.3 to 1.7);
  ``full`` reaches 93.7 % of a queue sweep's optimum on average;
* on programs with search state the policy changes how much work there is:
  BOTS knapsack 0.90x and floorplan 0.86x with push front at 2 workers
  (their tasks read the bound that other tasks write: the order decides
  what is pruned), and no analysis predicts which order prunes more
  (knapsack is 12x *faster* with push front without the throttle, because
  its search then meets the good bounds first).  Q1 keeps the default
  there, which runs the program's serial order below the first levels;
* queue sizes 4 and 64 never won beyond the noise in the 2026-11-24 grid
  (S1).  Under push front, sizes 1, 2 and 4 gain on the finest-grained
  recursions at 2 workers (fib, health, pyramids) but lose on fft (0.58x,
  0.75x, 0.92x) and uts (0.60x, 0.73x, 0.99x), which need more items for
  thieves; at 1 worker, where there is no thief, 1 slot was within 3 % or
  faster on every program without search state (fib 1.04x of Ts instead
  of 1.33x), so the runtime applies it there (2026-11-26, session 13).
  The other rules change memory only.

``paper``: paper 000's decision trees (§3.3.4) verbatim, for comparison,
with ρ, λ and effort e of the aggregate:

* queue policy: self push front (``push_front_steal_back``) if ρ > 5 or
  1M < e <= 1T, else the default;
* queue size: 128 if ρ = 0 and λ > 0, else 8 if 1M < e <= 1T, else 4;
* event table buckets: 256019 if ρ > 0, else 97;
* parameter buffer: the aggregated closure size;
* stack: the aggregated stack size.

Under ``full`` and ``paper`` a program without task contexts keeps the
defaults of the task parameters (queue policy and size, buckets, parameter
buffer); its stack still follows the regions' estimate.

``classify`` (paper 001 §4): recursive (ρ > 0) -> push back, queue 8;
else loop-like (λ > 0) -> push front, queue 64; else push front, queue 32.
The other parameters keep their defaults.

``none``: the runtime's defaults (:class:`~analyses.config.RuntimeConfig`).

:func:`with_overrides` applies ``--param NAME=VALUE`` settings on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from inspirec.analyses.aggregate import Aggregate
from inspirec.analyses.config import PARAMETER, PARAMETER_NAMES, RuntimeConfig

TUNINGS = ("full", "paper", "classify", "none")

#: The rules of ``full``: name -> what it sets and why (cited by ``--explain``).
FULL_RULES = {
    "Q1": "queue policy = the runtime's default, because tasks read globals that tasks write "
    "(search state: the order of the tasks decides how much work there is)",
    "Q2": "queue policy = push front, steal back: no search state, and push front "
    "(depth first, throttled) measured at least 0.97x and up to 1.26x of the default "
    "(benchmarks/RESULTS.md)",
    "S1": "queue size = the runtime's default; no other size is measured to win "
    "without losing more than 3 % elsewhere at 2 workers; under push front a runtime "
    "of one worker gives its items 1 slot (benchmarks/RESULTS.md)",
    "E1": "event table buckets = the runtime's default",
    "M1": "parameter buffer = the aggregated closure size",
    "M2": "stack = the aggregated stack size, at least the default where it is a guess "
    "(a recursion depth, a run-time-sized VLA or alloca)",
}

_MEGA = 10**6
_TERA = 10**12


@dataclass(frozen=True)
class Choice:
    """A runtime configuration and the reason for each of its values."""

    tuning: str
    config: RuntimeConfig
    reasons: dict[str, str]


def _where(agg: Aggregate, key: str) -> str:
    drivers = agg.drivers.get(key, ())
    if not drivers:
        return ""
    shown = ", ".join(drivers[:3]) + (f" and {len(drivers) - 3} more" if len(drivers) > 3 else "")
    return f": {shown}"


def _facts(agg: Aggregate) -> dict[str, str]:
    rho_where, lambda_where = _where(agg, "recursive_paths"), _where(agg, "loop_paths")
    return {
        "rho": f"rho = {agg.recursive_paths} (minimum over contexts{rho_where})",
        "lambda": f"lambda = {agg.loop_paths} (minimum over contexts{lambda_where})",
        "effort": f"effort = {agg.effort:.3g} (mean over {agg.contexts} context(s))",
    }


def _defaults(tuning: str, why: str) -> Choice:
    return Choice(tuning, RuntimeConfig(), {name: f"default ({why})" for name in PARAMETER_NAMES})


def _stack_reason(agg: Aggregate) -> str:
    return (
        "aggregated stack estimate: maximum over work items, rounded up to a power of two, "
        f"at least 16 KiB (largest{_where(agg, 'stack_bytes')})"
    )


def _m2_stack(agg: Aggregate) -> tuple[int, str]:
    """Rule M2: the aggregated stack, at least the default when it is a guess."""
    default = PARAMETER["stack_bytes"].default
    why = f"rule M2: {_stack_reason(agg)}"
    if not agg.stack_guessed or agg.stack_bytes >= default:
        return agg.stack_bytes, why
    guessed = "; ".join(agg.stack_guessed[:3])
    return default, (
        f"{why}, raised to the default {default // (1024 * 1024)} MiB: the estimate "
        f"assumes a recursion depth, the size of a VLA or alloca, or what a thread's "
        f"library code needs, so it is no bound "
        f"({guessed})"
    )


def _without_contexts(tuning: str, agg: Aggregate, m2: bool = False) -> Choice:
    """The defaults, with the regions' stack estimate when there are regions
    (under rule M2 when ``m2``)."""
    choice = _defaults(tuning, "no task contexts")
    if not agg.drivers.get("stack_bytes"):
        return choice
    stack, why = _m2_stack(agg) if m2 else (agg.stack_bytes, _stack_reason(agg))
    reasons = dict(choice.reasons, stack_bytes=why)
    return Choice(tuning, replace(choice.config, stack_bytes=stack), reasons)


def _closure_reason(agg: Aggregate) -> str:
    return (
        "aggregated closure size: maximum over contexts, rounded up to a "
        f"power of two, at least 8 (largest{_where(agg, 'closure_bytes')})"
    )


def _rule(name: str) -> str:
    return f"rule {name}: {FULL_RULES[name]}"


def full(agg: Aggregate) -> Choice:
    """The rules derived for this runtime (:data:`FULL_RULES`, see the module docstring)."""
    if agg.contexts == 0:
        return _without_contexts("full", agg, m2=True)
    facts = _facts(agg)
    if agg.search_state:
        policy = PARAMETER["queue_policy"].default
        policy_why = f"{_rule('Q1')}: {'; '.join(agg.search_state[:3])}"
    else:
        policy, policy_why = "push_front_steal_back", _rule("Q2")
    stack, stack_why = _m2_stack(agg)
    config = replace(
        RuntimeConfig(),
        queue_policy=policy,
        param_buffer_bytes=agg.closure_bytes,
        stack_bytes=stack,
    )
    classes = f"({facts['rho']}; {facts['lambda']}; {facts['effort']})"
    reasons = {
        "queue_policy": f"{policy_why} {classes}",
        "queue_size": f"{_rule('S1')} {classes}",
        "event_table_buckets": _rule("E1"),
        "param_buffer_bytes": f"rule M1: {_closure_reason(agg)}",
        "stack_bytes": stack_why,
    }
    return Choice("full", config, reasons)


def paper(agg: Aggregate) -> Choice:
    """Paper 000's decision trees, verbatim (see the module docstring)."""
    if agg.contexts == 0:
        return _without_contexts("paper", agg)
    rho, lam, e = agg.recursive_paths, agg.loop_paths, agg.effort
    facts = _facts(agg)
    medium = _MEGA < e <= _TERA
    if rho > 5:
        policy, why = "push_front_steal_back", f"rule rho > 5: {facts['rho']}"
    elif medium:
        policy, why = "push_front_steal_back", f"rule 1M < effort <= 1T: {facts['effort']}"
    else:
        policy = PARAMETER["queue_policy"].default
        why = f"default: neither rho > 5 nor 1M < effort <= 1T ({facts['rho']}; {facts['effort']})"
    if rho == 0 and lam > 0:
        size, size_why = 128, f"rule rho = 0 and lambda > 0: {facts['rho']}; {facts['lambda']}"
    elif medium:
        size, size_why = 8, f"rule 1M < effort <= 1T: {facts['effort']}"
    else:
        size, size_why = 4, f"otherwise-rule (fine or coarse, not loop-only): {facts['effort']}"
    if rho > 0:
        buckets, buckets_why = 256019, f"rule rho > 0: {facts['rho']}"
    else:
        buckets, buckets_why = 97, f"rule rho = 0: {facts['rho']}"
    config = RuntimeConfig(
        queue_policy=policy,
        queue_size=size,
        event_table_buckets=buckets,
        param_buffer_bytes=agg.closure_bytes,
        stack_bytes=agg.stack_bytes,
    )
    reasons = {
        "queue_policy": f"paper 000 {why}",
        "queue_size": f"paper 000 {size_why}",
        "event_table_buckets": f"paper 000 {buckets_why}",
        "param_buffer_bytes": _closure_reason(agg),
        "stack_bytes": _stack_reason(agg),
    }
    return Choice("paper", config, reasons)


def classify(agg: Aggregate) -> Choice:
    """Paper 001's classification (see the module docstring)."""
    base = _defaults("classify", "not set by the classify policy")
    facts = _facts(agg)
    if agg.contexts and agg.recursive_paths > 0:
        policy, size, why = "push_back_steal_back", 8, f"recursive: {facts['rho']}"
    elif agg.contexts and agg.loop_paths > 0:
        policy, size, why = "push_front_steal_back", 64, f"loop-like: {facts['lambda']}"
    else:
        policy, size = "push_front_steal_back", 32
        why = f"neither recursive nor loop-like: {facts['rho']}; {facts['lambda']}"
        if not agg.contexts:
            why = "neither recursive nor loop-like: no task contexts"
    config = replace(base.config, queue_policy=policy, queue_size=size)
    reasons = dict(base.reasons, queue_policy=why, queue_size=why)
    return Choice("classify", config, reasons)


def none(agg: Aggregate) -> Choice:
    """The runtime's defaults."""
    return _defaults("none", "--tuning none")


POLICIES = {"full": full, "paper": paper, "classify": classify, "none": none}


def choose(tuning: str, agg: Aggregate) -> Choice:
    """The configuration of policy ``tuning`` for ``agg``."""
    if tuning not in POLICIES:
        raise ValueError(f"unknown tuning '{tuning}' (valid: {', '.join(TUNINGS)})")
    return POLICIES[tuning](agg)


def with_overrides(choice: Choice, overrides: Mapping[str, int | str]) -> Choice:
    """``choice`` with some parameters set explicitly (already validated values)."""
    if not overrides:
        return choice
    unknown = set(overrides) - set(PARAMETER_NAMES)
    if unknown:
        raise ValueError(f"unknown runtime parameter(s): {', '.join(sorted(unknown))}")
    config = replace(choice.config, **overrides)
    reasons = dict(choice.reasons)
    for name, value in overrides.items():
        reasons[name] = f"set with --param {name}={value}"
    return Choice(choice.tuning, config, reasons)
