"""The V20 house-rule switches a chronicle stores, as plain values.

The engine never reads a chronicle file: the app (or the command line) loads
these options once and passes them to every call that depends on them, so the
same roll judged twice with the same options always gives the same answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from vtm_tui.rules.errors import RulesError

#: What a botch does to an extended action: start the tally again, or end the action.
EXTENDED_BOTCH_RULES = ("restart", "fail")


@dataclass(frozen=True)
class V20Options:
    """House rules of docs/rules.md (section "V20"), with their defaults.

    - ``free_botch`` (off): the first botch of each session counts as a plain failure.
    - ``specialty_doubles`` (on): a 10 counts two successes when a specialty applies.
    - ``extended_botch`` (``"restart"``): a botch on an extended action sets the
      tally back to 0 (``"restart"``) or ends the action in failure (``"fail"``).
    - ``automatic_success`` (on): a pool at least as large as the Difficulty may skip
      the roll for a marginal success (never in combat or under stress).
    - ``damage_ones_do_not_cancel`` (off): 1s do not cancel successes on damage and
      soak rolls (a common table rule and Foundry WoD20's default).
    """

    free_botch: bool = False
    specialty_doubles: bool = True
    extended_botch: str = "restart"
    automatic_success: bool = True
    damage_ones_do_not_cancel: bool = False

    def __post_init__(self) -> None:
        for name in ("free_botch", "specialty_doubles", "automatic_success", "damage_ones_do_not_cancel"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"v20 option {name} must be true or false, not {getattr(self, name)!r}")
        check_extended_botch(self.extended_botch, what="v20 option extended_botch")

    def to_dict(self) -> dict[str, Any]:
        """TOML-ready values, every option present (so a file shows what is in force)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, strict: bool = True) -> V20Options:
        """Options from stored values; missing keys take the defaults.

        Unknown keys are refused (``strict``, catching typos), or ignored with
        ``strict=False`` — a chronicle's ``[options]`` table also holds switches
        that are the app's, not the rules' (``players_may_edit_traits``).
        """
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown and strict:
            raise RulesError(
                f"unknown v20 option {unknown[0]!r}; the options are {', '.join(sorted(known))}"
            )
        return cls(**{key: value for key, value in data.items() if key in known})


def check_extended_botch(value: str, *, what: str = "extended botch rule") -> str:
    """Refuse anything but ``restart`` or ``fail``, naming the place it came from."""
    if value not in EXTENDED_BOTCH_RULES:
        raise RulesError(f"{what} must be 'restart' or 'fail', not {value!r}")
    return value


DEFAULT_OPTIONS = V20Options()


def ones_cancel(options: V20Options, kind: str) -> bool:
    """Whether 1s cancel successes on a roll of ``kind`` under ``options`` (damage and soak: the option)."""
    from vtm_tui.rules.v20.kinds import parse_kind

    return not (parse_kind(kind).combat and options.damage_ones_do_not_cancel)
