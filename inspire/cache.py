"""inspirec's cache directory, which keeps what is costly to make and the
same from one run to the next: the compiled runtime objects
(:mod:`backend.runtime_cache`), the IR grammar's parser tables
(:func:`inspire.syntax.grammar`) and parsed units
(:mod:`frontend.parse_cache`).

The cache is ``$INSPIREC_CACHE_DIR`` if that is set (the empty string turns
the cache off), else ``$XDG_CACHE_HOME/inspirec``, else
``~/.cache/inspirec``.  A cache that cannot be created or written is not
used: what it would hold is made again in each run.  An entry appears
complete or not at all (it is written under a private name, then renamed
into place), so concurrent runs may share the cache.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_dir() -> Path | None:
    """The cache directory the environment selects, None when it is off."""
    chosen = os.environ.get("INSPIREC_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "inspirec"


def store_file(path: Path, data: bytes) -> None:
    """Put ``data`` into the cache as file ``path`` (written privately, then
    renamed into place); nothing when the cache cannot take it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, private = tempfile.mkstemp(prefix="tmp-", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(private, path)
    except OSError:
        pass
    finally:
        if os.path.exists(private):
            os.unlink(private)
