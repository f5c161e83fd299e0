"""The lens kept right by itself (lens_watch.py): rendered frames of the mat through the calibrated lens, then through
another lens, go through the service's table stage. Another lens is measured again from the settled frames and used;
a moved camera with the same lens only re-finds the plane; a fit that cannot be made keeps the old lens."""

from __future__ import annotations

import json

import numpy as np
import pytest

from companion.tablevision import MarkerFinder, layout_for
from companion.tablevision.lens import fit_lens, load_lens, opencv_k
from companion.tablevision.lens_file import WATCH_FILE
from companion.tablevision.lens_watch import SETTLED_FRAMES, UNFIT_VIEWS, load_note
from companion.tablevision.render import CameraPose, render_table
from companion.tablevision.things import Thing
from companion.tablevision.scenes import random_position
from companion.tablevision.stage import TableStage

LAYOUT = layout_for("nexus-keepers")
WIDE = dict(height=300.0, hfov=82.9, k1=-0.15)  # Camera Module 3 Wide at 1280x960, low over an A3 mat
STANDARD = dict(height=380.0, hfov=66.0, k1=-0.05)  # Camera Module 3, higher up


def frame(seed: int, camera: dict, tilt: float = 4.0, yaw: float = 0.0, pieces: int = 16, things=()) -> np.ndarray:
    rng = np.random.default_rng(seed)
    placements, _ = random_position(LAYOUT, rng, pieces)
    pose = CameraPose(height=camera["height"], hfov=camera["hfov"], tilt=tilt, yaw=yaw)
    return render_table(LAYOUT, placements, [], pose, rng, things=things,
                        lens=opencv_k(camera["k1"], 0.0, camera["hfov"])).image


@pytest.fixture(scope="module")
def calibrated():
    """The wide lens as the phone or the command measures it: two photos, the mat moved between them."""
    finder = MarkerFinder(LAYOUT.dictionary)
    return fit_lens(LAYOUT, [finder.find(frame(seed, WIDE)) for seed in (1, 3)], (1280, 960))


@pytest.fixture
def stage(tmp_path, calibrated):
    calibrated.save(tmp_path)
    return TableStage.from_config({}, "nexus-keepers", data_dir=tmp_path)


def settle(stage: TableStage, image: np.ndarray):
    """The table still for as long as the watch waits, as a camera over an untouched table sees it."""
    for i in range(SETTLED_FRAMES + 1):
        view, _ = stage.process(image, [], i, i / 8)
    return view


def test_another_lens_is_measured_again_from_the_mat_and_used_from_the_next_frame(stage, calibrated, tmp_path):
    for seed in range(5, 5 + UNFIT_VIEWS):  # the wide camera swapped for a standard one; pieces moved between rolls
        view = settle(stage, frame(seed, STANDARD))
        assert stage.reader.tracker.lens == calibrated and view.lens is None  # nothing said before it is sure
    assert stage.lens_watch.residual_px > 2 * calibrated.residual_px + 0.5
    stage.lens_watch.wait(60)
    view = settle(stage, frame(9, STANDARD))
    used = stage.reader.tracker.lens
    assert used != calibrated and used == load_lens(tmp_path)  # kept in lens.json, and used
    assert used.residual_px < 0.8 * view.lens["before_px"]
    assert view.plane.plane is not None and view.plane.plane.lens is used
    assert stage.lens_watch.residual_px < 2 * used.residual_px + 0.5  # the new lens fits the next settled table
    assert view.lens["state"] == "remeasured"
    assert view.lens["text"]["en"].startswith(
        f"The camera's lens changed: re-measured from the mat (residual {view.lens['before_px']:.2f} px → "
        f"{used.residual_px:.2f} px)")
    assert view.lens["text"]["fr"].startswith("L’objectif de la caméra a changé : remesuré sur le tapis (écart ")
    assert view.to_json()["lens"] == view.lens
    assert load_note(tmp_path).state == "remeasured"


def test_a_moved_camera_with_the_same_lens_only_finds_the_plane_again(stage, calibrated, tmp_path):
    planes = []
    for seed, (tilt, yaw) in zip(range(5, 5 + UNFIT_VIEWS + 1), [(12, 6), (0, -8), (8, 3), (12, 6)]):
        view = settle(stage, frame(seed, WIDE, tilt=tilt, yaw=yaw))
        planes.append(view.plane.plane.to_table)
        assert stage.lens_watch.residual_px < 2 * calibrated.residual_px
    assert not np.allclose(planes[0], planes[1], atol=1e-3)  # the plane was found again at each move
    stage.lens_watch.wait(60)
    assert stage.lens_watch._job is None and view.lens is None
    assert stage.reader.tracker.lens == calibrated and load_lens(tmp_path) == calibrated
    assert not (tmp_path / WATCH_FILE).exists()


def test_a_fit_that_cannot_be_made_keeps_the_old_lens_and_says_it_may_need_calibrating(stage, calibrated, tmp_path):
    """A cup over one anchor and no sticker on the mat: three anchors show the lens no longer fits, but they cannot
    measure another (the fit needs four anchors or four stickers)."""
    cup = Thing("cup", LAYOUT.anchors[0].centre, 95.0)
    for seed in range(5, 5 + UNFIT_VIEWS):
        settle(stage, frame(seed, STANDARD, yaw=seed - 6, pieces=0, things=[cup]))
    assert len(stage.lens_watch._views) == UNFIT_VIEWS
    stage.lens_watch.wait(60)
    view = settle(stage, frame(9, STANDARD, pieces=0, things=[cup]))
    assert stage.reader.tracker.lens == calibrated and load_lens(tmp_path) == calibrated
    assert view.lens["state"] == "unfit"
    assert view.lens["text"]["en"].startswith("The lens may need calibrating: the mat's markers lie ")
    assert "L’ancienne correction est gardée" in view.lens["text"]["fr"]
    assert json.loads((tmp_path / WATCH_FILE).read_text())["state"] == "unfit"


def test_the_doctor_says_what_the_watch_said(tmp_path, calibrated):
    from companion.config import load_config
    from companion.findings import OK, WARN
    from companion.tablevision.lens import check_lens
    from companion.tablevision.lens_watch import LensNote

    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path)}})
    calibrated.save(tmp_path)
    (tmp_path / WATCH_FILE).write_text(json.dumps({"state": "remeasured", "before_px": 8.42, "after_px": 0.33,
                                                   "at": 1.0}))
    finding = check_lens(config)
    assert finding.status == OK
    assert finding.detail.startswith("The camera's lens changed: re-measured from the mat (residual 8.42 px → 0.33 px)")
    (tmp_path / WATCH_FILE).write_text(json.dumps(LensNote("unfit", 3.1, 0.48, 1.0).to_json()))
    finding = check_lens(config)
    assert finding.status == WARN and finding.detail.startswith("The lens may need calibrating")
    calibrated.save(tmp_path)  # calibrated again: what the watch said is obsolete
    assert check_lens(config).status == OK and not (tmp_path / WATCH_FILE).exists()


def test_a_lens_calibrated_on_the_phone_during_a_fit_is_not_overwritten(tmp_path, calibrated):
    """The fit runs in a thread; a lens the players calibrated meanwhile stands, and the fit's lens is dropped."""
    from companion.tablevision.lens import Lens
    from companion.tablevision.lens_watch import LensWatch

    calibrated.save(tmp_path)
    watch = LensWatch(LAYOUT, tmp_path, calibrated)
    finder = MarkerFinder(LAYOUT.dictionary)
    views = [finder.find(frame(seed, STANDARD)) for seed in (5, 6)]
    phone = Lens(-0.01, 0.0, (1280, 960), 0.3, 0.9, 2)
    watch.see(phone, views[0], (1280, 960), still=False, planed=True)  # the phone's lens in use from this frame
    phone.save(tmp_path)
    watch._refit(calibrated, views, (1280, 960))  # the fit started before, under the old lens, ends now
    assert load_lens(tmp_path) == phone and not (tmp_path / WATCH_FILE).exists()
    assert watch.see(phone, views[1], (1280, 960), still=False, planed=True) is None and watch.note is None


def test_a_lens_measured_at_another_picture_size_is_measured_again_at_this_one(stage, calibrated, tmp_path):
    """The camera set to 640x480 after the lens was measured at 1280x960: the kept lens no longer fits the picture
    (its centre is the picture's corner), and the same lens is measured again at the new size."""
    import cv2

    def half(seed: int) -> np.ndarray:
        return cv2.resize(frame(seed, WIDE), (640, 480), interpolation=cv2.INTER_AREA)

    for seed in range(5, 5 + UNFIT_VIEWS):
        settle(stage, half(seed))
    stage.lens_watch.wait(60)
    view = settle(stage, half(9))
    used = stage.reader.tracker.lens
    assert used.size == (640, 480) and used == load_lens(tmp_path) and used.k1 < 0  # still the barrel lens
    assert view.lens["state"] == "remeasured" and stage.lens_watch.residual_px < 2 * used.residual_px + 0.5


def test_a_lens_saved_on_the_phone_before_the_watch_sees_it_is_not_overwritten(tmp_path, calibrated):
    """The phone writes lens.json, then the frame loop takes the new lens in; a fit ending in between leaves the
    file as the phone wrote it."""
    from companion.tablevision.lens import Lens
    from companion.tablevision.lens_watch import LensWatch

    calibrated.save(tmp_path)
    watch = LensWatch(LAYOUT, tmp_path, calibrated)
    finder = MarkerFinder(LAYOUT.dictionary)
    views = [finder.find(frame(seed, STANDARD)) for seed in (5, 6, 7)]
    phone = Lens(-0.01, 0.0, (1280, 960), 0.3, 0.9, 2)
    phone.save(tmp_path)  # no frame since: the watch still holds the old lens
    watch._refit(calibrated, views, (1280, 960))
    assert load_lens(tmp_path) == phone and not (tmp_path / WATCH_FILE).exists()


def test_a_camera_never_calibrated_is_measured_from_the_mat_when_uncorrected_positions_are_poor(tmp_path):
    """No lens.json, the wide lens: the markers lie 3 px off without correction; after three such settled tables the
    lens is measured and used, and the screen says so. A straight camera is left alone."""
    stage = TableStage.from_config({}, "nexus-keepers", data_dir=tmp_path)
    straight = dict(STANDARD, k1=0.0)
    for seed in range(5, 5 + UNFIT_VIEWS):
        settle(stage, frame(seed, straight))
        assert stage.lens_watch.residual_px < 1.0 and stage.lens_watch._job is None
    for seed in range(5, 5 + UNFIT_VIEWS):
        settle(stage, frame(seed, WIDE))
    assert stage.lens_watch.residual_px > 2.0 and stage.lens_watch._job is not None
    assert stage.lens_watch.wait(60)
    view = settle(stage, frame(9, WIDE))
    used = stage.reader.tracker.lens
    assert used is not None and used == load_lens(tmp_path) and used.k1 < 0
    assert view.lens["state"] == "measured" and stage.lens_watch.residual_px < 2 * used.residual_px + 0.5
    assert view.lens["text"]["en"].startswith(
        f"The camera's lens was measured from the mat (residual {view.lens['before_px']:.2f} px without correction → "
        f"{used.residual_px:.2f} px)")
    assert view.lens["text"]["fr"].startswith("L’objectif de la caméra a été mesuré sur le tapis (écart ")


def test_a_calibration_forgotten_on_the_phone_leaves_the_camera_uncorrected(tmp_path, calibrated):
    """The players pressed "Forget" (the route writes lens-forgotten.json): their choice stands, across restarts, until
    they calibrate again."""
    from companion.tablevision.lens_file import FORGOTTEN_FILE

    calibrated.save(tmp_path)
    stage = TableStage.from_config({}, "nexus-keepers", data_dir=tmp_path)
    settle(stage, frame(4, WIDE))
    (tmp_path / "lens.json").unlink()  # what DELETE /api/lens does, in this order
    (tmp_path / FORGOTTEN_FILE).write_text("{}")
    stage.reader.tracker.lens, stage.reader.tracker.plane = None, None
    for stage_ in (stage, TableStage.from_config({}, "nexus-keepers", data_dir=tmp_path)):  # and after a restart
        for seed in range(5, 5 + UNFIT_VIEWS + 1):
            settle(stage_, frame(seed, WIDE))
            assert stage_.lens_watch._job is None
        assert stage_.reader.tracker.lens is None and load_lens(tmp_path) is None
    from companion.config import load_config
    from companion.tablevision.lens import check_lens

    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path)}})
    assert check_lens(config).detail.startswith("forgotten on the phone: positions assume a lens without distortion")
    calibrated.save(tmp_path)  # calibrated again: the choice is over
    assert not (tmp_path / FORGOTTEN_FILE).exists() and check_lens(config).detail.startswith("k1 ")


def test_a_lens_that_cannot_be_written_leaves_the_old_lens_and_is_tried_again_later(tmp_path, calibrated, monkeypatch):
    """A full disk when the fit ends: logged, the frame loop goes on with the old lens, and the fit waits its turn."""
    from companion.tablevision.lens import Lens
    from companion.tablevision.lens_watch import LensWatch

    def full_disk(self, data_dir):
        raise OSError(28, "No space left on device")

    calibrated.save(tmp_path)
    monkeypatch.setattr(Lens, "save", full_disk)
    watch = LensWatch(LAYOUT, tmp_path, calibrated)
    finder = MarkerFinder(LAYOUT.dictionary)
    for seed in range(5, 5 + UNFIT_VIEWS):
        markers = finder.find(frame(seed, STANDARD))
        for i in range(SETTLED_FRAMES + 1):  # pieces moved, then still
            assert watch.see(calibrated, markers, (1280, 960), still=i > 0, planed=True) is None
    assert watch._job is not None and watch.wait(60)
    assert watch.see(calibrated, markers, (1280, 960), still=False, planed=True) is None and watch._job is None
    assert load_lens(tmp_path) == calibrated and watch.note is None and watch._fitted_at is not None
