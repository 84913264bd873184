"""Where things are on disk (docs/file-format.md, "The folder"), and where the campaigns folder is.

```
<campaigns>/<chronicle-slug>/
  chronicle.toml
  characters/<slug>.toml
  conflict.toml
  ledger.toml           boons, bonds, domains, relationships, timeline (docs/ledger.md)
  sessions/0001.toml
  trash/                deleted characters, kept rather than lost
```
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from vtm_tui.model.digest import sha256
from vtm_tui.store.errors import StoreError

CHRONICLE_FILE = "chronicle.toml"
CHARACTERS_DIR = "characters"
CONFLICT_FILE = "conflict.toml"
LEDGER_FILE = "ledger.toml"
SESSIONS_DIR = "sessions"
TRASH_DIR = "trash"
#: Serialises sheet, chronicle and conflict saves between processes (never replaced or truncated).
STORE_LOCK = ".store.lock"
#: Present only while a session is being ended (see :mod:`vtm_tui.store.session_end`).
SESSION_ENDING = ".session-ending"
ENV_CAMPAIGNS = "VTM_TUI_CAMPAIGNS"


def find_campaigns_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The folder of chronicles: ``explicit``, else ``$VTM_TUI_CAMPAIGNS``, else ``./campaigns``
    when it exists, else the user data folder (``platformdirs``) ``/campaigns``.

    The folder is not created here: a picker may show "no chronicles yet" without
    leaving an empty folder behind.
    """
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(ENV_CAMPAIGNS, "").strip()
    if from_env:
        return Path(from_env).expanduser()
    local = Path.cwd() / "campaigns"
    if local.is_dir():
        return local
    import platformdirs

    return Path(platformdirs.user_data_dir("vtm-tui", appauthor=False)) / "campaigns"


def hide_root(text: str, chronicle_dir: Path | str) -> str:
    """``text`` with the chronicle's own folder cut out of every path in it, for a player's screen.

    A seat shows files as the chronicle names them (``characters/ines.toml``), never where the server
    keeps them; the folder itself reads "the chronicle".
    """
    base = Path(chronicle_dir)
    roots = {str(base), str(base.absolute())}
    try:
        roots.add(str(base.resolve()))
    except OSError:
        pass
    for root in sorted(roots, key=len, reverse=True):
        text = text.replace(root + os.sep, "").replace(root, "the chronicle")
    return text


def is_chronicle_dir(path: Path) -> bool:
    return (path / CHRONICLE_FILE).is_file()


def character_path(chronicle_dir: Path, slug: str) -> Path:
    return chronicle_dir / CHARACTERS_DIR / f"{slug}.toml"


#: Overrides the user cache folder that holds disposable caches (history index, parsed sheets).
CACHE_ENV = "VTM_TUI_CACHE"


def cache_root() -> Path:
    """The folder of vtm-tui's disposable caches: ``$VTM_TUI_CACHE``, else the user cache folder."""
    base = os.environ.get(CACHE_ENV)
    if not base:
        import platformdirs

        base = platformdirs.user_cache_dir("vtm-tui", appauthor=False)
    return Path(base)


def cache_file(chronicle_dir: Path, kind: str, suffix: str) -> Path:
    """A disposable cache file for one chronicle: ``<cache>/<kind>/<name>-<hash><suffix>``.

    Caches live outside the chronicle (which people diff, back up and sync) in the user
    cache folder, or ``$VTM_TUI_CACHE``; the hash of the resolved path keeps two
    chronicles with the same folder name apart. Deleting any of them loses nothing.
    """
    base = cache_root()
    resolved = Path(chronicle_dir).resolve()
    digest = sha256(str(resolved).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", resolved.name).strip("-")[:40] or "chronicle"
    return base / kind / f"{slug}-{digest}{suffix}"


def check_own_folders(path: Path) -> None:
    """Refuse a chronicle whose ``characters/`` or ``sessions/`` is a symbolic link: every read and write would
    follow it out of the chronicle's folder (onto another chronicle, another account's files)."""
    for folder_name in (CHARACTERS_DIR, SESSIONS_DIR):
        if (path / folder_name).is_symlink():
            raise StoreError(f"{path / folder_name}: a symbolic link; a chronicle keeps its {folder_name} in its own "
                             "folder (replace the link with the folder itself); nothing was read or written")
