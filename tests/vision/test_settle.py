"""Roll settling on frame sequences: one report per roll, only once the dice are still."""

import pytest

from companion.core import DieReading
from companion.vision.settle import RollSettler, same_dice


def die(value, x, y, color="red", size=40):
    return DieReading(value, color, (x, y, x + size, y + size), 0.9)


ROLL_A = [die(3, 100, 100), die(5, 300, 120, "blue")]
ROLL_B = [die(6, 200, 200), die(1, 400, 50, "white")]


def feed(settler, frames, start=0.0, fps=10.0):
    out = []
    for k, readings in enumerate(frames):
        r = settler.update(readings, start + k / fps)
        if r is not None:
            out.append((k, r))
    return out


def tumbling(n, seed=0):
    """Dice moving and changing faces every frame."""
    frames = []
    for k in range(n):
        frames.append([die(1 + (k + seed) % 6, 50 + 37 * k, 80 + 11 * k),
                       die(1 + (k * 5 + seed) % 6, 500 - 29 * k, 90)])
    return frames


def test_reports_once_after_stable_frames_and_not_while_tumbling():
    settler = RollSettler(stable_frames=4)
    reports = feed(settler, tumbling(8) + [ROLL_A] * 10)
    assert len(reports) == 1
    k, roll = reports[0]
    assert k == 8 + 4 - 1  # the 4th identical frame
    assert roll.values == (3, 5)
    assert roll.index == 1
    assert [d.color for d in roll.dice] == ["red", "blue"]


def test_small_jitter_counts_as_still():
    settler = RollSettler(stable_frames=3)
    jittery = [[die(3, 100 + dx, 100 - dx), die(5, 300, 120 + dx, "blue")] for dx in (0, 2, -3, 1, 0)]
    assert len(feed(settler, jittery)) == 1


def test_new_throw_after_tumbling_is_a_new_roll():
    settler = RollSettler(stable_frames=3)
    reports = feed(settler, tumbling(5) + [ROLL_A] * 6 + tumbling(5, seed=2) + [ROLL_B] * 6)
    assert [r.values for _, r in reports] == [(3, 5), (1, 6)]
    assert [r.index for _, r in reports] == [1, 2]


def test_knocked_die_starts_a_new_roll():
    settler = RollSettler(stable_frames=3)
    knocked = [die(3, 100, 100), die(2, 360, 180, "blue")]  # the blue die was knocked onto a 2
    reports = feed(settler, [ROLL_A] * 5 + [knocked] * 5)
    assert [r.values for _, r in reports] == [(3, 5), (2, 3)]


def test_hand_over_the_table_resets_the_count():
    settler = RollSettler(stable_frames=4)
    hand = [die(3, 100, 100)]  # the hand hides the blue die
    reports = feed(settler, [ROLL_A] * 3 + [hand] * 2 + [ROLL_A] * 3)
    assert reports == []  # never 4 identical frames in a row
    assert len(feed(settler, [ROLL_A], start=10.0)) == 1


def test_hand_passing_over_unchanged_dice_does_not_repeat_the_roll():
    settler = RollSettler(stable_frames=3)
    reports = feed(settler, [ROLL_A] * 4 + [[]] * 3 + [ROLL_A] * 6)
    assert len(reports) == 1


def test_one_frame_misread_does_not_report_twice():
    settler = RollSettler(stable_frames=3)
    misread = [die(3, 100, 100), die(6, 300, 120, "blue")]
    reports = feed(settler, [ROLL_A] * 4 + [misread] + [ROLL_A] * 4)
    assert len(reports) == 1


def test_empty_table_is_not_a_roll_unless_asked():
    assert feed(RollSettler(stable_frames=2), [[]] * 5) == []
    reports = feed(RollSettler(stable_frames=2, report_empty=True), [[]] * 5)
    assert len(reports) == 1 and reports[0][1].dice == ()


def test_same_value_moved_far_is_a_different_scene():
    assert same_dice(ROLL_A, [die(3, 103, 98), die(5, 302, 121, "blue")])
    assert not same_dice(ROLL_A, [die(3, 160, 100), die(5, 300, 120, "blue")])
    assert not same_dice(ROLL_A, [die(3, 100, 100), die(5, 300, 120, "green")])
    assert not same_dice(ROLL_A, ROLL_A[:1])


def test_a_die_whose_colour_flickers_still_settles_with_the_colour_most_frames_saw():
    # a dark purple die near the black boundary: sensor noise changes its name from frame to frame
    purple, black = [die(3, 100, 100, "purple"), die(5, 300, 120, "blue")], [die(3, 101, 99, "black"), ROLL_A[1]]
    reports = feed(RollSettler(stable_frames=5), tumbling(6) + [purple, black, purple, purple, black] + [purple] * 6)
    assert len(reports) == 1
    k, roll = reports[0]
    assert k == 6 + 5 - 1  # settled as soon as values and places held for five frames
    assert [d.color for d in roll.dice] == ["purple", "blue"]  # three of the five still frames said purple
    assert same_dice(purple, black, colours=False) and not same_dice(purple, black)


def test_a_colour_tie_goes_to_the_latest_frame():
    red, orange = [die(4, 50, 50, "red")], [die(4, 50, 50, "orange")]
    reports = feed(RollSettler(stable_frames=4), [red, orange, red, orange])
    assert [d.color for d in reports[0][1].dice] == ["orange"]


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="stable_frames must be at least 1"):
        RollSettler(stable_frames=0)
    settler = RollSettler()
    settler.update([], 5.0)
    with pytest.raises(ValueError, match="back in time"):
        settler.update([], 4.0)


def unread(value, x, y, size=40):
    """A die the camera sees but cannot read; ``value`` is only the reader's likeliest guess."""
    return DieReading(value, None, (x, y, x + size, y + size), 0.1, unread=True)


def test_a_die_seen_but_not_read_settles_by_its_place_whatever_its_guessed_face():
    """Its guess changes with sensor noise; the roll must still settle, and with the die in it."""
    settler = RollSettler(stable_frames=4)
    frames = [[*ROLL_A, unread(1 + k % 3, 500, 300)] for k in range(6)]
    reports = feed(settler, frames)
    assert len(reports) == 1 and reports[0][0] == 3
    assert [d.unread for d in reports[0][1].dice] == [False, False, True]


def test_a_read_die_and_an_unread_one_on_the_same_spot_are_not_the_same_dice():
    read = [die(3, 500, 300)]
    assert not same_dice(read, [unread(3, 500, 300)])
    assert same_dice([unread(3, 500, 300)], [unread(5, 505, 302)])


def test_a_face_read_anew_where_it_lay_is_not_a_new_roll():
    """Found on the simulated table: a borderline 2 settled, then read as 4 in later still frames, and the referee
    took it for a reroll of one die. Without a motion watch, a die is touched only when a frame lacks it."""
    settler = RollSettler(stable_frames=3)
    reread = [die(3, 100, 100), die(2, 302, 121, "blue")]
    unreadable = [die(3, 100, 100), unread(5, 300, 120)]
    reports = feed(settler, [ROLL_A] * 4 + [reread] * 5 + [reread] * 3 + [unreadable] * 4 + [ROLL_A] * 3)
    assert [(r.values, r.reread, r.index) for _, r in reports] == [
        ((3, 5), False, 1), ((2, 3), True, 1), ((3, 5), True, 1)]  # each reading anew said once, never a roll
    assert [r.dice[1].unread for _, r in reports] == [False, False, True]
    rethrown = feed(settler, [[]] * 2 + [reread] * 4, start=10.0)
    assert [(r.values, r.reread, r.index) for _, r in rethrown] == [((2, 3), False, 2)]


def test_a_hand_elsewhere_on_the_table_does_not_make_a_face_read_anew_a_roll():
    """With the table's motion watch: the pipeline gives no dice while anything moves (a keeper moved across the
    board), yet the dice lying in the tray were not touched; one read anew afterwards is not a reroll. A die a hand
    reached (turned where it lay, as a Tesseract calibration does) settles anew."""
    settler = RollSettler(stable_frames=3)
    reread = [die(3, 100, 100), die(2, 302, 121, "blue")]
    nowhere = lambda box: False  # noqa: E731 - still frames; or motion far from every die
    on_blue = lambda box: box[0] > 250  # noqa: E731 - a hand at the blue die

    def frames(scenes, start, hand=nowhere):
        """Each frame with the motion near it: ``hand`` while moving (no dice read), none once still."""
        return [settler.update(scene, start + k / 10, nowhere if scene else hand) for k, scene in enumerate(scenes)]
    assert sum(r is not None for r in frames([ROLL_A] * 4, 0.0)) == 1
    assert [r.reread for r in frames([[]] * 3 + [reread] * 5, 1.0) if r is not None] == [True]
    turned = [r for r in frames([[]] * 3 + [reread] * 5, 2.0, on_blue) if r is not None]
    assert [(r.values, r.reread) for r in turned] == [((2, 3), False)]
