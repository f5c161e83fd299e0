"""Free-roll mode: every roll recorded, per-colour face counts and a chi-square fairness test."""

import random

import pytest

from companion.games.free_roll import RECENT_ROLLS, chi_square_fair_die
from companion.referee import EventError, create_game


def roll(*dice):
    return {"type": "roll", "dice": [{"value": v, "color": c} for v, c in dice]}


def test_chi_square_matches_the_textbook_critical_values():
    # With 5 degrees of freedom the 5% and 1% critical values are 11.070 and 15.086.
    # 60 rolls, expected 10 per face: counts chosen so chi2 = sum((o-10)^2)/10.
    at_5_percent = chi_square_fair_die([10, 10, 10, 10, 10 + 7.44, 10 - 7.44])
    assert at_5_percent["chi2"] == pytest.approx(11.07, abs=0.01)
    assert at_5_percent["p_value"] == pytest.approx(0.05, abs=0.001)
    at_1_percent = chi_square_fair_die([10, 10, 10, 10, 10 + 8.685, 10 - 8.685])
    assert at_1_percent["p_value"] == pytest.approx(0.01, abs=0.0005)
    assert chi_square_fair_die([10] * 6)["p_value"] == pytest.approx(1.0)
    assert chi_square_fair_die([0] * 6)["p_value"] is None



def test_the_fairness_test_waits_for_thirty_dice_and_says_how_many_more():
    # the chi-square approximation wants about five expected rolls a face: 30 dice of a colour
    assert [(t["enough_data"], t["dice_needed"]) for t in map(chi_square_fair_die, ([0] * 6, [1, 2, 0, 3, 1, 3],
                                                                                       [5, 4, 6, 5, 5, 4], [5] * 6))] \
        == [(False, 30), (False, 20), (False, 1), (True, 0)]

def test_counts_are_kept_per_colour():
    game = create_game("free-roll")
    game.apply(roll((4, "red"), (4, "blue"), (6, "red")))
    game.apply(roll((1, None)))
    stats = game.statistics()
    assert stats["red"]["faces"] == [0, 0, 0, 1, 0, 1]
    assert stats["blue"]["faces"] == [0, 0, 0, 1, 0, 0]
    assert stats["unknown"]["faces"] == [1, 0, 0, 0, 0, 0]
    assert game.roll_count == 2


def test_a_loaded_colour_is_flagged_once_and_a_fair_one_never():
    rng = random.Random(7)
    game = create_game("free-roll")
    warnings = []
    for _ in range(120):
        loaded = 6 if rng.random() < 0.5 else rng.randint(1, 6)
        verdicts = game.apply(roll((loaded, "green"), (rng.randint(1, 6), "white")))
        warnings += [v for v in verdicts if v.kind.value == "warning"]
    assert [w.rule for w in warnings] == ["free-roll.fairness"]
    assert "green" in warnings[0].message.en and "vert" not in warnings[0].message.en
    # the French names the colour in French, plural, and writes the decimal comma (it said « Les dés green »)
    assert warnings[0].message.fr.startswith("Les dés verts semblent déséquilibrés : khi-deux p ")
    p_fr = warnings[0].message.fr.split("khi-deux p ")[1].split(" sur ")[0]
    assert p_fr.startswith(("= 0,", "< 0,")) and "." not in p_fr
    assert game.statistics()["green"]["p_value"] < 0.01
    assert game.statistics()["white"]["p_value"] > 0.01


def test_undo_takes_back_the_last_roll_and_its_counts():
    game = create_game("free-roll")
    game.apply(roll((2, "red")))
    game.apply(roll((5, "red")))
    game.undo()
    assert game.statistics()["red"]["faces"] == [0, 1, 0, 0, 0, 0]
    with pytest.raises(EventError, match="nothing to undo"):
        game.undo() or game.undo()


@pytest.mark.parametrize(
    "event, words",
    [
        ({"type": "roll"}, 'a roll needs a non-empty "dice" list'),
        ({"type": "roll", "dice": []}, 'a roll needs a non-empty "dice" list'),
        ({"type": "roll", "dice": [{"value": 0}]}, "die value must be an integer 1-6, got 0"),
        ({"type": "roll", "dice": [{"value": "six"}]}, "die value must be an integer 1-6, got 'six'"),
        ({"type": "roll", "dice": [{"color": "red"}]}, 'a die needs a "value" from 1 to 6'),
        ({"type": "move"}, "free-roll only takes \"roll\" events, not 'move'"),
        ({"dice": [{"value": 3}]}, 'an event needs a "type" string'),
    ],
)
def test_malformed_rolls_are_refused_without_changing_anything(event, words):
    game = create_game("free-roll")
    game.apply(roll((3, "red")))
    before = game.snapshot()
    with pytest.raises(EventError, match=words):  # the sender's mistake named, not an engine failure
        game.apply(event)
    assert game.snapshot() == before


def test_snapshot_round_trip():
    game = create_game("free-roll", {"significance": 0.05})
    game.apply(roll((3, "red"), (2, "blue")))
    from companion.referee import restore_game

    again = restore_game(game.snapshot())
    assert again.snapshot() == game.snapshot()
    assert again.options["significance"] == 0.05


def test_an_evening_of_rolls_does_not_grow_the_summary_or_the_snapshot():
    """Both go to every phone after each roll: they hold counts and the last rolls, never every roll (every roll
    held would make the state 133 KB at 600 rolls)."""
    import json

    rng = random.Random(54)
    game = create_game("free-roll")
    sizes = {}
    for n in range(1, 601):
        game.apply(roll(*((rng.randint(1, 6), rng.choice(["red", "white", "blue"])) for _ in range(3))))
        if n in (60, 600):
            sizes[n] = len(json.dumps([game.summary(), game.snapshot()]))
    assert sizes[600] <= sizes[60] * 1.1
    summary = game.summary()
    assert summary["rolls"] == 600 and sum(summary["totals"].values()) == 600
    assert sum(sum(s["faces"]) for s in summary["statistics"].values()) == 1800
    assert len(game.state_json()["recent"]) == RECENT_ROLLS and summary["last_roll"] == game.state_json()["recent"][-1]


def test_undo_brings_back_the_roll_before_the_last_few():
    game = create_game("free-roll")
    values = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5]
    for value in values:
        game.apply(roll((value, "red")))
    game.undo()
    assert [r[0]["value"] for r in game.state_json()["recent"]] == values[-1 - RECENT_ROLLS:-1]
    assert game.summary()["totals"] == {"1": 2, "2": 2, "3": 2, "4": 2, "5": 1, "6": 1}
