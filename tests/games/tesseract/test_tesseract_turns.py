"""Rules the engine kept without a test until the rule-book audit: turn order, the Threat phase's one prime, full
labs on a transfer, hands without a limit, and Shock wave's recorded choice."""

from __future__ import annotations

from companion.games.tesseract.cube import Cube

from tess_helpers import cube, illegal, new_game, rules_of, set_lab


def play_turn(engine, rolled=4):
    engine.state.actions_left = 0
    engine.apply({"type": "end_actions"})
    engine.apply({"type": "prime", "column": engine.state.tesseract.lowest_removable()[0], "rolled": rolled})


def test_scientists_play_in_turn_and_the_first_plays_again_after_the_last():
    """« Les scientifiques jouent à tour de rôle dans le sens horaire. »"""
    engine = new_game(players=3, primed=[{"column": "d4", "rolled": 1}, {"column": "d1", "rolled": 2}])
    seen = [engine.state.scientist]
    for _ in range(3):
        play_turn(engine, rolled=len(seen) + 2)  # 3, 4, 5: no breach
        seen.append(engine.state.scientist)
    assert seen == ["S1", "S2", "S3", "S1"] and engine.state.turn == 3


def test_the_threat_phase_primes_one_cube_and_allows_no_action():
    """« Un cube est amorcé systématiquement à chaque tour. » « retirez 1 cube du Tesseract, lancez-le et placez-le
    dans la zone d'amorçage, en appliquant toute brèche éventuelle. »"""
    engine = new_game()
    engine.state.actions_left = 0
    engine.apply({"type": "end_actions"})
    assert engine.state.phase == "threat" and engine.state.scientist == "S1"  # the turn waits for its prime
    for action in ({"type": "take", "column": "a1"}, {"type": "study", "level": 2},
                   {"type": "calibrate", "zone": "lab", "cube": cube("purple", 3), "delta": 1}):
        assert rules_of(illegal(engine.apply(action))) == ["tess.phase"]
    count = engine.state.tesseract.count()
    engine.apply({"type": "prime", "column": "a1", "rolled": 4})
    assert engine.state.tesseract.count() == count - 1 and engine.state.scientist == "S2"


def test_a_transfer_needs_an_empty_slot_in_the_receiving_lab():
    """« Déplacez un cube depuis votre fiche Labo sur un emplacement vide d'un autre laboratoire »"""
    engine = new_game(options={"lab_slots": 3})
    set_lab(engine, "S2", [("red", 1), ("red", 2), ("red", 3)])
    give = {"type": "transfer", "from": "S1", "to": "S2", "cube": cube("purple", 3)}
    assert rules_of(illegal(engine.apply(give))) == ["tess.lab.full"]
    assert engine.state.labs.cubes["S1"] == [Cube("purple", 3)] and engine.state.actions_left == 3


def test_a_hand_holds_any_number_of_research_cards():
    """« Il n'y a pas de limite de cartes en main. »"""
    engine = new_game()
    engine.apply({"type": "deepen", "effects": [{"op": "draw", "level": 2}] * 6})
    assert engine.state.research.hands["S1"][2] == 7 and engine.state.research.decks[2] == 8


def test_shock_wave_takes_the_value_the_last_cube_was_primed_with():
    """« ONDE DE CHOC : détruisez l'ensemble des cubes de TOUS les laboratoires de même valeur que le dernier cube
    amorcé. » Choice V2: the value it was primed with, even after a calibration (two identical primed cubes cannot
    be told apart, so which one was calibrated is not known)."""
    engine = new_game()
    assert engine.state.last_primed == Cube("yellow", 5)  # the setup's second prime
    engine.apply({"type": "calibrate", "zone": "priming", "cube": cube("yellow", 5), "delta": -1})
    set_lab(engine, "S1", [("red", 5), ("red", 4)])
    engine.state.layout = {"a1": "shock_wave"}
    engine.state.tesseract.columns["a1"] = [Cube("blue", 6)]
    engine.apply({"type": "take", "column": "a1"})
    assert engine.state.labs.cubes["S1"] == [Cube("blue", 6), Cube("red", 4)]
