"""Building Tesseract games with known cubes for the rules tests."""

from __future__ import annotations

from pathlib import Path

from companion.core import VerdictKind
from companion.games.tesseract import Tesseract
from companion.games.tesseract.cube import COLUMNS, Cube

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "docs" / "rules" / "examples"
COLOURS = ["red", "blue", "yellow", "purple"]


def layered_cubes(value=lambda level, index: (level * 16 + index) % 6 + 1) -> list[dict]:
    """64 cubes, bottom level first: colour rotates with the column so each colour has 16 dice."""
    out = []
    for level in range(4):
        for index, _ in enumerate(COLUMNS):
            out.append({"color": COLOURS[(index + level) % 4], "value": value(level, index)})
    return out


def setup_event(players: int = 2, **extra) -> dict:
    count = max(players, 2)
    picks = [{"column": c, "rolled": 3} for c in ("a1", "a4", "d1", "d4")[:count]]
    event = {"type": "setup", "players": players, "base": "1", "cubes": layered_cubes(), "lab_picks": picks}
    if count <= 2:
        event["primed"] = [{"column": "d1", "rolled": 2}, {"column": "d4", "rolled": 5}]
    event.update(extra)
    return event


def new_game(players: int = 2, options: dict | None = None, **extra) -> Tesseract:
    engine = Tesseract(options or {})
    verdicts = engine.apply(setup_event(players, **extra))
    assert not illegal(verdicts), verdicts
    return engine


def illegal(verdicts) -> list:
    return [v for v in verdicts if v.kind is VerdictKind.ILLEGAL]


def kinds(verdicts) -> list[str]:
    return [v.kind.value for v in verdicts]


def rules_of(verdicts) -> list[str]:
    return [v.rule for v in verdicts]


def cube(color: str, value: int) -> dict:
    return {"color": color, "value": value}


def set_lab(engine: Tesseract, name: str, cubes: list[tuple[str, int]]) -> None:
    engine.state.labs.cubes[name] = sorted(Cube(c, v) for c, v in cubes)


def set_zone(engine: Tesseract, cubes: list[tuple[str, int]]) -> None:
    engine.state.zone.cubes = [Cube(c, v) for c, v in cubes]


def set_columns(engine: Tesseract, heights: dict[str, int], colour: str = "red", value: int = 4) -> None:
    """Replace the Tesseract with columns of the given heights (others empty)."""
    for name in COLUMNS:
        engine.state.tesseract.columns[name] = [Cube(colour, value) for _ in range(heights.get(name, 0))]
