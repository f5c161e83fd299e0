"""A compressed game night in a café, against the real server: does the evening stay flat?

`companion serve` runs in its own process (waitress, the journal with fsync, a camera reading a folder of frames of
an empty table), with the environment systemd/companion.service gives the service (MALLOC_ARENA_MAX=2: glibc's heaps
as on the Pi), read back from the running server and printed, and from compiled bytecode as an installed package
runs. One phone enters ``--rolls`` free-roll rolls through
POST /api/roll as fast as the server answers; ``--phones`` phones hold the live stream the whole time, reconnect as
a browser does (Last-Event-ID) and, when told to reset, fetch what they missed from /api/history by page. On the
way: the camera is unplugged (its folder taken away) twice; ``--idle`` idle connections are opened midway and
ordinary requests are timed while they stay open; the server is killed with SIGKILL midway, restarted on the same
journal, and the roll whose answer was lost is sent again with its idempotency key; at the end a full game of each
board game (docs/rules/examples/) is played through POST /api/events.

It prints bytes per live roll event and per /api/state at the first sample and the end, the server's RSS and
rolls per second every ``--every`` rolls (over the whole stretch, outages and all; and steady, one over the
median POST of the stretch), the server's CPU time per roll over the stretch (its work, which the machine's load
moves less than the time a roll takes) and the load average. Since a shared machine's load comes and goes between
the first stretch and the last, minutes apart, the throughput goal compares rolls at the end of the evening sent
in turn (``--pairs`` each) to the evening's server and to a fresh one (an empty journal, a new process, as many
phones on its stream). Then the restart time, the slowest ordinary request while the idle connections were open,
whether each camera outage was told and recovered, and per phone the journal entries lost or delivered twice;
then each goal with yes/NO. Exit status 1 when a goal is missed. The second outage comes at three fifths: at 5000
rolls it is over (5 s and its recovery, about 1000 rolls) before the last stretch.

    python benchmarks/evening.py [--rolls 5000] [--phones 5] [--idle 120] [--pairs 500]

The server and what is read of it: evening_server.py; the phones: evening_phones.py.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))  # the evening's server and phones, beside it

from evening_phones import Player, StreamPhone, idle_connections, timed  # noqa: E402
from evening_server import UNIT, Server, cpu_seconds, environment_of, request, rss_mb  # noqa: E402
# benchmarks/memory.py and restart.py take these from here
from evening_server import PIN, unit_environment  # noqa: E402,F401

from tests.ports import free_port  # noqa: E402

GAMES = (("nexus-keepers", "nexus-keepers-full-game.jsonl"), ("hexors", "hexors-beginner-win.jsonl"),
         ("nexus", "nexus-two-players.jsonl"), ("tesseract", "tesseract-win.jsonl"))


def empty_table_frames(folder: Path) -> None:
    import cv2
    import numpy as np

    folder.mkdir()
    for n in range(4):
        image = np.full((480, 640, 3), (40, 90, 30), np.uint8)  # green cloth, no dice on it
        cv2.putText(image, f"frame {n}", (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (60, 110, 50), 2)
        cv2.imwrite(str(folder / f"{n:03d}.png"), image)


def roll_body(n: int) -> dict:
    return {"dice": [{"value": n % 6 + 1, "color": "red"}, {"value": (n * 5) % 6 + 1, "color": "blue"},
                     {"value": (n * 7 + 3) % 6 + 1, "color": "white"}]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=5000)
    parser.add_argument("--phones", type=int, default=5)
    parser.add_argument("--idle", type=int, default=120, help="idle connections opened midway")
    parser.add_argument("--every", type=int, default=500, help="rolls between samples")
    parser.add_argument("--warmup", type=int, default=500, help="rolls before the RSS baseline")
    parser.add_argument("--pairs", type=int, help="rolls sent to the evening's server and a fresh one in turn at the "
                        "end (default: a quarter of --rolls, at most 500)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    args.pairs = args.pairs if args.pairs is not None else max(20, min(500, args.rolls // 4))

    tmp = Path(tempfile.mkdtemp(prefix="companion-evening-"))
    frames = tmp / "frames"
    empty_table_frames(frames)
    data_dir = tmp / "data"
    data_dir.mkdir(mode=0o700)
    server = Server(data_dir, frames, free_port(), threads=args.phones + 12)
    figures: dict = {"rolls": args.rolls, "phones": args.phones, "idle": args.idle}
    try:
        return run(args, server, frames, figures)
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def run(args, server: Server, frames: Path, figures: dict) -> int:
    server.start()
    player = Player(server.port)
    state = player.call("POST", "/api/game", {"game": "free-roll", "players": ["Ann", "Bob"]})
    game_id = [state["state"]["game_id"]]
    phones = [StreamPhone(server.port, game_id, f"127.0.0.{10 + n}") for n in range(args.phones)]
    for phone in phones:
        phone.start()
    time.sleep(1.0)

    figures["server_environment"] = environment_of(server.process.pid, server.environment)
    print(f"evening: {args.rolls} free-roll rolls, {args.phones} phones on the live stream, {args.idle} idle "
          f"connections midway, kill -9 midway, camera unplugged twice; python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs; the server's environment as {UNIT.relative_to(REPO)} sets it: "
          f"{' '.join(f'{k}={v}' for k, v in figures['server_environment'].items())}", flush=True)
    print(f"{'rolls':>6} {'RSS MB':>8} {'rolls/s':>8} {'steady':>8} {'CPU ms':>7} {'load':>5} {'state B':>8} "
          f"{'event B':>8}", flush=True)
    samples: list[dict] = []
    state_bytes: list[int] = []
    kill_at = args.rolls // 2
    idle_at = args.rolls * 2 // 5
    unplug_at = {args.rolls // 5, args.rolls * 3 // 5}  # not in the last stretch (see the module's docstring)
    idle: list[socket.socket] = []
    outages: list[dict] = []
    outage: threading.Thread | None = None
    while_idle: list[float] = []
    restart_s = None
    retried = {}
    chunk_began = time.monotonic()
    chunk_cpu = (server.process.pid, cpu_seconds(server.process.pid))
    latencies: list[float] = []
    n = 0
    while n < args.rolls:
        if n in unplug_at:
            if outage is not None:
                outage.join(60)  # one outage at a time
            outage = threading.Thread(target=camera_outage, args=(server.port, frames, outages), daemon=True)
            outage.start()
        if n == idle_at and args.idle:
            idle = idle_connections(server.port, args.idle)
        if idle:
            while_idle.append(timed(server.port, "/api/info"))
        if n == kill_at:
            if outage is not None:
                outage.join(60)  # the kill comes on its own
            key = f"evening-{uuid.uuid4().hex}"
            player.call("POST", "/api/roll", roll_body(n), key=key)  # journaled; its answer "lost" with the kill
            entries_before = json.loads(request(server.port, "GET", "/api/state")[1])["state"]["entries"]
            server.kill()
            for sock in idle:
                sock.close()
            idle = []
            restart_s = server.start()
            # The same phone, the same session cookie: the retry must be answered from the journal.
            again = player.call("POST", "/api/roll", roll_body(n), key=key)
            retried = {"entries_before": entries_before, "entries_after_retry": again["state"]["entries"]}
            n += 1
            continue
        key = f"evening-{uuid.uuid4().hex}"
        sent = time.monotonic()
        player.call("POST", "/api/roll", roll_body(n), key=key)
        latencies.append(time.monotonic() - sent)
        n += 1
        if n % args.every == 0:
            elapsed = time.monotonic() - chunk_began
            status, body = request(server.port, "GET", "/api/state")
            state_bytes.append(len(body))
            recent = [b for phone in phones for s, b in phone.event_bytes[-20:]]
            pid = server.process.pid  # a stretch with the restart in it has no CPU figure: two processes ran it
            cpu_ms = (cpu_seconds(pid) - chunk_cpu[1]) * 1000 / args.every if pid == chunk_cpu[0] else None
            sample = {"rolls": n, "rss_mb": round(rss_mb(server.process.pid), 1),
                      "rolls_per_s": round(args.every / elapsed, 1),
                      "steady_rolls_per_s": round(1 / statistics.median(latencies), 1),
                      "cpu_ms_per_roll": round(cpu_ms, 2) if cpu_ms is not None else None,
                      "load": os.getloadavg()[0], "state_bytes": len(body),
                      "event_bytes": int(statistics.median(recent)) if recent else 0}
            samples.append(sample)
            print(f"{sample['rolls']:>6} {sample['rss_mb']:>8.1f} {sample['rolls_per_s']:>8.1f} "
                  f"{sample['steady_rolls_per_s']:>8.1f} {cpu_ms if cpu_ms is not None else float('nan'):>7.2f} "
                  f"{sample['load']:>5.1f} {sample['state_bytes']:>8} {sample['event_bytes']:>8}", flush=True)
            chunk_began = time.monotonic()
            chunk_cpu = (pid, cpu_seconds(pid))
            latencies = []
    for sock in idle:
        sock.close()

    journal_seqs = journal_entries(server.port, game_id[0])
    time.sleep(2.0)
    fresh_dir = server.config.parent.parent / "fresh"
    fresh_dir.mkdir(mode=0o700)
    fresh = Server(fresh_dir, frames, free_port(), threads=args.phones + 12)
    alternated = side_by_side(args, player, fresh)
    for phone in phones:
        phone.stop.set()

    games = play_board_games(player)
    if outage is not None:
        outage.join(60)

    # from the first sample on, as /api/state: a free-roll event fills up over its first rolls (each colour's faces,
    # the totals), which the evening's length has nothing to do with
    first_events = [b for phone in phones for s, b in phone.event_bytes if args.every - 20 <= s < args.every]
    last_events = [b for phone in phones for s, b in phone.event_bytes if args.rolls - 20 <= s < args.rolls]
    per_phone = []
    for phone in phones:
        seen = set(phone.streamed) | phone.recovered
        per_phone.append({"lost": len(set(journal_seqs) - seen),
                          "duplicated": len(phone.streamed) - len(set(phone.streamed)),
                          "resets": phone.resets, "reconnects": phone.reconnects,
                          "why": sorted(set(phone.errors))[:3]})
    warm = [s for s in samples if s["rolls"] >= args.warmup] or samples
    figures.update({
        "samples": samples, "restart_s": round(restart_s or 0, 2), "retry": retried,
        "event_bytes": [int(statistics.median(first_events or [0])), int(statistics.median(last_events or [0]))],
        "state_bytes": [state_bytes[0] if state_bytes else 0, state_bytes[-1] if state_bytes else 0],
        "rss_growth_mb": round(warm[-1]["rss_mb"] - warm[0]["rss_mb"], 1),
        "throughput": [samples[0]["steady_rolls_per_s"], samples[-1]["steady_rolls_per_s"]] if samples else [0, 0],
        "cpu_ms_per_roll": [samples[0]["cpu_ms_per_roll"], samples[-1]["cpu_ms_per_roll"]] if samples else [0, 0],
        "load": [samples[0]["load"], samples[-1]["load"]] if samples else [0, 0], "alternated": alternated,
        "slowest_request_while_idle_s": round(max(while_idle, default=0.0), 3),
        "phones": per_phone, "journal_entries": len(journal_seqs), "board_games": games,
        "camera_outages": outages,
    })
    return report(figures, args)


def side_by_side(args, evening: Player, fresh_server: Server) -> dict:
    """Rolls sent in turn to the evening's server (its game ``--rolls`` long, its process up since the restart) and to
    a fresh one (an empty journal, a new process), each with ``--phones`` phones on its stream: both meet the same
    load at every moment, which the first and last stretches, minutes apart, do not. Rolls per second on each, one
    over the median POST, and the load average."""
    fresh_server.start()
    fresh = Player(fresh_server.port)
    game = [fresh.call("POST", "/api/game", {"game": "free-roll", "players": ["Ann", "Bob"]})["state"]["game_id"]]
    phones = [StreamPhone(fresh_server.port, game, f"127.0.0.{100 + n}") for n in range(args.phones)]
    for phone in phones:
        phone.start()
    times: dict[str, list[float]] = {"evening": [], "fresh": []}
    try:
        for n in range(min(100, args.pairs)):  # the fresh server's warm-up: the evening's is warm
            fresh.call("POST", "/api/roll", roll_body(n), key=f"evening-{uuid.uuid4().hex}")
        for n in range(args.pairs):
            turn = (("evening", evening), ("fresh", fresh))
            for name, player in turn if n % 2 else turn[::-1]:
                sent = time.monotonic()
                player.call("POST", "/api/roll", roll_body(n), key=f"evening-{uuid.uuid4().hex}")
                times[name].append(time.monotonic() - sent)
    finally:
        for phone in phones:
            phone.stop.set()
        fresh_server.stop()
    return {**{name: round(1 / statistics.median(spent), 1) for name, spent in times.items()},
            "load": os.getloadavg()[0]}


def journal_entries(port: int, game_id: int) -> list[int]:
    seqs: list[int] = []
    before = None
    while True:
        query = "/api/history?limit=500" + (f"&before={before}" if before is not None else "")
        page = json.loads(request(port, "GET", query, timeout=30)[1])
        if page["game"]["id"] != game_id:
            raise SystemExit("the free-roll game was not the one at the table at the end")
        got = sorted(int(e["seq"]) for e in page["entries"])
        seqs.extend(got)
        if not got or not page.get("more", False):
            return sorted(set(seqs))
        before = got[0]


def play_board_games(player: Player) -> dict[str, str]:
    """A full example game of each board game, event by event through the API: how each ended."""
    ended = {}
    for game, script in GAMES:
        lines = (REPO / "docs" / "rules" / "examples" / script).read_text().splitlines()
        events = [json.loads(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
        options = {}
        if events and events[0].get("type") == "options":
            options = events.pop(0).get("options", {})
        player.call("POST", "/api/game", {"game": game, "options": options})
        result = {}
        for event in events:
            result = player.call("POST", "/api/events", {"event": event})
        outcome = (result.get("state") or {}).get("outcome")
        ended[game] = (outcome or {}).get("kind", "unfinished")
    return ended


def camera_outage(port: int, frames: Path, outages: list[dict]) -> None:
    """The camera unplugged for 5 s (its folder taken away): whether /api/live said so, and how long after it was
    back the pictures came again."""
    away = frames.with_name("frames-unplugged")
    frames.rename(away)
    time.sleep(4.0)
    told = json.loads(request(port, "GET", "/api/live")[1])["camera"]
    time.sleep(1.0)
    away.rename(frames)
    back = time.monotonic()
    seen_again = None
    while time.monotonic() - back < 30:
        live = json.loads(request(port, "GET", "/api/live")[1])
        if live["camera"]["ok"] and not live.get("stalled"):
            seen_again = time.monotonic() - back
            break
        time.sleep(0.2)
    outages.append({"reported": not told["ok"], "message": told.get("message", ""),
                    "back_after_s": round(seen_again, 1) if seen_again is not None else None})


def report(figures: dict, args) -> int:
    event_start, event_end = figures["event_bytes"]
    state_start, state_end = figures["state_bytes"]
    speed_start, speed_end = figures["throughput"]
    lost = sum(p["lost"] for p in figures["phones"])
    duplicated = sum(p["duplicated"] for p in figures["phones"])
    print(f"\nbytes per live roll event: {event_start} at roll {args.every}, {event_end} at roll {args.rolls}")
    print(f"bytes per /api/state: {state_start} at roll {args.every}, {state_end} at roll {args.rolls}")
    print(f"server RSS growth after {args.warmup} rolls: {figures['rss_growth_mb']:+.1f} MB")
    print(f"rolls per second, steady (1 / the median POST /api/roll of each {args.every}): {speed_start} at the "
          f"start, {speed_end} at the end (load average {figures['load'][0]:.1f}, {figures['load'][1]:.1f})")
    alternated = figures["alternated"]
    print(f"rolls per second at the end, {args.pairs} sent in turn to the evening's server and a fresh one (1 / the "
          f"median POST): {alternated['evening']} on the evening's, {alternated['fresh']} on the fresh one (load "
          f"average {alternated['load']:.1f})")
    cpu_start, cpu_end = figures["cpu_ms_per_roll"]
    print(f"server CPU per roll (its work, over each {args.every}): {cpu_start} ms at the start, {cpu_end} ms at the "
          "end")
    print(f"restart after kill -9 at roll {args.rolls // 2} ({figures['retry'].get('entries_before')} entries): "
          f"{figures['restart_s']:.2f} s to answer /api/state; the roll retried with its key left "
          f"{figures['retry'].get('entries_after_retry')} entries")
    print(f"slowest GET /api/info while {args.idle} idle connections were open: "
          f"{figures['slowest_request_while_idle_s']:.3f} s")
    for n, phone in enumerate(figures["phones"]):
        print(f"phone {n}: lost {phone['lost']}, duplicated {phone['duplicated']} of {figures['journal_entries']} "
              f"entries ({phone['resets']} resets, {phone['reconnects']} reconnects: {'; '.join(phone['why'])})")
    print(f"board games: {', '.join(f'{g} {k}' for g, k in figures['board_games'].items())}")
    for outage in figures["camera_outages"]:
        print(f"camera unplugged 5 s: told on /api/live: {'yes' if outage['reported'] else 'NO'} "
              f"({outage['message']}); pictures again {outage['back_after_s']} s after it was back")
    goals = {
        "payloads flat (end <= start + 10%)": event_end <= event_start * 1.1 and state_end <= state_start * 1.1,
        "RSS growth <= 40 MB after warm-up": figures["rss_growth_mb"] <= 40,
        "throughput at the end >= 90% of a fresh server's, in turn": alternated["evening"] >= 0.9 * alternated["fresh"],
        "restart <= 3 s": figures["restart_s"] <= 3.0,
        "retry after kill -9 replayed, not applied": figures["retry"].get("entries_before")
        == figures["retry"].get("entries_after_retry"),
        "0 lost, 0 duplicated": lost == 0 and duplicated == 0,
        "ordinary requests within 1 s with idle connections open": figures["slowest_request_while_idle_s"] <= 1.0,
        "every board game finished": all(k != "unfinished" for k in figures["board_games"].values()),
        "each camera outage told and recovered": len(figures["camera_outages"]) == 2 and all(
            o["reported"] and o["back_after_s"] is not None for o in figures["camera_outages"]),
    }
    figures["goals"] = goals
    for goal, met in goals.items():
        print(f"goal: {goal}: {'yes' if met else 'NO'}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    return 0 if all(goals.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
