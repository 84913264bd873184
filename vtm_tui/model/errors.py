"""The errors the model raises for a chronicle file it refuses.

They live here, below the store, because the model validates what the store
reads: a value out of range is an :class:`InvalidDataError` naming the file and
the field. :mod:`vtm_tui.store.errors` re-exports both classes (they are the same
objects), so ``except StoreError`` still catches a refused value, and the model
never imports the layer above it.
"""

from __future__ import annotations

from pathlib import Path

from vtm_tui.errors import VtmError


class StoreError(VtmError):
    """A chronicle file could not be read, written or accepted; the message names the file."""


class InvalidDataError(StoreError):
    """A file that is valid TOML but holds a value outside what the model allows."""

    def __init__(self, path: Path, field: str, reason: str) -> None:
        self.path = path
        self.field = field
        self.reason = reason
        super().__init__(f"{path}: field {field!r}: {reason}")
