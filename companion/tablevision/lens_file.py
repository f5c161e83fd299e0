"""The kept lens as a file (``lens.json`` in the data directory): read, written and forgotten without OpenCV or
numpy, so that the service checks it at its start, before its first answer. The fit and the corrections are lens.py's.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.files import write_atomically

if TYPE_CHECKING:
    import numpy as np

LENS_FILE = "lens.json"
#: What the service's lens watch (lens_watch.py) last told the players about the kept lens; obsolete once another lens
#: is kept or the calibration is forgotten.
WATCH_FILE = "lens-watch.json"
#: Written when the players forget the calibration on the phone: the lens watch then leaves the camera uncorrected
#: (their choice) until a lens is calibrated again.
FORGOTTEN_FILE = "lens-forgotten.json"


class LensError(ValueError):
    """A calibration that cannot be made or read; the message says why."""


class LensUnreadable(LensError):
    """The card would not give ``lens.json`` back (EIO, a failing card): not a damaged calibration, nothing to forget
    or measure again; it reads once the card does."""


@dataclass(frozen=True)
class Lens:
    """k1, k2 for pictures of ``size`` (width, height); residuals in pixels before and after, photos used."""

    k1: float
    k2: float
    size: tuple[int, int]
    residual_px: float = 0.0
    residual_before_px: float = 0.0
    photos: int = 0

    def undistort(self, points: np.ndarray) -> np.ndarray:
        """Pixels as a lens without distortion would have put them ((n, 2) in, (n, 2) out)."""
        import numpy as np

        from .lens import _undistort

        return _undistort(np.asarray(points, np.float64).reshape(-1, 2), self.k1, self.k2, self.size)

    def distort(self, points: np.ndarray) -> np.ndarray:
        import numpy as np

        from .lens import _distort

        return _distort(np.asarray(points, np.float64).reshape(-1, 2), self.k1, self.k2, self.size)

    def to_json(self) -> dict:
        return {**asdict(self), "size": list(self.size)}

    def save(self, data_dir: Path) -> Path:
        """``lens.json`` replaced whole (a power cut leaves the old file or the new one, never half of one); what the
        watch said about the lens it replaces, and a calibration forgotten before, go with it."""
        target = Path(data_dir) / LENS_FILE
        write_atomically(target, json.dumps({**self.to_json(), "measured_at": round(time.time(), 3)}, indent=1) + "\n")
        (Path(data_dir) / WATCH_FILE).unlink(missing_ok=True)
        (Path(data_dir) / FORGOTTEN_FILE).unlink(missing_ok=True)
        return target


def forget_lens(data_dir: Path | str) -> bool:
    """Remove the kept lens (False: none was kept), what the watch said of it, and keep the players' choice: the lens
    watch does not measure this camera by itself until a lens is saved again (``Lens.save`` ends it). The choice is
    written first: a disk that refuses it leaves the lens kept (OSError), never gone with the watch free to measure
    it again."""
    target = Path(data_dir) / LENS_FILE
    if not target.exists():
        return False
    write_atomically(target.parent / FORGOTTEN_FILE, json.dumps({"at": round(time.time(), 3)}) + "\n")
    target.unlink()
    (target.parent / WATCH_FILE).unlink(missing_ok=True)
    return True


def is_forgotten(data_dir: Path | str | None) -> bool:
    """Whether the players forgot the calibration on the phone (and have not calibrated since)."""
    return data_dir is not None and (Path(data_dir) / FORGOTTEN_FILE).exists()


def load_lens(data_dir: Path | str | None) -> Lens | None:
    """The lens kept in ``data_dir`` (None: none kept); LensError when the file cannot be read."""
    if data_dir is None:
        return None
    path = Path(data_dir) / LENS_FILE
    if not path.exists():
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LensUnreadable(f"{path} cannot be read now ({exc}): the companion's card may be failing; try again "
                             "(`companion doctor` checks the card)") from exc
    try:
        data = json.loads(text)
        return Lens(float(data["k1"]), float(data["k2"]), (int(data["size"][0]), int(data["size"][1])),
                    float(data.get("residual_px", 0.0)), float(data.get("residual_before_px", 0.0)),
                    int(data.get("photos", 0)))
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise LensError(f"{path}: not a lens calibration ({exc}); run companion table --calibrate again") from exc
