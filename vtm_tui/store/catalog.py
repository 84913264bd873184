"""The campaigns folder: which chronicles are there, and making a new one.

Listing reads only each ``chronicle.toml`` and counts the character files, so a
picker opens at once whatever the chronicles' history. A chronicle whose file
is broken is listed with its error rather than hidden or crashing the picker.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from vtm_tui.errors import VtmError
from vtm_tui.model.chronicle import Chronicle
from vtm_tui.model.limits import MAX_NAME, check_text
from vtm_tui.model.slug import unique_slug
from vtm_tui.rules.base import RULESETS
from vtm_tui.store.chronicle_store import ChronicleStore
from vtm_tui.store.errors import StoreError
from vtm_tui.store.lock import exclusive_lock
from vtm_tui.store.migrate import migrate
from vtm_tui.store.paths import CHARACTERS_DIR, CHRONICLE_FILE, SESSIONS_DIR, STORE_LOCK, is_chronicle_dir
from vtm_tui.store.toml_io import checked_text, load_toml, save_toml


@dataclass(frozen=True)
class ChronicleSummary:
    """One line of the chronicle picker."""

    name: str
    ruleset: str
    path: Path
    characters: int
    current_session: int = 0
    last_session: datetime | None = None
    error: str = ""  # why the chronicle cannot be opened, if it cannot


def list_chronicles(campaigns_dir: str | Path) -> list[ChronicleSummary]:
    """Every chronicle folder directly under ``campaigns_dir``, by name."""
    folder = Path(campaigns_dir).expanduser()
    if not folder.is_dir():
        return []
    found: list[ChronicleSummary] = []
    for child in sorted(folder.iterdir()):
        if child.name.startswith(".") or not is_chronicle_dir(child):
            continue
        characters_dir = child / CHARACTERS_DIR
        count = sum(1 for p in characters_dir.glob("*.toml") if not p.name.startswith(".")) \
            if characters_dir.is_dir() else 0
        file = child / CHRONICLE_FILE
        try:
            doc, _ = migrate(load_toml(file), "chronicle", file)
            chronicle = Chronicle.from_toml(doc, where=str(file))
        except VtmError as exc:
            found.append(ChronicleSummary(child.name, "?", child, count, error=str(exc)))
            continue
        found.append(ChronicleSummary(chronicle.name, chronicle.ruleset, child, count,
                                      chronicle.current_session, chronicle.last_session))
    return sorted(found, key=lambda s: s.name.casefold())


def create_chronicle(target: str | Path, name: str, ruleset: str, *, description: str = "") -> ChronicleStore:
    """Make a new chronicle and open it.

    ``target`` is the new chronicle's folder when it does not exist yet or is
    empty; an existing folder with other things in it is taken as a campaigns
    folder, and the chronicle goes into a sub-folder named by a slug of ``name``.
    An existing chronicle is never touched.
    """
    if ruleset not in RULESETS:
        raise VtmError(f"--ruleset {ruleset!r} is not a rule set; use one of {', '.join(RULESETS)}")
    if not name.strip():
        raise VtmError("a chronicle needs a name; --name is empty")
    check_text(name, "The chronicle's name", MAX_NAME)
    path = Path(target).expanduser()
    if is_chronicle_dir(path):
        raise StoreError(f"{path}: already a chronicle ({CHRONICLE_FILE} exists); nothing was changed")
    if path.exists() and not path.is_dir():
        raise StoreError(f"{path}: is a file, not a folder")
    if path.is_dir() and any(path.iterdir()):
        taken = [p.name for p in path.iterdir()]
        path = path / unique_slug(name, taken, fallback="chronicle")
    chronicle = Chronicle(name=name, ruleset=ruleset, description=description)
    _, document = checked_text(chronicle.to_toml(), path / CHRONICLE_FILE)  # the loader's rules, then the model's,
    Chronicle.from_toml(document, where=str(path / CHRONICLE_FILE))  # before any folder is made
    try:
        (path / CHARACTERS_DIR).mkdir(parents=True, exist_ok=True)
        (path / SESSIONS_DIR).mkdir(exist_ok=True)
    except OSError as exc:
        raise StoreError(f"{path}: cannot create the chronicle folder ({exc.strerror or exc})") from None
    with exclusive_lock(path / STORE_LOCK):
        if is_chronicle_dir(path):
            raise StoreError(f"{path}: another process created a chronicle here meanwhile; nothing was changed")
        save_toml(path / CHRONICLE_FILE, chronicle.to_toml())
    return ChronicleStore(path).reload()
