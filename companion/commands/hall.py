"""``companion hall --broker URL``: one page for every table of a club night, fed by the tables through the broker."""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.hall.board import HallBoard

log = logging.getLogger(__name__)


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("hall", help="serve the hall page: every table publishing to the broker, live")
    parser.add_argument("--broker", required=True, metavar="URL", help="mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every address)")
    parser.add_argument("--port", type=int, default=8090, help="TCP port of the hall page (default 8090)")
    parser.add_argument("--data", metavar="DIR", help="where the hall keeps its games and PIN (default: "
                                                      "service.data_dir/hall)")
    parser.add_argument("--username", default="", help="user name for the broker")
    parser.add_argument("--password-file", default="", metavar="PATH",
                        help="file holding the broker's password, readable by this user only")
    parser.add_argument("--new-pin", action="store_true", help="make a new organiser PIN and show it once")
    parser.set_defaults(func=run)


def run(args) -> int:
    import waitress

    from companion.card_faults import fault_words  # what mends a card's fault, as the phone says it
    from companion.config import ConfigError, load_config
    from companion.hall.app import create_hall_app
    from companion.hall.link import Broker, BrokerError
    from companion.hall.subscriber import HallSubscriber
    from companion.web.netinfo import JoinLinks
    from companion.web.server import use_wake_up_pipe

    try:
        config = load_config(args.config)
        data = Path(args.data) if args.data else config.data_dir / "hall"
        broker = Broker.parse(args.broker, args.username, password_file=args.password_file)
    except (ConfigError, BrokerError) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    try:
        board = open_board(data)
    except CannotStart as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    subscriber = HallSubscriber(broker, board)
    threads = 32
    had_pin = (data / "pin.json").exists()
    try:
        app = create_hall_app(board, subscriber, data, threads=threads, new_pin=args.new_pin,
                              allowed_hosts=list(config["service"]["allowed_hosts"]))
    except OSError as exc:  # the card refuses the organiser PIN (full, read-only): one not kept would be forgotten
        board.close()
        said, advice = fault_words(exc)
        unchanged = " The old PIN is unchanged." if had_pin else ""
        print(f"companion: no {'new ' if had_pin else ''}organiser PIN: the card refuses to keep it in "
              f"{data / 'pin.json'} ({exc.strerror or exc}: {said.en}).{unchanged} {advice.en} Then start the hall "
              "again to make one.", file=sys.stderr)
        return 1
    try:
        server = waitress.create_server(app, host=args.host, port=args.port, threads=threads, channel_timeout=60)
    except OSError as exc:
        print(f"companion: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    use_wake_up_pipe(server)  # a long poll answered after close() must not write into the board's files
    subscriber.start()
    signal.signal(signal.SIGTERM, lambda signum, frame: (_ for _ in ()).throw(SystemExit(0)))
    links = JoinLinks.for_server(args.host, args.port)
    print(f"hall: {links.ip_url} or {links.local_url} (a big screen, phones); tables publish to "
          f"{broker.address}; ready — Ctrl-C to stop", flush=True)
    try:
        server.run()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.close()
        subscriber.stop()
        board.close()
    return 0


#: the card's faults (card_faults.FAULTS) under which a hall that ran before goes on in memory
HELD_FAULTS = ("read_only", "full", "io", "denied")


class CannotStart(Exception):
    """The hall's folder cannot be used: one line, the fault and what mends it."""


def open_board(data: Path) -> HallBoard:
    """The hall's board in ``data``; on a card that refuses its file, but with the organiser's PIN already kept
    there (a card turned read-only under a hall that ran before), the evening held in memory, said on stderr and on
    the page. CannotStart where nothing can be kept (docs/hall.md says why it stops)."""
    from companion.card_faults import fault_of, fault_words
    from companion.hall.board import HallBoard

    path = data / "hall.sqlite3"
    try:
        data.mkdir(parents=True, exist_ok=True)
        return HallBoard(path)
    except (OSError, sqlite3.Error) as exc:
        if not isinstance(exc, sqlite3.Error) or not (data / "pin.json").is_file():
            raise CannotStart(folder_refused(data, exc)) from exc
        fault = _write_refused(data) or exc
        if fault_of(fault) not in HELD_FAULTS:  # a damaged file, another hall holding it: not the card's doing
            raise CannotStart(folder_refused(data, exc)) from exc
    said, advice = fault_words(fault)
    print(f"hall: the card refuses {path} ({_why(fault)}: {said.en}). The evening goes on in memory: what the hall "
          f"hears from now on and the organiser's changes are lost when it stops. {advice.en}", file=sys.stderr)
    return HallBoard(path, refused=fault)


def folder_refused(data: Path, exc: OSError | sqlite3.Error) -> str:
    """One line for a hall that cannot keep its games in ``data``: the fault, and what mends it.

    Why a new hall stops rather than start in memory: its organiser PIN could not be kept, and the tables keep every
    game in their own journals and send their latest games to a hall started again on a folder that works."""
    from companion.card_faults import fault_of, fault_words

    where = "--data DIR on a folder it can write (the tables send their latest games again)"
    if isinstance(exc, (FileExistsError, NotADirectoryError)) or \
            isinstance(exc, OSError) and exc.errno in (errno.EEXIST, errno.ENOTDIR):
        blocker = next((p for p in (data, *data.parents) if p.exists() and not p.is_dir()), data)
        return (f"the hall cannot keep its games in {data}: {blocker} is a file, not a folder. Move that file "
                f"away, or start the hall with {where}.")
    if isinstance(exc, sqlite3.Error):  # SQLite names no fault for a file it cannot make: ask the card itself
        card = _write_refused(data)
        if card is None and fault_of(exc) == "other":  # the card takes writes: the file itself is damaged
            return (f"the hall cannot use {data / 'hall.sqlite3'} ({exc}). Move that file aside and start the hall "
                    "again: the tables send their latest games again.")
        exc = card or exc
    said, advice = fault_words(exc)
    return (f"the hall cannot keep its games in {data} ({_why(exc)}: {said.en}). {advice.en} Or start the hall "
            f"with {where}.")


def _why(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def _write_refused(folder: Path) -> OSError | None:
    """Why the card refuses a new file in ``folder`` (None: it takes one)."""
    probe = folder / f".hall-write-test-{os.getpid()}"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError as exc:
        return exc
    with contextlib.suppress(OSError):
        probe.unlink()
    return None
