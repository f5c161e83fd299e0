"""Section 4 of ``benchmarks/table.py``: the whole pipeline step on the frames of a simulated Nexus Keepers game,
played once through the real pipeline and referee (section 3 times table vision on the same frames).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import numpy as np

from companion.config import load_config
from table_rendered import SIZE


_GAMES: dict = {}  # (seconds, seed) -> the frames of a simulated game and its journal entries, played once


def _pipeline(source, on_settled):
    from companion.pipeline import LiveView, Pipeline
    from companion.tablevision.stage import TableStage
    from companion.vision import DiceReader, RollSettler

    config = load_config(None)
    reader = DiceReader.from_config(config["vision"], threads=1)
    return Pipeline(source, reader, RollSettler(stable_frames=config["vision"]["settle_frames"]), on_settled,
                    LiveView(), fps=config["camera"]["fps"],
                    table=TableStage.from_config(config["table"], "nexus-keepers"))


def played_game(seconds: float, seed: int):
    """The frames of a simulated Nexus Keepers game as a camera delivers them (hands, tumbling dice, still table),
    played once through the real pipeline and referee, and how many journal entries it made."""
    import tempfile

    from companion.bus import EventBus
    from companion.capture.simulated_game import SimulatedTableForGames
    from companion.journal import Journal
    from companion.table import Table

    if (seconds, seed) not in _GAMES:
        fps = load_config(None)["camera"]["fps"]
        with tempfile.TemporaryDirectory() as tmp:
            table = Table(Journal(Path(tmp) / "a.sqlite3"), EventBus(), default_game="nexus-keepers")
            camera = SimulatedTableForGames(table, fps=fps, size=SIZE, seed=seed, pace=2.0)
            frames = []
            recorder = _pipeline(camera, table.observe)
            while len(frames) < int(seconds * fps):
                frame = camera.read()
                frames.append(frame)
                recorder.source = _Replay([frame])
                recorder.step()
            _GAMES[seconds, seed] = frames, len(table.history())
    return _GAMES[seconds, seed]


def played(seconds: float, seed: int) -> None:
    """The whole pipeline step on the frames of a simulated Nexus Keepers game (played_game): moving frames skip
    the dice reader, frames where not one pixel changed reuse it. They are timed through a fresh pipeline whose
    observations go nowhere (the referee's own time: benchmarks/nexus_keepers.py)."""
    fps = load_config(None)["camera"]["fps"]
    frames, played_entries = played_game(seconds, seed)
    replay = _pipeline(_Replay(frames), lambda observation: None)
    times = []
    while True:
        start = time.perf_counter()
        if not replay.step():
            break
        times.append((time.perf_counter() - start) * 1000)
    budget = 1000 / fps
    mean = statistics.mean(times)
    print(f"4. Whole pipeline on {len(times)} frames of a simulated Nexus Keepers game ({played_entries} journal "
          f"entries while it was played), one thread: mean {mean:.2f} ms, median {statistics.median(times):.2f} ms, "
          f"95th percentile {float(np.percentile(times, 95)):.2f} ms a frame; dice reader skipped on "
          f"{replay.skipped} moving frames and reused on {replay.reused} unchanged ones; headroom at {fps:g} fps "
          f"(mean) {budget / mean:.2f}x (target >= 3x)")


class _Replay:
    """Recorded frames, once."""

    description = "recorded frames"

    def __init__(self, frames):
        self.frames = list(frames)

    def open(self):
        pass

    def close(self):
        pass

    def read(self):
        return self.frames.pop(0) if self.frames else None
