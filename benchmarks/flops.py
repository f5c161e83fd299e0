"""FLOPs and size of the shipped dice models, counted from the ONNX graphs themselves.

    python benchmarks/flops.py [models/dice.onnx]

Counts multiply-accumulates of every Conv and MatMul/Gemm (nearly all of the work) from the
shapes onnx infers; 1 MAC = 2 FLOPs. The face reader (dice_faces.onnx, next to the detector)
runs once per found die, so a frame's total depends on how many dice are on the table; a die
whose value is doubtful (vision.reread_below) is read again at three more quarter-turns and, when
the second face reader (dice_faces_b.onnx) ships, by that reader at four (vision.second_opinion =
doubtful), so the worst case (every die doubtful) is printed too, within the per-frame limit on
face-reader looks (vision.max_face_looks) and without it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import onnx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from companion.config import load_config  # noqa: E402
from onnx import shape_inference  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def count(path: Path) -> tuple[int, int, str]:
    """(MACs for one input, parameters, input shape) of an ONNX model; a dynamic batch counts as 1."""
    model = shape_inference.infer_shapes(onnx.load(str(path)))
    graph = model.graph
    shapes = {}
    for vi in list(graph.value_info) + list(graph.input) + list(graph.output):
        shapes[vi.name] = [d.dim_value or 1 for d in vi.type.tensor_type.shape.dim]
    inits = {i.name: list(i.dims) for i in graph.initializer}
    params = sum(int(np.prod(d)) for d in inits.values())
    macs = 0
    for node in graph.node:
        if node.op_type == "Conv":
            w = inits[node.input[1]]  # (cout, cin/groups, kh, kw)
            macs += int(np.prod(shapes[node.output[0]])) * w[1] * w[2] * w[3]
        elif node.op_type in ("MatMul", "Gemm"):
            macs += int(np.prod(shapes[node.output[0]])) * shapes[node.input[0]][-1]
    dims = [d.dim_value or d.dim_param for d in graph.input[0].type.tensor_type.shape.dim]
    return macs, params, "x".join(str(d) for d in dims)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    detector = Path(argv[0]) if argv else ROOT / "models" / "dice.onnx"
    faces = detector.with_name(detector.stem + "_faces.onnx")
    second = detector.with_name(detector.stem + "_faces_b.onnx")
    det_macs, det_params, det_shape = count(detector)
    print(f"detector {detector.name}: input {det_shape}, {det_params} parameters, "
          f"{detector.stat().st_size / 1e6:.2f} MB, {det_macs / 1e9:.3f} GMAC = {2 * det_macs / 1e9:.3f} GFLOP per frame")
    face_macs = 0
    if faces.is_file():
        face_macs, face_params, face_shape = count(faces)
        print(f"face reader {faces.name}: input {face_shape}, {face_params} parameters, "
              f"{faces.stat().st_size / 1e6:.2f} MB, {face_macs / 1e6:.2f} MMAC = {2 * face_macs / 1e6:.2f} MFLOP per die")
    second_macs, again = 0, "at 3 more quarter-turns"
    if faces.is_file() and second.is_file():
        second_macs, second_params, second_shape = count(second)
        print(f"second face reader {second.name}: input {second_shape}, {second_params} parameters, "
              f"{second.stat().st_size / 1e6:.2f} MB, {second_macs / 1e6:.2f} MMAC = {2 * second_macs / 1e6:.2f} MFLOP "
              f"per look, 4 looks per doubtful die")
        again = "at 3 more quarter-turns and by the second reader at 4"
    budget = load_config(None)["vision"]["max_face_looks"]
    per_doubtful = 3 + (4 if second_macs else 0)  # extra looks for a doubtful die
    look = max(face_macs, second_macs)
    print(f"a doubtful die is read again {again}; vision.max_face_looks = {budget} looks a frame at most")
    for n in (1, 5, 10, 25):
        rereads = n if not budget else min(n, max(0, budget - n) // per_doubtful)
        worst = det_macs + (n + rereads * per_doubtful) * look
        unlimited = det_macs + n * (1 + per_doubtful) * look
        print(f"frame with {n:2d} dice: {2 * (det_macs + n * face_macs) / 1e9:.3f} GFLOP; every die doubtful: "
              f"{2 * worst / 1e9:.3f} GFLOP ({rereads} read again; {2 * unlimited / 1e9:.3f} GFLOP without the limit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
