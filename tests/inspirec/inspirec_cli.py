"""Running the ``inspirec`` command line from the tests of this folder."""

import subprocess
import sys
from pathlib import Path


def run(*args: str | Path, timeout: float, cwd=None, stdin: str | None = None):
    """``python -m inspirec ARGS`` with its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "inspirec", *map(str, args)],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
        cwd=cwd,
    )
