"""The command line is built without the heavy libraries: `companion serve` answers the phones sooner after a
restart, and every other command starts faster."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_building_the_command_line_imports_no_numpy_opencv_or_onnxruntime():
    code = ("import sys; import companion.cli; companion.cli.build_parser(); "
            "print(sorted(m for m in ('numpy', 'cv2', 'onnxruntime') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_the_sheets_command_names_every_paper_the_sheets_know():
    from companion.commands.sheets import PAPER_NAMES
    from companion.tablevision.sheets import PAPERS

    assert PAPER_NAMES == tuple(PAPERS)
