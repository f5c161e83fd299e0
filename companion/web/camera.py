"""What the camera sees of the board, for the phones: the settled board, this frame's table view, a Nexus Keepers
setup proposed from the tiles on the mat, and the top-down calibration picture."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from companion.core import Text
from companion.web.app import context
from companion.web.session import require_pin
from companion.web.validation import ApiError

blueprint = Blueprint("camera", __name__, url_prefix="/api")


@blueprint.get("/camera")
def camera():
    """``?players=Ada,Bo``: for Nexus Keepers, the cubes as laid on the mat (setup_from_board) and their problems."""
    service = context().service
    board, game = service.table.seen_board()
    setup = None
    names = [p.strip() for p in request.args.get("players", "").split(",") if p.strip()]
    if game == "nexus-keepers" and names:
        from companion.games.nexus_keepers.camera import setup_from_board

        cubes, problems = setup_from_board(board or {}, names)
        if not board:
            problems = [Text("the camera has not seen the mat settle yet",
                             "la caméra n’a pas encore vu le tapis immobile")]
        setup = {"players": cubes, "problems": [p.to_json() for p in problems]}
    return jsonify({"game": game, "board": board, "view": service.live.to_json().get("table"), "setup": setup})


@blueprint.get("/table/top-down.jpg")
def table_top_down():
    """The latest frame seen from straight above the mat, with its zones and grids drawn over it (calibration)."""
    import cv2

    from companion.tablevision.lens_file import LensError, LensUnreadable

    service = context().service
    try:
        stage, frame = service.table_stage, service.live.frame
    except LensUnreadable as exc:  # the card would not give it back: not damaged (forgetting it would lose it)
        raise ApiError(503, "cannot_read", str(exc)) from exc
    except LensError as exc:  # the stage is built with the kept lens: a damaged file is named, as on the lens screen
        service.live.lens_damaged = True
        raise ApiError(409, "damaged_lens", str(exc)) from exc
    if stage is None:
        raise ApiError(404, "table_off", "table vision is off (table.enabled = false)")
    if frame is None:
        raise ApiError(404, "no_frame", "no camera picture yet")
    image = stage.top_down(frame.image)
    if image is None:
        missing = ", ".join(str(a.id) for a in stage.layout.anchors)
        raise ApiError(404, "no_plane", f"the camera cannot see the mat's anchor markers (ids {missing}): "
                                        "show at least two of them")
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return Response(data.tobytes(), mimetype="image/jpeg")


@blueprint.post("/camera/light")
@require_pin
def measure_light():
    """Measure exposure and white balance again now (the lamp was switched on, the curtains drawn)."""
    if not context().service.remeasure_light():
        raise ApiError(409, "no_light_control", "this camera has no exposure or white balance to measure "
                                                 "(a USB camera, a video, or no camera running)")
    return jsonify({"ok": True})
