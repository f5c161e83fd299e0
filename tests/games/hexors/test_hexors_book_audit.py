"""Rules found by reading the book sentence by sentence against the engine: each test quotes the sentence it checks."""

from __future__ import annotations

from hex_helpers import game, kinds, put, roll, rules_of, side

SMALL = {"arena_columns": 3, "arena_rows": 3, "start_cells": [["a1", "b1", "c1"], ["a3", "b3", "c3"]]}


def move(engine, tile, *path, **extra):
    return engine.apply({"type": "move", "tile": tile, "path": list(path), **extra})


def launch(engine, player, action, **extra):
    return engine.apply({"type": "launch", "player": player, "action": action, **extra})


def blocked_advanced(stars: int, b_actions):
    """A 3x3 mat: after A's a1 advances c1 -> c2, B has no free cell it can reach (advanced level)."""
    engine = game("advanced", options={**SMALL, "starting_stars": stars},
                  a_tiles=side("A", "b1", {"a1": "a1", "a2": "c1", "a3": "a2"}),
                  b_tiles=side("B", "b3", {"b1": "a3", "b2": "c3", "b3": "c2"}),
                  a_actions=["disarm"] * len(b_actions), b_actions=b_actions)
    put(engine, A="c3", a1="c1", a2="b2", a3="b1", B="a1", b1="a2", b2="a3", b3="b3")
    return engine


def test_a_blocked_player_whose_stars_pay_for_no_tile_in_hand_loses_at_once():
    """« S'il en est incapable, il perd la partie. » At the advanced level a launch might free a move, but only a tile
    the fund pays for: « ils doivent avoir suffisamment d'étoiles dans leur fonds pour les payer »."""
    engine = blocked_advanced(2, ["zombie"])                     # Zombie costs 3: B cannot launch anything
    verdicts = move(engine, "a1", "c2")
    assert rules_of(verdicts) == ["hex.move.advance", "hex.turn", "hex.move.none", "hex.win"]
    assert engine.state.outcome["loser"] == "B"


def test_a_blocked_player_who_can_pay_for_a_tile_is_warned_then_confirms_the_loss():
    engine = blocked_advanced(1, ["setting_sun"])
    verdicts = move(engine, "a1", "c2")
    assert rules_of(verdicts) == ["hex.move.advance", "hex.turn", "hex.move.none"] and kinds(verdicts)[-1] == "warning"
    assert engine.state.outcome is None
    assert rules_of(engine.apply({"type": "cannot_move"})) == ["hex.move.none", "hex.win"]


def test_a_tile_in_the_discard_pile_is_out_of_play_for_the_rest_of_the_game():
    """« Les carreaux de l'écart sont hors jeu pour le reste de la partie. » Moving one, or aiming an action at it,
    is refused as the rule, not as a malformed event; Genèse alone brings one back."""
    engine = game("advanced", options={"starting_stars": 9}, a_actions=["setting_sun", "genesis"],
                  b_actions=["zombie", "disarm"])
    put(engine, a1=None, b1=None)
    before = engine.state_json()
    for refused in (move(engine, "a1", "c2"), launch(engine, "A", "setting_sun", target="a1"),
                    launch(engine, "A", "setting_sun", target="b1"),
                    launch(engine, "B", "zombie", target="a1")):
        assert rules_of(refused) == ["hex.duel.discard"] and kinds(refused) == ["illegal"]
        assert "Les carreaux de l'écart sont hors jeu pour le reste de la partie." in refused[0].message.fr
    assert engine.state_json() == before
    assert rules_of(launch(engine, "A", "genesis", tile="a1", cell="c2"))[-1] == "hex.action.effect"


def test_genesis_within_two_cells_or_exactly_two_as_the_players_choose():
    """« Ce carreau doit être placé à deux cases de son carreau personnage » — where the book means "within" it says
    so (« les carreaux monstres ne doivent pas être placés à plus de 2 cases du carreau personnage »); read literally,
    « à deux cases » is two cells away: option ``genesis_distance``."""
    def genesis_one_cell_then_two(distance):
        engine = game("advanced", options={"starting_stars": 9, "genesis_distance": distance},
                      a_actions=["genesis", "genesis"], b_actions=["disarm", "disarm"])
        put(engine, a1=None, a2=None)
        return (launch(engine, "A", "genesis", tile="a2", cell="d2"),         # one cell from A (d1)
                launch(engine, "A", "genesis", tile="a1", cell="d3"))         # two cells

    near, far = genesis_one_cell_then_two("within")
    assert rules_of(near)[-1] == rules_of(far)[-1] == "hex.action.effect"
    near, far = genesis_one_cell_then_two("exactly")
    assert kinds(near) == ["illegal"] and rules_of(far)[-1] == "hex.action.effect"
    assert "exactly 2 cells" in near[0].message.en and "à exactement 2 cases" in near[0].message.fr


def test_stars_given_at_the_beginner_level_are_refused_not_dropped():
    """« Pour ce niveau, les 6 ÉTOILES (billes de verre) ne sont pas utilisées, alors mettez-les de côté. »"""
    from companion.referee import create_game
    engine = create_game("hexors")
    players = [{"id": "A", "tiles": side("A", "d1", {}), "stars": 3}, {"id": "B", "tiles": side("B", "d9", {})}]
    refused = engine.apply({"type": "setup", "players": players})
    assert rules_of(refused) == ["hex.setup.stars"] and kinds(refused) == ["illegal"] and engine.state is None
    players[0]["stars"] = 0
    assert rules_of(engine.apply({"type": "setup", "players": players})) == ["hex.setup"]


# -- rules the engine kept without a test ---------------------------------------------------------------------------

def test_one_character_tile_each():
    """« Chacun des deux joueurs doit avoir un carreau personnage et le même nombre de carreaux monstres et de
    carreaux actions. »"""
    from companion.referee import create_game
    from hex_helpers import tile
    engine = create_game("hexors")
    two = side("A", "d1", {"a1": "c1"}) + [{"id": "A2", "tile": tile("A2", kind="character"), "cell": "e1"}]
    none = side("A", "d1", {"a1": "c1", "a2": "e1"})[1:]
    for tiles in (two, none):
        refused = engine.apply({"type": "setup", "players": [{"id": "A", "tiles": tiles},
                                                             {"id": "B", "tiles": side("B", "d9", {"b1": "c9"})}]})
        assert rules_of(refused) == ["hex.setup.equal"] and engine.state is None


def test_every_team_member_gets_the_point_each_time_it_attacks_or_is_attacked():
    """« Tous les membres d'une équipe obtiennent cette prime, indépendamment du nombre de fois qu'ils attaquent ou
    qu'ils sont attaqués. »"""
    engine = game("advanced", a_tiles=side("A", "d1", {"a1": "c1", "a2": "e1", "a3": "c2"}),
                  b_tiles=side("B", "d9", {"b1": "c9", "b2": "e9", "b3": "c8"}))
    put(engine, a1="d4", a3="c5", b1="d6", b2="e6", b3="f6")    # d5 faces a3; b1-b2 and b2-b3 are teams
    move(engine, "a1", "d5", order=["b1", "b2"])
    seen = []
    for _ in range(2):
        roll(engine, "purple"), roll(engine, "red")
        duel = engine.state.last_duel
        seen.append((duel["attacker"]["team"], duel["defender"]["tile"], duel["defender"]["team"]))
    assert seen == [(1, "b1", 1), (1, "b2", 1)]


def test_no_team_point_at_the_beginner_level():
    """« Les carreaux actions ne sont pas les seules nouveautés du jeu de collection. Il y a aussi les primes ÉLÉMENT
    et ÉQUIPE qui augmentent la valeur de frappe des montres. »"""
    engine = game()
    put(engine, a1="d4", a2="c5", b1="d6")
    move(engine, "a1", "d5")
    roll(engine, "red"), roll(engine, "orange")
    assert "team" not in engine.state.last_duel["attacker"] and "element" not in engine.state.last_duel["attacker"]


def test_a_defending_character_adds_its_printed_attack_bonus():
    """« Quand un carreau personnage est impliqué dans un duel, il obtient une prime d'attaque pour carreau
    personnage, qui correspond au chiffre indiqué sur l'envers du carreau. »"""
    engine = game("advanced", b_tiles=side("B", "d9", {"b1": "c9", "b2": "e9"}, bonus=4))
    put(engine, a1="d4", B="d6")
    move(engine, "a1", "d5")
    roll(engine, "purple"), roll(engine, "red")
    defender = engine.state.last_duel["defender"]
    assert defender["character"] == 4 and defender["total"] == 1 + 4


def test_an_action_tile_in_the_arena_neither_attacks_nor_is_attacked():
    """« LES CARREAUX ACTIONS n'attaquent pas comme un carreau personnage ou un carreau monstre, mais provoquent des
    effets magiques qui aident le joueur ou gênent l'action de l'ennemi. »"""
    engine = game("advanced", options={"starting_stars": 9}, a_actions=["mystic_barrier"], b_actions=["disarm"])
    put(engine, b1="d7")
    launch(engine, "A", "mystic_barrier", cell="d5")
    move(engine, "a2", "e2")
    assert rules_of(move(engine, "b1", "d6")) == ["hex.move.advance", "hex.turn"]     # face to face with it: no duel


def test_actions_take_effect_in_the_order_they_are_launched():
    """« Si plusieurs actions sont lancées lors d'un tour de jeu, elles prennent effet l'une après l'autre. Il faut
    les déjouer dans l'ordre dans lequel elles ont été lancées (certaines actions annulent l'effet de celles lancées
    préalablement). »"""
    engine = game("advanced", options={"starting_stars": 9}, a_actions=["star_blast", "setting_sun", "earth_fist"],
                  b_actions=["sandstorm", "disarm", "disarm"])
    put(engine, a1="d4")
    launch(engine, "A", "star_blast", target="a1")
    move(engine, "a2", "e2")                                          # B's turn
    launch(engine, "A", "setting_sun", target="a1")                  # before the Sandstorm: disarmed by it
    launch(engine, "B", "sandstorm")
    launch(engine, "A", "earth_fist", target="a1")                   # after it: stays
    assert [a.id for a in engine.state.in_play()] == ["A-earth_fist-3"]
    assert kinds(launch(engine, "B", "disarm", target="A-earth_fist-4")) == ["illegal"]   # not launched


def test_the_enemy_goes_round_its_own_trapped_monster():
    """« Il devient un mur allié pour le joueur qui a lancé cette action. Ce joueur peut sauter par-dessus le
    monstre. Le joueur ennemi doit le contourner. »"""
    engine = game("advanced", options={"starting_stars": 9, "energy_trap_duration": "until_disarmed"},
                  a_actions=["energy_trap"], b_actions=["disarm"])
    put(engine, b1="d5", b2="d6")
    launch(engine, "A", "energy_trap", target="b1")
    move(engine, "a2", "e2")
    assert rules_of(move(engine, "b2", "d4")) == ["hex.move.jump"]                   # B may not jump its own b1


def test_power_theft_with_nothing_to_steal_is_refused_and_costs_nothing():
    """« Quand cette action est lancée, le joueur vole une Étoile du fonds de l'ennemi et la place dans son fonds. »
    (choice X8: with the enemy's fund empty there is nothing to steal)"""
    engine = game("advanced", options={"starting_stars": 1}, a_actions=["power_theft"], b_actions=["disarm"])
    engine.state.get_player("B").stars = 0
    engine._reset_history()
    refused = launch(engine, "A", "power_theft")
    assert rules_of(refused) == ["hex.action.effect"] and kinds(refused) == ["illegal"]
    assert engine.state.get_player("A").stars == 1 and engine.state.get_player("A").hand == ["power_theft"]


def test_the_fund_has_no_limit():
    """« Il n'y a pas de limite quant au nombre d'étoiles qui peuvent être utilisées. »"""
    engine = game("advanced", options={"starting_stars": 6})
    put(engine, a1="d4", b1="d6")
    move(engine, "a1", "d5")
    roll(engine, "purple"), roll(engine, "red")
    assert engine.state.get_player("A").stars == 7                   # past the box's 6 glass stars


def test_genesis_brings_back_only_a_monster_of_ones_own_discard_pile():
    """« Le joueur peut ramener sur l'arène n'importe quel carreau monstre qui se trouve dans sa pile d'écart. »"""
    engine = game("advanced", options={"starting_stars": 9}, a_actions=["genesis"], b_actions=["disarm"])
    put(engine, b1=None)
    assert rules_of(launch(engine, "A", "genesis", tile="b1", cell="d3")) == ["hex.action.effect"]
    assert engine.state.pieces["b1"].status == "discard"


def test_a_zombie_monster_takes_its_element_from_its_controllers_character():
    """« Lors d'un duel, le joueur doit faire correspondre la couleur de l'élément de son monstre avec le chiffre de la
    même couleur de son carreau personnage » — under Zombie the player controlling the monster (choice B1)."""
    engine = game("advanced", options={"starting_stars": 9}, a_actions=["zombie"], b_actions=["disarm"],
                  a_tiles=side("A", "d1", {"a1": "c1", "a2": "e1"}, char_values=(1, 1, 1, 5, 1, 1)))
    put(engine, b1="d5", b2="d7")
    launch(engine, "A", "zombie", target="b1")
    move(engine, "b1", "d6")
    roll(engine, "red", player="A"), roll(engine, "red", player="B")
    assert engine.state.last_duel["attacker"]["element"] == 5        # A's character's green, not B's (1)


def test_monster_actions_refuse_a_character_and_zombie_refuses_ones_own_tile():
    """« Le joueur doit placer ce carreau sur n'importe quel monstre. » « Le joueur place ce carreau sur le dessus de
    n'importe quel carreau de l'ennemi. »"""
    engine = game("advanced", options={"starting_stars": 9}, a_actions=["setting_sun", "energy_trap", "zombie"],
                  b_actions=["disarm", "disarm", "sandstorm"])
    before = engine.state_json()
    for kind, target in (("setting_sun", "B"), ("energy_trap", "A"), ("zombie", "a1")):
        refused = launch(engine, "A", kind, target=target)
        assert rules_of(refused) == ["hex.action.effect"] and kinds(refused) == ["illegal"], (kind, refused)
    assert engine.state_json() == before
    assert rules_of(launch(engine, "A", "setting_sun", target="b1")) == ["hex.action"]   # the enemy's monster too


def test_zombie_cannot_take_a_tile_of_the_duel_under_way():
    """« Pendant ce tour de jeu, il contrôle ce carreau » — not a tile already fighting this turn (choice X7)."""
    engine = game("advanced", options={"starting_stars": 9}, a_actions=["disarm"], b_actions=["zombie"])
    put(engine, a1="d4", b1="d6")
    move(engine, "a1", "d5")
    assert rules_of(launch(engine, "B", "zombie", target="a1")) == ["hex.action.effect"]
    assert engine.state.duel.attacker == "a1"


def test_more_than_two_identical_tiles_are_refused_by_their_names():
    """« Chaque joueur NE peut PAS avoir plus de deux carreaux monstres ou carreaux actions identiques dans sa main. »
    The refusal names the tile as players call it, not an internal id."""
    from companion.referee import create_game
    engine = create_game("hexors", {"level": "advanced"})
    kuribohs = [{"id": "yugi", "tile": "example-yugi", "cell": "d1"}] + [
        {"id": f"k{i}", "tile": "example-kuriboh", "cell": c} for i, c in enumerate(("c1", "e1", "d2"))]
    b = side("B", "d9", {"b1": "c9", "b2": "e9", "b3": "d8"})
    refused = engine.apply({"type": "setup", "players": [{"id": "A", "tiles": kuribohs, "actions": []},
                                                         {"id": "B", "tiles": b, "actions": []}]})[0].message
    assert refused.en.startswith("A has more than two Kuriboh tiles")
    a = side("A", "d1", {"a1": "c1", "a2": "e1", "a3": "d2"})
    players = [{"id": "A", "tiles": a, "actions": ["disarm"] * 3}, {"id": "B", "tiles": b, "actions": ["zombie"] * 3}]
    refused = engine.apply({"type": "setup", "players": players})[0].message
    assert refused.en.startswith("A has more than two Disarm action tiles")
    assert refused.fr.startswith("A a plus de deux carreaux actions Désarmement")
