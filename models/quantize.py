"""The shipped face readers as int8 copies of the trained float ones, calibrated on training photos.

    python models/quantize.py --config models/configs/quantize.toml

Why: onnxruntime runs int8 convolutions in less time than float ones, and much of a frame's time is the face
readers' (a frame of byler's tray reads in about 15% less time with them; models/README.md). Training makes float
models (models/float/, where fine-tunes start); this writes the int8 copies of ``models`` to models/, which the
package ships, and copies ``float_models`` there as trained: the detector, whose int8 copy (tried beside readers
(16), (17)) read the validation photos as well but rendered emblem dice (as 6: 90.49% against 92.22%) and gem dice
(92.88%, 93.90%) a little worse.

Static quantization (onnxruntime.quantization, QDQ format): each weight gets a scale per output channel; each
activation gets the range it takes on the frames it reads. Those ranges come from the float reader itself reading
``photos_per_set`` photos of each set's ``split`` (never validation or held-out photos) and ``rendered_frames``
rendered tables showing what no photo here does (emblem faces, gem dice, shadows): every input its detector and
face readers are given is recorded, second looks and re-cuts included, and onnxruntime's MinMax calibrator runs
them (``moving_average``: the mean of each input's own range, so one unusual frame does not widen a range for all).
The first layer (raw pixels in) and the layers that make the outputs stay float: there the rounding would fall on
the colours the model sees and on the probabilities the reader multiplies and reports.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WEIGHTED = ("Conv", "Gemm", "MatMul")  # the layers quantization makes int8


def is_int8(model) -> bool:
    """Whether an ONNX model is an int8 copy this script made (its weights reach their layers dequantized)."""
    return any(node.op_type == "DequantizeLinear" for node in model.graph.node)


def float_model(path):
    """The ONNX model at ``path``, refused when it is an int8 copy: training and averaging need float weights."""
    import onnx

    model = onnx.load(str(path))
    if is_int8(model):
        raise ValueError(f"{path} is an int8 copy made by models/quantize.py; use its float original in models/float/")
    return model


def float_ends(model) -> list[str]:
    """Names of the layers kept float: the first weighted one, and on each path back from a graph output every layer
    up to and including the last weighted one (a softmax or a sigmoid and the layer before it): quantized there, a
    probability would come out in steps of 1/255 and a small one as 0, which a product of probabilities cannot undo."""
    graph = model.graph
    weighted = [node for node in graph.node if node.op_type in WEIGHTED]
    made_by = {out: node for node in graph.node for out in node.output}
    keep = [weighted[0].name] if weighted else []
    todo = [out.name for out in graph.output]
    seen = set()
    while todo:
        node = made_by.get(todo.pop())
        if node is None or node.name in seen:
            continue
        seen.add(node.name)
        keep.append(node.name)
        if node.op_type not in WEIGHTED:
            todo.extend(node.input)
    return list(dict.fromkeys(keep))


class Recording:
    """An onnxruntime session that keeps a copy of every input it is run on (the calibration frames)."""

    def __init__(self, session):
        self.session, self.inputs = session, []

    def run(self, outputs, feed):
        self.inputs.append(next(iter(feed.values())).copy())
        return self.session.run(outputs, feed)

    def __getattr__(self, name):
        return getattr(self.session, name)


def record_inputs(source: Path, sets: list[str], split: str, per_set: int, seed: int,
                  rendered: int, looks: dict) -> dict[str, list]:
    """What the float reader's models are given while it reads ``per_set`` photos of each set's ``split``, then
    ``rendered`` rendered tables drawn with ``looks`` (render_table's shares of emblem and gem dice, shadows)."""
    import cv2

    from companion.vision import DiceReader
    from companion.vision.labels import load_labelled
    from companion.vision.render import render_table

    reader = DiceReader(source / "dice.onnx", threads=1, read_colour=False)
    sessions = {"dice.onnx": "session", "dice_faces.onnx": "faces", "dice_faces_b.onnx": "second"}
    recorders = {}
    for name, attribute in sessions.items():
        if getattr(reader, attribute) is not None:
            recorders[name] = Recording(getattr(reader, attribute))
            setattr(reader, attribute, recorders[name])
    rng = np.random.default_rng(seed)
    for folder in sets:
        items = load_labelled(folder, split)
        for k in sorted(rng.choice(len(items), min(per_set, len(items)), replace=False)):
            reader.read(cv2.imread(str(items[k].path), cv2.IMREAD_COLOR))
    for _ in range(rendered):
        image, _ = render_table(rng, 480, 640, n_dice=int(rng.integers(2, 9)), size_range=(40, 80), **looks)
        reader.read(image)
    return {name: recorder.inputs for name, recorder in recorders.items()}


def quantize(source: Path, out: Path, inputs: list, moving_average: bool) -> list[str]:
    """Write ``source``'s int8 copy to ``out``, calibrated on ``inputs``; returns the layers kept float."""
    import onnx
    from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                          quantize_static)
    from onnxruntime.quantization.shape_inference import quant_pre_process

    class Inputs(CalibrationDataReader):
        def __init__(self, name):
            self.name, self.left = name, iter(inputs)

        def get_next(self):
            batch = next(self.left, None)
            return None if batch is None else {self.name: batch}

    source, out = Path(source).resolve(), Path(out).resolve()  # the work below runs in a scratch folder
    model = onnx.load(str(source))
    keep = float_ends(model)
    with tempfile.TemporaryDirectory() as scratch:
        here = Path.cwd()
        os.chdir(scratch)  # onnxruntime's tools leave scratch files in the working folder
        try:
            prepared = Path(scratch) / "prepared.onnx"
            quant_pre_process(str(source), str(prepared), skip_symbolic_shape=True)
            quantize_static(str(prepared), str(out), Inputs(model.graph.input[0].name),
                            quant_format=QuantFormat.QDQ, per_channel=True, activation_type=QuantType.QUInt8,
                            weight_type=QuantType.QInt8, nodes_to_exclude=keep,
                            calibrate_method=CalibrationMethod.MinMax,
                            extra_options={"CalibMovingAverage": bool(moving_average)})
        finally:
            os.chdir(here)
    meta = {p.key: p.value for p in model.metadata_props}.get("companion")
    if meta != {p.key: p.value for p in onnx.load(str(out)).metadata_props}.get("companion"):
        raise RuntimeError(f"{out}: quantization lost the metadata the reader needs (crop geometry, input plan)")
    return keep


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", default=str(ROOT / "models" / "configs" / "quantize.toml"))
    args = parser.parse_args(argv)
    cfg = tomllib.loads(Path(args.config).read_text())
    source, output = ROOT / cfg["source"], ROOT / cfg["output"]
    sets = [str((ROOT / folder).resolve()) for folder in cfg["real_sets"]]
    output.mkdir(parents=True, exist_ok=True)  # before the minutes of calibration, not after
    inputs = record_inputs(source, sets, cfg["split"], cfg["photos_per_set"], cfg["seed"],
                           cfg["rendered_frames"], cfg["rendered_looks"])
    for name in cfg["models"]:
        kept = quantize(source / name, output / name, inputs[name], cfg["moving_average"])
        print(f"{output / name}: int8, calibrated on {len(inputs[name])} inputs; kept float: {', '.join(kept)}")
    for name in cfg["float_models"]:
        shutil.copyfile(source / name, output / name)
        print(f"{output / name}: float, as trained")
    return 0


if __name__ == "__main__":
    sys.exit(main())
