"""models/quantize.py: the shipped face readers are int8 copies of the trained float ones, and read as they do."""

import numpy as np
import onnxruntime as ort
import pytest

from tests.conftest import REPO, SHARED, models_script

onnx = pytest.importorskip("onnx", reason="the dev extra (onnx) is not installed")
quantize = models_script("quantize")
FLOAT = REPO / "models" / "float"
PENLINGTON = str(SHARED / "data" / "dice-real" / "penlington-wood")


def _session(path):
    return ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])


def _is_int8(path) -> bool:
    return quantize.is_int8(onnx.load(str(path)))


def test_the_first_layer_and_the_layers_making_the_outputs_stay_float():
    reader = quantize.float_ends(onnx.load(str(FLOAT / "dice_faces.onnx")))
    assert reader[0].endswith("features.0.0/Conv")  # raw pixels in
    assert sorted(reader[1:]) == ["/Softmax", "/net/classify/Gemm", "/net/place/place.1/Gemm"]
    detector = quantize.float_ends(onnx.load(str(FLOAT / "dice.onnx")))
    assert sorted(detector[1:]) == ["/Sigmoid", "/Softmax", "/out_box/Conv", "/out_heat/Conv", "/out_value/Conv"]


def test_the_shipped_readers_report_probabilities_unrounded():
    # quantized, a softmax's output comes in steps of 1/255 and a small probability as 0: the product of the
    # detector's and the readers' guesses, and the referee's second-best values, need them as computed
    crops = np.random.default_rng(4).uniform(0, 255, (16, 3, 48, 48)).astype(np.float32)
    for name in ("dice_faces.onnx", "dice_faces_b.onnx"):
        model = onnx.load(str(REPO / "models" / name))
        made_by = {out: node.op_type for node in model.graph.node for out in node.output}
        assert made_by["value"] == "Softmax"
        probs = _session(REPO / "models" / name).run(None, {"crops": crops})[0]
        steps = probs * 255
        assert np.abs(steps - np.round(steps)).max() > 0.01


def test_the_shipped_readers_are_int8_and_the_detector_is_as_trained():
    assert _is_int8(REPO / "models" / "dice_faces.onnx") and _is_int8(REPO / "models" / "dice_faces_b.onnx")
    assert not _is_int8(REPO / "models" / "dice.onnx")
    assert (REPO / "models" / "dice.onnx").read_bytes() == (FLOAT / "dice.onnx").read_bytes()


def test_calibration_records_what_the_float_reader_gives_its_models_on_fit_photos_only():
    inputs = quantize.record_inputs(FLOAT, [PENLINGTON], "fit", 2, 0, 1, {"emblems": 0.5})
    assert set(inputs) == {"dice.onnx", "dice_faces.onnx", "dice_faces_b.onnx"}
    assert len(inputs["dice.onnx"]) >= 3  # two photos and a rendered table, each at least once
    assert all(x.dtype == np.float32 and x.shape[1:] == (3, 48, 48) for x in inputs["dice_faces.onnx"])


def test_an_int8_copy_keeps_the_metadata_and_reads_crops_as_the_float_reader(tmp_path):
    inputs = quantize.record_inputs(FLOAT, [PENLINGTON], "fit", 4, 1, 0, {})
    out = tmp_path / "dice_faces.onnx"
    kept = quantize.quantize(FLOAT / "dice_faces.onnx", out, inputs["dice_faces.onnx"], moving_average=True)
    assert _is_int8(out) and kept == quantize.float_ends(onnx.load(str(FLOAT / "dice_faces.onnx")))
    meta = _session(out).get_modelmeta().custom_metadata_map
    assert meta["companion"] == _session(FLOAT / "dice_faces.onnx").get_modelmeta().custom_metadata_map["companion"]
    crops = np.concatenate(inputs["dice_faces.onnx"])
    ours, theirs = (_session(out).run(None, {"crops": crops}),
                    _session(FLOAT / "dice_faces.onnx").run(None, {"crops": crops}))
    assert (ours[0].argmax(axis=1) == theirs[0].argmax(axis=1)).mean() >= 0.9
    assert np.abs(ours[0] - theirs[0]).max() < 0.5 and np.abs(ours[0] - theirs[0]).mean() < 0.05


def test_the_config_run_writes_every_model_into_a_folder_it_makes(tmp_path):
    """A run whose output folder is not there yet makes it, rather than failing after the calibration."""
    config = tmp_path / "quantize.toml"
    output = tmp_path / "new" / "int8"
    config.write_text(f'''seed = 0
photos_per_set = 2
split = "fit"
real_sets = ["{PENLINGTON}"]
moving_average = true
source = "{FLOAT}"
output = "{output}"
models = ["dice_faces_b.onnx"]
float_models = ["dice.onnx"]
rendered_frames = 0
rendered_looks = {{}}
''')
    assert quantize.main(["--config", str(config)]) == 0
    assert _is_int8(output / "dice_faces_b.onnx")
    assert (output / "dice.onnx").read_bytes() == (FLOAT / "dice.onnx").read_bytes()
