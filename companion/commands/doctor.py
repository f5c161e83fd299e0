"""``companion doctor``: check the camera, model, GPIO, disk, clock and network, and say how to fix what is wrong."""

from __future__ import annotations

import argparse
import sys

MARK = {"ok": "ok  ", "warn": "WARN", "fail": "FAIL"}


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("doctor", help="check the box (camera, model, GPIO, disk, clock, network)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    from companion.doctor import run_checks

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"FAIL  config   {exc}\n      fix: correct the file, then run `companion doctor` again")
        return 1
    print(f"companion doctor — configuration: {config.path or 'defaults (no file found)'}")
    findings = run_checks(config)
    for finding in findings:
        print(f"{MARK[finding.status]}  {finding.check:<8} {finding.detail}")
        if finding.fix and finding.status != "ok":
            print(f"      fix: {finding.fix}")
    failures = sum(f.status == "fail" for f in findings)
    warnings = sum(f.status == "warn" for f in findings)
    if failures:
        print(f"{failures} problem(s), {warnings} warning(s): the table will not work as intended.")
    else:
        print("All good." if not warnings else f"Ready, with {warnings} warning(s).")
    sys.stdout.flush()
    return 1 if failures else 0
