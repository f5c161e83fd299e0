"""Several action tiles on one monster in one turn: a rule the engine kept without a test until the rule-book audit."""

from __future__ import annotations

from hex_helpers import game, roll, side


def test_a_monster_under_several_actions_adds_them_all_and_pays_each():
    """« Les joueurs peuvent lancer autant d'actions qu'ils veulent au cours d'un tour de jeu, mais ils doivent avoir
    suffisamment d'étoiles dans leur fonds pour les payer. Ainsi, un carreau personnage ou un carreau monstre peuvent
    être sous l'effet de plus d'une action. »"""
    engine = game("advanced", options={"starting_stars": 3},
                  a_tiles=side("A", "d1", {"a1": "c1", "a2": "e1"}), b_tiles=side("B", "d9", {"b1": "c9", "b2": "e9"}),
                  a_actions=["setting_sun", "earth_fist"], b_actions=["setting_sun", "earth_fist"])
    state = engine.state
    state.pieces["a1"].cell, state.pieces["b1"].cell = state.arena.parse("d4"), state.arena.parse("d6")
    engine._reset_history()
    for kind in ("setting_sun", "earth_fist"):  # 1 star, then 2: the fund of 3 pays both
        engine.apply({"type": "launch", "player": "A", "action": kind, "target": "a1"})
    assert state.get_player("A").stars == 0
    engine.apply({"type": "move", "tile": "a1", "path": ["d5"]})
    roll(engine, "red")                                    # a1: 1 printed + 1 element + 3 + 7 = 12
    verdicts = roll(engine, "purple")                      # b1: 6 printed + 1 element = 7
    assert "+10 actions" in verdicts[1].message.en and "a1 wins" in verdicts[1].message.en
