"""The setup event: each player's tiles, where they stand, the action tiles in hand, who starts.

« Chaque joueur place son carreau personnage sur une case de départ grise à une
extrémité de l'arène. » « En début de jeu, les carreaux monstres ne doivent pas
être placés à plus de 2 cases du carreau personnage »
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from companion.core import Verdict
from companion.words import listed, of_fr, plain_name

from . import rules
from .arena import NORTH, SOUTH, Arena, distance
from .glossary import kind
from .state import ADVANCED, BEGINNER, GameState, Piece, Player
from .tiles import CHARACTER, MONSTER, resolve_tile


def home_facing(side: int) -> int:
    """« le trou dans le haut de chaque carreau doit être orienté dans le sens opposé au propriétaire du carreau »"""
    return NORTH if side == 0 else SOUTH


def start_cells(arena: Arena, options: Mapping[str, Any]) -> list[list[str]]:
    given = options["start_cells"]
    if not given:
        return [arena.default_start_cells(0), arena.default_start_cells(1)]
    if len(given) != 2 or not all(isinstance(s, list) and s for s in given):
        raise ValueError("option 'start_cells' must list two lists of cell names (first player's end, then the other)")
    return [[arena.name(arena.parse(c)) for c in side] for side in given]


def arena_options(event: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """The mat may be described in the setup event (``"arena": {"columns", "rows", "start_cells"}``)."""
    mat = event.get("arena", {})
    if not isinstance(mat, Mapping) or set(mat) - {"columns", "rows", "start_cells"}:
        raise ValueError('"arena" may give "columns", "rows" and "start_cells"')
    return {**options, "arena_columns": mat.get("columns", options["arena_columns"]),
            "arena_rows": mat.get("rows", options["arena_rows"]),
            "start_cells": mat.get("start_cells", options["start_cells"] if not mat else [])}


def setup_game(event: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[GameState, list[Verdict]]:
    options = arena_options(event, options)
    if not all(isinstance(options[k], int) and not isinstance(options[k], bool)
               for k in ("arena_columns", "arena_rows")):
        raise ValueError('"arena" columns and rows are whole numbers')
    arena = Arena(options["arena_columns"], options["arena_rows"])
    colours = list(options["colours"])
    level = event.get("level", options["level"])
    if level not in (BEGINNER, ADVANCED):
        raise ValueError('"level" must be "beginner" or "advanced"')
    entries = event["players"]
    if not isinstance(entries, list) or len(entries) != 2:
        raise ValueError('"players" must list the two players, the one at row 1 first')
    state = GameState(arena, colours, level, [], {}, start_cells(arena, options))
    for side, entry in enumerate(entries):
        pid = str(entry["id"])
        if any(p.id == pid for p in state.players):
            raise ValueError(f"player {pid!r} is listed twice")
        if level == BEGINNER and entry.get("stars"):
            raise rules.Illegal(rules.SETUP_STARS, "Stars are used only at the advanced level",
                                "Les étoiles ne servent qu’au niveau avancé", [pid])
        stars = entry.get("stars", options["starting_stars"]) if level == ADVANCED else 0
        if not isinstance(stars, int) or isinstance(stars, bool) or stars < 0:
            raise ValueError(f'"stars" of {pid} must be a whole number >= 0')
        player = Player(pid, side, stars=stars)
        state.players.append(player)
        _place_tiles(state, player, entry["tiles"])
        _hand(state, player, entry.get("actions", []), level)
    _check_counts(state, level)
    first = event.get("first", state.players[0].id)
    state.current = [p.id for p in state.players].index(state.get_player(first).id)
    names = " and ".join(p.id for p in state.players)
    return state, [rules.info(rules.SETUP, f"{level.capitalize()} game set up for {names}; {first} moves first",
                              f"Partie niveau {'débutant' if level == BEGINNER else 'avancé'} en place pour "
                              f"{names.replace(' and ', ' et ')} ; {first} commence", [p.id for p in state.players])]


def _place_tiles(state: GameState, player: Player, tiles: Any) -> None:
    if not isinstance(tiles, list) or not tiles:
        raise ValueError(f'"tiles" of {player.id} must list the character and the monsters with their cells')
    arena, pid = state.arena, player.id
    pieces = []
    for t in tiles:
        tile = resolve_tile(t["tile"], state.colours)
        tid = str(t.get("id", tile.id))
        if tid in state.pieces:
            raise ValueError(f"tile id {tid!r} is used twice: give each tile its own \"id\"")
        cell = arena.parse(t["cell"])
        there = state.occupant(cell)
        piece = Piece(tid, tile, pid, cell, home_facing(player.side))
        state.pieces[tid] = piece
        pieces.append(piece)
        if there is not None:
            (a_en, a_fr), (b_en, b_fr), name = state.labels(there), state.labels(piece), arena.name(cell)
            raise rules.Illegal(rules.SETUP, f"{a_en} and {b_en} are both on {name}",
                                f"{a_fr} et {b_fr} sont tous deux en {name}", [pid])
    characters = [p for p in pieces if p.tile.kind == CHARACTER]
    if len(characters) != 1:
        names = [state.labels(c) for c in characters]
        en, fr = (f"has {len(names)} character tiles ({listed(n[0] for n in names)})",
                  f"a {len(names)} carreaux personnages ({listed((n[1] for n in names), 'fr')})") if names else \
            ("has no character tile", "n’a aucun carreau personnage")
        raise rules.Illegal(rules.SETUP_EQUAL, f"{pid} {en}: exactly one each", f"{pid} {fr} : exactement un chacun",
                            [pid])
    character = characters[0]
    who_en, who_fr = state.labels(character)
    grey = state.start_cells[player.side]
    if arena.name(character.cell) not in grey:
        raise rules.Illegal(rules.SETUP_START, f"{who_en}, {pid}'s character, must stand on a grey starting cell at "
                            f"its end ({', '.join(grey)})", f"{who_fr}, le personnage de {pid}, doit être sur une case "
                            f"de départ grise de son côté ({', '.join(grey)})", [pid])
    for monster in pieces:
        if monster.tile.kind == MONSTER and distance(monster.cell, character.cell) > 2:
            en, fr = state.labels(monster)
            raise rules.Illegal(rules.SETUP_RANGE, f"{en} is more than 2 cells from {who_en}, {pid}'s character",
                                f"{fr} est à plus de 2 cases {of_fr(who_fr)}, le personnage de {pid}", [pid])
    tiles = {p.tile.id: p.tile for p in pieces if p.tile.kind == MONSTER}
    same = [tiles[t] for t, n in Counter(p.tile.id for p in pieces if p.tile.kind == MONSTER).items() if n > 2]
    if same and state.level == ADVANCED:
        raise rules.Illegal(rules.SETUP_IDENTICAL, f"{pid} has more than two {plain_name(same[0].named())} tiles",
                            f"{pid} a plus de deux carreaux {plain_name(same[0].named('fr'))}", [pid])


def _hand(state: GameState, player: Player, actions: Any, level: str) -> None:
    if level == BEGINNER:
        if actions:
            raise rules.Illegal(rules.SETUP_ACTIONS, "Action tiles are played only at the advanced (collection) "
                                "level: the beginner level needs the starter set alone",
                                "Les carreaux actions ne se jouent qu’au niveau avancé (jeu de collection) : le "
                                "niveau débutant ne demande que le Coffret de départ", [player.id])
        return
    if isinstance(actions, int) and not isinstance(actions, bool) and actions >= 0:
        player.hand, player.hand_count = None, actions   # hidden hand: only the count is known
        return
    if not isinstance(actions, list):
        raise ValueError('"actions" must list action tile kinds, or give their number to keep the hand hidden')
    kinds = [kind(a).id for a in actions]
    too_many = [k for k, n in Counter(kinds).items() if n > 2]
    if too_many:
        named = kind(too_many[0])
        raise rules.Illegal(rules.SETUP_IDENTICAL, f"{player.id} has more than two {named.en} action tiles",
                            f"{player.id} a plus de deux carreaux actions {named.fr}", [player.id])
    player.hand, player.hand_count = kinds, len(kinds)


def _check_counts(state: GameState, level: str) -> None:
    """« À tour de rôle, les joueurs choisissent des carreaux monstres jusqu'à ce qu'ils en aient un nombre égal. »"""
    monsters = [sum(1 for p in state.pieces.values() if p.owner == pl.id and p.tile.kind == MONSTER)
                for pl in state.players]
    if monsters[0] != monsters[1]:
        raise rules.Illegal(rules.SETUP_EQUAL, f"The players must have as many monsters each ({monsters[0]} and "
                            f"{monsters[1]})", f"Les joueurs doivent avoir autant de monstres chacun ({monsters[0]} et "
                            f"{monsters[1]})")
    if level == ADVANCED and state.players[0].hand_count != state.players[1].hand_count:
        raise rules.Illegal(rules.SETUP_EQUAL, "The players must have as many action tiles each",
                            "Les joueurs doivent avoir autant de carreaux actions chacun")
