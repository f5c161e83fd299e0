"""GET /api/sheets/GAME.pdf: the phone's settings screen downloads the same PDF as ``companion sheets``."""

from __future__ import annotations

import pypdfium2 as pdfium


def test_a_phone_downloads_a_games_sheets_on_the_paper_it_asks_for(phone):
    response = phone.get("/api/sheets/nexus-keepers.pdf?paper=a3")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert 'filename="nexus-keepers-A3.pdf"' in response.headers["Content-Disposition"]
    pages = [tuple(round(v * 25.4 / 72) for v in page.get_size()) for page in pdfium.PdfDocument(response.data)]
    assert pages == [(420, 297), (297, 420)]  # the mat on one A3 page, then the stickers
    default = phone.get("/api/sheets/tesseract.pdf")
    assert len(pdfium.PdfDocument(default.data)) == 4  # A4: the A3 mat in 2 x 2 pages


def test_an_unknown_game_or_paper_is_refused(phone):
    unknown = phone.get("/api/sheets/chess.pdf")
    assert unknown.status_code == 404 and "unknown game 'chess'" in unknown.get_json()["message"]
    paper = phone.get("/api/sheets/tesseract.pdf?paper=B5")
    assert paper.status_code == 400 and paper.get_json()["error"] == "bad_paper"

