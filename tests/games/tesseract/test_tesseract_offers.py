"""The phone's free plays outside the three actions: the scientists' capacities and, before the prime, a research card
whose text allows the Threat phase, each offered as the event its button sends and put to the referee."""

from __future__ import annotations

from companion.referee.offers import expand

from tess_helpers import illegal, new_game, rules_of, set_zone

CAPACITY = {"type": "play_card", "source": "scientist"}


def to_threat(engine):
    engine.state.actions_left = 0
    engine.apply({"type": "end_actions"})
    assert engine.state.phase == "threat"


def test_each_capacity_is_offered_and_only_the_current_scientists_is_available():
    """« La capacité permanente s'applique systématiquement, sans dépenser d'action (mais elle peut être liée à une
    action précise). »"""
    engine = new_game()
    engine.state.actions_left = 0  # no action left: the capacity spends none
    available = expand(engine.summary()["available"])
    assert available["capacity:S1"] == {"event": {**CAPACITY, "scientist": "S1"}, "available": True, "why": None}
    other = available["capacity:S2"]
    assert other["event"] == {**CAPACITY, "scientist": "S2"} and not other["available"]
    assert other["why"]["en"] == "It is S1's turn: the referee takes S1's capacity only"
    assert other["why"]["fr"] == "C’est le tour de S1 : l’arbitre ne prend que la capacité de S1"
    verdicts = engine.apply(available["capacity:S1"]["event"])
    assert not illegal(verdicts) and "tess.capacity" in rules_of(verdicts)


def test_before_the_prime_the_hand_and_the_capacity_are_offered_and_nothing_after():
    """« Sauf indication contraire, vous ne pouvez pas les jouer pendant une phase Menace. » The card's text is the
    players' to read: the offer sends it as a card that allows it."""
    engine = new_game()
    set_zone(engine, [("red", 4)])
    to_threat(engine)
    available = expand(engine.summary()["available"])
    assert set(available) == {"capacity:S1", "capacity:S2", "play:research:2:threat"}  # S1 holds one level 2 card
    card = available["play:research:2:threat"]
    assert card["available"] and card["event"] == {"type": "play_card", "source": "research", "level": 2,
                                                   "threat_phase": True}
    assert available["capacity:S1"]["available"] and not available["capacity:S2"]["available"]
    assert not illegal(engine.apply(card["event"]))
    assert engine.state.research.hands["S1"][2] == 0 and engine.state.phase == "threat"
    assert set(expand(engine.summary()["available"])) == {"capacity:S1", "capacity:S2"}
    engine.state.pending.append({"event": "shield", "column": "a1"})  # an event waits: nothing is offered
    assert expand(engine.summary()["available"]) == {}
    engine.state.pending.clear()
    column = engine.summary()["lowest_removable"][0]
    engine.apply({"type": "prime", "column": column, "rolled": 1})
    summary = engine.summary()
    assert summary["phase"] == "action" and summary["scientist"] == "S2"
    available = expand(summary["available"])
    assert available["capacity:S2"]["available"] and not available["capacity:S1"]["available"]
