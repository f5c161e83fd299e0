"""The Tesseract model: removable cubes, the lowest removable cube, columns revealing their event."""

from __future__ import annotations

from companion.games.tesseract.cube import COLUMNS, Cube, Tesseract

from tess_helpers import cube, illegal, layered_cubes, new_game, rules_of, set_columns


def full_tesseract() -> Tesseract:
    return Tesseract.from_cubes([Cube.from_json(c) for c in layered_cubes()])


def test_only_top_corners_are_removable_on_a_full_tesseract():
    """« Un cube est considéré comme amovible si au moins trois de ses faces sont visibles (y compris sa face
    supérieure). »"""
    tess = full_tesseract()
    assert tess.removable() == ["a1", "a4", "d1", "d4"]
    assert tess.visible_faces("a2") == 2  # top + one outer side: not removable
    assert tess.visible_faces("b2") == 1


def test_removing_a_corner_exposes_its_neighbours_and_the_cube_below():
    """« Si un cube a moins de trois faces visibles, il ne peut pas être prélevé. »"""
    tess = full_tesseract()
    tess.remove("a1")
    removable = set(tess.removable())
    assert {"a2", "b1", "a1"} <= removable  # a2, b1 now see the gap; the a1 cube below has 3 sides + top
    assert "b2" not in removable


def test_lowest_level_beats_lowest_value_and_ties_are_listed():
    """« Identifiez le cube amovible le plus bas en hauteur et en valeur en faisant pivoter le Tesseract.
    L'emplacement l'emporte sur la valeur. Si les cubes les plus bas ont la même valeur, vous pouvez choisir quel
    cube amorcer. »"""
    tess = Tesseract({"a1": [Cube("red", 6)], "d4": [Cube("blue", 1), Cube("blue", 1)],
                      "a4": [Cube("yellow", 6)]})
    assert tess.lowest_removable() == ["a1", "a4"]  # level 1 beats the 1 on level 2; 6 and 6 tie
    tess.columns["a4"] = [Cube("yellow", 5)]
    assert tess.lowest_removable() == ["a4"]


def test_the_book_tie_example_excludes_a_lower_value_that_is_not_removable():
    """« Attention, le 2 jaune ne peut pas être amorcé puisqu'il n'est pas amovible. »"""
    tess = Tesseract({name: [Cube("red", 6), Cube("red", 6)] for name in COLUMNS})
    tess.columns["b2"] = [Cube("red", 6), Cube("yellow", 2)]  # surrounded: only its top is visible
    tess.columns["a1"] = [Cube("red", 6), Cube("purple", 5)]
    tess.columns["d4"] = [Cube("red", 6), Cube("blue", 5)]
    assert not tess.is_removable("b2")
    assert tess.lowest_removable() == ["a1", "d4"]


def test_taking_a_cube_that_is_not_removable_is_illegal():
    """« Il n'est pas possible d'interagir avec les cubes non amovibles du Tesseract, qu'il s'agisse d'actions de
    scientifiques ou de l'amorçage. »"""
    engine = new_game()
    verdicts = engine.apply({"type": "take", "column": "b2"})
    assert rules_of(illegal(verdicts)) == ["tess.take.removable"]
    assert engine.state.actions_left == 3
    # said as players say it: one face, not "1 visible faces"; then the rule it breaks, in the book's words
    book = " ".join("""« Un cube est considéré comme amovible si au moins trois de ses faces sont visibles (y compris
        sa face supérieure). »""".split())
    rule, règle = f" (rule book: {book})", f" (règle : {book})"
    said = illegal(verdicts)[0]
    assert (said.message.en, said.message.fr) == ("The cube on b2 is not removable (1 visible face, 3 needed)" + rule,
                                                  "Le cube en b2 n’est pas amovible (1 face visible, 3 requises)" + règle)
    engine.state.tesseract = full_tesseract()   # a2: its top and one outer side
    said = illegal(engine.apply({"type": "take", "column": "a2"}))[0]
    assert (said.message.en, said.message.fr) == ("The cube on a2 is not removable (2 visible faces, 3 needed)" + rule,
                                                  "Le cube en a2 n’est pas amovible (2 faces visibles, 3 requises)"
                                                  + règle)
    engine.state.tesseract.columns["a1"] = []
    said = illegal(engine.apply({"type": "take", "column": "a1"}))[0]
    assert (said.message.en, said.message.fr) == ("No cube is left on a1", "Il ne reste aucun cube en a1")


def test_take_keeps_the_value():
    """« Prenez un cube amovible du Tesseract et placez-le sur un emplacement vide de votre fiche Labo, sans changer
    sa valeur. »"""
    engine = new_game()
    top = engine.state.tesseract.top("a2")
    engine.state.tesseract.columns["a1"] = []  # open a2's side
    engine.state.layout = {}
    verdicts = engine.apply({"type": "take", "column": "a2"})
    assert not illegal(verdicts)
    assert top in engine.state.labs.cubes["S1"]


def test_emptying_a_column_in_the_action_phase_fires_its_event_at_once():
    """FAQ: « Q : si le dernier cube d'une colonne est retiré du Tesseract lors d'une phase Action, est-ce que
    l'événement se déclenche immédiatement ? » « R : oui. Un événement est appliqué dès qu'il est révélé,
    indépendamment de la phase ou de l'action en cours. »"""
    engine = new_game()
    engine.state.layout = {"a1": "acceleration"}
    set_columns(engine, {"a1": 1, "d4": 3, "c3": 2})
    verdicts = engine.apply({"type": "take", "column": "a1"})
    assert not illegal(verdicts)
    # Acceleration destroyed the lowest removable cube (c3's top, level 2) before the next action.
    assert engine.state.tesseract.height("c3") == 1
    assert len(engine.state.destroyed) == 1
    assert engine.state.phase == "action" and engine.state.actions_left == 2


def test_a_cube_put_back_on_the_base_fires_the_event_again():
    """« Remarque : un cube replacé sur le socle réactivera l'événement associé lorsqu'il sera retiré. »"""
    engine = new_game()
    engine.state.layout = {"a1": "interphase"}
    set_columns(engine, {"a1": 1, "d4": 2})
    engine.state.zone.cubes = [Cube("red", 2)]
    engine.apply({"type": "take", "column": "a1"})
    assert engine.state.zone.cubes == [Cube("red", 3)]
    engine.apply({"type": "play_card", "level": 2, "effects": [{"op": "restructure", "from": "d4", "to": "a1"}]})
    assert engine.state.tesseract.height("a1") == 1
    engine.state.zone.cubes = [Cube("blue", 4)]
    verdicts = engine.apply({"type": "take", "column": "a1"})
    assert "tess.event" in rules_of(verdicts)
    assert engine.state.zone.cubes == [Cube("blue", 5)]


def test_fallen_cubes_are_put_back_as_well_as_the_table_can():
    """FAQ: « Q : si des cubes tombent du Tesseract, que faut-il faire ? » « R : il ne s'agit pas d'un jeu de
    dextérité. Reformez le Tesseract du mieux que vous pouvez. » « Sinon, tant que le nombre de cubes du Tesseract
    reste le même, cela ne devrait pas affecter la partie. »"""
    engine = new_game()
    set_columns(engine, {"a1": 2, "b2": 1})  # three red 4s
    rebuilt = {"a1": [cube("red", 4)], "b2": [cube("red", 2), cube("red", 6)]}  # values misremembered: fine
    verdicts = engine.apply({"type": "reform", "columns": rebuilt})
    assert rules_of(verdicts) == ["tess.reform"] and engine.state.actions_left == 3
    assert engine.state.tesseract.height("b2") == 2 and engine.state.tesseract.count() == 3
    lost_one = {"a1": [cube("red", 4)], "b2": [cube("red", 2)]}
    assert rules_of(illegal(engine.apply({"type": "reform", "columns": lost_one}))) == ["tess.reform"]
    engine.state.tesseract.columns["c3"] = [Cube("red", 4)] * 2  # now 5 cubes
    refused = illegal(engine.apply({"type": "reform", "columns": {"a1": [cube("red", 4)] * 5}}))
    assert rules_of(refused) == ["tess.reform"] and "4 levels" in refused[0].message.en
