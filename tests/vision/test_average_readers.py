"""models/average.py: a weighted average of a face reader and its fine-tune, tensor by tensor."""

import numpy as np
import onnxruntime as ort
import pytest

from tests.conftest import REPO, models_script

onnx = pytest.importorskip("onnx", reason="the dev extra (onnx) is not installed")
from onnx import numpy_helper  # noqa: E402

average = models_script("average")
READER = REPO / "models" / "float" / "dice_faces.onnx"  # a trained (float) reader, as averaged


def _weights(path):
    return {t.name: numpy_helper.to_array(t) for t in onnx.load(str(path)).graph.initializer}


def _read(path, crops):
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return session.run(None, {"crops": crops})[0]


@pytest.fixture()
def finetuned(tmp_path):
    """The trained reader with every float weight moved, standing in for a fine-tune of it."""
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
        average.average(READER, REPO / "models" / "float" / "dice_faces_b.onnx", tmp_path / "x.onnx")
    with pytest.raises(ValueError, match="between 0 and 1"):
        average.average(READER, READER, tmp_path / "x.onnx", weight=1.5)


def test_a_fine_tune_that_added_a_class_keeps_its_own_rows_for_it(tmp_path):
    # a start with the emblem class cut off: seven classes, as the readers were before they learnt emblems
    model = onnx.load(str(READER))
    gemm = next(n for n in model.graph.node if n.op_type == "Gemm")
    for tensor in model.graph.initializer:
        if tensor.name in gemm.input[1:3]:
            tensor.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(tensor)[:7] * 0.5, tensor.name))
    model.graph.output[0].type.tensor_type.shape.dim[1].dim_value = 7
    start = tmp_path / "seven.onnx"
    onnx.save(model, str(start))
    out = tmp_path / "mixed.onnx"
    average.average(start, READER, out)
    seven, eight, mixed = _weights(start), _weights(READER), _weights(out)
    weight = gemm.input[1]
    assert mixed[weight].shape == eight[weight].shape == (8, seven[weight].shape[1])
    assert np.allclose(mixed[weight][:7], 0.5 * seven[weight] + 0.5 * eight[weight][:7], atol=1e-6)
    assert np.array_equal(mixed[weight][7], eight[weight][7])
    crops = np.random.default_rng(1).uniform(0, 255, (2, 3, 48, 48)).astype(np.float32)
    assert _read(out, crops).shape == (2, 8)
    with pytest.raises(ValueError, match="fewer rows"):  # never the other way round: a start with more classes
        average.average(READER, start, tmp_path / "x.onnx")


def test_an_int8_copy_is_refused_with_where_its_float_original_is(tmp_path):
    shipped = REPO / "models" / "dice_faces.onnx"  # the package's int8 copy of READER
    with pytest.raises(ValueError, match="int8 copy .*models/float/"):
        average.average(READER, shipped, tmp_path / "out.onnx")
    assert not (tmp_path / "out.onnx").exists()
