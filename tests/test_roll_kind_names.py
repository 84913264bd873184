"""No module outside ``vtm_tui/rules`` keeps a list of roll kinds or branches on a kind's name (issue 25).

What a kind of roll is (its dialog title, the pool the rules fix, whether it takes a Difficulty, whether it is a
one-die check, whether Willpower applies, whether it is owed at a session's end, its log kind) is declared once,
in its rule set's package (``rules/<set>/kinds.py``, ``KIND_SPECS``), and callers ask the kind
(``ruleset_for(id).roll_kind(name).fixed_pool``). A new kind is then one declaration there. This walks the syntax
of every module outside ``rules/`` (comments and docstrings do not count) for a kind's name used as anything but
data passed through.

The rule, exactly. A *kind name* is an id some registered rule set declares (``roll_kinds()``: ``test``,
``rouse``, ``frenzy``, ``rotschreck``...), so a new kind is covered without touching this file. Outside
``rules/`` it is refused as:

1. a side of a comparison (``==``, ``!=``, ``in``, ``not in``, ``is``), on its own or inside a literal tuple, list
   or set (``kind == "rouse"``, ``kind in ("rouse", "check")``);
2. a key of a dict literal (a table by kind, such as the dialog's titles were);
3. one of two or more kind names in a literal tuple, list or set (a list of kinds).

It stays allowed as a value passed through: an argument (``make_request(..., kind="remorse")``), a default
(``kind: str = "test"``), a single word among other words (``("damage", "heal", "hunger")``, a sheet action).
Two comparisons whose left side names something else that shares a word are allowed: an action's name
(``action``, ``args.action``: the dialog's ``rouse`` and ``frenzy`` keys, ``vtm-tui session remorse``,
``vtm-tui sheet damage``) and a sheet slot's kind (``slot.kind``: a ``tracker`` box). ``model/log_entry.py`` is
left out: it declares the log's entry kinds, the file format's words, which V5's log kinds coincide with.
"""

from __future__ import annotations

import ast
from pathlib import Path

from vtm_tui.rules.ruleset import registered, ruleset_for

PACKAGE = Path(__file__).resolve().parents[1] / "vtm_tui"
RULES = PACKAGE / "rules"
#: Declares the log's entry kinds (the file format), not the rule sets' roll kinds.
LEFT_OUT = (PACKAGE / "model" / "log_entry.py",)
#: Left sides of a comparison that name something else sharing a kind's word (an action, a sheet slot's kind).
NOT_A_ROLL_KIND = frozenset({"action", "args.action", "slot.kind"})


def kind_names() -> frozenset[str]:
    """Every kind id a registered rule set declares (``roll_kinds()`` is made from the declarations)."""
    return frozenset(kind for ruleset in registered() for kind in ruleset_for(ruleset).roll_kinds())


def _strings(node: ast.AST) -> list[str]:
    """The string constants ``node`` is, or holds as a literal tuple, list or set."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def kind_literals(tree: ast.AST, names: frozenset[str]) -> list[tuple[int, str]]:
    """(line, what) of every use of a kind name in ``tree`` that the module's rule refuses."""
    found: list[tuple[int, str]] = []
    inside_compare: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            inside_compare.update(id(o) for o in operands)
            hits = sorted({s for o in operands for s in _strings(o) if s in names})
            if hits and ast.unparse(node.left) not in NOT_A_ROLL_KIND:
                found.append((node.lineno, f"compares {', '.join(hits)}"))
        elif isinstance(node, ast.Dict):
            hits = [k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in names]
            if hits:
                found.append((node.lineno, f"a table keyed by {', '.join(hits)}"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and id(node) not in inside_compare:
            hits = [s for s in _strings(node) if s in names]
            if len(hits) >= 2:
                found.append((node.lineno, f"lists {', '.join(hits)}"))
    return sorted(found)


def test_no_module_outside_rules_names_roll_kinds() -> None:
    names = kind_names()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if RULES in path.parents or path in LEFT_OUT:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found += [f"{path.relative_to(PACKAGE.parent)}:{line} {what}" for line, what in kind_literals(tree, names)]
    assert not found, "ask the kind instead (ruleset_for(id).roll_kind(name)), declared in rules/<set>/kinds.py:\n" \
        + "\n".join(found)


def test_the_walk_refuses_a_comparison_a_table_and_a_list_and_lets_data_through() -> None:
    """The check above can fail: each refused form is found, and the allowed ones are not."""
    source = "\n".join((
        'if kind in ("rouse", "check"): pass',  # 1: membership in a literal list of kinds
        'if request.kind == "remorse": pass',  # 2: a comparison with one kind
        'TITLES = {"test": "Roll", "frenzy": "Frenzy test"}',  # 3: a table by kind
        'FIXED = ("rouse", "remorse")',  # 4: a list of kinds
        'make_request(character, "", kind="remorse")',  # 5: passed through: allowed
        'ACTIONS = ("damage", "heal", "hunger")',  # 6: one word among others: allowed
        'if action in ("pick", "rouse", "frenzy"): pass',  # 7: an action's name: allowed
        'if slot.kind == "tracker": pass',  # 8: a sheet slot's kind: allowed
        '# kind == "rouse"',  # 9: a comment: allowed
        'def f(kind: str = "test"): "kind in (\'rouse\', \'check\')"',  # 10: a default and a docstring: allowed
    ))
    found = kind_literals(ast.parse(source), frozenset({"test", "rouse", "check", "remorse", "frenzy", "damage",
                                                        "tracker"}))
    assert [line for line, _ in found] == [1, 2, 3, 4]


def test_the_kind_names_are_the_rule_sets_declarations() -> None:
    """A new kind in any rule set's package is covered by the walk: the names come from the registry."""
    names = kind_names()
    assert {"test", "rouse", "check", "remorse", "frenzy", "rotschreck", "degeneration"} <= names
    for ruleset in registered():
        rules = ruleset_for(ruleset)
        specs = rules.roll_kind_specs()
        assert [(kind, spec.id, spec.label) for kind, spec in specs.items()] == \
            [(kind, kind, label) for kind, label in rules.roll_kinds().items()]
