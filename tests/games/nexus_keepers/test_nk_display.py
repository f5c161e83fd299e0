"""The board summary a phone draws from: cubes, keepers, the dice grouped by what the card gives them."""

from __future__ import annotations


def test_setup_summary_offers_the_shipped_cards_and_terrains(nk):
    from companion.referee import create_game

    summary = create_game("nexus-keepers", {}).summary()
    assert summary["phase"] == "setup"
    ids = [c["id"] for c in summary["setup"]["cards"]]
    assert "example-ember-warden" in ids
    assert {"plain", "volcano", "ice", "water", "mountain"} <= set(summary["setup"]["terrains"])


def test_board_lists_cubes_with_portals_and_keepers_where_they_stand(nk):
    engine = nk.rolled(nk.game(2), "A", [2, 2, 3, 4, 6], positions={"B": "fallen"})
    board = engine.summary()["board"]
    assert board["order"] == ["A", "B"]
    assert [c["portal"] for c in board["cubes"]] == ["W", "E"]
    assert board["cubes"][0]["tiles"][0] == [0, 0]
    keepers = {k["id"]: k for k in board["keepers"]}
    assert keepers["A"]["cell"] == [0, 0] and keepers["A"]["status"] == "board"
    assert keepers["B"]["cell"] is None and keepers["B"]["status"] == "fallen"


def test_dice_groups_follow_the_card(nk):
    """'les résultats de 1 ne correspondent jamais à une action' — and a lone die allows nothing."""
    engine = nk.rolled(nk.game(2), "A", [1, 1, 2, 2, 4])   # Ember Warden: 2 move, 4 push
    groups = {g["value"]: g for g in engine.summary()["dice_groups"]}
    assert groups[1] == {"value": 1, "count": 2, "actions": [], "usable": False, "steps": 1}
    assert groups[2]["actions"] == ["move"] and groups[2]["usable"] and groups[2]["steps"] == 1
    assert groups[4]["actions"] == ["push"] and not groups[4]["usable"]
    assert engine.summary()["reservable"] == [1, 2]
