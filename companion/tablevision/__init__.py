"""Table vision: printed markers → the table plane → where every tile, piece and die lies on the game's board.

Modules, one job each: ``dictionary`` (which markers), ``markers`` (finding them), ``layout`` (a game's table as
data), ``layouts`` (which game uses which), ``plane`` (pixels ↔ millimetres), ``cells`` (millimetres → zones and
cells), ``motion`` (is anything moving), ``reader`` (one frame → ``TableView``), ``settle`` (views →
``SettledBoard``), ``render`` (rendered tables for tests, benchmarks and the simulated camera), ``sheets``
(printable PDFs). See docs/vision/table.md.
"""

from .dictionary import DEFAULT_DICTIONARY, DictionaryError, marker_dictionary
from .layout import LayoutError, TableLayout, layout_from_json, load_layout
from .layouts import layout_for
from .markers import MarkerFinder, SeenMarker
from .messages import PieceSighting, PlacedDie, SettledBoard, TableView
from .plane import PlaneTracker, TablePlane, estimate_plane
from .reader import TableReader
from .settle import BoardSettler

__all__ = ["DEFAULT_DICTIONARY", "BoardSettler", "DictionaryError", "LayoutError", "MarkerFinder", "PieceSighting",
           "PlacedDie", "PlaneTracker", "SeenMarker", "SettledBoard", "TableLayout", "TablePlane", "TableReader",
           "TableView", "estimate_plane", "layout_for", "layout_from_json", "load_layout", "marker_dictionary"]
