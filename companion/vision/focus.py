"""How blurred a camera frame is, in pixels, so that a picture too blurred to read dice from is said to be so instead
of read: a camera out of focus reads dice wrong without a sign (benchmarks/blur.py: at a blur of sigma 3 px, 73
dice of 755 read with a wrong value, against 16 sharp), and motion only catches a picture that changes.

The measure: at the frame's strongest edges, how much of their slope a further Gaussian blur of ``REBLUR`` px takes
away. A step edge already blurred by sigma keeps ``sqrt(sigma^2 + REBLUR^2) / sigma`` times less slope, which
gives sigma back (the re-blur ratio of Zhuo and Sim, "Defocus map estimation from a single image", 2011). It is
taken along four directions and the most blurred one counts, so that a streak (camera shake) is seen too. It is a
property of the picture's edges, not of how many there are: a plain table and a busy mat read alike.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

REBLUR = 2.0  # px: the further blur the edges are compared with
STRONGEST = 0.01  # the share of the frame's pixels, by slope, that count as its edges
LEAST_SLOPE = 20.0  # a Sobel slope below this is no edge (grey levels over 3 x 3 pixels): a blank frame says nothing
LEAST_EDGES = 50  # fewer edge pixels in every direction: no measure


def blur_px(image: np.ndarray) -> float | None:
    """The frame's blur as the sigma (px) of a Gaussian that would give its edges' slopes; None when the frame shows
    too few edges to say (a blank or dark picture: nothing to read either)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    grey = grey.astype(np.float32)
    again = cv2.GaussianBlur(grey, (0, 0), REBLUR)
    slopes = [cv2.Sobel(g, cv2.CV_32F, dx, dy, ksize=3) for g in (grey, again) for dx, dy in ((1, 0), (0, 1))]
    gx, gy, ax, ay = slopes
    worst = None
    for here, there in ((gx, ax), (gy, ay), (cv2.add(gx, gy), cv2.add(ax, ay)),
                        (cv2.subtract(gx, gy), cv2.subtract(ax, ay))):
        here, there = np.abs(here, out=here).ravel(), np.abs(there, out=there).ravel()
        sample = np.sort(here[::29])  # the threshold from a sample (np.partition crawls on a print's equal slopes)
        least = max(float(sample[sample.size - max(1, int(sample.size * STRONGEST))]), LEAST_SLOPE)
        edges = np.flatnonzero(here >= least)
        if edges.size < LEAST_EDGES:
            continue
        ratio = float(np.median(here[edges] / np.maximum(there[edges], 1e-3)))
        sigma = REBLUR / math.sqrt(ratio * ratio - 1.0) if ratio > 1.001 else math.inf
        worst = sigma if worst is None else max(worst, sigma)
    return worst
