"""``companion serve``: run the table — camera, referee, LED panel and the phones' web app."""

from __future__ import annotations

import logging
import os
import signal
import sys

log = logging.getLogger("companion.serve")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="run the companion and serve the phones' page")
    parser.add_argument("--host", help="address to listen on (default from the configuration: service.host)")
    parser.add_argument("--port", type=int, help="TCP port (default from the configuration: service.port)")
    parser.add_argument("--no-camera", action="store_true", help="no camera: rolls are entered on the phones")
    parser.add_argument("--simulated-if-no-camera", action="store_true",
                        help="camera.source = auto and no camera found: show the simulated table, flagged "
                             "SIMULATED on every phone (what `make run` does)")
    parser.add_argument("--new-pin", action="store_true",
                        help="forgot the table PIN? make a new one and show it once in the log")
    parser.set_defaults(func=run, leave_without_teardown=True)


def _stopping(app, exception: BaseException):
    """A signal handler that first ends the phones' live streams (each holds a server thread for its keep-alive
    wait, and would make the stop wait for it), then leaves through ``exception``: KeyboardInterrupt for Ctrl-C,
    SystemExit(0) for systemd's SIGTERM, the same way out."""
    def handler(signum, frame) -> None:
        ctx = app.extensions["companion"]
        ctx.closing.set()
        ctx.service.bus.publish("notice", {"kind": "info", "message": "The companion is stopping",
                                           "message_fr": "Le compagnon s’arrête"})
        raise exception
    return handler


def run(args) -> int:
    # Imported here so that `companion --help` and the other commands start fast.
    from companion.card_faults import fault_words  # what mends a card's fault, as the phone says it
    from companion.config import ConfigError, load_config
    from companion.journal import JournalError
    from companion.service import Service
    from companion.web import create_app
    from companion.web.server import WebServer

    overrides: dict = {}
    if args.host:
        overrides.setdefault("service", {})["host"] = args.host
    if args.port is not None:
        overrides.setdefault("service", {})["port"] = args.port
    if args.simulated_if_no_camera:
        overrides.setdefault("camera", {})["when_missing"] = "simulated"
    try:
        config = load_config(args.config, overrides=overrides or None)
    except ConfigError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    settings = config["service"]
    try:
        service = Service(config, camera=not args.no_camera)
    except JournalError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:  # a table layout file or marker dictionary that cannot be used (names the key)
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    try:
        app = create_app(service, make_pin=False)
        server = WebServer(app, settings["host"], settings["port"], settings["threads"])
    except (OSError, ValueError) as exc:
        service.stop()
        print(f"companion: cannot listen on {settings['host']}:{settings['port']}: {exc}", file=sys.stderr)
        return 1
    # The port is ours: only now make (and show, once) a PIN, so a failed start never shows one it forgets.
    pins = app.extensions["companion"].pins
    if args.new_pin:
        try:
            pins.reset()
        except OSError as exc:  # the card refused the PIN: a PIN that is not kept would be forgotten at the restart
            server.stop()
            service.stop()
            said, advice = fault_words(exc)
            print(f"companion: no new table PIN: the card refuses to keep it in {pins.path} ({exc.strerror or exc}: "
                  f"{said.en}). The old PIN is unchanged. {advice.en} Then `companion serve --new-pin` makes a new "
                  "one.", file=sys.stderr)
            return 1
    else:
        pins.ensure()
    links = app.extensions["companion"].links
    print(f"{settings['name']}: phones join at {links.ip_url} or {links.local_url}", flush=True)
    signal.signal(signal.SIGTERM, _stopping(app, SystemExit(0)))
    signal.signal(signal.SIGINT, _stopping(app, KeyboardInterrupt()))
    try:  # from here a Ctrl-C or SIGTERM at any moment stops everything cleanly
        # the watchdog also asks the web server; the camera's pipeline is built while the phones are answered
        service.start(web_address=(server.host, server.port), camera_later=True)
        # Under systemd there is no Ctrl-C to press; in a terminal, say how to stop.
        print("ready" if os.environ.get("JOURNAL_STREAM") else "ready — Ctrl-C to stop", flush=True)
        server.serve_forever()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        log.info("stopping")
        server.stop()
        service.stop()
    return 0
