"""Confine: valid sets and runs, the board slot, the identical primed cube, the reroll, the board's bonuses."""

from __future__ import annotations

from companion.games.tesseract.cube import Cube

from tess_helpers import cube, illegal, new_game, rules_of, set_lab, set_zone


def confine(group, chosen, reroll=None):
    event = {"type": "confine", "cubes": [cube(*c) for c in group], "chosen": cube(*chosen)}
    if reroll is not None:
        event["reroll"] = reroll
    return event


def test_a_set_of_three_of_a_value_confines_one_cube():
    """« SÉRIE : cubes d'une même valeur (ex. 1, 1, 1). » « Choisissez l'un des cubes de cette série ou de cette suite
    valide. Placez-le sur l'emplacement correspondant à la fois à sa couleur et à sa valeur sur le plateau
    Confinement. »"""
    engine = new_game()
    set_lab(engine, "S1", [("red", 1), ("blue", 1), ("yellow", 1)])
    verdicts = engine.apply(confine([("red", 1), ("blue", 1), ("yellow", 1)], ("blue", 1)))
    assert not illegal(verdicts)
    assert engine.state.board.filled == {Cube("blue", 1)}
    assert engine.state.labs.cubes["S1"] == [Cube("red", 1), Cube("yellow", 1)]
    assert engine.state.actions_left == 2


def test_a_run_of_one_colour_confines_like_karens_example():
    """« Elle crée ainsi une suite de 3 cubes jaunes (2, 3, 4) et effectue l'action Confiner. Elle sélectionne le
    3 jaune. »"""
    engine = new_game()
    set_lab(engine, "S1", [("yellow", 2), ("yellow", 3), ("yellow", 4), ("blue", 2)])
    assert not illegal(engine.apply(confine([("yellow", 2), ("yellow", 3), ("yellow", 4)], ("yellow", 3))))
    assert Cube("yellow", 3) in engine.state.board.filled


def test_fewer_than_three_cubes_or_gaps_are_not_valid():
    """« elle comprend au minimum 3 cubes, ET »
    « SUITE : cubes qui se suivent (ex. 3, 4, 5). »"""
    engine = new_game()
    set_lab(engine, "S1", [("red", 2), ("red", 3), ("red", 5), ("red", 6)])
    assert rules_of(illegal(engine.apply(confine([("red", 2), ("red", 3)], ("red", 2))))) == ["tess.confine.set"]
    assert rules_of(illegal(engine.apply(confine([("red", 2), ("red", 3), ("red", 5)], ("red", 3))))) == \
        ["tess.confine.set"]
    assert engine.state.actions_left == 3


def test_colours_all_the_same_or_all_different_by_default():
    """« elle rassemble des cubes de même couleur OU de couleurs différentes. »"""
    engine = new_game()
    set_lab(engine, "S1", [("red", 3), ("red", 4), ("blue", 5)])
    mixed = confine([("red", 3), ("red", 4), ("blue", 5)], ("blue", 5))
    assert rules_of(illegal(engine.apply(mixed))) == ["tess.confine.set"]
    lenient = new_game(options={"confine_colours": "any"})
    set_lab(lenient, "S1", [("red", 3), ("red", 4), ("blue", 5)])
    assert not illegal(lenient.apply(mixed))


def test_the_group_must_be_in_the_lab_and_the_chosen_cube_in_the_group():
    """« Vérifiez que vous avez constitué une série ou une suite de cubes valide dans votre laboratoire. »
    « Choisissez l'un des cubes de cette série ou de cette suite valide. »"""
    engine = new_game()
    set_lab(engine, "S1", [("red", 1), ("blue", 1)])
    three = [("red", 1), ("blue", 1), ("yellow", 1)]
    assert rules_of(illegal(engine.apply(confine(three, ("red", 1))))) == ["tess.lab.cube"]
    set_lab(engine, "S1", three)
    assert rules_of(illegal(engine.apply(confine(three, ("purple", 1))))) == ["tess.confine.set"]


def test_a_filled_slot_cannot_take_a_second_cube():
    """« Le plateau Confinement ne peut accueillir qu'un seul cube d'une même couleur et valeur. »"""
    engine = new_game()
    engine.state.board.filled.add(Cube("blue", 1))
    set_lab(engine, "S1", [("red", 1), ("blue", 1), ("yellow", 1)])
    verdicts = engine.apply(confine([("red", 1), ("blue", 1), ("yellow", 1)], ("blue", 1)))
    assert rules_of(illegal(verdicts)) == ["tess.confine.slot"]
    assert engine.state.labs.cubes["S1"] == [Cube("blue", 1), Cube("red", 1), Cube("yellow", 1)]


def test_one_identical_primed_cube_is_destroyed():
    """« Si elle contient un cube strictement identique (de la même couleur ET valeur) au cube qui vient d'être confiné,
    détruisez le cube amorcé. Seul un cube peut être détruit par action Confiner, même si plusieurs cubes
    correspondent. »"""
    engine = new_game()
    set_zone(engine, [("blue", 1), ("blue", 1), ("red", 2), ("red", 1)])
    set_lab(engine, "S1", [("red", 1), ("blue", 1), ("yellow", 1)])
    verdicts = engine.apply(confine([("red", 1), ("blue", 1), ("yellow", 1)], ("blue", 1)))
    assert "tess.confine.destroy" in rules_of(verdicts)
    assert sorted(engine.state.zone.cubes) == [Cube("blue", 1), Cube("red", 1), Cube("red", 2)]
    assert engine.state.destroyed == [Cube("blue", 1)]


def test_same_value_other_colour_is_not_identical():
    """« Si elle contient un cube strictement identique (de la même couleur ET valeur) au cube qui vient d'être
    confiné, détruisez le cube amorcé. »: a purple 1 is not a blue 1."""
    engine = new_game()
    set_zone(engine, [("purple", 1)])
    set_lab(engine, "S1", [("red", 1), ("blue", 1), ("yellow", 1)])
    engine.apply(confine([("red", 1), ("blue", 1), ("yellow", 1)], ("blue", 1)))
    assert engine.state.zone.cubes == [Cube("purple", 1)]


def test_rerolling_the_rest_draws_a_card_of_that_level():
    """« Relancez les cubes restants de votre série ou suite (présents sur votre fiche Labo). Piochez une carte
    Recherche d'un niveau correspondant au nombre de cubes lancés. »"""
    engine = new_game()
    set_lab(engine, "S1", [("yellow", 2), ("yellow", 3), ("yellow", 4), ("blue", 2)])
    verdicts = engine.apply(confine([("yellow", 2), ("yellow", 3), ("yellow", 4)], ("yellow", 3), reroll=[6, 1]))
    assert "tess.confine.reroll" in rules_of(verdicts)
    # « Remarque : le cube bleu ne peut pas être relancé puisqu'il ne faisait pas partie de la suite. »
    assert engine.state.labs.cubes["S1"] == [Cube("blue", 2), Cube("yellow", 1), Cube("yellow", 6)]
    assert engine.state.research.hands["S1"][2] == 2


def test_rerolling_four_cubes_draws_a_level_4_card():
    engine = new_game()
    group = [("red", 1), ("blue", 2), ("yellow", 3), ("purple", 4)]
    set_lab(engine, "S1", group)
    assert not illegal(engine.apply(confine(group, ("red", 1), reroll=[1, 2, 3])))
    assert engine.state.research.hands["S1"][3] == 1
    engine.state.actions_left = 3
    set_lab(engine, "S1", [("red", 5)] * 5)
    assert not illegal(engine.apply(confine([("red", 5)] * 5, ("red", 5), reroll=[1, 2, 3, 4])))
    assert engine.state.research.hands["S1"][4] == 1


def test_two_cubes_in_a_column_reveal_its_card_and_four_unlock_it():
    """« Dès que 2 cubes sont placés dans une même colonne, la carte Confinement associée est retournée face visible. »
    « Dès que les 4 cubes sont placés dans une colonne, la carte Confinement correspondante est déblocquée. »"""
    engine = new_game()
    engine.state.board.filled.add(Cube("red", 3))
    set_lab(engine, "S1", [("blue", 3), ("yellow", 3), ("purple", 3)])
    group = [("blue", 3), ("yellow", 3), ("purple", 3)]
    verdicts = engine.apply(confine(group, ("blue", 3)))
    assert "tess.bonus.reveal" in rules_of(verdicts) and 3 in engine.state.board.revealed
    assert rules_of(illegal(engine.apply({"type": "play_card", "source": "confinement", "value": 3}))) == ["tess.card"]
    engine.state.board.filled.add(Cube("yellow", 3))
    set_lab(engine, "S1", [("purple", 3), ("red", 4), ("red", 5)])
    verdicts = engine.apply(confine([("purple", 3), ("red", 4), ("red", 5)], ("purple", 3)))
    assert rules_of(illegal(verdicts)) == ["tess.confine.set"]  # mixed colours: not valid by default
    set_lab(engine, "S1", [("purple", 3), ("purple", 4), ("purple", 5)])
    verdicts = engine.apply(confine([("purple", 3), ("purple", 4), ("purple", 5)], ("purple", 3)))
    assert "tess.bonus.unlock" in rules_of(verdicts) and 3 in engine.state.board.unlocked
    played = engine.apply({"type": "play_card", "source": "confinement", "value": 3, "effects": []})
    assert not illegal(played) and engine.state.actions_left == 1
    # « La carte est ensuite défaussée. »
    assert rules_of(illegal(engine.apply({"type": "play_card", "source": "confinement", "value": 3}))) == ["tess.card"]


def test_a_full_colour_row_returns_a_destroyed_cube_to_the_tesseract():
    """« De même, lorsque vous complétez une ligne (6 cubes d'une même couleur de 1 à 6), prenez le cube détruit de
    votre choix. Lancez-le et posez-le sur l'emplacement de votre choix du Tesseract. »"""
    engine = new_game()
    engine.state.board.filled |= {Cube("red", v) for v in (1, 2, 3, 4, 5)}
    engine.state.destroyed = [Cube("blue", 2), Cube("yellow", 5)]
    set_lab(engine, "S1", [("red", 6), ("blue", 6), ("yellow", 6)])
    verdicts = engine.apply(confine([("red", 6), ("blue", 6), ("yellow", 6)], ("red", 6)))
    assert "tess.bonus.row" in rules_of(verdicts) and engine.state.pending
    assert rules_of(illegal(engine.apply({"type": "take", "column": "a1"}))) == ["tess.event.pending"]
    bad = {"type": "resolve", "cube": cube("blue", 2), "rolled": 4, "column": "b2"}  # b2 has 4 levels
    assert rules_of(illegal(engine.apply(bad))) == ["tess.bonus.row"]
    before = engine.state.tesseract.count()
    assert not illegal(engine.apply({"type": "resolve", "cube": cube("yellow", 5), "rolled": 4, "column": "a1"}))
    assert engine.state.tesseract.top("a1") == Cube("yellow", 4)
    assert engine.state.tesseract.count() == before + 1
    assert engine.state.destroyed == [Cube("blue", 2)] and not engine.state.pending


def test_a_confining_card_also_destroys_the_identical_primed_cube():
    """« Cet effet s'applique dès qu'un cube est confiné, qu'il s'agisse d'une action ou de l'effet d'une carte. »"""
    engine = new_game()
    set_zone(engine, [("purple", 3)])
    effects = [{"op": "confine", "zone": "lab", "cube": cube("purple", 3)}]
    assert not illegal(engine.apply({"type": "play_card", "level": 2, "effects": effects}))
    assert engine.state.board.filled == {Cube("purple", 3)} and engine.state.zone.cubes == []


def test_a_row_bonus_with_no_destroyed_cube_left_does_nothing():
    engine = new_game()
    engine.state.board.filled |= {Cube("red", v) for v in (1, 2, 3, 4, 5)}
    engine.state.destroyed = []
    set_lab(engine, "S1", [("red", 6), ("blue", 6), ("yellow", 6)])
    verdicts = engine.apply(confine([("red", 6), ("blue", 6), ("yellow", 6)], ("red", 6)))
    assert "tess.bonus.row" in rules_of(verdicts) and not engine.state.pending
    # A Fission queued before a row bonus takes the last destroyed cube: the bonus then has nothing to return.
    engine.state.destroyed = [Cube("purple", 2)]
    engine.state.pending = [{"event": "fission", "column": "b1"}, {"event": "row_bonus", "color": "blue"}]
    verdicts = engine.apply({"type": "resolve", "column": "a1", "rolled": 3, "destroyed_rolled": 4})
    assert not illegal(verdicts) and not engine.state.pending and not engine.state.destroyed
    assert "No destroyed cube is left to return" in [v.message.en for v in verdicts]
