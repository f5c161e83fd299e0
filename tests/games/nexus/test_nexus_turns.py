"""A turn: who plays, card then counter, where a counter may go, and how a game without a winner ends."""

from __future__ import annotations

import pytest

from companion.referee import EventError

from nexus_helpers import card, closing_board, counter, new_game, ok, play, refused, rules_of


def test_play_proceeds_to_the_left():
    """“Decide randomly who will go first. After that, play proceeds to the left.” The players list is the seating
    order, first player first."""
    engine = new_game(players=("Ann", "Bob", "Cy"))
    assert engine.summary()["player"] == "Ann"
    wrong = play(engine, "t-pair-1", 2, 0, 90, player="Bob")
    assert refused(wrong) == "nexus.turn.order" and wrong[0].players == ("Bob",)
    ok(play(engine, "t-pair-1", 2, 0, 90, player="Ann"))
    ok(counter(engine, "t-bar-1:a", player="Ann"))
    assert engine.summary()["player"] == "Bob"
    ok(play(engine, "t-pair-2", -1, 0, 90))
    ok(counter(engine, "t-bar-1:b"))
    assert engine.summary()["player"] == "Cy"
    with pytest.raises(EventError, match="unknown player"):
        play(engine, "t-pair-3", 0, 1, 90, player="Zed")


def test_a_turn_is_a_card_then_one_counter():
    """“You will play a card from the top of the deck. If this results in any closed Nexuses, you will score them.
    Then you will place one counter on the board.”"""
    engine = new_game()
    assert refused(counter(engine, "t-bar-1:a")) == "nexus.turn.phase"
    ok(play(engine, "t-pair-1", 2, 0, 90))
    assert engine.summary()["phase"] == "counter"
    assert refused(play(engine, "t-pair-2", -1, 0, 90)) == "nexus.turn.phase"
    ok(counter(engine, "t-bar-1:a"))
    assert engine.summary()["phase"] == "card"


def test_a_counter_goes_on_an_unoccupied_node():
    """“After you have played your card and scored any closed Nexuses, place one counter on an unoccupied Node.”"""
    engine = new_game()
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-bar-1:a"))
    ok(play(engine, "t-pair-1", 1, -2, 90))
    taken = counter(engine, "t-bar-1:a")
    assert refused(taken) == "nexus.counter.occupied" and "occupied by Ann" in taken[0].message.en
    assert refused(counter(engine, "t-bar-1:zz")) == "nexus.counter.node"
    assert refused(counter(engine, "t-pair-2:a")) == "nexus.counter.node"      # still in the deck
    assert refused(counter(engine, "t-pair-1:a")) == "nexus.counter.closed"    # closed (empty) as it landed
    assert sorted(engine.legal_counters()) == ["t-bar-1:b", "t-caps-1:bl", "t-caps-1:br", "t-caps-1:l",
                                               "t-caps-1:r", "t-caps-1:tl", "t-caps-1:tr"]


def test_a_counter_seen_at_a_position_lands_on_the_nearest_node():
    """The camera reports where a counter stands, in half-card units; within 0.3 of a node it is on that node."""
    engine = new_game()
    ok(play(engine, "t-pair-1", 2, 0, 90))
    verdicts = ok(engine.apply({"type": "place_counter", "at": [1.55, 0.45]}))  # t-bar-1:b is at (1.5, 0.5)
    assert engine.state.counters == {"t-bar-1:b": "Ann"}
    assert verdicts[0].message.en == "Ann places a counter on a power-2 node of the first card"
    ok(play(engine, "t-pair-2", -1, 0, 90))
    nowhere = engine.apply({"type": "place_counter", "at": [5, 5]})
    assert refused(nowhere) == "nexus.counter.node"
    assert nowhere[0].message.en.startswith("There is no node where the counter was put")  # not "at (5, 5)"
    assert nowhere[0].message.fr.startswith("Il n’y a pas de nœud là où le pion a été posé")
    with pytest.raises(EventError, match='a counter needs "node"'):
        engine.apply({"type": "place_counter", "at": "here"})


def _last_card_scores_four(options=None):
    """A deck of four cards whose last one, played by Ann, captures 4 points for her: then the deck is empty."""
    deck = [card("bar", 1), card("caps", 1), card("pair", 1), card("caps", 2)]
    engine = new_game(options, cards=deck)
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-bar-1:a"))
    ok(play(engine, "t-pair-1", 1, -2, 90))
    ok(counter(engine, "t-caps-1:l"))
    return engine, ok(play(engine, "t-caps-2", 2, 0, 90))


def test_an_empty_deck_ends_the_game_and_no_one_under_ten_points_wins():
    """“To win, you must score at least 10 points.” The book has no ending for an empty deck: after the last card
    is played and scored, the game ends, and Ann's 4 points do not make her the winner."""
    engine, verdicts = _last_card_scores_four()
    assert rules_of(verdicts)[-2:] == ["nexus.score", "nexus.end.deck"]
    assert engine.state.scores == {"Ann": 4, "Bob": 0}
    ending = verdicts[-1]
    assert (ending.kind.value, ending.players) == ("loss", ())
    assert ending.message.en.startswith("The deck is empty and no one reached 10 points: no one wins — the book: "
                                        "“To win, you must score at least 10 points.”")
    assert ending.message.fr.startswith("La pioche est vide et personne n’a atteint 10 points : personne ne gagne")
    assert engine.outcome == ending and engine.summary()["phase"] == "over"
    assert refused(counter(engine, "t-caps-2:r")) == "nexus.game_over"


def test_with_the_option_an_empty_deck_gives_the_win_to_the_most_points():
    """Option ``deck_out_most_points``: the most points win when the deck runs out, tied players sharing."""
    engine, verdicts = _last_card_scores_four({"deck_out_most_points": True})
    assert (verdicts[-1].kind.value, verdicts[-1].rule) == ("win", "nexus.end.deck")
    assert engine.outcome.players == ("Ann",) and "Ann wins the game with 4 points" in verdicts[-1].message.en
    shared = new_game({"deck_out_most_points": True}, cards=[card("bar", 1), card("pair", 1)])
    verdicts = ok(play(shared, "t-pair-1", 2, 0, 90))
    assert verdicts[-1].rule == "nexus.end.deck" and verdicts[-1].players == ("Ann", "Bob")
    assert "Ann and Bob win the game with 0 points" in verdicts[-1].message.en


def test_no_counter_when_every_node_is_taken_or_closed():
    """“You may never play a counter in a closed Nexus.” With nowhere left, the turn passes without a counter."""
    deck = [card("pair", 1), card("pair", 2), card("pair", 3)]
    engine = new_game(cards=deck, first_card="t-pair-1")
    verdicts = ok(play(engine, "t-pair-2", 2, 0, 90))
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.empty", "nexus.counter.none"]
    assert engine.summary()["player"] == "Bob" and engine.summary()["phase"] == "card"


def test_variant_no_ties_allows_a_tie_when_every_choice_would_make_one():
    """“make it illegal to create a tie by any means” — impossible to obey when every free node ties: then any
    free node is allowed. (Every node worth one here, so Bob's one node in t-bar-1's Nexus is tied by any of Ann's.)"""
    options = {"ties_illegal": True, "every_node_worth_one": True}
    engine = closing_board(options, ann_counter="t-caps-1:l", bob_counter="t-bar-1:a")
    ok(play(engine, "t-pair-2", 0, -3, 0))
    tying = ["t-bar-1:b", "t-caps-1:tl"]
    assert not set(tying) & set(engine.legal_counters())
    assert refused(counter(engine, "t-bar-1:b")) == "nexus.variant.no_ties"
    for nid in engine.legal_counters():                        # fill every node that would not tie
        engine.state.counters[nid] = "Bob"
    assert sorted(engine.legal_counters()) == tying
    verdicts = ok(counter(engine, "t-bar-1:b"))
    assert [(v.kind.value, v.rule) for v in verdicts] == [("info", "nexus.counter"),
                                                          ("warning", "nexus.variant.no_ties")]


def test_events_before_setup_and_after_the_end_are_refused():
    from companion.referee import create_game

    engine = create_game("nexus")
    assert refused(engine.apply({"type": "play_card", "card": "ex-cross-1", "x": 0, "y": 0})) == "nexus.setup"
    summary = engine.summary()
    assert summary["phase"] == "setup" and set(summary) == {"phase", "facts", "setup"}  # nothing of a game yet
    ended = new_game(cards=[card("bar", 1), card("pair", 1)])
    ok(play(ended, "t-pair-1", 2, 0, 90))
    assert refused(play(ended, "t-pair-1", 2, 0, 90)) == "nexus.game_over"
    assert refused(ended.apply({"type": "setup", "players": ["A", "B"]})) == "nexus.setup"
