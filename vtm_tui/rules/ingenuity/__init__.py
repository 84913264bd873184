"""The Ingenuity rule set (docs/rules.md, "Ingenuity"): step dice, luck, advantage, exact odds.

Everything is pure: functions take dice sizes, faces and bonuses and return
frozen dataclasses; randomness comes only from a
:class:`~vtm_tui.rules.dice.DiceSource` passed to :func:`roll`.

Dice and Difficulty (``dice``, ``difficulty``)
    ``StepDie(sides)`` (d4-d12; ``.passive``, ``.check_face``), ``parse_die("d6" | "D6" | "6" | 6)``,
    ``UNTRAINED`` (d4). ``Difficulty(value)`` (``.name``, ``.label`` "Moderate 8"), ``LADDER``,
    ``parse_difficulty("moderate" | "8" | 8)`` ("Trivial" is refused: no test), ``difficulty_name(8)``,
    ``is_trivial(difficulty, bonus)`` — the lowest result 2 + bonus already meets it.

Tests (``rolling``, ``results``)
    ``judge(attribute_die, skill_die, attribute_face, skill_face, luck_face, *, bonus=0, difficulty=None,
    advantage=0, disadvantage=0, reroll_faces=(), picks=None, assist_bonus=0, size_bonus=0)`` — pure.
    ``roll(attribute, skill, dice, *, bonus=0, difficulty=None, advantage=0, disadvantage=0, passive=False,
    assist_bonus=0, size_bonus=0, picks=None)`` draws ``attribute``, ``skill``, ``luck`` then one ``reroll``
    face per re-roll. ``passive_test(attribute, skill, *, bonus, difficulty, ...)`` (half sizes, no luck).
    ``luck_test(dice, *, target=20)`` / ``judge_luck(face, *, target=20)`` → ``LuckOutcome``.
    Each returns an ``IngenuityOutcome`` (an :class:`~vtm_tui.rules.base.Outcome`): ``result``
    ``success``/``failure`` (``rolled`` without a Difficulty), ``win``, ``total``, ``margin``
    (total − Difficulty on success, else 0), ``lucky``, ``faces``/``rolled_faces``, ``luck_face``,
    ``rerolls`` (``Reroll``: kind, die, sides, replaced, rolled, kept, discarded, picked), ``to_dict()``,
    ``summary()`` (``d8 + d6 + 1 vs Moderate 8: 5 + 3 + 1, luck 20 (+4) → 13, success``).

Advantage (``advantage``)
    ``net_advantage(adv, dis)``; ``reroll_gain(sides, face)`` = E[max(f, X)] − f;
    ``choose_advantage_die`` / ``choose_disadvantage_die``; ``apply_rerolls``. Tie-breaks: equal gains
    re-roll the attribute die; equal highest faces under disadvantage re-roll the larger die (then the
    attribute die); a re-roll that cannot change anything is skipped; with net 2+ each re-roll is chosen
    afresh, so a die may be re-rolled again. Typed-in re-roll faces that do not fit (too few, too
    many, off the die) raise ``RerollFaceError`` (a ``DiceError``), so a caller can name its option.

Helping and opposing (``contests``, ``sizes``)
    ``assist_bonus(result)`` (≥4 +1 … ≥16 +4), ``best_assist(results)``, ``contest_difficulty(setter)``,
    ``symmetric_contest(a, b)`` → ``ContestOutcome`` (``success``/``failure``/``tie``),
    ``ContestSeries(best_of=3).record(contest)``; ``SIZES``, ``parse_size``, ``size_bonus(own, other)``.

Characters (``character``)
    ``ATTRIBUTES``, ``MUNDANE_SKILLS``, ``SUPERNATURAL_SKILLS``, ``SKILLS``, ``attribute_name``,
    ``skill_name``, ``passive_value``, ``reflexes``, ``constitution``, ``willpower``,
    ``resources(str, dex, int, res, fate=0)`` → ``Resources``; ``Stats.from_mapping(...)``.

Failure and combat (``failure``, ``turn_order``)
    ``Task(description, difficulty)`` with ``.attempt(result)``, ``.escalate()`` (twice at most; risk
    safe → small → serious), ``.modify(difficulty)``, ``.abandon()`` (locked for everyone).
    ``TurnOrder.start(teams, surprise=None)`` with ``.current_team``, ``.choices``, ``.act(member)``,
    ``.add``/``.remove``. Both are immutable (each move returns the next state) and round-trip through
    ``to_dict()`` / ``from_dict()`` for the conflict file.

Odds (``exact_odds``)
    ``odds(attribute, skill, *, bonus, difficulty, advantage, disadvantage, assist_bonus, size_bonus,
    passive)`` → ``IngenuityOdds``: exact ``distribution`` (Fractions, luck included), ``p_win``,
    ``outcomes``, ``p_at_least(total)``, ``mean``, ``to_dict()``, ``summary()``, ``table()``; the
    re-roll policy is the engine's own.
"""

from vtm_tui.rules.ingenuity.advantage import (
    Reroll,
    RerollFaceError,
    apply_rerolls,
    choose_advantage_die,
    choose_disadvantage_die,
    net_advantage,
    reroll_gain,
    reroll_loss,
)
from vtm_tui.rules.ingenuity.character import (
    ATTRIBUTES,
    MUNDANE_SKILLS,
    SKILLS,
    SUPERNATURAL_SKILLS,
    Resources,
    Stats,
    attribute_name,
    constitution,
    passive_value,
    reflexes,
    resources,
    skill_name,
    willpower,
)
from vtm_tui.rules.ingenuity.contests import (
    ContestOutcome,
    ContestSeries,
    assist_bonus,
    best_assist,
    contest_difficulty,
    symmetric_contest,
)
from vtm_tui.rules.ingenuity.dice import UNTRAINED, StepDie, parse_die
from vtm_tui.rules.ingenuity.difficulty import (
    LADDER,
    Difficulty,
    difficulty_name,
    is_trivial,
    parse_difficulty,
)
from vtm_tui.rules.ingenuity.failure import Task
from vtm_tui.rules.ingenuity.exact_odds import IngenuityOdds, odds
from vtm_tui.rules.ingenuity.results import IngenuityOutcome
from vtm_tui.rules.ingenuity.rolling import LuckOutcome, judge, judge_luck, luck_test, passive_test, roll
from vtm_tui.rules.ingenuity.sizes import SIZES, parse_size, size_bonus
from vtm_tui.rules.ingenuity.turn_order import TurnOrder

__all__ = [
    "ATTRIBUTES",
    "LADDER",
    "MUNDANE_SKILLS",
    "SIZES",
    "SKILLS",
    "SUPERNATURAL_SKILLS",
    "UNTRAINED",
    "ContestOutcome",
    "ContestSeries",
    "Difficulty",
    "IngenuityOdds",
    "IngenuityOutcome",
    "LuckOutcome",
    "Reroll",
    "RerollFaceError",
    "Resources",
    "Stats",
    "StepDie",
    "Task",
    "TurnOrder",
    "apply_rerolls",
    "assist_bonus",
    "attribute_name",
    "best_assist",
    "choose_advantage_die",
    "choose_disadvantage_die",
    "constitution",
    "contest_difficulty",
    "difficulty_name",
    "is_trivial",
    "judge",
    "judge_luck",
    "luck_test",
    "net_advantage",
    "odds",
    "parse_difficulty",
    "parse_die",
    "parse_size",
    "passive_test",
    "passive_value",
    "reflexes",
    "reroll_gain",
    "reroll_loss",
    "resources",
    "roll",
    "size_bonus",
    "skill_name",
    "symmetric_contest",
    "willpower",
]
