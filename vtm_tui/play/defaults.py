"""The pool a dialog opens with, and completion of trait names while typing.

``r`` then Enter should roll what the storyteller most likely means: the pool
this character rolled last (the newest roll entry in the log whose actor is the
character), else their strongest Attribute + Skill. The log keeps pools as
described (``Wits 3 + Awareness 2``); :func:`expression_from_description` turns
that back into an expression the pool parser reads.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.pool import SIGN, complete_trait, resolve
from vtm_tui.rules.ruleset import ruleset_for

_SPLIT = SIGN  # a hyphen between letters is part of a name (Self-Control)
_RATED = re.compile(r"^(?P<name>.*?[A-Za-z].*?)\s+d?\d+$")
#: How many sessions back the last pool is looked for (each is parsed whole).
LOOK_BACK_SESSIONS = 3


def _attribute_skill_names(character: Character) -> tuple[list[str], list[str]]:
    sheet = character.sheet
    return list(getattr(sheet, "attributes", ())), ruleset_for(character.ruleset).pool_skills(sheet)


def strongest_pool(character: Character) -> str:
    """``Charisma + Performance``: the highest Attribute plus the highest Skill (sheet order breaks ties); on a
    sheet with no Attributes apart (a rule set whose pools are not an Attribute plus a Skill), its highest trait."""
    traits = character.traits()
    attributes, skills = _attribute_skill_names(character)
    if not attributes:
        return max(traits, key=lambda n: traits[n], default="")
    attribute = max(attributes, key=lambda n: (traits.get(n, 0), -attributes.index(n)))
    skill = max(skills, key=lambda n: (traits.get(n, 0), -skills.index(n)))
    return f"{attribute} + {skill}"


def expression_from_description(description: str) -> str:
    """``Wits 3 + Awareness 2 - 1`` → ``Wits + Awareness - 1``; words without a rating are dropped."""
    text = description.split("=")[0].split(" (")[0]
    parts = _SPLIT.split(" + " + text.replace("−", "-"))
    out: list[str] = []
    for sign, term in zip(parts[1::2], parts[2::2]):
        term = term.strip()
        if not term:
            continue
        if term.isdigit():
            out.append(f"{sign} {term}")
            continue
        rated = _RATED.match(term)
        if rated:
            out.append(f"{sign} {rated.group('name').strip()}")
    expr = " ".join(out).strip()
    return expr[2:] if expr.startswith("+ ") else expr


def last_pool(entries: Iterable[LogEntry], actor: str) -> str | None:
    """The newest plain roll's pool (as described) of ``actor`` among ``entries`` (oldest first)."""
    found = None
    for entry in entries:
        if entry.actor == actor and entry.kind == "roll" and entry.pool:
            found = entry.pool
    return found


_LINE = re.compile(r"^(kind|actor|pool)\s*=\s*(.+?)\s*$", re.MULTILINE)


def _block_value(raw: str) -> str | None:
    """A TOML string value as written on one line (``"Inês"``), or None if it is not one."""
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return None
    return value if isinstance(value, str) else None


def last_pool_in_text(text: str, actor: str) -> str | None:
    """The newest plain roll's pool of ``actor`` in a session file's text, read from the end.

    Opening the dialog must not parse a whole session (75 µs an entry): the
    ``actor = "…"`` line as the tool writes it is searched backwards, and only
    the block around each hit is read. A hand-written line spelled otherwise is
    not found, which costs only the convenience of a remembered pool.
    """
    needle = f"\nactor = {json.dumps(actor, ensure_ascii=False)}\n"
    end = len(text)
    while True:
        hit = text.rfind(needle, 0, end)
        if hit < 0:
            return None
        start = text.rfind("[[entry]]", 0, hit)
        stop = text.find("[[entry]]", hit)
        block = text[max(start, 0) : stop if stop >= 0 else len(text)]
        found = dict(_LINE.findall(block))
        if _block_value(found.get("kind", '""')) == "roll" and "pool" in found:
            pool = _block_value(found["pool"])
            if pool:
                return pool
        end = max(start, 0) if start > 0 else hit
        if start <= 0:
            return None


def find_last_pool(chronicle_dir: Path, current_session: int, actor: str) -> str | None:
    """Look through the newest few sessions' logs for ``actor``'s last pool; None if there is none.

    A log that cannot be read is skipped: a default pool is a convenience, never a reason to fail.
    """
    from vtm_tui.errors import VtmError
    from vtm_tui.store.safe_read import MAX_LOG_BYTES, read_regular
    from vtm_tui.store.session_log import session_path

    for number in range(current_session, max(0, current_session - LOOK_BACK_SESSIONS), -1):
        try:  # never a FIFO or a device: a default pool must not hang the roll dialog
            text = read_regular(session_path(chronicle_dir, number), MAX_LOG_BYTES).decode("utf-8", "replace")
        except (OSError, VtmError):
            continue
        pool = last_pool_in_text(text, actor)
        if pool:
            return pool
    return None


def default_pool(character: Character, ruleset: str | None = None, last_pool: str | None = None) -> str:
    """The last pool used for this character if it still resolves on the sheet, else the strongest pair."""
    if last_pool:
        expression = expression_from_description(last_pool)
        if expression:
            try:
                names = dict(character.traits())
                names.update(ruleset_for(character.ruleset).pool_extras(character.sheet))
                resolve(expression, names)
                return expression
            except VtmError:
                pass
    return strongest_pool(character)


def completion_names(character: Character) -> list[str]:
    """Every name a pool may use for this character (Ingenuity adds its proficiencies)."""
    names = list(character.traits())
    return names + [p for p in ruleset_for(character.ruleset).pool_extras(character.sheet) if p not in names]


def trait_completions(character: Character, text: str) -> list[str]:
    """Whole-text completions of the last term: ``wits+aw`` → ``["wits+Awareness"]``."""
    signs = list(SIGN.finditer(text))
    start = signs[-1].end() if signs else len(text) - len(text.lstrip())
    prefix = text[start:]
    if not prefix.strip() or prefix.strip().isdigit():
        return []
    return [text[:start] + name for name in complete_trait(prefix, completion_names(character))
            if name.casefold() != prefix.strip().casefold() or name != prefix.strip()]
