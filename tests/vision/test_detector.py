"""The shipped model loads, reads what it should, and fails clearly on bad files and bad input."""

import json
import subprocess
import sys

import cv2
import numpy as np
import pytest

from companion.vision import DEFAULT_MODEL, DiceReader, ModelError
from companion.vision.render import render_table
from tests.conftest import REPO, read_rendered_tables


@pytest.fixture(scope="module")
def reader():
    return DiceReader(threads=1)


def test_default_model_is_shipped_small_with_a_square_worth_of_pixels(reader):
    assert DEFAULT_MODEL == REPO / "models" / "dice.onnx"
    assert DEFAULT_MODEL.stat().st_size < 10_000_000
    assert reader.input_size >= 256 and reader.input_pixels == reader.input_size ** 2


def test_missing_model_names_the_file(tmp_path):
    with pytest.raises(ModelError, match="nothere.onnx"):
        DiceReader(tmp_path / "nothere.onnx")


def test_a_model_path_in_the_config_may_start_with_a_tilde(tmp_path, monkeypatch):
    """The doctor and the reader find the same file: both expand ``~`` (the doctor always had)."""
    import shutil

    from companion.config import load_config

    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("dice.onnx", "dice_faces.onnx"):
        shutil.copy(DEFAULT_MODEL.with_name(name), tmp_path / name)
    vision = dict(load_config(None)["vision"], model="~/dice.onnx")
    reader = DiceReader.from_config(vision, threads=1)
    assert reader.model_path == tmp_path / "dice.onnx" and reader.faces is not None and reader.second is None


def test_corrupt_model_names_the_file(tmp_path):
    bad = tmp_path / "broken.onnx"
    bad.write_bytes(DEFAULT_MODEL.read_bytes()[:5000])
    with pytest.raises(ModelError, match="broken.onnx"):
        DiceReader(bad)


def test_rendered_dice_are_read_with_boxes_in_source_pixels(reader):
    right, total = read_rendered_tables(reader, np.random.default_rng(7), 480, 640, tables=6, n_dice=5,
                                        size_range=(36, 50), occlude=False, blur=0.5)
    assert right >= 0.9 * total, f"{right}/{total}"


def test_empty_table_reads_no_dice(reader):
    img = np.full((480, 640, 3), (90, 120, 150), np.uint8)
    assert reader.read(img) == []


def test_grey_and_bgra_images_are_accepted_and_garbage_refused(reader):
    """A grey picture's dice are read (their values; no colour to tell), a BGRA one's as its BGR picture's."""
    img, truth = render_table(np.random.default_rng(1), 300, 400, n_dice=2, occlude=False)
    as_read = lambda image: sorted((d.value, d.color, d.box) for d in reader.read(image))  # noqa: E731
    grey = as_read(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
    assert sorted(value for value, _, _ in grey) == sorted(d.value for d in truth)
    assert as_read(cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)) == as_read(img) and len(as_read(img)) == len(truth)
    for garbage in (np.zeros((10, 10, 3), np.float32), np.zeros((0, 0, 3), np.uint8)):
        with pytest.raises(ValueError, match="expected a non-empty uint8 image array"):
            reader.read(garbage)


def test_cli_reports_bad_files_and_still_reads_the_others(tmp_path):
    rng = np.random.default_rng(3)
    img, truth = render_table(rng, 480, 640, n_dice=3, size_range=(40, 50), occlude=False, blur=0.5)
    good = tmp_path / "table.png"
    cv2.imwrite(str(good), img)
    bad = tmp_path / "notes.jpg"
    bad.write_text("this is not a picture")
    proc = subprocess.run([sys.executable, "-m", "companion.cli", "dice", str(bad), str(good), "--json",
                           "--threads", "1"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert proc.returncode == 1
    assert "notes.jpg" in proc.stderr and "not a readable image" in proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == 1 and lines[0]["image"] == str(good)
    dice = lines[0]["dice"]
    assert sorted(d["value"] for d in dice) == sorted(d.value for d in truth)
    for d in dice:
        assert set(d) == {"box", "value", "color", "confidence"}
        x1, y1, x2, y2 = d["box"]
        assert 0 <= x1 < x2 <= 640 and 0 <= y1 < y2 <= 480


def test_cli_missing_model_is_a_clear_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "companion.cli", "dice", str(tmp_path), "--model",
                           str(tmp_path / "none.onnx")], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert proc.returncode == 2 and "none.onnx" in proc.stderr


def test_face_views_average_quarter_turns_and_refuse_other_counts():
    img, truth = render_table(np.random.default_rng(5), 480, 640, n_dice=3, size_range=(40, 50), occlude=False,
                              blur=0.5)
    two = DiceReader(threads=1, face_views=2).read(img)
    assert sorted(d.value for d in two) == sorted(d.value for d in truth)
    with pytest.raises(ValueError, match="face_views"):
        DiceReader(threads=1, face_views=3)


def test_doubtful_dice_are_read_again_at_four_quarter_turns():
    img, truth = render_table(np.random.default_rng(8), 480, 640, n_dice=4, size_range=(36, 50), occlude=False,
                              blur=0.8)
    alone = dict(threads=1, read_colour=False, second_opinion="off",  # the second reader: test_second_reader.py
                 max_face_looks=0)  # no budget: four views per look would leave fewer re-cuts than one
    once = DiceReader(face_views=1, reread_below=0.0, **alone).read(img)
    four = DiceReader(face_views=4, **alone).read(img)
    every = DiceReader(face_views=1, reread_below=1.01, **alone).read(img)
    assert [(d.value, round(d.confidence, 5)) for d in every] == [(d.value, round(d.confidence, 5)) for d in four]
    assert [round(d.confidence, 5) for d in every] != [round(d.confidence, 5) for d in once]
    assert sorted(d.value for d in every) == sorted(d.value for d in truth)
