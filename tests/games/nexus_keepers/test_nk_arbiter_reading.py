"""What the arbiter's second look hands the referee (companion/vision/arbiter.py): a die it reads keeps the camera's
own evidence that a die lies there, so a phantom it reads on board art is no sure sixth die; and its probabilities,
softened by vision.arbiter_temperature, leave a misread die's true face where the rules-aware reading finds it."""

from __future__ import annotations

import pytest

from companion.bus import EventBus
from companion.config import defaults
from companion.core import DieReading, Observation, VerdictKind
from companion.journal import Journal
from companion.table import Table
from companion.vision.arbiter import Arbiter
from tests.conftest import NK_TWO_KEEPERS as SETUP
from tests.vision.test_arbiter import StubReader

from test_nk_rules_aware import MISREAD_ONE, POOL, die, rules

VISION = defaults("vision")


def arbiter(answers: dict, temperature: float = VISION["arbiter_temperature"]) -> Arbiter:
    """The arbiter as the service sets it up, its model's answers for the crops at each x given in advance."""
    return Arbiter(StubReader(answers), None, below=VISION["arbiter_below"], accept=VISION["arbiter_accept"],
                   most=VISION["arbiter_dice"], temperature=temperature)


def eight(**faces: float):
    """The arbiter model's eight class probabilities (faces 1-6, not a die, emblem), e.g. eight(six=0.9)."""
    names = ("one", "two", "three", "four", "five", "six", "not_a_die", "emblem")
    return [faces.get(name, 0.0) for name in names]


def at(x: float, reading: DieReading) -> DieReading:
    return DieReading(reading.value, reading.color, (x, 10.0, x + 20.0, 30.0), reading.confidence,
                      reading.probabilities, reading.unread)


def table_at(tmp_path, roll=None) -> Table:
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers")
    table.submit(SETUP, source="phone")
    if roll:
        table.submit({"type": "roll", "dice": roll}, source="phone")
    return table


def settled(dice, review: Arbiter) -> Observation:
    """The dice of a settled roll after the arbiter's look: the read ones are the roll, the unread ones beside it."""
    dice = review.review(None, [at(100.0 * k, d) for k, d in enumerate(dice)])
    return Observation(dice=tuple(d for d in dice if not d.unread), unread=tuple(d for d in dice if d.unread))


def test_a_phantom_the_arbiter_reads_on_board_art_is_no_sure_sixth_die(tmp_path):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. » Five dice read clearly, and a spot
    of board art the camera saw faintly (centre score x P(a die) 0.3) but could not read: the arbiter reads a 6 there
    at 0.9. The arbiter reads faces; it does not make the spot surer to be a die, so six dice where five are
    expected is "camera unsure", not an accusation."""
    art = DieReading(6, "white", confidence=0.12, probabilities=(0.2, 0.1, 0.1, 0.1, 0.1, 0.4), unread=True)
    five = [die(1), die(2), die(4), die(5), die(6)]
    observation = settled(five + [art], arbiter({500: eight(six=0.9, not_a_die=0.1)}))
    read = observation.dice[5]
    assert (read.value, read.unread) == (6, False) and read.confidence < VISION["sure_die"]
    assert read.confidence == pytest.approx(0.3 * read.probabilities[5])
    verdicts = table_at(tmp_path).observe(observation)
    assert rules(verdicts) == ["camera.unsure"] and verdicts[0].kind is VerdictKind.UNSURE
    assert "not sure the 6 is a die" in verdicts[0].message.en


def test_a_sixth_die_the_camera_clearly_saw_and_the_arbiter_read_stays_a_wrong_count(tmp_path):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. » A sixth die the camera saw clearly
    (0.9) but could not read, read by the arbiter as a 3: six dice surely there, the illegal count stands."""
    blurred = DieReading(3, "white", confidence=0.18, probabilities=(0.1, 0.2, 0.2, 0.2, 0.2, 0.1), unread=True)
    five = [die(1), die(2), die(4), die(5), die(6)]
    observation = settled(five + [blurred], arbiter({500: eight(three=0.95, not_a_die=0.05)}))
    assert observation.dice[5].confidence > VISION["sure_die"]
    verdicts = table_at(tmp_path).observe(observation)
    assert rules(verdicts) == ["nk.roll.dice-count"] and verdicts[0].kind is VerdictKind.ILLEGAL


def test_a_kept_one_the_arbiter_reads_as_six_is_read_again_at_its_temperature(tmp_path):
    """FR: « Cependant, vous ne pouvez pas relancer les résultats de 1. » A rerolls the two 3s and keeps the 1. The
    face readers were unsure of the kept 1 (0.3); the arbiter reads a 6 at 0.93, giving the 1 only 0.03. As the model
    says (temperature 1), the 1 is under the reading-again floor (0.05) and A would be accused of rerolling a 1; at
    vision.arbiter_temperature (1.6, fitted on the validation photos' unsure dice) the 1 keeps 0.09, the roll is read
    again with it and played."""
    unsure_one = DieReading(6, "white", confidence=0.3, probabilities=(0.2, 0.0, 0.0, 0.0, 0.2, 0.6))
    roll = [unsure_one] + list(MISREAD_ONE[1:])
    misread = {0: eight(six=0.93, five=0.04, one=0.03)}

    as_the_model_says = settled(roll, arbiter(misread, temperature=1.0))
    verdicts = table_at(tmp_path / "t1", POOL).observe(as_the_model_says)
    assert rules(verdicts) == ["nk.reroll.ones"] and verdicts[0].kind is VerdictKind.ILLEGAL

    softened = settled(roll, arbiter(misread))
    assert softened.dice[0].value == 6 and softened.dice[0].probabilities[0] > 0.05
    table = table_at(tmp_path / "t2", POOL)
    verdicts = table.observe(softened)
    assert rules(verdicts) == ["camera.reread", "nk.roll"] and "the 6 is a 1" in verdicts[0].message.en
    assert sorted(table.engine.state.turn.pool) == [1, 2, 4, 5, 6]


def test_the_temperature_softens_the_faces_but_not_the_value_or_what_is_accepted():
    """An unread die read at 0.75 (over vision.arbiter_accept, 0.7) is read at any temperature, with the same
    value; a higher temperature only spreads its probabilities. A temperature of 0 or less is refused."""
    unread = DieReading(2, "white", (0.0, 10.0, 20.0, 30.0), 0.1, (0.1, 0.4, 0.1, 0.1, 0.2, 0.1), unread=True)
    answer = {0: eight(four=0.75, five=0.2, not_a_die=0.05)}
    cold, warm = (arbiter(answer, temperature=t).review(None, [unread])[0] for t in (1.0, 1.6))
    assert (cold.value, cold.unread) == (warm.value, warm.unread) == (4, False)
    assert warm.probabilities[3] < cold.probabilities[3] and warm.probabilities[4] > cold.probabilities[4]
    assert sum(warm.probabilities) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="temperature"):
        arbiter(answer, temperature=0.0)
