"""Setting up: how many players, a counter colour each, as many counters as they like."""

from __future__ import annotations

import pytest

from companion.referee import EventError, create_game

from nexus_helpers import card, counter, deck, new_game, ok, play, refused


def setup(engine, players):
    return engine.apply({"type": "setup", "players": players, "deck": deck(), "first_card": "t-bar-1"})


def test_two_to_four_players():
    """“Players: 2-4”"""
    for players in (["A"], ["A", "B", "C", "D", "E"]):
        engine = create_game("nexus")
        with pytest.raises(EventError, match="2 to 4"):
            setup(engine, players)
        assert engine.state is None
    for count in (2, 3, 4):
        engine = create_game("nexus")
        ok(setup(engine, ["A", "B", "C", "D"][:count]))
        assert engine.seats() == ["A", "B", "C", "D"][:count]


def test_each_player_has_counters_of_a_different_colour():
    """“Give each player about 20 stones or counters of a different color.”"""
    engine = create_game("nexus")
    same = setup(engine, [{"name": "Ann", "colour": "red"}, "Bob", {"name": "Cy", "colour": " Red"}])
    assert refused(same) == "nexus.setup.colours" and same[0].players == ("Ann", "Cy")
    book = "“Give each player about 20 stones or counters of a different color.”"
    assert same[0].message.en == f"Ann and Cy both have red counters — the book: {book}"
    assert same[0].message.fr.startswith("Ann et Cy ont tous deux des pions rouges")
    assert engine.state is None
    # a player named without a colour takes their seat's, or the first one no other player has
    ok(setup(engine, [{"name": "Ann", "colour": "blue"}, "Bob", "Cy"]))
    assert engine.state.colours == {"Ann": "blue", "Bob": "red", "Cy": "green"}
    plain = new_game(players=("Ann", "Bob", "Cy", "Dee"))
    assert list(plain.state.colours.values()) == ["red", "blue", "green", "yellow"]


def test_no_limit_to_the_counters_a_player_places_or_to_the_playing_space():
    """“There is no limit to the number of stones a player may use, but 20 is usually enough.” “There is no limit
    to the playing space, so if you reach the edge of the table you must extend the table top with nails and glue
    before you can proceed.”"""
    pairs = [card("pair", n) for n in range(1, 26)]
    caps = [{**card("caps", n), "id": f"t-caps-{n}"} for n in range(1, 26)]
    engine = new_game(cards=[card("bar", 1)] + caps + pairs)
    # a staircase of standing Caps and lying Pairs going south-east: each Caps brings free nodes
    for step in range(22):
        ok(play(engine, f"t-caps-{step + 1}", 2 + 3 * step, step, 90))
        ok(counter(engine, f"t-caps-{step + 1}:l"))            # Ann's counter
        ok(play(engine, f"t-pair-{step + 1}", 3 + 3 * step, step + 1, 0))
        ok(counter(engine, f"t-caps-{step + 1}:r"))            # Bob's
    assert sum(1 for holder in engine.state.counters.values() if holder == "Ann") == 22
    last = engine.state.board.placements[-1]
    assert (last.x, last.y) == (66, 22)                        # 33 card lengths east of the first card
    ok(play(engine, "t-caps-23", 68, 22, 90))                   # and on it goes
