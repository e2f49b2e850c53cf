"""analyses: the task analyses, parameter policies and synchronization coalescing.

* :func:`analyze_program` runs the six analyses of paper 000 (task contexts,
  ρ, λ, effort, stack, closure), aggregates them and chooses the runtime
  parameters with a policy (``full``, ``classify``, ``none``); the result is
  an :class:`Analysis` (``to_json()`` is the ``inspirec analyze --json``
  schema).
* :func:`coalesce` is the synchronization-coalescing pass (IR -> IR).
* :class:`RuntimeConfig` holds the five runtime parameters;
  :func:`parse_param` reads a ``NAME=VALUE`` override.

See docs/dev-intro.md for one line per module.
"""

from inspirec.analyses.coalesce import CoalescingDecision, coalesce
from inspirec.analyses.config import PARAMETER_NAMES, QUEUE_POLICIES, RuntimeConfig, parse_param
from inspirec.analyses.policies import TUNINGS
from inspirec.analyses.report import Analysis, analyze_program

__all__ = [
    "PARAMETER_NAMES",
    "QUEUE_POLICIES",
    "TUNINGS",
    "Analysis",
    "CoalescingDecision",
    "RuntimeConfig",
    "analyze_program",
    "coalesce",
    "parse_param",
]
