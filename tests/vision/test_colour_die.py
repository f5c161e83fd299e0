"""Hexors' colour die read by the camera: rendered colour dice, the shipped colour-die model, phantoms on real
photos of pip dice, the reader that reads the kinds a game rolls, and a duel roll taken when the die settles."""

from __future__ import annotations

import sys

import cv2
import numpy as np
import pytest

from companion.core import DieReading, Observation
from companion.vision import DiceReader, ModelError
from companion.vision.colour import colour_from_hsv
from companion.vision.colour_die import COLOUR_DIE_COLOURS, DEFAULT_COLOUR_MODEL, ColourDieReader
from companion.vision.kinds import VET_ABOVE, DiceKinds
from companion.vision.labels import load_labelled
from companion.vision.render_colour_die import random_colour_die_spec, render_colour_die_table
from companion.vision.render import draw_die, finish_photo, random_background
from companion.vision.scoring import Score
from companion.vision.settle import RollSettler
from tests.conftest import REPO, SHARED

sys.path.insert(0, str(REPO / "tests" / "games" / "hexors"))
from hex_helpers import game, put  # noqa: E402


@pytest.fixture(scope="module")
def reader():
    return ColourDieReader()


def one_die_frame(colour: str, seed: int = 0, size: float = 60.0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = random_background(rng, 480, 640, kind=0, lines=False)
    draw_die(img, random_colour_die_spec(rng, (320, 240), size, colour=colour, max_tilt=0.2), rng)
    return finish_photo(img, rng, blur=0.5)


def test_a_rendered_colour_die_shows_its_colour_on_top_and_is_labelled_by_it():
    rng = np.random.default_rng(3)
    img = random_background(rng, 200, 200, kind=0, lines=False)
    spec = random_colour_die_spec(rng, (100, 100), 60, colour="green", max_tilt=0.0)
    box = draw_die(img, spec, rng)
    assert (spec.value, spec.color) == (COLOUR_DIE_COLOURS.index("green") + 1, "green")
    top = cv2.cvtColor(np.clip(img, 0, 255).astype(np.uint8), cv2.COLOR_BGR2HSV)[95:105, 95:105].reshape(-1, 3)
    assert colour_from_hsv(*np.median(top, axis=0)) == "green"
    assert box[0] < 100 < box[2] and box[1] < 100 < box[3]


def test_the_pip_dice_reader_cannot_read_a_colour_die_which_is_why_it_has_a_model_of_its_own():
    frames = [one_die_frame(colour, seed) for seed, colour in enumerate(COLOUR_DIE_COLOURS)]
    pips = DiceReader()
    seen = [d for f in frames for d in pips.read(f)]
    assert len(seen) < len(frames)  # most blank faces are not taken for dice at all
    assert all(d.confidence < VET_ABOVE for d in seen)  # the rest, a doubtful value, which does not vet


@pytest.mark.parametrize("colour", COLOUR_DIE_COLOURS)
def test_the_colour_die_reader_names_each_face_colour(reader, colour):
    read = [d for seed in range(3) for d in reader.read(one_die_frame(colour, seed=10 + seed))]
    assert len(read) == 3 and {d.color for d in read} == {colour}
    assert {d.value for d in read} == {COLOUR_DIE_COLOURS.index(colour) + 1}


def test_rendered_tables_with_pip_dice_and_tokens_are_read_within_a_few_points_of_the_benchmark(reader):
    # benchmarks/colour_die.py (models/colour_dice.md) measured 300 frames of another seed; the floors sit under it
    rng = np.random.default_rng([1234, 640])
    score = Score()
    for n in range(60):
        image, dice = render_colour_die_table(rng, 480, 640, size_range=(20, 72))
        score.add(str(n), [(d.value, d.box) for d in reader.read(image)], [(d.value, d.box) for d in dice])
    assert score.labelled >= 60
    assert score.recall >= 0.93 and score.precision >= 0.95 and score.read_correctly >= 0.90


def test_the_pip_reader_vetting_colour_readings_keeps_the_colour_dice_themselves(reader):
    # as a Hexors game reads them: a blank coloured face must not pass for a pip die (nor for an emblem) and be dropped
    rng = np.random.default_rng([1234, 640])
    kinds = DiceKinds({"pips": DiceReader, "colour": lambda: reader}, ["colour"])
    score = Score()
    for n in range(60):
        image, dice = render_colour_die_table(rng, 480, 640, size_range=(20, 72))
        score.add(str(n), [(d.value, d.box) for d in kinds.read(image)], [(d.value, d.box) for d in dice])
    assert score.recall >= 0.93 and score.read_correctly >= 0.90


def test_real_photos_of_pip_dice_show_no_colour_die_once_the_pip_reader_vets_them(reader):
    # benchmarks/colour_die.py: 25 phantoms on 200 byler photos from the colour reader alone, 0 once vetted
    photos = load_labelled(SHARED / "data" / "dice-real" / "byler-d6", "heldout")
    kinds = DiceKinds({"pips": DiceReader, "colour": lambda: reader}, ["colour"])
    images = [cv2.imread(str(p.path), cv2.IMREAD_COLOR) for p in photos]
    alone = sum(len(reader.read(image)) for image in images)
    vetted = sum(len(kinds.read(image)) for image in images)
    assert len(photos) >= 30 and alone >= 2 and vetted <= 1


def test_a_colour_reading_where_the_pip_reader_is_sure_of_a_die_is_dropped():
    box = (10.0, 10.0, 40.0, 40.0)

    def reader(*readings):
        return lambda: type("Reader", (), {"read": lambda self, image, pixels=None: list(readings)})()

    colour = DieReading(6, "purple", box, 0.9)
    elsewhere = DieReading(1, "red", (100.0, 10.0, 130.0, 40.0), 0.8)
    image = np.zeros((8, 8, 3), np.uint8)
    sure_pips = DiceKinds({"pips": reader(DieReading(5, "purple", (12.0, 11.0, 41.0, 42.0), 0.9)),
                           "colour": reader(colour, elsewhere)}, ["colour"])
    assert sure_pips.read(image) == [elsewhere]   # the purple "colour die" has pips: a pip die
    doubtful_pips = DiceKinds({"pips": reader(DieReading(2, "purple", box, 0.35)), "colour": reader(colour)},
                              ["colour"])
    assert doubtful_pips.read(image) == [colour]   # a blank face the pip reader half takes for a 2
    unvetted = DiceKinds({"pips": reader(DieReading(5, "purple", box, 0.9)), "colour": reader(colour)}, ["colour"],
                         vet_colour=False)
    assert unvetted.read(image) == [colour]


def test_a_pip_dice_model_is_refused_as_a_colour_die_model():
    with pytest.raises(ModelError, match="not a colour-die model"):
        ColourDieReader(DiceReader().model_path)


def test_the_reader_reads_the_kinds_the_game_rolls_and_reports_a_kind_it_cannot_read(tmp_path):
    made = []

    def maker(kind, reading):
        def make():
            made.append(kind)
            return type("Reader", (), {"read": lambda self, image, pixels=None: [reading], "input_pixels": 99})()
        return make

    def broken():
        raise ModelError("colour_dice.onnx is missing")

    kinds = DiceKinds({"pips": maker("pips", DieReading(4, "white", confidence=0.9)), "colour": broken})
    image = np.zeros((8, 8, 3), np.uint8)
    assert [d.value for d in kinds.read(image)] == [4] and kinds.error == "" and kinds.input_pixels == 99
    kinds.use(["colour"])
    assert kinds.read(image) == [] and kinds.error == "colour_dice.onnx is missing"
    kinds.use(["pips"])
    kinds.use(["pips"])
    assert made == ["pips"] and kinds.error == ""  # each model is opened once
    with pytest.raises(ValueError, match="dice kinds"):
        kinds.use(["d20"])


def test_hexors_asks_the_camera_for_a_colour_die_when_the_die_is_read_by_colour():
    assert game().dice_kinds() == ("pips",)
    assert game(options={"die_reading": "color"}).dice_kinds() == ("colour",)


def test_a_duel_roll_is_taken_from_the_colour_die_once_it_settles(reader):
    """« L'attaquant commence et roule le dé de couleur. Il doit faire correspondre la couleur obtenue sur le dé avec
    le chiffre de la même couleur du carreau personnage ou du carreau monstre. »"""
    engine = game(options={"die_reading": "color"})
    put(engine, a1="d4", b1="d6")
    engine.apply({"type": "move", "tile": "a1", "path": ["d5"]})
    assert engine.state.duel is not None
    for colour, seed in (("purple", 40), ("yellow", 41)):
        settler, settled = RollSettler(stable_frames=3), None
        frame = one_die_frame(colour, seed)
        for i in range(6):
            settled = settled or settler.update(reader.read(frame), i / 8)
        assert settled is not None and [d.color for d in settled.dice] == [colour]
        engine.apply(engine.observation_event(Observation(dice=settled.dice)))
        if colour == "purple":  # the attacker's roll: the duel waits for the defender's
            assert engine.state.duel is not None and engine.state.duel.rolls == ["purple"]
    assert engine.state.pieces["b1"].status == "discard"   # purple 6 against yellow 3: the attacker wins


def test_the_shipped_colour_model_is_beside_the_dice_model():
    assert DEFAULT_COLOUR_MODEL.is_file() and DEFAULT_COLOUR_MODEL.parent == DiceReader().model_path.parent
