"""The table profile (issue 55): the face reader's embedding, the store in the data directory, learning from labelled
photos, and that a profile of one table never lowers the reader on another."""

from __future__ import annotations

import collections
import json
import re
import shutil
import subprocess
import sys
from dataclasses import replace

import cv2
import numpy as np
import onnx
import onnxruntime as ort
import pytest

from companion.core import DieReading
from companion.vision import DiceReader
from companion.vision.embedding import Embedder, with_features
from companion.vision.labels import load_labelled
from companion.vision.model_files import ModelError
from companion.vision.profile import TableProfile
from companion.vision.profile_learning import TableLearning, photo_examples, rects
from companion.vision.profile_store import NOT_A_DIE, ProfileStore
from companion.vision.scoring import Score, match
from tests.conftest import REPO, SHARED

REAL = SHARED / "data" / "dice-real"
FACES = REPO / "models" / "dice_faces.onnx"


@pytest.fixture(scope="module")
def reader():
    return DiceReader(unread=True, arbiter=False)


def test_the_embedding_is_the_input_of_the_face_readers_value_layer():
    model, name = with_features(FACES.read_bytes())
    graph = onnx.load_from_string(model).graph
    gemm = next(n for n in graph.node if n.op_type == "Gemm" and any(
        m.input[0] == n.output[0] for m in graph.node if m.op_type == "Softmax" and m.output[0] == "value"))
    assert name == gemm.input[0] and [o.name for o in graph.output] == ["value", "place", name]
    crops = np.random.default_rng(0).integers(0, 256, (3, 48, 48, 3), dtype=np.uint8)
    batch = np.ascontiguousarray(crops[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32)
    shipped = ort.InferenceSession(str(FACES), providers=["CPUExecutionProvider"])
    extended = ort.InferenceSession(model, providers=["CPUExecutionProvider"])
    value, _, features = extended.run(None, {"crops": batch})
    np.testing.assert_allclose(value, shipped.run(["value"], {"crops": batch})[0], atol=1e-6)
    weight = next(i for i in graph.initializer if i.name == gemm.input[1])
    assert features.shape == (3, weight.dims[1])
    assert Embedder(FACES).features(crops).shape == (3, 4, weight.dims[1])


def test_a_model_whose_value_is_not_made_by_a_dense_layer_gives_no_embedding():
    with pytest.raises(ModelError, match="Gemm or MatMul"):
        with_features((REPO / "models" / "dice.onnx").read_bytes())  # the detector's values come from a conv
    with pytest.raises(ModelError, match="holds no graph"):
        with_features(b"\x0a\x05hello")  # no graph


def test_the_store_keeps_the_newest_examples_and_their_files_only(tmp_path):
    store = ProfileStore(tmp_path / "profile", most=3)
    crop = np.full((48, 48, 3), 128, np.uint8)
    made = [store.add(crop, label, "free-roll", "red") for label in (1, 2, 3, 4, 5)]
    assert [e.label for e in store.snapshot()] == [3, 4, 5]
    assert sorted(p.name for p in store.folder.glob("*.png")) == sorted(f"{e.id}.png" for e in made[2:])
    again = store.add(crop, 6, replaces=made[4].id)  # the same die corrected again: one example, the latest word
    assert [e.label for e in store.snapshot()] == [3, 4, 6]
    assert [e.label for e in ProfileStore(tmp_path / "profile").snapshot()] == [3, 4, 6]  # kept on disk
    assert store.remove(again.id) and not store.remove(again.id)
    assert store.reset() == 2 and not list(store.folder.glob("*.png"))


def test_an_index_the_card_refuses_to_write_changes_nothing_in_memory_nor_on_disk(tmp_path, monkeypatch):
    """A full SD card: each change is refused whole (OSError), the examples held are the index's, no crop is left
    behind without its entry and none deleted with its entry still listed."""
    store = ProfileStore(tmp_path / "profile", most=2)
    crop = np.full((48, 48, 3), 128, np.uint8)
    made = [store.add(crop, label) for label in (1, 2)]
    version = store.version

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("companion.vision.profile_store.write_atomically", full)
    for change in (lambda: store.add(crop, 3), lambda: store.add(crop, 4, replaces=made[1].id),
                   lambda: store.remove(made[0].id), store.reset):
        with pytest.raises(OSError, match="No space left on device"):  # the card's own error, not another
            change()
        assert store.snapshot() == made and store.pushed_out == 0 and store.version == version
        assert sorted(p.name for p in store.folder.glob("*.png")) == sorted(f"{e.id}.png" for e in made)
    monkeypatch.undo()
    assert ProfileStore(store.folder).snapshot() == made


def test_a_damaged_profile_is_set_aside_with_a_notice_and_a_new_one_starts(tmp_path):
    folder = tmp_path / "profile"
    folder.mkdir()
    (folder / "index.json").write_bytes(b"\x00\xff{not json")
    store = ProfileStore(folder)
    assert store.snapshot() == [] and "damaged" in store.notice.en and "endommagé" in store.notice.fr
    (kept,) = folder.glob("index.damaged-*.json")
    assert kept.read_bytes() == b"\x00\xff{not json" and kept.name in store.notice.en
    store.add(np.zeros((48, 48, 3), np.uint8), 3)
    assert len(ProfileStore(folder).snapshot()) == 1


def test_a_damaged_crop_is_left_out_and_set_aside(tmp_path, reader):
    learning = TableLearning(tmp_path / "profile")
    crops = [np.full((48, 48, 3), v, np.uint8) for v in (40, 200)]
    good, bad = (learning.store.add(c, 4) for c in crops)
    (learning.store.folder / f"{bad.id}.png").write_bytes(b"not a png")
    profile = learning.profile(reader)
    assert list(profile.labels) == [4]
    assert list(learning.store.folder.glob(f"{bad.id}.damaged-*.png"))
    # what the phones count and list is what is learnt, now and after a restart
    assert learning.store.snapshot() == [good] and ProfileStore(learning.store.folder).snapshot() == [good]


def test_a_profile_size_lowered_since_keeps_the_newest_at_the_start(tmp_path):
    store = ProfileStore(tmp_path / "profile", most=5)
    made = [store.add(np.full((48, 48, 3), 10 * label, np.uint8), label) for label in (1, 2, 3, 4, 5)]
    smaller = ProfileStore(store.folder, most=2)
    assert smaller.snapshot() == made[3:] and ProfileStore(store.folder).snapshot() == made[3:]
    assert sorted(p.name for p in store.folder.glob("*.png")) == sorted(f"{e.id}.png" for e in made[3:])
    assert smaller.notice is None


def test_a_crop_lost_while_the_companion_was_off_is_forgotten_with_a_notice(tmp_path):
    store = ProfileStore(tmp_path / "profile")
    kept, lost = (store.add(np.full((48, 48, 3), v, np.uint8), 2) for v in (40, 200))
    (store.folder / f"{lost.id}.png").unlink()
    again = ProfileStore(store.folder)
    assert again.snapshot() == [kept] and ProfileStore(store.folder).snapshot() == [kept]
    assert "lost 1 of its pictures" in again.notice.en and "perdu 1 de ses images" in again.notice.fr


@pytest.mark.parametrize("index", ['{"examples": [{"id": 5, "label": 1}]}', '[1, 2]', '{"examples": ["a"]}',
                                   '{"examples": [{"id": "ab", "label": "3"}]}'])
def test_an_index_of_the_wrong_shape_is_set_aside_never_a_crash(tmp_path, index):
    folder = tmp_path / "profile"
    folder.mkdir()
    (folder / "index.json").write_text(index)
    store = ProfileStore(folder)
    assert store.snapshot() == [] and "damaged" in store.notice.en
    assert [p.read_text() for p in folder.glob("index.damaged-*.json")] == [index]


def test_a_profile_never_changes_a_die_it_has_seen_nothing_like():
    rng = np.random.default_rng(0)
    seen = rng.normal(0, 1, (20, 4, 16)).astype(np.float32)
    profile = TableProfile(seen[:10], [3] * 10)
    die = DieReading(5, "red", (0, 0, 10, 10), 0.6, (0.02, 0.02, 0.3, 0.02, 0.62, 0.02))
    far = -seen[:1]  # unlike every example
    assert profile.review([die], far) == [die]
    near = seen[:1] + rng.normal(0, 0.01, (1, 4, 16)).astype(np.float32)
    (read,) = profile.review([die], near)
    assert read.value == 3 and read.probabilities[2] > read.probabilities[4]


def test_a_die_taken_out_of_a_roll_teaches_not_a_die_and_a_doubt_settled_as_read_confirms(tmp_path, reader):
    learning = TableLearning(tmp_path / "profile")
    image = cv2.imread(str(sorted((REAL / "byler-d6" / "images").iterdir())[0]))
    dice = learning.settled(reader, image, reader.read(image))
    read = [d for d in dice if not d.unread]
    assert learning.learn(read[1:], corrected=True) == 1  # the first die taken out of the roll
    (example,) = learning.store.snapshot()
    assert (example.label, example.how) == (NOT_A_DIE, "not a die")
    assert (learning.store.folder / f"{example.id}-around.png").is_file()
    assert learning.learn(read, corrected=False) == len(read)  # the camera's doubtful roll sent as read
    hows = [e.how for e in learning.store.snapshot()]
    assert hows.count("confirmed") == len(read)  # the die called no die before is now confirmed: one example
    assert learning.learn([DieReading(2, None, (1000.0, 1000.0, 1040.0, 1040.0))], corrected=True) == 0
    # that roll corrected later, one die given another face: the others, said as read, stay confirmed
    other = replace(read[0], value=read[0].value % 6 + 1)
    assert learning.learn([other, *read[1:]], corrected=True) == 1
    assert sorted(e.how for e in learning.store.snapshot()) == ["confirmed"] * (len(read) - 1) + ["corrected"]


def _score(items, dice_and_features, profile=None) -> Score:
    score = Score()
    for item, (dice, features) in zip(items, dice_and_features):
        read = profile.review(dice, features) if profile is not None and dice else dice
        score.add(item.path.name, [(d.value, d.box) for d in read if d is not None and not d.unread],
                  [(d.value, d.box) for d in item.dice])
    return score


def _read(reader, items):
    embedder = Embedder(reader.faces_path)
    out = []
    for item in items:
        image = cv2.imread(str(item.path))
        dice = [d for d in reader.read(image) if d.box is not None]
        out.append((dice, embedder.features(reader.cut_crops(image, rects(dice))) if dice else None))
    return out


def test_a_profile_of_one_table_does_not_lower_the_reader_on_another_set(reader):
    """byler's tray, learnt from its first ten held-out photos, on epanemu's held-out photos (Catan board, cloth,
    oblique): read right, exact roll and precision no lower than the reader alone."""
    learnt = load_labelled(REAL / "byler-d6", "heldout")[:10]
    features, labels = [], []
    for item, (dice, found) in zip(learnt, _read(reader, learnt)):
        pairs = dict(match([(d.value, d.box) for d in dice], [(d.value, d.box) for d in item.dice]))
        labels += [item.dice[pairs[k]].value if k in pairs else NOT_A_DIE for k in range(len(dice))]
        features += list(found) if dice else []
    profile = TableProfile(np.array(features), labels)
    other = load_labelled(REAL / "epanemu-dice", "heldout")
    read = _read(reader, other)
    alone, with_profile = _score(other, read), _score(other, read, profile)
    assert len(profile) > 100 and alone.labelled > 150
    assert with_profile.read_correctly >= alone.read_correctly
    assert with_profile.exact_roll >= alone.exact_roll and with_profile.precision >= alone.precision


def test_photo_examples_label_each_die_found_by_the_labelled_die_it_lies_on(tmp_path, reader):
    folder = _learning_folder(tmp_path, 2)
    crops, labels, used = photo_examples(reader, folder)
    assert crops.shape[1:] == (48, 48, 3) and len(crops) == len(labels) and len(used) == 2
    truth = [v for p in sorted((folder / "labels").iterdir()) for v in
             (int(line.split()[0]) + 1 for line in p.read_text().splitlines() if line.strip())]
    faces = [v for v in labels if v != NOT_A_DIE]
    assert len(faces) >= 0.9 * len(truth) and not collections.Counter(faces) - collections.Counter(truth)


def _learning_folder(tmp_path, photos: int = 3):
    folder = tmp_path / "learn"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    source = REAL / "byler-d6"
    for image in sorted((source / "images").iterdir())[:photos]:
        shutil.copy(image, folder / "images" / image.name)
        shutil.copy(source / "labels" / f"{image.stem}.txt", folder / "labels" / f"{image.stem}.txt")
    return folder


def _dice_cli(*args):
    return subprocess.run([sys.executable, "-m", "companion.cli", "dice", *map(str, args)], capture_output=True,
                          text=True, cwd=REPO, timeout=300)


def test_dice_learn_from_reads_with_the_profile(tmp_path):
    folder = _learning_folder(tmp_path)
    photo = sorted((REAL / "byler-d6" / "images").iterdir())[10]
    done = _dice_cli(photo, "--json", "--learn-from", folder)
    assert done.returncode == 0, done.stderr
    assert "learnt from" in done.stderr and " on 3 photos" in done.stderr
    assert json.loads(done.stdout)["dice"]
    one = _dice_cli(photo, "--json", "--learn-from", _learning_folder(tmp_path / "one", 1))
    assert re.search(r"learnt from \d+ dice on 1 photo of ", one.stderr), one.stderr


@pytest.mark.parametrize("damage, named", [
    ("missing", "learn: no such folder"),
    ("empty", "learn: no labelled photo"),
    ("class 9", "labels/IMG_20191208_111246.txt:1: class 9 is not a face 0..5"),
    ("label without photo", "labels/IMG_20191208_111246.txt: a label file without its photo"),
    ("0-byte jpeg", "images/IMG_20191208_111246.jpg: not a readable image (0 bytes)"),
])
def test_a_learning_folder_that_cannot_be_used_is_named_and_the_photos_read_without_a_profile(tmp_path, damage,
                                                                                              named):
    folder = _learning_folder(tmp_path)
    second = "IMG_20191208_111246"
    if damage == "missing":
        shutil.rmtree(folder)
    elif damage == "empty":
        for path in [*(folder / "images").iterdir(), *(folder / "labels").iterdir()]:
            path.unlink()
    elif damage == "class 9":
        label = folder / "labels" / f"{second}.txt"
        label.write_text("9 0.5 0.5 0.1 0.1\n" + label.read_text())
    elif damage == "label without photo":
        (folder / "images" / f"{second}.jpg").unlink()
    else:
        (folder / "images" / f"{second}.jpg").write_bytes(b"")
    photo = sorted((REAL / "byler-d6" / "images").iterdir())[10]
    done = _dice_cli(photo, "--json", "--learn-from", folder)
    alone = _dice_cli(photo, "--json")
    assert named in done.stderr and "reading without a profile" in done.stderr
    assert done.returncode == 1 and done.stdout == alone.stdout and json.loads(done.stdout)["dice"]


def test_the_benchmark_learns_from_the_first_photos_and_scores_the_rest_side_by_side(tmp_path):
    small, other = _learning_folder(tmp_path / "a", 8), _learning_folder(tmp_path / "b", 3)
    done = subprocess.run([sys.executable, "benchmarks/dice.py", "--data", str(small), str(other), "--split", "all",
                           "--learn-first", "10", "--threads", "1", "--verbose"], capture_output=True, text=True,
                          cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "learn: learnt from the first 5 of 8 photos" in done.stdout  # 5 at most on a set of 20 photos or fewer
    assert "scoring the other 3" in done.stdout
    rows = [line for line in done.stdout.splitlines() if line.startswith(("reader alone", "with ", "  learning "))]
    assert [row.strip().split("  ")[0] for row in rows[:4]] == ["reader alone", "with this table's profile",
                                                                 "learning corrections as played",
                                                                 "with learn's profile"]
    assert all(len(re.findall(r"\d+\.\d+%", row)) == 3 for row in rows)
    learnt = [line for line in done.stdout.splitlines() if line.startswith("learnt 1: ")]
    assert len(learnt) == 2 and all("not a die: " in line and "so not learnt: " in line for line in learnt)
    errors = [line.strip() for line in done.stdout.splitlines() if line.strip().startswith("missed ")]
    assert len(errors) == len(rows) and all("misread" in line and "where none is labelled" in line for line in errors)


def test_the_benchmark_says_where_the_errors_lie():
    """--verbose's breakdown: a labelled die missed (a die seen but not read on it), a face misread, a phantom."""
    from benchmarks.dice_profile import Errors

    truth = [(3, (0, 0, 10, 10)), (5, (50, 0, 60, 10)), (2, (100, 0, 110, 10))]
    dice = [DieReading(3, None, (0, 0, 10, 10)), DieReading(6, None, (50, 0, 60, 10)),
            DieReading(4, None, (101, 1, 109, 9), unread=True), DieReading(1, None, (200, 200, 210, 210))]
    errors = Errors()
    errors.add(dice, truth)
    assert (errors.missed, errors.seen, errors.misread, errors.phantoms) == (1, 1, {(5, 6): 1}, 1)
    assert str(errors) == ("missed 1 (seen but not read on 1); misread 1 (5->6 x1); read where none is labelled 1")


def test_a_profile_that_fails_leaves_the_settled_roll_as_the_readers_read_it(tmp_path, reader, caplog):
    class Failing:
        def settled(self, *args):
            raise OSError("the SD card is gone")

    image = cv2.imread(str(sorted((REAL / "byler-d6" / "images").iterdir())[0]))
    dice = reader.read(image)
    failing = DiceReader(unread=True, arbiter=False, profile=Failing())
    assert failing.review_settled(image, dice) == dice
    assert "the table profile could not read this settled roll" in caplog.text


def test_a_correction_is_compared_with_the_roll_as_journaled(tmp_path, reader):
    """The rules-aware reading may play a die's second-best face: a correction that leaves it so teaches nothing."""
    from companion.bus import EventBus

    learning, bus = TableLearning(tmp_path / "profile"), EventBus()
    bus.listen(learning.on_bus)
    image = cv2.imread(str(sorted((REAL / "byler-d6" / "images").iterdir())[0]))
    read = [d for d in learning.settled(reader, image, reader.read(image)) if not d.unread]
    played = [d.to_json() for d in read]
    played[0]["value"] = played[0]["value"] % 6 + 1  # journaled with another face than read
    bus.publish("entry", {"source": "camera", "event": {"type": "roll", "dice": played}, "state": {}})
    bus.publish("entry", {"source": "phone", "event": {"type": "correct", "seq": 0, "dice": played},
                          "state": {"game": "free-roll"}})
    assert learning.store.snapshot() == []
    played[1]["value"] = played[1]["value"] % 6 + 1
    bus.publish("entry", {"source": "phone", "event": {"type": "correct", "seq": 0, "dice": played},
                          "state": {"game": "free-roll"}})
    (example,) = learning.store.snapshot()
    assert (example.label, example.game, example.how) == (played[1]["value"], "free-roll", "corrected")


def test_the_benchmark_learns_as_played_what_the_players_would_correct():
    """A die shown with a wrong face or as "?" teaches its labelled face, one shown where none lies "not a die"; a die
    read right or dropped by the profile teaches nothing."""
    from benchmarks.dice_profile import AsPlayed

    rng = np.random.default_rng(1)
    truth = [(3, (0, 0, 10, 10)), (5, (50, 0, 60, 10)), (2, (100, 0, 110, 10)), (4, (150, 0, 160, 10))]
    dice = [DieReading(3, None, (0, 0, 10, 10), 0.9, (0.02, 0.02, 0.9, 0.02, 0.02, 0.02)),
            DieReading(6, None, (50, 0, 60, 10), 0.9, (0.02, 0.02, 0.02, 0.02, 0.02, 0.9)),
            DieReading(4, None, (101, 1, 109, 9), 0.2, (0.1, 0.2, 0.1, 0.4, 0.1, 0.1), unread=True),
            DieReading(4, None, (150, 0, 160, 10), 0.9, (0.02, 0.02, 0.02, 0.9, 0.02, 0.02)),
            DieReading(1, None, (200, 200, 210, 210), 0.9, (0.9, 0.02, 0.02, 0.02, 0.02, 0.02))]
    found = rng.normal(0, 1, (len(dice), 4, 16)).astype(np.float32)
    played = AsPlayed([(truth, dice, found, 0.0)])
    assert played.labels == [3, 5, 2, 4, NOT_A_DIE] and len(played.profile) == 5  # the first photos: every die found
    shown = [dice[0], dice[1], dice[2], None, dice[4]]  # the fourth dropped by the profile
    played.correct(dice, shown, found, truth)
    assert played.labels[5:] == [5, 2, NOT_A_DIE] and len(played.profile) == 8
    assert all(np.array_equal(a, b) for a, b in zip(played.features[5:], found[[1, 2, 4]]))
