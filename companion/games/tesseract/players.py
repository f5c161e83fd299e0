"""Automatic players for simulations and example scripts: a greedy one and a beam-search one.

A player answers three questions: the next action of the Action phase (None:
end it), how to resolve the pending event, and what a die shows. Every die
comes from the player's ``random.Random``, so a game is reproducible.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

from .confinement import group_kind
from .engine import Tesseract

#: the fields a "resolve" event needs, by pending event
RESOLVE_FIELDS = {
    "acceleration": ("column",), "shield": ("color", "rolled"), "chain_reaction": ("column", "rolled"),
    "fission": ("column", "rolled", "destroyed", "destroyed_rolled"), "electrostatic_discharge": ("spared", "rolls"),
    "electromagnetic_pulse": ("rolls",), "interphase": (), "shock_wave": (), "row_bonus": ("cube", "rolled", "column"),
}


def cj(cube) -> dict[str, Any]:
    return cube.to_json()


class Player:
    def __init__(self, engine: Tesseract, rng: random.Random) -> None:
        self.engine, self.rng = engine, rng

    @property
    def s(self):
        return self.engine.state

    def roll(self) -> int:
        return self.rng.randint(1, 6)

    def next_action(self) -> dict[str, Any] | None:
        raise NotImplementedError

    def prime_event(self) -> dict[str, Any]:
        return {"type": "prime", "column": self.s.tesseract.lowest_removable()[0], "rolled": self.roll()}

    def resolve_event(self) -> dict[str, Any]:
        """First lowest column, random dice, a random destroyed cube, spare the fullest lab, return to the lowest
        column."""
        s = self.s
        kind = s.pending[0]["event"]
        event: dict[str, Any] = {"type": "resolve", "rolled": self.roll()}
        choices = s.tesseract.lowest_removable()
        if choices:
            event["column"] = choices[0]
        if s.zone.cubes:
            low = min(c.value for c in s.zone.cubes)
            event["color"] = next(c.color for c in s.zone.cubes if c.value == low)
        if s.destroyed:
            pick = self.rng.choice(s.destroyed)
            event["destroyed"] = event["cube"] = cj(pick)
            event["destroyed_rolled"] = self.roll()
        if kind == "row_bonus":
            event["column"] = min(s.tesseract.columns, key=s.tesseract.height)
        event["spared"] = max(s.labs.names, key=lambda n: len(s.labs.cubes[n]))
        spared = event["spared"] if kind == "electrostatic_discharge" else None
        event["rolls"] = {n: [self.roll() for _ in s.labs.cubes[n]] for n in s.labs.names
                          if s.labs.cubes[n] and n != spared}
        return {k: v for k, v in event.items() if k == "type" or k in RESOLVE_FIELDS[kind]}


class GreedyPlayer(Player):
    """Confine when possible, defuse crowded priming values, otherwise take the most useful removable cube."""

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
        return {"type": "confine", "cubes": [cj(c) for c in group], "chosen": cj(chosen),
                "reroll": [self.roll() for _ in range(len(group) - 1)]}

    def defuse_event(self) -> dict[str, Any] | None:
        counts = self.s.zone.by_value()
        for cube in sorted(self.s.zone.cubes, key=lambda c: (-counts[c.value], c.value)):
            if counts[cube.value] < 2 and cube.value != 1:
                continue
            if cube.value == 1:
                return {"type": "calibrate", "zone": "priming", "cube": cj(cube), "delta": -1}
            for delta in (-1, 1):
                target = cube.value + delta
                if 1 <= target <= 6 and counts.get(target, 0) + 1 < counts[cube.value]:
                    return {"type": "calibrate", "zone": "priming", "cube": cj(cube), "delta": delta}
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
        return {"type": "take", "column": max(columns, key=usefulness)} if columns else None

    def tune_event(self) -> dict[str, Any] | None:
        lab = self.s.labs.cubes[self.s.scientist]
        values = Counter(c.value for c in lab)
        for cube in lab:
            for target, n in values.most_common():
                if abs(target - cube.value) == 1 and values[cube.value] <= n:
                    return {"type": "calibrate", "zone": "lab", "cube": cj(cube), "to": target}
        for cube in self.s.zone.cubes + lab:
            zone = "priming" if cube in self.s.zone.cubes else "lab"
            return {"type": "calibrate", "zone": zone, "cube": cj(cube), "delta": -1 if cube.value > 1 else 1}
        return None

    def next_action(self) -> dict[str, Any] | None:
        if not self.s.actions_left:
            return None
        for make in (self.confine_event, self.defuse_event, self.take_event, self.tune_event):
            event = make()
            if event is not None and self.engine.is_legal(event):
                return event
        return None


class BeamPlayer(Player):
    """Plans each turn's actions by a shallow beam search (tried on the engine, then undone) over a hand-made score."""

    def __init__(self, engine: Tesseract, rng: random.Random, width: int = 5, keep: float = 15.0) -> None:
        super().__init__(engine, rng)
        self.width, self.keep = width, keep
        self.plan: list[dict[str, Any]] = []
        self.planned_turn: int | None = None

    def candidates(self) -> list[dict[str, Any]]:
        s, me = self.s, self.s.scientist
        lab = s.labs.cubes[me]
        out: list[dict[str, Any]] = []
        if s.labs.has_room(me):
            seen = set()
            for column in s.tesseract.removable():
                if s.tesseract.top(column) not in seen:
                    seen.add(s.tesseract.top(column))
                    out.append({"type": "take", "column": column})
        counts = s.zone.by_value()
        for c in sorted(set(s.zone.cubes)):
            if c.value == 1 or counts[c.value] >= 2:
                out.append({"type": "calibrate", "zone": "priming", "cube": cj(c), "delta": -1})
        for c in sorted(set(lab)):
            out.extend({"type": "calibrate", "zone": "lab", "cube": cj(c), "delta": d}
                       for d in (-1, 1) if 1 <= c.value + d <= 6)
        rule = self.engine.options["confine_colours"]
        for size in range(3, min(5, len(lab)) + 1):
            for group in sorted(set(combinations(lab, size))):
                if group_kind(group, rule) is None:
                    continue
                for chosen in sorted({c for c in group if s.board.is_free(c)}):
                    rest = len(group) - 1
                    rerolls = [None] + [[v] * rest for v in range(1, 7)]
                    if rest == 2:
                        rerolls += [[v, v + 1] for v in range(1, 6)]
                    for reroll in rerolls:
                        event = {"type": "confine", "cubes": [cj(c) for c in group], "chosen": cj(chosen)}
                        if reroll is not None:
                            event["reroll"] = reroll
                        out.append(event)
        return out

    def score(self) -> float:
        s = self.s
        if s.outcome is not None:
            return 1e6 if s.outcome["kind"] == "win" else -1e6
        score = 100.0 * len(s.board.filled) - 80.0 * s.breaches + self.keep * s.tesseract.count()
        for n in s.zone.by_value().values():
            score -= 150.0 * (n - 2) if n >= 3 else (30.0 if n == 2 else 0.0)
        score -= sum(2.0 * c.value + 4 for c in s.zone.cubes)
        removable = [s.tesseract.top(c) for c in s.tesseract.removable()]
        rule = self.engine.options["confine_colours"]
        for name in s.labs.names:
            lab = s.labs.cubes[name]
            if any(group_kind(g, rule) and any(s.board.is_free(c) for c in g) for g in combinations(lab, 3)):
                score += 60.0
            for a, b in combinations(lab, 2):
                if a.color != b.color and abs(a.value - b.value) <= 1:
                    near = any(t.color not in (a.color, b.color) and abs(t.value - a.value) <= 1 for t in removable)
                    score += 8.0 * near + 6.0 * (s.board.is_free(a) or s.board.is_free(b))
        return score

    def _try(self, event: dict[str, Any]) -> int | None:
        """Apply an event and the resolutions it triggers; how many were applied, or None if refused."""
        if any(v.kind.value == "illegal" for v in self.engine.apply(event)):
            return None
        applied = 1
        while self.s.pending and self.s.outcome is None:
            self.engine.apply(self.resolve_event())
            applied += 1
        return applied

    def _plan(self) -> list[dict[str, Any]]:
        beam: list[tuple[float, list[dict[str, Any]]]] = [(0.0, [])]
        best: tuple[float, list[dict[str, Any]]] = (-1e9, [])
        saved = self.rng.getstate()
        for _ in range(self.s.actions_left):
            scored = []
            for _, seq in beam:
                done = sum(self._try(e) or 0 for e in seq)
                for cand in self.candidates():
                    n = self._try(cand)
                    if n is None:
                        continue
                    scored.append((self.score(), seq + [cand]))
                    for _ in range(n):
                        self.engine.undo()
                for _ in range(done):
                    self.engine.undo()
            self.rng.setstate(saved)
            if not scored:
                break
            scored.sort(key=lambda x: -x[0])
            beam = scored[:self.width]
            if len(beam[0][1]) == self.s.actions_left and beam[0][0] > best[0]:
                best = beam[0]
        return list(best[1] or beam[0][1])

    def next_action(self) -> dict[str, Any] | None:
        if not self.s.actions_left:
            return None
        if self.planned_turn != self.s.turn:
            self.plan, self.planned_turn = self._plan(), self.s.turn
        while self.plan:
            event = self.plan.pop(0)
            if self.engine.is_legal(event):
                return event
        return None


PLAYERS = {"greedy": GreedyPlayer, "beam": BeamPlayer}
