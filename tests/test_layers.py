"""The headless core (rules, model, store) never pulls in Textual or the UI."""

import json
import subprocess
import sys

import pytest

CORE = ["vtm_tui.rules", "vtm_tui.model", "vtm_tui.store", "vtm_tui.commands", "vtm_tui.cli", "vtm_tui.play", "vtm_tui.review", "vtm_tui.conflict"]


def _modules_after_import(module: str) -> list[str]:
    code = (
        "import importlib, json, pkgutil, sys\n"
        f"pkg = importlib.import_module({module!r})\n"
        "for info in pkgutil.walk_packages(getattr(pkg, '__path__', []), pkg.__name__ + '.'):\n"
        "    importlib.import_module(info.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("module", CORE)
def test_core_does_not_import_textual_or_ui(module: str) -> None:
    loaded = _modules_after_import(module)
    offenders = [m for m in loaded if m == "textual" or m.startswith(("textual.", "vtm_tui.ui"))]
    assert offenders == [], f"{module} (and its sub-modules) imported {offenders[:5]}"


def test_check_would_catch_textual() -> None:
    """Guard the guard: importing the UI is seen by the same check."""
    loaded = _modules_after_import("vtm_tui.ui.app")
    assert "textual" in loaded
