"""The Tesseract mat the camera reads (A3 landscape, printed by ``companion sheets tesseract``).

The priming zone is a row of six areas, one per value, as the book lays the primed cubes out: « placez-les dans
la zone d'amorçage (joutant le plateau Plateforme), alignés avec l'icône correspondante ». Below it, the
confinement board's 6 x 4 slots, the tower's place, and one lab area per scientist (up to four).
"""

from __future__ import annotations

from companion.tablevision.layout import Grid, TableLayout, Zone, corner_anchors, rectangle

SIZE = (420.0, 297.0)
PRIMING = [Zone(f"priming-{v}", rectangle(60 + 50 * (v - 1), 14, 50, 62), dice=True,
                label_en=f"priming zone: {v}", label_fr=f"zone d’amorçage : {v}") for v in range(1, 7)]
CONFINEMENT = Grid("confinement", "square", (60.0, 92.0), 30.0, 6, 4)
ZONES = PRIMING + [
    Zone("confinement", rectangle(60, 92, 180, 120), dice=True, label_en="confinement board",
         label_fr="plateau de confinement", grid="confinement"),
    Zone("tower", rectangle(262, 92, 110, 120), label_en="the Tesseract", label_fr="le Tesseract"),
] + [Zone(f"lab-{i}", rectangle(46 + 84 * (i - 1), 222, 78, 64), dice=True, label_en=f"lab {i}",
          label_fr=f"labo {i}") for i in range(1, 5)]


def table_layout() -> TableLayout:
    return TableLayout(name="tesseract", size=SIZE, anchors=corner_anchors(SIZE, first_id=92), zones=tuple(ZONES),
                       grids=(CONFINEMENT,), former_anchors=corner_anchors(SIZE))


def priming_value(zone: object) -> int | None:
    """The value whose icon a priming area sits under, from its zone name (None: not a priming area)."""
    return zone_number(zone, "priming-")


def zone_number(zone: object, prefix: str) -> int | None:
    """The number a zone named ``prefix`` and a number ends with (``priming-4``: 4; ``lab-2``: 2); None for any
    other zone (or none)."""
    value = zone.rsplit("-", 1)[1] if isinstance(zone, str) and zone.startswith(prefix) else ""
    return int(value) if value.isdigit() else None
