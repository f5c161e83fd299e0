"""``companion qr``: the join QR code in the terminal, for phones that cannot type ``.local`` names."""

from __future__ import annotations

import sys


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("qr", help="show the QR code phones scan to join the table")
    parser.add_argument("--port", type=int, help="TCP port (default from the configuration: service.port)")
    parser.add_argument("--svg", metavar="PATH", help="also write the QR code as an SVG file (to print)")
    parser.set_defaults(func=run)


def run(args) -> int:
    from companion.config import ConfigError, load_config
    from companion.web.netinfo import JoinLinks

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    settings = config["service"]
    links = JoinLinks.for_server(settings["host"], args.port if args.port is not None else settings["port"])
    sys.stdout.write(links.terminal())
    if args.svg:
        with open(args.svg, "wb") as handle:
            handle.write(links.qr_svg())
        print(f"QR code written to {args.svg}")
    return 0
