"""Board settling over rendered frames: reported once still, a passing hand is occlusion (not removal), a piece
taken away while the table around it is in sight is gone, a keeper standing on a tile covers it."""

from __future__ import annotations

from companion.tablevision import BoardSettler, TableReader, layout_for
from companion.tablevision.cells import cell_centre
from companion.tablevision.motion import MotionWatch
from companion.tablevision.render import CameraPose, PiecePlacement, render_table
from companion.tablevision.scenes import random_position


def run(layout, frames, settler=None):
    """Feed frames through reader + motion + settler; every SettledBoard that came out, in order."""
    motion = MotionWatch()
    reader = TableReader(layout, motion=motion)
    settler = settler or BoardSettler(stable_frames=3)
    out = []
    for i, image in enumerate(frames):
        board = settler.update(reader.read(image, index=i, timestamp=i / 8), motion)
        if board is not None:
            out.append(board)
    return out


LOOK = 7  # one table, one light: frames differ by sensor noise and hands only


def still(layout, pieces, rng, n, **kw):
    return [render_table(layout, pieces, [], CameraPose(), rng, look=LOOK, **kw).image for _ in range(n)]


def test_a_board_is_reported_once_after_it_settles(rng):
    layout = layout_for("nexus-keepers")
    pieces, truth = random_position(layout, rng, 5)
    boards = run(layout, still(layout, pieces, rng, 8))
    assert len(boards) == 1
    assert boards[0].index == 2  # the third still frame
    assert {n: tuple(p["cell"]) for n, p in boards[0].pieces.items()} == {n: t.cell for n, t in truth.items()}
    assert all(p["status"] == "seen" for p in boards[0].pieces.values())


def test_a_hand_passing_over_is_occlusion_not_removal(rng):
    layout = layout_for("nexus-keepers")
    pieces, truth = random_position(layout, rng, 6)
    frames = still(layout, pieces, rng, 4)
    frames += [render_table(layout, pieces, [], CameraPose(), rng, hand=True, look=LOOK).image for _ in range(5)]
    frames += still(layout, pieces, rng, 5)
    boards = run(layout, frames)
    assert len(boards) == 1, "the same board after the hand left: nothing new to report"
    assert all(p["status"] == "seen" for p in boards[0].pieces.values())


def test_a_piece_taken_away_is_gone(rng):
    layout = layout_for("nexus-keepers")
    pieces, truth = random_position(layout, rng, 5)
    frames = still(layout, pieces, rng, 4)
    frames += [render_table(layout, pieces[1:], [], CameraPose(), rng, hand=True, look=LOOK).image for _ in range(2)]
    frames += still(layout, pieces[1:], rng, 10)
    boards = run(layout, frames)
    gone = pieces[0].marker.name
    assert boards[0].pieces[gone]["status"] == "seen"
    assert boards[-1].pieces[gone]["status"] == "gone"
    assert all(boards[-1].pieces[p.marker.name]["status"] == "seen" for p in pieces[1:])


def test_a_piece_moved_is_reported_in_its_new_cell(rng):
    layout = layout_for("nexus-keepers")
    keeper = next(p for p in layout.pieces if p.name == "keeper-2")
    grid = layout.grid("nexus")
    before = [PiecePlacement(keeper, cell_centre(grid, (2, 2)))]
    after = [PiecePlacement(keeper, cell_centre(grid, (3, 2)))]
    frames = still(layout, before, rng, 4)
    frames += [render_table(layout, after, [], CameraPose(), rng, hand=True, look=LOOK).image for _ in range(2)]
    frames += still(layout, after, rng, 4)
    boards = run(layout, frames)
    assert [b.pieces["keeper-2"]["cell"] for b in boards] == [[2, 2], [3, 2]]


def test_a_keeper_standing_on_its_tile_covers_it(rng):
    layout = layout_for("nexus-keepers")
    grid = layout.grid("nexus")
    tile = next(p for p in layout.pieces if p.name == "tile-1-1")
    keeper = next(p for p in layout.pieces if p.name == "keeper-1")
    at = cell_centre(grid, (1, 1))
    frames = still(layout, [PiecePlacement(tile, at)], rng, 4)
    frames += still(layout, [PiecePlacement(tile, at), PiecePlacement(keeper, at)], rng, 10)
    boards = run(layout, frames)
    last = boards[-1].pieces
    assert last["keeper-1"]["cell"] == [1, 1] and last["keeper-1"]["status"] == "seen"
    assert last["tile-1-1"]["status"] == "occluded" and last["tile-1-1"]["cell"] == [1, 1]



def test_a_tile_seen_where_another_tile_was_means_that_one_was_taken_away(rng):
    """Hexors: « Les carreaux monstres battus sont retirés de l'arène et placés dans l'ÉCART »; a tile that moves
    into the cell a beaten tile left does not stand on it: the beaten one is taken away, not left 'occluded' in its
    cell for the rest of the game (the referee would ask every turn to take it off the arena)."""
    layout = layout_for("hexors")
    grid = layout.grid("arena")
    beaten, winner = (next(p for p in layout.pieces if p.name == n) for n in ("hexor-1", "hexor-2"))
    at, pose = cell_centre(grid, (3, 4)), CameraPose(height=500, yaw=90)  # the portrait mat across the picture
    before = [PiecePlacement(beaten, at), PiecePlacement(winner, cell_centre(grid, (3, 5)))]
    frames = [render_table(layout, before, [], pose, rng, look=LOOK).image for _ in range(4)]
    frames += [render_table(layout, [PiecePlacement(winner, at)], [], pose, rng, look=LOOK).image for _ in range(10)]
    last = run(layout, frames)[-1].pieces
    assert last["hexor-2"]["cell"] == [3, 4] and last["hexor-2"]["status"] == "seen"
    assert last["hexor-1"]["status"] == "gone"

def test_the_pipeline_skips_dice_reading_while_things_move_and_reuses_it_while_nothing_changes(rng):
    """Tumbling frames are not worth reading; a frame in which not one pixel changed cannot read otherwise."""
    from companion.capture.base import Frame, FrameSource
    from companion.pipeline import LiveView, Pipeline
    from companion.tablevision.stage import TableStage
    from companion.vision.settle import RollSettler

    layout = layout_for("nexus-keepers")
    pieces, _ = random_position(layout, rng, 3)
    still_frame = render_table(layout, pieces, [], CameraPose(), rng, look=LOOK, noise=0.0).image
    moving = [render_table(layout, pieces, [], CameraPose(), rng, hand=True, look=LOOK).image for _ in range(3)]
    frames = moving + [still_frame] * 6

    class Source(FrameSource):
        i = 0

        def read(self):
            if self.i >= len(frames):
                return None
            self.i += 1
            return Frame(frames[self.i - 1], self.i / 8, self.i)

    class CountingReader:
        calls = 0

        def read(self, image):
            self.calls += 1
            return []

    reader = CountingReader()
    pipeline = Pipeline(Source(), reader, RollSettler(stable_frames=3), lambda obs: None, LiveView(),
                        table=TableStage(layout))
    while pipeline.step():
        pass
    # frame 1 read (nothing to compare with); 2-3 the hand moves, 4 the hand has gone (changed): skipped;
    # 5 unchanged once: read; 6-9 unchanged twice or more: the same dice
    assert (reader.calls, pipeline.skipped, pipeline.reused) == (2, 3, 4)


def test_markers_are_found_again_unless_only_the_dice_zones_changed(rng):
    """Dice rolling in the dice area cannot move a marker: the markers found last time stand; a change anywhere
    else (a piece laid on the grid) has them found again."""
    from companion.tablevision.render import DiePlacement

    layout = layout_for("nexus-keepers")
    grid = layout.grid("nexus")
    keeper = next(p for p in layout.pieces if p.name == "keeper-1")
    motion = MotionWatch()
    reader = TableReader(layout, motion=motion)
    calls = []  # searches for markers, of the whole frame or of the boxes where it changed
    find, find_in = reader.finder.find, reader.finder.find_in
    reader.finder.find = lambda image: calls.append(1) or find(image)
    reader.finder.find_in = lambda grey, box: calls.append(1) or find_in(grey, box)
    base = [PiecePlacement(keeper, cell_centre(grid, (1, 1)))]
    dice_a = [DiePlacement((100, 250), 3, "red")]
    dice_b = [DiePlacement((220, 260), 5, "blue")]
    for pieces, dice in [(base, dice_a), (base, dice_a), (base, dice_b)]:
        reader.read(render_table(layout, pieces, dice, CameraPose(), rng, look=LOOK, noise=0.0).image)
    assert len(calls) == 1  # the first frame only: not the same frame again, not the dice rolled in their area
    moved = [PiecePlacement(keeper, cell_centre(grid, (2, 1)))]
    view = reader.read(render_table(layout, moved, dice_b, CameraPose(), rng, look=LOOK, noise=0.0).image)
    assert len(calls) == 2 and [p.place.cell for p in view.pieces] == [(2, 1)]
