"""capture → detect → settle → events: the thread that turns camera frames into referee observations.

Each stage is a small object with one job (a FrameSource, a dice reader, a
roll settler); this module only moves typed messages between them and keeps
the latest picture for the phones. A failing stage is reported, never fatal.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import replace
from typing import Any, Callable, Protocol, Sequence

import numpy as np

from companion.capture.base import Frame, FrameSource, SourceError
from companion.core import DieReading, Observation
from companion.live import CameraStatus, LiveView  # noqa: F401  (also imported from here)
from companion.tablevision.zoom import read_in_window
from companion.vision.focus import blur_px
from companion.vision.settle import pair_dice

log = logging.getLogger(__name__)

#: seconds of blurred frames before the phones are told: dice tumbling blur a frame or two, a camera out of focus all
SAY_BLURRED_AFTER = 1.0


class DiceReaderLike(Protocol):
    def read(self, image: np.ndarray) -> list[DieReading]: ...


class SettlerLike(Protocol):
    def update(self, readings: Sequence[DieReading], timestamp: float,
               moved: Callable[[tuple], bool] | None = None) -> Any: ...


class TableStageLike(Protocol):
    motion: Any  # the table's MotionWatch: moving frames skip the dice reader, unchanged ones reuse it

    def process(self, image: np.ndarray, dice: Sequence[DieReading], index: int, timestamp: float,
                motion_measured: bool = False) -> Any: ...

    def places(self, dice: Sequence[DieReading]) -> tuple: ...

    def read_dice(self, image: np.ndarray, reader: Any) -> list[DieReading]: ...


class Pipeline(threading.Thread):
    """Reads frames at most ``fps`` a second and reports each settled roll once."""

    def __init__(self, source: FrameSource, reader: DiceReaderLike | None, settler: SettlerLike,
                 on_settled: Callable[[Observation], Any], live: LiveView, fps: float = 8.0,
                 on_frame: Callable[[LiveView], Any] | None = None, table: TableStageLike | None = None,
                 on_stall: Callable[[LiveView], Any] | None = None, blur_limit_px: float = 0.0) -> None:
        super().__init__(name="pipeline", daemon=True)
        self.source = source
        self.reader = reader
        self.table = table
        self.settler = settler
        self.on_settled = on_settled
        self.on_frame = on_frame
        #: told when the live view turns stalled and when pictures come again (no frame means no live event)
        self.on_stall = on_stall
        self.live = live
        self.period = 1.0 / fps if fps > 0 else 0.0
        self._stop_event = threading.Event()
        self.frames = 0
        self.skipped = self.reused = 0  # frames whose dice were not read: moving, or unchanged since the last
        #: frames more blurred than this (sigma px, companion/vision/focus.py) are not read (0: all are)
        self.blur_limit_px = float(blur_limit_px)
        self.blurred = 0  # frames not read as too blurred
        self._blurred_since: float | None = None  # the timestamp of the first of the blurred frames in a row
        self._last_readings: list[DieReading] | None = None
        #: the last settled roll as the readers first read it, and each of its dice as the referee got it or holds it
        #: since (None: read as not a die by the table profile): the live picture labels those dice so
        self._as_played: tuple[tuple[DieReading, ...], tuple[DieReading | None, ...]] | None = None
        self._as_played_lock = threading.Lock()  # a phone's correction or undo (a web thread) changes it too
        #: time.monotonic() at the end of the last loop: the service's systemd watchdog reads it
        self.last_progress = time.monotonic()
        self.ended = False
        self._clock_offset = 0.0  # added to a reopened camera's timestamps (see _on_one_clock)
        self._last_stamp: float | None = None

    def stop(self) -> None:
        """Ask the thread to end; closing the source also wakes a read waiting out a camera outage."""
        self._stop_event.set()
        self.source.close()

    @property
    def stall_after(self) -> float:
        """No frame for this long is a stall: the camera's own frame timeout, or three frame periods if longer."""
        return max(float(getattr(self.source, "frame_timeout", 5.0)), 3 * self.period)

    def run(self) -> None:
        self.live.watch(self.stall_after, first_within=float(getattr(self.source, "open_timeout", 0.0)))
        watcher = threading.Thread(target=self._watch_stall, name="pipeline stall watch", daemon=True)
        watcher.start()
        try:
            self.source.open()
        except SourceError as exc:
            log.error("camera could not be opened: %s", exc)
        while not self._stop_event.is_set():
            started = time.monotonic()
            if not self.step():
                self.ended = True  # the end of a finite stream (a recording), not a failure
                break
            self.last_progress = time.monotonic()
            self._stop_event.wait(max(0.0, self.period - (time.monotonic() - started)))
        self.live.watch(None)
        self._stop_event.set()
        self.source.close()

    def _watch_stall(self) -> None:
        """Say when pictures stop coming, and when they come again: the pipeline's own thread may be what is stuck."""
        stalled = False
        while not self._stop_event.wait(min(1.0, self.stall_after / 4)):
            stall = self.live.stall()
            if (stall is not None) == stalled:
                continue
            stalled = stall is not None
            if stalled:
                log.warning("no new picture for %.0f s: the camera pipeline is stalled", stall[1])
            else:
                log.info("pictures come again: the camera pipeline is running")
            if self.on_stall is not None:
                try:
                    self.on_stall(self.live)
                except Exception:  # noqa: BLE001 - a broken listener must not stop the watch
                    log.exception("stall listener failed")

    def step(self) -> bool:
        """Process one frame; False at the end of a finite stream."""
        try:
            frame = self.source.read()
        except SourceError as exc:
            log.warning("camera: %s", exc)
            self.live.camera = CameraStatus(False, exc.text.en, self.source.description, message_fr=exc.text.fr,
                                            source_fr=self.source.description_fr)
            self._stop_event.wait(1.0)
            return True
        if frame is None:
            return False
        frame = self._on_one_clock(frame)
        self.frames += 1
        motion = self.table.motion if self.table is not None else None
        if motion is not None:
            motion.update(frame.image)
        readings = self._dice_of(frame, motion) if self.reader is not None else []
        board = None
        if self.table is not None:
            readings, board = self._table_step(frame, readings)
        settled = self.settler.update(readings, frame.timestamp, _moved_near(motion))
        if settled is not None and settled.dice:
            dice = self._reviewed(frame, settled.dice)
            with self._as_played_lock:
                self._as_played = (tuple(settled.dice),
                                   tuple(pair_dice(settled.dice, dice, self._tolerance, faces=False)))
            self._to_referee(self._roll(dice, frame.timestamp, getattr(settled, "reread", False)),
                             f"the roll settled at frame {frame.index}")
        if board is not None:
            self._to_referee(Observation(pieces=board.pieces, source=self._origin, at=frame.timestamp),
                             f"the board settled at frame {frame.index}")
        self.live.update(frame, self._shown(readings))
        if self.on_frame is not None:
            self.on_frame(self.live)
        return True

    @property
    def _tolerance(self) -> float:
        return float(getattr(self.settler, "move_tolerance", 0.35))

    def _shown(self, readings: list[DieReading]) -> list[DieReading]:
        """This frame's dice as the phones' live picture labels them: a die of the last settled roll, still where it
        settled with the face the readers first gave it, as the referee got it (the arbiter's and the table
        profile's reading: a die the profile took for not a die is not drawn); any other die as read."""
        last = self._as_played  # read once: a correction may replace it meanwhile
        if last is None:
            return readings
        first, played = last
        shown = []
        for die, match in zip(readings, pair_dice(readings, first, self._tolerance)):
            if match is None:
                shown.append(die)
                continue
            as_played = played[next(k for k, d in enumerate(first) if d is match)]
            if as_played is not None:
                shown.append(replace(as_played, box=die.box))
        return shown

    def held(self, dice: Sequence[DieReading], others: str) -> bool:
        """What the referee holds of the dice lying as the last roll settled: ``dice``, the newest roll in force
        that names camera dice (each die with the box of the one it names), as corrected. When every die it names
        lies where a die of that roll lies, those are labelled as held, and each other die ``others``: "as played"
        (a roll the referee took: as it got them), "as read" (after an undo) or "taken out" (after a correction: a
        read die left out of it was taken out as not a die, not drawn). Else the referee holds none of them: after
        a phone's undo or correction (that roll undone, corrected to faces typed without the camera's dice) they are
        labelled as read. Whether they are held."""
        named = [d for d in dice if d.box is not None]
        with self._as_played_lock:
            if self._as_played is None:
                return False
            first, played = self._as_played
            told = pair_dice(first, named, self._tolerance, faces=False) if named else []
            if not named or sum(t is not None for t in told) < len(named):
                if others != "as played":  # (a roll taken that names other dice changes nothing here)
                    self._as_played = (first, first)
                return False
            left = {"as played": list(played), "as read": list(first),
                    "taken out": [p if p is not None and p.unread else None for p in played]}[others]
            self._as_played = (first, tuple(t if t is not None else o for t, o in zip(told, left)))
            return True

    def _on_one_clock(self, frame: Frame) -> Frame:
        """A camera reopened after an outage (a folder or video played again from its start) counts its time from 0
        again, but settling and the referee need time that only goes forward: such frames are moved on past the last
        one seen. What had settled before the outage stays settled, so dice still lying there are no new roll."""
        stamp = frame.timestamp + self._clock_offset
        if self._last_stamp is not None and stamp < self._last_stamp:
            log.debug("the camera's clock began again (%.3f s after %.3f s): frames moved on", stamp, self._last_stamp)
            self._clock_offset += self._last_stamp - stamp + self.period
            stamp = frame.timestamp + self._clock_offset
        self._last_stamp = stamp
        return frame if stamp == frame.timestamp else replace(frame, timestamp=stamp)

    def _reviewed(self, frame: Frame, dice: Sequence[DieReading]) -> Sequence[DieReading]:
        """The settled dice after the reader's second look at the unsure ones (companion/vision/arbiter.py); as
        settled when the reader has none or it fails (the roll is never lost to it)."""
        review = getattr(self.reader, "review_settled", None)
        if review is None:
            return dice
        try:
            return review(frame.image, list(dice))
        except Exception:  # a bad model or frame: the roll goes to the referee as the face readers read it
            log.exception("the second look at the settled roll failed on frame %d", frame.index)
            return dice

    def _roll(self, dice: Sequence[DieReading], at: float, reread: bool = False) -> Observation:
        """The settled dice as the referee gets them: the read ones to play, the unread ones beside them."""
        read, unread = [d for d in dice if not d.unread], [d for d in dice if d.unread]
        return Observation(dice=tuple(read), source=self._origin, at=at, places=self._places(read),
                           unread=tuple(unread), unread_places=self._places(unread), reread=reread)

    def _places(self, dice: Sequence[DieReading]) -> tuple:
        places = self.table.places(dice) if self.table is not None and dice else ()
        return places if any(p is not None for p in places) else ()

    @property
    def _origin(self) -> str:
        return "simulated" if getattr(self.source, "simulated", False) else "camera"

    def _to_referee(self, observation: Observation, what: str) -> None:
        try:
            self.on_settled(observation)
            self.live.referee_error = self.live.referee_error_fr = ""
        except Exception as exc:  # a referee bug must never stop the dice reading
            log.exception("the referee failed on %s", what)
            detail = f"{type(exc).__name__}: {exc}"
            self.live.referee_error = f"the referee failed on this roll ({detail}); the camera goes on reading"
            self.live.referee_error_fr = f"l’arbitre a échoué sur ce lancer ({detail}) ; la caméra continue de lire"

    def _dice_of(self, frame: Frame, motion: Any) -> list[DieReading]:
        """This frame's dice: none while things move (the roll restarts), the last ones while not one pixel has
        changed, none on a picture too blurred to read them (said after SAY_BLURRED_AFTER s of it), else read."""
        if motion is not None and motion.moving:
            self.skipped += 1
            self._blurred_since = None  # not measured: the blurred frames in a row end here
            readings: list[DieReading] = []
        elif motion is not None and motion.still_frames >= 2 and self._last_readings is not None:
            self.reused += 1
            readings = list(self._last_readings)
        elif self._too_blurred(frame):
            self.blurred += 1
            readings = []
        else:
            readings = []
            try:
                readings = self._read_dice(frame.image)
                self.live.show_reader_error(self.reader)
            except Exception as exc:  # a bad frame must never stop the table
                log.exception("dice reading failed on frame %d", frame.index)
                self.live.vision_error = f"dice reading failed: {exc}"
                self.live.vision_error_fr = f"la lecture des dés a échoué : {exc}"
        self._last_readings = readings
        if self._blurred_since is not None and frame.timestamp - self._blurred_since >= SAY_BLURRED_AFTER:
            self.live.vision_error = ("The camera's picture is blurred: dice are not read until it is sharp again. "
                                      "Check the camera's focus and that its lens is clean; meanwhile, enter rolls "
                                      "by hand")
            self.live.vision_error_fr = ("L’image de la caméra est floue : les dés ne sont pas lus tant qu’elle n’est "
                                         "pas nette. Vérifiez la mise au point de la caméra et que son objectif est "
                                         "propre ; en attendant, saisissez les lancers à la main")
        return readings

    def _too_blurred(self, frame: Frame) -> bool:
        """Whether the frame is more blurred than ``blur_limit_px``: a camera out of focus reads dice wrong
        (benchmarks/blur.py), so its dice are not read at all. A frame too plain to measure is read."""
        if not self.blur_limit_px:
            return False
        blur = blur_px(frame.image)
        if blur is None or blur <= self.blur_limit_px:
            self._blurred_since = None
            return False
        if self._blurred_since is None:
            self._blurred_since = frame.timestamp
            log.info("camera: frame %d blurred (%.2f px, limit %g): its dice are not read", frame.index, blur,
                     self.blur_limit_px)
        return True

    def _read_dice(self, image: np.ndarray) -> list[DieReading]:
        """The dice on the frame: in the table's dice window when it has one (dice at the detector's best size,
        with no more compute than the whole frame), else around the dice the whole frame shows (TableStage.read_dice);
        the whole frame with no table."""
        if self.table is not None:
            return self.table.read_dice(image, self.reader)
        return read_in_window(self.reader, image, None)

    def _table_step(self, frame: Frame, readings: list[DieReading]) -> tuple[list[DieReading], Any]:
        """Markers, plane and places: the dice the game reads (those in its dice zones) and a settled board."""
        try:
            view, board = self.table.process(frame.image, readings, frame.index, frame.timestamp,
                                             motion_measured=True)
        except Exception as exc:  # a table-vision failure must not stop the dice
            log.exception("table vision failed on frame %d", frame.index)
            self.live.table = {"error": f"table vision failed: {exc}",
                               "error_fr": f"la vision du plateau a échoué : {exc}"}
            return readings, None
        self.live.table = view.to_json()
        return [d.reading for d in view.dice], board


def _moved_near(motion: Any) -> Callable[[tuple], bool] | None:
    """Whether anything moved this frame within a die's size of a box (x1, y1, x2, y2): a hand near a die lying
    there (the settler then lets its face change into a new roll); None without a motion watch."""
    if motion is None:
        return None
    if not motion.compared:
        return lambda box: True  # a new picture: nothing can be said to have stayed put

    def near(box: tuple) -> bool:
        x1, y1, x2, y2 = box
        return motion.moved_near(((x1 + x2) / 2, (y1 + y2) / 2), max(x2 - x1, y2 - y1))
    return near
