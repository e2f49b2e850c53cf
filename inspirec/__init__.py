"""inspirec: the driver (public Python API and the ``inspirec`` command line).

API (:mod:`inspirec.driver`), one function per stage: :func:`lower_c` (C ->
IR), :func:`optimize` (IR -> IR after the passes, with its analysis),
:func:`emit` (-> a C unit with its runtime configuration), :func:`link` (C
unit -> executable); and whole pipelines: :func:`analyze` (C -> task
analyses and runtime parameters), :func:`translate_c` (C -> C unit),
:func:`build` (C -> executable).  The IR layer is :mod:`inspire`; the IR ->
IR passes are registered in :mod:`inspirec.passes`.
"""

from pathlib import Path

# The stage packages live under this one: installed, ``inspirec.frontend`` is
# ``site-packages/inspirec/frontend`` (pyproject's ``package-dir``); in a
# source checkout the stage folders sit beside this folder (the layout of the
# repository is fixed), so the checkout's root joins this package's path.
_CHECKOUT = Path(__file__).resolve().parent.parent
if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "inspire" / "nodes.py").is_file():
    __path__.append(str(_CHECKOUT))

from inspirec.version import __version__  # noqa: E402

#: The API names, imported from :mod:`inspirec.driver` on first use: importing
#: the package alone (as pytest does for the ``inspirec`` plugin, see
#: :mod:`inspirec.pytest_plugin`) loads no compiler stage.
_DRIVER_NAMES = (
    "CppOptions",
    "Executable",
    "Optimized",
    "analyze",
    "build",
    "emit",
    "link",
    "lower_c",
    "optimize",
    "translate_c",
)

__all__ = ["__version__", *_DRIVER_NAMES]


def __getattr__(name: str):
    if name in _DRIVER_NAMES:
        from inspirec import driver

        return getattr(driver, name)
    raise AttributeError(f"module 'inspirec' has no attribute {name!r}")
