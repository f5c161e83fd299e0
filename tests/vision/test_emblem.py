"""Emblem dice: a maker's emblem in place of a face's pips is read as the value the table's setting gives it."""

import shutil

import numpy as np
import onnx
import pytest
from onnx import numpy_helper

from companion.config import load_config
from companion.vision import DEFAULT_MODEL, DiceReader
from companion.vision.face_reading import EMBLEM
from companion.vision.model_files import SECOND_FACES_SUFFIX
from companion.vision.render import DieSpec, draw_die, render_table
from companion.vision.scoring import match


def emblem_tables(frames=4, seed=12):
    """Rendered tables where every die shows an emblem on top, with their boxes."""
    rng = np.random.default_rng(seed)
    return [render_table(rng, 480, 640, n_dice=3, size_range=(50, 70), occlude=False, blur=0.6, emblems=1.0)
            for _ in range(frames)]


def read_values(reader, tables):
    """(labelled emblem dice, the values read for those found) over the tables."""
    values, labelled = [], 0
    for image, dice in tables:
        read = [(r.value, r.box) for r in reader.read(image)]
        labelled += len(dice)
        values += [read[i][0] for i, _ in match(read, [(0, d.box) for d in dice])]
    return labelled, values


def test_no_emblem_share_renders_the_tables_it_always_did():
    before, dice_before = render_table(np.random.default_rng(5), 200, 200, n_dice=4)
    after, dice_after = render_table(np.random.default_rng(5), 200, 200, n_dice=4, emblems=0.0)
    assert np.array_equal(before, after) and dice_before == dice_after
    assert not any(d.emblem for d in dice_after)
    _, dice = render_table(np.random.default_rng(5), 300, 300, n_dice=8, emblems=1.0)
    assert dice and all(d.emblem for d in dice)


def test_an_emblem_is_drawn_where_the_pips_would_be():
    spec = DieSpec(value=6, color="white", centre=(50.0, 50.0), size=50.0)
    pips, emblem = np.full((100, 100, 3), 114, np.float32), np.full((100, 100, 3), 114, np.float32)
    draw_die(pips, spec, np.random.default_rng(1))
    draw_die(emblem, DieSpec(**{**spec.__dict__, "emblem": True}), np.random.default_rng(1))
    face = (slice(30, 70), slice(30, 70))
    assert np.abs(pips[face] - emblem[face]).max() > 100  # dark marks in other places
    assert (emblem[face] < 100).any()


def test_the_shipped_readers_read_an_emblem_as_the_face_the_setting_names():
    tables = emblem_tables()
    as_six = DiceReader(threads=1, read_colour=False)
    assert as_six.faces.get_outputs()[0].shape[-1] == EMBLEM + 1  # the shipped readers answer "emblem"
    labelled, sixes = read_values(as_six, tables)
    assert len(sixes) >= 0.9 * labelled and sixes.count(6) >= 0.85 * len(sixes)
    _, ones = read_values(DiceReader(threads=1, read_colour=False, emblem_face=1), tables)
    assert ones.count(1) >= 0.85 * len(ones) and 6 not in ones


def test_the_emblem_face_comes_from_the_config_and_is_1_or_6():
    vision = {**load_config(None)["vision"], "emblem_face": 1}
    assert DiceReader.from_config(vision, read_colour=False).emblem_face == 1
    with pytest.raises(ValueError, match="emblem_face"):
        DiceReader(emblem_face=3)


def test_an_emblem_counts_towards_the_named_face_only():
    reader = DiceReader(threads=1, emblem_face=1)
    probs = np.array([[0.1, 0.0, 0.0, 0.0, 0.0, 0.2, 0.1, 0.6]])
    assert np.allclose(reader.face_values(probs), [[0.7, 0, 0, 0, 0, 0.2]])
    older = probs[:, :7]  # a reader without the emblem class: its values as they are
    assert np.allclose(reader.face_values(older), older[:, :6])


def test_a_second_reader_that_answers_other_classes_is_set_aside(tmp_path):
    for name in ("dice.onnx", "dice_faces.onnx"):
        shutil.copy(DEFAULT_MODEL.with_name(name), tmp_path / name)
    model = onnx.load(str(DEFAULT_MODEL.with_name("dice" + SECOND_FACES_SUFFIX)))
    inits = {i.name: i for i in model.graph.initializer}
    gemm = next(n for n in model.graph.node if n.op_type == "Gemm")
    for name in gemm.input[1:3]:  # its classifier cut to the seven classes of a reader without emblems
        inits[name].CopyFrom(numpy_helper.from_array(numpy_helper.to_array(inits[name])[:EMBLEM], name))
    model.graph.output[0].type.tensor_type.shape.dim[1].dim_value = EMBLEM
    onnx.save(model, str(tmp_path / ("dice" + SECOND_FACES_SUFFIX)))
    reader = DiceReader(tmp_path / "dice.onnx", threads=1)
    assert reader.second is None and "same classes" in reader.second_error
    image, dice = emblem_tables(frames=1)[0]
    first_alone = DiceReader(threads=1, second_opinion="off").read(image)
    assert first_alone and reader.read(image) == first_alone  # the first reader still reads, as it does alone


def test_a_game_says_what_its_dice_emblems_stand_for_and_the_camera_reads_them_so(tmp_path):
    from types import SimpleNamespace

    from companion.service import Service

    config = load_config(overrides={"service": {"data_dir": str(tmp_path)}, "panel": {"enabled": False},
                                    "vision": {"emblem_face": 6}})
    service = Service(config, camera=False)
    reader = service._make_reader()
    service.pipeline = SimpleNamespace(reader=reader, source=SimpleNamespace(request_relock=lambda: False))
    try:
        pips = reader.readers["pips"]
        assert pips.emblem_face == 6  # the table's setting
        service.table.new_game("free-roll", {"emblem_face": 1}, ["Ann"])
        assert pips.emblem_face == 1 and service.table.engine.emblem_face() == 1
        image, dice = emblem_tables(frames=1)[0]
        assert [r.value for r in reader.read(image)].count(1) >= len(dice) - 1  # the emblems read as 1s
        service.table.new_game("nexus-keepers", {}, ["Ann", "Bob"])
        assert pips.emblem_face == 6  # a game that leaves it to the table
    finally:
        service.pipeline = None
        service.stop()
