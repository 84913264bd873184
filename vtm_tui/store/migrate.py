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

#: The version each kind of file is written in now (a character file is at 2: rituals have their own table).
CURRENT_VERSIONS: dict[str, int] = {"chronicle": 1, "character": 2, "conflict": 1, "ledger": 1}
KINDS = tuple(CURRENT_VERSIONS)

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _v0_to_v1(document: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (or no ``schema_version``: files written before it existed) has the same keys."""
    return {**document, "schema_version": 1}


def _character_v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 stored a learned ritual or formula as a pretend power (``Ritual: Wards (level 2)`` among Blood
    Sorcery's powers); version 2 lists them in ``rituals`` and ``formulas``. Only such names move, so a sheet
    of a rule set with no ``powers`` table passes unchanged."""
    from vtm_tui.model.character_v5 import holds_pretend_powers

    if holds_pretend_powers(document.get("powers")):
        from vtm_tui.model.rituals_v5 import lift_pretend_powers

        document = lift_pretend_powers(document)
    return {**document, "schema_version": 2}


#: (kind, version it upgrades from) → migration to version + 1.
MIGRATIONS: dict[tuple[str, int], Migration] = {(kind, 0): _v0_to_v1 for kind in KINDS}
MIGRATIONS[("character", 1)] = _character_v1_to_v2


def migrate(document: dict[str, Any], kind: str, path: Path) -> tuple[dict[str, Any], bool]:
    """``document`` at its kind's current version; returns (document, whether it was upgraded)."""
    current = CURRENT_VERSIONS[kind]
    version = document.get("schema_version", 0)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise InvalidDataError(path, "schema_version", f"{version!r} is not a version number (0-{current})")
    if version > current:
        raise StoreError(f"{path}: schema_version {version} was written by a newer vtm-tui "
                         f"(this one reads up to {current}); upgrade vtm-tui to open it")
    upgraded = version != current or "schema_version" not in document
    while version < current:
        step = MIGRATIONS.get((kind, version))
        if step is None:
            raise StoreError(f"{path}: no migration of a {kind} file from schema_version {version}")
        document = step(document)
        version = document["schema_version"]
    return document, upgraded
