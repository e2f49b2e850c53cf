"""inspirec: the driver (public Python API and the ``inspirec`` command line).

The C stages are not available yet; the IR layer is reachable through
:mod:`inspire` (``inspire.parse``, ``inspire.print_program``, ``inspire.check``).
"""

from inspirec.version import __version__

__all__ = ["__version__"]
