"""Train face readers of a few widths from scratch, taught by the arbiter (models/dice_faces_arbiter.onnx).

    python models/distill.py --config models/configs/dice_faces-10-students.toml --device cuda --workers 14

The arbiter reads the validation photos far better than the shipped readers but is 93x their compute. Each
student (a FaceNet, models/training/faces.py, of the config's widths) learns on the readers' crops (real fit photos,
rendered tables, the detector's false boxes as "not a die") the labels and, at a temperature, the arbiter's
probabilities. All students see the same batches; the run stops at ``steps`` or ``time_limit`` seconds, whichever
comes first, its learning rate cooling over that, and writes each student's ONNX every ``save_every`` seconds.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "models"))
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from train import export_faces, face_stream, real_photos  # noqa: E402
from training.arbiter import ArbiterNet  # noqa: E402
from training.faces import NOT_A_DIE, FaceNet, load_exported_faces, mine_negatives  # noqa: E402


def load_arbiter(path: Path, width: int, crop: int) -> ArbiterNet:
    """The shipped arbiter as a torch network: its export folded each BatchNorm into the convolution before it,
    so each BN here is the identity plus that folded bias; the kernels are stored in half precision behind Casts."""
    import numpy as np
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    values = {i.name: numpy_helper.to_array(i).astype(np.float32) for i in model.graph.initializer}
    for node in model.graph.node:
        if node.op_type == "Cast" and node.input[0] in values:
            values[node.output[0]] = values[node.input[0]]
    net = ArbiterNet(width=width, values=NOT_A_DIE + 2, crop_size=crop)
    convs = [m for m in net.modules() if isinstance(m, torch.nn.Conv2d)]
    bns = [m for m in net.modules() if isinstance(m, torch.nn.BatchNorm2d)]
    nodes = [n for n in model.graph.node if n.op_type == "Conv"]
    gemms = [n for n in model.graph.node if n.op_type == "Gemm"]
    assert len(nodes) == len(convs) == len(bns) and len(gemms) == 2, "not the arbiter's shape"
    with torch.no_grad():
        for conv, bn, node in zip(convs, bns, nodes):
            weight = torch.tensor(values[node.input[1]])
            assert weight.shape == conv.weight.shape, f"{node.name}: {tuple(weight.shape)} vs {conv.weight.shape}"
            conv.weight.copy_(weight)
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.tensor(values[node.input[2]]))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        for linear, node in zip((net.classify[1], net.place[1]), gemms):
            linear.weight.copy_(torch.tensor(values[node.input[1]]))
            linear.bias.copy_(torch.tensor(values[node.input[2]]))
    return net.eval()


def lr_at(peak: float, step: int, done: float, warmup: int) -> float:
    """Warm-up, then a cosine over the run's progress: a run cut short by its time limit still cools down."""
    return peak * min(1.0, (step + 1) / warmup) * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * min(1.0, done))))


def student_loss(out, x_soft, y, target, t: float, alpha: float):
    logits, placed = out if isinstance(out, tuple) else (out, None)
    logits = logits.float()
    hard = F.cross_entropy(logits, y, label_smoothing=0.05)
    taught = F.kl_div(F.log_softmax(logits / t, dim=1), x_soft, reduction="batchmean") * t * t
    loss = alpha * taught + (1 - alpha) * hard
    is_die = y != NOT_A_DIE  # where the die is: learnt on crops of a die only
    if placed is not None and is_die.any():
        loss = loss + 2.0 * F.smooth_l1_loss(placed[is_die].float(), target[is_die], beta=0.05)
    return loss, logits


def train(cfg: dict, device, log, save) -> list:
    sc, crop = cfg["students"], cfg["faces"]["crop_size"]
    real = real_photos(cfg)
    negatives = mine_negatives(str(ROOT / cfg["mine_with"]), real)
    log(f"{len(real)} fit photos; hard negatives mined with {cfg['mine_with']}: {sum(len(n) for n in negatives)}")
    teacher = load_arbiter(ROOT / cfg["teacher"], 48, crop).to(device).to(memory_format=torch.channels_last)
    specs = cfg["student"]
    students = [(load_exported_faces(str(ROOT / s["init"]), place=s["place"], values=NOT_A_DIE + 2) if "init" in s
                 else FaceNet(widths=tuple(s["widths"]), values=NOT_A_DIE + 2, place=s["place"], crop_size=crop))
                .to(device) for s in specs]
    opts = [torch.optim.AdamW(s.parameters(), lr=sc["lr"], weight_decay=cfg["weight_decay"]) for s in students]
    loader = torch.utils.data.DataLoader(face_stream(real, cfg["faces"], cfg["seed"], negatives),
                                         batch_size=sc["batch"], num_workers=cfg["workers"],
                                         pin_memory=device.type == "cuda")
    t, alpha, steps, limit = sc["temperature"], sc["alpha"], sc["steps"], sc["time_limit"]
    start = last_save = time.time()
    for s in students:
        s.train()
    step = 0
    for step, (x, y, target) in enumerate(loader):
        done = max(step / steps, (time.time() - start) / limit)
        if done >= 1.0:
            break
        x, y, target = (v.to(device, non_blocking=True) for v in (x, y, target))
        with torch.no_grad(), torch.autocast(device_type=device.type, dtype=torch.bfloat16,
                                             enabled=device.type == "cuda"):
            soft = F.softmax(teacher(x.contiguous(memory_format=torch.channels_last))[0].float() / t, dim=1)
        report = [f"teacher acc {(soft.argmax(1) == y).float().mean().item():.3f}"] if step % 500 == 0 else []
        for student, opt in zip(students, opts):
            for group in opt.param_groups:
                group["lr"] = lr_at(sc["lr"], step, done, sc["warmup_steps"])
            with torch.autocast(device_type=device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
                out = student(x)
            loss, logits = student_loss(out, soft, y, target, t, alpha)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            if step % 500 == 0:  # reading a loss waits for the GPU: only now and then
                report.append(f"{loss.item():.4f} acc {(logits.argmax(1) == y).float().mean().item():.3f}")
        if report:
            log(f"step {step}/{steps} " + " | ".join(report) + f" | {time.time() - start:.0f} s")
        if time.time() - last_save > sc["save_every"]:  # a run cut short still leaves its students
            save(students)
            last_save = time.time()
    log(f"stopped at step {step} of {steps} ({time.time() - start:.0f} s)")
    return students


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", required=True)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--workers", type=int, help="override the config's data-loading worker count")
    parser.add_argument("--output", help="override the config's output folder")
    parser.add_argument("--data", help="a folder holding the real sets by name, for the config's real_sets")
    parser.add_argument("--steps", type=int, help="override the steps (smoke runs)")
    parser.add_argument("--time-limit", type=float, help="override the time limit in seconds")
    args = parser.parse_args(argv)
    cfg = tomllib.loads(Path(args.config).read_text())
    if args.workers is not None:
        cfg["workers"] = args.workers
    if args.data:
        cfg["real_sets"] = [str(Path(args.data).resolve() / Path(s).name) for s in cfg["real_sets"]]
    if args.steps:
        cfg["students"]["steps"] = args.steps
    if args.time_limit:
        cfg["students"]["time_limit"] = args.time_limit
    out = Path(args.output or ROOT / cfg["output"])
    out.mkdir(parents=True, exist_ok=True)
    begun = time.time()

    def log(line: str) -> None:
        print(f"[{time.time() - begun:6.0f} s] {line}", flush=True)

    def save(students) -> None:
        for student, spec in zip(students, cfg["student"]):
            export_faces(student.float(), out / spec["name"], cfg["faces"]["crop_size"])

    torch.manual_seed(cfg["seed"])
    torch.set_num_threads(cfg["threads"])
    students = train(cfg, torch.device(args.device), log, save)
    save(students)
    log("written: " + ", ".join(s["name"] for s in cfg["student"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
