"""Centre matching, as the real-photo README defines it."""

from companion.vision.scoring import Score, centres_match, match, unread_on_missed


def test_centre_inside_grown_label_box_matches():
    label = (100, 100, 120, 120)  # pips-only style box, 20 px: grown to 40 px around (110, 110)
    assert centres_match((115, 115, 145, 145), label)      # predicted centre (130,130) within 20 px
    assert not centres_match((125, 125, 155, 155), label)  # centre (140,140) is 30 px away


def test_label_centre_inside_prediction_matches():
    assert centres_match((80, 80, 160, 160), (105, 105, 115, 115))


def test_match_is_one_to_one_nearest_first():
    labels = [(3, (0, 0, 20, 20)), (4, (22, 0, 42, 20))]
    pred = [(4, (21, 0, 41, 20)), (3, (1, 0, 21, 20))]
    assert sorted(match(pred, labels)) == [(0, 1), (1, 0)]


def test_score_ratios():
    s = Score()
    labels = [(3, (0, 0, 20, 20)), (4, (50, 0, 70, 20))]
    assert s.add("a", [(3, (0, 0, 20, 20)), (4, (50, 0, 70, 20))], labels)
    assert not s.add("b", [(3, (0, 0, 20, 20)), (5, (50, 0, 70, 20)), (1, (200, 200, 220, 220))], labels)
    assert (s.labelled, s.predicted, s.matched, s.value_right) == (4, 5, 4, 3)
    assert s.recall == 1.0 and s.precision == 0.8 and s.read_correctly == 0.75 and s.exact_roll == 0.5
    assert s.failures == ["b"]


def test_unread_readings_are_counted_on_the_labelled_dice_the_read_ones_missed():
    labels = [(3, (0, 0, 20, 20)), (5, (100, 0, 120, 20)), (2, (200, 0, 220, 20))]
    read = [(3, (1, 1, 21, 21))]
    unread = [(4, (101, 1, 121, 21)), (6, (400, 400, 420, 420))]  # on the missed 5; where no die lies
    assert unread_on_missed(match(read, labels), unread, labels) == (2, 1, 1)
    assert unread_on_missed(match(read, labels), [(1, (2, 2, 22, 22))], labels) == (2, 0, 1)  # on the read 3: no
