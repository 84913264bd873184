"""The toy's one kind of roll: a pool of d6s against a count of successes."""

from __future__ import annotations

from vtm_tui.rules.kind_spec import KindSpec

KIND_SPECS: dict[str, KindSpec] = {"test": KindSpec("test", "Test", "Roll", ordinary=True)}
