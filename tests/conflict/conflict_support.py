"""Helpers for the conflict core's tests (a plainly named module: ``conftest`` names clash across folders)."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.conflict.context import Table
from vtm_tui.store.chronicle_store import ChronicleStore, open_chronicle

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
CHRONICLES = {"v5": "lisboa-nocturna", "v20": "the-iron-vigil", "ingenuity": "lanterns-of-saltmarsh"}


def open_copy(tmp_path: Path, ruleset: str) -> ChronicleStore:
    """A copy of the rule set's example chronicle in ``tmp_path``, opened (the repository is never written)."""
    name = CHRONICLES[ruleset]
    shutil.copytree(EXAMPLES / name, tmp_path / name)
    return open_chronicle(tmp_path / name)


def table_of(store: ChronicleStore, **options: bool | str) -> Table:
    chronicle = store.chronicle
    return Table.build(chronicle.ruleset, max(1, chronicle.current_session), NOW,
                       {**chronicle.options, **options}, store.characters)
