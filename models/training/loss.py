"""CenterNet losses: focal loss on the centre heatmap, cross-entropy on values near centres, L1 on boxes."""

from __future__ import annotations

import torch
import torch.nn.functional as F


def focal_heatmap_loss(logits, target, alpha: float = 2.0, beta: float = 4.0):
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    pos = target.ge(0.999).float()
    pos_loss = -torch.log(p) * (1 - p) ** alpha * pos
    neg_loss = -torch.log(1 - p) * p**alpha * (1 - target) ** beta * (1 - pos)
    n = pos.sum().clamp(min=1.0)
    return (pos_loss.sum() + neg_loss.sum()) / n


def dice_loss(outputs, heat_t, value_t, box_t, mask_t, weights):
    heat, value, box = outputs
    l_heat = focal_heatmap_loss(heat, heat_t)
    l_value = F.cross_entropy(value, value_t, ignore_index=-1) if (value_t >= 0).any() else value.sum() * 0
    m = mask_t.unsqueeze(1)
    n = mask_t.sum().clamp(min=1.0)
    l_off = (F.l1_loss(box[:, :2], box_t[:, :2], reduction="none") * m).sum() / n
    l_size = (F.l1_loss(box[:, 2:], box_t[:, 2:], reduction="none") * m).sum() / n
    total = weights["heat"] * l_heat + weights["value"] * l_value + weights["offset"] * l_off + weights["size"] * l_size
    return total, {"heat": l_heat.item(), "value": l_value.item(), "off": l_off.item(), "size": l_size.item()}
