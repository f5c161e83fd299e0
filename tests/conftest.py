"""Shared fixtures: every test gets its own data directory, never the user's real journal."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives headless Chromium (needs Debian's chromium)")
    config.addinivalue_line("markers", "training: needs the training extra (torch)")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path
