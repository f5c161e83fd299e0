"""The real panel on gpiozero's mock pins: the pin-state sequence each verdict kind produces."""

from __future__ import annotations

import logging
import time

import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config import load_config
from companion.core import VerdictKind, verdict
from companion.panel import SIGNALS, DisabledPanel, Panel
from companion.panel.signals import PRIORITY

SCALE = 0.02  # patterns play 50x faster in tests; the sequence of states is what is checked


class RecordingPWMPin(MockPWMPin):
    """A mock PWM pin that also remembers every frequency it was given (the tonal buzzer's notes)."""

    def __init__(self, factory, info):
        self.frequencies = []
        super().__init__(factory, info)

    def _set_frequency(self, value):
        if value is not None:
            self.frequencies.append(round(value, 2))
        super()._set_frequency(value)


@pytest.fixture
def mock_pins():
    previous = Device.pin_factory
    Device.pin_factory = MockFactory(pin_class=RecordingPWMPin)
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = previous


def config(tmp_path, **panel):
    return load_config(overrides={"panel": panel, "service": {"data_dir": str(tmp_path)}})


@pytest.fixture
def make_panel(tmp_path, mock_pins):
    made = []

    def make(**panel):
        cfg = config(tmp_path, **panel)
        p = Panel.from_config(cfg, time_scale=SCALE)
        made.append(p)
        pins = {name: mock_pins.pin(cfg["panel"][f"{name}_pin"]) for name in ("green", "amber", "red", "buzzer")}
        pins["button"] = mock_pins.pin(cfg["panel"]["button_pin"])
        for pin in pins.values():
            pin.clear_states()
            if isinstance(pin, RecordingPWMPin):
                pin.frequencies.clear()  # forget the PWM set-up (100 Hz) done while building
        return p, pins

    yield make
    for p in made:
        p.close()


def states(pin) -> list[float]:
    return [float(s.state) for s in pin.states]


def long_press(panel, pins, until) -> None:
    """Hold the button (a long press: 0.05 s here) until ``until()`` is true, 2 s at most, then let it go."""
    panel.button.hold_time = 0.05
    pins["button"].drive_low()
    deadline = time.monotonic() + 2
    while not until() and time.monotonic() < deadline:
        time.sleep(0.01)
    pins["button"].drive_high()


def one(kind: VerdictKind):
    return [verdict(kind, "test.rule", f"{kind.value}", f"{kind.value} (fr)")]


# Per kind: (lit LED, its states, buzzer states, the tonal buzzer's notes in Hz).
# A light flashes with each beep, then stays on until the next event.
EXPECTED = {
    VerdictKind.ILLEGAL: ("red", [0, 1, 0, 1, 0, 1, 0, 1], [0, 1, 0, 1, 0, 1, 0], [3520.0, 3520.0, 3520.0]),
    VerdictKind.BREACH: ("red", [0, 1, 0, 1, 0, 1], [0, 1, 0, 1, 0], [2637.02, 2637.02]),
    VerdictKind.ELIMINATION: ("red", [0, 1, 0, 1], [0, 1, 0], [2093.0]),
    VerdictKind.FALL: ("red", [0, 1, 0, 1, 0, 1, 0, 1], [0, 1, 0, 1, 0, 1, 0], [3135.96, 2637.02, 2093.0]),
    VerdictKind.LOSS: ("red", [0, 1, 0, 1, 0, 1, 0, 1], [0, 1, 0, 1, 0, 1, 0], [2637.02, 2349.32, 2093.0]),
    VerdictKind.WIN: ("green", [0, 1, 0, 1, 0, 1, 0, 1], [0, 1, 0, 1, 0, 1, 0], [2093.0, 2637.02, 3135.96]),
    VerdictKind.WARNING: ("amber", [0, 1, 0, 1], [0, 1, 0], [2349.32]),
    VerdictKind.UNSURE: ("amber", [0, 1, 0, 1, 0, 1], [0], []),  # silent: the camera accuses nobody
    VerdictKind.INFO: ("green", [0, 1, 0, 1], [0], []),
}


def test_every_note_is_in_a_piezo_buzzers_loud_band():
    """Every note is within 2-4 kHz, a piezo buzzer's resonance: lower tunes are barely heard."""
    notes = [step.tone for signal in SIGNALS.values() for step in signal.steps if step.tone is not None]
    assert notes and all(2000 <= tone <= 4000 for tone in notes), sorted(set(notes))


def test_every_verdict_kind_has_an_expected_sequence():
    assert set(EXPECTED) == set(VerdictKind) == set(SIGNALS)


@pytest.mark.parametrize("kind", list(VerdictKind), ids=lambda k: k.value)
def test_plain_buzzer_sequence_for_each_kind(make_panel, kind):
    panel, pins = make_panel(buzzer_kind="buzzer")
    assert panel.show(one(kind)) is kind
    assert panel.wait_idle(timeout=5)
    light, light_states, buzzer_states, _ = EXPECTED[kind]
    assert states(pins[light]) == light_states
    assert states(pins["buzzer"]) == buzzer_states
    for other in {"green", "amber", "red"} - {light}:
        assert states(pins[other]) == [0], f"{other} must stay dark for {kind.value}"


@pytest.mark.parametrize("kind", list(VerdictKind), ids=lambda k: k.value)
def test_tonal_buzzer_plays_each_kinds_notes(make_panel, kind):
    panel, pins = make_panel(buzzer_kind="tonal")
    panel.show(one(kind))
    assert panel.wait_idle(timeout=5)
    light, light_states, buzzer_states, notes = EXPECTED[kind]
    assert pins["buzzer"].frequencies == notes
    # PWM duty: 0.5 while a note sounds, 0 between notes.
    assert states(pins["buzzer"]) == [0.5 * s for s in buzzer_states]
    assert states(pins[light]) == light_states


def test_rhythms_differ_for_a_plain_buzzer():
    """Without pitch, each kind that sounds has a rhythm of its own (its on/off timings); the two silent kinds, the
    camera's doubt and plain news, are told apart by their light (amber, green: the sequences above)."""
    rhythms = {kind: tuple((step.tone is not None, step.seconds) for step in sig.steps)
               for kind, sig in SIGNALS.items()}
    assert len(set(rhythms.values())) == len(rhythms)
    sounding = {kind: rhythm for kind, rhythm in rhythms.items() if any(on for on, _seconds in rhythm)}
    assert set(rhythms) - set(sounding) == {VerdictKind.UNSURE, VerdictKind.INFO}
    assert len(set(sounding.values())) == len(sounding)
    assert EXPECTED[VerdictKind.UNSURE][0] != EXPECTED[VerdictKind.INFO][0]


def test_show_returns_at_once_and_signals_the_most_important_kind(make_panel):
    panel, pins = make_panel()
    panel.player._scale = 1.0  # real timings: an elimination beeps for a whole second
    kind = panel.show(one(VerdictKind.INFO) + one(VerdictKind.ELIMINATION) + one(VerdictKind.WARNING))
    assert not panel.wait_idle(timeout=0), "show() returned while the pattern still plays: the referee never waits"
    assert kind is VerdictKind.ELIMINATION
    panel.silence()
    assert panel.wait_idle(timeout=2)
    assert states(pins["amber"]) == [0]


def test_priority_puts_illegal_first_and_info_last():
    assert PRIORITY[0] is VerdictKind.ILLEGAL and PRIORITY[-1] is VerdictKind.INFO
    assert set(PRIORITY) == set(VerdictKind)


def test_empty_verdict_list_changes_nothing(make_panel):
    panel, pins = make_panel()
    assert panel.show([]) is None
    assert panel.wait_idle(timeout=1)
    assert all(states(pins[name]) == [0] for name in ("green", "amber", "red", "buzzer"))


def test_ready_lights_green_and_a_verdict_replaces_it(make_panel):
    panel, pins = make_panel()
    panel.ready()
    deadline = time.monotonic() + 2
    while states(pins["green"]) != [0, 1] and time.monotonic() < deadline:
        time.sleep(0.005)
    assert states(pins["green"]) == [0, 1]
    panel.show(one(VerdictKind.WARNING))
    assert panel.wait_idle(timeout=2)
    assert states(pins["green"]) == [0, 1, 0]
    assert states(pins["amber"]) == [0, 1, 0, 1]


def test_a_new_verdict_interrupts_the_pattern_playing(make_panel):
    panel, pins = make_panel()
    panel.player._scale = 1.0
    panel.show(one(VerdictKind.ELIMINATION))  # a one-second beep
    time.sleep(0.05)
    panel.player._scale = SCALE
    panel.show(one(VerdictKind.WARNING))
    assert panel.wait_idle(timeout=2)
    assert states(pins["red"]) == [0, 1, 0]
    assert states(pins["amber"]) == [0, 1, 0, 1]
    assert states(pins["buzzer"]) == [0, 1, 0, 1, 0]


def test_sound_off_in_config_keeps_the_lights(make_panel):
    panel, pins = make_panel(sound=False)
    panel.show(one(VerdictKind.ILLEGAL))
    assert panel.wait_idle(timeout=2)
    assert states(pins["buzzer"]) == [0]
    assert states(pins["red"]) == EXPECTED[VerdictKind.ILLEGAL][1]


def test_camera_problem_blinks_amber_until_it_is_solved(make_panel):
    panel, pins = make_panel()
    panel.ready()
    panel.camera_problem(True)
    deadline = time.monotonic() + 3
    while len(pins["amber"].states) < 6 and time.monotonic() < deadline:
        time.sleep(0.005)
    panel.camera_problem(False)
    time.sleep(0.1)
    amber = states(pins["amber"])
    assert amber[:6] == [0, 1, 0, 1, 0, 1] and amber[-1] == 0
    assert states(pins["green"])[-1] == 1, "the resting light comes back"
    assert states(pins["buzzer"]) == [0], "a lost camera is shown, not beeped"


def press(pin, hold=0.08):
    pin.drive_low()
    time.sleep(hold)
    pin.drive_high()


def test_button_press_when_quiet_ends_the_turn(make_panel):
    panel, pins = make_panel()
    turns, silenced = [], []
    panel.when_end_turn = lambda: turns.append(1)
    panel.when_silenced = lambda: silenced.append(1)
    press(pins["button"])
    assert turns == [1] and silenced == []


def test_a_bouncing_button_ends_one_turn_not_four(make_panel):
    """One bouncing press ends one turn, not the next players' turns too."""
    panel, pins = make_panel()
    turns = []
    panel.when_end_turn = lambda: turns.append(1)
    button = pins["button"]
    for _ in range(3):  # contact chatter as the button goes down: edges a millisecond apart
        button.drive_low()
        button.drive_high()
    press(button)  # then held down for a real press
    for _ in range(3):  # and chatter as it comes up
        button.drive_low()
        button.drive_high()
    assert turns == [1]
    assert panel.button.pin.bounce == pytest.approx(0.05), "the pin driver debounces too, where it can"
    time.sleep(0.5)
    press(button)
    assert turns == [1, 1], "a second, real press half a second later is a second end of turn"


def test_mute_chosen_with_the_button_outlives_a_restart(make_panel, tmp_path):
    """Mute chosen with the button (a long press) is saved and still chosen after a restart."""
    panel, pins = make_panel()
    long_press(panel, pins, until=lambda: not panel.sound)
    assert panel.sound is False
    panel.close()
    restarted, _ = make_panel()
    assert restarted.sound is False, "still muted after the restart"
    assert (tmp_path / "panel.json").read_text() == '{"sound": false}'


def test_a_sound_choice_the_card_refuses_holds_and_is_said(make_panel, monkeypatch):
    """A sound choice the card refuses to save holds for now and is handed to ``when_sound_refused`` (the Service
    tells the phones that a restart would bring the sound back), not only logged."""
    import errno

    monkeypatch.setattr("companion.files.write_atomically", lambda *a, **k: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, "No space left on device")))
    panel, pins = make_panel()
    refused = []
    panel.when_sound_refused = refused.append
    long_press(panel, pins, until=lambda: refused)
    assert panel.sound is False and [exc.errno for exc in refused] == [errno.ENOSPC]


@pytest.mark.parametrize("key", ["green_pin", "button_pin"])
def test_the_i2c_pins_are_refused_unless_allowed(tmp_path, mock_pins, key, caplog):
    """GPIO2/3 (I2C, fixed pull-ups) are refused for the panel, with the key and the way out named, unless
    allow_i2c_pins is set."""
    panel = Panel.from_config(config(tmp_path, **{key: 3}), time_scale=SCALE)
    assert isinstance(panel, DisabledPanel)
    assert f"panel.{key} = 3" in panel.reason and "I2C SCL" in panel.reason and "allow_i2c_pins" in panel.reason
    allowed = Panel.from_config(config(tmp_path, **{key: 3, "allow_i2c_pins": True}), time_scale=SCALE)
    assert isinstance(allowed, Panel)
    allowed.close()


def test_wiring_check_lights_each_led_alone_then_sounds_the_buzzer(make_panel):
    panel, pins = make_panel(buzzer_kind="tonal", sound=False)
    said = []
    panel.wiring_check(seconds=0.01, say=said.append)
    for name in ("green", "amber", "red"):
        assert states(pins[name]) == [0, 1, 0], name
    assert pins["buzzer"].frequencies == [2800.0]
    assert states(pins["buzzer"]) == [0, 0.5, 0], "sounds even with the sound switched off"
    assert said[0].startswith("green LED on now (GPIO17, header pin 11)") and "buzzer" in said[-1]


def test_button_press_while_sounding_silences_instead(make_panel):
    panel, pins = make_panel()
    turns, silenced = [], []
    panel.when_end_turn = lambda: turns.append(1)
    panel.when_silenced = lambda: silenced.append(1)
    panel.player._scale = 1.0
    panel.show(one(VerdictKind.ELIMINATION))
    time.sleep(0.05)
    pins["button"].drive_low()
    pins["button"].drive_high()
    assert panel.wait_idle(timeout=0.5), "silenced long before the second-long beep ends"
    assert silenced == [1] and turns == []
    assert states(pins["buzzer"]) == [0, 1, 0]
    assert states(pins["red"])[-1] == 1, "the red light stays after silencing"


def test_holding_the_button_switches_sound_off(make_panel):
    panel, pins = make_panel()
    turns = []
    panel.when_end_turn = lambda: turns.append(1)
    long_press(panel, pins, until=lambda: not panel.sound)
    assert panel.sound is False and turns == []
    panel.show(one(VerdictKind.ILLEGAL))
    assert panel.wait_idle(timeout=2)
    assert states(pins["buzzer"]) == [0]


def test_no_button_and_no_buzzer_when_pins_are_zero(make_panel):
    panel, pins = make_panel(buzzer_pin=0, button_pin=0)
    assert panel.buzzer is None and panel.button is None
    panel.show(one(VerdictKind.ILLEGAL))
    assert panel.wait_idle(timeout=2)
    assert states(pins["red"]) == EXPECTED[VerdictKind.ILLEGAL][1]


def test_close_releases_the_pins(make_panel, mock_pins, tmp_path):
    panel, pins = make_panel()
    panel.ready()
    panel.close()
    again = Panel.from_config(config(tmp_path), time_scale=SCALE)
    assert again.enabled
    again.close()


def test_without_gpio_the_panel_is_off_says_so_once_and_does_nothing(tmp_path, monkeypatch, caplog):
    def no_gpio():
        raise BadPinFactory("Unable to load any default pin factory!")

    previous = Device.pin_factory
    Device.pin_factory = None
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_gpio))
    try:
        with caplog.at_level(logging.INFO, logger="companion.panel"):
            panel = Panel.from_config(config(tmp_path))
            assert isinstance(panel, DisabledPanel) and not panel.enabled
            assert panel.show(one(VerdictKind.ILLEGAL)) is VerdictKind.ILLEGAL
            panel.ready()
            panel.camera_problem(True)
            panel.close()
    finally:
        Device.pin_factory = previous
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "no GPIO" in lines[0]


def test_disabled_in_config(tmp_path, mock_pins, caplog):
    with caplog.at_level(logging.INFO, logger="companion.panel"):
        panel = Panel.from_config(config(tmp_path, enabled=False))
    assert isinstance(panel, DisabledPanel) and "configuration" in panel.reason
    assert not mock_pins.pins, "no pin is touched"


def test_a_pin_conflict_disables_the_panel_and_releases_what_it_took(tmp_path, mock_pins):
    panel = Panel.from_config(config(tmp_path, red_pin=17), time_scale=SCALE)  # same pin as green
    assert isinstance(panel, DisabledPanel) and "17" in panel.reason
    fine = Panel.from_config(config(tmp_path), time_scale=SCALE)
    assert fine.enabled, "the failed attempt released the pins it had reserved"
    fine.close()


def test_named_mock_factory_from_config(tmp_path):
    panel = Panel.from_config(config(tmp_path, pin_factory="mock", buzzer_kind="tonal"), time_scale=SCALE)
    try:
        assert panel.enabled
        panel.show(one(VerdictKind.WIN))
        assert panel.wait_idle(timeout=2)
        assert panel.lights["green"].is_lit
    finally:
        panel.close()


def test_tonal_volume_is_the_pwm_duty_cycle(make_panel, tmp_path, mock_pins):
    panel, pins = make_panel(buzzer_kind="tonal", volume=0.4)
    panel.show(one(VerdictKind.WARNING))
    assert panel.wait_idle(timeout=5)
    assert pins["buzzer"].frequencies == [2349.32]
    assert states(pins["buzzer"]) == [0, 0.2, 0], "40 % volume: 20 % duty instead of 50 %"
    refused = Panel.from_config(config(tmp_path, volume=1.5), time_scale=SCALE)
    assert isinstance(refused, DisabledPanel) and "panel.volume" in refused.reason
