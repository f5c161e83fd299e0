"""Average the weights of two exported models of the same network: a model and its own fine-tune.

    python models/average.py START.onnx FINETUNED.onnx OUT.onnx [--weight 0.5]

Why: fine-tuning a reader further on the same training photos loses some of what it does on boxes it has not
seen (models/README.md, the fine-tune without any change reads worse under jitter), while the change the
fine-tune was for (here: training labels completed) is worth keeping. A weighted average of the two sets of
weights, taken between a model and its own fine-tune, keeps both (Wortsman et al., "Robust fine-tuning of
zero-shot models", 2022). Both files must hold the same network (checked: the same operators, every weight's
name and shape, every non-float tensor equal); the first file's metadata is kept.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np


def average(start: str | Path, finetuned: str | Path, out: str | Path, weight: float = 0.5) -> int:
    """Write ``(1 - weight) x start + weight x finetuned``, tensor by tensor; returns how many were averaged."""
    import onnx
    from onnx import numpy_helper

    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"weight must be between 0 and 1, got {weight}")
    base, other = onnx.load(str(start)), onnx.load(str(finetuned))
    if [n.op_type for n in base.graph.node] != [n.op_type for n in other.graph.node]:
        raise ValueError(f"{start} and {finetuned} are not the same network")
    theirs = {t.name: numpy_helper.to_array(t) for t in other.graph.initializer}
    averaged = 0
    for tensor in base.graph.initializer:
        ours = numpy_helper.to_array(tensor)
        if tensor.name not in theirs or theirs[tensor.name].shape != ours.shape:
            raise ValueError(f"{finetuned} has no tensor {tensor.name} shaped {ours.shape}")
        if ours.dtype.kind == "f":
            mixed = ((1.0 - weight) * ours.astype(np.float64) + weight * theirs[tensor.name]).astype(ours.dtype)
            tensor.CopyFrom(numpy_helper.from_array(mixed, tensor.name))
            averaged += 1
        elif not np.array_equal(ours, theirs[tensor.name]):
            raise ValueError(f"{start} and {finetuned} differ in the non-float tensor {tensor.name}")
    onnx.checker.check_model(base)
    onnx.save(base, str(out))
    return averaged


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("start", help="the model the fine-tune started from (.onnx)")
    parser.add_argument("finetuned", help="its fine-tune (.onnx)")
    parser.add_argument("out", help="where to write the average (.onnx)")
    parser.add_argument("--weight", type=float, default=0.5, help="the fine-tune's share (default 0.5)")
    args = parser.parse_args(argv)
    n = average(args.start, args.finetuned, args.out, args.weight)
    print(f"{args.out}: {n} weight tensors averaged, {args.weight:g} x {Path(args.finetuned).name} + "
          f"{1 - args.weight:g} x {Path(args.start).name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
