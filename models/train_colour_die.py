"""Train the colour-die reader (models/colour_dice.onnx) on rendered tables, and export it to ONNX.

    python models/train_colour_die.py --config models/configs/colour_dice.toml [--steps N] [--output PATH]

The network is the pip-dice detector's (training/model.py, DiceNet) with its six classes the six face colours
(companion/vision/colour_die.py). No photographs of colour dice exist, so every sample is rendered
(companion/vision/render_colour_die.py), from a seed: a run is reproducible from its config.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "models"))
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

from companion.vision.colour_die import COLOUR_DIE_COLOURS  # noqa: E402
from companion.vision.render_colour_die import render_colour_die_table  # noqa: E402
from train import fit_detector  # noqa: E402
from training.data import make_targets  # noqa: E402
from training.model import DiceNet, ExportWrapper, count_macs  # noqa: E402


class ColourDieStream(torch.utils.data.IterableDataset):
    """Endless, seeded rendered crops at the scale the reader gives frames, with CenterNet targets."""

    def __init__(self, crop: int, seed: int, size_range: tuple[float, float]):
        self.crop, self.seed, self.size_range = crop, seed, size_range

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.seed, info.id if info else 0])
        while True:
            img, dice = render_colour_die_table(rng, self.crop, self.crop, size_range=self.size_range)
            boxes = np.array([d.box for d in dice], np.float32).reshape(-1, 4)
            centres = np.stack([(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2], 1)
            wh = np.stack([boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]], 1)
            heat, value, box, mask = make_targets(centres, wh, np.array([d.value for d in dice], np.int64), self.crop)
            x = torch.from_numpy(np.ascontiguousarray(cv2.cvtColor(img, cv2.COLOR_BGR2RGB).transpose(2, 0, 1)))
            yield (x.float() / 255.0, torch.from_numpy(heat), torch.from_numpy(value), torch.from_numpy(box),
                   torch.from_numpy(mask))


def train(cfg: dict, steps: int, output: Path) -> None:
    torch.manual_seed(cfg["seed"])
    torch.set_num_threads(cfg["threads"])
    m = cfg["model"]
    net = DiceNet(widths=tuple(m["widths"]), depths=tuple(m["depths"]), neck=m["neck"], values=6)
    macs = count_macs(ExportWrapper(net), cfg["input_size"])
    print(f"colour-die model: {sum(p.numel() for p in net.parameters())} parameters, "
          f"{2 * macs / 1e9:.3f} GFLOP at {cfg['input_size']}px", flush=True)
    stream = ColourDieStream(cfg["crop"], cfg["seed"], tuple(cfg["size_range"]))
    loader = torch.utils.data.DataLoader(stream, batch_size=cfg["batch"], num_workers=cfg["workers"],
                                         persistent_workers=cfg["workers"] > 0)
    fit_detector(net, loader, cfg, steps, output, meta={"kind": "colour", "classes": list(COLOUR_DIE_COLOURS)})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default=str(ROOT / "models" / "configs" / "colour_dice.toml"))
    parser.add_argument("--steps", type=int, help="override the number of steps (smoke runs)")
    parser.add_argument("--output", help="override the ONNX output path")
    args = parser.parse_args(argv)
    cfg = tomllib.loads(Path(args.config).read_text())
    train(cfg, args.steps or cfg["steps"], Path(args.output) if args.output else ROOT / cfg["output"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
