"""A toy rule set kept outside ``vtm_tui``: a plain pool of d6s, each 5 or 6 a success.

It exists to prove that a rule set is one package plus one registry line (``tests/test_toy_ruleset.py``
registers it through :func:`vtm_tui.rules.ruleset.register` and forgets it after): nothing in ``vtm_tui`` names it.
It holds only what the roll path, the log and its filter ask of a rule set; what a chronicle of it never reaches
(guided creation, conflicts, experience) is left out, so a step that does reach it fails loudly.
"""

from vtm_tui.rules.base import RuleSetEntry

#: The toy's registry line (what ``rules.base.REGISTRY`` would hold for it).
ENTRY = RuleSetEntry("tests.toy_ruleset.ruleset", "Toy", "a plain pool of d6s, 5+ succeeds",
                     "tests.toy_ruleset.sheet.ToySheet", options={"players_may_type_faces": True})
