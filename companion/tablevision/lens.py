"""The camera's lens distortion, estimated from the mat itself, so that positions stay true to the edges of a wide
or cheap lens.

The mat is a flat target of known geometry: its anchors lie at known places and every sticker is a square of known
side. A lens that bends straight lines (barrel or pincushion) moves their corners radially; a radial model
``r_d = r (1 + k1 r^2 + k2 r^4)`` (``r``: distance from the picture's centre in half-widths) is fitted so that, once
the corners are undistorted, the anchors fit one homography and every sticker is a square of its side. Four anchors
at the mat's corners measure the lens on their own (Tesseract's and free roll's mats carry no sticker). The fit
searches k1 on a coarse grid, then Levenberg-Marquardt refines k1 and k2; photos of the mat share the lens, each
has its own plane. Marker corners and dice are undistorted before the homography (``TableReader``). Kept as
``lens.json`` in the data directory (``companion table --calibrate PHOTOS``); ``companion doctor`` reports its
residual.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import cv2
import numpy as np

from .layout import Anchor, PieceMarker, TableLayout
from .lens_file import Lens, LensError, LensUnreadable, is_forgotten, load_lens
from .markers import SeenMarker

if TYPE_CHECKING:
    from companion.findings import Finding

#: A new lens is kept only when it brings the markers' corners at least this much closer than the lens it replaces
#: (or no correction): less is noise fitted (on a straight lens the fit takes 4% off).
BETTER_BY = 0.8


def _normalised(points: np.ndarray, size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray, float]:
    centre = np.array(size, np.float64) / 2
    scale = size[0] / 2
    return (points - centre) / scale, centre, scale


def _distort(points: np.ndarray, k1: float, k2: float, size: tuple[int, int]) -> np.ndarray:
    p, centre, scale = _normalised(points, size)
    r2 = (p ** 2).sum(axis=1, keepdims=True)
    return p * (1 + k1 * r2 + k2 * r2 ** 2) * scale + centre


def _undistort(points: np.ndarray, k1: float, k2: float, size: tuple[int, int]) -> np.ndarray:
    d, centre, scale = _normalised(points, size)
    dx, dy = d[:, 0], d[:, 1]
    ux, uy = dx, dy
    for _ in range(12):  # fixed point: u = d / (1 + k1 r_u^2 + k2 r_u^4), x and y apart (no row sums: half the time)
        r2 = ux * ux + uy * uy
        f = 1 + k1 * r2 + k2 * (r2 * r2)
        ux, uy = dx / f, dy / f
    return np.stack([ux, uy], axis=1) * scale + centre


@dataclass
class MatPhoto:
    anchors_px: np.ndarray  # (n, 2) corners of the anchors seen
    anchors_mm: np.ndarray
    stickers: list[tuple[np.ndarray, float]]  # (4, 2) corners, side in mm


def mat_photo(layout: TableLayout, markers: Sequence[SeenMarker]) -> MatPhoto | None:
    """What one view shows the lens fit (and the lens watch) of the mat; None under three anchors. A mat printed
    with the former anchors 0-3 is measured by them (``TableLayout.as_printed``)."""
    layout = layout.as_printed({m.id for m in markers})
    px, mm, stickers = [], [], []
    for m in markers:
        item = layout.marker(m.id)
        if isinstance(item, Anchor):
            px += list(m.corners)
            mm += item.corners()
        elif isinstance(item, PieceMarker):
            stickers.append((np.asarray(m.corners, np.float64), item.side))
    if len(px) < 12:  # three anchors at least: the plane and the lens together need them
        return None
    return MatPhoto(np.asarray(px, np.float64), np.asarray(mm, np.float64), stickers)


_SQUARE = np.array([(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)])


def _residuals(photo: MatPhoto, k1: float, k2: float, size: tuple[int, int]) -> np.ndarray:
    """Pixels between the undistorted corners and where the plane (and, for stickers, a square of their side)
    puts them."""
    # all corners undistorted at once: this runs on every settled frame (LensWatch) and in every fit step
    n = len(photo.anchors_px)
    corners = [c for c, _ in photo.stickers]
    undistorted = _undistort(np.concatenate([photo.anchors_px, *corners]), k1, k2, size)
    anchors, seen = undistorted[:n], undistorted[n:]
    h, _ = cv2.findHomography(photo.anchors_mm, anchors, 0)
    if h is None:
        return np.full(len(undistorted), 1e3)
    out = [np.linalg.norm(cv2.perspectiveTransform(photo.anchors_mm.reshape(-1, 1, 2), h).reshape(-1, 2) - anchors,
                          axis=1)]
    if photo.stickers:
        sides = np.array([side for _, side in photo.stickers])[:, None, None]
        mm = cv2.perspectiveTransform(seen.reshape(-1, 1, 2), np.linalg.inv(h)).reshape(-1, 4, 2)
        # the square of each side that fits its corners best (centre and turn free): Procrustes without scale
        middle = mm.mean(axis=1, keepdims=True)
        squares = _SQUARE[None] * sides
        u, _, vt = np.linalg.svd(np.transpose(squares, (0, 2, 1)) @ (mm - middle))
        fitted = squares @ (u @ vt) + middle
        back = cv2.perspectiveTransform(fitted.reshape(-1, 1, 2), h).reshape(-1, 2)
        out.append(np.linalg.norm(back - seen, axis=1))
    return np.concatenate(out)


def corner_error_px(photos: Sequence[MatPhoto], k1: float, k2: float, size: tuple[int, int]) -> float:
    """Root mean square, in pixels, of the corners' distances from where the lens ``k1, k2`` puts them."""
    return float(np.sqrt(np.mean(np.concatenate([_residuals(p, k1, k2, size) for p in photos]) ** 2)))


#: Where the fit starts: k1 alone (k2 0), every 0.05 from -0.4 to 0.2; Levenberg-Marquardt then moves both. A 25 x 7
#: grid over k1 and k2 gave the same residuals (within 0.001 px on benchmarks/lens_watch.py's lenses) for 2-6 x the
#: work, and the lens watch's fit holds the interpreter lock against the frame loop while it runs.
START_K1 = np.linspace(-0.4, 0.2, 13)


def _refine(photos: Sequence[MatPhoto], k1: float, k2: float, size: tuple[int, int]) -> tuple[float, float]:
    """Levenberg-Marquardt on the corners' residuals from (k1, k2): k1 and k2 trade against each other along a narrow
    valley, where a search along one axis at a time stops short of the bottom. It stops when a step takes less than
    1e-4 off the squared residuals (a hundred-thousandth of a pixel at 0.4 px)."""
    step_k = 1e-5  # the finite differences' step: at 1e-6 OpenCV's own homography refinement shows through

    def residuals(k: np.ndarray) -> np.ndarray:
        return np.concatenate([_residuals(p, float(k[0]), float(k[1]), size) for p in photos])

    k = np.array([k1, k2], np.float64)
    r = residuals(k)
    damping = 1e-3
    for _ in range(60):
        jacobian = np.column_stack([(residuals(k + d) - r) / step_k for d in np.eye(2) * step_k])
        normal, gradient = jacobian.T @ jacobian, jacobian.T @ r
        step = np.linalg.solve(normal + damping * np.diag(np.diag(normal) + 1e-12), -gradient)
        trial = residuals(k + step)
        if trial @ trial < r @ r:
            gain = 1 - (trial @ trial) / (r @ r)
            k, r, damping = k + step, trial, damping / 3
            if gain < 1e-4:
                break
        else:
            damping *= 4
            if damping > 1e6:
                break
    return float(k[0]), float(k[1])


def fit_lens(layout: TableLayout, views: Sequence[Sequence[SeenMarker]], size: tuple[int, int]) -> Lens:
    """k1, k2 from the markers seen on one or more photos of ``layout``'s mat (pictures of ``size``)."""
    photos = [p for p in (mat_photo(layout, markers) for markers in views) if p is not None]
    if not photos:
        raise LensError("no photo shows three of the mat's anchors: the lens cannot be measured")
    if sum(len(p.stickers) for p in photos) < 4 and not any(len(p.anchors_px) >= 16 for p in photos):
        raise LensError("fewer than four stickers seen and no photo shows four anchors: lay tiles or cards with their "
                        "stickers across the mat, out to its edges, keep every anchor in sight, and take the photos "
                        "again")
    before = corner_error_px(photos, 0.0, 0.0, size)
    best = min((corner_error_px(photos, float(k1), 0.0, size), float(k1)) for k1 in START_K1)
    k1, k2 = _refine(photos, best[1], 0.0, size)
    cost = corner_error_px(photos, k1, k2, size)
    if before <= cost:
        k1 = k2 = 0.0
        cost = before
    return Lens(round(float(k1), 6), round(float(k2), 6), (int(size[0]), int(size[1])), round(cost, 3),
                round(before, 3), len(photos))


def distort_image(image: np.ndarray, k1: float, k2: float) -> np.ndarray:
    """``image`` as a lens with this distortion would show it (for rendered tables): each output pixel takes the
    pixel its undistorted place falls on."""
    h, w = image.shape[:2]
    map_x, map_y = _distortion_maps(float(k1), float(k2), w, h)
    return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


@functools.lru_cache(maxsize=2)
def _distortion_maps(k1: float, k2: float, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Where each output pixel of distort_image takes its pixel from (read-only): kept for the last two lenses and
    sizes, since renders come in runs through one lens and the fixed point costs ~0.7 s a 1280x960 frame."""
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    source = _undistort(np.stack([xs.ravel(), ys.ravel()], axis=1), k1, k2, (w, h)).astype(np.float32)
    maps = source[:, 0].reshape(h, w), source[:, 1].reshape(h, w)
    for m in maps:
        m.flags.writeable = False
    return maps


def opencv_k(k1_opencv: float, k2_opencv: float, hfov_deg: float) -> tuple[float, float]:
    """OpenCV's k1, k2 (normalised by the focal length) in this module's half-width normalisation."""
    s = math.tan(math.radians(hfov_deg) / 2)  # half-width over focal length
    return k1_opencv * s ** 2, k2_opencv * s ** 4


def check_lens(config) -> Finding:
    """``companion doctor``: the lens kept in the data directory and its residual, or that none is; and what the
    service's lens watch last said of it (lens_watch.py)."""
    from companion.findings import FAIL, OK, WARN, Finding

    from .lens_watch import load_note

    fix = "lay stickers across the mat and run `companion table --game GAME --calibrate PHOTOS`"
    try:
        lens = load_lens(config.data_dir)
    except LensUnreadable as exc:  # a failing card, not a damaged calibration: measuring again would not mend it
        return Finding("lens", FAIL, str(exc), "the card fails to read it: copy the data directory off the card and "
                       "replace the card; the lens need not be calibrated again")
    except LensError as exc:
        return Finding("lens", FAIL, str(exc), fix)
    if lens is None and is_forgotten(config.data_dir):
        return Finding("lens", OK, "forgotten on the phone: positions assume a lens without distortion, and the "
                       "service does not measure it by itself until it is calibrated again")
    if lens is None:
        return Finding("lens", OK, "not measured: positions assume a lens without distortion; the service measures it "
                       "from the mat when the markers lie over a pixel off without correction")
    detail = (f"k1 {lens.k1:+.4f}, k2 {lens.k2:+.4f} from {lens.photos} photo(s) at {lens.size[0]}x{lens.size[1]}; "
              f"residual {lens.residual_px:.2f} px ({lens.residual_before_px:.2f} px without correction)")
    note = load_note(config.data_dir)
    if note is not None and note.state == "unfit":
        return Finding("lens", WARN, f"{note.text().en} Kept: {detail}",
                       "calibrate the lens on the phone's camera screen, or " + fix)
    if note is not None:  # measured again by the service
        detail = f"{note.text().en} {detail}"
    if lens.residual_px > 1.0:
        return Finding("lens", WARN, detail + ": more than a pixel, positions near cell edges may be off", fix)
    return Finding("lens", OK, detail)
