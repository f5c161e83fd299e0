"""A turn: play the drawn card, score what it closes, place one counter; and the setup before it.

Events carry what a camera or a phone can see: a card id with its cell and rotation, a counter on
a node. The engine never draws: the event says which card was drawn (or, with a known deck order,
checks it is the top one).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from companion.core import Text, Verdict, verdict
from companion.referee.engine import EventError
from companion.words import colour_fr, listed, of_fr, plural_en, plural_fr

from . import places, rules
from .cards import ROTATIONS, TURNS, resolve_deck
from .grid import Placement, open_spots
from .places import capital
from .scoring import node_value, score_closed, standing, tied
from .state import CARD, COLOURS, COUNTER, OVER, GameState, build_board, card_label, remember

SNAP = 0.3  # a counter seen within this many half-card units of a node is on that node


def _int(event: Mapping[str, Any], key: str) -> int:
    value = event.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EventError(f'"{key}" must be a whole number of half-card units, got {value!r}')
    return value


def _rotation(event: Mapping[str, Any]) -> int:
    value = event.get("rotation", 0)
    if value not in ROTATIONS or isinstance(value, bool):
        raise EventError(f'"rotation" must be one of {list(ROTATIONS)} (degrees clockwise), got {value!r}')
    return value


def setup_game(event: Mapping[str, Any], options: Mapping[str, Any], cache: dict) -> tuple[GameState, list[Verdict]]:
    raw_players = event.get("players")
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 4:
        raise EventError('"players" must list 2 to 4 players in seating order, first player first')
    players, colours = [], {}
    for p in raw_players:
        name, colour = (p.get("name"), p.get("colour", "")) if isinstance(p, Mapping) else (p, "")
        if not isinstance(name, str) or not name or not isinstance(colour, str):
            raise EventError(f"a player is a name or {{\"name\", \"colour\"}}, got {p!r}")
        players.append(name)
        colours[name] = colour.strip()
    if len(set(players)) != len(players):
        raise EventError("player names must be different")
    _colour_counters(players, colours)
    try:
        deck = resolve_deck(event.get("deck", "example"))
    except ValueError as exc:
        raise EventError(str(exc)) from None
    order = event.get("deck_order", "unknown")
    if order not in ("unknown", "top_first"):
        raise EventError('"deck_order" must be "unknown" (read each card as it is drawn) or "top_first"')
    cards = {c.id: c for c in deck}
    first = event.get("first_card", deck[0].id if order == "top_first" else None)
    if first not in cards:
        raise EventError(f'"first_card" must name a card of the deck, got {first!r}')
    if order == "top_first" and first != deck[0].id:
        top = _top_card(cards, deck[0].id, first)
        raise rules.Illegal(rules.CARD_TOP, f"The first card must be the top card, {top.en}",
                            f"La première carte doit être celle du dessus, {top.fr}")
    if len(deck) < 2:
        raise EventError("a deck needs at least 2 cards")
    cache.clear()
    state = GameState(players, colours, cards, [c.id for c in deck if c.id != first], order,
                      scores={p: 0 for p in players})
    state.placements = [Placement(first, 0, 0, _rotation({"rotation": event.get("first_rotation", 0)}))]
    state.board = build_board(cards, state.placements, cache.setdefault("boards", {}))
    cache.update(cards_json=state.to_json()["cards"], cards=cards)
    state.memo = cache
    out = [rules.info(rules.SETUP, f"{len(players)} players ({', '.join(players)}); {len(deck)} cards; "
                      f"{state.label(first)} starts the board; {players[0]} plays first",
                      f"{len(players)} joueurs ({', '.join(players)}) ; {len(deck)} cartes ; "
                      f"{state.label(first, 'fr')} "
                      f"commence le plateau ; {players[0]} joue en premier", players)]
    out += _close_new(state, options)
    return state, out


def _colour_counters(players: list[str], colours: dict[str, str]) -> None:
    """« Give each player about 20 stones or counters of a different color. »: a player named with no colour takes
    the default of their seat (red, blue, green, yellow), or the first one no other player has; two players with
    one colour (in any case) are refused."""
    said = [colours[p].casefold() for p in players if colours[p]]
    same = sorted({c for c in said if said.count(c) > 1})
    if same:
        who = [p for p in players if colours[p].casefold() == same[0]]
        both, tous = ("both", "tous deux") if len(who) == 2 else ("all", "tous")
        raise rules.Illegal(rules.SETUP_COLOURS, f"{listed(who)} {both} have {same[0]} counters",
                            f"{listed(who, 'fr')} ont {tous} des pions {colour_fr(same[0], plural=True)}", who)
    taken = set(said)
    for seat, player in enumerate(players):
        if not colours[player]:
            free = [c for c in (COLOURS[seat], *COLOURS) if c not in taken]
            colours[player] = free[0]
            taken.add(free[0])


def _top_card(cards, top_id: str, card_id: str) -> Text:
    """The top card as a refusal names it against the card shown: by design ("Chain, not Fork"), or for another copy
    of the same design "another Fork, not this one"; players see no ids, nor where a face-down card lies."""
    top = Text(card_label(cards, top_id), card_label(cards, top_id, "fr"))
    shown = Text(card_label(cards, card_id), card_label(cards, card_id, "fr"))
    if top.en == shown.en:
        return places.another_copy(top.en, top.fr)
    return Text(f"{top.en}, not {shown.en}", f"{top.fr}, pas {shown.fr}")


def _check_player(state: GameState, event: Mapping[str, Any]) -> None:
    player = event.get("player")
    if player is not None and player != state.player:
        if player not in state.players:
            raise EventError(f"unknown player {player!r} (players: {', '.join(state.players)})")
        raise rules.Illegal(rules.TURN_ORDER, f"It is {state.player}'s turn, not {player}'s",
                            f"C’est au tour {of_fr(state.player)}, pas {of_fr(player)}", [player])


def play_card(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any], cache: dict) -> list[Verdict]:
    card_id = event.get("card")
    if card_id is None and state.deck_order == "top_first":
        card_id = state.deck[0]
    if not isinstance(card_id, str):
        raise EventError('"card" must name the card played')
    placement = Placement(card_id, _int(event, "x"), _int(event, "y"), _rotation(event))
    _check_player(state, event)
    if state.phase != CARD:
        raise rules.Illegal(rules.TURN_PHASE, f"{state.player} has played a card already: place a counter now",
                            f"{state.player} a déjà joué une carte : posez un pion maintenant", [state.player])
    if card_id not in state.cards:
        raise rules.Illegal(rules.CARD_DECK, f"{card_id} is not a card of this deck",
                            f"{card_id} n’est pas une carte de cette pioche")
    if card_id not in state.deck:
        raise rules.Illegal(rules.CARD_DECK, f"{state.placed(card_id)} is already on the board",
                            f"{state.placed(card_id, 'fr')} est déjà sur le plateau")
    if state.deck_order == "top_first" and card_id != state.deck[0]:
        top = _top_card(state.cards, state.deck[0], card_id)
        raise rules.Illegal(rules.CARD_TOP, f"The top card is {top.en}", f"La carte du dessus est {top.fr}")
    card = places.a_card(state.label(card_id), state.label(card_id, "fr"))  # "a Bridge", "un Pont"
    turn = TURNS[placement.rotation]  # "upside down"
    check = state.board.check(placement.x, placement.y, placement.landscape, options["cards_anywhere"])
    if check.problem == "overlap":  # a card on another lies nowhere players could say: told by the card it covers
        covered = state.words()[check.clash]
        raise rules.Illegal(rules.CARD_OVERLAP, f"{capital(card.en)}, {turn.en}, would cover {covered.en}",
                            f"{capital(card.fr)}, {turn.fr}, couvrirait {covered.fr}")
    spot = state.where(placement)  # "east of Bob's Fork"
    laid = Text(f"{card.en} {spot.en}, {turn.en}", f"{card.fr} {spot.fr}, {turn.fr}")
    said = Text(capital(laid.en), capital(laid.fr))  # a refusal's subject: "A Bridge east of Bob's Fork, as printed"
    if check.problem == "basketweave":
        other = state.board.placements[check.clash]
        beside = any(abs(a[0] - b[0]) == 1 for a in placement.cells() for b in other.cells() if a[1] == b[1])
        short = beside == placement.landscape  # lying cards side by side meet by their short edges
        edge, bord = ("short edge to short edge", "petit côté contre petit côté") if short else \
            ("long edge to long edge", "grand côté contre grand côté")
        met = state.words()[check.clash]
        raise rules.Illegal(rules.CARD_BASKETWEAVE, f"{said.en}, would touch {met.en} {edge}",
                            f"{said.fr}, toucherait {met.fr} {bord}")
    if check.problem == "touch":
        raise rules.Illegal(rules.CARD_TOUCH, f"{said.en}, touches no card on the board",
                            f"{said.fr}, ne touche aucune carte du plateau")
    forced = []
    if options["ties_illegal"] and _card_ties(state, placement, options):
        if _tie_free_spot_exists(state, card_id, options):
            raise rules.Illegal(rules.NO_TIES, f"{said.en}, would tie the strongest players of a Nexus",
                                f"{said.fr}, mettrait à égalité les plus forts d’un Nexus")
        forced.append(rules.warning(rules.NO_TIES, f"{capital(card.en)} ties a Nexus wherever it goes: allowed",
                                    f"{capital(card.fr)} crée une égalité partout : autorisé"))
    state.board = state.board.plus(placement)
    remember(cache.setdefault("boards", {}), state.board)
    state.placements.append(placement)
    state.deck.remove(card_id)
    out = [rules.info(rules.CARD_PLAYED, f"{state.player} plays {laid.en}", f"{state.player} pose {laid.fr}",
                      [state.player])] + forced
    if not options["blocked_rod_closes"]:
        for _point in state.board.blocked_ports_of(len(state.placements) - 1):
            down = state.words()[-1]
            out.append(rules.warning(rules.ROD_BLOCKED, f"A rod meets a blank card edge along {down.en}: its Nexus "
                                     "can never close", f"Un connecteur bute sur un bord vide le long "
                                     f"{places.de(down.fr)} : son Nexus ne pourra jamais se fermer"))
    out += _close_new(state, options)
    if state.phase == OVER:
        return out
    if not state.deck:
        return out + _deck_out(state, options)
    state.phase = COUNTER
    if not counter_nodes(state, options):
        out.append(rules.info(rules.COUNTER_NONE, f"No unoccupied node outside the closed Nexuses: {state.player} "
                              "places no counter", f"Aucun nœud libre hors des Nexus fermés : {state.player} ne pose "
                              "pas de pion", [state.player]))
        _next_turn(state)
    return out


def _close_new(state: GameState, options) -> list[Verdict]:
    done = state.closed_nodes()
    closing = [n for n in state.board.nexuses().values()
               if n.closed(options["blocked_rod_closes"]) and n.nodes[0] not in done]
    return score_closed(state, closing, options) if closing else []


def _card_ties(state: GameState, placement: Placement, options) -> bool:
    """Would ``placement`` « create a tie »: join Nexuses into one whose strongest players are tied, none of those
    it joins being tied already? (A tie left standing because every choice made one is not created again.)"""
    board = state.board
    nexuses = board.nexuses()  # a rod running port to port with no node is in no Nexus: nothing to count
    for roots in board.merged_groups(placement):
        if len(roots) < 2:
            continue
        parts = [nexuses[r].nodes for r in roots if r in nexuses]
        if any(tied(standing(nodes, board, state.counters, options)) for nodes in parts):
            continue
        if tied(standing((n for nodes in parts for n in nodes), board, state.counters, options)):
            return True
    return False


def _tie_free_spot_exists(state: GameState, card_id: str, options) -> bool:
    """Whether ``card_id`` has a spot that ties no Nexus. With the variant « allow players to place cards anywhere
    on the table as long as they match the existing grid » it always has: a card touching no card joins nothing."""
    return options["cards_anywhere"] or any(not _card_ties(state, p, options) for p in _open_placements(state, card_id))


def _open_placements(state: GameState, card_id: str) -> Iterator[Placement]:
    """``card_id`` at each open spot touching the board, each way it may turn there."""
    board = state.board
    for spot in open_spots(board.occupied, board.landscape_of):
        for rotation in spot["rotations"]:
            yield Placement(card_id, spot["x"], spot["y"], rotation)


def card_spots(state: GameState, card_id: str, options) -> list[Placement]:
    """Where ``card_id`` may go now touching the board: every open spot, less those that « create a tie » (variant
    ties_illegal) while another creates none. Empty when only a card apart would do (variant cards_anywhere, every
    touching spot tying)."""
    spots = list(_open_placements(state, card_id))
    if not options["ties_illegal"]:
        return spots
    calm = [p for p in spots if not _card_ties(state, p, options)]
    return calm if calm or options["cards_anywhere"] else spots


def counter_nodes(state: GameState, options) -> list[str]:
    """Nodes where the current player may place a counter now (variant: creating no tie, when possible)."""
    if state.phase != COUNTER:
        return []
    closed = state.closed_nodes()
    free = [n for n in state.board.power if n not in state.counters and n not in closed]
    if options["ties_illegal"]:
        standings: dict = {}
        calm = [n for n in free if not counter_ties(state, n, options, standings)]
        return calm or free
    return free


def counter_ties(state: GameState, nid: str, options, standings: dict) -> bool:
    """Would the current player's counter on ``nid`` « create a tie »: tie the strongest players of its Nexus, which
    were not tied before?

    ``standings`` caches each Nexus's standing across calls for one state.
    """
    board = state.board
    nexus = board.nexus_of(nid)
    if nexus.id not in standings:
        standings[nexus.id] = standing(nexus.nodes, board, state.counters, options)
    before = standings[nexus.id]
    after = dict(before)
    after[state.player] = after.get(state.player, 0) + node_value(board, nid, options)
    return tied(after) and not tied(before)


def _node_at(state: GameState, event: Mapping[str, Any]) -> str:
    if "node" in event:
        nid = event["node"]
        if not isinstance(nid, str):
            raise EventError('"node" must be a node id such as "ex-cross-1:a"')
        return nid
    at = event.get("at")
    if (not isinstance(at, list) or len(at) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in at)):
        raise EventError('a counter needs "node" (a node id) or "at" ([x, y] in half-card units)')
    best, dist = None, SNAP
    for nid in state.board.node_card:
        x, y = state.node_point(nid)
        d = ((x - at[0]) ** 2 + (y - at[1]) ** 2) ** 0.5
        if d <= dist:
            best, dist = nid, d
    return best or ""


def place_counter(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any], cache: dict) -> list[Verdict]:
    nid = _node_at(state, event)
    _check_player(state, event)
    who = state.player
    if state.phase != COUNTER:
        raise rules.Illegal(rules.TURN_PHASE, f"{who} must play a card before placing a counter",
                            f"{who} doit jouer une carte avant de poser un pion", [who])
    if nid not in state.board.power:
        raise rules.Illegal(rules.COUNTER_NODE, "There is no node where the counter was put",
                            "Il n’y a pas de nœud là où le pion a été posé", [who])
    if nid in state.counters:
        holder = state.counters[nid]
        raise rules.Illegal(rules.COUNTER_OCCUPIED, f"That node of {state.node_place(nid)} is occupied by {holder}",
                            f"Ce nœud {places.de(state.node_place(nid, 'fr'))} est occupé par {holder}", [who])
    if nid in state.closed_nodes():
        raise rules.Illegal(rules.COUNTER_CLOSED, f"That node of {state.node_place(nid)} is in a closed Nexus",
                            f"Ce nœud {places.de(state.node_place(nid, 'fr'))} est dans un Nexus fermé", [who])
    out = []
    if options["ties_illegal"] and counter_ties(state, nid, options, {}):
        if nid not in counter_nodes(state, options):
            raise rules.Illegal(rules.NO_TIES,
                                f"A counter on that node of {state.node_place(nid)} would tie the strongest players "
                                "of its Nexus", f"Un pion sur ce nœud {places.de(state.node_place(nid, 'fr'))} "
                                "mettrait à égalité les plus forts de son Nexus", [who])
        out.append(rules.warning(rules.NO_TIES, "Every free node ties a Nexus: allowed",
                                 "Chaque nœud libre crée une égalité : autorisé", [who]))
    state.counters[nid] = who
    power = node_value(state.board, nid, options)  # variant: « let each Node be worth only one Power Point »
    out.insert(0, rules.info(rules.COUNTER, f"{who} places a counter on a power-{power} node of "
                             f"{state.node_place(nid)}", f"{who} pose un pion sur un nœud de puissance {power} "
                             f"{places.de(state.node_place(nid, 'fr'))}", [who]))
    _next_turn(state)
    return out


def _next_turn(state: GameState) -> None:
    state.turn = (state.turn + 1) % len(state.players)
    state.turn_number += 1
    state.phase = CARD


def _deck_out(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """The book has no ending for an empty deck, and « To win, you must score at least 10 points. »: once the last
    card is played and scored with no one at the target, no one wins (choice E1); with ``deck_out_most_points``
    the most points win, tied players sharing."""
    best = max(state.scores.values())
    top = [p for p in state.players if state.scores[p] == best]
    if not options["deck_out_most_points"]:
        target = options["target_points"]
        ending = rules.end(rules.DECK_OUT, f"The deck is empty and no one reached {target} "
                           f"{plural_en(target, 'point')}: no one wins",
                           f"La pioche est vide et personne n’a atteint {target} {plural_fr(target, 'point')} : "
                           "personne ne gagne")
    else:
        ending = verdict("win", rules.DECK_OUT, f"The deck is empty and no one reached the target: {listed(top)} "
                         f"{'win' if len(top) > 1 else 'wins'} the game with {best} {plural_en(best, 'point')}",
                         f"La pioche est vide et personne n’a atteint l’objectif : {listed(top, 'fr')} "
                         f"{'gagnent' if len(top) > 1 else 'gagne'} la partie avec {best} {plural_fr(best, 'point')}", top)
    state.outcome = ending.to_json()
    state.phase = OVER
    return [ending]
