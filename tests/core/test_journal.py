"""The game journal: what was acknowledged survives anything, and a game resumes by replay."""

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.bus import EventBus
from companion.cli import main
from companion.journal import Journal
from companion.referee import EventError, OptionsError
from companion.table import Conflict, Table

REPO = Path(__file__).resolve().parents[2]


def roll(*values):
    return {"type": "roll", "dice": [{"value": v, "color": "white"} for v in values]}


def open_table(data_dir, **kw):
    return Table(Journal(data_dir / "journal.sqlite3"), EventBus(), **kw)


def faces(table):
    return table.state()["snapshot"]["state"]["counts"].get("white", [0] * 6)


def test_journal_uses_wal_and_full_sync(data_dir):
    journal = Journal(data_dir / "j.sqlite3")
    assert journal._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_restarted_table_resumes_the_unfinished_game_with_undo_and_corrections(data_dir):
    table = open_table(data_dir)
    table.submit(roll(1))
    table.submit(roll(2))
    table.submit(roll(3))
    table.undo()
    table.correct(0, [{"value": 6, "color": "white"}])
    expected = table.state()
    again = open_table(data_dir)
    assert again.state()["snapshot"] == expected["snapshot"] == again.engine.snapshot()
    assert faces(again) == [0, 1, 0, 0, 0, 1]
    assert again.state()["game_id"] == expected["game_id"]
    # undo history survives too: the resumed game can still take back roll 2
    again.undo()
    assert faces(again) == [0, 0, 0, 0, 0, 1]


def test_refused_and_malformed_events_write_nothing_wrong(data_dir):
    table = open_table(data_dir)
    with pytest.raises(EventError, match="die value must be an integer 1-6, got 8"):
        table.submit({"type": "roll", "dice": [{"value": 8}]})
    with pytest.raises(EventError, match="nothing to undo"):
        table.undo()
    with pytest.raises(EventError, match="entry 5 is not an accepted roll of this game"):
        table.correct(5, [{"value": 1}])
    assert table.history() == []


def test_a_new_game_ends_the_previous_one_and_bad_options_change_nothing(data_dir):
    table = open_table(data_dir)
    table.submit(roll(4))
    first = table.state()["game_id"]
    with pytest.raises(OptionsError):
        table.new_game("free-roll", {"nope": 1}, [])
    assert table.state()["game_id"] == first
    table.new_game("free-roll", {"significance": 0.05}, ["Ann", "Bo"])
    games = table.journal.games()
    assert games[0].ended_at is not None and games[0].outcome == {"kind": "abandoned"}
    assert games[1].players == ["Ann", "Bo"] and games[1].ended_at is None
    assert open_table(data_dir).state()["game_id"] == games[1].id


def test_a_game_started_without_names_is_listed_by_those_its_setup_names(data_dir):
    """Set aside, a Nexus game started without names is told by its players (its setup names them), so the one to
    resume can be found; a game with names keeps them."""
    table = open_table(data_dir)
    table.new_game("nexus", {}, [])
    table.submit(json.loads((REPO / "docs/rules/examples/nexus-two-players.jsonl").read_text().splitlines()[0]))
    aside = table.state()["game_id"]
    table.new_game("free-roll", {}, ["Cy"])
    listed = {g["id"]: g for g in table.past_games()}
    assert listed[aside]["players"] == ["Ann", "Bob"] and listed[aside]["resumable"]
    assert listed[table.state()["game_id"]]["players"] == ["Cy"]


def test_a_game_set_aside_unplayed_is_listed_once_however_often_it_was_started(data_dir):
    """"Earlier games" lists a game set aside unplayed once, however often it was started alike (same game,
    options, players): the newest; one started otherwise, or played, is still listed, and twenty games are still
    listed past the left-out ones."""
    table = open_table(data_dir)
    first = table.state()["game_id"]   # the table's own game at its first start, nothing played in it
    table.new_game("free-roll", {}, ["Ann"])
    table.submit(roll(4))
    played = table.state()["game_id"]
    starts = []
    for _ in range(3):
        table.new_game("nexus-keepers", {}, ["Cy", "Di"])
        starts.append(table.state()["game_id"])
    table.new_game("nexus-keepers", {}, ["Di", "Cy"])   # other players' order: another start
    other = table.state()["game_id"]
    table.new_game("free-roll", {}, ["Eve"])
    current = table.state()["game_id"]
    listed = [g["id"] for g in table.past_games()]
    assert listed == [current, other, starts[-1], played, first], listed
    for _ in range(25):   # unplayed starts left out take no place among the latest twenty
        table.new_game("free-roll", {}, ["Eve"])
    for n in range(10):
        table.new_game("free-roll", {}, [f"P{n}"])
        table.submit(roll(2))
    listed = [g["id"] for g in table.past_games()]   # the Eve game at the table before is an unplayed start too
    assert len(listed) == 10 + 1 + 4 and listed[-4:] == [other, starts[-1], played, first], listed


def test_the_table_names_the_players_its_setup_in_force_names(data_dir):
    """A Hexors game started without names is played by the sides its setup names: the phone's game screen and
    its "replace this game?" question name them, not 'no names'; once the setup is undone, nobody again."""
    table = open_table(data_dir)
    table.new_game("hexors", {}, [])
    assert table.state()["players"] == []
    table.submit(json.loads((REPO / "docs/rules/examples/hexors-beginner-win.jsonl").read_text().splitlines()[0]))
    assert table.state()["players"] == ["Yugi", "Kaiba"]
    with pytest.raises(Conflict, match=r"Hexors \(Yugi, Kaiba\)"):
        table.new_game("free-roll", {}, [], replaces=table.state()["game_id"] - 1)
    table.undo()
    assert table.state()["players"] == []
    assert open_table(data_dir).state()["players"] == []  # restarted: the same game, its setup undone


def test_games_list_and_export_commands(data_dir, tmp_path, capsys):
    config = tmp_path / "c.toml"
    config.write_text(f'[service]\ndata_dir = "{data_dir}"\n', encoding="utf-8")
    table = open_table(data_dir)
    table.submit(roll(2, 5))
    table.journal.close()
    assert main(["--config", str(config), "games", "list", "--json"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert listed[0]["game"] == "free-roll" and listed[0]["events"] == 1
    assert main(["--config", str(config), "games", "export", str(listed[0]["id"])]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["entries"][0]["event"] == roll(2, 5)
    assert exported["entries"][0]["verdicts"][0]["rule"] == "free-roll.roll"
    assert main(["--config", str(config), "games", "export", "999"]) == 1


WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from companion.bus import EventBus
    from companion.journal import Journal
    from companion.table import Table
    table = Table(Journal(Path(sys.argv[1]) / "journal.sqlite3"), EventBus())
    i = 0
    while True:
        value = i % 6 + 1
        table.submit({"type": "roll", "dice": [{"value": value, "color": "white"}]}, source="script")
        print(value, flush=True)   # acknowledged only after the journal write returned
        i += 1
    """
)


def test_sigkill_mid_game_restarts_into_the_same_game(data_dir):
    """A real process is killed with SIGKILL while writing; every acknowledged roll is still there."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(data_dir)], stdout=subprocess.PIPE, text=True)
    acknowledged = []
    try:
        while len(acknowledged) < 40:
            line = proc.stdout.readline()
            assert line, "the writer died before acknowledging 40 rolls"
            acknowledged.append(int(line))
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    # the writer does not wait for us: acknowledgements it printed before the kill may still sit in the pipe
    acknowledged += [int(line) for line in proc.stdout.read().split()]
    assert proc.returncode == -signal.SIGKILL
    table = open_table(data_dir)
    rolls = [e["dice"][0]["value"] for e in table.history() if e["in_force"]]
    assert rolls[: len(acknowledged)] == acknowledged
    assert len(rolls) <= len(acknowledged) + 1  # at most the one in flight when killed
    table.submit(roll(6))  # and the game goes on


def test_an_event_the_journal_could_not_write_is_not_acknowledged_and_not_kept(data_dir, monkeypatch):
    """Disk full or pulled SD card: the player is told, and the game stays what the journal holds."""
    from companion.journal import JournalError

    table = open_table(data_dir)
    table.submit(roll(2))
    real_append = table.journal.append

    def failing_append(*args, **kwargs):
        raise JournalError("cannot write to the game journal: disk I/O error")

    monkeypatch.setattr(table.journal, "append", failing_append)
    with pytest.raises(JournalError, match="disk I/O"):
        table.submit(roll(5))
    assert faces(table) == [0, 1, 0, 0, 0, 0] and table.state()["accepted"] == [0]
    monkeypatch.setattr(table.journal, "append", real_append)
    table.submit(roll(3))
    table.undo()
    assert faces(table) == [0, 1, 0, 0, 0, 0]
    assert faces(open_table(data_dir)) == [0, 1, 0, 0, 0, 0]


def test_a_camera_roll_that_cannot_be_journaled_is_reported_not_fatal(data_dir, monkeypatch):
    from companion.core import DieReading, Observation
    from companion.journal import JournalError

    table = open_table(data_dir)
    notices = []
    table.bus.listen(lambda e: notices.append(e.data) if e.topic == "notice" else None)
    monkeypatch.setattr(table.journal, "append", lambda *a, **k: (_ for _ in ()).throw(JournalError("disk full")))
    assert table.observe(Observation(dice=(DieReading(4, "white"),))) == []
    assert "Roll not recorded" in notices[0]["message"] and "disk full" in notices[0]["message"]
    assert faces(table) == [0] * 6


def test_a_camera_reading_that_only_compares_is_journaled_but_never_undone(data_dir):
    """Tesseract's priming zone is read again after each action: undo takes back the player's action, not the
    reading that followed it (a tap of undo that took back a reading would change nothing), and a reading's dice
    are not offered for correction; a restarted table agrees."""
    table = open_table(data_dir)
    table.new_game("tesseract", {"camera_frame_is_priming_zone": True}, ["Ada", "Marie"])
    table.submit(json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0]))
    before = table.state()["snapshot"]
    table.submit({"type": "take", "column": table.engine.state.tesseract.lowest_removable()[0]})
    after_take = table.state()["snapshot"]
    reading = {"type": "priming_zone_reading", "dice": [c.to_json() for c in table.engine.state.zone.cubes]}
    table.submit(reading, source="camera")
    assert [(e["event"]["type"], e["in_force"], e["reading"]) for e in table.history()[1:]] == [
        ("take", True, False), ("priming_zone_reading", False, True)]
    assert table.state()["snapshot"] == after_take
    with pytest.raises(EventError, match="is not an accepted roll"):
        table.correct(2, reading["dice"])
    table.undo()
    assert table.state()["snapshot"] == before and table.state()["accepted"] == [0]  # the setup alone
    assert open_table(data_dir).state()["snapshot"] == before


def test_an_undo_journaled_before_readings_stayed_out_of_undo_replays_as_it_was_played(data_dir):
    """Restarting after an update must give the same game: an older journal's undo names no entry, and when a
    zone reading came after the last action it took back that reading, not the action."""
    table = open_table(data_dir)
    table.new_game("tesseract", {"camera_frame_is_priming_zone": True}, ["Ada", "Marie"])
    table.submit(json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0]))
    table.submit({"type": "take", "column": table.engine.state.tesseract.lowest_removable()[0]})
    after_take = table.state()["snapshot"]
    reading = {"type": "priming_zone_reading", "dice": [c.to_json() for c in table.engine.state.zone.cubes]}
    table.submit(reading, source="camera")
    game = table.state()["game_id"]
    table.journal.append(game, 3, {"type": "undo"}, [], "phone")  # as an older version journaled it
    table.journal.close()
    again = open_table(data_dir)
    assert again.state()["snapshot"] == after_take and again.state()["accepted"] == [0, 1]
    again.undo()  # today's undo names the entry it takes back
    assert again.history()[-1]["event"] == {"type": "undo", "undoes": 1}
    assert open_table(data_dir).state()["accepted"] == [0]


def fail_writes(journal, when: str) -> None:
    """The journal's next write of this kind fails as a full disk makes it fail, after what came before it in the
    same change was written (a trigger, so the failure comes at exactly that moment)."""
    journal._db.execute(f"CREATE TEMP TRIGGER disk_full {when} BEGIN SELECT RAISE(ABORT, 'disk is full'); END")


def test_a_new_game_the_disk_cannot_take_leaves_the_game_at_the_table_intact_after_a_restart(data_dir):
    """With the disk full, New game fails and the game at the table is not marked abandoned: it is the same game
    before and after a restart (no empty game in its place), not one set aside to resume."""
    from companion.journal import JournalError

    table = open_table(data_dir)
    table.submit(roll(3))
    table.submit(roll(5))
    before = table.state()
    fail_writes(table.journal, "BEFORE INSERT ON games")
    with pytest.raises(JournalError, match="disk is full"):
        table.new_game("nexus-keepers", {}, ["Ann", "Bob"])
    assert table.state() == {**before, "journal_problem": table.state()["journal_problem"]}
    table.journal.close()
    again = open_table(data_dir)
    assert again.state()["game_id"] == before["game_id"] and again.state()["snapshot"] == before["snapshot"]
    assert [g["resumable"] for g in again.past_games()] == [False]


def test_a_resume_the_disk_cannot_take_leaves_the_game_at_the_table_intact_after_a_restart(data_dir):
    from companion.journal import JournalError

    table = open_table(data_dir)
    table.submit(roll(1))
    aside = table.state()["game_id"]
    table.new_game("free-roll", {}, ["Cy"])
    table.submit(roll(6))
    before = table.state()
    fail_writes(table.journal, "BEFORE UPDATE ON games WHEN NEW.ended_at IS NULL")
    with pytest.raises(JournalError, match="disk is full"):
        table.resume(aside)
    assert table.state()["game_id"] == before["game_id"]
    table.journal.close()
    again = open_table(data_dir)
    assert again.state()["game_id"] == before["game_id"] and again.state()["players"] == ["Cy"]
    assert again.state()["snapshot"] == before["snapshot"]
    assert [g["id"] for g in again.past_games() if g["resumable"]] == [aside]


def test_a_full_disk_is_logged_once_told_to_every_phone_and_cleared_when_writes_work_again(data_dir, caplog):
    import logging

    from companion.journal import JournalError

    table = open_table(data_dir)
    notices = []
    table.bus.listen(lambda e: notices.append(e.data) if e.topic == "notice" else None)
    db = table.journal._db
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    caplog.set_level(logging.INFO, logger="companion.journal")
    refused = 0
    for _ in range(200):  # the pages left fill up, then every roll is refused
        try:
            table.submit(roll(2))
        except JournalError as exc:
            assert "database or disk is full" in str(exc)
            refused += 1
    assert refused > 20
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "database or disk is full" in errors[0].getMessage()  # once, with its cause
    problem = table.state()["journal_problem"]
    assert problem["kind"] == "full"
    assert problem["message"]["en"].startswith("The SD card is full: nothing since ")
    assert problem["message"]["fr"].startswith("La carte SD est pleine : rien n’est enregistré depuis ")
    assert [n["journal_problem"]["kind"] for n in notices] == ["full"]
    assert notices[0]["message"] == problem["message"]["en"] and notices[0]["message_fr"] == problem["message"]["fr"]
    db.execute("PRAGMA max_page_count = 1073741823")  # room again
    table.submit(roll(4))
    assert table.state()["journal_problem"] is None and notices[-1]["journal_problem"] is None
    assert "can be written again" in caplog.records[-1].getMessage()


def test_the_state_names_only_the_newest_entries_in_force(data_dir):
    """40 rolls (entries 0-39), the last undone (entry 40, the undo): 39 in force, 0 to 38; the state names the
    newest STATE_ACCEPTED of them, 23 to 38, and counts all 41 entries."""
    from companion.table.state import STATE_ACCEPTED

    table = open_table(data_dir)
    for value in range(40):
        table.submit(roll(value % 6 + 1))
    table.undo()
    state = table.state()
    assert STATE_ACCEPTED == 16
    assert state["accepted"] == list(range(23, 39)) and state["in_force"] == 39 and state["entries"] == 41


def test_a_journal_an_older_version_wrote_gains_checkpoints_and_keys_and_resumes(data_dir):
    import sqlite3

    from companion.journal import RequestKey

    with sqlite3.connect(data_dir / "journal.sqlite3") as db:  # the two tables an older version made
        db.executescript("""
            CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, options TEXT NOT NULL,
                players TEXT NOT NULL, started_at REAL NOT NULL, ended_at REAL, outcome TEXT);
            CREATE TABLE entries (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
                event TEXT NOT NULL, verdicts TEXT NOT NULL, source TEXT NOT NULL, at REAL NOT NULL,
                PRIMARY KEY (game_id, seq));
            INSERT INTO games (game, options, players, started_at) VALUES ('free-roll', '{}', '["Ann"]', 1.0);
            INSERT INTO entries VALUES (1, 0, '{"type": "roll", "dice": [{"value": 5, "color": "white"}]}', '[]',
                'phone', 2.0);""")
    table = open_table(data_dir)
    assert faces(table) == [0, 0, 0, 0, 1, 0] and table.state()["players"] == ["Ann"]
    table.submit(roll(2), request=RequestKey("phone-1:key-0001", "abc"))
    assert table.journal.request("phone-1:key-0001").seq == 1
    assert open_table(data_dir).submit(roll(2), request=RequestKey("phone-1:key-0001", "abc")) == \
        table.submit(roll(6), request=RequestKey("phone-1:key-0001", "abc"))  # answered, not applied: twice
    assert faces(open_table(data_dir)) == [0, 1, 0, 0, 1, 0]
