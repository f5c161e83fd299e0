"""What the phone's Nexus board view draws from: the setup choices, the cards a player may have drawn, how a Nexus
is named."""

from __future__ import annotations

import json

from nexus_helpers import EXAMPLES, nexus_nodes

from companion.games.nexus.views import readable
from companion.referee import create_game


def test_setup_choices_offer_players_colours_and_the_example_deck_shapes():
    setup = create_game("nexus", {}).summary()["setup"]
    assert setup["players"] == [2, 3, 4] and setup["colours"][:2] == ["red", "blue"]
    cross = next(c for c in setup["cards"] if c["id"] == "ex-cross-1")
    # a: [2, 2] in card units (8 x 4) is (0.5, 0.5) in half-card units; four connectors: power 4
    assert {"name": "a", "x": 0.5, "y": 0.5, "power": 4} in cross["nodes"]
    assert [[0.5, 0.5], [0.0, 0.5]] in cross["rods"] and setup["deck_size"] == 54
    # each of the nine designs once, by its name in both languages, with its six copies
    assert len(setup["cards"]) == 9 and all(c["left"] == 6 for c in setup["cards"])
    assert cross["names"] == {"en": "Double cross", "fr": "Double croix"}


def test_drawable_cards_are_those_not_yet_played_or_the_top_one_with_a_known_order():
    engine = create_game("nexus", {})
    engine.apply({"type": "setup", "players": ["Ann", "Bob"], "first_card": "ex-cross-1"})
    drawable = readable(engine.summary())["drawable"]
    ids = [c["id"] for c in drawable]
    # each design once, the first copy left of it to send: the cross played, five crosses are left
    assert len(ids) == 9 and "ex-cross-1" not in ids and sum(c["left"] for c in drawable) == 53
    assert {c["names"]["en"]: c["left"] for c in drawable}["Double cross"] == 5
    ordered = create_game("nexus", {})
    ordered.apply({"type": "setup", "players": ["Ann", "Bob"], "deck": ["ex-rod-1", "ex-caps-1", "ex-split-1"],
                   "deck_order": "top_first"})
    assert [c["id"] for c in readable(ordered.summary())["drawable"]] == ["ex-caps-1"]
    spot = readable(ordered.summary())["card_spots"][0]
    ordered.apply({"type": "play_card", "x": spot["x"], "y": spot["y"], "rotation": spot["rotations"][0]})
    assert ordered.summary()["phase"] == "counter" and ordered.summary()["drawable"] == []


def test_the_face_down_next_card_is_not_in_the_summary_while_counters_are_placed():
    """« Shuffle the deck and place it face down. »: with a known order the summary names the top card only while it
    is the card being played; during the counter phase it names none, so no phone on the Wi-Fi sees the next
    player's card before it is drawn."""
    engine = create_game("nexus", {})
    engine.apply({"type": "setup", "players": ["Ann", "Bob"], "deck": ["ex-rod-1", "ex-caps-1", "ex-split-1"],
                  "deck_order": "top_first"})
    assert engine.summary()["top_card"] == "ex-caps-1"  # the card Ann draws and plays now
    spot = readable(engine.summary())["card_spots"][0]
    engine.apply({"type": "play_card", "x": spot["x"], "y": spot["y"], "rotation": spot["rotations"][0]})
    summary = engine.summary()
    assert summary["phase"] == "counter" and summary["deck_left"] == 1 and summary["top_card"] is None


def test_the_summary_tells_nothing_of_the_face_down_deck_s_order():
    """« Shuffle the deck and place it face down. »: two games whose decks differ below the card played send the
    same summary while counters are placed, so no phone reads the deck from the order its cards, designs or names
    are listed in."""
    summaries = []
    for rest in (["ex-split-1", "ex-fork-1", "ex-rod-2"], ["ex-fork-1", "ex-rod-2", "ex-split-1"]):
        engine = create_game("nexus", {})
        engine.apply({"type": "setup", "players": ["Ann", "Bob"], "deck": ["ex-rod-1", "ex-caps-1", *rest],
                      "deck_order": "top_first"})
        spot = readable(engine.summary())["card_spots"][0]
        engine.apply({"type": "play_card", "x": spot["x"], "y": spot["y"], "rotation": spot["rotations"][0]})
        summaries.append(json.dumps(engine.summary()))  # as sent: its keys in order
    assert json.loads(summaries[0])["phase"] == "counter" and summaries[0] == summaries[1]
    sent = json.loads(summaries[0])
    assert sorted(sent["labels"]) == ["ex-caps-1", "ex-rod-1"]  # the cards down only, their designs and names
    assert [n["en"] for n in sent["names"]] == ["Long rod", "Six caps"] and len(sent["designs"]) == 2


def test_a_nexus_is_named_by_the_cards_it_runs_across_the_first_three_then_how_many_more():
    """The phone's Nexus list and the scoring verdicts name a Nexus by its cards, each by who played it, in English
    and French; a long one by its first three cards, so a line stays readable."""
    engine = create_game("nexus")
    for line in (EXAMPLES / "nexus-three-players.jsonl").read_text(encoding="utf-8").splitlines():
        engine.apply(json.loads(line))
    names = engine.state.nexus_names()  # the summary's places, in words
    places = [names[n["id"]].to_json() for n in readable(engine.summary())["nexuses"]]
    long = next(p for p in places if p["en"].endswith("more cards"))
    three, more = long["en"].rsplit(" and ", 1)
    assert len(three.split(", ")) == 3 and more.endswith("more cards")
    assert three.startswith("the Bridge Ann played on turn 1, the Fork Bob played on turn 2, ")  # two of each
    assert long["fr"].endswith("autres cartes") and " et " in long["fr"]
    assert all(":" not in p["en"] for p in places)  # never a node id
    # the phone gets the cards' indexes and how many more: it says them from the cards' words, as above
    keyed = next(n["place"] for n in readable(engine.summary())["nexuses"] if names[n["id"]].en == long["en"])
    assert len(keyed["cards"]) == 3 and keyed["more"] == int(more.split()[0]) and "side" not in keyed


def test_nexuses_on_the_same_cards_are_told_apart_by_where_on_them_they_lie():
    """Six caps has six separate Nexuses on one card: each is named by where on the card it lies, as the phone draws
    it (y grows downwards), six different names in both languages, not "the first card" six times."""
    engine = create_game("nexus", {})
    engine.apply({"type": "setup", "players": ["Ann", "Bob"], "first_card": "ex-caps-1"})
    names = engine.state.nexus_names()  # the summary's places, in words
    summary = readable(engine.summary())
    nexuses = [{**n, "place": names[n["id"]].to_json(), "nodes": nexus_nodes(summary, n)} for n in summary["nexuses"]]
    assert len(nexuses) == 6 and len({n["place"]["en"] for n in nexuses}) == 6
    assert len({n["place"]["fr"] for n in nexuses}) == 6
    nodes = {n: engine.state.node_point(n) for n in engine.state.board.node_card}
    by_words = {n["place"]["en"]: nodes[n["nodes"][0]] for n in nexuses}
    assert set(by_words) == {f"the first card, {side}" for side in
                             ("top left", "left", "bottom left", "top right", "right", "bottom right")}
    top_left, bottom_right = by_words["the first card, top left"], by_words["the first card, bottom right"]
    assert top_left[0] < bottom_right[0] and top_left[1] < bottom_right[1]
    assert by_words["the first card, left"][0] < by_words["the first card, right"][0]
    assert "la première carte, en haut à gauche" in {n["place"]["fr"] for n in nexuses}


def test_a_nexus_alone_on_its_cards_keeps_its_plain_name():
    engine = create_game("nexus", {})
    engine.apply({"type": "setup", "players": ["Ann", "Bob"], "first_card": "ex-cross-1"})
    assert [n["place"] for n in readable(engine.summary())["nexuses"]] == [{"cards": [0]}]
    assert [w.to_json() for w in engine.state.nexus_names().values()] == [
        {"en": "the first card", "fr": "la première carte"}]
