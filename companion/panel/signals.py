"""What the panel does for each verdict kind: which light, which beeps.

Pure data, no GPIO: each kind has a light and a rhythm that can be told
apart by ear alone, so a plain on/off buzzer is enough (a tonal buzzer adds
pitch: rising for a win, falling for a loss or a fall). Every beep is
followed by a silent gap, so rhythms stay distinct on a plain buzzer.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import VerdictKind

LIGHTS = ("green", "amber", "red")


@dataclass(frozen=True)
class Step:
    """Hold these lights (and this tone, Hz; None = silent) for ``seconds``."""

    lights: frozenset[str]
    tone: float | None
    seconds: float


@dataclass(frozen=True)
class Signal:
    """A verdict kind's pattern, then the lights left on until the next event."""

    kind: VerdictKind
    steps: tuple[Step, ...]
    rest: frozenset[str]

    @property
    def beeps(self) -> int:
        return sum(1 for step in self.steps if step.tone is not None)


def _pattern(kind: VerdictKind, light: str, notes: list[tuple[float | None, float]], gap: float = 0.08) -> Signal:
    """``notes`` = (tone Hz or None, seconds); the light flashes with each beep and stays on after."""
    lit = frozenset({light})
    steps: list[Step] = []
    for tone, seconds in notes:
        steps.append(Step(lit, tone, seconds))
        steps.append(Step(frozenset(), None, gap))
    return Signal(kind, tuple(steps), lit)


# Priority when one event brings several verdicts: the first kind here wins.
# An illegal move is refused, so players must hear it first; the end of the
# game (win / loss) outranks what happened on the way there.
PRIORITY: tuple[VerdictKind, ...] = (
    VerdictKind.ILLEGAL,
    VerdictKind.WIN,
    VerdictKind.LOSS,
    VerdictKind.ELIMINATION,
    VerdictKind.BREACH,
    VerdictKind.FALL,
    VerdictKind.WARNING,
    VerdictKind.UNSURE,
    VerdictKind.INFO,
)

# Piezo buzzers are loudest near their resonance, 2-4 kHz (2.7 kHz for most 12 mm ones), and barely
# audible at a few hundred Hz: every note is in the seventh octave, within that band.
C7, D7, E7, G7, A7 = 2093.0, 2349.32, 2637.02, 3135.96, 3520.0
LOUDEST_BAND = (2000.0, 4000.0)
#: the tonal buzzer's centre note: gpiozero's TonalBuzzer plays one octave either side of it
MID_TONE = 2800.0

SIGNALS: dict[VerdictKind, Signal] = {
    # red, three quick high beeps: "no!"
    VerdictKind.ILLEGAL: _pattern(VerdictKind.ILLEGAL, "red", [(A7, 0.08)] * 3),
    # red, two long beeps
    VerdictKind.BREACH: _pattern(VerdictKind.BREACH, "red", [(E7, 0.35)] * 2, gap=0.15),
    # red, one very long low beep
    VerdictKind.ELIMINATION: _pattern(VerdictKind.ELIMINATION, "red", [(C7, 1.0)]),
    # red, long-short-short falling
    VerdictKind.FALL: _pattern(VerdictKind.FALL, "red", [(G7, 0.35), (E7, 0.1), (C7, 0.1)]),
    # red, long-long-long falling slowly
    VerdictKind.LOSS: _pattern(VerdictKind.LOSS, "red", [(E7, 0.4), (D7, 0.4), (C7, 0.8)], gap=0.12),
    # green, short-short-long rising
    VerdictKind.WIN: _pattern(VerdictKind.WIN, "green", [(C7, 0.1), (E7, 0.1), (G7, 0.5)]),
    # amber, one short beep
    VerdictKind.WARNING: _pattern(VerdictKind.WARNING, "amber", [(D7, 0.12)]),
    # amber, two silent flashes: the camera is not sure of a roll, look at the phone (nobody is accused)
    VerdictKind.UNSURE: _pattern(VerdictKind.UNSURE, "amber", [(None, 0.15)] * 2, gap=0.15),
    # green, one silent flash: legal, nothing to hear
    VerdictKind.INFO: _pattern(VerdictKind.INFO, "green", [(None, 0.15)]),
}

#: amber blinking while the camera is lost
CAMERA_PROBLEM: tuple[Step, ...] = (Step(frozenset({"amber"}), None, 0.5), Step(frozenset(), None, 0.5))

#: the lights when the companion is ready and nothing has happened yet
READY = frozenset({"green"})


def most_important(kinds) -> VerdictKind | None:
    """The kind to signal when one event brings several verdicts."""
    present = {VerdictKind(k) for k in kinds}
    return next((kind for kind in PRIORITY if kind in present), None)
