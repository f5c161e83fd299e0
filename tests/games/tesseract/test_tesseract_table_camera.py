"""The Tesseract mat seen by table vision: dice lying in the priming areas are the priming zone, and the Threat
phase's primed die is read when it settles there."""

from __future__ import annotations

from companion.core import DieReading, Observation
from companion.games.tesseract.cube import Cube

from tess_helpers import illegal, new_game, rules_of


def seen(*dice):
    """An observation of dice with their places on the mat: (value, colour, zone)."""
    return Observation(dice=tuple(DieReading(v, c) for v, c, _ in dice),
                       places=tuple({"zone": z, "grid": None, "cell": None, "uncertain": False} for _, _, z in dice))


def in_threat_phase():
    engine = new_game(options={"allow_pass": True})
    assert not illegal(engine.apply({"type": "end_actions"}))
    return engine


def zone_dice(engine, labs=True):
    """The priming zone's cubes under their values' icons, and (``labs``) each lab's cubes in its area."""
    out = [(c.value, c.color, f"priming-{c.value}") for c in engine.state.zone.cubes]
    if labs:
        out += [(c.value, c.color, f"lab-{i}") for i, name in enumerate(engine.state.labs.names, start=1)
                for c in engine.state.labs.cubes[name]]
    return out


def test_the_primed_die_settling_in_the_priming_zone_is_the_threat_phase_prime():
    """« Prenez ce cube et lancez-le. Placez-le ensuite dans la zone d'amorçage, sous l'icône correspondant à sa
    nouvelle valeur. »"""
    engine = in_threat_phase()
    assert engine.state.tesseract.lowest_removable() == ["a1", "d1"]  # two yellow 3s tie
    engine.state.tesseract.columns["d1"][-1] = Cube("blue", 3)
    event = engine.observation_event(seen(*zone_dice(engine), (4, "yellow", "priming-4"), (6, "red", "lab-1")))
    assert event == {"type": "prime", "column": "a1", "dice": [{"value": 4, "color": "yellow", "confidence": 1.0}]}
    assert "tess.prime" in rules_of(engine.apply(event))
    assert Cube("yellow", 4) in engine.state.zone.cubes


def test_a_camera_prime_carries_the_die_as_read_and_a_corrected_die_is_primed_as_corrected():
    """« Prenez ce cube et lancez-le. »: the camera's prime holds the die it read, so the phone can correct a
    misread face; a die of another colour is not the cube from that column, and is refused."""
    engine = in_threat_phase()
    engine.state.tesseract.columns["d1"][-1] = Cube("blue", 3)
    corrected = {"type": "prime", "column": "a1", "dice": [{"value": 6, "color": "yellow"}]}
    assert engine.is_legal(corrected)
    wrong = engine.legal({"type": "prime", "column": "a1", "dice": [{"value": 6, "color": "red"}]})
    assert [(v.rule, v.message.en) for v in illegal(wrong)] == [
        ("tess.prime", "The cube from a1 is yellow: the red die is not it")]
    assert "tess.prime" in rules_of(engine.apply(corrected))
    assert Cube("yellow", 6) in engine.state.zone.cubes


def test_a_tie_between_identical_lowest_cubes_is_left_to_the_players():
    """« Si les cubes les plus bas ont la même valeur, vous pouvez choisir quel cube amorcer. »: two identical
    lowest cubes leave the camera no way to tell which column was taken, so it does not choose."""
    engine = in_threat_phase()
    tops = [engine.state.tesseract.top(c) for c in engine.state.tesseract.lowest_removable()]
    assert len(tops) == 2 and tops[0] == tops[1]
    event = engine.observation_event(seen(*zone_dice(engine), (4, tops[0].color, "priming-4")))
    assert event["type"] == "priming_zone_reading"
    before = engine.state_json()
    verdicts = engine.apply(event)  # the players are asked which cube, not told the camera disagrees
    assert [(v.kind.value, v.rule) for v in verdicts] == [("info", "tess.camera.which")]
    assert "a1 or d1" in verdicts[0].message.en and "a1 ou d1" in verdicts[0].message.fr
    assert engine.state_json() == before


def test_outside_the_threat_phase_the_zone_is_only_compared():
    engine = new_game()  # Action phase
    colour = engine.state.tesseract.top(engine.state.tesseract.lowest_removable()[0]).color
    event = engine.observation_event(seen(*zone_dice(engine), (4, colour, "priming-4")))
    assert event["type"] == "priming_zone_reading"
    before = engine.state_json()
    verdicts = engine.apply(event)
    assert [v.kind.value for v in verdicts] == ["warning"] and engine.state_json() == before


def test_a_die_of_no_lowest_cube_colour_is_not_guessed_into_a_prime():
    engine = in_threat_phase()
    tops = {engine.state.tesseract.top(c).color for c in engine.state.tesseract.lowest_removable()}
    other = next(c for c in ("red", "blue", "yellow", "purple") if c not in tops)
    event = engine.observation_event(seen(*zone_dice(engine), (4, other, "priming-4")))
    assert event["type"] == "priming_zone_reading"
    assert not illegal(engine.apply(event))


def test_the_rolled_die_read_in_a_colour_the_game_has_not_is_the_one_cube_that_may_be_primed():
    """« Identifiez le cube amovible le plus bas en hauteur et en valeur » « Prenez ce cube et lancez-le. »: in
    the Threat phase only the lowest removable cube is rolled. A die read as orange (Tesseract has no orange cubes;
    a yellow one in dim, warm light, as the simulated table showed) or in no colour, where that cube is yellow, is
    that yellow cube, primed with the value read and said so; with lowest cubes of two colours it is not guessed."""
    engine = in_threat_phase()
    engine.state.tesseract.columns["d1"][-1] = Cube("blue", 5)
    assert engine.state.tesseract.lowest_removable() == ["a1"]  # a yellow 3
    for read_as in ("orange", None):
        event = engine.observation_event(seen(*zone_dice(engine), (4, read_as, "priming-4")))
        assert event == {"type": "prime", "column": "a1", "dice": [{"value": 4, "color": read_as, "confidence": 1.0}]}
        assert engine.is_legal(event)
    verdicts = engine.apply(event)
    assert not illegal(verdicts) and Cube("yellow", 4) in engine.state.zone.cubes
    assert "The camera reads the yellow 4 rolled in no colour; the lowest removable cube is yellow" in [
        v.message.en for v in verdicts]

    two_colours = in_threat_phase()
    two_colours.state.tesseract.columns["d1"][-1] = Cube("blue", 3)  # ties with a1's yellow 3
    event = two_colours.observation_event(seen(*zone_dice(two_colours), (4, "orange", "priming-4")))
    assert event["type"] == "priming_zone_reading"
    assert "The camera sees a die of unknown colour in the priming zone: orange 4" in [
        v.message.en for v in two_colours.apply(event)]


def test_the_rolled_die_read_in_a_colour_the_game_has_not_between_two_lowest_cubes_of_one_colour_asks_which():
    """« Si les cubes les plus bas ont la même valeur, vous pouvez choisir quel cube amorcer. »: with two yellow 3s
    lowest, a die read as orange is one of those yellow cubes, rolled: the phone asks which, as for a die read
    yellow, instead of warning of a die of unknown colour."""
    engine = in_threat_phase()
    engine.state.tesseract.columns["d1"][-1] = Cube("yellow", 3)  # ties with a1's yellow 3
    before = engine.state_json()
    event = engine.observation_event(seen(*zone_dice(engine), (4, "orange", "priming-4")))
    assert event["type"] == "priming_zone_reading"
    verdicts = engine.apply(event)
    messages = [v.message.en for v in verdicts]
    assert "The camera sees a yellow 4 rolled into the priming zone: the cube from a1 or d1? Say which on the " \
           "phone" in messages
    assert "The camera reads the yellow 4 rolled as orange: this game has no orange cubes; the lowest removable " \
           "cube is yellow" in messages
    assert not any(v.kind.value == "warning" for v in verdicts) and engine.state_json() == before


def test_a_primed_cube_read_in_a_colour_the_game_has_not_does_not_hide_the_next_prime():
    """« Placez-le ensuite dans la zone d'amorçage, sous l'icône correspondant à sa nouvelle valeur. »: with a
    primed cube read as black (no black cubes in Tesseract), the die rolled now is still the cube primed: one such
    misread does not keep every later prime from the camera. A lab's yellow 3 read as orange is that yellow 3."""
    engine = in_threat_phase()
    engine.state.tesseract.columns["d1"][-1] = Cube("blue", 3)
    first = engine.state.zone.cubes[0]
    zone = [(first.value, "black", f"priming-{first.value}")] + zone_dice(engine, labs=False)[1:]
    event = engine.observation_event(seen(*zone, (4, "yellow", "priming-4")))
    assert event == {"type": "prime", "column": "a1", "dice": [{"value": 4, "color": "yellow", "confidence": 1.0}]}
    lab = engine.state.labs.names[0]
    engine.state.labs.cubes = {name: [Cube("yellow", 3)] if name == lab else [] for name in engine.state.labs.names}
    reading = engine.observation_event(seen(*zone, (3, "orange", "lab-1")))
    assert reading["type"] == "priming_zone_reading"
    assert [v.message.en for v in engine.apply(reading)] == [
        "The camera agrees with the priming zone",
        f"The camera reads the primed {first.describe()} as black: this game has no black cubes",
        f"The camera reads the yellow 3 in {lab}'s lab as orange: this game has no orange cubes"]


def test_dice_off_the_priming_areas_are_not_primed():
    engine = new_game()
    event = engine.observation_event(seen(*zone_dice(engine), (3, "red", "lab-2"), (5, "blue", "confinement")))
    assert [(d["value"], d["color"]) for d in event["dice"]] == [(c.value, c.color) for c in engine.state.zone.cubes]
    verdicts = engine.apply(event)
    assert [v.message.en for v in verdicts if "lab" in v.message.en] == [
        f"The camera sees 1 red 3 in {engine.state.labs.names[1]}'s lab the referee does not have"]


def placed(*dice):
    """An observation of dice with zone and cell: (value, colour, zone, cell)."""
    return Observation(dice=tuple(DieReading(v, c) for v, c, _, _ in dice),
                       places=tuple({"zone": z, "grid": "confinement" if cell else None, "cell": cell,
                                     "uncertain": False} for _, _, z, cell in dice))


def test_each_lab_on_the_mat_is_compared_with_its_scientists_cubes():
    engine = new_game()
    first, second = engine.state.labs.names[:2]
    held = [(c.value, c.color, "lab-1", None) for c in engine.state.labs.cubes[first]]
    held += [(c.value, c.color, "lab-2", None) for c in engine.state.labs.cubes[second]]
    zone = [(v, c, z, None) for v, c, z in zone_dice(engine, labs=False)]
    before = engine.state_json()
    assert rules_of(engine.apply(engine.observation_event(placed(*zone, *held)))) == ["tess.camera.match"]
    moved = held[0]
    event = engine.observation_event(placed(*zone, *held[1:], (moved[0], moved[1], "lab-2", None)))
    messages = [v.message.en for v in engine.apply(event)]
    assert any(f"in {first}'s lab the camera does not see" in m for m in messages)
    assert any(f"in {second}'s lab the referee does not have" in m for m in messages)
    assert engine.state_json() == before


def test_the_confinement_slots_on_the_mat_are_compared_with_the_confined_cubes():
    engine = new_game()
    colours = engine.state.colours
    engine.state.board.filled.add(Cube(colours[1], 4))
    zone = [(v, c, z, None) for v, c, z in zone_dice(engine)]
    labs = []
    right = engine.observation_event(placed(*zone, *labs, (4, colours[1], "confinement", [3, 1])))
    assert right["confinement"] == [[3, 1]]
    assert rules_of(engine.apply(right)) == ["tess.camera.match"]
    wrong = engine.observation_event(placed(*zone, *labs, (5, colours[0], "confinement", [4, 0])))
    messages = sorted(v.message.en for v in engine.apply(wrong))
    assert messages == [f"The camera sees a cube on the confinement board's {colours[0]} 5 slot, which the referee "
                        "has empty", f"The referee has {colours[1]} 4 confined; the camera sees its slot empty"]


def test_a_confined_cube_the_camera_cannot_read_still_fills_its_slot():
    """« Placez-le sur l'emplacement correspondant à la fois à sa couleur et à sa valeur sur le plateau
    Confinement. »: the slot, not the face, says which
    cube lies there, so a die seen on the slot but not read (a blue 1 with a pale pip on the simulated mat at 640 x
    480) fills it: no "slot empty" warning."""
    engine = new_game()
    colours = engine.state.colours
    engine.state.board.filled.add(Cube(colours[1], 1))
    zone = placed(*[(v, c, z, None) for v, c, z in zone_dice(engine)])
    place = {"zone": "confinement", "grid": "confinement", "cell": [0, 1], "uncertain": False}
    unread = Observation(dice=zone.dice, places=zone.places, unread=(DieReading(6, colours[1], unread=True),),
                         unread_places=(place,))
    event = engine.observation_event(unread)
    assert event["confinement"] == [[0, 1]]
    assert rules_of(engine.apply(event)) == ["tess.camera.match"]


def seen_with_unread(dice, unread):
    """``seen(*dice)`` with dice the camera saw but could not read: (likeliest value, colour, zone)."""
    observation = seen(*dice)
    return Observation(dice=observation.dice, places=observation.places,
                       unread=tuple(DieReading(v, c, unread=True) for v, c, _ in unread),
                       unread_places=tuple({"zone": z, "grid": None, "cell": None, "uncertain": False}
                                           for _, _, z in unread))


def test_a_primed_cube_seen_but_not_read_where_it_lies_is_not_missing_and_does_not_hide_the_next_prime():
    """« Placez-le ensuite dans la zone d'amorçage, sous l'icône correspondant à sa nouvelle valeur. »: a die the
    camera sees but cannot read in priming area 2, in purple (or in no colour), is where the referee's primed purple
    2 lies: said so, not a cube the camera does not see, and the yellow 4 rolled beside it is still the prime (on the
    simulated table, a purple 6 with orange pips read unsure hid the next prime, which the players typed)."""
    engine = in_threat_phase()
    engine.state.tesseract.columns["d1"][-1] = Cube("blue", 3)
    assert engine.state.zone.cubes == [Cube("purple", 2), Cube("yellow", 5)]
    others = [die for die in zone_dice(engine) if die != (2, "purple", "priming-2")]
    for colour in ("purple", None):
        unread = [(4, colour, "priming-2")]  # the readers' likeliest face, unsure: not what the area says
        reading = engine.observation_event(seen_with_unread(others, unread))
        assert reading["type"] == "priming_zone_reading" and reading["unread"][0]["area"] == 2
        verdicts = engine.apply(reading)
        assert [(v.kind.value, v.rule, v.message.en) for v in verdicts] == [
            ("info", "tess.camera.unsure", "The camera sees a die it cannot read in priming area 2, where the "
                                           "referee has the purple 2")]
        prime = engine.observation_event(seen_with_unread(others + [(4, "yellow", "priming-4")], unread))
        assert prime == {"type": "prime", "column": "a1", "dice": [{"value": 4, "color": "yellow", "confidence": 1.0}]}
    assert "tess.prime" in rules_of(engine.apply(prime)) and Cube("yellow", 4) in engine.state.zone.cubes


def test_an_unread_die_that_cannot_be_a_primed_cube_where_it_lies_is_said_unread_and_the_cube_missing():
    """« sous l'icône correspondant à sa nouvelle valeur »: an unread die in the area of no missing cube's value, or
    read in another of the game's colours, is not that cube; and the die just rolled, unread, is not primed by
    guess: the players are asked to prime it on the phone."""
    engine = in_threat_phase()
    others = [die for die in zone_dice(engine) if die != (2, "purple", "priming-2")]
    for unread in ((2, "purple", "priming-3"), (2, "red", "priming-2")):
        reading = engine.observation_event(seen_with_unread(others, [unread]))
        messages = [(v.kind.value, v.message.en) for v in engine.apply(reading)]
        assert ("warning", "The referee has 1 primed purple 2 the camera does not see") in messages
        assert ("info", f"The camera sees a die in priming area {unread[2][-1]} it cannot read: if it is the cube "
                        "just rolled, prime it on the phone") in messages
    rolled = engine.observation_event(seen_with_unread(zone_dice(engine), [(4, "yellow", "priming-4")]))
    assert rolled["type"] == "priming_zone_reading"
    assert [(v.kind.value, v.message.en) for v in engine.apply(rolled)] == [
        ("info", "The camera sees a die in priming area 4 it cannot read: if it is the cube just rolled, prime it on "
                 "the phone")]


def test_a_lab_cube_seen_but_not_read_is_the_one_cube_of_that_lab_the_camera_does_not_otherwise_see():
    """« Prenez un cube amovible du Tesseract et placez-le sur un emplacement vide de votre fiche Labo, sans changer
    sa valeur. »: the lab says whose cube a die is, not its value. A die seen but not read in a lab, in the colour of
    the one cube of that lab the camera does not read (or in no colour), is that cube lying where it should: said so,
    not warned of as missing. When it may be either of two cubes, both stay missing and the die is said unread."""
    engine = new_game()
    name = engine.state.labs.names[0]
    engine.state.labs.cubes[name] = [Cube("red", 4), Cube("blue", 2)]
    zone = [die for die in zone_dice(engine) if die[2] != "lab-1"]  # the priming zone and the other labs
    for colour in ("red", None):
        event = engine.observation_event(seen_with_unread([*zone, (2, "blue", "lab-1")], [(6, colour, "lab-1")]))
        assert event["lab_unread"] == {name: [{"value": 6, "color": colour, "confidence": 1.0, "unread": True}]}
        assert [(v.kind.value, v.rule, v.message.en) for v in engine.apply(event)] == [
            ("info", "tess.camera.match", "The camera agrees with the priming zone"),
            ("info", "tess.camera.unsure", f"The camera sees a die it cannot read in {name}'s lab, where the referee "
                                           "has the red 4")]
    either = engine.observation_event(seen_with_unread(zone, [(6, None, "lab-1")]))
    messages = [(v.kind.value, v.message.en) for v in engine.apply(either)]
    assert ("warning", f"The referee has 1 red 4 in {name}'s lab the camera does not see") in messages
    assert ("warning", f"The referee has 1 blue 2 in {name}'s lab the camera does not see") in messages
    assert ("info", f"The camera sees a die in {name}'s lab it cannot read") in messages
    elsewhere = engine.observation_event(seen_with_unread([*zone, (2, "blue", "lab-1")], [(6, "red", "lab-2")]))
    assert ("warning", f"The referee has 1 red 4 in {name}'s lab the camera does not see") in [
        (v.kind.value, v.message.en) for v in engine.apply(elsewhere)]


def unsure(value, colour, zone, probabilities):
    """A read die the reader was unsure of: (value read, colour, zone, its six face probabilities)."""
    return DieReading(value, colour, confidence=max(probabilities), probabilities=probabilities), zone


def observed(*dice):
    """An observation of (DieReading, zone) pairs."""
    return Observation(dice=tuple(d for d, _ in dice),
                       places=tuple({"zone": z, "grid": None, "cell": None, "uncertain": False} for _, z in dice))


def test_a_die_read_unsure_under_the_icon_of_another_value_is_read_as_that_value():
    """« Placez-le ensuite dans la zone d'amorçage, sous l'icône correspondant à sa nouvelle valeur. »: a yellow 5
    with dark pips read as a 2 (0.49) but also as a 5 (0.35), lying under the icon of 5, is the referee's yellow 5,
    read again and said so; read clearly as a 2 (0.95) it stays a 2 under the wrong icon, a difference. The rolled die
    read unsure is primed at its area's value."""
    engine = in_threat_phase()
    engine.state.tesseract.columns["d1"][-1] = Cube("blue", 3)
    labs = [(DieReading(v, c), z) for v, c, z in zone_dice(engine) if z.startswith("lab-")]
    purple = (DieReading(2, "purple"), "priming-2")
    doubtful = unsure(2, "yellow", "priming-5", (0.06, 0.49, 0.0, 0.05, 0.35, 0.05))
    reading = engine.observation_event(observed(purple, doubtful, *labs))
    assert reading["read_by_area"] == [{"area": 5, "read": 2, "color": "yellow"}]
    assert [(v.kind.value, v.rule, v.message.en) for v in engine.apply(reading)] == [
        ("info", "tess.camera.match", "The camera agrees with the priming zone"),
        ("info", "tess.camera.reread", "Read again: the yellow die in priming area 5, read as 2, is a 5 (the area's "
                                       "value, which the reader also gave it)")]
    clearly = unsure(2, "yellow", "priming-5", (0.01, 0.95, 0.0, 0.01, 0.02, 0.01))
    verdicts = engine.apply(engine.observation_event(observed(purple, clearly, *labs)))
    assert "The referee has 1 primed yellow 5 the camera does not see" in [v.message.en for v in verdicts]
    rolled = unsure(6, "yellow", "priming-4", (0.0, 0.0, 0.05, 0.3, 0.05, 0.6))
    prime = engine.observation_event(observed(purple, doubtful, rolled, *labs))
    assert prime["type"] == "prime" and prime["dice"][0]["value"] == 4 and len(prime["read_by_area"]) == 2
    verdicts = engine.apply(prime)
    assert Cube("yellow", 4) in engine.state.zone.cubes and "tess.prime" in rules_of(verdicts)
    assert "Read again: the yellow die in priming area 4, read as 6, is a 4 (the area's value, which the reader " \
           "also gave it)" in [v.message.en for v in verdicts]
