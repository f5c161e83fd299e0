"""Table vision: printed markers → the table plane → where every tile, piece and die lies on the game's board.

Modules, one job each: ``dictionary`` (which markers), ``markers`` (finding them), ``layout`` (a game's table as
data), ``layouts`` (which game uses which), ``plane`` (pixels ↔ millimetres), ``cells`` (millimetres → zones and
cells), ``motion`` (is anything moving), ``reader`` (one frame → ``TableView``), ``settle`` (views →
``SettledBoard``), ``render`` (rendered tables for tests, benchmarks and the simulated camera), ``sheets``
(printable PDFs). See docs/vision/table.md.

The names below are imported from their module on first use: a layout read as data (the service's check at start, a
game's ``table_layout``) loads neither OpenCV nor numpy.
"""

from __future__ import annotations

from companion.lazy import lazy_names

_HOMES = {"DEFAULT_DICTIONARY": "dictionary", "DictionaryError": "dictionary", "marker_dictionary": "dictionary",
          "LayoutError": "layout", "TableLayout": "layout", "layout_from_json": "layout", "load_layout": "layout",
          "layout_for": "layouts", "MarkerFinder": "markers", "SeenMarker": "markers", "PieceSighting": "messages",
          "PlacedDie": "messages", "SettledBoard": "messages", "TableView": "messages", "PlaneTracker": "plane",
          "TablePlane": "plane", "estimate_plane": "plane", "TableReader": "reader", "BoardSettler": "settle"}

__all__ = sorted(_HOMES)

__getattr__ = lazy_names(__name__, _HOMES)
