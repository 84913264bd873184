"""Where things are on disk (DESIGN.md, "On disk"), and where the campaigns folder is.

```
<campaigns>/<chronicle-slug>/
  chronicle.toml
  characters/<slug>.toml
  conflict.toml
  sessions/0001.toml
  trash/                deleted characters, kept rather than lost
```
"""

from __future__ import annotations

import os
from pathlib import Path

CHRONICLE_FILE = "chronicle.toml"
CHARACTERS_DIR = "characters"
CONFLICT_FILE = "conflict.toml"
SESSIONS_DIR = "sessions"
TRASH_DIR = "trash"
#: Serialises sheet, chronicle and conflict saves between processes (never replaced or truncated).
STORE_LOCK = ".store.lock"
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


def is_chronicle_dir(path: Path) -> bool:
    return (path / CHRONICLE_FILE).is_file()


def character_path(chronicle_dir: Path, slug: str) -> Path:
    return chronicle_dir / CHARACTERS_DIR / f"{slug}.toml"
