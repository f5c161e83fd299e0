"""Nexus Keepers camera rolls with the wrong number of dice: short of a die the camera saw but could not read, or
with a die too many it is not sure is a die, is "camera unsure"; a wrong count of dice surely there stays illegal;
an unread die never plays."""

from __future__ import annotations

import pytest

from companion.bus import EventBus
from companion.core import DieReading, Observation, VerdictKind
from companion.journal import Journal
from companion.table import CAMERA_UNSURE, Table

from test_nk_rules_aware import SETUP, die, rules

# a die the camera sees lying there whose face it could not read: the reader's likeliest face was a 3, at 0.4
UNREAD = DieReading(3, "white", box=(40.0, 40.0, 60.0, 60.0), confidence=0.15,
                    probabilities=(0.1, 0.2, 0.4, 0.1, 0.1, 0.1), unread=True)


def first_turn(tmp_path) -> Table:
    """« Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. »: A's first roll has 5 dice."""
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers")
    table.submit(SETUP, source="phone")
    assert table.engine.expected_roll().counts == (5,)
    return table


def test_four_dice_read_and_one_seen_unread_is_camera_unsure_not_a_wrong_count(tmp_path):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. » Four dice read clearly and a fifth
    the camera sees but cannot read: the count is the camera's doubt, not the player's fault."""
    table = first_turn(tmp_path)
    before = table.engine.state_json()
    verdicts = table.observe(Observation(dice=(die(2), die(4), die(5), die(6)), unread=(UNREAD,)))
    assert rules(verdicts) == ["camera.unsure"] and verdicts[0].kind is VerdictKind.UNSURE
    assert "4 dice (2 4 5 6) where 5 are expected" in verdicts[0].message.en
    assert "a die it could not read" in verdicts[0].message.en
    assert "un dé qu’elle n’a pas su lire" in verdicts[0].message.fr
    entry = table.history()[-1]
    assert entry["event"]["type"] == CAMERA_UNSURE and not entry["in_force"]
    assert entry["event"]["unread"] == [UNREAD.to_json()] and entry["event"]["unread"][0]["unread"] is True
    assert table.engine.state_json() == before  # nothing was played: the unread die's guess least of all


def test_four_dice_read_and_none_seen_is_camera_unsure_it_may_have_missed_one(tmp_path):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. » Four clearly read dice and nothing
    else seen: the camera may have missed the fifth (vision.missed_die_unsure, on): nobody is accused, the count is
    named and nothing is played."""
    table = first_turn(tmp_path)
    before = table.engine.state_json()
    verdicts = table.observe(Observation(dice=(die(2), die(4), die(5), die(6))))
    assert rules(verdicts) == ["camera.unsure"] and verdicts[0].kind is VerdictKind.UNSURE
    assert "4 dice (2 4 5 6) where 5 are expected; it may have missed a die" in verdicts[0].message.en
    assert "elle a peut-être manqué un dé" in verdicts[0].message.fr
    assert table.engine.state_json() == before


def test_with_missed_dice_not_unsure_four_dice_read_stay_a_wrong_count(tmp_path):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. » With vision.missed_die_unsure off,
    four clearly read dice and nothing else seen are the player's four: the verdict stands."""
    from companion.referee.aware import RulesAwareReading

    table = first_turn(tmp_path)
    table.aware = RulesAwareReading(missed_die=False)
    verdicts = table.observe(Observation(dice=(die(2), die(4), die(5), die(6))))
    assert rules(verdicts) == ["nk.roll.dice-count"] and verdicts[0].kind is VerdictKind.ILLEGAL


def test_an_unread_die_outside_the_dice_zone_makes_up_nothing(tmp_path):
    """The roll lands in the mat's dice zone: a die seen elsewhere on the mat is not part of it."""
    table = first_turn(tmp_path)
    dice = (die(2), die(4), die(5), die(6))
    inside = ({"zone": "dice"},) * 4
    elsewhere = Observation(dice=dice, places=inside, unread=(UNREAD,), unread_places=({"zone": "board"},))
    verdicts = table.observe(elsewhere)
    assert rules(verdicts) == ["camera.unsure"] and "it may have missed a die" in verdicts[0].message.en
    verdicts = table.observe(Observation(dice=dice, places=inside, unread=(UNREAD,), unread_places=({"zone": "dice"},)))
    assert rules(verdicts) == ["camera.unsure"] and "sees a die it could not read" in verdicts[0].message.en


def test_unread_dice_are_never_counted_into_a_roll_that_has_its_count(tmp_path):
    """Five dice read and one seen unread beside them: the roll as read is legal and is played as read."""
    table = first_turn(tmp_path)
    verdicts = table.observe(Observation(dice=(die(1), die(2), die(4), die(5), die(6)), unread=(UNREAD,)))
    assert rules(verdicts) == ["nk.turn.start", "nk.roll"]
    assert sorted(table.engine.state.turn.pool) == [1, 2, 4, 5, 6]


def test_only_unread_dice_that_make_up_no_roll_play_nothing(tmp_path):
    table = first_turn(tmp_path)
    entries = len(table.journal.entries(table.record.id))
    assert table.observe(Observation(unread=(UNREAD,))) == []
    assert len(table.journal.entries(table.record.id)) == entries
    verdicts = table.observe(Observation(unread=(UNREAD,) * 5))
    assert rules(verdicts) == ["camera.unsure"]  # five dice seen, none read: look at them


def test_an_observation_refuses_an_unread_die_among_the_dice_it_plays():
    with pytest.raises(ValueError, match="unread"):
        Observation(dice=(UNREAD,))
    assert Observation(unread=(UNREAD,)).to_json()["unread"] == [UNREAD.to_json()]
    assert DieReading.from_json(UNREAD.to_json()).unread is False  # a die sent back from a phone is what was meant


def test_a_die_too_many_the_camera_is_not_sure_of_is_camera_unsure(tmp_path):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. » Six dice read, the sixth with
    little confidence (0.3: board art, or one die found twice): the camera may have imagined it."""
    table = first_turn(tmp_path)
    doubtful = DieReading(4, "white", box=(300.0, 40.0, 320.0, 60.0), confidence=0.3,
                          probabilities=(0.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    verdicts = table.observe(Observation(dice=(die(1), die(2), die(4), die(5), die(6), doubtful)))
    assert rules(verdicts) == ["camera.unsure"] and verdicts[0].kind is VerdictKind.UNSURE
    assert "6 dice (1 2 4 5 6 4) where 5 are expected, but it is not sure the 4 is a die" in verdicts[0].message.en
    assert "pas sûre que le 4 soit un dé" in verdicts[0].message.fr
    sure = DieReading(4, "white", confidence=0.45, probabilities=(0.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    verdicts = table.observe(Observation(dice=(die(1), die(2), die(4), die(5), die(6), sure)))
    assert rules(verdicts) == ["nk.roll.dice-count"]  # every die surer than vision.sure_die (0.4): the verdict stands
