"""Rendered tables with colour dice (Hexors' « dé de couleur »), for training and measuring the colour-die reader.

Why: no photographs of colour dice exist to learn from, so they are drawn: a cube whose six faces are the six
colours (painted whole, or as stickers on a white or black body), tumbled onto plain tables, cloth, wood and the
printed Hexors arena, among the things a colour die must not be taken for: pip dice, coloured tokens and tiles,
hands. The truth is each colour die's top face colour and box.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.vision.colour_die import COLOUR_DIE_COLOURS
from companion.vision.render import (DIE_BODY_BGR, DieSpec, RenderedDie, _jitter_colour, draw_die, draw_hand,
                                     finish_photo, random_background, random_die_spec)


def random_colour_die_spec(rng: np.random.Generator, centre, size: float, colour: str | None = None,
                           max_tilt: float = 0.35) -> DieSpec:
    """A colour die showing ``colour`` on top (random when None): two other colours on the sides that may show."""
    colour = colour or str(rng.choice(COLOUR_DIE_COLOURS))
    others = [c for c in COLOUR_DIE_COLOURS if c != colour]
    sides = rng.choice(len(others), 2, replace=False)
    faces = tuple(_jitter_colour(rng, DIE_BODY_BGR[c], 1.0) for c in [colour] + [others[k] for k in sides])
    sticker = rng.random() < 0.35
    body = (_jitter_colour(rng, DIE_BODY_BGR["white" if rng.random() < 0.6 else "black"], 1.0) if sticker
            else faces[0])
    tilt_len, tilt_dir = rng.uniform(0, max_tilt), rng.uniform(0, 2 * np.pi)
    return DieSpec(value=COLOUR_DIE_COLOURS.index(colour) + 1, color=colour, centre=tuple(centre), size=float(size),
                   angle=float(rng.uniform(0, np.pi / 2)),
                   tilt=(float(np.cos(tilt_dir) * tilt_len), float(np.sin(tilt_dir) * tilt_len)),
                   body_color=body, faces=faces, inset=float(rng.uniform(0.7, 0.9)) if sticker else 1.0)


@lru_cache(maxsize=1)
def _arena() -> np.ndarray:
    """The printed Hexors arena (hex cells, markers), drawn once at 2 px/mm: a board colour dice are rolled near."""
    from companion.tablevision.layouts import layout_for
    from companion.tablevision.render import draw_mat

    return draw_mat(layout_for("hexors"), 2.0)


def _arena_background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    mat = _arena()
    scale = rng.uniform(0.5, 1.6)
    side_h, side_w = min(mat.shape[0], int(h / scale)), min(mat.shape[1], int(w / scale))
    y, x = rng.integers(0, mat.shape[0] - side_h + 1), rng.integers(0, mat.shape[1] - side_w + 1)
    patch = cv2.resize(mat[y:y + side_h, x:x + side_w], (w, h), interpolation=cv2.INTER_AREA)
    if rng.random() < 0.5:  # the arena is printed in colours other than the project's sheet's
        hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV).astype(np.int16)
        hsv[..., 0] = (hsv[..., 0] + rng.integers(0, 180)) % 180
        hsv[..., 1] = np.clip(hsv[..., 1] + rng.integers(0, 120), 0, 255)
        patch = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)
    return patch.astype(np.float32)


def _draw_token(img: np.ndarray, rng: np.random.Generator, centre, size: float) -> None:
    """A flat coloured thing that is not a die: a disc (a star, a counter) or a hexagon (a Hexors tile)."""
    colour = tuple(float(c) for c in _jitter_colour(rng, DIE_BODY_BGR[str(rng.choice(COLOUR_DIE_COLOURS))], 1.5))
    cx, cy = centre
    if rng.random() < 0.5:
        cv2.circle(img, (int(cx), int(cy)), int(size / 2), colour, -1, cv2.LINE_AA)
    else:
        turn = rng.uniform(0, np.pi / 3)
        pts = [(cx + size * 0.75 * np.cos(turn + k * np.pi / 3), cy + size * 0.75 * np.sin(turn + k * np.pi / 3))
               for k in range(6)]
        cv2.fillConvexPoly(img, np.round(np.array(pts)).astype(np.int32), colour, cv2.LINE_AA)
        cv2.circle(img, (int(cx), int(cy)), int(size * 0.2), tuple(c * 0.4 for c in colour), -1, cv2.LINE_AA)


def _free_spot(rng: np.random.Generator, h: int, w: int, size: float, taken: list) -> tuple[float, float] | None:
    for _ in range(30):
        c = (rng.uniform(size, w - size), rng.uniform(size, h - size))
        if all(np.hypot(c[0] - x, c[1] - y) > 0.8 * (size + s) for x, y, s in taken):
            return c
    return None


def render_colour_die_table(rng: np.random.Generator, h: int = 384, w: int = 384, n_colour: int | None = None,
                            size_range=(14, 56), n_pip: int | None = None, n_tokens: int | None = None,
                            blur: float | None = None) -> tuple[np.ndarray, list[RenderedDie]]:
    """One photo with colour dice (their truth returned, value = the colour's place in COLOUR_DIE_COLOURS + 1)
    among pip dice and coloured tokens (not returned: they are not colour dice)."""
    img = _arena_background(rng, h, w) if rng.random() < 0.3 else random_background(rng, h, w)
    n_colour = int(rng.choice((0, 1, 1, 2, 2, 3))) if n_colour is None else n_colour
    n_pip = int(rng.integers(0, 5)) if n_pip is None else n_pip
    n_tokens = int(rng.integers(0, 4)) if n_tokens is None else n_tokens
    taken: list = []
    dice: list[RenderedDie] = []
    things = ["colour"] * n_colour + ["pip"] * n_pip + ["token"] * n_tokens
    for kind in rng.permutation(things):
        size = rng.uniform(*size_range)
        centre = _free_spot(rng, h, w, size, taken)
        if centre is None:
            continue
        taken.append((centre[0], centre[1], size))
        if kind == "token":
            _draw_token(img, rng, centre, size)
        elif kind == "pip":
            draw_die(img, random_die_spec(rng, centre, size), rng)
        else:
            spec = random_colour_die_spec(rng, centre, size)
            dice.append(RenderedDie(spec.value, spec.color, draw_die(img, spec, rng)))
    if rng.random() < 0.2:  # a hand reaching in: dice under it are not seen
        mask = draw_hand(img, rng)
        dice = [d for d in dice if mask[int((d.box[1] + d.box[3]) / 2) % h, int((d.box[0] + d.box[2]) / 2) % w] == 0]
    return finish_photo(img, rng, blur), dice
