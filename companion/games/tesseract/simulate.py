"""Whole games played by an automatic player (greedy by default): a sanity check that the rules engine runs end to end.

Every die is rolled by one ``random.Random(seed)`` and sent to the engine as
an event, exactly as a table would, so a run is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .engine import Tesseract
from .players import PLAYERS
from .state import OVER

MAX_EVENTS = 5000


@dataclass
class SimulationReport:
    games: int
    players: int
    seed: int
    policy: str = "greedy"
    won: int = 0
    lost: Counter = field(default_factory=Counter)
    unfinished: int = 0
    turns: list[int] = field(default_factory=list)
    confined: list[int] = field(default_factory=list)
    breaches: list[int] = field(default_factory=list)

    def lines(self) -> list[str]:
        n = max(self.games, 1)
        out = [f"tesseract-sim: {self.games} games, {self.players} player(s), seed {self.seed}, policy {self.policy}",
               f"won: {self.won}", f"lost: {sum(self.lost.values())}"]
        for rule, count in sorted(self.lost.items()):
            out.append(f"  {rule}: {count}")
        out.append(f"unfinished: {self.unfinished}")
        out.append(f"mean turns: {sum(self.turns) / n:.1f}, mean cubes confined: {sum(self.confined) / n:.1f}/24, "
                   f"mean breaches: {sum(self.breaches) / n:.2f}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def play_one(seed: int, players: int, options: dict[str, Any] | None = None, policy: str = "greedy") -> Tesseract:
    """One whole game: setup from a seed, then the chosen player's actions and throws until the game ends."""
    rng = random.Random(seed)
    engine = Tesseract(options or {})
    engine.apply({"type": "setup", "players": players, "seed": rng.randrange(2**31)})
    player = PLAYERS[policy](engine, rng)
    for _ in range(MAX_EVENTS):
        s = engine.state
        if s.phase == OVER:
            break
        if s.pending:
            event = player.resolve_event()
        elif s.phase == "action":
            event = player.next_action() or {"type": "end_actions"}
        else:
            event = player.prime_event()
        verdicts = engine.apply(event)
        if any(v.kind.value == "illegal" for v in verdicts):
            raise RuntimeError(f"the {policy} player sent an illegal event {event}: {verdicts[0].message.en}")
    return engine


def simulate(n_games: int, seed: int = 0, players: int = 2, options: dict[str, Any] | None = None,
             policy: str = "greedy") -> SimulationReport:
    if policy not in PLAYERS:
        raise ValueError(f"unknown policy {policy!r} (policies: {', '.join(PLAYERS)})")
    report = SimulationReport(games=n_games, players=players, seed=seed, policy=policy)
    master = random.Random(seed)
    for _ in range(n_games):
        engine = play_one(master.randrange(2**31), players, options, policy)
        s = engine.state
        report.turns.append(s.turn + 1)
        report.confined.append(len(s.board.filled))
        report.breaches.append(s.breaches)
        outcome = engine.outcome
        if outcome is None:
            report.unfinished += 1
        elif outcome.kind.value == "win":
            report.won += 1
        else:
            report.lost[outcome.rule] += 1
    return report
