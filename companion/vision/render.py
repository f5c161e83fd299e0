"""Synthetic game tables: rendered d6 dice of every colour on varied tables, with their labels.

Why: twelve dozen real photos cannot show every table, light and die colour a player owns;
rendering lets training (and the simulated camera) see thousands of them. Pure numpy + OpenCV.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

# Body colours (BGR) of the eight die colours the product names, and which pips they usually wear.
DIE_BODY_BGR = {
    "white": (235, 235, 235),
    "black": (30, 30, 30),
    "red": (40, 30, 200),
    "green": (70, 160, 40),
    "blue": (190, 90, 30),
    "yellow": (40, 210, 235),
    "purple": (140, 40, 120),
    "orange": (20, 120, 245),
}
_LIGHT_BODIES = ("white", "yellow", "orange")

# Pip positions on a unit face, per value (all centrally symmetric, so the face centre is the pips' centre).
PIP_LAYOUT = {
    1: ((0.5, 0.5),),
    2: ((0.26, 0.26), (0.74, 0.74)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.26, 0.26), (0.74, 0.26), (0.26, 0.74), (0.74, 0.74)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.26, 0.24), (0.74, 0.24), (0.26, 0.5), (0.74, 0.5), (0.26, 0.76), (0.74, 0.76)),
}


@dataclass(frozen=True)
class DieSpec:
    """Where and how to draw one die: its top face centre, side length, turn, value and colour."""

    value: int
    color: str
    centre: tuple[float, float]
    size: float
    angle: float = 0.0
    tilt: tuple[float, float] = (0.0, 0.0)  # visible side: offset of the bottom face, in units of size
    pip_color: tuple[int, int, int] | None = None
    body_color: tuple[int, int, int] | None = None
    side_values: tuple[int, int] = (2, 3)
    #: a colour die (Hexors): the BGR colours of its top face and of the two sides that may show; no pips
    faces: tuple[tuple[int, int, int], ...] | None = None
    inset: float = 1.0  # a colour die's coloured share of each face's side (below 1: a sticker on a plain body)
    emblem: bool = False  # the top face shows a maker's emblem instead of its pips (``value`` is that face's)
    opacity: float = 1.0  # below 1: a translucent (gem) die, the table and its far faces' pips showing through


@dataclass(frozen=True)
class RenderedDie:
    value: int
    color: str
    box: tuple[float, float, float, float]  # x1, y1, x2, y2 of the top face, in pixels
    emblem: bool = False  # its top face is an emblem, not pips


def _jitter_colour(rng: np.random.Generator, bgr, amount: float) -> tuple[int, int, int]:
    hsv = cv2.cvtColor(np.uint8([[bgr]]), cv2.COLOR_BGR2HSV)[0, 0].astype(np.float64)
    hsv[0] = (hsv[0] + rng.normal(0, 2.5 * amount)) % 180
    hsv[1] = np.clip(hsv[1] * rng.uniform(1 - 0.3 * amount, 1 + 0.1 * amount), 0, 255)
    hsv[2] = np.clip(hsv[2] * rng.uniform(1 - 0.35 * amount, 1 + 0.1 * amount), 0, 255)
    out = cv2.cvtColor(np.uint8([[hsv]]), cv2.COLOR_HSV2BGR)[0, 0]
    return tuple(int(v) for v in out)


def random_background(rng: np.random.Generator, h: int, w: int, kind: int | None = None,
                      lines: bool = True) -> np.ndarray:
    """A table top: 0 plain, 1 blotchy, 2 wood-grained or 3 felt (random when None), maybe with lines."""
    base = np.array(cv2.cvtColor(np.uint8([[[rng.integers(0, 180), rng.integers(0, 200), rng.integers(40, 250)]]]),
                                 cv2.COLOR_HSV2BGR)[0, 0], np.float32)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    kind = rng.integers(0, 4) if kind is None else kind
    if kind == 1:  # blotchy low-frequency texture
        small = rng.normal(0, 25, (rng.integers(3, 12), rng.integers(3, 12), 3)).astype(np.float32)
        img += cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    elif kind == 2:  # wood grain
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        a = rng.uniform(0, np.pi)
        u = xx * np.cos(a) + yy * np.sin(a)
        warp = cv2.resize(rng.normal(0, 8, (6, 6)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
        grain = np.sin((u + warp * 4) / rng.uniform(3, 12)) * rng.uniform(6, 20)
        img += grain[..., None] * np.array([0.8, 1.0, 1.1], np.float32)
    elif kind == 3:  # fine felt / cardboard noise
        img += cv2.GaussianBlur(rng.normal(0, 18, (h, w)).astype(np.float32), (0, 0), 1.0)[..., None]
    # a few random stripes/lines (board edges, cables, printed boards)
    for _ in range(rng.integers(0, 4) if lines else 0):
        colour = tuple(float(c) for c in rng.integers(0, 256, 3))
        p1 = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        p2 = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        cv2.line(img, p1, p2, colour, int(rng.integers(1, max(2, w // 25))))
    return img


def _face_points(origin, u, v, pts):
    return [origin + u * px + v * py for px, py in pts]


def draw_die(img: np.ndarray, spec: DieSpec, rng: np.random.Generator) -> tuple[float, float, float, float]:
    """Draw one die in place (float32 BGR image); return the top face's bounding box."""
    s = spec.size
    c = np.array(spec.centre, np.float64)
    ca, sa = np.cos(spec.angle), np.sin(spec.angle)
    u = np.array([ca, sa]) * s
    v = np.array([-sa, ca]) * s
    origin = c - (u + v) / 2
    top = np.array([origin, origin + u, origin + u + v, origin + v])
    body = np.array(spec.body_color if spec.body_color else DIE_BODY_BGR[spec.color], np.float32)
    pip = np.array(spec.pip_color if spec.pip_color else ((20, 20, 20) if spec.color in _LIGHT_BODIES
                                                          else (235, 235, 235)), np.float32)
    d = np.array(spec.tilt) * s
    # shadow
    shadow = np.zeros(img.shape[:2], np.float32)
    sh = top + d + rng.uniform(0.05, 0.25) * s * np.array([1, 1])
    cv2.fillConvexPoly(shadow, cv2.convexHull(np.round(np.vstack([top + d, sh])).astype(np.int32)), 1.0)
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(1.0, s * 0.12))
    img *= (1 - 0.45 * spec.opacity * shadow)[..., None]
    behind = _Behind(img, np.vstack([top, top + d]), s) if spec.opacity < 1 else None
    # sides: the hull of top and bottom faces, darker; then the visible side faces with pips
    if np.hypot(*d) > 0.5:
        bottom = top + d
        hull = cv2.convexHull(np.round(np.vstack([top, bottom])).astype(np.int32))
        cv2.fillConvexPoly(img, hull, tuple(float(x) for x in body * 0.6))
        # the side faces whose outward normal points along d are visible
        for i, sv in zip(range(4), spec.side_values * 2):
            a, b = top[i], top[(i + 1) % 4]
            edge_mid = (a + b) / 2 - c
            if np.dot(edge_mid, d) <= 0:
                continue
            shade = 0.55 + 0.25 * rng.random()
            quad = np.array([a, b, b + d, a + d])
            cv2.fillConvexPoly(img, np.round(quad).astype(np.int32), tuple(float(x) for x in body * shade))
            if spec.faces is not None:  # a colour die's side shows its own colour, no pips
                _inset(img, quad, np.array(spec.faces[1 + i % 2], np.float32) * shade, spec.inset)
                continue
            # pips on the side face, squashed by the tilt (drawn only when they'd be visible)
            if np.hypot(*d) > 0.25 * s:
                for p in _face_points(a, b - a, d, PIP_LAYOUT[sv]):
                    r = max(1, int(round(0.085 * s * min(1.0, np.hypot(*d) / s))))
                    cv2.circle(img, tuple(int(round(x)) for x in p), r,
                               tuple(float(x) for x in pip * shade + body * (1 - shade) * 0.3), -1, cv2.LINE_AA)
    # top face with rounded corners
    cut = 0.12 * rng.uniform(0.5, 1.5)
    poly = []
    for i in range(4):
        a, b = top[i], top[(i + 1) % 4]
        poly += [a + (b - a) * cut, b + (a - b) * cut]
    top_col = body * rng.uniform(0.9, 1.1)
    cv2.fillPoly(img, [np.round(np.array(poly)).astype(np.int32)], tuple(float(x) for x in np.clip(top_col, 0, 255)))
    if rng.random() < 0.15:  # marbled / speckled body
        mask = np.zeros(img.shape[:2], np.uint8)
        cv2.fillPoly(mask, [np.round(np.array(poly)).astype(np.int32)], 1)
        tex = cv2.GaussianBlur(rng.normal(0, 30, img.shape[:2]).astype(np.float32), (0, 0), max(1.0, s / 10))
        img += (tex * mask)[..., None]
    (x1, y1), (x2, y2) = top.min(0), top.max(0)
    box = float(x1), float(y1), float(x2), float(y2)
    if behind is not None:
        behind.show_through(img, spec.opacity, body)
        # the far face's pips, seen through the body: the bottom face (7 - value) mirrored, faint
        inside = img[int(np.clip(c[1], 0, img.shape[0] - 1)), int(np.clip(c[0], 0, img.shape[1] - 1))]
        ghost = inside * 0.6 + pip * 0.4
        for p in _face_points(origin + d, u / s, -v / s, [(x * s, (y - 1) * s) for x, y in PIP_LAYOUT[7 - spec.value]]):
            cv2.circle(img, tuple(int(round(x * 4)) for x in p), int(round(s * 0.09 * 4)),
                       tuple(float(x) for x in ghost), -1, cv2.LINE_AA, shift=2)
        cv2.polylines(img, [np.round(np.array(poly) * 4).astype(np.int32)], True,  # light caught by the edges
                      tuple(float(x) for x in np.minimum(body * 0.5 + 140, 255)), 1, cv2.LINE_AA, shift=2)
    if spec.faces is not None:
        _inset(img, np.array(poly), np.array(spec.faces[0], np.float32) * rng.uniform(0.9, 1.1), spec.inset)
        return box
    if spec.emblem:
        draw_emblem(img, c, u, v, pip, rng)
        return box
    pip_r = s * rng.uniform(0.075, 0.11)
    for p in _face_points(origin, u / s, v / s, [(x * s, y * s) for x, y in PIP_LAYOUT[spec.value]]):
        cv2.circle(img, tuple(int(round(x * 4)) for x in p), int(round(pip_r * 4)),
                   tuple(float(x) for x in pip), -1, cv2.LINE_AA, shift=2)
    return box


class _Behind:
    """What lay under a translucent die before it was drawn (a box around its faces), to show through it."""

    def __init__(self, img: np.ndarray, corners: np.ndarray, side: float):
        h, w = img.shape[:2]
        (x0, y0), (x1, y1) = np.floor(corners.min(0) - 2), np.ceil(corners.max(0) + 2)
        self.x0, self.y0 = int(max(0, x0)), int(max(0, y0))
        self.x1, self.y1 = int(min(w, x1)), int(min(h, y1))
        self.patch = img[self.y0:self.y1, self.x0:self.x1].copy()
        self.side = side

    def show_through(self, img: np.ndarray, opacity: float, body: np.ndarray) -> None:
        """Blend the die drawn since over what lay behind it, tinted by the body's colour (coloured glass)."""
        if self.patch.size == 0:
            return
        drawn = img[self.y0:self.y1, self.x0:self.x1]
        changed = (np.abs(drawn - self.patch).sum(axis=2) > 1).astype(np.float32)[..., None]
        tint = (body + 40) / max(float(body.max()) + 40, 1.0)
        seen = cv2.GaussianBlur(self.patch, (0, 0), max(0.5, self.side * 0.04)) * tint  # refracted, a bit blurred
        drawn[:] = drawn * (1 - changed) + (drawn * opacity + seen * (1 - opacity)) * changed


EMBLEM_SHAPES = ("star", "ring", "letter", "shield", "swoosh", "sun")


def draw_emblem(img: np.ndarray, centre, u, v, colour, rng: np.random.Generator) -> str:
    """A maker's emblem on a face (centre, edge vectors u and v) in place of its pips; the shape drawn.

    Why several kinds: real dice carry stars, crests, letters and logos; the reader must learn "a mark that
    is not a pip pattern", not one drawing. None of them is a set of separate round dots.
    """
    kind = str(rng.choice(EMBLEM_SHAPES))
    c = np.asarray(centre, np.float64)
    side = float(np.hypot(*u))
    r = side * rng.uniform(0.25, 0.4)  # the emblem's outer radius
    turn = np.arctan2(u[1], u[0]) + rng.uniform(0, 2 * np.pi)
    col = tuple(float(x) for x in colour)
    width = max(1, int(round(side * rng.uniform(0.05, 0.1))))

    def polygon(radii, count):
        angles = turn + np.arange(count) * 2 * np.pi / count
        return np.round((c + np.stack([np.cos(angles), np.sin(angles)], 1) * np.asarray(radii)[:, None]) * 4)

    if kind == "star":
        points = int(rng.integers(5, 9))
        radii = np.tile([r, r * rng.uniform(0.35, 0.55)], points)
        cv2.fillPoly(img, [polygon(radii, 2 * points).astype(np.int32)], col, cv2.LINE_AA, shift=2)
    elif kind == "ring":
        cv2.circle(img, tuple(int(x) for x in np.round(c * 4)), int(r * 4), col, width, cv2.LINE_AA, shift=2)
        if rng.random() < 0.5:  # a mark inside the ring
            corners = int(rng.integers(3, 6))
            inner = polygon(np.full(corners, r * 0.5), corners)
            cv2.fillPoly(img, [inner.astype(np.int32)], col, cv2.LINE_AA, shift=2)
    elif kind == "letter":
        letter = str(rng.choice(list("ABDEGHKMNPRSWXZ&$#@")))
        scale = side * rng.uniform(0.018, 0.028)
        (tw, th), _ = cv2.getTextSize(letter, cv2.FONT_HERSHEY_DUPLEX, scale, width)
        mark = np.zeros(img.shape[:2], np.uint8)  # putText draws on 8-bit images only
        cv2.putText(mark, letter, (int(c[0] - tw / 2), int(c[1] + th / 2)), cv2.FONT_HERSHEY_DUPLEX, scale, 255,
                    width, cv2.LINE_AA)
        m = cv2.getRotationMatrix2D((float(c[0]), float(c[1])), float(np.degrees(turn)), 1.0)
        mark = cv2.warpAffine(mark, m, mark.shape[::-1]).astype(np.float32)[..., None] / 255.0
        img *= 1 - mark
        img += mark * np.asarray(colour, np.float32)
    elif kind == "shield":
        radii = r * np.array([1.0, 0.8, 0.9, 0.55, 0.9, 0.8])
        cv2.fillPoly(img, [polygon(radii, 6).astype(np.int32)], col, cv2.LINE_AA, shift=2)
    elif kind == "swoosh":
        axes = (int(r * 4), int(r * rng.uniform(0.3, 0.6) * 4))
        cv2.ellipse(img, tuple(int(x) for x in np.round(c * 4)), axes, float(np.degrees(turn)), 20,
                    float(rng.uniform(200, 320)), col, width * 2, cv2.LINE_AA, shift=2)
    else:  # a sun: a disc with rays
        cv2.circle(img, tuple(int(x) for x in np.round(c * 4)), int(r * 0.45 * 4), col, -1, cv2.LINE_AA, shift=2)
        for a in turn + np.arange(8) * np.pi / 4:
            d = np.array([np.cos(a), np.sin(a)])
            p, q = np.round((c + d * r * 0.6) * 4), np.round((c + d * r) * 4)
            cv2.line(img, tuple(int(x) for x in p), tuple(int(x) for x in q), col, width, cv2.LINE_AA, shift=2)
    return kind


def _inset(img: np.ndarray, polygon: np.ndarray, colour: np.ndarray, share: float) -> None:
    """Paint a face's colour over the polygon shrunk about its centre to ``share`` (1: the whole face)."""
    centre = polygon.mean(0)
    shrunk = centre + (polygon - centre) * share
    cv2.fillPoly(img, [np.round(shrunk * 4).astype(np.int32)], tuple(float(x) for x in np.clip(colour, 0, 255)),
                 cv2.LINE_AA, shift=2)


def random_die_spec(rng: np.random.Generator, centre, size, color: str | None = None,
                    value: int | None = None, max_tilt: float = 0.35, emblem: bool = False,
                    translucent: bool = False) -> DieSpec:
    color = color or str(rng.choice(list(DIE_BODY_BGR)))
    value = value or int(rng.integers(1, 7))
    body = _jitter_colour(rng, DIE_BODY_BGR[color], 1.0)
    if rng.random() < 0.2:  # unusual pip colours: gold, red, blue, black on dark...
        pip = tuple(int(x) for x in rng.integers(0, 256, 3))
        if np.abs(np.array(pip, float) - body).sum() < 150:
            pip = None
    else:
        pip = None
    tilt_len = rng.uniform(0, max_tilt)
    tilt_dir = rng.uniform(0, 2 * np.pi)
    return DieSpec(value=value, color=color, centre=tuple(centre), size=float(size),
                   angle=float(rng.uniform(0, np.pi / 2)),
                   tilt=(float(np.cos(tilt_dir) * tilt_len), float(np.sin(tilt_dir) * tilt_len)),
                   pip_color=pip, body_color=body,
                   side_values=(int(rng.integers(1, 7)), int(rng.integers(1, 7))), emblem=emblem,
                   opacity=float(rng.uniform(0.3, 0.75)) if translucent else 1.0)


def place_dice(rng: np.random.Generator, h: int, w: int, n: int, size_range=(18, 48),
               emblems: float = 0.0, translucent: float = 0.0) -> list[DieSpec]:
    """Random non-overlapping (or barely touching) dice on an h x w table; ``emblems``: the share whose top
    face is an emblem, ``translucent``: the share of gem dice (no random number is drawn for a share of 0, so
    older renders repeat)."""
    specs: list[DieSpec] = []
    for _ in range(n * 20):
        if len(specs) >= n:
            break
        size = rng.uniform(*size_range)
        c = (rng.uniform(size, w - size), rng.uniform(size, h - size))
        if all(np.hypot(c[0] - o.centre[0], c[1] - o.centre[1]) > 0.8 * (size + o.size) for o in specs):
            emblem = bool(emblems) and rng.random() < emblems
            gem = bool(translucent) and rng.random() < translucent
            specs.append(random_die_spec(rng, c, size, emblem=emblem, translucent=gem))
    return specs


def finish_photo(img: np.ndarray, rng: np.random.Generator, blur: float | None = None,
                 balance_gain: bool = False) -> np.ndarray:
    """Lighting gradient, blur, sensor noise and JPEG: make a clean render look like a camera frame.

    The white balance is off by a constant per channel (training's harsher augmentation, which the models learnt
    with), or with ``balance_gain`` by a gain per channel, the same at mid-grey, as a camera's is: a constant gives
    a black body 25 levels dark any hue (the simulated table's black dice read purple, blue or green).
    """
    h, w = img.shape[:2]
    gy, gx = rng.uniform(-0.4, 0.4, 2)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
    img = img * light[..., None] * rng.uniform(0.7, 1.25)
    shift = rng.normal(0, 6, 3).astype(np.float32)  # white balance
    img = img * (1 + shift / 128) if balance_gain else img + shift
    sigma = rng.uniform(0, 1.2) if blur is None else blur
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    img = img + rng.normal(0, rng.uniform(0, 8), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 95))])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return out


def draw_hand(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A hand (or an object) reaching in from an edge, drawn in place; its mask (1 where it covers the table)."""
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    cx, cy = (rng.uniform(0, w), rng.choice([0, h])) if rng.random() < 0.5 else (rng.choice([0, w]), rng.uniform(0, h))
    ax = (int(rng.uniform(0.1, 0.3) * w), int(rng.uniform(0.1, 0.3) * h))
    cv2.ellipse(mask, (int(cx), int(cy)), ax, float(rng.uniform(0, 180)), 0, 360, 1, -1)
    img[mask > 0] = np.array(_jitter_colour(rng, (120, 150, 200), 2.0), np.float32)
    return mask


def cast_shadow(img: np.ndarray, rng: np.random.Generator) -> None:
    """The soft shadow of an arm, a lamp or a box edge falling across part of the table, dice included."""
    h, w = img.shape[:2]
    corners = int(rng.integers(3, 7))
    centre = rng.uniform(0, 1, 2) * (w, h)
    angles = np.sort(rng.uniform(0, 2 * np.pi, corners))
    radii = rng.uniform(0.2, 0.7, corners) * max(h, w)
    polygon = centre + np.stack([np.cos(angles), np.sin(angles)], 1) * radii[:, None]
    mask = np.zeros((h, w), np.float32)
    cv2.fillPoly(mask, [np.round(polygon).astype(np.int32)], 1.0)
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, rng.uniform(0.01, 0.06) * max(h, w)))
    img *= (1 - rng.uniform(0.3, 0.6) * mask)[..., None]


def render_table(rng: np.random.Generator, h: int = 384, w: int = 384, n_dice: int | None = None,
                 size_range=(18, 48), specs: list[DieSpec] | None = None,
                 occlude: bool = True, background: np.ndarray | None = None,
                 blur: float | None = None, emblems: float = 0.0, translucent: float = 0.0,
                 shadows: float = 0.0) -> tuple[np.ndarray, list[RenderedDie]]:
    """One photo of a table with dice on it and the truth about each visible die (``emblems``, ``translucent``:
    place_dice's; ``shadows``: the share of photos with a cast shadow across them, no random number drawn at 0)."""
    img = random_background(rng, h, w) if background is None else background.astype(np.float32).copy()
    if specs is None:
        specs = place_dice(rng, h, w, int(n_dice if n_dice is not None else rng.integers(1, 14)), size_range,
                           emblems, translucent)
    dice = []
    for spec in specs:
        box = draw_die(img, spec, rng)
        dice.append(RenderedDie(spec.value, spec.color, box, spec.emblem))
    if shadows and rng.random() < shadows:
        cast_shadow(img, rng)
    if occlude and rng.random() < 0.25:
        mask = draw_hand(img, rng)
        kept = []
        for d in dice:
            x1, y1, x2, y2 = (int(round(v)) for v in d.box)
            region = mask[max(0, y1):max(0, y2), max(0, x1):max(0, x2)]
            if region.size == 0 or region.mean() < 0.25:
                kept.append(d)
        dice = kept
    return finish_photo(img, rng, blur), dice
