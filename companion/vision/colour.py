"""Die colour from the body pixels of its box: Otsu splits pips from body, HSV names the body.

A body too dark for its hue to count is black, unless the table around is near grey (then the light is near
white, and a faint CIELAB tint or a little vivid marbling names a dark blue, purple, green or red die).

Why classical: colour is a property of pixels, not of a face pattern; a fixed HSV rule is
explainable, needs no training data of each colour, and says None when it is unsure.
"""

from __future__ import annotations

import cv2
import numpy as np

# OpenCV hue runs 0..179. Upper bounds of each chromatic band, in order.
HUE_BANDS = (
    (7, "red"),
    (20, "orange"),
    (36, "yellow"),
    (88, "green"),
    (130, "blue"),
    (165, "purple"),
    (180, "red"),
)
MIN_SATURATION = 70      # below: white, black or grey
WHITE_MIN_VALUE = 120    # an unsaturated body at least this bright is white
BLACK_MAX_VALUE = 60     # a body at most this bright is black whatever its hue
GREY_BLACK_MAX_VALUE = 95  # an unsaturated body at most this bright is black
BALANCED_SPLIT = 0.6      # Otsu sides within 40/60: let saturation say which one is the body
SATURATION_GAP = 40      # ... when their median saturations differ by at least this
HUE_BIN = 6              # hue histogram bin width (OpenCV hue units)
DARK_MAX_VALUE = 80      # a saturated body this dark is black unless its hue is one of these (minimum saturation):
DARK_KEEPS_HUE = {"blue": MIN_SATURATION, "purple": MIN_SATURATION, "green": 120}
# ... and, when darker than BLACK_MAX_VALUE, this CIELAB chroma (noise and casts on black stay under)
DARK_MIN_CHROMA = 10.0
# On a near-grey table (its CIELAB chroma at most NEUTRAL_TABLE_CHROMA) the light is near white, so a faint tint
# on a body called black is the die's own: blue or purple with b* at most -FAINT_COOL_B and chroma at least
# FAINT_MIN_CHROMA, green with a* at most -FAINT_GREEN_A, red (crimson) with a* at least FAINT_RED_A and
# FAINT_RED_RATIO times b*. Black dice on byler's grey tray are never cool, and where their warm tint (red pips,
# glints) is strong (a* of 7 or more) it is orange: a* at most twice b*.
NEUTRAL_TABLE_CHROMA = 6.0
FAINT_COOL_B = 3.0
FAINT_MIN_CHROMA = 5.0
FAINT_GREEN_A = 10.0
FAINT_RED_A = 12.0
FAINT_RED_RATIO = 2.5
MARBLE_SHARE = 0.01      # a black-looking body with this share of clearly blue, purple or green pixels is marbled:
MARBLE_MIN_S, MARBLE_MIN_V = 100, 60  # ... named by that colour (clearly: at least this saturated and bright)
MARBLE_BANDS = ("green", "blue", "purple")
TABLE_MIN_PIXELS = 200   # fewer table pixels than this (sampled) between the dice: the table's colour is unknown
TABLE_SAMPLES_ACROSS = 80  # the table is sampled on a grid this many points across the frame's shorter side
ONE_MIN_CROP = 0.04      # a 1's colour is read from at least this fraction of the frame's shorter side (the
                         # smallest die hardware/README.md allows is 0.039): a box drawn round its pip alone
                         # (as penlington's labels are) would otherwise show only the pip


def colour_from_hsv(h: float, s: float, v: float, chroma: float | None = None) -> str | None:
    """Name of a die body's median HSV (OpenCV ranges), None for greys and muddy in-betweens.

    Dark bodies are black unless their hue is clearly blue or purple (or a strongly saturated green)
    and, when given, their CIELAB chroma is above camera noise: a black die's median takes a tint from
    red pips, brown glints or the white balance, while dark blue and purple dice keep their hue
    (measured on labelled byler photos, models/README.md).
    """
    band = _band(h)
    keeps_hue = band in DARK_KEEPS_HUE and s >= DARK_KEEPS_HUE[band]
    if v <= BLACK_MAX_VALUE and s < 160:  # so dark that camera noise and casts make up much of the hue
        return band if keeps_hue and (chroma is None or chroma >= DARK_MIN_CHROMA) else "black"
    if s < MIN_SATURATION:
        if v <= GREY_BLACK_MAX_VALUE:
            return "black"
        if v >= WHITE_MIN_VALUE and s < 50:
            return "white"
        return None
    if v <= DARK_MAX_VALUE and not keeps_hue:
        return "black"  # a dark red/orange/yellow-brown body: smoky or black dice, not a red one
    return band


def _band(h: float) -> str:
    for upper, name in HUE_BANDS:
        if h < upper:
            return name
    return "red"


def body_mask(crop_bgr: np.ndarray, crop_hsv: np.ndarray) -> np.ndarray:
    """Which of the crop's pixels are the die's body: one side of an Otsu split of the grey crop.

    Usually the larger side; but big pips can cover nearly half of a six or a five, so when the two
    sides are close in size and one is clearly more saturated, that one is the body (pips are white or
    black far more often than the body is).
    """
    grey = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2GRAY)
    _, mask = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = mask > 0
    body = bright if bright.mean() >= 0.5 else ~bright
    if 1 - BALANCED_SPLIT <= bright.mean() <= BALANCED_SPLIT:
        saturation = crop_hsv[..., 1]
        bright_s, dark_s = byte_median(saturation[bright]), byte_median(saturation[~bright])
        if abs(bright_s - dark_s) >= SATURATION_GAP:
            body = bright if bright_s > dark_s else ~bright
    return body


def faint_tint_colour(h: float, a: float, b: float) -> str | None:
    """Blue, purple, green or red for a dark body with a faint CIELAB tint (a*, b* centred on 0), else None.

    Only for a body the HSV rule called black on a near-grey table (``neutral_table``): under coloured light or
    on a coloured table a black die takes a tint of any hue, so there black stays black.
    """
    band = _band(h)
    if band in ("blue", "purple") and b <= -FAINT_COOL_B and np.hypot(a, b) >= FAINT_MIN_CHROMA:
        return band
    if band == "green" and a <= -FAINT_GREEN_A:
        return band
    if band == "red" and a >= FAINT_RED_A and a >= FAINT_RED_RATIO * b:
        return band
    return None


def marbling_colour(body_hsv: np.ndarray) -> str | None:
    """Blue, purple or green when at least MARBLE_SHARE of a body's pixels (N x 3 HSV) clearly have that hue.

    A blue-and-black marbled die shows mostly its black on the top face; its blue swirls are few but vivid,
    and no black die on byler's tray has any. Red, orange and yellow are left out: red or gold pips and their
    glow on black dice would count.
    """
    clear = (body_hsv[:, 1] >= MARBLE_MIN_S) & (body_hsv[:, 2] >= MARBLE_MIN_V)
    bands = np.array([name for _, name in HUE_BANDS])[
        np.searchsorted([upper for upper, _ in HUE_BANDS], body_hsv[:, 0] % 180, side="right")]  # as _band does
    shares = {band: float(np.mean(clear & (bands == band))) for band in MARBLE_BANDS}
    band = max(shares, key=shares.get)
    return band if shares[band] >= MARBLE_SHARE else None


def table_is_neutral(image_bgr: np.ndarray, boxes, step: int | None = None) -> bool:
    """Whether the table between the dice is near grey: the median CIELAB a*, b* of the pixels outside every box
    (grown by a quarter of its size each side, sampled every ``step`` pixels) within NEUTRAL_TABLE_CHROMA of 0.

    Why: a die's faint tint can be trusted only when the light is near white, and a grey table shows that.
    ``step`` defaults to 1/80 of the shorter side, so a 12 MP frame costs what a 640 px one does.
    """
    h_img, w_img = image_bgr.shape[:2]
    step = step or max(1, round(min(h_img, w_img) / TABLE_SAMPLES_ACROSS))
    sampled = cv2.resize(image_bgr, (-(-w_img // step), -(-h_img // step)), interpolation=cv2.INTER_NEAREST)
    lab = cv2.cvtColor(sampled, cv2.COLOR_BGR2LAB)
    table = np.ones(lab.shape[:2], bool)
    for x1, y1, x2, y2 in boxes:
        gw, gh = (x2 - x1) / 4, (y2 - y1) / 4  # grown, then in sampled pixels
        ya, yb = max(0, int((y1 - gh) / step)), max(0, int(np.ceil((y2 + gh) / step)))
        table[ya:yb, max(0, int((x1 - gw) / step)):max(0, int(np.ceil((x2 + gw) / step)))] = False
    if table.sum() < TABLE_MIN_PIXELS:
        return False
    a, b = np.median(lab[..., 1][table]) - 128.0, np.median(lab[..., 2][table]) - 128.0
    return bool(np.hypot(a, b) <= NEUTRAL_TABLE_CHROMA)


def die_colour(image_bgr: np.ndarray, box, shrink: float = 0.7, neutral_table: bool = False,
               value: int | None = None) -> str | None:
    """Colour name of the die in ``box`` (x1, y1, x2, y2), looking at its central part only.

    ``neutral_table``: the table around is near grey (``table_is_neutral``), so a faint tint or a little vivid
    marbling on a body the HSV rule calls black names its colour instead.
    ``value``: the face read; a 1's central part is at least ONE_MIN_CROP of the frame, as its box may be
    its pip's.
    """
    x1, y1, x2, y2 = (float(v) for v in box)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    h_img, w_img = image_bgr.shape[:2]
    least = ONE_MIN_CROP * min(h_img, w_img) if value == 1 else 0.0
    hw, hh = max((x2 - x1) * shrink, least) / 2, max((y2 - y1) * shrink, least) / 2
    xa, xb = int(max(0, round(cx - hw))), int(min(w_img, round(cx + hw)))
    ya, yb = int(max(0, round(cy - hh))), int(min(h_img, round(cy + hh)))
    if xb - xa < 3 or yb - ya < 3:
        return None
    crop = image_bgr[ya:yb, xa:xb]
    crop_hsv = cv2.cvtColor(crop, cv2.COLOR_BGR2HSV)  # once: the body split and the naming both use it
    body = body_mask(crop, crop_hsv)
    if body.sum() < 4:
        return None
    body_hsv = crop_hsv[body]
    s, v = byte_median(body_hsv[:, 1]), byte_median(body_hsv[:, 2])
    lab = cv2.cvtColor(crop[body].reshape(-1, 1, 3), cv2.COLOR_BGR2LAB).reshape(-1, 3)
    a, b = byte_median(lab[:, 1]) - 128, byte_median(lab[:, 2]) - 128
    hsv = body_hsv.astype(np.float64)
    hue = dominant_hue(hsv[:, 0], hsv[:, 1])
    name = colour_from_hsv(hue, s, v, float(np.hypot(a, b)))
    if name == "black" and neutral_table:
        return faint_tint_colour(hue, a, b) or marbling_colour(hsv) or name
    return name


def dominant_hue(hue: np.ndarray, saturation: np.ndarray) -> float:
    """The body's main hue (OpenCV 0..179): the peak of the coloured pixels' hue histogram, refined.

    A peak rather than a mean, so coloured pips or a second marbling colour that Otsu left in the body
    do not drag the hue between the two (red pips on a blue die averaged to purple).
    """
    weight = (saturation >= MIN_SATURATION / 2) + 1e-6  # coloured pixels count alike: bright pips must not win
    count = 180 // HUE_BIN
    bins = np.bincount((hue // HUE_BIN).astype(int) % count, weights=weight, minlength=count)
    around = np.arange(count)
    smooth = bins * 2 + bins[around - 1] + bins[(around + 1) % count]  # hue is circular: red wraps at 180
    peak = (np.argmax(smooth) + 0.5) * HUE_BIN
    offset = (hue - peak + 90) % 180 - 90  # each pixel's hue relative to the peak, -90..90
    near = np.abs(offset) <= 2 * HUE_BIN
    weight = weight[near]
    return float((peak + (offset[near] * weight).sum() / weight.sum()) % 180)


def byte_median(values: np.ndarray) -> float:
    """np.median of 8-bit values, from their histogram: the same number, without sorting a float copy
    (a frame's dice take five medians each)."""
    below = np.bincount(values.ravel(), minlength=256).cumsum()
    n = int(below[-1])
    if n == 0:
        return float("nan")
    low, high = np.searchsorted(below, [(n - 1) // 2, n // 2], side="right")
    return (float(low) + float(high)) / 2
