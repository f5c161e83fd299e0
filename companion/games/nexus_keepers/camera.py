"""What the camera's settled board means to Nexus Keepers (the mat: ``table_layout.py``).

Camera cells are the mat's ``[col, row]``, so a game played with the camera is set up from the camera's board
(``setup_from_board``), and its keepers' cells are read at the end of each turn (``positions_from_board``). A
keeper on a cell boundary is never guessed: the turn's positions are then left to the phone.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Text
from companion.words import of_fr, plural_en, plural_fr

from .board import PlacementError, cube_from_spec, shared_edges
from .places import tile_words
from .state import ON_BOARD, GameState
from .table_layout import MAX_PLAYERS, TILES


def is_camera_board(pieces: Mapping[str, Any]) -> bool:
    """A board from table vision (name -> {"kind", "cell", "status", ...}) rather than keeper -> [x, y]."""
    return bool(pieces) and all(isinstance(v, Mapping) and "kind" in v for v in pieces.values())


def positions_from_board(state: GameState, pieces: Mapping[str, Any]) -> tuple[dict[str, Any] | None, str]:
    """The ``positions`` event the board shows for this turn, or (None, why not). Keeper N is the N-th player
    of the setup; a keeper the camera saw taken away (gone) has left the board; one covered keeps its cell."""
    if state.turn.phase != "rolling":
        return None, "not during a rolled turn"
    keepers: dict[str, Any] = {}
    for n, player in enumerate(state.players.values(), start=1):
        if player.status != ON_BOARD:
            continue
        seen = pieces.get(f"keeper-{n}")
        if seen is None:
            return None, f"the camera has not seen keeper-{n} ({player.id})"
        if seen.get("status") == "gone":
            keepers[player.id] = None
        elif seen.get("uncertain") or seen.get("cell") is None:
            return None, f"the camera cannot tell which cell keeper-{n} ({player.id}) is in"
        else:
            keepers[player.id] = list(seen["cell"])
    current = {p.id: list(p.cell) for p in state.players.values() if p.status == ON_BOARD}
    if keepers == current:
        return None, "no keeper moved"
    return {"type": "positions", "keepers": keepers}, ""


def camera_names(state: GameState, pieces: Mapping[str, Any]) -> dict[str, Text]:
    """The keepers and tiles on the camera's board as players call them, keeper N and tiles N-t being the N-th
    player's: "Ana's keeper on the volcano" (« gardien d'Ana sur le volcan ») once the tiles are in play, or "off the
    tiles"; a tile by its name alone. Before the setup, by the player's number: "player 1's tile 2", never
    the sticker's "tile-1-2"."""
    players = list(state.players) if state.set_up else []
    out = {}
    for n in range(1, max(len(players), max((_player_of(s) for s in pieces), default=0)) + 1):
        pid, de = (players[n - 1], of_fr(players[n - 1])) if n <= len(players) else (f"player {n}", f"du joueur {n}")
        named = {f"keeper-{n}": (f"{pid}'s keeper", f"gardien {de}")}
        named.update({f"tile-{n}-{t}": (f"{pid}'s tile {t}", f"tuile {t} {de}") for t in range(1, TILES + 1)})
        for sticker, (en, fr) in named.items():
            seen = pieces.get(sticker)
            if not isinstance(seen, Mapping):
                continue
            cell = seen.get("cell")
            cell = (cell[0], cell[1]) if isinstance(cell, (list, tuple)) and seen.get("status") != "gone" else None
            if cell is None or not state.board.cubes or not sticker.startswith("keeper"):
                out[sticker] = Text(en, fr)
            elif cell not in state.board.tiles:
                out[sticker] = Text(f"{en} off the tiles", f"{fr} hors des tuiles")
            else:
                out[sticker] = Text(f"{en} on {tile_words(state.board, cell, 'en')}",
                                    f"{fr} sur {tile_words(state.board, cell, 'fr')}")
    return out


def _player_of(sticker: str) -> int:
    """The player number in a keeper's or tile's sticker ("keeper-2", "tile-2-4"), 0 for any other."""
    parts = str(sticker).split("-")
    return int(parts[1]) if parts[0] in ("keeper", "tile") and len(parts) > 1 and parts[1].isdigit() else 0


def setup_from_board(pieces: Mapping[str, Any], players: list[str],
                     min_shared_edges: int = 2) -> tuple[list[dict[str, Any]], list[Text]]:
    """Each player's cube as the camera sees it (tiles in the mat's cells, Starting Tile first, the Portal on the
    side its sticker faces), and the problems, in words for players: a tile missing or doubtful, a cube the rules
    refuse."""
    if not 2 <= len(players) <= MAX_PLAYERS:
        return [], [Text(f"the mat holds 2 to {MAX_PLAYERS} players' tiles",
                         f"le tapis porte les tuiles de 2 à {MAX_PLAYERS} joueurs")]
    cubes, problems = [], []
    placed: list = []
    for n, pid in enumerate(players, start=1):
        tiles = []
        for t in range(1, TILES + 1):
            sticker = f"tile-{n}-{t}"
            seen = pieces.get(sticker)
            if seen is None or seen.get("status") == "gone" or seen.get("cell") is None:
                problems.append(Text(f"{sticker} ({pid}'s tile {t}) is not on the mat",
                                     f"{sticker} (tuile {t} {of_fr(pid)}) n’est pas sur le tapis"))
            elif seen.get("uncertain"):
                problems.append(Text(f"{sticker} ({pid}'s tile {t}) lies across two cells",
                                     f"{sticker} (tuile {t} {of_fr(pid)}) est à cheval sur deux cases"))
            else:
                tiles.append(list(seen["cell"]))
        start = pieces.get(f"tile-{n}-1") or {}
        if len(tiles) != TILES:
            continue
        if start.get("facing") is None or start.get("facing_uncertain"):
            problems.append(Text(f"cannot tell which side of {pid}'s Starting Tile its Portal is on",
                                 f"impossible de dire de quel côté de la Tuile de départ {of_fr(pid)} est sa Porte"))
            continue
        spec = {"tiles": tiles, "portal": start["facing"]}
        try:
            cube = cube_from_spec(pid, spec)
        except PlacementError as exc:
            problems.append(Text(exc.en, exc.fr))
            continue
        if placed:
            edges = shared_edges(cube.tiles, [c for other in placed for c in other.tiles])
            if edges < min_shared_edges:
                problems.append(Text(f"{pid}'s cube shares {edges} {plural_en(edges, 'edge')} with the tiles in "
                                     f"play; it needs {min_shared_edges}",
                                     f"le cube {of_fr(pid)} touche les tuiles en jeu par {edges} "
                                     f"{plural_fr(edges, 'bord')} ; il en faut {min_shared_edges}"))
            behind = [other.player for other in placed if other.behind_portal in cube.tiles]
            behind += [pid for other in placed if cube.behind_portal in other.tiles]
            if behind:
                who = ", ".join(sorted(set(behind)))
                problems.append(Text(f"a tile lies just behind a Portal ({who})",
                                     f"une tuile se trouve juste derrière une Porte ({who})"))
        placed.append(cube)
        cubes.append({"id": pid, "cube": spec})
    return cubes, problems
