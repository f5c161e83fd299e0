"""A checkpoint stays valid across code updates while its formats are unchanged (companion/checkpoint.py): so the
shape of what it pickles must not change without a bump. The shapes are recorded in checkpoint_shapes.json beside
this file, with the format each was recorded at; after a bump, record them again:

    python -m tests.core.test_checkpoint_formats

A shape is each class a game's table memory holds (seen while the rule books' example games are played, and those
its dataclasses' type hints name), with its fields and their declared types (a dataclass) or its attributes' names.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import json
import random
import sys
import types
import typing
from array import array
from pathlib import Path
from typing import Any, Iterable

import pytest

from companion import checkpoint
from companion.referee import available_games
from companion.table_memory import TableMemory

REPO = Path(__file__).resolve().parents[2]
RECORDED = Path(__file__).with_name("checkpoint_shapes.json")
PLAIN = (str, bytes, int, float, bool, type(None))
MEMORY = "table memory"


def shape_of(roots: Iterable[Any], skip: Iterable[Any] = ()) -> dict[str, dict[str, str]]:
    """Class name -> {attribute: declared type ("" where none is declared)} of every object reachable from
    ``roots`` (``skip``: objects left out, a cache), and of the classes their dataclasses' type hints name."""
    shapes: dict[str, dict[str, str]] = {}
    seen = {id(s) for s in skip}
    todo = list(roots)
    hinted: set[type] = set()
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, PLAIN):
            continue
        if isinstance(obj, (type, types.FunctionType, types.BuiltinFunctionType, types.ModuleType)):
            raise TypeError(f"a checkpoint would pickle {obj!r} by its name: keep names, not code, in a state")
        seen.add(id(obj))
        cls = type(obj)
        if cls not in (dict, list, tuple, set, frozenset):
            _add_class(shapes, cls, hinted)
        if isinstance(obj, dict):
            todo += [*obj.keys(), *obj.values()]
        elif isinstance(obj, (list, tuple, set, frozenset, collections.deque)):
            todo += list(obj)
        elif not isinstance(obj, (array, enum.Enum)):
            attributes = dict(vars(obj)) if hasattr(obj, "__dict__") else {}
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    attributes[name] = getattr(obj, name)
            shapes[_name(cls)].update({name: shapes[_name(cls)].get(name, "") for name in attributes})
            todo += list(attributes.values())
    return dict(sorted((name, dict(sorted(fields.items()))) for name, fields in shapes.items()))


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _add_class(shapes: dict[str, dict[str, str]], cls: type, hinted: set[type]) -> None:
    """``cls`` and, for a dataclass, its declared fields and the project's classes its type hints name."""
    if _name(cls) in shapes:
        return
    if issubclass(cls, enum.Enum):
        shapes[_name(cls)] = {member.name: repr(member.value) for member in cls}
        return
    shapes[_name(cls)] = {name: "" for name in getattr(cls, "_fields", ())}  # a named tuple's fields
    if not dataclasses.is_dataclass(cls):
        return
    shapes[_name(cls)] = {f.name: str(f.type) for f in dataclasses.fields(cls)}
    for hint in typing.get_type_hints(cls).values():
        for named in _classes_in(hint):
            if named.__module__.startswith("companion") and named not in hinted:
                hinted.add(named)
                _add_class(shapes, named, hinted)


def _classes_in(hint: Any) -> list[type]:
    found = [hint] if isinstance(hint, type) else []
    for argument in typing.get_args(hint):
        found += _classes_in(argument)
    return found


def example_games(game: str) -> list[list[dict]]:
    """The rule books' example games of ``game`` (docs/rules/examples), or rolls of three colours for free roll."""
    files = sorted((REPO / "docs/rules/examples").glob(f"{game}-*.jsonl"))
    if game == "nexus":  # "nexus-*" takes nexus-keepers' too
        files = [f for f in files if not f.name.startswith("nexus-keepers")]
    games = [[json.loads(line) for line in f.read_text().splitlines() if line.strip()] for f in files]
    if not games:
        rng = random.Random(5)
        games = [[{"type": "roll", "dice": [{"value": rng.randint(1, 6), "color": colour, "confidence": 0.9}
                                            for colour in ("red", "white", "blue")[:rng.randint(1, 3)]]}
                  for _ in range(60)]]
    return games


def game_shape(game: str) -> dict[str, dict[str, str]]:
    """The shape of ``game``'s table memory through each of its example games, at every entry."""
    shapes: dict[str, dict[str, str]] = {}
    for events in example_games(game):
        memory = TableMemory.fresh(game, {})
        for seq, event in enumerate(events):
            memory.replay(seq, event)
            memory.next_seq = seq + 1
            cache = getattr(memory.engine, "_cache", None)  # dropped when a checkpoint is loaded
            for name, fields in shape_of([memory.engine], skip=[cache]).items():
                shapes.setdefault(name, {}).update(fields)
    return dict(sorted(shapes.items()))


def memory_shape() -> dict[str, dict[str, str]]:
    """The table memory's own shape and its statistics' keys (a game's engine apart)."""
    memory = TableMemory.fresh("free-roll", {})
    memory.replay(0, {"type": "roll", "dice": [{"value": 3, "color": "red"}]})
    shapes = shape_of([memory], skip=[memory.engine])
    shapes["statistics"] = {key: type(value).__name__ for key, value in memory.statistics.items()}
    return shapes


def current() -> dict[str, dict[str, Any]]:
    formats = {MEMORY: (checkpoint.MEMORY_FORMAT, memory_shape())}
    formats.update({game: (checkpoint.GAME_FORMATS.get(game, 0), game_shape(game)) for game in available_games()})
    return {name: {"format": number, "shape": shape} for name, (number, shape) in formats.items()}


def differences(old: dict[str, dict[str, str]], new: dict[str, dict[str, str]]) -> list[str]:
    said = ([f"{name} is new" for name in new if name not in old]
            + [f"{name} is gone" for name in old if name not in new])
    for name in sorted(set(old) & set(new)):
        for field in sorted(set(old[name]) | set(new[name])):
            if old[name].get(field) != new[name].get(field):
                said.append(f"{name}.{field}: {old[name].get(field)!r} -> {new[name].get(field)!r}")
    return said


@pytest.fixture(scope="module")
def shapes_now() -> dict[str, dict[str, Any]]:
    return current()


def test_every_game_has_a_format():
    assert sorted(checkpoint.GAME_FORMATS) == sorted(available_games())


@pytest.mark.parametrize("name", [MEMORY, *sorted(available_games())])
def test_a_shape_changes_only_with_a_bump_of_its_format(shapes_now, name):
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    assert name in recorded, f"no shape recorded for {name}: record them (python -m tests.core.test_checkpoint_formats)"
    old, new = recorded[name], shapes_now[name]
    changed = differences(old["shape"], new["shape"])
    where = "checkpoint.MEMORY_FORMAT" if name == MEMORY else f"checkpoint.GAME_FORMATS[{name!r}]"
    assert not (changed and new["format"] == old["format"]), (
        f"what a checkpoint of {name} pickles changed ({'; '.join(changed)}) but its format is still {old['format']}: "
        f"bump {where} (an older checkpoint is then replayed, not loaded into the new classes), then record the "
        "shapes (python -m tests.core.test_checkpoint_formats)")
    assert new == old, f"{where} was bumped: record the shapes again (python -m tests.core.test_checkpoint_formats)"


def test_the_shape_sees_a_field_added_to_a_class_only_a_type_hint_names():
    """A class no example game reaches (a rare state) is still in the shape, through its dataclass's type hints."""
    source = ("from __future__ import annotations\nfrom dataclasses import dataclass, field\n"
              "@dataclass\nclass Rare:\n    count: int = 0\n{more}"
              "@dataclass\nclass State:\n    rare: Rare | None = None\n"
              "    names: list[str] = field(default_factory=list)\n")
    shapes = []
    for more in ("", "    since: float = 0.0\n"):
        module = type(sys)("companion.games.sample_state")
        sys.modules[module.__name__] = module
        try:
            exec(source.replace("{more}", more), module.__dict__)
            shapes.append(shape_of([module.__dict__["State"]()]))
        finally:
            del sys.modules[module.__name__]
    assert shapes[0]["companion.games.sample_state.Rare"] == {"count": "int"}
    assert differences(*shapes) == ["companion.games.sample_state.Rare.since: None -> 'float'"]


if __name__ == "__main__":
    RECORDED.write_text(json.dumps(current(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {RECORDED}")
