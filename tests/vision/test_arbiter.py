"""The arbiter reads a settled roll's unsure dice again: what it may change (an unread die read, an unsure die's
value, an unsure die it sees no die in made unread) and what it never does (add a die, touch a sure one)."""

import re
import subprocess
import sys

import cv2
import numpy as np
import pytest

from companion.config import defaults
from companion.core import DieReading
from companion.vision import DiceReader
from companion.vision.arbiter import Arbiter
from companion.vision.face_reading import FaceReading
from companion.vision.kinds import DiceKinds
from companion.vision.labels import load_labelled
from companion.vision.model_files import DEFAULT_MODEL, arbiter_path
from companion.vision.scoring import Score
from tests.conftest import REPO, SHARED

EPANEMU = SHARED / "data" / "dice-real" / "epanemu-dice"


class StubReader:
    """What the arbiter needs of a DiceReader, with the model's answers for each crop given in advance."""

    threads, crop_size, crop_scale, emblem_face = 1, 48, 1.3, 6

    def __init__(self, answers):
        self.answers, self.asked = answers, []

    face_values = FaceReading.face_values  # folds the emblem into its face, as the reader does

    def read_crops(self, image, boxes, session):
        self.asked.append(list(boxes))
        return np.array([self.answers[round(x)] for x, _, _, _ in boxes])


def answer(value=None, sure=0.9, not_a_die=0.0, emblem=0.0):
    """Eight class probabilities: faces 1-6, "not a die", "emblem"."""
    p = np.zeros(8)
    if value:
        p[value - 1] = sure
    p[6], p[7] = not_a_die, emblem
    rest = 1.0 - p.sum()
    p[:6] += rest / 6
    return p


def die(value, x, confidence, unread=False):
    return DieReading(value, "red", (x, 10.0, x + 20.0, 30.0), confidence, unread=unread)


def test_only_unsure_dice_are_looked_at_and_each_changes_only_as_allowed():
    dice = [die(4, 0, 0.95), die(2, 100, 0.2, unread=True), die(3, 200, 0.1, unread=True), die(5, 300, 0.3),
            die(6, 400, 0.25), DieReading(1, "red", None, 0.1)]
    answers = {100: answer(5, 0.9), 200: answer(3, 0.5), 300: answer(2, 0.8), 400: answer(not_a_die=0.9)}
    reader = StubReader(answers)
    out = Arbiter(reader, None, below=0.35, accept=0.7, most=16).review(None, dice)
    assert [round(x) for x, _, _, _ in reader.asked[0]] == [200, 100, 400, 300]  # unread first, least sure first
    assert out[0] is dice[0] and out[5] is dice[5]  # sure, or with no box: as read
    # read as 5, as sure to be there as the camera was (0.2: it gave no probabilities) times the 5's probability
    assert (out[1].value, out[1].unread, out[1].confidence) == (5, False, pytest.approx(0.2 * (0.9 + 0.1 / 6)))
    assert out[2] == dice[2]  # read at 0.5 < accept: still unread
    assert (out[3].value, out[3].unread) == (2, False) and sum(out[3].probabilities) == pytest.approx(1.0)
    assert (out[4].value, out[4].unread) == (6, True)  # no die seen there: unread, never dropped
    assert len(out) == len(dice)


def test_the_most_dice_read_are_the_least_sure_and_an_emblem_counts_as_its_face():
    dice = [die(2, 0, 0.3), die(1, 100, 0.1, unread=True), die(5, 200, 0.2)]
    reader = StubReader({0: answer(3), 100: answer(emblem=0.95), 200: answer(4)})
    out = Arbiter(reader, None, below=0.35, accept=0.7, most=2).review(None, dice)
    assert [round(x) for x, _, _, _ in reader.asked[0]] == [100, 200]
    assert [(d.value, d.unread) for d in out] == [(2, False), (6, False), (4, False)]
    reader.emblem_face = 1
    assert Arbiter(reader, None, 0.35, 0.7, 2).review(None, dice)[1].value == 1


@pytest.fixture(scope="module")
def reader():
    return DiceReader(threads=1, read_colour=False, unread=True, arbiter=True)


@pytest.mark.parametrize("name", ["dice_280_89f350.jpg", "dice_328_412df7.jpg"])
def test_a_settled_roll_of_small_dice_on_a_board_is_read_entirely_right_after_the_second_look(reader, name):
    """Validation photos (never trained on) of two small dice on a Catan board: the face readers leave at least one
    of them unread, the arbiter reads both right; no die is added."""
    item = next(i for i in load_labelled(EPANEMU, "validation") if i.path.name == name)
    image = cv2.imread(str(item.path))
    labels = [(d.value, d.box) for d in item.dice]
    first = reader.read(image)
    second = reader.review_settled(image, first)
    before, after = Score(), Score()
    assert not before.add(name, [(d.value, d.box) for d in first if not d.unread], labels)
    assert any(d.unread for d in first) and len(second) == len(first)
    assert after.add(name, [(d.value, d.box) for d in second if not d.unread], labels)


def test_without_the_setting_or_in_a_game_with_a_colour_die_the_roll_is_kept_as_read(reader):
    plain = DiceReader(threads=1, read_colour=False, unread=True, arbiter=False)
    dice = [die(2, 0, 0.1, unread=True)]
    image = np.full((60, 500, 3), 120, np.uint8)
    assert plain.arbiter is None and plain.review_settled(image, dice) == dice
    kinds = DiceKinds({"pips": lambda: reader, "colour": lambda: reader}, ["pips", "colour"], vet_colour=False)
    assert kinds.review_settled(image, dice) == dice
    kinds.use(["pips"])
    looks = reader.arbiter.looks
    kinds.review_settled(image, dice)
    assert reader.arbiter.looks == looks + 1


def test_a_corrupt_arbiter_file_costs_only_the_second_look(tmp_path):
    """Rule of the house: a corrupt model file gets a clear error and loses nothing. Every frame is still read; the
    settled roll is kept as the face readers read it, and the reader says why."""
    for name in ("dice.onnx", "dice_faces.onnx", "dice_faces_b.onnx"):
        (tmp_path / name).write_bytes((DEFAULT_MODEL.parent / name).read_bytes())
    arbiter_path(tmp_path / "dice.onnx").write_bytes(b"not a model")
    reader = DiceReader(tmp_path / "dice.onnx", threads=1, read_colour=False, unread=True, arbiter=True)
    assert reader.arbiter is None and "could not be loaded" in reader.arbiter_error
    item = next(i for i in load_labelled(EPANEMU, "validation") if i.path.name == "dice_328_412df7.jpg")
    image = cv2.imread(str(item.path))
    dice = reader.read(image)
    assert dice and reader.review_settled(image, dice) == dice


def test_the_shipped_temperature_is_the_likeliest_on_the_validation_photos_unsure_dice():
    """vision.arbiter_temperature is the one models/arbiter_temperature.py finds least surprised by the true faces of
    the validation dice the arbiter is asked about: a retrained arbiter must be fitted again."""
    result = subprocess.run([sys.executable, "models/arbiter_temperature.py"], cwd=REPO, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines() if re.match(r"\s+\d+\.\d\s+\d", line)]
    asked = {float(t): float(nll) for t, nll, _ in rows}
    assert len(asked) >= 5 and min(asked, key=asked.get) == defaults("vision")["arbiter_temperature"]
    assert asked[1.0] > asked[defaults("vision")["arbiter_temperature"]]  # the model as it is: too sure of itself


def test_the_arbiter_is_opened_only_for_a_game_whose_pip_rolls_it_reviews():
    """It holds more of a Pi's memory than the other readers together: a Hexors game reading a colour die opens the
    pip reader only to vet colour readings, and never reviews a settled roll with the arbiter, so it stays closed
    until a pip game."""
    made = []

    def pips():
        made.append(DiceReader(threads=1, read_colour=False, unread=True, arbiter=True))
        return made[-1]

    kinds = DiceKinds({"pips": pips, "colour": lambda: StubReader({})}, ["colour"])
    assert made and made[0]._arbiter is None and not made[0]._arbiter_tried
    kinds.use(["pips"])
    assert isinstance(made[0]._arbiter, Arbiter)
    kinds.use(["colour"])
    assert made[0]._arbiter is None
    assert len(made) == 1 and made[0].arbiter is not None  # asked for again, it opens again
