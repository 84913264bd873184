"""Who takes part: characters from the chronicle and nameless extras, their sides, the order.

A participant is a :class:`~vtm_tui.model.conflict.Participant`; what the model
has no field for lives in its ``extra`` table (written into ``conflict.toml``
beside the known keys):

- ``kind``: ``"character"`` (a sheet of the chronicle, found by ``character``
  or the participant's name) or ``"extra"`` (a mook with no sheet);
- an extra's ``pools`` (name → one number: dice in V5/V20, a die size in
  Ingenuity), ``health`` (boxes in V5, ignored in V20 whose track is always
  seven levels, points in Ingenuity), ``vampire`` and its damage so far
  (see :mod:`vtm_tui.conflict.wounds`).

Every function here copies the conflict and returns a :class:`Change`; the
conflict handed in is never modified.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.model.character import Character
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.model.slug import fold_name

#: The side a character joins unless the storyteller says otherwise.
DEFAULT_SIDES = {"pc": "coterie", "spc": "opposition"}
MAX_EXTRAS = 30
#: The pool an extra rolls when none is named.
GENERAL = "general"


_POOL = re.compile(r"^(?:([^\d,]+?)\s+)?d?(\d+)$", re.IGNORECASE)


def parse_pools(text: str) -> dict[str, int]:
    """``"general 5, attack 6"`` → ``{"general": 5, "attack": 6}``; a bare ``5`` (or ``d8``) is the general pool.

    Names are folded to lower case; a name given twice is refused rather than silently overwritten.
    """
    pools: dict[str, int] = {}
    for part in text.split(","):
        clean = " ".join(part.split())
        if not clean:
            continue
        match = _POOL.match(clean)
        if match is None:
            raise ConflictError(f"pool {clean!r}: write a name and a number, such as 'attack 6' (or 'attack d8')")
        name = (match.group(1) or GENERAL).strip().casefold()
        if name in pools:
            raise ConflictError(f"pool {name!r} is given twice in {text!r}")
        pools[name] = int(match.group(2))
    return pools


def format_pools(pools: Mapping[str, int], *, rating: Callable[[int], str] = str) -> str:
    """The inverse of :func:`parse_pools`: ``general 5, attack 6`` (``general d8`` when ``rating`` writes die sizes:
    the roll facet's :meth:`~vtm_tui.rules.roll_play.RollPlay.rating_text`)."""
    return ", ".join(f"{name} {rating(value)}" for name, value in pools.items())


def copied(conflict: Conflict) -> Conflict:
    return copy.deepcopy(conflict)


def find(conflict: Conflict, name: str) -> Participant:
    """The participant called ``name`` (exact, else ignoring case and accents); raises a ConflictError naming the others."""
    for p in conflict.participants:
        if p.name == name:
            return p
    folded = [p for p in conflict.participants if fold_name(p.name) == fold_name(name)]
    if len(folded) == 1:
        return folded[0]
    names = ", ".join(p.name for p in conflict.ordered()) or "nobody yet"
    raise ConflictError(f"no participant {name!r} in the conflict (taking part: {names})")


def is_extra(p: Participant) -> bool:
    return p.extra.get("kind") == "extra"


def renumber(conflict: Conflict, names: list[str] | None = None) -> None:
    """Set ``order`` 0..n-1 following ``names`` (default: the present order), in place."""
    wanted = names if names is not None else [p.name for p in conflict.ordered()]
    rank = {name: i for i, name in enumerate(wanted)}
    for p in conflict.participants:
        p.order = rank.get(p.name, len(wanted) + p.order)
    for i, p in enumerate(conflict.ordered()):
        p.order = i


def current_name(conflict: Conflict) -> str | None:
    current = conflict.current()
    return current.name if current is not None else None


def point_at(conflict: Conflict, name: str | None) -> None:
    """Make ``name`` the participant whose turn it is (in place); None or unknown keeps index 0."""
    names = [p.name for p in conflict.ordered()]
    conflict.turn = names.index(name) if name in names else max(0, min(conflict.turn, len(names) - 1))


def sides(conflict: Conflict) -> list[str]:
    """Sides in the order they joined (the first side to join started the fight)."""
    listed = list(conflict.state.get("sides", []))
    for p in conflict.ordered():
        if p.side not in listed:
            listed.append(p.side)
    present = {p.side for p in conflict.participants}
    return [s for s in listed if s in present]


def _remember_side(conflict: Conflict, side: str) -> None:
    listed = list(conflict.state.get("sides", []))
    if side not in listed:
        listed.append(side)
    conflict.state["sides"] = listed


def _unique(conflict: Conflict, name: str) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise ConflictError("a participant needs a name")
    if any(p.name.casefold() == clean.casefold() for p in conflict.participants):
        raise ConflictError(f"{clean!r} is already in the conflict; names must differ so the log can tell them apart")
    return clean


def add_character(conflict: Conflict, table: Table, character: Character, side: str = "") -> Change:
    """A chronicle character joins (at the end of this round's order)."""
    new = copied(conflict)
    name = _unique(new, character.name)
    side = " ".join(side.split()) or DEFAULT_SIDES.get(character.kind, "coterie")
    new.participants.append(Participant(name=name, side=side, order=len(new.participants),
                                        extra={"kind": "character"}))
    _remember_side(new, side)
    if len(new.participants) == 1:
        new.turn = 0
    entry = table.entry("conflict", actor=name, comment=f"joins the conflict on the side {side!r}",
                        change={"field": "participants", "before": "", "after": name})
    return Change(new, (entry,), message=f"{name} joins ({side}).")


def add_extras(conflict: Conflict, table: Table, name: str, count: int = 1, *,
               pools: Mapping[str, int] | None = None, health: int = 0, side: str = "opposition",
               vampire: bool = False) -> Change:
    """``count`` nameless extras ("Ghoul 1", "Ghoul 2"...) with one number per pool and a health rating.

    V5: ``health`` boxes (default 4, a mortal's Stamina 1 + 3) and dice pools; V20: dice pools
    (the seven health levels are everyone's); Ingenuity: die sizes and Health points (default 8).
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_EXTRAS:
        raise ConflictError(f"the number of extras must be 1-{MAX_EXTRAS}, not {count!r}")
    base = " ".join(name.split())
    if not base:
        raise ConflictError("extras need a name, such as 'Ghoul' (they are numbered Ghoul 1, Ghoul 2...)")
    rules = table.rules
    clean_pools = _check_pools(table.conflict_round.extra_pool_error,
                               dict(pools or {GENERAL: rules.default_extra_pool}))
    health = health or rules.default_extra_health
    if isinstance(health, bool) or not isinstance(health, int) or not 1 <= health <= 30:
        raise ConflictError(f"an extra's health must be 1-30, not {health!r}")
    new = copied(conflict)
    side = " ".join(side.split()) or "opposition"
    names = [base] if count == 1 and not _taken(new, base) else [_next_number(new, base, i) for i in range(count)]
    for extra_name in names:
        _unique(new, extra_name)
        new.participants.append(Participant(
            name=extra_name, side=side, order=len(new.participants),
            extra={"kind": "extra", "pools": dict(clean_pools), "health": health, "vampire": bool(vampire)}))
    _remember_side(new, side)
    pools_text = ", ".join(f"{k} {v}" for k, v in clean_pools.items())
    entry = table.entry("conflict", actor=", ".join(names), comment=f"extras join on the side {side!r}: {pools_text}, "
                        f"health {health}", change={"field": "participants", "before": "", "after": ", ".join(names)})
    return Change(new, (entry,), message=f"{len(names)} × {base} join ({side}).")


def _taken(conflict: Conflict, base: str) -> bool:
    return any(p.name.casefold() == base.casefold() for p in conflict.participants)


def _next_number(conflict: Conflict, base: str, offset: int) -> str:
    used = {p.name.casefold() for p in conflict.participants}
    n = 1
    found = 0
    while True:
        candidate = f"{base} {n}"
        if candidate.casefold() not in used:
            if found == offset:
                return candidate
            found += 1
        n += 1


def _check_pools(refusal: Callable[[str, int], str | None], pools: dict[str, int]) -> dict[str, int]:
    clean: dict[str, int] = {}
    for key, value in pools.items():
        name = " ".join(str(key).split()).casefold()
        if not name:
            raise ConflictError("a pool of an extra needs a name (general, attack, dodge...)")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConflictError(f"pool {name!r} must be a whole number, not {value!r}")
        why = refusal(name, value)  # the rule set's: dice 0-30, or a die size
        if why:
            raise ConflictError(why)
        clean[name] = value
    return clean


def remove(conflict: Conflict, table: Table, name: str) -> Change:
    """Drop a participant altogether (added by mistake); the turn stays with whoever had it."""
    new = copied(conflict)
    gone = find(new, name)
    keep = current_name(new)
    if keep == gone.name:
        names = [p.name for p in new.ordered()]
        index = names.index(gone.name)
        rest = names[index + 1:] + names[:index]
        keep = rest[0] if rest else None
    new.participants = [p for p in new.participants if p.name != gone.name]
    renumber(new)
    point_at(new, keep)
    entry = table.entry("conflict", actor=gone.name, comment="removed from the conflict",
                        change={"field": "participants", "before": gone.name, "after": ""})
    return Change(new, (entry,), message=f"{gone.name} removed.")


def take_out(conflict: Conflict, table: Table, name: str, reason: str = "taken out") -> Change:
    """Out of the fight (fled, surrendered, torpor) or, if already out, back in."""
    new = copied(conflict)
    p = find(new, name)
    p.out = not p.out
    p.note = reason if p.out else ""
    what = f"out of the fight ({reason})" if p.out else "back in the fight"
    entry = table.entry("conflict", actor=p.name, comment=what,
                        change={"field": "out", "before": not p.out, "after": p.out})
    return Change(new, (entry,), message=f"{p.name}: {what}.")


def set_side(conflict: Conflict, table: Table, name: str, side: str) -> Change:
    new = copied(conflict)
    p = find(new, name)
    side = " ".join(side.split())
    if not side:
        raise ConflictError("a side needs a name (coterie, the Sabbat pack...)")
    before, p.side = p.side, side
    _remember_side(new, side)
    entry = table.entry("conflict", actor=p.name, comment=f"changes side: {before} → {side}",
                        change={"field": "side", "before": before, "after": side})
    return Change(new, (entry,), message=f"{p.name} is now on the side {side!r}.")


def move(conflict: Conflict, table: Table, name: str, step: int) -> Change:
    """Manual reordering: move ``name`` ``step`` places (−1 up, +1 down); the turn stays with its holder."""
    new = copied(conflict)
    p = find(new, name)
    names = [q.name for q in new.ordered()]
    index = names.index(p.name)
    target = max(0, min(len(names) - 1, index + step))
    if target == index:
        return Change(new, (), message=f"{p.name} is already {'first' if step < 0 else 'last'}.")
    keep = current_name(new)
    names.insert(target, names.pop(index))
    renumber(new, names)
    point_at(new, keep)
    entry = table.entry("conflict", actor=p.name, comment=f"moved from place {index + 1} to {target + 1}",
                        change={"field": "order", "before": index + 1, "after": target + 1})
    return Change(new, (entry,), message=f"{p.name} moved to place {target + 1}.")
