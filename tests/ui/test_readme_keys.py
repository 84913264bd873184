"""Issue 19: "the README and ? agree with the keys". The full key tables live in docs/keys.md (issue 25: the README
keeps the main keys, the reference moves to docs/): every binding of every screen, dialog and widget is listed
there with its key under its own class, and every id it names is a binding."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
KEYS = ROOT / "docs" / "keys.md"
#: How docs/keys.md writes the keys Textual names by a word.
KEY_NAMES = {"right_square_bracket": "]", "left_square_bracket": "[", "question_mark": "?", "slash": "/",
             "plus": "+", "equals_sign": "=", "minus": "-"}


def _owners() -> list[type]:
    """Every class under vtm_tui/ui that declares bindings with an id (found by walking the package, so a new
    screen or dialog is checked without being listed here)."""
    from textual.binding import Binding

    import vtm_tui.ui as ui

    found = []
    for info in pkgutil.walk_packages(ui.__path__, "vtm_tui.ui."):
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and any(
                    isinstance(b, Binding) and b.id for b in obj.__dict__.get("BINDINGS", [])):
                found.append(obj)
    return found


def _sections(text: str) -> dict[str, list[tuple[set[str], str]]]:
    """docs/keys.md's binding tables: class name → rows of (keys, id)."""
    sections: dict[str, list[tuple[set[str], str]]] = {}
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        name = block.split(" ", 1)[0].strip()
        rows = re.findall(r"^\| ((?:`[^`]+` ?)+) \| `([\w.]+)` \|", block, re.M)
        sections[name] = [(set(re.findall(r"`([^`]+)`", keys)), ident) for keys, ident in rows]
    return sections


def test_every_binding_is_listed_under_its_screen_with_its_key():
    sections = _sections(KEYS.read_text(encoding="utf-8"))
    missing = []
    owners = _owners()
    assert len(owners) > 40  # the walk found the screens
    for owner in owners:
        rows = sections.get(owner.__name__, [])
        for binding in owner.__dict__["BINDINGS"]:
            if not getattr(binding, "id", None):
                continue
            keys = {KEY_NAMES.get(key.strip(), key.strip()) for key in binding.key.split(",")}
            if (keys, binding.id) not in rows:
                missing.append(f"{owner.__name__}: {binding.id} ({binding.key})")
    assert missing == [], "docs/keys.md lacks:\n" + "\n".join(missing)


def test_every_section_is_a_class_that_binds_keys():
    """A table for a class that is gone (or renamed) would list keys nobody has."""
    names = {owner.__name__ for owner in _owners()}
    assert set(_sections(KEYS.read_text(encoding="utf-8"))) <= names


def _bindings() -> dict[str, str]:
    found = {}
    for owner in _owners():
        for binding in owner.__dict__["BINDINGS"]:
            if getattr(binding, "id", None):
                found[binding.id] = binding.key
    return found


def test_every_id_the_key_page_names_is_a_binding():
    named = set(re.findall(r"`((?:app|player|sheet|coterie|picker|list|conflict)\.[a-z_]+)`",
                           KEYS.read_text(encoding="utf-8")))
    assert "player.undo" in named
    missing = named - set(_bindings())
    assert not missing


def test_the_readme_points_to_the_key_page():
    text = README.read_text(encoding="utf-8")
    assert "(docs/keys.md)" in text and "(docs/keys.md#remapping-keys)" in text


def test_the_keys_the_readme_promises():
    keys = _bindings()
    assert keys["app.picker"] == "o" and keys["conflict.take_out"] == "O" and keys["player.undo"] == "ctrl+z"
    assert "o" not in {key for ident, key in keys.items() if ident.startswith("conflict.")}
