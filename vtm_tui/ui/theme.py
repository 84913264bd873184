"""The app's own theme: dark, with blood-red accents.

Registered next to Textual's built-in themes (so ``ctrl+p`` → "Change theme"
still offers them all) and used by default. Nothing in the app depends on the
colour alone: dice show faces, trackers show ``/`` and ``X``, the cursor is a
``▶`` marker as well as a highlight.
"""

from __future__ import annotations

from textual.theme import Theme

THEME_NAME = "vtm"

VTM_THEME = Theme(
    name=THEME_NAME,
    primary="#A4161A",  # arterial red
    secondary="#6A040F",  # dried blood
    accent="#E5383B",  # fresh blood, for the cursor and the focused border
    warning="#E9A23B",
    error="#FF4D4D",
    success="#7BB662",
    foreground="#E6DCD3",  # parchment
    background="#0E0B0C",
    surface="#171213",
    panel="#2A1A1C",
    boost="#3A1F22",
    dark=True,
    variables={
        "footer-key-foreground": "#E5383B",
        "block-cursor-background": "#A4161A",
        "block-cursor-foreground": "#F5EDE6",
        "input-selection-background": "#A4161A 50%",
        "border": "#A4161A",
        "border-blurred": "#4A2A2D",
    },
)
