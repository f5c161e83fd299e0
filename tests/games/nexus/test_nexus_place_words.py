"""Nexus places in the players' words: verdicts, outcomes, Nexus names and camera names never show a grid pair.

The phone draws no coordinates and the deck holds six alike copies of each design, so "Fork at (0, 0)" told players
nothing; a card is told by the cards already down ("a Bridge east of Bob's Fork"), in English and French.
"""

from __future__ import annotations

import json
import re

import pytest

from companion.games.nexus.camera import board_mm, camera_names
from companion.games.nexus.table_layout import ORIGIN
from companion.referee import create_game

from nexus_helpers import EXAMPLES

PAIR = re.compile(r"[(\[]\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*[)\]]")  # "(2, -1)", "[0.5, 1]"
NEXUS_EXAMPLES = sorted(p.name for p in EXAMPLES.glob("nexus-*.jsonl") if not p.name.startswith("nexus-keepers"))
FACING = {0: "N", 90: "E", 180: "S", 270: "W"}
CARD_ID = re.compile(r"\bex-[a-z]+-\d")
# where a card lies in the face-down deck: "3rd from the top of the deck", "la 3e à partir du dessus de la pioche"
DECK_PLACE = re.compile(r"\b\d+(st|nd|rd|th|er|re|e)\b|from the top|à partir du dessus|(of the|in the) deck|"
                        r"(de|dans) la pioche")


def texts_of(verdicts) -> list[str]:
    return [t for v in verdicts for t in (v.message.en, v.message.fr)]


def seen_by_camera(state) -> dict:
    """Every played card as table vision would report its sticker, and one more not yet played, beside the first."""
    pieces = {p.card: {"kind": "card", "status": "seen", "cell": [p.x + ORIGIN[0], p.y + ORIGIN[1]],
                       "facing": FACING[p.rotation]} for p in state.placements}
    if state.deck:
        pieces[state.deck[-1]] = {"kind": "card", "status": "seen", "cell": [ORIGIN[0] - 1, ORIGIN[1] - 1],
                                  "facing": "E"}
    return pieces


def refused_placements(engine) -> list[str]:
    """The refusals a misplaced card gets now (on a card, touching nothing, short edge to short edge), and, where the
    deck's order is known, another copy of the top card's design played instead of it: the engine changes nothing
    for them."""
    state = engine.state
    if state.phase != "card" or not state.deck:
        return []
    last = state.placements[-1]
    far = max(abs(p.x) + abs(p.y) for p in state.placements) + 9
    tries = [(state.deck[0], last.x, last.y, last.rotation), (state.deck[0], far, far, 0),
             (state.deck[0], last.x + 2, last.y, 0) if last.landscape else (state.deck[0], last.x, last.y + 2, 90)]
    copies = [c for c in state.deck[1:] if state.label(c) == state.label(state.deck[0])]
    if state.deck_order == "top_first" and copies:
        tries.append((copies[-1], far, far, 0))
    before = engine.state_json()
    out = []
    for card, x, y, rotation in tries:
        verdicts = engine.apply({"type": "play_card", "card": card, "x": x, "y": y, "rotation": rotation})
        out += texts_of(verdicts)
        assert engine.state_json() == before, "a refused card changed the game"
    return out


@pytest.mark.parametrize("name", NEXUS_EXAMPLES)
def test_no_grid_pair_in_any_text_of_the_example_games(name):
    """Every verdict, outcome, Nexus name and camera name of the example games, in English and French, after each
    step, and the refusals a misplaced card or another copy of the top card would get at each card turn: no "(x, y)"
    and no card id anywhere."""
    engine = create_game("nexus")
    found: list[str] = []
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        found += texts_of(engine.apply(json.loads(line)))
        state = engine.state
        found += [t for words in state.nexus_names().values() for t in (words.en, words.fr)]  # the summary's places
        if state.outcome:
            found += [state.outcome["message"], state.outcome.get("message_fr", "")]
        found += [t for words in camera_names(engine.state, seen_by_camera(engine.state)).values()
                  for t in (words.en, words.fr)]
        found += refused_placements(engine)
    assert len(found) > 500
    pairs = [t for t in found if PAIR.search(t)]
    assert not pairs, pairs[:5]
    ids = [t for t in found if CARD_ID.search(t)]  # "Fork (ex-fork-3)": players see no card ids
    assert not ids, ids[:5]
    # a face-down card's place, said to every phone and the hall (the book's sentence after " — " says "top card of
    # the deck" and stays)
    places = [t for t in found if DECK_PLACE.search(t.split(" — ")[0])]
    assert not places, places[:5]
    if "two-players" in name:  # its deck's order is known: copies of the top card's design were played instead
        assert any(", not this one —" in t for t in found) and any(", pas celle-ci —" in t for t in found)



def example_game(options=None):
    engine = create_game("nexus", options or {})
    engine.apply({"type": "setup", "players": ["Ann", "Bob"], "first_card": "ex-cross-1"})
    return engine


def lay(engine, card_id, x, y, rotation):
    """Play a card and, when it is accepted, the first counter the referee allows; the card's verdict."""
    verdicts = engine.apply({"type": "play_card", "card": card_id, "x": x, "y": y, "rotation": rotation})
    if engine.state.phase == "counter":
        engine.apply({"type": "place_counter", "node": engine.legal_counters()[0]})
    return verdicts[0].message


def test_a_card_is_told_by_the_side_of_the_card_it_meets_and_who_played_that_one():
    """“Take the top card of the deck and play it face up onto the board.” — and the table hears where:
    the side of the card it meets, how it lines up along that side, that card by whoever played it."""
    engine = example_game()
    first = lay(engine, "ex-bridge-1", 2, -1, 90)  # standing against the first card's east edge, higher up
    assert (first.en, first.fr) == (
        "Ann plays a Bridge east of the first card, reaching north, turned a quarter to the right",
        "Ann pose un Pont à l’est de la première carte, dépassant vers le nord, tournée d’un quart à droite")
    second = lay(engine, "ex-fork-1", 3, -1, 0)  # lying against the Bridge's upper half
    assert (second.en, second.fr) == ("Bob plays a Fork east of Ann's Bridge, at its north end, as printed",
                                      "Bob pose une Fourche à l’est du Pont d’Ann, à son bout nord, à l’endroit")
    third = lay(engine, "ex-bridge-2", 0, -2, 270)
    assert third.en == "Ann plays a Bridge north of the first card, at its west end, turned a quarter to the left"


def test_two_alike_cards_of_one_player_are_told_apart_by_the_turn_they_were_played():
    """Six copies of each design: once Ann has two Bridges down, each is "the Bridge Ann played on turn n"."""
    engine = example_game()
    lay(engine, "ex-bridge-1", 2, -1, 90)
    lay(engine, "ex-fork-1", 3, -1, 0)
    assert [w.en for w in engine.state.words()] == ["the first card", "Ann's Bridge", "Bob's Fork"]
    lay(engine, "ex-bridge-2", 0, -2, 270)
    words = engine.state.words()
    assert [w.en for w in words] == ["the first card", "the Bridge Ann played on turn 1", "Bob's Fork",
                                     "the Bridge Ann played on turn 3"]
    assert words[1].fr == "le Pont qu’Ann a posé au tour 1" and words[2].fr == "la Fourche de Bob"


def test_a_card_down_is_told_with_the_french_elision_every_other_verdict_uses():
    """French elides "de"/"que" before a name starting with a vowel sound, as companion/words.py says for every
    verdict: "d'Yves" (y before a consonant), but "de Yugi"; Nexus's card words follow that rule, not one of their
    own."""
    from companion.games.nexus.places import card_phrases
    from companion.core import Text

    bridge = Text("Bridge", "Pont")
    said = card_phrases(["Yves", "Yugi"], [bridge, bridge, bridge, bridge, bridge])
    assert said[1].fr == "le Pont qu’Yves a posé au tour 1" and said[2].fr == "le Pont que Yugi a posé au tour 2"
    said = card_phrases(["Yves", "Yugi"], [bridge, bridge, bridge])
    assert said[1].fr == "le Pont d’Yves" and said[2].fr == "le Pont de Yugi"


def test_a_refused_card_is_told_by_its_design_and_turn_never_by_a_square():
    engine = example_game()
    covering = engine.apply({"type": "play_card", "card": "ex-loop-1", "x": 1, "y": 0, "rotation": 0})[0].message
    assert covering.en.startswith("A Loop, as printed, would cover the first card")
    assert covering.fr.startswith("Une Boucle, à l’endroit, couvrirait la première carte")
    apart = engine.apply({"type": "play_card", "card": "ex-hooks-1", "x": 5, "y": 3, "rotation": 0})[0].message
    assert apart.en.startswith("A Hooks card 3 half-cards east and 2 half-cards south of the first card, as printed, "
                               "touches no card on the board")
    assert apart.fr.startswith("Une carte Crochets 3 demi-cartes à l’est et 2 demi-cartes au sud de la première "
                               "carte, à l’endroit, ne touche aucune carte du plateau")


def test_a_card_apart_from_the_others_is_so_many_half_cards_off_a_side():
    """Variant: “allow players to place cards anywhere on the table as long as they match the existing grid”."""
    engine = example_game({"cards_anywhere": True})
    apart = lay(engine, "ex-loop-1", 5, 0, 0)
    assert (apart.en, apart.fr) == ("Ann plays a Loop 3 half-cards east of the first card, as printed",
                                    "Ann pose une Boucle 3 demi-cartes à l’est de la première carte, à l’endroit")


def test_a_counter_the_camera_sees_is_told_by_its_colour_s_player_and_the_card_it_stands_on():
    """The phone's "The camera sees" line tells a counter by whose it is (its colour's player) and the node it
    stands on, not by its spot's id ("spot-1"); before the setup, by its colour alone."""
    engine = example_game()
    lay(engine, "ex-bridge-1", 2, -1, 90)
    node = next(iter(engine.state.counters))
    spots = {"spot-1": {"kind": "spot", "colour": "red", "status": "seen",
                        "mm": list(board_mm(engine.state.node_point(node)))},
             "spot-2": {"kind": "spot", "colour": "purple", "status": "seen", "mm": list(board_mm((9, 9)))}}
    names = camera_names(engine.state, spots)
    where = engine.state.node_place(node)
    assert names["spot-1"].en == f"Ann's counter on {where}" and names["spot-1"].fr.startswith("un pion d’Ann sur ")
    assert (names["spot-2"].en, names["spot-2"].fr) == ("a purple counter", "un pion violet")
    assert camera_names(None, spots)["spot-1"].en == "a red counter"  # before the setup: no player yet


def test_the_summary_names_each_card_once_with_what_the_phone_says_a_card_down_with():
    """The phone titles a zoomed card "Ann's Bridge: tap a free node", not "Bridge": it says each card down from its
    name, the players and its turn (nx-board.js), so a card's words are not sent twice per card in each state."""
    engine = example_game()
    lay(engine, "ex-bridge-1", 2, -1, 90)
    summary, state = engine.summary(), engine.state
    names, labels = summary["names"], summary["labels"]
    in_sight = [c[0] for c in summary["cards"]] + [d[0] for d in summary["drawable"]]  # the face-down deck: none
    assert sorted(labels) == sorted(in_sight) and len(names) == len({(n["en"], n["fr"]) for n in names}) == 9
    for cid in in_sight:
        assert (names[labels[cid]]["en"], names[labels[cid]]["fr"]) == (state.label(cid), state.label(cid, "fr"))
    assert names[labels["ex-bridge-1"]] == {"en": "Bridge", "fr": "Pont", "the_fr": "le Pont", "gender": "m"}
    named = {n["en"]: n for n in names}
    assert named["Split"]["the_fr"] == "l’Embranchement"
    assert named["Six caps"] == {"en": "Six caps", "fr": "Six embouts", "the_fr": "la carte Six embouts",
                                 "gender": "f"}
    assert [c[0] for c in summary["cards"]] == ["ex-cross-1", "ex-bridge-1"]
    assert all(len(c) == 5 for c in summary["cards"])  # id, x, y, rotation, design: no words
    assert [w.fr for w in state.words()] == ["la première carte", "le Pont d’Ann"]  # the_fr, then "d'Ann"
