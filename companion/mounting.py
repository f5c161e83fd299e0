"""Where to put the camera: mount height and field of view for a play area and a die size.

The dice reader sees each frame shrunk, at its own aspect ratio, to the detector's pixel budget
(the shipped model: 416 x 416 = 173 056 pixels; companion/vision/fit.py), so what limits the area
one camera can watch is how many pixels a die keeps *there*, not the sensor's resolution. A 4:3
picture's long side becomes 469 pixels, a 16:9 one's 540. The model was trained on dice from 11 to
46 pixels wide at its input, so a die under 12 pixels there is planned as too small, 12-16 as
borderline (check with ``companion dice`` on a photo of your table) and 16 or more as good.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.vision.fit import fitted_shape

MODEL_PIXELS = 416 * 416  # the shipped detector's pixel budget (models/dice.onnx metadata: pixels)
MODEL_MULTIPLE = 16       # its input's sides are multiples of this (metadata: multiple)
MIN_DIE_PX = 12.0      # smallest die width to plan for at the model input (trained on 11-46 px)
GOOD_DIE_PX = 16.0     # comfortably inside what the model learned


def model_long_side(width_px: int, height_px: int, model_pixels: int = MODEL_PIXELS) -> float:
    """How many of the detector's input pixels the picture's long side becomes."""
    scale = fitted_shape(height_px, width_px, model_pixels, MODEL_MULTIPLE)[0]
    return max(width_px, height_px) * scale


@dataclass(frozen=True)
class CameraModule:
    """A camera's full field of view at its sensor's native aspect ratio."""

    key: str
    name: str
    hfov_deg: float
    vfov_deg: float

    def fov_for(self, width_px: int, height_px: int) -> tuple[float, float]:
        """(horizontal, vertical) degrees seen at an output size: a different aspect ratio crops one side."""
        half_h, half_v = math.radians(self.hfov_deg) / 2, math.radians(self.vfov_deg) / 2
        native = math.tan(half_h) / math.tan(half_v)
        wanted = width_px / height_px
        if wanted >= native:   # wider output: full width, cropped height
            half_v = math.atan(math.tan(half_h) / wanted)
        else:                  # taller output: full height, cropped width
            half_h = math.atan(math.tan(half_v) * wanted)
        return math.degrees(2 * half_h), math.degrees(2 * half_v)


def _lens(key: str, name: str, focal_mm: float, sensor_w_mm: float, sensor_h_mm: float) -> CameraModule:
    return CameraModule(key, name, math.degrees(2 * math.atan(sensor_w_mm / (2 * focal_mm))),
                        math.degrees(2 * math.atan(sensor_h_mm / (2 * focal_mm))))


# Raspberry Pi's published fields of view; HQ from its IMX477 active area (6.287 x 4.712 mm) and the lens.
CAMERAS: dict[str, CameraModule] = {c.key: c for c in (
    CameraModule("v2", "Camera Module 2 (IMX219)", 62.2, 48.8),
    CameraModule("v3", "Camera Module 3 (IMX708)", 66.0, 41.0),
    CameraModule("v3-wide", "Camera Module 3 Wide (IMX708)", 102.0, 67.0),
    _lens("hq-6mm", "HQ Camera (IMX477) + 6 mm lens", 6.0, 6.287, 4.712),
    _lens("hq-16mm", "HQ Camera (IMX477) + 16 mm lens", 16.0, 6.287, 4.712),
    CameraModule("usb-c920", "USB webcam, e.g. Logitech C920 (measure yours)", 70.4, 43.3),
)}


@dataclass(frozen=True)
class MountPlan:
    camera: CameraModule
    area_mm: tuple[float, float]     # the play area to watch (long side along the picture's width)
    die_mm: float
    height_mm: float                 # lens above the table surface
    footprint_mm: tuple[float, float]
    die_px_capture: float            # die width in the camera's picture
    die_px_model: float              # die width as the dice reader sees it
    max_area_width_mm: float         # widest picture (long side, mm on the table) keeping GOOD_DIE_PX

    @property
    def verdict(self) -> str:
        if self.die_px_model >= GOOD_DIE_PX:
            return "good"
        return "borderline" if self.die_px_model >= MIN_DIE_PX else "too small"


def plan_mount(area_w_mm: float, area_d_mm: float, die_mm: float, camera: CameraModule | str = "v3",
               width_px: int = 1280, height_px: int = 720, margin_mm: float = 30.0,
               model_pixels: int = MODEL_PIXELS) -> MountPlan:
    """How high to mount ``camera`` straight above an area, and how big a die will look.

    ``margin_mm`` is added on every side so dice at the edge are whole in the picture.
    """
    if min(area_w_mm, area_d_mm, die_mm, width_px, height_px) <= 0:
        raise ValueError("area, die size and picture size must be positive")
    if isinstance(camera, str):
        camera = CAMERAS[camera]
    long_side, short_side = max(area_w_mm, area_d_mm), min(area_w_mm, area_d_mm)
    hfov, vfov = camera.fov_for(width_px, height_px)
    need_w, need_d = long_side + 2 * margin_mm, short_side + 2 * margin_mm
    if width_px < height_px:
        need_w, need_d = need_d, need_w
    height = max(need_w / (2 * math.tan(math.radians(hfov) / 2)), need_d / (2 * math.tan(math.radians(vfov) / 2)))
    footprint = (2 * height * math.tan(math.radians(hfov) / 2), 2 * height * math.tan(math.radians(vfov) / 2))
    die_capture = die_mm * width_px / footprint[0]
    model_long = model_long_side(width_px, height_px, model_pixels)
    die_model = die_mm * model_long / max(footprint)  # the picture's long side becomes model_long pixels
    return MountPlan(camera, (long_side, short_side), die_mm, height, footprint, die_capture, die_model,
                     max_area_width_mm=die_mm * model_long / GOOD_DIE_PX)
