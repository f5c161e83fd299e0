"""The pieces of the rules-aware reading outside any one game: dice that keep their face probabilities, what a
game expects of a roll, and the verdict kind that accuses nobody."""

from __future__ import annotations

import pytest

from companion.core import DieReading, Observation, Text, VerdictKind
from companion.referee import create_game
from companion.referee.aware import AS_READ, RulesAwareReading
from companion.referee.expectations import RollExpectation

PROBS = (0.3, 0.0, 0.0, 0.0, 0.0, 0.7)


def test_a_die_keeps_its_face_probabilities_through_json():
    die = DieReading(6, "red", confidence=0.7, probabilities=PROBS)
    data = die.to_json()
    assert data["probabilities"] == [0.3, 0.0, 0.0, 0.0, 0.0, 0.7]
    assert DieReading.from_json(data) == die
    assert die.probability(1) == 0.3 and die.probability(6) == 0.7


def test_a_die_without_probabilities_reads_as_before():
    die = DieReading(4, "red", confidence=0.9)
    assert "probabilities" not in die.to_json()
    assert DieReading.from_json({"value": 4, "color": "red", "confidence": 0.9}) == die
    assert die.probability(4) == 0.9 and die.probability(3) == 0.0  # a typed die: only its own value


@pytest.mark.parametrize("bad", [[0.5, 0.5], [0.1] * 5 + [1.5], ["a"] * 6, "0.5"])
def test_bad_probabilities_are_refused_clearly(bad):
    with pytest.raises(ValueError, match="probabilities"):
        DieReading.from_json({"value": 6, "probabilities": bad})


def test_an_expectation_counts_only_the_dice_in_its_zones():
    dice = (DieReading(3, "red"), DieReading(5, "blue"), DieReading(2, "green"))
    places = ({"zone": "priming-3"}, {"zone": "lab-1"}, None)
    expectation = RollExpectation(counts=(1,), colours=("red",), zones=("priming-",))
    observation = Observation(dice=dice, places=places)
    assert expectation.in_roll(observation) == [0]
    assert expectation.admits(observation)
    assert RollExpectation(counts=(2,), zones=("priming-", "lab-")).problems(observation) == []
    assert RollExpectation(colours=("red",)).problems(Observation(dice=dice)) == [
        Text("a blue die this game does not have", "un dé bleu que ce jeu n’a pas"),
        Text("a green die this game does not have", "un dé vert que ce jeu n’a pas")]
    assert RollExpectation(faces=(1, 2, 3, 4)).problems(Observation(dice=dice)) == [
        Text("a 5 no die of this game shows", "un 5 qu’aucun dé de ce jeu ne montre")]


def test_a_miscounted_roll_is_told_in_each_language_with_its_own_plurals():
    one = Observation(dice=(DieReading(3),))
    assert RollExpectation(counts=(2,)).problems(one) == [Text("1 die where 2 are expected",
                                                              "1 dé alors que 2 sont attendus")]
    three = Observation(dice=(DieReading(3), DieReading(4), DieReading(5)))
    assert RollExpectation(counts=(1,)).problems(three) == [Text("3 dice where 1 is expected",
                                                                "3 dés alors que 1 est attendu")]
    assert RollExpectation(counts=(4, 6)).problems(three)[0].fr == "3 dés alors que 4 ou 6 sont attendus"


def test_games_say_what_they_expect():
    assert create_game("free-roll").expected_roll() == RollExpectation()
    assert create_game("nexus").expected_roll() is None  # no dice in Nexus
    assert create_game("tesseract").expected_roll() is None  # not set up yet
    assert create_game("hexors").expected_roll() is None


def test_a_game_with_no_illegal_roll_takes_every_camera_roll_as_read():
    """Free roll refuses nothing: even a doubtful die is never second-guessed."""
    roll = Observation(dice=(DieReading(6, confidence=0.7, probabilities=PROBS),))
    judged = RulesAwareReading().judge(roll, create_game("free-roll"))
    assert judged.kind == AS_READ and judged.observation is roll and judged.note is None


def test_camera_unsure_is_a_kind_of_its_own():
    assert VerdictKind("unsure") is VerdictKind.UNSURE and VerdictKind.UNSURE is not VerdictKind.ILLEGAL


class _FiveFacedDieGame:
    """A game whose die has no 6 and whose referee refuses nothing: only its expectation can doubt a roll."""

    def expected_roll(self):
        return RollExpectation(counts=(1,), faces=(1, 2, 3, 4, 5))

    def observation_event(self, observation):
        return {"type": "roll", "dice": [d.value for d in observation.dice]}

    def legal(self, event):
        return []


def test_camera_unsure_says_in_each_language_why_the_game_does_not_expect_the_roll():
    unsure_six = DieReading(6, confidence=0.7, probabilities=(0.03, 0.03, 0.03, 0.03, 0.03, 0.7))
    judged = RulesAwareReading().judge(Observation(dice=(unsure_six,)), _FiveFacedDieGame())
    assert judged.kind == "unsure"
    assert "(a 6 no die of this game shows)" in judged.note.message.en
    assert "(un 6 qu’aucun dé de ce jeu ne montre)" in judged.note.message.fr
