"""Calibrating the lens from the phone's camera screen, as ``companion table --calibrate`` does from photos: each
photo is the frame the pipeline saw last (the simulated table's own frame at the simulated table), the mat is moved
or turned between photos, then the fit (tablevision/lens.py) is kept as ``lens.json`` and the running table vision
uses it from the next frame. A fit no better than no correction is not kept. Moving the camera needs no new
calibration: the service measures the lens again by itself when it no longer fits (tablevision/lens_watch.py)."""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from flask import Blueprint, current_app, jsonify

from companion.core import Text
from companion.web.app import context
from companion.web.card_refusal import cannot_save
from companion.web.idempotency import idempotent
from companion.web.session import require_pin
from companion.web.validation import ApiError

if TYPE_CHECKING:  # the lens and marker modules (OpenCV, numpy) load at the first lens request, not with the app
    from companion.tablevision.lens_file import Lens
    from companion.tablevision.markers import SeenMarker

blueprint = Blueprint("lens", __name__, url_prefix="/api")

#: Photos a fit needs, as the command asks: one photo leaves k1 and k2 trading against each other.
PHOTOS_NEEDED = 2
#: Photos kept at most: more add little and each costs the fit time.
PHOTOS_MOST = 8
#: Anchors a photo must show (the fit places each photo's mat by its anchors).
ANCHORS_NEEDED = 3
#: A photo whose anchors all lie within this many pixels of the previous photo's shows the mat unmoved.
SAME_VIEW_PX = 3.0


@dataclass
class _Photo:
    markers: list[SeenMarker]
    size: tuple[int, int]
    anchors: int
    stickers: int
    same_view: bool


@dataclass
class LensPhotos:
    """The photos taken so far on the phones, for one mat; one per app (no module state)."""

    layout: str = ""
    photos: list[_Photo] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _photos() -> LensPhotos:
    return current_app.extensions.setdefault("companion_lens_photos", LensPhotos())


def _unreadable(exc: Exception) -> ApiError:
    """lens.json the card would not give back (EIO): said, not called damaged (forgetting it would lose a good lens);
    the next request reads it again."""
    return ApiError(503, "cannot_read", str(exc))


def _stage():
    from companion.tablevision.lens_file import LensError, LensUnreadable

    service = context().service
    try:
        stage = service.table_stage
    except LensUnreadable as exc:
        raise _unreadable(exc) from exc
    except LensError as exc:  # the stage is built with the kept lens: a damaged file is told, as GET /lens tells it
        service.live.lens_damaged = True  # and every phone's camera status, from the next live view
        raise ApiError(409, "damaged_lens", str(exc)) from exc
    if stage is None:
        raise ApiError(409, "table_off", "table vision is off (table.enabled = false): there is no mat to measure the "
                                         "lens with")
    if isinstance(service.live.table, dict) and "error" in service.live.table:
        # the mat was left unread at a game change (the card would not give lens.json back then): it is built now,
        # so the camera reads it again, not only this page
        service.read_mat_again()
        stage = service.table_stage
    return stage


def _kept_lens() -> Lens | None:
    from companion.tablevision.lens_file import LensError, LensUnreadable, load_lens

    service = context().service
    try:
        lens = load_lens(service.config.data_dir)
    except LensUnreadable as exc:
        raise _unreadable(exc) from exc
    except LensError as exc:
        service.live.lens_damaged = True  # every phone's camera status says it from the next live view
        raise ApiError(409, "damaged_lens", str(exc)) from exc
    service.live.lens_damaged = False  # read whole (or none kept: forgotten, never calibrated)
    return lens


def _frame_size() -> tuple[int, int] | None:
    frame = context().service.live.frame
    return None if frame is None else (int(frame.image.shape[1]), int(frame.image.shape[0]))


def _advice(lens: Lens | None) -> list[dict]:
    size = _frame_size()
    advice = []
    if lens is not None and size is not None and tuple(lens.size) != size:
        advice.append(Text(
            f"The camera's picture is {size[0]}x{size[1]} now, {lens.size[0]}x{lens.size[1]} when the lens was "
            "measured: the calibration does not fit this picture. The companion measures the lens again from the "
            "mat once the table has been still a few times; if it cannot, calibrate again.",
            f"L’image de la caméra fait {size[0]}x{size[1]} maintenant, {lens.size[0]}x{lens.size[1]} quand "
            "l’objectif a été mesuré : la calibration ne correspond pas à cette image. Le compagnon mesure à nouveau "
            "l’objectif sur le tapis dès que la table est restée immobile quelques fois. S’il n’y arrive pas, "
            "calibrez à nouveau."
        ).to_json())
    if lens is not None:
        advice.append(Text("Moving the camera or the mat needs no new calibration. When the lens no longer fits "
                           "(another camera, another lens, a refocus), the companion measures it again from the mat by "
                           "itself and says so on this screen.",
                           "Déplacer la caméra ou le tapis ne demande pas de nouvelle calibration. Quand l’objectif ne "
                           "correspond plus (une autre caméra, un autre objectif, une mise au point), le compagnon le "
                           "mesure à nouveau sur le tapis de lui-même et le dit sur cet écran.").to_json())
    return advice


def _state(result: Text | None = None, status: int = 200):
    kept = _kept_lens()
    watch = getattr(context().service.table_stage, "lens_watch", None)
    note = watch.note if watch is not None else None
    photos = _photos()
    with photos.lock:
        taken = [{"anchors": p.anchors, "stickers": p.stickers, "same_view": p.same_view} for p in photos.photos]
    body = {"lens": None if kept is None else kept.to_json(), "photos": taken, "photos_needed": PHOTOS_NEEDED,
            "advice": _advice(kept), "result": None if result is None else result.to_json(),
            "watch": None if note is None else note.to_json()}
    response = jsonify(body)
    response.status_code = status
    return response


@blueprint.get("/lens")
def lens_status():
    """The lens kept (null: none), the photos taken for a new calibration, and advice."""
    _stage()
    return _state()


@blueprint.post("/lens/photos")
@require_pin
@idempotent
def take_photo():
    """Keep the camera's latest frame as a photo of the mat (still, with at least three anchors in sight)."""
    from companion.tablevision.markers import MarkerFinder

    service = context().service
    stage = _stage()
    frame = service.live.frame
    if frame is None or service.live.stall() is not None:
        raise ApiError(409, "no_frame", "the camera sends no picture: nothing to take a photo of")
    if stage.motion.moving:
        raise ApiError(409, "moving", "something is moving over the mat: take the photo with hands off the table")
    layout = stage.layout
    markers = MarkerFinder(layout.dictionary).find(frame.image)  # its own detector: the pipeline's runs meanwhile
    layout = layout.as_printed({m.id for m in markers})  # a mat printed with the former anchors 0-3 counts them
    anchors = [m for m in markers if m.id in layout.anchor_ids]
    if len(anchors) < ANCHORS_NEEDED:
        missing = ", ".join(str(i) for i in sorted(layout.anchor_ids - {m.id for m in anchors}))
        raise ApiError(422, "no_mat", f"the photo shows {len(anchors)} of the mat's anchors; at least "
                                      f"{ANCHORS_NEEDED} must be in sight (missing: {missing}). Nothing was kept.")
    stickers = sum(1 for m in markers if m.id not in layout.anchor_ids and layout.marker(m.id) is not None)
    size = (int(frame.image.shape[1]), int(frame.image.shape[0]))
    photos = _photos()
    with photos.lock:
        if photos.layout != layout.name:
            photos.layout, photos.photos = layout.name, []
        if photos.photos and photos.photos[0].size != size:
            photos.photos = []  # another camera setting: the earlier photos measure another picture
        if len(photos.photos) >= PHOTOS_MOST:
            raise ApiError(409, "enough_photos", f"{PHOTOS_MOST} photos are kept already: fit the lens, or start over")
        same = bool(photos.photos) and _same_view(photos.photos[-1].markers, anchors)
        photos.photos.append(_Photo(markers, size, len(anchors), stickers, same))
    return _state(status=201)


def _same_view(before: list[SeenMarker], anchors: list[SeenMarker]) -> bool:
    previous = {m.id: m.centre for m in before}
    common = [m for m in anchors if m.id in previous]
    return bool(common) and all(math.hypot(m.centre[0] - previous[m.id][0], m.centre[1] - previous[m.id][1])
                                < SAME_VIEW_PX for m in common)


@blueprint.delete("/lens/photos")
@require_pin
def start_over():
    """Drop the photos taken (the lens kept, if any, stays)."""
    _stage()
    photos = _photos()
    with photos.lock:
        photos.photos = []
    return _state()


@blueprint.post("/lens/fit")
@require_pin
@idempotent
def fit():
    """Fit k1, k2 to the photos; keep the lens (lens.json, written whole or not at all) only when it fits the mat
    better than no correction, and use it from the next frame."""
    from companion.tablevision.lens import BETTER_BY, LensError, fit_lens

    stage = _stage()
    photos = _photos()
    with photos.lock:
        taken = list(photos.photos)
        if len(taken) < PHOTOS_NEEDED:
            raise ApiError(422, "too_few_photos", f"{len(taken)} photo(s) taken: the lens needs {PHOTOS_NEEDED} or "
                                                  "more, the mat moved or turned between them")
        try:
            lens = fit_lens(stage.layout, [p.markers for p in taken], taken[0].size)
        except LensError as exc:
            raise ApiError(422, "cannot_fit", f"{exc}. The photos are kept.") from exc
        if lens.k1 == 0.0 and lens.k2 == 0.0 or lens.residual_px > BETTER_BY * lens.residual_before_px:
            raise ApiError(422, "no_better", f"the correction would bring the markers' corners only from "
                                             f"{lens.residual_before_px:.2f} px to {lens.residual_px:.2f} px of the "
                                             "mat: no better than none, so nothing was saved. The photos are kept: "
                                             "add photos with stickers out to the mat's edges.")
        try:
            lens.save(context().service.config.data_dir)
        except OSError as exc:
            raise cannot_save(exc, Text("the lens cannot be saved", "l’objectif ne peut pas être enregistré"),
                              Text("the photos are kept", "les photos sont gardées")) from exc
        photos.photos = []
    _use(stage, lens)
    return _state(result=fit_words(lens))


def fit_words(lens: Lens) -> Text:
    """The fit in words: how far the corners are from the mat now, and how much closer than without correction."""
    better = lens.residual_before_px / lens.residual_px if lens.residual_px > 0 else float("inf")
    times = "∞" if better == float("inf") else f"{better:.1f}"
    return Text(f"Lens measured from {lens.photos} photos: the markers' corners now lie {lens.residual_px:.2f} px from "
                f"where the mat puts them, against {lens.residual_before_px:.2f} px without correction "
                f"({times} times closer). Positions on the mat use it from now on.",
                f"Objectif mesuré sur {lens.photos} photos : les coins des repères sont maintenant à "
                f"{lens.residual_px:.2f} px de leur place sur le tapis, contre {lens.residual_before_px:.2f} px "
                f"sans correction ({times.replace('.', ',')} fois plus près). Les positions sur le tapis "
                "l’utilisent désormais.")


def _use(stage, lens: Lens | None) -> None:
    """The running table vision measures its plane again from the next frame, with ``lens`` (None: without)."""
    tracker = stage.reader.tracker
    tracker.lens = lens
    tracker.plane = None
    if stage.lens_watch is not None:  # what it said was of the lens replaced
        stage.lens_watch.note = None


@blueprint.delete("/lens")
@require_pin
@idempotent
def forget():
    """Remove the lens kept: positions assume a lens without distortion again."""
    from companion.tablevision.lens_file import forget_lens

    service = context().service
    try:
        stage = _stage()
    except ApiError as exc:  # a damaged file can be forgotten: the stage is then built without it
        if exc.code != "damaged_lens" and not (exc.code == "table_off" and service.live.lens_damaged):
            raise  # (table_off: a game's mat left unread for the damaged file, GameMat.follow)
        stage = None
    try:
        forgotten = forget_lens(service.config.data_dir)
    except OSError as exc:  # the choice is written first: the lens stays kept (lens_file.forget_lens)
        raise cannot_save(exc, Text("the choice to forget the lens cannot be saved", "le choix d’oublier l’objectif "
                                    "ne peut pas être enregistré"), Text("the lens is still kept",
                                                                         "l’objectif est toujours gardé")) from exc
    if not forgotten:
        raise ApiError(404, "no_lens", "no lens calibration is kept")
    if stage is not None:
        _use(stage, None)
    else:  # the damaged file had left table vision off: the mat is read again without it
        service.read_mat_again()
    return _state(result=Text("The lens calibration was removed: positions assume a lens without distortion, and the "
                              "camera does not measure it by itself until it is calibrated again.",
                              "La calibration de l’objectif a été supprimée : les positions supposent un objectif "
                              "sans distorsion, et la caméra ne le mesure plus d’elle-même tant qu’il n’est pas "
                              "calibré à nouveau."))
