"""The phones' view of what the camera sees: the settled board, a Nexus Keepers setup from the tiles on the mat,
and the top-down calibration picture."""

from __future__ import annotations

import numpy as np

from companion.core import Observation
from companion.pipeline import LiveView
from companion.capture.base import Frame
from companion.tablevision import layout_for
from companion.tablevision.cells import cell_centre
from companion.tablevision.render import CameraPose, PiecePlacement, render_table
from companion.tablevision.stage import TableStage

LAYOUT = layout_for("nexus-keepers")
GRID = LAYOUT.grid("nexus")


def tile(name, cell, angle=0.0):
    return {"id": 0, "kind": "tile", "status": "seen", "cell": list(cell), "grid": "nexus", "zone": None,
            "uncertain": False, "facing": {0.0: "N", 90.0: "E", 270.0: "W"}[angle], "facing_uncertain": False}


def test_the_camera_board_and_a_nexus_keepers_setup_proposed_from_it(player, service):
    player.post("/api/game", {"game": "nexus-keepers", "options": {}, "players": ["Ada", "Bo"]})
    board = {f"tile-1-{t}": tile(f"tile-1-{t}", (t - 1, 0), 270.0 if t == 1 else 0.0) for t in range(1, 6)}
    board |= {f"tile-2-{t}": tile(f"tile-2-{t}", (5 - t, 1), 90.0 if t == 1 else 0.0) for t in range(1, 6)}
    service.table.observe(Observation(pieces=board, source="camera"))
    data = player.get("/api/camera?players=Ada,Bo").get_json()
    assert data["board"] == board
    assert data["setup"] == {"problems": [], "players": [
        {"id": "Ada", "cube": {"tiles": [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]], "portal": "W"}},
        {"id": "Bo", "cube": {"tiles": [[4, 1], [3, 1], [2, 1], [1, 1], [0, 1]], "portal": "E"}}]}
    assert player.get("/api/camera").get_json()["setup"] is None  # no players named: nothing proposed


def test_a_setup_the_camera_cannot_propose_says_why_in_each_language(player, service):
    player.post("/api/game", {"game": "nexus-keepers", "options": {}, "players": ["Ada", "Bo"]})
    assert player.get("/api/camera?players=Ada,Bo").get_json()["setup"]["problems"] == [
        {"en": "the camera has not seen the mat settle yet", "fr": "la caméra n’a pas encore vu le tapis immobile"}]
    board = {f"tile-1-{t}": tile(f"tile-1-{t}", (t - 1, 0), 270.0 if t == 1 else 0.0) for t in range(1, 6)}
    service.table.observe(Observation(pieces=board, source="camera"))
    setup = player.get("/api/camera?players=Ada,Bo").get_json()["setup"]
    assert setup["players"] == [{"id": "Ada", "cube": {"tiles": [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]],
                                                       "portal": "W"}}]
    assert setup["problems"][0] == {"en": "tile-2-1 (Bo's tile 1) is not on the mat",
                                    "fr": "tile-2-1 (tuile 1 de Bo) n’est pas sur le tapis"}
    assert len(setup["problems"]) == 5


def test_the_top_down_picture_needs_the_anchors_and_then_shows_the_mat(phone, service):
    service.table_stage = TableStage(LAYOUT)
    service.live = LiveView()
    blank = np.full((480, 640, 3), 90, np.uint8)
    service.live.update(Frame(blank, 0.0, 0), [])
    service.table_stage.process(blank, [], 0, 0.0)
    refused = phone.get("/api/table/top-down.jpg")
    assert refused.status_code == 404 and "ids 88, 89, 90, 91" in refused.get_json()["message"]
    rng = np.random.default_rng(1)
    frame = render_table(LAYOUT, [PiecePlacement(LAYOUT.marker(30), cell_centre(GRID, (2, 2)))], [], CameraPose(), rng)
    service.live.update(Frame(frame.image, 0.1, 1), [])
    service.table_stage.process(frame.image, [], 1, 0.1)
    answer = phone.get("/api/table/top-down.jpg")
    assert answer.status_code == 200 and answer.mimetype == "image/jpeg", answer.get_json()
    import cv2

    flat = cv2.imdecode(np.frombuffer(answer.data, np.uint8), cv2.IMREAD_COLOR)
    assert flat.shape[:2] == (round(297 * 1.5), round(420 * 1.5))  # the A3 mat at 1.5 px a millimetre
    # the keeper's sticker, seen from above, sits where the mat says cell (2, 2) is
    found = {m.id: m for m in __import__("companion.tablevision", fromlist=["MarkerFinder"]).MarkerFinder().find(flat)}
    cx, cy = cell_centre(GRID, (2, 2))
    assert abs(found[30].centre[0] - cx * 1.5) < 3 and abs(found[30].centre[1] - cy * 1.5) < 3


def test_measuring_the_light_again_needs_the_pin_and_a_camera_that_has_it(phone, player, service):
    assert phone.post("/api/camera/light", {}).status_code == 401
    refused = player.post("/api/camera/light", {})  # no camera running in these tests
    assert refused.status_code == 409 and refused.get_json()["error"] == "no_light_control"

    class Relockable:
        asked = 0

        def request_relock(self):
            self.asked += 1
            return True

    class Running:
        source = Relockable()

    service.pipeline = Running()
    try:
        assert player.post("/api/camera/light", {}).get_json() == {"ok": True}
        assert Running.source.asked == 1
    finally:
        service.pipeline = None


def test_the_top_down_picture_refuses_a_lens_file_damaged_before_the_stage_is_built(phone, service):
    """The stage is built on first use with the kept lens: a lens.json damaged since the start is named (409, as on
    the lens screen), not an internal error."""
    (service.config.data_dir / "lens.json").write_text("{\"k1\": ")
    refused = phone.get("/api/table/top-down.jpg")
    assert refused.status_code == 409 and refused.get_json()["error"] == "damaged_lens"
    assert "run companion table --calibrate again" in refused.get_json()["message"]
