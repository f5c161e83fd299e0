"""Let an exported square detector take a frame of any height and width, weights untouched.

    python models/free_input.py models/dice.onnx [--out OUT.onnx] [--multiple 16]

Why: the detector is fully convolutional, so nothing in it needs the square it was exported at; a square
input only wastes a 4:3 or 16:9 frame's compute on padding. This marks the input's (and the outputs')
height and width as free and records in the model's metadata how many pixels it was planned for (the
square's) and what its sides must be a multiple of (the coarsest stride, 16 for DiceNet), which the reader
uses to fit each frame (companion/vision/fit.py). models/train.py exports new detectors this way already.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

FREE_DIMS = {"input": ("height", "width"), "output": ("rows", "cols")}
COARSEST_STRIDE = 16  # DiceNet.COARSEST_STRIDE (models/training needs torch; this script only onnx)


def free_input(path: str | Path, out: str | Path, multiple: int = COARSEST_STRIDE) -> int:
    """Write ``path``'s detector with free height and width to ``out``; returns the pixel budget recorded."""
    import onnx

    model = onnx.load(str(path))
    graph = model.graph
    dims = graph.input[0].type.tensor_type.shape.dim
    if len(graph.input) != 1 or len(dims) != 4 or not (dims[2].HasField("dim_value") and dims[3].HasField("dim_value")):
        raise ValueError(f"{path}: expected one NCHW input of fixed height and width")
    height, width = dims[2].dim_value, dims[3].dim_value
    if height != width or height % multiple:
        raise ValueError(f"{path}: expected a square input whose side is a multiple of {multiple}, "
                         f"got {height}x{width}")
    for kind, values in (("input", graph.input), ("output", graph.output)):
        for value in values:
            for axis, name in zip((2, 3), FREE_DIMS[kind]):
                value.type.tensor_type.shape.dim[axis].dim_param = name  # replaces the fixed size
    del graph.value_info[:]  # shapes inferred for the square no longer hold
    meta = next((p for p in model.metadata_props if p.key == "companion"), None)
    if meta is None:
        meta = model.metadata_props.add()
        meta.key, meta.value = "companion", "{}"
    info = json.loads(meta.value)
    info.update(pixels=height * width, multiple=multiple)
    meta.value = json.dumps(info)
    onnx.checker.check_model(model)
    onnx.save(model, str(out))
    return height * width


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", help="a detector exported with a fixed square input")
    parser.add_argument("--out", help="where to write it (default: in place)")
    parser.add_argument("--multiple", type=int, default=COARSEST_STRIDE,
                        help=f"the network's coarsest stride (default {COARSEST_STRIDE})")
    args = parser.parse_args(argv)
    try:
        pixels = free_input(args.model, args.out or args.model, args.multiple)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{args.out or args.model}: any height and width, {pixels} pixels at most, "
          f"sides multiples of {args.multiple}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
