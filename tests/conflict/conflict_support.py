"""Fixtures and helpers for the conflict core's tests.

A plainly named module rather than ``conftest.py``: test folders' ``conftest`` modules share one name, and a
second one would shadow ``tests/ui/conftest.py`` for the UI tests that import from it. Test modules import
the fixtures they use from here.
"""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

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


@pytest.fixture
def v5_store(tmp_path: Path) -> ChronicleStore:
    return open_copy(tmp_path, "v5")


@pytest.fixture
def v20_store(tmp_path: Path) -> ChronicleStore:
    return open_copy(tmp_path, "v20")


@pytest.fixture
def ingenuity_store(tmp_path: Path) -> ChronicleStore:
    return open_copy(tmp_path, "ingenuity")
