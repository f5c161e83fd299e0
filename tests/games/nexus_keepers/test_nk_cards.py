"""Keeper cards as data: face values per action, power dice, terrains, skills."""

from __future__ import annotations

import pytest

from companion.games.nexus_keepers.cards import KeeperCard, example_cards, resolve_card


def test_shipped_cards_are_marked_as_examples():
    cards = example_cards()
    assert len(cards) >= 3
    for card in cards.values():
        assert card.example is True
        assert "example" in card.name["en"].lower() and "exemple" in card.name["fr"].lower()
        assert card.id.startswith("example-")


def test_card_lists_which_doubles_allow_which_action():
    """FR: « Ceci indique qu'il faut obtenir un double 2 pour pouvoir bouger. » / « Ceci indique qu'avec un double 6,
    vous pouvez soit bouger, soit sauter, soit pousser ! »"""
    card = resolve_card("example-ember-warden")
    assert card.actions_for(2) == ("move",)
    assert card.actions_for(6) == ("move", "jump", "push")
    assert card.actions_for(1) == ()


def test_a_one_is_never_an_action_on_a_card():
    """FR: « Notez que les résultats de 1 ne correspondent jamais à une action. »
    EN: "Note that rolling a 1 never corresponds to an action."
    """
    with pytest.raises(ValueError, match="1 never"):
        KeeperCard.from_json({"id": "x", "faces": {"1": ["move"]}})


def test_power_dice_and_terrains_come_from_the_card():
    """FR: « Ce Keeper possède 2 dés de Pouvoir. » and « Lorsque votre Keeper débute son tour sur son terrain de
    prédilection (marqué d'un +) ... »"""
    card = resolve_card({"id": "mine", "faces": {"3": ["push"]}, "power_dice": 2, "favoured": "forest",
                         "unfavoured": "desert"})
    assert (card.power_dice, card.favoured, card.unfavoured) == (2, "forest", "desert")
    assert KeeperCard.from_json(card.to_json()) == card
    with pytest.raises(ValueError, match="unknown keeper card"):
        resolve_card("no-such-card")


def test_a_skill_trigger_of_no_die_values_is_refused():
    """A card written by hand: a trigger of true, 7 or 2.5 names no face of a die (true is not read as a 1)."""
    for trigger in ([True, 6], [6, 7], [2.5], "66"):
        with pytest.raises(ValueError, match="a skill trigger is a list of die values 1-6"):
            KeeperCard.from_json({"id": "x", "faces": {"3": ["push"]}, "skills": [{"id": "s", "trigger": trigger}]})
    card = KeeperCard.from_json({"id": "x", "faces": {"3": ["push"]}, "skills": [{"id": "s", "trigger": [6, 6]}]})
    assert card.skills[0].trigger == (6, 6)


def test_skill_trigger_is_a_sequence_of_dice_and_a_one_counts_for_it(nk):
    """FR: « Pour utiliser la compétence de ce Keeper, vous devez obtenir la suite 1,2,3,4. Oui, certains Keepers
    trouvent quand même une façon d'utiliser les 1 ! » EN: "To use this Keeper's skill, you must roll a sequence of
    1, 2, 3, and 4. Yes, some Keepers have found a way to make use of rolling 1s!"
    """
    skill = resolve_card("example-ember-warden").skills[0]
    assert skill.trigger == (1, 2, 3, 4)
    assert skill.triggered_by([4, 3, 6, 1, 2]) and not skill.triggered_by([2, 3, 4, 5, 6])
    engine = nk.game()
    verdicts = engine.apply({"type": "roll", "dice": [1, 2, 3, 4, 6]})
    assert "nk.skill" in nk.rules(verdicts)
    assert engine.summary()["skills"] == ["kindle"]
