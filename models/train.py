"""Train the dice detector and the face reader, and export both to ONNX.

    python models/train.py --config models/configs/dice-1-train.toml [--stage all|detector|faces] [--steps N]

Stage 'detector' writes models/dice.onnx (finds dice, first guess at values); stage 'faces'
writes models/dice_faces.onnx (reads each found die from a full-resolution crop).

Reproducible: the config fixes the seed, data mix and schedule; the held-out photos
(companion.vision.labels.is_heldout) are never loaded. ``--device cuda --workers N`` trains on a GPU, the samples
still rendered and cut on the CPU by N processes; the models are exported from a CPU copy either way.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "models"))
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from training.data import DiceStream, RealPhotos  # noqa: E402
from training.loss import dice_loss  # noqa: E402
from training.faces import (CROP_SCALE, EMBLEM, NOT_A_DIE, FaceExport, FaceNet, FaceStream, load_exported_faces,  # noqa: E402
                            mine_negatives)
from training.model import DiceNet, ExportWrapper, count_macs, load_exported_detector  # noqa: E402


def export_onnx(net: DiceNet, path: Path, input_size: int, extra: dict | None = None) -> None:
    """``extra``: more metadata for the reader (a colour-die model names its classes)."""
    import onnx

    net = copy.deepcopy(net).cpu().eval()  # exported from a CPU copy: training may run on a GPU
    wrapper = ExportWrapper(net)
    dummy = torch.zeros(1, 3, input_size, input_size)
    tmp = path.with_suffix(".tmp.onnx")
    outputs = ["heat", "value", "box"]
    # any height and width (the net is fully convolutional): the reader fits each frame to the square's
    # pixel count at the frame's own aspect ratio (companion/vision/fit.py, models/free_input.py)
    free = {"image": {2: "height", 3: "width"}, **{name: {2: "rows", 3: "cols"} for name in outputs}}
    torch.onnx.export(wrapper, dummy, str(tmp), input_names=["image"], output_names=outputs, dynamic_axes=free,
                      opset_version=17, dynamo=False)
    model = onnx.load(str(tmp))
    onnx.checker.check_model(model)
    meta = model.metadata_props.add()
    meta.key, meta.value = "companion", json.dumps({"input_size": input_size, "stride": 4, "input": "RGB 0-255 NCHW",
                                                    "pixels": input_size * input_size,
                                                    "multiple": DiceNet.COARSEST_STRIDE, **(extra or {})})
    onnx.save(model, str(path))
    tmp.unlink()


def export_faces(net: FaceNet, path: Path, size: int) -> None:
    import onnx

    net = copy.deepcopy(net).cpu().eval()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.onnx")
    outputs = ["value"] + (["place"] if net.place is not None else [])
    torch.onnx.export(FaceExport(net), torch.zeros(2, 3, size, size), str(tmp), input_names=["crops"],
                      output_names=outputs, dynamic_axes={"crops": {0: "dice"}, **{o: {0: "dice"} for o in outputs}},
                      opset_version=17, dynamo=False)
    model = onnx.load(str(tmp))
    onnx.checker.check_model(model)
    meta = model.metadata_props.add()
    meta.key, meta.value = "companion", json.dumps({"crop_size": size, "crop_scale": CROP_SCALE,
                                                    "input": "RGB 0-255 NCHW"})
    onnx.save(model, str(path))
    tmp.unlink()


def our_label_fixes(cfg: dict) -> dict:
    """Which of our corrections to the training labels a config asks for (companion/vision/labels.py)."""
    return {"add_missing": cfg.get("add_missing_dice", False), "fix_values": cfg.get("fix_label_values", False)}


def real_photos(cfg: dict) -> RealPhotos:
    """The config's real sets (paths relative to the repo root) in its ``train_split``, with our label fixes."""
    folders = [f if Path(f).is_absolute() else str((ROOT / f).resolve()) for f in cfg["real_sets"]]
    return RealPhotos(folders, split=cfg.get("train_split", "train"), **our_label_fixes(cfg))


def warm_cosine(peak: float, step: int, steps: int, warmup: int) -> float:
    """The face readers' learning rate (the arbiter's too): a linear warm-up over ``warmup`` steps, times a cosine
    from ``peak`` down to 2% of it at ``steps``."""
    return peak * min(1.0, (step + 1) / warmup) * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * step / steps)))


def face_stream(real: RealPhotos, fc: dict, seed: int, negatives: list | None) -> FaceStream:
    """The face readers' crops as a config's [faces] section describes them (the arbiter's too:
    models/train_arbiter.py)."""
    return FaceStream(real, fc["crop_size"], fc["real_fraction"], seed, negatives=negatives,
                      negative_fraction=fc.get("negative_fraction", 0.0),
                      low_res_fraction=fc.get("low_res_fraction", 0.4), low_res_min=fc.get("low_res_min", 16),
                      crop_jitter=tuple(fc.get("crop_jitter", (0.8, 1.5))),
                      centre_jitter=fc.get("centre_jitter", 0.08), min_crop=fc.get("min_crop", 0.0),
                      near_die_negative_crop=fc.get("near_die_negative_crop"), emblems=fc.get("emblems", 0.0),
                      blanks=fc.get("blanks", 0.0), translucent=fc.get("translucent", 0.0),
                      shadows=fc.get("shadows", 0.0), max_angle=fc.get("max_angle"))


def train_faces(cfg: dict, steps: int | None, output: str | None, mine_with: str | None = None,
                init: str | None = None) -> None:
    fc = cfg["faces"]
    steps = steps or fc["steps"]
    output_path = ROOT / (output or fc["output"])
    torch.manual_seed(cfg["seed"] + 1)
    torch.set_num_threads(cfg["threads"])
    place = bool(fc.get("place", False))  # also learn where the die is in its crop (FaceNet's placing head)
    values = (EMBLEM if fc.get("emblems", 0) > 0 else NOT_A_DIE) + 1  # the emblem class, when the config renders them
    net = (load_exported_faces(init, place=place, values=values) if init
           else FaceNet(widths=tuple(fc["widths"]), values=values, place=place, crop_size=fc["crop_size"]))
    if init:
        print(f"faces: starting from the weights of {init}", flush=True)
    device = torch.device(cfg.get("device", "cpu"))
    macs = count_macs(net, fc["crop_size"])
    print(f"faces: {sum(p.numel() for p in net.parameters())} parameters, {macs / 1e6:.1f} MMAC per die "
          f"at {fc['crop_size']}px", flush=True)
    real = real_photos(cfg)
    negatives = None
    detector = Path(mine_with) if mine_with else ROOT / cfg["output"]
    if fc.get("negative_fraction", 0) > 0:
        negatives = mine_negatives(str(detector), real)
        print(f"hard negatives mined with {detector.name} on the training photos: "
              f"{sum(len(n) for n in negatives)}", flush=True)
    stream = face_stream(real, fc, cfg["seed"], negatives)
    if stream.near_die_negative_crop:
        print(f"hard negatives on or touching a labelled die, cut at most {stream.near_die_negative_crop} x "
              f"{CROP_SCALE} x their box: {len(stream.near_die)}", flush=True)
    loader = torch.utils.data.DataLoader(stream, batch_size=fc["batch"], num_workers=cfg["workers"],
                                         persistent_workers=cfg["workers"] > 0)
    net.to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=fc["lr"], weight_decay=cfg["weight_decay"])
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    start, run_loss, run_acc = time.time(), None, None
    place_weight = fc.get("place_weight", 1.0)
    for step, (x, y, target) in enumerate(loader):
        if step >= steps:
            break
        x, y, target = x.to(device), y.to(device), target.to(device)
        for group in opt.param_groups:
            group["lr"] = warm_cosine(fc["lr"], step, steps, 200)
        out = net(x)
        logits, placed = out if net.place is not None else (out, None)
        loss = loss_fn(logits, y)
        if placed is not None:  # placing loss on the dice only: a crop of no die has no place
            is_die = y != NOT_A_DIE
            if is_die.any():
                loss = loss + place_weight * torch.nn.functional.smooth_l1_loss(placed[is_die], target[is_die],
                                                                                beta=0.05)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        acc = (logits.argmax(1) == y).float().mean().item()
        run_loss = loss.item() if run_loss is None else 0.98 * run_loss + 0.02 * loss.item()
        run_acc = acc if run_acc is None else 0.98 * run_acc + 0.02 * acc
        if step % 100 == 0 or step == steps - 1:
            el = time.time() - start
            print(f"faces step {step}/{steps} loss {run_loss:.4f} train acc {run_acc:.4f} | {el / 60:.1f} min, "
                  f"eta {el / (step + 1) * (steps - step - 1) / 60:.1f} min", flush=True)
        if (step + 1) % cfg["export_every"] == 0:
            export_faces(net, output_path, fc["crop_size"])
    export_faces(net, output_path, fc["crop_size"])
    print(f"done: {output_path} ({output_path.stat().st_size / 1e6:.2f} MB) in {(time.time() - start) / 60:.1f} min",
          flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default=str(ROOT / "models" / "configs" / "dice-1-train.toml"))
    parser.add_argument("--stage", choices=("all", "detector", "faces"), default="all")
    parser.add_argument("--steps", type=int, help="override the number of steps (smoke runs)")
    parser.add_argument("--output", help="override the ONNX output path")
    parser.add_argument("--resume", help="detector checkpoint to continue from (its step count is kept)")
    parser.add_argument("--mine-with", help="detector used to mine the face reader's hard negatives "
                                            "(default: the config's output, i.e. the detector just trained)")
    parser.add_argument("--threads", type=int, help="override the config's torch thread count")
    parser.add_argument("--device", help="torch device to train on (default: the config's, else cpu)")
    parser.add_argument("--workers", type=int, help="override the config's data-loading worker count")
    parser.add_argument("--detector-init", help="exported detector (ONNX) whose weights the detector stage starts from")
    parser.add_argument("--faces-init", help="exported face reader (ONNX) whose weights the face stage starts from")
    args = parser.parse_args(argv)
    cfg = tomllib.loads(Path(args.config).read_text())
    if args.threads:
        cfg["threads"] = args.threads
    if args.device:
        cfg["device"] = args.device
    if args.workers is not None:
        cfg["workers"] = args.workers
    if args.stage in ("all", "detector"):
        train_detector(cfg, args.steps, args.output if args.stage == "detector" else None, args.resume,
                       args.detector_init)
    if args.stage in ("all", "faces"):
        train_faces(cfg, args.steps, args.output if args.stage == "faces" else None, args.mine_with, args.faces_init)
    return 0


def train_detector(cfg: dict, steps_override: int | None, output_override: str | None,
                   resume: str | None = None, init: str | None = None) -> None:
    steps = steps_override or cfg["steps"]
    output = ROOT / (output_override or cfg["output"])
    ckpt = ROOT / cfg["checkpoint"]
    ckpt.parent.mkdir(parents=True, exist_ok=True)

    torch.manual_seed(cfg["seed"])
    np.random.seed(cfg["seed"] % 2**32)
    torch.set_num_threads(cfg["threads"])
    shape = tuple(cfg["model"]["widths"]), tuple(cfg["model"]["depths"]), cfg["model"]["neck"]
    net = load_exported_detector(init, *shape) if init else DiceNet(widths=shape[0], depths=shape[1], neck=shape[2])
    macs = count_macs(ExportWrapper(net), cfg["input_size"])
    print(f"model: {sum(p.numel() for p in net.parameters())} parameters, "
          f"{macs / 1e9:.3f} GMAC = {2 * macs / 1e9:.3f} GFLOP at {cfg['input_size']}px", flush=True)

    real = real_photos(cfg)
    print(f"real training photos: {len(real)} (held-out photos excluded)", flush=True)
    stream = DiceStream(real, cfg["crop"], cfg["input_size"], cfg["real_fraction"], cfg["seed"],
                        frame_scale=cfg.get("frame_scale", False), board_fraction=cfg.get("board_fraction", 0.0),
                        close_ups=cfg.get("close_up_fraction", 0.0), emblems=cfg.get("emblems", 0.0),
                        translucent=cfg.get("translucent", 0.0), shadows=cfg.get("shadows", 0.0))
    loader = torch.utils.data.DataLoader(stream, batch_size=cfg["batch"], num_workers=cfg["workers"],
                                         persistent_workers=cfg["workers"] > 0)
    first_step = 0
    if resume:
        state = torch.load(resume, map_location="cpu", weights_only=False)
        net.load_state_dict(state["model"])
        # a run started from an export trains with its folded statistics frozen; so does its continuation
        net.frozen_statistics = state.get("frozen_statistics", False)
        net.train()
        first_step = int(state["step"])
        print(f"resumed from {resume} at step {first_step}", flush=True)
    fit_detector(net, loader, cfg, steps, output, first_step=first_step, checkpoint=ckpt)


def fit_detector(net: DiceNet, loader, cfg: dict, steps: int, output: Path, first_step: int = 0,
                 checkpoint: Path | None = None, meta: dict | None = None) -> None:
    """The detector's training loop, for the pip-dice detector and the colour-die reader alike: warm-up then cosine
    learning rate, CenterNet loss, the ONNX file (``meta``: its extra metadata) and the torch ``checkpoint`` written
    every ``export_every`` steps, so a cut-short run still ships something, and at the end."""
    device = torch.device(cfg.get("device", "cpu"))
    net.to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])

    def lr_at(step):
        if step < cfg["warmup_steps"]:
            return cfg["lr"] * (step + 1) / cfg["warmup_steps"]
        t = (step - cfg["warmup_steps"]) / max(1, steps - cfg["warmup_steps"])
        return cfg["lr"] * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * t)))

    def save(step):
        if checkpoint is not None:
            torch.save({"model": net.state_dict(), "step": step, "config": cfg,
                        "frozen_statistics": getattr(net, "frozen_statistics", False)}, checkpoint)
        export_onnx(net, output, cfg["input_size"], meta)

    net.train()
    start = time.time()
    running: dict[str, float] = {}
    for step, (x, heat_t, value_t, box_t, mask_t) in enumerate(loader, start=first_step):
        if step >= steps:
            break
        for group in opt.param_groups:
            group["lr"] = lr_at(step)
        x, heat_t, value_t, box_t, mask_t = (t.to(device) for t in (x, heat_t, value_t, box_t, mask_t))
        loss, parts = dice_loss(net.forward_raw(x), heat_t, value_t, box_t, mask_t, cfg["loss"])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 5.0)
        opt.step()
        for k, v in parts.items():
            running[k] = 0.98 * running.get(k, v) + 0.02 * v
        if step % 50 == 0 or step == steps - 1:
            el = time.time() - start
            print(f"step {step}/{steps} lr {lr_at(step):.5f} " + " ".join(f"{k} {v:.4f}" for k, v in running.items())
                  + f" | {el / 60:.1f} min, eta {el / (step + 1 - first_step) * (steps - step - 1) / 60:.1f} min",
                  flush=True)
        if (step + 1) % cfg["export_every"] == 0 and step + 1 < steps:
            save(step + 1)
            print(f"exported {output} at step {step + 1}", flush=True)
    save(steps)
    print(f"done: {output} ({output.stat().st_size / 1e6:.2f} MB) in {(time.time() - start) / 60:.1f} min", flush=True)


if __name__ == "__main__":
    sys.exit(main())
