"""The board as a graph: nodes, connectors, and the Nexuses they form across cards.

Book: « A “Nexus” is a set of contiguous Nodes and Connectors. When every Connector in a Nexus leads
to a Node, the Nexus is “closed.” » A rod that reaches a card edge continues through the port into the
card on the other side; a port where a rod waits for a card that is not there yet is an *open end*.
A rod that meets a blank edge of a played card is *blocked*: it never reaches a node, so by default
its Nexus stays open for good (option ``blocked_rod_closes``).

A ``Board`` is built card by card and never changed afterwards: ``plus`` gives a new board, so an
engine can keep the board of an earlier state and reuse it when that state is loaded again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .cards import Card
from .grid import Placement, card_ports, check_placement, port_cells

NodeId = str  # "<card id>:<node name>"


def node_id(card: str, name: str) -> NodeId:
    return f"{card}:{name}"


@dataclass(frozen=True)
class Nexus:
    """One connected set of nodes and connectors, with what the rules need to know about it."""

    id: str  # its first node id, sorted
    nodes: tuple[NodeId, ...]
    open_ends: int  # ports where a rod waits for a card
    blocked_ends: int  # ports where a rod meets a blank card edge

    def closed(self, blocked_rod_closes: bool) -> bool:
        return self.open_ends == 0 and (blocked_rod_closes or self.blocked_ends == 0)


@dataclass
class Board:
    cards: Mapping[str, Card]
    placements: tuple[Placement, ...] = ()
    occupied: dict = field(default_factory=dict)  # cell -> placement index
    landscape_of: list = field(default_factory=list)
    power: dict = field(default_factory=dict)  # node id -> connectors attached
    node_card: dict = field(default_factory=dict)  # node id -> placement index
    ports: dict = field(default_factory=dict)  # lattice point -> [element ids of the rods through it]
    parent: dict = field(default_factory=dict)  # union-find over node ids and port points
    _nexuses: dict | None = None

    # -- building -------------------------------------------------------------------
    def plus(self, placement: Placement) -> "Board":
        """A new board with one more card (placement already checked)."""
        board = Board(self.cards, self.placements + (placement,), dict(self.occupied), list(self.landscape_of),
                      dict(self.power), dict(self.node_card), {k: list(v) for k, v in self.ports.items()},
                      dict(self.parent))
        board._add(placement)
        return board

    def _add(self, placement: Placement) -> None:
        index = len(self.placements) - 1
        card = self.cards[placement.card]
        for cell in placement.cells():
            self.occupied[cell] = index
        self.landscape_of.append(placement.landscape)
        ports = card_ports(placement)
        for name in card.nodes:
            nid = node_id(card.id, name)
            self.power[nid] = card.power(name)
            self.node_card[nid] = index
            self.parent[nid] = nid
        for conn in card.connectors:
            ends = []
            for end in (conn.a, conn.b):
                if end in card.nodes:
                    ends.append(node_id(card.id, end))
                else:
                    point = ports[end]
                    self.ports.setdefault(point, []).append(card.id)
                    self.parent.setdefault(point, point)
                    ends.append(point)
            self._union(*ends)
        self._nexuses = None

    def _find(self, item):
        parent = self.parent
        root = item
        while parent[root] != root:
            root = parent[root]
        while parent[item] != root:
            parent[item], item = root, parent[item]
        return root

    def _union(self, a, b) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self.parent[ra] = rb

    # -- reading --------------------------------------------------------------------
    def root_of(self, nid: NodeId):
        return self._find(nid)

    def port_state(self, point) -> str:
        """'joined' (a rod on both sides), 'open' (no card across yet) or 'blocked' (a blank edge across)."""
        if len(self.ports[point]) == 2:
            return "joined"
        a, b = port_cells(point)
        return "blocked" if a in self.occupied and b in self.occupied else "open"

    def nexuses(self) -> dict:
        """Root -> Nexus, for every connected set holding at least one node."""
        if self._nexuses is None:
            nodes: dict = {}
            for nid in self.power:
                nodes.setdefault(self._find(nid), []).append(nid)
            ends: dict = {}
            for point in self.ports:
                state = self.port_state(point)
                if state != "joined":
                    counts = ends.setdefault(self._find(point), [0, 0])
                    counts[state == "blocked"] += 1
            out = {}
            for root, members in nodes.items():
                members.sort()
                open_ends, blocked = ends.get(root, (0, 0))
                out[root] = Nexus(members[0], tuple(members), open_ends, blocked)
            self._nexuses = out
        return self._nexuses

    def nexus_of(self, nid: NodeId) -> Nexus:
        return self.nexuses()[self._find(nid)]

    def blocked_ports_of(self, index: int) -> list[tuple[int, int]]:
        """Ports of the card at ``index`` where a rod meets a blank edge, either way."""
        placement = self.placements[index]
        out = []
        for cell in placement.cells():
            for point in self.ports:
                if cell in port_cells(point) and self.port_state(point) == "blocked":
                    out.append(point)
        return sorted(set(out))

    def check(self, x: int, y: int, landscape: bool, anywhere: bool):
        return check_placement(self.occupied, self.landscape_of, x, y, landscape, anywhere)

    def merged_groups(self, placement: Placement) -> list[set]:
        """Without building it: the existing roots each connected piece of ``placement``'s card would join.

        Used to foresee ties (variant) and to rank card spots cheaply; each set holds the roots of
        existing Nexuses that would become one.
        """
        card = self.cards[placement.card]
        ports = card_ports(placement)
        local: dict = {}

        def find(item):
            while local.get(item, item) != item:
                item = local[item]
            return item

        touched: dict = {}
        for conn in card.connectors:
            a, b = (("n", e) if e in card.nodes else ("p", e) for e in (conn.a, conn.b))
            ra, rb = find(a), find(b)
            if ra != rb:
                local[ra] = rb
        for conn in card.connectors:
            for end in (conn.a, conn.b):
                if end not in card.nodes and ports[end] in self.ports:
                    touched.setdefault(find(("p", end)), set()).add(self._find(ports[end]))
        groups: list[set] = []
        for roots in touched.values():
            joined = [g for g in groups if g & roots]
            for g in joined:
                groups.remove(g)
                roots = roots | g
            groups.append(set(roots))
        return groups
