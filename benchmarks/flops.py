"""FLOPs and size of the shipped dice model, counted from the ONNX graph itself.

    python benchmarks/flops.py [models/dice.onnx]

Counts multiply-accumulates of every Conv and MatMul/Gemm (they are >99% of the work) from the
shapes onnx infers; 1 MAC = 2 FLOPs. Element-wise ops (ReLU, add, sigmoid) are listed apart.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import onnx
from onnx import shape_inference

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[0]) if argv else ROOT / "models" / "dice.onnx"
    model = shape_inference.infer_shapes(onnx.load(str(path)))
    graph = model.graph
    shapes = {}
    for vi in list(graph.value_info) + list(graph.input) + list(graph.output):
        shapes[vi.name] = [d.dim_value for d in vi.type.tensor_type.shape.dim]
    inits = {i.name: list(i.dims) for i in graph.initializer}
    params = sum(int(np.prod(d)) for d in inits.values())
    conv_macs, other_elems = 0, 0
    for node in graph.node:
        if node.op_type == "Conv":
            w = inits[node.input[1]]  # (cout, cin/groups, kh, kw)
            out = shapes[node.output[0]]
            conv_macs += int(np.prod(out)) * w[1] * w[2] * w[3]
        elif node.op_type in ("MatMul", "Gemm"):
            a, out = shapes[node.input[0]], shapes[node.output[0]]
            conv_macs += int(np.prod(out)) * a[-1]
        elif node.output and node.output[0] in shapes:
            other_elems += int(np.prod(shapes[node.output[0]]))
    size = graph.input[0].type.tensor_type.shape.dim
    print(f"model {path.name}: input {'x'.join(str(d.dim_value) for d in size)}, {params} parameters, "
          f"file {path.stat().st_size / 1e6:.2f} MB")
    print(f"conv/matmul: {conv_macs / 1e9:.3f} GMAC = {2 * conv_macs / 1e9:.3f} GFLOP per frame; "
          f"element-wise ops: {other_elems / 1e9:.3f} G elements")
    return 0


if __name__ == "__main__":
    sys.exit(main())
