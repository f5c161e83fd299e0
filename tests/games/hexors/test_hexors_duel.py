"""Duels: the colour die picks each tile's strike value, attacker first, ties re-rolled, losers discarded."""

from __future__ import annotations

import pytest

from companion.core import DieReading, Observation
from companion.referee import EventError

from hex_helpers import game, kinds, put, roll, rules_of


def engage(engine, tile="a1", to="d5", **extra):
    return engine.apply({"type": "move", "tile": tile, "path": [to], **extra})


def one_on_one(**kw):
    """a1 (strike red 1 … purple 6) advances d4 -> d5, face to face with b1 on d6."""
    engine = game(**kw)
    put(engine, a1="d4", b1="d6")
    verdicts = engage(engine)
    assert rules_of(verdicts) == ["hex.move.advance", "hex.duel", "hex.duel.roll"]
    return engine


def test_the_colour_picks_the_number_of_that_colour_and_the_highest_wins():
    """« L'attaquant commence et roule le dé de couleur. Il doit faire correspondre la couleur obtenue sur le dé avec
    le chiffre de la même couleur du carreau personnage ou du carreau monstre. »"""
    engine = one_on_one()
    assert rules_of(roll(engine, "purple")) == ["hex.duel.roll"]
    verdicts = roll(engine, "red")
    assert rules_of(verdicts) == ["hex.duel.roll", "hex.duel", "hex.duel.discard", "hex.turn"]
    assert verdicts[1].message.en == "a1 6 (purple) against b1 1 (red): a1 wins"
    assert engine.state.pieces["b1"].status == "discard" and engine.state.players[1].discard == ["b1"]
    assert engine.state.player.id == "B" and engine.state.duel is None


def test_the_attacker_rolls_first():
    """« Chaque joueur roule le dé pour déterminer la VALEUR DE FRAPPE (l'attaquant en premier). »"""
    engine = one_on_one()
    assert rules_of(roll(engine, "red", player="B")) == ["hex.duel.roll"]
    assert kinds(roll(engine, "red", player="B")) == ["illegal"]
    assert kinds(roll(engine, "red", player="A")) == ["info"]
    assert kinds(roll(engine, "red", player="A")) == ["illegal"]       # now the defender's roll


def test_ties_are_rolled_again_until_there_is_a_winner():
    """« S'il y a égalité, le dé doit être roulé de nouveau jusqu'à ce qu'il y ait un gagnant. »"""
    engine = one_on_one()
    roll(engine, "green")
    assert rules_of(roll(engine, "green"))[-1] == "hex.duel.tie"
    assert engine.state.duel.rolls == [] and engine.state.duel.rounds == 2
    roll(engine, "red")
    verdicts = roll(engine, "blue")
    assert "b1 wins" in verdicts[1].message.en
    assert engine.state.pieces["a1"].status == "discard" and engine.state.players[0].discard == ["a1"]


def test_a_beaten_attacker_is_discarded_and_the_turn_ends():
    """« Les carreaux monstres battus sont retirés de l'arène et placés dans l'ÉCART »"""
    engine = one_on_one()
    roll(engine, "red")
    verdicts = roll(engine, "purple")
    assert rules_of(verdicts)[-2:] == ["hex.duel.discard", "hex.turn"]
    assert engine.state.player.id == "B" and engine.state.pieces["a1"].cell is None
    assert "a1" not in {t["id"] for t in engine.summary()["tiles"]}


def test_multiple_attack_in_the_order_the_attacker_chooses():
    """« Le joueur attaquant choisit dans quel ordre il se mesurera aux différents carreaux ennemis. Le tour de jeu se
    poursuit jusqu'à ce qu'il ait battu, l'un après l'autre, tous les carreaux ennemis ou qu'il ait été battu par un
    carreau ennemi. »"""
    engine = game()
    put(engine, a1="d4", b1="d6", b2="e6")
    verdicts = engage(engine)
    assert rules_of(verdicts)[-1] == "hex.duel.order" and engine.state.duel.defender is None
    assert kinds(roll(engine, "red")) == ["illegal"]                          # choose first
    assert kinds(engine.apply({"type": "challenge", "target": "B"})) == ["illegal"]
    engine.apply({"type": "challenge", "target": "b2"})
    roll(engine, "purple"), roll(engine, "red")
    assert engine.state.duel.defender == "b1"                                 # the last one follows by itself
    roll(engine, "purple")
    assert rules_of(roll(engine, "red"))[-1] == "hex.turn"
    assert engine.state.players[1].discard == ["b2", "b1"]


def test_an_order_given_with_the_move_is_followed_to_the_end():
    engine = game()
    put(engine, a1="d4", b1="d6", b2="e6", B="c6")
    engage(engine, order=["b2", "b1", "B"])
    for expected in ("b2", "b1", "B"):
        assert engine.state.duel.defender == expected
        roll(engine, "purple"), roll(engine, "red")
    assert engine.outcome.players == ("A",)


def test_multiple_attack_stops_when_the_attacker_is_beaten():
    """« Le tour de jeu se poursuit jusqu'à ce qu'il ait battu, l'un après l'autre, tous les carreaux ennemis ou
    qu'il ait été battu par un carreau ennemi. »"""
    engine = game()
    put(engine, a1="d4", b1="d6", b2="e6")
    engage(engine, order=["b1", "b2"])
    roll(engine, "red")
    assert rules_of(roll(engine, "purple"))[-1] == "hex.turn"
    assert engine.state.pieces["b2"].status == "arena" and engine.state.pieces["a1"].status == "discard"


def test_beating_the_character_first_ends_the_game_at_once():
    """« Si l'attaquant entre en même temps en contact avec un carreau personnage et un carreau monstre, qu'il choisit
    de se battre contre le carreau personnage en premier et qu'il gagne son duel, la partie est terminée »"""
    engine = game()
    put(engine, a1="d4", b1="d6", B="e6")
    engage(engine, order=["B", "b1"])
    roll(engine, "purple")
    verdicts = roll(engine, "red")                        # B: 1 + 2 (beginner character bonus) = 3 < 6
    assert rules_of(verdicts)[-2:] == ["hex.game_over", "hex.win"]
    assert kinds(verdicts)[-2:] == ["elimination", "win"]
    assert engine.outcome.rule == "hex.win" and engine.outcome.players == ("A",)
    assert engine.state.pieces["b1"].status == "arena" and engine.state.duel is None
    assert rules_of(engine.apply({"type": "move", "tile": "b1", "path": ["c6"]})) == ["hex.game_over"]


def test_the_characters_two_point_bonus_at_the_beginner_level():
    """« Chaque carreau personnage obtient automatiquement 2 points à ajouter à la Valeur de frappe obtenue (niveau
    débutant). »"""
    for bonus, winner in ((2, "A"), (0, "b1")):
        engine = game(options={"character_bonus": bonus})
        put(engine, A="d4", b1="d6")
        engage(engine, tile="A")
        roll(engine, "red")                               # A's character: 1 (+2)
        verdicts = roll(engine, "orange")                 # b1: 2
        assert f"{winner} wins" in verdicts[1].message.en
        assert ("+2 character" in verdicts[1].message.en) == (bonus == 2)
        said = {2: "A 3 (red 1 +2 character) against b1 2 (orange)", 0: "A 1 (red) against b1 2 (orange)"}
        assert verdicts[1].message.en.startswith(said[bonus]), verdicts[1].message.en


def test_a_defending_character_gets_its_bonus_too():
    """« Chaque carreau personnage obtient automatiquement 2 points à ajouter à la Valeur de frappe obtenue (niveau
    débutant). »: the defender's too."""
    engine = game()
    put(engine, a1="d4", B="d6")
    engage(engine)
    roll(engine, "yellow")                                # a1: 3
    verdicts = roll(engine, "red")                        # B: 1 + 2 = 3: a tie
    assert rules_of(verdicts)[-1] == "hex.duel.tie"


def test_die_readings_become_colours():
    """« Il doit faire correspondre la couleur obtenue sur le dé avec le chiffre de la même couleur »"""
    engine = one_on_one()
    engine.apply({"type": "roll", "dice": [{"value": 6, "color": "white"}]})   # value 6 -> 6th colour: purple
    assert engine.state.duel.rolls == ["purple"]
    engine = one_on_one(options={"die_reading": "color"})
    engine.apply({"type": "roll", "dice": [{"value": 6, "color": "Green"}]})
    assert engine.state.duel.rolls == ["green"]
    for bad, words in (({"type": "roll", "dice": []}, '"dice" must hold exactly one die'),
                       ({"type": "roll", "dice": [{"value": 3}]}, "the die's colour must be one of .*, got None"),
                       ({"type": "roll", "colour": "pink"}, '"colour" must be one of .*, got .pink.')):
        with pytest.raises(EventError, match=words):  # the sender's mistake named, not an engine failure
            engine.apply(bad)


def test_a_settled_die_from_the_camera_is_the_next_roll():
    engine = one_on_one()
    event = engine.observation_event(Observation(dice=(DieReading(4, "white"),)))
    assert event == {"type": "roll", "dice": [{"value": 4, "color": "white", "confidence": 1.0}]}
    engine.apply(event)
    assert engine.state.duel.rolls == ["green"]
    assert game().observation_event(Observation(dice=(DieReading(4),))) is None   # no duel: not a roll


def test_no_roll_outside_a_duel_and_no_move_during_one():
    engine = game()
    assert rules_of(roll(engine, "red")) == ["hex.duel"]
    engine = one_on_one()
    assert kinds(engage(engine, tile="a2", to="e2")) == ["illegal"]


def test_duel_confirm_waits_for_compare():
    engine = one_on_one(options={"duel_confirm": True})
    roll(engine, "purple"), roll(engine, "red")
    assert engine.state.duel.rolls == ["purple", "red"]
    assert kinds(roll(engine, "red")) == ["illegal"]
    assert "a1 wins" in engine.apply({"type": "compare"})[0].message.en


def test_summary_spells_out_the_pending_duel():
    engine = one_on_one()
    duel = engine.summary()["duel"]
    assert duel["attacker"] == "a1" and duel["defender"] == "b1" and duel["next_roll_by"] == "A"
    assert duel["strike_by_colour"]["attacker"]["purple"] == 6
    roll(engine, "purple"), roll(engine, "red")
    last = engine.summary()["last_duel"]
    assert last["winner"] == "a1" and last["attacker"]["total"] == 6 and last["defender"]["printed"] == 1


def test_a_duel_roll_the_camera_saw_but_could_not_read_or_doubled_is_camera_unsure():
    """« L'attaquant commence et roule le dé de couleur »: one die in a duel. Read by its pips, a die the camera
    sees but cannot read is no roll and no accusation, and so is a second die it is not sure is there."""
    from companion.referee.aware import UNSURE, RulesAwareReading

    engine = one_on_one()
    aware = RulesAwareReading(sure_die=0.4)
    unread = DieReading(4, "white", confidence=0.1, unread=True)
    judged = aware.judge(Observation(unread=(unread,)), engine)
    assert judged.kind == UNSURE and "it read no die where 1 is expected, and sees a die" in judged.note.message.en
    sure, doubtful = DieReading(4, "white", confidence=0.9), DieReading(2, "white", confidence=0.3)
    judged = aware.judge(Observation(dice=(sure, doubtful)), engine)
    assert judged.kind == UNSURE and "not sure the 2 is a die" in judged.note.message.en
    assert aware.judge(Observation(dice=(sure, DieReading(2, "white", confidence=0.5))), engine).kind != UNSURE
    assert aware.judge(Observation(dice=(sure,), unread=(unread,)), engine).kind != UNSURE  # one die read: a roll
