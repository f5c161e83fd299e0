"""What the marker search leaves out to save time must never be a sticker: the perimeter floor lies below the
smallest sticker the mounting guide allows, and a frame is converted to grey once (the motion watch's copy)."""

from __future__ import annotations

from companion.mounting import CAMERAS, plan_mount
from companion.tablevision import MarkerFinder, TableReader, layout_for
from companion.tablevision.markers import MIN_PERIMETER_RATE
from companion.tablevision.motion import MotionWatch
from companion.tablevision.render import CameraPose, render_table
from companion.tablevision.scenes import random_position

SIZE = (1280, 960)


def test_the_smallest_sticker_beyond_the_guide_lies_above_the_perimeter_floor(rng):
    """Nexus Keepers' 14 mm stickers at 1.5x the guide's height (beyond the 1.25x it allows), tilted 20 degrees:
    every sticker is found, and the smallest is still a sixth over the floor's side."""
    layout = layout_for("nexus-keepers")
    height = plan_mount(420, 297, 16, "v3", *SIZE).height_mm * 1.5
    pose = CameraPose(height=height, tilt=20.0, yaw=90.0 if layout.size[1] > layout.size[0] else 0.0, size=SIZE,
                      hfov=CAMERAS["v3"].fov_for(*SIZE)[0])
    placements, _ = random_position(layout, rng, 10)
    frame = render_table(layout, placements, [], pose, rng)
    seen = {m.id: m for m in MarkerFinder(layout.dictionary).find(frame.image)}
    assert {p.marker.id for p in placements} <= set(seen)
    floor_side = MIN_PERIMETER_RATE * max(SIZE) / 4
    smallest = min(seen[p.marker.id].side_px for p in placements)
    assert smallest > 1.15 * floor_side, (smallest, floor_side)


def test_a_whole_frame_search_reads_the_grey_frame_the_motion_watch_made(rng, monkeypatch):
    layout = layout_for("nexus-keepers")
    frame = render_table(layout, random_position(layout, rng, 4)[0], [], CameraPose(size=SIZE), rng)
    reader = TableReader(layout, motion=MotionWatch())
    given = []
    find = reader.finder.find
    monkeypatch.setattr(reader.finder, "find", lambda image: given.append(image) or find(image))
    view = reader.read(frame.image)
    assert len(given) == 1 and given[0] is reader.motion.grey
    assert view.plane.plane is not None and len(view.pieces) == 4
