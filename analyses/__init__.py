"""analyses: the task analyses, parameter policies and synchronization coalescing.

Available now: :class:`RuntimeConfig` (the five runtime parameters with the
runtime's defaults).  The six analyses and the policies are not implemented
yet; see docs/dev-intro.md.
"""

from analyses.config import QUEUE_POLICIES, RuntimeConfig

__all__ = ["QUEUE_POLICIES", "RuntimeConfig"]
