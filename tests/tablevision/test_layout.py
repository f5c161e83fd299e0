"""Layouts as data: the shipped mats are consistent, and a bad layout file is refused naming its key."""

from __future__ import annotations

import json

import pytest

from companion.tablevision import LayoutError, layout_for, load_layout
from companion.tablevision.dictionary import (DictionaryError, dictionary_size, marker_count, marker_dictionary,
                                              predefined_names)
from companion.tablevision.layout import layout_from_json
from tests.tablevision.conftest import HEX_ARENA


@pytest.mark.parametrize("game", ["tesseract", "nexus-keepers", "nexus", "free-roll"])
def test_shipped_layouts_round_trip_through_json(game):
    layout = layout_for(game)
    again = layout_from_json(json.loads(json.dumps(layout.to_json())), game)
    assert again.to_json() == layout.to_json()


@pytest.mark.parametrize("game, needs", [("free-roll", ()), ("hexors", ("pieces",)), ("nexus-keepers", ("pieces",)),
                                         ("nexus", ("pieces", "counters")), ("tesseract", ("areas",))])
def test_what_waits_for_the_mats_anchors(game, needs):
    """The phone tells players what is not placed while the anchors are out of sight: pieces with markers, counters
    found by colour, and which of Tesseract's priming areas and labs a die lies in; nothing on free roll's sheet."""
    assert layout_for(game).needs_plane == needs


def test_tesseract_mat_has_a_priming_area_per_value_and_the_confinement_slots():
    layout = layout_for("tesseract")
    names = {z.name for z in layout.zones}
    assert {f"priming-{v}" for v in range(1, 7)} <= names
    grid = layout.grid("confinement")
    assert (grid.cols, grid.rows) == (6, 4)  # « plateau de confinement » : 24 emplacements
    assert {f"lab-{i}" for i in range(1, 5)} <= names


def test_nexus_cards_are_two_half_card_cells_long():
    """« Cards must be played in a “basketweave” pattern, with short edges always touching long edges »: the mat's
    grid is of half cards, so a card covers two cells and its sticker, in its middle, lies between them."""
    layout = layout_for("nexus")
    assert {p.span for p in layout.pieces} == {2} and layout.to_json()["pieces"][0]["span"] == 2


def test_nexus_keepers_mat_has_a_sticker_per_tile_and_keeper():
    layout = layout_for("nexus-keepers")
    kinds = [p.kind for p in layout.pieces]
    assert kinds.count("tile") == 20 and kinds.count("keeper") == 4
    assert layout.marker(10).name == "tile-1-1"


@pytest.mark.parametrize("change, key", [
    (lambda d: d["anchors"][1].update(id=0), "marker id 0 is used twice"),
    (lambda d: d["grids"][0].update(kind="triangle"), "hex-arena.grids[0].kind"),
    (lambda d: d["pieces"][2].update(grid="nowhere"), "pieces[hex-tile-2].grid"),
    (lambda d: d["pieces"][0].pop("side"), "hex-arena.pieces[0].side is missing"),
    (lambda d: d["anchors"][0].update(centre=[1, "a"]), "hex-arena.anchors[0].centre"),
    (lambda d: d.update(dictionary="DICT_7X7_9"), "hex-arena.dictionary"),
    (lambda d: d["pieces"][0].update(id=100), "hex-arena.pieces[0].id 100 is not in DICT_5X5_100"),
    (lambda d: d.update(colour="red"), "hex-arena.colour is not a layout key"),
    (lambda d: d["grids"][0].update(cell=0), "hex-arena.grids[0].cell must be more than 0"),
    (lambda d: d["pieces"][0].update(span=0), "hex-arena.pieces[0].span must be at least 1"),
    (lambda d: d["pieces"][0].update(span=2), "span 2 needs a square grid"),
])
def test_a_bad_layout_is_refused_naming_the_key(change, key):
    data = json.loads(json.dumps(HEX_ARENA))
    change(data)
    with pytest.raises(LayoutError) as info:
        layout_from_json(data, "hex-arena")
    assert key in str(info.value)


def test_the_marker_count_a_layout_is_checked_with_at_start_is_opencvs_for_every_predefined_dictionary():
    """``marker_count`` answers OpenCV's names without loading OpenCV (the service's start): it must say what
    cv2.aruco says, for each of them."""
    names = predefined_names()
    assert len(names) >= 21
    for name in names:
        assert marker_count(name) == dictionary_size(marker_dictionary(name)), name
    for wrong in ("DICT_7X7_9", "DICT_5x5_100", "5X5_100", "", "DICT_APRILTAG_36h99", "DICT_ARUCO_original"):
        with pytest.raises(DictionaryError, match="marker dictionary"):
            marker_count(wrong)


def test_a_corrupt_layout_file_is_refused_at_load(tmp_path):
    path = tmp_path / "mat.json"
    path.write_text('{"name": "mat", "anchors": [')
    with pytest.raises(LayoutError, match="not valid JSON"):
        load_layout(path)
    with pytest.raises(LayoutError, match="no such file|No such file"):
        load_layout(tmp_path / "missing.json")


def test_the_service_refuses_to_start_on_a_corrupt_layout_file_naming_the_key(tmp_path):
    import subprocess
    import sys

    layout = tmp_path / "mat.json"
    bad = json.loads(json.dumps(HEX_ARENA))
    bad["grids"][0]["kind"] = "octagon"
    layout.write_text(json.dumps(bad))
    config = tmp_path / "companion.toml"
    config.write_text(f'[service]\ndata_dir = "{tmp_path / "data"}"\nhost = "127.0.0.1"\nport = 0\n'
                      f'[table]\nlayout = "{layout}"\n')
    result = subprocess.run([sys.executable, "-m", "companion.cli", "--config", str(config), "serve", "--no-camera"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert f"{layout}.grids[0].kind must be \"square\" or \"hex\", got 'octagon'" in result.stderr
    assert "Traceback" not in result.stderr
