"""benchmarks/nexus.py still builds a 60-card board and times every kind of call it reports (not its figures)."""

from __future__ import annotations

import os
import subprocess
import sys

from nexus_helpers import REPO


def test_the_benchmark_times_card_counter_and_summary_calls_on_a_60_card_board():
    result = subprocess.run([sys.executable, "benchmarks/nexus.py", "--boards", "1", "--moves", "2"], cwd=REPO,
                            capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Nexus, 1 boards of 60 cards (3 players") and "budget 10 ms" in lines[0]
    names = [line.split("  ")[0] for line in lines[1:]]
    for name in ("card legal()", "card apply()", "refused card legal()", "counter legal()", "summary()"):
        assert name in names, lines
    assert all("p99/budget" in line for line in lines[1:])
