"""Cards as data: the typed format, power values, rotation, and the example deck marked as such."""

from __future__ import annotations

import pytest

from companion.games.nexus.cards import PORTS, Card, example_deck, resolve_deck, rotate

from nexus_helpers import BAR, CAPS, card


def test_the_example_deck_is_marked_as_an_example_everywhere():
    deck = example_deck()
    assert len(deck) == 54 and len({c.id for c in deck}) == 54
    assert all(c.example and "(example card)" in c.name and c.id.startswith("ex-") for c in deck)


def test_power_value_is_the_number_of_connectors_attached():
    """“The “Power Value” of each Node is equal to the number of Connectors attached to it. These Values range
    between 1 and 4.”"""
    bar = Card.from_json(card("bar", 1))
    assert (bar.power("a"), bar.power("b")) == (2, 2)
    cross = next(c for c in example_deck() if c.id == "ex-cross-1")
    assert (cross.power("a"), cross.power("b")) == (4, 4)
    five = {"id": "x", "nodes": {"a": [4, 2], "b": [3, 1]},
            "connectors": [["a", "L"], ["a", "R"], ["a", "TL"], ["a", "BR"], ["a", "b"]]}
    with pytest.raises(ValueError, match="range between 1 and 4"):
        Card.from_json(five)
    lonely = {"id": "x", "nodes": {"a": [4, 2], "b": [3, 1]}, "connectors": [["a", "L"]]}
    with pytest.raises(ValueError, match="node 'b' has 0 connectors"):
        Card.from_json(lonely)


@pytest.mark.parametrize("bad, message", [
    ({"id": "x", "nodes": {"a": [0, 2]}, "connectors": [["a", "L"]]}, "strictly inside"),
    ({"id": "x", "nodes": {"a": [4, 2]}, "connectors": [["a", "Q"]]}, "neither a node nor a port"),
    ({"id": "x", "nodes": {"a": [4, 2], "b": [5, 1]}, "connectors": [["a", "L"], ["b", "L"]]}, "carries two rods"),
    ({"id": "x", "nodes": {"L": [4, 2]}, "connectors": [["L", "R"]]}, "not a port name"),
    ({"id": "x", "nodes": {"a": [4, 2]}, "connectors": [["a", "a"]]}, "to itself"),
    ({"id": "", "nodes": {"a": [4, 2]}, "connectors": [["a", "L"]]}, "id"),
    ({"id": "x", "nodes": {"a": "here"}, "connectors": [["a", "L"]]}, r"\[x, y\]"),
    ({"id": "x", "nodes": {"a": [4, 2]}, "connectors": []}, "connectors"),
])
def test_a_mistyped_card_is_refused_with_the_reason(bad, message):
    with pytest.raises(ValueError, match=message):
        Card.from_json(bad)


def test_a_typed_card_round_trips_with_its_bends():
    data = {"id": "mine", "name": "My card", "nodes": {"a": [2, 2], "b": [6, 2]},
            "connectors": [["a", [4, 1], "b"], ["a", "L"], ["b", "R"]]}
    typed = Card.from_json(data)
    assert typed.connectors[0].bends == ((4, 1),) and not typed.example
    assert Card.from_json(typed.to_json()) == typed


def test_decks_mix_example_ids_and_typed_cards_and_refuse_repeats():
    deck = resolve_deck(["ex-cross-1", CAPS | {"id": "c"}])
    assert [c.id for c in deck] == ["ex-cross-1", "c"] and not deck[1].example
    with pytest.raises(ValueError, match="unique"):
        resolve_deck([BAR | {"id": "b"}, BAR | {"id": "b"}])
    with pytest.raises(ValueError, match="unknown card"):
        resolve_deck(["nope"])


def test_rotation_turns_clockwise_and_keeps_ports_on_the_half_card_grid():
    assert rotate(PORTS["R"], 90) == (2, 8)          # the right short edge ends up at the bottom
    assert rotate(PORTS["TL"], 90) == (4, 2)         # the top edge ends up on the right
    assert rotate(PORTS["L"], 180) == (8, 2)
    assert rotate(PORTS["TL"], 270) == (0, 6)
    for rotation in (0, 90, 180, 270):
        for point in PORTS.values():
            x, y = rotate(point, rotation)
            assert (x % 4 == 0) != (y % 4 == 0) and (x % 2 == 0 and y % 2 == 0)  # an edge middle of a cell


def test_every_example_card_has_a_rod_at_every_port():
    """So rods of the example deck always meet rods, never a blank edge (docs/rules/nexus.md, choice B1)."""
    for deck_card in example_deck():
        ends = {e for c in deck_card.connectors for e in (c.a, c.b)}
        assert set(PORTS) <= ends, deck_card.id
