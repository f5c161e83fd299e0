"""The detector sees a frame at its own aspect ratio, with the pixels its square input had."""

import json

import cv2
import numpy as np
import onnx
import pytest

from companion.vision import DEFAULT_MODEL, DiceReader, ModelError
from companion.vision.fit import fitted_shape, scaled
from companion.vision.render import render_table
from tests.conftest import models_script, read_rendered_tables

SQUARE = 416 * 416


@pytest.mark.parametrize("height, width", [(480, 640), (720, 1280), (960, 1280), (1080, 1920), (640, 480), (37, 911)])
def test_the_input_keeps_the_budget_and_the_frame_fills_it(height, width):
    scale, rows, cols = fitted_shape(height, width, SQUARE, 16)
    assert rows % 16 == 0 and cols % 16 == 0
    assert rows * cols <= SQUARE
    assert round(height * scale) <= rows and round(width * scale) <= cols
    # the largest such scale: one more step of either side would leave the budget
    for bigger in (scale * 1.02, scale * 1.05):
        padded = -(-round(height * bigger) // 16) * 16 * (-(-round(width * bigger) // 16) * 16)
        assert padded > SQUARE


def test_a_square_frame_gets_the_old_letterbox_exactly():
    assert fitted_shape(640, 640, SQUARE, 16) == (416 / 640, 416, 416)
    assert fitted_shape(208, 208, SQUARE, 16) == (2.0, 416, 416)


def test_wide_frames_show_their_dice_bigger_than_a_square_letterbox():
    four_three, _, _ = fitted_shape(960, 1280, SQUARE, 16)
    sixteen_nine, _, _ = fitted_shape(720, 1280, SQUARE, 16)
    assert four_three / (416 / 1280) > 1.1
    assert sixteen_nine / (416 / 1280) > 1.25


def test_nonsense_sizes_are_refused():
    with pytest.raises(ValueError, match="must be positive"):
        fitted_shape(0, 640, SQUARE, 16)


def test_the_shipped_detector_takes_any_shape_within_its_budget():
    reader = DiceReader(DEFAULT_MODEL, threads=1, faces=False)
    assert reader.fit_frame and reader.input_pixels == SQUARE and reader.input_size == 416
    assert reader.input_shape(720, 1280)[1:] == (304, 544)
    assert reader.input_shape(960, 1280)[1:] == (352, 480)
    assert DiceReader(DEFAULT_MODEL, threads=1, faces=False, fit_frame=False).input_shape(720, 1280)[1:] == (416, 416)


def test_a_wide_frame_is_read_with_boxes_in_its_own_pixels():
    reader = DiceReader(DEFAULT_MODEL, threads=1)
    right, total = read_rendered_tables(reader, np.random.default_rng(11), 720, 1280, tables=4, n_dice=6,
                                        size_range=(40, 56), occlude=False, blur=0.5)
    assert right >= 0.9 * total, f"{right}/{total}"


def _edited(tmp_path, name, dims, meta_update=None):
    """The shipped detector with its input (and output) height and width set to ``dims``."""
    model = onnx.load(str(DEFAULT_MODEL))
    for value in list(model.graph.input) + list(model.graph.output):
        for axis, dim in zip((2, 3), dims):
            target = value.type.tensor_type.shape.dim[axis]
            if isinstance(dim, int):
                target.dim_value = dim
            else:
                target.dim_param = dim
    meta = next(p for p in model.metadata_props if p.key == "companion")
    info = json.loads(meta.value)
    for key, value in (meta_update or {}).items():
        if value is None:
            info.pop(key, None)
        else:
            info[key] = value
    meta.value = json.dumps(info)
    path = tmp_path / name
    onnx.save(model, str(path))
    return path


def test_a_fixed_square_detector_is_still_letterboxed(tmp_path):
    square = DiceReader(_edited(tmp_path, "square.onnx", (416, 416), {"pixels": None, "multiple": None}),
                        threads=1, faces=False)
    assert not square.fit_frame and square.input_shape(720, 1280) == (416 / 1280, 416, 416)
    free = DiceReader(DEFAULT_MODEL, threads=1, faces=False, fit_frame=False)
    image, _ = render_table(np.random.default_rng(3), 720, 1280, n_dice=4, occlude=False)
    assert [(r.value, r.box) for r in square.read(image)] == [(r.value, r.box) for r in free.read(image)]


def test_a_free_shaped_detector_must_say_its_pixel_budget(tmp_path):
    with pytest.raises(ModelError, match="pixels"):
        DiceReader(_edited(tmp_path, "vague.onnx", ("height", "width"), {"pixels": None}), threads=1, faces=False)
    with pytest.raises(ModelError, match="one side"):
        DiceReader(_edited(tmp_path, "half.onnx", (416, "width")), threads=1, faces=False)
    with pytest.raises(ModelError, match="square"):
        DiceReader(_edited(tmp_path, "oblong.onnx", (320, 416)), threads=1, faces=False)


def test_the_free_input_script_turns_a_square_detector_into_the_shipped_form(tmp_path):
    square = _edited(tmp_path, "square.onnx", (416, 416), {"pixels": None, "multiple": None})
    free_input = models_script("free_input")
    assert free_input.main([str(square)]) == 0
    reader = DiceReader(square, threads=1, faces=False)
    assert reader.fit_frame and reader.input_pixels == SQUARE and reader.input_multiple == 16
    shipped = onnx.load(str(DEFAULT_MODEL))
    again = onnx.load(str(square))
    assert [i.raw_data for i in again.graph.initializer] == [i.raw_data for i in shipped.graph.initializer]
    image, _ = render_table(np.random.default_rng(5), 720, 960, n_dice=3, occlude=False)
    shipped_reader = DiceReader(DEFAULT_MODEL, threads=1, faces=False)
    assert [(r.value, r.box) for r in reader.read(image)] == [(r.value, r.box) for r in shipped_reader.read(image)]


def test_the_free_input_script_refuses_a_detector_already_free_or_oblong(tmp_path, capsys):
    free_input = models_script("free_input")
    assert free_input.main([str(DEFAULT_MODEL), "--out", str(tmp_path / "again.onnx")]) == 2
    assert "fixed height and width" in capsys.readouterr().err
    oblong = _edited(tmp_path, "oblong.onnx", (320, 416), {"pixels": None, "multiple": None})
    assert free_input.main([str(oblong)]) == 2
    assert "square input" in capsys.readouterr().err
    assert not (tmp_path / "again.onnx").exists()


def test_a_frame_is_scaled_to_the_input_without_skipping_pixels():
    """A big frame shrunk a lot is halved (each halving blurred) before the bilinear step: a checkerboard of single
    pixels comes out an even grey, where bilinear alone, sampling a few pixels of every four, shows stripes."""
    board = (np.indices((720, 1280)).sum(axis=0) % 2 * 255).astype(np.uint8)
    frame = np.repeat(board[..., None], 3, axis=2)
    out = scaled(frame, 544, 304)
    assert out.shape == (304, 544, 3) and abs(float(out.mean()) - 127.5) < 2 and float(out.std()) < 8
    assert float(cv2.resize(frame, (544, 304), interpolation=cv2.INTER_LINEAR).std()) > 30
    small = frame[:100, :120]
    assert scaled(small, 96, 80).shape == (80, 96, 3) and scaled(small, 240, 200).shape == (200, 240, 3)
