"""The panel: three LEDs, a buzzer and an optional button, composed from gpiozero devices.

``Panel.from_config(config)`` gives a working panel on a Pi, or a
``DisabledPanel`` (one log line saying why) anywhere without GPIO, so the
rest of the companion runs the same on a laptop. Pin numbers come only from
the [panel] section of the configuration.
"""

from __future__ import annotations

import logging
import time
import warnings
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from companion.core import Verdict, VerdictKind
from companion.files import keep_setting, read_setting
from companion.panel.player import PatternPlayer
from companion.panel.signals import CAMERA_PROBLEM, LIGHTS, MID_TONE, READY, SIGNALS, Step, most_important

log = logging.getLogger(__name__)

I2C_PINS = {2: "SDA", 3: "SCL"}  # fixed 1.8 kOhm pull-ups to 3V3: a button reads pressed-never, an LED glows
STATE_FILE = "panel.json"      # in data_dir: what the players chose with the button (sound on/off)
END_TURN_LOCKOUT = 0.5         # seconds after an end of turn in which another press is taken as the same one


class DisabledPanel:
    """The same methods as Panel, doing nothing: there is no GPIO here (or the panel is switched off)."""

    enabled = False

    def __init__(self, reason: str) -> None:
        self.reason = reason
        self.when_end_turn: Callable[[], Any] | None = None
        self.when_silenced: Callable[[], Any] | None = None

    def show(self, verdicts: Iterable[Verdict]) -> VerdictKind | None:
        return most_important(v.kind for v in verdicts)

    def ready(self) -> None: ...

    def camera_problem(self, active: bool) -> None: ...

    def silence(self) -> None: ...

    def wait_idle(self, timeout: float | None = None) -> bool:
        return True

    def close(self) -> None: ...


class Panel:
    """Green: ready / legal. Amber: warning, camera problem. Red: illegal, breach, elimination, fall, loss.

    ``show()`` returns at once; the pattern plays on the panel's own thread.
    Button: a press while a pattern sounds silences it; a press otherwise
    confirms the end of the turn (``when_end_turn``); holding it switches the
    sound off or back on.
    """

    enabled = True

    def __init__(self, green, amber, red, buzzer=None, button=None, *, tonal: bool = False, sound: bool = True,
                 time_scale: float = 1.0, bounce: float = 0.05, state_file: Path | None = None, volume: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lights = {"green": green, "amber": amber, "red": red}
        self.buzzer = buzzer
        self.button = button
        self.tonal = tonal
        self.state_file = state_file
        self.sound = _saved_sound(state_file, sound)
        self.bounce = bounce
        if not 0.1 <= volume <= 1.0:
            raise ValueError(f"panel.volume must be between 0.1 and 1, got {volume!r}")
        self.duty = 0.5 * volume  # a square wave is loudest at 50 % duty; less is quieter
        self.when_end_turn: Callable[[], Any] | None = None
        self.when_silenced: Callable[[], Any] | None = None
        self.when_sound_refused: Callable[[OSError], Any] | None = None  # the card refused the sound chosen
        self._press_used = False
        self._clock = clock
        self._pressed_at: float | None = None
        self._last_end_turn = float("-inf")
        self.pins: dict[str, int | None] = {}  # BCM numbers, for the wiring check's messages
        self.player = PatternPlayer(self._output, rest=frozenset(), time_scale=time_scale)
        if button is not None:
            button.when_pressed = self._pressed
            button.when_released = self._released
            button.when_held = self._held

    # -- construction from the configuration -----------------------------------------
    @classmethod
    def from_config(cls, config: Mapping[str, Any] | Any, time_scale: float = 1.0) -> "Panel | DisabledPanel":
        section = config["panel"]
        if not section["enabled"]:
            log.info("LED/buzzer panel: disabled in the configuration ([panel] enabled = false)")
            return DisabledPanel("disabled in the configuration")
        try:
            check_pins(section)
            factory = make_pin_factory(section["pin_factory"])
            data_dir = getattr(config, "data_dir", None)
            return cls._build(section, factory, time_scale, Path(data_dir) / STATE_FILE if data_dir else None)
        except Exception as exc:  # noqa: BLE001 - no GPIO (any non-Pi machine), busy pin, bad pin number
            reason = _explain(exc)
            log.warning("LED/buzzer panel: off (%s); everything else runs without it", reason)
            return DisabledPanel(reason)

    @classmethod
    def _build(cls, section: Mapping[str, Any], factory, time_scale: float, state_file: Path | None) -> "Panel":
        from gpiozero import LED, Button, Buzzer, TonalBuzzer
        from gpiozero.tones import Tone

        made: list[Any] = []

        def device(kind, *args, **kwargs):
            made.append(kind(*args, pin_factory=factory, **kwargs))
            return made[-1]

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # gpiozero's fallback chatter; failure is reported below
                green = device(LED, section["green_pin"])
                amber = device(LED, section["amber_pin"])
                red = device(LED, section["red_pin"])
                buzzer = None
                tonal = section["buzzer_kind"] == "tonal"
                if section["buzzer_pin"]:
                    buzzer = device(TonalBuzzer, section["buzzer_pin"], mid_tone=Tone.from_frequency(MID_TONE),
                                    octaves=1) if tonal else device(Buzzer, section["buzzer_pin"])
                button = None
                bounce = section["bounce_ms"] / 1000.0
                if section["button_pin"]:
                    # gpiozero's bounce_time debounces in the pin driver (lgpio); the panel also ignores
                    # presses shorter than it, for pin factories that do not debounce (mock pins).
                    button = device(Button, section["button_pin"], pull_up=True, bounce_time=bounce or None,
                                    hold_time=2.0)
        except Exception:
            for part in made:
                part.close()
            raise
        panel = cls(green, amber, red, buzzer, button, tonal=tonal, sound=section["sound"], time_scale=time_scale,
                    bounce=bounce, state_file=state_file, volume=section["volume"])
        panel.pins = {"green": section["green_pin"], "amber": section["amber_pin"], "red": section["red_pin"],
                      "buzzer": section["buzzer_pin"] or None, "button": section["button_pin"] or None}
        log.info("LED/buzzer panel: on (green %s, amber %s, red %s, %s buzzer %s, button %s)",
                 section["green_pin"], section["amber_pin"], section["red_pin"], section["buzzer_kind"],
                 section["buzzer_pin"] or "none", section["button_pin"] or "none")
        return panel

    # -- what the service calls --------------------------------------------------------------
    def show(self, verdicts: Iterable[Verdict]) -> VerdictKind | None:
        """Signal the most important verdict of one event; returns its kind (None: nothing to show)."""
        kind = most_important(v.kind for v in verdicts)
        if kind is not None:
            signal = SIGNALS[kind]
            self.player.play(signal.steps, signal.rest)
        return kind

    def ready(self) -> None:
        """Green: the companion is watching and the last move was fine."""
        self.player.set_rest(READY)

    def camera_problem(self, active: bool) -> None:
        """Blink amber while the camera is lost; back to the resting lights when it returns."""
        self.player.set_loop(CAMERA_PROBLEM if active else None)

    def silence(self) -> None:
        """Stop the pattern now; the resting light stays."""
        self.player.stop_sound()

    def wait_idle(self, timeout: float | None = None) -> bool:
        return self.player.wait_idle(timeout)

    def wiring_check(self, seconds: float = 1.0, say: Callable[[str], Any] = print) -> None:
        """`companion doctor --panel`: light each LED alone, then sound the buzzer, saying what should happen."""
        self.player.close()  # the check drives the outputs itself
        from companion.panel.header import BCM_TO_HEADER

        for name in LIGHTS:
            pin = self.pins.get(name)
            where = f" (GPIO{pin}, header pin {BCM_TO_HEADER.get(pin, '?')})" if pin is not None else ""
            say(f"{name} LED on now{where}: only it should be lit")
            self._raw(frozenset({name}), None)
            time.sleep(seconds)
        if self.buzzer is None:
            say("no buzzer configured (panel.buzzer_pin = 0)")
        else:
            say(f"buzzer on now ({'tonal, ' + format(MID_TONE, 'g') + ' Hz' if self.tonal else 'plain'}): "
                "you should hear it")
            self._raw(frozenset(), MID_TONE)
            time.sleep(seconds)
        self._raw(frozenset(), None)

    def _raw(self, lights: frozenset[str], tone: float | None) -> None:
        saved, self.sound = self.sound, True
        try:
            self._output(lights, tone)
        finally:
            self.sound = saved

    def close(self) -> None:
        self.player.close()
        for part in (*self.lights.values(), self.buzzer, self.button):
            if part is not None:
                part.close()

    # -- outputs ---------------------------------------------------------------------------
    def _output(self, lights: frozenset[str], tone: float | None) -> None:
        for name in LIGHTS:
            led = self.lights[name]
            led.on() if name in lights else led.off()
        if self.buzzer is None:
            return
        if tone is None or not self.sound:
            self.buzzer.off() if not self.tonal else self.buzzer.stop()
        elif self.tonal and self.duty == 0.5:
            self.buzzer.play(float(tone))
        elif self.tonal:  # TonalBuzzer.play always drives 50 %: set the pitch and the quieter duty directly
            self.buzzer.pwm_device.pin.frequency = float(tone)
            self.buzzer.pwm_device.value = self.duty
        else:
            self.buzzer.on()

    # -- button ----------------------------------------------------------------------------
    def _pressed(self) -> None:
        self._press_used = False
        self._pressed_at = self._clock()
        if self.player.sounding:
            self._press_used = True
            self.silence()
            _call(self.when_silenced)

    def _held(self) -> None:
        self._press_used = True
        self.sound = not self.sound
        log.info("panel sound %s", "on" if self.sound else "off")
        refused = self._save()
        if refused is not None and self.when_sound_refused is not None:
            _call(lambda: self.when_sound_refused(refused))
        if self.sound:  # one blip confirms the sound is back
            self.player.play((Step(frozenset({"green"}), SIGNALS[VerdictKind.WARNING].steps[0].tone, 0.1),),
                             self.player.rest)

    def _released(self) -> None:
        now = self._clock()
        pressed_for = now - self._pressed_at if self._pressed_at is not None else 0.0
        self._pressed_at = None
        bounced = pressed_for < self.bounce or now - self._last_end_turn < max(END_TURN_LOCKOUT, self.bounce)
        if not self._press_used and not bounced:
            self._last_end_turn = now
            _call(self.when_end_turn)
        self._press_used = False

    def _save(self) -> OSError | None:
        """Keep the players' sound choice across restarts (data_dir/panel.json); the card's refusal, if any."""
        return keep_setting(self.state_file, "sound", self.sound, "panel")


def _saved_sound(state_file: Path | None, default: bool) -> bool:
    saved = read_setting(state_file, "sound", "panel")
    return saved if isinstance(saved, bool) else default


def check_pins(section: Mapping[str, Any]) -> None:
    """Refuse a panel on the I2C pins unless allowed, or a volume out of range, naming the key."""
    if not 0.1 <= section.get("volume", 1.0) <= 1.0:
        raise ValueError(f"panel.volume must be between 0.1 and 1, got {section['volume']!r}")
    for key in ("green_pin", "amber_pin", "red_pin", "buzzer_pin", "button_pin"):
        pin = section[key]
        if not pin and key in ("buzzer_pin", "button_pin"):
            continue
        if pin in I2C_PINS and not section.get("allow_i2c_pins", False):
            raise ValueError(f"panel.{key} = {pin} is GPIO{pin}, the I2C {I2C_PINS[pin]} pin with a fixed pull-up "
                             "(a button there never reads released, an LED glows): choose another pin "
                             "(hardware/README.md) or set panel.allow_i2c_pins = true")


def _call(callback: Callable[[], Any] | None) -> None:
    if callback is None:
        return
    try:
        callback()
    except Exception:  # noqa: BLE001 - a listener's bug must not kill gpiozero's event thread
        log.exception("panel button listener failed")


def make_pin_factory(name: str):
    """The named gpiozero pin factory; None for gpiozero's own default choice."""
    if not name:
        return None
    if name == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        return MockFactory(pin_class=MockPWMPin)
    from importlib.metadata import entry_points

    for entry in entry_points(group="gpiozero_pin_factories"):
        if entry.name == name.lower():
            return entry.load()()
    raise ValueError(f"unknown gpiozero pin factory {name!r} (lgpio, rpigpio, pigpio, native, mock)")


def _explain(exc: Exception) -> str:
    from gpiozero.exc import BadPinFactory

    if isinstance(exc, BadPinFactory):
        return "no GPIO on this machine (gpiozero found no pin factory; on a Pi: sudo apt install python3-lgpio)"
    if isinstance(exc, PermissionError):
        return f"no permission to use GPIO ({exc}); add the user to the gpio group"
    return f"{type(exc).__name__}: {exc}"
