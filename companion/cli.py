"""The ``companion`` command: one subcommand per module in ``companion.commands``."""

from __future__ import annotations

import argparse
import importlib
import sys

from companion import __version__

# Each module in companion/commands exposes add_parser(subparsers) that sets func=run.
COMMAND_MODULES = ("config", "referee", "games", "tesseract_sim", "serve", "qr", "dice", "table", "sheets", "doctor",
                   "hall")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Table Companion: a camera-fed game referee.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--config", metavar="PATH", help="configuration file (TOML)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"companion.commands.{name}").add_parser(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from companion.logs import setup_logging

    setup_logging(verbose=args.verbose)
    code = int(args.func(args) or 0)
    if getattr(args, "leave_without_teardown", False):  # a service that may have abandoned a hung camera call
        from companion.leave import leave

        leave(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
