"""Words for a session log: one readable line per entry, and session recaps (Markdown, JSON).

Shared by ``vtm-tui log`` and the app, so an entry reads the same everywhere.
Secret Difficulties are shown (marked "(secret)") unless ``hide_secret``: the
storyteller reads the log; a recap meant for players can hide them. What else a
player may not see (storyteller-only comments, private notes, storyteller
characters' dots) is taken out *before* the entries reach this module, by
``vtm_tui.play.visibility`` (its ``export_viewer`` and ``session_for``): this
module only words what it is given. Every name or comment goes into Markdown
escaped (:func:`md`), so it cannot become a link, an image or HTML.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from vtm_tui.model.asked import changed_from
from vtm_tui.model.log_entry import LogEntry, describe_change
from vtm_tui.model.typed import is_typed
from vtm_tui.store.errors import StoreError
from vtm_tui.store.session_log import SessionLog
from vtm_tui.store.toml_io import load_toml

STORYTELLER = "Storyteller"
#: Markdown's own characters, escaped in anything a person typed: no emphasis, link, image, HTML, table cell
#: or autolink (``https\://``) can come out of a name or a comment.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>|#!&~]|:(?=//))")  # a colon only where it would start an autolink
_WWW = re.compile(r"(?<![a-z0-9])(www)\.", re.IGNORECASE)  # GitHub's Markdown links a bare www. as well


def one_line(text: str) -> str:
    """Text on one line: line breaks become " / " so a log line never splits."""
    return " / ".join(part for part in text.replace("\r\n", "\n").split("\n"))


def iso_utc(moment: datetime) -> str:
    """ISO 8601 in UTC with a ``Z``, as entries are written in JSON."""
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def local_time(moment: datetime, fmt: str = "%Y-%m-%d %H:%M") -> str:
    return moment.astimezone().strftime(fmt)


def _faces(roll: dict[str, Any]) -> str:
    groups = []
    for key, value in roll.items():
        if "faces" in key and isinstance(value, list) and value:
            label = key.replace("_faces", "").replace("faces", "").strip("_") or "dice"
            groups.append(f"{label} {' '.join(str(v) for v in value)}")
    return "; ".join(groups)


def _change(change: dict[str, Any]) -> str:
    return describe_change(change, arrow=" → ")


def difficulty_text(entry: LogEntry, *, hide_secret: bool = False) -> str:
    if entry.secret and hide_secret:
        return "vs ? (secret)"
    if entry.difficulty is None:
        return "(secret)" if entry.secret else ""
    if entry.secret:
        return "vs ? (secret)" if hide_secret else f"vs {entry.difficulty} (secret)"
    return f"vs {entry.difficulty}"


def describe_entry(entry: LogEntry, *, hide_secret: bool = False, session: bool = True) -> str:
    """One readable line, e.g. ``S3 2026-11-29 21:04 Ana: roll Wits 3 + Awareness 2 vs 3 → win +2 [dice 7 10]``
    (``[typed: dice 7 10]`` when the faces were typed from physical dice)."""
    parts = [f"S{entry.session}"] if session else []
    parts += [local_time(entry.time), f"{one_line(entry.actor) or STORYTELLER}:", entry.kind]
    if entry.pool:
        parts.append(one_line(entry.pool))
    if asked := changed_from(entry):  # a player answered the storyteller's request with another pool
        parts.append(f"(changed from the pool asked: {one_line(asked)})")
    if text := difficulty_text(entry, hide_secret=hide_secret):
        parts.append(text)
    if entry.result:
        parts.append(f"→ {entry.result}" + (f" {entry.margin:+d}" if entry.margin else ""))
    faces = _faces(entry.roll)
    if is_typed(entry):  # faces typed from physical dice, as the app's log says it ("typed · ")
        parts.append(f"[typed: {faces}]" if faces else "[typed]")
    elif faces:
        parts.append(f"[{faces}]")
    if change := _change(entry.change):
        parts.append(f"({change})")
    if entry.comment:
        parts.append(f"— {one_line(entry.comment)}")
    if entry.storyteller_comment and not hide_secret:
        parts.append(f"[storyteller: {one_line(entry.storyteller_comment)}]")
    return " ".join(parts)


def entry_json(entry: LogEntry, *, hide_secret: bool = False) -> dict[str, Any]:
    data = entry.to_json()
    if hide_secret and entry.secret:
        data["difficulty"] = None
        data.pop("margin", None)  # with the successes, a margin names the Difficulty
        data["roll"] = {k: v for k, v in data["roll"].items() if k not in ("difficulty", "margin", "shortfall")}
    return data


# -- recaps ------------------------------------------------------------------------------------


def chronicle_facts(chronicle_dir: Path) -> dict[str, Any]:
    """Name, rule set and who plays whom, read straight from the files (no sheet model needed)."""
    facts: dict[str, Any] = {"name": Path(chronicle_dir).name, "ruleset": "", "players": {}}
    try:
        data = load_toml(Path(chronicle_dir) / "chronicle.toml")
        facts["name"] = str(data.get("name", facts["name"]))
        facts["ruleset"] = str(data.get("ruleset", ""))
    except StoreError:
        pass
    for path in sorted((Path(chronicle_dir) / "characters").glob("*.toml")):
        try:
            sheet = load_toml(path)
        except StoreError:
            continue
        if sheet.get("kind", "pc") == "pc" and isinstance(sheet.get("name"), str):
            facts["players"][sheet["name"]] = str(sheet.get("player", "") or "")
    return facts


def words(name: str) -> str:
    """A result or kind name as words: ``messy_critical`` → ``messy critical``."""
    return name.replace("_", " ")


def md(text: str) -> str:
    """Escape Markdown so a name with ``*`` or ``|`` stays itself (and inside a table)."""
    return _WWW.sub(r"\1\\.", _MD_SPECIAL.sub(r"\\\1", one_line(text)))


def outcome_table(log: SessionLog) -> tuple[list[str], list[tuple[str, int, Counter[str]]]]:
    """(result names in order of first appearance, [(actor, rolls, count per result)])."""
    results: list[str] = []
    per_actor: dict[str, Counter[str]] = {}
    for entry in log.entries:
        if not entry.result:
            continue
        if entry.result not in results:
            results.append(entry.result)
        per_actor.setdefault(entry.actor or STORYTELLER, Counter())[entry.result] += 1
    return results, [(actor, sum(c.values()), c) for actor, c in per_actor.items()]


def shown_entries(log: SessionLog, *, hide_secret: bool = False) -> list[LogEntry]:
    """The session's entries, without the wholly secret ones (notes, scenes, ledger changes) when ``hide_secret``."""
    return [entry for entry in log.entries if not (hide_secret and entry.wholly_secret)]


def scenes(entries: list[LogEntry]) -> list[tuple[str, list[LogEntry]]]:
    """The entries cut at each scene marker: ``[(scene title, entries)]``; "" for what came before the first."""
    groups: list[tuple[str, list[LogEntry]]] = [("", [])]
    for entry in entries:
        if entry.kind == "scene":
            groups.append((entry.comment or "(untitled scene)", []))
        else:
            groups[-1][1].append(entry)
    return [group for group in groups if group[0] or group[1]]


def recap_markdown(log: SessionLog, facts: dict[str, Any], *, hide_secret: bool = False) -> str:
    """A session recap: heading with number, date and players; the night scene by scene; the ledger's
    changes; outcomes per character."""
    info = log.info
    entries = shown_entries(log, hide_secret=hide_secret)
    session_title = log.title if not hide_secret else _public_title(log)
    title = f"# Session {info.number}" + (f" — {md(session_title)}" if session_title else "")
    date = local_time(info.started)
    if log.ended:
        date += "–" + local_time(log.ended, "%H:%M" if log.ended.date() == info.started.date() else "%Y-%m-%d %H:%M")
    players = facts.get("players", {})
    actors = log.actors
    shown = [a for a in actors if a in players] or actors
    who = ", ".join(md(a) + (f" ({md(players[a])})" if players.get(a) else "") for a in shown)
    rolls = sum(1 for entry in entries if entry.is_roll)
    lines = [title, "", f"- **Chronicle:** {md(facts.get('name', ''))}" + (f" ({facts['ruleset']})" if facts.get("ruleset") else "")]
    lines += [f"- **Date:** {date}", f"- **Players:** {who or 'none logged'}"]
    lines += [f"- **Entries:** {len(entries)} ({rolls} rolls)", "", "## The night, roll by roll", ""]
    for scene, group in scenes(entries):
        if scene:
            lines += ([""] if lines[-1] else []) + [f"### {md(scene)}", ""]
        lines.extend("- " + _md_entry(entry, hide_secret=hide_secret) for entry in group)
    if not entries:
        lines.append("*Nothing was logged.*")
    ledger = [entry for entry in entries if entry.kind == "ledger"]
    if ledger:
        lines += ["", "## The ledger", ""]
        lines.extend(f"- {md(entry.comment)}" + (f" ({md(_change(entry.change))})" if _change(entry.change) else "")
                     + (" *(secret)*" if entry.secret else "") for entry in ledger)
    results, rows = outcome_table(log)
    lines += ["", "## Outcomes per character", ""]
    if rows:
        lines.append("| Character | Rolls | " + " | ".join(md(words(r)) for r in results) + " |")
        lines.append("|---|---:|" + "---:|" * len(results))
        for actor, total, counts in rows:
            lines.append(f"| {md(actor)} | {total} | " + " | ".join(str(counts.get(r, 0)) for r in results) + " |")
    else:
        lines.append("*No rolls.*")
    return "\n".join(lines) + "\n"


def _public_title(log: SessionLog) -> str:
    """The title players may read: the newest one set openly."""
    from vtm_tui.store.session_log import effective_title

    return effective_title(log.info.title, [entry for entry in log.entries if not entry.wholly_secret])


def _md_entry(entry: LogEntry, *, hide_secret: bool) -> str:
    parts = [local_time(entry.time, "%H:%M"), f"**{md(entry.actor or STORYTELLER)}**", md(words(entry.kind))]
    if entry.pool:
        parts.append(md(entry.pool))
    if text := difficulty_text(entry, hide_secret=hide_secret):
        parts.append(text)
    line = " · ".join(parts)
    if entry.result:
        line += f": **{md(words(entry.result))}**" + (f" ({entry.margin:+d})" if entry.margin else "")
    if faces := _faces(entry.roll):
        line += f" — {md(faces)}"
    if change := _change(entry.change):
        line += f" — {md(change)}"
    if entry.comment:
        line += f" — *{md(entry.comment)}*"
    if entry.storyteller_comment and not hide_secret:
        line += f" — storyteller: *{md(entry.storyteller_comment)}*"
    return line


def recap_json(log: SessionLog, facts: dict[str, Any], *, hide_secret: bool = False) -> dict[str, Any]:
    """The session's info, the chronicle's name and rule set, and every entry in full."""
    results, rows = outcome_table(log)
    entries = shown_entries(log, hide_secret=hide_secret)
    return {
        "chronicle": {"name": facts.get("name", ""), "ruleset": facts.get("ruleset", "")},
        "session": {
            "number": log.info.number,
            "title": _public_title(log) if hide_secret else log.title,
            "started": iso_utc(log.info.started),
            "ended": iso_utc(log.ended) if log.ended else None,
            "players": [a for a in log.actors if a in facts.get("players", {})] or log.actors,
        },
        "outcomes": {actor: {"rolls": total, **{r: counts.get(r, 0) for r in results}} for actor, total, counts in rows},
        "scenes": [{"title": scene, "entries": [entry.id for entry in group]} for scene, group in scenes(entries)],
        "ledger": [entry_json(entry, hide_secret=hide_secret) for entry in entries if entry.kind == "ledger"],
        "entries": [entry_json(entry, hide_secret=hide_secret) for entry in entries],
    }
