"""Doctor check of the GPIO the LED/buzzer panel needs: valid pins, permission on /dev/gpiochip*, a pin factory.

The wiring itself (does each LED light) is ``companion doctor --panel``, in companion/commands/doctor.py.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import warnings
from pathlib import Path
from typing import Any, Callable

from companion.doctor_board import on_raspberry_pi
from companion.findings import FAIL, OK, WARN, Finding


def check_gpio(config, on_pi: bool | None = None, dev: Path = Path("/dev"),
               access: Callable[[Any, int], bool] = os.access) -> Finding:
    panel = config["panel"]
    if not panel["enabled"]:
        return Finding("gpio", OK, "LED/buzzer panel disabled in the configuration")
    from companion.panel.board import check_pins

    try:
        check_pins(panel)
    except ValueError as exc:
        return Finding("gpio", FAIL, str(exc), "change the [panel] pins, then run `companion doctor --panel`")
    on_pi = on_raspberry_pi() if on_pi is None else on_pi
    chips = sorted(dev.glob("gpiochip*"))
    denied = [str(c) for c in chips if not access(c, os.R_OK | os.W_OK)]
    if denied:
        return Finding("gpio", FAIL, f"no permission on {', '.join(denied)}",
                       "add the user to the gpio group (sudo usermod -a -G gpio $USER), then log in again")
    from gpiozero import Device

    from companion.panel import make_pin_factory

    factory = None
    try:
        # lgpio writes its notification files (.lgd-nfy*) in the current directory, which may be a home
        # the service user cannot write: a false failure. Open the pins from a directory of our own.
        with tempfile.TemporaryDirectory(prefix="companion-doctor-") as scratch, contextlib.chdir(scratch), \
                warnings.catch_warnings():
            warnings.simplefilter("ignore")
            factory = make_pin_factory(panel["pin_factory"]) or Device.pin_factory or Device._default_pin_factory()
        name = type(factory).__name__
    except Exception as exc:  # noqa: BLE001 - BadPinFactory and friends
        if on_pi:
            return Finding("gpio", FAIL, f"no gpiozero pin factory: {exc}",
                           "sudo apt install python3-lgpio, and make the venv with --system-site-packages")
        return Finding("gpio", WARN, "no GPIO on this machine: the LED/buzzer panel is off",
                       "nothing to do off a Raspberry Pi; set panel.enabled = false to silence this")
    finally:
        if factory is not None and factory is not Device.pin_factory:
            try:
                factory.close()
            except Exception:  # noqa: BLE001
                pass
    pins = ", ".join(f"{k.removesuffix('_pin')} {panel[k]}" for k in ("green_pin", "amber_pin", "red_pin",
                                                                     "buzzer_pin", "button_pin"))
    return Finding("gpio", OK, f"pin factory {name}; panel on BCM {pins}")
