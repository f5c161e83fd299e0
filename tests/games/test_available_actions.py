"""The phone offers only what the referee accepts: every game's summary lists the actions its buttons send, each
put to the engine itself, and a refused one carries the refusal's words in both languages (issue 53).

Each example game of docs/rules/examples is stepped through; at every step each offered event is applied to a copy of
the game, and it must be refused exactly when the summary says it is not available, for the reason the summary gives.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core import VerdictKind
from companion.games.hexors.actions import BEFORE_TARGET
from companion.games.hexors.glossary import KINDS
from companion.games.nexus.views import readable
from companion.referee.engine import EventError
from companion.referee.offers import expand
from companion.referee.registry import create_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
GAMES = {"nexus-keepers": "nexus-keepers", "tesseract": "tesseract", "hexors": "hexors", "nexus": "nexus"}


def example_steps(name: str):
    """(engine after each accepted event, its summary) through one example game."""
    game = next(g for g in sorted(GAMES, key=len, reverse=True) if name.startswith(g))
    engine = create_game(game, {})
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        engine.apply(json.loads(line))
        yield engine, engine.summary()


def refusal(copy, event):
    """What the referee, on a copy of the game, says to ``event``: None if it accepts it, else the refusal's words."""
    refused = [v for v in copy.legal(event) if v.kind is VerdictKind.ILLEGAL]
    return refused[0].message.to_json() if refused else None


def early_refusal(copy, event):
    """For a Hexors launch offered before its target: the refusal of the level, turn, hand or stars, else None."""
    try:
        refused = [v for v in copy.legal(event) if v.kind is VerdictKind.ILLEGAL]
    except EventError:  # no target given: nothing before the target refused it
        return None
    return refused[0].message.to_json() if refused and refused[0].rule in BEFORE_TARGET else None


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.jsonl") if not p.name.startswith("nexus-t")))
def test_no_refused_action_is_offered_enabled(name):
    offered = 0
    for engine, summary in example_steps(name):
        copy = type(engine).from_snapshot(engine.snapshot())
        for key, offer in expand(summary["available"]).items():
            if key.startswith("launch:") and KINDS[offer["event"]["action"]].target != "none":
                why = early_refusal(copy, offer["event"])  # its target is picked next: what comes before counts
            else:
                why = refusal(copy, offer["event"])
            assert offer["available"] is (why is None), (key, why)
            assert offer["why"] == why, key
            if why is not None:
                assert why["en"] and why["fr"] and why["en"] != why["fr"], key
            offered += 1
    assert offered  # every example has buttons to check


@pytest.mark.parametrize("name", ["nexus-two-players.jsonl", "nexus-three-players.jsonl"])
def test_nexus_offers_only_nodes_and_squares_the_referee_takes(name):
    """Nexus' phone offers the nodes of ``legal_counters`` and, for the card drawn, each way of the ringed squares of
    ``card_spots``: each is accepted. (Its summary lists no other button: ``available`` is empty.)"""
    counters = cards = 0
    for engine, sent in example_steps(name):
        assert expand(sent["available"]) == {}
        summary = readable(sent)  # as the phone reads it: nodes by id, spots and drawable cards as objects
        copy = type(engine).from_snapshot(engine.snapshot())
        for node in summary["legal_counters"]:
            assert refusal(copy, {"type": "place_counter", "player": summary["player"], "node": node}) is None, node
            counters += 1
        if summary["drawable"]:
            card = summary["drawable"][0]["id"]
            for spot in summary["card_spots"]:
                for rotation in spot["rotations"]:
                    event = {"type": "play_card", "player": summary["player"], "card": card, "x": spot["x"],
                             "y": spot["y"], "rotation": rotation}
                    assert refusal(copy, event) is None, event
                    cards += 1
    assert counters and cards


def board_taps(name, engine, summary):
    """The events the phone's board sends from lists outside ``available`` (web/js/views/games): a Hexors tile moved
    along one of ``legal_moves``, a duel's die colour tapped for the player who rolls next; a Nexus Keepers keeper
    moved to an outcome of /api/legal-moves, the cubes put back as ``reconnect_suggestion`` says."""
    if name.startswith("hexors"):
        events = [{"type": "move", "tile": m["tile"], "path": m["path"]} for m in summary.get("legal_moves") or []]
        duel = summary.get("duel")
        if duel and not duel["choose_opponent"] and len(duel["rolls"]) < 2:
            events += [{"type": "roll", "colour": c, "player": duel["next_roll_by"]} for c in summary["colours"]]
        return events
    events = [{"type": "positions", "keepers": m["positions"]} for m in engine.legal_moves()]
    if summary.get("reconnect_suggestion"):
        events.append({"type": "reconnect", "cubes": summary["reconnect_suggestion"]})
    return events


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.jsonl") if p.name.startswith(("hexors",
                                                                                                        "nexus-k"))))
def test_every_move_the_board_offers_is_accepted(name):
    """Hexors' ringed cells and colour keys and Nexus Keepers' ringed squares are drawn from the summary's lists, not
    from ``available``: at every step of the example game each event they would send is accepted by the referee."""
    kinds = set()
    for engine, summary in example_steps(name):
        copy = type(engine).from_snapshot(engine.snapshot())
        for event in board_taps(name, engine, summary):
            assert refusal(copy, event) is None, event
            kinds.add(event["type"])
    assert kinds >= ({"move", "roll"} if name.startswith("hexors") and "cannot" not in name else
                     {"move"} if name.startswith("hexors") else {"positions"}), kinds


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("tesseract-*.jsonl")))
def test_every_choice_a_tesseract_event_offers_is_accepted(name):
    """An event being resolved (a row bonus, a shield) is answered on the phone by tapping one of its ``columns`` or
    ``colors`` (web/js/views/games/tess-resolve.js): each, with the example's other answers, is accepted."""
    engine = create_game("tesseract", {})
    tried = 0
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        waiting = engine.summary().get("waiting")  # none before the setup
        if waiting and event["type"] == "resolve":
            item, copy = waiting[0], type(engine).from_snapshot(engine.snapshot())
            for key, choices in (("column", item.get("columns") or []), ("color", item.get("colors") or [])):
                if key in item["needs"] and key in event:
                    for choice in choices:
                        assert refusal(copy, {**event, key: choice}) is None, (item["event"], key, choice)
                        tried += 1
        engine.apply(event)
    assert tried


def test_hexors_offers_an_action_tile_only_when_it_can_be_paid_for_and_played_now():
    """« Les joueurs peuvent lancer autant d'actions qu'ils veulent au cours d'un tour de jeu, mais ils doivent avoir
    suffisamment d'étoiles dans leur fonds pour les payer. » A launch the stars or the hand cannot pay is shown disabled
    with the reason; one that can stays live until its target is picked."""
    reasons = set()
    live = 0
    for engine, summary in example_steps("hexors-advanced-win.jsonl"):
        for key, offer in expand(summary["available"]).items():
            if key.startswith("launch:"):
                live += offer["available"]
                if not offer["available"]:
                    reasons.add(offer["why"]["en"])
    assert live and any(" costs " in r for r in reasons), reasons


def test_tesseract_end_actions_is_disabled_with_actions_left_and_a_fourth_action_too():
    """« Lors de la phase Action, effectuez 3 actions au choix. »"""
    reasons_end, reasons_fourth = set(), set()
    for engine, summary in example_steps("tesseract-win.jsonl"):
        available = expand(summary["available"])
        if summary["phase"] != "action" or summary["pending"]:  # outside it, before a prime: the free plays only
            assert all(key.startswith(("capacity:", "play:research:")) for key in available), list(available)
            continue
        if summary["actions_left"] and summary["confined"] == 24:
            assert available["end_actions"]["available"]  # the full board wins at once (choice E2)
        elif summary["actions_left"]:
            reasons_end.add(available["end_actions"]["why"]["en"])
            assert not available["end_actions"]["available"]
        else:
            takes = [offer for key, offer in available.items() if key.startswith(("take:", "calibrate:", "give:"))]
            assert takes and not any(offer["available"] for offer in takes)
            reasons_fourth |= {offer["why"]["en"] for offer in takes}
    assert any("3 actions to take" in r for r in reasons_end) and any("1 action to take" in r for r in reasons_end)
    assert any("already taken 3 actions" in r for r in reasons_fourth)


def test_tesseract_take_into_a_full_lab_is_disabled_with_the_reason():
    """« Prenez un cube amovible du Tesseract et placez-le sur un emplacement vide de votre fiche Labo »"""
    from companion.games.tesseract import Tesseract

    engine = Tesseract({"lab_slots": 3})
    setup = json.loads((EXAMPLES / "tesseract-win.jsonl").read_text(encoding="utf-8").splitlines()[0])
    engine.apply(setup)
    me = engine.summary()["scientist"]
    while len(engine.summary()["labs"][me]) < 3:
        column = engine.summary()["removable"][0]
        assert expand(engine.summary()["available"])[f"take:{column}"]["available"]
        engine.apply({"type": "take", "column": column})
    available = expand(engine.summary()["available"])
    column = engine.summary()["removable"][0]
    assert me == "Ada"
    full = {"en": "Ada's lab has no empty slot", "fr": "Le labo d’Ada est plein"}
    assert available[f"take:{column}"] == {"event": {"type": "take", "column": column}, "available": False, "why": full}


def test_tesseract_a_column_that_cannot_be_taken_from_says_why():
    engine = create_game("tesseract", {})
    engine.apply(json.loads((EXAMPLES / "tesseract-win.jsonl").read_text(encoding="utf-8").splitlines()[0]))
    summary = engine.summary()
    blocked = [c["column"] for c in summary["tower"] if c["height"] and not c["removable"]]
    assert blocked
    for column in blocked:
        offer = expand(summary["available"])[f"take:{column}"]
        assert not offer["available"] and "is not removable" in offer["why"]["en"], offer


def test_nexus_keepers_keeps_no_die_of_a_double_the_turn_spent():
    """« À la fin de votre tour, vous pouvez placer un dé d’un double non utilisé sur la réserve de votre
    personnage. »"""
    seen = []
    for engine, summary in example_steps("nexus-keepers-full-game.jsonl"):
        for value in summary.get("reservable", []):
            seen.append(expand(summary["available"])[f"reserve:{value}"])
    assert any(o["available"] for o in seen)
    assert any(not o["available"] and "was needed for this turn's actions" in o["why"]["en"] for o in seen)


@pytest.mark.parametrize("name", ["tesseract-win.jsonl", "nexus-keepers-full-game.jsonl"])
def test_asking_what_is_available_leaves_the_game_as_it_was(name):
    """The summary puts every offer to the referee; the state it then reads must still be the game's."""
    for engine, summary in example_steps(name):
        state, snapshot = engine.state, engine.snapshot()
        assert engine.summary() == summary
        assert engine.state is state and engine.snapshot() == snapshot


def test_the_phone_is_sent_each_refusal_reason_once():
    """``available`` as the summary sends it: the many offers refused for one reason (actions spent) name it once."""
    engine = create_game("tesseract")
    for line in (EXAMPLES / "tesseract-breach-loss.jsonl").read_text().splitlines()[:82]:  # its largest state
        engine.apply(json.loads(line))
    sent = engine.summary()["available"]
    assert expand(sent) == engine.available_actions()
    refused = [item for item in sent["offers"].values() if len(item) > 1]
    assert len(refused) > 40 and len(sent["why"]) == len({json.dumps(why) for why in sent["why"]}) < 5


def test_a_rule_book_sentence_quoted_by_many_refusals_is_sent_once():
    """Hexors' launches refused for want of stars each quote the one sentence on paying for actions."""
    engine = create_game("hexors")
    for line in (EXAMPLES / "hexors-advanced-win.jsonl").read_text().splitlines()[:23]:  # its largest state
        engine.apply(json.loads(line))
    sent = engine.summary()["available"]
    assert expand(sent) == engine.available_actions()
    text = json.dumps(sent, ensure_ascii=False)
    assert len(sent["quotes"]) == len(set(sent["quotes"])) and all(text.count(q) == 1 for q in sent["quotes"])
    assert sum("«#" in why["en"] for why in sent["why"]) >= 4
