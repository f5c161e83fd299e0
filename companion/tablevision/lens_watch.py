"""The lens kept right by itself: the service notices when the kept lens no longer fits the camera, and measures it
again from the mat it already sees.

The lens is the camera's own: moving the mat or the camera's mount changes the plane, not k1/k2, while another camera
or lens, or a refocus, changes them. Once per settled table (``SETTLED_FRAMES`` still frames with the plane found)
the markers' corners are measured under the kept lens, after the homography (about a millisecond). A moved camera
with the same lens still fits; another lens leaves the corners ``UNFIT_TIMES`` times further off than the
calibration measured (and at least ``UNFIT_MARGIN_PX`` more). A camera never calibrated is judged without correction:
it misfits over ``UNCORRECTED_PX``, unless the players forgot a calibration on the phone (``lens.FORGOTTEN_FILE``:
their choice stands). After ``UNFIT_VIEWS`` such settled tables in a row the lens is fitted again from the last
``VIEWS_KEPT`` of them, at most once every ``REFIT_EVERY_S`` seconds, in a thread of low priority. The new lens is
kept only when it fits those views a fifth better than the old one, or than no correction (``lens.BETTER_BY``, as
on the phone); otherwise the old one stays and the players are told it may need calibrating. What was said is kept in
``lens-watch.json`` for ``companion doctor``.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from companion.core import Text
from companion.files import write_atomically

from .layout import TableLayout
from .lens import BETTER_BY, Lens, LensError, corner_error_px, fit_lens, is_forgotten, load_lens, mat_photo
from .lens_file import WATCH_FILE
from .markers import SeenMarker

log = logging.getLogger(__name__)

#: Still frames with the plane found before the table counts as settled (one check per settled table).
SETTLED_FRAMES = 4
#: A settled view misfits when its corners lie this many times further off than the calibration measured...
UNFIT_TIMES = 2.0
#: ...and at least this many pixels further (a calibration at 0.2 px is not undone by 0.4 px of noise).
UNFIT_MARGIN_PX = 0.5
#: A camera never calibrated misfits when its corners lie this far off without correction (a straight lens reads
#: 0.2-0.4 px, the wide one 3-6 px; ``companion doctor`` warns of a kept lens over a pixel).
UNCORRECTED_PX = 1.0
#: Settled tables in a row that misfit before the lens is measured again.
UNFIT_VIEWS = 3
#: Settled views the new fit uses (the latest; the same view seen again replaces the older copy).
VIEWS_KEPT = 4
#: A failed fit is tried again no sooner than this, with the views seen since.
REFIT_EVERY_S = 600.0
#: How long the camera screen says that the lens was measured again.
SHOWN_S = 24 * 3600.0
#: Anchors closer than this to the kept view's show the same view again.
SAME_VIEW_PX = 3.0


@dataclass(frozen=True)
class LensNote:
    """What the watch told the players: ``remeasured`` (the corners' residual went from ``before_px`` under the old
    lens to ``after_px`` under the new one), ``measured`` (the same on a camera never calibrated: ``before_px``
    without correction) or ``unfit`` (``before_px`` under the kept lens, ``after_px`` when it was
    measured, and no better fit found). ``at``: seconds since the epoch."""

    state: str
    before_px: float
    after_px: float
    at: float

    def text(self) -> Text:
        b, a = f"{self.before_px:.2f}", f"{self.after_px:.2f}"
        bf, af = b.replace(".", ","), a.replace(".", ",")
        if self.state == "remeasured":
            return Text(f"The camera's lens changed: re-measured from the mat (residual {b} px → {a} px). Positions "
                        "use it from now on.",
                        f"L’objectif de la caméra a changé : remesuré sur le tapis (écart {bf} px → {af} px). Les "
                        "positions l’utilisent désormais.")
        if self.state == "measured":
            return Text(f"The camera's lens was measured from the mat (residual {b} px without correction → {a} px). "
                        "Positions use it from now on; \"Forget the calibration\" goes back to none.",
                        f"L’objectif de la caméra a été mesuré sur le tapis (écart {bf} px sans correction → {af} px). "
                        "Les positions l’utilisent désormais ; « Oublier la calibration » revient à aucune.")
        return Text(f"The lens may need calibrating: the mat's markers lie {b} px from where the lens correction puts "
                    f"them ({a} px when it was measured), and measuring it again from the mat found no better fit. "
                    "The old correction is kept.",
                    f"L’objectif est peut-être à calibrer : les repères du tapis sont à {bf} px de leur place selon "
                    f"la correction de l’objectif ({af} px quand elle a été mesurée), et la mesurer à nouveau sur le "
                    "tapis n’a rien donné de mieux. L’ancienne correction est gardée.")

    def to_json(self) -> dict:
        return {**asdict(self), "text": self.text().to_json()}


def load_note(data_dir: Path | str | None) -> LensNote | None:
    """The watch's last word kept in ``data_dir`` (None: none, or unreadable: it is only a message)."""
    if data_dir is None:
        return None
    try:
        data = json.loads((Path(data_dir) / WATCH_FILE).read_text(encoding="utf-8"))
        return LensNote(str(data["state"]), float(data["before_px"]), float(data["after_px"]), float(data["at"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


class LensWatch:
    """Judges the kept lens on settled frames and measures it again when it no longer fits (one per table stage)."""

    def __init__(self, layout: TableLayout, data_dir: Path | str, lens: Lens | None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.layout, self.data_dir, self.clock = layout, Path(data_dir), clock
        self.note = load_note(data_dir) if lens is not None else None
        self.residual_px: float | None = None  # the last settled view's, under the kept lens (or none)
        self._lens = lens
        self._forgotten = lens is None and is_forgotten(self.data_dir)
        self._still = 0
        self._over = 0
        self._views: list[list[SeenMarker]] = []
        self._fitted_at: float | None = None
        self._job: threading.Thread | None = None
        self._finished = threading.Event()
        self._done: tuple[Lens | None, Lens | None, LensNote | None] | None = None  # (lens judged, adopted, note)

    def see(self, lens: Lens | None, markers: Sequence[SeenMarker], size: tuple[int, int], still: bool,
            planed: bool) -> Lens | None:
        """One frame: ``lens`` the one in use, ``still`` nothing moving, ``planed`` the plane found. Returns the lens
        to use from the next frame when a new one was measured (then the plane must be found again)."""
        adopted = self._collect(lens)
        if adopted is not None:
            return adopted
        if lens is not self._lens:  # calibrated or forgotten on the phone meanwhile: judge the new one afresh
            self._lens, self.note = lens, None
            self._forgotten = lens is None and is_forgotten(self.data_dir)
            self._forget_views()
        self._still = self._still + 1 if still and planed else 0
        if self._forgotten or self._still != SETTLED_FRAMES:
            return None
        self._judge(lens, list(markers), size)
        return None

    def shown(self, now: float | None = None) -> LensNote | None:
        """The note the camera screen shows: a misfit while it lasts, a measure for ``SHOWN_S``."""
        note = self.note
        if note is None or note.state != "unfit" and (now or time.time()) - note.at > SHOWN_S:
            return None
        return note

    def wait(self, timeout: float | None = None) -> bool:
        """Until the fit under way (if any) is done and concluded (tests, benchmarks; the frame loop never waits)."""
        return self._job is None or self._finished.wait(timeout)

    def _judge(self, lens: Lens | None, markers: list[SeenMarker], size: tuple[int, int]) -> None:
        photo = mat_photo(self.layout, markers)
        if photo is None:  # fewer than three anchors: the lens cannot be judged on this view
            return
        if lens is None:
            self.residual_px = corner_error_px([photo], 0.0, 0.0, size)
            limit = UNCORRECTED_PX
        else:
            self.residual_px = corner_error_px([photo], lens.k1, lens.k2, lens.size)
            limit = max(UNFIT_TIMES * lens.residual_px, lens.residual_px + UNFIT_MARGIN_PX)
        if self.residual_px <= limit:
            self._forget_views()
            if self.note is not None and self.note.state == "unfit":  # the camera it was measured on is back
                self.note = None
                (self.data_dir / WATCH_FILE).unlink(missing_ok=True)
            return
        self._over += 1
        self._keep_view(markers)
        due = self._fitted_at is None or self.clock() - self._fitted_at >= REFIT_EVERY_S
        if self._over >= UNFIT_VIEWS and due and self._job is None:
            log.info("lens: the markers lie %.2f px off under %s: measuring it%s", self.residual_px,
                     "no correction" if lens is None else f"the kept lens ({lens.residual_px:.2f} px when measured)",
                     "" if lens is None else " again")
            self._fitted_at = self.clock()
            self._start(lens, list(self._views), size)

    def _start(self, lens: Lens | None, views: list[list[SeenMarker]], size: tuple[int, int]) -> None:
        """The fit in a thread of low priority; its outcome is taken in on the frame loop (``_collect``). Measured
        against a process of its own (benchmarks/lens_watch.py, section 4), the thread slowed frames less on two
        cores: the fit often leaves the interpreter lock in OpenCV, and a process costs an interpreter's start."""
        self._finished.clear()
        self._job = threading.Thread(target=self._fit_in_thread, args=(lens, views, size), name="lens-refit",
                                     daemon=True)
        self._job.start()

    def _fit_in_thread(self, lens: Lens | None, views: list[list[SeenMarker]], size: tuple[int, int]) -> None:
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)  # Linux: this thread only
        except (AttributeError, OSError):
            pass
        try:
            self._refit(lens, views, size)
        except Exception:  # noqa: BLE001 - a failed fit must leave the table as it was: tried again later
            log.exception("lens: measuring it again failed")
            self._done = (lens, None, None)
        finally:
            self._finished.set()

    def _refit(self, lens: Lens | None, views: list[list[SeenMarker]], size: tuple[int, int]) -> None:
        """The fit and its conclusion."""
        self._conclude(lens, measure_again(self.layout, lens, views, size))

    def _conclude(self, lens: Lens | None, outcome: dict) -> None:
        """Keep the new lens only when a fifth better on the same views and the lens judged is still the one kept
        (a calibration or a "Forget" on the phone meanwhile stands), and say what happened."""
        if outcome["error"]:
            log.info("lens: cannot measure it from the mat: %s", outcome["error"])
        if lens is not self._lens or not self._still_kept(lens):
            self._done = (lens, None, None)
            return
        now, adopted = outcome["before_px"], outcome["lens"]
        if adopted is not None:
            adopted.save(self.data_dir)
            note = LensNote("remeasured" if lens is not None else "measured", round(now, 3), adopted.residual_px,
                            round(time.time(), 3))
        elif lens is None:  # no better than no correction: nothing to say, nothing kept
            log.info("lens: measuring it from the mat found no fit a fifth better than none (%.2f px)", now)
            self._done = (lens, None, None)
            return
        else:
            note = LensNote("unfit", round(now, 3), lens.residual_px, round(time.time(), 3))
        log.warning("lens: %s", note.text().en)
        try:
            write_atomically(self.data_dir / WATCH_FILE, json.dumps(asdict(note)) + "\n")
        except OSError as exc:
            log.warning("lens: cannot keep the note for companion doctor: %s", exc)
        self._done = (lens, adopted, note)

    def _still_kept(self, lens: Lens | None) -> bool:
        """``lens.json`` still holds ``lens`` (or still none): nothing replaced it on disk during the fit."""
        try:
            return load_lens(self.data_dir) == lens
        except LensError:
            return False

    def _keep_view(self, markers: list[SeenMarker]) -> None:
        seen = {m.id: m.centre for m in markers}

        def same(view: list[SeenMarker]) -> bool:  # nothing moved: the same view adds nothing to a fit
            old = {m.id: m.centre for m in view}
            return old.keys() == seen.keys() and all(
                np.hypot(old[i][0] - seen[i][0], old[i][1] - seen[i][1]) < SAME_VIEW_PX for i in old)

        self._views = [v for v in self._views if not same(v)][-(VIEWS_KEPT - 1):] + [markers]

    def _forget_views(self) -> None:
        self._over, self._views = 0, []

    def _collect(self, lens: Lens | None) -> Lens | None:
        """The finished fit's outcome, taken in on the frame loop."""
        done = self._done
        if done is None:
            return None
        self._done, self._job = None, None
        judged, adopted, note = done
        if lens is not judged or note is None:  # the phone changed the lens meanwhile: its choice stands
            return None
        self.note = note
        self._forget_views()
        if adopted is None:
            return None
        self._lens, self._still = adopted, 0
        return adopted


def measure_again(layout: TableLayout, lens: Lens | None, views: list[list[SeenMarker]],
                  size: tuple[int, int]) -> dict:
    """The views' residual under ``lens`` (None: no correction) and a new fit, kept when a fifth better."""
    photos = [p for p in (mat_photo(layout, v) for v in views) if p is not None]
    now = (corner_error_px(photos, lens.k1, lens.k2, lens.size) if lens is not None
           else corner_error_px(photos, 0.0, 0.0, size))
    try:
        new = fit_lens(layout, views, size)
    except LensError as exc:
        return {"before_px": now, "lens": None, "error": str(exc)}
    return {"before_px": now, "lens": new if new.residual_px <= BETTER_BY * now else None, "error": None}
