"""The one kind of Ingenuity roll: an attribute die and a skill die against an optional Difficulty.

A kind is declared once here (:class:`~vtm_tui.rules.kind_spec.KindSpec`); the app asks
``ruleset_for("ingenuity").roll_kind(id)`` and never names it.
"""

from __future__ import annotations

from vtm_tui.rules.kind_spec import KindSpec

KIND_SPECS: dict[str, KindSpec] = {"test": KindSpec("test", "test", "Roll", ordinary=True)}
