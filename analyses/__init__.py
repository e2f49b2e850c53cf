"""analyses: the six task analyses, parameter policies and synchronization coalescing.

Not implemented in this version; see docs/dev-intro.md for the plan of stages.
"""
