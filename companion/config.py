"""Configuration: one TOML file, every key declared here with its default and meaning.

Lookup order: ``--config PATH``, else ``~/.config/companion/companion.toml``,
else ``/etc/companion/companion.toml``, else the defaults alone. Unknown keys,
wrong types and numbers out of a key's bounds are refused at start with the
key's name, so a typo never silently becomes a default and a wrong number never
reaches the part that would fail on it.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator


@dataclass(frozen=True)
class Bounds:
    """The numbers a key may take, from ``low`` to ``high`` (None: no end); ``above`` / ``below``: that end itself
    is not one. Refused at start, with the key's name, so a wrong value never reaches the part that would fail on it."""

    low: float | None = None
    high: float | None = None
    above: bool = False
    below: bool = False

    def admits(self, value: float) -> bool:
        low_ok = self.low is None or (value > self.low if self.above else value >= self.low)
        return low_ok and (self.high is None or (value < self.high if self.below else value <= self.high))

    def __str__(self) -> str:
        ends = []
        if self.low is not None:
            ends.append(f"{'above' if self.above else 'at least'} {self.low:g}")
        if self.high is not None:
            ends.append(f"{'under' if self.below else 'at most'} {self.high:g}")
        return " and ".join(ends)


PROBABILITY = Bounds(0, 1)
POSITIVE = Bounds(0, above=True)
NOT_NEGATIVE = Bounds(0)
AT_LEAST_ONE = Bounds(1)


@dataclass(frozen=True)
class Key:
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    #: types accepted besides the default's own (camera.device: an index or a /dev path)
    also: tuple[type, ...] = ()
    #: the numbers accepted, for a number
    within: Bounds | None = None
    #: never printed by ``companion config`` (a password)
    secret: bool = False


# section -> key -> Key. Add new keys here: this table is the documentation.
SCHEMA: dict[str, dict[str, Key]] = {
    "service": {
        "host": Key("0.0.0.0", "address the web service listens on (0.0.0.0: every network interface)"),
        "port": Key(8080, "TCP port of the web service (0: any free one)", within=Bounds(0, 65535)),
        "threads": Key(32, "web server threads; each phone's live stream holds one", within=AT_LEAST_ONE),
        "data_dir": Key("~/.local/share/companion", "where the game journal and the table PIN are kept"),
        "name": Key("Table Companion", "name shown on phones and advertised on the network"),
        "language": Key("en", "default language when a phone does not say", ("en", "fr")),
        "login_attempts": Key(5, "wrong table PINs a phone may enter per 5 minutes before it must wait",
                              within=AT_LEAST_ONE),
        "max_connections": Key(400, "open connections to the web server, all clients together: a new one beyond "
                                    "closes the quietest with no request in progress (docs/web.md); at most 900, "
                                    "as the service may open 1024 files", within=Bounds(8, 900)),
        "connections_per_address": Key(16, "open connections from one client address (a phone's browser opens up "
                                           "to 6): a new one beyond closes its quietest, or is answered 503 when "
                                           "all are busy", within=AT_LEAST_ONE),
        "streams_per_address": Key(4, "live streams from one client address; more are answered 503 with "
                                      "Retry-After", within=AT_LEAST_ONE),
        "idle_timeout": Key(30.0, "seconds a connection may stay open with no request before it is closed",
                            within=POSITIVE),
        "header_timeout": Key(10.0, "seconds from a request's first byte to the end of its headers before its "
                                    "connection is closed (slow clients)", within=POSITIVE),
        "body_timeout": Key(20.0, "seconds from a request's first byte to the end of its body before its "
                                  "connection is closed", within=POSITIVE),
        "send_timeout": Key(30.0, "seconds an answer or live stream may wait on a client that reads nothing (or "
                                  "left the Wi-Fi) before its connection is closed and its thread freed",
                            within=POSITIVE),
        "allowed_hosts": Key(["localhost", "*.local"], "names phones may reach the companion by, besides IP "
                                                       "addresses and this machine's hostname; others get 421 "
                                                       "(DNS rebinding); * matches any part of a name"),
    },
    "game": {
        "default": Key("free-roll", "game started when no unfinished game is in the journal"),
    },
    "camera": {
        "source": Key(
            "auto",
            "auto (the Pi camera, else the first USB UVC camera; none found is a camera fault, see when_missing), "
            "picamera2, usb, video, folder or simulated (drawn dice, flagged SIMULATED to every phone)",
            ("auto", "picamera2", "usb", "video", "folder", "simulated"),
        ),
        "when_missing": Key("fault", "source = auto and no camera at start: fault (reported, retried until one is "
                                     "plugged in) or simulated (the SIMULATED table, for trying the companion on a "
                                     "computer with no camera: `make run` sets this)", ("fault", "simulated")),
        "device": Key(0, "source = usb: the camera's stable path (/dev/v4l/by-id/...), /dev/videoN, or an index",
                      also=(str,)),
        "path": Key("", "video file or folder of frames for source = video / folder"),
        "width": Key(1280, "capture width in pixels", within=AT_LEAST_ONE),
        "height": Key(720, "capture height in pixels", within=AT_LEAST_ONE),
        "fps": Key(8.0, "frames per second to process", within=POSITIVE),
        "exposure_lock": Key(True, "Pi camera: let auto-exposure settle, then hold it so dice look the same all game"),
        "exposure_us": Key(0, "Pi camera: fixed exposure time in microseconds (0 = measured at start, see "
                              "exposure_lock)", within=NOT_NEGATIVE),
        "awb_lock": Key(True, "Pi camera: let white balance settle, then hold it so die colours do not drift"),
        "settle_seconds": Key(1.5, "Pi camera: how long auto-exposure and white balance run before they are locked "
                                   "(at start and again at each new game)", within=NOT_NEGATIVE),
        "flicker_hz": Key(0, "Pi camera: mains frequency whose lamp flicker exposure avoids, where libcamera has "
                             "flicker controls (50 or 60; 0 = off)", (0, 50, 60)),
        "loop": Key(False, "source = video / folder: start again at the end instead of stopping"),
        "retry_max_seconds": Key(5.0, "longest wait between attempts to reopen a camera that disappeared",
                                 within=POSITIVE),
        "frame_timeout": Key(5.0, "no picture for this many seconds: the camera is reported lost and restarted",
                             within=POSITIVE),
        "rotate": Key(0, "turn every picture clockwise by this many degrees (a camera mounted rotated)",
                      (0, 90, 180, 270)),
        "flip": Key("none", "mirror every picture before rotating (none, horizontal, vertical, both)",
                    ("none", "horizontal", "vertical", "both")),
        "simulated_pace": Key(8.0, "the SIMULATED table: seconds each simulated player's step stays on the table "
                                   "before the next, slow enough for a person to follow", within=Bounds(0.5, 60)),
    },
    "table": {
        "enabled": Key(True, "read the printed markers: the table plane, zones, and each tile's and piece's cell "
                             "(docs/vision/table.md)"),
        "dictionary": Key("", "marker dictionary (OpenCV name, e.g. DICT_5X5_100, DICT_APRILTAG_36h11, or "
                              "custom:FILE.yml); empty: the layout's own (DICT_5X5_100 for the shipped mats)"),
        "layout": Key("", "table layout file (JSON, docs/vision/table.md); empty: the current game's own mat"),
        "settle_frames": Key(4, "a board is reported once its pieces have kept their cells this many still frames",
                             within=AT_LEAST_ONE),
        "bump_px": Key(4.0, "anchors this many pixels away from where the table plane expects them: the camera was "
                            "moved, the plane is measured again", within=POSITIVE),
        "dice_window": Key(True, "with the table plane known, read dice only in the mat's dice zones, zoomed so a die "
                                 "comes out at 24 detector pixels (benchmarks/table.py section 5)"),
        "die_mm": Key(16.0, "the dice's side in millimetres (for the zoom of dice_window)", within=POSITIVE),
    },
    "vision": {
        "model": Key("", "ONNX dice model; empty: the shipped models/dice.onnx (inside the installed package)"),
        "threads": Key(2, "onnxruntime threads (leave a core for the camera and the web)"),
        "confidence": Key(0.25, "minimum die confidence (centre x is-a-die x value; 0.25 chosen on the training "
                                "photos, models/README.md)", within=PROBABILITY),
        "reread_below": Key(0.8, "a die whose value is less sure than this is read again at four quarter-turns "
                                 "(0 never; chosen on the training photos, models/README.md)", within=PROBABILITY),
        "second_opinion": Key("always", "ask the second face reader (models/dice_faces_b.onnx) about every die while "
                                        "the frame's max_face_looks last (least sure first), only about doubtful "
                                        "dice, or never (chosen on the training photos, models/README.md)",
                              ("off", "doubtful", "always")),
        "max_face_looks": Key(31, "most face-reader looks per frame (every die gets one; the second reader's and the "
                                  "doubtful dice's extra turns go to the least sure first): 31 keeps a frame of the "
                                  "shipped models under 1 GFLOP (benchmarks/flops.py); 0 = no limit",
                                  within=NOT_NEGATIVE),
        "recrop_beyond": Key(0.05, "a die whose box the first face reader finds off by more than this (centre shift in "
                                  "crop sides, or log size ratio) is cut again where the reader saw it and read again "
                                  "(within max_face_looks); 1 or more: never (chosen on the training photos, "
                                  "models/README.md)", within=NOT_NEGATIVE),
        "recrop_rounds": Key(3, "how many times a die's box may be re-placed in a frame: each round re-cuts the dice "
                                "still off by more than recrop_beyond after the last one (within max_face_looks; "
                                "chosen on the training photos, models/README.md)", within=NOT_NEGATIVE),
        "min_crop": Key(0.05, "a face reader's crop is at least this fraction of the frame's shorter side, so a die "
                              "whose box was drawn too small is still seen whole (0.05: 1.3 x the smallest die "
                              "hardware/README.md allows; 0 = off)", within=PROBABILITY),
        "inside_die": Key(0.5, "a reading whose box lies at least this much (a fraction of its area) inside another "
                               "found die's box, twice its size or more, is one of that die's pips and is dropped "
                               "(models/README.md); more than 1: never", within=NOT_NEGATIVE),
        "pip_boxes": Key(0.4, "a candidate the detector scores at least this, turned down as no die and boxed under "
                              "0.6 of the frame's dice (a lone 1's pip boxed alone) is read again at their size (with "
                              "no die read: its box grown to a die's) and kept if it then reads as a die "
                              "(companion/vision/pip_boxes.py); 0 = off", within=PROBABILITY),
        "second_look": Key(0.15, "with no table plane to size the dice: a frame whose first pass read no die from the "
                                 "detector's candidates, or pieces of one die as several, is read again with this "
                                 "fraction of the detector's pixels (dice too big close up come out smaller) with the "
                                 "face-reader looks the first left of max_face_looks, the more confident reading kept "
                                 "(chosen on the training photos, models/README.md); 0 = never",
                                 within=Bounds(0, 1, below=True)),
        "emblem_face": Key(6, "dice with a maker's emblem (a logo, a star, a crest) on one face instead of pips: the "
                              "value that face stands for, 6 or 1 as the dice and the game say (the face readers "
                              "answer 'emblem', models/README.md)", (1, 6)),
        "settle_frames": Key(4, "consecutive frames with the same dice (values, places) before a roll counts as "
                                "settled", within=AT_LEAST_ONE),
        "rules_aware": Key(True, "a camera roll the rules refuse is read again from the reader's second-best values, "
                                 "and shown as 'camera unsure' instead of illegal when a die the reader was not sure "
                                 "of could make it legal (docs/vision/rules-aware.md); false: refereed as read"),
        "reread_floor": Key(0.05, "rules-aware reading: the least probability the reader must have given a face for a "
                                  "re-read to take it (never a value the reader did not see; benchmarks/aware.py)",
                                  within=Bounds(0, 0.5, above=True)),
        "reread_ratio": Key(0.1, "rules-aware reading: a re-reading is taken only when at least this many times as "
                                 "likely as the first reading, by the reader's own probabilities (benchmarks/aware.py)",
                                 within=PROBABILITY),
        "sure_reading": Key(0.8, "rules-aware reading: a die whose face has at least this probability is clearly read, "
                                 "and an illegal roll of clearly read dice stays illegal (benchmarks/aware.py)",
                                 within=PROBABILITY),
        "unsure_doubt": Key(0.02, "rules-aware reading: a die not clearly read whose other face (given at least this "
                                  "probability) would make an illegal roll legal makes it 'camera unsure' instead of "
                                  "illegal (at most reread_floor; benchmarks/aware.py)", within=Bounds(0, 0.5)),
        "sure_die": Key(0.4, "rules-aware reading: a camera roll with too many dice is 'camera unsure' when as many of "
                             "its least confident dice as it has too many are under this confidence (a die the "
                             "camera may have imagined), else illegal (chosen on validation photos, "
                             "benchmarks/aware.py --miscount --sweep); 0: always illegal", within=PROBABILITY),
        "missed_die_unsure": Key(True, "rules-aware reading: a camera roll short of dice with none seen unread to "
                                       "make them up is 'camera unsure' (the camera may have missed a die); false: "
                                       "refereed as read, an illegal count (chosen on validation photos, "
                                       "benchmarks/aware.py --miscount: rows aware+missed and aware+count)"),
        "arbiter": Key(True, "once a roll settles, read its unsure dice again with the arbiter (models/"
                             "dice_faces_arbiter.onnx, 93x a face reader's compute; companion/vision/arbiter.py)"),
        "arbiter_below": Key(0.35, "the arbiter reads again the settled dice seen but not read and the read ones less "
                                   "sure than this (chosen on validation photos, models/README.md)",
                                   within=PROBABILITY),
        "arbiter_accept": Key(0.7, "a die seen but not read becomes read when the arbiter reads its value this sure",
                              within=Bounds(0, 1, above=True)),
        "arbiter_dice": Key(16, "most dice of one settled roll the arbiter reads (least sure first; ~10 ms each on "
                               "one x86 core)", within=NOT_NEGATIVE),
        "arbiter_temperature": Key(1.6, "the arbiter's face probabilities are softened by this before the referee "
                                        "weighs them (at 1.6 the true faces of the validation photos' unsure dice are "
                                        "likeliest: models/arbiter_temperature.py; 1: as the model says)",
                                        within=POSITIVE),
        "profile": Key(True, "learn this table's dice from the players' corrections on the phones (kept in data_dir's "
                             "profile/, never sent anywhere) and read each settled roll with them (docs/vision/"
                             "profile.md); false: the shipped readers alone, and nothing more is kept"),
        "profile_size": Key(400, "most corrections the table profile keeps (the oldest go first)",
                            within=AT_LEAST_ONE),
        "unread_dice": Key(True, "report the dice the camera sees but cannot read (drawn '?' on the phone; never "
                                 "played): a roll short of dice they would make up is 'camera unsure', not illegal "
                                 "(companion/vision/unread.py, benchmarks/aware.py); false: such dice are dropped"),
        "blur_limit_px": Key(3.0, "a frame whose edges measure more blurred than this (sigma in frame pixels, "
                                  "companion/vision/focus.py) is not read, and after a second of it the phones say the "
                                  "picture is blurred: past about 2.5 px the dice read wrong (benchmarks/blur.py); "
                                  "0 = never", within=NOT_NEGATIVE),
    },
    "panel": {
        "enabled": Key(True, "drive the LED/buzzer panel (off by itself, with one log line, where there is no GPIO)"),
        "pin_factory": Key("", "gpiozero pin factory: empty = gpiozero's default (lgpio on a Pi 5), or lgpio, rpigpio, "
                               "pigpio, native, mock"),
        "green_pin": Key(17, "BCM number of the green LED (ready / legal) — header pin 11"),
        "amber_pin": Key(27, "BCM number of the amber LED (warning / breach risk / camera problem) — header pin 13"),
        "red_pin": Key(22, "BCM number of the red LED (illegal / breach / elimination) — header pin 15"),
        "buzzer_pin": Key(18, "BCM number of the buzzer's transistor base — header pin 12; 0 = no buzzer"),
        "buzzer_kind": Key("buzzer", "buzzer: active buzzer (on/off beeps); tonal: passive buzzer (pitched tunes)",
                           ("buzzer", "tonal")),
        "button_pin": Key(23, "BCM number of the end-of-turn / silence button to ground — header pin 16; "
                              "0 = no button"),
        "sound": Key(True, "sound the buzzer; false keeps the lights only (holding the button toggles it; the "
                           "choice is kept in data_dir and outlives a restart)"),
        "volume": Key(1.0, "tonal buzzer loudness, 0.1-1: the PWM duty cycle (1 = 50 %, a square wave's loudest)"),
        "bounce_ms": Key(50, "button debounce: contact chatter shorter than this many milliseconds is one press"),
        "allow_i2c_pins": Key(False, "allow GPIO2/GPIO3 (the I2C bus, with fixed pull-ups) for the panel"),
    },
    "hall": {
        "broker": Key("", "MQTT broker the table publishes to for a club's hall page, mqtt://HOST[:PORT] or "
                          "mqtts://HOST[:PORT]; empty: the table stays alone (docs/hall.md)"),
        "table": Key("", "the table's name in the hall (its topic id is made from it: 'Table 3' -> table-3); "
                         "empty: service.name"),
        "username": Key("", "user name for the broker (empty: none)"),
        "password": Key("", "password for the broker; better kept in password_file", secret=True),
        "password_file": Key("", "file holding the broker's password, readable by the service's user only"),
        "ca_file": Key("", "CA certificates for an mqtts:// broker (empty: the system's)"),
        "retry_max_seconds": Key(60.0, "longest wait between tries to reach the broker (they start at 1 s)",
                                 within=Bounds(1, 3600)),
    },
}


class ConfigError(ValueError):
    """A configuration file that cannot be used, with the offending key named."""


def defaults(section: str) -> dict[str, Any]:
    """A section's default values: classes built from a section take their keyword defaults from here, so a
    default is written once (the service builds them from the loaded config; tests and scripts may not)."""
    return {name: key.default for name, key in SCHEMA[section].items()}


def default_paths() -> list[Path]:
    return [Path("~/.config/companion/companion.toml").expanduser(), Path("/etc/companion/companion.toml")]


class Config:
    """The effective configuration, and where each value came from."""

    def __init__(self, values: dict[str, dict[str, Any]], origins: dict[str, str], path: Path | None):
        self._values = values
        self.origins = origins
        self.path = path

    def __getitem__(self, section: str) -> dict[str, Any]:
        return self._values[section]

    def get(self, dotted: str) -> Any:
        section, key = dotted.split(".", 1)
        return self._values[section][key]

    def items(self) -> Iterator[tuple[str, Any, str]]:
        for section, keys in SCHEMA.items():
            for key in keys:
                name = f"{section}.{key}"
                yield name, self._values[section][key], self.origins[name]

    def to_toml(self) -> str:
        """The effective configuration as TOML, each value annotated with its origin."""
        lines: list[str] = []
        for section, keys in SCHEMA.items():
            lines.append(f"[{section}]")
            for key, spec in keys.items():
                name = f"{section}.{key}"
                lines.append(f"# {spec.doc}" + (f" [{spec.within}]" if spec.within is not None else ""))
                value = self._values[section][key]
                shown = _toml_value("(set)" if spec.secret and value else value)
                lines.append(f"{key} = {shown}  # from {self.origins[name]}")
            lines.append("")
        return "\n".join(lines)

    @property
    def data_dir(self) -> Path:
        return Path(os.path.expanduser(self["service"]["data_dir"]))


def load_config(path: str | os.PathLike | None = None, overrides: dict[str, dict[str, Any]] | None = None) -> Config:
    """Load and validate; ``overrides`` (used by tests and `make run`) win over the file."""
    chosen: Path | None = None
    data: dict[str, Any] = {}
    if path is not None:
        chosen = Path(path)
        if not chosen.is_file():
            raise ConfigError(f"configuration file {chosen} does not exist")
    else:
        chosen = next((p for p in default_paths() if p.is_file()), None)
    if chosen is not None:
        try:
            data = tomllib.loads(chosen.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{chosen} is not valid TOML: {exc}") from exc
    values = {section: {k: spec.default for k, spec in keys.items()} for section, keys in SCHEMA.items()}
    origins = {f"{s}.{k}": "default" for s, keys in SCHEMA.items() for k in keys}
    _merge(values, origins, data, str(chosen))
    if overrides:
        _merge(values, origins, overrides, "command line")
    vision = values["vision"]
    if vision["unsure_doubt"] > vision["reread_floor"]:
        raise ConfigError(f"{origins['vision.unsure_doubt']}: vision.unsure_doubt ({vision['unsure_doubt']:g}) must be "
                          f"at most vision.reread_floor ({vision['reread_floor']:g})")
    return Config(values, origins, chosen)


def _merge(values, origins, data: dict[str, Any], origin: str) -> None:
    for section, table in data.items():
        if section not in SCHEMA:
            raise ConfigError(f"{origin}: unknown section [{section}] (known: {', '.join(SCHEMA)})")
        if not isinstance(table, dict):
            raise ConfigError(f"{origin}: [{section}] must be a table")
        for key, value in table.items():
            name = f"{section}.{key}"
            spec = SCHEMA[section].get(key)
            if spec is None:
                raise ConfigError(f"{origin}: unknown key {name} (known in [{section}]: {', '.join(SCHEMA[section])})")
            value = _check_type(name, spec, value, origin)
            values[section][key] = value
            origins[name] = origin


def _check_type(name: str, spec: Key, value: Any, origin: str) -> Any:
    default = spec.default
    ok: bool
    if spec.also and isinstance(value, spec.also) and not isinstance(value, bool):
        ok = True
    elif isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif isinstance(default, list):
        ok = isinstance(value, list)
    else:
        ok = isinstance(value, type(default))
    if not ok:
        raise ConfigError(f"{origin}: {name} must be {type(default).__name__}, got {value!r}")
    if spec.choices is not None and value not in spec.choices:
        raise ConfigError(f"{origin}: {name} must be one of {', '.join(map(str, spec.choices))}, got {value!r}")
    if spec.within is not None and not spec.within.admits(value):
        raise ConfigError(f"{origin}: {name} must be {spec.within}, got {value!r}")
    return value


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
