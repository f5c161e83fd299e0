"""Printable sheets for a game's table layout: the mat at true scale, the piece stickers, a 100 mm ruler.

The camera turns pixels into millimetres from where the anchors are printed, so a sheet is right only at true
scale: the mat is drawn in the layout's own millimetres, each marker is OpenCV's image placed at its exact side,
and every page carries a 100 mm ruler so players can see that the printer did not "fit to page". A mat larger
than the paper is split over pages that overlap, with cut lines and crosses to join them. PDFs come from fpdf2;
marker images from ``cv2.aruco.generateImageMarker`` with a whole number of pixels per bit (no smoothing), made
at ``MARKER_DPI`` or more so their edges stay sharp on any printer.

Modules: ``geometry`` (paper, where things go, how a mat is split), ``canvas`` (drawing), this one (the pages).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..layout import Point, TableLayout, sticker_label

from ..cells import hex_centre
from .canvas import (NAME_WIDTH, RULER_LABEL, Canvas, PlacedMarker, PlacedRuler, draw_mat, pdf_text, line_height,
                     zone_label)
from .geometry import (FOOTER, OVERLAP, PAPERS, PRINTER_MARGIN, RULER_BLOCK, MatPage, Rect, SheetError,
                       anchor_label_at, bbox, content_boxes, cut_places, free_spot, grid_box, grow, module_mm,
                       paper_name, paper_size, tile_starts, top_band, union)

__all__ = ["OVERLAP", "PAPERS", "PRINTER_MARGIN", "RULER_LABEL", "MatPage", "PlacedMarker", "PlacedRuler",
           "SheetError", "Sheets", "build_sheets", "paper_name", "paper_size", "printed_marks"]


@dataclass
class Sheets:
    """The PDF and where everything was put on it (tests and the docs read this; printers read ``pdf``)."""

    layout: str
    paper: str
    pdf: bytes
    page_sizes: list[tuple[float, float]]
    page_kinds: list[str]  # "mat" or "stickers"
    mat_pages: list[MatPage]
    mat_grid: tuple[int, int]  # rows, columns of mat pages
    markers: list[PlacedMarker]
    rulers: list[PlacedRuler]


#: what the free-roll tray says on its one page, above where the dice are rolled
TRAY_NOTE = ["Print at actual size (100%, not \"fit to page\"): the ruler must measure 100 mm. Roll the dice "
             "anywhere between the four markers, and leave the markers uncovered.",
             "Imprimez en taille réelle (100 %, pas « ajuster à la page ») : la règle doit mesurer 100 mm. Lancez les "
             "dés n’importe où entre les quatre repères, sans les couvrir."]
TRAY_NOTE_HEIGHT = 6.5  # mm: two lines of 6.5 pt notes (each language fits one line between the anchors)


def _tray_note(layout: TableLayout) -> Rect | None:
    """Where the tray's note goes in mat mm (None: not the tray); with its one page, players got no word of how to
    print or use it."""
    from ..layouts import mat_game

    return top_band(layout, TRAY_NOTE_HEIGHT) if mat_game(layout) == "free-roll" else None


def _mat_boxes(layout: TableLayout) -> list[Rect]:
    """What a one-page mat prints that the ruler must keep off, in mat mm."""
    note = _tray_note(layout)
    return content_boxes(layout) + ([note] if note is not None else [])


def _orientations(size: Point) -> tuple[bool, ...]:
    return (True, False) if size[0] > size[1] else (False, True)


def _single_mat_page(layout: TableLayout, paper: str):
    """(landscape, offset, ruler spot) when the whole mat fits one page with room for the ruler, else None."""
    w, h = paper_size(paper)
    boxes = _mat_boxes(layout)
    content = union(boxes)
    for landscape in _orientations(layout.size):
        pw, ph = (h, w) if landscape else (w, h)
        if (content[2] - content[0] > pw - 2 * PRINTER_MARGIN) or (content[3] - content[1] > ph - 2 * PRINTER_MARGIN):
            continue
        dx, dy = (pw - layout.size[0]) / 2, (ph - layout.size[1]) / 2
        if not (content[0] + dx >= PRINTER_MARGIN and content[1] + dy >= PRINTER_MARGIN
                and content[2] + dx <= pw - PRINTER_MARGIN and content[3] + dy <= ph - PRINTER_MARGIN):
            dx, dy = (pw - content[0] - content[2]) / 2, (ph - content[1] - content[3]) / 2
        spot = free_spot((pw, ph), [grow((r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy), 2.0) for r in boxes])
        if spot is not None:
            return landscape, (dx, dy), spot
    return None


def _mat_pages(pdf: Canvas) -> tuple[list[MatPage], tuple[int, int]]:
    layout = pdf.layout
    caption = f"Table Companion - {pdf.title} - {pdf.paper} - print at actual size (100%) / taille réelle"
    single = _single_mat_page(layout, pdf.paper)
    if single is not None:
        landscape, (dx, dy), (rx, ry, vertical) = single
        pdf.add_page(landscape, "mat")
        draw_mat(pdf, lambda p: (p[0] + dx, p[1] + dy))
        note = _tray_note(layout)
        if note is not None:
            pdf.notes(note[0] + dx, note[1] + dy, note[2] - note[0], TRAY_NOTE)
        pdf.ruler(rx, ry, vertical, caption)
        return [MatPage(pdf.page, 0, 0, (0.0, 0.0) + layout.size, (dx, dy))], (1, 1)

    content = grow(union(content_boxes(layout)), 3.0)
    w, h = paper_size(pdf.paper)
    plans = []
    for landscape in _orientations(layout.size):
        pw, ph = (h, w) if landscape else (w, h)
        win = (pw - 2 * PRINTER_MARGIN, ph - 2 * PRINTER_MARGIN - FOOTER)
        xs, ys = tile_starts(content[0], content[2], win[0]), tile_starts(content[1], content[3], win[1])
        plans.append((len(xs) * len(ys), landscape, win, xs, ys))
    _, landscape, win, xs, ys = min(plans, key=lambda plan: plan[0])
    # a cut, its crosses (5 mm arms) and the grey strip keep out of every anchor's quiet zone
    clear = [a.side / 2 + module_mm(layout, a.side) + 6.0 for a in layout.anchors]
    clear_x = [(a.centre[0] - c, a.centre[0] + c) for a, c in zip(layout.anchors, clear)]
    clear_y = [(a.centre[1] - c, a.centre[1] + c) for a, c in zip(layout.anchors, clear)]
    cut_x, cut_y = cut_places(xs, win[0], clear_x), cut_places(ys, win[1], clear_y)
    rows, cols = len(ys), len(xs)
    pages = []
    for r, y0 in enumerate(ys):
        for c, x0 in enumerate(xs):
            pw, ph = pdf.add_page(landscape, "mat")
            tile = MatPage(pdf.page, r, c, (x0, y0, x0 + win[0], y0 + win[1]), (PRINTER_MARGIN, PRINTER_MARGIN))
            pages.append(tile)
            _draw_tile(pdf, tile, win, cut_x, cut_y, rows, cols)
            pdf.ruler(PRINTER_MARGIN, ph - PRINTER_MARGIN - RULER_BLOCK[1], False, caption)
            nx = PRINTER_MARGIN + RULER_BLOCK[0] + 4
            pdf.notes(nx, ph - PRINTER_MARGIN - FOOTER + 2, pw - PRINTER_MARGIN - nx, _joining_notes(
                r, c, rows, cols))
    return pages, (rows, cols)


def _joining_notes(r: int, c: int, rows: int, cols: int) -> list[str]:
    """How a page of a split mat joins the others, English and French. The first page has no grey strip: it is kept
    whole and the others are laid over it (telling it to cut a strip it lacks left players looking for one)."""
    n = r * cols + c + 1
    english = f"Mat page {n} of {rows * cols} (row {r + 1} of {rows}, column {c + 1} of {cols}). "
    french = f"Tapis, page {n} sur {rows * cols} (ligne {r + 1}, colonne {c + 1}). "
    if r == 0 and c == 0:
        return [english + "Keep this page whole: the next pages are laid over it, half crosses on its crosses; "
                "tape from behind.",
                french + "Gardez cette page entière : les suivantes se posent dessus, croix sur croix, et se "
                "scotchent au dos."]
    under_en = {(True, False): "the page on its left", (False, True): "the page above it"}.get(
        (c > 0, r > 0), "the pages on its left and above it")
    under_fr = {(True, False): "la page à sa gauche", (False, True): "la page au-dessus"}.get(
        (c > 0, r > 0), "les pages à sa gauche et au-dessus")
    return [english + f"Cut off the grey strip along the dashed line, lay this page over {under_en} so the half "
            f"crosses meet the crosses and the lines run on; tape from behind.",
            french + f"Coupez la bande grise le long des pointillés, posez la page sur {under_fr}, croix sur croix, "
            f"et scotchez au dos."]


def _draw_tile(pdf: Canvas, tile: MatPage, win, cut_x, cut_y, rows, cols) -> None:
    f = pdf.fpdf
    x0, y0, x1, y1 = tile.window
    to_page = tile.to_page
    # local_context keeps fpdf2's idea of the colours in step with the PDF's when the clip ends
    with f.local_context(), f.rect_clip(tile.at[0], tile.at[1], win[0], win[1]):
        f.set_fill_color(225)
        if tile.col > 0:  # the strip left of the cut lies under the page on the left
            f.rect(*to_page((x0, y0)), cut_x[tile.col - 1] - x0, y1 - y0, style="F")
        if tile.row > 0:
            f.rect(*to_page((x0, y0)), x1 - x0, cut_y[tile.row - 1] - y0, style="F")
        draw_mat(pdf, to_page)
        # a cut on this page's left/top edge (dashed: cut here) and the line its neighbour lies on (solid)
        for cut, dashed in ((cut_x[tile.col - 1] if tile.col > 0 else None, True),
                            (cut_x[tile.col] if tile.col < cols - 1 else None, False)):
            if cut is not None:
                pdf.pen(0.3, dash=1.5 if dashed else 0.0)
                f.line(*to_page((cut, y0)), *to_page((cut, y1)))
                for k in (0.2, 0.5, 0.8):
                    pdf.cross(*to_page((cut, y0 + k * (y1 - y0))))
        for cut, dashed in ((cut_y[tile.row - 1] if tile.row > 0 else None, True),
                            (cut_y[tile.row] if tile.row < rows - 1 else None, False)):
            if cut is not None:
                pdf.pen(0.3, dash=1.5 if dashed else 0.0)
                f.line(*to_page((x0, cut)), *to_page((x1, cut)))
                for k in (0.2, 0.5, 0.8):
                    pdf.cross(*to_page((x0 + k * (x1 - x0), cut)))
    pdf.pen(0.1, grey=200)
    f.rect(tile.at[0], tile.at[1], win[0], win[1])
    f.set_fill_color(255)  # the frame stops at an anchor's quiet zone
    fx0, fy0, fx1, fy1 = tile.at[0], tile.at[1], tile.at[0] + win[0], tile.at[1] + win[1]
    edges = [(fx0, fy0, fx0, fy1), (fx1, fy0, fx1, fy1), (fx0, fy0, fx1, fy0), (fx0, fy1, fx1, fy1)]
    for anchor in pdf.layout.anchors:
        (ax0, ay0), (ax1, ay1) = to_page(anchor.corners()[0]), to_page(anchor.corners()[2])
        zone = grow((ax0, ay0, ax1, ay1), module_mm(pdf.layout, anchor.side) + 0.3)
        for edge in edges:
            band = grow(edge, 0.3)
            x0, y0 = max(zone[0], band[0]), max(zone[1], band[1])
            x1, y1 = min(zone[2], band[2]), min(zone[3], band[3])
            if x0 < x1 and y0 < y1:
                f.rect(x0, y0, x1 - x0, y1 - y0, style="F")


def _sticker_pages(pdf: Canvas) -> None:
    """Every piece marker at its side inside a blank quiet zone of one module, a dashed cut line a millimetre beyond
    it, and its name beside it: set smaller, wrapped or cut short to stay a module clear of every cut line."""
    layout = pdf.layout
    pieces = list(layout.pieces)
    clear = max((pdf.module(p.side) for p in pieces), default=0.0)  # blank on either side of a cut line
    while pieces:
        pw, ph = pdf.add_page(False, "stickers")
        pdf.font(10, "B")
        pdf.text(PRINTER_MARGIN, PRINTER_MARGIN + 4, f"{pdf.title}: tile and piece stickers / autocollants")
        pdf.notes(PRINTER_MARGIN, PRINTER_MARGIN + 6, pw - 2 * PRINTER_MARGIN, [
            "Cut along the dashed lines, keeping the white border. Stick each one flat and upright: its top edge "
            "towards the piece's front. / Découpez le long des pointillés en gardant le bord blanc ; collez bien "
            "à plat, le haut vers l’avant de la pièce."])
        top = max(PRINTER_MARGIN + 16.0, pdf.fpdf.get_y() + clear + 1.0)  # below the notes, a module clear
        x, y, row_h = PRINTER_MARGIN, top, 0.0
        bottom = ph - PRINTER_MARGIN - FOOTER
        while pieces:
            piece = pieces[0]
            q = pdf.sticker_border(piece.side)
            box = piece.side + 2 * q
            if x + box + NAME_WIDTH > pw - PRINTER_MARGIN and x > PRINTER_MARGIN:
                x, y, row_h = PRINTER_MARGIN, y + row_h + max(4.0, 2 * clear), 0.0
            if y + box > bottom and y > top:
                break
            pieces.pop(0)
            pdf.pen(0.2, grey=110, dash=1.0)
            pdf.fpdf.rect(x, y, box, box)
            pdf.marker(piece.id, piece.name, x + q, y + q, piece.side, cut=q)
            _sticker_label(pdf, piece, x + box + clear + 0.5, y, NAME_WIDTH - 2 * clear - 1.0, box)
            x += box + NAME_WIDTH
            row_h = max(row_h, box)
        pdf.ruler(PRINTER_MARGIN, ph - PRINTER_MARGIN - RULER_BLOCK[1], False,
                  f"Table Companion - {pdf.title} - {pdf.paper} - print at actual size (100%) / taille réelle")


def _sticker_label(pdf: Canvas, piece, x: float, y: float, width: float, height: float) -> None:
    """The piece as players call it (bold, up to 8 pt) over its kind, id and side (6 pt, grey), inside the given
    box."""
    details = f"{piece.kind}, id {piece.id}, {piece.side:g} mm"
    detail_size, detail_lines = pdf.fit_text(details, width, line_height(6.0), style="", sizes=(6.0, 5.0))
    # English then French, each from its own line ("Player 1's tile 2 /", "Tuile 2 du joueur 1"), the slash kept
    # on the English word before it (a no-break space)
    size, lines = pdf.fit_text(piece.printed_name.replace(" / ", "\u00a0/\n"), width,
                               height - line_height(detail_size) - 0.5)
    baseline = y + size * 25.4 / 72 * 0.75
    pdf.font(size, "B")
    for line in lines:
        pdf.fpdf.text(x, baseline, line)
        baseline += line_height(size)
    pdf.font(detail_size, grey=60)
    pdf.fpdf.text(x, baseline - line_height(size) + line_height(detail_size) + 0.5, detail_lines[0])


def printed_marks(layout: TableLayout) -> list[Rect]:
    """The mat's print that a die reader might take for a die, as rectangles in mat mm: the anchors, the labels of
    anchors, zones and grid cells, zone outlines and square grids' lines, the tray's note, and the ruler's ticks and
    lines wherever a one-page mat puts it (any paper)."""
    from fpdf import FPDF  # here, not at import: fpdf2 takes seconds to import on a Pi, and the service needs it late

    f = FPDF(unit="mm")
    f.core_fonts_encoding = "windows-1252"  # as the Canvas: the labels are measured as they are printed
    marks: list[Rect] = [bbox(a.corners()) for a in layout.anchors]

    def words(x: float, baseline: float, text: str, size: float, style: str = "") -> Rect:
        f.set_font("helvetica", style, size)
        pt = size * 25.4 / 72
        return (x, baseline - 0.75 * pt, x + f.get_string_width(pdf_text(text)), baseline + 0.25 * pt)

    for anchor in layout.anchors:
        x, y = anchor_label_at(layout, anchor)
        marks.append(words(x, y, f"anchor / ancre {anchor.id}", 6))
    for zone in layout.zones:
        (x, y), size, english, french = zone_label(f, zone)
        marks += [words(x, y + size * 0.36, english, size, "B"), words(x, y + size * 0.72 + 0.6, french, size, "I")]
        corners = list(zone.polygon)
        marks += [grow(bbox([a, b]), 0.2) for a, b in zip(corners, corners[1:] + corners[:1])]  # its outline
    for grid in (g for g in layout.grids if g.kind == "square"):
        x0, y0, x1, y1 = grid_box(grid)
        marks += [(x0 + c * grid.cell - 0.2, y0, x0 + c * grid.cell + 0.2, y1) for c in range(grid.cols + 1)]
        marks += [(x0, y0 + r * grid.cell - 0.2, x1, y0 + r * grid.cell + 0.2) for r in range(grid.rows + 1)]
    for grid in layout.grids:
        for r in range(grid.rows):
            for c in range(grid.cols):
                f.set_font("helvetica", "", 5)
                label, width = f"{c},{r}", f.get_string_width(f"{c},{r}")
                if grid.kind == "hex":
                    cx, cy = hex_centre(grid, (c, r))
                    marks.append(words(cx - width / 2, cy + grid.cell * 0.6, label, 5))
                else:
                    x0, y0 = grid.origin
                    marks.append(words(x0 + (c + 1) * grid.cell - 1.0 - width, y0 + (r + 1) * grid.cell - 1.2,
                                       label, 5))
    note = _tray_note(layout)
    if note is not None:
        marks.append(note)
    for paper in PAPERS:
        single = _single_mat_page(layout, paper)
        if single is None:
            continue
        _, (dx, dy), (rx, ry, vertical) = single
        x, y = rx - dx, ry - dy
        # the block as drawn flat (u along the ruler, v down), then turned as a vertical block is
        strips = [(4.0, 0.6, 108.0, 5.3), (4.0, 5.6, 108.0, 7.8),  # ticks, numbers
                  (5.0, 8.0, 112.0, 11.0), (5.0, 11.5, 112.0, 14.5), (5.0, 15.2, 112.0, 18.2)]  # three lines
        for u0, v0, u1, v1 in strips:
            if vertical:
                marks.append((x + v0, y + RULER_BLOCK[0] - u1, x + v1, y + RULER_BLOCK[0] - u0))
            else:
                marks.append((x + u0, y + v0, x + u1, y + v1))
    return marks


def mat_title(layout: TableLayout) -> str:
    """The game a mat is for as the phone names it, English / French ("Free roll / Lancer libre", not the tray
    layout's "dice-tray"); a layout file's own anchors by the layout's name."""
    from companion.referee.registry import game_class

    from ..layouts import mat_game

    game = mat_game(layout)
    if game is None:
        return layout.name
    title = game_class(game).title
    return sticker_label(title.en, title.fr)


def build_sheets(layout: TableLayout, paper: str = "A4") -> Sheets:
    """The PDF for ``layout`` on ``paper``: the mat (one page or several to join), then the sticker pages."""
    pdf = Canvas(layout, paper_name(paper), mat_title(layout))
    mat_pages, grid = _mat_pages(pdf)
    _sticker_pages(pdf)
    return Sheets(layout.name, pdf.paper, pdf.output(), pdf.page_sizes, pdf.page_kinds, mat_pages, grid,
                  pdf.markers, pdf.rulers)
