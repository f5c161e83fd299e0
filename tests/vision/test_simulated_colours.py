"""The simulated table's dice keep their colour on camera: a black die is named black."""

from companion.capture.simulated import SimulatedTable
from companion.vision.colour import die_colour, table_is_neutral


def _named(seed: int, colours: tuple[str, ...], throws: int) -> list[tuple[str, str | None]]:
    """(drawn, named) for every die of ``throws`` still frames, named by the colour rule as the reader names them."""
    table = SimulatedTable(seed=seed, width=1280, height=720, colours=colours)
    named = []
    for _ in range(throws):
        table._new_throw()
        image, truth = table._script[-1][1]
        neutral = table_is_neutral(image, [d.box for d in truth])
        named += [(d.color, die_colour(image, d.box, neutral_table=neutral, value=d.value)) for d in truth]
    return named


def test_black_dice_are_named_black_on_coloured_tables():
    """Seeds 6 and 8 at 1280 x 720 (benchmarks/simulated_table.py; a blue and a beige table): black dice read
    purple, blue or green, as the simulated camera shifted each colour channel by a constant (up to about 12
    levels) and a body 25 levels dark took any hue. A camera's white balance is a gain per channel, as the simulated
    camera's now is."""
    named = _named(6, ("black",), 8) + _named(8, ("black",), 8)
    assert len(named) >= 40
    assert [name for _, name in named if name != "black"] == []
