"""The footer: the app-wide keys first (so they never fall off a narrow terminal), then this screen's.

Textual's Footer lists the focused widget's keys first and cuts whatever does not fit at the right, which at
80 columns hid ``q Quit``. This one orders the same active bindings app → screen → widget.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class VtmFooter(Footer):
    """Footer with the app's keys first."""

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=True)

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        active = self.screen.active_bindings
        app = self.app
        shown = [(node, binding, enabled, tooltip) for (node, binding, enabled, tooltip) in active.values()
                 if binding.show]
        shown.sort(key=lambda item: 0 if item[0] is app else 1)
        seen: set[str] = set()
        keys = []
        for _node, binding, enabled, tooltip in shown:
            if binding.action in seen:
                continue
            seen.add(binding.action)
            keys.append((binding, enabled, tooltip))
        self.styles.grid_size_columns = len(keys)
        for binding, enabled, tooltip in keys:
            yield FooterKey(binding.key, app.get_key_display(binding), binding.description, binding.action,
                            disabled=not enabled, tooltip=tooltip).data_bind(compact=Footer.compact)
        palette = active.get(app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE and palette is not None:
            _node, binding, enabled, tooltip = palette
            yield FooterKey(binding.key, app.get_key_display(binding), binding.description, binding.action,
                            classes="-command-palette", disabled=not enabled,
                            tooltip=binding.tooltip or binding.description)
