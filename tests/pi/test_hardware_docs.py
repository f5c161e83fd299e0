"""The mounting geometry, and hardware/README.md staying true to the code and the default configuration."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from companion.config import SCHEMA
from companion.mounting import (CAMERAS, GOOD_DIE_PX, MIN_DIE_PX, MODEL_MULTIPLE, MODEL_PIXELS, CameraModule,
                                plan_mount)
from companion.panel.header import BCM_TO_HEADER, GROUND_PINS, header_pin, label

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "hardware" / "README.md").read_text()
SQUARE_90 = CameraModule("test", "90 degree test camera", 90.0, 90.0)


def test_height_for_a_90_degree_camera_is_half_the_width():
    # tan(45°) = 1: a 1000 mm wide view needs the lens 500 mm up.
    plan = plan_mount(1000, 1000, 20, SQUARE_90, width_px=1000, height_px=1000, margin_mm=0)
    assert plan.height_mm == pytest.approx(500)
    assert plan.footprint_mm == pytest.approx((1000, 1000))
    assert plan.die_px_capture == pytest.approx(20)          # 1 px per mm
    assert plan.die_px_model == pytest.approx(20 * 416 / 1000)


def test_a_wide_picture_keeps_more_model_pixels_per_die_than_a_square_letterbox():
    # the reader fits a 16:9 picture to 416 x 416's pixels at its own shape: 540 x 304, not 416 x 234
    plan = plan_mount(1000, 500, 20, SQUARE_90, width_px=1280, height_px=720, margin_mm=0)
    assert plan.die_px_model == pytest.approx(20 * 540 / plan.footprint_mm[0], rel=0.01)
    assert plan.die_px_model > 1.25 * 20 * 416 / plan.footprint_mm[0]
    assert plan.max_area_width_mm == pytest.approx(20 * 540 / GOOD_DIE_PX, rel=0.01)


def test_the_mounting_plan_uses_the_shipped_detectors_input_geometry():
    """mounting.py keeps its own copy so planning never loads a model; it must say what the model's metadata says."""
    from companion.vision import DiceReader

    reader = DiceReader(threads=1, faces=False, read_colour=False)
    assert (MODEL_PIXELS, MODEL_MULTIPLE) == (reader.input_pixels, reader.input_multiple)


def test_margin_and_the_limiting_side():
    # A 16:9 picture of a square camera crops the height: the short side decides the height.
    plan = plan_mount(400, 400, 16, SQUARE_90, width_px=1600, height_px=900, margin_mm=50)
    hfov, vfov = SQUARE_90.fov_for(1600, 900)
    assert hfov == pytest.approx(90)
    assert math.tan(math.radians(vfov) / 2) == pytest.approx(900 / 1600)
    assert plan.height_mm == pytest.approx(500 / (2 * 900 / 1600))
    assert plan.footprint_mm[1] == pytest.approx(500)


def test_aspect_ratio_crops_the_other_way_too():
    v3 = CAMERAS["v3"]  # a 16:9 sensor: a 4:3 picture keeps the height and loses width
    hfov, vfov = v3.fov_for(1280, 960)
    assert vfov == pytest.approx(41.0)
    assert math.tan(math.radians(hfov) / 2) == pytest.approx(math.tan(math.radians(41.0) / 2) * 4 / 3)


def test_the_long_side_of_the_area_goes_along_the_picture():
    assert plan_mount(300, 400, 16, "v3").height_mm == pytest.approx(plan_mount(400, 300, 16, "v3").height_mm)


def test_verdict_thresholds():
    def verdict_at(px):
        area = 16 * 416 / px  # the view width that makes a 16 mm die px wide at the model
        return plan_mount(area, 1, 16, SQUARE_90, width_px=1000, height_px=1000, margin_mm=0).verdict

    assert verdict_at(GOOD_DIE_PX + 0.5) == "good"
    assert verdict_at((GOOD_DIE_PX + MIN_DIE_PX) / 2) == "borderline"
    assert verdict_at(MIN_DIE_PX - 0.5) == "too small"


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="area, die size and picture size must be positive"):
        plan_mount(0, 300, 16)
    with pytest.raises(KeyError, match="no-such-camera"):
        plan_mount(400, 300, 16, "no-such-camera")


def test_readme_tables_are_what_fov_py_prints():
    printed = subprocess.run([sys.executable, str(REPO / "hardware" / "fov.py")], capture_output=True, text=True,
                             check=True).stdout.strip()
    section = README.split("<!-- fov-tables:start -->\n")[1].split("\n<!-- fov-tables:end -->")[0]
    assert section.strip() == printed, "regenerate: python hardware/fov.py, paste into hardware/README.md"


def test_readme_pin_table_matches_the_default_configuration():
    table = README.split("<!-- pin-table:start -->")[1].split("<!-- pin-table:end -->")[0]
    for key in ("green_pin", "amber_pin", "red_pin", "buzzer_pin", "button_pin"):
        bcm = SCHEMA["panel"][key].default
        row = next(line for line in table.splitlines() if f"`panel.{key}`" in line)
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[2] == f"GPIO{bcm}" and cells[3] == str(header_pin(bcm)), row
        # the configuration's own description names the same header pin
        assert f"header pin {header_pin(bcm)}" in SCHEMA["panel"][key].doc
    ground = next(line for line in table.splitlines() if line.startswith("| ground rail"))
    assert all(str(pin) in ground for pin in GROUND_PINS)


def test_default_panel_pins_are_distinct_gpio_on_the_header():
    pins = [SCHEMA["panel"][k].default for k in ("green_pin", "amber_pin", "red_pin", "buzzer_pin", "button_pin")]
    assert len(set(pins)) == len(pins)
    assert all(label(header_pin(p)) == f"GPIO{p}" for p in pins)
    assert len(BCM_TO_HEADER) == 28
    with pytest.raises(ValueError, match=r"GPIO40 is not on the 40-pin header \(valid: 0-27\)"):
        header_pin(40)


def load_draw_wiring():
    sys.path.insert(0, str(REPO / "hardware"))
    try:
        import draw_wiring
    finally:
        sys.path.remove(str(REPO / "hardware"))
    return draw_wiring


def test_wiring_diagram_shows_the_default_pins(tmp_path):
    """The shipped picture and a fresh drawing colour exactly the configured pins in the header inset."""
    draw_wiring = load_draw_wiring()
    panel = {key: spec.default for key, spec in SCHEMA["panel"].items()}
    used = draw_wiring.used_pins(panel)
    assert {header_pin(panel[k])
            for k in ("green_pin", "amber_pin", "red_pin", "buzzer_pin", "button_pin")} <= set(used)
    fresh = cv2.imread(str(draw_wiring.draw(tmp_path / "wiring.png")))
    shipped = cv2.imread(str(REPO / "hardware" / "wiring.png"))
    assert shipped is not None and fresh.shape == shipped.shape
    for image in (fresh, shipped):
        for pin in range(1, 41):
            x, y = draw_wiring.inset_centre(pin)
            colour = tuple(int(c) for c in image[y, x])
            if pin in used:
                assert colour == used[pin], f"header pin {pin} should be drawn in {used[pin]}, is {colour}"
            else:
                assert colour in ((200, 200, 200), (120, 120, 120)), f"header pin {pin} is not used by the panel"


def test_readme_states_supported_models_and_cameras():
    for name in ("Raspberry Pi 5", "Raspberry Pi 4", "Camera Module 3", "Camera Module 2", "HQ Camera", "UVC"):
        assert name in README
    assert re.search(r"!\[Panel wiring\]\(wiring\.png\)", README)
