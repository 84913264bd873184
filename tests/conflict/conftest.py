"""Fixtures for the conflict core: the example chronicles' characters, read from a copy (never the repository)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conflict_support import open_copy

from vtm_tui.store.chronicle_store import ChronicleStore


@pytest.fixture
def v5_store(tmp_path: Path) -> ChronicleStore:
    return open_copy(tmp_path, "v5")


@pytest.fixture
def v20_store(tmp_path: Path) -> ChronicleStore:
    return open_copy(tmp_path, "v20")


@pytest.fixture
def ingenuity_store(tmp_path: Path) -> ChronicleStore:
    return open_copy(tmp_path, "ingenuity")
