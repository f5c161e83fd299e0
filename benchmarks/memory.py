"""Memory per roll: does the service's memory stay flat while rolls pile up in the journal?

The real service (journal with fsync, rules engine, live bus, checkpoints) and its real web server run in this
process, with a camera reading a folder of empty-table frames; one phone enters ``--rolls`` free-roll rolls through
POST /api/roll, each with its idempotency key, as fast as the server answers. Every ``--every`` rolls it prints the
process's RSS, the Python objects alive (``sys.getallocatedblocks``), and what the table holds of the game (entries
kept in memory, its engine's undo history included; the bus's events). The journal on disk grows with the rolls;
nothing in memory should.

    python benchmarks/memory.py [--rolls 2000] [--every 1000]
    MALLOC_ARENA_MAX=2 python benchmarks/memory.py     # glibc's heaps as the systemd unit sets them
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import shutil
import sys
import tempfile
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=2000)
    parser.add_argument("--every", type=int, default=1000)
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.CRITICAL)
    from benchmarks.evening import PIN, Player, empty_table_frames, roll_body
    from companion.config import load_config
    from companion.service import Service
    from companion.web import create_app
    from companion.web.auth import PinStore
    from companion.web.server import WebServer

    tmp = Path(tempfile.mkdtemp(prefix="companion-memory-"))
    try:
        frames, data = tmp / "frames", tmp / "data"
        empty_table_frames(frames)
        data.mkdir(mode=0o700)
        PinStore(data).change(PIN)
        config = load_config(None, overrides={
            "service": {"data_dir": str(data), "host": "127.0.0.1", "port": 0, "threads": 8},
            "camera": {"source": "folder", "path": str(frames), "loop": True, "fps": 2.0},
            "panel": {"pin_factory": "mock"}})
        service = Service(config)
        server = WebServer(create_app(service), "127.0.0.1", 0, threads=8).start()
        service.start()
        try:
            player = Player(server.port)
            player.call("POST", "/api/game", {"game": "free-roll", "players": ["Ann", "Bob"]})
            print(f"memory: {args.rolls} free-roll rolls through POST /api/roll, python {sys.version.split()[0]}, "
                  f"MALLOC_ARENA_MAX={os.environ.get('MALLOC_ARENA_MAX', 'unset')}", flush=True)
            print(f"{'rolls':>6} {'RSS MB':>8} {'objects':>9} {'kept':>6} {'bus':>5}", flush=True)
            samples = []
            for n in range(args.rolls + 1):
                if n % args.every == 0:
                    gc.collect()
                    memory = service.table.memory
                    kept = len(memory.accepted) + len(getattr(memory.engine, "_events", ()))
                    samples.append((n, rss_mb()))
                    print(f"{n:>6} {rss_mb():>8.1f} {sys.getallocatedblocks():>9} {kept:>6} "
                          f"{len(service.bus.since(0)[0]):>5}", flush=True)
                if n < args.rolls:
                    player.call("POST", "/api/roll", roll_body(n), key=f"memory-{uuid.uuid4().hex}")
        finally:
            server.stop()
            service.stop()
        (first, rss0), (last, rss1) = samples[min(1, len(samples) - 1)], samples[-1]
        if last > first:
            print(f"\nRSS from roll {first} to roll {last}: {rss1 - rss0:+.1f} MB "
                  f"({(rss1 - rss0) / (last - first) * 1000:+.1f} MB per 1000 rolls)")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
