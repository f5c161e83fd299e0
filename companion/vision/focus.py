"""How blurred a camera frame is, in pixels, so that a picture too blurred to read dice from is said to be so instead
of read: a camera out of focus reads dice wrong without a sign (benchmarks/blur.py: at a blur of sigma 3 px, 73
dice of 755 read with a wrong value, against 16 sharp), and motion only catches a picture that changes.

The measure: at the frame's strongest edges, how much of their slope a further Gaussian blur of ``REBLUR`` px takes
away. A step edge already blurred by sigma keeps ``sqrt(sigma^2 + REBLUR^2) / sigma`` times less slope, which
gives sigma back (the re-blur ratio of Zhuo and Sim, "Defocus map estimation from a single image", 2011). It is
taken along four directions and the most blurred one counts, so that a streak (camera shake) is seen too. It is a
property of the picture's edges, not of how many there are: a plain table and a busy mat read alike. Only the
TILES tiles where the steepest edges lie are measured, at full size: the whole frame cost more than the dice reader.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

REBLUR = 2.0  # px: the further blur the edges are compared with
STRONGEST = 0.0025  # the frame's pixels, as a share of all, that count as its edges: the steepest in each direction
LEAST_SLOPE = 20.0  # a Sobel slope below this is no edge (grey levels over 3 x 3 pixels): a blank frame says nothing
LEAST_EDGES = 50  # fewer edge pixels in every direction: no measure
TILE = 64  # px: the frame is measured in the TILES tiles of this side where its steepest edges lie, not whole
TILES = 36  # (a sixth of a 1280 x 720 frame: the measure took longer than reading the dice on the whole frame)
MARGIN = 8  # px of the frame kept around each tile, beyond the re-blur's reach, so the tiles' seams never count


def blur_px(image: np.ndarray) -> float | None:
    """The frame's blur as the sigma (px) of a Gaussian that would give its edges' slopes; None when the frame shows
    too few edges to say (a blank or dark picture: nothing to read either)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    wanted = max(1, int(grey.size * STRONGEST))
    tiles, inner = _edgiest_tiles(grey)
    tiles = tiles.astype(np.float32)
    again = cv2.GaussianBlur(tiles, (0, 0), REBLUR)
    gx, gy, ax, ay = [cv2.Sobel(g, cv2.CV_32F, dx, dy, ksize=3) for g in (tiles, again) for dx, dy in ((1, 0), (0, 1))]
    worst = None
    for here, there in ((gx, ax), (gy, ay), (cv2.add(gx, gy), cv2.add(ax, ay)),
                        (cv2.subtract(gx, gy), cv2.subtract(ax, ay))):
        here, there = np.abs(here.ravel()[inner]), np.abs(there.ravel()[inner])
        step = max(1, here.size // 20000)  # the threshold from a sample (np.partition crawls on a print's equal slopes)
        sample = np.sort(here[::step])
        share = min(1.0, wanted / here.size)
        least = max(float(sample[min(sample.size - 1, int(sample.size * (1.0 - share)))]), LEAST_SLOPE)
        edges = np.flatnonzero(here >= least)
        if edges.size < LEAST_EDGES:
            continue
        ratio = float(np.median(here[edges] / np.maximum(there[edges], 1e-3)))
        sigma = REBLUR / math.sqrt(ratio * ratio - 1.0) if ratio > 1.001 else math.inf
        worst = sigma if worst is None else max(worst, sigma)
    return worst


def _edgiest_tiles(grey: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The TILES tiles of ``grey`` whose edges are steepest (judged on a copy 8 times smaller), each with MARGIN px
    of the frame around it, side by side in one picture; and the flat indices of the tiles' own pixels in it. A frame
    of no more than TILES tiles: the whole frame, every pixel."""
    h, w = grey.shape
    rows, cols = h // TILE, w // TILE
    if rows * cols <= TILES:
        return grey, np.arange(grey.size)
    small = cv2.resize(grey[:rows * TILE, :cols * TILE], (cols * 8, rows * 8), interpolation=cv2.INTER_AREA)
    small = small.astype(np.float32)
    slope = np.abs(cv2.Sobel(small, cv2.CV_32F, 1, 0)) + np.abs(cv2.Sobel(small, cv2.CV_32F, 0, 1))
    best = np.argsort(slope.reshape(rows, 8, cols, 8).max(axis=(1, 3)).ravel(), kind="stable")[::-1][:TILES]
    padded = cv2.copyMakeBorder(grey, MARGIN, MARGIN, MARGIN, MARGIN, cv2.BORDER_REFLECT)
    side, across = TILE + 2 * MARGIN, math.ceil(math.sqrt(TILES))
    mosaic = np.zeros((across * side, across * side), grey.dtype)
    own = np.zeros(mosaic.shape, bool)
    for k, tile in enumerate(best):
        r, c = divmod(int(tile), cols)
        y, x = divmod(k, across)
        mosaic[y * side:(y + 1) * side, x * side:(x + 1) * side] = padded[r * TILE:r * TILE + side,
                                                                          c * TILE:c * TILE + side]
        own[y * side + MARGIN:y * side + MARGIN + TILE, x * side + MARGIN:x * side + MARGIN + TILE] = True
    return mosaic, np.flatnonzero(own)
