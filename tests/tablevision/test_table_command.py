"""``companion table IMAGE... --json``: one JSON line per photo with the markers, the plane, pieces and dice."""

from __future__ import annotations

import json
import subprocess
import sys

import cv2
import numpy as np

from companion.tablevision import layout_for
from companion.tablevision.cells import cell_centre
from companion.tablevision.render import CameraPose, PiecePlacement, render_table
from tests.conftest import REPO, SHARED


def table(*args):
    return subprocess.run([sys.executable, "-m", "companion.cli", "table", *args], capture_output=True, text=True,
                          timeout=120, cwd=REPO)


def test_a_rendered_mat_gives_the_plane_and_each_pieces_cell(tmp_path):
    layout = layout_for("nexus-keepers")
    keeper = next(p for p in layout.pieces if p.name == "keeper-2")
    frame = render_table(layout, [PiecePlacement(keeper, cell_centre(layout.grid("nexus"), (5, 1)), 90.0)], [],
                         CameraPose(tilt=8), np.random.default_rng(2))
    path = tmp_path / "mat.png"
    cv2.imwrite(str(path), frame.image)
    result = table(str(path), "--json", "--game", "nexus-keepers", "--no-dice")
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stdout)
    assert line["image"] == str(path)
    assert {m["id"] for m in line["markers"]} == {*layout.anchor_ids, keeper.id}
    assert len(line["plane"]["homography"]) == 3 and line["plane"]["reprojection_px"] < 1.0
    assert [(p["name"], p["cell"], p["facing"], p["uncertain"]) for p in line["pieces"]] == [
        ("keeper-2", [5, 1], "E", False)]


def test_real_photos_with_their_dictionary_and_a_bad_input(tmp_path):
    folder = SHARED / "data" / "markers-real" / "ubiquity_fiducials" / "images"
    missing = tmp_path / "nope.jpg"
    result = table(str(folder), str(missing), "--json", "--dictionary", "DICT_5X5_1000", "--no-dice")
    assert result.returncode == 1 and f"{missing}: no such file" in result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert sorted(m["id"] for line in lines for m in line["markers"]) == [1, 245, 246, 403]
    assert all(line["plane"] is None for line in lines)  # no mat in these photos: nothing placed
    refused = table(str(folder), "--dictionary", "DICT_9X9_1")
    assert refused.returncode == 2 and "unknown marker dictionary 'DICT_9X9_1'" in refused.stderr


def test_dice_are_read_as_the_service_reads_them_in_the_dice_window(tmp_path):
    """The tray's printed anchors are not dice, and the dice are the stage's own reading (dice window, vetoes)."""
    from companion.config import load_config
    from companion.tablevision.render import DiePlacement
    from companion.tablevision.stage import TableStage
    from companion.vision import DiceReader

    layout = layout_for("free-roll")
    dice = [DiePlacement((80, 70), 2, "red"), DiePlacement((160, 120), 5, "white"), DiePlacement((220, 60), 3, "blue")]
    frame = render_table(layout, [], dice, CameraPose(tilt=6), np.random.default_rng(8))
    path = tmp_path / "tray.png"
    cv2.imwrite(str(path), frame.image)
    result = table(str(path), "--json")
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stdout)
    assert line["dice"] and all(min(np.hypot(d["mm"][0] - t.mm[0], d["mm"][1] - t.mm[1]) for t in dice) < 12
                                for d in line["dice"])  # each on a rendered die, none on an anchor
    reader = DiceReader.from_config(load_config(None)["vision"])
    service = TableStage(layout).read_still(cv2.imread(str(path)), reader).to_json()["dice"]
    assert [(d["value"], d["mm"]) for d in line["dice"]] == [(d["value"], d["mm"]) for d in service]


def test_another_games_mat_and_a_mat_printed_before_are_said_under_their_photos(tmp_path):
    """The Hexors arena shown for Nexus Keepers: no plane, whose mat it is; an old Nexus Keepers mat (anchors 0-3):
    its plane, and that it cannot say which game it is for."""
    rng = np.random.default_rng(3)
    hexors, keepers = layout_for("hexors"), layout_for("nexus-keepers")
    other, old = tmp_path / "hexors.png", tmp_path / "old.png"
    cv2.imwrite(str(other), render_table(hexors, [], [], CameraPose(yaw=90), rng).image)
    cv2.imwrite(str(old), render_table(keepers.as_printed({0}), [], [], CameraPose(), rng).image)
    result = table(str(other), str(old), "--game", "nexus-keepers", "--no-dice")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"{other}: 4 markers, no table plane; no pieces; 0 dice"
    assert lines[1].startswith("  This is the Hexors mat; the game is Nexus Keepers. Nothing is placed on another "
                               "game's mat: lay this game's mat (companion sheets nexus-keepers) or start Hexors")
    assert lines[2].startswith(f"{old}: 4 markers, plane ±")
    assert lines[3].startswith("  This mat was printed before each game's mat had anchors of its own: it is read as "
                               "the Nexus Keepers mat")
    assert len(lines) == 4
