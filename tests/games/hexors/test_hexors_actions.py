"""Action tiles (collection game): timing, stars, and every effect of the GLOSSAIRE DES ACTIONS."""

from __future__ import annotations

from hex_helpers import game, kinds, put, roll, rules_of, side

ALL = ["disarm", "mystic_barrier", "symbiosis", "setting_sun", "power_theft", "energy_trap", "genesis",
       "divine_chain", "sandstorm", "earth_fist", "star_blast", "zombie"]


def new(stars=9, a_actions=None, b_actions=None, options=None, **kw):
    return game("advanced", options={"starting_stars": stars, **(options or {})},
                a_tiles=side("A", "d1", {"a1": "c1", "a2": "e1"}),
                b_tiles=side("B", "d9", {"b1": "c9", "b2": "e9"}),
                a_actions=ALL if a_actions is None else a_actions,
                b_actions=ALL if b_actions is None else b_actions, **kw)


def launch(engine, player, action, **extra):
    return engine.apply({"type": "launch", "player": player, "action": action, **extra})


def move(engine, tile, *path, **extra):
    return engine.apply({"type": "move", "tile": tile, "path": list(path), **extra})


def test_launching_costs_stars_paid_to_the_bank_and_never_refunded():
    """« Une fois que le joueur a dépensé des étoiles pour lancer une action, ces étoiles ne peuvent pas être
    récupérées, même si l'ennemi annule l'effet d'une action par une autre action. »"""
    engine = new(stars=3)
    put(engine, a1="d4")
    assert rules_of(launch(engine, "A", "star_blast", target="a1")) == ["hex.action"]
    assert engine.state.get_player("A").stars == 0
    assert rules_of(launch(engine, "B", "disarm", target="A-star_blast-1")) == ["hex.action", "hex.action.effect"]
    assert engine.state.get_player("A").stars == 0 and engine.state.get_player("B").stars == 2
    assert engine.state.actions["A-star_blast-1"].status == "discard"
    assert "A-star_blast-1" in engine.state.get_player("A").discard


def test_not_enough_stars_is_refused():
    """« Les joueurs peuvent lancer autant d'actions qu'ils veulent au cours d'un tour de jeu, mais ils doivent avoir
    suffisamment d'étoiles dans leur fonds pour les payer. »"""
    engine = new(stars=2)
    put(engine, a1="d4")
    assert rules_of(launch(engine, "A", "star_blast", target="a1")) == ["hex.action.cost"]
    assert engine.state.get_player("A").hand.count("star_blast") == 1


def test_extreme_actions_only_on_ones_own_turn_flash_actions_any_time():
    """« Comme il a été mentionné plus haut, un joueur peut lancer une action éclair n'importe quand pendant la partie.
    Cependant, il ne peut lancer une action extrême qu'à son tour de jeu. »"""
    engine = new()
    put(engine, b1="d6")
    assert rules_of(launch(engine, "B", "star_blast", target="b1")) == ["hex.action.timing"]
    assert rules_of(launch(engine, "B", "setting_sun", target="b1")) == ["hex.action"]


def test_only_tiles_in_hand_and_only_at_the_advanced_level():
    engine = new(a_actions=["disarm"], b_actions=["zombie"])
    put(engine, b1="d6")
    assert kinds(launch(engine, "A", "zombie", target="b1")) == ["illegal"]
    beginner = game()
    refused = launch(beginner, "A", "setting_sun", target="a1")
    assert kinds(refused) == ["illegal"] and rules_of(refused) == ["hex.setup.actions"]
    assert "Coffret de départ" in refused[0].message.fr   # the beginner level's sentence, not how to launch one


def test_a_hidden_hand_is_checked_by_count_and_two_identical_at_most():
    engine = new(a_actions=3, b_actions=3)
    put(engine, a1="d4", a2="d5")
    for _ in range(2):
        assert kinds(launch(engine, "A", "setting_sun", target="a1")) == ["info"]
    assert rules_of(launch(engine, "A", "setting_sun", target="a1")) == ["hex.setup.identical"]
    assert engine.summary()["players"][0]["actions_in_hand"] == 1


def duel_a1_b1(engine, a_colour, b_colour):
    move(engine, "a1", "d5")
    roll(engine, a_colour)
    return roll(engine, b_colour)


def test_setting_sun_adds_3_for_the_turn_then_goes_to_the_discard():
    """« Le joueur doit placer ce carreau sur n'importe quel monstre. Pour le reste de ce tour de jeu, la valeur de
    frappe du carreau monstre est augmenté de 3. »"""
    engine = new()
    put(engine, a1="d4", b1="d6")
    launch(engine, "A", "setting_sun", target="a1")
    verdicts = duel_a1_b1(engine, "red", "yellow")           # a1: 1 + 1 element + 3 = 5 ; b1: 3 + 1 = 4
    assert "+3 actions" in verdicts[1].message.en and "a1 wins" in verdicts[1].message.en
    assert engine.state.actions["A-setting_sun-1"].status == "discard"     # the turn ended


def test_earth_fist_adds_7_for_the_turn():
    """« Pendant le tour de jeu, la valeur de frappe du carreau monstre est augmentée de 7. »"""
    engine = new()
    put(engine, a1="d4", b1="d6")
    move(engine, "a1", "d5")
    roll(engine, "purple")                                    # a1: 6 + 1 = 7
    launch(engine, "B", "earth_fist", target="b1")            # a flash action in the middle of the duel
    verdicts = roll(engine, "red")                            # b1: 1 + 1 + 7 = 9
    assert "b1 wins" in verdicts[1].message.en


def test_star_blast_adds_3_until_disarmed_and_survives_the_turn():
    """« L'effet se poursuit pendant le reste de la partie où jusqu'à ce que le carreau soit désarmé. Le joueur ajoute
    3 à la valeur de frappe du carreau monstre ciblé. »"""
    engine = new()
    put(engine, a1="d4", b1="d6")
    launch(engine, "A", "star_blast", target="a1")
    duel_a1_b1(engine, "red", "red")                          # 1+1+3 = 5 against 1+1 = 2
    assert engine.state.actions["A-star_blast-1"].status == "play"
    assert engine.summary()["actions_in_play"][0]["target"] == "a1"


def test_symbiosis_borrows_the_best_strike_value_of_an_allied_monster_in_front():
    """« Le carreau monstre touché peut utiliser la plus grosse valeur de frappe de n'importe quel monstre allié avec
    lequel il est en contact, directement face à lui. »"""
    engine = game("advanced", options={"starting_stars": 9},
                  a_tiles=side("A", "d1", {"a1": "c1", "a2": "e1"}, values={"a2": (9, 9, 9, 9, 9, 9)}),
                  b_tiles=side("B", "d9", {"b1": "c9", "b2": "e9"}), a_actions=["symbiosis"], b_actions=["zombie"])
    put(engine, a1="d4", a2="c5", b1="d6")
    launch(engine, "A", "symbiosis", target="a1")
    duel_a1_b1(engine, "red", "purple")
    attacker = engine.state.last_duel["attacker"]
    assert attacker["symbiosis"] == 9 and attacker["total"] == 9 + 1 + 1     # + element + team


def test_symbiosis_option_borrows_the_allys_highest_printed_number():
    engine = game("advanced", options={"starting_stars": 9, "symbiosis_value": "highest_face"},
                  a_tiles=side("A", "d1", {"a1": "c1", "a2": "e1"}, values={"a2": (1, 1, 1, 1, 1, 8)}),
                  b_tiles=side("B", "d9", {"b1": "c9", "b2": "e9"}), a_actions=["symbiosis"], b_actions=["zombie"])
    put(engine, a1="d4", a2="c5", b1="d6")
    launch(engine, "A", "symbiosis", target="a1")
    duel_a1_b1(engine, "red", "purple")                       # a2's red is 1, its highest number 8
    assert engine.state.last_duel["attacker"]["symbiosis"] == 8


def test_zombie_may_be_limited_to_monsters():
    engine = new(options={"zombie_targets": "monsters_only"})
    assert kinds(launch(engine, "A", "zombie", target="B")) == ["illegal"]
    assert kinds(launch(new(), "A", "zombie", target="B")) == ["info"]   # the book: « n'importe quel carreau »


def test_power_theft_steals_a_star():
    """« Quand cette action est lancée, le joueur vole une Étoile du fonds de l'ennemi et la place dans son fonds. »"""
    engine = new(stars=1)
    launch(engine, "A", "power_theft")
    assert [p.stars for p in engine.state.players] == [1, 0]
    assert rules_of(launch(engine, "B", "power_theft")) == ["hex.action.cost"]


def test_mystic_barrier_is_an_allied_wall():
    """« La barrière mystique est considérée comme un carreau allié pour le joueur qui l'utilise. Les carreaux de ce
    joueur peuvent sauter par-dessus cette barrière. Les carreaux de l'ennemi doivent la contourner. »"""
    engine = new()
    put(engine, a1="d3", b1="d6")
    launch(engine, "A", "mystic_barrier", cell="d4")
    assert kinds(launch(engine, "A", "mystic_barrier", cell="d3")) == ["illegal"]    # not a free cell
    assert rules_of(move(engine, "a1", "d5")) == ["hex.move.jump", "hex.duel", "hex.duel.roll"]
    roll(engine, "purple"), roll(engine, "red")              # a1 has the barrier in front: team +1
    assert engine.state.last_duel["attacker"]["team"] == 1
    put(engine, b2="d6")
    assert kinds(move(engine, "b2", "d3")) == ["illegal"]    # the enemy cannot jump it…
    assert kinds(move(engine, "b2", "d4")) == ["illegal"]    # …nor enter its cell
    assert engine.summary()["walls"] == [{"id": "A-mystic_barrier-1", "kind": "mystic_barrier", "owner": "A",
                                          "cell": "d4"}]


def test_energy_trap_freezes_a_monster_into_the_launchers_wall_for_the_turn():
    """« Pour le reste de ce tour de jeu ou jusqu'à ce que ce carreau action soit désarmé, le monstre ne peut pas
    bouger, attaquer ou être attaqué. Il devient un mur allié pour le joueur qui a lancé cette action. Ce joueur peut
    sauter par-dessus le monstre. Le joueur ennemi doit le contourner. »"""
    engine = new()
    put(engine, a1="d4", b1="d5")
    launch(engine, "A", "energy_trap", target="b1")
    assert rules_of(move(engine, "a1", "d6")) == ["hex.move.jump", "hex.action", "hex.turn"]   # over b1, no duel
    assert engine.state.actions["A-energy_trap-1"].status == "discard"                  # ended with the turn
    engine = new(options={"energy_trap_duration": "until_disarmed"})
    put(engine, a1="d4", b1="d5")
    launch(engine, "A", "energy_trap", target="b1")
    move(engine, "a2", "e2")
    assert kinds(move(engine, "b1", "c5")) == ["illegal"]     # still held on B's turn


def test_genesis_brings_a_monster_back_near_the_character():
    """« Le joueur peut ramener sur l'arène n'importe quel carreau monstre qui se trouve dans sa pile d'écart. Ce
    carreau doit être placé à deux cases de son carreau personnage et il peut être utilisé immédiatement si désiré. »"""
    engine = new()
    put(engine, a2=None)
    assert kinds(launch(engine, "A", "genesis", tile="a2", cell="d5")) == ["illegal"]   # too far from A (d1)
    assert kinds(launch(engine, "A", "genesis", tile="a1", cell="d3")) == ["illegal"]   # a1 is not discarded
    launch(engine, "A", "genesis", tile="a2", cell="d3")
    assert engine.state.pieces["a2"].status == "arena" and "a2" not in engine.state.get_player("A").discard
    assert rules_of(move(engine, "a2", "d4"))[0] == "hex.move.advance"                  # used at once


def test_divine_chain_binds_a_monster_for_three_turns():
    """« Pendant les 3 prochains tours de jeu, le carreau monstre ne peut bouger ni attaquer. Il peut se défendre s'il
    est attaqué, mais ne peut bénéficier de son élément prime et de sa prime d'équipe, le cas échéant. »"""
    engine = new()
    put(engine, a1="d4", b1="d6", b2="e6")
    launch(engine, "A", "divine_chain", target="b1")         # turn 1
    move(engine, "a2", "e2")                                  # turn 1 ends
    assert kinds(move(engine, "b1", "c6")) == ["illegal"]    # turn 2: bound
    move(engine, "b2", "f6")
    move(engine, "a1", "d5")                                  # turn 3: a1 attacks the bound b1
    roll(engine, "red"), roll(engine, "purple")              # bound b1 defends, and wins
    defender = engine.state.last_duel["defender"]
    assert defender["element"] == 0 and defender["team"] == 0 and defender["total"] == 6
    assert engine.state.actions["A-divine_chain-1"].status == "play"
    assert kinds(move(engine, "b1", "c6")) == ["illegal"]    # turn 4: still bound
    move(engine, "b2", "f5")                                  # turn 4 ends: the chain's 3 turns are over
    assert engine.state.actions["A-divine_chain-1"].status == "discard"


def test_sandstorm_disarms_all_the_enemys_action_tiles():
    """« Désarme tous les carreaux actions de l'ennemi qui sont en jeu. »"""
    engine = new()
    put(engine, a1="d4", b1="d6")
    launch(engine, "A", "star_blast", target="a1")
    launch(engine, "A", "mystic_barrier", cell="c4")
    launch(engine, "B", "setting_sun", target="b1")
    move(engine, "a2", "e2")
    launch(engine, "B", "sandstorm")
    assert engine.state.in_play() == []           # B's own Soleil couchant had already ended with turn 1
    assert {"A-star_blast-1", "A-mystic_barrier-2"} <= set(engine.state.get_player("A").discard)


def test_zombie_takes_control_of_an_enemy_tile_for_the_turn():
    """« Le joueur place ce carreau sur le dessus de n'importe quel carreau de l'ennemi. Pendant ce tour de jeu, il
    contrôle ce carreau, qui devient un carreau allié au joueur qui a lancé une action Zombie. »"""
    engine = new()
    put(engine, b1="d5", b2="d7")
    launch(engine, "A", "zombie", target="b1")
    assert {t["id"]: t["controller"] for t in engine.summary()["tiles"]}["b1"] == "A"
    verdicts = move(engine, "b1", "d6")                       # A moves B's b1 into B's b2
    assert rules_of(verdicts)[:2] == ["hex.move.advance", "hex.duel"]
    roll(engine, "purple", player="A"), roll(engine, "red", player="B")
    assert engine.state.pieces["b2"].status == "discard" and engine.state.get_player("A").stars == 9 - 3 + 1
    assert engine.state.controller(engine.state.pieces["b1"]) == "B"          # control comes back
    assert "A-zombie-1" in engine.state.get_player("A").discard


def test_action_tiles_are_named_by_kind_with_owner_and_rank_only_where_needed():
    """Each launched tile is told by its name, never an internal id; as a player may hold two of a kind (« Chaque
    joueur doit avoir en main le même nombre de carreaux actions, et ne doit pas en avoir plus de deux identiques »),
    tiles of one kind are told apart by whose they are, and two of one player's by which."""
    engine = new(a_actions=["earth_fist", "earth_fist", "star_blast"], b_actions=["earth_fist", "sandstorm", "disarm"])
    put(engine, a1="d4", b1="d6")
    first = launch(engine, "A", "earth_fist", target="a1")
    assert first[0].message.en.startswith("A launches Earth fist, paying 2 stars")
    assert first[0].message.fr.startswith("A lance Poing de terre et paie 2 étoiles")
    launch(engine, "A", "star_blast", target="a2")
    launch(engine, "A", "earth_fist", target="a2")
    launch(engine, "B", "earth_fist", target="b1")
    names = engine.summary()["action_labels"]
    assert names["A-earth_fist-1"] == {"en": "Earth fist (A, 1st)", "fr": "Poing de terre (A, 1er)"}
    assert names["A-earth_fist-3"] == {"en": "Earth fist (A, 2nd)", "fr": "Poing de terre (A, 2e)"}
    assert names["B-earth_fist-1"] == {"en": "Earth fist (B)", "fr": "Poing de terre (B)"}
    assert names["A-star_blast-2"] == {"en": "Star blast", "fr": "Explosion d’étoiles"}
    disarmed = launch(engine, "B", "disarm", target="A-earth_fist-3")[-1].message
    assert disarmed.en == "Earth fist (A, 2nd) is disarmed and goes to A's discard pile"
    assert disarmed.fr == "Poing de terre (A, 2e) est désarmé et va dans la pile d’écart d’A"
    ended = [v.message.en for v in move(engine, "a2", "e2") if "ends and goes" in v.message.en]
    assert ended == ["Earth fist (A, 1st) ends and goes to A's discard pile",
                     "Earth fist (B) ends and goes to B's discard pile"]
    assert engine.summary()["action_labels"]["A-earth_fist-1"] == names["A-earth_fist-1"]  # discarded, still named
    assert [a["name"]["en"] for a in engine.summary()["actions_in_play"]] == ["Star blast"]
    storm = launch(engine, "B", "sandstorm")
    assert storm[-1].message.en == "Sandstorm disarms Star blast"
    assert storm[-1].message.fr == "Tempête de sable désarme Explosion d’étoiles"
