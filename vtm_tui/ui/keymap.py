"""The user's keymap: ``keymap.toml`` in the config folder remaps any binding by its id.

Every Binding in the app has an ``id`` (``app.roll``, ``sheet.damage``, ...);
a file such as ``~/.config/vtm-tui/keymap.toml`` holding::

    "app.roll" = "ctrl+r"
    "sheet.hunger_up" = "u"

replaces those keys (Textual's keymap support). A missing file is normal; a
broken one is reported in a notification and ignored, never fatal.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

KEYMAP_FILE = "keymap.toml"


def keymap_path() -> Path:
    """Where the keymap lives: ``$VTM_TUI_KEYMAP`` if set, else the user config dir."""
    explicit = os.environ.get("VTM_TUI_KEYMAP")
    if explicit:
        return Path(explicit)
    from platformdirs import user_config_dir

    return Path(user_config_dir("vtm-tui")) / KEYMAP_FILE


def load_keymap(path: Path | None = None) -> tuple[dict[str, str], str | None]:
    """Read the keymap: (binding id → keys, a problem to report or None)."""
    target = path or keymap_path()
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        return {}, f"{target}: cannot read ({exc.strerror or exc}); default keys kept"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return {}, f"{target}: {exc}; default keys kept"
    keymap: dict[str, str] = {}
    bad: list[str] = []
    for binding_id, keys in data.items():
        if isinstance(keys, str) and keys.strip():
            keymap[binding_id] = keys.strip()
        else:
            bad.append(binding_id)
    problem = None
    if bad:
        problem = f"{target}: ignored {', '.join(sorted(bad))} (each value must be a key such as \"ctrl+r\")"
    return keymap, problem
