"""analyses: the task analyses, parameter policies and synchronization coalescing.

* :func:`analyze_program` runs the six analyses of paper 000 (task contexts,
  ρ, λ, effort, stack, closure), aggregates them and chooses the runtime
  parameters with a policy (``full``, ``classify``, ``none``); the result is
  an :class:`Analysis` (``to_json()`` is the ``inspirec analyze --json``
  schema).
* :func:`coalesce` is the synchronization-coalescing pass (IR -> IR).
* :data:`PARAMETERS` declares the five runtime parameters (name, macro,
  unit, limits, default, parser); :class:`RuntimeConfig` holds one value per
  parameter; :func:`parse_param` reads a ``NAME=VALUE`` override.

See docs/dev-intro.md for one line per module.
"""

from inspirec.analyses.coalesce import CoalescingDecision, coalesce
from inspirec.analyses.config import (
    PARAMETER_NAMES,
    PARAMETERS,
    QUEUE_POLICIES,
    Parameter,
    RuntimeConfig,
    parse_param,
)
from inspirec.analyses.policies import TUNINGS
from inspirec.analyses.report import Analysis, analyze_program

__all__ = [
    "PARAMETERS",
    "PARAMETER_NAMES",
    "QUEUE_POLICIES",
    "TUNINGS",
    "Analysis",
    "CoalescingDecision",
    "Parameter",
    "RuntimeConfig",
    "analyze_program",
    "coalesce",
    "parse_param",
]
