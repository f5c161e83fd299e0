"""The LED/buzzer panel: what players see and hear at the table."""

from companion.panel.board import DisabledPanel, Panel, make_pin_factory
from companion.panel.signals import PRIORITY, SIGNALS, Signal, Step, most_important

__all__ = ["DisabledPanel", "Panel", "PRIORITY", "SIGNALS", "Signal", "Step", "make_pin_factory", "most_important"]
