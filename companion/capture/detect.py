"""``python -m companion.capture.detect``: which camera is here now, so the installer can name it.

    python -m companion.capture.detect                      # prints picamera2 <model>, usb <path> or none
    python -m companion.capture.detect --name-in FILE [--camera picamera2|usb:/dev/...]

``--name-in`` writes the camera into the [camera] section of an installed configuration
(``source = "picamera2"``, or ``source = "usb"`` with ``device`` = its /dev/v4l/by-id path), so the
service opens that camera and reports it missing rather than guessing. The file is replaced whole (its mode kept): a
full disk or a power cut leaves the old one. Exits 1 (reason on stderr) when picamera2 is installed but broken, or
the configuration cannot be read, named or written.
"""

from __future__ import annotations

import argparse
import re
import stat
import sys
from pathlib import Path

from companion.capture.base import SourceError
from companion.capture.factory import resolve_auto
from companion.files import write_atomically


def detect() -> str:
    """``picamera2 <model>``, ``usb <device path>`` or ``none``; SourceError for a broken picamera2."""
    kind, detail = resolve_auto()
    if kind == "picamera2":
        return f"picamera2 {detail.removeprefix('Pi camera').strip()}".strip()
    if kind == "usb":
        return f"usb {detail}"
    return "none"


def name_camera(toml_text: str, found: str) -> str:
    """``toml_text`` with its [camera] source (and device) set for ``found`` ("none" keeps the Pi camera)."""
    if found.startswith("usb"):
        device = found.split(None, 1)[1] if " " in found else found.split(":", 1)[1]
        lines = f'source = "usb"\ndevice = "{device}"'
    else:
        lines = 'source = "picamera2"'
    without = re.sub(r'(?m)^device = .*\n', "", toml_text)
    named, count = re.subn(r'(?m)^source = .*$', lines, without, count=1)
    if count == 0:
        raise ValueError("the configuration has no camera source line to name the camera in")
    return named


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.capture.detect")
    parser.add_argument("--name-in", type=Path, metavar="FILE", help="write the camera into this configuration")
    parser.add_argument("--camera", help="name this camera instead of the one found (picamera2 or usb:/dev/...)")
    args = parser.parse_args(argv)
    try:
        found = args.camera.replace(":", " ", 1) if args.camera else detect()
    except SourceError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.name_in is None:
        print(found)
        return 0
    try:
        config = args.name_in.resolve()  # a link to the configuration stays a link
        mode = stat.S_IMODE(config.stat().st_mode)
        write_atomically(config, name_camera(config.read_text(encoding="utf-8"), found), mode)
    except (OSError, ValueError) as exc:
        print(f"{args.name_in}: the camera was not written in ({exc}); the file is as it was", file=sys.stderr)
        return 1
    if found == "none":
        print("no camera found now: the configuration names the Pi camera, and the service reports a camera fault "
              "until one is connected")
    else:
        print(f"camera: {found}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
