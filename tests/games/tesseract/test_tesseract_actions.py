"""The Action phase: three actions, Calibrate, Transfer, Study, Deepen and free card plays."""

from __future__ import annotations

import pytest

from companion.games.tesseract.cube import Cube
from companion.referee.engine import EventError

from tess_helpers import cube, illegal, kinds, new_game, rules_of, set_lab, set_zone


def calibrate(color, value, delta=None, zone="lab", to=None):
    event = {"type": "calibrate", "zone": zone, "cube": cube(color, value)}
    if to is not None:
        event["to"] = to
    else:
        event["delta"] = delta
    return event


def test_a_fourth_action_is_illegal():
    """« Lors de la phase Action, effectuez 3 actions au choix. Vous pouvez accomplir des actions différentes ou
    répéter la même action plusieurs fois. »"""
    engine = new_game()
    for delta in (1, -1, 1):
        assert not illegal(engine.apply(calibrate("purple", 3 if delta == 1 else 4, delta)))
    verdicts = engine.apply(calibrate("purple", 4, -1))
    assert rules_of(illegal(verdicts)) == ["tess.action.limit"]
    assert engine.state.labs.cubes["S1"] == [Cube("purple", 4)]


def test_ending_the_action_phase_early_is_refused_unless_the_option_allows_it():
    """« Lors de la phase Action, effectuez 3 actions au choix. » « Utilisez votre jeton Action pour suivre le nombre
    d'actions restantes. » The refusal counts what is left in words: 3 actions, then 1 action, and quotes the rule
    it breaks, the book's sentence (it said only what was left)."""
    rule = " (rule book: « Lors de la phase Action, effectuez 3 actions au choix. »)"
    règle = " (règle : « Lors de la phase Action, effectuez 3 actions au choix. »)"
    engine = new_game()
    refused = illegal(engine.apply({"type": "end_actions"}))
    assert rules_of(refused) == ["tess.action.remaining"]
    assert (refused[0].message.en, refused[0].message.fr) == ("S1 still has 3 actions to take" + rule,
                                                              "Il reste 3 actions à S1" + règle)
    for delta in (1, -1):
        assert not illegal(engine.apply(calibrate("purple", 3 if delta == 1 else 4, delta)))
    refused = illegal(engine.apply({"type": "end_actions"}))
    assert (refused[0].message.en, refused[0].message.fr) == ("S1 still has 1 action to take" + rule,
                                                              "Il reste 1 action à S1" + règle)
    lenient = new_game(options={"allow_pass": True})
    assert not illegal(lenient.apply({"type": "end_actions"}))
    assert lenient.state.phase == "threat"


def test_calibrate_changes_a_value_by_one():
    """« Augmentez ou diminuez de 1 la valeur d'un cube dans votre laboratoire OU dans la zone d'amorçage. »
    « Exemple : ce cube de valeur 3 peut être calibré sur 2 ou 4. »"""
    engine = new_game()
    assert not illegal(engine.apply(calibrate("purple", 3, to=2)))
    assert engine.state.labs.cubes["S1"] == [Cube("purple", 2)]
    assert not illegal(engine.apply(calibrate("yellow", 5, -1, zone="priming")))
    assert Cube("yellow", 4) in engine.state.zone.cubes
    assert rules_of(illegal(engine.apply(calibrate("purple", 2, to=4)))) == ["tess.calibrate.wrap"]


def test_a_six_never_becomes_a_one_nor_a_one_a_six():
    """« Remarque : un 6 ne peut pas être transformé en 1, et inversement. »"""
    engine = new_game()
    set_lab(engine, "S1", [("purple", 6), ("red", 1)])
    assert rules_of(illegal(engine.apply(calibrate("purple", 6, to=1)))) == ["tess.calibrate.wrap"]
    assert rules_of(illegal(engine.apply(calibrate("purple", 6, 1)))) == ["tess.calibrate.wrap"]
    assert rules_of(illegal(engine.apply(calibrate("red", 1, to=6)))) == ["tess.calibrate.wrap"]
    assert rules_of(illegal(engine.apply(calibrate("red", 1, -1)))) == ["tess.calibrate.wrap"]  # 0 only when primed
    assert engine.state.actions_left == 3


def test_a_primed_one_calibrated_to_zero_is_destroyed():
    """« Exception : dans la zone d'amorçage, un cube de valeur 1 peut être calibré sur 0. Il est alors détruit. »"""
    engine = new_game()
    set_zone(engine, [("red", 1), ("blue", 1)])
    verdicts = engine.apply(calibrate("red", 1, -1, zone="priming"))
    assert "tess.calibrate.destroy" in rules_of(verdicts)
    assert engine.state.zone.cubes == [Cube("blue", 1)]
    assert engine.state.destroyed == [Cube("red", 1)]


def test_calibrating_a_cube_that_is_not_there_is_illegal():
    engine = new_game()
    assert rules_of(illegal(engine.apply(calibrate("red", 4, 1)))) == ["tess.lab.cube"]
    assert rules_of(illegal(engine.apply(calibrate("red", 4, 1, zone="priming")))) == ["tess.priming.cube"]
    with pytest.raises(EventError, match='"delta" must be .1 or -1'):
        engine.apply(calibrate("red", 4, 2))
    with pytest.raises(EventError, match='"zone" must be "lab" or "priming"'):
        engine.apply({"type": "calibrate", "zone": "pocket", "cube": cube("red", 4), "delta": 1})


def test_calibrating_another_scientists_lab_is_illegal():
    engine = new_game()
    verdicts = engine.apply({**calibrate("yellow", 3, 1), "lab": "S2"})
    assert rules_of(illegal(verdicts)) == ["tess.lab.cube"]


def test_transfer_goes_to_or_from_your_own_lab():
    """« Déplacez un cube depuis votre fiche Labo sur un emplacement vide d'un autre laboratoire OU depuis un autre
    laboratoire sur votre fiche Labo. »"""
    engine = new_game(players=3, primed=[{"column": "d4", "rolled": 1}, {"column": "d1", "rolled": 2}])
    give = {"type": "transfer", "from": "S1", "to": "S2", "cube": cube("purple", 3)}
    assert not illegal(engine.apply(give))
    assert Cube("purple", 3) in engine.state.labs.cubes["S2"]
    between_others = {"type": "transfer", "from": "S2", "to": "S3", "cube": cube("yellow", 3)}
    assert rules_of(illegal(engine.apply(between_others))) == ["tess.transfer"]
    take_back = {"type": "transfer", "from": "S2", "to": "S1", "cube": cube("purple", 3)}
    assert not illegal(engine.apply(take_back))


def test_a_lab_has_a_limited_number_of_slots():
    """« placez-le sur un emplacement vide de votre fiche Labo »"""
    engine = new_game(options={"lab_slots": 3})
    set_lab(engine, "S1", [("red", 1), ("red", 2), ("red", 3)])
    assert rules_of(illegal(engine.apply({"type": "take", "column": "a1"}))) == ["tess.lab.full"]


def test_study_trades_a_card_for_one_of_the_next_level():
    """« Défaussez une carte Recherche de votre main et piochez-en une du niveau supérieur. »"""
    engine = new_game()
    assert not illegal(engine.apply({"type": "study", "level": 2}))
    assert engine.state.research.hands["S1"] == {2: 0, 3: 1, 4: 0}
    assert engine.state.research.decks[3] == 13
    assert rules_of(illegal(engine.apply({"type": "study", "level": 2}))) == ["tess.study"]
    engine.apply({"type": "study", "level": 3})
    assert rules_of(illegal(engine.apply({"type": "study", "level": 4}))) == ["tess.study"]


def test_an_exhausted_deck_is_not_reshuffled():
    """« Lorsqu'une pioche est épuisée, les cartes ne sont pas remélangées. Il n'est juste plus possible d'obtenir de
    cartes Recherche de ce niveau. »"""
    engine = new_game()
    engine.state.research.decks[3] = 0
    assert rules_of(illegal(engine.apply({"type": "study", "level": 2}))) == ["tess.study"]


def test_research_cards_are_free_actions_played_in_your_action_phase():
    """« Pour jouer une carte, résolvez son effet puis défaussez-la. Ces cartes peuvent être jouées avant, pendant ou
    après vos actions. Cela ne compte pas comme une action, mais est considéré comme une action GRATUITE. »"""
    engine = new_game()
    set_zone(engine, [("red", 4), ("blue", 4)])
    verdicts = engine.apply({"type": "play_card", "level": 2,
                             "effects": [{"op": "destroy", "zone": "priming", "cube": cube("red", 4)}]})
    assert not illegal(verdicts)
    assert engine.state.actions_left == 3
    assert engine.state.research.hands["S1"][2] == 0
    assert engine.state.zone.cubes == [Cube("blue", 4)]
    again = engine.apply({"type": "play_card", "level": 2, "effects": []})
    assert rules_of(illegal(again)) == ["tess.card"]


def test_research_cards_cannot_be_played_in_the_threat_phase():
    """« Sauf indication contraire, vous ne pouvez pas les jouer pendant une phase Menace. »"""
    engine = new_game(options={"allow_pass": True})
    engine.apply({"type": "end_actions"})
    assert rules_of(illegal(engine.apply({"type": "play_card", "level": 2, "effects": []}))) == ["tess.phase"]


def test_card_keywords_reprogram_invert_and_restructure():
    """« REPROGRAMMER : modifiez librement la valeur d'un cube (de 1 à 6). » « INVERSER : retournez le cube sur sa face
    opposée (ex. un 6 devient un 1). » « RESTRUCTURER : déplacez un cube amovible dans le Tesseract. Le Tesseract ne
    peut jamais dépasser 4 étages. »"""
    engine = new_game()
    set_lab(engine, "S1", [("red", 2), ("blue", 6)])
    effects = [{"op": "reprogram", "zone": "lab", "cube": cube("red", 2), "to": 5},
               {"op": "invert", "zone": "lab", "cube": cube("blue", 6)}]
    assert not illegal(engine.apply({"type": "play_card", "level": 2, "effects": effects}))
    assert engine.state.labs.cubes["S1"] == [Cube("blue", 1), Cube("red", 5)]
    engine.state.research.hands["S1"][3] = 1
    too_high = {"type": "play_card", "level": 3, "effects": [{"op": "restructure", "from": "a1", "to": "b2"}]}
    assert rules_of(illegal(engine.apply(too_high))) == ["tess.effect"]  # b2 already has 4 levels
    not_removable = {"type": "play_card", "level": 3, "effects": [{"op": "restructure", "from": "b2", "to": "a1"}]}
    assert rules_of(illegal(engine.apply(not_removable))) == ["tess.take.removable"]


def test_deepen_is_the_scientists_own_action_and_costs_one_action():
    """« Chaque scientifique possède une expertise unique, matérialisée par une action et une capacité indiquées sur
    sa carte Scientifique. »"""
    engine = new_game()
    set_zone(engine, [("red", 4)])
    verdicts = engine.apply({"type": "deepen", "effects": [
        {"op": "calibrate", "zone": "priming", "cube": cube("red", 4), "delta": -1},
        {"op": "calibrate", "zone": "priming", "cube": cube("red", 3), "delta": -1}]})
    assert kinds(verdicts).count("illegal") == 0
    assert engine.state.zone.cubes == [Cube("red", 2)] and engine.state.actions_left == 2


def test_malformed_events_raise_and_change_nothing():
    engine = new_game()
    before = engine.state_json()
    for bad, words in (({"type": "take"}, "malformed 'take' event"),
                       ({"type": "take", "column": "z9"}, "unknown Tesseract column 'z9'"),
                       ({"type": "warp"}, "unknown Tesseract event 'warp'"),
                       ({"type": "confine", "cubes": "red", "chosen": cube("red", 1)}, '"cubes" must list the set'),
                       ({"type": "calibrate", "zone": "lab", "cube": {"color": "red", "value": 9}, "delta": 1},
                        "a cube's value must be an integer 1-6, got 9"),
                       ({"type": "calibrate", "zone": "lab", "cube": {"color": "green", "value": 3}, "delta": 1},
                        "colour 'green' is not one of this game's colours")):
        with pytest.raises(EventError, match=words):  # the sender's mistake named, not an engine failure
            engine.apply(bad)
    assert engine.state_json() == before


def test_the_action_phase_may_end_early_only_when_no_action_is_possible():
    engine = new_game(options={"start_without_research": True})
    set_lab(engine, "S1", [])
    set_lab(engine, "S2", [])
    set_zone(engine, [])
    engine.state.tesseract.columns = {name: [] for name in engine.state.tesseract.columns}
    verdicts = engine.apply({"type": "end_actions"})
    assert rules_of(verdicts) == ["tess.loss.empty"]
