"""Train the arbiter (models/training/arbiter.py) and export it beside the face readers.

    python models/train_arbiter.py --config models/configs/arbiter.toml --device cuda --workers 15

The face readers' crops (real fit photos, rendered tables, the detector's false boxes as "not a die"; the stream of
models/configs/dice_faces-7-upright.toml), a much wider network, bf16 on a GPU: the shipped arbiter took 210 s on an
H100 with 15 data workers. Reproducible from the config: its seed, its steps; the held-out and validation photos are
never loaded.
"""

from __future__ import annotations

import argparse
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "models"))
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from train import export_faces, face_stream, real_photos, warm_cosine  # noqa: E402
from training.arbiter import ArbiterNet  # noqa: E402
from training.faces import NOT_A_DIE, mine_negatives  # noqa: E402


def train(cfg: dict, device: torch.device, log) -> ArbiterNet:
    ac, crop = cfg["arbiter"], cfg["faces"]["crop_size"]
    real = real_photos(cfg)
    negatives = mine_negatives(str(ROOT / cfg["mine_with"]), real)
    log(f"{len(real)} fit photos; hard negatives mined with {cfg['mine_with']}: {sum(len(n) for n in negatives)}")
    net = ArbiterNet(width=ac["width"], values=NOT_A_DIE + 2, crop_size=crop).to(device)
    net = net.to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(net.parameters(), lr=ac["lr"], weight_decay=ac["weight_decay"])
    stream = face_stream(real, cfg["faces"], cfg["seed"], negatives)
    loader = torch.utils.data.DataLoader(stream, batch_size=ac["batch"], num_workers=cfg["workers"],
                                         pin_memory=device.type == "cuda")
    steps, start = ac["steps"], time.time()
    net.train()
    for step, (x, y, target) in enumerate(loader):
        if step >= steps:
            break
        x, y, target = (t.to(device, non_blocking=True) for t in (x, y, target))
        for group in opt.param_groups:
            group["lr"] = warm_cosine(ac["lr"], step, steps, ac["warmup_steps"])
        with torch.autocast(device_type=device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
            logits, placed = net(x.contiguous(memory_format=torch.channels_last))
        loss = F.cross_entropy(logits.float(), y, label_smoothing=0.05)
        is_die = y != NOT_A_DIE  # where the die is: learnt on crops of a die only
        if is_die.any():
            loss = loss + 2.0 * F.smooth_l1_loss(placed[is_die].float(), target[is_die], beta=0.05)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if step % 500 == 0:  # reading a loss waits for the GPU: only now and then
            acc = (logits.argmax(1) == y).float().mean().item()
            log(f"step {step}/{steps} loss {loss.item():.4f} batch acc {acc:.4f} | {time.time() - start:.0f} s")
    return net.eval()


def half_weights(path: Path) -> None:
    """Store the exported model's weights in half precision, each read back to float by a Cast that onnxruntime
    folds when it opens the file: half the file (12.6 MB, not 25) and the same float computation. The shipped run's
    weights were kept at half precision anyway; folding BatchNorm into them moves each by under one half step."""
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    weights, casts = [], []
    for init in graph.initializer:
        values = numpy_helper.to_array(init)
        if values.dtype == np.float32 and values.size >= 1024:  # the convolutions' kernels; biases stay float
            half = numpy_helper.from_array(values.astype(np.float16), init.name + "_half")
            weights.append(half)
            casts.append(helper.make_node("Cast", [half.name], [init.name], to=TensorProto.FLOAT,
                                          name=init.name + "_float"))
        else:
            weights.append(init)
    del graph.initializer[:]
    graph.initializer.extend(weights)
    nodes = list(graph.node)
    del graph.node[:]
    graph.node.extend(casts + nodes)
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", default=str(ROOT / "models" / "configs" / "arbiter.toml"))
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--workers", type=int, help="override the config's data-loading worker count")
    parser.add_argument("--steps", type=int, help="override the number of steps (smoke runs)")
    parser.add_argument("--output", help="override the ONNX output path")
    args = parser.parse_args(argv)
    cfg = tomllib.loads(Path(args.config).read_text())
    if args.workers is not None:
        cfg["workers"] = args.workers
    if args.steps:
        cfg["arbiter"]["steps"] = args.steps
    begun = time.time()

    def log(line: str) -> None:
        print(f"[{time.time() - begun:6.0f} s] {line}", flush=True)

    torch.manual_seed(cfg["seed"])
    torch.set_num_threads(cfg["threads"])
    net = train(cfg, torch.device(args.device), log)
    output = Path(args.output or ROOT / cfg["output"])
    export_faces(net.float(), output, cfg["faces"]["crop_size"])
    half_weights(output)
    log(f"written: {output} ({output.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
