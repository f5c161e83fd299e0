"""Playing a card: the first card in the middle, the basketweave on the half-card grid, touching, overlap."""

from __future__ import annotations

from companion.games.nexus.views import readable
from companion.referee import create_game

from nexus_helpers import card, counter, new_game, nexus_nodes, ok, play, refused, rules_of


def test_the_first_card_is_the_beginning_of_the_board():
    """“Place one card face up in the middle of the table. This card is the beginning of the board.”"""
    engine = new_game()
    cards = readable(engine.summary())["cards"]
    assert [(c["card"], c["x"], c["y"], c["rotation"]) for c in cards] == [("t-bar-1", 0, 0, 0)]
    assert "t-bar-1" not in engine.state.deck
    turned = new_game(first_rotation=90)
    assert turned.state.board.placements[0].cells() == ((0, 0), (0, 1))


def test_short_edges_always_touch_long_edges():
    """“Cards must be played in a “basketweave” pattern, with short edges always touching long edges, like the
    cards in Figure 1.”"""
    engine = new_game()
    side_by_side = play(engine, "t-pair-1", 2, 0, 0)        # landscape end to end: short edge to short edge
    assert refused(side_by_side) == "nexus.card.basketweave"
    assert "short edges always touching long edges" in side_by_side[0].message.en
    assert "petit côté" in side_by_side[0].message.fr
    stacked = play(engine, "t-pair-1", 1, 1, 180)           # half a card along, under: long edge to long edge
    assert refused(stacked) == "nexus.card.basketweave"
    ok(play(engine, "t-pair-1", 2, 0, 90))                   # standing: its long edge against the short edge
    ok(counter(engine, "t-bar-1:a"))
    next_to_it = play(engine, "t-pair-2", 3, 0, 270)        # two standing cards side by side: long to long
    assert refused(next_to_it) == "nexus.card.basketweave"
    ok(play(engine, "t-pair-2", 2, 2, 0))                    # lying under the standing card: short against long


def test_new_cards_must_touch_existing_cards():
    """“New cards much touch existing cards.” (sic) A shared corner is not touching."""
    engine = new_game()
    far = play(engine, "t-pair-1", 5, 5, 90)
    assert refused(far) == "nexus.card.touch" and "much touch existing cards" in far[0].message.en
    corner = play(engine, "t-pair-1", 2, 1, 90)             # meets t-bar-1 only at its corner (2, 1)
    assert refused(corner) == "nexus.card.touch"


def test_cards_never_overlap():
    engine = new_game()
    assert refused(play(engine, "t-pair-1", 1, 0, 90)) == "nexus.card.overlap"


def test_variant_cards_anywhere_on_the_grid():
    """“allow players to place cards anywhere on the table as long as they match the existing grid”"""
    engine = new_game({"cards_anywhere": True})
    ok(play(engine, "t-pair-1", 5, 5, 90))
    ok(counter(engine, "t-bar-1:a"))
    assert refused(play(engine, "t-pair-2", 6, 5, 90)) == "nexus.card.basketweave"  # the weave still holds


def test_variant_cards_anywhere_offers_a_ring_of_spots_apart_to_the_phone():
    """“allow players to place cards anywhere on the table as long as they match the existing grid”: beside the spots
    touching the board, the summary offers the phone the ring of spots one half-card off it (a card touching no
    card), each accepted; without the variant, none."""
    assert readable(new_game().summary())["apart_spots"] == []
    engine = new_game({"cards_anywhere": True})
    apart = readable(engine.summary())["apart_spots"]
    # t-bar-1 covers (0, 0) and (1, 0): a card one half-card east of it, or off its corner, touches nothing
    assert {"x": 3, "y": 0, "rotations": [0, 180]} in apart and {"x": -1, "y": 1, "rotations": [90, 270]} in apart
    assert {"x": 2, "y": 0, "rotations": [0, 180]} not in apart  # it touches the first card
    for spot in apart:  # touching no card, one half-card off the board
        cells = [(spot["x"], spot["y"]), (spot["x"] + 1, spot["y"]) if 0 in spot["rotations"]
                 else (spot["x"], spot["y"] + 1)]
        steps = [abs(cx - ox) + abs(cy - oy) for cx, cy in cells for ox, oy in ((0, 0), (1, 0))]
        assert min(steps) == 2, spot
    for spot in apart:
        for rotation in spot["rotations"]:
            assert engine.is_legal({"type": "play_card", "card": "t-pair-1", "x": spot["x"], "y": spot["y"],
                                    "rotation": rotation}), spot
    ok(play(engine, "t-pair-1", 3, 0, 0))
    ok(counter(engine, "t-bar-1:a"))
    assert readable(engine.summary())["apart_spots"] and not readable(engine.summary())["legal_counters"]


def test_the_card_must_come_from_the_deck_and_be_the_top_one_when_the_order_is_known():
    """“Take the top card of the deck and play it face up onto the board.”"""
    engine = new_game()
    assert refused(play(engine, "t-bar-1", 2, 0, 90)) == "nexus.card.deck"    # already on the board
    assert refused(play(engine, "zz", 2, 0, 90)) == "nexus.card.deck"
    deck = [card("bar", 1), card("pair", 1), card("pair", 2)]
    known = new_game(cards=deck, deck_order="top_first")
    top = play(known, "t-pair-2", 2, 0, 90)
    assert refused(top) == "nexus.card.top" and "t-pair-1" in top[0].message.en
    verdicts = ok(known.apply({"type": "play_card", "x": 2, "y": 0, "rotation": 90}))   # "card" left out: the top one
    assert "t-pair-1" in verdicts[0].message.en


def test_the_first_card_must_be_the_top_one_and_a_copy_of_it_is_refused_without_its_place_in_the_deck():
    """“Take the top card of the deck and play it face up onto the board.” — the first card too, with the deck's
    order known; another copy of its design is refused as "not this one", never by its id nor by where it lies in
    the face-down deck."""
    bridges = [{**card("bar", n), "name": "Pont"} for n in (1, 2, 3)] + [{**card("pair", 1), "name": "Fork"}]
    engine = create_game("nexus", {})
    verdicts = engine.apply({"type": "setup", "players": ["Ann", "Bob"], "deck": bridges, "deck_order": "top_first",
                             "first_card": "t-bar-3"})
    assert refused(verdicts) == "nexus.card.top"
    assert verdicts[0].message.en.startswith(
        "The first card must be the top card, another Pont, not this one —")
    assert verdicts[0].message.fr.startswith(
        "La première carte doit être celle du dessus, un autre Pont, pas celui-ci —")
    verdicts = engine.apply({"type": "setup", "players": ["Ann", "Bob"], "deck": bridges, "deck_order": "top_first",
                             "first_card": "t-pair-1"})
    assert verdicts[0].message.en.startswith("The first card must be the top card, Pont, not Fork —")
    assert verdicts[0].message.fr.startswith("La première carte doit être celle du dessus, Pont, pas Fourche —")


def test_a_rod_against_a_blank_edge_is_flagged_and_never_leads_to_a_node():
    """“When every Connector in a Nexus leads to a Node, the Nexus is “closed.” Until then, it is
    “open.””"""
    engine = new_game()
    verdicts = ok(play(engine, "t-caps-1", 0, -2, 90))      # its R cap meets t-bar-1's blank top edge
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.connector.blocked"]
    assert verdicts[1].message.en.startswith("A rod meets a blank card edge along Ann's t-caps-1: its Nexus can "
                                             "never close")
    blocked = {n["id"]: n for n in readable(engine.summary())["nexuses"]}["t-caps-1:r"]
    graph = {n.id: n for n in engine.state.board.nexuses().values()}
    assert not blocked["closed"] and graph["t-caps-1:r"].blocked_ends == 1
    assert "t-caps-1:r" in engine.legal_counters()
    lenient = new_game({"blocked_rod_closes": True})
    verdicts = ok(play(lenient, "t-caps-1", 0, -2, 90))
    assert rules_of(verdicts) == ["nexus.card.played", "nexus.score.empty"]
    assert "t-caps-1:r" not in lenient.legal_counters()


def test_rods_join_across_cards_into_one_nexus():
    """“A “Nexus” is a set of contiguous Nodes and Connectors.”"""
    engine = new_game()
    ok(play(engine, "t-caps-1", -1, 0, 90))
    summary = readable(engine.summary())
    nexuses = {n["id"]: nexus_nodes(summary, n) for n in summary["nexuses"]}
    assert nexuses["t-bar-1:a"] == ["t-bar-1:a", "t-bar-1:b", "t-caps-1:tl"]
    graph = {n.id: n for n in engine.state.board.nexuses().values()}
    assert graph["t-bar-1:a"].open_ends == 1                # t-bar-1's right end still waits for a card
    assert nexuses["t-caps-1:l"] == ["t-caps-1:l"]


def test_the_phone_gets_the_spots_where_a_card_may_go():
    engine = new_game()
    spots = readable(engine.summary())["card_spots"]
    assert {"x": 2, "y": 0, "rotations": [90, 270]} in spots and {"x": -1, "y": -1, "rotations": [90, 270]} in spots
    assert all(s["rotations"] == [90, 270] for s in spots)   # only standing cards can touch a lying card
    for spot in spots:
        probe = new_game()
        assert not [v for v in play(probe, "t-pair-1", spot["x"], spot["y"], spot["rotations"][0])
                    if v.kind.value == "illegal"], spot
    assert len(spots) == 8                                   # two above, two below, two on each side


def test_a_basketweave_refusal_says_which_edges_would_meet():
    engine = new_game()
    assert "short edge to short edge" in play(engine, "t-pair-1", 2, 0, 0)[0].message.en
    assert "long edge to long edge" in play(engine, "t-pair-1", 1, 1, 0)[0].message.en
    assert "grand côté contre grand côté" in play(engine, "t-pair-1", 1, -1, 0)[0].message.fr


def test_verdicts_name_cards_as_players_do_and_tell_copies_apart_by_who_played_them():
    """A card is its name less the bracketed note, told by who played it and where it lies from the cards down; two
    copies of one design not yet played (the top card and the one played) as "another Pair, not this one",
    never by their ids nor by where the one played lies in the face-down deck."""
    named = [dict(card("bar", 1), name="Bar (test card)"), dict(card("pair", 1), name="Pair (test card)"),
             dict(card("pair", 2), name="Pair (test card)")]
    known = new_game(cards=named, deck_order="top_first")
    top = play(known, "t-pair-2", 2, 0, 90)
    assert refused(top) == "nexus.card.top"
    assert top[0].message.en.startswith("The top card is another Pair, not this one —")
    assert top[0].message.fr.startswith("La carte du dessus est une autre carte Pair, pas celle-ci —")
    played = ok(play(known, "t-pair-1", 2, 0, 90))
    assert played[0].message.en == "Ann plays a Pair east of the first card, reaching south, turned a quarter to " \
                                   "the right"
    assert played[0].message.fr == "Ann pose une carte Pair à l’est de la première carte, dépassant vers le sud, " \
                                   "tournée d’un quart à droite"
    ok(counter(known, "t-bar-1:a"))
    again = play(known, "t-pair-1", 3, 0, 90)
    assert again[0].message.en.startswith("Ann's Pair is already on the board")
    summary = known.summary()
    assert {cid: summary["names"][i]["en"] for cid, i in summary["labels"].items()} == {
        "t-bar-1": "Bar", "t-pair-1": "Pair", "t-pair-2": "Pair"}
    assert [(n["en"], n["fr"], n["the_fr"]) for n in summary["names"]] == [("Bar", "Bar", "la carte Bar"),
                                                                            ("Pair", "Pair", "la carte Pair")]
