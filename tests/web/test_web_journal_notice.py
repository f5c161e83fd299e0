"""A service that found its game journal damaged starts all the same, and every phone is told what happened."""

from __future__ import annotations

from companion.web import create_app
from webhelpers import Phone, make_service


def test_a_damaged_journal_is_told_to_every_phone_and_the_table_plays_on(data_dir, pin_file):
    (data_dir / "journal.sqlite3").write_bytes(b"a card gone bad " * 400)
    service = make_service(data_dir)
    try:
        (data_dir / "pin.json").write_bytes(pin_file)
        phone = Phone(create_app(service, testing=True))
        notices = phone.get("/api/info").get_json()["notices"]
        kept = next(p.name for p in data_dir.iterdir() if p.name.startswith("journal.damaged-"))
        assert len(notices) == 1 and notices[0]["kind"] == "warning"
        assert "The game journal was damaged" in notices[0]["message"] and kept in notices[0]["message"]
        assert "Le journal des parties était endommagé" in notices[0]["message_fr"]
        phone.login()
        assert phone.post("/api/roll", {"dice": [{"value": 4, "color": "red"}]}).status_code == 200
        assert len(service.journal.entries(service.table.record.id)) == 1
    finally:
        service.stop()


def test_a_sound_journal_brings_no_notice(phone):
    assert phone.get("/api/info").get_json()["notices"] == []
