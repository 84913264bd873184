"""Fixtures for the headless review tests: a copy of Lisboa Nocturna and a private index cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "lisboa-nocturna"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", target)
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    return target


@pytest.fixture
def vigil(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "the-iron-vigil"
    shutil.copytree(EXAMPLES / "the-iron-vigil", target)
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    return target
