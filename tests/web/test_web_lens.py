"""Calibrating the lens from the phone's camera screen (companion/web/lens.py): photos of the mat taken from the
frames the pipeline sees, the fit kept as lens.json and used by the running table vision, clear refusals."""

from __future__ import annotations

import json

import numpy as np
import pytest

from companion.capture.base import Frame
from companion.pipeline import LiveView
from companion.tablevision import layout_for
from companion.tablevision.lens import distort_image, load_lens, opencv_k
from companion.tablevision.render import CameraPose, render_table
from companion.tablevision.scenes import random_position
from companion.tablevision.stage import TableStage
from webhelpers import check_response

LAYOUT = layout_for("nexus-keepers")
WIDE = dict(height=300.0, hfov=82.9)  # Camera Module 3 Wide at 1280x960, low over an A3 mat


def mat(seed: int, k1_opencv: float = -0.15) -> np.ndarray:
    """The mat with 16 stickers across it, seen through a wide lens; another seed moves the pieces and tilts."""
    rng = np.random.default_rng(seed)
    placements, _ = random_position(LAYOUT, rng, 16)
    image = render_table(LAYOUT, placements, [], CameraPose(tilt=4, **WIDE), rng).image
    return distort_image(image, *opencv_k(k1_opencv, 0.0, WIDE["hfov"])) if k1_opencv else image


@pytest.fixture
def camera(service):
    """Shows ``image`` as the camera's latest frames, read by the running table stage (``still``: twice, so nothing
    moves between the last two)."""
    service.table_stage = TableStage(LAYOUT)
    service.live = LiveView()

    def show(image: np.ndarray, still: bool = True) -> None:
        for _ in range(2 if still else 1):
            index = service.live.frame.index + 1 if service.live.frame is not None else 0
            service.live.update(Frame(image, index * 0.1, index), [])
            service.table_stage.process(image, [], index, index * 0.1)

    return show


def delete(phone, path: str, headers=None):
    response = phone.client.delete(path, headers={"X-CSRF-Token": phone.csrf, **(headers or {})})
    check_response("DELETE", path, response)
    return response


def test_two_photos_of_the_mat_measure_the_lens_kept_and_used_at_once(player, phone, service, camera):
    state = player.get("/api/lens").get_json()
    assert state["lens"] is None and state["photos"] == [] and state["photos_needed"] == 2
    assert phone.post("/api/lens/photos").status_code == 401  # a change: the PIN first
    assert player.post("/api/lens/photos").get_json()["error"] == "no_frame"
    camera(np.full((960, 1280, 3), 90, np.uint8))
    refused = player.post("/api/lens/photos")
    assert refused.status_code == 422 and refused.get_json()["error"] == "no_mat"
    assert "0 of the mat's anchors" in refused.get_json()["message"]
    assert player.post("/api/lens/fit").get_json()["error"] == "too_few_photos"
    camera(mat(3), still=False)  # the mat just laid down: the picture changed
    assert player.post("/api/lens/photos").get_json()["error"] == "moving"
    camera(mat(3))
    first = player.post("/api/lens/photos")
    assert first.status_code == 201 and first.get_json()["photos"][0]["anchors"] == 4
    assert first.get_json()["photos"][0]["stickers"] >= 10
    too_few = player.post("/api/lens/fit")
    assert too_few.status_code == 422 and "1 photo(s) taken" in too_few.get_json()["message"]
    again = player.post("/api/lens/photos")  # nothing moved: kept, and said so
    assert again.get_json()["photos"][1]["same_view"] is True
    assert delete(player, "/api/lens/photos").get_json()["photos"] == []
    for seed in (3, 4):
        camera(mat(seed))
        assert player.post("/api/lens/photos").status_code == 201
    key = {"Idempotency-Key": "lens-fit-0001"}
    fitted = player.post("/api/lens/fit", headers=key)
    assert fitted.status_code == 200, fitted.get_json()
    body = fitted.get_json()
    lens = body["lens"]
    assert lens["k1"] < 0 and lens["photos"] == 2 and lens["residual_px"] < 0.3 * lens["residual_before_px"]
    assert f"{lens['residual_px']:.2f} px" in body["result"]["en"] and "fois plus près" in body["result"]["fr"]
    assert body["photos"] == [] and body["advice"]  # calibrate again after moving the camera
    kept = load_lens(service.config.data_dir)
    assert kept is not None and kept.k1 == lens["k1"]
    assert "measured_at" in json.loads((service.config.data_dir / "lens.json").read_text())
    assert service.table_stage.reader.tracker.lens == kept  # the running table vision uses it from the next frame
    retried = player.post("/api/lens/fit", headers=key)  # a lost reply: the first answer, not a second fit
    assert retried.headers.get("Idempotent-Replayed") == "true" and retried.get_json() == body
    forgotten = delete(player, "/api/lens")
    assert forgotten.status_code == 200 and forgotten.get_json()["lens"] is None
    assert not (service.config.data_dir / "lens.json").exists() and service.table_stage.reader.tracker.lens is None
    assert delete(player, "/api/lens").status_code == 404


def test_a_fit_no_better_than_no_correction_is_not_saved_and_the_photos_stay(player, service, camera):
    for seed in (3, 4):
        camera(mat(seed, k1_opencv=0.0))  # a lens that does not bend
        assert player.post("/api/lens/photos").status_code == 201
    refused = player.post("/api/lens/fit")
    assert refused.status_code == 422 and refused.get_json()["error"] == "no_better", refused.get_json()
    assert "no better than none" in refused.get_json()["message"]
    assert "nothing was saved" in refused.get_json()["message"]
    assert not (service.config.data_dir / "lens.json").exists()
    assert len(player.get("/api/lens").get_json()["photos"]) == 2


def test_a_lens_the_card_cannot_write_is_said_and_nothing_is_lost(player, service, camera, monkeypatch):
    """A full card: the fit says the lens cannot be saved (503 cannot_save, not the unexpected error's 500) and keeps
    the photos; forgetting says the same and keeps the lens (lens_file.forget_lens writes the choice first)."""
    from companion.tablevision import lens_file

    for seed in (3, 4):
        camera(mat(seed))
        assert player.post("/api/lens/photos").status_code == 201

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(lens_file, "write_atomically", full)
        refused = player.post("/api/lens/fit")
        assert refused.status_code == 503 and refused.get_json()["error"] == "cannot_save", refused.get_json()
        assert "No space left on device" in refused.get_json()["message"]
    assert load_lens(service.config.data_dir) is None and service.table_stage.reader.tracker.lens is None
    assert len(player.get("/api/lens").get_json()["photos"]) == 2
    assert player.post("/api/lens/fit").status_code == 200
    with monkeypatch.context() as patch:
        patch.setattr(lens_file, "write_atomically", full)
        refused = delete(player, "/api/lens")
        assert refused.status_code == 503 and refused.get_json()["error"] == "cannot_save"
    assert load_lens(service.config.data_dir) is not None and service.table_stage.reader.tracker.lens is not None
    with monkeypatch.context() as patch:  # a card turned read-only: freeing space would not help
        patch.setattr(lens_file, "write_atomically", lambda *a, **k: (_ for _ in ()).throw(
            OSError(30, "Read-only file system")))
        refused = delete(player, "/api/lens").get_json()
        assert refused["fault"] == "read_only" and "free some space" not in refused["message"].lower(), refused
        assert "the lens is still kept" in refused["message"] and "l’objectif est toujours gardé" in \
            refused["message_fr"]


def test_a_lens_measured_at_another_picture_size_is_said_to_need_calibrating_again(player, service, camera):
    (service.config.data_dir / "lens.json").write_text(json.dumps(
        {"k1": -0.05, "k2": 0.0, "size": [640, 480], "residual_px": 0.2, "residual_before_px": 1.5, "photos": 2}))
    camera(mat(3))
    advice = player.get("/api/lens").get_json()["advice"]
    assert "1280x960 now, 640x480 when the lens was measured" in advice[0]["en"]
    assert "measures the lens again from the mat" in advice[0]["en"] and "calibrez à nouveau" in advice[0]["fr"]
    (service.config.data_dir / "lens.json").write_text("{\"k1\": ")
    damaged = player.get("/api/lens")
    assert damaged.status_code == 409 and damaged.get_json()["error"] == "damaged_lens"
    assert delete(player, "/api/lens").status_code == 200  # a damaged file can be forgotten
    assert player.get("/api/lens").get_json()["lens"] is None


def test_what_the_lens_watch_said_is_served_and_goes_with_a_forgotten_lens(player, service, camera):
    from companion.tablevision.lens import Lens
    from companion.tablevision.lens_file import FORGOTTEN_FILE, WATCH_FILE
    from companion.tablevision.lens_watch import LensNote, LensWatch

    data = service.config.data_dir
    Lens(-0.05, 0.0, (1280, 960), 0.3, 1.9, 3).save(data)
    (data / WATCH_FILE).write_text(json.dumps(LensNote("remeasured", 8.42, 0.3, 1.0).to_json()))
    lens = load_lens(data)
    service.table_stage = TableStage(LAYOUT, lens=lens, lens_watch=LensWatch(LAYOUT, data, lens))
    camera(mat(3))
    state = player.get("/api/lens").get_json()
    assert state["watch"]["state"] == "remeasured" and "(residual 8.42 px → 0.30 px)" in state["watch"]["text"]["en"]
    assert "needs no new calibration" in state["advice"][-1]["en"] and "de lui-même" in state["advice"][-1]["fr"]
    forgotten = delete(player, "/api/lens").get_json()
    assert forgotten["watch"] is None and not (data / WATCH_FILE).exists()
    assert (data / FORGOTTEN_FILE).exists()  # the choice kept: the lens watch leaves this camera uncorrected
    assert "until it is calibrated again" in forgotten["result"]["en"]


def test_a_lens_file_damaged_before_the_stage_is_built_is_told_and_can_be_forgotten(player, service):
    """The service builds its table stage, with the kept lens, on first use (after its first answer): a damaged
    lens.json found then is a clear refusal on the lens screen, and forgetting it lets the stage be built. Every
    phone's live view says it meanwhile (its camera status line follows it), and nothing once it is forgotten."""
    assert "lens_damaged" not in player.get("/api/live").get_json()
    (service.config.data_dir / "lens.json").write_text("{\"k1\": ")
    damaged = player.get("/api/lens")
    assert damaged.status_code == 409 and damaged.get_json()["error"] == "damaged_lens"
    assert "run companion table --calibrate again" in damaged.get_json()["message"]
    assert player.get("/api/live").get_json()["lens_damaged"] is True
    assert delete(player, "/api/lens").status_code == 200
    assert player.get("/api/lens").get_json()["lens"] is None
    assert "lens_damaged" not in player.get("/api/live").get_json()
    assert service.table_stage.reader.tracker.lens is None


def test_a_lens_file_found_damaged_with_a_games_mat_is_said_and_forgetting_it_reads_the_mat_again(player, service):
    """A new game of another kind reads its mat and the kept lens: a damaged file then left table vision off with
    an error in English only, and forgetting it on the phone did not bring the mat back until another game."""
    (service.config.data_dir / "lens.json").write_text("{\"k1\": ")
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    live = player.get("/api/live").get_json()
    assert live["lens_damaged"] is True and "not a lens calibration" in live["table"]["error"]
    assert delete(player, "/api/lens").status_code == 200
    live = player.get("/api/live").get_json()
    assert "lens_damaged" not in live and live["table"] is None  # the mat's next frame is drawn
    assert service.table_stage is not None and service.table_stage.layout.name.startswith("hexors")
    assert service.table_stage.reader.tracker.lens is None


def test_a_damaged_lens_file_stops_the_start_naming_it(data_dir):
    """The stage (and OpenCV) waits for first use, the kept lens file is still checked at the start."""
    from companion.tablevision.lens_file import LensError
    from webhelpers import make_service

    (data_dir / "lens.json").write_text("{\"k1\": ")
    with pytest.raises(LensError, match="lens.json: not a lens calibration"):
        make_service(data_dir)


@pytest.fixture
def unreadable_lens(service, monkeypatch):
    """A lens kept on a card that fails to give lens.json back (EIO) until ``mend()``."""
    import errno
    import pathlib

    path = service.config.data_dir / "lens.json"
    path.write_text(json.dumps({"k1": -0.02, "k2": 0.0, "size": [1280, 960]}))
    read_text = pathlib.Path.read_text

    def failing(self, *args, **kwargs):
        if self == path:
            raise OSError(errno.EIO, "Input/output error")
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "read_text", failing)
    return lambda: monkeypatch.setattr(pathlib.Path, "read_text", read_text)


def test_a_lens_file_the_card_cannot_read_is_said_as_such_not_damaged_and_reads_once_the_card_does(
        player, service, unreadable_lens):
    """An EIO on lens.json is a 503 ``cannot_read`` saying the card may be failing, not 409 ``damaged_lens`` (which
    tells to calibrate again: forgetting it would lose a good lens); no camera status says damaged."""
    answer = player.get("/api/lens")
    assert answer.status_code == 503 and answer.get_json()["error"] == "cannot_read", answer.get_json()
    assert "card may be failing" in answer.get_json()["message"]
    assert "lens_damaged" not in player.get("/api/live").get_json()
    unreadable_lens()
    assert player.get("/api/lens").get_json()["lens"]["k1"] == -0.02
    assert service.table_stage.reader.tracker.lens is not None


def test_a_games_mat_left_unread_for_a_lens_file_the_card_would_not_give_back_is_read_once_it_does(
        player, service, unreadable_lens):
    """A mat left unread for the card is read once the lens page reads lens.json again, in the same game."""
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    live = player.get("/api/live").get_json()
    assert "cannot be read now" in live["table"]["error"] and "lens_damaged" not in live
    unreadable_lens()
    assert player.get("/api/lens").status_code == 200
    assert player.get("/api/live").get_json()["table"] is None  # the mat's next frame is drawn
    assert service.table_stage.layout.name.startswith("hexors") and service.table_stage.reader.tracker.lens


def test_a_lens_file_the_card_cannot_read_at_the_start_does_not_stop_it(data_dir, monkeypatch, caplog):
    """An EIO on lens.json at the start is logged as the card's fault and the start goes on; it is not called
    damaged (no LensError, as for a damaged file)."""
    import errno
    import logging
    import pathlib

    from webhelpers import make_service

    (data_dir / "lens.json").write_text(json.dumps({"k1": -0.02, "k2": 0.0, "size": [1280, 960]}))
    read_text = pathlib.Path.read_text
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *args, **kwargs: (_ for _ in ()).throw(
        OSError(errno.EIO, "Input/output error")) if self.name == "lens.json" else read_text(self, *args, **kwargs))
    caplog.set_level(logging.INFO, logger="companion.game_mat")
    service = make_service(data_dir)
    try:
        said = [r.getMessage() for r in caplog.records if r.name == "companion.game_mat"]
        assert any("lens.json cannot be read now" in line and "card may be failing" in line for line in said), said
        assert "lens_damaged" not in service.live.to_json()
    finally:
        service.stop()


def test_the_top_down_picture_with_a_lens_file_the_card_cannot_read_is_not_called_damaged(phone, service,
                                                                                          unreadable_lens):
    """The camera screen's top-down picture builds the stage too: an EIO on lens.json there is a 503
    ``cannot_read``, not 409 ``damaged_lens``, and no camera status says damaged."""
    answer = phone.get("/api/table/top-down.jpg")
    assert answer.status_code == 503 and answer.get_json()["error"] == "cannot_read", answer.get_json()
    assert "lens_damaged" not in phone.get("/api/live").get_json()


def test_a_games_mat_left_unread_for_a_lens_file_the_card_would_not_give_back_is_tried_again_by_itself(
        player, service, unreadable_lens, monkeypatch, caplog):
    """A mat left unread for the card is tried again on a timer, with no lens screen opened nor game started. The
    tries that fail log no traceback again, and no line each (one every few minutes counts them)."""
    import logging
    import time

    caplog.set_level(logging.INFO, logger="companion.game_mat")
    monkeypatch.setattr("companion.game_mat.RETRY_EVERY", 0.05)
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    live = player.get("/api/live").get_json()
    assert "cannot be read now" in live["table"]["error"] and "tried again every" in live["table"]["error"]
    assert "nouvel essai toutes les" in live["table"]["error_fr"]
    time.sleep(0.3)  # tries that fail leave it said, and unread
    assert "cannot be read now" in player.get("/api/live").get_json()["table"]["error"]
    unreadable_lens()
    deadline = time.monotonic() + 10
    while player.get("/api/live").get_json()["table"] is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert player.get("/api/live").get_json()["table"] is None  # no lens screen opened: the mat's next frame is drawn
    assert service.table_stage.layout.name.startswith("hexors") and service.table_stage.reader.tracker.lens

    def said():
        return [r for r in caplog.records if r.name == "companion.game_mat" and r.levelno >= logging.WARNING]

    while not any("works again" in r.getMessage() for r in said()) and time.monotonic() < deadline:
        time.sleep(0.05)  # said once the mat's stage is built, after the live view is cleared
    assert [bool(r.exc_info) for r in said()] == [False, True, False], [r.getMessage() for r in said()]
    assert "lens.json cannot be read now" in said()[0].getMessage()  # then only counted, not said at each try
    assert "reading the mat of hexors works again, after" in said()[-1].getMessage()
