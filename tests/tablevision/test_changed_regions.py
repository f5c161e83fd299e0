"""Markers searched again only where the picture changed (changes.py): never one lost, never one left where it
was. Every frame is checked against a search of the whole frame."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.tablevision import MarkerFinder, TableReader, layout_for
from companion.tablevision.cells import cell_centre
from companion.tablevision.changes import changed_boxes, inside
from companion.tablevision.motion import MotionWatch
from companion.tablevision.render import CameraPose, PiecePlacement, render_table

LOOK = 11  # one table, one light: frames differ by sensor noise, hands and moved pieces only


def same_markers(a, b, tolerance_px=0.5):
    """The same ids at the same places (sensor noise moves a refined corner by about a tenth of a pixel)."""
    a, b = sorted((m.id, m.centre) for m in a), sorted((m.id, m.centre) for m in b)
    return len(a) == len(b) and all(i == j and np.hypot(p[0] - q[0], p[1] - q[1]) < tolerance_px
                                    for (i, p), (j, q) in zip(a, b))


def test_a_moved_piece_is_seen_at_its_new_cell_on_the_next_still_frame(rng):
    layout = layout_for("nexus-keepers")
    grid = layout.grid("nexus")
    keepers = [p for p in layout.pieces if p.name.startswith("keeper")][:3]
    before = [PiecePlacement(k, cell_centre(grid, (i, 1))) for i, k in enumerate(keepers)]
    after = before[:2] + [PiecePlacement(keepers[2], cell_centre(grid, (5, 3)))]
    reader, whole = TableReader(layout, motion=MotionWatch()), MarkerFinder(layout.dictionary)
    views = []
    for pieces, hand in [(before, False)] * 3 + [(after, False)] * 3 + [(before, True)] + [(before, False)] * 2:
        image = render_table(layout, pieces, [], CameraPose(), rng, look=LOOK, hand=hand).image
        views.append(reader.read(image))
        assert same_markers(views[-1].markers, whole.find(image)), f"frame {len(views)}"
        if len(views) == 6:  # moved, then still: only the boxes around the change were searched
            assert reader.search.counts == {"whole": 1, "changed": 2, "kept": 3}
    moved = {keepers[0].name: (0, 1), keepers[1].name: (1, 1), keepers[2].name: (5, 3)}
    assert {p.name: p.place.cell for p in views[4].pieces} == moved  # the first still frame after the move
    back = {p.name: p.place.cell for p in views[-1].pieces}  # moved back under a hand
    assert back == {keepers[0].name: (0, 1), keepers[1].name: (1, 1), keepers[2].name: (2, 1)}


def test_the_whole_frame_is_searched_again_every_refresh_frames(rng):
    layout = layout_for("nexus-keepers")
    reader = TableReader(layout, motion=MotionWatch())
    reader.search.refresh_frames = 3
    image = render_table(layout, [], [], CameraPose(), rng, look=LOOK).image
    for _ in range(9):
        reader.read(image)
    assert reader.search.counts == {"whole": 3, "changed": 0, "kept": 6}


def test_without_a_plane_the_whole_frame_is_searched(rng):
    layout = layout_for("nexus-keepers")
    reader = TableReader(layout, motion=MotionWatch())
    blank = np.full((960, 1280, 3), 128, np.uint8)
    for _ in range(3):
        assert reader.read(blank).plane.plane is None
    assert reader.search.counts["whole"] == 3


def test_a_marker_touching_a_change_lies_whole_in_its_search_box():
    mask = np.zeros((240, 320), bool)  # a quarter-size motion mask of a 1280x960 frame
    mask[100, 150] = True  # one changed pixel: full-frame pixels 600-603, 400-403
    (centre, search), = changed_boxes(mask, 0.25, (960, 1280), marker_side_px=60)
    half_diagonal = 60 * np.sqrt(0.5)
    for corner in ((600 - half_diagonal, 400 - half_diagonal), (604 + half_diagonal, 404 + half_diagonal)):
        assert inside(corner, centre)  # a marker's centre this far from the change: it may cover the change
    assert search[0] <= centre[0] - half_diagonal - 11 and search[2] >= centre[2] + half_diagonal + 11


def test_boxes_whose_search_boxes_overlap_are_one():
    mask = np.zeros((240, 320), bool)
    mask[100, 100] = mask[100, 130] = True  # 120 px apart in the frame: their search boxes overlap
    mask[20, 300] = True  # far away: a box of its own
    boxes = changed_boxes(mask, 0.25, (960, 1280), marker_side_px=40)
    assert len(boxes) == 2
    (a, _), (b, _) = boxes
    assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


@pytest.mark.parametrize("box", [(300, 150, 800, 600), (0, 0, 1280, 960)])
def test_a_box_finds_a_marker_as_the_whole_frame_does(rng, box):
    layout = layout_for("nexus-keepers")
    grid = layout.grid("nexus")
    keeper = next(p for p in layout.pieces if p.name.startswith("keeper"))
    image = render_table(layout, [PiecePlacement(keeper, cell_centre(grid, (2, 1)))], [], CameraPose(), rng).image
    finder = MarkerFinder(layout.dictionary)
    whole = {m.id: m.corners for m in finder.find(image) if inside(m.centre, box)}
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found = {m.id: m.corners for m in finder.find_in(grey, box)}
    assert keeper.id in whole and set(found) == set(whole)
    for i, corners in whole.items():
        assert np.abs(found[i] - corners).max() < 1e-3


def test_a_finder_set_on_the_reader_is_the_one_that_searches(rng):
    layout = layout_for("nexus-keepers")
    reader = TableReader(layout)
    reader.finder = MarkerFinder("DICT_4X4_50")  # as `companion table --dictionary` does
    image = render_table(layout, [], [], CameraPose(), rng).image
    assert reader.search.finder is reader.finder and reader.read(image).markers == ()
