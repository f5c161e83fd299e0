"""Keeping a damaged file for a person to look at: renamed beside itself, never changed or deleted.

Why one place: the service meets damaged files it cannot run without (the game journal, the table PIN) and goes on
with new ones; each is kept under the same kind of name, ``<stem>.damaged-<time><suffix>``, so a person finds them.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def set_aside(path: Path, sidecars: tuple[str, ...] = ()) -> Path:
    """Rename ``path`` (and each of its ``path.name + sidecar`` files that exists) to
    ``<stem>.damaged-<time><suffix>``; the new name."""
    kept = path.with_name(f"{path.stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    for sidecar in ("",) + tuple(s for s in sidecars if s):
        source = path.with_name(path.name + sidecar)
        if source.exists():
            os.replace(source, kept.with_name(kept.name + sidecar))
    return kept
