"""Camera readings of the priming zone are compared with the engine's zone, never trusted blindly."""

from __future__ import annotations

import re

import pytest

from companion.core import DieReading, Observation
from companion.referee.engine import EventError

from tess_helpers import illegal, kinds, new_game, rules_of, set_zone

AREA = [100, 100, 300, 200]


def reading(*dice, area=AREA):
    pieces = {"priming_zone": area} if area is not None else {}
    return Observation(dice=tuple(DieReading(v, c, box) for v, c, box in dice), pieces=pieces)


def test_only_dice_centred_in_the_priming_zone_area_are_read():
    engine = new_game()
    obs = reading((2, "purple", (110, 110, 130, 130)), (5, "yellow", (280, 180, 320, 220)),
                  (6, "red", (400, 400, 420, 420)))
    event = engine.observation_event(obs)
    assert event["type"] == "priming_zone_reading"
    assert [(d["value"], d["color"]) for d in event["dice"]] == [(2, "purple"), (5, "yellow")]


def test_without_an_area_the_reading_is_ignored_unless_the_option_says_otherwise():
    engine = new_game()
    obs = reading((2, "purple", None), area=None)
    assert engine.observation_event(obs) is None
    whole = new_game(options={"camera_frame_is_priming_zone": True})
    assert len(whole.observation_event(obs)["dice"]) == 1


def test_a_matching_reading_is_confirmed_and_changes_nothing():
    engine = new_game()
    before = engine.state_json()
    event = engine.observation_event(reading((2, "purple", (110, 110, 130, 130)), (5, "yellow", (150, 150, 170, 170))))
    verdicts = engine.apply(event)
    assert rules_of(verdicts) == ["tess.camera.match"] and engine.state_json() == before


def test_each_differing_die_is_a_warning_naming_it_and_the_state_is_kept():
    engine = new_game()
    set_zone(engine, [("purple", 2), ("yellow", 5)])
    before = engine.state_json()
    event = engine.observation_event(reading((3, "purple", (110, 110, 130, 130)), (5, "yellow", (150, 150, 170, 170))))
    verdicts = engine.apply(event)
    assert kinds(verdicts) == ["warning", "warning"]
    messages = " / ".join(v.message.en for v in verdicts)
    assert "purple 2" in messages and "purple 3" in messages
    assert engine.state_json() == before


def test_camera_colour_names_are_mapped_to_game_colours():
    engine = new_game(options={"camera_colours": {"violet": "purple", "orange": "yellow"}})
    event = engine.observation_event(reading((2, "violet", (110, 110, 130, 130)), (5, "orange", (150, 150, 170, 170))))
    assert rules_of(engine.apply(event)) == ["tess.camera.match"]
    unknown = engine.observation_event(reading((4, "green", (110, 110, 130, 130))))  # the zone holds no 4
    verdicts = engine.apply(unknown)
    assert any("unknown colour in the priming zone: green 4" in v.message.en for v in verdicts)


def test_a_die_read_in_a_colour_the_game_has_not_is_the_cube_of_its_value_no_other_die_shows():
    """Tesseract's cubes are red, blue, yellow and purple: a primed red 2 read as black cannot be black. It is the
    referee's red 2 (the one cube of that value no other die shows), said so, not a cube missing beside a cube of
    unknown colour; a die of a value the zone does not hold stays unknown."""
    engine = new_game()
    set_zone(engine, [("red", 2), ("yellow", 5)])
    before = engine.state_json()
    event = engine.observation_event(reading((2, "black", (110, 110, 130, 130)), (5, "yellow", (150, 150, 170, 170))))
    verdicts = engine.apply(event)
    assert kinds(verdicts) == ["info", "info"] and rules_of(verdicts) == ["tess.camera.match"] * 2
    assert verdicts[1].message.en == "The camera reads the primed red 2 as black: this game has no black cubes"
    no_colour = engine.apply(engine.observation_event(reading((2, None, (110, 110, 130, 130)),
                                                              (5, "yellow", (150, 150, 170, 170)))))
    assert kinds(no_colour) == ["info", "info"]
    assert no_colour[1].message.en == "The camera reads the primed red 2 in no colour"
    assert engine.state_json() == before
    set_zone(engine, [("red", 2), ("purple", 2)])  # two unseen cubes of that value: which one is not guessed
    verdicts = engine.apply(engine.observation_event(reading((2, "black", (110, 110, 130, 130)))))
    assert kinds(verdicts) == ["warning"] * 3
    assert "The camera sees a die of unknown colour in the priming zone: black 2" in [v.message.en for v in verdicts]


def test_a_reading_is_accepted_even_while_an_event_is_pending():
    """A Shield waiting for its answer does not stop the camera's reading: it is compared as any other (an empty
    zone where the referee holds the two cubes primed at setup: both said unseen), not refused nor dropped."""
    engine = new_game()
    engine.state.pending.append({"event": "shield", "column": "a1"})
    verdicts = engine.apply({"type": "priming_zone_reading", "dice": []})
    assert not illegal(verdicts)
    assert rules_of(verdicts) == ["tess.camera.mismatch"] * len(engine.state.zone.cubes) == [
        "tess.camera.mismatch"] * 2
    assert all("the camera does not see" in v.message.en for v in verdicts), verdicts


def test_a_reading_whose_die_value_is_no_die_value_is_refused_and_changes_nothing():
    """A reading posted by hand or by a faulty client: true, 2.7 or "3" is no face of a die, in the priming zone or
    in a lab. It is refused with the value named, never read as 1, 2 or 3."""
    engine = new_game()
    set_zone(engine, [("purple", 2)])
    before = engine.state_json()
    scientist = engine.state.labs.names[0]
    bad_zone = [{"type": "priming_zone_reading", "dice": [{"value": v, "color": "purple"}]} for v in (True, 2.7, "3")]
    bad_lab = [{"type": "priming_zone_reading", "dice": [{"value": 2, "color": "purple"}],
                "labs": {scientist: [{"value": v, "color": "red"}]}} for v in (True, 2.7, "3")]
    for event, value in zip(bad_zone + bad_lab, [True, 2.7, "3"] * 2):
        with pytest.raises(EventError, match=re.escape(f'"value" must be a die value 1-6, got {value!r}')):
            engine.apply(event)
    with pytest.raises(EventError, match='"dice" must be a list'):
        engine.apply({"type": "priming_zone_reading", "dice": [2]})
    assert engine.state_json() == before
