"""The table-vision stage of the pipeline: one frame and its dice in; this frame's view and, when the board has
settled into something new, the ``SettledBoard`` out. Also draws the top-down calibration picture for phones."""

from __future__ import annotations

import dataclasses
from typing import Sequence

import cv2
import numpy as np

from companion.core import DieReading
from companion.vision.second_look import with_read_again

from .layout import TableLayout
from .messages import SettledBoard, TableView
from .motion import MotionWatch
from .reader import TableReader
from .render import draw_mat
from .settle import BoardSettler
from .zoom import dice_window, found_window, read_around_found, read_in_window


class TableStage:
    def __init__(self, layout: TableLayout, settle_frames: int = 4, bump_px: float = 4.0, zoom: bool = True,
                 die_mm: float = 16.0, lens=None, lens_watch=None, mat_watch=None) -> None:
        self.layout = layout
        self.zoom, self.die_mm = zoom, die_mm
        self.motion = MotionWatch()
        self.reader = TableReader(layout, bump_px=bump_px, motion=self.motion, die_mm=die_mm, lens=lens)
        self.settler = BoardSettler(stable_frames=settle_frames)
        self.view: TableView | None = None
        self.lens_watch = lens_watch  # lens_watch.LensWatch: the lens measured again when it no longer fits
        self.mat_watch = mat_watch  # mat_note.MatWatch: which mat is in sight, kept for companion doctor
        #: with no plane, the whole-frame readings, the window their dice give (read_dice) and how many frames the
        #: stage has processed since (1: the frame they were read on)
        self._found: tuple[list, tuple] | None = None
        self._found_age = 0

    @classmethod
    def from_config(cls, settings: dict, game: str, data_dir=None) -> "TableStage":
        """The stage for ``game``'s mat (or the configured layout file), with the lens kept in ``data_dir`` (from
        ``companion table --calibrate``) and watched (lens_watch.py); LayoutError names a bad key, LensError a
        damaged lens file."""
        from .layouts import configured_layout

        return cls.for_layout(configured_layout(game, settings), settings, data_dir=data_dir)

    @classmethod
    def for_layout(cls, layout: TableLayout, settings: dict, data_dir=None) -> "TableStage":
        """The stage for a mat already read (``configured_layout``), set as ``from_config`` sets it."""
        from .lens import load_lens
        from .lens_watch import LensWatch
        from .mat_note import MatWatch

        lens = load_lens(data_dir)
        return cls(layout, settle_frames=settings.get("settle_frames", 4), bump_px=settings.get("bump_px", 4.0),
                   zoom=settings.get("dice_window", True), die_mm=settings.get("die_mm", 16.0), lens=lens,
                   lens_watch=None if data_dir is None else LensWatch(layout, data_dir, lens),
                   mat_watch=None if data_dir is None else MatWatch(layout, data_dir))

    def dice_window(self, shape: tuple[int, int], budget: int | None) -> tuple[tuple[int, int, int, int], int] | None:
        """The part of the frame to read dice in (the dice zones) and the detector's pixel budget for it, or None
        for the whole frame."""
        plane = self.reader.tracker.plane
        if not self.zoom or plane is None or not budget:
            return None
        return dice_window(plane, self.layout, shape, budget, die_mm=self.die_mm)

    def read_dice(self, image: np.ndarray, dice_reader) -> list[DieReading]:
        """A frame's dice in the pipeline: in the dice window with a plane. Without one (and the window on) the
        whole frame; the next frame, when not one pixel has changed (``self.motion``, measured by the pipeline),
        only the window the dice found give (``zoom.found_window``), with the whole frame's readings around it:
        one detector pass a frame, as with a plane, and the pipeline reuses the readings from then on."""
        budget = getattr(dice_reader, "input_pixels", None)
        window = self.dice_window(image.shape[:2], budget)
        found, self._found = self._found, None
        if window is not None or not self.zoom or self.reader.tracker.plane is not None or not budget:
            return read_in_window(dice_reader, image, window)
        if found is not None and self._found_age == 1 and self.motion.still_frames >= 1:
            first, around = found
            return with_read_again(first, read_in_window(dice_reader, image, around))
        first = dice_reader.read(image)
        around = found_window(self._dice_of(first, image), image.shape[:2], budget)
        self._found, self._found_age = (None if around is None else (first, around)), 0
        return first

    def _dice_of(self, readings: list[DieReading], image: np.ndarray) -> list[DieReading]:
        """The readings that are dice, with no plane: the print of the mats in sight and things not die-sized left
        out (they make no window)."""
        return [p.reading for p in self.reader.sort_dice(None, readings, image)[0]]

    def read_still(self, image: np.ndarray, dice_reader) -> TableView:
        """A photo read alone as the service reads a frame: markers and plane first, then the dice in the window
        that plane gives (without one, the whole frame and then zoomed around the dice it shows: both passes on one
        photo), placed and vetoed as the game reads them."""
        view = self.reader.read(image)
        window = self.dice_window(image.shape[:2], getattr(dice_reader, "input_pixels", None))
        if window is None and self.zoom and view.plane.plane is None:
            dice = read_around_found(dice_reader, image, getattr(dice_reader, "input_pixels", None),
                                     lambda readings: self._dice_of(readings, image))
        else:
            dice = read_in_window(dice_reader, image, window)
        placed, ignored, not_dice = self.reader.sort_dice(view.plane.plane, dice, image)
        self.view = dataclasses.replace(view, dice=tuple(placed), dice_ignored=ignored, not_dice=not_dice)
        return self.view

    def process(self, image: np.ndarray, dice: Sequence[DieReading], index: int,
                timestamp: float, motion_measured: bool = False) -> tuple[TableView, SettledBoard | None]:
        """``motion_measured``: the pipeline already gave this frame to ``self.motion``."""
        self._found_age += 1  # a frame whose dice were not read (moving) in between: the window is not used
        view = self.reader.read(image, dice, index=index, timestamp=timestamp, motion_measured=motion_measured)
        if self.mat_watch is not None:
            self.mat_watch.see(view.plane)
        if self.lens_watch is not None:
            view = self._watch_lens(view, image.shape[:2])
        self.view = view
        return view, self.settler.update(view, self.motion)

    def _watch_lens(self, view: TableView, shape: tuple[int, int]) -> TableView:
        """The kept lens judged on settled frames; a lens measured again is used from the next frame."""
        tracker = self.reader.tracker
        new = self.lens_watch.see(tracker.lens, view.markers, (shape[1], shape[0]), still=not view.moving,
                                  planed=view.plane.plane is not None)
        if new is not None:
            tracker.lens, tracker.plane = new, None
        note = self.lens_watch.shown()
        return view if note is None else dataclasses.replace(view, lens=note.to_json())

    def places(self, dice: Sequence[DieReading]) -> tuple[dict | None, ...]:
        """Where each die lies (zone, cell), on the current plane; None for each without a plane."""
        plane = self.reader.tracker.plane
        placed, _ = self.reader.place_dice(plane, dice)
        by_id = {id(p.reading): p for p in placed}
        return tuple(by_id[id(d)].place.to_json() if id(d) in by_id and by_id[id(d)].place else None for d in dice)

    def top_down(self, image: np.ndarray, px_per_mm: float = 1.5) -> np.ndarray | None:
        """The frame seen from straight above the mat, with the mat's zones, grids and anchors drawn over it, so
        players see at once whether the camera is aligned; None without a table plane."""
        plane = self.reader.tracker.plane
        if plane is None:
            return None
        scale = np.diag([px_per_mm, px_per_mm, 1.0])
        w, h = (int(round(v * px_per_mm)) for v in self.layout.size)
        flat = cv2.warpPerspective(image, scale @ plane.to_table, (w, h), flags=cv2.INTER_LINEAR)
        lines = draw_mat(self.layout, px_per_mm, paper=(255, 255, 255))
        ink = cv2.cvtColor(lines, cv2.COLOR_BGR2GRAY) < 200
        flat[ink] = (0.4 * flat[ink] + 0.6 * np.array((40, 200, 40))).astype(np.uint8)
        return flat
