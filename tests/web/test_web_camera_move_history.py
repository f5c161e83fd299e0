"""A move the camera saw, as the History screen reads it (/api/history, checked against the API document): the move
the referee took in the engine's words, English and French, like a move made on the phone; a reading the referee
refused is never worded as a move."""

from __future__ import annotations

from companion.core import Observation
from companion.games.hexors.arena import DIRECTION_NAMES
from tests.conftest import NK_TWO_KEEPERS

COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]


def _tile(tid: str, name: str, kind: str = "monster") -> dict:
    tile = {"id": tid, "kind": kind, "name": name, "faces": [{"value": v, "colour": c} for v, c in
                                                              zip((1, 2, 3, 4, 5, 6), COLOURS)]}
    return {**tile, "element": "green"} if kind == "monster" else {**tile, "attack_bonus": 0}


def _side(pid: str, character: str, monsters: dict[str, tuple[str, str]], home: str) -> dict:
    tiles = [{"id": character, "tile": _tile(character, character, "character"), "cell": home}]
    tiles += [{"id": tid, "tile": _tile(tid, name), "cell": cell} for tid, (name, cell) in monsters.items()]
    return {"id": pid, "tiles": tiles}


SETUP = {"type": "setup", "players": [_side("A", "Yugi", {"a1": ("Kaiba", "c1"), "a2": ("Mai", "e1")}, "d1"),
                                      _side("B", "Joey", {"b1": ("Bakura", "c9"), "b2": ("Pegasus", "e9")}, "d9")]}


def _seen(service, **moved) -> Observation:
    """The camera's board as table vision gives it (mat [col, row from the top], facing "N".."NW"): every tile where
    the referee has it, but those ``moved``."""
    state = service.table.memory.engine.state
    tiles = {}
    for piece in state.on_arena():
        cell = state.arena.parse(moved[piece.id]) if piece.id in moved else piece.cell
        name = state.arena.name(cell)
        tiles[piece.id] = {"kind": "tile", "cell": [ord(name[0]) - ord("a"), state.arena.rows - int(name[1:])],
                           "facing": DIRECTION_NAMES[piece.facing], "status": "seen"}
    return Observation(pieces=tiles, source="camera")


def test_a_move_the_camera_saw_reads_as_the_move_the_referee_took(player, service):
    assert player.post("/api/game", {"game": "hexors"}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200

    service.table.observe(_seen(service, a1="c2"))
    last = player.history()[-1]
    assert last["event"]["type"] == "positions" and last["source"] == "camera" and last["in_force"]
    assert last["camera_move"] == {"en": "Kaiba advances to c2", "fr": "Kaiba avance en c2"}


def test_a_camera_reading_the_referee_refused_is_not_worded_as_a_move(player, service):
    assert player.post("/api/game", {"game": "hexors"}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200

    service.table.observe(_seen(service, a1="c5"))  # no legal move takes Kaiba from c1 to c5
    last = player.history()[-1]
    assert last["event"]["type"] == "positions" and not last["in_force"]
    assert [v["kind"] for v in last["verdicts"]] == ["illegal"] and last["camera_move"] is None
    assert "camera_move" not in player.history()[0]  # the phone's setup: not the camera's pieces


def test_a_nexus_keepers_move_the_camera_saw_reads_as_the_move_the_referee_explained(player, service):
    """The keepers' cells the camera saw settled are read at the end of the turn: their entry says the move."""
    assert player.post("/api/game", {"game": "nexus-keepers", "players": ["A", "B"]}).status_code == 201
    assert player.post("/api/events", {"event": NK_TWO_KEEPERS}).status_code == 200
    assert player.post("/api/roll", {"dice": [{"value": v} for v in (1, 1, 2, 2, 3)]}).status_code == 200  # move 1

    board = {"keeper-1": {"kind": "keeper", "cell": [1, 0], "status": "seen"},  # A stepped from [0, 0]
             "keeper-2": {"kind": "keeper", "cell": [4, 1], "status": "seen"}}
    service.table.observe(Observation(pieces=board, source="camera"))
    assert player.post("/api/events", {"event": {"type": "end_turn"}}).status_code == 200
    seen = next(e for e in player.history() if e["event"]["type"] == "positions")
    assert seen["source"] == "camera" and seen["in_force"]
    assert seen["camera_move"] == {"en": "A moves east onto the plain", "fr": "A avance vers l’est sur la plaine"}
