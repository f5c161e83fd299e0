"""What the phone's Hexors board view draws from: the setup choices and a duel's strike values by colour."""

from __future__ import annotations

from companion.games.hexors.display import near_cells
from companion.games.hexors.arena import Arena
from companion.referee import create_game

from hex_helpers import game, put
from hex_helpers import side as tiles_of


def test_setup_choices_offer_the_mat_its_grey_cells_and_where_monsters_may_start():
    """« les carreaux monstres ne doivent pas être placés à plus de 2 cases du carreau personnage »"""
    setup = create_game("hexors", {}).summary()["setup"]
    assert setup["start_cells"] == [["c1", "d1", "e1"], ["c9", "d9", "e9"]]
    assert len(setup["arena"]["cells"]) == 7 * 9
    assert {c["cell"] for c in setup["arena"]["cells"] if c["start_side"] == 1} == {"c9", "d9", "e9"}
    # d1's neighbours first, those on row 1 before the others; nothing beyond 2 cells, never d1 itself
    assert setup["near"]["d1"][:5] == ["c1", "e1", "c2", "d2", "e2"]
    assert "d1" not in setup["near"]["d1"] and "d4" not in setup["near"]["d1"] and "d3" in setup["near"]["d1"]
    kinds = [t["kind"] for t in setup["tiles"]]
    assert kinds.count("character") == 2 and kinds.count("monster") == 8 and all(t["example"] for t in setup["tiles"])


def test_near_cells_are_the_cells_within_two_steps():
    arena = Arena(7, 9)
    near = near_cells(arena, "d5", 0)
    assert len(near) == len(set(near)) == 18 and "d5" not in near  # 6 + 12 cells around a cell in the middle
    assert sorted(near[:6]) == ["c5", "c6", "d4", "d6", "e5", "e6"]  # nearest first: its neighbours (test_hexors_arena)


def test_a_setup_built_from_the_choices_is_accepted():
    engine = create_game("hexors", {})
    setup = engine.summary()["setup"]
    chars = [t["id"] for t in setup["tiles"] if t["kind"] == "character"]
    monsters = [t["id"] for t in setup["tiles"] if t["kind"] == "monster"]
    players = []
    for side, (pid, grey) in enumerate((("Ann", "d1"), ("Bob", "d9"))):
        mine = monsters[side * 4:(side + 1) * 4]
        tiles = [{"id": f"c{side}", "tile": chars[side], "cell": grey}]
        tiles += [{"id": f"m{side}{i}", "tile": m, "cell": c}
                  for i, (m, c) in enumerate(zip(mine, setup["near"][grey]))]
        players.append({"id": pid, "tiles": tiles})
    verdicts = engine.apply({"type": "setup", "players": players})
    assert verdicts[0].rule == "hex.setup" and engine.summary()["turn"] == "Ann"


def test_a_pending_duel_spells_out_both_strike_values_for_every_colour():
    engine = game()
    put(engine, a1="d4", b1="d6")
    engine.apply({"type": "move", "tile": "a1", "path": ["d5"]})
    duel = engine.summary()["duel"]
    parts = duel["strike_parts"]
    assert set(parts) == {"attacker", "defender"}
    for side in ("attacker", "defender"):
        assert {c: p["total"] for c, p in parts[side].items()} == duel["strike_by_colour"][side]
    assert parts["attacker"]["purple"] == {"printed": 6, "total": 6}  # its side and colour are where it stands


def test_a_tile_is_said_trapped_chained_or_the_target_of_actions_only_when_it_is():
    """Every live event carries every tile: a free tile leaves ``trapped``, ``chained`` and ``effects`` out, a held
    one names them (the arena draws it trapped or chained)."""
    engine = game("advanced", options={"starting_stars": 9, "energy_trap_duration": "until_disarmed"},
                  a_tiles=tiles_of("A", "d1", {"a1": "c1", "a2": "e1"}),
                  b_tiles=tiles_of("B", "d9", {"b1": "c9", "b2": "e9"}),
                  a_actions=["energy_trap", "divine_chain"], b_actions=["disarm", "zombie"])
    tiles = {t["id"]: t for t in engine.summary()["tiles"]}
    assert not any({"trapped", "chained", "effects"} & set(t) for t in tiles.values())
    engine.apply({"type": "launch", "player": "A", "action": "energy_trap", "target": "b1"})
    engine.apply({"type": "launch", "player": "A", "action": "divine_chain", "target": "b2"})
    tiles = {t["id"]: t for t in engine.summary()["tiles"]}
    assert tiles["b1"]["trapped"] is True and "chained" not in tiles["b1"]
    assert tiles["b1"]["effects"] == ["A-energy_trap-1"]
    assert tiles["b2"]["chained"] is True and "trapped" not in tiles["b2"]
    assert tiles["b2"]["effects"] == ["A-divine_chain-2"]  # the launches' count names it
    assert not any({"trapped", "chained", "effects"} & set(tiles[t]) for t in ("a1", "a2"))
