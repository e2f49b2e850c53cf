"""Errors of the IR layer, formatted like compiler diagnostics."""

from __future__ import annotations


class IRError(Exception):
    """An error located in IR text: ``file:line:col: error: message`` plus a caret line."""

    def __init__(
        self,
        message: str,
        file: str = "<ir>",
        line: int | None = None,
        col: int | None = None,
        source_line: str | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.source_line = source_line

    def format(self) -> str:
        """The diagnostic text (one or three lines)."""
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        text = f"{where}: error: {self.message}"
        if self.source_line is not None and self.col is not None:
            text += f"\n {self.source_line}\n {' ' * (self.col - 1)}^"
        return text

    def __str__(self) -> str:
        return self.format()


class VerificationError(Exception):
    """The verifier found problems; ``problems`` lists them, each naming an address."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems
