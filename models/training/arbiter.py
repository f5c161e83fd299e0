"""The arbiter: a wide residual face reader, for the few dice of a settled roll the small readers are unsure of.

Why: the face readers are six small layers so that a Pi reads 31 dice a frame in time. A reader 93 times their
compute reads the validation photos far better (models/README.md), too slowly for every frame but in time for the
handful of unsure dice once a roll has settled (companion/vision/arbiter.py).
"""

from __future__ import annotations

import torch.nn as nn

from training.faces import PLACE_OUTPUTS


class Block(nn.Module):
    """Two 3x3 convolutions with a shortcut (a 1x1 one where the shape changes)."""

    def __init__(self, cin: int, cout: int, stride: int = 1):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout),
                                  nn.ReLU(inplace=True), nn.Conv2d(cout, cout, 3, 1, 1, bias=False),
                                  nn.BatchNorm2d(cout))
        self.skip = (nn.Identity() if stride == 1 and cin == cout else
                     nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout)))
        self.out = nn.ReLU(inplace=True)

    def forward(self, x):
        return self.out(self.body(x) + self.skip(x))


class ArbiterNet(nn.Module):
    """Value logits of a 48 px die crop and where the die is in it, as FaceNet answers (models/training/faces.py)."""

    def __init__(self, width: int = 48, values: int = 8, crop_size: int = 48):
        super().__init__()
        w = width
        self.features = nn.Sequential(
            nn.Conv2d(3, w, 3, 1, 1, bias=False), nn.BatchNorm2d(w), nn.ReLU(inplace=True),
            Block(w, w), Block(w, 2 * w, 2), Block(2 * w, 2 * w), Block(2 * w, 4 * w, 2), Block(4 * w, 4 * w),
            Block(4 * w, 8 * w, 2), Block(8 * w, 8 * w))
        self.classify = nn.Sequential(nn.Dropout(0.2), nn.Linear(8 * w, values))
        cells = (-(-crop_size // 8)) ** 2
        self.place = nn.Sequential(nn.Flatten(), nn.Linear(8 * w * cells, PLACE_OUTPUTS))

    def forward(self, x):
        f = self.features(x)
        return self.classify(f.mean(dim=(2, 3))), self.place(f)
