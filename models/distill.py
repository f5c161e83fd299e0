"""Teach the two shipped face readers from a wide one: train the teacher, then both readers on its answers.

    python models/distill.py --config models/configs/dice_faces-8-distill.toml [--device cuda --workers 15]

Stage 1 trains models/training/teacher.py's TeacherNet from scratch on the readers' crops (real fit photos,
rendered tables, the detector's mistakes as "not a die"). Stage 2 fine-tunes both float readers (models/float/)
together on fresh crops of the same stream: each learns the labels and, at a temperature, the teacher's
probabilities (knowledge distillation); the first also keeps learning where the die is in its crop. The float
readers are written to ``output`` (quantize them with models/quantize.py), the teacher beside them as
teacher.pt. Each stage stops at its ``steps`` or its ``time_limit`` (seconds), whichever comes first, and its
learning rate cools down over that.
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

from train import export_faces, real_photos  # noqa: E402
from training.faces import NOT_A_DIE, FaceStream, load_exported_faces, mine_negatives  # noqa: E402
from training.teacher import TeacherNet  # noqa: E402


def stream_for(cfg: dict, real, negatives, seed: int) -> FaceStream:
    fc = cfg["faces"]
    return FaceStream(real, fc["crop_size"], fc["real_fraction"], seed, negatives=negatives,
                      negative_fraction=fc["negative_fraction"], low_res_fraction=fc["low_res_fraction"],
                      low_res_min=fc["low_res_min"], crop_jitter=tuple(fc["crop_jitter"]),
                      centre_jitter=fc["centre_jitter"], emblems=fc["emblems"], blanks=fc["blanks"],
                      translucent=fc["translucent"], shadows=fc["shadows"], max_angle=fc["max_angle"])


def batches(cfg: dict, stream: FaceStream, batch: int, device):
    loader = torch.utils.data.DataLoader(stream, batch_size=batch, num_workers=cfg["workers"],
                                         pin_memory=device.type == "cuda")
    for x, y, place in loader:
        yield x.to(device, non_blocking=True), y.to(device, non_blocking=True), place.to(device, non_blocking=True)


def progress(step: int, steps: int, start: float, limit: float) -> float:
    """How far a stage is, 0 to 1: by its steps, or by its time limit when that comes first."""
    return max(step / steps, (time.time() - start) / limit)


def lr_at(peak: float, step: int, done: float, warmup: int) -> float:
    """Warm-up, then a cosine over the stage's progress: a stage cut short by its time limit still cools down."""
    return peak * min(1.0, (step + 1) / warmup) * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * min(1.0, done))))


def place_loss(placed, target, y, weight: float):
    """Where the die is: learnt on crops of a die only (a crop of no die has no place)."""
    is_die = y != NOT_A_DIE
    if not is_die.any():
        return placed.sum() * 0.0
    return weight * F.smooth_l1_loss(placed[is_die].float(), target[is_die], beta=0.05)


def autocast(device):
    return torch.autocast(device_type=device.type, dtype=torch.bfloat16, enabled=device.type == "cuda")


def train_teacher(cfg: dict, data, device, log) -> TeacherNet:
    tc = cfg["teacher"]
    net = TeacherNet(width=tc["width"], values=NOT_A_DIE + 2, crop_size=cfg["faces"]["crop_size"]).to(device)
    net = net.to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(net.parameters(), lr=tc["lr"], weight_decay=tc["weight_decay"])
    start, steps = time.time(), tc["steps"]
    net.train()
    for step, (x, y, target) in enumerate(data):
        done = progress(step, steps, start, tc["time_limit"])
        if done >= 1.0:
            break
        for group in opt.param_groups:
            group["lr"] = lr_at(tc["lr"], step, done, 300)
        with autocast(device):
            logits, placed = net(x.contiguous(memory_format=torch.channels_last))
            loss = F.cross_entropy(logits.float(), y, label_smoothing=0.05) + place_loss(placed, target, y, 2.0)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if step % 500 == 0:  # reading a loss waits for the GPU: only now and then
            acc = (logits.argmax(1) == y).float().mean().item()
            log(f"teacher step {step}/{steps} loss {loss.item():.4f} batch acc {acc:.4f} | {time.time() - start:.0f} s")
    data.close()  # its workers stop
    log(f"teacher: stopped at step {step} of {steps} ({time.time() - start:.0f} s)")
    return net.eval()


def train_students(cfg: dict, teacher: TeacherNet, data, device, log, save=None) -> list:
    sc = cfg["students"]
    crop = cfg["faces"]["crop_size"]
    students = ([load_exported_faces(str(ROOT / path), values=NOT_A_DIE + 2) for path in sc.get("init", [])]
                + [TeacherNet(width=w, values=NOT_A_DIE + 2, crop_size=crop) for w in sc.get("widths", [])])
    students = [s.to(device) for s in students]  # channels_last crashed a 6-wide one's backward pass (CPU)
    opts = [torch.optim.AdamW(s.parameters(), lr=sc["lr"], weight_decay=cfg["weight_decay"]) for s in students]
    t, alpha = sc["temperature"], sc["alpha"]
    start, steps = time.time(), sc["steps"]
    last_save = start
    for s in students:
        s.train()
    for step, (x, y, target) in enumerate(data):
        done = progress(step, steps, start, sc["time_limit"])
        if done >= 1.0:
            break
        with torch.no_grad(), autocast(device):
            soft = F.softmax(teacher(x.contiguous(memory_format=torch.channels_last))[0].float() / t, dim=1)
        report = []
        for student, opt in zip(students, opts):
            for group in opt.param_groups:
                group["lr"] = lr_at(sc["lr"], step, done, sc.get("warmup_steps", 100))
            with autocast(device):
                out = student(x)
            logits, placed = out if student.place is not None else (out, None)
            logits = logits.float()
            hard = F.cross_entropy(logits, y, label_smoothing=0.05)
            taught = F.kl_div(F.log_softmax(logits / t, dim=1), soft, reduction="batchmean") * t * t
            loss = alpha * taught + (1 - alpha) * hard
            if placed is not None:
                loss = loss + place_loss(placed, target, y, 2.0)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            if step % 500 == 0:
                report.append(f"loss {loss.item():.4f} acc {(logits.argmax(1) == y).float().mean().item():.4f}")
        if report:
            log(f"students step {step}/{steps} " + " | ".join(report) + f" | {time.time() - start:.0f} s")
        if save and time.time() - last_save > sc.get("save_every", 1e9):  # a run cut short still returns them
            save(students)
            last_save = time.time()
    data.close()
    log(f"students: stopped at step {step} of {steps} ({time.time() - start:.0f} s)")
    return students


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", required=True)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--workers", type=int, help="override the config's data-loading worker count")
    parser.add_argument("--output", help="override the config's output folder")
    parser.add_argument("--teacher", help="a teacher.pt written before: skip stage 1")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every stage's steps (smoke runs)")
    args = parser.parse_args(argv)
    cfg = tomllib.loads(Path(args.config).read_text())
    if args.workers is not None:
        cfg["workers"] = args.workers
    for part in ("teacher", "students"):
        cfg[part]["steps"] = max(1, int(cfg[part]["steps"] * args.scale))
    out = Path(args.output or ROOT / cfg["output"])
    out.mkdir(parents=True, exist_ok=True)
    begun = time.time()

    def log(line: str) -> None:
        print(f"[{time.time() - begun:6.0f} s] {line}", flush=True)

    torch.manual_seed(cfg["seed"])
    torch.set_num_threads(cfg["threads"])
    device = torch.device(args.device)
    real = real_photos(cfg)
    negatives = mine_negatives(str(ROOT / cfg["mine_with"]), real)
    log(f"{len(real)} fit photos; hard negatives mined with {cfg['mine_with']}: {sum(len(n) for n in negatives)}")
    if args.teacher:
        teacher = load_teacher(args.teacher, cfg).to(device).to(memory_format=torch.channels_last).eval()
        log(f"teacher read from {args.teacher}")
    else:
        teacher = train_teacher(cfg, batches(cfg, stream_for(cfg, real, negatives, cfg["seed"]),
                                             cfg["teacher"]["batch"], device), device, log)
        save_teacher(teacher, out / "teacher.pt")
        log(f"teacher written: {out / 'teacher.pt'}")

    def save(students):
        for student, name in zip(students, cfg["students"]["names"]):
            export_faces(student, out / name, cfg["faces"]["crop_size"])

    students = train_students(cfg, teacher, batches(cfg, stream_for(cfg, real, negatives, cfg["seed"] + 1),
                                                    cfg["students"]["batch"], device), device, log, save)
    save(students)
    log("students written: " + ", ".join(cfg["students"]["names"]))
    return 0


def save_teacher(teacher: TeacherNet, path: Path) -> None:
    # half precision: the teacher is read again only to measure it (models/README.md), and so stays under 16 MB
    torch.save({k: (v.half() if v.is_floating_point() else v).cpu() for k, v in teacher.state_dict().items()},
               path)


def load_teacher(path: str, cfg: dict) -> TeacherNet:
    net = TeacherNet(width=cfg["teacher"]["width"], values=NOT_A_DIE + 2, crop_size=cfg["faces"]["crop_size"])
    net.load_state_dict({k: v.float() for k, v in torch.load(path, map_location="cpu").items()})
    return net


if __name__ == "__main__":
    sys.exit(main())
