"""vtm-tui: run Vampire: The Masquerade sessions from a terminal.

The package is layered (see docs/architecture.md): ``rules`` (pure dice engine), ``model``
(the chronicle as dataclasses), ``store`` (TOML on disk) and ``ui`` (Textual).
The lower three never import Textual, so scripts and the command line stay fast.
"""

__version__ = "0.1.0"
