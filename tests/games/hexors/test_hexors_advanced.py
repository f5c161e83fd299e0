"""The collection game: element and team bonuses, the character's attack bonus, stars, setup limits."""

from __future__ import annotations

from hex_helpers import game, put, roll, rules_of, side


def move(engine, tile, *path, **extra):
    return engine.apply({"type": "move", "tile": tile, "path": list(path), **extra})


def book_example():
    a = [{"id": "yugi", "tile": "example-yugi", "cell": "d1"},
         {"id": "gaia", "tile": "example-gaia-the-fierce-knight", "cell": "c1"}]
    b = [{"id": "kaiba", "tile": "example-kaiba", "cell": "d9"},
         {"id": "dragon", "tile": "example-thousand-dragon", "cell": "c9"}]
    engine = game("advanced", a_tiles=a, b_tiles=b)
    put(engine, gaia="d4", dragon="d6")
    return engine


def test_the_books_worked_example_gaia_against_thousand_dragon():
    """« Gaia the Fierce Knight est associé à l'élément Terre (vert). Sur le carreau personnage Yugi, la valeur de
    l'attaque Terre s'élève à 5 (vert). Le joueur Yugi ajoute donc 5 à la valeur de l'attaque de Gaia the Fierce
    Knight, qui s'élève maintenant à 10! » « Le score final est : Yugi, 10, Kaiba, 9. »"""
    engine = book_example()
    move(engine, "gaia", "d5")
    roll(engine, "green")
    verdicts = roll(engine, "yellow")
    assert verdicts[1].message.en == ("Gaia the Fierce Knight 10 (green 5 +5 element) against Thousand Dragon 9 "
                                      "(yellow 7 +2 element): Gaia the Fierce Knight wins")  # names, not the ids
    assert engine.state.pieces["dragon"].status == "discard"


def test_a_star_from_the_bank_for_each_enemy_monster_beaten():
    """« Chaque fois qu'un joueur bat un monstre de l'ennemi, il prend 1 étoile de la banque. »"""
    engine = book_example()
    move(engine, "gaia", "d5")
    roll(engine, "green")
    assert rules_of(roll(engine, "yellow"))[3] == "hex.stars"
    assert engine.state.get_player("A").stars == 1 and engine.state.get_player("B").stars == 0


def test_the_defender_earns_the_star_when_it_wins():
    engine = book_example()
    move(engine, "gaia", "d5")
    roll(engine, "orange"), roll(engine, "yellow")      # gaia: orange 1 + 5 = 6 < 9
    assert engine.state.get_player("B").stars == 1 and engine.state.pieces["gaia"].status == "discard"


def test_no_stars_and_no_element_at_the_beginner_level():
    engine = game()
    put(engine, a1="d4", b1="d6")
    move(engine, "a1", "d5")
    roll(engine, "purple")
    verdicts = roll(engine, "red")
    assert "hex.stars" not in rules_of(verdicts) and "element" not in verdicts[1].message.en


def team_game():
    tiles_a = side("A", "d1", {"a1": "c1", "a2": "e1", "a3": "c2"}, bonus=4)
    tiles_b = side("B", "d9", {"b1": "c9", "b2": "e9", "b3": "c8"})
    return game("advanced", a_tiles=tiles_a, b_tiles=tiles_b)


def test_team_bonus_is_one_point_whatever_the_team_size():
    """« Chaque fois que deux carreaux alliés ou plus se trouvent directement en face l'un de l'autre, ils forment une
    équipe. Lors de duel, tout carreau d'une équipe ajoute 1 point à sa valeur de frappe. Quelque soit le nombre de
    carreaux formant une équipe, la prime est toujours de 1 point. »"""
    engine = team_game()
    put(engine, a1="d4", a2="c5", a3="e5", b1="d6")     # d5 has a2 (c5) and a3 (e5) in front of it
    move(engine, "a1", "d5")
    roll(engine, "red")
    verdicts = roll(engine, "red")
    assert engine.state.last_duel["attacker"]["team"] == 1 and engine.state.last_duel["defender"]["team"] == 0
    assert "+1 team" in verdicts[1].message.en


def test_characters_make_teams_but_take_their_attack_bonus_instead():
    """« Les carreaux personnages peuvent être utilisés pour former une équipe avec d'autres Hexors, mais ils
    n'obtiennent pas de point prime pour eux-même parce qu'ils peuvent obtenir une PRIME D'ATTAQUE POUR CARREAU
    PERSONNAGE. » « Quand un carreau personnage est impliqué dans un duel, il obtient une prime d'attaque pour carreau
    personnage, qui correspond au chiffre indiqué sur l'envers du carreau. »"""
    engine = team_game()
    put(engine, A="d4", a2="c5", b1="d6")
    move(engine, "A", "d5")
    roll(engine, "red"), roll(engine, "red")
    attacker = engine.state.last_duel["attacker"]
    assert attacker["character"] == 4 and "team" not in attacker and attacker["total"] == 5
    engine = team_game()
    put(engine, A="c5", a1="d4", b1="d6")                 # c5 is in front of d5: A gives a1 its team point
    move(engine, "a1", "d5")
    roll(engine, "red"), roll(engine, "red")
    assert engine.state.last_duel["attacker"]["team"] == 1


def test_at_most_two_identical_tiles_and_the_same_number_of_each():
    """« Chaque joueur NE peut PAS avoir plus de deux carreaux monstres ou carreaux actions identiques dans sa main. »
    « Chacun des deux joueurs doit avoir un carreau personnage et le même nombre de carreaux monstres et de carreaux
    actions. »"""
    from companion.referee import create_game
    from hex_helpers import tile
    engine = create_game("hexors", {"level": "advanced"})
    same = tile("same")
    triple = [{"id": "A", "tile": tile("A", kind="character"), "cell": "d1"}] + [
        {"id": f"m{i}", "tile": same, "cell": c} for i, c in enumerate(("c1", "e1", "d2"))]
    b = side("B", "d9", {"b1": "c9", "b2": "e9", "b3": "d8"})
    verdicts = engine.apply({"type": "setup", "players": [{"id": "A", "tiles": triple, "actions": []},
                                                          {"id": "B", "tiles": b, "actions": []}]})
    assert rules_of(verdicts) == ["hex.setup.identical"]
    a = side("A", "d1", {"a1": "c1", "a2": "e1", "a3": "d2"})
    verdicts = engine.apply({"type": "setup", "players": [{"id": "A", "tiles": a, "actions": ["zombie"] * 3},
                                                          {"id": "B", "tiles": b, "actions": ["disarm"] * 3}]})
    assert rules_of(verdicts) == ["hex.setup.identical"]
    verdicts = engine.apply({"type": "setup", "players": [{"id": "A", "tiles": a, "actions": ["zombie"]},
                                                          {"id": "B", "tiles": b, "actions": []}]})
    assert rules_of(verdicts) == ["hex.setup.equal"]
    assert engine.state is None


def test_tiles_are_named_as_players_call_them_and_copies_by_their_ids():
    """« Le joueur Yugi ajoute donc 5 à la valeur de l'attaque de Gaia the Fierce Knight » — the book names a tile
    by its name. Two copies of one tile (the setup allows two of a monster) are told apart by their ids."""
    a = [{"id": "yugi", "tile": "example-yugi", "cell": "d1"},
         {"id": "k1", "tile": "example-kuriboh", "cell": "c1"}, {"id": "k2", "tile": "example-kuriboh", "cell": "e1"}]
    b = [{"id": "kaiba", "tile": "example-kaiba", "cell": "d9"},
         {"id": "dragon", "tile": "example-thousand-dragon", "cell": "c9"},
         {"id": "elf", "tile": "example-mystical-elf", "cell": "e9"}]
    engine = game("advanced", a_tiles=a, b_tiles=b)
    assert {pid: engine.state.label(pid) for pid in engine.state.pieces} == {
        "yugi": "Yugi", "k1": "Kuriboh (k1)", "k2": "Kuriboh (k2)", "kaiba": "Kaiba", "dragon": "Thousand Dragon",
        "elf": "Mystical Elf"}
    assert engine.summary()["labels"]["k2"] == {"en": "Kuriboh (k2)", "fr": "Kuriboh (k2)"}
    verdicts = move(engine, "k1", "c2")
    assert verdicts[0].message.en == "Kuriboh (k1) advances to c2"
    assert verdicts[0].message.fr == "Kuriboh (k1) avance en c2"
