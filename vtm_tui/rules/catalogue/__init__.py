"""Catalogues of the rule sets as plain data (names, levels, costs), with no dice engine behind them.

A sheet is checked against these when a chronicle opens, so they must load without the rule-set packages
(whose ``__init__`` imports the whole engine, which start-up defers to a thread).
"""
