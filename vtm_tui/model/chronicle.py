"""A chronicle: its name, rule set, house-rule switches and where the sessions stand.

The house-rule switches are the options of docs/rules.md, with their defaults,
plus ``players_may_edit_traits`` (player seats may change their own dots; off) and
``players_may_type_faces`` (player seats may type faces from physical dice; on,
the log marks such rolls ``typed``).
``chronicle.toml`` always lists every switch of its rule set, so a storyteller
opening the file sees what can be changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.validation import Reader, merge_extra
from vtm_tui.rules.base import REGISTRY, RULESETS

SCHEMA_VERSION = 1


def default_options(ruleset: str) -> Mapping[str, bool | str]:
    """Every house-rule switch of a registered ``ruleset`` with its default (a bool, or a text choice): its
    registry line's (:class:`~vtm_tui.rules.base.RuleSetEntry`)."""
    return REGISTRY[ruleset].options


#: Switches added after chronicles were already on disk: written only when the file had them or they
#: differ from the default, so two logins opening an older file do not both "add" them and clash on save.
LATE_OPTIONS = frozenset({"oblivion_stains"})


def utc_now() -> datetime:
    """Now, timezone-aware UTC, to the second (what the files store)."""
    return datetime.now(timezone.utc).replace(microsecond=0)


@dataclass
class Chronicle:
    """The contents of ``chronicle.toml``."""

    name: str
    ruleset: str
    options: dict[str, bool | str] = field(default_factory=dict)
    current_session: int = 0  # 0: no session was ever started
    session_open: bool = False  # whether ``current_session`` has been started and not ended
    last_session: datetime | None = None  # when the current session started (for pickers)
    created: datetime = field(default_factory=utc_now)
    description: str = ""
    schema_version: int = SCHEMA_VERSION
    extra: dict[str, Any] = field(default_factory=dict)
    listed_options: frozenset[str] | None = field(default=None, compare=False, repr=False)  # as read

    def __post_init__(self) -> None:
        if self.ruleset not in RULESETS:
            raise VtmError(f"unknown rule set {self.ruleset!r}; use one of {', '.join(RULESETS)}")
        self.options = {**default_options(self.ruleset), **self.options}

    def option(self, name: str) -> bool | str:
        """A house-rule switch, defaulting as docs/rules.md says."""
        if name in self.options:
            return self.options[name]
        return default_options(self.ruleset)[name]

    @property
    def title(self) -> str:
        """The rule set's full name (the RuleSet's ``title``; loaded only when asked, e.g. by an export)."""
        from vtm_tui.rules.ruleset import ruleset_for

        return ruleset_for(self.ruleset).title

    # -- TOML ---------------------------------------------------------------------
    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "schema_version": self.schema_version,
            "name": self.name,
            "ruleset": self.ruleset,
            "created": self.created,
            "current_session": self.current_session,
            "session_open": self.session_open,
        }
        if self.last_session is not None:
            doc["last_session"] = self.last_session
        if self.description:
            doc["description"] = self.description
        defaults = default_options(self.ruleset)
        doc["options"] = {k: v for k, v in self.options.items()
                          if self.listed_options is None or k not in LATE_OPTIONS or k in self.listed_options
                          or v != defaults.get(k)}
        return merge_extra(doc, self.extra)

    @classmethod
    def from_toml(cls, data: dict[str, Any], *, where: str, warnings: list[str] | None = None) -> Chronicle:
        r = Reader(data, where, warnings=warnings)
        schema = r.int("schema_version", SCHEMA_VERSION, 0, None)
        name = r.str("name", None)
        ruleset = r.choice("ruleset", None, RULESETS)
        created = r.datetime("created") or utc_now()
        current = r.int("current_session", 0, 0, 9999)
        session_open = r.bool("session_open", False)
        if session_open and current == 0:
            raise r.error("session_open", "is true but current_session is 0 (no session was started)")
        last = r.datetime("last_session")
        description = r.str("description")
        opts = r.table("options")
        options: dict[str, bool | str] = {}
        for key, default in default_options(ruleset).items():
            if not opts.has(key):
                continue
            if isinstance(default, bool):
                options[key] = opts.bool(key, default)
            else:
                options[key] = opts.choice(key, default, REGISTRY[ruleset].option_choices[key])
        for key in opts.keys():
            if key not in default_options(ruleset):
                opts.warn(key, f"is not a {ruleset} house rule; kept but unused "
                               f"(known: {', '.join(default_options(ruleset))})")
        return cls(name=name, ruleset=ruleset, options=options, current_session=current, session_open=session_open,
                   last_session=last, created=created, description=description, schema_version=schema,
                   extra=r.leftover(), listed_options=frozenset(options))
