"""backend: IR to C for the inspire runtime, closure layout, and invoking the C compiler.

Not implemented in this version; see docs/dev-intro.md for the plan of stages.
"""
