"""One training step of the real pipeline (data stream, targets, loss, optimiser) on a tiny batch."""

import itertools
import sys

import cv2
import numpy as np
import pytest

from tests.conftest import REPO, SHARED, models_script

torch = pytest.importorskip("torch", reason="the training extra (torch) is not installed")
pytestmark = pytest.mark.training
sys.path.insert(0, str(REPO / "models"))

from training.data import DiceStream, RealPhotos, make_targets  # noqa: E402
from training.loss import dice_loss  # noqa: E402
from training.model import DiceNet, ExportWrapper, count_macs  # noqa: E402


def test_targets_put_a_peak_and_a_value_at_each_die():
    heat, value, box, mask = make_targets(np.array([[42.0, 18.0]]), np.array([[24.0, 24.0]]), np.array([5]), 64)
    assert heat.shape == (1, 16, 16) and heat[0, 4, 10] == pytest.approx(1.0)
    assert value[4, 10] == 4 and mask.sum() == 1
    assert box[0, 4, 10] == pytest.approx(0.5) and box[2, 4, 10] == pytest.approx(np.log(6.0))


def test_one_training_step_runs_end_to_end():
    real = RealPhotos([str(SHARED / "data" / "dice-real" / "penlington-wood")], split="train")
    assert real.items and all(len(b) == len(v) for _, b, v in real.items)
    stream = iter(DiceStream(real, crop=96, input_size=416, real_fraction=0.5, seed=1))
    batch = [next(stream) for _ in range(4)]
    x, heat, value, box, mask = (torch.stack([b[i] for b in batch]) for i in range(5))
    net = DiceNet(widths=(8, 8, 16, 16), depths=(1, 1, 1), neck=8)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    loss, parts = dice_loss(net.forward_raw(x), heat, value, box, mask,
                            {"heat": 1.0, "value": 1.0, "offset": 1.0, "size": 0.2})
    loss.backward()
    opt.step()
    assert torch.isfinite(loss) and set(parts) == {"heat", "value", "off", "size"}
    assert count_macs(ExportWrapper(net), 64) > 0


def test_an_exported_detector_takes_frames_of_any_shape(tmp_path):
    from companion.vision import DiceReader

    net = DiceNet(widths=(8, 8, 16, 16), depths=(1, 1, 1), neck=8)
    path = tmp_path / "tiny.onnx"
    models_script("train").export_onnx(net, path, 64)
    reader = DiceReader(path, threads=1, faces=False, confidence=0.0)
    assert reader.fit_frame and reader.input_pixels == 64 * 64 and reader.input_multiple == DiceNet.COARSEST_STRIDE
    assert models_script("free_input").COARSEST_STRIDE == DiceNet.COARSEST_STRIDE  # its copy, for onnx-only use
    scale, rows, cols = reader.input_shape(48, 96)
    assert (rows, cols) == (48, 80) and scale == pytest.approx(80 / 96)
    heat = reader.session.run(None, {reader.input_name: np.zeros((1, 3, rows, cols), np.float32)})[0]
    assert heat.shape == (1, 1, rows // 4, cols // 4)
    reader.read(np.zeros((48, 96, 3), np.uint8))  # a wide frame goes through the whole reader


def test_frame_scale_zooms_a_photo_around_the_scale_the_reader_gives_its_shape():
    from companion.vision.fit import fitted_shape
    from training.data import augment_real

    image = np.full((480, 640, 3), 128, np.uint8)  # a 4:3 webcam frame with one 20-pixel die
    item = (image, np.array([[300.0, 200.0, 320.0, 220.0]]), np.array([3]))
    square = augment_real(item, np.random.default_rng(4), 224, 416)
    framed = augment_real(item, np.random.default_rng(4), 224, 416, frame_scale=True)
    ratio = framed[2][0, 0] / square[2][0, 0]
    assert ratio == pytest.approx(fitted_shape(480, 640, 416 * 416, 16)[0] / (416 / 640))
    assert ratio > 1.1
    square_photo = (np.full((640, 640, 3), 128, np.uint8),) + item[1:]
    assert augment_real(square_photo, np.random.default_rng(4), 224, 416, frame_scale=True)[2][0, 0] == \
        pytest.approx(augment_real(square_photo, np.random.default_rng(4), 224, 416)[2][0, 0])


def test_training_never_loads_held_out_photos():
    from companion.vision.labels import is_heldout, list_labelled

    folder = SHARED / "data" / "dice-real" / "byler-d6"
    train = {p.name for p, _ in list_labelled(folder, "train")}
    assert train and not any(is_heldout(n) for n in train)
    assert len(list_labelled(folder, "heldout")) + len(train) == len(list_labelled(folder, "all"))


def test_the_fit_split_leaves_out_a_validation_fifth_of_the_training_photos_and_never_a_held_out_one():
    from companion.vision.labels import is_heldout, list_labelled

    folder = SHARED / "data" / "dice-real" / "epanemu-dice"
    train = {p.name for p, _ in list_labelled(folder, "train")}
    fit = {p.name for p, _ in list_labelled(folder, "fit")}
    validation = {p.name for p, _ in list_labelled(folder, "validation")}
    assert fit | validation == train and not fit & validation
    assert 0.1 < len(validation) / len(train) < 0.3 and not any(is_heldout(n) for n in validation)


def test_face_reader_stream_yields_values_and_not_a_die_crops():
    from training.faces import NOT_A_DIE, FaceNet, FaceStream

    real = RealPhotos([str(SHARED / "data" / "dice-real" / "penlington-wood")], split="train")
    negatives = [[(0.0, 0.0, 40.0, 40.0)]] + [[] for _ in real.items[1:]]
    stream = iter(FaceStream(real, size=48, real_fraction=0.7, seed=3, pool=4, negatives=negatives,
                             negative_fraction=0.3))
    samples = [next(stream) for _ in range(60)]
    labels = {int(y) for _, y, _ in samples}
    assert labels <= set(range(7)) and NOT_A_DIE in labels and len(labels) >= 5
    assert all(x.shape == (3, 48, 48) for x, _, _ in samples)
    logits = FaceNet()(torch.stack([x for x, _, _ in samples[:4]]))
    assert logits.shape == (4, 7)
    logits, placed = FaceNet(place=True)(torch.stack([x for x, _, _ in samples[:4]]))
    assert logits.shape == (4, 7) and placed.shape == (4, 3)
    # the placing targets: centres within a few box sides' jitter, crop sizes within the configured range
    places = np.stack([t for _, y, t in samples if y != NOT_A_DIE])
    assert np.abs(places[:, :2]).max() < 0.5 and np.all(np.abs(places[:, 2]) <= np.log(1.5) + 1e-6)


def test_placing_target_is_where_the_point_lands_in_the_crop():
    """crop_point must agree with crop_die's warp, turned and mirrored, or the placing head learns nonsense."""
    from training.faces import crop_die, crop_point

    image = np.zeros((200, 300, 3), np.uint8)
    point = (170.0, 90.0)
    cv2.circle(image, (170, 90), 2, (255, 255, 255), -1)
    for angle, flip in ((0.0, False), (37.0, False), (200.0, True)):
        crop = crop_die(image, (150.0, 100.0), 80.0, 80, angle, flip)
        ys, xs = np.nonzero(crop[..., 0] > 100)
        found = np.array([xs.mean() - 40, ys.mean() - 40]) / 80
        assert np.allclose(found, crop_point(point, (150.0, 100.0), 80.0, angle, flip), atol=0.02)


def test_face_reader_training_can_start_from_the_trained_model():
    import onnxruntime as ort

    from training.faces import FaceExport, load_exported_faces

    trained = REPO / "models" / "float" / "dice_faces.onnx"  # the package ships its int8 copy
    net = load_exported_faces(str(trained)).train()  # frozen statistics: train mode computes the same
    crops = np.random.default_rng(2).uniform(0, 255, (3, 3, 48, 48)).astype(np.float32)
    ours = FaceExport(net)(torch.from_numpy(crops))
    theirs = ort.InferenceSession(str(trained), providers=["CPUExecutionProvider"]).run(None, {"crops": crops})
    assert net.place is not None and len(theirs) == 2  # the first reader also places the die
    for a, b in zip(ours, theirs):
        assert np.abs(a.detach().numpy() - b).max() < 1e-4
    logits, placed = net(torch.from_numpy(crops) / 255.0)
    loss = torch.nn.functional.cross_entropy(logits, torch.tensor([0, 1, 6])) + placed.abs().sum()
    loss.backward()
    assert all(p.grad is not None for p in net.parameters())


def test_training_refuses_to_start_from_an_int8_copy():
    from training.faces import load_exported_faces
    from training.model import load_exported_detector

    with pytest.raises(ValueError, match="models/float/"):
        load_exported_faces(str(REPO / "models" / "dice_faces.onnx"))  # the shipped int8 copy
    quantized = REPO / "models" / "dice_faces_b.onnx"
    with pytest.raises(ValueError, match="int8 copy"):
        load_exported_detector(str(quantized), (16, 32, 64, 128), (2, 3, 4), 48)


def test_training_crops_are_never_smaller_than_the_runtime_cuts_them():
    """With min_crop, a pip-sized box is cut at min_crop of the photo's shorter side, as DiceReader does."""
    from training.faces import CROP_SCALE, FaceStream

    real = RealPhotos([str(SHARED / "data" / "dice-real" / "penlington-wood")], split="train")
    image = real.items[0][0]
    shortest = 0.05 * min(image.shape[:2])
    box = (300.0, 200.0, 308.0, 208.0)  # an 8-pixel box: every jittered crop of it is under the minimum
    rng = np.random.default_rng(5)
    for min_crop, expect_fixed in ((0.05, True), (0.0, False)):
        stream = FaceStream(real, size=48, real_fraction=1.0, seed=3, pool=1, crop_jitter=(0.6, 1.8),
                            min_crop=min_crop)
        sides = {round(float(CROP_SCALE * 8 / np.exp(stream._sample(image, box, 1, rng)[2][2])), 3)
                 for _ in range(20)}
        if expect_fixed:
            assert sides == {round(shortest, 3)}
        else:
            assert len(sides) > 1 and max(sides) < shortest


def test_a_reader_trained_upright_keeps_the_cameras_up_in_every_crop():
    """With max_angle, crops turn at most that much (mirrored or not), so what lies above a die stays above it
    (a die seen from the side shows its top face above its side faces); without it, crops turn any way."""
    from types import SimpleNamespace

    from training.faces import FaceStream

    image = np.zeros((200, 200, 3), np.uint8)
    image[:100] = 255  # bright above the die's centre, dark below
    box = (80.0, 80.0, 120.0, 120.0)
    rng = np.random.default_rng(7)
    for max_angle, always_up in ((20, True), (None, False)):
        stream = FaceStream(SimpleNamespace(items=[]), size=48, real_fraction=1.0, seed=3, pool=1,
                            centre_jitter=0.0, low_res_fraction=0.0, max_angle=max_angle)
        up = [stream._sample(image, box, 1, rng)[0] for _ in range(40)]
        bright_above = [crop[:16].mean() > crop[-16:].mean() for crop in up]
        assert all(bright_above) if always_up else not all(bright_above)


def test_a_negative_on_a_real_die_is_never_cut_wide_enough_to_frame_it():
    """With near_die_negative_crop, a side face or a pip taken for a die is cut at most 1.3x its box."""
    from training.faces import CROP_SCALE, NOT_A_DIE, FaceStream

    real = RealPhotos([str(SHARED / "data" / "dice-real" / "penlington-wood")], split="train")
    x1, y1, x2, y2 = (float(v) for v in real.items[0][1][0])
    side = max(x2 - x1, y2 - y1)
    on_die = (x1, y1 + side * 0.6, x1 + side * 0.5, y1 + side * 1.1)  # half the die's size, touching it
    far = (0.0, 0.0, side * 0.5, side * 0.5)
    negatives = [[on_die, far]] + [[] for _ in real.items[1:]]
    for cap in (1.0, None):
        stream = FaceStream(real, size=48, real_fraction=1.0, seed=3, pool=1, negatives=negatives,
                            negative_fraction=1.0, crop_jitter=(0.6, 1.8), near_die_negative_crop=cap)
        assert stream.near_die == {(0, 0)}
        cut, sample = [], stream._sample
        stream._sample = lambda image, box, value, rng, widest=None: (
            cut.append((tuple(box), widest)) or sample(image, box, value, rng, widest))
        rng = np.random.default_rng(4)
        assert all(stream._negative(rng)[1] == NOT_A_DIE for _ in range(100))
        assert {widest for box, widest in cut if box == on_die} == {cap}
        assert {widest for box, widest in cut if box == far} == {None}
        # the crop side in box sides, from the placing target log(CROP_SCALE x box side / crop side)
        widths = [CROP_SCALE * np.exp(-sample(real.items[0][0], on_die, 7, rng, cap)[2][2]) for _ in range(300)]
        assert max(widths) == pytest.approx(CROP_SCALE * (cap or 1.8), rel=0.05)


def test_a_config_asking_for_our_label_corrections_trains_on_them():
    """fix_label_values and add_missing_dice reach the training photos: four values change, four dice join (one
    each per line of models/labels/byler-d6-values.json and byler-d6-missing.json)."""
    train = models_script("train")
    byler = [str(SHARED / "data" / "dice-real" / "byler-d6")]
    given = RealPhotos(byler)
    assert train.our_label_fixes({}) == {"add_missing": False, "fix_values": False}
    fixed = RealPhotos(byler, **train.our_label_fixes({"add_missing_dice": True, "fix_label_values": True}))
    values_changed = sum(int((a[2] != b[2][: len(a[2])]).sum()) for a, b in zip(given.items, fixed.items))
    dice_added = sum(len(b[2]) - len(a[2]) for a, b in zip(given.items, fixed.items))
    assert (values_changed, dice_added) == (4, 4)


def test_a_colour_die_training_step_exports_a_model_the_colour_die_reader_opens(tmp_path):
    from companion.vision.colour_die import COLOUR_DIE_COLOURS, ColourDieReader

    script = models_script("train_colour_die")
    samples = list(itertools.islice(iter(script.ColourDieStream(crop=96, seed=3, size_range=(14, 30))), 6))
    for x, heat, value, box, mask in samples:  # some crops hold no die (negatives): the mask is then empty
        assert x.shape == (3, 96, 96) and heat.shape == (1, 24, 24)
        assert torch.equal(mask > 0, heat[0] == 1)  # the mask marks each die's centre, the heat's peak
        assert set(value[mask > 0].tolist()) <= set(range(6))  # a face 1-6 as a class 0-5 at each centre
    x, heat, value, box, mask = next(sample for sample in samples if sample[4].sum() >= 1)
    net = DiceNet(widths=(8, 8, 16, 16), depths=(1, 1, 1), neck=8, values=6)
    loss, _ = dice_loss(net.forward_raw(x[None]), heat[None], value[None], box[None], mask[None],
                        {"heat": 1.0, "value": 1.0, "offset": 1.0, "size": 0.2})
    loss.backward()
    path = tmp_path / "colour.onnx"
    models_script("train").export_onnx(net, path, 64, {"kind": "colour", "classes": list(COLOUR_DIE_COLOURS)})
    reader = ColourDieReader(path, confidence=0.0)
    assert reader.colours == COLOUR_DIE_COLOURS
    assert all(d.color in COLOUR_DIE_COLOURS for d in reader.read(np.zeros((48, 96, 3), np.uint8)))


def test_an_exported_detector_loads_back_into_a_dicenet_that_computes_what_the_file_computes():
    import onnxruntime as ort

    from training.model import load_exported_detector

    path = REPO / "models" / "float" / "dice.onnx"
    net = load_exported_detector(str(path), (16, 32, 64, 128), (2, 3, 4), 48).eval()
    x = np.random.default_rng(0).uniform(0, 255, (1, 3, 64, 96)).astype(np.float32)
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    expected = session.run(None, {session.get_inputs()[0].name: x})
    with torch.no_grad():
        got = ExportWrapper(net)(torch.from_numpy(x))
    for want, have in zip(expected, got):
        assert np.abs(want - have.numpy()).max() < 1e-4
    net.train()
    assert all(not m.training for m in net.modules() if isinstance(m, torch.nn.BatchNorm2d))  # folded: frozen
    with pytest.raises(ValueError, match="convolutions"):
        load_exported_detector(str(path), (16, 32, 64, 128), (1, 1, 1), 48)


def test_a_run_started_from_an_export_resumes_with_its_statistics_still_frozen(tmp_path, monkeypatch):
    """A run started with --detector-init keeps the export's folded batch-norm statistics; a run continued from its
    checkpoint (--resume) must too, or the first steps re-estimate them and undo the training."""
    import tomllib

    train = models_script("train")
    cfg = tomllib.loads((REPO / "models" / "configs" / "dice-9-real.toml").read_text())
    cfg.update(batch=2, crop=96, workers=0, threads=1, export_every=100, warmup_steps=1,
               real_sets=[str(SHARED / "data" / "dice-real" / "penlington-wood")],
               output=str(tmp_path / "dice.onnx"), checkpoint=str(tmp_path / "dice.pt"))
    train.train_detector(cfg, 1, None, init=str(REPO / "models" / "float" / "dice.onnx"))
    assert (tmp_path / "dice.pt").exists() and (tmp_path / "dice.onnx").exists()
    continued = []
    monkeypatch.setattr(train, "fit_detector", lambda net, *args, **kwargs: continued.append(net))
    train.train_detector(cfg, 2, None, resume=str(tmp_path / "dice.pt"))
    batch_norms = [m for m in continued[0].modules() if isinstance(m, torch.nn.BatchNorm2d)]
    assert continued[0].training and batch_norms and not any(m.training for m in batch_norms)


def test_a_board_share_puts_rendered_dice_on_printed_boards_and_none_leaves_the_stream_as_it_was():
    from training.data import synthetic_sample

    plain = synthetic_sample(np.random.default_rng(8), 96)
    unchanged = synthetic_sample(np.random.default_rng(8), 96, board_fraction=0.0)
    boarded = synthetic_sample(np.random.default_rng(8), 96, board_fraction=1.0)
    assert all(np.array_equal(a, b) for a, b in zip(plain, unchanged))
    assert not np.array_equal(plain[0], boarded[0])
    stream = iter(DiceStream(RealPhotos([], split="train"), crop=96, input_size=416, real_fraction=0.0, seed=3,
                             board_fraction=1.0))
    x, heat, *_ = next(stream)
    assert x.shape == (3, 96, 96) and heat.shape == (1, 24, 24)


def test_close_ups_and_emblems_in_the_detectors_rendered_tables_and_none_leaves_them_as_they_were():
    from training.data import synthetic_sample

    plain = synthetic_sample(np.random.default_rng(8), 224)
    unchanged = synthetic_sample(np.random.default_rng(8), 224, close_ups=0.0, emblems=0.0, translucent=0.0,
                                 shadows=0.0)
    assert all(np.array_equal(a, b) for a, b in zip(plain, unchanged))
    gems = synthetic_sample(np.random.default_rng(8), 224, translucent=1.0, shadows=1.0)
    assert not np.array_equal(plain[0], gems[0])  # the same table, its dice and light drawn otherwise
    rng = np.random.default_rng(9)
    close = [synthetic_sample(rng, 224, close_ups=1.0) for _ in range(6)]
    assert all(1 <= len(wh) <= 3 and wh.min() >= 40 for _, _, wh, _ in close)  # 46-90 px dice, turned
    rng = np.random.default_rng(9)
    values = np.concatenate([synthetic_sample(rng, 224, emblems=1.0)[3] for _ in range(6)])
    assert len(values) and (values == 0).all()  # an emblem die has no value target: the face reader names it
    heat, value, _, mask = make_targets(np.array([[50.0, 50.0]]), np.array([[30.0, 30.0]]), np.array([0]), 96)
    assert heat.max() == 1.0 and mask.sum() == 1 and (value == -1).all()  # found as a die, its value ignored


def test_an_emblem_share_teaches_the_eighth_class_from_a_reader_that_had_seven(tmp_path):
    from training.faces import EMBLEM, NOT_A_DIE, FaceStream, load_exported_faces

    real = RealPhotos([str(SHARED / "data" / "dice-real" / "penlington-wood")], split="train")
    stream = iter(FaceStream(real, size=48, real_fraction=0.0, seed=3, pool=6, emblems=0.5))
    labels = [int(y) for _, y, _ in (next(stream) for _ in range(80))]
    assert EMBLEM in labels and set(labels) - {EMBLEM} <= set(range(6))
    plain = iter(FaceStream(real, size=48, real_fraction=0.0, seed=3, pool=6))
    assert EMBLEM not in {int(y) for _, y, _ in (next(plain) for _ in range(80))}
    blanks = iter(FaceStream(real, size=48, real_fraction=0.0, seed=3, pool=6, blanks=1.0))  # Hexors' colour dice
    assert {int(y) for _, y, _ in (next(blanks) for _ in range(20))} == {NOT_A_DIE}
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(REPO / "models" / "float" / "dice_faces.onnx"))  # the trained reader, emblem class cut off
    gemm = next(n for n in model.graph.node if n.op_type == "Gemm" and n.input[1] in {
        t.name for t in model.graph.initializer if numpy_helper.to_array(t).shape[0] == 8})
    for tensor in model.graph.initializer:
        if tensor.name in gemm.input[1:3]:
            tensor.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(tensor)[:7], tensor.name))
    model.graph.output[0].type.tensor_type.shape.dim[1].dim_value = 7
    seven = tmp_path / "seven.onnx"
    onnx.save(model, str(seven))
    net = load_exported_faces(str(seven), values=8).train()
    crops = torch.from_numpy(np.random.default_rng(2).uniform(0, 1, (3, 3, 48, 48)).astype(np.float32))
    logits, _ = net(crops)
    import onnxruntime as ort
    before = ort.InferenceSession(str(seven), providers=["CPUExecutionProvider"]).run(
        None, {"crops": crops.numpy() * 255})[0]
    assert logits.shape == (3, 8)
    assert np.allclose(torch.softmax(logits[:, :7], 1).detach().numpy(), before, atol=1e-4)  # the seven as before
    assert (torch.softmax(logits, 1)[:, EMBLEM] < 0.05).all()  # the new class starts with a small share
