"""inspirec: the driver (public Python API and the ``inspirec`` command line).

API: :func:`compile_c` (C -> IR), :func:`analyze` (C -> task analyses and
runtime parameters), :func:`emit_c` (C -> C), :func:`build` (C ->
executable), :func:`optimize` (IR -> coalesced IR and its analysis); the IR
layer is :mod:`inspire`.
"""

from inspirec.driver import analyze, build, compile_c, emit_c, optimize
from inspirec.version import __version__

__all__ = ["__version__", "analyze", "build", "compile_c", "emit_c", "optimize"]
