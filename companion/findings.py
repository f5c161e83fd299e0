"""What a doctor check reports: ok, warn (works, but worth knowing) or fail, with how to fix it."""

from __future__ import annotations

from dataclasses import dataclass

OK, WARN, FAIL = "ok", "warn", "fail"


@dataclass(frozen=True)
class Finding:
    check: str
    status: str
    detail: str
    fix: str = ""
