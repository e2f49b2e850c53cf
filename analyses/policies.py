"""Parameter policies: from the aggregate to the five runtime parameters.

Each policy is a pure function of the :class:`~analyses.aggregate.Aggregate`
returning a :class:`Choice`: the configuration and, per parameter, the
reason (the rule that fired and the source locations behind its inputs).

``full`` (paper 000 §3.3.4), with ρ, λ and effort e of the aggregate:

* queue policy: self push front (``push_front_steal_back``) if ρ > 5 or
  1M < e <= 1T, else the default;
* queue size: 128 if ρ = 0 and λ > 0, else 8 if 1M < e <= 1T, else 4;
* event table buckets: 256019 if ρ > 0, else 97;
* parameter buffer: the aggregated closure size;
* stack: the aggregated stack size.

A program without task contexts keeps the defaults of the task parameters
(queue policy and size, buckets, parameter buffer); its stack still follows
the regions' estimate.

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

TUNINGS = ("full", "classify", "none")

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


def full(agg: Aggregate) -> Choice:
    """Paper 000's decision trees (see the module docstring)."""
    if agg.contexts == 0:
        choice = _defaults("full", "no task contexts")
        if not agg.drivers.get("stack_bytes"):
            return choice
        reasons = dict(choice.reasons, stack_bytes=_stack_reason(agg))
        return Choice("full", replace(choice.config, stack_bytes=agg.stack_bytes), reasons)
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
        "queue_policy": why,
        "queue_size": size_why,
        "event_table_buckets": buckets_why,
        "param_buffer_bytes": "aggregated closure size: maximum over contexts, rounded up to a "
        f"power of two, at least 8 (largest{_where(agg, 'closure_bytes')})",
        "stack_bytes": _stack_reason(agg),
    }
    return Choice("full", config, reasons)


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


POLICIES = {"full": full, "classify": classify, "none": none}


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
