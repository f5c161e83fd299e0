"""A restart resumes from the game's last checkpoint: exactly the game a full replay of the journal gives, also after
an update of the code that leaves the checkpoint's formats alone; a checkpoint that cannot be used (damaged, of other
formats, the game's data changed) is ignored (the journal is replayed from its first entry, never a crash)."""

from __future__ import annotations

import json
import logging
import pickle
import random
import shutil
import sqlite3
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from companion import checkpoint
from companion.bus import EventBus
from companion.journal import Journal
from companion.table import Table

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = {"nexus-keepers": "nexus-keepers-full-game", "tesseract": "tesseract-win", "hexors": "hexors-beginner-win",
            "nexus": "nexus-two-players"}


@pytest.fixture(autouse=True)
def often(monkeypatch):
    monkeypatch.setattr(checkpoint, "EVERY", 7)  # a checkpoint every 7 entries: several in a short game


def open_table(data_dir) -> Table:
    return Table(Journal(data_dir / "journal.sqlite3"), EventBus())


def without_checkpoints(data_dir) -> Table:
    """The same journal, copied, without its checkpoints: a table that replays every entry."""
    copy = data_dir.parent / "replayed"
    copy.mkdir()
    with sqlite3.connect(data_dir / "journal.sqlite3") as db, sqlite3.connect(copy / "journal.sqlite3") as into:
        db.backup(into)
        into.execute("DELETE FROM checkpoints")
    return open_table(copy)


def checkpoints(data_dir) -> list[tuple]:
    with sqlite3.connect(data_dir / "journal.sqlite3") as db:
        return db.execute("SELECT game_id, seq FROM checkpoints").fetchall()


def roll(rng) -> dict:
    return {"type": "roll", "dice": [{"value": rng.randint(1, 6), "color": rng.choice(["red", "white"])}
                                     for _ in range(rng.randint(1, 3))]}


def same_game(a: Table, b: Table) -> None:
    assert a.state() == b.state()
    untimed = [[{k: v for k, v in e.items() if k != "at"} for e in t.history()] for t in (a, b)]
    assert untimed[0] == untimed[1]  # entries written after the resume differ only in when
    assert a.statistics() == b.statistics()
    assert [a.roll_version(s) for s in range(a.state()["entries"])] == \
        [b.roll_version(s) for s in range(b.state()["entries"])]


def test_a_free_roll_evening_resumed_from_its_checkpoint_is_the_full_replay_with_undo_and_corrections(data_dir):
    rng = random.Random(54)
    table = open_table(data_dir)
    for n in range(60):
        table.submit(roll(rng))
        if n % 9 == 4:
            table.undo()
        if n % 11 == 6:
            seq = table.state()["accepted"][-2]
            table.correct(seq, [{"value": 6, "color": "red"}], version=table.roll_version(seq))
    played = table.state()
    assert checkpoints(data_dir) and checkpoints(data_dir)[0][1] > 50  # the latest one, near the end
    replayed = without_checkpoints(data_dir)
    resumed = open_table(data_dir)
    assert resumed.state() == played
    same_game(resumed, replayed)
    for again in (resumed, replayed):  # the undo history came back too: undo takes back the same rolls
        again.undo()
        again.undo()
    same_game(resumed, replayed)


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_a_board_game_resumed_from_its_checkpoint_is_the_full_replay(data_dir, game):
    table = open_table(data_dir)
    table.new_game(game, {}, [])
    lines = (REPO / f"docs/rules/examples/{EXAMPLES[game]}.jsonl").read_text().splitlines()
    for line in lines[:40]:
        table.submit(json.loads(line))
    table.undo()
    resumed = open_table(data_dir)
    assert checkpoints(data_dir) and resumed.state() == table.state()
    same_game(resumed, without_checkpoints(data_dir))


def test_a_damaged_checkpoint_or_one_of_other_formats_is_ignored(data_dir, caplog):
    rng = random.Random(1)
    table = open_table(data_dir)
    for _ in range(20):
        table.submit(roll(rng))
    played = table.state()
    caplog.set_level(logging.INFO, logger="companion.checkpoint")
    with sqlite3.connect(data_dir / "journal.sqlite3") as db:
        db.execute("UPDATE checkpoints SET data = ?", (b"\x00not a pickle",))
    assert open_table(data_dir).state() == played
    assert "cannot be read" in caplog.text
    with sqlite3.connect(data_dir / "journal.sqlite3") as db:
        db.execute("UPDATE checkpoints SET version = '0.0+older'")  # as the code before formats wrote them
    assert open_table(data_dir).state() == played
    assert "holds other formats (0.0+older;" in caplog.text


def test_a_bumped_format_replays_the_game_instead_of_loading_the_older_checkpoint(data_dir, caplog, monkeypatch):
    rng = random.Random(3)
    table = open_table(data_dir)
    for _ in range(20):
        table.submit(roll(rng))
    played = table.state()
    caplog.set_level(logging.INFO, logger="companion")
    for bumped in ("GAME_FORMATS", "MEMORY_FORMAT"):
        with monkeypatch.context() as patch:
            if bumped == "GAME_FORMATS":
                patch.setitem(checkpoint.GAME_FORMATS, "free-roll", checkpoint.GAME_FORMATS["free-roll"] + 1)
            else:
                patch.setattr(checkpoint, "MEMORY_FORMAT", checkpoint.MEMORY_FORMAT + 1)
            caplog.clear()
            assert open_table(data_dir).state() == played
            assert "holds other formats" in caplog.text and "from 20 journal entries after its start" in caplog.text
    caplog.clear()
    assert open_table(data_dir).state() == played
    assert "after a checkpoint at entry 14" in caplog.text


RESUME = """
import json, logging, sys
from companion.bus import EventBus
from companion.journal import Journal
from companion.table import Table
logging.basicConfig(level=logging.INFO, stream=sys.stderr)
print(json.dumps(Table(Journal(sys.argv[1]), EventBus()).state()))
"""


def test_an_update_of_the_code_keeps_the_checkpoints_and_a_change_of_the_games_data_replays_it(data_dir, tmp_path):
    """A restart after a `git pull` takes up the game from its checkpoints while the code changed but not what a
    checkpoint holds; a change of that (here the game's tiles) makes it replay the game from the journal."""
    table = open_table(data_dir)
    table.new_game("hexors", {}, [])
    for line in (REPO / "docs/rules/examples/hexors-beginner-win.jsonl").read_text().splitlines()[:30]:
        table.submit(json.loads(line))
    played = json.loads(json.dumps(table.state()))
    taken = checkpoints(data_dir)[-1][1]
    assert taken > 20
    updated = tmp_path / "updated"
    shutil.copytree(REPO / "companion", updated / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    with (updated / "companion/games/hexors/rules.py").open("a") as code:
        code.write("# an update that leaves the state alone\n")

    def restart() -> str:
        done = subprocess.run([sys.executable, "-c", RESUME, str(data_dir / "journal.sqlite3")], cwd=updated,
                              capture_output=True, text=True, timeout=120, env={"PYTHONDONTWRITEBYTECODE": "1"})
        assert done.returncode == 0, done.stderr[-2000:]
        assert json.loads(done.stdout.strip().splitlines()[-1]) == played
        return done.stderr

    assert f"after a checkpoint at entry {taken}" in restart()
    with (updated / "companion/games/hexors/data/example_tiles.json").open("a") as data:
        data.write("\n")
    said = restart()
    assert "holds other formats" in said and "after its start" in said


def test_a_games_cache_of_words_and_shapes_is_worked_out_again_not_loaded(data_dir):
    """Nexus keeps the words and card shapes its code worked out in the engine's cache: an older code's are not
    shown after an update."""
    table = open_table(data_dir)
    table.new_game("nexus", {}, [])
    for line in (REPO / "docs/rules/examples/nexus-two-players.jsonl").read_text().splitlines()[:40]:
        table.submit(json.loads(line))
    played = table.state()
    with sqlite3.connect(data_dir / "journal.sqlite3") as db:
        game_id, data = db.execute("SELECT game_id, data FROM checkpoints").fetchone()
        memory = pickle.loads(zlib.decompress(data))
        cache = memory.engine._cache
        assert cache.get("designs")  # filled when the checkpoint was written
        cache["designs"] = {card: (known[0], "{}", {"rods": [], "nodes": []})  # as an older code drew them
                            for card, known in cache["designs"].items()}
        db.execute("UPDATE checkpoints SET data = ? WHERE game_id = ?", (zlib.compress(pickle.dumps(memory)), game_id))
    resumed = open_table(data_dir)
    assert resumed.state() == played
    same_game(resumed, without_checkpoints(data_dir))


def test_another_games_checkpoint_is_not_taken_for_this_one(data_dir, caplog):
    rng = random.Random(2)
    table = open_table(data_dir)
    for _ in range(8):
        table.submit(roll(rng))
    first = table.state()["game_id"]
    table.new_game("free-roll", {"significance": 0.05}, ["Ann"])
    for _ in range(8):
        table.submit(roll(rng))
    played = table.state()
    with sqlite3.connect(data_dir / "journal.sqlite3") as db:  # the first game's checkpoint under the second's id
        db.execute("DELETE FROM checkpoints WHERE game_id = ?", (played["game_id"],))
        db.execute("UPDATE checkpoints SET game_id = ?, seq = 8 WHERE game_id = ?", (played["game_id"], first))
    assert open_table(data_dir).state() == played
    assert "not this game's state" in caplog.text


def test_a_restart_at_any_moment_of_a_long_game_replays_at_most_every_entries(data_dir):
    """At 2500 entries a restart replayed up to 250 (a tenth of the game); a small checkpoint is now written every
    EVERY entries whatever the game's length."""
    rng = random.Random(7)
    table = open_table(data_dir)
    for n in range(150):
        table.submit(roll(rng))
        if n >= 60:
            assert n + 1 - checkpoints(data_dir)[0][1] < checkpoint.EVERY
    assert open_table(data_dir).state() == table.state()


def test_a_big_checkpoint_is_written_further_apart_as_the_game_grows(data_dir, monkeypatch):
    monkeypatch.setattr(checkpoint, "SMALL", 0)  # every checkpoint counts as big
    rng = random.Random(7)
    table = open_table(data_dir)
    written = set()
    for _ in range(150):
        table.submit(roll(rng))
        written.add(checkpoints(data_dir)[0][1] if checkpoints(data_dir) else 0)
    gaps = [b - a for a, b in zip(sorted(written), sorted(written)[1:])]
    assert gaps[0] == checkpoint.EVERY and gaps[-1] >= 14  # a tenth of the game, past 70 entries
    assert open_table(data_dir).state() == table.state()
