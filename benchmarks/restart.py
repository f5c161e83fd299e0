"""What a restart costs: `companion serve` killed with SIGKILL and started again on a long game's journal.

A free-roll game of ``--entries`` rolls is journaled (checkpoints as the service writes them), a folder
camera shows an empty table, and the real command is started ``--runs`` times, each killed with SIGKILL once it
has answered and read a frame. For each start it measures, from the process's start: the first /api/state
answered (the phones' page works), and the first camera frame read (/api/live has a frame); and the CPU time the
server had used when it answered (its threads included), which load stretches into the seconds above. ``--busy N``
keeps N processes spinning meanwhile (a loaded machine: an evening's phones and player on 2 cores). ``--against
DIR``: the same starts of another checkout (e.g. ``git archive`` of an earlier commit), alternated with this one's so
that both meet the same load on a shared machine. ``--update``: each checkout journals its game, then every start
runs from a copy of it with an unrelated file edited (``UPDATED``), as the first restart after a `git pull` does.

Then, in a fresh interpreter each time, the phases of a start: the command line, imports, the service (journal
opened, game replayed), the app, the listening socket — what comes before the first answer — and the camera's
pipeline and the LED panel built (`companion serve` builds them in a thread once it answers).

The service runs from compiled bytecode, as an installed package does (pip compiles it at install): a first start
compiles it into a temporary cache and is not counted. The systemd unit's environment is used. Run it on checkouts
no one edits meanwhile (``git archive``): code from before checkpoint formats (companion/checkpoint.py) ignores a
checkpoint at any edit of the game code and replays the whole game ("resumed ... after its start" in the output).

    python benchmarks/restart.py [--entries 2599] [--runs 7] [--busy 0] [--against DIR] [--update]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from evening import cpu_seconds, empty_table_frames, request, unit_environment  # noqa: E402

from tests.ports import free_port  # noqa: E402

PHASES = r"""
import json, sys, time
began = time.monotonic()
import companion.cli
companion.cli.build_parser()  # as `companion serve` does: every command's module
marks = {"command line": time.monotonic()}
from companion.config import load_config
from companion.service import Service
from companion.web import create_app
from companion.web.server import WebServer
marks["imports"] = time.monotonic()
config = load_config(sys.argv[1])
service = Service(config)
marks["service (journal, replay)"] = time.monotonic()
app = create_app(service, make_pin=False)
marks["app"] = time.monotonic()
server = WebServer(app, "127.0.0.1", int(sys.argv[2]), 8)
marks["listening"] = time.monotonic()
service.start(web_address=(server.host, server.port))  # builds the camera and panel here; serve: later
marks["camera, panel built (serve: once serving)"] = time.monotonic()
before, out = began, {}
for name, at in marks.items():
    out[name], before = at - before, at
print(json.dumps(out))
service.stop()
"""


JOURNAL = r"""
import logging, sys, time
from companion.config import load_config
from companion.core import DieReading, Observation
from companion.service import Service

logging.disable(logging.WARNING)
service = Service(load_config(sys.argv[1]), camera=False)
service.table.new_game("free-roll", {}, ["Ann", "Bob"])
for n in range(int(sys.argv[2])):
    dice = tuple(DieReading(value=v, color=c) for v, c in ((n % 6 + 1, "red"), ((n * 5) % 6 + 1, "blue"),
                                                            ((n * 7 + 3) % 6 + 1, "white")))
    event = service.table.engine.observation_event(Observation(dice=dice, source="phone", at=time.time()))
    service.table.submit(event, source="phone")
service.stop()
"""


def prepared(tree: Path, folder: Path, frames: Path, port: int, entries: int, env: dict[str, str]) -> Path:
    """A data folder and configuration for ``tree``, with a free-roll game of ``entries`` rolls journaled by that
    tree's own code (its checkpoints are its own), as phones would enter them; the configuration's path."""
    data_dir = folder / "data"
    data_dir.mkdir(mode=0o700, parents=True)
    config = folder / "companion.toml"
    config.write_text(f'[service]\ndata_dir = "{data_dir}"\nhost = "127.0.0.1"\nport = {port}\n'
                      f'[camera]\nsource = "folder"\npath = "{frames}"\nloop = true\nfps = 8.0\n')
    subprocess.run([sys.executable, "-c", JOURNAL, str(config), str(entries)], cwd=tree, env=env, check=True,
                   timeout=1200)
    return config


#: the file a simulated code update edits: a game other than the one journaled
UPDATED = "companion/games/hexors/rules.py"


def updated_copy(tree: Path, into: Path) -> Path:
    """``tree`` after a code update: its companion/ copied with ``UPDATED`` edited, the rest linked."""
    into.mkdir()
    for entry in tree.iterdir():
        if entry.name == "companion":
            shutil.copytree(entry, into / entry.name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (into / entry.name).symlink_to(entry)
    with (into / UPDATED).open("a") as code:
        code.write("# a code update that changes nothing a checkpoint holds\n")
    return into


def replayed(log: Path) -> str:
    """What the last start said it replayed (its "resumed game" line)."""
    lines = [line for line in log.read_text(errors="replace").splitlines() if "resumed game" in line]
    return lines[-1].split("resumed ", 1)[-1] if lines else "?"


def spin(stop_at: float) -> None:
    while time.monotonic() < stop_at:
        pass


def start_once(config: Path, port: int, env: dict[str, str], log: Path,
               tree: Path = REPO) -> tuple[float, float, float]:
    """Start the command of the checkout ``tree``, wait for /api/state and a camera frame, kill it: (seconds to
    each, and the CPU seconds the server had used when it answered /api/state: what load multiplies)."""
    began = time.monotonic()
    with log.open("a") as out:
        process = subprocess.Popen([sys.executable, "-m", "companion.cli", "--config", str(config), "serve"],
                                   cwd=tree, stdout=out, stderr=subprocess.STDOUT, env=env)
    answered = framed = cpu = None
    try:
        while time.monotonic() - began < 120 and framed is None:
            if process.poll() is not None:
                raise SystemExit(f"the server stopped at start:\n{log.read_text()[-3000:]}")
            try:
                if answered is None:
                    status, _ = request(port, "GET", "/api/state", timeout=2)
                    if status == 200:
                        answered, cpu = time.monotonic() - began, cpu_seconds(process.pid)
                if answered is not None:
                    status, body = request(port, "GET", "/api/live", timeout=2)
                    if status == 200 and json.loads(body).get("frame") is not None:
                        framed = time.monotonic() - began
            except OSError:
                pass
            time.sleep(0.01)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(30)
    if answered is None or framed is None:
        raise SystemExit(f"no answer or no frame in 120 s:\n{log.read_text()[-3000:]}")
    return answered, framed, cpu


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f}, min {min(values):.2f}, max {max(values):.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=2599,
                        help="rolls journaled before the restarts (2599: the most entries after a checkpoint)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--busy", type=int, default=0, help="processes spinning during the starts")
    parser.add_argument("--against", type=Path, help="another checkout whose starts alternate with this one's")
    parser.add_argument("--update", action="store_true",
                        help=f"start each checkout from a copy with {UPDATED} edited (a code update)")
    args = parser.parse_args(argv)

    tmp = Path(tempfile.mkdtemp(prefix="companion-restart-"))
    spinners: list[multiprocessing.Process] = []
    try:
        frames = tmp / "frames"
        empty_table_frames(frames)
        port = free_port()
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env.update(unit_environment(), PYTHONPYCACHEPREFIX=str(tmp / "bytecode"))
        trees = [REPO] + ([args.against.resolve()] if args.against else [])
        configs = {tree: prepared(tree, tmp / str(n), frames, port, args.entries, env) for n, tree in enumerate(trees)}
        logs = {tree: configs[tree].parent / "server.log" for tree in trees}
        code = {tree: updated_copy(tree, tmp / f"updated-{n}") if args.update else tree for n, tree in enumerate(trees)}
        for tree in trees:
            start_once(configs[tree], port, env, logs[tree], code[tree])  # compiles the bytecode: not counted
        stop_at = time.monotonic() + 3600
        spinners = [multiprocessing.Process(target=spin, args=(stop_at,), daemon=True) for _ in range(args.busy)]
        for spinner in spinners:
            spinner.start()
        times: dict[Path, list[tuple[float, float, float]]] = {tree: [] for tree in trees}
        for _ in range(args.runs):
            for tree in trees:
                times[tree].append(start_once(configs[tree], port, env, logs[tree], code[tree]))
        phases = []
        for _ in range(args.runs):
            done = subprocess.run([sys.executable, "-c", PHASES, str(configs[REPO]), str(free_port())], cwd=code[REPO],
                                  env=env, capture_output=True, text=True, timeout=120, check=True)
            phases.append(json.loads(done.stdout.strip().splitlines()[-1]))
        load = os.getloadavg()[0]
        said = {tree: replayed(logs[tree]) for tree in trees}
    finally:
        for spinner in spinners:
            spinner.terminate()
        shutil.rmtree(tmp, ignore_errors=True)

    print(f"restart of `companion serve` after SIGKILL, a free-roll game of {args.entries} entries, {args.runs} "
          f"runs, {args.busy} busy processes, load average {load:.1f} on {os.cpu_count()} CPUs, "
          f"python {sys.version.split()[0]}" + (f", each start after a code update ({UPDATED} edited)" if args.update
                                                  else ""))
    for tree, taken in times.items():
        if len(trees) > 1:
            print(f"  {tree}:")
        print(f"  resumed {said[tree]}")
        print(f"  s to the first /api/state answered   {summary([t[0] for t in taken])}")
        print(f"  s to the first camera frame read     {summary([t[1] for t in taken])}")
        print(f"  CPU s used to the first /api/state   {summary([t[2] for t in taken])}")
    print(f"  phases before serving, in a fresh interpreter, this checkout (s, median of {args.runs}):")
    for name in phases[0]:
        print(f"    {name:36s} {statistics.median(p[name] for p in phases):.3f}")
    slowest = max(t[0] for t in times[REPO])
    print(f"goal: /api/state within 3 s of the start at every restart: {'yes' if slowest <= 3.0 else 'NO'}")
    return 0 if slowest <= 3.0 else 1


if __name__ == "__main__":
    sys.exit(main())
