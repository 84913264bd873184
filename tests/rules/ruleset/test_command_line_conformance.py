"""Every registered rule set provides the command-line facet (``RuleSet.command_line()``), whole and of one shape.

``vtm-tui roll <id>`` and ``odds <id>`` reach a rule set only through this facet (commands/ imports no engine), so a
new rule set brings a ``command_line`` module with ``COMMAND_LINE``; this test names what it lacks.
"""

from __future__ import annotations

import inspect
import types

import pytest

from vtm_tui.rules.command_line import CommandLine
from vtm_tui.rules.ruleset import registered, ruleset_for

#: The facet's methods and the parameters each takes (the command line passes them by position).
FACET_METHODS = {name: list(inspect.signature(value).parameters) for name, value in vars(CommandLine).items()
                 if isinstance(value, types.FunctionType) and not name.startswith("_")}


@pytest.mark.parametrize("ruleset_id", registered())
def test_every_rule_set_has_the_whole_command_line_facet(ruleset_id: str) -> None:
    facet = ruleset_for(ruleset_id).command_line()
    assert isinstance(facet, CommandLine)
    wrong = [f"{name}{tuple(params)}" for name, params in FACET_METHODS.items()
             if list(inspect.signature(getattr(facet, name)).parameters) != params[1:]]
    assert not wrong, f"{type(facet).__name__}: these differ from the protocol's parameters: {wrong}"
    assert ruleset_for(ruleset_id).command_line() is facet  # one object per rule set, not one per call


@pytest.mark.parametrize("ruleset_id", registered())
def test_an_option_value_the_rule_set_lacks_is_named(ruleset_id: str) -> None:
    with pytest.raises(KeyError, match="no option value 'no_such_option'"):
        ruleset_for(ruleset_id).command_line().option("no_such_option")


def test_the_facet_check_sees_a_missing_method() -> None:
    """The check can fail: an object without ``odds`` is not a CommandLine."""
    assert set(FACET_METHODS) == {"option", "roll", "odds"}
    assert not isinstance(types.SimpleNamespace(option=lambda name: None, roll=lambda a, h: None), CommandLine)
