"""A one-line progress bar on stderr (a line per step when not a terminal)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Counts ``total`` steps; :meth:`step` advances and shows what runs next."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = max(total, 1)
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.monotonic()
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()

    def _eta(self) -> str:
        if self.done == 0:
            return "--:--"
        left = (time.monotonic() - self.start) / self.done * (self.total - self.done)
        return f"{int(left) // 60:02d}:{int(left) % 60:02d}"

    def show(self, label: str) -> None:
        """Show the bar with ``label`` as the step now running."""
        filled = self.width * self.done // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        text = f"[{bar}] {self.done}/{self.total} eta {self._eta()} {label}"
        if self.tty:
            self.stream.write("\r\x1b[K" + text[:200])
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def step(self, count: int = 1) -> None:
        """Mark ``count`` steps as done."""
        self.done = min(self.total, self.done + count)

    def note(self, text: str) -> None:
        """Print a message on its own line without breaking the bar."""
        if self.tty:
            self.stream.write("\r\x1b[K")
        self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        """Finish the bar's line."""
        if self.tty:
            self.stream.write("\r\x1b[K")
        elapsed = int(time.monotonic() - self.start)
        self.stream.write(f"{self.done}/{self.total} done in {elapsed // 60}m{elapsed % 60:02d}s\n")
        self.stream.flush()
