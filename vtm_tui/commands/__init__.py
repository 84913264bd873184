"""Command-line verbs, one module each, registered by :mod:`vtm_tui.cli`.

A module here exposes ``register(subparsers)`` for its verb(s), or, for a rule
set, ``add_roll_parser(subparsers)`` and ``add_odds_parser(subparsers)``. Each
parser sets ``func`` (``args -> int``) with ``set_defaults``. Commands raise
:class:`vtm_tui.errors.VtmError` for bad input; the CLI prints it on one line
and exits with status 2.
"""
