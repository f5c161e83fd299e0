"""Falls, Portals, bonus turns, Portal closures and the win."""

from __future__ import annotations

from companion.referee import create_game


def test_fall_then_back_on_the_starting_tile_at_the_next_turn(nk):
    """FR: « Il arrive souvent qu'un Keeper soit poussé en dehors du plateau, mais sans passer par une porte. Dans tel
    cas, celui-ci est placé derrière sa porte d'origine en attendant son prochain tour. Au début de son tour, le joueur
    replace son Keeper sur sa Tuile de départ avant de lancer ses dés. » EN: "When a Keeper is pushed off the board
    without passing through a portal, place him behind his original portal to await the start of his next turn."
    """
    engine = nk.rolled(nk.game(2), "A", [4, 4, 2, 3, 6], {"A": [1, 0], "B": [1, 1]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [1, 0], "B": None}})
    assert [(v.kind.value, v.rule) for v in verdicts][-1] == ("fall", "nk.fall")
    assert engine.summary()["fallen"] == ["B"]
    engine.apply({"type": "end_turn"})                       # A's bonus turn
    engine.apply({"type": "roll", "dice": [2, 3, 3, 5, 6]})
    verdicts = engine.apply({"type": "turn_start"})          # ends A's bonus turn, starts B's
    assert nk.rules(verdicts) == ["nk.turn.end", "nk.fall.return", "nk.turn.start"]
    assert engine.summary()["positions"]["B"] == [4, 1] and engine.summary()["fallen"] == []


def test_pushing_someone_off_gives_a_bonus_turn_with_one_die_fewer(nk):
    """FR: « Lorsque vous poussez un autre Keeper en dehors du plateau, que cela soit par une porte ou non, vous avez le
    droit de rejouer immédiatement ! Lancez cependant un dé de moins lors de ce tour bonus. » EN: "you may immediately
    take another turn. However, roll one less die during this bonus turn."
    """
    engine = nk.rolled(nk.game(2), "A", [4, 4, 2, 3, 6], {"A": [1, 0], "B": [1, 1]})
    engine.apply({"type": "positions", "keepers": {"A": [1, 0], "B": None}})
    verdicts = engine.apply({"type": "end_turn"})
    assert nk.rules(verdicts) == ["nk.turn.end", "nk.bonus"]
    engine.apply({"type": "turn_start"})
    summary = engine.summary()
    assert (summary["turn"], summary["bonus_depth"], summary["dice_allowed"]) == ("A", 1, 5)   # 6 - 1


def test_bonus_turns_are_cumulative(nk):
    """FR: « Cette règle est cumulative : si vous poussez plusieurs Keepers d'affilée au cours du même tour, vous lancez
    à chaque fois un dé de moins supplémentaire. » EN: "This rule is cumulative: if you consecutively push multiple
    Keepers off the board in a single turn, you roll one fewer die for each subsequent bonus turn."
    """
    engine = nk.rolled(nk.game(3), "A", [4, 4, 2, 3, 6], {"A": [1, 1], "B": [1, 0], "C": [2, 2]})
    engine.apply({"type": "positions", "keepers": {"A": [1, 1], "B": None, "C": [2, 2]}})   # B pushed off north
    engine.apply({"type": "end_turn"})
    engine.apply({"type": "roll", "dice": [2, 2, 4, 4, 6]})                     # bonus turn 1: five dice
    engine.apply({"type": "positions", "keepers": {"A": [2, 1], "C": None}})    # move, push C off south
    summary = engine.summary()
    assert summary["fallen"] == ["B", "C"]
    verdicts = engine.apply({"type": "end_turn"})
    assert "2 dice fewer" in verdicts[-1].message.en
    engine.apply({"type": "turn_start"})
    assert (engine.summary()["bonus_depth"], engine.summary()["dice_allowed"]) == (2, 4)


def test_the_bonus_turn_is_the_next_turn_the_reserved_die_joins(nk):
    """FR: « Ce dé réservé sera automatiquement ajouté au lancer de votre prochain tour. » and « vous avez le droit de
    rejouer immédiatement ! » — the bonus turn is the player's next turn (the doc's choice 13)."""
    engine = nk.rolled(nk.game(2), "A", [4, 4, 2, 2, 6], {"A": [1, 0], "B": [1, 1]})
    engine.apply({"type": "positions", "keepers": {"A": [1, 0], "B": None}})
    assert nk.rules(engine.apply({"type": "reserve", "value": 2})) == ["nk.reserve", "nk.turn.end", "nk.bonus"]
    verdicts = engine.apply({"type": "turn_start"})
    assert verdicts[-1].message.en.endswith("roll 5 dice (+ reserved 2 after rerolls)")
    assert engine.summary()["reserves"]["A"] is None and engine.summary()["reserved_die"] == 2


def test_a_turn_lost_to_maladresse_after_a_push_off_keeps_its_bonus_turn(nk):
    """FR: « vous passez votre tour au lieu de passer à la suite » and « Lorsque vous poussez un autre Keeper en dehors
    du plateau, que cela soit par une porte ou non, vous avez le droit de rejouer immédiatement ! » — a power die
    rolled after the actions (« à n'importe quel moment ») can bring the third 1: what was done stays done."""
    engine = nk.rolled(nk.game(2), "A", [4, 4, 1, 1, 6], {"A": [1, 0], "B": [1, 1]})
    engine.apply({"type": "actions", "actions": [{"action": "push", "target": "B"}]})
    verdicts = engine.apply({"type": "power", "dice": [1]})
    assert nk.rules(verdicts) == ["nk.maladresse", "nk.turn.end", "nk.bonus"]
    assert engine.summary()["fallen"] == ["B"] and engine.summary()["turn"] == "A"


def test_a_fallen_opponent_is_still_in_the_game(nk):
    """FR: « Pour remporter la partie, vous devez éliminer tous les adversaires. » EN: "To win the game, you must
    eliminate all opponents by sending them into a Realm." — a fall is no elimination."""
    engine = nk.rolled(nk.game(2), "A", [4, 4, 2, 3, 6], {"A": [1, 0], "B": [1, 1]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [1, 0], "B": "fell"}})
    assert nk.rules(verdicts) == ["nk.move.explained", "nk.fall"]
    assert engine.outcome is None and engine.summary()["winners"] == []


def test_one_bonus_turn_per_turn_by_default_or_per_keeper_by_option(nk):
    positions = {"A": [1, 1], "B": [1, 0], "C": [1, 2]}
    for option, depths in ((False, [1]), (True, [1, 2])):
        engine = nk.rolled(nk.game(3, options={"bonus_turn_per_keeper": option}), "A", [4, 4, 5, 5, 6], positions)
        verdicts = engine.apply({"type": "positions", "keepers": {"A": [1, 1], "B": None, "C": None}})
        assert nk.rules(verdicts).count("nk.fall") == 2
        seen = []
        for _ in range(4):
            engine.apply({"type": "end_turn"})
            engine.apply({"type": "turn_start"})
            if engine.summary()["turn"] != "A":
                break
            seen.append(engine.summary()["bonus_depth"])
        assert seen == depths


def test_pushed_through_any_portal_is_eliminated(nk):
    """FR: « Pour remporter la partie, vous devez éliminer tous les adversaires. Pour ce faire, une seule solution : les
    envoyer dans un Royaume. Pousser un Keeper à travers n'importe quel portail l'élimine de la partie. »
    EN: "Pushing a Keeper through any portal removes him from the game."
    """
    # C is pushed through B's portal (east of (4, 1)), not its own.
    engine = nk.rolled(nk.game(3), "A", [4, 4, 2, 3, 6], {"A": [3, 1], "B": [0, 0], "C": [4, 1]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [3, 1], "B": [0, 0], "C": "portal"}})
    assert [(v.kind.value, v.rule) for v in verdicts][1:] == [("elimination", "nk.portal.elimination")]
    assert engine.summary()["eliminated"] == ["C"]
    assert nk.rules(engine.apply({"type": "end_turn"})) == ["nk.turn.end", "nk.bonus"]


def test_blocked_portal_eliminates_the_returning_keeper(nk):
    """FR: « Au début de son tour, si un autre personnage se trouve sur la case de départ du Keeper alors qu'il doit
    revenir en jeu après être tombé du plateau, celui-ci est éliminé au lieu de revenir en jeu ! » EN: "At the start of
    a Keeper's turn, if another character occupies his starting tile when he is supposed to re-enter the game after
    falling off the board, the Keeper is eliminated instead of returning to play."
    """
    engine = nk.rolled(nk.game(2), "A", [2, 2, 2, 4, 4], {"A": [3, 0], "B": [3, 1]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [4, 1], "B": None}})
    assert verdicts[0].message.en == ("A pushes B 1 space south, then moves east onto the plain, "
                                      "then moves south onto B's Starting Tile")
    assert verdicts[0].message.fr == ("A pousse B de 1 case vers le sud, puis avance vers l’est sur la plaine, "
                                      "puis avance vers le sud sur la Tuile de départ de B")
    engine.apply({"type": "end_turn"})
    engine.apply({"type": "roll", "dice": [3, 3, 4, 5, 6]})                    # A's bonus turn, A stays put
    verdicts = engine.apply({"type": "turn_start"})
    assert [(v.kind.value, v.rule) for v in verdicts] == [
        ("info", "nk.turn.end"), ("elimination", "nk.portal.blocked"), ("win", "nk.win")]
    assert engine.outcome.players == ("A",)
    assert nk.rules(engine.apply({"type": "roll", "dice": [2, 2, 2, 2, 2, 2]})) == ["nk.game.over"]


def test_portal_closure_removes_the_cube_and_drops_its_keepers(nk):
    """FR: « Au début de son tour, si le Cube Nexus d'un joueur éliminé est encore en jeu, il retire son Cube Nexus de
    la partie. Si un Keeper se trouve sur une tuile du Cube retiré, celui-ci tombe du plateau. » EN: "If a Keeper is on
    a tile of the removed Cube, he falls off the Board and will return to his Starting Tile at the beginning of his
    next turn."
    """
    engine = nk.rolled(nk.game(3), "A", [4, 4, 2, 3, 6], {"A": [1, 2], "B": [3, 2], "C": [0, 2]})
    engine.apply({"type": "positions", "keepers": {"A": [1, 2], "B": [3, 2], "C": "portal"}})  # C through its portal
    engine.apply({"type": "end_turn"})
    verdicts = engine.apply({"type": "turn_start"})                                        # A's bonus turn starts
    assert [(v.kind.value, v.rule, v.players) for v in verdicts] == [
        ("info", "nk.portal.closure", ("C",)), ("fall", "nk.fall", ("A",)), ("fall", "nk.fall", ("B",)),
        ("info", "nk.fall.return", ("A",)), ("info", "nk.turn.start", ("A",))]
    assert engine.summary()["fallen"] == ["B"]                     # B waits for its own turn
    assert engine.summary()["positions"]["A"] == [0, 0]            # A's turn is starting: back on its Starting Tile
    assert (0, 2) not in engine.state.board.tiles


def test_a_portal_closes_at_the_next_turn_or_by_option_at_the_turn_that_would_have_been_its_players(nk):
    """FR: « Au début de son tour, si le Cube Nexus d'un joueur éliminé est encore en jeu, il retire son Cube Nexus de
    la partie. » EN: "At the start of a player’s turn, if an eliminated player’s Nexus Cube is still in play, he must
    remove his Nexus Cube from the game." — « son tour » may be the eliminated player's own turn (an option)."""
    for own_turn, closes_at in ((False, 0), (True, 2)):
        engine = nk.game(3, options={"portal_closes_on_its_turn": own_turn})
        nk.rolled(engine, "A", [4, 4, 2, 3, 6], {"A": [3, 1], "B": [2, 0], "C": [4, 1]})
        engine.apply({"type": "positions", "keepers": {"A": [3, 1], "B": [2, 0], "C": "portal"}})  # B's Portal
        closures = []
        for turn, player in enumerate(["A", "B", "A"]):     # A's bonus turn, B's turn, then C's seat passed: A's
            engine.apply({"type": "end_turn"})
            verdicts = engine.apply({"type": "turn_start"})
            assert engine.summary()["turn"] == player
            closures += [turn for v in verdicts if v.rule == "nk.portal.closure"]
        assert closures == [closes_at]
        assert engine.state.board.cube_of("C") is None


def test_closure_leaving_cubes_joined_by_fewer_than_two_edges_asks_for_the_minimum_reconnection(nk):
    """FR: « Si certains cubes ne sont alors plus connectés aux autres par au moins deux tranches, le joueur éliminé
    peut reconnecter le ou les cubes détachés comme il le souhaite. Pour ce faire, il doit toujours déplacer le minimum
    de cubes possibles et ne peut pas arranger les cubes qui sont déjà correctement connectés entre eux. »"""
    engine = nk.rolled(nk.game(4), "A", [4, 4, 2, 3, 6], {"A": [3, 1], "B": [4, 1], "C": [2, 2], "D": [2, 3]})
    engine.apply({"type": "positions", "keepers": {"A": [3, 1], "B": "portal", "C": [2, 2], "D": [2, 3]}})
    engine.apply({"type": "end_turn"})
    verdicts = engine.apply({"type": "turn_start"})
    assert nk.rules(verdicts) == ["nk.portal.closure", "nk.fall", "nk.portal.closure"]   # A stood on B's cube
    assert verdicts[-1].kind.value == "warning" and "1: A" in verdicts[-1].message.en
    assert engine.summary()["reconnect"] == ["A"] and engine.summary()["phase"] == "reconnect"
    # The engine offers one legal reconnection (same shape, most shared edges, nearest its old place).
    hint = engine.summary()["reconnect_suggestion"]
    assert [h["player"] for h in hint] == ["A"] and hint[0]["direction"] == "E" and hint[0]["origin"] == [0, 1]
    # told by the tiles in play, not the grid: [0, 1] is just north of C's Starting Tile [0, 2]
    assert verdicts[-1].message.en.endswith(
        "for example A's cube unfolding east, its Starting Tile north of C's Starting Tile")
    assert verdicts[-1].message.fr.endswith(
        "par exemple le cube d’A déployé vers l’est, sa Tuile de départ au nord de la Tuile de départ de C")
    assert nk.rules(engine.legal({"type": "reconnect", "cubes": hint}))[0] == "nk.portal.reconnect"
    assert engine.is_legal({"type": "reconnect", "cubes": hint})
    assert nk.rules(engine.apply({"type": "roll", "dice": [2, 2, 3, 4, 5]})) == ["nk.portal.closure"]
    # Moving C instead, or two cubes, is refused: C and D are properly connected already.
    moved_c = {"player": "C", "origin": [0, 1], "direction": "E"}
    assert nk.rules(engine.apply({"type": "reconnect", "cubes": [moved_c]})) == ["nk.portal.reconnect"]
    # A's cube goes under D's row; A (fallen) comes back on its moved Starting Tile.
    verdicts = engine.apply({"type": "reconnect", "cubes": [{"player": "A", "origin": [0, 4], "direction": "E"}]})
    assert nk.rules(verdicts) == ["nk.portal.reconnect", "nk.fall.return", "nk.turn.start"]
    assert engine.summary()["positions"]["A"] == [0, 4]


def test_between_equally_large_groups_the_eliminated_player_chooses_which_to_reconnect(nk):
    """FR: « le joueur éliminé peut reconnecter le ou les cubes détachés comme il le souhaite. Pour ce faire, il doit
    toujours déplacer le minimum de cubes possibles » — C's row leaves five rows as two pairs: either pair may move."""
    rows = [{"origin": [4 * (i % 2), i], "direction": "E" if i % 2 == 0 else "W"} for i in range(5)]
    players = [{"id": pid, "card": "example-ember-warden", "cube": cube} for pid, cube in zip("ABCDE", rows)]
    moves = {"D, E": [{"player": "D", "origin": [4, -1], "direction": "W", "portal": "E"},
                      {"player": "E", "origin": [0, -2], "direction": "E"}],
             "A, B": [{"player": "A", "origin": [0, 5], "direction": "E"},
                      {"player": "B", "origin": [4, 6], "direction": "W", "portal": "E"}]}
    for moved, cubes in moves.items():
        engine = create_game("nexus-keepers")
        engine.apply({"type": "setup", "players": players})
        nk.rolled(engine, "A", [4, 4, 2, 3, 6], {"A": [3, 1], "B": [2, 0], "C": [4, 1], "D": [2, 3], "E": [2, 4]})
        engine.apply({"type": "positions", "keepers": {"A": [3, 1], "B": [2, 0], "C": "portal", "D": [2, 3],
                                                       "E": [2, 4]}})
        engine.apply({"type": "end_turn"})
        assert nk.rules(engine.apply({"type": "turn_start"})) == ["nk.portal.closure", "nk.portal.closure"]
        assert engine.summary()["reconnect"] == ["D", "E"]          # named as the way to do it
        mixed = moves["A, B"][:1] + moves["D, E"][:1]                # B and E left in place are not joined
        refused = engine.legal({"type": "reconnect", "cubes": mixed})
        assert refused[0].message.en == "The cubes left in place must be properly connected already"
        verdicts = engine.apply({"type": "reconnect", "cubes": cubes})
        assert verdicts[0].rule == "nk.portal.reconnect" and verdicts[0].message.en == f"Reconnected: {moved}"
        assert engine.summary()["phase"] == "start"


def test_allies_win_together(nk):
    """FR: « Les joueurs alliés remportent la partie en équipe : si un ou plusieurs Keepers d'une même équipe sont les
    derniers sur le plateau, toute l'équipe remporte la victoire. » EN: "Allied players win as a team"."""
    engine = nk.game(4, teams=["sun", "moon", "sun", "moon"])
    nk.rolled(engine, "A", [4, 4, 2, 3, 6], {"A": [3, 1], "B": [4, 1], "C": "eliminated", "D": [2, 3]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [3, 1], "B": "portal", "D": [2, 3]}})
    assert "nk.win" not in nk.rules(verdicts)                      # D (moon) is still standing
    nk.rolled(engine, "A", [4, 4, 2, 3, 6], {"A": [3, 3], "D": [4, 3]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [3, 3], "D": "portal"}})
    win = [v for v in verdicts if v.rule == "nk.win"]
    assert win and win[0].players == ("A", "C") and "Team sun" in win[0].message.en
    assert win[0].message.fr == "L’équipe sun gagne la partie (A, C) : dernier Keeper debout dans le Nexus : A"  # one stands
