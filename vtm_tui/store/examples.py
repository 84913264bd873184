"""The example chronicles shipped in a vtm-tui checkout open as copies in the user data folder.

The README's first command, ``vtm-tui campaigns/lisboa-nocturna``, is run inside the git checkout: saving
into those files changed tracked files of the repository with a newcomer's first edits (and ``git pull``
then fought them). So a chronicle inside the ``campaigns/`` folder of a *vtm-tui source checkout* (a git
work tree that holds the ``vtm_tui`` package) is copied once to ``<user data>/campaigns/<name>`` and that
copy is opened; the copy is kept, so later runs find the storyteller's own changes. The picker does the
same for a checkout's ``./campaigns``. A chronicle anywhere else, in git or not, is opened where it is.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import NamedTuple

from vtm_tui.store.paths import ENV_CAMPAIGNS, is_chronicle_dir


class Redirect(NamedTuple):
    """Where the app opens instead, and the sentence that says so. (A named tuple: ``vtm-tui PATH`` defines it
    before the first frame, and a frozen dataclass compiled 4 M instructions of methods there.)"""

    path: Path | None
    campaigns: Path | None
    notice: str
    made: bool = False  # a copy was made by this start (not found from an earlier one)

    @property
    def news(self) -> str:
        """The notice when it tells something new (a copy made now), else ''. The app shows only this: the
        same sentence as a toast at every start was ~3.8 KB sent before the storyteller could act, over SSH
        too, saying nothing new; the command line's stderr line still says where the copy is each time."""
        return self.notice if self.made else ""


def user_campaigns_dir() -> Path:
    """``<user data folder>/campaigns`` (``~/.local/share/vtm-tui/campaigns`` on Linux)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("vtm-tui", appauthor=False)) / "campaigns"


def checkout_of(path: Path) -> Path | None:
    """The vtm-tui source checkout ``path`` lies in (its root), or None."""
    for folder in (path, *path.parents):
        if (folder / ".git").exists() and (folder / "vtm_tui" / "__init__.py").is_file():
            return folder
    return None


def _examples_folder(path: Path) -> Path | None:
    """The checkout's ``campaigns/`` when ``path`` is that folder or one of its chronicles."""
    resolved = path.expanduser().resolve()
    root = checkout_of(resolved)
    if root is None:
        return None
    examples = root / "campaigns"
    return examples if resolved == examples or resolved.parent == examples else None


def _copy(source: Path, target: Path) -> bool:
    """Copy one chronicle unless the copy exists (it holds the storyteller's changes); True when made now."""
    if target.exists():
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".*"))  # no seats, locks or caches
    return True


def redirect(path: str | os.PathLike[str] | None, campaigns: str | os.PathLike[str] | None) -> Redirect | None:
    """Where to open instead of a checkout's example (None: open what was asked, as asked)."""
    if path is not None:
        source = Path(path)
        if _examples_folder(source) is None or not is_chronicle_dir(source):
            return None
        target = user_campaigns_dir() / source.resolve().name
        made = _copy(source, target)
        how = "made a copy" if made else "opened your copy"
        picker = redirect(None, campaigns)  # o (the chronicle list) must not lead back to the checkout's files
        return Redirect(target, picker.campaigns if picker is not None else None,
                        f"{path} is an example inside the vtm-tui checkout: {how} at {target}, "
                        "so the checkout's files stay as shipped", made)
    if campaigns is not None or os.environ.get(ENV_CAMPAIGNS, "").strip():
        return None
    local = Path.cwd() / "campaigns"
    if not local.is_dir() or _examples_folder(local) is None:
        return None
    target = user_campaigns_dir()
    made = [c.name for c in sorted(local.iterdir()) if is_chronicle_dir(c) and _copy(c, target / c.name)]
    said = f" (copied now: {', '.join(made)})" if made else ""
    return Redirect(None, target, f"./campaigns holds the vtm-tui checkout's examples: the list shows your "
                                  f"copies in {target}{said}", bool(made))
