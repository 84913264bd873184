"""A chronicle folder opened for reading and writing: the sheets, the chronicle file, the sessions.

:func:`open_chronicle` loads ``chronicle.toml`` and every character (not the
session logs: those are the log store's, read on demand). Saves go through
:class:`~vtm_tui.store.tracked_file.TrackedFile`, so a change another process
made meanwhile is merged or refused, never silently overwritten. Session
start/end and log appends go through :mod:`vtm_tui.store.session_log`.
"""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.chronicle import Chronicle, utc_now
from vtm_tui.model.limits import MAX_NAME, MAX_TITLE, check_text
from vtm_tui.model.slug import unique_slug
from vtm_tui.rules.user_text import name_key, normal_name
from vtm_tui.store.errors import StoreError
from vtm_tui.store.lock import exclusive_lock
from vtm_tui.store.paths import (
    CHARACTERS_DIR,
    CHRONICLE_FILE,
    CONFLICT_FILE,
    SESSION_ENDING,
    SESSIONS_DIR,
    STORE_LOCK,
    TRASH_DIR,
    character_path,
    check_own_folders,
)
from vtm_tui.store.sheet_cache import SheetCache
from vtm_tui.store.sheet_texts import check_sheet_texts
from vtm_tui.store.name_lookup import lookup
from vtm_tui.store.tracked_file import TrackedFile

if TYPE_CHECKING:
    from vtm_tui.store.logged_save import LoggedSave
    from vtm_tui.model.conflict import Conflict
    from vtm_tui.model.log_entry import LogEntry


class ChronicleStore:
    """An open chronicle: ``chronicle``, ``characters``, ``warnings``, and the operations that save them."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.lock_path = self.path / STORE_LOCK
        self.warnings: list[str] = []
        self.chronicle: Chronicle
        self.characters: list[Character] = []
        #: Sheets that could not be read (file → the message): the rest of the chronicle works without them.
        self.broken: dict[Path, str] = {}
        self._broken_stamps: dict[str, tuple[int, int] | None] = {}
        self._chronicle_file = TrackedFile(self.path / CHRONICLE_FILE, "chronicle", self.lock_path)
        self._files: dict[str, TrackedFile] = {}
        self._conflict_file = TrackedFile(self.path / CONFLICT_FILE, "conflict", self.lock_path)
        #: The player whose seat this is ('' for the storyteller): every entry appended is stamped with the name
        #: and held to the seat's bound (:mod:`vtm_tui.store.seat_quota`).
        self.seat = ""
        #: Whether the storyteller is asked before a change opens the session after an ended one (the app: yes;
        #: the command line: no, a typed command is an explicit act). :mod:`vtm_tui.play.sessions` reads it.
        self.ask_before_next_session = False
        self._logged_save: LoggedSave | None = None  # a save whose entries are being appended (save_character)

    # -- loading ---------------------------------------------------------------------
    def reload(self) -> ChronicleStore:
        """Read everything again from disk (picks up other processes' saves)."""
        if not (self.path / CHRONICLE_FILE).is_file():
            hint = "" if self.path.is_dir() else " (no such folder)"
            raise StoreError(f"{self.path}: not a chronicle, {CHRONICLE_FILE} is missing{hint}; "
                             "create one with 'vtm-tui new PATH --ruleset v5 --name NAME'")
        check_own_folders(self.path)
        for folder_name in (CHARACTERS_DIR, SESSIONS_DIR):
            if (self.path / folder_name).exists() and not (self.path / folder_name).is_dir():
                raise StoreError(f"{self.path / folder_name}: not a folder; a chronicle keeps its "
                                 f"{folder_name} there (move that file away)")
        warnings: list[str] = []
        cache = SheetCache(self.path)
        doc = self._chronicle_file.load(cache.parse)
        chronicle = Chronicle.from_toml(doc, where=str(self._chronicle_file.path), warnings=warnings)
        characters: list[Character] = []
        files: dict[str, TrackedFile] = {}
        folder = self.path / CHARACTERS_DIR
        seen: dict[str, Path] = {}
        broken: dict[Path, str] = {}
        for file in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
            if file.name.startswith("."):
                continue
            tracked = TrackedFile(file, "character", self.lock_path)
            try:
                data = tracked.load(cache.parse)
                character = cache.read(file, chronicle.ruleset, warnings, lambda said, data=data, file=file:
                                       Character.from_toml(data, where=str(file), ruleset=chronicle.ruleset,
                                                           warnings=said))
            except VtmError as exc:  # one bad sheet never takes the chronicle down with it
                broken[file] = str(exc)
                warnings.append(str(exc))
                continue
            except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:  # the model missed it
                broken[file] = f"{file}: holds something vtm-tui cannot read ({type(exc).__name__})"
                warnings.append(broken[file])
                continue
            character.slug = file.stem
            key = name_key(character.name)
            if key in seen:
                warnings.append(f"{file}: the name {character.name!r} is also used by {seen[key]}; "
                                "rolls logged under it cannot tell them apart")
            seen[key] = file
            characters.append(character)
            files[file.stem] = tracked
        self.chronicle, self.characters, self._files, self.warnings = chronicle, _sorted(characters), files, warnings
        self.broken = broken
        self._broken_stamps = {file.stem: _stamp(file) for file in broken}
        cache.save()
        if os.path.lexists(self.path / SESSION_ENDING):  # a session end a killed process left half done
            from vtm_tui.store.session_end import finish_interrupted

            try:
                finish_interrupted(self)
            except VtmError as exc:  # a read-only chronicle: read as it is, and said
                self.warnings.append(str(exc))
        return self

    def changed_on_disk(self) -> bool:
        """Whether another process changed, added or removed a sheet or the chronicle file since
        this one read them (a cue for the app to :meth:`reload`)."""
        folder = self.path / CHARACTERS_DIR
        stems = {p.stem for p in folder.glob("*.toml") if not p.name.startswith(".")} if folder.is_dir() else set()
        if stems != set(self._files) | set(self._broken_stamps):
            return True
        if any(_stamp(folder / f"{stem}.toml") != stamp for stem, stamp in self._broken_stamps.items()):
            return True
        return self._chronicle_file.changed_on_disk() or any(f.changed_on_disk() for f in self._files.values())

    def sheet_changed_on_disk(self, character: Character) -> bool:
        """Whether another process changed (or removed) ``character``'s sheet since this one read it."""
        tracked = self._files.get(character.slug)
        return tracked is None or tracked.changed_on_disk()

    # -- finding ---------------------------------------------------------------------
    def character(self, name: str) -> Character:
        """The character called ``name``, as a storyteller types it.

        Case and accents do not matter (``ines`` finds Inês); an exact name wins, then the file's slug
        (``duarte-moniz``), else a unique prefix of the name, else of any word in it (``nora`` finds
        Leonor "Nora" Aires, ``amalia`` finds Dona Amália Corte-Real).
        """
        try:
            return lookup(name, self.characters, self.path)
        except VtmError as exc:
            if not self.broken:
                raise
            unread = next(iter(self.broken.values()))  # the name may be on a sheet that could not be read
            raise VtmError(f"{exc}; {len(self.broken)} sheet(s) could not be read: {unread}") from None

    def file_of(self, character: Character) -> Path:
        return character_path(self.path, character.slug)

    # -- characters ------------------------------------------------------------------
    def save_character(self, character: Character, *,
                       before_write: Callable[[Character, Character], None] | None = None) -> Character:
        """Save a changed sheet (compare-and-swap); returns it as saved, with any merged-in changes.

        ``before_write(replaced, saved)``, under the store lock just before the write: the sheet as it was on
        disk (another login's save merged over included) and as it is written, so the caller can log what this
        save really changed (:meth:`TrackedFile.save`); if it raises, nothing is written. The entries it appends
        and the write are all or nothing: a write that fails takes them out of the log again
        (:mod:`vtm_tui.store.logged_save`)."""
        if not character.slug or character.slug not in self._files:
            raise StoreError(f"{character.name!r} is not a character of {self.path} yet; use add_character")
        before = next((c for c in self.characters if c.slug == character.slug), None)
        if before is not None and character.name != before.name:  # renamed in a batch (the sheet editor)
            character = replace(character, name=normal_name(character.name))
            if name_key(character.name) != name_key(before.name):
                self._check_name_free(character.name)
        check_sheet_texts(character, before)
        tracked = self._files[character.slug]
        ruleset = self.chronicle.ruleset
        from vtm_tui.store.sheet_merge import merge_sheet  # only a save needs it: not at start

        def load(doc: dict[str, Any]) -> Character:
            loaded = Character.from_toml(doc, where=str(tracked.path), ruleset=ruleset)
            loaded.slug = character.slug
            return loaded

        checked: list[Character] = []

        def check(doc: dict[str, Any]) -> None:  # the loader's reading of what is about to be written
            checked.append(load(doc))

        from vtm_tui.store.logged_save import LoggedSave

        logged = LoggedSave(self.path)  # the entries before_write appends stand or fall with the write

        def told(replaced: dict[str, Any], result: dict[str, Any]) -> None:
            if before_write is not None:
                logged.hold()
                self._logged_save = logged
                try:
                    before_write(load(replaced), checked[-1])
                finally:
                    self._logged_save = None

        try:
            tracked.save(character.to_toml(), merge=partial(merge_sheet, ruleset=ruleset), check=check,
                         before_write=told if before_write is not None else None)
        except BaseException:
            logged.take_back()
            raise
        finally:
            logged.release()
        saved = checked[-1]
        self._replace(saved)
        return saved

    def add_character(self, character: Character) -> Character:
        """Add a new character (its file name is a fresh slug of its name); returns it with ``slug`` set."""
        character = replace(character, name=normal_name(character.name))
        if not character.name:
            raise VtmError("a character needs a name; the name is empty")
        check_sheet_texts(character, None)
        if character.ruleset != self.chronicle.ruleset:
            raise VtmError(f"{character.name!r} has a {character.ruleset} sheet but {self.path} plays "
                           f"{self.chronicle.ruleset}")
        self._check_name_free(character.name)
        folder = self.path / CHARACTERS_DIR
        taken = [p.stem for p in folder.glob("*.toml")] if folder.is_dir() else []
        slug = unique_slug(character.name, taken, fallback="character")
        tracked = TrackedFile(character_path(self.path, slug), "character", self.lock_path)
        tracked.create(character.to_toml(), check=self._sheet_check(tracked.path))
        saved = replace(character, slug=slug)
        self._files[slug] = tracked
        self.characters = _sorted([*self.characters, saved])
        return saved

    def rename_character(self, character: Character, new_name: str) -> Character:
        """Give a character a new name (and file name); older log entries keep the old name."""
        new_name = normal_name(new_name, "The new name")
        if not new_name:
            raise VtmError("a character needs a name; the new name is empty")
        check_text(new_name, "The name", MAX_NAME)
        if name_key(new_name) != name_key(character.name):
            self._check_name_free(new_name)
        old = self._files.get(character.slug)
        if old is None:
            raise StoreError(f"{character.name!r} is not a character of {self.path}")
        with exclusive_lock(self.lock_path):
            if old.changed_on_disk():
                raise StoreError(f"{old.path}: another process changed this sheet; reload, then rename again")
            renamed = replace(character, name=new_name, slug="")
            taken = [p.stem for p in (self.path / CHARACTERS_DIR).glob("*.toml") if p.stem != character.slug]
            slug = unique_slug(new_name, taken, fallback="character")
            if slug == character.slug:
                renamed.slug = slug
                return self.save_character(renamed)
            tracked = TrackedFile(character_path(self.path, slug), "character", self.lock_path)
            tracked.create(renamed.to_toml(), check=self._sheet_check(tracked.path))
            old.path.unlink()
            del self._files[character.slug]
            self._files[slug] = tracked
            renamed.slug = slug
            self.characters = _sorted([c for c in self.characters if c.slug != character.slug] + [renamed])
            return renamed

    def delete_character(self, character: Character) -> Path:
        """Move a character's file to ``trash/`` (never destroyed); returns where it went."""
        tracked = self._files.get(character.slug)
        if tracked is None:
            raise StoreError(f"{character.name!r} is not a character of {self.path}")
        stamp = utc_now().strftime("%Y%m%dT%H%M%SZ")
        target = self.path / TRASH_DIR / f"{character.slug}-{stamp}.toml"
        tracked.remove_to(target)
        del self._files[character.slug]
        self.characters = [c for c in self.characters if c.slug != character.slug]
        return target

    def _sheet_check(self, path: Path) -> Callable[[dict[str, Any]], object]:
        """How the loader reads a sheet of this chronicle (a save checks its document by it before writing)."""
        return partial(Character.from_toml, where=str(path), ruleset=self.chronicle.ruleset)

    def _check_name_free(self, name: str) -> None:
        """Refuse ``name`` when another character's is the same after normalising (:func:`name_key`)."""
        for other in self.characters:
            if name_key(other.name) == name_key(name):
                raise VtmError(f"{self.path} already has a character called {other.name!r}; "
                               "names must differ so the log can tell them apart")

    def _replace(self, saved: Character) -> None:
        self.characters = _sorted([saved if c.slug == saved.slug else c for c in self.characters])

    # -- the chronicle file ----------------------------------------------------------
    def save_chronicle(self) -> Chronicle:
        """Save ``self.chronicle`` (compare-and-swap, merging another process's other changes)."""
        written = self._chronicle_file.save(self.chronicle.to_toml(), check=partial(
            Chronicle.from_toml, where=str(self._chronicle_file.path)))
        self.chronicle = Chronicle.from_toml(written, where=str(self._chronicle_file.path))
        return self.chronicle

    # -- sessions --------------------------------------------------------------------
    def start_session(self, now: datetime | None = None, title: str = "") -> int:
        """Open the next session (creates ``sessions/NNNN.toml``); returns its number."""
        from vtm_tui.store import session_log

        now = now or utc_now()
        check_text(title, "The session's title", MAX_TITLE)
        with exclusive_lock(self.lock_path):
            self._refresh_chronicle()
            if self.chronicle.session_open:
                raise VtmError(f"{self.path}: session {self.chronicle.current_session} is still open; "
                               f"end it first ('vtm-tui session {self.path} end')")
            number = self.chronicle.current_session + 1
            try:  # chronicle.toml as it will be saved, by the loader's rules, before the session's file is made
                opened = replace(self.chronicle, current_session=number, session_open=True, last_session=now)
                Chronicle.from_toml(opened.to_toml(), where=str(self._chronicle_file.path))
            except VtmError as exc:
                raise StoreError(f"{exc}; session {number} was not started (the loader would refuse the file)") \
                    from None
            session_log.create_session(self.path, number, started=now, title=title)
            self.chronicle.current_session = number
            self.chronicle.session_open = True
            self.chronicle.last_session = now
            self.save_chronicle()
        return number

    def end_session(self, now: datetime | None = None) -> int:
        """Close the current session (appends its ``session_end`` entry); returns its number.

        All or nothing, a full disk and a process killed between the two writes included
        (:mod:`vtm_tui.store.session_end`): no entry is ever logged after an end that did not happen."""
        from vtm_tui.store import session_end

        return session_end.end_session(self, now or utc_now())

    def logging_session(self, now: datetime | None = None) -> tuple[int, bool]:
        """The session new entries belong to, opening the next one when none is open.

        Returns ``(number, started)``. A chronicle that never had a session, or whose
        last session has ended, gets a new one here: an entry is never appended to an
        ended session's log, after its ``session_end``.
        """
        self._refresh_chronicle()  # another login may have started or ended a session
        if self.chronicle.session_open and self.chronicle.current_session:
            return self.chronicle.current_session, False
        try:
            return self.start_session(now), True
        except VtmError:
            # Another process opened one between our look and our lock: use it.
            if self.chronicle.session_open and self.chronicle.current_session:
                return self.chronicle.current_session, False
            raise

    def log(self, entry: LogEntry) -> None:
        """Append an entry to its session's log (the log store locks and fsyncs)."""
        from vtm_tui.store import session_log

        logged = self._logged_save
        if logged is not None:
            logged.appending(entry)
        session_log.append_entry(self.path, entry, seat=self.seat)
        if logged is not None:
            logged.appended(entry)

    def refresh_chronicle(self, *, finish: bool = True) -> None:
        """Bring ``self.chronicle`` up to date with the disk (another login may have started or ended a session),
        first finishing a session end a killed process left half done (``finish``; see
        :mod:`~vtm_tui.store.session_end`)."""
        if finish and os.path.lexists(self.path / SESSION_ENDING):
            from vtm_tui.store.session_end import finish_interrupted

            finish_interrupted(self)
        self._refresh_chronicle()

    def reread_chronicle(self) -> bool:
        """Read ``chronicle.toml`` again if another process changed it (a session started or ended at another
        login); whether it had. For a screen that only shows it (the header of the log screen or a seat): nothing
        is written, unlike :meth:`refresh_chronicle`'s save, so a hand-kept file stays as it is. This process
        keeps no unsaved change of the chronicle (every change of it is saved at once), so none is lost."""
        if not self._chronicle_file.changed_on_disk():
            return False
        doc = self._chronicle_file.load()
        self.chronicle = Chronicle.from_toml(doc, where=str(self._chronicle_file.path))
        return True

    def _refresh_chronicle(self) -> None:
        """Bring ``self.chronicle`` up to date with the disk, keeping this process's unsaved changes."""
        if self._chronicle_file.changed_on_disk():
            self.save_chronicle()

    def remorse_due(self) -> list[Character]:
        """V5 vampires with stains: at a session's end they make a Remorse test."""
        return [c for c in self.characters if getattr(c.sheet, "remorse_due", False)]

    # -- the conflict ----------------------------------------------------------------
    def load_conflict(self) -> Conflict | None:
        """The conflict in progress, or None."""
        from vtm_tui.model.conflict import Conflict  # the conflict screen's: not at start

        if not self._conflict_file.path.is_file():
            self._conflict_file.text = None
            return None
        doc = self._conflict_file.load()
        return Conflict.from_toml(doc, where=str(self._conflict_file.path), warnings=self.warnings)

    def save_conflict(self, conflict: Conflict) -> Conflict:
        from vtm_tui.model.conflict import Conflict

        where = str(self._conflict_file.path)
        written = self._conflict_file.save(conflict.to_toml(), check=partial(Conflict.from_toml, where=where))
        return Conflict.from_toml(written, where=where)

    def clear_conflict(self) -> None:
        """End the conflict: its file moves to ``trash/`` (the log keeps what happened)."""
        if self._conflict_file.path.is_file():
            stamp = utc_now().strftime("%Y%m%dT%H%M%SZ")
            self._conflict_file.remove_to(self.path / TRASH_DIR / f"conflict-{stamp}.toml")


def _stamp(path: Path) -> tuple[int, int] | None:
    """Enough of a file's state to notice an edit (a broken sheet has no text this process trusts)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _sorted(characters: list[Character]) -> list[Character]:
    """Player characters first, then storyteller characters, each by name."""
    return sorted(characters, key=lambda c: (c.kind != "pc", c.name.casefold()))


def open_chronicle(path: str | Path) -> ChronicleStore:
    """Open a chronicle folder: ``chronicle.toml`` and every character (not the logs)."""
    return ChronicleStore(Path(path).expanduser()).reload()
