"""Schema versions: every file says which layout it follows; older ones are upgraded on load.

A migration is a function from one version's document to the next one's,
registered per kind of file. Loading applies them in turn; the upgraded file
is written back only when the store next saves it, so merely opening an old
chronicle changes nothing on disk. A file newer than this program is refused
rather than misread (and so never overwritten with less than it held).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from vtm_tui.store.errors import InvalidDataError, StoreError

CURRENT_VERSION = 1
KINDS = ("chronicle", "character", "conflict", "ledger")

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _v0_to_v1(document: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (or no ``schema_version``: files written before it existed) has the same keys."""
    return {**document, "schema_version": 1}


#: (kind, version it upgrades from) → migration to version + 1.
MIGRATIONS: dict[tuple[str, int], Migration] = {(kind, 0): _v0_to_v1 for kind in KINDS}


def migrate(document: dict[str, Any], kind: str, path: Path) -> tuple[dict[str, Any], bool]:
    """``document`` at :data:`CURRENT_VERSION`; returns (document, whether it was upgraded)."""
    version = document.get("schema_version", 0)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise InvalidDataError(path, "schema_version", f"{version!r} is not a version number (0-{CURRENT_VERSION})")
    if version > CURRENT_VERSION:
        raise StoreError(f"{path}: schema_version {version} was written by a newer vtm-tui "
                         f"(this one reads up to {CURRENT_VERSION}); upgrade vtm-tui to open it")
    upgraded = version != CURRENT_VERSION or "schema_version" not in document
    while version < CURRENT_VERSION:
        step = MIGRATIONS.get((kind, version))
        if step is None:
            raise StoreError(f"{path}: no migration of a {kind} file from schema_version {version}")
        document = step(document)
        version = document["schema_version"]
    return document, upgraded
