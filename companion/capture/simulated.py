"""A simulated camera over a table where dice are thrown, tumble, settle and are picked up again.

Why: the whole pipeline (vision, settling, referee, web) can run and be tested with no camera,
and the simulator knows the truth of every settled roll to check the reader against.
"""

from __future__ import annotations

import numpy as np

from companion.capture.base import Frame, SimulatedSource
from companion.vision.render import (DIE_BODY_BGR, RenderedDie, draw_die, finish_photo, place_dice,
                                     random_background, random_die_spec)


#: a die's side as a share of the frame's shorter side: 38 to 52 px at 720 px, the dice a camera mounted as the
#: hardware guide says sees (12 to 17 mm dice at about 3 px a mm). In pixels, the same dice on a 640 x 480 frame were
#: half as big again as a camera would see them, and table vision rightly took many for things too big to be dice.
DIE_SHARE = (38 / 720, 52 / 720)


class SimulatedTable(SimulatedSource):
    """Endless seeded stream: a hand sweeps in, dice tumble for ``tumble_seconds``, then stay still
    for ``still_seconds``. ``truth`` is the rendered dice of the last frame (None while moving). ``die_size``: the
    dice's sides in pixels (default: ``DIE_SHARE`` of the frame)."""

    def __init__(self, seed: int = 0, fps: float = 10.0, size: tuple[int, int] = (640, 480),
                 dice_range: tuple[int, int] = (2, 5), die_size: tuple[float, float] | None = None,
                 tumble_seconds: float = 0.8, still_seconds: float = 2.0, hand_seconds: float = 0.3,
                 colours: tuple[str, ...] = tuple(DIE_BODY_BGR), width: int | None = None,
                 height: int | None = None):
        if fps <= 0:
            raise ValueError("fps must be positive")
        self.seed, self.fps = seed, float(fps)
        self.width, self.height = int(width or size[0]), int(height or size[1])
        short = min(self.width, self.height)
        self.die_size = die_size or (DIE_SHARE[0] * short, DIE_SHARE[1] * short)
        self.dice_range, self.colours = dice_range, colours
        self.hand_frames = max(1, round(hand_seconds * fps))
        self.tumble_frames = max(1, round(tumble_seconds * fps))
        self.still_frames = max(1, round(still_seconds * fps))
        self.truth: tuple[RenderedDie, ...] | None = None
        self.throw = 0
        self._rng = np.random.default_rng(seed)
        table_rng = np.random.default_rng([seed, 1])
        self._table = random_background(table_rng, self.height, self.width, kind=int(table_rng.choice([0, 2, 3])),
                                        lines=False)  # a plain, wooden or felt table
        self._index = 0
        self._script: list = []

    # one throw = hand frames, tumbling frames, then still frames of one rendered scene
    def _new_throw(self) -> None:
        rng = self._rng
        self.throw += 1
        n = int(rng.integers(self.dice_range[0], self.dice_range[1] + 1))
        specs = place_dice(rng, self.height, self.width, n, self.die_size)
        specs = [random_die_spec(rng, s.centre, s.size, color=str(rng.choice(self.colours)), max_tilt=0.25)
                 for s in specs]
        script: list = [("hand", None)] * self.hand_frames
        start = np.array([rng.uniform(0, self.width), rng.choice([0.0, float(self.height)])])
        for k in range(self.tumble_frames):
            t = (k + 1) / (self.tumble_frames + 1)
            moving = []
            for s in specs:
                pos = start + (np.array(s.centre) - start) * t + rng.normal(0, 4, 2)
                moving.append(random_die_spec(rng, tuple(pos), s.size, color=s.color))
            script.append(("tumble", moving))
        img = self._table.copy()
        dice = tuple(RenderedDie(s.value, s.color, draw_die(img, s, rng)) for s in specs)
        still = finish_photo(img, rng, blur=0.5, balance_gain=True)
        script += [("still", (still, dice))] * self.still_frames
        self._script = script

    def read(self) -> Frame:
        if not self._script:
            self._new_throw()
        kind, payload = self._script.pop(0)
        rng = self._rng
        if kind == "still":
            image, dice = payload
            noise = rng.normal(0, 2.0, image.shape)
            frame = np.clip(image.astype(np.float32) + noise, 0, 255).astype(np.uint8)
            self.truth = dice
        else:
            img = self._table.copy()
            if kind == "tumble":
                for spec in payload:
                    draw_die(img, spec, rng)
                frame = finish_photo(img, rng, blur=float(rng.uniform(2.0, 4.0)), balance_gain=True)
            else:  # a hand sweeping over the table
                import cv2

                centre = (int(rng.uniform(0, self.width)), int(rng.uniform(0, self.height)))
                cv2.ellipse(img, centre, (self.width // 3, self.height // 4), float(rng.uniform(0, 180)), 0, 360,
                            (110, 140, 190), -1)
                frame = finish_photo(img, rng, blur=3.0, balance_gain=True)
            self.truth = None
        out = Frame(image=frame, timestamp=self._index / self.fps, index=self._index)
        self._index += 1
        return out
