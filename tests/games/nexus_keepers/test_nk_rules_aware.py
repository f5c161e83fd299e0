"""Rules-aware reading on Nexus Keepers camera rolls: a misread that would have been an illegal verdict is read again
or shown as "camera unsure"; a clearly read illegal roll stays illegal; a roll typed on a phone is taken as typed."""

from __future__ import annotations

import pytest

from companion.bus import EventBus
from companion.core import DieReading, Observation, VerdictKind
from companion.journal import Journal
from companion.referee import EventError
from companion.referee.aware import RulesAwareReading
from companion.table import CAMERA_UNSURE, Table
from tests.conftest import NK_TWO_KEEPERS as SETUP

POOL = [1, 3, 3, 5, 6]  # A's first roll: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. »


def die(value: int, second: int | None = None, p_second: float = 0.0) -> DieReading:
    """A camera die read as ``value``; the reader gave ``p_second`` to ``second`` and the rest to ``value``."""
    probs = [0.0] * 6
    probs[value - 1] = 1.0 - p_second
    if second is not None:
        probs[second - 1] = p_second
    return DieReading(value, "white", confidence=probs[value - 1], probabilities=tuple(probs))


def camera(*dice: DieReading, source: str = "camera") -> Observation:
    return Observation(dice=tuple(dice), source=source)


@pytest.fixture
def table(tmp_path):
    """A Nexus Keepers game where A has rolled 1 3 3 5 6 (typed on the phone)."""
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers")
    table.submit(SETUP, source="phone")
    assert [v.rule for v in table.submit({"type": "roll", "dice": POOL}, source="phone")] \
        == ["nk.turn.start", "nk.roll"]
    return table


def rules(verdicts):
    return [v.rule for v in verdicts]


# A rerolls the two 3s (a 4 and a 2 come up) and keeps the 1: 1 4 2 5 6. The camera reads the kept 1 as a 6.
MISREAD_ONE = (die(6, second=1, p_second=0.3), die(4), die(2), die(5), die(6))
# The kept 1 read as a 6 the reader was not sure of (0.75), hesitating with a 5; the 1 got 0.02.
DIE_SIX_DOUBTFUL = DieReading(6, "white", confidence=0.75, probabilities=(0.02, 0.0, 0.0, 0.0, 0.23, 0.75))


def test_a_kept_one_misread_as_six_is_read_again_not_called_an_illegal_reroll(table):
    """FR: « Cependant, vous ne pouvez pas relancer les résultats de 1. » — the 1 was kept; only the camera lost it.
    Read as it is, the roll accuses A of rerolling a 1; the reader gave the 1 a 0.3 probability, and with it the
    reroll is legal: the roll is read again and played, and the players are told."""
    as_read = table.engine.legal(table.engine.observation_event(camera(*MISREAD_ONE)))
    assert rules(as_read) == ["nk.reroll.ones"] and as_read[0].kind is VerdictKind.ILLEGAL

    verdicts = table.observe(camera(*MISREAD_ONE))
    assert rules(verdicts) == ["camera.reread", "nk.roll"]
    assert not any(v.kind is VerdictKind.ILLEGAL for v in verdicts)
    assert "the 6 is a 1" in verdicts[0].message.en and "le 6 est un 1" in verdicts[0].message.fr
    assert sorted(table.engine.state.turn.pool) == [1, 2, 4, 5, 6]
    entry = table.journal.entries(table.record.id)[-1]
    assert entry.event["type"] == "reroll" and "power" not in entry.event and entry.source == "camera"
    assert [d["value"] for d in entry.event["dice"]] == [1, 4, 2, 5, 6]  # the dice as read again, the 1 with them


def test_a_misread_the_reader_was_doubtful_of_gives_camera_unsure_not_an_accusation(table):
    """The reader gave the kept 1 only 0.02 — under the floor (0.05), so it is never read in — but it was not sure
    of its 6 either (0.75, under 0.8) and a 1 there would make the reroll legal: "camera unsure", nobody named,
    nothing played, the history keeps what was read."""
    doubtful = (DIE_SIX_DOUBTFUL,) + MISREAD_ONE[1:]
    before = table.engine.state_json()

    verdicts = table.observe(camera(*doubtful))
    assert [(v.kind, v.rule, v.players) for v in verdicts] == [(VerdictKind.UNSURE, "camera.unsure", ())]
    assert "Camera unsure" in verdicts[0].message.en and "Caméra incertaine" in verdicts[0].message.fr
    assert table.engine.state_json() == before
    entry = table.journal.entries(table.record.id)[-1]
    assert entry.event["type"] == CAMERA_UNSURE and [d["value"] for d in entry.event["dice"]] == [6, 4, 2, 5, 6]
    assert entry.seq not in table.state()["accepted"]


def test_a_value_under_the_floor_is_never_taken(table):
    """Never invent: a 1 the reader gave 0.02 is not read in, even when it would make the roll legal; with the
    6 read clearly, the illegal verdict stands."""
    clear_six = (die(6, second=1, p_second=0.02),) + MISREAD_ONE[1:]
    verdicts = table.observe(camera(*clear_six))
    assert rules(verdicts) == ["nk.reroll.ones"] and verdicts[0].kind is VerdictKind.ILLEGAL
    assert table.engine.state.turn.pool == POOL


def test_a_clearly_read_reroll_of_a_one_stays_illegal(table):
    """FR: « Cependant, vous ne pouvez pas relancer les résultats de 1. » A really rerolls the 1 with a 3, and every
    die is read clearly: the illegal verdict is kept, and names A."""
    verdicts = table.observe(camera(die(4), die(2), die(3), die(5), die(6)))
    assert [(v.kind, v.rule, v.players) for v in verdicts] == [(VerdictKind.ILLEGAL, "nk.reroll.ones", ("A",))]


def test_a_clearly_read_reroll_of_a_one_stays_illegal_though_the_reader_saw_a_faint_one(table):
    """FR: « Cependant, vous ne pouvez pas relancer les résultats de 1. » A rerolls the 1 with a 3; the new 3 is read
    right (0.88) but the reader gave a 1 there 0.08. Over the floor (0.05), yet eleven times less likely than the 3
    (under the ratio, 0.1): the 1 is not read in, and the 3 was read clearly: the verdict stands."""
    faint_one = DieReading(3, "white", confidence=0.88, probabilities=(0.08, 0.01, 0.88, 0.01, 0.01, 0.01))
    verdicts = table.observe(camera(die(4), die(2), faint_one, die(5), die(6)))
    assert rules(verdicts) == ["nk.reroll.ones"] and verdicts[0].kind is VerdictKind.ILLEGAL
    assert table.engine.state.turn.pool == POOL


def test_an_illegal_reroll_stays_illegal_when_no_plausible_reading_fits(table):
    """FR: « Cependant, vous ne pouvez pas relancer les résultats de 1. » A rerolls the 1 with a 3; the reader
    hesitates over the 5 (a 6, 0.3), and neither reading brings the 1 back: the verdict stands."""
    verdicts = table.observe(camera(die(4), die(2), die(3), die(5, second=6, p_second=0.3), die(6)))
    assert rules(verdicts) == ["nk.reroll.ones"] and verdicts[0].kind is VerdictKind.ILLEGAL


def test_a_wrong_number_of_dice_clearly_read_stays_illegal(tmp_path):
    """FR: « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. » Six clearly read dice on the first
    turn: no re-reading of values changes the count, the verdict stands."""
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers")
    table.submit(SETUP, source="phone")
    assert table.engine.expected_roll().counts == (5,)
    verdicts = table.observe(camera(die(2), die(3, second=4, p_second=0.3), die(4), die(5), die(6), die(6)))
    assert rules(verdicts) == ["nk.roll.dice-count"] and verdicts[0].kind is VerdictKind.ILLEGAL


def test_a_roll_typed_on_the_phone_is_not_second_guessed(table):
    """A player's tap is what they meant: the same dice, probabilities and all, sent from a phone are refereed as
    typed (the illegal reroll of a 1), never read again."""
    verdicts = table.observe(camera(*MISREAD_ONE, source="phone"))
    assert rules(verdicts) == ["nk.reroll.ones"] and verdicts[0].kind is VerdictKind.ILLEGAL
    verdicts = table.submit({"type": "reroll", "dice": [d.to_json() for d in MISREAD_ONE]}, source="phone")
    assert rules(verdicts) == ["nk.reroll.ones"]


def test_with_rules_aware_reading_off_the_misread_is_refereed_as_read(tmp_path):
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers", aware=None)
    table.submit(SETUP, source="phone")
    table.submit({"type": "roll", "dice": POOL}, source="phone")
    assert rules(table.observe(camera(*MISREAD_ONE))) == ["nk.reroll.ones"]


def test_one_die_misread_on_dice_lying_still_is_nothing_new(tmp_path):
    """The pool 1 1 1 1 3 lies still and the camera reads the 3 as a 2 (the reader gave the 3 0.4): as read, a single
    die was rerolled (« vous ne pouvez jamais relancer un dé seul »); read again, it is the pool the referee already
    has, so nothing happens and nothing is journaled."""
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers",
                  default_options={"maladresse_ones": 0})
    table.submit(SETUP, source="phone")
    table.submit({"type": "roll", "dice": [1, 1, 1, 1, 3]}, source="phone")
    entries = len(table.journal.entries(table.record.id))
    still = (die(1), die(1), die(1), die(1), die(2, second=3, p_second=0.4))
    assert rules(table.engine.legal(table.engine.observation_event(camera(*still)))) == ["nk.reroll.single"]
    assert table.observe(camera(*still)) == []
    assert len(table.journal.entries(table.record.id)) == entries


def test_a_camera_unsure_entry_is_not_replayed_when_the_game_is_resumed(tmp_path, table):
    assert rules(table.observe(camera(DIE_SIX_DOUBTFUL, *MISREAD_ONE[1:]))) == ["camera.unsure"]
    resumed = Table(table.journal, EventBus(), default_game="nexus-keepers")
    assert resumed.engine.state_json() == table.engine.state_json()
    assert resumed.history()[-1]["event"]["type"] == CAMERA_UNSURE and not resumed.history()[-1]["in_force"]
    with pytest.raises(EventError, match="use the camera_unsure action, not an event of that type"):
        resumed.submit({"type": CAMERA_UNSURE, "dice": []})


def test_settings_are_checked():
    with pytest.raises(ValueError, match="floor must be above 0 and at most 0.5"):
        RulesAwareReading(floor=0.0)
    with pytest.raises(ValueError, match="doubt must be within 0 and the floor"):
        RulesAwareReading(floor=0.05, doubt=0.1)


def test_the_last_roll_read_anew_where_it_lay_is_not_a_reroll_and_the_players_are_told(table):
    """« Cependant, vous ne pouvez pas relancer les résultats de 1. »: a reroll is dice picked up and thrown again.
    The dice of A's roll, untouched where they lay, read with another face (a borderline 5 now read as a 2: the
    settler's ``reread``) are not a reroll of one die: nothing is played, the history keeps what the camera read,
    and the players are told which faces it reads now."""
    before = table.engine.state_json()
    verdicts = table.observe(Observation(dice=tuple(die(v) for v in (1, 3, 3, 2, 6)), source="camera", reread=True))
    assert [(v.kind.value, v.rule) for v in verdicts] == [("unsure", "camera.unsure")]
    assert verdicts[0].message.en.startswith("Camera unsure: the dice lying there now read 1 3 3 2 6, not as when "
                                             "they settled; nothing was played.")
    assert table.engine.state_json() == before
    newest = table.history()[-1]
    assert newest["event"]["type"] == CAMERA_UNSURE and [d["value"] for d in newest["event"]["read_anew"]] == [
        1, 3, 3, 2, 6]
    assert "dice" not in newest["event"]  # a correction on the phone goes to the roll in force, not to this
    assert table.observe(Observation(dice=(die(2),), source="phone", reread=True)) == []
