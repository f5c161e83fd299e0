"""``companion config``: the effective configuration and where each value came from."""

from __future__ import annotations

import argparse
import sys

from companion.config import ConfigError, load_config


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("config", help="print the effective configuration with each value's origin")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"companion config: {exc}", file=sys.stderr)
        return 2
    print(f"# configuration file: {config.path or 'none found, defaults only'}")
    print(config.to_toml())
    return 0
