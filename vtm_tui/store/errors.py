"""Errors of the store: each names the file (and line and column where known)."""

from __future__ import annotations

from pathlib import Path

from vtm_tui.errors import VtmError


class StoreError(VtmError):
    """A chronicle file could not be read or written; the message names the file."""


class BrokenFileError(StoreError):
    """A file that is not valid TOML (often edited by hand). It is never overwritten."""

    def __init__(self, path: Path, line: int | None, column: int | None, reason: str) -> None:
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
        where = str(path)
        if line is not None:
            where += f", line {line}"
            if column is not None:
                where += f", column {column}"
        super().__init__(f"{where}: {reason}; fix the file by hand, nothing was overwritten")


class InvalidDataError(StoreError):
    """A file that is valid TOML but holds a value outside what the model allows."""

    def __init__(self, path: Path, field: str, reason: str) -> None:
        self.path = path
        self.field = field
        self.reason = reason
        super().__init__(f"{path}: field {field!r}: {reason}")


class ConflictError(StoreError):
    """Another process changed a file since this one read it; nothing was overwritten."""
