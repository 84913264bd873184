"""Helpers for the seat tests (what a seat may change, sessions, saves, serve): copies of the example
chronicles, Pilot tests run without a conftest of this folder's own, and the UI helpers of tests/ui."""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Awaitable
from pathlib import Path

UI_TESTS = Path(__file__).resolve().parents[1] / "ui"
if str(UI_TESTS) not in sys.path:
    sys.path.insert(0, str(UI_TESTS))

from ui_support import EXAMPLES, make_app, screen_text  # noqa: E402

__all__ = ["chronicle_copy", "make_app", "run", "screen_text", "set_chronicle_line"]


def chronicle_copy(tmp_path: Path, name: str = "lisboa-nocturna") -> Path:
    """A copy of an example chronicle in ``tmp_path`` (tests never write into the repository)."""
    target = tmp_path / name
    shutil.copytree(EXAMPLES / name, target)
    return target


def set_chronicle_line(chronicle: Path, old: str, new: str) -> None:
    """Replace one line of chronicle.toml, as a storyteller editing it by hand would."""
    path = chronicle / "chronicle.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def run(coroutine: Awaitable[None]) -> None:
    """Run a Pilot test's body in a fresh event loop."""
    asyncio.run(coroutine)  # type: ignore[arg-type]
