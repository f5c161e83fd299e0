"""Table vision on rendered frames of each game's mat: every piece in its cell, facing its side, dice in their
zones; the plane's error; what happens with anchors hidden, a bumped camera, twin stickers and unknown ids."""

from __future__ import annotations

import logging

import numpy as np
import pytest

from companion.tablevision import TableReader, layout_for
from companion.tablevision.render import CameraPose, DiePlacement, render_table
from companion.tablevision.scenes import random_dice, random_position


def check_frame(layout, rng, pose, n_pieces=8, n_dice=0, hand=False):
    pieces, truth = random_position(layout, rng, n_pieces)
    dice = random_dice(layout, rng, n_dice)
    frame = render_table(layout, pieces, dice, pose, rng, hand=hand)
    view = TableReader(layout).read(frame.image)
    return frame, view, truth


@pytest.mark.parametrize("game", ["nexus-keepers"])
@pytest.mark.parametrize("pose", [CameraPose(), CameraPose(height=600, tilt=12, yaw=4)])
def test_every_piece_in_its_cell_and_facing_its_side(game, pose, rng):
    layout = layout_for(game)
    for _ in range(3):
        frame, view, truth = check_frame(layout, rng, pose)
        assert view.plane.plane is not None and view.plane.plane.reprojection_px < 1.0
        got = {p.name: p for p in view.pieces}
        assert set(got) == set(truth), "every sticker found"
        for name, t in truth.items():
            assert got[name].place.cell == t.cell, name
            assert not got[name].uncertain, name
            assert got[name].facing == t.facing, name


def test_hex_tiles_in_their_cells_with_their_facing(hex_layout, rng):
    for pose in (CameraPose(), CameraPose(height=560, tilt=10, yaw=-5)):
        frame, view, truth = check_frame(hex_layout, rng, pose, n_pieces=10)
        got = {p.name: p for p in view.pieces}
        assert set(got) == set(truth)
        for name, t in truth.items():
            assert (got[name].place.cell, got[name].facing) == (t.cell, t.facing), name


def test_position_error_is_small(rng):
    layout = layout_for("nexus-keepers")
    errors = []
    for _ in range(3):
        pieces, _ = random_position(layout, rng, 8)
        frame = render_table(layout, pieces, [], CameraPose(height=560, tilt=8), rng)
        seen = {p.id: p.mm for p in TableReader(layout).read(frame.image).pieces}
        errors += [np.hypot(seen[p.marker.id][0] - p.mm[0], seen[p.marker.id][1] - p.mm[1]) for p in pieces]
    assert np.median(errors) < 1.5 and max(errors) < 4.0


def test_tesseract_dice_get_their_priming_area_and_confinement_slot(rng):
    layout = layout_for("tesseract")
    dice = [DiePlacement((85, 45), 1, "red"), DiePlacement((285, 45), 5, "blue"),
            DiePlacement((75, 107), 3, "green"),   # confinement slot [0, 0]
            DiePlacement((225, 197), 6, "yellow"),  # confinement slot [5, 3]
            DiePlacement((300, 150), 2, "white")]   # on the tower's place: not a die the game reads
    frame = render_table(layout, [], dice, CameraPose(), rng)
    readings = [_reading(d) for d in frame.dice]
    view = TableReader(layout).read(frame.image, readings)
    places = sorted((d.reading.value, d.place.zone, d.place.cell) for d in view.dice)
    assert places == [(1, "priming-1", None), (3, "confinement", (0, 0)), (5, "priming-5", None),
                      (6, "confinement", (5, 3))]
    assert view.dice_ignored == 1


def _reading(rendered):
    from companion.core import DieReading

    return DieReading(rendered.value, rendered.color, rendered.box)


def test_no_anchors_in_sight_names_them_and_dice_still_pass(rng):
    layout = layout_for("tesseract")
    frame = render_table(layout, [], [DiePlacement((85, 45), 4, "red")], CameraPose(), rng)
    image = frame.image.copy()
    for a in layout.anchors:  # paper over every anchor
        (x0, y0), (x1, y1) = frame.pixels([(a.centre[0] - 22, a.centre[1] - 22), (a.centre[0] + 22, a.centre[1] + 22)])
        image[int(y0):int(y1), int(x0):int(x1)] = 128
    view = TableReader(layout).read(image, [_reading(d) for d in frame.dice])
    assert view.plane.plane is None and view.plane.state == "none"
    assert "ids 92, 93, 94, 95" in view.problems[0]  # Tesseract's own anchors
    assert len(view.dice) == 1 and view.dice[0].place is None  # read as before, not placed


def test_plane_is_kept_while_anchors_are_covered_and_renewed_when_the_camera_is_bumped(rng):
    layout = layout_for("nexus-keepers")
    pieces, truth = random_position(layout, rng, 4)
    reader = TableReader(layout)
    first = render_table(layout, pieces, [], CameraPose(), rng)
    assert reader.read(first.image).plane.state == "estimated"
    covered = first.image.copy()
    for a in layout.anchors[:3]:  # a hand over three anchors: one left, too few to measure again
        (x0, y0), (x1, y1) = first.pixels([(a.centre[0] - 22, a.centre[1] - 22), (a.centre[0] + 22, a.centre[1] + 22)])
        covered[int(y0):int(y1), int(x0):int(x1)] = (120, 150, 200)
    view = reader.read(covered)
    assert view.plane.state == "kept" and {p.name for p in view.pieces} == set(truth)
    bumped = render_table(layout, pieces, [], CameraPose(yaw=3.0, tilt=4.0), rng)
    view = reader.read(bumped.image)
    assert view.plane.state == "bumped" and view.plane.drift_px > 4.0
    assert {p.name: p.place.cell for p in view.pieces} == {n: t.cell for n, t in truth.items()}
    # covered anchors after a bump: the one in sight disagrees with the kept plane, so there is no plane
    moved = render_table(layout, pieces, [], CameraPose(yaw=-3.0), rng).image.copy()
    for a in layout.anchors[:3]:
        (x0, y0), (x1, y1) = first.pixels([(a.centre[0] - 30, a.centre[1] - 30), (a.centre[0] + 30, a.centre[1] + 30)])
        moved[int(y0):int(y1), int(x0):int(x1)] = (120, 150, 200)
    view = reader.read(moved)
    assert view.plane.plane is None and view.pieces == ()


def test_two_stickers_with_one_id_are_reported_not_averaged(rng):
    layout = layout_for("nexus-keepers")
    keeper = next(p for p in layout.pieces if p.name == "keeper-1")
    from companion.tablevision.render import PiecePlacement

    twins = [PiecePlacement(keeper, (70.0, 34.0)), PiecePlacement(keeper, (190.0, 114.0))]
    frame = render_table(layout, twins, [], CameraPose(), rng)
    view = TableReader(layout).read(frame.image)
    assert view.duplicates == (keeper.id,)
    assert all(p.id != keeper.id for p in view.pieces)
    assert any("keeper-1 (marker 30) is seen twice" in p for p in view.problems)


def test_unknown_ids_are_ignored_with_one_warning(rng, hex_layout, caplog):
    layout = layout_for("nexus-keepers")
    pieces, _ = random_position(hex_layout, rng, 3)  # ids 40-49: not Nexus Keepers stickers
    frame = render_table(hex_layout, pieces, [], CameraPose(), rng)
    reader = TableReader(layout)
    with caplog.at_level(logging.WARNING, logger="companion.tablevision.reader"):
        for _ in range(3):
            view = reader.read(frame.image)
    assert set(view.unknown) == {p.marker.id for p in pieces}
    assert view.pieces == ()
    assert len([r for r in caplog.records if "not part of the nexus-keepers layout" in r.getMessage()]) == 3
