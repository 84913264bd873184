"""Errors of the store: each names the file (and line and column where known).

:class:`StoreError` and :class:`InvalidDataError` are defined in
:mod:`vtm_tui.model.errors` (the model raises them when it refuses a value) and
re-exported here, so the store's callers import every store error from one place.
"""

from __future__ import annotations

from pathlib import Path

from vtm_tui.model.errors import InvalidDataError, StoreError

__all__ = ["BrokenFileError", "ConflictError", "InvalidDataError", "StoreError"]


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


class ConflictError(StoreError):
    """Another process changed a file since this one read it; nothing was overwritten."""
