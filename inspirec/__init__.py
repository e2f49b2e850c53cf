"""inspirec: the driver (public Python API and the ``inspirec`` command line).

API: :func:`compile_c` (C -> IR), :func:`emit_c` (C -> C), :func:`build`
(C -> executable); the IR layer is :mod:`inspire`.
"""

from inspirec.driver import build, compile_c, emit_c
from inspirec.version import __version__

__all__ = ["__version__", "build", "compile_c", "emit_c"]
