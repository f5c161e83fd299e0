"""The summary's ``keywords``: what a phone asks, in order, to compose each keyword's effect (« MOTS CLÉS »). An
effect composed from those asks alone, with targets taken from the summary, is one the engine plays."""

from __future__ import annotations

import pytest

from companion.games.tesseract.effects import OPS

from tess_helpers import illegal, new_game


def target(summary, field, kind):
    """The effect's fields for one ask, picked from the summary as a phone's tap would pick them."""
    me = summary["scientist"]
    if kind == "cube":
        cube = next(c for c in summary["labs"][me] if 1 < c["value"] < 6)
        return {"zone": "lab", "lab": me, "cube": cube}
    if kind == "removable":
        return {field: summary["removable"][0]}
    if kind == "column":
        return {field: next(c["column"] for c in summary["tower"] if c["height"] < summary["max_levels"])}
    if kind == "destroyed":
        return {field: summary["destroyed"][0]}
    return {field: {"value": 4, "delta": 1, "lab": me, "level": 2}[kind]}


def compose(summary, op, alternative=0):
    effect = {"op": op}
    for ask in summary["keywords"][op]:
        field, kind = ask.split("|")[alternative if "|" in ask else 0].split(":")
        effect.update(target(summary, field, kind))
    if effect.get("column") and op == "destroy":
        effect["zone"] = "tesseract"
    return effect


def played(engine, *effects):
    verdicts = engine.apply({"type": "play_card", "source": "scientist", "effects": list(effects)})
    assert not illegal(verdicts), verdicts
    return engine.summary()


def test_every_keyword_of_the_engine_is_in_the_summary_with_what_it_asks():
    summary = new_game(2).summary()
    assert sorted(summary["keywords"]) == sorted(OPS)
    kinds = {ask.split(":")[1] for asks in summary["keywords"].values() for one in asks for ask in one.split("|")}
    assert kinds == {"cube", "removable", "column", "destroyed", "value", "delta", "lab", "level"}


@pytest.mark.parametrize("alternative", [0, 1])
def test_destroy_composed_from_the_summary_sets_the_cube_aside(alternative):
    """« DÉTRUIRE : retirez un cube du jeu. Placez les cubes détruits de côté, certaines actions les
    utilisent. »"""
    engine = new_game(2)
    before = engine.summary()
    effect = compose(before, "destroy", alternative)
    after = played(engine, effect)
    # the cube set aside is the one composed: the lab's cube, or the top cube of the column taken from
    taken = effect["cube"] if "cube" in effect else next(c["top"] for c in before["tower"]
                                                             if c["column"] == effect["column"])
    assert before["destroyed"] == [] and after["destroyed"] == [taken]
    if alternative:
        assert after["tesseract_cubes"] == before["tesseract_cubes"] - 1
    else:
        assert len(after["labs"]["S1"]) == len(before["labs"]["S1"]) - 1


def test_reprogram_and_invert_composed_from_the_summary_change_the_value():
    """« REPROGRAMMER : modifiez librement la valeur d'un cube (de 1 à 6). » and « INVERSER : retournez le cube sur
    sa face opposée (ex. un 6 devient un 1). »"""
    engine = new_game(2)
    summary = engine.summary()
    reprogram = compose(summary, "reprogram")
    after = played(engine, reprogram)
    assert {**reprogram["cube"], "value": 4} in after["labs"]["S1"]
    invert = compose(after, "invert")
    again = played(engine, invert)
    assert {**invert["cube"], "value": 7 - invert["cube"]["value"]} in again["labs"]["S1"]


def test_restructure_composed_from_the_summary_moves_a_removable_cube():
    """« RESTRUCTURER : déplacez un cube amovible dans le Tesseract. Le Tesseract ne peut jamais dépasser 4
    étages. »"""
    engine = new_game(2)
    summary = engine.summary()
    effect = compose(summary, "restructure")
    assert effect["from"] in summary["removable"]
    heights = {c["column"]: c["height"] for c in summary["tower"]}
    if effect["to"] == effect["from"]:  # the first column under 4 levels may be the one moved from
        effect["to"] = next(c for c, h in heights.items() if h < 4 and c != effect["from"])
    after = {c["column"]: c["height"] for c in played(engine, effect)["tower"]}
    assert after[effect["from"]] == heights[effect["from"]] - 1 and after[effect["to"]] == heights[effect["to"]] + 1


def test_take_and_calibrate_composed_from_the_summary_move_and_change_a_cube():
    """« prendre des cubes, les calibrer et les faire circuler d'un laboratoire à l'autre »"""
    engine = new_game(2)
    summary = engine.summary()
    calibrate = compose(summary, "calibrate")
    take = compose(summary, "take")
    after = played(engine, take, calibrate)
    assert len(after["labs"]["S1"]) == len(summary["labs"]["S1"]) + 1
    assert after["tesseract_cubes"] == summary["tesseract_cubes"] - 1
    assert {**calibrate["cube"], "value": calibrate["cube"]["value"] + 1} in after["labs"]["S1"]
    assert after["actions_left"] == summary["actions_left"]  # a free play: no action spent


def test_confine_draw_and_return_composed_from_the_summary():
    """« Cet effet s'applique dès qu'un cube est confiné, qu'il s'agisse d'une action ou de l'effet d'une carte. »,
    « Les cartes Recherche sont séparées en 3 pioches, une par niveau. » and destroyed cubes put aside because
    « certaines actions les utilisent »."""
    engine = new_game(2)
    summary = engine.summary()
    after = played(engine, compose(summary, "confine"), compose(summary, "draw"))
    assert after["confined"] == 1
    assert after["research"]["S1"]["2"] == summary["research"]["S1"]["2"] + 1
    destroyed = played(engine, compose(after, "destroy", 1))
    back = played(engine, compose(destroyed, "return"))
    assert back["destroyed"] == [] and back["tesseract_cubes"] == destroyed["tesseract_cubes"] + 1
