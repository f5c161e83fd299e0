"""DiceNet: a tiny CenterNet-style detector — one 'die centre' heatmap, a face-value map and box sizes.

Why this shape: finding dice and reading them are separate heads, so a die whose value is uncertain
is still found (one peak per die, not one per guessed value). Stride 4 keeps 20-pixel dice resolvable;
depthwise-separable blocks keep it well under 1 GFLOP at 384x384 for a Raspberry Pi CPU.
"""

from __future__ import annotations

import torch
import torch.nn as nn
import torch.nn.functional as F
from quantize import float_model  # models/quantize.py (models/ is on the path): int8 copies are refused


def conv_bn(cin: int, cout: int, k: int = 3, stride: int = 1, groups: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class SeparableBlock(nn.Module):
    """3x3 depthwise + 1x1 pointwise, residual when the shape is kept."""

    def __init__(self, cin: int, cout: int, stride: int = 1):
        super().__init__()
        self.dw = conv_bn(cin, cin, 3, stride, groups=cin)
        self.pw = nn.Sequential(nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout))
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.pw(self.dw(x))
        return F.relu(y + x if self.residual else y)


class DiceNet(nn.Module):
    COARSEST_STRIDE = 16  # an input's sides must be multiples of it, so the top-down neck's maps line up

    def __init__(self, widths=(16, 24, 48, 96), depths=(1, 2, 3), neck: int = 32, values: int = 6):
        super().__init__()
        w0, w1, w2, w3 = widths
        self.stem = nn.Sequential(conv_bn(3, w0, 3, 2), conv_bn(w0, w1, 3, 2))  # stride 4
        self.s4 = nn.Sequential(*[SeparableBlock(w1, w1) for _ in range(depths[0])])
        self.s8 = nn.Sequential(SeparableBlock(w1, w2, 2), *[SeparableBlock(w2, w2) for _ in range(depths[1])])
        self.s16 = nn.Sequential(SeparableBlock(w2, w3, 2), *[SeparableBlock(w3, w3) for _ in range(depths[2])])
        self.lat16 = conv_bn(w3, neck, 1)
        self.lat8 = conv_bn(w2, neck, 1)
        self.lat4 = conv_bn(w1, neck, 1)
        self.fuse8 = SeparableBlock(neck, neck)
        self.fuse4 = SeparableBlock(neck, neck)
        self.head = SeparableBlock(neck, neck)
        self.out_heat = nn.Conv2d(neck, 1, 1)
        self.out_value = nn.Conv2d(neck, values, 1)
        self.out_box = nn.Conv2d(neck, 4, 1)  # dx, dy (offset in the cell), log w, log h (in cells)
        nn.init.constant_(self.out_heat.bias, -2.19)  # start at p=0.1 so the focal loss is stable

    def train(self, mode: bool = True):
        super().train(mode)
        if getattr(self, "frozen_statistics", False):  # started from an export: its BN is folded away
            for m in self.modules():
                if isinstance(m, nn.BatchNorm2d):
                    m.eval()
        return self

    def forward_raw(self, x):
        x4 = self.s4(self.stem(x))
        x8 = self.s8(x4)
        x16 = self.s16(x8)
        y = self.lat16(x16)
        y = self.fuse8(F.interpolate(y, scale_factor=2.0, mode="nearest") + self.lat8(x8))
        y = self.fuse4(F.interpolate(y, scale_factor=2.0, mode="nearest") + self.lat4(x4))
        y = self.head(y)
        return self.out_heat(y), self.out_value(y), self.out_box(y)


def load_exported_detector(path: str, widths, depths, neck: int) -> DiceNet:
    """A DiceNet of this shape holding an exported detector's weights, to train further.

    The export folded each BatchNorm into its convolution: each BN starts as the identity plus the folded bias,
    statistics frozen, so the network computes what the ONNX file computes (as training/faces.py's reader
    loader does). Convolutions are matched in the order the network runs them, shapes checked.
    """
    from onnx import numpy_helper

    model = float_model(path)
    inits = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    nodes = [n for n in model.graph.node if n.op_type == "Conv"]
    values = int(inits[nodes[-2].input[1]].shape[0])
    net = DiceNet(widths=tuple(widths), depths=tuple(depths), neck=neck, values=values)
    order: list[nn.Conv2d] = []
    hooks = [m.register_forward_hook(lambda mod, i, o: order.append(mod)) for m in net.modules()
             if isinstance(m, nn.Conv2d)]
    net.eval()
    with torch.no_grad():
        net.forward_raw(torch.zeros(1, 3, 64, 64))
    for h in hooks:
        h.remove()
    if len(order) != len(nodes):
        raise ValueError(f"{path} has {len(nodes)} convolutions, a DiceNet of this shape {len(order)}")
    batch_norm_after = {id(seq[0]): seq[1] for seq in net.modules()
                        if isinstance(seq, nn.Sequential) and len(seq) > 1 and isinstance(seq[1], nn.BatchNorm2d)}
    with torch.no_grad():
        for conv, node in zip(order, nodes):
            weight, bias = inits[node.input[1]], inits[node.input[2]]
            if tuple(weight.shape) != tuple(conv.weight.shape):
                raise ValueError(f"{path}: {node.name} is {weight.shape}, the DiceNet's is {tuple(conv.weight.shape)}")
            conv.weight.copy_(torch.tensor(weight))
            bn = batch_norm_after.get(id(conv))
            if bn is None:
                conv.bias.copy_(torch.tensor(bias))
            else:
                bn.weight.fill_(1.0)
                bn.bias.copy_(torch.tensor(bias))
                bn.running_mean.zero_()
                bn.running_var.fill_(1.0 - bn.eps)
    net.frozen_statistics = True
    net.train()
    return net


class ExportWrapper(nn.Module):
    """Takes uint8-range RGB as float NCHW (0..255) and returns probabilities, for ONNX."""

    def __init__(self, net: DiceNet):
        super().__init__()
        self.net = net

    def forward(self, x):
        heat, value, box = self.net.forward_raw(x / 255.0)
        return torch.sigmoid(heat), torch.softmax(value, dim=1), box


def count_macs(model: nn.Module, size: int) -> int:
    """Multiply-accumulates of one forward pass at size x size (convolutions, which dominate)."""
    total = 0

    def hook(mod, inp, out):
        nonlocal total
        k = mod.kernel_size[0] * mod.kernel_size[1]
        total += out.numel() // out.shape[0] * (mod.in_channels // mod.groups) * k

    handles = [m.register_forward_hook(hook) for m in model.modules() if isinstance(m, nn.Conv2d)]
    was_training = model.training
    model.eval()
    with torch.no_grad():
        model(torch.zeros(1, 3, size, size))
    model.train(was_training)
    for h in handles:
        h.remove()
    return total
