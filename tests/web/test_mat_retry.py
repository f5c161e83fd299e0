"""A game's mat read again while the card would not give lens.json back (companion/game_mat.py, Service.read_mat_again):
the card's slow reads never hold the table, and the tries are logged as an evening can bear."""

from __future__ import annotations

import errno
import itertools
import json
import logging
import os
import pathlib
import threading
import types

import pytest

from companion.game_mat import MOST_READS, GameMat
from companion.live import LiveView

WAIT = 10.0  # seconds a test waits for what should come at once (a loaded machine), never for what should not


@pytest.fixture
def lens_file(service, monkeypatch):
    """lens.json kept whole; ``fail()`` makes the card refuse it (EIO), ``block(name)`` makes a read from the
    thread ``name`` wait until ``release`` is set (``entered`` is set once it waits), ``mend()`` gives it back."""
    path = service.config.data_dir / "lens.json"
    path.write_text(json.dumps({"k1": -0.02, "k2": 0.0, "size": [1280, 960]}))
    read_text = pathlib.Path.read_text

    class Card:
        entered, release = threading.Event(), threading.Event()

        @staticmethod
        def fail() -> None:
            def failing(self, *args, **kwargs):
                if self == path:
                    raise OSError(errno.EIO, "Input/output error")
                return read_text(self, *args, **kwargs)

            monkeypatch.setattr(pathlib.Path, "read_text", failing)

        @staticmethod
        def block(name: str) -> None:
            def blocking(self, *args, **kwargs):
                if self == path and threading.current_thread().name == name:
                    Card.entered.set()
                    Card.release.wait(WAIT)
                return read_text(self, *args, **kwargs)

            monkeypatch.setattr(pathlib.Path, "read_text", blocking)

        @staticmethod
        def mend() -> None:
            monkeypatch.setattr(pathlib.Path, "read_text", read_text)

    yield Card
    Card.release.set()


def read_again_in_a_thread(service, name: str = "mat-retry") -> threading.Thread:
    thread = threading.Thread(target=service.read_mat_again, name=name, daemon=True)
    thread.start()
    return thread


def assert_a_move_does_not_wait_for(service, lens_file, what: str) -> None:
    """A phone's move made while the card holds up a read of ``what``, which is let go after."""
    moved = threading.Event()
    threading.Thread(target=lambda: (service.table.submit({"type": "roll", "dice": [{"value": 3}]}), moved.set()),
                     daemon=True).start()
    try:
        assert moved.wait(WAIT / 2), f"a move waited for the card's read of {what}"
    finally:
        lens_file.release.set()


def assert_done_while_the_card_holds_up(lens_file, thread: threading.Thread, message: str) -> None:
    """``thread`` ends while the card still holds up a read, which is let go after."""
    thread.join(WAIT / 2)
    try:
        assert not thread.is_alive(), message
    finally:
        lens_file.release.set()


def test_a_lens_read_the_card_holds_up_does_not_hold_up_a_move(service, lens_file):
    """The mat is read again outside the table's lock: a phone's move does not wait for the card."""
    lens_file.block("mat-retry")
    retry = read_again_in_a_thread(service)
    assert lens_file.entered.wait(WAIT)
    assert_a_move_does_not_wait_for(service, lens_file, "lens.json")
    retry.join(WAIT)
    assert not retry.is_alive()
    assert service.table_stage.reader.tracker.lens is not None and service.live.table is None


def test_a_stage_the_card_holds_up_for_a_phone_does_not_hold_up_the_mat_read_again(service, lens_file):
    """A phone's camera screen builds the mat's stage on first use, outside the mat's lock: a read of the mat again
    (under the table's lock, as a game change) does not wait for that phone's read of the card, nor do the moves."""
    lens_file.fail()
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])  # left unread for the card
    assert "cannot be read now" in service.live.table["error"]
    lens_file.block("top-down")
    phone = threading.Thread(target=lambda: service.table_stage, name="top-down", daemon=True)
    phone.start()
    assert lens_file.entered.wait(WAIT)
    assert_done_while_the_card_holds_up(lens_file, read_again_in_a_thread(service),
                                        "the mat read again waited for a phone's read of lens.json")
    phone.join(WAIT)
    assert service.live.table is None and service.table_stage.layout.name.startswith("hexors")


def test_a_mat_read_for_a_game_since_replaced_is_dropped(service, lens_file):
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    lens_file.block("mat-retry")
    retry = read_again_in_a_thread(service)
    assert lens_file.entered.wait(WAIT)
    service.table.new_game("nexus-keepers", {}, ["Ann", "Bob"])  # its mat read meanwhile, not held up
    nexus = service.table_stage
    lens_file.release.set()
    retry.join(WAIT)
    assert not retry.is_alive()
    assert service.table_stage is nexus and nexus.layout.name.startswith("nexus")


def test_a_try_at_the_mat_that_keeps_failing_logs_its_traceback_once(service, lens_file, monkeypatch, caplog):
    """A bug in the try (not the card) logs its traceback once, not at each try every 30 s."""
    caplog.set_level(logging.INFO, logger="companion.game_mat")
    monkeypatch.setattr("companion.game_mat.RETRY_EVERY", 0.01)
    tries = threading.Semaphore(0)

    def broken() -> None:
        tries.release()
        raise RuntimeError("a bug in the try")

    mat = GameMat(service.config, lambda: "hexors", LiveView(), retry=broken)
    lens_file.fail()
    assert mat.follow("hexors") is None  # left unread for the card: tried again
    try:
        for _ in range(5):
            assert tries.acquire(timeout=WAIT)
    finally:
        mat.close()
    traced = [r for r in caplog.records if r.exc_info and "trying the mat again" in r.getMessage()]
    assert len(traced) == 1, [r.getMessage() for r in traced]


def test_two_threads_leaving_the_mat_unread_at_once_log_one_traceback_and_count_both(service, lens_file, monkeypatch,
                                                                                    caplog, racing_failure_log):
    """The camera's start-up reads the mat outside the table's lock, as a game change does under it. A failure's
    log is made under the mat's lock: two failing at once make one log, one traceback and a count of two. The
    first log made waits here (at most 1 s) for another to be made meanwhile."""
    caplog.set_level(logging.INFO, logger="companion.game_mat")
    mat = GameMat(service.config, lambda: "hexors", LiveView())
    mat.follow("hexors")  # OpenCV loaded: the two reads below fail at once
    slow_failure_log, made = racing_failure_log
    monkeypatch.setattr("companion.game_mat.FailureLog", slow_failure_log)
    lens_file.fail()
    mat.stage = None  # built again from the card at the next use
    start = threading.Barrier(2)
    threads = [threading.Thread(target=lambda: (start.wait(WAIT), mat.follow("hexors")), daemon=True)
               for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    traced = [r for r in caplog.records if r.exc_info and "reading the mat of hexors" in r.getMessage()]
    assert len(traced) == 1 and made[0].failures == 2, [r.getMessage() for r in traced]


def test_the_line_saying_a_mat_reads_again_names_the_mat_read(service, lens_file, caplog):
    """A mat left unread for the card, then another game's read: the line names the mat read (nexus-keepers'),
    not 'reading the mat of hexors works again'."""
    caplog.set_level(logging.INFO, logger="companion.game_mat")
    game = ["hexors"]
    mat = GameMat(service.config, lambda: game[0], LiveView())
    lens_file.fail()
    assert mat.follow("hexors") is None
    lens_file.mend()
    game[0] = "nexus-keepers"
    assert mat.follow("nexus-keepers").layout.name.startswith("nexus")
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(said) == 1 and "the mat of nexus-keepers is read" in said[0], said
    assert "hexors" in said[0] and "works again" not in said[0]


def change_game_in_a_thread(service, game: str, name: str = "changer") -> threading.Thread:
    thread = threading.Thread(target=service.table.new_game, args=(game, {}, ["Ann", "Bob"]), name=name, daemon=True)
    thread.start()
    return thread


def test_a_game_change_the_card_holds_up_does_not_hold_up_a_move(service, lens_file):
    """The new game's mat is read outside the table's lock: a slow card over lens.json holds up no phone's move."""
    lens_file.block("changer")
    change = change_game_in_a_thread(service, "hexors")
    assert lens_file.entered.wait(WAIT)
    assert_a_move_does_not_wait_for(service, lens_file, "the new game's lens.json")
    change.join(WAIT)
    assert not change.is_alive()
    assert service.table_stage.layout.name.startswith("hexors") and service.live.table is None


def test_a_phone_asking_for_the_mat_while_the_change_reads_it_gets_the_new_games_mat(service, lens_file):
    """Never the last game's mat for this one, and not held up by the change's slow read either."""
    lens_file.block("changer")
    change = change_game_in_a_thread(service, "hexors")
    assert lens_file.entered.wait(WAIT)
    asked: list = []
    phone = threading.Thread(target=lambda: asked.append(service.table_stage), name="top-down", daemon=True)
    phone.start()
    assert_done_while_the_card_holds_up(lens_file, phone,
                                        "a phone's camera screen waited for the change's read of lens.json")
    change.join(WAIT)
    assert asked[0].layout.name.startswith("hexors")
    assert service.table_stage.layout.name.startswith("hexors") and service.live.table is None


def test_a_game_changes_mat_read_after_the_next_change_is_dropped(service, lens_file):
    """The camera gets the mat of the game played now: a change's read that the next change overtook (the card slow
    for the first, not the second) is dropped, never given to the camera after the next game's."""
    camera = types.SimpleNamespace(table=service.table_stage, reader=None,
                                   source=types.SimpleNamespace(request_relock=lambda: False))
    service.pipeline = camera
    try:
        lens_file.block("changer")
        first = change_game_in_a_thread(service, "hexors")
        assert lens_file.entered.wait(WAIT)
        assert camera.table is None  # never free roll's mat for hexors while its own is read
        second = change_game_in_a_thread(service, "nexus-keepers", name="next-changer")
        second.join(WAIT / 2)
        assert not second.is_alive(), "the next game change waited for the card's read of the first's mat"
        nexus = service.table_stage
        assert camera.table is nexus and nexus.layout.name.startswith("nexus")
        lens_file.release.set()
        first.join(WAIT)
        assert not first.is_alive()
        assert service.table_stage is nexus and camera.table is nexus and service.mat.game == "nexus-keepers"
    finally:
        lens_file.release.set()
        service.pipeline = None


def test_a_card_failing_in_turns_with_two_errors_logs_one_traceback_and_counts_the_tries(service, lens_file,
                                                                                        monkeypatch, caplog):
    """The mat's failures are logged as the bus's are (bus_failures.FailureLog: a traceback per kind of fault, then a
    count). A fault worded otherwise than the last (EIO, then a timeout, then EIO) is counted in the same log, not
    begun again with its traceback at each try."""
    caplog.set_level(logging.INFO, logger="companion.game_mat")
    mat = GameMat(service.config, lambda: "hexors", LiveView())
    mat.follow("hexors")  # OpenCV loaded
    path, read_text = service.config.data_dir / "lens.json", pathlib.Path.read_text
    errors = itertools.cycle([errno.EIO, errno.ETIMEDOUT])

    def failing(self, *args, **kwargs):
        if self == path:
            code = next(errors)
            raise OSError(code, os.strerror(code))
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "read_text", failing)
    for _ in range(4):
        mat.stage = None  # built again from the card at the next use, as a try does
        assert mat.follow("hexors") is None
    traced = [r for r in caplog.records if r.exc_info and "reading the mat of hexors" in r.getMessage()]
    assert len(traced) == 1, [r.getMessage() for r in traced]
    monkeypatch.setattr(pathlib.Path, "read_text", read_text)
    mat.stage = None
    assert mat.follow("hexors") is not None
    again = [r.getMessage() for r in caplog.records if "works again" in r.getMessage()]
    assert len(again) == 1 and "after 4 failures" in again[0], again


def test_a_mat_read_after_a_game_change_that_raises_does_not_fail_the_change(service, monkeypatch, caplog):
    """The read runs once the change has let the table go, in the changing thread: a bug there is logged with its
    traceback (bus_failures), and the game, journaled and published, is changed all the same."""
    def broken():
        raise RuntimeError("a bug in the read")

    monkeypatch.setattr(service.mat, "read", broken)
    record = service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    assert record.game == "hexors" and service.table.record.game == "hexors"
    traced = [r for r in caplog.records if r.exc_info and "the work after a game change" in r.getMessage()]
    assert len(traced) == 1 and "a bug in the read" in str(traced[0].exc_info[1])


def test_the_cameras_start_up_building_the_mat_does_not_hold_up_a_game_change(service, lens_file):
    """The camera's start-up builds the mat's stage (Service._follow_game, GameMat.follow) outside the mat's lock: a
    game change, which drops the mat under the table's lock, must not wait for the card, nor every move with it."""
    lens_file.block("camera")
    camera = threading.Thread(target=service.mat.follow, args=(service.table.record.game,), name="camera", daemon=True)
    camera.start()
    assert lens_file.entered.wait(WAIT)
    assert_done_while_the_card_holds_up(lens_file, change_game_in_a_thread(service, "hexors"),
                                        "a game change waited for the camera's read of lens.json")
    camera.join(WAIT)
    assert not camera.is_alive()
    assert service.table_stage.layout.name.startswith("hexors") and service.live.table is None


def test_the_cameras_start_up_reading_another_games_mat_does_not_hold_the_mat(service, lens_file):
    """GameMat.follow for a game whose mat is not held reads that game's mat outside the mat's lock: the camera
    asking what the mat holds (a game change's read being taken) must not wait for the card."""
    game = ["hexors"]
    mat = GameMat(service.config, lambda: game[0], LiveView())
    game[0] = "nexus-keepers"
    lens_file.block("camera")
    camera = threading.Thread(target=mat.follow, args=("nexus-keepers",), name="camera", daemon=True)
    camera.start()
    assert lens_file.entered.wait(WAIT)
    asked = threading.Thread(target=mat.held, daemon=True)
    asked.start()
    assert_done_while_the_card_holds_up(lens_file, asked, "what the mat holds waited for the camera's read")
    camera.join(WAIT)
    assert not camera.is_alive()
    assert mat.held().layout.name.startswith("nexus")


def test_a_use_of_the_mat_before_it_is_told_of_a_game_change_reads_a_bounded_number_of_times(service, monkeypatch):
    """Between a game change and the mat being told (GameMat.leave, the change's bus listener), every read of the
    mat's game is dropped: the table plays another. The stage reads at most MOST_READS times and gives what the mat
    holds, never calling itself again read after read up to Python's recursion limit."""
    game = ["hexors"]
    mat = GameMat(service.config, lambda: game[0], LiveView())
    game[0] = "nexus-keepers"
    assert mat.leave("nexus-keepers")  # the mat told of nexus-keepers ...
    game[0] = "hexors"  # ... while the table plays hexors again, whose change has not told the mat yet
    reads = []
    read = mat.read
    monkeypatch.setattr(mat, "read", lambda: (reads.append(1), read())[1])
    assert mat.stage is None
    assert 1 <= len(reads) <= MOST_READS
    assert mat.leave("hexors")  # told: its mat is read at the next use
    assert mat.stage.layout.name.startswith("hexors")
