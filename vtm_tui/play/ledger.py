"""Changing the chronicle ledger: the one path the command line (``vtm-tui ledger``) and the app share.

Every change reads ``ledger.toml`` again under the store lock, applies itself,
saves (:func:`vtm_tui.store.ledger_file.change_ledger`) and is then logged in
the current session as a ``ledger`` entry (``change`` holds the section, the
action, the id and the values before and after), so the session recap can say
what changed in the ledger that night. A change to a secret entry is a secret
log entry; a player's seat sees neither (:func:`ledger_for`,
:mod:`vtm_tui.play.visibility`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.ledger import (
    MAX_ITEMS,
    SINGULAR,
    Ledger,
    LedgerItem,
    build_item,
    copy_item,
    field_specs,
    item_values,
)
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play.visibility import Viewer
from vtm_tui.play.sessions import check_may_log, session_for_action
from vtm_tui.store.chronicle_store import ChronicleStore
from vtm_tui.store.ledger_file import change_ledger, ledger_path, load_ledger

__all__ = ["LedgerChange", "add_item", "delete_item", "edit_item", "ledger_for", "load_ledger", "parse_values"]


@dataclass(frozen=True)
class LedgerChange:
    """What a change did: the ledger as saved, the entry (as it is now, or as it was when deleted), the log line."""

    ledger: Ledger
    item: LedgerItem
    entry: LogEntry
    message: str


def parse_values(section: str, typed: Mapping[str, str], where: str = "ledger") -> dict[str, Any]:
    """Field values typed as text (``size=minor``, a dialog's inputs) in each field's type, checked."""
    specs = {spec.name: spec for spec in field_specs(section)}
    values: dict[str, Any] = {}
    for name, text in typed.items():
        spec = specs.get(name.strip().replace("-", "_"))
        if spec is None:
            raise VtmError(f"{where}: a {SINGULAR[section]} has no field {name!r}; "
                           f"its fields are {', '.join(specs)}")
        values[spec.name] = spec.parse(text, where)
    return values


def _log(store: ChronicleStore, item: LedgerItem, action: str, change: dict[str, Any], secret: bool,
         now: datetime | None) -> LogEntry:
    session = session_for_action(store, now=now).number
    verb = {"add": "added", "edit": "changed", "delete": "removed"}[action]
    entry = LogEntry.new("ledger", session=session, ruleset=store.chronicle.ruleset, now=now, secret=secret,
                         comment=f"{SINGULAR[item.SECTION]} {verb}: {item.summary()}",
                         change={"section": item.SECTION, "action": action, "id": item.id, **change})
    store.log(entry)
    return entry


def add_item(store: ChronicleStore, section: str, values: Mapping[str, Any], *,
             now: datetime | None = None) -> LedgerChange:
    """Add an entry to ``section``; refused (nothing written) when a field is wrong or missing."""
    where = f"{ledger_path(store.path)}, new {SINGULAR[section]}"
    item = build_item(section, dict(values), where=where)

    def add(ledger: Ledger) -> None:
        items = ledger.items(section)
        if len(items) >= MAX_ITEMS:
            raise VtmError(f"{ledger_path(store.path)}: {section} holds {MAX_ITEMS} entries already; remove some")
        items.append(item)

    check_may_log(store)  # asked before the ledger is written (vtm_tui.play.sessions, rule 5)
    ledger, _ = change_ledger(store.path, add)
    entry = _log(store, item, "add", {"after": item_values(item)}, item.secret, now)
    return LedgerChange(ledger, item, entry, f"Added: {item.summary()}.")


def _find(ledger: Ledger, item_id: str, path: Any) -> LedgerItem:
    item = ledger.find(item_id)
    if item is None:
        raise VtmError(f"{path}: no ledger entry {item_id!r} (another login may have removed it)")
    return item


def edit_item(store: ChronicleStore, item_id: str, values: Mapping[str, Any], *,
              now: datetime | None = None) -> LedgerChange:
    """Change some fields of the entry ``item_id``; only the fields that differ are logged."""
    path = ledger_path(store.path)
    found: dict[str, LedgerItem] = {}

    def edit(ledger: Ledger) -> None:
        old = _find(ledger, item_id, path)
        merged = {**item_values(old), **values}
        new = build_item(old.SECTION, merged, where=f"{path}, {SINGULAR[old.SECTION]} {item_id}", item_id=item_id)
        new.extra = dict(old.extra)
        items = ledger.items(old.SECTION)
        items[items.index(old)] = new
        found.update(old=old, new=new)

    check_may_log(store)  # asked before the ledger is written (vtm_tui.play.sessions, rule 5)
    ledger, _ = change_ledger(store.path, edit)
    old, new = found["old"], found["new"]
    before, after = item_values(old), item_values(new)
    changed = [name for name in after if after[name] != before[name]]
    difference = {"before": {n: before[n] for n in changed}, "after": {n: after[n] for n in changed}}
    entry = _log(store, new, "edit", difference, old.secret or new.secret, now)
    return LedgerChange(ledger, new, entry, f"Changed: {new.summary()}." if changed else "Nothing changed.")


def delete_item(store: ChronicleStore, item_id: str, *, now: datetime | None = None) -> LedgerChange:
    """Remove the entry ``item_id`` (the log keeps what it held)."""
    path = ledger_path(store.path)
    found: dict[str, LedgerItem] = {}

    def delete(ledger: Ledger) -> None:
        old = _find(ledger, item_id, path)
        ledger.items(old.SECTION).remove(old)
        found["old"] = old

    check_may_log(store)  # asked before the ledger is written (vtm_tui.play.sessions, rule 5)
    ledger, _ = change_ledger(store.path, delete)
    old = found["old"]
    entry = _log(store, old, "delete", {"before": item_values(old)}, old.secret, now)
    return LedgerChange(ledger, old, entry, f"Removed: {old.summary()}.")


def ledger_for(viewer: Viewer, ledger: Ledger) -> Ledger:
    """The ledger as ``viewer`` may see it: a player gets no secret entry and no unknown keys."""
    if viewer.storyteller:
        return ledger
    shown = {section: [copy_item(item, extra={}) for item in ledger.items(section) if not item.secret]
             for section in SINGULAR}
    return replace(ledger, extra={}, **shown)


def describe(ledger: Ledger, section: str) -> list[str]:
    """One line per entry of ``section``: its id, summary, note and whether it is secret."""
    lines = []
    for item in ledger.items(section):
        secret = " [secret]" if item.secret else ""
        note = f" — {item.note}" if item.note else ""
        lines.append(f"{item.id}  {item.summary()}{secret}{note}")
    return lines

