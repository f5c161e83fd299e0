"""Scoring closed Nexuses: capture by the most power, value of the unoccupied nodes, ties, order, the win."""

from __future__ import annotations

from companion.games.nexus.views import readable

from nexus_helpers import closing_board, counter, deck, new_game, nexus_nodes, ok, play, refused, rules_of


def close(engine):
    return ok(play(engine, "t-caps-2", 2, 0, 90))


def test_the_most_power_captures_for_the_unoccupied_power():
    """“To capture a Nexus, you must have more Power Points than any other player in that Nexus, based on the Power
    Values of the Nodes you control.” “The point value of a Nexus is equal to the total Power Values of the
    unoccupied Nodes in that Nexus.”"""
    engine = closing_board(ann_counter="t-bar-1:a", bob_counter="t-caps-1:l")
    verdicts = close(engine)
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score"]
    # Ann holds a (2); unoccupied: t-bar-1:b (2) + t-caps-1:tl (1) + t-caps-2:bl (1) = 4.
    assert engine.state.scores == {"Ann": 4, "Bob": 0}
    assert verdicts[1].players == ("Ann",) and "4 points" in verdicts[1].message.en
    assert "4 points" in verdicts[1].message.fr


def test_more_power_wins_against_more_counters():
    """“if Player 1 owns Nodes totaling 5 points, and Player 2 owns Nodes totaling 4 points, Player 1 scores the
    points for the Nexus.” Power, not the number of counters, decides."""
    engine = new_game()
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-caps-1:tl"))                        # Ann: one node of power 1
    ok(play(engine, "t-pair-1", 1, -2, 90))
    ok(counter(engine, "t-bar-1:a"))                          # Bob: power 2
    ok(play(engine, "t-pair-2", 0, -3, 0))                    # harmless (no rod ends, closes empty at once)
    ok(counter(engine, "t-caps-1:l"))
    ok(play(engine, "t-caps-2", 2, 0, 90))                     # Bob closes
    assert engine.state.scores == {"Ann": 0, "Bob": 3}         # t-bar-1:b 2 + t-caps-2:bl 1


def test_tied_strongest_players_score_nothing():
    """“If the strongest players are tied when the Nexus closes, or if the Nexus is empty, no one scores it.”"""
    engine = closing_board(ann_counter="t-bar-1:a", bob_counter="t-bar-1:b")
    verdicts = close(engine)
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.tie"]
    assert verdicts[1].players == ("Ann", "Bob")
    assert engine.state.scores == {"Ann": 0, "Bob": 0}
    record = engine.state.closed[-1]
    assert (record["result"], record["scorer"], record["power"]) == ("tie", None, {"Ann": 2, "Bob": 2})


def test_an_empty_nexus_scores_nothing():
    """“If the strongest players are tied when the Nexus closes, or if the Nexus is empty, no one scores it.”"""
    engine = new_game()
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-caps-1:l"))
    verdicts = ok(play(engine, "t-pair-1", 1, -2, 90))         # two nodes joined only to each other: closed at once
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.empty"]
    assert engine.state.scores == {"Ann": 0, "Bob": 0}


def test_counters_leave_a_scored_nexus_and_it_stays_empty():
    """“Once you have closed and scored a Nexus, take all the counters out of it. It will remain empty for the rest
    of the game.” “You may never play a counter in a closed Nexus.”"""
    engine = closing_board(ann_counter="t-bar-1:a", bob_counter="t-bar-1:b")
    close(engine)
    assert "t-bar-1:a" not in engine.state.counters and "t-bar-1:b" not in engine.state.counters
    for node in ("t-bar-1:a", "t-caps-2:bl", "t-pair-1:a"):
        verdicts = counter(engine, node)
        assert refused(verdicts) == "nexus.counter.closed"
        assert "You may never play a counter in a closed Nexus." in verdicts[0].message.en
    legal = engine.legal_counters()
    assert "t-bar-1:a" not in legal and "t-caps-2:r" in legal
    ok(counter(engine, "t-caps-2:r"))
    summary = readable(engine.summary())
    bar = next(n for n in summary["nexuses"] if "t-bar-1:a" in nexus_nodes(summary, n))
    assert bar["closed"] and "t-bar-1:a" not in summary["counters"]


def test_two_nexuses_closed_at_once_are_scored_yours_first_then_leftwards():
    """“If you close two Nexuses at once, you score your own first, then proceed to the left. This only matters if
    two players might win.” “To win, you must score at least 10 points.” — here the target is 1 so both reach
    it."""
    engine = new_game({"target_points": 1})
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-caps-1:tl"))                         # Ann 1 in t-bar-1's Nexus
    ok(play(engine, "t-pair-1", 1, -2, 90))
    ok(counter(engine, "t-bar-1:a"))                           # Bob 2 there
    ok(play(engine, "t-hook-1", 2, -1, 0))                     # Ann: a second Nexus, its end facing (2, 0)
    ok(counter(engine, "t-hook-1:a"))
    ok(play(engine, "t-pair-2", 3, -3, 90))
    ok(counter(engine, "t-bar-1:b"))                           # Bob 4 against Ann 1
    verdicts = ok(play(engine, "t-caps-2", 2, 0, 90))          # Ann closes both
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.order", "nexus.score", "nexus.win",
                                  "nexus.score"]
    assert [v.players for v in verdicts if v.rule == "nexus.score"] == [("Ann",), ("Bob",)]
    assert engine.state.scores == {"Ann": 2, "Bob": 1}         # hook b 1 + caps-2 l 1; caps-2 bl 1
    assert engine.outcome.players == ("Ann",) and engine.outcome.rule == "nexus.win"
    assert engine.summary()["phase"] == "over"
    assert refused(counter(engine, "t-caps-2:r")) == "nexus.game_over"


def test_first_to_ten_wins():
    """“To win, you must score at least 10 points.”"""
    engine = closing_board(ann_counter="t-bar-1:a", bob_counter="t-caps-1:l")
    engine.state.scores["Ann"] = 6
    verdicts = close(engine)
    assert rules_of(verdicts)[-1] == "nexus.win" and verdicts[-1].kind.value == "win"
    assert "at least 10 points" in verdicts[-1].message.en
    assert engine.state.scores["Ann"] == 10 and engine.outcome.players == ("Ann",)


def test_variant_every_node_worth_one():
    """“let each Node be worth only one Power Point”"""
    engine = closing_board({"every_node_worth_one": True}, ann_counter="t-bar-1:a", bob_counter="t-caps-1:l")
    close(engine)
    assert engine.state.scores == {"Ann": 3, "Bob": 0}        # three unoccupied nodes, one point each
    # nodes of power 2, 2, 1 and 1
    bar = next(n for n in readable(engine.summary())["nexuses"] if n["id"] == "t-bar-1:a")
    assert (bar["value"], bar["points"]) == (3, 3)            # the phone says so too


def test_variant_every_node_worth_one_says_a_counter_is_on_a_node_worth_one():
    """“let each Node be worth only one Power Point”: a counter on a node with two connectors is told as on a
    power-1 node, as it counts, not power 2."""
    for worth_one, power in ((True, 1), (False, 2)):
        engine = new_game({"every_node_worth_one": worth_one})
        ok(play(engine, "t-caps-1", -1, 0, 90))
        said = ok(counter(engine, "t-bar-1:a"))[0]
        assert f"on a power-{power} node" in said.message.en and f"de puissance {power}" in said.message.fr


def test_variant_no_ties_refuses_a_counter_that_ties_a_nexus():
    """“make it illegal to create a tie by any means”"""
    engine = new_game({"ties_illegal": True})
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-bar-1:a"))
    ok(play(engine, "t-pair-1", 1, -2, 90))
    verdicts = counter(engine, "t-bar-1:b")                    # Bob 2 against Ann 2
    assert refused(verdicts) == "nexus.variant.no_ties"
    assert "t-bar-1:b" not in engine.legal_counters() and "t-caps-1:tl" in engine.legal_counters()
    plain = new_game()
    ok(play(plain, "t-caps-1", -1, 0, 90))
    ok(counter(plain, "t-bar-1:a"))
    ok(play(plain, "t-pair-1", 1, -2, 90))
    ok(counter(plain, "t-bar-1:b"))                            # the book's own rules allow it


def test_variant_no_ties_refuses_a_card_that_joins_two_nexuses_into_a_tie():
    """“make it illegal to create a tie by any means” — a card joining Ann's 2 and Bob's 2 into one Nexus."""
    link = {"id": "t-link", "nodes": {"m": [2, 2]}, "connectors": [["m", "L"], ["m", "BL"]]}
    results = {}
    for ties_illegal in (True, False):
        engine = new_game({"ties_illegal": ties_illegal}, cards=deck() + [link])
        ok(play(engine, "t-caps-1", -1, 0, 90))
        ok(counter(engine, "t-bar-1:a"))                       # Ann 2 in t-bar-1's Nexus
        ok(play(engine, "t-pair-1", 1, -2, 90))
        ok(counter(engine, "t-caps-1:l"))
        ok(play(engine, "t-hook-1", 2, -1, 0))
        ok(counter(engine, "t-caps-1:bl"))
        ok(play(engine, "t-pair-2", 3, -3, 90))
        ok(counter(engine, "t-hook-1:a"))                      # Bob 2 in t-hook-1's Nexus
        results[ties_illegal] = play(engine, "t-link", 2, 0, 90)   # joins both ends: one Nexus, closed, tied 2-2
        if ties_illegal:
            assert refused(results[True]) == "nexus.variant.no_ties"
            ok(play(engine, "t-link", 4, -1, 90))              # elsewhere it ties nothing
    assert rules_of(results[False]) == ["nexus.card.played", "nexus.score.tie"]


def test_variant_no_ties_the_summary_names_the_spots_that_would_tie_for_each_card_drawable():
    """“make it illegal to create a tie by any means”: the card drawn is known only once the player says it, so the
    summary names, for each card drawable, the spots the referee would refuse it for a tie; the phone marks them
    for the card picked. Each named is refused with the rule, every other spot touching the board is taken."""
    link = {"id": "t-link", "nodes": {"m": [2, 2]}, "connectors": [["m", "L"], ["m", "BL"]]}
    named = {}
    for ties_illegal in (False, True):  # the variant's game last: its spots are tried below
        engine = new_game({"ties_illegal": ties_illegal}, cards=deck() + [link])
        for event in ((play, "t-caps-1", -1, 0, 90), (counter, "t-bar-1:a"), (play, "t-pair-1", 1, -2, 90),
                      (counter, "t-caps-1:l"), (play, "t-hook-1", 2, -1, 0), (counter, "t-caps-1:bl"),
                      (play, "t-pair-2", 3, -3, 90), (counter, "t-hook-1:a")):
            ok(event[0](engine, *event[1:]))
        summary = readable(engine.summary())
        named[ties_illegal] = summary["tie_spots"]
    assert named[False] == {}
    assert [2, 0, 90] in named[True]["t-link"]                 # joins Ann's 2 and Bob's 2 (the test above)
    drawable = [d["id"] for d in summary["drawable"]]
    assert set(named[True]) <= set(drawable)
    for card_id in drawable:
        tying = named[True].get(card_id, [])
        for spot in summary["card_spots"]:
            for rotation in spot["rotations"]:
                event = {"type": "play_card", "card": card_id, "x": spot["x"], "y": spot["y"], "rotation": rotation}
                refusals = [v.rule for v in engine.legal(event) if v.kind.value == "illegal"]
                assert refusals == (["nexus.variant.no_ties"] if [spot["x"], spot["y"], rotation] in tying else []), \
                    (event, refusals)


def test_variant_no_ties_allows_a_card_that_ties_wherever_it_goes(monkeypatch):
    """“make it illegal to create a tie by any means” — the drawn card must still be played: when no spot avoids a
    tie (stood in for here), the tying spot is allowed with a warning."""
    from companion.games.nexus import turns

    monkeypatch.setattr(turns, "_tie_free_spot_exists", lambda *args: False)
    link = {"id": "t-link", "nodes": {"m": [2, 2]}, "connectors": [["m", "L"], ["m", "BL"]]}
    engine = new_game({"ties_illegal": True}, cards=deck() + [link])
    for event in ((play, "t-caps-1", -1, 0, 90), (counter, "t-bar-1:a"), (play, "t-pair-1", 1, -2, 90),
                  (counter, "t-caps-1:l"), (play, "t-hook-1", 2, -1, 0), (counter, "t-caps-1:bl"),
                  (play, "t-pair-2", 3, -3, 90), (counter, "t-hook-1:a")):
        ok(event[0](engine, *event[1:]))
    verdicts = ok(play(engine, "t-link", 2, 0, 90))
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.variant.no_ties", "nexus.score.tie"]
    assert verdicts[1].kind.value == "warning"


def test_variants_no_ties_and_cards_anywhere_refuse_a_tying_card_even_when_every_touching_spot_ties(monkeypatch):
    """“make it illegal to create a tie by any means” with “allow players to place cards anywhere on the table as
    long as they match the existing grid”: a card touching no card joins no Nexus, so a tie can always be avoided
    and the tying spot is refused, though every spot touching the board ties (stood in for here)."""
    from companion.games.nexus import turns

    tying_spot = [{"x": 2, "y": 0, "rotations": [90]}]
    monkeypatch.setattr(turns, "open_spots", lambda *args: tying_spot)
    link = {"id": "t-link", "nodes": {"m": [2, 2]}, "connectors": [["m", "L"], ["m", "BL"]]}
    said = {}
    for anywhere in (True, False):
        engine = new_game({"ties_illegal": True, "cards_anywhere": anywhere}, cards=deck() + [link])
        for event in ((play, "t-caps-1", -1, 0, 90), (counter, "t-bar-1:a"), (play, "t-pair-1", 1, -2, 90),
                      (counter, "t-caps-1:l"), (play, "t-hook-1", 2, -1, 0), (counter, "t-caps-1:bl"),
                      (play, "t-pair-2", 3, -3, 90), (counter, "t-hook-1:a")):
            ok(event[0](engine, *event[1:]))
        said[anywhere] = play(engine, "t-link", 2, 0, 90)
        if anywhere:
            ok(play(engine, "t-link", 8, 8, 90))               # far from every card: it ties nothing
    assert refused(said[True]) == "nexus.variant.no_ties"
    assert rules_of(said[False]) == ["nexus.card.played", "nexus.variant.no_ties", "nexus.score.tie"]


def test_variant_no_ties_lets_a_tie_already_standing_stay_tied():
    """“make it illegal to create a tie by any means”: a tie already standing (allowed because every choice made
    one; set by hand here) is not created again by a counter that leaves it tied, nor by a card joining it to an
    empty Nexus (a new tie is still refused: the tests above)."""
    engine = new_game({"ties_illegal": True}, players=("Ann", "Bob", "Cy"))
    ok(play(engine, "t-caps-1", -1, 0, 90))
    engine.state.counters.update({"t-bar-1:a": "Bob", "t-bar-1:b": "Cy"})   # Bob 2, Cy 2: tied
    verdicts = ok(counter(engine, "t-caps-1:tl"))              # Ann 1 beside them: still Bob 2, Cy 2
    assert rules_of(verdicts) == ["nexus.counter"]
    link = {"id": "t-link", "nodes": {"m": [2, 2]}, "connectors": [["m", "L"], ["m", "BL"]]}
    engine = new_game({"ties_illegal": True}, cards=deck() + [link])
    for event in ((play, "t-caps-1", -1, 0, 90), (counter, "t-caps-1:l"), (play, "t-pair-1", 1, -2, 90),
                  (counter, "t-caps-1:bl"), (play, "t-hook-1", 2, -1, 0), (counter, "t-caps-1:br"),
                  (play, "t-pair-2", 3, -3, 90), (counter, "t-caps-1:tr")):
        ok(event[0](engine, *event[1:]))
    engine.state.counters.update({"t-bar-1:a": "Ann", "t-bar-1:b": "Bob"})  # Ann 2, Bob 2: tied
    verdicts = ok(play(engine, "t-link", 2, 0, 90))            # joins it to t-hook-1's empty Nexus: closes tied
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.tie"]


def test_variant_no_ties_counts_nothing_for_a_rod_with_no_node():
    """A rod running from edge to edge carries a Nexus across its card without a node of its own; a card joining
    Nexuses through it is judged on their nodes alone (this once raised instead)."""
    rod = {"id": "t-rod", "nodes": {"a": [2, 1]}, "connectors": [["L", "R"], ["a", "TL"]]}
    x = {"id": "t-x", "nodes": {"x": [6, 2]}, "connectors": [["x", "BR"]]}
    link = {"id": "t-link", "nodes": {"m": [2, 2]}, "connectors": [["m", "TL"], ["m", "L"]]}
    engine = new_game({"ties_illegal": True}, cards=[rod, x, link] + deck(), first_card="t-rod")
    ok(play(engine, "t-pair-1", 0, -2, 90))
    ok(counter(engine, "t-rod:a"))
    ok(play(engine, "t-x", -2, -1, 0))                         # its rod end faces down into (-1, 0)
    ok(counter(engine, "t-x:x"))
    ok(play(engine, "t-link", -1, 0, 90))                      # joins t-x's end and the node-less rod's left end
    summary = readable(engine.summary())
    joined = next(n for n in summary["nexuses"] if n["id"] == "t-link:m")
    assert (nexus_nodes(summary, joined), joined["power"]) == (["t-link:m", "t-x:x"], {"Bob": 1})
    assert {n.id: n for n in engine.state.board.nexuses().values()}["t-link:m"].open_ends == 1


def test_with_three_players_the_two_strongest_tied_score_nothing_beside_a_weaker_one():
    """“If the strongest players are tied when the Nexus closes, or if the Nexus is empty, no one scores it.” —
    Ann 2 and Cy 2 tie; Bob's 1 does not break it."""
    engine = new_game(players=("Ann", "Bob", "Cy"))
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-bar-1:a"))                           # Ann 2 in t-bar-1's Nexus
    ok(play(engine, "t-pair-1", 1, -2, 90))
    ok(counter(engine, "t-caps-1:tl"))                         # Bob 1
    ok(play(engine, "t-pair-2", 0, -3, 0))
    ok(counter(engine, "t-bar-1:b"))                           # Cy 2
    verdicts = close(engine)                                   # Ann closes it
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.tie"]
    assert verdicts[1].players == ("Ann", "Cy")
    assert engine.state.scores == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert not {"t-bar-1:a", "t-bar-1:b", "t-caps-1:tl"} & set(engine.state.counters)


def close_two_nexuses_at_once(engine):
    """Five cards and four counters, taken in turn, then a card closing t-bar-1's and t-hook-1's Nexuses at once: the
    first and third counters (power 2) lie in those Nexuses, the second and fourth elsewhere. The verdicts of the
    closing card."""
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, "t-bar-1:a"))                           # 2 in t-bar-1's Nexus
    ok(play(engine, "t-pair-1", 1, -2, 90))
    ok(counter(engine, "t-caps-1:bl"))                         # elsewhere
    ok(play(engine, "t-hook-1", 2, -1, 0))
    ok(counter(engine, "t-hook-1:a"))                          # 2 in t-hook-1's Nexus
    ok(play(engine, "t-pair-2", 3, -3, 90))
    ok(counter(engine, "t-caps-1:l"))                          # elsewhere
    return close(engine)


def test_with_three_players_captures_closed_at_once_go_leftwards_from_the_player_who_closed_them():
    """“If you close two Nexuses at once, you score your own first, then proceed to the left. This only matters if
    two players might win.” Bob closes Ann's Nexus and Cy's: Cy sits to Bob's left, so Cy's is scored first and Cy
    wins (target 1), though Ann comes first in the seating list and her Nexus first by name."""
    engine = new_game({"target_points": 1}, players=("Ann", "Bob", "Cy"))
    verdicts = close_two_nexuses_at_once(engine)  # Ann's counter in t-bar-1's, Cy's in t-hook-1's; Bob closes both
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.order", "nexus.score", "nexus.win",
                                  "nexus.score"]
    assert [v.players for v in verdicts if v.rule == "nexus.score"] == [("Cy",), ("Ann",)]
    assert verdicts[1].message.en == "Several Nexuses closed at once: scored Cy then Ann"
    assert engine.outcome.players == ("Cy",)
    assert engine.state.scores == {"Ann": 4, "Bob": 0, "Cy": 2}
    assert not {"t-bar-1:a", "t-hook-1:a"} & set(engine.state.counters)   # captured: their counters taken out


def test_two_nexuses_closed_at_once_and_captured_by_one_player_are_told_as_such():
    """“If you close two Nexuses at once, you score your own first, then proceed to the left.” Ann captures both
    Nexuses her card closes: there is no order between players to tell, and the line says she captures both (not
    "scored Ann")."""
    engine = new_game({"target_points": 30})
    verdicts = close_two_nexuses_at_once(engine)  # Ann's counters in both Nexuses, Bob's elsewhere; Ann closes both
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.order", "nexus.score", "nexus.score"]
    assert [v.players for v in verdicts if v.rule == "nexus.score"] == [("Ann",), ("Ann",)]
    assert verdicts[1].message.en == "Several Nexuses closed at once: Ann captures both"
    assert verdicts[1].message.fr == "Plusieurs Nexus fermés à la fois : Ann capture les deux"


def test_one_player_capturing_several_of_the_nexuses_closed_at_once_is_told_how_many():
    """“If you close two Nexuses at once, you score your own first, then proceed to the left.” One player capturing
    them has no order to tell: all three, or two beside one nobody captures (results as score_closed sorts them:
    (Nexus, power, who captures, why, points), nobody first)."""
    from companion.games.nexus.scoring import _order_line

    def said(*who):
        line = _order_line([(None, {}, w, "", 0) for w in who]).message
        return line.en, line.fr

    assert said("Ann", "Ann", "Ann") == ("Several Nexuses closed at once: Ann captures all 3",
                                         "Plusieurs Nexus fermés à la fois : Ann capture les 3")
    assert said(None, "Ann", "Ann") == ("Several Nexuses closed at once: Ann captures 2 of them",
                                        "Plusieurs Nexus fermés à la fois : Ann capture 2 d’entre eux")
    assert said("Cy", "Ann")[0] == "Several Nexuses closed at once: scored Cy then Ann"
