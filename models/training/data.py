"""Training samples: heavily augmented real photos and freshly rendered synthetic tables, with CenterNet targets.

All crops are at the scale the model sees (the photo letterboxed to the model's input size, or with
``frame_scale`` fitted at its own shape to as many pixels, times a random zoom), so a die is as many
pixels wide in training as on the table.
"""

from __future__ import annotations

import cv2
import numpy as np
import torch

from companion.vision.fit import fitted_shape
from companion.vision.labels import load_labelled
from companion.vision.render import render_table
from companion.vision.render_boards import printed_board
from training.model import DiceNet

STRIDE = 4


class RealPhotos:
    """The training split of the real sets, decoded once and kept in memory.

    ``add_missing``: with the dice our list adds to photos whose label file lacks them; ``fix_values``: with
    the label values our list corrects (labels.load_labelled).
    """

    def __init__(self, folders: list[str], split: str = "train", add_missing: bool = False, fix_values: bool = False):
        self.items = []
        for folder in folders:
            for item in load_labelled(folder, split, add_missing=add_missing, fix_values=fix_values):
                img = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
                boxes = np.array([d.box for d in item.dice], np.float32).reshape(-1, 4)
                values = np.array([d.value for d in item.dice], np.int64)
                self.items.append((img, boxes, values))

    def __len__(self):
        return len(self.items)


def colour_jitter(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV).astype(np.int16)
    hsv[..., 0] = (hsv[..., 0] + rng.integers(-12, 13)) % 180
    hsv[..., 1] = np.clip(hsv[..., 1] * rng.uniform(0.6, 1.4), 0, 255)
    img = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR).astype(np.float32)
    img = img * rng.uniform(0.6, 1.35) + rng.uniform(-30, 30) + rng.normal(0, 8, 3)
    if rng.random() < 0.3:
        g = rng.uniform(0.7, 1.4)
        img = 255.0 * (np.clip(img, 0, 255) / 255.0) ** g
    if rng.random() < 0.4:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.5))
    if rng.random() < 0.5:
        img = img + rng.normal(0, rng.uniform(2, 10), img.shape)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return out


def augment_real(item, rng: np.random.Generator, crop: int, input_size: int, frame_scale: bool = False):
    """Zoom, rotate (any angle), flip and crop one real photo around a random die.

    The zoom is around the scale the reader gives the photo: the square letterbox's (input_size / long side),
    or with ``frame_scale`` the frame's own shape at input_size² pixels (companion/vision/fit.py).
    """
    img, boxes, values = item
    h, w = img.shape[:2]
    if frame_scale:
        base = fitted_shape(h, w, input_size * input_size, DiceNet.COARSEST_STRIDE)[0]
    else:
        base = input_size / max(h, w)
    scale = base * float(np.exp(rng.uniform(np.log(0.7), np.log(1.5))))
    angle = float(rng.uniform(0, 360))
    centres = np.stack([(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2], 1)
    sizes = np.sqrt((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]))
    if len(boxes) and rng.random() < 0.85:
        focus = centres[rng.integers(len(boxes))] + rng.normal(0, crop * 0.25 / scale, 2)
    else:
        focus = np.array([rng.uniform(0, w), rng.uniform(0, h)])
    m = cv2.getRotationMatrix2D((float(focus[0]), float(focus[1])), angle, scale)
    m[:, 2] += crop / 2 - focus
    if rng.random() < 0.5:  # mirror: a d6 face read in a mirror shows the same value
        m = np.array([[-1, 0, crop], [0, 1, 0]], np.float64) @ np.vstack([m, [0, 0, 1]])
    border = tuple(int(x) for x in rng.integers(0, 256, 3))
    out = cv2.warpAffine(img, m, (crop, crop), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                         borderValue=border)
    out = colour_jitter(out, rng)
    new_c = centres @ m[:, :2].T + m[:, 2] if len(boxes) else np.zeros((0, 2))
    new_s = sizes * scale
    return out, new_c, np.stack([new_s, new_s], 1) if len(boxes) else np.zeros((0, 2)), values


def synthetic_sample(rng: np.random.Generator, crop: int, board_fraction: float = 0.0, close_ups: float = 0.0,
                     emblems: float = 0.0, translucent: float = 0.0, shadows: float = 0.0):
    """A rendered table; ``board_fraction`` of them a printed game board, ``close_ups`` of them 1-3 dice seen close
    (46-90 px: up to a fifth of a 416 frame), ``emblems`` of their dice an emblem face (its value left out of the
    value loss: the face reader names it), ``translucent`` of them gem dice and ``shadows`` of the tables with a
    shadow cast across them. No random number is drawn for a share of 0: old runs repeat."""
    board = printed_board(rng, crop, crop) if board_fraction > 0 and rng.random() < board_fraction else None
    close = close_ups > 0 and rng.random() < close_ups
    n_dice = int(rng.integers(1, 4)) if close else int(rng.integers(0, 12))
    img, dice = render_table(rng, crop, crop, n_dice=n_dice, size_range=(46, 90) if close else (11, 46),
                             background=board, emblems=emblems, translucent=translucent, shadows=shadows)
    if not dice:
        return img, np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0, np.int64)
    boxes = np.array([d.box for d in dice], np.float32)
    centres = np.stack([(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2], 1)
    wh = np.stack([boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]], 1)
    return img, centres, wh, np.array([0 if d.emblem else d.value for d in dice], np.int64)  # 0: no value target


def make_targets(centres, wh, values, crop: int):
    """Gaussian centre heatmap, per-cell value label (-1 = ignore) and box regression at each centre."""
    s = crop // STRIDE
    heat = np.zeros((s, s), np.float32)
    value = np.full((s, s), -1, np.int64)
    best = np.zeros((s, s), np.float32)
    box = np.zeros((4, s, s), np.float32)
    mask = np.zeros((s, s), np.float32)
    yy, xx = np.mgrid[0:s, 0:s].astype(np.float32)
    for (cx, cy), (bw, bh), v in zip(centres, wh, values):
        gx, gy = cx / STRIDE, cy / STRIDE
        if not (0 <= gx < s and 0 <= gy < s):
            continue
        size_cells = max(1.0, float(np.sqrt(bw * bh)) / STRIDE)
        sigma = max(0.6, size_cells / 6)
        ix, iy = int(gx), int(gy)
        g = np.exp(-((xx - ix) ** 2 + (yy - iy) ** 2) / (2 * sigma**2))
        heat = np.maximum(heat, g)
        near = (g > 0.3) & (g > best)
        value[near] = int(v) - 1
        best = np.maximum(best, g)
        box[:, iy, ix] = (gx - ix, gy - iy, np.log(max(bw, 1.0) / STRIDE), np.log(max(bh, 1.0) / STRIDE))
        mask[iy, ix] = 1.0
    return heat[None], value, box, mask


class DiceStream(torch.utils.data.IterableDataset):
    """Endless, seeded stream of (image, targets) mixing real and synthetic samples."""

    def __init__(self, real: RealPhotos, crop: int, input_size: int, real_fraction: float, seed: int,
                 frame_scale: bool = False, board_fraction: float = 0.0, close_ups: float = 0.0,
                 emblems: float = 0.0, translucent: float = 0.0, shadows: float = 0.0):
        self.real, self.crop, self.input_size = real, crop, input_size
        self.real_fraction, self.seed, self.frame_scale = real_fraction, seed, frame_scale
        self.board_fraction, self.close_ups, self.emblems = board_fraction, close_ups, emblems
        self.translucent, self.shadows = translucent, shadows

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.seed, info.id if info else 0])
        while True:
            if len(self.real) and rng.random() < self.real_fraction:
                img, c, wh, v = augment_real(self.real.items[rng.integers(len(self.real))], rng, self.crop,
                                             self.input_size, self.frame_scale)
            else:
                img, c, wh, v = synthetic_sample(rng, self.crop, self.board_fraction, self.close_ups, self.emblems,
                                                 self.translucent, self.shadows)
            heat, value, box, mask = make_targets(c, wh, v, self.crop)
            rgb = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
            x = torch.from_numpy(np.ascontiguousarray(rgb.transpose(2, 0, 1))).float() / 255.0
            yield x, torch.from_numpy(heat), torch.from_numpy(value), torch.from_numpy(box), torch.from_numpy(mask)
