"""The phone page shows what table vision sees: the mat found (or which anchors to show), the pieces the camera
sees settled, and the top-down alignment picture — with a real service reading rendered frames of the
Nexus Keepers mat from a folder camera."""

from __future__ import annotations

import re
from contextlib import contextmanager

import cv2
import numpy as np
import pytest
from selenium.webdriver.common.by import By

from boardhelpers import PIN, open_page, screenshot, tap, unlock, wait
from companion.config import load_config
from companion.core import Observation
from companion.tablevision import layout_for
from companion.tablevision.cells import cell_centre
from companion.tablevision.render import CameraPose, PiecePlacement, render_table
from browserhelpers import new_browser, page_errors, pictures, served
from tests.conftest import NK_TWO_KEEPERS

pytestmark = pytest.mark.browser


@contextmanager
def serve(tmp_path, images, game="nexus-keepers"):
    """The service playing ``game`` and reading ``images`` from a folder camera, looped: (service, url)."""
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, image in enumerate(images):
        cv2.imwrite(str(folder / f"{i:03d}.png"), image)
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path / "data"), "host": "127.0.0.1", "port": 0, "threads": 8},
        "camera": {"source": "folder", "path": str(folder), "loop": True, "fps": 8.0},
        "game": {"default": game}, "panel": {"enabled": False},
    })
    with served(config, camera=True, pin=PIN, threads=8) as table:
        yield table


def test_the_mat_the_pieces_and_the_alignment_picture(tmp_path, screenshots):
    layout = layout_for("nexus-keepers")
    keeper = next(p for p in layout.pieces if p.name == "keeper-1")
    rng = np.random.default_rng(3)
    frame = render_table(layout, [PiecePlacement(keeper, cell_centre(layout.grid("nexus"), (2, 3)))], [],
                         CameraPose(), rng, look=1, noise=0.0).image
    with serve(tmp_path, [frame]) as (service, url):
        browser = new_browser("en-GB")
        browser.set_window_size(390, 844)
        try:
            open_page(browser, url, "#/table")
            status = lambda d: d.find_element(By.ID, "table-vision-status").text  # noqa: E731
            board = lambda d: d.find_element(By.ID, "table-vision-board").text  # noqa: E731
            width = lambda d: d.execute_script(  # noqa: E731
                "return document.getElementById('alignment-img').naturalWidth")
            wait(browser, lambda d: status(d).startswith("Mat found: all 4 markers seen"),
                 message="the mat is not shown")
            wait(browser, lambda d: "The camera sees: player 1's keeper" in board(d),
                 message="the camera's board is not shown (before setup, named by seat, never by sticker id)")
            service.table.submit(NK_TWO_KEEPERS)  # once set up, the game names its pieces and cells
            wait(browser, lambda d: "The camera sees: A's keeper off the tiles" in board(d),  # (2, 3): no tile
                 message="the camera's board is not told in the game's words")
            # a sticker the game has no name for is counted in words, never shown by its id and the mat's cell
            unknown = {"kind": "tile", "status": "seen", "cell": [0, 0], "grid": "nexus", "zone": None}
            service.table.observe(Observation(pieces={**service.table.camera_board, "mystery-1": unknown},
                                              source="camera"))
            wait(browser, lambda d: "a piece this game has no name for" in board(d),
                 message="a piece with no name is not told in words")
            assert "mystery" not in board(browser) and "[" not in board(browser), board(browser)
            # in a player's words: the markers seen and how closely the mat fits them (it said « ±0.3 px »)
            assert status(browser) == "Mat found: all 4 markers seen, a close fit", status(browser)
            tap(browser, "#lang-toggle")
            wait(browser, lambda d: status(d) == "Tapis trouvé : ses 4 repères vus, calage précis",
                 message=f"the French mat line said {status(browser)!r}")
            assert "La caméra voit : gardien d’A hors des tuiles" in board(browser)
            # a piece covered or gone, in words that agree with any piece: « tuile 1 d’A (caché) » did not
            covered = {"kind": "tile", "status": "occluded", "cell": [0, 0], "grid": "nexus", "zone": None}
            service.table.observe(Observation(pieces={**service.table.camera_board, "tile-1-1": covered,
                                                      "tile-1-2": {**covered, "status": "gone"}}, source="camera"))
            wait(browser, lambda d: "tuile 1 d’A (hors de vue)" in board(d), message=board(browser))
            assert "tuile 2 d’A (plus sur le tapis)" in board(browser), board(browser)
            tap(browser, "#lang-toggle")
            tap(browser, "#alignment-toggle")
            wait(browser, lambda d: width(d) == 630, message="no alignment picture")  # the A3 mat at 1.5 px a mm
            assert "green lines" in browser.find_element(By.ID, "alignment-caption").text
            screenshot(browser, screenshots, "table-vision-en")
            assert page_errors(browser) == []
        finally:
            browser.quit()


def test_no_anchors_in_sight_says_which_to_show_in_french(tmp_path, screenshots):
    blank = np.full((720, 960, 3), 120, np.uint8)
    with serve(tmp_path, [blank]) as (service, url):
        browser = new_browser("fr-FR")
        browser.set_window_size(390, 844)
        try:
            open_page(browser, url, "#/table")
            wait(browser, lambda d: "Montrez à la caméra les repères du tapis (n° 88, 89, 90, 91) : les dés sont lus, "
                 "les pièces ne sont pas placées" in d.find_element(By.ID, "table-vision-status").text,
                 message="the missing anchors are not named")
            tap(browser, "#alignment-toggle")
            wait(browser, lambda d: "les repères du tapis ne sont pas visibles"
                 in d.find_element(By.ID, "alignment-caption").text, message="no word on the missing picture")
            screenshot(browser, screenshots, "table-vision-fr")
        finally:
            browser.quit()


def test_another_games_mat_is_named_and_nothing_is_placed_on_it(tmp_path, screenshots):
    """The Hexors arena under the camera while the game is Nexus: no plane, and the phone says whose mat it is."""
    hexors = layout_for("hexors")
    frame = render_table(hexors, [], [], CameraPose(yaw=90), np.random.default_rng(4), look=1, noise=0.0).image
    with serve(tmp_path, [frame], game="nexus") as (service, url):
        browser = new_browser("en-GB")
        browser.set_window_size(390, 844)
        try:
            open_page(browser, url, "#/table")
            status = lambda d: d.find_element(By.ID, "table-vision-status").text  # noqa: E731
            wait(browser, lambda d: status(d).startswith("This is the Hexors mat; the game is Nexus (James Ernest). "
                                                         "Nothing is placed on another game's mat"),
                 message="another game's mat is not named")
            assert status(browser).endswith("dice are read, pieces are not placed, counters are not placed")
            assert service.live.to_json()["table"]["plane"] is None
            pictures(browser, screenshots, "table-vision-other-mat", whole_page=True)
            tap(browser, "#lang-toggle")
            wait(browser, lambda d: status(d).startswith("C’est le tapis de Hexors ; le jeu est Nexus (James "
                                                         "Ernest). Rien n’est placé sur le tapis d’un autre jeu"),
                 message="another game's mat is not named in French")
            tap(browser, "#lang-toggle")
            assert page_errors(browser) == []
        finally:
            browser.quit()


def test_a_mat_printed_before_mats_had_their_own_anchors_is_read_and_said_so(tmp_path, screenshots):
    layout = layout_for("nexus-keepers")
    frame = render_table(layout.as_printed({0}), [], [], CameraPose(), np.random.default_rng(5), look=1,
                         noise=0.0).image
    with serve(tmp_path, [frame]) as (service, url):
        browser = new_browser("en-GB")
        browser.set_window_size(390, 844)
        try:
            open_page(browser, url, "#/table")
            status = lambda d: d.find_element(By.ID, "table-vision-status").text  # noqa: E731
            wait(browser, lambda d: re.fullmatch(
                r"Mat found: all 4 markers seen, a close fit · This mat was printed before each game's mat had "
                r"markers of its own: it is read as this game's, but another game's mat printed then would be too\. "
                r"Print it again \(Settings → Printable sheets\) so the camera can tell", status(d)),
                 message="an old mat is not said to be one")
            pictures(browser, screenshots, "table-vision-former-mat", whole_page=True)
            assert page_errors(browser) == []
        finally:
            browser.quit()


def test_free_roll_without_its_sheet_says_every_die_in_sight_is_read(tmp_path):
    """Free roll's dice tray sheet places no pieces: the page must not say pieces wait for its anchors."""
    blank = np.full((720, 960, 3), 120, np.uint8)
    with serve(tmp_path, [blank], game="free-roll") as (service, url):
        browser = new_browser()
        try:
            open_page(browser, url, "#/table")
            wait(browser, lambda d: d.find_element(By.ID, "table-vision-status").text
                 == "Show the camera the sheet's anchor markers (ids 96, 97, 98, 99): meanwhile every die in sight is "
                 "read",
                 message="the tray sheet's missing anchors are not told as such")
            assert page_errors(browser) == []
        finally:
            browser.quit()


def test_nexus_keepers_is_set_up_as_the_camera_sees_the_mat(tmp_path):
    """« Les autres joueurs déploient alors à leur tour (dans le sens horaire) leur Cube Nexus en connectant au
    moins deux tranches de Tuiles Terrain à une ou plusieurs Tuiles Terrain déjà en jeu. »: the cubes laid on the
    mat, read by the camera, set the game up at a tap (the rules checked on them)."""
    from companion.games.nexus_keepers.table_bot import CUBES, FACING

    layout = layout_for("nexus-keepers")
    grid = layout.grid("nexus")
    stickers = {p.name: p for p in layout.pieces}
    tiles = [PiecePlacement(stickers[f"tile-{n}-{t}"], cell_centre(grid, cell), FACING[portal] if t == 1 else 0.0)
             for n, (cells, portal) in enumerate(CUBES, start=1) for t, cell in enumerate(cells, start=1)]
    frame = render_table(layout, tiles, [], CameraPose(), np.random.default_rng(5), look=2, noise=0.0).image
    with serve(tmp_path, [frame]) as (service, url):
        browser = new_browser("en-GB")
        browser.set_window_size(390, 844)
        try:
            unlock(browser, url)
            open_page(browser, url, "#/table")
            wait(browser, lambda d: d.find_elements(By.ID, "nk-setup-camera"), message="no camera setup offered")
            tap(browser, "#nk-setup-camera")
            wait(browser, lambda d: service.table.engine.state.set_up, message="the game was not set up")
            cubes = {c.player: c for c in service.table.engine.state.board.cubes}
            assert [list(c) for c in cubes["Player 1"].tiles] == [list(c) for c in CUBES[0][0]]
            assert cubes["Player 1"].portal == "W" and cubes["Player 2"].portal == "E"
            assert page_errors(browser) == []
        finally:
            browser.quit()


def test_the_light_is_measured_again_from_the_settings(tmp_path):
    """Exposure and white balance are measured again from a phone button (the service's re-measure is asked)."""
    blank = np.full((480, 640, 3), 120, np.uint8)
    with serve(tmp_path, [blank]) as (service, url):
        asked = []
        service.remeasure_light = lambda: asked.append(1) or True
        browser = new_browser("en-GB")
        try:
            unlock(browser, url)
            open_page(browser, url, "#/settings")
            tap(browser, "#light-measure")
            wait(browser, lambda d: asked, message="the light was not measured again")
            assert page_errors(browser) == []
        finally:
            browser.quit()


def test_the_settings_name_the_camera_in_french(tmp_path):
    blank = np.full((480, 640, 3), 120, np.uint8)
    with serve(tmp_path, [blank]) as (service, url):
        browser = new_browser("fr-FR")
        try:
            open_page(browser, url, "#/settings")
            wait(browser, lambda d: d.find_element(By.ID, "camera-status").text == "en marche (dossier frames)",
                 message="the camera is not named in French")
        finally:
            browser.quit()


def test_a_referee_fault_is_told_under_the_picture_in_french(tmp_path):
    blank = np.full((480, 640, 3), 120, np.uint8)
    with serve(tmp_path, [blank]) as (service, url):
        service.live.referee_error = "the referee failed on this roll (KeyError: 'x'); the camera goes on reading"
        service.live.referee_error_fr = "l’arbitre a échoué sur ce lancer (KeyError: 'x') ; la caméra continue de lire"
        browser = new_browser("fr-FR")
        try:
            open_page(browser, url, "#/table")
            wait(browser, lambda d: d.find_element(By.ID, "snapshot-caption").text
                 == "l’arbitre a échoué sur ce lancer (KeyError: 'x') ; la caméra continue de lire",
                 message="the referee's fault is not told in French")
        finally:
            browser.quit()


def test_a_setup_the_camera_refuses_says_why_in_french(tmp_path):
    """The page is open before the camera's board settles: the board's news offers the camera setup at once.
    Only the first player's cube lies on the mat: the phone says, in French, which tiles the camera lacks."""
    from companion.core import Observation
    from companion.games.nexus_keepers.table_bot import CUBES

    blank = np.full((480, 640, 3), 120, np.uint8)  # no anchors in sight: the camera itself settles no board
    with serve(tmp_path, [blank]) as (service, url):
        browser = new_browser("fr-FR")
        try:
            unlock(browser, url)
            open_page(browser, url, "#/table")
            wait(browser, lambda d: d.find_elements(By.ID, "nk-setup-start"), message="no setup page")
            assert not browser.find_elements(By.ID, "nk-setup-camera")
            cells, portal = CUBES[0]
            service.table.observe(Observation(source="camera", pieces={
                f"tile-1-{t}": {"kind": "tile", "status": "seen", "cell": list(cell), "uncertain": False,
                                "facing": portal if t == 1 else "N", "facing_uncertain": False}
                for t, cell in enumerate(cells, start=1)}))
            wait(browser, lambda d: d.find_elements(By.ID, "nk-setup-camera"), message="no camera setup offered")
            tap(browser, "#nk-setup-camera")
            wait(browser, lambda d: d.find_elements(By.ID, "nk-camera-problems"), message="no problem shown")
            said = browser.find_element(By.ID, "nk-camera-problems").text
            assert said.startswith("Le tapis vu par la caméra : tile-2-1 (tuile 1 de ")
            assert "n’est pas sur le tapis" in said and "is not on the mat" not in said
            assert not service.table.engine.state.set_up
            assert page_errors(browser) == []
        finally:
            browser.quit()

