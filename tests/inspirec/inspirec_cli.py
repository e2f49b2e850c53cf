"""Running the ``inspirec`` command line from the tests of this folder."""

import os
import subprocess
import sys
from pathlib import Path


def run(*args: str | Path, timeout: float, cwd=None, stdin: str | None = None, env=None):
    """``python -m inspirec ARGS`` with its output captured as text (``env``:
    variables set on top of this process's environment)."""
    return subprocess.run(
        [sys.executable, "-m", "inspirec", *map(str, args)],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
        cwd=cwd,
        env=None if env is None else {**os.environ, **env},
    )
