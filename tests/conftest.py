"""Suite-wide guards: tests never touch the user's cache nor the shipped example chronicles."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Set before any test module imports the store, so even module-level code sees it.
_CACHE = tempfile.mkdtemp(prefix="vtm-tui-test-cache-")
os.environ["VTM_TUI_CACHE"] = _CACHE


def _campaigns_state() -> str:
    """Tracked changes and untracked files under campaigns/ (git's view; '' when clean)."""
    try:
        out = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all", "--ignored", "--", "campaigns"],
            cwd=REPO, capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout if out.returncode == 0 else ""


@pytest.fixture(scope="session", autouse=True)
def _examples_stay_untouched():
    """Fail the run if any test wrote into the repository's example chronicles."""
    before = _campaigns_state()
    yield
    after = _campaigns_state()
    assert after == before, f"a test wrote into campaigns/ (copy examples to tmp_path first):\n{after}"
