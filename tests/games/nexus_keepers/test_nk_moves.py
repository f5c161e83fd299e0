"""Actions from the final dice: Move, Jump, Push; validation of observed positions; legal_moves().

Board (conftest ROWS): A's row y=0 (Portal west of (0,0)), B's row y=1 (Portal east of (4,1)),
C's row y=2 (Portal west of (0,2)), D's row y=3. A plays the example Ember Warden:
2 move, 3 jump, 4 push, 5 move/push, 6 any action.
"""

from __future__ import annotations

from companion.core import DieReading, Observation


def destinations(engine):
    return sorted(tuple(o["to"]) for o in engine.legal_moves())


def test_move_is_one_orthogonal_step(nk):
    """FR: « lorsque votre Keeper bouge, il se déplace vers une case adjacente, en ligne droite. »
    EN: "when your Keeper moves, they step into an adjacent space in a straight line."
    """
    engine = nk.rolled(nk.game(3), "A", [2, 2, 3, 4, 6], {"A": [2, 1], "B": [4, 1], "C": [0, 2]})
    assert destinations(engine) == [(1, 1), (2, 0), (2, 1), (2, 2), (3, 1)]
    assert engine.legal_moves("B") == []   # only the keeper whose turn it is acts


def test_jump_is_diagonal_or_over_an_adjacent_keeper(nk):
    """FR: « Il se déplace sur une case adjacente diagonale. Il saute par-dessus un autre Keeper, en ligne droite et
    atterrit à deux cases de son point de départ. » EN: "Move diagonally to an adjacent space. … Leap over another
    Keeper in a straight line, landing two spaces away."
    """
    engine = nk.rolled(nk.game(3), "A", [3, 3, 2, 4, 6], {"A": [1, 1], "B": [2, 1], "C": [0, 2]})
    assert destinations(engine) == [(0, 0), (1, 1), (2, 0), (2, 2), (3, 1)]   # (0, 2) is taken by C


def test_leap_only_when_a_figure_is_adjacent(nk):
    """FR: « Notez que vous ne pouvez sauter par dessus un autre Keeper que si une autre figurine est adjacente à votre
    Keeper. » EN: "You can only jump over another Keeper if there is at least one adjacent figure next to your Keeper."
    """
    engine = nk.rolled(nk.game(2), "A", [3, 3, 2, 4, 6], {"A": [0, 1], "B": [2, 1]})
    assert (3, 1) not in destinations(engine) and (2, 1) not in destinations(engine)
    assert destinations(engine) == [(0, 1), (1, 0)]


def test_triple_jump_mixes_diagonals_and_leaps(nk):
    """FR: « Un triple vous permettra donc de vous déplacer de deux cases en diagonale ou de sauter au-dessus de 2
    Keepers alignés. Si l'occasion se présente, vous pouvez même combiner des sauts en diagonale et des sauts par dessus
    les Keepers ! »"""
    engine = nk.rolled(nk.game(2), "A", [3, 3, 3, 4, 6], {"A": [0, 0], "B": [2, 1]})
    ok, how = engine.explain_positions({"A": [3, 1], "B": [2, 1]})
    assert ok and how == "jumps south-east onto the plain, then jumps 2 spaces east onto the plain"
    nk.rolled(engine, "A", [3, 3, 2, 4, 6], {"A": [0, 0], "B": [2, 1]})
    ok, why = engine.explain_positions({"A": [3, 1], "B": [2, 1]})
    assert not ok and "A cannot go 3 spaces east and 1 south onto the plain with jump 1" in why


def test_leap_over_two_aligned_keepers_costs_two_steps_and_is_an_option(nk):
    """FR: « Un triple vous permettra donc de vous déplacer de deux cases en diagonale ou de sauter au-dessus de 2
    Keepers alignés. » EN: "A triple lets you jump two tiles diagonally or leap over two aligned Keepers." With the
    option leap_over_run off, no such leap."""
    positions = {"A": [0, 1], "B": [1, 1], "C": [2, 1]}
    engine = nk.rolled(nk.game(3), "A", [3, 3, 3, 4, 6], positions)
    assert (3, 1) in destinations(engine)
    strict = nk.rolled(nk.game(3, options={"leap_over_run": False}), "A", [3, 3, 3, 4, 6], positions)
    assert (3, 1) not in destinations(strict)


def test_push_moves_the_other_keeper_away_while_the_pusher_stays(nk):
    """FR: « Le Personnage est alors repoussé d'une case, dans la direction opposée de votre Keeper alors que votre
    Keeper reste en place. » EN: "The character is then pushed one space in the opposite direction, while your Keeper
    stays in place."
    """
    engine = nk.rolled(nk.game(3), "A", [4, 4, 2, 3, 6], {"A": [1, 1], "B": [2, 1], "C": [0, 2]})
    ok, how = engine.explain_positions({"A": [1, 1], "B": [3, 1], "C": [0, 2]})
    assert ok and how == "pushes B 1 space east"
    assert not engine.explain_positions({"A": [2, 1], "B": [3, 1], "C": [0, 2]})[0]   # the pusher does not follow


def test_chain_push_moves_everyone_in_the_way(nk):
    """FR: « Si un autre personnage se trouve sur la case d'arrivée, celui-ci est poussé à son tour ! Notez que vous
    pouvez tout à fait pousser un Keeper allié ! » EN: "If another character is already occupying the destination
    space, it will also be pushed!"
    """
    engine = nk.rolled(nk.game(3), "A", [4, 4, 2, 3, 6], {"A": [1, 1], "B": [2, 1], "C": [3, 1]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [1, 1], "B": [3, 1], "C": [4, 1]}})
    assert nk.rules(verdicts) == ["nk.move.explained"]
    assert engine.summary()["positions"] == {"A": [1, 1], "B": [3, 1], "C": [4, 1]}


def test_an_allied_keeper_can_be_pushed(nk):
    """FR: « Notez que vous pouvez tout à fait pousser un Keeper allié ! » EN: "Note that you totally can push an allied
    Keeper!" — off the board too, with its bonus turn."""
    engine = nk.game(3, teams=["sun", "moon", "sun"])
    nk.rolled(engine, "A", [4, 4, 2, 3, 6], {"A": [1, 0], "B": [3, 2], "C": [1, 1]})
    assert engine.explain_positions({"A": [1, 0], "B": [3, 2], "C": [1, 2]}) == (True, "pushes C 1 space south")
    nk.rolled(engine, "A", [4, 4, 2, 3, 6], {"A": [3, 1], "B": [2, 2], "C": [4, 1]})
    assert nk.rules(engine.apply({"type": "positions", "keepers": {"A": [3, 1], "B": [2, 2], "C": "portal"}})) \
        == ["nk.move.explained", "nk.portal.elimination"]
    assert nk.rules(engine.apply({"type": "end_turn"})) == ["nk.turn.end", "nk.bonus"]


def test_the_steps_of_one_push_group_may_push_two_keepers(nk):
    """FR: « Un triple vous permettra donc de pousser un autre Personnage de deux cases ! » names one keeper; like the
    move split around a push (« bouger de une case, pousser un Keeper puis bouger à nouveau de une case »), a push's
    steps are spent one push at a time, so a triple may push two keepers one space each (the doc's choice 7)."""
    engine = nk.rolled(nk.game(3), "A", [4, 4, 4, 2, 3], {"A": [2, 1], "B": [1, 1], "C": [3, 1]})
    ok, how = engine.explain_positions({"A": [2, 1], "B": [0, 1], "C": [4, 1]})
    assert ok and how == "pushes C 1 space east, then pushes B 1 space west"
    nk.rolled(engine, "A", [4, 4, 2, 3, 6], {"A": [2, 1], "B": [1, 1], "C": [3, 1]})
    assert not engine.explain_positions({"A": [2, 1], "B": [0, 1], "C": [4, 1]})[0]   # a double: one push


def test_one_push_per_group_is_an_option_where_groups_still_add_up(nk):
    """FR: « Un triple vous permettra donc de pousser un autre Personnage de deux cases ! » shows one keeper only:
    with ``split_pushes`` off a group's push steps go to one push, so a triple pushes one keeper, not two one space
    each; groups still add up (« vous pouvez additionner les 5 dés pour pousser un Keeper de 3 cases ! (2 avec le
    triple et un avec le double) ») and two groups make two pushes. On, the default, a triple pushes two keepers."""
    start = {"A": [0, 1], "B": [0, 2], "C": [1, 1], "D": [4, 3]}  # C east of A, B south of A
    two_keepers = {**start, "B": [0, 3], "C": [2, 1]}
    split = nk.rolled(nk.game(4), "A", [4, 4, 4, 2, 3], start)
    assert split.explain_positions(two_keepers)[0]
    whole = nk.rolled(nk.game(4, {"split_pushes": False}), "A", [4, 4, 4, 2, 3], start)
    assert not whole.explain_positions(two_keepers)[0]
    assert whole.explain_positions({**start, "C": [3, 1]}) == (True, "pushes C 2 spaces east")
    assert whole.summary()["actions"] == [{"move": 0, "jump": 0, "push": 2, "pushes": [2]}]
    pushes = [{"action": "push", "target": "C"}, {"action": "push", "target": "B"}]
    verdicts = whole.apply({"type": "actions", "actions": pushes})
    assert nk.rules(verdicts) == ["nk.action.dice"]  # the triple went to C's push: none left for B's
    assert nk.rules(whole.apply({"type": "actions", "actions": pushes[:1]})) == ["nk.action"]
    assert whole.summary()["actions"] == [{"move": 0, "jump": 0, "push": 0, "pushes": []}]
    assert nk.rules(split.apply({"type": "actions", "actions": pushes})) == ["nk.action"] * 2
    nk.rolled(whole, "A", [4, 4, 4, 5, 5], start)  # a triple and a double: two pushes, or one of three spaces
    assert whole.explain_positions({**two_keepers, "C": [3, 1]})[0]  # C 2 with the triple, B 1 with the double
    assert whole.explain_positions({**start, "C": [4, 1]}) == (True, "pushes C 3 spaces east")


def test_triple_push_pushes_two_spaces_and_groups_add_up_to_three(nk):
    """FR: « Un triple vous permettra donc de pousser un autre Personnage de deux cases ! » and « vous pouvez
    additionner les 5 dés pour pousser un Keeper de 3 cases ! »"""
    engine = nk.rolled(nk.game(2), "A", [4, 4, 4, 2, 6], {"A": [0, 1], "B": [1, 1]})
    assert engine.explain_positions({"A": [0, 1], "B": [3, 1]}) == (True, "pushes B 2 spaces east")
    assert not engine.explain_positions({"A": [0, 1], "B": [4, 1]})[0]
    nk.rolled(engine, "A", [4, 4, 4, 5, 5], {"A": [0, 1], "B": [1, 1]})
    assert engine.explain_positions({"A": [0, 1], "B": [4, 1]}) == (True, "pushes B 3 spaces east")


def test_actions_in_any_order_even_splitting_one_group(nk):
    """FR: « si votre personnage peut bouger de deux cases et pousser, vous pouvez tout à fait bouger de une case,
    pousser un Keeper puis bouger à nouveau de une case. » EN: "you could move two tiles, push a Keeper, then move one
    more tiles."
    """
    engine = nk.rolled(nk.game(2), "A", [2, 2, 2, 4, 4], {"A": [0, 1], "B": [2, 1]})
    ok, how = engine.explain_positions({"A": [2, 1], "B": [3, 1]})
    assert ok and how == "moves east onto the plain, then pushes B 1 space east, then moves east onto the plain"
    verdicts = engine.apply({"type": "actions", "actions": [
        {"action": "move", "to": [1, 1]}, {"action": "push", "target": "B"}, {"action": "move", "to": [2, 1]}]})
    assert nk.rules(verdicts) == ["nk.action"] * 3
    assert engine.summary()["positions"] == {"A": [2, 1], "B": [3, 1]}
    assert engine.summary()["actions"] == [{"move": 0, "jump": 0, "push": 0}]


def test_an_action_need_not_be_used_fully(nk):
    """FR: « Vous n'êtes jamais obligé d'utiliser la totalité d'une action : si vous avez obtenu un triple pour bouger
    mais que vous voulez rester sur place, vous pouvez le faire. »"""
    engine = nk.rolled(nk.game(2), "A", [2, 2, 2, 3, 4], {"A": [0, 0], "B": [4, 1]})
    assert engine.explain_positions({"A": [0, 0], "B": [4, 1]}) == (True, "takes no action")
    assert engine.explain_positions({"A": [1, 0], "B": [4, 1]}) == (True, "moves east onto the plain")


def test_unexplained_positions_are_refused_with_the_reason(nk):
    engine = nk.rolled(nk.game(3), "A", [2, 2, 3, 5, 6], {"A": [0, 0], "B": [4, 1], "C": [0, 2]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [3, 0], "B": [3, 1], "C": [0, 2]}})
    assert [(v.kind.value, v.rule) for v in verdicts] == [("illegal", "nk.move.unexplained")]
    assert "A cannot go 3 spaces east onto the plain with move 1" in verdicts[0].message.en
    assert "B cannot have been pushed west onto the plain" in verdicts[0].message.en
    assert engine.summary()["phase"] == "rolling" and engine.summary()["positions"]["A"] == [0, 0]
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [7, 7], "B": [4, 1], "C": [0, 2]}})
    assert "A is seen 7 spaces south-east of its place, where no tile is in play" in verdicts[0].message.en
    assert "A est vu de 7 cases vers le sud-est de sa place, là où aucune tuile n’est en jeu" in verdicts[0].message.fr


def test_explicit_actions_are_checked_against_board_and_dice(nk):
    engine = nk.rolled(nk.game(2), "A", [2, 2, 3, 5, 6], {"A": [0, 0], "B": [4, 1]})
    verdicts = engine.apply({"type": "actions", "actions": [{"action": "move", "to": [1, 1]}]})
    assert nk.rules(verdicts) == ["nk.action.illegal"]          # diagonal is not a move
    verdicts = engine.apply({"type": "actions", "actions": [{"action": "jump", "to": [1, 1]}]})
    assert nk.rules(verdicts) == ["nk.action.dice"]             # no double allows a jump
    verdicts = engine.apply({"type": "actions", "actions": [{"action": "push", "target": "B"}]})
    assert nk.rules(verdicts) == ["nk.action.illegal"]          # B is not next to A


def test_keeper_seen_off_the_board_is_taken_as_a_fall_unless_only_a_portal_explains_it(nk):
    engine = nk.rolled(nk.game(2), "A", [4, 4, 2, 3, 6], {"A": [2, 0], "B": [2, 1]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [2, 0], "B": None}})
    assert nk.rules(verdicts) == ["nk.move.explained", "nk.fall"]
    engine = nk.rolled(nk.game(2), "A", [4, 4, 2, 3, 6], {"A": [3, 1], "B": [4, 1]})
    verdicts = engine.apply({"type": "positions", "keepers": {"A": [3, 1], "B": None}})
    assert nk.rules(verdicts) == ["nk.move.explained", "nk.move.exit-guess", "nk.portal.elimination", "nk.win"]
    engine = nk.rolled(nk.game(2), "A", [4, 4, 2, 3, 6], {"A": [3, 1], "B": [4, 1]})
    assert nk.rules(engine.apply({"type": "positions", "keepers": {"A": [3, 1], "B": "fell"}})) \
        == ["nk.move.unexplained"]


def test_legal_moves_lists_pushes_off_the_board(nk):
    engine = nk.rolled(nk.game(2), "A", [4, 4, 2, 3, 6], {"A": [2, 0], "B": [2, 1]})
    outcomes = engine.legal_moves()
    assert {"to": [2, 0], "positions": {"A": [2, 0], "B": "fell"}} in outcomes
    assert all(engine.explain_positions(o["positions"])[0] for o in outcomes)


def test_camera_observations_become_positions_rerolls_power_dice_or_rolls(nk):
    engine = nk.game(2)
    dice = lambda *vs: tuple(DieReading(v, "white", (10.0 * i, 0, 10.0 * i + 8, 8)) for i, v in enumerate(vs))  # noqa
    read = lambda *vs: [d.to_json() for d in dice(*vs)]  # noqa: E731  (rolls keep the dice as read: correctable)
    assert engine.observation_event(Observation(dice=dice(2, 2, 3, 4, 6))) == {
        "type": "roll", "dice": read(2, 2, 3, 4, 6)}
    assert read(2)[0]["box"] == [0.0, 0.0, 8.0, 8.0] and read(2)[0]["color"] == "white"
    engine.apply({"type": "roll", "dice": read(2, 2, 3, 4, 6)})
    assert engine.observation_event(Observation(dice=dice(6, 4, 3, 2, 2))) is None      # the same dice seen again
    assert engine.observation_event(Observation(dice=dice(2, 2, 5, 5, 6))) == {
        "type": "reroll", "dice": read(2, 2, 5, 5, 6)}
    # the die beyond the pool, as read (where it lies: a misread power die is corrected on its own event)
    assert engine.observation_event(Observation(dice=dice(2, 2, 3, 4, 6, 6))) == {
        "type": "power", "dice": read(2, 2, 3, 4, 6, 6)[5:]}
    assert engine.observation_event(Observation(dice=dice(2, 2, 5, 3, 6, 1))) == {  # rerolled with a power die
        "type": "reroll", "dice": read(2, 2, 5, 3, 6, 1)}
    event = engine.observation_event(Observation(pieces={"A": (1.0, 0.1)}))
    assert event == {"type": "positions", "keepers": {"A": [1, 0], "B": None}}
    engine.apply({"type": "positions", "keepers": {"A": [1, 0], "B": [4, 1]}})
    # after the move the same dice still lie on the table: not a new roll (it would end A's turn)
    assert engine.observation_event(Observation(dice=dice(2, 2, 3, 4, 6))) is None
    assert engine.observation_event(Observation(dice=dice(3, 3, 4, 5, 6))) == {
        "type": "roll", "dice": read(3, 3, 4, 5, 6)}


def test_a_power_die_the_camera_sees_after_the_positions_joins_the_pool(nk):
    """FR: « Ce dé peut être lancé, en plus de vos dés de base, à n'importe quel moment ! » — the engine takes a
    power die after the positions are checked (it can still make the double to reserve); the camera seeing the
    pool and one die more then sends it as a power die, not as a new roll that would end the turn."""
    engine = nk.rolled(nk.game(2), "A", [2, 2, 3, 5, 6], {"A": [0, 0], "B": [4, 1]})
    engine.apply({"type": "positions", "keepers": {"A": [1, 0], "B": [4, 1]}})   # the double 2 moved A
    dice = tuple(DieReading(v, "white", (10.0 * i, 0, 10.0 * i + 8, 8)) for i, v in enumerate((2, 2, 3, 5, 6, 5)))
    assert engine.observation_event(Observation(dice=dice)) == {"type": "power", "dice": [dice[5].to_json()]}
    assert 6 in engine.expected_roll().counts   # the pool and the power die: a count the game expects
    assert nk.rules(engine.apply(engine.observation_event(Observation(dice=dice)))) == ["nk.roll"]
    assert engine.summary()["phase"] == "acted" and engine.summary()["turn"] == "A"


def test_validation_agrees_with_legal_moves_on_random_positions(nk):
    """The pruned goal search and the exhaustive legal_moves() must agree: a set of positions is explained exactly
    when it is one of the legal outcomes (checked on seeded random positions, rolls and candidate outcomes)."""
    import random

    rng = random.Random(5)
    engine = nk.game(4)
    tiles = sorted({tuple(t) for c in engine.state_json()["board"] for t in c["tiles"]})
    for _ in range(40):
        cells = rng.sample(tiles, 4)
        pool = [rng.randint(2, 6) for _ in range(7)]
        nk.rolled(engine, "A", pool, dict(zip("ABCD", (list(c) for c in cells))))
        outcomes = [o["positions"] for o in engine.legal_moves()]
        legal = {json_key(o) for o in outcomes}
        candidates = outcomes[:5] + [
            {k: (list(rng.choice(tiles)) if rng.random() < 0.7 else rng.choice(["fell", "portal"])) if k != "A"
             else list(rng.choice(tiles)) for k in "ABCD"} for _ in range(10)]
        for candidate in candidates:
            ok, _how = engine.explain_positions(candidate)
            assert ok == (json_key(candidate) in legal), (pool, cells, candidate)


def json_key(positions):
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in positions.items()))
