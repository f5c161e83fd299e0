"""Setup for 1-4 scientists, the primed cubes by player count, seeds and the difficulty options."""

from __future__ import annotations

import pytest

from companion.games.tesseract import Tesseract
from companion.games.tesseract.cube import COLUMNS, Cube
from companion.referee.engine import EventError, OptionsError

from tess_helpers import illegal, layered_cubes, new_game, rules_of, setup_event


def test_solo_plays_two_labs():
    """« MODE SOLO : installez 2 fiches Labo, chacune associée à une carte Scientifique. Vous incarnerez chaque
    scientifique tour à tour. »"""
    engine = new_game(players=1)
    assert engine.state.scientists == ["S1", "S2"]
    engine.apply({"type": "take", "column": "a1"})
    engine.apply({"type": "calibrate", "zone": "lab", "cube": {"color": "purple", "value": 3}, "delta": 1})
    engine.apply({"type": "calibrate", "zone": "lab", "cube": {"color": "purple", "value": 4}, "delta": -1})
    engine.apply({"type": "end_actions"})
    engine.apply({"type": "prime", "column": engine.state.tesseract.lowest_removable()[0], "rolled": 4})
    assert engine.state.scientist == "S2"


def test_each_scientist_starts_with_a_rolled_top_corner_cube_and_a_level_2_card():
    """« Demandez à chaque personne de choisir 1 cube (dé) présent sur l'un des coins supérieurs du Tesseract avant
    de le lancer et de le placer sur sa fiche Labo. » « Distribuez 1 carte Recherche N 2 à chaque personne »"""
    engine = new_game(players=2)
    s = engine.state
    assert s.labs.cubes == {"S1": [Cube("purple", 3)], "S2": [Cube("yellow", 3)]}  # rolled 3, colour kept
    assert s.research.hands["S1"][2] == 1 and s.research.decks[2] == 14


def test_a_starting_cube_must_come_from_a_top_corner():
    """« Demandez à chaque personne de choisir 1 cube (dé) présent sur l'un des coins supérieurs du Tesseract avant
    de le lancer et de le placer sur sa fiche Labo. »: b2 is no corner."""
    event = setup_event(players=2)
    event["lab_picks"][0] = {"column": "b2", "rolled": 3}
    verdicts = Tesseract().apply(event)
    assert rules_of(illegal(verdicts)) == ["tess.setup"]


def test_one_or_two_scientists_prime_the_remaining_top_corners():
    """« 1 à 2 scientifiques : les cubes des coins supérieurs restants. »"""
    engine = new_game(players=2)
    assert [engine.state.tesseract.height(c) for c in ("a1", "a4", "d1", "d4")] == [3, 3, 3, 3]
    assert len(engine.state.zone.cubes) == 2
    event = setup_event(players=2, primed=[{"column": "b1", "rolled": 2}, {"column": "d4", "rolled": 5}])
    assert rules_of(illegal(Tesseract().apply(event))) == ["tess.setup"]


def test_three_scientists_prime_the_last_top_corner_then_the_lowest_lower_corner():
    """« 3 scientifiques : le cube du coin supérieur restant, puis le cube de plus basse valeur des coins de l'étage
    inférieur. »"""
    # Level-3 corner values with layered_cubes(): a1=3, a4=6, d1=3 (d4 still holds its top cube).
    wrong = setup_event(players=3, primed=[{"column": "d4", "rolled": 1}, {"column": "a4", "rolled": 2}])
    assert rules_of(illegal(Tesseract().apply(wrong))) == ["tess.setup"]
    engine = new_game(players=3, primed=[{"column": "d4", "rolled": 1}, {"column": "d1", "rolled": 2}])
    assert engine.state.tesseract.height("d1") == 2 and engine.state.tesseract.height("d4") == 3


def test_four_scientists_prime_the_lowest_lower_corner_then_the_cube_under_it():
    """« 4 scientifiques : le cube de plus basse valeur des coins de l'étage inférieur puis le cube juste sous lui. »"""
    engine = new_game(players=4, primed=[{"column": "a1", "rolled": 1}, {"column": "a1", "rolled": 2}])
    assert engine.state.tesseract.height("a1") == 1
    wrong = setup_event(players=4, primed=[{"column": "a1", "rolled": 1}, {"column": "d1", "rolled": 2}])
    assert rules_of(illegal(Tesseract().apply(wrong))) == ["tess.setup"]


def test_a_seed_generates_the_same_tesseract_and_rolls():
    a, b = Tesseract(), Tesseract()
    a.apply({"type": "setup", "players": 3, "seed": 11})
    b.apply({"type": "setup", "players": 3, "seed": 11})
    assert a.state_json() == b.state_json()
    tess = a.state.tesseract
    colours = [c.color for stack in tess.columns.values() for c in stack] + \
        [c.color for c in a.state.zone.cubes] + [c.color for _, c in a.state.labs.all_cubes()]
    assert sorted(set(colours)) == ["blue", "purple", "red", "yellow"]
    assert all(colours.count(c) == 16 for c in set(colours))


def test_the_64_cubes_must_be_16_of_each_colour():
    """A tower entered on the phone as built at the table is checked against the box (64 dice, 16 of each colour):
    a wrong count is refused in players' words, and the game waits for its setup."""
    cubes = layered_cubes()
    was = cubes[0]["color"]
    cubes[0] = {"color": "blue", "value": 1} if was != "blue" else {"color": "red", "value": 1}
    engine = Tesseract()
    refused = engine.apply(setup_event(cubes=cubes))
    assert [v.kind.value for v in refused] == ["illegal"] and engine.state is None
    assert refused[0].message.en.startswith("The tower holds 64 cubes, 16 of each colour: this one has ")
    assert f"15 {was}" in refused[0].message.en
    short = engine.apply(setup_event(cubes=layered_cubes()[:63]))
    assert [v.kind.value for v in short] == ["illegal"] and "15 " in short[0].message.fr
    with pytest.raises(EventError, match="a cube's value must be an integer 1-6, got 7"):  # no die shows a 7
        Tesseract().apply(setup_event(cubes=[{**c, "value": 7} for c in layered_cubes()]))
    with pytest.raises(EventError, match='setup needs "cubes"'):
        Tesseract().apply({"type": "setup", "players": 2})


def test_the_tower_is_shown_level_by_level_to_build_or_check():
    engine = Tesseract()
    engine.apply(setup_event(cubes=layered_cubes()))
    levels = engine.summary()["levels"]
    assert len(levels) == 4 and all([c["column"] for c in level] == list(COLUMNS) for level in levels)
    # every cube still in the tower is at its level and column; those taken at setup leave their square empty
    for name, stack in engine.state.tesseract.columns.items():
        for level in range(4):
            cell = next(c for c in levels[level] if c["column"] == name)
            assert cell["cube"] == (stack[level].to_json() if level < len(stack) else None)
    assert sum(c["cube"] is not None for level in levels for c in level) == engine.state.tesseract.count()


def test_difficulty_start_without_research_card():
    """« à la base, aucune carte Recherche n'était distribuée lors de la mise en place. »"""
    engine = new_game(options={"start_without_research": True})
    assert engine.state.research.hands["S1"][2] == 0 and engine.state.research.decks[2] == 16


def test_difficulty_prime_extra_cubes():
    """« en retirant 1 ou 2 cubes supplémentaires du Tesseract et en les
    plaçant dans la zone d'amorçage »"""
    engine = new_game(options={"extra_primed": 2},
                      primed=[{"column": "d1", "rolled": 2}, {"column": "d4", "rolled": 5},
                              {"column": "a1", "rolled": 6}, {"column": "a1", "rolled": 4}])
    assert len(engine.state.zone.cubes) == 4
    assert engine.state.tesseract.count() == 58
    with pytest.raises(OptionsError):
        Tesseract({"extra_primed": 3})


def test_a_setup_prime_that_empties_a_column_reveals_its_event():
    """« Retirer le dernier cube d'une colonne du Tesseract révèle un symbole sur le socle. Déclenchez immédiatement
    l'événement associé. » Four scientists priming two extra cubes empty corner a1 (lab pick, then three primes)."""
    primed = [{"column": "a1", "rolled": 2}, {"column": "a1", "rolled": 5}, {"column": "a1", "rolled": 1},
              {"column": "d1", "rolled": 4}]
    engine = Tesseract({"extra_primed": 2, "base_layout": {"a1": "interphase"}})
    verdicts = engine.apply(setup_event(4, primed=primed))
    assert not illegal(verdicts)
    assert engine.state.tesseract.height("a1") == 0
    assert "tess.event" in rules_of(verdicts)  # revealed, and Interphase applied once the setup is done
    assert sorted(c.value for c in engine.state.zone.cubes) == [1, 3, 5, 5]
    assert engine.state.phase == "action" and engine.state.scientist == "S1" and not engine.state.pending


def test_a_setup_that_primes_three_of_a_value_is_no_breach():
    """« R : non. Les brèches surviennent uniquement lors d'événements ou de phases Menace. »"""
    engine = new_game(options={"extra_primed": 2},
                      primed=[{"column": "d1", "rolled": 5}, {"column": "d4", "rolled": 5},
                              {"column": "a1", "rolled": 5}, {"column": "a1", "rolled": 5}])
    assert [c.value for c in engine.state.zone.cubes] == [5, 5, 5, 5]
    assert engine.state.breaches == 0


def test_setup_twice_is_refused():
    engine = new_game()
    assert rules_of(illegal(engine.apply(setup_event()))) == ["tess.setup"]


def test_actions_before_setup_are_refused():
    assert rules_of(illegal(Tesseract().apply({"type": "take", "column": "a1"}))) == ["tess.setup"]
