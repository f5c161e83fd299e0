"""companion.leave: a stopping service ends with its own exit code, its output flushed, whatever threads it left."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_leaving_keeps_the_exit_code_and_the_unflushed_output_and_the_log(tmp_path):
    script = textwrap.dedent(f"""
        import logging, sys, threading, time
        sys.path.insert(0, {str(REPO)!r})
        from companion.leave import leave
        logging.basicConfig(filename={str(tmp_path / "log.txt")!r}, level=logging.INFO)
        threading.Thread(target=time.sleep, args=(60,), daemon=True).start()  # an abandoned call
        logging.getLogger("t").info("stopping")
        sys.stdout.write("figures without a newline")
        leave(3)
        print("never reached")
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 3
    assert result.stdout == "figures without a newline"
    assert "stopping" in (tmp_path / "log.txt").read_text()
