"""Free plays beside the three actions: whose cards, in which phase, and the scientists' permanent capacities."""

from __future__ import annotations

from companion.games.tesseract.cube import Cube

from tess_helpers import cube, illegal, new_game, rules_of, set_lab, set_zone

DESTROY_RED_4 = [{"op": "destroy", "zone": "priming", "cube": cube("red", 4)}]


def to_threat(engine):
    engine.state.actions_left = 0
    engine.apply({"type": "end_actions"})
    assert engine.state.phase == "threat"


def test_a_card_is_played_by_its_holder_on_their_own_turn_only():
    """« Vous ne pouvez pas non plus les donner à d'autres scientifiques ou les jouer pendant un autre tour que le
    vôtre. » S2's card named on S1's turn is refused, and S1's own card is not spent in its place."""
    engine = new_game()
    set_zone(engine, [("red", 4)])
    verdicts = engine.apply({"type": "play_card", "level": 2, "scientist": "S2", "effects": DESTROY_RED_4})
    assert rules_of(illegal(verdicts)) == ["tess.card"]
    assert "S2" in illegal(verdicts)[0].message.en
    assert engine.state.research.hands["S1"][2] == 1 and engine.state.zone.cubes == [Cube("red", 4)]
    assert not illegal(engine.apply({"type": "play_card", "level": 2, "scientist": "S1", "effects": DESTROY_RED_4}))


def test_a_research_card_whose_text_allows_it_is_played_in_the_threat_phase():
    """« Sauf indication contraire, vous ne pouvez pas les jouer pendant une phase Menace. »"""
    engine = new_game()
    set_zone(engine, [("red", 4), ("red", 4)])
    to_threat(engine)
    plain = {"type": "play_card", "level": 2, "effects": DESTROY_RED_4}
    refused = illegal(engine.apply(plain))
    assert rules_of(refused) == ["tess.phase"] and "unless the card says otherwise" in refused[0].message.en
    verdicts = engine.apply({**plain, "threat_phase": True})
    assert not illegal(verdicts)
    assert engine.state.zone.cubes == [Cube("red", 4)] and engine.state.research.hands["S1"][2] == 0
    assert engine.state.phase == "threat"  # the cube is still to be primed
    # a confinement card is for an Action phase whatever it says: « lors de N'IMPORTE QUELLE phase Action »
    engine.state.board.unlocked.add(3)
    confinement = {"type": "play_card", "source": "confinement", "value": 3, "threat_phase": True, "effects": []}
    assert rules_of(illegal(engine.apply(confinement))) == ["tess.phase"]


def test_a_permanent_capacity_applies_without_spending_an_action_or_a_card():
    """« La capacité permanente s'applique systématiquement, sans dépenser d'action (mais elle peut être liée à une
    action précise). » « Certaines capacités permanentes peuvent être utilisées plusieurs fois par tour. »"""
    engine = new_game()
    set_lab(engine, "S1", [("blue", 2)])
    capacity = {"type": "play_card", "source": "scientist",
                "effects": [{"op": "calibrate", "zone": "lab", "cube": cube("blue", 2), "delta": 1}]}
    verdicts = engine.apply(capacity)
    assert not illegal(verdicts) and "tess.capacity" in rules_of(verdicts)
    assert engine.state.labs.cubes["S1"] == [Cube("blue", 3)]
    assert engine.state.actions_left == 3 and engine.state.research.hands["S1"] == {2: 1, 3: 0, 4: 0}
    again = {**capacity, "effects": [{"op": "calibrate", "zone": "lab", "cube": cube("blue", 3), "delta": 1}]}
    assert not illegal(engine.apply(again))
    # checked against the table like a card: no blue 2 is left to calibrate
    assert rules_of(illegal(engine.apply(capacity))) == ["tess.lab.cube"]
    # the current scientist's only (choice K1)
    assert rules_of(illegal(engine.apply({**again, "scientist": "S2"}))) == ["tess.capacity"]
    # before the prime, too (« s'applique systématiquement »), but never while an event waits
    to_threat(engine)
    assert not illegal(engine.apply(again | {"effects": [{"op": "calibrate", "zone": "lab", "cube": cube("blue", 4),
                                                          "delta": -1}]}))
    engine.state.pending.append({"event": "shield", "column": "a1"})
    assert rules_of(illegal(engine.apply(capacity))) == ["tess.event.pending"]


def test_a_card_or_capacity_may_take_and_calibrate_for_another_lab():
    """« Ainsi, l'ingénieure en transport se concentre sur la transmission : prendre des cubes, les calibrer et les
    faire circuler d'un laboratoire à l'autre. » The Calibrate action stays for your own lab (« Augmentez ou
    diminuez de 1 la valeur d'un cube dans votre laboratoire OU dans la zone d'amorçage. »); an effect names the lab."""
    engine = new_game()
    set_lab(engine, "S2", [("blue", 2)])
    own_only = {"type": "calibrate", "zone": "lab", "lab": "S2", "cube": cube("blue", 2), "delta": 1}
    assert rules_of(illegal(engine.apply(own_only))) == ["tess.lab.cube"]
    effects = [{"op": "calibrate", "zone": "lab", "lab": "S2", "cube": cube("blue", 2), "delta": 1},
               {"op": "take", "column": "a1", "lab": "S2"}]
    taken = engine.state.tesseract.top("a1")
    assert not illegal(engine.apply({"type": "play_card", "source": "scientist", "effects": effects}))
    assert engine.state.labs.cubes["S2"] == sorted([Cube("blue", 3), taken])
    assert engine.state.labs.cubes["S1"] == [Cube("purple", 3)] and engine.state.actions_left == 3
