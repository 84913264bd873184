"""What a rule set says about a conflict, behind one facet: ``ruleset_for(id).conflict_round()``.

Each rule-set package keeps a ``conflict_round`` module (``v5``, ``v20``, ``ingenuity``) whose
``CONFLICT_ROUND`` provides :class:`ConflictRound`: how a round is ordered and stepped (declared groups,
rolled initiative, teams picking), what a participant's pool is now (impairment, wound penalties, split
actions, die sizes), how a contest is rolled and judged and what its blow does, how wounds are read and
marked, and what one roll adds to a tally. ``vtm_tui/conflict/`` keeps the flow every conflict shares
(the roster, saving, logging, applying a blow) and asks the facet, so it never picks among three paths.

The rules are the lowest layer and may not import ``conflict/`` or ``model/``: a conflict, its participants,
the :class:`~vtm_tui.conflict.context.Table` and the sheets are passed in and read duck-typed, and the few
helpers of the conflict layer a round needs (copy a conflict, find a participant, who can act...) come in
a :class:`RoundKit`. The plain data both sides share (:class:`Condition`, :class:`Dice`,
:class:`ContestSpec`, :class:`ContestRoll`, :class:`ConflictError`) lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from vtm_tui.errors import VtmError
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.numbers import looks_whole, read_whole

#: An extra's first pool, used when the storyteller types none.
GENERAL = "general"


class ConflictError(VtmError):
    """An operation the conflict cannot take (an unknown participant, nobody left to act...)."""


@dataclass(frozen=True)
class Condition:
    """What the tracker shows of a participant's wounds; ``penalty`` is dice off (physical) pools."""

    track: str  # the boxes or points, e.g. "XX//.." or "Health 5/9"
    state: str  # "ok", "impaired", "Wounded", "torpor", "down"...
    penalty: int = 0
    can_act: bool = True
    willpower_impaired: bool = False

    @property
    def label(self) -> str:
        return f"{self.state} −{self.penalty}" if self.penalty else self.state


@dataclass(frozen=True)
class Dice:
    """One side's pool: ``dice`` for V5/V20, the two die sizes and bonus for Ingenuity."""

    dice: int
    text: str
    hunger: int = 0
    mortal: bool = True
    attribute: int = 0
    skill: int = 0
    bonus: int = 0
    size: str = "Medium"


@dataclass(frozen=True)
class ContestSpec:
    """What the storyteller set in the contest dialog."""

    attacker: str
    defender: str
    attack: str = ""  #: the attacker's pool as typed ("Strength + Brawl", "6", an extra's pool name)
    defence: str = ""  #: the defender's pool ("" for an extra's general pool; V20 "0": no defence roll)
    weapon: int = 0  #: the attacker's weapon rating (V5, Ingenuity) or damage dice bonus (V20)
    defender_weapon: int = 0
    kind: str = ""  #: V5 superficial/aggravated; V20 bashing/lethal/aggravated; Ingenuity the resource hit
    track: str = "health"  #: V5: health or willpower (a social conflict)
    both_strike: bool = True  #: close combat: the defender's win deals damage too
    difficulty: int = 6  #: V20: the attack's (and defence's) Difficulty
    damage_dice: int | None = None  #: V20: the damage pool before extra successes (default Strength)
    soak_dice: int | None = None  #: V20: the target's soak dice (default from the sheet)
    apply: bool = True  #: mark the damage (off: roll and log only)


@dataclass(frozen=True)
class ContestRoll:
    """A contest rolled and judged by a rule set, for the common flow to log and apply.

    ``outcome`` is the judged pair (logged as the ``contest`` entry, with ``extra_roll`` merged into its
    roll); ``entries`` are further log entries (V20's damage and soak rolls). Either ``message`` says why
    nobody is hurt (a tie, a miss), or ``loser`` takes ``amount`` of ``kind`` on ``track`` and ``verdict``
    opens the line the applied damage completes.
    """

    outcome: Any
    attack_text: str
    defence_text: str
    details: tuple[str, ...]
    extra_roll: Mapping[str, Any] | None = None
    entries: tuple[Any, ...] = ()
    message: str = ""
    winner: str = ""
    loser: str = ""
    amount: int = 0
    kind: str = ""
    track: str = "health"
    verdict: str = ""


@dataclass(frozen=True)
class RoundKit:
    """The conflict layer's helpers a rule set's round uses (``vtm_tui/conflict/round_kit.py`` builds it).

    Each takes the conflict objects as the conflict layer defines them; the rules never import them.
    """

    copied: Callable[[Any], Any]  #: a deep copy of a conflict, to change and return
    find: Callable[[Any, str], Any]  #: the participant of that name (a ConflictError naming the others)
    renumber: Callable[..., None]  #: set the order following a list of names, in place
    point_at: Callable[[Any, str | None], None]  #: make that participant the current one, in place
    current_name: Callable[[Any], str | None]
    sides: Callable[[Any], list[str]]  #: sides in the order they joined
    can_act: Callable[[Any, Any], bool]  #: (participant, table): neither out nor too hurt
    condition: Callable[[Any, Any], Condition]  #: (participant, table)
    vampire: Callable[[Any, Any], bool]  #: (participant, table)
    trait: Callable[..., int]  #: (participant, table, name, default=0): a rating, an extra's pool
    read_pool: Callable[..., Dice]  #: (participant, table, text, split=0): the pool now
    first: Callable[..., int | None]  #: (conflict, table, from_end=False): first who may act
    step: Callable[..., int | None]  #: (conflict, table, direction, skip_acted=True): the next who may act
    reset_round: Callable[[Any], None]  #: everyone's acted flag cleared, in place
    hold: Callable[[Any, Any], None]  #: keep a declaration's log entry pending (logged once play moves on)
    change: Callable[..., Any]  #: the Change to return: (conflict, entries, characters, message, details)


def act_next(kit: RoundKit, new: Any, table: Any) -> tuple[Any, str] | None:
    """Move ``new`` (a copy, changed in place) to the next who may act, else to the first who still may; None when
    nobody may act this round. The step every rule set that walks an order takes once the current actor is done."""
    index = kit.step(new, table, 1)
    if index is None:
        index = kit.first(new, table)
    if index is None:
        return None
    new.turn = index
    return new, f"{new.current().name} acts."


@runtime_checkable
class ConflictRound(Protocol):
    """One rule set's conflict: turn order, declarations, pools, contests, wounds and tallies.

    ``kit`` is the :class:`RoundKit`; ``conflict``, ``p`` (a participant), ``table`` and ``character`` are the
    conflict layer's objects, read duck-typed. Operations return the kit's Change, or raise ConflictError.
    """

    # -- turn order --
    def start_round(self, kit: RoundKit, conflict: Any, table: Any, dice: DiceSource, number: int, *,
                    surprise: str | None = None) -> Any:
        """Round ``number`` ordered and begun (``surprise``: a side that alone acts in a surprise round)."""
        ...

    def next_turn(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[Any, str] | None:
        """The current actor is done: (the new conflict, what to say), or None when the round is over."""
        ...

    def previous_turn(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[Any, str]:
        """Back one turn in this round: (the new conflict, what to say)."""
        ...

    def pass_turn(self, kit: RoundKit, conflict: Any, table: Any) -> Any:
        """The current actor waits (to the end of the order), or a ConflictError saying why not."""
        ...

    def actor(self, kit: RoundKit, conflict: Any, table: Any, current: Any) -> Any:
        """Whose turn it is, given the able participant at the turn (None: nobody now)."""
        ...

    def round_label(self, conflict: Any) -> str:
        """``Round 3``, ``Round 2 · declarations (lowest first)``, ``Surprise round`` (once begun)."""
        ...

    def turn_line(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[str, str]:
        """What the current actor does now and who chooses: (``acts``/``declares``, `` · Sabbat picks`` or "")."""
        ...

    def key_hints(self) -> tuple[str, ...]:
        """The round's keys the tracker's hint line shows, in order (``n/p turn``, ``g declare``...)."""
        ...

    # -- what the dialogs offer --
    def pool_preview(self, dice: Dice) -> str:
        """The contest dialog's line under a typed pool: ``5 dice, 2 Hunger: Strength + Brawl`` or ``= d8 + d6``."""
        ...

    def contest_choices(self) -> tuple[str, ...]:
        """The contest dialog's own fields: ``difficulty`` (a target number typed per contest), ``willpower`` (the
        blow may land on Willpower instead of Health); empty when it offers neither."""
        ...

    def both_strike(self, dodging: bool) -> bool:
        """Whether the contest dialog's "Both strike" starts ticked (``dodging``: the defence pool is a dodge, which
        strikes no blow back; V20 resolves one attack at a time, so never)."""
        ...

    def extra_choices(self) -> tuple[str, ...]:
        """What adding a nameless extra lets the storyteller tick: ``vampire`` (it takes damage as one), or nothing."""
        ...

    def order_columns(self) -> tuple[str, ...]:
        """The turn-order table's column headers: the mark, name, side, what orders the round, Health, state."""
        ...

    def extra_pool_error(self, name: str, value: int) -> str | None:
        """Why ``value`` cannot be a nameless extra's pool ``name`` (dice 0-30, or a die size), or None."""
        ...

    def vampire(self, sheet: Any) -> bool:
        """Whether a character with this sheet takes damage as a vampire (a sheet that does not say: the rule
        set's usual creature)."""
        ...

    def sheet_notes(self, sheet: Any) -> tuple[str, ...]:
        """What the status line says of a character's sheet besides Health (V5: ``Willpower XX//..``), in order."""
        ...

    def state_notes(self, sheet: Any) -> tuple[str, ...]:
        """What a character's State cell adds after its wounds (V5 vampire: ``Hunger 3``), in order."""
        ...

    # -- declarations (a key each; refused where the rule set has none) --
    def declare_next(self, kit: RoundKit, conflict: Any, table: Any, name: str, dice: DiceSource) -> Any:
        """``g``: ``name`` declares the next of the rule set's declared groups."""
        ...

    def more_actions(self, kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
        """``m``: ``name`` declares one action more this round (after the most, back to one)."""
        ...

    def pick_keys(self) -> tuple[str, ...]:
        """The keys that, on a participant's row, pick them to act now (``enter``); empty where the round's order
        says who acts, so those keys do nothing there."""
        ...

    def pick(self, kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
        """Enter: the side whose turn it is picks ``name`` to act now."""
        ...

    # -- what the turn-order table shows --
    def order_cell(self, p: Any, conflict: Any) -> str:
        """What orders ``p`` in the round (a declared group, an initiative, ``waiting``)."""
        ...

    def action_note(self, conflict: Any, name: str) -> str:
        """A note on ``name``'s actions this round for the status line (V20's split pool), or ""."""
        ...

    # -- pools and contests --
    def declared_attack(self, p: Any) -> str | None:
        """The attack pool ``p``'s declaration implies (V5 ranged: ``Dexterity + Firearms``), or None."""
        ...

    def split_penalty(self, conflict: Any, name: str) -> int:
        """Dice the next attack of ``name`` loses to declared multiple actions (0 in most rule sets)."""
        ...

    def read_pool(self, p: Any, table: Any, character: Any, text: str, state: Condition, vampire: bool,
                  split: int = 0) -> Dice:
        """``text`` as ``p``'s dice now (``character`` is the sheet's owner, None for an extra)."""
        ...

    def roll_contest(self, kit: RoundKit, new: Any, table: Any, dice: DiceSource, spec: ContestSpec
                     ) -> ContestRoll:
        """Both sides rolled and judged, and the blow it deals (``new`` is the conflict's copy to update)."""
        ...

    # -- wounds --
    def condition(self, p: Any, table: Any, character: Any, vampire: bool) -> Condition:
        """``p``'s wounds as the tracker shows them (a missing sheet reads as unhurt)."""
        ...

    def damage(self, p: Any, table: Any, character: Any, amount: int, kind: str, track: str, vampire: bool,
               new_resource: Callable[[int, int | None], Any]) -> tuple[str, str, str, str, str]:
        """Mark damage on the sheet (``character``, a copy) or the extra (``p``), in place.

        Returns (before, after, note, the words for the amount's unit, the log's field). ``new_resource``
        makes a sheet's resource of (current, maximum) where a rule set keeps points.
        """
        ...

    # -- tallies --
    def tally_roll(self, found: Dice, table: Any, dice: DiceSource, level: int) -> tuple[int, bool, Any]:
        """One roll toward a tally: (what it adds before wins are counted, botched, the outcome to log)."""
        ...

    def tally_points(self, mine: int, theirs: int | None, outcome: Any) -> tuple[int, int]:
        """What the two sides of a tally gain from one roll each (``theirs`` None: no opponent), given what
        :meth:`tally_roll` counted and the actor's ``outcome``: the successes as counted, or 1 for each win."""
        ...


def counted_preview(dice: Dice) -> str:
    """``5 dice, 2 Hunger: Strength + Brawl``: a pool of d10s as the contest dialog previews it."""
    how = dice.text.rsplit(" = ", 1)[0]
    count = f"{dice.dice} {'die' if dice.dice == 1 else 'dice'}"
    hunger = f", {dice.hunger} Hunger" if dice.hunger else ""
    return f"{count}{hunger}: {how}"


def dice_pool_error(name: str, value: int) -> str | None:
    """Why ``value`` cannot be an extra's pool of dice (0-30), or None."""
    return None if 0 <= value <= 30 else f"pool {name!r} must be 0-30 dice, not {value}"


def no_surprise(surprise: str | None) -> None:
    """Refuse a surprise round where the storyteller handles surprise (V5, V20)."""
    if surprise is not None:
        raise ConflictError("surprise rounds are an Ingenuity rule; V5 and V20 handle surprise by the storyteller")


def number(text: str) -> int | None:
    """A bare whole number typed as a pool, or None."""
    clean = text.strip()
    if looks_whole(clean):
        return read_whole(clean, "Pool")
    return None


def extra_pool(p: Any, text: str) -> tuple[int, str] | None:
    """An extra's named pool (``""`` for the general one), or a number typed in."""
    pools = {str(k).casefold(): int(v) for k, v in dict(p.extra.get("pools", {})).items()}
    key = text.strip().casefold() or GENERAL
    if key in pools:
        return pools[key], key
    typed = number(text)
    if typed is not None:
        return typed, "pool"
    starts = [k for k in pools if k.startswith(key)]
    if len(starts) == 1:
        return pools[starts[0]], starts[0]
    if not text.strip() and pools:
        first = next(iter(pools))
        return pools[first], first
    return None


def pool_names(p: Any) -> str:
    """An extra's pools for a message: ``general 4, attack 5`` or ``none``."""
    pools = dict(p.extra.get("pools", {}))
    return ", ".join(f"{k} {v}" for k, v in pools.items()) or "none"


def no_pool(p: Any, text: str) -> ConflictError:
    return ConflictError(f"{p.name} has no pool {text!r}; theirs: {pool_names(p)}")



def started(conflict: Any) -> bool:
    """Whether the conflict's first round has begun (``state["started"]``)."""
    return bool(conflict.state.get("started"))


def pass_in_order(kit: RoundKit, conflict: Any, table: Any) -> Any:
    """The current actor passes: to the end of a fixed order, still to act this round (V5; V20 while acting)."""
    new = kit.copied(conflict)
    current = new.current()
    if current is None or not kit.can_act(current, table) or current.acted:
        raise ConflictError("nobody is waiting to act, so nobody can pass")
    names = [p.name for p in new.ordered() if p.name != current.name]
    last_able = max((i for i, n in enumerate(names) if kit.can_act(kit.find(new, n), table)), default=-1)
    names.insert(last_able + 1, current.name)
    kit.renumber(new, names)
    passed = list(new.state.get("passed", []))
    passed.append(current.name)
    new.state["passed"] = passed
    start = kit.first(new, table)
    new.turn = start if start is not None else 0
    entry = table.entry("conflict", actor=current.name, comment="passes: moves to the end of the order",
                        change={"field": "order", "before": conflict.turn + 1, "after": names.index(current.name) + 1})
    nxt = new.current()
    return kit.change(new, (entry,), message=f"{current.name} passes; {nxt.name if nxt else 'nobody'} acts.")
