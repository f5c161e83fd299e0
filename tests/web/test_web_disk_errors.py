"""A card that refuses a write (full, read-only, failing: ENOSPC, EROFS, EIO) while a move is recorded: the phone
is answered 503 ``cannot_save`` (said in its own language), the game is as it was, and the next move works once the
card takes writes again."""

from __future__ import annotations

import errno
import os
import sqlite3

import pytest

from companion.core import DieReading, Observation

ROLL = {"dice": [{"value": 4, "color": "red"}, {"value": 2, "color": "red"}]}


class RefusingCard:
    """The journal's SQLite connection on a card that raises ``error`` (an OSError, not an SQLite error) at every
    write; reads go through."""

    def __init__(self, db, error: OSError) -> None:
        self.db, self.error = db, error

    def execute(self, sql: str, *args):
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise self.error
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self.db, name)


@pytest.mark.parametrize("code, kind", [(errno.ENOSPC, "full"), (errno.EROFS, "read_only"), (errno.EIO, "io")])
def test_a_card_refusing_the_journal_with_an_os_error_is_a_503_and_loses_nothing(service, player, code, kind):
    """An OSError from the journal's write is a 503 ``cannot_save`` naming the card's fault, not the unexpected
    error's 500: the game is as it was, and the next move is kept once the card takes writes again."""
    assert player.post("/api/roll", ROLL).status_code == 200
    before = player.state()
    journal = service.journal
    journal._db = RefusingCard(journal._db, OSError(code, os.strerror(code)))
    refused = player.post("/api/roll", ROLL)
    assert refused.status_code == 503 and refused.get_json()["error"] == "cannot_save", refused.get_json()
    assert os.strerror(code) in refused.get_json()["message"]
    after = player.state()
    assert after["journal_problem"]["kind"] == kind
    assert {**after, "journal_problem": None} == {**before, "journal_problem": None}  # the game as it was
    journal._db = journal._db.db  # the card takes writes again
    assert player.post("/api/roll", ROLL).status_code == 200
    again = player.state()
    assert again["entries"] == before["entries"] + 1 and again["journal_problem"] is None


@pytest.mark.parametrize("code, fault, says", [
    (errno.ENOSPC, "full", "Free some space on it"), (errno.EROFS, "read_only", "Freeing space will not help"),
    (errno.EIO, "io", "the card is failing"), (errno.EACCES, "denied", "must own its data folder")])
def test_a_refused_move_says_the_cards_fault_and_what_mends_it(service, player, code, fault, says):
    """Each fault is said with what mends it, in English and French: only a full card is told to free some space
    (freeing space mends neither a read-only card nor a failing one)."""
    service.journal._db = RefusingCard(service.journal._db, OSError(code, os.strerror(code)))
    answer = player.post("/api/roll", ROLL).get_json()
    assert answer["error"] == "cannot_save" and answer["fault"] == fault, answer
    assert says in answer["message"] and "nothing was changed" in answer["message"]
    assert ("free some space" in answer["message"].lower()) == (fault == "full")
    assert "rien n’a été changé" in answer["message_fr"] and os.strerror(code) in answer["message_fr"]
    assert ("Libérez-y de la place" in answer["message_fr"]) == (fault == "full")


def test_a_new_pin_on_a_read_only_card_is_not_told_to_free_space(player, monkeypatch):
    from webhelpers import PIN

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr("companion.web.auth.write_atomically", read_only)
    answer = player.post("/api/pin", {"current": PIN, "new": "135790"}).get_json()
    assert answer["error"] == "cannot_save" and answer["fault"] == "read_only", answer
    assert "the PIN is unchanged" in answer["message"] and "free some space" not in answer["message"].lower()
    assert "le code n’a pas changé" in answer["message_fr"]


def test_the_cards_fault_is_read_through_the_errors_that_wrap_it():
    """The journal raises its own JournalError from SQLite's error or the card's OSError."""
    from companion.journal import JournalError
    from companion.card_faults import fault_of

    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorname = "SQLITE_FULL"
    read_only = sqlite3.OperationalError("attempt to write a readonly database")
    read_only.sqlite_errorname = "SQLITE_READONLY"
    for cause, fault in ((full, "full"), (read_only, "read_only"), (OSError(errno.EIO, "I/O"), "io"),
                         (sqlite3.OperationalError("attempt to write a readonly database"), "read_only"),
                         (sqlite3.OperationalError("no such table"), "other"), (ValueError("?"), "other")):
        try:
            try:
                raise cause
            except Exception as exc:
                raise JournalError(f"cannot write to the game journal: {exc}") from exc
        except JournalError as wrapped:
            assert fault_of(wrapped) == fault, cause


def test_a_journal_refusal_is_said_in_the_pages_language(service, player):
    """A full journal (SQLite's own error) is a 503 ``cannot_save`` naming the fault, ``full``, which the phone words
    in its own language (as it does the lens's and the profile's refusals) rather than showing SQLite's English."""
    db = service.journal._db
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    answers = [player.post("/api/roll", ROLL) for _ in range(60)]
    refused = [a for a in answers if a.status_code != 200]
    assert refused and {(a.status_code, a.get_json()["error"]) for a in refused} == {(503, "cannot_save")}
    assert {a.get_json()["fault"] for a in refused} == {"full"}  # SQLite's own error read as the card's fault
    db.execute("PRAGMA max_page_count = 1073741823")


def test_a_camera_roll_on_a_card_refusing_it_is_said_and_the_camera_goes_on(service, player):
    journal = service.journal
    journal._db = RefusingCard(journal._db, OSError(errno.EIO, os.strerror(errno.EIO)))
    before = service.bus.last_id
    seen = Observation(dice=(DieReading(5, "white", box=(10.0, 10.0, 40.0, 40.0)),), source="camera", at=1.0)
    assert service.table.observe(seen) == []  # not raised into the camera's thread
    notices = [e.data for e in service.bus.since(before)[0] if e.topic == "notice"]
    assert any(n["message"].startswith("Roll not recorded") for n in notices), notices
    journal._db = journal._db.db
    assert service.table.observe(seen) and player.state()["entries"] == 1


def test_a_new_pin_the_card_refuses_is_a_503_and_the_pin_stays(app, player, monkeypatch):
    """The PIN file's OSError is a 503 ``cannot_save``, not the unexpected error's 500: the PIN and the sign-in
    stay."""
    from webhelpers import PIN, Phone

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("companion.web.auth.write_atomically", full)
    refused = player.post("/api/pin", {"current": PIN, "new": "135790"})
    assert refused.status_code == 503 and refused.get_json()["error"] == "cannot_save", refused.get_json()
    assert "the PIN is unchanged" in refused.get_json()["message"]
    assert player.get("/api/session").get_json()["authenticated"] is True  # this phone is still signed in
    other = Phone(app)
    assert other.post("/api/login", {"pin": "135790"}).status_code == 401
    assert other.post("/api/login", {"pin": PIN}).status_code == 200
    monkeypatch.undo()
    assert player.post("/api/pin", {"current": PIN, "new": "135790"}).status_code == 200


def test_a_new_pin_whose_sign_ins_cannot_be_ended_still_signs_every_other_phone_out(app, player, monkeypatch):
    """The new PIN is kept: saying "nothing changed" would be false. Its generation signs the others out."""
    from webhelpers import PIN, Phone

    from companion.web.session_store import SessionStoreError

    other = Phone(app)
    other.login()
    store = app.extensions["companion"].sessions

    def refused():
        raise SessionStoreError("the sign-out could not be saved (disk I/O error)")

    monkeypatch.setattr(store, "end_all", refused)
    assert player.post("/api/pin", {"current": PIN, "new": "135790"}).status_code == 200
    assert other.get("/api/session").get_json()["authenticated"] is False
    assert player.get("/api/session").get_json()["authenticated"] is True


class UnreadableCard(RefusingCard):
    """The journal on a card that fails every read (EIO): SQLite says "disk I/O error"."""

    def execute(self, sql: str, *args):
        if sql.lstrip().upper().startswith("SELECT"):
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *args)


@pytest.mark.parametrize("path", ["/api/history", "/api/past-games", "/api/games/1/bgstats.json"])
def test_a_journal_the_card_cannot_read_is_a_503_not_the_unexpected_error(service, player, path):
    """The read's JournalError is a 503 ``cannot_read`` with the card's error, not the unexpected error's 500."""
    assert player.post("/api/roll", ROLL).status_code == 200
    journal = service.journal
    journal._db = UnreadableCard(journal._db, OSError(errno.EIO, os.strerror(errno.EIO)))
    answer = player.get(path)
    assert answer.status_code == 503 and answer.get_json()["error"] == "cannot_read", answer.get_json()
    assert "disk I/O error" in answer.get_json()["message"]
    journal._db = journal._db.db
    assert player.get(path).status_code == 200


def test_a_listener_failing_once_a_move_is_kept_does_not_answer_it_as_an_error(service, player):
    """A part told of each entry (the panel, the profile, the hall) that fails on the card after the move was
    journaled: the move kept is answered 200, not the unexpected error's 500, and the parts listening after it are
    still told."""
    told = []

    def writes_on_a_full_card(event):
        if event.topic == "entry":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    service.bus.listen(writes_on_a_full_card)
    service.bus.listen(lambda event: told.append(event.topic))
    answer = player.post("/api/roll", ROLL)
    assert answer.status_code == 200 and player.state()["entries"] == 1
    assert "entry" in told


@pytest.mark.parametrize("code, fault", [(errno.ENOSPC, "full"), (errno.EROFS, "read_only")])
def test_a_journal_error_on_a_change_outside_a_move_names_the_cards_fault(service, player, monkeypatch, code, fault):
    """A JournalError that reaches the app's handler on a POST (here out of the state a change answers with) is a
    ``cannot_save`` naming the card's fault, so only a full card is told to free some space. Whether the change was
    kept is not known there, so it is not claimed either way."""
    from companion.journal import JournalError

    def unreadable():
        try:
            raise OSError(code, os.strerror(code))
        except OSError as exc:
            raise JournalError(f"cannot read the game journal: {exc}") from exc

    monkeypatch.setattr("companion.web.api._answered_state", unreadable)  # the move is made, its answer fails
    answer = player.post("/api/roll", ROLL)
    said = answer.get_json()
    assert answer.status_code == 503 and said["error"] == "cannot_save" and said["fault"] == fault, said
    assert os.strerror(code) in said["message"] and os.strerror(code) in said["message_fr"]
    assert ("free some space" in said["message"].lower()) == (fault == "full")
    assert ("Libérez-y de la place" in said["message_fr"]) == (fault == "full")
    assert "nothing was changed" not in said["message"] and "rien n’a été changé" not in said["message_fr"]


@pytest.mark.parametrize("path", ["/api/logout", "/api/sessions/end-all"])
def test_a_sign_out_a_read_only_card_refuses_names_its_fault_in_the_phones_words(app, player, path):
    """A sign-out the read-only card refuses is a 503 ``cannot_save`` with the fault ``read_only``, in English and
    French, asking nothing about space; no sign-in is ended."""
    sessions = app.extensions["companion"].sessions
    sessions._db = sqlite3.connect(f"{sessions.path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
    answer = player.post(path, {})
    said = answer.get_json()
    assert answer.status_code == 503 and said["error"] == "cannot_save" and said["fault"] == "read_only", said
    assert "readonly database" in said["message"] and "full" not in said["message"], said
    assert "Freeing space will not help" in said["message"]
    assert "Libérer de la place n’y changera rien" in said["message_fr"]
    assert player.get("/api/session").get_json()["authenticated"] is True  # nothing ended: still signed in


def test_no_words_for_a_refused_write_tell_a_card_not_known_to_be_full_to_free_space():
    """Of the phone's and the hall's words for a ``cannot_save``, only those for a full card tell to free some
    space: one whose fault is not known (a server that does not name it, a lens refused) may be read-only."""
    import re
    from pathlib import Path

    web = Path(__file__).resolve().parents[2] / "web"
    said = {}
    for script in (web / "js" / "i18n.js", web / "js" / "views" / "lens.js", web / "hall" / "hall.js"):
        text = re.sub(r'"\s*\n\s*\+\s*"', "", script.read_text(encoding="utf-8"))  # "…" + "…" joined
        for key, words in re.findall(r'"?([\w.]*cannot_save[\w.]*)"?: "([^"]*)"', text):
            said.setdefault(key, []).append(words)
    assert {"error.cannot_save", "lens.error.cannot_save", "cannot_save", "error.cannot_save.read_only"} <= set(said)
    for key, words in said.items():
        full = key.endswith(("full", "_full"))
        for one in words:
            assert ("free some space" in one.lower() or "libérez" in one.lower()) == full, (key, one)
