"""Each game's mat says which game it is: anchors of its own, no plane fitted on another game's mat, and a mat
printed before (anchors 0-3 on every game) still read for the game played, with a notice."""

from __future__ import annotations

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest

from companion.tablevision import TableReader, layout_for
from companion.tablevision.dictionary import marker_dictionary
from companion.tablevision.layout import FORMER_ANCHOR_IDS
from companion.tablevision.layouts import mat_owners
from companion.tablevision.render import CameraPose, render_table
from companion.tablevision.scenes import random_position
from companion.tablevision.sheets import build_sheets

GAMES = ["free-roll", "tesseract", "nexus-keepers", "hexors", "nexus"]
UPRIGHT = CameraPose(yaw=90)  # the Hexors arena is portrait: turned to fill the landscape frame


def test_every_mat_has_anchor_ids_no_other_mat_and_no_sticker_carries():
    anchors = {game: layout_for(game).anchor_ids for game in GAMES}
    stickers = {p.id for game in GAMES for p in layout_for(game).pieces}
    for game, ids in anchors.items():
        assert len(ids) == 4 and not ids & set(FORMER_ANCHOR_IDS), game
        assert not ids & stickers, f"{game}: an anchor id is also a sticker's"
        for other, theirs in anchors.items():
            assert other == game or not ids & theirs, (game, other)
        assert {mat_owners()[i] for i in ids} == {game}
        assert layout_for(game).former_ids == set(FORMER_ANCHOR_IDS)  # the mats printed before keep working


@pytest.mark.parametrize("game", GAMES)
def test_each_games_printed_mat_decodes_with_its_own_anchor_ids(game):
    layout = layout_for(game)
    sheets = build_sheets(layout, "A3")
    page = pdfium.PdfDocument(sheets.pdf)[sheets.page_kinds.index("mat")]
    image = page.render(scale=100 / 72, grayscale=True).to_numpy()
    _, ids, _ = cv2.aruco.ArucoDetector(marker_dictionary(layout.dictionary)).detectMarkers(image)
    seen = set(ids.ravel().tolist())
    assert seen & set(mat_owners()) == layout.anchor_ids, game


def hexors_frame(rng, printed=None):
    """A rendered Hexors arena with six tiles on it; ``printed``: the layout its sheet was printed from."""
    layout = layout_for("hexors")
    pieces, truth = random_position(layout, rng, 6)
    return render_table(printed or layout, pieces, [], UPRIGHT, rng), truth


@pytest.mark.parametrize("game,words", [("nexus", "the game is Nexus (James Ernest)"),
                                        ("free-roll", "the game is Free roll")])
def test_another_games_mat_gives_no_plane_no_pieces_and_says_whose_it_is(rng, game, words):
    frame, _ = hexors_frame(rng)
    view = TableReader(layout_for(game)).read(frame.image)
    assert view.plane.plane is None and view.plane.other_mat == "hexors" and not view.pieces
    assert view.problems[0].startswith(f"This is the Hexors mat; {words}.")
    assert view.to_json()["plane_state"]["other_mat"] == "hexors"


def test_a_plane_found_on_the_games_mat_is_not_kept_once_another_games_mat_lies_there(rng):
    reader = TableReader(layout_for("nexus-keepers"))
    own = render_table(reader.layout, [], [], CameraPose(), rng)
    assert reader.read(own.image).plane.state == "estimated"
    frame, _ = hexors_frame(rng)
    status = reader.read(frame.image).plane
    assert (status.plane, status.state, status.other_mat) == (None, "none", "hexors")


def test_a_mat_printed_with_anchors_0_to_3_is_still_read_for_the_game_with_a_notice(rng):
    layout = layout_for("hexors")
    frame, truth = hexors_frame(rng, printed=layout.as_printed({0}))
    view = TableReader(layout).read(frame.image)
    assert view.plane.plane is not None and view.plane.plane.reprojection_px < 1.0
    assert view.plane.former and view.plane.anchors_seen == FORMER_ANCHOR_IDS and not view.unknown
    assert {p.name: p.place.cell for p in view.pieces} == {name: t.cell for name, t in truth.items()}
    assert view.problems == ("This mat was printed before each game's mat had anchors of its own: it is read as the "
                             "Hexors mat, but so would another game's mat printed then; print it again (companion "
                             "sheets hexors) so the camera can tell",)
    assert view.to_json()["plane_state"]["former_mat"] is True


def test_a_layout_file_keeps_its_own_anchors_and_has_no_former_ones():
    from companion.tablevision.layout import layout_from_json

    data = {**layout_for("tesseract").to_json(), "name": "my-table"}
    data["anchors"] = [{"id": i, "centre": c, "side": 30} for i, c in ((0, [23, 23]), (1, [397, 274]))]
    layout = layout_from_json(data)
    assert layout.anchor_ids == {0, 1} and not layout.former_anchors
    assert layout.as_printed({0, 1}) is layout


def test_the_doctor_says_which_mat_the_services_camera_last_saw(tmp_path, rng):
    """The stage notes each change of mat in the data directory (not every frame); the doctor warns of another
    game's mat and of an old print, with the fix."""
    from companion.config import load_config
    from companion.findings import OK, WARN
    from companion.tablevision.mat_note import MAT_FILE, check_mat
    from companion.tablevision.stage import TableStage

    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path)}})
    assert check_mat(config) is None  # no mat seen yet: nothing to say
    keepers = layout_for("nexus-keepers")
    stage = TableStage.for_layout(keepers, {}, data_dir=tmp_path)
    other, _ = hexors_frame(rng)
    stage.process(other.image, [], 0, 0.0)
    finding = check_mat(config)
    assert finding.status == WARN and "the camera saw the Hexors mat, not the Nexus Keepers mat" in finding.detail
    assert finding.fix == "lay the Nexus Keepers mat (companion sheets nexus-keepers) or start that game"
    written = (tmp_path / MAT_FILE).stat().st_mtime_ns
    stage.process(other.image, [], 1, 0.1)
    assert (tmp_path / MAT_FILE).stat().st_mtime_ns == written  # the same mat again: not written again
    old = render_table(keepers.as_printed({0}), [], [], CameraPose(), rng)
    stage.process(old.image, [], 2, 0.2)
    finding = check_mat(config)
    assert finding.status == WARN and "printed before each game's mat had anchors of its own" in finding.detail
    assert finding.fix == "print it again: companion sheets nexus-keepers, and lay the new one"
    stage.process(render_table(keepers, [], [], CameraPose(), rng).image, [], 3, 0.3)
    assert check_mat(config).status == OK and check_mat(config).detail.startswith("the Nexus Keepers mat, seen at")


@pytest.mark.parametrize("note", ['{"state": "other", "game": ["hexors"], "other": "nexus", "at": 1}',
                                  '{"state": "other", "game": "hexors", "other": {"a": 1}, "at": 1}', '[1]'])
def test_a_mat_note_that_cannot_be_read_makes_the_doctor_say_nothing_of_the_mat(tmp_path, note):
    """``load_mat_note``: None when the note cannot be read, rather than a doctor that stops on it."""
    from companion.config import load_config
    from companion.tablevision.mat_note import MAT_FILE, check_mat

    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path)}})
    (tmp_path / MAT_FILE).write_text(note)
    assert check_mat(config) is None


def test_the_lens_is_measured_from_a_mat_printed_with_anchors_0_to_3_too():
    """`companion table --calibrate` and the lens watch take an old mat's anchors where the game's own would be."""
    from companion.tablevision import MarkerFinder
    from companion.tablevision.lens import fit_lens, opencv_k

    layout = layout_for("tesseract")
    wide = dict(height=300.0, hfov=82.9)
    bend = opencv_k(-0.15, 0.0, wide["hfov"])
    rng = np.random.default_rng(4)
    photos = [render_table(layout.as_printed({0}), [], [], CameraPose(tilt=4, yaw=yaw, **wide), rng, lens=bend).image
              for yaw in (-3.0, 3.0)]
    lens = fit_lens(layout, [MarkerFinder(layout.dictionary).find(p) for p in photos], (1280, 960))
    assert lens.k1 < 0 and lens.residual_px < 0.3 * lens.residual_before_px
