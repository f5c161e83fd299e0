"""The simulated camera plays the chosen game on its mat, and the real pipeline referees it: the setup, rolls,
moves and primes the referee accepts come from what the camera reads (journaled as "simulated": a simulated
camera's readings), not from the simulation's own truth."""

from __future__ import annotations

import numpy as np
import pytest

from companion.bus import EventBus
from companion.capture.simulated_game import SimulatedTableForGames
from companion.config import load_config
from companion.journal import Journal
from companion.pipeline import LiveView, Pipeline
from companion.table import Table
from companion.tablevision.stage import TableStage
from companion.vision import DiceReader, RollSettler


def play(tmp_path, game: str, until, scenes: int = 24, players=()):
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game=game)
    if players:
        table.new_game(game, {}, list(players))  # as the phone starts it
    source = SimulatedTableForGames(table, fps=8, size=(1024, 768), seed=5, pace=2.0)
    config = load_config(None)
    pipeline = Pipeline(source, DiceReader.from_config(config["vision"]), RollSettler(stable_frames=3), table.observe,
                        LiveView(), table=TableStage.from_config(config["table"], game))
    simulated = source._source_for(game)
    while simulated.scenes < scenes and not until(table.history()):
        pipeline.step()
    return table.history()


def entries(history, source, event_type):
    return [e for e in history if e["source"] == source and e["event"]["type"] == event_type and e["in_force"]]


@pytest.mark.parametrize("game", ["nexus-keepers"])
def test_nexus_keepers_setup_rolls_and_moves_come_from_the_camera(tmp_path, game):
    def done(history):
        return entries(history, "simulated", "positions") and len(entries(history, "simulated", "roll")) >= 2

    history = play(tmp_path, game, done)
    setup = entries(history, "simulated player", "setup")
    assert setup, "the players set the game up from the camera's board"
    assert setup[0]["event"]["players"][0]["cube"] == {"tiles": [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]], "portal": "W"}
    assert len(entries(history, "simulated", "roll")) >= 2
    moves = entries(history, "simulated", "positions")
    assert moves and moves[0]["verdicts"][0]["rule"] == "nk.move.explained"
    assert not [e for e in history if e["source"] == "simulated player" and e["event"]["type"] == "roll"], \
        "every roll was read by the camera"


def test_tesseract_threat_phase_primes_come_from_the_camera(tmp_path):
    history = play(tmp_path, "tesseract", lambda h: len(entries(h, "simulated", "prime")) >= 1)
    primes = entries(history, "simulated", "prime")
    assert primes and primes[0]["verdicts"][0]["rule"] == "tess.prime"
    readings = [e for e in history if e["source"] == "simulated" and e["event"]["type"] == "priming_zone_reading"]
    assert readings and all(v["rule"] == "tess.camera.match" for e in readings for v in e["verdicts"])
    assert all(e["reading"] and not e["in_force"] for e in readings)  # compared, never undone


def test_after_a_maladresse_the_next_player_throws_dice_of_their_own(tmp_path):
    """« MALADRESSE » ends the turn when the camera reads 3 ones: the next player throws, and the simulated players
    never enter the dice of the turn just lost as the next player's roll."""
    import json
    from pathlib import Path

    import numpy as np

    from companion.games.nexus_keepers.table_bot import TableBot

    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers")
    example = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-keepers-full-game.jsonl"
    table.submit(json.loads(example.read_text().splitlines()[0]))
    bot = TableBot(np.random.default_rng(0))
    thrown = bot.next_scene(table)
    assert thrown.thrown and entries(table.history(), "simulated player", "turn_start")
    ones = [1, 1, 1] + [6] * (len(thrown.dice) - 3)
    verdicts = table.submit({"type": "roll", "dice": ones}, source="simulated")
    assert any(v.rule == "nk.maladresse" for v in verdicts)
    again = bot.next_scene(table)
    assert again.thrown, "the next player throws"
    assert len(entries(table.history(), "simulated player", "turn_start")) == 2
    assert not entries(table.history(), "simulated player", "roll")


def test_hexors_moves_and_duel_rolls_come_from_the_camera(tmp_path):
    """« Au cours du déplacement, si le carreau arrive en face d'un carreau de l'ennemi, le déplacement s'arrête et
    un DUEL s'amorce »: the simulated duellists only put tiles down and throw the die; the referee plays the moves
    it reads from the stickers and the duel rolls it reads from the die."""
    def done(history):
        return len(entries(history, "simulated", "positions")) >= 3 and len(entries(history, "simulated", "roll")) >= 2

    history = play(tmp_path, "hexors", done, scenes=30)
    assert entries(history, "simulated player", "setup")
    moves = entries(history, "simulated", "positions")
    assert len(moves) >= 3 and all(e["verdicts"][0]["rule"] in ("hex.move.advance", "hex.move.jump") for e in moves)
    assert len(entries(history, "simulated", "roll")) >= 2
    assert not [e for e in history if e["source"] == "simulated player" and e["event"]["type"] in ("move", "roll")], \
        "every move and roll was read by the camera"
    assert not [v for e in history for v in e["verdicts"] if v["kind"] in ("warning", "illegal")]


def test_nexus_cards_and_counters_come_from_the_camera(tmp_path):
    """« New cards much touch existing cards. » (sic) and « place one counter on an unoccupied Node »: the simulated
    players lay each card and counter on the mat; the referee plays the cards it reads from their stickers and the
    counters it finds by their colour."""
    def done(history):
        return len(entries(history, "simulated", "play_card")) >= 3 and \
            len(entries(history, "simulated", "place_counter")) >= 3

    history = play(tmp_path, "nexus", done, scenes=16)
    assert entries(history, "simulated player", "setup")
    cards = entries(history, "simulated", "play_card")
    assert len(cards) >= 3 and all(e["verdicts"][0]["rule"] == "nexus.card.played" for e in cards)
    assert len(entries(history, "simulated", "place_counter")) >= 3
    assert not [e for e in history if e["source"] == "simulated player" and e["event"]["type"] != "setup"], \
        "every card and counter was read by the camera"
    assert not [v for e in history for v in e["verdicts"] if v["kind"] in ("warning", "illegal")]

@pytest.mark.parametrize("game", ["hexors", "nexus", "nexus-keepers", "tesseract"])
def test_the_simulated_players_take_the_names_the_game_was_started_with(tmp_path, game):
    """A newcomer starts a game on the phone for Ana and Bo: the simulated players set it up under those names, not
    their own (a header "Hexors: Ana · Bo" over "Kaiba's turn")."""
    history = play(tmp_path, game, lambda h: entries(h, "simulated player", "setup"), players=("Ana", "Bo"))
    setup = entries(history, "simulated player", "setup")[0]["event"]
    players = setup["scientists"] if game == "tesseract" else setup["players"]
    assert [p if isinstance(p, str) else p["id"] for p in players] == ["Ana", "Bo"]


@pytest.mark.parametrize("game", ["nexus-keepers", "tesseract", "hexors", "nexus"])
def test_the_simulated_camera_sees_the_whole_mat_in_a_wide_picture(game):
    """`make run` asks the simulated camera for 1280 x 720: all four corner markers are in the picture, the mat's top
    edge and Hexors' portrait arena included."""
    import numpy as np

    from companion.capture.simulated_game import overhead_pose
    from companion.tablevision import layout_for
    from companion.tablevision.render import render_table

    layout = layout_for(game)
    image = render_table(layout, [], [], overhead_pose(layout, (1280, 720)), np.random.default_rng(2), look=3).image
    view, _ = TableStage(layout).process(image, [], 0, 0.0)
    assert view.plane.anchors_seen == tuple(sorted(layout.anchor_ids)) and not view.plane.former


def test_stickers_stay_readable_while_the_dice_tumble():
    """Dice in flight are blurred, the table around them is not: a board is never lost to a throw, not even the
    tiles by the dice zone (a frame blurred whole would hide the tiles' stickers for the throw, long enough for the
    tiles to count as taken away)."""
    from companion.capture.simulated_game import Scene, SimulatedGameTable
    from companion.tablevision import layout_for
    from companion.tablevision.cells import cell_centre
    from companion.tablevision.render import DiePlacement, PiecePlacement

    layout = layout_for("hexors")
    stickers = list(layout.pieces)[:6]
    arena = layout.grid("arena")
    pieces = [PiecePlacement(s, cell_centre(arena, (i, 8)), 0.0) for i, s in enumerate(stickers)]  # row 1, by the dice

    class Thrower:
        def next_scene(self, table):
            return Scene(pieces, [DiePlacement((120.0, 397.0), 3, "white")], thrown=True)

    camera = SimulatedGameTable(layout, Thrower(), table=None, fps=8, size=(1280, 720), seed=3)
    stage = TableStage(layout)
    seen = []
    for i in range(3 + 6):  # the hand, then the tumble
        view, _ = stage.process(camera.read().image, [], i, i / 8)
        if i >= 3:
            seen.append(len(view.pieces))
    assert seen == [len(pieces)] * 6


@pytest.mark.parametrize("pace, stills", [(2.0, 16), (8.0, 64)])
def test_each_simulated_step_stays_on_the_table_for_the_pace(tmp_path, pace, stills):
    """camera.simulated_pace sets how long each simulated step stays on the table (8 s by default, so a person can
    follow): four times the pace, four times the stills."""
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="hexors")
    source = SimulatedTableForGames(table, fps=8, size=(320, 240), seed=5, pace=pace)
    simulated = source._source_for("hexors")
    simulated._plan()
    assert [kind for kind, _ in simulated._script].count("still") == stills


def test_the_pace_is_a_setting_with_bounds(tmp_path):
    from companion.config import ConfigError

    assert load_config(None)["camera"]["simulated_pace"] == 8.0
    assert load_config(None, overrides={"camera": {"simulated_pace": 1.5}})["camera"]["simulated_pace"] == 1.5
    with pytest.raises(ConfigError, match="simulated_pace"):
        load_config(None, overrides={"camera": {"simulated_pace": 0.1}})



@pytest.mark.parametrize("game", ["hexors", "nexus", "nexus-keepers", "tesseract"])
def test_the_simulated_players_wait_while_it_is_the_persons_seat_to_play(tmp_path, game):
    """A person takes the second seat at the simulated table: the simulated players play the first seat's turn, then
    enter nothing while it is the person's turn (the table stays as it is), and play on once the person watches."""
    from companion.capture.simulated_game import Seat, SimulatedGameTable, bot_for
    from companion.tablevision import layout_for

    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game=game)
    seat = Seat()
    camera = SimulatedGameTable(layout_for(game), bot_for(game, np.random.default_rng(1)), table, fps=2,
                                size=(320, 240), still_seconds=1.0, seat=seat)
    if game == "nexus-keepers":  # its players set up from the tiles the camera reads: the example game's setup
        import json
        from pathlib import Path

        example = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-keepers-full-game.jsonl"
        table.submit(json.loads(example.read_text().splitlines()[0]))
    camera._plan()  # the simulated players set the game up (or start its first turn)
    engine = table.engine
    seats = engine.seats()
    assert len(seats) >= 2 and engine.to_act() == seats[0]
    assert table.state()["to_act"] == seats[0]  # the phone's "Ann (simulated) is playing…" reads it (seat.js)
    seat.take(2)
    for _ in range(40):  # the first seat's turn, played by the simulated players
        if engine.to_act() == seats[1]:
            break
        camera._plan()
    assert engine.to_act() == seats[1], "the turn passed to the person"
    assert table.state()["to_act"] == seats[1]
    entered, scenes = len(table.history()), camera.scenes
    assert scenes > 1
    for _ in range(3):
        camera._plan()
    assert len(table.history()) == entered and camera.scenes == scenes, "the simulated players waited"
    assert [kind for kind, _ in camera._script] == ["still"] * camera.still_frames, "no hand over the table"
    seat.take(None)  # the person only watches now
    for _ in range(3):
        camera._plan()
    assert camera.scenes == scenes + 3 and len(table.history()) > entered, "they play on"


def test_the_persons_seat_is_kept_for_the_next_games(tmp_path):
    """Every game's simulated players wait for the one seat the service keeps (a new game keeps it while it has that
    seat: tests/web/test_web_simulated_seat.py)."""
    from companion.capture.simulated_game import Seat

    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="hexors")
    seat = Seat()
    source = SimulatedTableForGames(table, fps=8, size=(320, 240), seed=5, pace=1.0, seat=seat)
    seat.take(2)
    assert [source._source_for(game).seat.number for game in ("hexors", "nexus", "tesseract")] == [2, 2, 2]


def test_the_persons_move_is_drawn_on_the_mat_before_any_simulated_player_acts(tmp_path):
    """A person at the simulated table moves a Hexors tile on the phone: the next frame shows the tile on its new
    cell, read by the real table vision, while the simulated players have not acted (the camera must not see the
    tile back where it had been)."""
    from companion.capture.simulated_game import Seat, SimulatedGameTable, bot_for
    from companion.games.hexors.movement import legal_moves
    from companion.games.hexors.table_layout import mat_cell
    from companion.tablevision import layout_for

    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="hexors")
    seat = Seat()
    layout = layout_for("hexors")
    camera = SimulatedGameTable(layout, bot_for("hexors", np.random.default_rng(1)), table, fps=2,
                                size=(1024, 768), still_seconds=1.0, seat=seat)
    camera._plan()  # the simulated players set the game up
    engine = table.engine
    seat.take(engine.seats().index(engine.to_act()) + 1)  # the person plays the seat whose turn it is
    camera.read()
    scenes, entered = camera.scenes, len(table.history())
    state = engine.state
    move = legal_moves(state, state.player.id, engine.options)[0]
    assert table.submit({"type": "move", "tile": move["tile"], "path": move["path"]}, source="phone")[0].kind.value \
        != "illegal"
    view, _ = TableStage(layout).process(camera.read().image, [], 0, 0.0)
    seen = {p.name: p.place.cell for p in view.pieces}
    assert seen[move["tile"]] == mat_cell(move["path"][-1])
    assert camera.scenes == scenes and len(table.history()) == entered + 1, "no simulated player acted"


@pytest.mark.parametrize("game", ["hexors", "nexus", "nexus-keepers", "tesseract"])
def test_drawing_the_game_now_enters_nothing(tmp_path, game):
    """Each game's simulated players can draw the referee's game as it stands (a person's move) without playing."""
    from companion.capture.simulated_game import bot_for

    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game=game)
    bot = bot_for(game, np.random.default_rng(1))
    if game == "nexus-keepers":
        import json
        from pathlib import Path

        example = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-keepers-full-game.jsonl"
        table.submit(json.loads(example.read_text().splitlines()[0]))
    played = bot.next_scene(table)
    entered = len(table.history())
    now = bot.scene_now(table)
    assert len(table.history()) == entered
    drawn = {p.marker.name for p in now.pieces}
    assert drawn >= {p.marker.name for p in played.pieces if not p.marker.name.startswith("keeper")}
    if game == "nexus-keepers":  # the keepers stand where the referee has them
        assert {n for n in drawn if n.startswith("keeper")} == {f"keeper-{i}" for i in
                                                                 range(1, len(table.engine.state.players) + 1)}
    assert not now.thrown


def test_a_new_game_started_on_a_phone_takes_the_keepers_off_the_mat(tmp_path):
    """A second Nexus Keepers game started on a phone takes the first game's keepers off the mat: the simulated
    table's next scene draws no keeper where the game before left them (on tiles the new setup has not laid, which
    the camera's setup would refuse at every step)."""
    import json
    from pathlib import Path

    from companion.games.nexus_keepers.table_bot import TableBot

    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers")
    example = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-keepers-full-game.jsonl"
    table.submit(json.loads(example.read_text().splitlines()[0]))
    bot = TableBot(np.random.default_rng(0))
    bot.keepers = {1: [2, 2], 2: [4, 2]}                       # where the game before left them
    table.camera_board = {"tile-1-1": {"kind": "tile", "cell": [1, 1], "status": "seen"}}  # the same mat, still seen
    table.new_game("nexus-keepers", {}, ["Ada", "Bo"])
    scene = bot.next_scene(table)
    assert scene.pieces and not [p for p in scene.pieces if p.marker.name.startswith("keeper")]
