"""Soak test: a compressed evening of play, with camera faults and referee exceptions injected.

The real service (simulated table, the shipped dice reader, settling, referee, journal, panel on
gpiozero's mock pins) and its real web server run in this process; ``--phones`` clients hold the
live stream (/api/stream) the whole time. Every ``--camera-fault-every`` seconds the camera
fails: in turn it is unplugged (SourceError for a few seconds) or stops sending (a read that
blocks until the camera is closed, caught by the frame timeout). Every ``--referee-fault-every``
settled observations (dice, or a game's board) the referee raises. Every ``--sample-every`` seconds
the process's memory (RSS), threads and open file descriptors are sampled.

``--game`` (e.g. nexus-keepers): the game the service starts, so the simulated camera shows its printed mat played by
its simulated players (a step every ``--pace`` seconds) and table vision runs on every frame: markers, table plane,
the dice window, settled boards (which go to the referee, faults included). Free roll (the default) has no mat: the
table stage then reads dice with no plane (``TableStage.read_dice``'s found window). Each sample says whether the
table plane was known on the stage's last frame.

At the end it prints the samples, the growth from the first sample after warm-up to the last, the
faults injected and reported, the entries of every game played by type (rolls: entries that threw dice; the
others: moves, readings, turns' ends...), and whether every phone received every event
(consecutive bus ids, none missing); it exits non-zero if an event was lost or the pipeline died.

    python benchmarks/soak.py [--minutes 10] [--phones 5] [--fps 10] [--game nexus-keepers] [--pace 3]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from companion.table_reading import THROWN  # noqa: E402


def process_sample() -> dict[str, float]:
    status = Path("/proc/self/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return {"rss_mb": int(fields["VmRSS"].split()[0]) / 1024, "threads": int(fields["Threads"]),
            "fds": len(os.listdir("/proc/self/fd"))}


class Phone(threading.Thread):
    """One phone on /api/stream: records every event id it reads."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.ids: list[int] = []
        self.resets = 0
        self.error = ""
        self._stop_event = threading.Event()

    def run(self) -> None:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            connection.request("GET", "/api/stream", headers={"Accept": "text/event-stream"})
            response = connection.getresponse()
            event_id, topic = None, None
            while not self._stop_event.is_set():
                line = response.fp.readline()
                if not line:
                    self.error = "stream closed by the server"
                    return
                line = line.rstrip(b"\r\n")
                if line.startswith(b"id: "):
                    event_id = int(line[4:])
                elif line.startswith(b"event: "):
                    topic = line[7:].decode()
                elif not line and event_id is not None:
                    if topic == "reset":
                        self.resets += 1
                    else:
                        self.ids.append(event_id)
                    event_id, topic = None, None
        except Exception as exc:  # noqa: BLE001 - reported at the end
            if not self._stop_event.is_set():
                self.error = f"{type(exc).__name__}: {exc}"

    def stop(self) -> None:
        self._stop_event.set()


#: journal entries that threw dice (companion/table_reading.py's THROWN, and a reroll); every other entry is a move,
#: a reading, a turn's end... counted under its own type
ROLL_TYPES = (*THROWN, "reroll")


def journal_counts(journal) -> tuple[Counter, Counter, int]:
    """The entries of every game in ``journal`` (the soak's own: a game played to its end is followed by another) by
    type: the rolls, and the others; and how many games there were."""
    games = journal.games()
    kinds = Counter(str(entry.event.get("type")) for game in games for entry in journal.entries(game.id))
    rolls = Counter({kind: n for kind, n in kinds.items() if kind in ROLL_TYPES})
    return rolls, kinds - rolls, len(games)


def named(counts: Counter) -> str:
    return ", ".join(f"{kind} {n}" for kind, n in counts.most_common()) or "none"


def plane_known(service) -> str:
    """Whether the table stage found the mat's plane on its last frame: yes, no, or - (table vision off)."""
    stage = service.table_stage
    if stage is None:
        return "-"
    return "yes" if stage.reader.tracker.plane is not None else "no"


def make_faulty_camera(fault_every: float, outage: float, log: list[str]):
    """A FrameSource wrapper that, every ``fault_every`` seconds, is unplugged or stops sending."""
    from companion.capture.base import FrameSource, SourceError

    class FaultyCamera(FrameSource):
        def __init__(self, inner: FrameSource) -> None:
            self.inner = inner
            self.next_fault = time.monotonic() + fault_every
            self.kind = 0
            self.down_until = 0.0
            self.released = threading.Event()

        @property
        def description(self):  # type: ignore[override]
            return self.inner.description

        @property
        def simulated(self):  # type: ignore[override]
            return self.inner.simulated

        def open(self) -> None:
            if time.monotonic() < self.down_until:
                raise SourceError("camera unplugged (injected)")
            self.released = threading.Event()
            self.inner.open()

        def read(self):
            now = time.monotonic()
            if now >= self.next_fault:
                self.next_fault = now + fault_every
                self.kind += 1
                if self.kind % 2:
                    log.append(f"{now:.0f} unplugged")
                    self.down_until = now + outage
                    raise SourceError("camera unplugged (injected)")
                log.append(f"{now:.0f} stopped sending")
                self.released.wait(120)  # a driver that blocks until the camera is closed
                raise SourceError("released")
            return self.inner.read()

        def close(self) -> None:
            self.released.set()
            self.inner.close()

    return FaultyCamera


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--phones", type=int, default=5)
    parser.add_argument("--fps", type=float, default=10.0)
    parser.add_argument("--camera-fault-every", type=float, default=30.0, help="seconds between camera faults")
    parser.add_argument("--outage", type=float, default=4.0, help="seconds an unplugged camera stays away")
    parser.add_argument("--referee-fault-every", type=int, default=5, help="settled observations between referee "
                        "faults")
    parser.add_argument("--sample-every", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds before the baseline sample")
    parser.add_argument("--game", default="free-roll", help="the game played on the simulated table (its printed "
                        "mat in sight): free-roll, nexus-keepers, nexus, tesseract or hexors")
    parser.add_argument("--pace", type=float, default=3.0, help="seconds each simulated player's step stays on the "
                        "table (camera.simulated_pace)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)

    import logging

    logging.basicConfig(level=logging.CRITICAL)  # injected faults log tracebacks by design
    from companion.capture import retry
    from companion.referee.registry import OptionsError, game_class
    from companion.config import load_config
    from companion.service import Service
    from companion.web import create_app
    from companion.web.server import WebServer

    try:
        game_class(args.game)
    except OptionsError as exc:
        parser.error(str(exc))
    faults: list[str] = []
    faulty = make_faulty_camera(args.camera_fault_every, args.outage, faults)
    # faults go between the camera the service builds and its RetryingSource: wrapping open_source instead hid the
    # simulated table from the service, which then showed plain dice, not the game's mat (SimulatedTableForGames)
    real_retrying = retry.RetryingSource
    retry.RetryingSource = lambda frames, *a, **kw: real_retrying(faulty(frames), *a, **kw)

    data_dir = Path(tempfile.mkdtemp(prefix="companion-soak-"))
    config = load_config(None, overrides={
        "service": {"data_dir": str(data_dir), "host": "127.0.0.1", "port": 0, "threads": args.phones + 8,
                    # every phone here is on 127.0.0.1: one address, above the caps a phone on the Wi-Fi is held to
                    "streams_per_address": args.phones + 8, "connections_per_address": 2 * args.phones + 16},
        "game": {"default": args.game},
        "camera": {"source": "simulated", "fps": args.fps, "frame_timeout": 2.0, "retry_max_seconds": 2.0,
                   "simulated_pace": args.pace},
        "panel": {"pin_factory": "mock"},
    })
    service = Service(config)
    statuses: list[tuple[bool, str]] = []
    service.bus.listen(lambda e: statuses.append((e.data["ok"], e.data["message"])) if e.topic == "camera" else None)
    settled = [0]
    referee = service.table.observe

    def flaky_referee(observation):
        settled[0] += 1
        if settled[0] % args.referee_fault_every == 0:
            raise RuntimeError(f"injected referee fault #{settled[0] // args.referee_fault_every}")
        return referee(observation)

    service.table.observe = flaky_referee
    server = WebServer(create_app(service), "127.0.0.1", 0, threads=args.phones + 8).start()
    service.start()
    phones = [Phone(server.port) for _ in range(args.phones)]
    for phone in phones:
        phone.start()

    # the clock starts once the pipeline has read its first frame: a loaded machine's start (models loaded, the mat's
    # first reading) is not soak time, and a short soak would otherwise end before its table was ever seen
    first_frame_by = time.monotonic() + 120
    while service.pipeline.frames < 2 and time.monotonic() < first_frame_by:  # the first one read through
        time.sleep(0.1)
    samples: list[dict[str, float]] = []
    started = time.monotonic()
    end = started + args.minutes * 60
    print(f"soak: {args.minutes:g} min, {args.phones} phones, {args.fps:g} fps, camera fault every "
          f"{args.camera_fault_every:g} s, referee fault every {args.referee_fault_every} settled "
          f"observations; "
          f"{args.game}" + ("" if args.game == "free-roll" else f" on its mat, a step every {args.pace:g} s"),
          flush=True)
    print(f"{'t (s)':>7} {'RSS MB':>8} {'threads':>8} {'fds':>5} {'frames':>7} {'rolls':>6} {'other':>6} "
          f"{'plane':>5}", flush=True)
    planed = 0
    while time.monotonic() < end:
        time.sleep(min(args.sample_every, max(0.0, end - time.monotonic())))
        rolls, others, _ = journal_counts(service.journal)
        sample = {"t": round(time.monotonic() - started, 1), **process_sample(),
                  "frames": service.pipeline.frames, "rolls": sum(rolls.values()), "other": sum(others.values()),
                  "plane": plane_known(service)}
        samples.append(sample)
        planed += sample["plane"] == "yes"
        print(f"{sample['t']:>7.0f} {sample['rss_mb']:>8.1f} {sample['threads']:>8} {sample['fds']:>5} "
              f"{sample['frames']:>7} {sample['rolls']:>6} {sample['other']:>6} {sample['plane']:>5}", flush=True)

    alive = service.pipeline.is_alive()
    last_id = service.bus.last_id
    rolls, others, games = journal_counts(service.journal)
    time.sleep(1.0)
    for phone in phones:
        phone.stop()
    server.stop()
    service.stop()
    shutil.rmtree(data_dir, ignore_errors=True)  # the soak's own game: nothing in it is kept

    baseline = next((s for s in samples if s["t"] >= args.warmup), samples[0])
    last = samples[-1]
    # RSS swings by 100+ MB from one sample to the next (onnxruntime's arenas): compare medians of halves.
    steady = [s for s in samples if s["t"] >= args.warmup] or samples
    half = max(1, len(steady) // 2)
    rss_halves = [round(statistics.median(s["rss_mb"] for s in part), 1) for part in (steady[:half], steady[-half:])]
    lost = []
    for n, phone in enumerate(phones):
        ids = phone.ids
        gaps = [b for a, b in zip(ids, ids[1:]) if b != a + 1]
        if phone.error or gaps or phone.resets or not ids or ids[-1] < last_id:
            lost.append(f"phone {n}: {len(gaps)} gaps, {phone.resets} resets, last id {ids[-1] if ids else None} of "
                        f"{last_id}{', ' + phone.error if phone.error else ''}")
    lost_reports = sum(1 for ok, _ in statuses if not ok)
    figures = {
        "minutes": args.minutes, "phones": args.phones, "fps": args.fps, "game": args.game,
        "samples_with_plane": planed, "samples": len(samples),
        "rss_mb": [round(baseline["rss_mb"], 1), round(last["rss_mb"], 1)], "rss_mb_median_halves": rss_halves,
        "threads": [baseline["threads"], last["threads"]], "fds": [baseline["fds"], last["fds"]],
        "frames": last["frames"], "rolls_journaled": sum(rolls.values()), "rolls_by_type": dict(rolls),
        "other_entries": dict(others), "games": games, "settled_observations": settled[0],
        "referee_faults": settled[0] // args.referee_fault_every, "camera_faults": len(faults),
        "camera_lost_reports": lost_reports, "events": last_id, "events_lost": lost, "pipeline_alive": alive,
    }
    print(f"\nfrom t={baseline['t']:.0f} s to t={last['t']:.0f} s: RSS {baseline['rss_mb']:.1f} -> "
          f"{last['rss_mb']:.1f} MB, threads {baseline['threads']} -> {last['threads']}, "
          f"fds {baseline['fds']} -> {last['fds']}; RSS median {rss_halves[0]:.1f} MB (first half) -> "
          f"{rss_halves[1]:.1f} MB (second half)")
    print(f"camera faults injected {len(faults)} ({', '.join(f.split(' ', 1)[1] for f in faults) or 'none'}), "
          f"reported lost {lost_reports} times; referee faults {figures['referee_faults']} of {settled[0]} settled "
          f"observations; frames {last['frames']}; table plane known at {planed} of {len(samples)} samples")
    print(f"journal, {games} game{'s' if games > 1 else ''}: rolls {sum(rolls.values())} ({named(rolls)}); other "
          f"entries {sum(others.values())} ({named(others)})")
    print(f"events published {last_id}; every phone received every one: {'yes' if not lost else 'NO'}")
    for line in lost:
        print("  " + line)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    return 0 if alive and not lost else 1


if __name__ == "__main__":
    from companion.leave import leave

    leave(main())  # the soak abandons hung camera calls, as the service does
