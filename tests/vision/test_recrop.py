"""A face reader with a placing head moves badly placed boxes onto the die and reads them again, within budget."""

import shutil

import numpy as np
import pytest

from companion.vision import DEFAULT_MODEL, DiceReader
from companion.vision.looks import FrameLooks
from companion.vision.render import render_table

onnx = pytest.importorskip("onnx")


def placing_reader(path, place=(0.2, -0.05, 0.1)):
    """A stand-in face reader: values from the crop's mean colour, and a placing head that always answers ``place``."""
    from onnx import TensorProto, helper, numpy_helper

    w = np.random.default_rng(0).normal(0, 0.05, (3, 7)).astype(np.float32)
    nodes = [helper.make_node("Div", ["crops", "k255"], ["x"]),
             helper.make_node("GlobalAveragePool", ["x"], ["pooled"]),
             helper.make_node("Flatten", ["pooled"], ["flat"]),
             helper.make_node("Gemm", ["flat", "w", "b"], ["logits"]),
             helper.make_node("Softmax", ["logits"], ["value"], axis=1),
             helper.make_node("Gemm", ["flat", "wp", "bp"], ["place"])]
    inits = [numpy_helper.from_array(np.array(255.0, np.float32), "k255"),
             numpy_helper.from_array(w * 40, "w"), numpy_helper.from_array(np.zeros(7, np.float32), "b"),
             numpy_helper.from_array(np.zeros((3, 3), np.float32), "wp"),
             numpy_helper.from_array(np.array(place, np.float32), "bp")]
    graph = helper.make_graph(nodes, "placing", [helper.make_tensor_value_info("crops", TensorProto.FLOAT,
                                                                               ["dice", 3, 48, 48])],
                              [helper.make_tensor_value_info("value", TensorProto.FLOAT, ["dice", 7]),
                               helper.make_tensor_value_info("place", TensorProto.FLOAT, ["dice", 3])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    meta = model.metadata_props.add()
    meta.key, meta.value = "companion", '{"crop_size": 48, "crop_scale": 1.3}'
    onnx.save(model, str(path))


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    folder = tmp_path_factory.mktemp("placing")
    shutil.copy(DEFAULT_MODEL, folder / "dice.onnx")
    placing_reader(folder / "dice_faces.onnx")
    img, _ = render_table(np.random.default_rng(5), 480, 640, n_dice=4, size_range=(36, 50), occlude=False)
    boxes = [[d.box[0], d.box[1], d.box[2] - d.box[0], d.box[3] - d.box[1]]
             for d in DiceReader(threads=1, read_colour=False).read(img)]
    assert len(boxes) == 4
    return folder / "dice.onnx", img, boxes


def _reader(model, **kw):
    return DiceReader(model, threads=1, read_colour=False, reread_below=0.0, **kw)


def test_badly_placed_boxes_are_moved_where_the_reader_saw_the_die_and_read_there_alone(setup):
    model, img, boxes = setup
    reader = _reader(model, recrop_beyond=0.1, recrop_rounds=1)
    assert reader.places and reader.second is None
    probs, read_boxes = reader._read_all(img, boxes, np.ones(4), np.full((4, 6), 1 / 6))
    for (x, y, w, h), (nx, ny, nw, nh) in zip(boxes, read_boxes):
        side = 1.3 * max(w, h)
        assert nx + nw / 2 == pytest.approx(x + w / 2 + 0.2 * side)
        assert ny + nh / 2 == pytest.approx(y + h / 2 - 0.05 * side)
        assert nw == pytest.approx(w * np.exp(0.1)) and nh == pytest.approx(h * np.exp(0.1))
    assert reader.faces_recropped == 4 and reader.face_looks == 8  # a look where the detector put it, one where it is
    np.testing.assert_allclose(probs, reader._read_faces(img, read_boxes, range(1)), rtol=1e-5, atol=1e-6)
    assert not np.allclose(probs, reader._read_faces(img, boxes, range(1)))  # the first crop's answer is dropped


def test_a_box_widened_by_the_smallest_crop_is_re_placed_from_the_crop_actually_cut(setup):
    """The head sizes the die against the crop it saw: a pip-sized box cut at min_crop grows to that crop's die."""
    model, img, boxes = setup
    reader = _reader(model, recrop_beyond=0.1, min_crop=0.2)  # 96 px crops of the 480 px frame
    x, y, w, h = boxes[0]
    tiny = [x + w / 2 - 5, y + h / 2 - 5, 10.0, 10.0]
    placed = []
    reader._read_faces(img, [tiny], range(1), placed=placed)
    (nx, ny, nw, nh), _ = placed[0]
    assert nw == pytest.approx(96 * np.exp(0.1) / 1.3) and nh == pytest.approx(nw)
    assert nx + nw / 2 == pytest.approx(x + w / 2 + 0.2 * 96)


def test_boxes_off_by_less_than_the_tolerance_stay_and_the_setting_can_turn_it_off(setup):
    model, img, boxes = setup
    for reader in (_reader(model, recrop_beyond=0.25), _reader(model, recrop_beyond=1.0)):
        probs, read_boxes = reader._read_all(img, boxes, np.ones(4), np.full((4, 6), 1 / 6))
        assert read_boxes == boxes and reader.faces_recropped == 0 and reader.face_looks == 4


def test_a_face_reader_without_a_placing_head_never_moves_a_box(setup, tmp_path):
    _, img, boxes = setup
    shutil.copy(DEFAULT_MODEL, tmp_path / "dice.onnx")
    shutil.copy(DEFAULT_MODEL.with_name("dice_faces_b.onnx"), tmp_path / "dice_faces.onnx")  # value head only
    reader = _reader(tmp_path / "dice.onnx", recrop_beyond=0.0)
    _, read_boxes = reader._read_all(img, boxes, np.ones(4), np.full((4, 6), 1 / 6))
    assert not reader.places and read_boxes == boxes and reader.faces_recropped == 0


def test_re_placing_stays_within_the_frame_budget(setup):
    model, img, boxes = setup
    reader = _reader(model, recrop_beyond=0.1, max_face_looks=6, recrop_rounds=1)
    _, read_boxes = reader._read_all(img, boxes, np.ones(4), np.full((4, 6), 1 / 6))
    assert reader.faces_recropped == 2 and reader.face_looks == 6
    assert sum(a != b for a, b in zip(read_boxes, boxes)) == 2


def test_read_reports_the_re_placed_box(setup):
    model, img, _ = setup
    moved, kept = ({round(d.box[0]) for d in _reader(model, recrop_beyond=beyond, confidence=0.05,
                                                      max_face_looks=0).read(img) if d.box[0] > 0}
                   for beyond in (0.1, 1.0))
    assert len(moved) >= 4 and len(kept) >= 4 and moved.isdisjoint(kept)


def test_forgetting_a_look_drops_its_answer_but_keeps_it_spent():
    looks = FrameLooks(lambda r, boxes, turns: np.tile([[1.0, 0.0]], (len(boxes), 1)), readers=1, boxes=3, budget=10)
    looks.look(0, [0, 1, 2], 1)
    looks.forget(0, [1])
    assert looks.spent == 3 and list(looks.turns[0]) == [1, 0, 1]
    np.testing.assert_allclose(looks.probabilities()[1], [0.0, 0.0])


def test_the_shipped_first_reader_places_badly_boxed_dice_closer_to_where_they_are():
    """Boxes moved by ~10% and sized 0.7-1.8x (as a detector gets them wrong) come back nearer the die."""
    reader = DiceReader(threads=1, read_colour=False)
    assert reader.places
    rng = np.random.default_rng(11)
    before, after = [], []

    def error(box, truth):  # centre off in die sizes, or how many times too big or small: the worse
        x, y, w, h = box
        x1, y1, x2, y2 = truth
        s = max(x2 - x1, y2 - y1)
        return max(abs(x + w / 2 - (x1 + x2) / 2) / s, abs(y + h / 2 - (y1 + y2) / 2) / s, abs(np.log(max(w, h) / s)))

    for _ in range(15):
        img, dice = render_table(rng, 480, 640, n_dice=3, size_range=(36, 60), occlude=False)
        for d in dice:
            x1, y1, x2, y2 = d.box
            w, h, grow = x2 - x1, y2 - y1, float(np.exp(rng.uniform(np.log(0.7), np.log(1.8))))
            dx, dy = rng.normal(0, 0.1 * max(w, h), 2)
            box = [(x1 + x2 - w * grow) / 2 + dx, (y1 + y2 - h * grow) / 2 + dy, w * grow, h * grow]
            placed = []
            reader._read_faces(img, [box], range(1), placed=placed)
            before.append(error(box, d.box))
            after.append(error(placed[0][0], d.box))
    assert np.median(after) < 0.6 * np.median(before)
    assert np.percentile(after, 90) < 0.6 * np.percentile(before, 90)


def test_a_box_drawn_too_small_is_cut_at_the_frame_s_minimum_crop():
    """min_crop: a crop is at least that fraction of the frame's shorter side, wherever the box says less."""
    img, dice = render_table(np.random.default_rng(4), 480, 640, n_dice=1, size_range=(40, 44), occlude=False)
    x1, y1, x2, y2 = dice[0].box
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    pip_sized = [cx - 5, cy - 5, 10.0, 10.0]
    reader = DiceReader(threads=1, read_colour=False, min_crop=0.1)
    plain = DiceReader(threads=1, read_colour=False, min_crop=0.0)
    as_if = 0.1 * 480 / plain.crop_scale  # the box whose ordinary crop is 10% of 480 px
    np.testing.assert_allclose(reader._read_faces(img, [pip_sized], range(1)),
                               plain._read_faces(img, [[cx - as_if / 2, cy - as_if / 2, as_if, as_if]], range(1)),
                               rtol=1e-5, atol=1e-6)
    assert not np.allclose(reader._read_faces(img, [pip_sized], range(1)),
                           plain._read_faces(img, [pip_sized], range(1)))
    big = [x1 - 20, y1 - 20, x2 - x1 + 40, y2 - y1 + 40]  # boxes bigger than the minimum are cut as before
    np.testing.assert_allclose(reader._read_faces(img, [big], range(1)), plain._read_faces(img, [big], range(1)),
                               rtol=1e-5, atol=1e-6)


def test_a_die_still_off_after_its_re_cut_is_re_placed_again_up_to_the_rounds_allowed(setup):
    """This head always finds the die 0.2 of a crop to the right, so every round moves every box again."""
    model, img, boxes = setup
    for rounds in (1, 2, 3):
        reader = _reader(model, recrop_beyond=0.1, recrop_rounds=rounds)
        _, read_boxes = reader._read_all(img, boxes, np.ones(4), np.full((4, 6), 1 / 6))
        (x, y, w, h), (nx, ny, nw, nh) = boxes[0], read_boxes[0]
        sides = [1.3 * max(w, h) * np.exp(0.1 * k) for k in range(rounds)]  # each crop grows with its box
        assert nx + nw / 2 == pytest.approx(x + w / 2 + 0.2 * sum(sides))
        assert nw == pytest.approx(w * np.exp(0.1 * rounds))
        assert ny + nh / 2 == pytest.approx(y + h / 2 - 0.05 * sum(sides))
        assert nh == pytest.approx(h * np.exp(0.1 * rounds))
        assert reader.faces_moved == 4 and reader.faces_recropped == 4 * rounds
        assert reader.face_looks == 4 * (rounds + 1)


def test_later_rounds_re_cut_only_the_dice_still_found_off_and_stop_when_the_looks_run_out(setup, monkeypatch):
    model, img, boxes = setup
    reader = _reader(model, recrop_beyond=0.1, recrop_rounds=3)
    first_boxes, die_0_row = [tuple(b) for b in boxes], boxes[0][1] + boxes[0][3] / 2  # the dice lie in other rows
    placed_box = reader._placed_box

    def die_0_stays_off(rect, place, image):  # the others sit right once re-cut
        box, off = placed_box(rect, place, image)
        still_off = tuple(rect) in first_boxes or abs(rect[1] + rect[3] / 2 - die_0_row) < 20
        return box, off if still_off else 0.0

    monkeypatch.setattr(reader, "_placed_box", die_0_stays_off)
    reader._read_all(img, boxes, np.ones(4), np.full((4, 6), 1 / 6))
    assert reader.faces_moved == 4 and reader.faces_recropped == 4 + 1 + 1
    limited = _reader(model, recrop_beyond=0.1, recrop_rounds=3, max_face_looks=9)  # 4 first looks, 5 left
    limited._read_all(img, boxes, np.ones(4), np.full((4, 6), 1 / 6))
    assert limited.faces_recropped == 5 and limited.face_looks == 9

