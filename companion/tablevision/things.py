"""Things on the table that are not dice, drawn from above on a rendered mat: cups, phones (lit or switched off),
tablets, hands and pens.

Apart from the renderer because they are what the vetoes (veto.py, screen_veto.py) and the counter finder must
tell from dice and counters: their tests and benchmarks lay them on the mat (``render_table(things=...)``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .tablet import draw_tablet

PHONE_SCREEN_BGR = (70, 55, 45)  # a lit phone screen's dark navy, behind its app icons (a tablet's too)
PHONE_OFF_BGR = (16, 15, 17)  # a switched-off phone's black glass


@dataclass(frozen=True)
class Thing:
    """Something on the table that is not a die: "cup" (seen from above, ``size_mm`` across, coffee in it, a
    handle), "phone" (``size_mm`` long, lit, app icons on it), "phone off" (switched off: black glass), "tablet"
    (``size_mm`` long, lit, a grid of app icons as wide as a die: ``draw_tablet``), "hand" (a
    palm and fingers ``size_mm`` long), "pen" (a coloured bar ``size_mm`` long, a sixth as wide); ``angle``: its
    turn."""

    kind: str
    mm: tuple[float, float]
    size_mm: float
    angle: float = 0.0


def draw_things(img: np.ndarray, things, px_per_mm: float, rng: np.random.Generator) -> None:
    """Cups, phones, hands and pens lying on the mat, drawn from above on ``img`` (mat pixels) in place."""
    s = px_per_mm
    for t in things:
        c = np.array(t.mm) * s
        r = t.size_mm * s / 2
        a = math.radians(t.angle)
        along = np.array([math.cos(a), math.sin(a)])
        across = np.array([-along[1], along[0]])
        pt = lambda v: tuple(int(round(x)) for x in v)  # noqa: E731
        if t.kind == "cup":
            body = tuple(int(v) for v in rng.choice([(235, 235, 240), (40, 40, 160), (150, 90, 40), (30, 30, 30)]))
            handle = c + along * r * 1.25
            cv2.ellipse(img, pt(handle), (int(r * 0.35), int(r * 0.22)), t.angle, 0, 360, body, int(r * 0.12),
                        cv2.LINE_AA)
            cv2.circle(img, pt(c), int(r), body, -1, cv2.LINE_AA)
            cv2.circle(img, pt(c), int(r * 0.86), (200, 200, 205) if body[0] < 100 else (205, 205, 210), -1,
                        cv2.LINE_AA)
            cv2.circle(img, pt(c), int(r * 0.78), (30, 50, 80), -1, cv2.LINE_AA)  # coffee
            cv2.ellipse(img, pt(c - across * r * 0.3), (int(r * 0.25), int(r * 0.08)), t.angle, 0, 360,
                        (150, 170, 190), -1, cv2.LINE_AA)  # the light on it
        elif t.kind == "phone":
            corners = [c + along * u * r + across * v * r * 0.48 for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            cv2.fillPoly(img, [np.round(corners).astype(np.int32)], (25, 25, 28), cv2.LINE_AA)
            screen = [c + along * u * r * 0.9 + across * v * r * 0.42 for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            cv2.fillPoly(img, [np.round(screen).astype(np.int32)], PHONE_SCREEN_BGR, cv2.LINE_AA)
            for k in range(int(rng.integers(4, 12))):  # app icons: small bright rounded squares
                u, v = rng.uniform(-0.75, 0.75), rng.uniform(-0.3, 0.3)
                colour = tuple(int(x) for x in rng.integers(60, 255, 3))
                at = c + along * u * r + across * v * r
                cv2.rectangle(img, pt(at - r * 0.06), pt(at + r * 0.06), colour, -1, cv2.LINE_AA)
        elif t.kind == "phone off":  # switched off: black glass, a faint reflection of the room across it, no icons
            corners = [c + along * u * r + across * v * r * 0.48 for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            cv2.fillPoly(img, [np.round(corners).astype(np.int32)], (25, 25, 28), cv2.LINE_AA)
            screen = np.round([c + along * u * r * 0.9 + across * v * r * 0.42
                               for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))]).astype(np.int32)
            cv2.fillPoly(img, [screen], PHONE_OFF_BGR, cv2.LINE_AA)
            x, y = np.maximum(screen.min(axis=0), 0)
            w, h = np.minimum(screen.max(axis=0) + 1, img.shape[1::-1]) - (x, y)
            glass = np.zeros((h, w), np.float32)
            cv2.fillPoly(glass, [screen - (x, y)], 1.0, cv2.LINE_AA)
            band = np.zeros((h, w), np.float32)  # a window's light: a soft band across the glass
            turn = rng.uniform(0, math.pi)
            middle = c - (x, y) + along * r * rng.uniform(-0.5, 0.5)
            way = np.array([math.cos(turn), math.sin(turn)]) * 2 * r
            cv2.line(band, pt(middle - way), pt(middle + way), float(rng.uniform(8, 25)), max(1, int(r * 0.25)))
            band = cv2.GaussianBlur(band, (0, 0), r * 0.08) * glass
            roi = img[y:y + h, x:x + w]
            roi[:] = np.clip(roi.astype(np.float32) + band[..., None], 0, 255).astype(img.dtype)
        elif t.kind == "tablet":
            draw_tablet(img, c, r, along, across, rng, PHONE_SCREEN_BGR)
        elif t.kind == "hand":
            skin = tuple(float(v) for v in (120 + rng.uniform(-30, 30), 150 + rng.uniform(-30, 30),
                                            200 + rng.uniform(-30, 40)))
            palm = c - along * r * 0.25
            cv2.ellipse(img, pt(palm), (int(r * 0.45), int(r * 0.4)), t.angle, 0, 360, skin, -1, cv2.LINE_AA)
            for k, (spread, length) in enumerate(((-0.3, 0.75), (-0.1, 0.9), (0.1, 0.85), (0.3, 0.7))):
                tip = palm + along * r * length + across * r * spread
                cv2.line(img, pt(palm + across * r * spread * 0.8), pt(tip), skin, int(r * 0.17), cv2.LINE_AA)
            cv2.line(img, pt(palm - across * r * 0.3), pt(palm - across * r * 0.75 + along * r * 0.25), skin,
                     int(r * 0.2), cv2.LINE_AA)  # thumb
            cv2.line(img, pt(palm), pt(palm - along * r * 2.5), skin, int(r * 0.8), cv2.LINE_AA)  # the arm
        elif t.kind == "pen":  # a coloured pen or pen cap: counter-coloured, not counter-shaped
            colour = tuple(int(v) for v in rng.choice([(40, 40, 210), (200, 90, 30), (30, 140, 240)]))
            cv2.line(img, pt(c - along * r), pt(c + along * r), colour, max(1, int(r / 3)), cv2.LINE_AA)
        else:
            raise ValueError(f"unknown thing {t.kind!r}")
