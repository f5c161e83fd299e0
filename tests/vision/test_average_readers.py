"""models/average.py: a weighted average of a face reader and its fine-tune, tensor by tensor."""

import numpy as np
import onnxruntime as ort
import pytest

from tests.conftest import REPO, models_script

onnx = pytest.importorskip("onnx", reason="the dev extra (onnx) is not installed")
from onnx import numpy_helper  # noqa: E402

average = models_script("average")
READER = REPO / "models" / "dice_faces.onnx"


def _weights(path):
    return {t.name: numpy_helper.to_array(t) for t in onnx.load(str(path)).graph.initializer}


def _read(path, crops):
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return session.run(None, {"crops": crops})[0]


@pytest.fixture()
def finetuned(tmp_path):
    """The shipped reader with every float weight moved, standing in for a fine-tune of it."""
    model = onnx.load(str(READER))
    rng = np.random.default_rng(0)
    for tensor in model.graph.initializer:
        w = numpy_helper.to_array(tensor)
        if w.dtype.kind == "f":
            tensor.CopyFrom(numpy_helper.from_array((w * rng.uniform(0.8, 1.2, w.shape)).astype(w.dtype), tensor.name))
    path = tmp_path / "finetuned.onnx"
    onnx.save(model, str(path))
    return path


def test_the_average_lies_between_the_two_readers(tmp_path, finetuned):
    out = tmp_path / "mixed.onnx"
    assert average.average(READER, finetuned, out, weight=0.25) > 10
    a, b, mixed = _weights(READER), _weights(finetuned), _weights(out)
    moved = [name for name in a if a[name].dtype.kind == "f" and not np.allclose(a[name], b[name])]
    assert moved
    for name in moved:
        assert np.allclose(mixed[name], 0.75 * a[name] + 0.25 * b[name], atol=1e-6)
    crops = np.random.default_rng(1).uniform(0, 255, (2, 3, 48, 48)).astype(np.float32)
    for weight, same_as in ((0.0, READER), (1.0, finetuned)):
        average.average(READER, finetuned, out, weight=weight)
        assert np.allclose(_read(out, crops), _read(same_as, crops), atol=1e-5)


def test_readers_of_different_networks_are_refused(tmp_path):
    with pytest.raises(ValueError, match="not the same network"):
        average.average(READER, REPO / "models" / "dice_faces_b.onnx", tmp_path / "x.onnx")
    with pytest.raises(ValueError, match="between 0 and 1"):
        average.average(READER, READER, tmp_path / "x.onnx", weight=1.5)
