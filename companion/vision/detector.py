"""DiceReader: photo in, die readings out — letterbox, onnxruntime, peak decoding, OpenCV NMS, colour.

Two models (see models/README.md): the detector (models/dice.onnx) outputs a die-centre heatmap,
face-value probabilities and box sizes on a stride-4 grid; the face reader (models/dice_faces.onnx)
reads each found die again from a crop of the full-resolution photo, where its pips are bigger
(companion/vision/face_reading.py).
The two value guesses are multiplied. Decoding here keeps the graphs small and plain. Each reading keeps
its six face probabilities, so the referee can look at a die's second-best value (companion/referee/aware.py).
"""

from __future__ import annotations

import json
import logging
import math
from pathlib import Path

import cv2
import numpy as np

from companion.config import defaults
from companion.core import DieReading
from companion.vision.arbiter import Arbiter
from companion.vision.colour import die_colour, table_is_neutral
from companion.vision.face_reading import NOT_A_DIE, FaceReading, die_probability
from companion.vision.fit import fitted_shape, scaled
from companion.vision.model_files import (DEFAULT_MODEL, ModelError, arbiter_path, configured_model, crop_geometry,
                                          face_reader_paths, open_session)
from companion.vision.pips import without_pips
from companion.vision import pip_boxes
from companion.vision.second_look import better_of, needs_second_look
from companion.vision.twins import without_twins
from companion.vision.unread import away_from

log = logging.getLogger(__name__)
SECOND_OPINION = ("off", "doubtful", "always")
EMBLEM_FACES = (6, 1)  # the faces a maker's emblem replaces
VISION = defaults("vision")  # the settings' defaults, written once in companion/config.py


class DiceReader(FaceReading):
    """Reads every d6 in a BGR image.

    ``threads`` is onnxruntime's intra-op thread count (leave a Pi core for the camera and web);
    ``confidence`` is the lowest score reported (centre score x is-a-die x face-value probability); ``nms_iou``
    merges duplicate boxes;
    ``faces``: use the face reader next to the model when there is one (``<model>_faces.onnx``),
    False reads values from the detector alone. ``detector_vote`` is the weight (an exponent) of the
    detector's own value guess against the face reader's: 0 trusts the face reader alone.
    ``face_views``: how many quarter-turns of each crop the face reader averages (1, 2 or 4).
    ``reread_below``: a die whose best value probability is under this (and that is sure enough to be a die
    to be reported) is read again at all four quarter-turns (a face reads the same turned), so only the
    doubtful few pay for the extra views.
    ``second_opinion``: when a second face reader sits next to the model (``<model>_faces_b.onnx``),
    "always" averages both readers on every die the budget allows, least sure first; "doubtful" asks it
    about the doubtful dice only; "off" ignores it. Two readers trained apart make different mistakes,
    so their average is wrong less often than either.
    ``max_face_looks``: at most this many face-reader looks (crops x turns x readers) per frame, so a crowded
    frame's compute stays bounded: every die gets the first reader's look, then the second reader's and the
    doubtful dice's other turns go to the least sure first (0: no limit).
    ``recrop_beyond``: a first face reader with a placing head also says where the die really is in its crop;
    a die whose box it finds off by more than this (centre shift in crop sides, or log of the size ratio) is
    cut again there and read again (within the budget, worst placed first), and reported with that box.
    Boxes a detector places or sizes badly (as on a new table) cause many misreads. 1 or more: never.
    ``recrop_rounds``: how many times in a row that may happen to a die: each round re-cuts only the dice the
    last round's crop still found off (the head's answer from a far-off crop is itself rough).
    ``min_crop``: a face reader's crop is never smaller than this fraction of the frame's shorter side, so a
    box drawn too small (a single pip taken for the die, a die half found) still shows the reader a whole die.
    The smallest die the camera guidance allows (hardware/README.md: a 12 mm die, 37 px of 960) is 0.039 of
    the frame, 1.3x that is 0.05; a larger value would crop such dice wider than the reader was trained on.
    ``grey_table_colours``: look at the table between the dice, and where it is near grey let a faint tint or
    a little marbling name a dark die's colour (companion/vision/colour.py); False: the HSV rule alone.
    ``pip_boxes``: a candidate scored at least this, turned down as no die in a box much smaller than the frame's
    dice, is read again at their size (companion/vision/pip_boxes.py); 0: never.
    ``inside_die``: a reading whose box lies this much (a fraction of its area) inside a reported die's box
    twice its size or more is taken for one of that die's pips and dropped; more than 1: never.
    ``fit_frame``: a detector that takes any image shape sees the frame at its own aspect ratio, with as many
    pixels as its planned square (companion/vision/fit.py), so a 4:3 or 16:9 frame's dice are bigger for the
    same compute; False letterboxes every frame into that square. A fixed-square detector always letterboxes.
    ``second_look``: a frame read with no ``pixels`` given (no table plane sizing its dice) where the first pass
    found candidates but read no die, or read one die as fragments, is read again with this fraction of the
    detector's pixels, its dice given the face-reader looks the first pass left of ``max_face_looks``, and the
    more confident of the two readings is kept (companion/vision/second_look.py); 0: never.
    ``emblem_face``: face readers with an eighth class say when a face shows a maker's emblem instead of pips;
    such a face counts as this value (6 or 1: the dice's maker and the game decide).
    ``unread``: also report, flagged ``unread`` and after the read dice, the candidates sure enough to be dice
    (centre score x P(a die) at least ``confidence``) whose face was not read with confidence, away from every
    read die (companion/vision/unread.py). On training photos most dice the reader misses are such dice.
    ``profile``: the table profile (companion/vision/profile_learning.py's TableLearning) a settled roll is read
    with after the arbiter, and whose crops it keeps for the players' corrections; None: the shipped readers alone.
    """

    def __init__(self, model_path: str | Path | None = None, threads: int = 1,
                 confidence: float = VISION["confidence"], nms_iou: float = 0.4, read_colour: bool = True,
                 faces: bool = True, detector_vote: float = 0.25, face_views: int = 1,
                 reread_below: float = VISION["reread_below"], second_opinion: str = VISION["second_opinion"],
                 max_face_looks: int = VISION["max_face_looks"], recrop_beyond: float = VISION["recrop_beyond"],
                 min_crop: float = VISION["min_crop"], recrop_rounds: int = VISION["recrop_rounds"],
                 grey_table_colours: bool = True, fit_frame: bool = True, inside_die: float = VISION["inside_die"],
                 pip_boxes: float = VISION["pip_boxes"],
                 second_look: float = VISION["second_look"], emblem_face: int = VISION["emblem_face"],
                 unread: bool = False, arbiter: bool = False, arbiter_below: float = VISION["arbiter_below"],
                 arbiter_accept: float = VISION["arbiter_accept"], arbiter_dice: int = VISION["arbiter_dice"],
                 arbiter_temperature: float = VISION["arbiter_temperature"], profile=None):
        self.model_path = Path(model_path) if model_path is not None else DEFAULT_MODEL
        self.threads = max(1, int(threads))
        self.detector_vote = float(detector_vote)
        if face_views not in (1, 2, 4):
            raise ValueError("face_views must be 1, 2 or 4 (quarter turns of each crop)")
        self.face_views = face_views
        self.reread_below = float(reread_below)
        if second_opinion not in SECOND_OPINION:
            raise ValueError(f"second_opinion must be one of {', '.join(SECOND_OPINION)}")
        self.second_opinion = second_opinion
        self.max_face_looks = max(0, int(max_face_looks))
        self.recrop_beyond = float(recrop_beyond)
        self.min_crop = max(0.0, float(min_crop))
        self.recrop_rounds = max(0, int(recrop_rounds))
        # running counts, for the benchmark's cost figures
        self.faces_read = self.faces_reread = self.faces_moved = self.faces_recropped = self.face_looks = 0
        self.second_looks = 0  # frames read again at the second scale
        if not 0.0 <= float(second_look) < 1.0:
            raise ValueError("second_look must be a fraction of the detector's pixels, at least 0 and under 1")
        self.second_look = float(second_look)
        if emblem_face not in EMBLEM_FACES:
            raise ValueError("emblem_face must be 1 or 6 (the face a die's emblem replaces)")
        self.emblem_face = int(emblem_face)
        self.unread = bool(unread)
        self.confidence = float(confidence)
        self.nms_iou = float(nms_iou)
        self.read_colour = read_colour
        self.grey_table_colours = bool(grey_table_colours)
        self.session = open_session(self.model_path, self.threads)
        inputs = self.session.get_inputs()
        outputs = [o.name for o in self.session.get_outputs()]
        if len(inputs) != 1 or outputs != ["heat", "value", "box"]:
            raise ModelError(f"dice model {self.model_path} has unexpected inputs/outputs {outputs}")
        shape = inputs[0].shape
        meta = self.session.get_modelmeta().custom_metadata_map.get("companion")
        meta = json.loads(meta) if meta else {}
        self.input_name = inputs[0].name
        self.stride = int(meta.get("stride", 4))
        self.input_pixels, self.input_multiple = self._input_geometry(shape, meta)
        self.fit_frame = bool(fit_frame) and self.input_multiple > 0
        self.inside_die = float(inside_die)
        self.pip_boxes, self.pip_boxes_read = float(pip_boxes), 0
        self.faces_path, self.second_path = face_reader_paths(self.model_path)
        self.faces = self.second = self.second_error = None
        self.places = False  # whether the first face reader also says where the die is in its crop
        if faces and self.faces_path.is_file():
            self.faces = open_session(self.faces_path, self.threads)
            self.crop_size, self.crop_scale = crop_geometry(self.faces, self.faces_path)
            self.places = [o.name for o in self.faces.get_outputs()] == ["value", "place"]
            if second_opinion != "off" and self.second_path.is_file():
                self.second = self._open_second(self.second_path)
        # the settled roll's second look (companion/vision/arbiter.py): opened when first wanted (use_arbiter)
        self._arbiter, self.arbiter_error, self._arbiter_tried = None, "", False
        self._arbiter_wanted = bool(arbiter)
        self._arbiter_settings = (arbiter_below, arbiter_accept, arbiter_dice, arbiter_temperature)
        Arbiter.check(arbiter_below, arbiter_accept, arbiter_temperature)
        self.profile = profile

    @classmethod
    def from_config(cls, vision: dict, **overrides) -> "DiceReader":
        """A reader set up by the config's [vision] section; keyword arguments override it (None: keep it)."""
        options = dict(model_path=configured_model(vision), threads=vision["threads"],
                       confidence=vision["confidence"], reread_below=vision["reread_below"],
                       second_opinion=vision["second_opinion"], max_face_looks=vision["max_face_looks"],
                       recrop_beyond=vision["recrop_beyond"], recrop_rounds=vision["recrop_rounds"],
                       min_crop=vision["min_crop"], inside_die=vision["inside_die"], pip_boxes=vision["pip_boxes"],
                       second_look=vision["second_look"], emblem_face=vision["emblem_face"],
                       arbiter=vision["arbiter"], arbiter_below=vision["arbiter_below"],
                       arbiter_accept=vision["arbiter_accept"], arbiter_dice=vision["arbiter_dice"],
                       arbiter_temperature=vision["arbiter_temperature"])
        options.update({key: value for key, value in overrides.items() if value is not None})
        return cls(**options)

    def _open_second(self, path: Path):
        """The second face reader, or None (with a warning) when it is unusable: the first one still reads."""
        try:
            return self._open_beside(path)
        except ModelError as exc:
            self.second_error = str(exc)
            log.warning("%s — reading dice with the first face reader alone", exc)
            return None

    def _open_beside(self, path: Path):
        """A model that reads the first face reader's crops (the second reader, the arbiter): it must take the same
        crops and answer the same classes (ModelError otherwise)."""
        session = open_session(path, self.threads)
        if crop_geometry(session, path) != (self.crop_size, self.crop_scale):
            raise ModelError(f"face model {path} must take the same crops as {self.faces_path.name}")
        if session.get_outputs()[0].shape[-1] != self.faces.get_outputs()[0].shape[-1]:
            raise ModelError(f"face model {path} must answer the same classes as {self.faces_path.name}")
        return session

    def _input_geometry(self, shape, meta: dict) -> tuple[int, int]:
        """(pixels, multiple): a fixed square input's area and 0, or a free-shaped input's budget and step."""
        if len(shape) != 4:
            raise ModelError(f"dice model {self.model_path} must take one NCHW image, not {shape}")
        height, width = shape[2], shape[3]
        if isinstance(height, int) and isinstance(width, int):
            if height != width:
                raise ModelError(f"dice model {self.model_path} must take a square image or any shape, not {shape}")
            return height * height, 0
        if isinstance(height, int) or isinstance(width, int):
            raise ModelError(f"dice model {self.model_path} fixes one side of its image only: {shape}")
        if "pixels" not in meta or "multiple" not in meta:
            raise ModelError(f"dice model {self.model_path} takes any image shape but does not say how many "
                             "pixels it was planned for (metadata 'pixels' and 'multiple')")
        return int(meta["pixels"]), int(meta["multiple"])

    @property
    def input_size(self) -> int:
        """The side of the square input the detector's pixel budget amounts to (416 for the shipped one)."""
        return math.isqrt(self.input_pixels)

    def input_shape(self, height: int, width: int, pixels: int | None = None) -> tuple[float, int, int]:
        """(scale, rows, columns) of the detector's input for a frame: its own shape, or the square letterbox.
        ``pixels``: a smaller budget than the model's, for a picture whose dice would otherwise come out too big."""
        if self.fit_frame:
            budget = self.input_pixels if pixels is None else max(1, min(int(pixels), self.input_pixels))
            return fitted_shape(height, width, budget, self.input_multiple)
        side = self.input_size
        return side / max(height, width), side, side

    def _letterbox(self, image: np.ndarray, pixels: int | None = None) -> tuple[np.ndarray, float]:
        h, w = image.shape[:2]
        scale, rows, cols = self.input_shape(h, w, pixels)
        nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
        canvas = np.full((rows, cols, 3), 114, np.uint8)
        canvas[:nh, :nw] = scaled(image, nw, nh)
        rgb = cv2.cvtColor(canvas, cv2.COLOR_BGR2RGB)
        return np.ascontiguousarray(rgb.transpose(2, 0, 1)[None], dtype=np.float32), scale

    @property
    def arbiter(self) -> Arbiter | None:
        """The arbiter, opened the first time it is asked for (None: off, no file beside the model, or a bad one:
        ``arbiter_error`` says why)."""
        self._open_arbiter()
        return self._arbiter

    def _open_arbiter(self) -> None:
        """Open the arbiter once, when the settings want one; a bad file is reported, not tried again."""
        if self._arbiter_wanted and not self._arbiter_tried:
            self._arbiter_tried = True
            beside = arbiter_path(self.model_path)
            if self.faces is not None and beside.is_file():
                try:
                    self._arbiter = Arbiter(self, self._open_beside(beside), *self._arbiter_settings)
                except ModelError as exc:  # a bad arbiter file: every frame is still read, settled rolls as read
                    self.arbiter_error = str(exc)
                    log.warning("%s — settled rolls are kept as the face readers read them", exc)

    def use_arbiter(self, wanted: bool) -> None:
        """Open the arbiter now (when the settings allow one), or let it go: opened, it holds more memory than the
        other readers together, and a game whose rolls it never reviews (one with a colour die) has no use for it."""
        if wanted:
            self._open_arbiter()  # now, before a roll waits on it
        else:
            self._arbiter, self._arbiter_tried = None, False

    def review_settled(self, image_bgr: np.ndarray, dice: list[DieReading]) -> list[DieReading]:
        """A settled roll's dice, its unsure ones read again by the arbiter where there is one, then read with the
        table profile where there is one (else as they are)."""
        arbiter = self.arbiter  # opened at the first settled roll that wants it
        dice = arbiter.review(image_bgr, dice) if arbiter is not None else list(dice)
        if self.profile is None:
            return dice
        try:
            return self.profile.settled(self, image_bgr, dice)
        except (ModelError, OSError, ValueError):  # the roll goes on as the readers read it
            log.exception("the table profile could not read this settled roll; it is played as read")
            return dice

    def read(self, image_bgr: np.ndarray, pixels: int | None = None) -> list[DieReading]:
        """Every die found in the image, boxes in the image's own pixels, best first. ``pixels``: the detector's
        input budget for this picture, at most the model's (table vision's dice window sizes it to the dice);
        without it a frame whose first pass failed is read again at the second scale (``second_look``). A die
        still read twice after that is reported once (companion/vision/twins.py)."""
        image = _as_bgr(image_bgr)
        spent = self.face_looks
        readings, candidates, unread = self._read_at(image, pixels)
        if pixels is None and self.second_look > 0 and needs_second_look(readings, candidates):
            self.second_looks += 1
            # the frame's face-reader looks are shared: the second look reads its dice with what the first left
            left = max(1, self.max_face_looks - (self.face_looks - spent)) if self.max_face_looks else 0
            again, _, unread_again = self._read_at(image, max(1, round(self.input_pixels * self.second_look)), left)
            readings = better_of(readings, again)
            unread += unread_again
        readings = without_twins(readings)
        return readings + away_from(unread, readings) if self.unread else readings

    def _read_at(self, image: np.ndarray, pixels: int | None,
                 looks: int | None = None) -> tuple[list[DieReading], int, list[DieReading]]:
        """The dice read with the detector given ``pixels`` (None: all of its budget) and the face readers given
        ``looks`` (None: max_face_looks), how many candidates the detector found (read or turned down), and the
        dice seen but not read (when ``unread`` is on)."""
        tensor, scale = self._letterbox(image, pixels)
        heat, value, box = self.session.run(None, {self.input_name: tensor})
        heat, value, box = heat[0, 0], value[0], box[0]
        peaks = (heat == cv2.dilate(heat, np.ones((3, 3), np.uint8))) & (heat >= self.confidence)
        ys, xs = np.nonzero(peaks)
        if len(ys) == 0:
            return [], 0, []
        scores = heat[ys, xs]
        cx = (xs + box[0, ys, xs]) * self.stride / scale
        cy = (ys + box[1, ys, xs]) * self.stride / scale
        bw = np.exp(np.clip(box[2, ys, xs], -2, 6)) * self.stride / scale
        bh = np.exp(np.clip(box[3, ys, xs], -2, 6)) * self.stride / scale
        rects = [[float(x - w / 2), float(y - h / 2), float(w), float(h)] for x, y, w, h in zip(cx, cy, bw, bh)]
        keep = cv2.dnn.NMSBoxes(rects, [float(s) for s in scores], self.confidence, self.nms_iou)
        keep = np.array(keep, dtype=np.int64).reshape(-1)
        h_img, w_img = image.shape[:2]
        probs_all = value[:, ys[keep], xs[keep]].T  # N x 6 from the detector
        is_die = np.ones(len(keep))
        boxes = [rects[i] for i in keep]
        if self.faces is not None and len(keep):
            face_probs, boxes = self._read_all(image, boxes, scores[keep], probs_all, looks)
            if self.pip_boxes > 0 and face_probs.shape[1] > NOT_A_DIE:
                face_probs, boxes, again = pip_boxes.read_again(boxes, scores[keep], face_probs, NOT_A_DIE,
                                                                self.pip_boxes, lambda b: self._both_readers(image, b))
                self.pip_boxes_read += again
            is_die = die_probability(face_probs)
            probs_all = self._fuse(probs_all, face_probs)
        found, unread = [], []
        for n, i in enumerate(keep):
            probs = probs_all[n]
            face = int(np.argmax(probs))
            confidence = _unit(float(scores[i] * is_die[n] * probs[face]))
            seen = self.unread and scores[i] * is_die[n] >= self.confidence
            if confidence < self.confidence and not seen:
                continue  # a die-like spot whose face could not be read with confidence
            x, y, w, h = boxes[n]
            box = (max(0.0, x), max(0.0, y), min(float(w_img), x + w), min(float(h_img), y + h))
            total = float(probs.sum())
            faces = tuple(_unit(float(p) / total) for p in probs) if total > 0 else None
            (found if confidence >= self.confidence else unread).append((face + 1, box, confidence, faces))
        found = without_pips(found, self.inside_die)
        # the table is what lies outside every candidate, read or turned down (a turned-down one may be a die)
        neutral = bool(found) and self.read_colour and self.grey_table_colours and table_is_neutral(
            image, [(x, y, x + w, y + h) for x, y, w, h in boxes])
        readings, unread = ([DieReading(value=value, box=box, confidence=confidence, probabilities=faces,
                                        color=die_colour(image, box, neutral_table=neutral, value=value)
                                        if self.read_colour else None, unread=not_read)
                             for value, box, confidence, faces in group]
                            for group, not_read in ((found, False), (unread, True)))
        readings.sort(key=lambda r: -r.confidence)
        return readings, len(keep), unread


def _unit(x: float) -> float:
    """x limited to 0..1 (np.clip's answer for a Python float, at a fraction of its cost per die)."""
    return min(max(x, 0.0), 1.0)


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("expected a non-empty uint8 image array (BGR, grey or BGRA)")
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.shape[2] != 3:
        raise ValueError(f"expected 1, 3 or 4 channels, got {image.shape[2]}")
    return image
