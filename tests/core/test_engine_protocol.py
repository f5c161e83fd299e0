"""The engine contract every game relies on: refusal restores state, options are checked, undo works."""

import pytest

from companion.core import verdict
from companion.referee import EventError, GameEngine, OptionsError, available_games, create_game
from companion.referee.engine import GameEngine as Base


class Counter(Base):
    """A toy engine: 'add' events must not take the total over the limit."""

    name = "counter-test"
    option_defaults = {"limit": (10, "highest total allowed")}

    def setup(self):
        self.total = 0

    def _apply(self, event):
        amount = int(event["amount"])
        self.total += amount
        if self.total > self.options["limit"]:
            return [verdict("illegal", "counter.limit", "too much", "trop")]
        return [verdict("info", "counter.add", f"total {self.total}", f"total {self.total}")]

    def state_json(self):
        return {"total": self.total}

    def load_state_json(self, state):
        self.total = state["total"]


def test_an_illegal_event_is_refused_and_the_state_restored():
    game = Counter()
    game.apply({"type": "add", "amount": 7})
    verdicts = game.apply({"type": "add", "amount": 7})
    assert [v.kind.value for v in verdicts] == ["illegal"]
    assert game.total == 7
    game.undo()
    assert game.total == 0


def test_legal_is_a_dry_run():
    game = Counter({"limit": 5})
    assert game.is_legal({"type": "add", "amount": 5})
    assert not game.is_legal({"type": "add", "amount": 6})
    assert game.total == 0 and not game.can_undo()


def test_malformed_events_raise_event_error_and_change_nothing():
    game = Counter()
    for bad in ({"type": "add"}, {"type": "add", "amount": "x"}, {"amount": 1}, [1, 2]):
        with pytest.raises(EventError):
            game.apply(bad)
    assert game.total == 0 and not game.can_undo()


def test_options_are_validated_by_name_and_type():
    with pytest.raises(OptionsError, match="unknown option.*colour"):
        Counter({"colour": "red"})
    with pytest.raises(OptionsError, match="'limit'.*int"):
        Counter({"limit": "ten"})
    assert Counter({"limit": 3}).options == {"limit": 3}


def test_registry_knows_free_roll_and_refuses_unknown_games():
    assert "free-roll" in available_games()
    assert isinstance(create_game("free-roll"), GameEngine)
    with pytest.raises(OptionsError, match="unknown game 'chess'"):
        create_game("chess")


def test_an_engine_bug_restores_the_state_and_is_reported_as_a_clear_error():
    class Buggy(Counter):
        name = "buggy-test"

        def _apply(self, event):
            self.total += 5
            if event["type"] == "crash":
                raise AttributeError("oops")
            return super()._apply({"type": "add", "amount": 0})

    game = Buggy()
    game.apply({"type": "add", "amount": 0})
    with pytest.raises(EventError, match="internal error: AttributeError.*nothing was changed"):
        game.apply({"type": "crash"})
    assert game.total == 5 and game.can_undo()
    game.undo()
    assert game.total == 0 and not game.can_undo()
