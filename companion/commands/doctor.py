"""``companion doctor``: check the box and say how to fix what is wrong; ``--panel`` is a wiring check."""

from __future__ import annotations

import argparse
import sys

MARK = {"ok": "ok  ", "warn": "WARN", "fail": "FAIL"}


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("doctor", help="check the box (camera, model, GPIO, disk, clock, network, power)")
    parser.add_argument("--panel", action="store_true",
                        help="wiring check: light each LED in turn, then sound the buzzer (stop the service first)")
    parser.set_defaults(func=run)


def check_panel(config) -> int:
    """Blink each LED and sound the buzzer, saying what should happen, so a wiring fault is seen at once."""
    import tempfile
    from contextlib import chdir

    from companion.doctor_network import running_service
    from companion.panel import Panel

    if running_service(config) is not None:
        print("the companion service is running and holds the panel's pins: sudo systemctl stop companion, "
              "run `companion doctor --panel` again, then sudo systemctl start companion")
        return 1
    with tempfile.TemporaryDirectory(prefix="companion-doctor-") as scratch, chdir(scratch):
        panel = Panel.from_config(config)
        if not panel.enabled:
            print(f"FAIL  panel    {panel.reason}")
            return 1
        try:
            panel.wiring_check(seconds=1.5, say=lambda line: print(f"      {line}", flush=True))
        finally:
            panel.close()
    print("Panel check done: a light that stayed dark or a silent buzzer is wired wrong (hardware/README.md).")
    return 0


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    from companion.doctor import run_checks

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"FAIL  config   {exc}\n      fix: correct the file, then run `companion doctor` again")
        return 1
    print(f"companion doctor — configuration: {config.path or 'defaults (no file found)'}")
    if getattr(args, "panel", False):
        return check_panel(config)
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
