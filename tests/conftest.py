"""Suite-wide guards: tests never touch the user's home, caches or the shipped example chronicles, and each
pytest-xdist worker has its own of everything the app keeps outside a chronicle (docs/architecture.md, "Tests")."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parent.parent

#: This process's own folder for what the app keeps outside a chronicle: one per xdist worker ("gw0", "gw1"…),
#: and one for a run without xdist. Set before any test module imports the store, so even module-level code sees
#: it, and inherited by every program a test starts (a child started with an environment of its own still gets
#: it through HOME and XDG_*: platformdirs reads those).
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
_ROOT = Path(tempfile.mkdtemp(prefix=f"vtm-tui-test-{_WORKER}-"))
_HOME = _ROOT / "home"
_PLACES = {
    "HOME": _HOME,  # platformdirs' fallback, ~/.config, tools that read ~
    "XDG_DATA_HOME": _HOME / ".local" / "share",  # the user data folder: examples copied there
    "XDG_CONFIG_HOME": _HOME / ".config",  # the keymap
    "XDG_CACHE_HOME": _HOME / ".cache",
    "XDG_STATE_HOME": _HOME / ".local" / "state",  # crash reports
    "VTM_TUI_CACHE": _ROOT / "cache",  # the index, sheet and CSS caches
    "VTM_TUI_LOG_DIR": _ROOT / "logs",  # crash reports
}
for _name, _folder in _PLACES.items():
    _folder.mkdir(parents=True, exist_ok=True)
    os.environ[_name] = str(_folder)
os.environ.pop("VTM_TUI_CAMPAIGNS", None)  # the developer's own campaigns folder is never the tests'
os.environ.pop("VTM_TUI_KEYMAP", None)  # nor their keymap (the default path is under XDG_CONFIG_HOME above)
atexit.register(shutil.rmtree, _ROOT, ignore_errors=True)

# Hypothesis judges by the clock too: a deadline per example (200 ms) and a health check on slow data. On a busy
# machine an example took 323 ms once and failed a test whose property held; what a property test asserts is its
# property, so neither clock applies here.
settings.register_profile("vtm-tui", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("vtm-tui")


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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "tonights_session: the example copies a test gets have their next "
                                       "session started, as a storyteller starts tonight's before acting "
                                       "(tests/ui/conftest.py)")
