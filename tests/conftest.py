"""Shared fixtures: every test gets its own data directory, never the user's real journal."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"

# A two-keeper Nexus Keepers game on the example cards, for the tests of camera rolls read, corrected or unsure
NK_TWO_KEEPERS = {"type": "setup", "players": [
    {"id": "A", "card": "example-ember-warden", "cube": {"origin": [0, 0], "direction": "E"}},
    {"id": "B", "card": "example-tide-runner", "cube": {"origin": [4, 1], "direction": "W"}}]}


def models_script(name: str):
    """A script of models/ (compare, average, train) loaded as a module: they are run as files, not a package."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, REPO / "models" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_rendered_tables(reader, rng, height: int, width: int, tables: int, **render) -> tuple[int, int]:
    """(dice read right, dice on the tables) over ``tables`` rendered tables; every box must lie in the frame.

    A die is read right when exactly one reading's box holds its centre and that reading has its value.
    """
    from companion.vision.render import render_table

    right = total = 0
    for _ in range(tables):
        image, truth = render_table(rng, height, width, **render)
        readings = reader.read(image)
        for die in truth:
            cx, cy = (die.box[0] + die.box[2]) / 2, (die.box[1] + die.box[3]) / 2
            near = [r for r in readings if r.box[0] <= cx <= r.box[2] and r.box[1] <= cy <= r.box[3]]
            total += 1
            right += len(near) == 1 and near[0].value == die.value
        for r in readings:
            assert 0 <= r.box[0] < r.box[2] <= width and 0 <= r.box[1] < r.box[3] <= height
            assert 0 < r.confidence <= 1
    return right, total


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives headless Chromium (needs Debian's chromium)")
    config.addinivalue_line("markers", "training: needs the training extra (torch)")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture(autouse=True)
def _root_logging_restored():
    """Commands run in-process (``cli.main``) point the root logger at the stderr of their test, which pytest
    closes afterwards; a later test's server thread logging there printed "--- Logging error ---". Put the
    root logger back after every test."""
    import logging

    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.fixture
def racing_failure_log():
    """A FailureLog class whose first making waits (at most 1 s) for a second one to be made meanwhile, and the list
    of those made: two threads failing at once both reach the making, as they could before it was made under a lock."""
    import threading

    from companion.bus_failures import FailureLog

    made: list[FailureLog] = []
    another = threading.Event()

    class SlowFailureLog(FailureLog):
        def __init__(self, *args) -> None:
            made.append(self)
            if len(made) == 1:
                another.wait(1.0)
            else:
                another.set()
            super().__init__(*args)

    return SlowFailureLog, made
