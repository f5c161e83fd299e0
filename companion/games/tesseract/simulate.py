"""Whole games played by a simple greedy policy: a sanity check that the rules engine runs end to end.

Every die is rolled by one ``random.Random(seed)`` and sent to the engine as
an event, exactly as a table would, so a run is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .confinement import group_kind
from .engine import Tesseract
from .events import ROW_BONUS
from .state import OVER

MAX_EVENTS = 5000


@dataclass
class SimulationReport:
    games: int
    players: int
    seed: int
    won: int = 0
    lost: Counter = field(default_factory=Counter)
    unfinished: int = 0
    turns: list[int] = field(default_factory=list)
    confined: list[int] = field(default_factory=list)
    breaches: list[int] = field(default_factory=list)

    def lines(self) -> list[str]:
        n = max(self.games, 1)
        out = [f"tesseract-sim: {self.games} games, {self.players} player(s), seed {self.seed}",
               f"won: {self.won}", f"lost: {sum(self.lost.values())}"]
        for rule, count in sorted(self.lost.items()):
            out.append(f"  {rule}: {count}")
        out.append(f"unfinished: {self.unfinished}")
        out.append(f"mean turns: {sum(self.turns) / n:.1f}, mean cubes confined: {sum(self.confined) / n:.1f}/24, "
                   f"mean breaches: {sum(self.breaches) / n:.2f}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _cube(c) -> dict[str, Any]:
    return c.to_json()


class GreedyPolicy:
    """Confine when possible, defuse crowded priming values, otherwise take the most useful removable cube."""

    def __init__(self, engine: Tesseract, rng: random.Random) -> None:
        self.engine, self.rng = engine, rng

    @property
    def s(self):
        return self.engine.state

    def roll(self) -> int:
        return self.rng.randint(1, 6)

    def confine_event(self) -> dict[str, Any] | None:
        lab = self.s.labs.cubes[self.s.scientist]
        rule = self.engine.options["confine_colours"]
        best = None
        for size in (3, 4, 5):
            for group in combinations(lab, size):
                if group_kind(group, rule) is None:
                    continue
                free = [c for c in group if self.s.board.is_free(c)]
                if not free:
                    continue
                chosen = max(free, key=lambda c: (self.s.zone.has(c), -size))
                score = (self.s.zone.has(chosen), -size)
                if best is None or score > best[0]:
                    best = (score, group, chosen)
        if best is None:
            return None
        _, group, chosen = best
        rest = len(group) - 1
        return {"type": "confine", "cubes": [_cube(c) for c in group], "chosen": _cube(chosen),
                "reroll": [self.roll() for _ in range(rest)]}

    def defuse_event(self) -> dict[str, Any] | None:
        counts = self.s.zone.by_value()
        for cube in sorted(self.s.zone.cubes, key=lambda c: (-counts[c.value], c.value)):
            if counts[cube.value] < 2 and cube.value != 1:
                continue
            if cube.value == 1:
                return {"type": "calibrate", "zone": "priming", "cube": _cube(cube), "delta": -1}
            for delta in (-1, 1):
                target = cube.value + delta
                if 1 <= target <= 6 and counts.get(target, 0) + 1 < counts[cube.value]:
                    return {"type": "calibrate", "zone": "priming", "cube": _cube(cube), "delta": delta}
        return None

    def take_event(self) -> dict[str, Any] | None:
        s = self.s
        if not s.labs.has_room(s.scientist):
            return None
        lab_values = Counter(c.value for c in s.labs.cubes[s.scientist])

        def usefulness(column: str) -> tuple:
            cube = s.tesseract.top(column)
            near = lab_values[cube.value] * 2 + lab_values[cube.value - 1] + lab_values[cube.value + 1]
            return (s.board.is_free(cube), near, -s.tesseract.height(column))

        columns = s.tesseract.removable()
        if not columns:
            return None
        return {"type": "take", "column": max(columns, key=usefulness)}

    def tune_event(self) -> dict[str, Any] | None:
        lab = self.s.labs.cubes[self.s.scientist]
        values = Counter(c.value for c in lab)
        for cube in lab:
            for target, n in values.most_common():
                if abs(target - cube.value) == 1 and values[cube.value] <= n:
                    return {"type": "calibrate", "zone": "lab", "cube": _cube(cube), "to": target}
        for cube in self.s.zone.cubes + lab:
            zone = "priming" if cube in self.s.zone.cubes else "lab"
            return {"type": "calibrate", "zone": zone, "cube": _cube(cube), "delta": -1 if cube.value > 1 else 1}
        return None

    def action(self) -> dict[str, Any] | None:
        for make in (self.confine_event, self.defuse_event, self.take_event, self.tune_event):
            event = make()
            if event is not None and self.engine.is_legal(event):
                return event
        return None

    def resolve_event(self) -> dict[str, Any]:
        s, item = self.s, self.s.pending[0]
        event: dict[str, Any] = {"type": "resolve", "rolled": self.roll(), "destroyed_rolled": self.roll()}
        choices = s.tesseract.lowest_removable()
        if choices:
            event["column"] = choices[0]
        if s.zone.cubes:
            low = min(c.value for c in s.zone.cubes)
            event["color"] = next(c.color for c in s.zone.cubes if c.value == low)
        if s.destroyed:
            pick = self.rng.choice(s.destroyed)
            event["destroyed"] = _cube(pick)
            event["cube"] = _cube(pick)
        if item["event"] == ROW_BONUS:
            event["column"] = min(s.tesseract.columns, key=s.tesseract.height)
        event["spared"] = max(s.labs.names, key=lambda n: len(s.labs.cubes[n]))
        event["rolls"] = {n: [self.roll() for _ in s.labs.cubes[n]] for n in s.labs.names}
        return event


def play_one(seed: int, players: int, options: dict[str, Any] | None = None) -> Tesseract:
    rng = random.Random(seed)
    engine = Tesseract(options or {})
    engine.apply({"type": "setup", "players": players, "seed": rng.randrange(2**31)})
    policy = GreedyPolicy(engine, rng)
    for _ in range(MAX_EVENTS):
        s = engine.state
        if s.phase == OVER:
            break
        if s.pending:
            event = policy.resolve_event()
        elif s.phase == "action":
            event = (policy.action() if s.actions_left else None) or {"type": "end_actions"}
        else:
            event = {"type": "prime", "column": s.tesseract.lowest_removable()[0], "rolled": policy.roll()}
        verdicts = engine.apply(event)
        if any(v.kind.value == "illegal" for v in verdicts):
            raise RuntimeError(f"policy sent an illegal event {event}: {verdicts[0].message.en}")
    return engine


def simulate(n_games: int, seed: int = 0, players: int = 2, options: dict[str, Any] | None = None) -> SimulationReport:
    report = SimulationReport(games=n_games, players=players, seed=seed)
    master = random.Random(seed)
    for _ in range(n_games):
        engine = play_one(master.randrange(2**31), players, options)
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
