"""Parsed styles kept between starts, so the app does not parse the same stylesheets on every start.

Textual parses every stylesheet it is given (``app.tcss`` and each widget class's ``DEFAULT_CSS``) on each
start; for the first screen that was about a fifth of the app's own start-up work after the imports
(``python -m benchmarks startup``; the bare Textual app parses a third as much). This cache maps the *exact*
CSS text, where it came from, how it is read (defaults or not, tie breaker, scope) and the theme's
variables to the rules Textual made of it, pickled as they came out of the parser: a hit is, by
construction, what parsing would have given; any change to a stylesheet, the theme or the Textual version is
a miss and is parsed again. Only the entries a start asks for are unpickled.

Where it lives: the user cache folder (``$VTM_TUI_CACHE`` or ``platformdirs.user_cache_dir``), one file per
Textual version, never inside a chronicle. It is a pickle, read only from the user's own cache folder (as the
parsed sheets, :mod:`vtm_tui.store.sheet_cache`); an unreadable or foreign file is ignored and rebuilt, and
one that cannot be written is simply not kept. The hook into Textual's parser is
:func:`vtm_tui.ui.textual_compat.install_css_cache`.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from vtm_tui.store.private_file import dump_pickle, load_pickle

#: Bumped when what is stored changes shape.
CACHE_VERSION = 1
#: Past this many entries a save keeps only this run's (a theme tried and left, CSS edited while developing).
MAX_ENTRIES = 300


def css_cache_path(textual_version: str) -> Path:
    from vtm_tui.store.paths import cache_root

    return cache_root() / "css" / f"rules-textual-{textual_version}.pickle"


class ParsedCss:
    """Parsed rules by source, for one Textual version: looked up by :meth:`get`, kept by :meth:`save`."""

    def __init__(self, path: Path, tag: str) -> None:
        self.path = path
        self.tag = (CACHE_VERSION, sys.version_info[:2], tag)
        self._stored: dict[Hashable, bytes] | None = None  # the file's entries, read at the first lookup
        self._blobs: dict[Hashable, bytes] = {}  # the entries this run asked for
        self._rules: dict[Hashable, Any] = {}  # what this run got (one object per source, as Textual's own cache)
        self.hits = self.misses = 0
        self._unsaved = False

    def _read(self) -> dict[Hashable, bytes]:
        stored = load_pickle(self.path)  # read only if no one else could have written it
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == self.tag and isinstance(stored[1], dict):
            return stored[1]
        return {}  # a missing, torn, foreign or older cache is just rebuilt

    def get(self, key: Hashable, parse: Callable[[], Any]) -> Any:
        """The rules for ``key``: this run's, else the file's, else ``parse()``'s (a parse error is raised, never
        kept)."""
        found = self._rules.get(key)
        if found is not None:
            return found
        if self._stored is None:
            self._stored = self._read()
        blob = self._stored.get(key)
        if blob is not None:
            try:
                found = pickle.loads(blob)
            except Exception:  # noqa: BLE001 - a damaged entry is parsed again
                found = None
        if found is None:
            found = parse()
            try:
                blob = pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL)  # as parsed, before any use
            except Exception:  # noqa: BLE001 - rules that cannot be pickled are simply not kept
                blob = None
            self.misses += 1
            self._unsaved = self._unsaved or blob is not None
        else:
            self.hits += 1
        if blob is not None:
            self._blobs[key] = blob
        self._rules[key] = found
        return found

    def save(self) -> None:
        """Keep what was parsed (with the file's other entries, up to :data:`MAX_ENTRIES`), if anything was."""
        if not self._unsaved:
            return
        self._unsaved = False
        entries = {**(self._stored or {}), **self._blobs}
        if len(entries) > MAX_ENTRIES:
            entries = dict(self._blobs)
        self._stored = entries
        dump_pickle(self.path, (self.tag, entries))
