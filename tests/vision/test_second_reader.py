"""The second face reader: asked about doubtful dice (or every die), and never a reason to stop reading.

Boxes stay where the detector put them here (recrop_beyond=1.0): re-placing is tested in test_recrop.py.
"""

import shutil

import numpy as np
import pytest

from companion.vision import DEFAULT_MODEL, DiceReader
from companion.vision.model_files import SECOND_FACES_SUFFIX
from companion.vision.render import render_table

FIRST = DEFAULT_MODEL.with_name("dice_faces.onnx")
SECOND = DEFAULT_MODEL.with_name("dice" + SECOND_FACES_SUFFIX)


@pytest.fixture(scope="module")
def table():
    img, truth = render_table(np.random.default_rng(8), 480, 640, n_dice=4, size_range=(36, 50), occlude=False,
                              blur=0.8)
    return img, truth


def _boxes(reader, img):
    """The boxes the reader found, back in its own (x, y, w, h) form."""
    return [[d.box[0], d.box[1], d.box[2] - d.box[0], d.box[3] - d.box[1]] for d in reader.read(img)]


def test_the_second_reader_ships_next_to_the_first():
    assert SECOND.is_file() and SECOND.stat().st_size < 1_000_000
    assert SECOND.read_bytes() != FIRST.read_bytes()


def test_doubtful_dice_get_both_readers_at_four_turns(table):
    img, _ = table
    # every die doubtful
    reader = DiceReader(threads=1, read_colour=False, recrop_beyond=1.0, reread_below=1.01, max_face_looks=0)
    assert reader.second is not None
    boxes = _boxes(reader, img)
    scores, detector_probs = np.ones(len(boxes)), np.full((len(boxes), 6), 1 / 6)
    got, _ = reader._read_all(img, boxes, scores, detector_probs)
    first = reader._read_faces(img, boxes, range(4))
    second = reader._read_faces(img, boxes, range(4), reader.second)
    np.testing.assert_allclose(got, (first + second) / 2, rtol=1e-5, atol=1e-6)
    assert not np.allclose(first, second)  # trained apart, they do not answer alike


def test_sure_dice_are_read_once_by_the_first_reader_alone(table):
    img, _ = table
    reader = DiceReader(threads=1, read_colour=False, recrop_beyond=1.0, reread_below=0.0, second_opinion="doubtful")
    boxes = _boxes(reader, img)
    got, _ = reader._read_all(img, boxes, np.ones(len(boxes)), np.full((len(boxes), 6), 1 / 6))
    np.testing.assert_allclose(got, reader._read_faces(img, boxes, range(1)), rtol=1e-5, atol=1e-6)
    assert reader.faces_reread == 0


def test_always_averages_both_readers_on_every_die(table):
    img, truth = table
    reader = DiceReader(threads=1, read_colour=False, recrop_beyond=1.0, reread_below=0.0, second_opinion="always")
    boxes = _boxes(reader, img)
    got, _ = reader._read_all(img, boxes, np.ones(len(boxes)), np.full((len(boxes), 6), 1 / 6))
    both = (reader._read_faces(img, boxes, range(1)) + reader._read_faces(img, boxes, range(1), reader.second)) / 2
    np.testing.assert_allclose(got, both, rtol=1e-5, atol=1e-6)
    assert sorted(d.value for d in reader.read(img)) == sorted(d.value for d in truth)


def test_off_ignores_the_second_reader_and_bad_values_are_refused():
    assert DiceReader(threads=1, second_opinion="off").second is None
    with pytest.raises(ValueError, match="second_opinion"):
        DiceReader(threads=1, second_opinion="sometimes")


def test_a_broken_second_reader_is_reported_and_the_first_still_reads(tmp_path, table, caplog):
    img, truth = table
    for name in ("dice.onnx", "dice_faces.onnx"):
        shutil.copy(DEFAULT_MODEL.with_name(name), tmp_path / name)
    (tmp_path / SECOND.name).write_bytes(SECOND.read_bytes()[:3000])
    reader = DiceReader(tmp_path / "dice.onnx", threads=1, read_colour=False, recrop_beyond=1.0)
    assert reader.second is None and SECOND.name in reader.second_error
    assert "first face reader alone" in caplog.text
    alone = DiceReader(threads=1, read_colour=False, recrop_beyond=1.0, second_opinion="off")
    assert [(d.value, d.box) for d in reader.read(img)] == [(d.value, d.box) for d in alone.read(img)]
    assert sorted(d.value for d in reader.read(img)) == sorted(d.value for d in truth)


def test_a_crowded_frame_keeps_to_its_face_look_budget_most_doubtful_first(table):
    img, _ = table
    reader = DiceReader(threads=1, read_colour=False, recrop_beyond=1.0, reread_below=1.01,  # every die doubtful
                        max_face_looks=12, second_opinion="doubtful")
    boxes = _boxes(reader, img)
    assert len(boxes) == 4
    uniform = np.full((4, 6), 1 / 6)
    sureness = reader._fuse(uniform, reader._read_faces(img, boxes, range(1))).max(axis=1)
    looks, rereads = reader.face_looks, reader.faces_reread
    got, _ = reader._read_all(img, boxes, np.ones(4), uniform)
    assert reader.face_looks - looks == 4 + 7  # one look each, then 3 + 4 for one die: a second would need 18
    assert reader.faces_reread - rereads == 1
    least_sure = int(np.argmin(sureness))
    changed = [k for k in range(4) if not np.allclose(got[k], reader._read_faces(img, [boxes[k]], range(1))[0])]
    assert changed == [least_sure]
    unlimited = DiceReader(threads=1, read_colour=False, recrop_beyond=1.0, reread_below=1.01, max_face_looks=0,
                           second_opinion="doubtful")
    before = unlimited.face_looks
    unlimited._read_all(img, boxes, np.ones(4), uniform)
    assert unlimited.face_looks - before == 4 + 4 * 7


def test_always_asks_the_second_reader_about_the_least_sure_dice_while_the_budget_lasts(table):
    img, _ = table
    reader = DiceReader(threads=1, read_colour=False, recrop_beyond=1.0, reread_below=0.0, second_opinion="always",
                        max_face_looks=6)
    boxes = _boxes(reader, img)
    uniform = np.full((4, 6), 1 / 6)
    first = reader._read_faces(img, boxes, range(1))
    second = reader._read_faces(img, boxes, range(1), reader.second)
    least_sure = np.argsort(reader._fuse(uniform, first).max(axis=1), kind="stable")[:2]
    looks = reader.face_looks
    got, _ = reader._read_all(img, boxes, np.ones(4), uniform)
    assert reader.face_looks - looks == 4 + 2  # every die once, then two second opinions fill the budget of 6
    for k in range(4):
        expected = (first[k] + second[k]) / 2 if k in least_sure else first[k]
        np.testing.assert_allclose(got[k], expected, rtol=1e-5, atol=1e-6)
