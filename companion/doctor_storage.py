"""Doctor checks of what the table keeps: free space for the game journal, and the journal's soundness."""

from __future__ import annotations

import contextlib
import os
import shutil
from typing import Any, Callable

from companion.findings import FAIL, OK, WARN, Finding


def check_disk(config, usage: Callable[[str], Any] = shutil.disk_usage, fail_mb: int = 100,
               warn_mb: int = 500) -> Finding:
    data_dir = config.data_dir
    existing = data_dir
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    free_mb = usage(str(existing)).free / 1e6
    where = f"{data_dir} ({free_mb:,.0f} MB free)"
    if free_mb < fail_mb:
        return Finding("disk", FAIL, f"almost no space left for the game journal in {where}",
                       "free some space (sudo apt clean; remove old files) or use a larger SD card")
    if not os.access(existing, os.W_OK):
        return Finding("disk", WARN, f"{existing} is not writable by this user",
                       "run the doctor as the service user (sudo -u companion companion doctor) or fix ownership")
    if free_mb < warn_mb:
        return Finding("disk", WARN, f"little space left in {where}", "free some space before a long game")
    return Finding("disk", OK, where)


def check_journal(config) -> Finding:
    """Whether SQLite finds the game journal sound; a damaged one is set aside by the service at its next start."""
    import sqlite3

    from companion.journal_repair import health

    path = config.data_dir / "journal.sqlite3"
    if not path.exists():
        return Finding("journal", OK, f"no games yet ({path} is made at the first start)")
    try:
        with contextlib.closing(sqlite3.connect(path, timeout=5)) as db:
            problem = health(db)
    except sqlite3.Error as exc:
        problem = str(exc)
    if problem:
        return Finding("journal", WARN, f"{path} is damaged ({problem})",
                       "restart the service (sudo systemctl restart companion): it keeps the damaged file and "
                       "starts a new journal with every game it can still read")
    return Finding("journal", OK, f"{path} is sound")
