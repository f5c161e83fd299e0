"""No phantom die from a mat no plane is fitted on (another game's, or anchors covered): a reading holding a seen
marker is that marker's sticker (a Hexors tile read as a 6), whatever mat it is on; a real die beside a marker is
still read, with and without a plane."""

from __future__ import annotations

import numpy as np
import pytest

from companion.core import DieReading
from companion.tablevision import TableReader, layout_for
from companion.tablevision.markers import SeenMarker
from companion.tablevision.render import CameraPose, DiePlacement, render_table
from companion.tablevision.scenes import random_position
from companion.tablevision.stage import TableStage
from companion.vision import DiceReader

UPRIGHT = CameraPose(yaw=90)  # the Hexors arena is portrait: turned to fill the landscape frame


@pytest.fixture(scope="module")
def dice_reader():
    return DiceReader(threads=1)


@pytest.fixture(scope="module")
def hexors_frames():
    """Two rendered Hexors arenas, eight tiles on each; the reader alone reads tiles there as dice."""
    layout = layout_for("hexors")
    frames = []
    for seed in (1, 3):
        rng = np.random.default_rng(seed)
        frames.append(render_table(layout, random_position(layout, rng, 8)[0], [], UPRIGHT, rng))
    return frames


@pytest.mark.parametrize("game", ["free-roll", "nexus-keepers"])
def test_the_tiles_of_another_games_mat_are_never_read_as_dice(game, dice_reader, hexors_frames):
    """Issue 57: with no plane for the game played, the tiles of the mat in sight are not read as sixes."""
    raw = 0
    for frame in hexors_frames:
        view = TableStage(layout_for(game)).read_still(frame.image, dice_reader)
        assert view.plane.plane is None and view.plane.other_mat == "hexors"
        assert view.dice == (), [d.to_json() for d in view.dice]
        raw += view.not_dice
    assert raw >= 8  # the reader does find dice there (anchors and tiles): the veto is what keeps them out


def test_the_games_own_tiles_with_its_anchors_covered_are_never_read_as_dice(dice_reader, hexors_frames):
    layout = layout_for("hexors")
    raw = 0
    for frame in hexors_frames:
        image = frame.image.copy()
        for a in layout.anchors:  # a blank card over each anchor: no plane at all
            corners = frame.pixels([(a.centre[0] + dx * a.side, a.centre[1] + dy * a.side)
                                    for dx, dy in ((-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8))])
            x0, y0 = np.floor(corners.min(axis=0)).astype(int)
            x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
            image[max(y0, 0):y1, max(x0, 0):x1] = (150, 185, 205)
        view = TableStage(layout).read_still(image, dice_reader)
        assert view.plane.plane is None and view.plane.other_mat is None
        assert view.dice == (), [d.to_json() for d in view.dice]
        raw += view.not_dice
    assert raw >= 8  # the reader does take tiles for dice here (7 of each frame's 8): the veto keeps them out


def marker_at(x: float, y: float, side: float, marker_id: int = 40) -> SeenMarker:
    return SeenMarker(marker_id, np.array([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], np.float64))


@pytest.mark.parametrize("planed", [False, True])
def test_a_reading_holding_a_seen_marker_is_its_sticker_and_a_die_beside_it_is_a_die(planed):
    """A 40 px marker in its tile (a 90 px box around it) against dice touching its quiet zone on each side."""
    layout = layout_for("free-roll")
    reader = TableReader(layout)
    plane = None
    if planed:  # the tray, seen square at 3 px a mm: every die anywhere on it counts
        frame = render_table(layout, [], [], CameraPose(), np.random.default_rng(2))
        plane = reader.read(frame.image).plane.plane
        assert plane is not None
    reader._markers = [marker_at(400, 300, 40)]
    tile = DieReading(6, "white", (375.0, 275.0, 465.0, 365.0))
    beside = [DieReading(2, "red", (446.0, 300.0, 492.0, 346.0)),  # right of it, in its quiet zone
              DieReading(3, "blue", (354.0, 296.0, 398.0, 340.0)),  # left, overlapping its edge by 2 px
              DieReading(4, "green", (395.0, 345.0, 441.0, 391.0)),  # below
              DieReading(5, "black", (435.0, 335.0, 481.0, 381.0))]  # at its corner
    frame = np.zeros((960, 1280, 3), np.uint8)
    placed, _, not_dice = reader.sort_dice(plane, [tile, *beside], None if planed else frame)
    assert sorted(d.reading.value for d in placed) == [2, 3, 4, 5] and not_dice == 1


def test_a_real_die_rendered_beside_a_tile_on_another_games_mat_is_read(dice_reader):
    layout = layout_for("hexors")
    rng = np.random.default_rng(5)
    tiles, _ = random_position(layout, rng, 4)
    grid = layout.grid(tiles[0].marker.grid)  # a die touching the side of three tiles, its marker still in sight
    dice = [DiePlacement((p.mm[0] + 1.3 * grid.cell, p.mm[1]), v, "red") for p, v in zip(tiles[:3], (1, 3, 5))]
    frame = render_table(layout, tiles, dice, UPRIGHT, rng)
    view = TableStage(layout_for("free-roll")).read_still(frame.image, dice_reader)
    assert view.plane.other_mat == "hexors" and {p.marker.id for p in tiles} <= {m.id for m in view.markers}
    assert sorted(d.reading.value for d in view.dice) == [1, 3, 5]


def test_another_games_mat_in_sight_masks_its_print_and_a_die_beside_it_is_a_die(rng):
    """No plane is fitted for the game, but the Hexors mat's own anchors place its print: a reading on a label
    (or on an anchor the frame's edge cuts, no marker then) is print; a die-sized reading beside it is a die."""
    from companion.tablevision.sheets import printed_marks

    hexors = layout_for("hexors")
    frame = render_table(hexors, [], [], UPRIGHT, rng)
    reader = TableReader(layout_for("free-roll"))
    view = reader.read(frame.image)
    assert view.plane.plane is None and view.plane.other_mat == "hexors"

    def box(mm, side_mm):
        h = side_mm / 2
        px = frame.pixels([(mm[0] + dx * h, mm[1] + dy * h) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
        return (*px.min(axis=0), *px.max(axis=0))

    anchor = hexors.anchors[0]
    label = next(m for m in printed_marks(hexors) if m[3] - m[1] < 4 and m[2] - m[0] > 10)  # a line of words
    centre = ((label[0] + label[2]) / 2, (label[1] + label[3]) / 2)
    readings = [DieReading(6, "white", box(centre, label[3] - label[1])),  # the label's line
                DieReading(5, "black", box(anchor.centre, anchor.side)),  # the anchor, were its marker not seen
                DieReading(3, "red", box(centre, 16.0)),  # a die lying on the label
                DieReading(4, "blue", box((anchor.centre[0] + anchor.side, anchor.centre[1]), 16.0))]  # beside
    reader._markers = [m for m in reader._markers if m.id != anchor.id]  # the anchor cut by the frame's edge
    placed, _, not_dice = reader.sort_dice(None, readings)
    assert sorted(d.reading.value for d in placed) == [3, 4] and not_dice == 2
