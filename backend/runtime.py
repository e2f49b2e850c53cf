"""Where the bundled runtime's sources are, and how programs link with it."""

from __future__ import annotations

from pathlib import Path

from inspirec.analyses import RuntimeConfig

RUNTIME_DIR = Path(__file__).resolve().parent.parent / "runtime_c"


class RuntimeMissing(Exception):
    """The runtime sources are not where inspirec expects them."""


def runtime_sources() -> tuple[list[str], str]:
    """The runtime's C sources and its include directory."""
    src = RUNTIME_DIR / "src"
    sources = sorted(str(p) for p in src.glob("*.c"))
    include = RUNTIME_DIR / "include"
    if not sources or not (include / "inspire_rt.h").is_file():
        raise RuntimeMissing(f"the inspire runtime sources are missing from {RUNTIME_DIR}")
    return sources, str(include)


def config_flags(config: RuntimeConfig) -> list[str]:
    """``-D`` flags of a configuration (the runtime sources need them too)."""
    return [f"-D{name}={value}" for name, value in config.macros()]
