"""inspirec: the driver (public Python API and the ``inspirec`` command line).

API: :func:`compile_c` (C -> IR), :func:`analyze` (C -> task analyses and
runtime parameters), :func:`emit_c` (C -> C), :func:`build` (C ->
executable), :func:`optimize` (IR -> coalesced IR and its analysis); the IR
layer is :mod:`inspire`.
"""

from pathlib import Path

# The stage packages live under this one: installed, ``inspirec.frontend`` is
# ``site-packages/inspirec/frontend`` (pyproject's ``package-dir``); in a
# source checkout the stage folders sit beside this folder (the layout of the
# repository is fixed), so the checkout's root joins this package's path.
_CHECKOUT = Path(__file__).resolve().parent.parent
if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "inspire" / "nodes.py").is_file():
    __path__.append(str(_CHECKOUT))

from inspirec.driver import analyze, build, compile_c, emit_c, optimize  # noqa: E402
from inspirec.version import __version__  # noqa: E402

__all__ = ["__version__", "analyze", "build", "compile_c", "emit_c", "optimize"]
