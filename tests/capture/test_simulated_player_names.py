"""The names a game was started with on a phone are the names the simulated players play under, however many."""

from __future__ import annotations

from companion.bus import EventBus
from companion.capture.simulated_game import SimulatedTableForGames
from companion.config import load_config
from companion.journal import Journal
from companion.pipeline import LiveView, Pipeline
from companion.table import Table
from companion.tablevision.stage import TableStage
from companion.vision import DiceReader, RollSettler


def test_a_nexus_keepers_game_started_for_three_is_set_up_for_those_three(tmp_path):
    """A game started on the phone for A, B and C is set up by the simulated players for A, B and C, the names the
    header shows, not for their own two (Ada and Bo)."""
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers")
    table.new_game("nexus-keepers", {}, ["A", "B", "C"])
    source = SimulatedTableForGames(table, fps=8, size=(1024, 768), seed=5, pace=2.0)
    config = load_config(None)
    pipeline = Pipeline(source, DiceReader.from_config(config["vision"]), RollSettler(stable_frames=3), table.observe,
                        LiveView(), table=TableStage.from_config(config["table"], "nexus-keepers"))
    simulated = source._source_for("nexus-keepers")
    while simulated.scenes < 12 and not table.engine.state.set_up:
        pipeline.step()
    assert table.engine.state.set_up, "the simulated players set the game up"
    assert list(table.engine.state.players) == ["A", "B", "C"]
    assert table.state()["players"] == ["A", "B", "C"]
