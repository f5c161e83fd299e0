"""The game on the table: one engine, its journal and the live bus, behind one lock.

Everything that changes the game — a settled camera roll, a phone's move, an
undo, a correction — comes through here, is journaled before it is
acknowledged, and is published on the bus for phones and the panel. What it
publishes and answers has a size independent of the game's length: the state
lists the last entries in force, the history is read by pages.

``table``: the Table, where changes are refereed, journaled and published; ``games``: which game is played, ended,
resumed; ``rebuild``: a game's memory from its checkpoint and journal; ``camera``: what a camera reading becomes;
``state``: the game as phones are shown it; ``history``: its entries as corrected; ``retries``: a request sent again;
``errors``: the refusals a phone's stale view or reused key earn.
"""

from companion.table.errors import Conflict, RequestReused
from companion.table.games import ABANDONED
from companion.table.state import EVENT_STATE_MAX
from companion.table.table import Table
from companion.table_memory import CAMERA_UNSURE, CORRECT, UNDO

__all__ = ["ABANDONED", "CAMERA_UNSURE", "CORRECT", "EVENT_STATE_MAX", "UNDO", "Conflict", "RequestReused", "Table"]
