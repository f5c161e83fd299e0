"""Small files the service keeps (settings, keys, indexes) written whole: a crash or a power cut leaves the old
file or the new one, never half of one.

Why one place: the simulated seat, the panel's sound, the lens, the PIN's files, the table profile's index and the
hall's ledger are all rewritten in place while the service runs.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import re
import secrets
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
#: A temporary file of a target this old that no writer holds was left by a crash or a power cut.
STALE_SECONDS = 60.0


def write_atomically(path: Path | str, data: bytes | str, mode: int | None = None) -> Path:
    """Replace ``path`` with ``data`` (str: UTF-8) through a temporary file in the same folder (made if missing),
    synced to disk before it takes the name. ``mode``: the file's permission bits, set before any byte is written
    (None: the usual ones, under the umask). On any failure the old file stays as it was and the temporary file
    goes; those a power cut left of earlier writes of ``path`` go too (``remove_leftovers``)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_leftovers(path)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    # A new name every time (O_EXCL): two writers never share a temporary file, and none is opened with the
    # permissions a file left by a crash happened to have.
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if mode is None else mode)
    try:
        with os.fdopen(fd, "wb") as out:
            fcntl.flock(out.fileno(), fcntl.LOCK_EX)  # held until it has the target's name: not a leftover
            if mode is not None:
                os.fchmod(out.fileno(), mode)  # exactly these bits, whatever the umask
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
            out.flush()
            os.fsync(out.fileno())
            os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def remove_leftovers(path: Path) -> list[Path]:
    """Remove the temporary files of ``path`` that a crash or a power cut left mid-write (each write takes a new
    name, so nothing ever overwrites them): older than ``STALE_SECONDS`` and held by no writer — a writer keeps its
    file locked until the file has the target's name. Another target's files are left alone. Returns those
    removed."""
    pattern = re.compile(re.escape(f".{path.name}.") + r"[0-9a-f]{8}\.tmp")
    removed = []
    try:
        entries = [e for e in os.scandir(path.parent) if pattern.fullmatch(e.name)]
    except OSError:
        return removed
    for entry in entries:
        try:
            if not entry.is_file(follow_symlinks=False) or \
                    time.time() - entry.stat(follow_symlinks=False).st_mtime < STALE_SECONDS:
                continue
            fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # refused while a writer holds it
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
        finally:
            os.close(fd)
    if removed:
        log.info("removed %d temporary file(s) of %s left by an interrupted write", len(removed), path)
    return removed


def read_setting(path: Path | None, key: str, owner: str) -> Any:
    """The value kept under ``key`` in a small JSON settings file (see ``keep_setting``); None when there is no file
    or it cannot be read (logged: the caller goes on with its default)."""
    if path is None or not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8")).get(key)
    except (OSError, ValueError, AttributeError):
        log.warning("%s: ignoring unreadable %s", owner, path)
        return None


def keep_setting(path: Path | None, key: str, value: Any, owner: str) -> OSError | None:
    """Keep ``{key: value}`` in ``path`` across restarts (None: nowhere); a disk that refuses it is logged, not
    raised: the setting still holds until the service stops, and the refusal is returned for the players to be
    told (``card_refused_notice``)."""
    if path is None:
        return None
    try:
        write_atomically(path, json.dumps({key: value}))
    except OSError as exc:
        log.warning("%s: could not keep the %s setting in %s: %s", owner, key, path, exc)
        return exc
    return None


def card_refused_notice(what_en: str, what_fr: str, exc: BaseException) -> dict[str, str]:
    """What every phone shows when the card refused a file the service keeps (a worn card: full or read-only)."""
    cause = getattr(exc, "strerror", None) or str(exc)
    return {"kind": "warning", "message": f"The companion's card cannot be written ({cause}): {what_en}.",
            "message_fr": f"La carte du compagnon ne peut pas être écrite ({cause}) : {what_fr}."}
