"""The whole Nexus game state: players, deck, played cards, counters, closed Nexuses, scores.

The board graph is not stored: it is rebuilt from the played cards (``board``), and an engine keeps
recent boards so loading a state it has just seen costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.core import Text
from companion.words import listed, plural_en, plural_fr

from .cards import Card, card_name
from .graph import Board
from .grid import Placement
from . import places

CARD, COUNTER, OVER = "card", "counter", "over"
# where on its cards a Nexus lies, by thirds of their box (row, column), for Nexuses whose cards alone read alike;
# the phone has these words too, by key (nx-strings.js, "nx.side.<key>")
SIDES = {(0, 0): "top_left", (0, 1): "top", (0, 2): "top_right", (1, 0): "left", (1, 1): "middle", (1, 2): "right",
         (2, 0): "bottom_left", (2, 1): "bottom", (2, 2): "bottom_right"}
SIDE_WORDS = {"top_left": Text("top left", "en haut à gauche"), "top": Text("top", "en haut"),
              "top_right": Text("top right", "en haut à droite"), "left": Text("left", "à gauche"),
              "middle": Text("middle", "au milieu"), "right": Text("right", "à droite"),
              "bottom_left": Text("bottom left", "en bas à gauche"), "bottom": Text("bottom", "en bas"),
              "bottom_right": Text("bottom right", "en bas à droite")}
MOST_CARDS = 3  # a Nexus is named by the first cards it runs across, then how many more
COLOURS = ("red", "blue", "green", "yellow")


@dataclass
class GameState:
    players: list[str]
    colours: dict[str, str]
    cards: dict[str, Card]
    deck: list[str]  # cards not yet played; top first when ``deck_order`` is "top_first"
    deck_order: str = "unknown"
    placements: list[Placement] = field(default_factory=list)
    counters: dict[str, str] = field(default_factory=dict)  # node id -> player
    closed: list[dict] = field(default_factory=list)  # one record per closed Nexus, in closing order
    scores: dict[str, int] = field(default_factory=dict)
    turn: int = 0  # index into players
    turn_number: int = 1
    phase: str = CARD
    outcome: dict | None = None
    cards_json: list | None = None
    board: Board | None = None
    memo: dict = field(default_factory=dict, repr=False, compare=False)  # the engine's cache: ``words`` keeps its own

    @property
    def player(self) -> str:
        return self.players[self.turn]

    def node_point(self, nid: str) -> tuple[float, float]:
        """Where node ``nid`` ("card:name") of a played card lies on the board, in half-card units."""
        placement = self.board.placements[self.board.node_card[nid]]
        return placement.board_point(self.cards[placement.card].nodes[nid.split(":", 1)[1]])

    def label(self, card_id: str, lang: str = "en") -> str:
        """A card as players call it: its name less a note in brackets ("Chain", not "ex-chain-5"); copies of a
        design are alike, so who played a card tells them apart (``placed``)."""
        return card_label(self.cards, card_id, lang)

    def words(self) -> list[Text]:
        """Every card down as players point at it, in the order played: "the first card", "Bob's Fork" (``places``);
        worked out once per board (a verdict, the summary, the Nexus names and each legal() all ask): the engine's
        cache keeps boards, and these words with them."""
        said = self.memo.get("said")
        if said is None or said[0] is not self.board or said[1] != self.players:
            names = [Text(self.label(p.card), self.label(p.card, "fr")) for p in self.board.placements]
            said = self.memo["said"] = (self.board, list(self.players), places.card_phrases(self.players, names))
        return said[2]

    def placed(self, card_id: str, lang: str = "en") -> str:
        """A card on the board as players find it: "Bob's Fork" ("la Fourche de Bob"), "the first card"."""
        index = next(i for i, p in enumerate(self.board.placements) if p.card == card_id)
        return self.words()[index].get(lang)

    def where(self, placement: Placement, skip: int | None = None) -> Text:
        """Where a card lies or would lie, from the cards down: "east of Bob's Fork, reaching north" (``places``)."""
        return places.where(placement, self.board.placements, self.words(), skip)

    def node_place(self, nid: str, lang: str = "en") -> str:
        """The played card a node lies on, as ``placed`` says it."""
        return self.words()[self.board.node_card[nid]].get(lang)

    def nexus_places(self) -> dict[str, dict[str, Any]]:
        """Every Nexus on the board (id -> where it lies, what its words are made of, as the phone gets it):
        ``cards``, the board indexes of the first cards it runs across, in the order played ("the first card and Bob's
        Fork"); ``more``, how many more cards, if any. Where two Nexuses would read alike (a card's separate networks:
        "the first card" six times), ``side``: where on those cards it lies (a key of ``SIDE_WORDS``: "the first card,
        top left"), and ``count`` only if that is alike too."""
        out: dict[str, dict[str, Any]] = {}
        alike: dict[tuple, list] = {}
        for nexus in sorted(self.board.nexuses().values(), key=lambda n: n.id):
            at = sorted({self.board.node_card[n] for n in nexus.nodes})
            place = out[nexus.id] = {"cards": at[:MOST_CARDS]}
            if len(at) > MOST_CARDS:
                place["more"] = len(at) - MOST_CARDS
            alike.setdefault((tuple(place["cards"]), place.get("more")), []).append(nexus)
        for group in alike.values():
            if len(group) < 2:
                continue
            sides = {n.id: self._side(n.nodes) for n in group}
            for nexus in group:
                same = [n.id for n in group if sides[n.id] == sides[nexus.id]]
                out[nexus.id]["side"] = SIDES[sides[nexus.id]]
                if len(same) > 1:
                    out[nexus.id]["count"] = same.index(nexus.id) + 1
        return out

    def place_words(self, place: Mapping[str, Any], words: list[Text] | None = None) -> Text:
        """A Nexus's place (``nexus_places``) in words: "the first card, Bob's Fork and 2 more cards", "the first
        card, top left (2)". ``words``: ``self.words()``, when already in hand."""
        words = self.words() if words is None else words

        def say(lang: str) -> str:
            names = [words[k].get(lang) for k in place["cards"]]
            more = place.get("more")
            if more:
                names.append(f"{more} {plural_fr(more, 'autre carte', 'autres cartes')}" if lang == "fr" else
                             f"{more} more {plural_en(more, 'card')}")
            text = listed(names, lang)
            if "side" in place:
                text += f", {SIDE_WORDS[place['side']].get(lang)}"
            return text + (f" ({place['count']})" if "count" in place else "")
        return Text(say("en"), say("fr"))

    def nexus_names(self) -> dict[str, Text]:
        """Every Nexus on the board (id -> its words in English and French), as the verdicts and the phone say it."""
        words = self.words()
        return {nid: self.place_words(place, words) for nid, place in self.nexus_places().items()}

    def _side(self, nodes) -> tuple[int, int]:
        """Which third of its cards' box (row, column) the middle of a Nexus's nodes lies in, as the phone draws."""
        cells = [c for k in {self.board.node_card[n] for n in nodes} for c in self.board.placements[k].cells()]
        x0, y0 = min(c[0] for c in cells), min(c[1] for c in cells)
        x1, y1 = max(c[0] for c in cells) + 1, max(c[1] for c in cells) + 1
        points = [self.node_point(n) for n in nodes]
        fx = (sum(p[0] for p in points) / len(points) - x0) / (x1 - x0)
        fy = (sum(p[1] for p in points) / len(points) - y0) / (y1 - y0)
        return min(int(fy * 3), 2), min(int(fx * 3), 2)

    def closed_nodes(self) -> set[str]:
        return {n for record in self.closed for n in record["nodes"]}

    def left_of(self, player: str, steps: int = 1) -> str:
        """Play proceeds to the left: the players list is the seating order, first player first."""
        return self.players[(self.players.index(player) + steps) % len(self.players)]

    def to_json(self) -> dict[str, Any]:
        if self.cards_json is None:
            self.cards_json = [c.to_json() for c in self.cards.values()]
        return {
            "players": list(self.players), "colours": dict(self.colours), "cards": self.cards_json,
            "deck": list(self.deck), "deck_order": self.deck_order,
            "placements": [p.to_json() for p in self.placements], "counters": dict(self.counters),
            "closed": [dict(r) for r in self.closed], "scores": dict(self.scores), "turn": self.turn,
            "turn_number": self.turn_number, "phase": self.phase, "outcome": self.outcome,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], cache: dict | None = None) -> "GameState":
        """``cache`` (kept by the engine) reuses parsed cards and built boards when the cards are the same object."""
        cache = {} if cache is None else cache
        if cache.get("cards_json") is not data["cards"]:
            cache.update(cards_json=data["cards"], cards={c["id"]: Card.from_json(c) for c in data["cards"]},
                         boards={})
        cards = cache["cards"]
        placements = [Placement.from_json(p) for p in data["placements"]]
        state = cls(list(data["players"]), dict(data["colours"]), cards, list(data["deck"]), data["deck_order"],
                    placements, dict(data["counters"]), [dict(r) for r in data["closed"]], dict(data["scores"]),
                    data["turn"], data["turn_number"], data["phase"], data["outcome"], data["cards"])
        state.board = build_board(cards, placements, cache["boards"])
        state.memo = cache
        return state


def card_label(cards: Mapping[str, Card], card_id: str, lang: str = "en") -> str:
    """``GameState.label`` before there is a game: a card's name less its note (in ``lang``), or its id."""
    card = cards.get(card_id)
    return card_name(card, lang) if card is not None else card_id


def build_board(cards: Mapping[str, Card], placements: list[Placement], boards: dict) -> Board:
    """The board for these placements, from ``boards`` (placements tuple -> Board) when already built."""
    key = tuple(placements)
    if key not in boards:
        board = boards.get(key[:-1]) if key else None
        if board is None:
            board = Board(cards)
            for placement in placements:
                board = board.plus(placement)
        else:
            board = board.plus(key[-1])
        remember(boards, board)
    return boards[key]


def remember(boards: dict, board: Board, keep: int = 4) -> None:
    """Keep the last few boards (undo, legal() and refused events load the previous state again)."""
    boards[board.placements] = board
    while len(boards) > keep:
        boards.pop(next(iter(boards)))
