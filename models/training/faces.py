"""Face reader: a small CNN that reads one die's value from a crop of the full-resolution photo.

Why a second stage: at the detector's 416-pixel input a die in a crowded tray is ~20 px and its
pips 2-3 px; cropping each found die from the original photo gives the reader 2-4x more pixels.
"""

from __future__ import annotations

import cv2
import numpy as np
import torch
import torch.nn as nn

from companion.vision.face_reading import EMBLEM, NOT_A_DIE  # the reader's seventh and eighth classes, as run
from companion.vision.render import render_table
from training.data import RealPhotos, colour_jitter
from quantize import float_model

CROP_SCALE = 1.3  # the crop's side, in units of the die box's longer side (the runtime uses the same)


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


PLACE_OUTPUTS = 3  # dx, dy, ds of the placing head (FaceNet)


def mine_negatives(detector_path: str, real: RealPhotos, confidence: float = 0.15) -> list[list[tuple]]:
    """Boxes the detector reports on the training photos that match no labelled die: hard negatives."""
    from companion.vision import DiceReader
    from companion.vision.scoring import match

    reader = DiceReader(detector_path, threads=torch.get_num_threads(), confidence=confidence, read_colour=False,
                        faces=False)
    out = []
    for image, boxes, values in real.items:
        found = reader.read(image)
        labels = [(int(v), tuple(b)) for v, b in zip(values, boxes)]
        pred = [(r.value, r.box) for r in found]
        matched = {i for i, _ in match(pred, labels)}
        out.append([r.box for i, r in enumerate(found) if i not in matched])
    return out


class FaceNet(nn.Module):
    """Value logits of a die crop; with ``place`` also where the die really is in the crop.

    The placing head answers (dx, dy, ds): the die's centre minus the crop's centre in crop sides, and
    log(the crop side the reader was trained around / this crop's side). The runtime moves a badly
    placed box there and reads it again: with the boxes jittered as a worse detector would draw them,
    most misreads on the training photos come from a neighbour's pips inside the crop or the die's own
    pips cut off.
    """

    def __init__(self, widths=(16, 24, 32, 48, 64), values: int = 7, place: bool = False, crop_size: int = 48):
        super().__init__()
        a, b, c, d, e = widths
        self.features = nn.Sequential(conv_bn(3, a, 2), conv_bn(a, b), conv_bn(b, c, 2), conv_bn(c, c),
                                      conv_bn(c, d, 2), conv_bn(d, e))
        self.classify = nn.Linear(e, values)
        cells = (-(-crop_size // 8)) ** 2  # three stride-2 layers; the placing head keeps where things are
        self.place = nn.Sequential(nn.Flatten(), nn.Linear(e * cells, PLACE_OUTPUTS)) if place else None
        self.frozen_statistics = False  # set when starting from an exported model (its BN is folded away)

    def forward(self, x):
        f = self.features(x)
        logits = self.classify(f.mean(dim=(2, 3)))
        return logits if self.place is None else (logits, self.place(f))

    def train(self, mode: bool = True):
        super().train(mode)
        if self.frozen_statistics:  # keep the imported per-channel scale/shift; learn them, don't re-estimate
            for m in self.modules():
                if isinstance(m, nn.BatchNorm2d):
                    m.eval()
        return self


def load_exported_faces(path: str, place: bool = False, values: int | None = None) -> FaceNet:
    """A FaceNet holding an exported face reader's weights, to train further.

    ``values``: more classes than the file has (the emblem class added to a 7-class reader): the new ones start
    with no weights and a low bias, so the network first answers exactly as the file did, bar their small share.

    The export folded each BatchNorm into its convolution, so each BN starts as the identity plus the
    folded bias, with its statistics frozen (``frozen_statistics``): the network computes exactly
    what the ONNX file computes, and further training adjusts scale and shift as plain parameters.
    """
    from onnx import numpy_helper

    model = float_model(path)
    inits = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    convs = [n for n in model.graph.node if n.op_type == "Conv"]
    gemms = {int(inits[n.input[1]].shape[0]) != PLACE_OUTPUTS: n for n in model.graph.node if n.op_type == "Gemm"}
    gemm, placing = gemms[True], gemms.get(False)
    widths = tuple(int(inits[n.input[1]].shape[0]) for n in convs)  # a, b, c, c, d, e: the 4th repeats the 3rd
    size = int(model.graph.input[0].type.tensor_type.shape.dim[2].dim_value)
    stored = int(inits[gemm.input[1]].shape[0])
    net = FaceNet(widths=widths[:3] + widths[4:], values=max(stored, values or 0),
                  place=place or placing is not None, crop_size=size)
    with torch.no_grad():
        for block, node in zip(net.features, convs):
            conv, bn = block[0], block[1]
            conv.weight.copy_(torch.tensor(inits[node.input[1]]))
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.tensor(inits[node.input[2]]))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        net.classify.weight.zero_()
        net.classify.bias.fill_(-4.0)
        net.classify.weight[:stored] = torch.tensor(inits[gemm.input[1]])
        net.classify.bias[:stored] = torch.tensor(inits[gemm.input[2]])
        if placing is not None:  # else a new placing head starts from its random weights
            net.place[1].weight.copy_(torch.tensor(inits[placing.input[1]]))
            net.place[1].bias.copy_(torch.tensor(inits[placing.input[2]]))
    net.frozen_statistics = True
    return net


class FaceExport(nn.Module):
    """RGB 0..255 NCHW crops in, value probabilities out."""

    def __init__(self, net: FaceNet):
        super().__init__()
        self.net = net

    def forward(self, x):
        out = self.net(x / 255.0)
        if self.net.place is None:
            return torch.softmax(out, dim=1)
        return torch.softmax(out[0], dim=1), out[1]


def crop_die(image: np.ndarray, centre, side: float, out: int, angle: float = 0.0, flip: bool = False,
             border=(114, 114, 114)) -> np.ndarray:
    """The square of ``side`` pixels around ``centre`` resampled to out x out (rotated/mirrored if asked)."""
    scale = out / max(side, 1.0)
    m = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), angle, scale)
    m[:, 2] += out / 2 - np.asarray(centre, np.float64)
    if flip:
        m = np.array([[-1, 0, out], [0, 1, 0]], np.float64) @ np.vstack([m, [0, 0, 1]])
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(image, m, (out, out), flags=interp, borderMode=cv2.BORDER_CONSTANT, borderValue=border)


def crop_point(point, centre, side: float, angle: float, flip: bool) -> np.ndarray:
    """Where an image point lands in crop_die's crop, relative to the crop's centre, in crop sides."""
    m = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), angle, 1.0 / max(side, 1.0))
    m[:, 2] -= np.asarray(centre, np.float64)
    p = m @ np.array([point[0], point[1], 1.0])
    return np.array([-p[0] if flip else p[0], p[1]])


class FaceStream(torch.utils.data.IterableDataset):
    """Endless crops of real (train split) and rendered dice, jittered like the detector's boxes."""

    def __init__(self, real: RealPhotos, size: int, real_fraction: float, seed: int, pool: int = 1500,
                 negatives: list[list[tuple]] | None = None, negative_fraction: float = 0.0,
                 low_res_fraction: float = 0.4, low_res_min: int = 16, crop_jitter: tuple = (0.8, 1.5),
                 centre_jitter: float = 0.08, min_crop: float = 0.0, near_die_negative_crop: float | None = None,
                 emblems: float = 0.0, blanks: float = 0.0, translucent: float = 0.0, shadows: float = 0.0,
                 max_angle: float | None = None):
        self.max_angle = max_angle  # crops turned at most this many degrees either way (None: any angle)
        self.size, self.real_fraction, self.seed, self.pool = size, real_fraction, seed, pool
        self.min_crop = min_crop  # a crop is never smaller than this fraction of the photo's shorter side (as run)
        self.centre_jitter = centre_jitter  # standard deviation of the crop centre's error, in box sides
        self.crop_jitter = np.log(np.asarray(crop_jitter, np.float64))  # crop side range, x CROP_SCALE x box side
        self.low_res_fraction, self.low_res_min = low_res_fraction, max(12, low_res_min)
        self.negatives = negatives or [[] for _ in real.items]
        self.hard = [(k, j) for k, boxes in enumerate(self.negatives) for j in range(len(boxes))]
        # a hard negative on a real die (its side face, one pip of a 2) cut wide would frame that die whole,
        # labelled "not a die": with this set, such crops are cut at most this x CROP_SCALE x the box's side
        self.near_die_negative_crop = near_die_negative_crop
        self.near_die = {(k, j) for k, j in self.hard if _near_a_die(self.negatives[k][j], real.items[k][1])}
        self.negative_fraction = negative_fraction
        self.emblems = emblems  # share of rendered dice whose top face is an emblem (class EMBLEM)
        self.translucent, self.shadows = translucent, shadows  # gem dice, cast shadows (render_table's shares)
        # share of samples cut from rendered colour dice (Hexors): a blank coloured face is no pip die (NOT_A_DIE),
        # so the reader that vets colour readings (companion/vision/kinds.py) does not take one for an emblem
        self.blanks = blanks
        self.dice = [(k, j) for k, (_, boxes, _) in enumerate(real.items) for j in range(len(boxes))]
        self.real = real

    def _sample(self, image, box, value, rng, widest: float | None = None):
        """A jittered crop of the box, its class, and where the box really is in it (the placing target).

        ``widest``: cut the crop at most this x CROP_SCALE x the box's side.
        """
        x1, y1, x2, y2 = box
        s = max(x2 - x1, y2 - y1)
        true_centre = np.array([(x1 + x2) / 2, (y1 + y2) / 2])
        centre = true_centre + rng.normal(0, self.centre_jitter * s, 2)
        low, high = self.crop_jitter
        high = min(high, np.log(widest)) if widest else high
        side = CROP_SCALE * s * float(np.exp(rng.uniform(min(low, high), high)))
        side = max(side, self.min_crop * min(image.shape[:2]))  # the runtime's smallest crop (vision.min_crop)
        angle = float(rng.uniform(0, 360) if self.max_angle is None else rng.uniform(-self.max_angle, self.max_angle))
        flip = bool(rng.random() < 0.5)
        small = (int(rng.integers(self.low_res_min, self.size + 1)) if rng.random() < self.low_res_fraction
                 else self.size)
        crop = crop_die(image, centre, side, small, angle, flip, tuple(int(c) for c in rng.integers(0, 256, 3)))
        if small != self.size:  # a die seen by a lower-resolution camera
            crop = cv2.resize(crop, (self.size, self.size), interpolation=cv2.INTER_LINEAR)
        offset = crop_point(true_centre, centre, side, angle, flip)
        place = np.array([offset[0], offset[1], np.log(CROP_SCALE * s / max(side, 1.0))], np.float32)
        return colour_jitter(crop, rng), value - 1, place

    def _negative(self, rng):
        """A crop of no die: a box the detector got wrong, or a random die-sized spot away from every die."""
        if self.hard and rng.random() < 0.6:
            k, j = self.hard[rng.integers(len(self.hard))]
            widest = self.near_die_negative_crop if (k, j) in self.near_die else None
            return self._sample(self.real.items[k][0], self.negatives[k][j], NOT_A_DIE + 1, rng, widest)
        image, boxes, _ = self.real.items[rng.integers(len(self.real.items))]
        h, w = image.shape[:2]
        sizes = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]) if len(boxes) else np.array([40.0])
        s = float(np.median(sizes)) * rng.uniform(0.7, 1.4)
        for _ in range(20):
            c = np.array([rng.uniform(0, w), rng.uniform(0, h)])
            if not _near_a_die((c[0], c[1], c[0], c[1]), boxes):
                break
        return self._sample(image, (c[0] - s / 2, c[1] - s / 2, c[0] + s / 2, c[1] + s / 2), NOT_A_DIE + 1, rng)

    def _blank(self, rng, tables: list):
        """A crop of a rendered colour die (faces of plain colour, no pips), labelled "not a die"."""
        from companion.vision.render_colour_die import render_colour_die_table

        while len(tables) < min(self.pool, 200) or rng.random() < 0.1:
            img, dice = render_colour_die_table(rng, 160, 160, n_colour=int(rng.integers(1, 3)))
            if dice:
                _keep(tables, (img, dice), min(self.pool, 200), rng)
                break
        img, dice = tables[rng.integers(len(tables))]
        return self._sample(img, dice[rng.integers(len(dice))].box, NOT_A_DIE + 1, rng)

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.seed, 7, info.id if info else 0])
        tables, blank_tables = [], []
        while True:
            if self.blanks and rng.random() < self.blanks:
                crop, label, place = self._blank(rng, blank_tables)
            elif self.real.items and rng.random() < self.negative_fraction:
                crop, label, place = self._negative(rng)
            elif self.dice and rng.random() < self.real_fraction:
                k, j = self.dice[rng.integers(len(self.dice))]
                image, boxes, values = self.real.items[k]
                crop, label, place = self._sample(image, boxes[j], int(values[j]), rng)
            else:
                if len(tables) < self.pool or rng.random() < 0.1:
                    img, dice = render_table(rng, 160, 160, n_dice=int(rng.integers(1, 4)), size_range=(24, 60),
                                             emblems=self.emblems, translucent=self.translucent,
                                             shadows=self.shadows)
                    if dice:
                        _keep(tables, (img, dice), self.pool, rng)
                    if not tables:
                        continue
                img, dice = tables[rng.integers(len(tables))]
                d = dice[rng.integers(len(dice))]
                crop, label, place = self._sample(img, d.box, EMBLEM + 1 if d.emblem else d.value, rng)
            rgb = cv2.cvtColor(crop, cv2.COLOR_BGR2RGB)
            yield torch.from_numpy(np.ascontiguousarray(rgb.transpose(2, 0, 1))).float() / 255.0, label, place


def _keep(tables: list, table, limit: int, rng) -> None:
    """Add a rendered table to a pool of at most ``limit``; a full pool has a random one replaced instead."""
    if len(tables) < limit:
        tables.append(table)
    else:
        tables[int(rng.integers(len(tables)))] = table


def _near_a_die(box, dice: np.ndarray) -> bool:
    """Whether a box's centre lies within one die side of a labelled die's centre (on it or touching it)."""
    if not len(dice):
        return False
    centre = np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])
    centres = np.stack([(dice[:, 0] + dice[:, 2]) / 2, (dice[:, 1] + dice[:, 3]) / 2], 1)
    sides = np.maximum(dice[:, 2] - dice[:, 0], dice[:, 3] - dice[:, 1])
    return bool(np.min(np.abs(centres - centre).max(axis=1) / np.maximum(sides, 1.0)) < 1.0)
