"""FLOPs and size of the shipped dice models, counted from the ONNX graphs themselves.

    python benchmarks/flops.py [models/dice.onnx]

Counts multiply-accumulates of every Conv and MatMul/Gemm (nearly all of the work) from the shapes onnx
infers; 1 MAC = 2 FLOPs, an int8 model's counted alike (models/quantize.py's readers). The face reader
(dice_faces.onnx, next to the detector) runs once per found die, so a frame's total depends on how many dice
are on the table; a die whose value is doubtful (vision.reread_below) is read again at three more
quarter-turns and, when the second face reader (dice_faces_b.onnx) ships, by that reader at four
(vision.second_opinion = doubtful), so the worst case (every die doubtful) is printed too, within the
per-frame limit on face-reader looks (vision.max_face_looks) and without it. With second_opinion = always the
second reader also reads every die the limit allows. A frame whose first pass failed (vision.second_look) runs
the detector once more with a fraction of its pixels; its work grows with the pixels.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import onnx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from companion.config import load_config  # noqa: E402
from companion.vision.model_files import DEFAULT_MODEL, face_reader_paths  # noqa: E402
from onnx import shape_inference  # noqa: E402


def count(path: Path) -> tuple[int, int, str]:
    """(MACs for one input, parameters, input shape) of an ONNX model; a dynamic batch counts as 1.

    A detector taking any height and width is counted at the square its pixel budget amounts to: its input
    never holds more pixels than that (companion/vision/fit.py), and its work grows with the pixels.
    """
    model = onnx.load(str(path))
    budget = _pixel_budget(model)
    if budget:
        side = math.isqrt(budget)
        for axis in (2, 3):
            model.graph.input[0].type.tensor_type.shape.dim[axis].dim_value = side
    model = shape_inference.infer_shapes(model)
    graph = model.graph
    shapes = {}
    for vi in list(graph.value_info) + list(graph.input) + list(graph.output):
        shapes[vi.name] = [d.dim_value or 1 for d in vi.type.tensor_type.shape.dim]
    inits = {i.name: list(i.dims) for i in graph.initializer}
    quant = {name for node in graph.node if node.op_type in ("QuantizeLinear", "DequantizeLinear")
             for name in node.input[1:]}  # a quantized model's scales and zero points are not parameters
    params = sum(int(np.prod(d)) for name, d in inits.items() if name not in quant)
    for node in graph.node:  # a quantized model's weights reach its convolutions through DequantizeLinear
        if node.op_type == "DequantizeLinear" and node.input[0] in inits:
            inits[node.output[0]] = inits[node.input[0]]
    macs = 0
    for node in graph.node:
        if node.op_type == "Conv":
            w = inits[node.input[1]]  # (cout, cin/groups, kh, kw)
            macs += int(np.prod(shapes[node.output[0]])) * w[1] * w[2] * w[3]
        elif node.op_type in ("MatMul", "Gemm"):
            macs += int(np.prod(shapes[node.output[0]])) * shapes[node.input[0]][-1]
    dims = [d.dim_value or d.dim_param for d in graph.input[0].type.tensor_type.shape.dim]
    shape = "x".join(str(d) for d in dims)
    if budget:
        shape = f"1x3xHxW, the frame's own shape, at most {budget} pixels (counted at {shape})"
    return macs, params, shape


def _pixel_budget(model) -> int:
    """The most pixels a free-shaped detector's input holds (its metadata), or 0 for a fixed input."""
    dims = model.graph.input[0].type.tensor_type.shape.dim
    if len(dims) != 4 or dims[2].HasField("dim_value"):
        return 0
    meta = next((p.value for p in model.metadata_props if p.key == "companion"), "{}")
    return int(json.loads(meta).get("pixels", 0))


def rendered_frame(n: int) -> tuple[np.ndarray, list]:
    """A rendered table holding n dice, and their boxes (x, y, w, h)."""
    from companion.vision.render import render_table

    image, dice = render_table(np.random.default_rng(n), 720, 960, n_dice=n, size_range=(40, 48), occlude=False)
    assert len(dice) == n, "the rendered table must hold every die"
    return image, [[d.box[0], d.box[1], d.box[2] - d.box[0], d.box[3] - d.box[1]] for d in dice]


def face_looks(reader, image: np.ndarray, boxes: list) -> int:
    """Face-reader looks the dice reader makes for a frame of these found dice (its own decision logic, run)."""
    if reader.faces is None:
        return 0
    before, n = reader.face_looks, len(boxes)
    reader._read_all(image, boxes, np.ones(n), np.full((n, 6), 1 / 6))  # rendered dice: sure to be dice
    return reader.face_looks - before


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    detector = Path(argv[0]) if argv else DEFAULT_MODEL
    faces, second = face_reader_paths(detector)
    det_macs, det_params, det_shape = count(detector)
    print(f"detector {detector.name}: input {det_shape}, {det_params} parameters, "
          f"{detector.stat().st_size / 1e6:.2f} MB, {det_macs / 1e9:.3f} GMAC = {2 * det_macs / 1e9:.3f} GFLOP "
          "per frame")
    face_macs = 0
    if faces.is_file():
        face_macs, face_params, face_shape = count(faces)
        print(f"face reader {faces.name}: input {face_shape}, {face_params} parameters, "
              f"{faces.stat().st_size / 1e6:.2f} MB, {face_macs / 1e6:.2f} MMAC = {2 * face_macs / 1e6:.2f} MFLOP "
              "per die")
    if faces.is_file() and second.is_file():
        second_macs, second_params, second_shape = count(second)
        print(f"second face reader {second.name}: input {second_shape}, {second_params} parameters, "
              f"{second.stat().st_size / 1e6:.2f} MB, {second_macs / 1e6:.2f} MMAC = {2 * second_macs / 1e6:.2f} "
              f"MFLOP per look")
        face_macs = max(face_macs, second_macs)
    colour = detector.with_name("colour_dice.onnx")
    if colour.is_file():  # Hexors' colour die: a detector of its own, no face reader (companion/vision/colour_die.py)
        colour_macs, colour_params, colour_shape = count(colour)
        print(f"colour-die reader {colour.name}: input {colour_shape}, {colour_params} parameters, "
              f"{colour.stat().st_size / 1e6:.2f} MB, {colour_macs / 1e9:.3f} GMAC = {2 * colour_macs / 1e9:.3f} "
              f"GFLOP per frame")
    vision = load_config(None)["vision"]
    print(f"settings: second_opinion = {vision['second_opinion']}, max_face_looks = {vision['max_face_looks']}, "
          f"recrop_beyond = {vision['recrop_beyond']:g}, recrop_rounds = {vision['recrop_rounds']}; "
          f"looks counted by running the reader's own logic on a rendered frame of n dice")
    from companion.vision import DiceReader

    readers = [DiceReader.from_config(vision, model_path=detector, read_colour=False, reread_below=reread_below,
                                      max_face_looks=budget)
               for reread_below, budget in ((0.0, vision["max_face_looks"]), (1.01, vision["max_face_looks"]),
                                            (1.01, 0))]  # no die doubtful; every die; every die, no limit
    for n in (1, 5, 10, 25):
        image, boxes = rendered_frame(n)
        sure, doubtful, unlimited = (face_looks(reader, image, boxes) for reader in readers)
        gflop = [2 * (det_macs + looks * face_macs) / 1e9 for looks in (sure, doubtful, unlimited)]
        print(f"frame with {n:2d} dice: {gflop[0]:.3f} GFLOP ({sure} looks); every die doubtful: {gflop[1]:.3f} "
              f"GFLOP ({doubtful} looks; {gflop[2]:.3f} GFLOP without the limit)")
    if vision["second_look"]:
        print(f"a frame whose first pass failed is read again at the second scale (second_look = "
              f"{vision['second_look']:g}): the detector once more, +{2 * det_macs * vision['second_look'] / 1e9:.3f} "
              f"GFLOP, its candidates read with the face-reader looks the first pass left (each at least once)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
