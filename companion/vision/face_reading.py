"""Reading each found die again with the face readers: a crop of the full-resolution frame per die, one look each,
then (within the frame's budget of looks) the badly placed ones cut again where the reader saw the die, the second
reader's opinion, and the doubtful dice at every quarter-turn.

``FaceReading`` is the part of ``DiceReader`` (companion/vision/detector.py) that does this; the detector's own
value guess and the face readers' are multiplied here too (``_fuse``).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.looks import FrameLooks

NOT_A_DIE, EMBLEM = 6, 7  # the face readers' seventh class ("not a die") and eighth, where they have it


class FaceReading:
    """The face readers' part of ``DiceReader``: it reads the settings and sessions ``DiceReader`` sets up."""

    def _read_faces(self, image: np.ndarray, rects: list, turns, reader=None, placed: list | None = None,
                    counted: bool = True) -> np.ndarray:
        """Value probabilities (N x 7) of each box, averaged over the given quarter-turns of its crop.

        ``placed``, when the reader has a placing head and turn 0 is read: filled with where the reader
        finds each die, as a box (x, y, w, h) in the image, and how far off the box was. ``counted``: the looks
        count among the frame's face-reader looks.
        """
        reader = reader or self.faces
        crops = self.cut_crops(image, rects)
        turned = [np.rot90(crops, k, axes=(1, 2)) for k in turns]  # a face reads the same turned
        batch = np.ascontiguousarray(np.concatenate(turned)[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32)
        outputs = reader.run(None, {reader.get_inputs()[0].name: batch})
        self.face_looks += len(batch) if counted else 0
        if placed is not None and len(outputs) > 1 and turns[0] == 0:
            placed.extend(self._placed_box(rect, place, image) for rect, place in zip(rects, outputs[1][:len(rects)]))
        return outputs[0].reshape(len(turned), len(rects), -1).mean(axis=0)

    def cut_crops(self, image: np.ndarray, rects: list, grow: float = 1.0, size: int | None = None) -> np.ndarray:
        """The face readers' crop of each box (x, y, w, h); ``grow``: a crop that many times wider around the same
        centre, ``size``: its side in pixels (the table profile keeps a die's neighbourhood that way)."""
        size = size or self.crop_size
        crops = np.empty((len(rects), size, size, 3), np.uint8)
        for k, (x, y, w, h) in enumerate(rects):
            side = self._crop_side(w, h, image) * grow
            scale = size / max(side, 1.0)
            m = np.array([[scale, 0, size / 2 - scale * (x + w / 2)], [0, scale, size / 2 - scale * (y + h / 2)]])
            crops[k] = cv2.warpAffine(image, m, (size, size), flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_CONSTANT, borderValue=(114, 114, 114))
        return crops

    def read_crops(self, image: np.ndarray, boxes: list, session) -> np.ndarray:
        """Another model's probabilities for dice ``boxes`` (x0, y0, x1, y1, as a DieReading has them), on the crops
        the face readers cut (the arbiter); not counted among the frame's face-reader looks."""
        rects = [(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in boxes]
        return self._read_faces(image, rects, [0], session, counted=False)

    def _face_readers(self) -> list:
        """The first face reader, then the second when it opened."""
        return [self.faces] + ([self.second] if self.second is not None else [])

    def _both_readers(self, image: np.ndarray, rects: list) -> np.ndarray:
        """One upright look of each face reader at ``rects``, averaged."""
        return np.mean([self._read_faces(image, rects, [0], r) for r in self._face_readers()], axis=0)

    def _crop_side(self, w: float, h: float, image: np.ndarray) -> float:
        """A face crop's side in pixels: crop_scale x the box's longer side, at least min_crop of the frame."""
        return max(self.crop_scale * max(w, h), self.min_crop * min(image.shape[:2]))

    def _placed_box(self, rect, place, image) -> tuple[list[float], float]:
        """The box where the placing head (dx, dy, ds, in crop sides) puts the die, and how far off ``rect`` was."""
        x, y, w, h = rect
        dx, dy, ds = (float(v) for v in place)
        ds = min(max(ds, -1.0), 1.0)  # at most e times bigger or smaller in one step
        side = self._crop_side(w, h, image)
        cx, cy = x + w / 2 + dx * side, y + h / 2 + dy * side
        grow = side * np.exp(ds) / (self.crop_scale * max(w, h, 1e-6))  # the die's box from the crop it wants
        nw, nh = w * grow, h * grow
        return [cx - nw / 2, cy - nh / 2, nw, nh], max(abs(dx), abs(dy), abs(ds))

    def _read_all(self, image: np.ndarray, boxes: list, scores: np.ndarray,
                  detector_probs: np.ndarray, budget: int | None = None) -> tuple[np.ndarray, list]:
        """Face-reader probabilities (N x 7) of every box, and the boxes read (some re-placed by the reader).

        One look each, more for the least sure, within budget.
        """
        boxes = list(boxes)
        readers = self._face_readers()
        placed: dict = {}  # box index -> where the first reader's latest unturned look saw its die, how far off

        def read(r, picked, turns):
            where = [] if r == 0 else None
            probs = self._read_faces(image, [boxes[k] for k in picked], turns, readers[r], where)
            placed.update(zip(picked.tolist(), where or ()))
            return probs

        looks = FrameLooks(read, len(readers), len(boxes), self.max_face_looks if budget is None else budget)
        looks.look(0, np.arange(len(boxes)), self.face_views)  # every die is read once, whatever the budget
        self.faces_read += len(boxes)
        candidates = np.arange(len(boxes))
        for round_ in range(self.recrop_rounds if placed and self.recrop_beyond < 1.0 else 0):
            # badly placed boxes: cut again where the reader saw the die, worst placed first
            off = np.array([placed[k][1] for k in candidates])
            worst_first = np.argsort(-off, kind="stable")
            recrop = candidates[worst_first][off[worst_first] > self.recrop_beyond]
            if looks.left() is not None:  # as many as the looks left pay for
                recrop = recrop[: looks.left() // self.face_views]
            if not len(recrop):
                break
            for k in recrop:
                boxes[k] = placed[k][0]
            looks.forget(0, recrop)
            looks.look(0, recrop, self.face_views)
            self.faces_recropped += len(recrop)
            self.faces_moved += len(recrop) if round_ == 0 else 0  # dice re-placed at least once
            candidates = recrop
        if len(readers) > 1 and self.second_opinion == "always":  # the least sure first, while the budget lasts
            order = np.argsort(self._fuse(detector_probs, looks.probabilities()).max(axis=1), kind="stable")
            looks.look(1, looks.affordable(order, (0, self.face_views)), self.face_views)
        face_probs = looks.probabilities()
        sureness = self._fuse(detector_probs, face_probs).max(axis=1)
        could_count = scores * die_probability(face_probs) >= self.confidence
        doubtful = np.flatnonzero((sureness < self.reread_below) & could_count)
        doubtful = looks.affordable(doubtful[np.argsort(sureness[doubtful], kind="stable")], [4] * len(readers))
        for r in range(len(readers)):  # the most doubtful first: all four turns, by every reader
            looks.look(r, doubtful, 4)
        self.faces_reread += len(doubtful)
        return looks.probabilities(), boxes

    def _fuse(self, detector_probs: np.ndarray, face_probs: np.ndarray) -> np.ndarray:
        """The two value guesses multiplied (the detector's weighted by ``detector_vote``), renormalised."""
        fused = detector_probs ** self.detector_vote * self.face_values(face_probs)
        return fused / np.maximum(fused.sum(axis=1, keepdims=True), 1e-12)

    def face_values(self, face_probs: np.ndarray) -> np.ndarray:
        """The face readers' probabilities of the values 1-6 (N x 6), an emblem's counted as ``emblem_face``."""
        values = face_probs[:, :6]
        if face_probs.shape[1] > EMBLEM:
            values = values.copy()
            values[:, self.emblem_face - 1] += face_probs[:, EMBLEM]
        return values


def die_probability(face_probs: np.ndarray) -> np.ndarray:
    """P(a die) of each crop: a seventh class says "this is not a die at all" (older readers have six); an
    emblem (the eighth) is a die."""
    return 1.0 - face_probs[:, NOT_A_DIE] if face_probs.shape[1] > NOT_A_DIE else np.ones(len(face_probs))
