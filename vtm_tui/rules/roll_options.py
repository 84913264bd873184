"""What a roll takes, declared once per rule set: the options of ``vtm-tui roll <id>`` and the roll form's fields.

Each rule set package keeps a ``roll_options`` module whose ``OPTIONS`` is a tuple of :class:`RollOption`:
name, kind, range, default, help text and who may set it, and whose ``COMMAND`` (:class:`RollCommand`) says what
``vtm-tui roll <id> --help`` and ``odds <id> --help`` call the subcommands. ``ruleset_for(id).roll_options()`` returns it. The
command line makes its arguments from it (:mod:`vtm_tui.commands.declared`), the roll form its tick boxes
(:mod:`vtm_tui.ui.widgets.roll_form`), so the two cannot drift apart; both hand the play layer one typed value,
:class:`RollOptions`, for :func:`vtm_tui.play.request.request_for` to resolve against a sheet.

Data only: this layer knows neither argparse nor Textual (the model is Harlequin's ``options.py``, whose options
make their own flags and widgets; here the two makers live in the layers that own those libraries).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

#: Who may set an option: the storyteller, a player at a seat, or a table typing its physical dice.
STORYTELLER, PLAYER, FACES = "storyteller", "player", "faces"
#: The kinds of value an option holds (what the command line parses it as, what the form draws).
OPTION_KINDS = ("text", "int", "bool", "choice", "faces", "parsed")


@dataclass(frozen=True)
class RollCommand:
    """What ``vtm-tui roll <id>`` and ``odds <id>`` say of themselves: the one line ``vtm-tui roll --help`` lists
    (``help``) and each subcommand's own ``--help`` description (``roll``, ``odds``)."""

    help: str
    roll: str
    odds: str


@dataclass(frozen=True)
class RollOption:
    """One option of a rule set's roll, declared as data.

    ``name`` is the :class:`RollOptions` field it sets (or, for an option only the command line reads, the name
    its rules read it by); ``flag`` is its command-line flag (empty: the command line has none) and ``label``
    its tick box on the roll form (empty: the form has none). ``low``/``high`` bound an ``int`` (``low`` 0: a
    count; 1: at least one; None: negative allowed). ``kinds`` are the roll kinds whose form shows it (empty:
    every kind). ``form_needs`` names what the form asks of the roller's rule set and sheet before it shows the
    box: ``"vampire"`` (a vampire's sheet). ``negate``: the box sets the field to the opposite (``Forced`` →
    ``voluntary=False``). ``parser`` names a converter the rule set's command line offers (kind ``parsed``); ``repeat`` gathers every
    use of the flag in a list; ``required``: the command line refuses to go without it.
    """

    name: str
    kind: str
    help: str
    flag: str = ""
    label: str = ""
    default: Any = None
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    who: tuple[str, ...] = (STORYTELLER, PLAYER)
    kinds: tuple[str, ...] = ()
    form_id: str = ""
    form_needs: str = ""
    negate: bool = False
    metavar: str = ""
    group: str = ""
    parser: str = ""
    repeat: bool = False
    required: bool = False
    #: Where the roll form puts its box among the rule set's (lowest first; ties keep declaration order).
    form_order: int = 0
    #: Which subcommands take the flag: ``roll <id>`` and/or ``odds <id>``.
    roll: bool = True
    odds: bool = False
    #: Said after ``N is above HIGH`` when a value is too high (``: Hunger is 0-5``).
    high_why: str = ""

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"roll option {self.name!r}: kind {self.kind!r} is not one of {OPTION_KINDS}")

    @property
    def dest(self) -> str:
        """The command line's attribute for it (``--blood-surge`` → ``blood_surge``)."""
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def field_id(self) -> str:
        """The roll form's field id (``rouse_reroll`` → ``rouse-reroll``)."""
        return self.form_id or self.name.replace("_", "-")

    def on_form(self, kind: str, *, vampire: bool) -> bool:
        """Whether the roll form of ``kind`` shows this option's box for a sheet (``vampire``: it is one)."""
        if not self.label or (self.kinds and kind not in self.kinds):
            return False
        return self.form_needs != "vampire" or vampire


@dataclass(frozen=True)
class RollOptions:
    """What one roll asks for, typed: the one value the dialog and the command line give the play layer.

    The common fields (``pool`` to ``storyteller_comment``) every rule set reads; the rest a rule set reads when
    its declaration has them, and :func:`vtm_tui.play.request.request_for` refuses by name one it lacks.
    Numbers may still be the text a field holds (``"-2"``): the play layer checks and names them.
    """

    pool: str = ""
    kind: str = "test"
    modifier: int | str | None = 0
    difficulty: int | str | None = None
    difficulty_modifier: int | str | None = 0
    secret: bool = False
    specialty: str = ""
    comment: str = ""
    storyteller_comment: str = ""
    willpower: bool = False
    surge: bool = False
    voluntary: bool = True
    rouse_reroll: bool = False
    automatic: bool = False
    awakening: bool = False
    attempt: int = 1
    wounds: int | None = None
    assist_bonus: int = 0
    size_bonus: int = 0
    passive: bool = False
    picks: tuple[str, ...] = ()


#: The names :class:`RollOptions` holds (what a declaration's option may set).
ROLL_OPTION_FIELDS = tuple(item.name for item in fields(RollOptions))


def form_ticks(declared: tuple[RollOption, ...], kind: str, *, vampire: bool) -> tuple[RollOption, ...]:
    """The declared options the roll form of ``kind`` shows as tick boxes, in declaration order."""
    shown = [item for item in declared if item.kind == "bool" and item.on_form(kind, vampire=vampire)]
    return tuple(sorted(shown, key=lambda item: item.form_order))
