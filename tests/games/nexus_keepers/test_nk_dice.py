"""The roll: how many dice, rerolls, MALADRESSE, power dice, the reserve, and what the dice allow."""

from __future__ import annotations

import pytest

from companion.games.nexus_keepers.cards import resolve_card
from companion.games.nexus_keepers.dice import allocations, dice_allowed
from companion.referee.engine import EventError

WARDEN = resolve_card("example-ember-warden")   # 2 move, 3 jump, 4 push, 5 move/push, 6 any; volcano + / ice -


def test_five_dice_on_the_first_turn_then_six(nk):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. Lors des tours suivants, ils lancent
    6 dés. » EN: "During their first turn, players roll 5 dice." / "On all following turns, they roll 6 dice."
    """
    engine = nk.game()
    assert engine.summary()["dice_allowed"] == 0
    for player in ("A", "B"):
        verdicts = engine.apply({"type": "roll", "dice": [2, 3, 3, 5, 6]})
        assert nk.rules(verdicts)[-1] == "nk.roll" and engine.summary()["turn"] == player
        assert engine.summary()["dice_allowed"] == 5
        engine.apply({"type": "end_turn"})
    engine.apply({"type": "turn_start"})
    assert engine.summary()["dice_allowed"] == 6


def test_wrong_number_of_dice_is_refused(nk):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. »: six dice at the first turn are
    refused."""
    engine = nk.game()
    verdicts = engine.apply({"type": "roll", "dice": [2, 3, 4, 5, 6, 6]})
    assert [(v.kind.value, v.rule) for v in verdicts] == [("illegal", "nk.roll.dice-count")]
    assert engine.summary()["phase"] == "idle"   # refused: the turn did not even start


def test_favoured_terrain_adds_a_die_unfavoured_removes_one():
    """FR: « Lorsque votre Keeper débute son tour sur son terrain de prédilection (marqué d'un +), lancez 1 dé
    supplémentaire. Lorsqu'il se trouve sur un terrain défavorable (marqué d'un –), lancez un dé de moins. »"""
    assert dice_allowed(False, "volcano", WARDEN, 0) == 7
    assert dice_allowed(False, "ice", WARDEN, 0) == 5
    assert dice_allowed(True, "volcano", WARDEN, 0) == 6
    assert dice_allowed(False, "plain", WARDEN, 2) == 4


def test_favoured_terrain_through_the_engine(nk):
    """FR: « Lorsque votre Keeper débute son tour sur son terrain de prédilection (marqué d'un +), lancez 1 dé
    supplémentaire. » The turn's start says the terrain and the dice in the player's language."""
    engine = nk.game(cubes=[{"origin": [0, 0], "terrain": ["volcano"] + ["plain"] * 4},
                            {"origin": [4, 1], "direction": "W", "terrain": ["water"] + ["plain"] * 4}])
    verdicts = engine.apply({"type": "turn_start"})
    assert verdicts[-1].message.en == "A's turn on the volcano: roll 6 dice"  # A: first turn 5, +1 on volcano
    assert verdicts[-1].message.fr == "Tour d’A sur le volcan : lancez 6 dés"
    verdicts = engine.apply({"type": "roll", "dice": [2, 2, 3, 4, 5, 6]})
    assert verdicts[-1].message.fr.endswith(" ; permet : bouger 1")  # a pair of 2s: "bouger" for the Warden
    engine.apply({"type": "end_turn"})
    engine.apply({"type": "turn_start"})
    assert engine.summary()["dice_allowed"] == 6              # B (Tide Runner, water +): 5 + 1


def test_a_group_of_k_dice_gives_k_minus_one_steps():
    """FR: « Un triple vous permettra de bouger de 2 cases, un quadruple de 3 cases, etc... »
    EN: "A triple moves you 2 tiles, a quadruple 3 tiles, and so on…"
    """
    assert allocations([2, 2, 3, 4, 5], WARDEN) == [(1, 0, 0)]
    assert allocations([2, 2, 2, 3, 4], WARDEN) == [(2, 0, 0)]
    assert allocations([2, 2, 2, 2, 3], WARDEN, split_groups=False) == [(3, 0, 0)]
    assert allocations([2, 3, 4, 5, 6], WARDEN) == [(0, 0, 0)]


def test_groups_for_the_same_action_add_up():
    """FR: « Si un triple et un double de votre lancé vous permettent tous les deux de pousser, vous pouvez additionner
    les 5 dés pour pousser un Keeper de 3 cases ! (2 avec le triple et un avec le double). »"""
    assert (0, 0, 3) in allocations([4, 4, 4, 5, 5], WARDEN)
    # and different pairs give different actions in the same turn:
    # FR: « Si vous obtenez trois doubles, vous pourriez très bien bouger, sauter et pousser au cours du même tour. »
    assert allocations([2, 2, 3, 3, 4, 4], WARDEN) == [(1, 1, 1)]


def test_ones_never_give_an_action():
    """FR: « Notez que les résultats de 1 ne correspondent jamais à une action. Votre Keeper ne peut pas se servir d'un
    résultat aussi bas ! »"""
    assert allocations([1, 1, 1, 1, 6], WARDEN) == [(0, 0, 0)]


def test_a_group_gives_one_of_the_actions_its_value_allows():
    """FR: « Ceci indique qu'avec un double 6, vous pouvez soit bouger, soit sauter, soit pousser ! »"""
    assert sorted(allocations([6, 6, 2, 3, 4], WARDEN)) == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]


def test_splitting_a_quadruple_into_two_doubles_is_an_option():
    front = allocations([6, 6, 6, 6], WARDEN)
    assert (1, 1, 0) in front and (3, 0, 0) in front
    assert (1, 1, 0) not in allocations([6, 6, 6, 6], WARDEN, split_groups=False)


def test_at_most_two_rerolls(nk):
    """FR: « Il peut ensuite relancer autant de dés qu'il veut, jusqu'à deux fois de suite. »
    EN: "He may then reroll as many dice as he wishes, up to two times in a row."
    """
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [2, 3, 4, 5, 6]})
    assert engine.summary()["rerolls_left"] == 2
    assert nk.rules(engine.apply({"type": "reroll", "rerolled": [3, 4], "results": [2, 5]})) == ["nk.roll"]
    assert nk.rules(engine.apply({"type": "reroll", "rerolled": [5, 5], "results": [6, 3]})) == ["nk.roll"]
    assert engine.summary()["rerolls_left"] == 0
    verdicts = engine.apply({"type": "reroll", "rerolled": [3, 6], "results": [2, 2]})
    assert [(v.kind.value, v.rule) for v in verdicts] == [("illegal", "nk.reroll.limit")]
    assert engine.summary()["dice"] == [2, 2, 6, 6, 3]


def test_a_one_is_never_rerolled(nk):
    """FR: « Cependant, vous ne pouvez pas relancer les résultats de 1. »
    EN: "However, he cannot reroll dice that show a result of 1."
    """
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [1, 3, 4, 5, 6]})
    verdicts = engine.apply({"type": "reroll", "rerolled": [1, 3], "results": [2, 2]})
    assert nk.rules(verdicts) == ["nk.reroll.ones"] and verdicts[0].kind.value == "illegal"
    # Seen by the camera as a whole pool: the 1 vanished, so it was rerolled.
    verdicts = engine.apply({"type": "reroll", "dice": [2, 2, 4, 5, 6]})
    assert nk.rules(verdicts) == ["nk.reroll.ones"]
    assert engine.summary()["dice"] == [1, 3, 4, 5, 6]


def test_a_reroll_takes_at_least_two_dice_unless_a_power_die_joins(nk):
    """FR: « Important : Lors de vos relances, vous ne pouvez jamais relancer un dé seul. Un minimum de deux dés sont
    nécessaires. » and « vous pouvez tout à fait utiliser un dé de pouvoir pour relancer un autre dé régulier, car vous
    relancez alors au moins deux dés. »"""
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [1, 1, 3, 2, 6]})
    assert nk.rules(engine.apply({"type": "reroll", "rerolled": [3], "results": [2]})) == ["nk.reroll.single"]
    # Whole pool seen with one die changed: only one non-1 die could have gone with it, which is fine...
    assert nk.rules(engine.legal({"type": "reroll", "dice": [1, 1, 2, 2, 6]})) == ["nk.roll"]
    verdicts = engine.apply({"type": "reroll", "rerolled": [3], "results": [2], "power": [2]})
    assert nk.rules(verdicts) == ["nk.roll"]
    assert engine.summary()["dice"] == [1, 1, 2, 6, 2, 2]
    assert engine.summary()["power_dice_left"]["A"] == 1


def test_a_pool_seen_with_more_dice_than_before_was_rerolled_with_power_dice(nk):
    """FR: « vous pouvez tout à fait utiliser un dé de pouvoir pour relancer un autre dé régulier, car vous relancez
    alors au moins deux dés. » — the camera sees the whole pool afterwards, one die more: that die is a power die,
    whichever of the new faces it shows (the event names none, so a correction of its face keeps it whole)."""
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [1, 1, 3, 2, 6]})
    verdicts = engine.apply({"type": "reroll", "dice": [1, 1, 2, 2, 6, 4]})  # the 3 rerolled with a power die
    assert nk.rules(verdicts) == ["nk.roll"]
    assert sorted(engine.summary()["dice"]) == [1, 1, 2, 2, 4, 6]
    assert engine.summary()["power_dice_left"]["A"] == 1 and engine.summary()["rerolls_left"] == 1
    assert nk.rules(engine.legal({"type": "reroll", "dice": [1, 1, 2, 3, 5, 4, 6, 6]})) == ["nk.power.none"]
    with pytest.raises(EventError, match="whole pool: 6 dice"):
        engine.apply({"type": "reroll", "dice": [1, 1, 2, 2, 6]})


def test_single_die_change_with_nothing_else_rerollable_is_refused(nk):
    """...when every other die is a 1, a single changed die cannot have been rerolled with another one."""
    engine = nk.game(options={"maladresse_ones": 0})
    nk.rolled(engine, "A", [1, 1, 1, 1, 3])
    assert nk.rules(engine.apply({"type": "reroll", "dice": [1, 1, 1, 1, 5]})) == ["nk.reroll.single"]


def test_no_reroll_once_actions_have_begun_but_power_dice_still_join(nk):
    """FR: « Il peut ensuite relancer autant de dés qu'il veut, jusqu'à deux fois de suite. » and « Ce dé peut être
    lancé, en plus de vos dés de base, à n'importe quel moment ! » — the actions use the final result (« Ajoutez
    simplement le dé au résultat final, après toutes relances. »), so the first action closes the rerolls."""
    engine = nk.rolled(nk.game(2), "A", [2, 2, 3, 5, 6], {"A": [0, 0], "B": [4, 1]})
    assert nk.rules(engine.apply({"type": "actions", "actions": [{"action": "move", "to": [1, 0]}]})) == ["nk.action"]
    verdicts = engine.apply({"type": "reroll", "rerolled": [3, 5], "results": [2, 2]})
    assert [(v.kind.value, v.rule) for v in verdicts] == [("illegal", "nk.reroll.limit")]
    assert engine.summary()["rerolls_left"] == 0
    assert nk.rules(engine.apply({"type": "power", "dice": [3]})) == ["nk.roll"]     # one power die, on its own
    assert engine.summary()["actions"] == [{"move": 0, "jump": 1, "push": 0}]


def test_a_power_die_is_the_only_die_rolled_on_its_own(nk):
    """FR: « Les dés de pouvoir sont également les seuls dés que vous pouvez lancer seuls. » EN: "Power Dice are also
    the only type of die you can roll individually." """
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [2, 3, 4, 5, 6]})
    assert nk.rules(engine.apply({"type": "reroll", "rerolled": [5], "results": [2]})) == ["nk.reroll.single"]
    assert nk.rules(engine.apply({"type": "power", "dice": [5]})) == ["nk.roll"]
    assert engine.summary()["dice"] == [2, 3, 4, 5, 6, 5] and engine.summary()["rerolls_left"] == 2
    # a "reroll" that picks up no die is the same thing: power dice on their own, no reroll spent
    verdicts = engine.apply({"type": "reroll", "rerolled": [], "results": [], "power": [3]})
    assert nk.rules(verdicts) == ["nk.roll"]
    assert verdicts[0].message.en.startswith("A adds a power die: 3\u00a0— dice now")
    assert engine.summary()["rerolls_left"] == 2 and engine.summary()["power_dice_left"]["A"] == 0


def test_maladresse_three_ones_in_a_turn_lose_it(nk):
    """FR: « MALADRESSE :  Si au cours de votre tour, vous accumulez trois résultats de 1, vous passez votre tour au
    lieu de passer à la suite. Il faut parfois savoir s'arrêter ! »"""
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [1, 1, 3, 4, 6]})
    verdicts = engine.apply({"type": "reroll", "rerolled": [3, 4], "results": [1, 5]})
    assert nk.rules(verdicts) == ["nk.maladresse", "nk.turn.end"]
    assert verdicts[0].kind.value == "warning"
    assert engine.summary()["turn"] == "B"


def test_maladresse_counts_can_be_changed_by_option(nk):
    engine = nk.game(options={"maladresse_ones": 0})
    verdicts = engine.apply({"type": "roll", "dice": [1, 1, 1, 4, 6]})
    assert nk.rules(verdicts) == ["nk.turn.start", "nk.roll"]


def test_a_reserved_one_counts_towards_maladresse_by_option(nk):
    """FR: « Si au cours de votre tour, vous accumulez trois résultats de 1, vous passez votre tour » and « Notez que
    vous pouvez tout à fait réserver un résultat de 1. Cela est rarement avisé » — the reserved die is no roll of this
    turn (« celui-ci ne peut être lancé ou relancé »), so by default it does not count; the option counts it, and as a
    1 is never rerolled the turn is lost as soon as two 1s are rolled."""
    for counts, rules in ((False, ["nk.roll"]), (True, ["nk.maladresse", "nk.turn.end"])):
        engine = nk.game(options={"maladresse_counts_reserve": counts})
        engine.apply({"type": "roll", "dice": [1, 1, 3, 3, 6]})
        engine.apply({"type": "reserve", "value": 1})            # A keeps a 1
        engine.apply({"type": "roll", "dice": [2, 3, 4, 5, 6]})  # B
        engine.apply({"type": "end_turn"})
        verdicts = engine.apply({"type": "roll", "dice": [1, 1, 2, 2, 4, 5]})
        assert nk.rules(verdicts)[1:] == rules
        assert engine.summary()["turn"] == ("B" if counts else "A")


def test_power_dice_any_time_even_after_two_rerolls_once_per_game(nk):
    """FR: « chaque dé de Pouvoir peut être utilisé une seule fois par partie. » and « vous pouvez tout à fait lancer un
    ou plusieurs dés de pouvoir, même après vos deux relances ! Ajoutez simplement le résultat du ou des dés de pouvoir
    au résultat total. »"""
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [2, 3, 4, 5, 6]})
    engine.apply({"type": "reroll", "rerolled": [3, 4], "results": [3, 4]})
    engine.apply({"type": "reroll", "rerolled": [3, 4], "results": [3, 4]})
    verdicts = engine.apply({"type": "power", "dice": [2, 6]})
    assert nk.rules(verdicts) == ["nk.roll"] and "move 1" in verdicts[0].message.en
    assert engine.summary()["dice"] == [2, 5, 6, 3, 4, 2, 6]
    # said as a player says two of them: "adds power dice: 2, 6" (and in French alike)
    assert verdicts[0].message.en.startswith("A adds power dice: 2, 6\u00a0— dice now 2, 5, 6, 3, 4, 2, 6")
    assert verdicts[0].message.fr.startswith("A ajoute des dés de pouvoir : 2, 6\u00a0— ses dés : 2, 5, 6, 3, 4, 2, 6")
    assert engine.summary()["power_dice_left"]["A"] == 0
    assert nk.rules(engine.apply({"type": "power", "dice": [4]})) == ["nk.power.none"]


def test_a_power_die_after_the_moves_can_make_the_double_to_reserve(nk):
    """FR: « Ce dé peut être lancé, en plus de vos dés de base, à n'importe quel moment ! » and « À la fin de votre
    tour, vous pouvez placer un dé d'un double non utilisé sur la réserve de votre personnage. » — once the positions
    are checked, a power die still joins the pool (it can no longer move anyone)."""
    engine = nk.rolled(nk.game(2), "A", [2, 2, 3, 5, 6], {"A": [0, 0], "B": [4, 1]})
    engine.apply({"type": "positions", "keepers": {"A": [1, 0], "B": [4, 1]}})   # the double 2 moved A
    assert nk.rules(engine.apply({"type": "power", "dice": [5]})) == ["nk.roll"]
    assert engine.summary()["phase"] == "acted" and engine.summary()["power_dice_left"]["A"] == 1
    assert nk.rules(engine.apply({"type": "positions", "keepers": {"A": [2, 0], "B": [4, 1]}})) == ["nk.turn.phase"]
    assert nk.rules(engine.apply({"type": "reserve", "value": 5})) == ["nk.reserve", "nk.turn.end"]


def test_reserved_die_is_added_after_rerolls_on_the_next_turn_and_replaces_the_previous(nk):
    """FR: « Ce dé réservé sera automatiquement ajouté au lancer de votre prochain tour. Contrairement aux autres dés,
    celui-ci ne peut être lancé ou relancé. Ajoutez simplement le dé au résultat final, après toutes relances. » and
    « Si un dé est réservé alors qu'un dé se trouve déjà sur votre réserve, celui-ci remplace toujours le dé
    précédent. »"""
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [4, 4, 3, 5, 6]})
    verdicts = engine.apply({"type": "reserve", "value": 4})
    assert nk.rules(verdicts) == ["nk.reserve", "nk.turn.end"]
    assert engine.summary()["reserves"]["A"] == 4
    engine.apply({"type": "roll", "dice": [2, 3, 5, 6, 6]})                 # B
    engine.apply({"type": "end_turn"})
    verdicts = engine.apply({"type": "roll", "dice": [4, 2, 3, 5, 6, 3]})   # A: six dice + the reserved 4
    assert "reserved 4" in verdicts[0].message.en
    assert engine.summary()["reserved_die"] == 4 and engine.summary()["dice"] == [4, 2, 3, 5, 6, 3]
    assert engine.summary()["actions"] == [{"move": 0, "jump": 1, "push": 1}]
    # The reserved 4 is never part of a reroll: only the six rolled dice are.
    assert nk.rules(engine.apply({"type": "reroll", "rerolled": [4, 4], "results": [2, 2]})) == ["nk.reroll.dice"]
    engine.apply({"type": "reroll", "rerolled": [2, 5], "results": [3, 6]})
    verdicts = engine.apply({"type": "reserve", "value": 3})
    assert nk.rules(verdicts) == ["nk.reserve", "nk.turn.end"]
    assert engine.summary()["reserves"]["A"] == 3


def test_the_reserved_die_makes_a_double_with_a_rolled_die_and_may_be_kept_again(nk):
    """FR: « Ce dé réservé sera automatiquement ajouté au lancer de votre prochain tour. » and « vous pouvez placer un
    dé d'un double non utilisé sur la réserve de votre personnage. » — the reserved 4 and a rolled 4 are a double of
    the final result (the doc's choice 13)."""
    engine = nk.rolled(nk.game(2), "A", [4, 2, 3, 5, 6, 1], {"A": [0, 0], "B": [4, 1]}, reserved=4)
    assert engine.summary()["actions"] == [{"move": 0, "jump": 0, "push": 1}]    # the double 4 pushes
    assert nk.rules(engine.apply({"type": "reserve", "value": 4})) == ["nk.reserve", "nk.turn.end"]
    assert engine.summary()["reserves"]["A"] == 4


def test_reserve_needs_an_unused_double_and_may_be_a_one(nk):
    """FR: « À la fin de votre tour, vous pouvez placer un dé d'un double non utilisé sur la réserve de votre
    personnage. » and « Notez que vous pouvez tout à fait réserver un résultat de 1. »"""
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [2, 2, 1, 1, 6]})
    engine.apply({"type": "positions", "keepers": {"A": [1, 0], "B": [4, 1]}})   # used the double 2 to move
    assert nk.rules(engine.apply({"type": "reserve", "value": 2})) == ["nk.reserve.used"]
    assert nk.rules(engine.apply({"type": "reserve", "value": 6})) == ["nk.reserve.double"]
    assert nk.rules(engine.apply({"type": "reserve", "value": 1})) == ["nk.reserve", "nk.turn.end"]


def test_the_dice_a_verdict_lists_are_apart_so_a_phone_never_breaks_inside_them(nk):
    """The dice a verdict lists are said apart, "6, 6, 6, 6, 6, 4", as History's heads say a roll, in both languages,
    so a 360 px phone breaks a line between dice, never inside "6-6-6"."""
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [6, 6, 6, 6, 6]})
    verdicts = engine.apply({"type": "power", "dice": [4]})
    assert verdicts[0].message.en.startswith("A adds a power die: 4\u00a0— dice now 6, 6, 6, 6, 6, 4")
    assert verdicts[0].message.fr.startswith("A ajoute un dé de pouvoir : 4\u00a0— ses dés : 6, 6, 6, 6, 6, 4")
    refused = engine.apply({"type": "reroll", "rerolled": [6, 3], "results": [1, 2]})
    assert "are not all in the pool 6, 6, 6, 6, 6, 4" in refused[0].message.en
