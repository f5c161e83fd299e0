"""The Threat phase, breaches, the base's events and the end of the game."""

from __future__ import annotations

import pytest

from companion.games.tesseract.cube import Cube
from companion.referee.engine import EventError

from tess_helpers import cube, illegal, kinds, new_game, rules_of, set_columns, set_lab, set_zone


def to_threat(engine):
    engine.state.actions_left = 0
    return engine.apply({"type": "end_actions"})


def test_the_threat_phase_primes_the_lowest_removable_cube_rolled():
    """« Prenez ce cube et lancez-le. Placez-le ensuite dans la zone d'amorçage, sous l'icône correspondant à sa
    nouvelle valeur. »"""
    engine = new_game()
    to_threat(engine)
    choices = engine.state.tesseract.lowest_removable()
    assert choices == ["a1", "d1"]
    assert rules_of(illegal(engine.apply({"type": "prime", "column": "a2", "rolled": 6}))) == ["tess.prime"]
    colour = engine.state.tesseract.top("a1").color
    engine.apply({"type": "prime", "column": "a1", "rolled": 6})
    assert Cube(colour, 6) in engine.state.zone.cubes
    assert engine.state.scientist == "S2" and engine.state.phase == "action" and engine.state.actions_left == 3


def test_priming_is_refused_during_the_action_phase_and_twice_in_a_threat_phase():
    engine = new_game()
    assert rules_of(illegal(engine.apply({"type": "prime", "rolled": 3}))) == ["tess.phase"]


def test_three_of_a_value_after_priming_is_one_breach():
    """« Si la zone d'amorçage contient alors 3 cubes ou plus d'une même valeur, une brèche se produit. Avancez le
    jeton Brèche d'une case sur la piste correspondante. »"""
    engine = new_game()
    set_zone(engine, [("red", 4), ("blue", 4)])
    to_threat(engine)
    verdicts = engine.apply({"type": "prime", "column": "a1", "rolled": 4})
    breaches = [v for v in verdicts if v.kind.value == "breach"]
    assert len(breaches) == 1 and breaches[0].rule == "tess.breach"
    assert "value 4" in breaches[0].message.en and "3 primed" in breaches[0].message.en
    assert engine.state.breaches == 1


def test_six_of_a_value_is_two_breaches():
    """« Lors de la phase Menace, si la zone d'amorçage compte 6 cubes ou plus de même valeur, deux brèches se
    produisent. »"""
    engine = new_game()
    set_zone(engine, [("red", 2)] * 5)
    to_threat(engine)
    engine.apply({"type": "prime", "column": "a1", "rolled": 2})
    assert engine.state.breaches == 2


def test_three_of_a_value_made_by_calibrating_is_not_a_breach():
    """« Rappel : l'action Calibrer peut entraîner la présence de 3 cubes ou plus d'une même valeur dans la zone
    d'amorçage pendant la phase Action. Cela ne crée PAS de brèche. » FAQ: « R : non. Les brèches surviennent
    uniquement lors d'événements ou de phases Menace. »"""
    engine = new_game()
    set_zone(engine, [("red", 4), ("blue", 4), ("yellow", 5)])
    verdicts = engine.apply({"type": "calibrate", "zone": "priming", "cube": cube("yellow", 5), "delta": -1})
    assert "breach" not in kinds(verdicts) and engine.state.breaches == 0


def test_only_the_value_of_the_newly_primed_cube_breaches_by_default():
    """« Si la zone d'amorçage contient alors 3 cubes ou plus d'une même valeur, une brèche se produit. »
    « Calibrer un quatrième ou cinquième cube sur une même valeur peut également s'avérer intéressant »"""
    engine = new_game()
    set_zone(engine, [("red", 4), ("blue", 4), ("yellow", 4), ("purple", 4)])
    to_threat(engine)
    verdicts = engine.apply({"type": "prime", "column": "a1", "rolled": 2})
    assert engine.state.breaches == 0 and "breach" not in kinds(verdicts)  # four 4s wait safely for a 4
    engine.state.actions_left = 0
    engine.apply({"type": "end_actions"})
    engine.apply({"type": "prime", "rolled": 4, "column": engine.state.tesseract.lowest_removable()[0]})
    assert engine.state.breaches == 1


def test_all_values_option_breaches_once_for_the_zone_at_three_and_twice_at_six():
    """Option breach_scope = "all_values" follows the rule book's summary, which counts the whole zone, one step or
    two per Threat phase: « - **Brèche** : si la zone d'amorçage contient 3 cubes ou plus de même valeur, avancez le
    jeton Brèche de 1 case. Si elle contient 6 cubes ou plus de même valeur, avancez le jeton Brèche de 2 cases. »"""
    engine = new_game(options={"breach_scope": "all_values"})
    set_zone(engine, [("red", 4), ("blue", 4), ("yellow", 4), ("red", 2), ("blue", 2)])
    to_threat(engine)
    engine.apply({"type": "prime", "column": "a1", "rolled": 6})
    assert engine.state.breaches == 1  # the 4s, though a 6 was primed
    engine = new_game(options={"breach_scope": "all_values"})
    set_zone(engine, [("red", 4), ("blue", 4), ("yellow", 4), ("red", 2), ("blue", 2)])
    to_threat(engine)
    verdicts = engine.apply({"type": "prime", "column": "a1", "rolled": 2})
    assert engine.state.breaches == 1  # 3+ of a value: one step, though two values are at three
    (breach,) = [v for v in verdicts if v.kind.value == "breach"]
    assert breach.message.en == "Breach: the priming zone holds 3 cubes of value 2, 3 cubes of value 4 (+1, 1/7)"
    assert breach.message.fr.startswith("Brèche : la zone d’amorçage contient 3 cubes de valeur 2")


def test_all_values_option_six_of_a_value_is_two_steps_whatever_else_is_at_three():
    """« Si elle contient 6 cubes ou plus de même valeur, avancez le jeton Brèche de 2 cases. »"""
    six_threes = [(c, 3) for c in ("red", "blue", "yellow", "purple", "red", "blue")]
    engine = new_game(options={"breach_scope": "all_values"})
    set_zone(engine, six_threes + [("red", 5), ("blue", 5)])
    to_threat(engine)
    engine.apply({"type": "prime", "column": "a1", "rolled": 5})
    assert engine.state.breaches == 2  # six 3s: two steps; the three 5s add none
    engine = new_game(options={"breach_scope": "all_values"})
    set_zone(engine, [("red", 1), ("blue", 1)])
    to_threat(engine)
    engine.apply({"type": "prime", "column": "a1", "rolled": 6})
    assert engine.state.breaches == 0  # no value at three


def test_two_of_a_value_going_into_the_threat_phase_is_a_warning():
    """« Deux cubes de même valeur dans la zone d'amorçage représentent une menace imminente. »"""
    engine = new_game()
    set_zone(engine, [("red", 4), ("blue", 4), ("yellow", 1)])
    verdicts = to_threat(engine)
    warnings = [v for v in verdicts if v.kind.value == "warning"]
    assert [v.rule for v in warnings] == ["tess.breach.warning"] and "value 4" in warnings[0].message.en


def test_the_seventh_breach_loses():
    """« Vous ÉCHOUEZ si le jeton Brèche atteint la dernière case de la piste. La 7^e brèche déchire l'espace-temps et
    signe votre fin. »"""
    engine = new_game()
    engine.state.breaches = 6
    set_zone(engine, [("red", 4), ("blue", 4)])
    to_threat(engine)
    verdicts = engine.apply({"type": "prime", "column": "a1", "rolled": 4})
    assert kinds(verdicts)[-1] == "loss" and verdicts[-1].rule == "tess.loss.breaches"
    assert engine.outcome.rule == "tess.loss.breaches" and engine.state.phase == "over"
    assert rules_of(illegal(engine.apply({"type": "take", "column": "a1"}))) == ["tess.game_over"]


def test_an_empty_tesseract_at_the_start_of_the_threat_phase_loses():
    """« Vous ÉCHOUEZ également s'il ne reste plus aucun cube dans le Tesseract au début d'une phase Menace. »"""
    engine = new_game()
    set_columns(engine, {})
    verdicts = to_threat(engine)
    assert kinds(verdicts) == ["loss"] and verdicts[0].rule == "tess.loss.empty"


def test_last_cube_option_loses_as_soon_as_the_last_cube_leaves():
    """« le dernier cube du Tesseract est retiré ; »"""
    engine = new_game(options={"empty_loss": "last_cube"})
    engine.state.layout = {}
    set_columns(engine, {"a1": 1})
    verdicts = engine.apply({"type": "take", "column": "a1"})
    assert engine.outcome.rule == "tess.loss.empty" and "loss" in kinds(verdicts)


def test_the_empty_tesseract_loss_names_the_last_cube_and_who_took_it():
    """« Vous ÉCHOUEZ également s'il ne reste plus aucun cube dans le Tesseract au début d'une phase Menace. »: the
    loss says which cube emptied it and how (a player read "lost" without the reason), and a snapshot keeps it."""
    engine = new_game()
    engine.state.layout = {}
    set_columns(engine, {"b2": 1})
    engine.apply({"type": "take", "column": "b2"})
    assert engine.outcome is None
    engine.load_state_json(engine.state_json())  # an undo or a restart in between
    verdicts = to_threat(engine)
    assert rules_of(verdicts) == ["tess.loss.empty"]
    assert verdicts[0].message.en == ("The Tesseract implodes: no cube is left in it at the start of the Threat phase "
                                      "(the last cube, red 4 from b2, was taken by S1)")
    assert verdicts[0].message.fr == ("Le Tesseract implose : il ne reste aucun cube au début de la phase Menace "
                                      "(le dernier cube, rouge 4 en b2, a été prélevé par S1)")
    assert engine.state.outcome["last_cube"] == {"cube": cube("red", 4), "column": "b2",
                                                 "how": {"en": "taken by S1", "fr": "prélevé par S1"}}


def test_the_last_cube_loss_names_the_card_effect_that_destroyed_it():
    """« le dernier cube du Tesseract est retiré ; »: by a card's DÉTRUIRE, the verdict says so."""
    engine = new_game(options={"empty_loss": "last_cube"})
    engine.state.layout = {}
    set_columns(engine, {"c3": 1}, colour="blue", value=2)
    verdicts = engine.apply({"type": "play_card", "level": 2,
                             "effects": [{"op": "destroy", "zone": "tesseract", "column": "c3"}]})
    loss = [v for v in verdicts if v.kind.value == "loss"]
    assert [v.message.en for v in loss] == ["The game is lost: the last cube of the Tesseract, blue 2 from c3, was "
                                            "destroyed by a card's effect"]
    assert [v.message.fr for v in loss] == ["La partie est perdue : le dernier cube du Tesseract, bleu 2 en c3, a été "
                                            "détruit par l’effet d’une carte"]


def test_the_last_cube_loss_names_who_took_it_for_another_lab():
    """« le dernier cube du Tesseract est retiré ; »: taken by a card into another scientist's lab, the verdict says
    who played it and whose lab the cube went to."""
    engine = new_game(options={"empty_loss": "last_cube"})
    engine.state.layout = {}
    set_columns(engine, {"b2": 1})
    engine.apply({"type": "play_card", "source": "scientist", "effects": [{"op": "take", "column": "b2", "lab": "S2"}]})
    assert engine.outcome.message.en.endswith("red 4 from b2, was taken by S1 into S2's lab")
    assert engine.outcome.message.fr.endswith("rouge 4 en b2, a été prélevé par S1 pour le labo de S2")


def test_the_last_cube_loss_names_the_base_symbol_that_destroyed_it():
    """« le dernier cube du Tesseract est retiré ; »: priming a1 reveals Acceleration, which destroys the last cube
    (« détruisez le cube amovible le plus bas du Tesseract »): the loss names Acceleration, not the prime."""
    engine = new_game(options={"empty_loss": "last_cube"})
    engine.state.layout = {"a1": "acceleration"}
    set_columns(engine, {"a1": 1, "b1": 1})
    to_threat(engine)
    verdicts = engine.apply({"type": "prime", "column": "a1", "rolled": 1})
    assert engine.outcome.rule == "tess.loss.empty"
    assert engine.outcome.message.en.endswith("the last cube of the Tesseract, red 4 from b1, was destroyed by "
                                              "Acceleration")
    assert engine.outcome.message.fr.endswith("le dernier cube du Tesseract, rouge 4 en b1, a été détruit par "
                                              "Accélération")
    assert "loss" in kinds(verdicts)


def test_restructuring_the_last_cube_moves_it_and_does_not_lose():
    """« le dernier cube du Tesseract est retiré ; » but « RESTRUCTURER : déplacez un cube amovible dans le
    Tesseract. »: the last cube moved stays in the Tesseract, so the game goes on; its emptied column still reveals
    its symbol (« Retirer le dernier cube d'une colonne du Tesseract révèle un symbole sur le socle. »)."""
    engine = new_game(options={"empty_loss": "last_cube"})
    engine.state.layout = {"a1": "interphase"}
    set_columns(engine, {"a1": 1})
    verdicts = engine.apply({"type": "play_card", "level": 2, "effects": [{"op": "restructure", "from": "a1",
                                                                           "to": "b2"}]})
    assert not illegal(verdicts) and "loss" not in kinds(verdicts) and engine.outcome is None
    assert engine.state.tesseract.columns["b2"] == [Cube("red", 4)] and engine.state.tesseract.count() == 1
    assert any("Column a1 is empty" in v.message.en for v in verdicts)
    engine.apply({"type": "take", "column": "b2"})
    assert engine.outcome.rule == "tess.loss.empty"  # taking it out now does lose


def test_a_full_board_at_the_end_of_the_action_phase_wins():
    """« Si à la fin d'une phase Action le plateau Confinement est complété, vous RÉUSSISSEZ. »"""
    engine = new_game()
    engine.state.board.filled = {Cube(c, v) for c in engine.state.colours for v in range(1, 7)} - {Cube("red", 1)}
    set_lab(engine, "S1", [("red", 1), ("red", 2), ("red", 3)])
    engine.apply({"type": "confine", "cubes": [cube("red", 1), cube("red", 2), cube("red", 3)],
                  "chosen": cube("red", 1)})
    assert engine.outcome is None  # not before the end of the Action phase
    engine.state.actions_left = 0
    verdicts = engine.apply({"type": "end_actions"})
    assert kinds(verdicts) == ["win"] and engine.outcome.rule == "tess.win"


def test_a_full_board_ends_the_action_phase_with_actions_left():
    """« Vous RÉUSSISSEZ si vous parvenez à confiner 1 cube de chaque couleur et valeur, remplissant les 24 cases du
    plateau Confinement. » « Si à la fin d'une phase Action le plateau Confinement est complété, vous RÉUSSISSEZ. »
    The 24th cube confined by the first action: the two left need not be spent on empty calibrations first."""
    engine = new_game()
    engine.state.board.filled = {Cube(c, v) for c in engine.state.colours for v in range(1, 7)} - {Cube("red", 1)}
    set_lab(engine, "S1", [("red", 1), ("red", 2), ("red", 3)])
    engine.apply({"type": "confine", "cubes": [cube("red", 1), cube("red", 2), cube("red", 3)],
                  "chosen": cube("red", 1)})
    assert engine.state.actions_left == 2 and engine.outcome is None
    assert engine.available_actions()["end_actions"]["available"]
    verdicts = engine.apply({"type": "end_actions"})
    assert kinds(verdicts) == ["win"] and engine.outcome.rule == "tess.win"


# -- the base's events -------------------------------------------------------------

def reveal(engine, event, heights=None):
    """Empty column a1 (holding 1 cube) during the Threat phase so that ``event`` fires."""
    engine.state.layout = {"a1": event}
    set_columns(engine, heights or {"a1": 1, "d4": 2, "c3": 3})
    engine.state.tesseract.columns["a1"] = [Cube("red", 1)]
    to_threat(engine)
    return engine.apply({"type": "prime", "column": "a1", "rolled": 5})


def test_acceleration_destroys_the_lowest_removable_cube():
    """« ACCÉLÉRATION : détruisez le cube amovible le plus bas du Tesseract. »"""
    engine = new_game()
    reveal(engine, "acceleration")
    assert engine.state.tesseract.height("d4") == 1 and engine.state.destroyed == [Cube("red", 4)]
    assert engine.state.scientist == "S2"


def test_acceleration_with_a_tie_waits_for_the_players_choice():
    engine = new_game()
    reveal(engine, "acceleration", {"a1": 1, "d4": 2, "d1": 2})
    assert engine.state.pending and engine.state.scientist == "S1"
    assert rules_of(illegal(engine.apply({"type": "resolve", "column": "c3"}))) == ["tess.prime"]
    engine.apply({"type": "resolve", "column": "d1"})
    assert engine.state.tesseract.height("d1") == 1 and engine.state.scientist == "S2"


def test_shield_rerolls_the_lowest_primed_cube():
    """« BOUCLIER : relancez le cube amorcé de plus basse valeur. »"""
    engine = new_game()
    set_zone(engine, [("blue", 2), ("yellow", 3)])
    reveal(engine, "shield")
    engine.apply({"type": "resolve", "rolled": 5})
    # the zone held blue 2, yellow 3 and the freshly primed red 5: the blue 2 is rerolled
    assert sorted(engine.state.zone.cubes) == sorted([Cube("blue", 5), Cube("yellow", 3), Cube("red", 5)])


def test_shield_reroll_can_breach():
    """« Gare aux brèches inattendues. »"""
    engine = new_game()
    set_zone(engine, [("blue", 1), ("yellow", 3), ("purple", 3)])
    reveal(engine, "shield")
    verdicts = engine.apply({"type": "resolve", "rolled": 3})
    assert "breach" in kinds(verdicts) and engine.state.breaches == 1


def test_chain_reaction_primes_the_lowest_removable_cube_and_can_breach():
    """« RÉACTION EN CHAÎNE : amorcez le cube amovible le plus bas du Tesseract. »"""
    engine = new_game()
    set_zone(engine, [("blue", 6), ("yellow", 6)])
    reveal(engine, "chain_reaction")
    verdicts = engine.apply({"type": "resolve", "rolled": 6})
    assert engine.state.tesseract.height("d4") == 1
    assert [v.rule for v in verdicts if v.kind.value == "breach"] == ["tess.breach"]
    assert engine.state.breaches == 1  # the prime's 5 made no breach; the event's 6 did


def test_fission_primes_the_lowest_cube_and_a_random_destroyed_cube():
    """« FISSION : amorcez le cube amovible le plus bas du Tesseract ET un cube détruit pris au hasard. »"""
    engine = new_game()
    set_zone(engine, [])
    engine.state.destroyed = [Cube("blue", 2), Cube("purple", 6)]
    reveal(engine, "fission")
    assert rules_of(illegal(engine.apply({"type": "resolve", "rolled": 1, "destroyed_rolled": 2}))) == ["tess.event"]
    engine.apply({"type": "resolve", "rolled": 1, "destroyed": cube("purple", 6), "destroyed_rolled": 2})
    assert sorted(engine.state.zone.cubes) == sorted([Cube("red", 5), Cube("red", 1), Cube("purple", 2)])
    assert engine.state.destroyed == [Cube("blue", 2)]


def test_electrostatic_discharge_rerolls_every_lab_but_one():
    """« DÉCHARGE ÉLECTROSTATIQUE : relancez les cubes de tous les laboratoires, sauf un. »"""
    engine = new_game()
    set_lab(engine, "S1", [("red", 1), ("red", 2)])
    set_lab(engine, "S2", [("blue", 1)])
    reveal(engine, "electrostatic_discharge")
    # the players choose the lab spared (choice V3): the referee does not pick one for them
    unsaid = illegal(engine.apply({"type": "resolve", "rolls": {"S2": [6]}}))
    assert rules_of(unsaid) == ["tess.event"] and "which lab" in unsaid[0].message.en
    engine.apply({"type": "resolve", "spared": "S1", "rolls": {"S2": [6]}})
    assert engine.state.labs.cubes == {"S1": [Cube("red", 1), Cube("red", 2)], "S2": [Cube("blue", 6)]}


def test_electromagnetic_pulse_rerolls_all_labs():
    """« IMPULSION ÉLECTROMAGNÉTIQUE : relancez les cubes de TOUS les laboratoires. »"""
    engine = new_game()
    set_lab(engine, "S1", [("red", 1), ("red", 2)])
    set_lab(engine, "S2", [("blue", 1)])
    reveal(engine, "electromagnetic_pulse")
    before = engine.state_json()
    with pytest.raises(EventError, match='"rolls" needs 1 values for S2'):  # every lab's dice must be given
        engine.apply({"type": "resolve", "rolls": {"S1": [4, 4]}})
    assert engine.state_json() == before
    engine.apply({"type": "resolve", "rolls": {"S1": [4, 4], "S2": [3]}})
    assert engine.state.labs.cubes == {"S1": [Cube("red", 4), Cube("red", 4)], "S2": [Cube("blue", 3)]}


def test_interphase_raises_even_primed_cubes_and_can_breach_several_times():
    """« INTERPHASE : augmentez de 1 les cubes amorcés de valeur PAIRE. » « Un événement périlleux qui peut entraîner
    plusieurs brèches. »"""
    engine = new_game()
    set_zone(engine, [("blue", 2), ("blue", 3), ("yellow", 3), ("purple", 4), ("purple", 6)])
    verdicts = reveal(engine, "interphase")  # primes a red 5 first: 5, 5 is no breach
    values = sorted(c.value for c in engine.state.zone.cubes)
    assert values == [3, 3, 3, 5, 5, 6]  # a 6 stays 6 (never 7, never 1)
    assert engine.state.breaches == 1
    assert "breach" in kinds(verdicts)


def test_shock_wave_destroys_lab_cubes_of_the_last_primed_value():
    """« ONDE DE CHOC : détruisez l'ensemble des cubes de TOUS les laboratoires de même valeur que le dernier cube
    amorcé. »"""
    engine = new_game()
    set_lab(engine, "S1", [("red", 5), ("blue", 2)])
    set_lab(engine, "S2", [("yellow", 5), ("yellow", 5)])
    reveal(engine, "shock_wave")  # the primed cube rolled 5
    assert engine.state.labs.cubes == {"S1": [Cube("blue", 2)], "S2": []}
    assert len(engine.state.destroyed) == 3
