"""One frame in, one ``TableView`` out: markers → table plane → pieces and dice in table millimetres → places.

The table-vision stage of the pipeline. It never guesses: without a plane, pieces are not placed (and dice are
passed on unplaced, as before table vision; ``TableView.needs_plane`` says what waits for it), nor on another
game's mat (plane.py); a marker id seen twice is reported, not averaged; ids the layout does not know are ignored
with one warning each. Another game's mat in sight is fitted a plane of its own on its anchors, but only to know
where its print lies (veto.py): a reading there is no die, and nothing is placed on it.
"""

from __future__ import annotations

import logging
import math
from typing import Sequence

import numpy as np

from companion.core import DieReading

from .cells import covered_from, facing, locate
from .changes import MarkerSearch
from .layout import Anchor, PieceMarker, TableLayout
from .markers import MarkerFinder, SeenMarker
from .messages import PieceSighting, PlacedDie, TableView
from .motion import MotionWatch
from .plane import PlaneStatus, PlaneTracker, TablePlane, estimate_plane
from .spots import coloured_spots, footprint
from .screen_veto import Screens, on_a_screen
from .veto import die_sized_mm, die_sized_px, on_print

log = logging.getLogger(__name__)
UNPLACED = {"pieces": "pieces are not placed", "counters": "counters are not placed",
            "areas": "but not the area each lies in"}  # TableLayout.needs_plane's words


class TableReader:
    def __init__(self, layout: TableLayout, finder: MarkerFinder | None = None, bump_px: float = 4.0,
                 motion: MotionWatch | None = None, die_mm: float = 16.0, lens=None) -> None:
        self.layout = layout
        self.die_mm = die_mm  # the game's dice, for the size check (veto.py)
        # with motion: markers searched again only where the picture changed
        self.search = MarkerSearch(finder or MarkerFinder(layout.dictionary), layout, motion)
        self.tracker = PlaneTracker(layout, bump_px=bump_px, lens=lens)  # lens.Lens: corners undistorted
        self.motion = motion
        self._warned: set[int] = set()
        self._markers: list[SeenMarker] | None = None
        self._other_print: tuple[TableLayout, TablePlane] | None = None  # another game's mat in sight, its plane
        self._other_layouts: dict[str, TableLayout] = {}
        self._footprints: dict[int, np.ndarray] = {}  # piece id -> the mm it was last seen covering

    @property
    def finder(self) -> MarkerFinder:
        return self.search.finder

    @finder.setter
    def finder(self, finder: MarkerFinder) -> None:  # another dictionary (``companion table --dictionary``)
        self.search.finder = finder

    def read(self, image: np.ndarray, dice: Sequence[DieReading] = (), index: int = 0,
             timestamp: float = 0.0, motion_measured: bool = False) -> TableView:
        """This frame's view. ``motion_measured``: the caller already gave this frame to ``self.motion``. Where it
        says the picture has not changed, the markers found last time are used again (changes.py)."""
        moving = False
        if self.motion is not None:
            if not motion_measured:
                self.motion.update(image)
            moving = self.motion.moving
        markers = self.search.find(image, self.tracker.plane)
        self._markers = markers
        counts: dict[int, int] = {}
        for m in markers:
            counts[m.id] = counts.get(m.id, 0) + 1
        duplicates = tuple(sorted(i for i, n in counts.items() if n > 1))
        unknown = tuple(sorted(i for i in counts if self.layout.marker(i) is None and i not in self.layout.former_ids))
        for i in unknown:
            if i not in self._warned:
                self._warned.add(i)
                log.warning("marker %d is not part of the %s layout; ignored", i, self.layout.name)
        # an anchor id seen twice cannot say where the table is: leave both copies out of the plane
        status = self.tracker.update([m for m in markers if m.id not in duplicates])
        problems = list(self._problems(status, duplicates))
        self._other_print = None
        if status.other_mat is not None:
            self._other_print = self._print_of(status.other_mat, [m for m in markers if m.id not in duplicates])
        pieces: list[PieceSighting] = []
        if status.plane is not None:
            for m in markers:
                item = self.layout.marker(m.id)
                if isinstance(item, PieceMarker) and m.id not in duplicates:
                    pieces.append(self._sighting(status.plane, item, m))
        placed, ignored, not_dice = self.sort_dice(status.plane, dice, image)
        spots = ()
        if self.layout.spots and status.plane is not None:
            for p in pieces:  # where counters may stand: on the pieces (cards) seen, this frame or before
                item = self.layout.marker(p.id)
                if item.grid is not None:
                    self._footprints[p.id] = footprint(p, self.layout.grid(item.grid), item.span)
            on = list(self._footprints.values()) if self.layout.pieces else None
            spots = tuple(coloured_spots(image, status.plane, self.layout, footprints=on))
        return TableView(index, timestamp, tuple(markers), status, tuple(pieces), tuple(placed), ignored,
                         duplicates, unknown, moving, tuple(problems), spots, self.layout.needs_plane, not_dice)

    def _print_of(self, game: str, markers: Sequence[SeenMarker]) -> tuple[TableLayout, TablePlane] | None:
        """``game``'s mat, in sight instead of this game's: its layout and a plane fitted on its anchors, only to
        mask its print from the dice (its anchors cut by the frame's edge, labels, outlines, ruler); None with
        fewer than two of its anchors."""
        from .layouts import layout_for

        if game not in self._other_layouts:
            self._other_layouts[game] = layout_for(game)
        layout = self._other_layouts[game]
        plane = estimate_plane(layout, markers, self.tracker.lens)
        return None if plane is None else (layout, plane)

    def _problems(self, status: PlaneStatus, duplicates: tuple[int, ...]):
        if status.other_mat is not None or status.former:
            yield mat_notice(self.layout, status)
        if status.plane is None and status.other_mat is None:
            names = ", ".join(str(i) for i in status.anchors_missing)
            needs = self.layout.needs_plane
            meanwhile = (f"dice are still read, {', '.join(UNPLACED[n] for n in needs)}" if needs
                         else "meanwhile every die in sight is read")
            yield (f"The camera cannot see the table's anchor markers (ids {names}): show at least two of them; "
                   f"{meanwhile}")
        for i in duplicates:
            item = self.layout.marker(i)
            what = f"{item.name} (marker {i})" if item is not None and not isinstance(item, Anchor) else f"marker {i}"
            yield f"{what} is seen twice: two stickers carry the same id; neither copy is used"

    def _sighting(self, plane: TablePlane, item: PieceMarker, marker: SeenMarker) -> PieceSighting:
        corners_mm = plane.table_points(marker.corners)
        centre = corners_mm.mean(axis=0)
        top = (corners_mm[0] + corners_mm[1]) / 2
        dx, dy = top - centre
        angle = math.degrees(math.atan2(dx, -dy)) % 360.0  # clockwise from the sheet's top
        grid = self.layout.grid(item.grid) if item.grid else None
        side, side_doubt = facing(grid.kind if grid else None, angle,
                                  orientation=grid.orientation if grid else "pointy")
        sticker = (float(centre[0]), float(centre[1]))
        point = sticker
        if item.span != 1:  # a piece longer than a cell (a square grid's): its first cell, along the way it lies
            point = covered_from(sticker, None if side_doubt else side, item.span, grid.cell)
        place = locate(self.layout, point, item.grid)
        return PieceSighting(item.id, item.name, item.kind, sticker, place, angle, side, side_doubt, marker.centre)

    def place_dice(self, plane: TablePlane | None, dice: Sequence[DieReading],
                   frame: np.ndarray | None = None) -> tuple[list[PlacedDie], int]:
        """The dice the game reads, placed on ``plane`` (all, unplaced, without one), and how many were left out
        (``sort_dice``'s two counts together)."""
        placed, ignored, not_dice = self.sort_dice(plane, dice, frame)
        return placed, ignored + not_dice

    def sort_dice(self, plane: TablePlane | None, dice: Sequence[DieReading],
                  frame: np.ndarray | None = None) -> tuple[list[PlacedDie], int, int]:
        """The dice the game reads, placed on ``plane`` (all, unplaced, without one); how many were left out (off
        the dice zones, no box), and how many were no dice at all (the mat's print, not die-sized: veto.py; a
        phone's icons: screen_veto.py). ``frame``: the picture the dice were read in, for the size check without a
        plane and the phone screen check with one (None: neither)."""
        boxed = [d for d in dice if d.box is not None]
        markers = self._markers or ()
        if plane is None:
            sized = die_sized_px([d.box for d in boxed], frame.shape[:2]) if frame is not None else [True] * len(boxed)
            printed, on = self._other_print or (self.layout, None)  # another game's mat: its print, where it lies
            kept = [d for d, ok in zip(boxed, sized) if ok and not on_print(printed, on, markers, d.box, self.die_mm)]
            return [PlacedDie(d, None, None) for d in kept] + [PlacedDie(d, None, None) for d in dice
                                                               if d.box is None], 0, len(boxed) - len(kept)
        placed, ignored, not_dice = [], 0, 0
        # shared by the frame's dice; a thing's surface ends at the mat's edge
        screens = Screens(frame, plane, self.die_mm, self.layout.size) if frame is not None else None
        centres = np.array([[(d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2] for d in boxed]) if boxed else None
        mm = plane.table_points(centres) if centres is not None else []
        for d, (x, y) in zip(boxed, mm):
            place = locate(self.layout, (float(x), float(y)))
            zone = next((z for z in self.layout.zones if z.name == place.zone), None)
            if zone is not None and zone.grid is not None:
                place = locate(self.layout, (float(x), float(y)), zone.grid)
            on_mat = 0 <= x <= self.layout.size[0] and 0 <= y <= self.layout.size[1]
            wanted = (zone is not None and zone.dice) or (self.layout.dice_anywhere and on_mat)
            if not wanted:
                ignored += 1
            elif (on_print(self.layout, plane, markers, d.box, self.die_mm)
                  or not die_sized_mm(plane, d.box, self.die_mm)
                  or (screens is not None and on_a_screen(frame, plane, d.box, self.die_mm,
                                                          None if d.unread else d.value, screens))):
                not_dice += 1
            else:
                placed.append(PlacedDie(d, (float(x), float(y)), place))
        ignored += len(dice) - len(boxed)
        return placed, ignored, not_dice


def mat_notice(layout: TableLayout, status: PlaneStatus) -> str:
    """What players are told of the mat in sight: another game's (no plane is fitted on it), or one printed before
    each game's mat had anchors of its own (read as this game's, though it cannot say so). The phone words it in
    both languages from ``PlaneStatus`` (web/js/views/camera.js)."""
    from companion.referee.registry import game_class

    from .layouts import mat_game, mat_name

    game = mat_game(layout)
    reprint = f"companion sheets {game}" if game else "companion sheets"
    if status.other_mat is not None:
        playing = f"the game is {game_class(game).title.en}" if game else f"the mat is the layout {layout.name!r}"
        needs = layout.needs_plane
        then = (f"dice are read, {', '.join(UNPLACED[n] for n in needs)}" if needs
                else "meanwhile every die in sight is read")
        return (f"This is {mat_name(status.other_mat)}; {playing}. Nothing is placed on another game's mat: lay this "
                f"game's mat ({reprint}) or start {game_class(status.other_mat).title.en}; {then}")
    ours = mat_name(game) if game else "the layout's mat"
    return (f"This mat was printed before each game's mat had anchors of its own: it is read as {ours}, but so would "
            f"another game's mat printed then; print it again ({reprint}) so the camera can tell")
