"""Write docs/rules/examples/tesseract-{win,breach-loss,empty-loss}.jsonl (run by hand, not a test).

    .venv/bin/python tests/games/tesseract/make_examples.py

The scripts are games as a table would record them: every die rolled is in
the events. A small beam-search player chooses the actions; the dice it
"rolls" come from a seeded generator, except where the script's story needs
a particular throw (told in each function). The tests replay the committed
files through the engine and check how each game ends.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from companion.games.tesseract import Tesseract  # noqa: E402
from companion.games.tesseract.confinement import group_kind  # noqa: E402

from tess_helpers import EXAMPLES, layered_cubes  # noqa: E402


KEEP = 15.0
RESOLVE_FIELDS = {
    "acceleration": ("column",), "shield": ("color", "rolled"), "chain_reaction": ("column", "rolled"),
    "fission": ("column", "rolled", "destroyed", "destroyed_rolled"), "electrostatic_discharge": ("spared", "rolls"),
    "electromagnetic_pulse": ("rolls",), "interphase": (), "shock_wave": (), "row_bonus": ("cube", "rolled", "column"),
}
LUCKY = False  # True: the player picks its throws to spare the priming zone


def cj(c) -> dict:
    return {"color": c.color, "value": c.value}


class Recorder:
    """Applies events to an engine and keeps them (refused ones too, to show their verdicts)."""

    def __init__(self, engine: Tesseract) -> None:
        self.engine = engine
        self.events: list[dict] = []

    def apply(self, event: dict) -> list:
        verdicts = self.engine.apply(event)
        self.events.append(event)
        return verdicts


class BeamPlayer:
    """Chooses each turn's three actions by a shallow beam search over a hand-written score."""

    def __init__(self, rec: Recorder, rng: random.Random, goal: str) -> None:
        self.rec, self.rng, self.goal = rec, rng, goal
        self.keep = KEEP
        self.show_limit = True

    @property
    def engine(self) -> Tesseract:
        return self.rec.engine

    @property
    def s(self):
        return self.engine.state

    # -- dice the player throws ------------------------------------------------
    def safe_value(self) -> int:
        if not LUCKY:
            return self.rng.randint(1, 6)
        counts = self.s.zone.by_value()
        return min(range(1, 7), key=lambda v: (counts.get(v, 0), v))

    def resolve_event(self) -> dict:
        s = self.s
        item = s.pending[0]
        event: dict = {"type": "resolve"}
        choices = s.tesseract.lowest_removable()
        if choices:
            event["column"] = choices[0]
        event["rolled"] = self.safe_value()
        if item["event"] == "shield":
            low = min(c.value for c in s.zone.cubes)
            event["color"] = next(c.color for c in s.zone.cubes if c.value == low)
        if s.destroyed:
            pick = self.rng.choice(s.destroyed)
            event["destroyed"] = cj(pick)
            event["destroyed_rolled"] = self.safe_value()
            event["cube"] = cj(pick)
        if item["event"] == "row_bonus":
            event["column"] = min(s.tesseract.columns, key=s.tesseract.height)
        event["spared"] = max(s.labs.names, key=lambda n: len(s.labs.cubes[n]))
        event["rolls"] = {n: [self.rng.randint(1, 6) for _ in s.labs.cubes[n]] for n in s.labs.names}
        if item["event"] == "electrostatic_discharge":
            event["rolls"] = {n: r for n, r in event["rolls"].items() if n != event["spared"] and r}
        else:
            event["rolls"] = {n: r for n, r in event["rolls"].items() if r}
        keep = RESOLVE_FIELDS[item["event"]]
        return {k: v for k, v in event.items() if k == "type" or k in keep}

    # -- search -------------------------------------------------------------------
    def candidates(self) -> list[dict]:
        s, me = self.s, self.s.scientist
        lab = s.labs.cubes[me]
        out: list[dict] = []
        if s.labs.has_room(me):
            seen = set()
            for column in s.tesseract.removable():
                top = s.tesseract.top(column)
                if top not in seen:
                    seen.add(top)
                    out.append({"type": "take", "column": column})
        counts = s.zone.by_value()
        for c in sorted(set(s.zone.cubes)):
            if c.value == 1 or counts[c.value] >= 2:
                out.append({"type": "calibrate", "zone": "priming", "cube": cj(c), "delta": -1})
        for c in sorted(set(lab)):
            for d in (-1, 1):
                if 1 <= c.value + d <= 6:
                    out.append({"type": "calibrate", "zone": "lab", "cube": cj(c), "delta": d})
        rule = self.engine.options["confine_colours"]
        for size in range(3, min(5, len(lab)) + 1):
            for group in sorted(set(combinations(lab, size))):
                if group_kind(group, rule) is None:
                    continue
                for chosen in sorted({c for c in group if s.board.is_free(c)}):
                    rest = list(group)
                    rest.remove(chosen)
                    rerolls = [None] + [[v] * len(rest) for v in range(1, 7)]
                    if len(rest) == 2:
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
            won = s.outcome["kind"] == "win"
            return 1e6 if won == (self.goal == "win") else -1e6
        confined = len(s.board.filled)
        score = 100.0 * confined - 80.0 * s.breaches + self.keep * s.tesseract.count()
        if self.goal == "empty":
            score = 60.0 * (64 - s.tesseract.count()) - 80.0 * s.breaches + 10.0 * min(confined, 20)
            if confined >= 23:
                score -= 5000
        counts = s.zone.by_value()
        for value, n in counts.items():
            if n >= 3:
                score -= 150.0 * (n - 2)
            elif n == 2:
                score -= 30.0
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
                    free = s.board.is_free(a) or s.board.is_free(b)
                    score += 8.0 * near + 6.0 * free
        return score

    def _apply_with_events(self, event: dict) -> int | None:
        """Apply an event plus the resolutions it triggers; the number applied, or None if refused."""
        verdicts = self.engine.apply(event)
        if any(v.kind.value == "illegal" for v in verdicts):
            return None
        applied = 1
        while self.s.pending and self.s.outcome is None:
            self.engine.apply(self.resolve_event())
            applied += 1
        return applied

    def plan_turn(self, width: int = 5) -> list[dict]:
        beam: list[tuple[float, list[dict]]] = [(0.0, [])]
        best: tuple[float, list[dict]] = (-1e9, [])
        state = self.rng.getstate()
        for _ in range(self.s.actions_left):
            scored = []
            for _, seq in beam:
                undo = sum(self._apply_with_events(e) or 0 for e in seq)
                for cand in self.candidates():
                    n = self._apply_with_events(cand)
                    if n is None:
                        continue
                    scored.append((self.score(), seq + [cand]))
                    for _ in range(n):
                        self.engine.undo()
                for _ in range(undo):
                    self.engine.undo()
            self.rng.setstate(state)
            if not scored:
                break
            scored.sort(key=lambda x: -x[0])
            beam = scored[:width]
            if len(beam[0][1]) == self.s.actions_left and beam[0][0] > best[0]:
                best = beam[0]
        return best[1] or beam[0][1]

    def play_turn(self) -> None:
        for event in self.plan_turn():
            self.rec.apply(event)
            while self.s.pending and self.s.outcome is None:
                self.rec.apply(self.resolve_event())
            if self.s.outcome is not None:
                return
        if self.show_limit and self.s.actions_left == 0:
            # A fourth action is refused (illegal verdict, state unchanged): shown once per script.
            self.show_limit = False
            take = self.s.tesseract.removable()[0]
            verdicts = self.rec.apply({"type": "take", "column": take})
            assert [v.rule for v in verdicts] == ["tess.action.limit"], verdicts
        self.rec.apply({"type": "end_actions"})
        if self.s.outcome is not None:
            return
        self.rec.apply({"type": "prime", "column": self.s.tesseract.lowest_removable()[0],
                        "rolled": self.safe_value()})
        while self.s.pending and self.s.outcome is None:
            self.rec.apply(self.resolve_event())


def play(seed: int, players: int = 2, base: str = "1", turns: int = 60, goal: str = "win") -> Recorder:
    """One whole game: a random cube layout and random throws from ``seed``, actions by the beam player."""
    from companion.games.tesseract.cube import Cube
    from companion.games.tesseract.cube import Tesseract as Stack
    from companion.games.tesseract.setup import initial_prime_choices

    rng = random.Random(seed)
    cubes = layered_cubes(lambda level, index: rng.randint(1, 6))
    rng.shuffle(cubes)
    count = max(players, 2)
    setup = {"type": "setup", "players": players, "base": base, "cubes": cubes,
             "scientists": ["Ada", "Marie", "Lise", "Emmy"][:count],
             "lab_picks": [{"column": c, "rolled": rng.randint(1, 6)} for c in ("a1", "a4", "d1", "d4")[:count]]}
    stack = Stack.from_cubes([Cube.from_json(c) for c in cubes])
    for pick in setup["lab_picks"]:
        stack.remove(pick["column"])
    primed, first = [], None
    for step in range(2):
        column = initial_prime_choices(stack, count, step, first)[0]
        first = first or column
        stack.remove(column)
        primed.append({"column": column, "rolled": rng.randint(1, 6)})
    setup["primed"] = primed
    rec = Recorder(Tesseract())
    verdicts = rec.apply(setup)
    assert not any(v.kind.value == "illegal" for v in verdicts), verdicts
    # What the camera would report over the priming zone right after setup: it agrees.
    rec.apply({"type": "priming_zone_reading", "dice": [cj(c) for c in rec.engine.state.zone.cubes]})
    # A misread die is reported as a warning naming it; the engine keeps its own priming zone.
    misread = [cj(c) for c in rec.engine.state.zone.cubes]
    misread[0]["value"] = misread[0]["value"] % 6 + 1
    rec.apply({"type": "priming_zone_reading", "dice": misread})
    player = BeamPlayer(rec, rng, goal)
    for turn in range(turns):
        if rec.engine.state.outcome is not None:
            break
        player.play_turn()
    return rec


def write(name: str, rec: Recorder) -> None:
    path = EXAMPLES / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in rec.events), encoding="utf-8")
    outcome = rec.engine.outcome
    print(f"{path.relative_to(EXAMPLES.parents[2])}: {len(rec.events)} events, "
          f"{outcome.rule if outcome else 'unfinished'}, breaches {rec.engine.state.breaches}, "
          f"confined {len(rec.engine.state.board.filled)}")


WANTED = {"tess.win": "tesseract-win.jsonl", "tess.loss.breaches": "tesseract-breach-loss.jsonl",
          "tess.loss.empty": "tesseract-empty-loss.jsonl"}


if __name__ == "__main__":
    found: dict[str, Recorder] = {}
    for seed in range(200):
        rec = play(seed)
        outcome = rec.engine.outcome
        print(seed, outcome.rule if outcome else None, flush=True)
        if outcome is not None and outcome.rule in WANTED and outcome.rule not in found:
            found[outcome.rule] = rec
            write(WANTED[outcome.rule], rec)
        if len(found) == len(WANTED):
            break
