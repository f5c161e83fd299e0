"""Average the weights of two exported models of the same network: a model and its own fine-tune.

    python models/average.py START.onnx FINETUNED.onnx OUT.onnx [--weight 0.5]

Why: fine-tuning a reader further on the same training photos loses some of what it does on boxes it has not
seen (models/README.md, the fine-tune without any change reads worse under jitter), while the change the
fine-tune was for (here: training labels completed) is worth keeping. A weighted average of the two sets of
weights, taken between a model and its own fine-tune, keeps both (Wortsman et al., "Robust fine-tuning of
zero-shot models", 2022). Both files must hold the same network (checked: the same operators, every weight's
name and shape, every non-float tensor equal); the first file's metadata is kept. A fine-tune that added classes
(the face readers' "emblem") keeps its own rows for them: the start had no opinion there.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from quantize import float_model  # noqa: E402  (an int8 copy is refused: its weights are not float tensors)


def average(start: str | Path, finetuned: str | Path, out: str | Path, weight: float = 0.5) -> int:
    """Write ``(1 - weight) x start + weight x finetuned``, tensor by tensor; returns how many were averaged."""
    import onnx
    from onnx import numpy_helper

    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"weight must be between 0 and 1, got {weight}")
    base, other = float_model(start), float_model(finetuned)
    if [n.op_type for n in base.graph.node] != [n.op_type for n in other.graph.node]:
        raise ValueError(f"{start} and {finetuned} are not the same network")
    ours_all = {t.name: numpy_helper.to_array(t) for t in base.graph.initializer}
    averaged = 0
    for tensor in other.graph.initializer:  # the fine-tune's graph: its outputs may have grown
        theirs = numpy_helper.to_array(tensor)
        ours = ours_all.get(tensor.name)
        if ours is None or not _same_or_grown(ours.shape, theirs.shape):
            raise ValueError(f"{start} has no tensor {tensor.name} shaped {theirs.shape} or fewer rows of it")
        if theirs.dtype.kind == "f":
            mixed = theirs.astype(np.float64)
            rows = ours.shape[0] if ours.ndim else None
            mixed[:rows] = (1.0 - weight) * ours + weight * mixed[:rows]
            tensor.CopyFrom(numpy_helper.from_array(mixed.astype(theirs.dtype), tensor.name))
            averaged += 1
        elif not np.array_equal(ours, theirs):
            raise ValueError(f"{start} and {finetuned} differ in the non-float tensor {tensor.name}")
    del other.metadata_props[:]
    other.metadata_props.extend(base.metadata_props)
    base = other
    onnx.checker.check_model(base)
    onnx.save(base, str(out))
    return averaged


def _same_or_grown(ours: tuple, theirs: tuple) -> bool:
    """Whether a tensor is shaped alike in both files, or has more rows (classes) in the fine-tune alone."""
    return ours == theirs or (len(ours) == len(theirs) > 0 and ours[1:] == theirs[1:] and ours[0] < theirs[0])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("start", help="the model the fine-tune started from (.onnx)")
    parser.add_argument("finetuned", help="its fine-tune (.onnx)")
    parser.add_argument("out", help="where to write the average (.onnx)")
    parser.add_argument("--weight", type=float, default=0.5, help="the fine-tune's share (default 0.5)")
    args = parser.parse_args(argv)
    try:
        n = average(args.start, args.finetuned, args.out, args.weight)
    except ValueError as exc:  # not two float models of one network: say which, no traceback
        parser.exit(2, f"average.py: {exc}\n")
    print(f"{args.out}: {n} weight tensors averaged, {args.weight:g} x {Path(args.finetuned).name} + "
          f"{1 - args.weight:g} x {Path(args.start).name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
