"""A face reader's embedding: the features its last layer reads the value from, for the table profile.

Why this way: the table profile (companion/vision/profile.py) compares a die with the dice the players corrected,
and the face reader's penultimate features say far more about a die's look than its eight probabilities. The
shipped graphs do not output them, and the ``onnx`` package is no run-time dependency, so the graph is given one
more output here by editing its protobuf bytes: the input of the layer that makes the value logits (a Gemm or
MatMul, before the Softmax of the ``value`` output). The model file on disk is never changed.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from companion.vision.model_files import ModelError

# protobuf field numbers (onnx.proto): ModelProto.graph, GraphProto.node / output, NodeProto.input / output / op_type
_MODEL_GRAPH, _GRAPH_NODE, _GRAPH_OUTPUT = 7, 1, 12
_NODE_INPUT, _NODE_OUTPUT, _NODE_OP = 1, 2, 4
_FLOAT = 1  # TensorProto.FLOAT
_LAYERS = ("Gemm", "MatMul")  # what turns the features into the value logits
_SQUASHES = ("Softmax", "LogSoftmax", "Sigmoid", "Identity")  # between those logits and the value output


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        low, number = number & 0x7F, number >> 7
        out.append(low | (0x80 if number else 0))
        if not number:
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    number = shift = 0
    while True:
        if at >= len(data):
            raise ModelError("the face model's file ends inside a number")
        byte = data[at]
        at += 1
        number |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return number, at


def _fields(data: bytes):
    """(field number, wire type, value or payload bytes, start, end) of each field of a protobuf message."""
    at = 0
    while at < len(data):
        start = at
        tag, at = _read_varint(data, at)
        wire = tag & 7
        if wire == 0:
            value, at = _read_varint(data, at)
        elif wire == 1:
            value, at = data[at:at + 8], at + 8
        elif wire == 5:
            value, at = data[at:at + 4], at + 4
        elif wire == 2:
            size, at = _read_varint(data, at)
            value, at = data[at:at + size], at + size
        else:
            raise ModelError(f"the face model's file holds a protobuf field of wire type {wire}")
        yield tag >> 3, wire, value, start, at


def _message(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _features_name(graph: bytes, value_output: str) -> str:
    """The input of the layer whose logits become ``value_output``."""
    made_by = {}
    for number, _, node, _, _ in _fields(graph):
        if number == _GRAPH_NODE:
            inputs = [v.decode() for n, _, v, _, _ in _fields(node) if n == _NODE_INPUT]
            outputs = [v.decode() for n, _, v, _, _ in _fields(node) if n == _NODE_OUTPUT]
            op = next((v.decode() for n, _, v, _, _ in _fields(node) if n == _NODE_OP), "")
            made_by.update({name: (op, inputs) for name in outputs})
    name = value_output
    while name in made_by and made_by[name][0] in _SQUASHES:
        name = made_by[name][1][0]
    op, inputs = made_by.get(name, ("", []))
    if op not in _LAYERS or not inputs:
        raise ModelError(f"the face model's {value_output!r} output is not made by a Gemm or MatMul layer")
    return inputs[0]


def with_features(model: bytes, value_output: str = "value") -> tuple[bytes, str]:
    """The model's bytes with the features its value layer reads as one more output, and that output's name."""
    out, name = bytearray(), None
    for number, wire, value, start, end in _fields(model):
        if number == _MODEL_GRAPH and wire == 2:
            name = _features_name(value, value_output)
            output = _message(1, name.encode()) + _message(2, _message(1, bytes([8, _FLOAT])))
            out += _message(_MODEL_GRAPH, value + _message(_GRAPH_OUTPUT, output))
        else:
            out += model[start:end]
    if name is None:
        raise ModelError("the face model's file holds no graph")
    return bytes(out), name


class Embedder:
    """The face reader at ``path`` opened once more, answering its penultimate features for crops the reader cut."""

    def __init__(self, path: Path, threads: int = 1):
        self.path = Path(path)
        import onnxruntime as ort

        try:
            model, self.output = with_features(self.path.read_bytes())
        except OSError as exc:
            raise ModelError(f"face model {self.path} cannot be read: {exc}") from exc
        options = ort.SessionOptions()
        options.intra_op_num_threads = max(1, int(threads))
        try:
            self.session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own exception types
            raise ModelError(f"face model {self.path} cannot give its features: {exc}") from exc
        self.index = [o.name for o in self.session.get_outputs()].index(self.output)
        self.input = self.session.get_inputs()[0].name

    def features(self, crops: np.ndarray) -> np.ndarray:
        """N x 4 x D features of N crops (N x size x size x 3, BGR uint8), at each quarter-turn (a face reads the
        same turned, so a die's embedding should not depend on how it lies)."""
        if not len(crops):
            return np.zeros((0, 4, 0), np.float32)
        turned = np.concatenate([np.rot90(crops, k, axes=(1, 2)) for k in range(4)])
        batch = np.ascontiguousarray(turned[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32)
        features = self.session.run([self.output], {self.input: batch})[0].reshape(4, len(crops), -1)
        return features.transpose(1, 0, 2)

