"""The board summary a phone draws from: cubes, keepers, the dice grouped by what the card gives them."""

from __future__ import annotations


def test_setup_summary_offers_the_shipped_cards_and_terrains(nk):
    from companion.referee import create_game

    summary = create_game("nexus-keepers", {}).summary()
    assert summary["phase"] == "setup"
    ids = [c["id"] for c in summary["setup"]["cards"]]
    assert "example-ember-warden" in ids
    assert {"plain", "volcano", "ice", "water", "mountain"} <= set(summary["setup"]["terrains"])


def test_setup_summary_says_who_unfolds_a_cube_first_what_it_must_touch_and_where_keepers_stand(nk):
    """« Tous les joueurs lancent un dé. Le résultat le plus haut devient le Premier Joueur et déploie son cube Nexus
    sur l'espace de jeu. » « Les autres joueurs déploient alors à leur tour (dans le sens horaire) leur Cube Nexus en
    connectant au moins deux tranches de Tuiles Terrain à une ou plusieurs Tuiles Terrain déjà en jeu. Aucune Tuile
    Terrain ne peut se trouver juste derrière une Porte en jeu. » « Tous les joueurs peuvent maintenant placer leur
    Keeper sur leur Tuile de départ, devant la Porte de leur Cube Nexus. » The setup summary said none of it (its Game
    details were empty); the edges are the game's option's."""
    from companion.referee import create_game

    for edges, en, fr in ((2, "at least 2 edges", "au moins 2 tranches"), (1, "at least 1 edge", "au moins 1 tranche")):
        facts = create_game("nexus-keepers", {"min_shared_edges": edges}).summary()["facts"]
        said = {lang: " | ".join(f[lang] for f in facts) for lang in ("en", "fr")}
        for words in ("keeper card and a team", "two teams at least", "highest die roll plays first and unfolds "
                      "their Nexus Cube first", "each in turn, clockwise", f"tiles in play along {en}",
                      "No tile directly behind a Portal", "each keeper stands on its Starting Tile, in front of its "
                      "Portal"):
            assert words in said["en"], (words, said["en"])
        for words in ("carte Keeper et une équipe", "plus haut résultat au dé commence et déploie son cube "
                      "Nexus le premier", "à son tour, dans le sens horaire", f"tuiles en jeu par {fr}",
                      "Aucune tuile juste derrière une Porte", "sur sa Tuile de départ, devant sa Porte"):
            assert words in said["fr"], (words, said["fr"])
    engine = nk.game(2)
    assert "Porte" not in " ".join(f["fr"] for f in engine.summary()["facts"]), "the setup's facts outlived it"


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
