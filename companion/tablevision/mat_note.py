"""Which mat the camera last saw, kept for ``companion doctor``: the game's own, one printed before each game's mat
had anchors of its own (anchors 0-3: it cannot say which game it is for), or another game's (no plane on it).

The service's stage writes ``mat-seen.json`` in the data directory when that changes (not every frame), so the
doctor can tell players about an old mat or a wrong one without asking the running service.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.files import write_atomically

from .layout import TableLayout

if TYPE_CHECKING:  # the doctor imports this module: no OpenCV for it
    from .plane import PlaneStatus

log = logging.getLogger(__name__)
MAT_FILE = "mat-seen.json"


@dataclass(frozen=True)
class MatNote:
    """``state``: "own" (the game's mat), "former" (printed with anchors 0-3) or "other" (``other``'s mat);
    ``game``: the game played (None: a layout file's mat); ``at``: seconds since the epoch."""

    state: str
    game: str | None
    other: str | None
    at: float


class MatWatch:
    """Notes each change of the mat in sight in ``data_dir``."""

    def __init__(self, layout: TableLayout, data_dir: Path | str) -> None:
        from .layouts import mat_game

        self.path = Path(data_dir) / MAT_FILE
        self.game = mat_game(layout)
        self.last: tuple[str, str | None] | None = None

    def see(self, status: PlaneStatus) -> None:
        state = ("other" if status.other_mat else "former" if status.former
                 else "own" if status.plane is not None else None)
        if state is None or (state, status.other_mat) == self.last:
            return
        self.last = (state, status.other_mat)
        note = MatNote(state, self.game, status.other_mat, round(time.time(), 3))
        try:
            write_atomically(self.path, json.dumps(asdict(note)) + "\n")
        except OSError as exc:
            log.warning("table: cannot keep which mat is in sight for companion doctor: %s", exc)


def load_mat_note(data_dir: Path | str | None) -> MatNote | None:
    """The last note, None when there is none or it cannot be read (the doctor then says nothing of the mat)."""
    if data_dir is None:
        return None
    try:
        data = json.loads((Path(data_dir) / MAT_FILE).read_text(encoding="utf-8"))
        note = MatNote(str(data["state"]), data.get("game"), data.get("other"), float(data["at"]))
        if not all(name is None or isinstance(name, str) for name in (note.game, note.other)):
            raise TypeError("a game is named by a string")
        return note
    except (OSError, ValueError, KeyError, TypeError):
        return None


def check_mat(config):
    """``companion doctor``: the mat the service's camera last saw, if any: a warning for an old print or another
    game's mat, with the fix."""
    from companion.findings import OK, WARN, Finding
    from companion.referee.engine import OptionsError

    from .layouts import mat_name

    note = load_mat_note(config.data_dir)
    if note is None:
        return None
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(note.at))
    reprint = f"companion sheets {note.game}" if note.game else "companion sheets"
    try:
        ours = mat_name(note.game) if note.game else "the layout file's mat"
        other = mat_name(note.other) if note.other else None
    except OptionsError:  # a game no longer installed: the note is out of date
        return None
    if note.state == "other":
        return Finding("mat", WARN, f"at {when} the camera saw {other}, not {ours}: nothing was placed on it",
                       f"lay {ours} ({reprint}) or start that game")
    if note.state == "former":
        return Finding("mat", WARN, f"the mat in sight at {when} was printed before each game's mat had anchors of "
                       f"its own (0-3): it is read as {ours}, but so would another game's old mat",
                       f"print it again: {reprint}, and lay the new one")
    return Finding("mat", OK, f"{ours}, seen at {when}")
