"""Printable sheets: the PDF is rendered back to pixels (pypdfium2) and read with cv2.aruco, so a marker found at
the wrong size or place, a ruler that is not 100 mm, or a split mat with a gap would fail here."""

from __future__ import annotations

import itertools
import json
import math
import re

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest

from companion.cli import main
from companion.tablevision.cells import hex_centre
from companion.tablevision.dictionary import marker_dictionary
from companion.tablevision.layout import layout_from_json
from companion.tablevision.layouts import layout_for
from companion.tablevision.sheets import (OVERLAP, PRINTER_MARGIN, RULER_LABEL, SheetError, build_sheets,
                                          paper_size, printed_marks)

MM_PER_PT = 25.4 / 72


def render(pdf: bytes, page: int, dpi: float) -> np.ndarray:
    return pdfium.PdfDocument(pdf)[page].render(scale=dpi / 72, grayscale=True).to_numpy()


def page_text(pdf: bytes, page: int) -> str:
    return pdfium.PdfDocument(pdf)[page].get_textpage().get_text_range()


def page_sizes_mm(pdf: bytes) -> list[tuple[float, float]]:
    return [tuple(round(v * MM_PER_PT, 1) for v in page.get_size()) for page in pdfium.PdfDocument(pdf)]


def found_markers(image: np.ndarray, dictionary_name: str, dpi: float) -> dict[int, tuple[tuple[float, float], float]]:
    """id -> (centre in page mm, mean side in mm) as cv2.aruco sees the rendered page."""
    detector = cv2.aruco.ArucoDetector(marker_dictionary(dictionary_name), cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(image)
    assert ids is not None, "no marker found on the rendered page"
    seen = {}
    for quad, marker_id in zip(corners, ids.ravel()):
        quad = quad.reshape(4, 2).astype(float)
        side_px = np.mean([np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)])
        centre = (quad.mean(axis=0) + 0.5) * 25.4 / dpi  # OpenCV's pixel centres are whole numbers
        assert int(marker_id) not in seen, f"marker {marker_id} found twice on one page"
        seen[int(marker_id)] = ((float(centre[0]), float(centre[1])), float(side_px * 25.4 / dpi))
    return seen


def ruler_length_mm(image: np.ndarray, ruler, dpi: float) -> float:
    """The longest dark run along the ruler's line, from the rendered pixels."""
    px = dpi / 25.4
    (x0, y0), (x1, y1) = ruler.start, ruler.end
    if y0 == y1:  # horizontal: the pixel row through the line
        line = image[int(y0 * px), int((min(x0, x1) - 5) * px):int((max(x0, x1) + 5) * px)]
    else:
        line = image[int((min(y0, y1) - 5) * px):int((max(y0, y1) + 5) * px), int(x0 * px)]
    dark = np.concatenate([[0], (line < 128).astype(np.int8), [0]])
    edges = np.flatnonzero(np.diff(dark))
    return float(max(edges[1::2] - edges[0::2])) / px


def test_paper_sizes_and_an_unknown_paper():
    assert paper_size("a4") == (210.0, 297.0) and paper_size("Letter") == (215.9, 279.4)
    with pytest.raises(SheetError, match="A4, A3, letter"):
        paper_size("B5")


def test_the_tesseract_mat_on_a3_is_one_page_with_its_anchors_at_true_scale():
    layout = layout_for("tesseract")
    sheets = build_sheets(layout, "A3")
    assert page_sizes_mm(sheets.pdf) == [(420.0, 297.0)]
    assert sheets.page_kinds == ["mat"] and sheets.mat_grid == (1, 1)
    dpi = 200
    seen = found_markers(render(sheets.pdf, 0, dpi), layout.dictionary, dpi)
    assert set(seen) == {a.id for a in layout.anchors}
    for anchor in layout.anchors:
        centre, side = seen[anchor.id]
        assert side == pytest.approx(anchor.side, abs=0.3), f"anchor {anchor.id}: {side:.2f} mm, not {anchor.side}"
        assert math.dist(centre, sheets.mat_pages[0].to_page(anchor.centre)) < 0.5
    # true scale without trusting the plan: the printed distances between anchors are the layout's
    for a, b in itertools.combinations(layout.anchors, 2):
        assert math.dist(seen[a.id][0], seen[b.id][0]) == pytest.approx(math.dist(a.centre, b.centre), abs=0.5)


def test_zones_are_labelled_in_english_and_french():
    layout = layout_for("tesseract")
    text = page_text(build_sheets(layout, "A3").pdf, 0)
    for zone in layout.zones:
        assert zone.label_en in text and zone.label_fr in text, zone.name


@pytest.mark.parametrize("game,paper", [("tesseract", "A3"), ("tesseract", "letter"), ("nexus-keepers", "A4"),
                                        ("free-roll", "A4")])
def test_every_page_has_a_ruler_that_measures_100_mm(game, paper):
    sheets = build_sheets(layout_for(game), paper)
    assert sorted(r.page for r in sheets.rulers) == list(range(len(sheets.page_kinds)))
    dpi = 300
    for ruler in sheets.rulers:
        assert ruler_length_mm(render(sheets.pdf, ruler.page, dpi), ruler, dpi) == pytest.approx(100.0, abs=0.4)
        text = page_text(sheets.pdf, ruler.page)
        assert RULER_LABEL[0] in text and RULER_LABEL[1] in text


def test_a_mat_larger_than_the_paper_is_split_into_overlapping_pages_that_cover_it():
    layout = layout_for("tesseract")
    sheets = build_sheets(layout, "A4")
    rows, cols = sheets.mat_grid
    assert (rows, cols) == (2, 2) and sheets.page_kinds == ["mat"] * 4
    assert set(page_sizes_mm(sheets.pdf)) == {(297.0, 210.0)}
    by_place = {(p.row, p.col): p for p in sheets.mat_pages}
    for (r, c), page in by_place.items():
        if c + 1 < cols:
            assert page.window[2] - by_place[r, c + 1].window[0] >= OVERLAP - 1e-6
        if r + 1 < rows:
            assert page.window[3] - by_place[r + 1, c].window[1] >= OVERLAP - 1e-6
        # the window lies inside the printable part of the paper
        assert page.at[0] >= PRINTER_MARGIN and page.at[0] + page.window[2] - page.window[0] <= 297 - PRINTER_MARGIN
    points = [p for z in layout.zones for p in z.polygon] + [p for a in layout.anchors for p in a.corners()]
    for point in points:
        assert any(p.window[0] <= point[0] <= p.window[2] and p.window[1] <= point[1] <= p.window[3]
                   for p in sheets.mat_pages), f"{point} is on no page"
    text = page_text(sheets.pdf, 0)
    assert "Mat page 1 of 4" in text and "tape from behind" in text


@pytest.mark.parametrize("game, paper", [("tesseract", "A4"), ("free-roll", "Letter")])
def test_only_a_page_with_a_grey_strip_is_told_to_cut_one(game, paper):
    """A page of a split mat is told to cut a strip only where its print shows one (a tenth of it or more in the
    strip's grey), in both languages, and says which page it is laid over; the first, which has none, is told to be
    kept whole, so a player printing at home does not look for a strip that is not there."""
    sheets = build_sheets(layout_for(game), paper)
    for page in sheets.mat_pages:
        grey = float((np.abs(render(sheets.pdf, page.page, 50).astype(int) - 225) <= 2).mean())
        text = " ".join(page_text(sheets.pdf, page.page).split())
        assert ("Cut off the grey strip" in text) == ("Coupez la bande grise" in text) == (grey > 0.1), (page, grey)
        if (page.row, page.col) == (0, 0):
            assert "Keep this page whole" in text and "Gardez cette page entière" in text
        else:
            over = {(0, 1): "over the page on its left", (1, 0): "over the page above it"}.get(
                (min(page.row, 1), min(page.col, 1)), "over the pages on its left and above it")
            assert over in text, text


def test_each_page_of_a_split_mat_prints_its_anchors_at_their_place_and_size():
    layout = layout_for("tesseract")
    sheets = build_sheets(layout, "A4")
    dpi = 200
    shown = set()
    for page in sheets.mat_pages:
        seen = found_markers(render(sheets.pdf, page.page, dpi), layout.dictionary, dpi)
        inside = [a for a in layout.anchors if all(page.window[0] <= x <= page.window[2] and
                                                   page.window[1] <= y <= page.window[3] for x, y in a.corners())]
        assert set(seen) == {a.id for a in inside}
        for anchor in inside:
            centre, side = seen[anchor.id]
            assert side == pytest.approx(anchor.side, abs=0.3)
            assert math.dist(centre, page.to_page(anchor.centre)) < 0.5
        shown |= set(seen)
    assert shown == {a.id for a in layout.anchors}


def printed_words(text: str) -> str:
    """A page's text with its lines run together as a reader reads them (pdfium gives a hyphen ending a line as
    U+FFFE, and a line break as CR LF)."""
    return re.sub(r"\s+", " ", text.replace("\ufffe", "-").replace("-\r\n", "-"))


@pytest.mark.parametrize("game", ["hexors", "nexus", "nexus-keepers"])
def test_stickers_carry_every_piece_at_its_side_with_a_white_quiet_zone_and_its_name(game):
    layout = layout_for(game)
    sheets = build_sheets(layout, "A4")
    sticker_pages = [i for i, kind in enumerate(sheets.page_kinds) if kind == "stickers"]
    assert sticker_pages
    placed = [m for m in sheets.markers if m.page in sticker_pages]
    assert sorted(m.id for m in placed) == sorted(p.id for p in layout.pieces)
    dpi = 300
    px = dpi / 25.4
    for page in sticker_pages:
        image = render(sheets.pdf, page, dpi)
        seen = found_markers(image, layout.dictionary, dpi)
        text = page_text(sheets.pdf, page)
        for marker in (m for m in placed if m.page == page):
            piece = layout.marker(marker.id)
            centre, side = seen[marker.id]
            assert side == pytest.approx(piece.side, abs=0.25), piece.name
            assert math.dist(centre, marker.centre) < 0.4
            assert piece.printed_name in printed_words(text), piece.name  # the name players know, not its id
            assert piece.name not in text
            # the 2 mm around the black square is white (the cut line lies beyond it)
            x0, y0 = int((marker.x - 1.8) * px), int((marker.y - 1.8) * px)
            x1, y1 = int((marker.x + marker.side + 1.8) * px), int((marker.y + marker.side + 1.8) * px)
            ring = image[y0:y1, x0:x1].copy()
            inner = int((1.8 - 0.15) * px)  # the black square, 0.15 mm more for its anti-aliased edge
            ring[inner:-inner, inner:-inner] = 255
            assert ring.min() > 200, f"{piece.name}: something dark in its quiet zone"


def blank_ring(image: np.ndarray, box: tuple[float, float, float, float], width: float, px: float) -> bool:
    """No ink (nothing darker than 200) in the ``width`` mm band around ``box`` (page mm), the box itself and a pixel
    of its anti-aliased edge aside."""
    x0, y0, x1, y1 = box
    outer = [int(math.floor((x0 - width) * px)), int(math.floor((y0 - width) * px)),
             int(math.ceil((x1 + width) * px)), int(math.ceil((y1 + width) * px))]
    ring = image[max(0, outer[1]):outer[3], max(0, outer[0]):outer[2]].copy()
    ix0, iy0 = int(math.floor(x0 * px)) - 1 - max(0, outer[0]), int(math.floor(y0 * px)) - 1 - max(0, outer[1])
    ix1, iy1 = int(math.ceil(x1 * px)) + 1 - max(0, outer[0]), int(math.ceil(y1 * px)) + 1 - max(0, outer[1])
    ring[max(0, iy0):iy1, max(0, ix0):ix1] = 255
    return ring.min() > 200


def visible_markers(sheets, page: int):
    """The markers drawn on ``page`` that its paper shows whole (a split mat's page clips the mat to its window)."""
    tiles = [t for t in sheets.mat_pages if t.page == page]
    for m in (m for m in sheets.markers if m.page == page):
        if tiles:
            t = tiles[0]
            right, bottom = t.at[0] + t.window[2] - t.window[0], t.at[1] + t.window[3] - t.window[1]
            if not (m.x >= t.at[0] and m.y >= t.at[1] and m.x + m.side <= right and m.y + m.side <= bottom):
                continue
        yield m


@pytest.mark.parametrize("paper", ["A4", "A3", "letter"])
@pytest.mark.parametrize("game", ["free-roll", "hexors", "nexus", "nexus-keepers", "tesseract"])
def test_no_ink_in_any_markers_quiet_zone_and_every_marker_reads_as_its_own_id(game, paper):
    """Every page as printed: a blank module around each marker (anchor or sticker), a blank module outside each
    sticker's cut line (no neighbour's name runs into it), and cv2.aruco finds exactly the page's markers."""
    layout = layout_for(game)
    sheets = build_sheets(layout, paper)
    module = lambda side: side / (marker_dictionary(layout.dictionary).markerSize + 2)  # noqa: E731
    dpi = 120
    px = dpi / 25.4
    detector = cv2.aruco.ArucoDetector(marker_dictionary(layout.dictionary), cv2.aruco.DetectorParameters())
    for page in range(len(sheets.page_kinds)):
        image = render(sheets.pdf, page, dpi)
        shown = list(visible_markers(sheets, page))
        for m in shown:
            square = (m.x, m.y, m.x + m.side, m.y + m.side)
            where = f"{game} {paper} page {page + 1}: {m.name}"
            assert blank_ring(image, square, module(m.side), px), f"{where}: ink in its quiet zone"
            if m.cut:
                assert m.cut >= module(m.side), f"{where}: cut line inside the quiet zone"
                line = m.cut + 0.3  # the dashed line and its pen
                cut = (square[0] - line, square[1] - line, square[2] + line, square[3] + line)
                assert blank_ring(image, cut, module(m.side) - 0.3, px), f"{where}: ink against its cut line"
        _, ids, _ = detector.detectMarkers(image)
        assert sorted(ids.ravel().tolist() if ids is not None else []) == sorted(m.id for m in shown), \
            f"{game} {paper} page {page + 1}"


def test_a_long_sticker_name_is_wrapped_beside_its_sticker_not_run_into_the_next():
    layout = layout_for("hexors")
    sheets = build_sheets(layout, "A4")
    page = sheets.page_kinds.index("stickers")
    text = page_text(sheets.pdf, page)
    lines = [line.strip() for line in text.replace("\ufffe", "-").split("\r\n")]
    # wider than the room beside a sticker: English over French, the slash kept with the English
    assert "Gaia the Fierce Knight /" not in lines and "Gaia the Fierce" in lines
    assert lines[lines.index("Gaia the Fierce") + 1:lines.index("Gaia the Fierce") + 4] == [
        "Knight /", "Gaïa le Chevalier", "Implacable"]
    assert "example-" not in text


def test_stickers_print_the_names_the_phone_gives_before_a_game():
    """What a sticker prints is what the phone calls a piece the camera sees before the setup names it: the example
    tile's or card's name in both languages (hexors/camera.py, nexus/camera.py), never the sticker's id."""
    from companion.games.hexors.camera import camera_names as hexors_names
    from companion.games.nexus.camera import camera_names as nexus_names

    for game, names, seen in (("hexors", hexors_names, {}), ("nexus", nexus_names, {"kind": "card"})):
        pieces = layout_for(game).pieces
        said = names(None, {p.name: dict(seen) for p in pieces})
        assert [p.printed_name for p in pieces] == [
            said[p.name].en if said[p.name].en == said[p.name].fr else f"{said[p.name].en} / {said[p.name].fr}"
            for p in pieces]
    assert layout_for("hexors").marker(12).printed_name == "Gaia the Fierce Knight / Gaïa le Chevalier Implacable"
    assert layout_for("nexus-keepers").marker(11).printed_name == "Player 1's tile 2 / Tuile 2 du joueur 1"


@pytest.mark.parametrize("paper", ["A4", "A3", "letter"])
def test_the_tray_sheet_is_called_free_roll_as_on_the_phone(paper):
    sheets = build_sheets(layout_for("free-roll"), paper)
    for page in range(len(sheets.page_kinds)):
        text = page_text(sheets.pdf, page)
        assert "Table Companion - Free roll / Lancer libre - " in printed_words(text) and "dice-tray" not in text
    assert "Table Companion - Hexors - " in printed_words(page_text(build_sheets(layout_for("hexors"), paper).pdf, 0))


def test_the_one_page_tray_says_how_to_print_it_and_where_to_roll_in_print_the_die_reader_knows():
    layout = layout_for("free-roll")
    for paper in ("A4", "A3"):
        sheets = build_sheets(layout, paper)
        assert sheets.page_kinds == ["mat"]
        text = printed_words(page_text(sheets.pdf, 0))
        assert 'Print at actual size (100%, not "fit to page"): the ruler must measure 100 mm.' in text
        assert "Roll the dice anywhere between the four markers" in text
        assert "Imprimez en taille réelle (100 %, pas « ajuster à la page ») : la règle doit mesurer 100 mm." in text
        assert "Lancez les dés n’importe où entre les quatre repères" in text
    # every dot of ink on the A4 tray (the mat at page (0, 0)) lies in a mark the die reader leaves alone
    dpi = 150
    px = dpi / 25.4
    ink = render(build_sheets(layout, "A4").pdf, 0, dpi) < 160
    for x0, y0, x1, y1 in printed_marks(layout):
        ink[max(0, int((y0 - 0.5) * px)):int((y1 + 0.5) * px) + 1,
            max(0, int((x0 - 0.5) * px)):int((x1 + 0.5) * px) + 1] = False
    edge = int(7 * px)  # the mat's outline, along the paper's edge
    ink[:, :edge] = ink[:, -edge:] = ink[:edge, :] = ink[-edge:, :] = False
    ys, xs = np.nonzero(ink)
    assert not len(ys), f"ink outside every printed mark near ({xs[0] / px:.1f}, {ys[0] / px:.1f}) mm"


def test_games_without_pieces_have_no_sticker_pages():
    assert build_sheets(layout_for("tesseract"), "A3").page_kinds == ["mat"]
    assert "stickers" in build_sheets(layout_for("nexus-keepers"), "A3").page_kinds


def test_a_hex_grid_is_drawn_where_cells_puts_its_cells():
    """Pointy-top odd-r hexes: every cell's side midpoints are inked and its centre is blank."""
    data = {"name": "hexes", "size": [297, 210],
            "anchors": [{"id": 0, "centre": [25, 25], "side": 25}, {"id": 1, "centre": [272, 185], "side": 25}],
            "grids": [{"name": "arena", "kind": "hex", "origin": [90, 60], "cell": 15, "cols": 5, "rows": 4}]}
    layout = layout_from_json(data)
    sheets = build_sheets(layout, "A4")
    assert sheets.mat_grid == (1, 1)
    dpi = 300
    image = render(sheets.pdf, 0, dpi)
    to_px = lambda p: tuple(int(round(v * dpi / 25.4)) for v in sheets.mat_pages[0].to_page(p))  # noqa: E731
    grid = layout.grids[0]
    inradius = math.sqrt(3) / 2 * grid.cell
    for row, col in itertools.product(range(grid.rows), range(grid.cols)):
        cx, cy = hex_centre(grid, (col, row))
        for k in range(6):  # side midpoints of a pointy-top hexagon lie at 0, 60, ... degrees
            a = math.radians(60 * k)
            x, y = to_px((cx + inradius * math.cos(a), cy + inradius * math.sin(a)))
            assert image[y - 2:y + 3, x - 2:x + 3].min() < 128, f"cell {col},{row}: no side at {60 * k} degrees"
        x, y = to_px((cx, cy - grid.cell * 0.3))
        assert image[y - 3:y + 4, x - 3:x + 4].min() > 200, f"cell {col},{row}: ink inside the cell"


# -- the command ---------------------------------------------------------------------------------------------
@pytest.fixture
def config(tmp_path):
    path = tmp_path / "companion.toml"
    path.write_text(f'[service]\ndata_dir = "{tmp_path / "data"}"\n')
    return str(path)


def test_the_command_writes_the_pdf(tmp_path, config, capsys):
    out = tmp_path / "mat.pdf"
    assert main(["--config", config, "sheets", "nexus-keepers", "--paper", "a3", "--out", str(out)]) == 0
    assert page_sizes_mm(out.read_bytes()) == [(420.0, 297.0), (297.0, 420.0)]
    assert "2 pages" in capsys.readouterr().out


@pytest.mark.parametrize("args,message", [
    (["chess"], "unknown game 'chess'"),
    (["tesseract", "--paper", "B5"], "unknown paper 'B5'"),
    (["tesseract", "--out", "{tmp}/no/such/dir/mat.pdf"], "cannot write"),
    (["tesseract", "--layout", "{tmp}/bad.json"], "bad.json.anchors[0].side is missing"),
])
def test_the_command_refuses_bad_input_with_exit_2(tmp_path, config, capsys, args, message):
    bad = {"name": "x", "size": [100, 100], "anchors": [{"id": 0, "centre": [10, 10]}]}
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if "--out" not in args:
        args += ["--out", str(tmp_path / "x.pdf")]
    assert main(["--config", config, "sheets", *args]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "no").exists()


def test_a_layout_file_replaces_the_games_own(tmp_path, config):
    data = {"name": "my-table", "size": [200, 150],
            "anchors": [{"id": 7, "centre": [20, 20], "side": 20}, {"id": 8, "centre": [180, 130], "side": 20}],
            "pieces": [{"id": 40, "name": "red-pawn", "kind": "pawn", "side": 14}]}
    (tmp_path / "mine.json").write_text(json.dumps(data))
    out = tmp_path / "mine.pdf"
    assert main(["--config", config, "sheets", "tesseract", "--layout", str(tmp_path / "mine.json"),
                 "--out", str(out)]) == 0
    pdf = out.read_bytes()
    assert len(page_sizes_mm(pdf)) == 2
    assert set(found_markers(render(pdf, 0, 150), "DICT_5X5_100", 150)) == {7, 8}
    assert "red-pawn" in page_text(pdf, 1)

