"""A damaged journal (a worn SD card, a power cut mid-write) is set aside untouched and the service starts into what
can still be read of it, saying so, instead of stopping at every start."""

import hashlib

import pytest

from companion.bus import EventBus
from companion.journal import Journal, JournalError
from companion.table import Table

PAGE = 4096


def die(value):
    return {"value": value, "color": "white"}


def fingerprint(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def written(path, entries=300):
    """A journal with an ended game of 5 entries and an unfinished one of ``entries``, each entry findable by its
    note; closed, so everything is in the main file."""
    journal = Journal(path)
    first = journal.start_game("free-roll", {}, ["Ada"])
    for seq in range(5):
        journal.append(first, seq, {"type": "roll", "dice": [die(seq + 1)]}, [], "phone")
    journal.end_game(first, None)
    second = journal.start_game("free-roll", {}, ["Ada", "Bo"])
    for seq in range(entries):
        journal.append(second, seq, {"type": "roll", "dice": [die(seq % 6 + 1)], "note": f"entry-{seq:04d}"}, [],
                       "camera")
    journal.close()
    return first, second


def damage_page_holding(path, marker: bytes) -> None:
    data = path.read_bytes()
    page = data.index(marker) // PAGE
    with open(path, "r+b") as file:
        file.seek(page * PAGE)
        file.write(bytes((i * 37 + 11) % 251 for i in range(PAGE)))


def test_a_damaged_journal_is_kept_unchanged_and_its_readable_games_come_back(data_dir):
    path = data_dir / "journal.sqlite3"
    first, second = written(path)
    damage_page_holding(path, b"entry-0200")
    damaged = fingerprint(path)
    with pytest.raises(JournalError, match="cannot read the game journal"):  # a reader that does not repair
        Journal(path).entries(second)

    journal = Journal(path, repair=True)
    salvage = journal.salvage
    assert salvage is not None and salvage.kept_as.exists() and fingerprint(salvage.kept_as) == damaged
    assert salvage.kept_as.parent == data_dir and salvage.kept_as.name.startswith("journal.damaged-")
    assert [g.id for g in journal.games()] == [first, second]
    assert [e.event["dice"][0]["value"] for e in journal.entries(first)] == [1, 2, 3, 4, 5]
    kept = journal.entries(second)
    assert 0 < len(kept) < 200 and [e.seq for e in kept] == list(range(len(kept)))  # the prefix before the damage
    assert (salvage.games, salvage.entries, salvage.games_cut) == (2, 5 + len(kept), 1)
    english, french = salvage.describe()
    assert salvage.kept_as.name in english and "2 games (one of them lost its last moves)" in english
    assert salvage.kept_as.name in french and "2 parties (l’une d’elles a perdu ses derniers coups)" in french
    assert journal.unfinished().id == second
    journal.append(second, len(kept), {"type": "roll", "dice": [die(6)]}, [], "phone")  # the game goes on
    journal.close()
    assert Journal(path, repair=True).salvage is None  # the new journal is sound


def test_a_file_that_is_no_database_becomes_an_empty_journal(data_dir):
    path = data_dir / "journal.sqlite3"
    path.write_bytes(b"not a database, a card gone bad " * 200)
    with pytest.raises(JournalError, match="cannot open the game journal"):
        Journal(path)
    journal = Journal(path, repair=True)
    assert journal.salvage is not None and (journal.salvage.games, journal.salvage.entries) == (0, 0)
    assert "file is not a database" in journal.salvage.problem
    assert journal.games() == [] and journal.start_game("free-roll", {}, []) == 1


def test_a_sound_journal_is_left_as_it_is(data_dir):
    path = data_dir / "journal.sqlite3"
    written(path, entries=20)
    journal = Journal(path, repair=True)
    assert journal.salvage is None and len(journal.entries(2)) == 20
    assert sorted(p.name for p in data_dir.iterdir() if "damaged" in p.name) == []


def test_the_table_resumes_the_salvaged_game_where_its_readable_entries_end(data_dir):
    path = data_dir / "journal.sqlite3"
    written(path)
    damage_page_holding(path, b"entry-0150")
    table = Table(Journal(path, repair=True), EventBus())
    kept = table.journal.entries(2)
    rolls = [e["dice"][0]["value"] for e in table.history() if e["in_force"]]
    assert table.record.id == 2 and len(rolls) == len(kept) < 150
    assert rolls == [seq % 6 + 1 for seq in range(len(kept))]
    table.submit({"type": "roll", "dice": [die(4)]})
    assert table.journal.entries(2)[-1].seq == len(kept)


def test_the_games_command_reports_a_damaged_journal_and_moves_nothing(data_dir, tmp_path, capsys):
    from companion.cli import main

    path = data_dir / "journal.sqlite3"
    written(path)
    damage_page_holding(path, b"entry-0100")
    damaged = fingerprint(path)
    config = tmp_path / "c.toml"
    config.write_text(f'[service]\ndata_dir = "{data_dir}"\n', encoding="utf-8")
    assert main(["--config", str(config), "games", "list"]) == 2
    assert "database disk image is malformed" in capsys.readouterr().err
    assert fingerprint(path) == damaged and not [p for p in data_dir.iterdir() if "damaged" in p.name]


def test_a_locked_journal_is_an_error_and_never_moved(data_dir):
    """Only SQLite's own word for damage sets a journal aside: a file another program holds locked stays put."""
    import sqlite3

    path = data_dir / "journal.sqlite3"
    written(path, entries=10)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(JournalError, match="locked"):
            Journal(path, repair=True)
        assert not [p for p in data_dir.iterdir() if "damaged" in p.name]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(Journal(path, repair=True).entries(2)) == 10


@pytest.mark.parametrize("where", ["copy", "write", "read_only"])
def test_a_card_refusing_the_salvage_still_starts_the_service_and_says_nothing_came_back(data_dir, monkeypatch,
                                                                                          where):
    """A worn card is often a full one. When the copy to read fails (ENOSPC) or the new journal refuses the games read
    back, Journal() still opens a new, working journal, and the salvage says where the damaged file is kept, that
    nothing came back and why; only a full card is told to free some space, a read-only one is told it turned so."""
    import errno
    import sqlite3

    from companion import journal_repair

    path = data_dir / "journal.sqlite3"
    written(path, entries=20)
    path.write_bytes(b"not a database" * 300)
    if where == "copy":
        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(journal_repair.shutil, "copyfile", full)
    else:
        said = "database or disk is full" if where == "write" else "attempt to write a readonly database"

        def full(rows):
            raise sqlite3.OperationalError(said)

        path.unlink()
        written(path, entries=20)
        damage_page_holding(path, b"entry-0010")
        monkeypatch.setattr(journal_repair, "_unbroken", full)
    journal = Journal(path, repair=True)
    salvage = journal.salvage
    assert salvage.kept_as.exists() and salvage.games == 0 and journal.games() == []
    en, fr = salvage.describe()
    assert f"It is kept as {salvage.kept_as.name}; nothing could be read back from it: " in en
    assert {"copy": "No space left on device", "write": "database or disk is full",
            "read_only": "attempt to write a readonly database"}[where] in en
    assert "rien n’a pu en être relu" in fr
    assert ("Free some space" in en) == ("Libérez de la place" in fr) == (where != "read_only"), (en, fr)
    assert ("has turned read-only" in en) == ("passée en lecture seule" in fr) == (where == "read_only"), (en, fr)
    journal.start_game("free-roll", {}, ["Ada"])  # the new journal works
