"""The printable sheets on the phone: GET /api/sheets/GAME.pdf?paper=A4 (what ``companion sheets`` writes).

The PDF library is imported when a sheet is first asked for, not when the service starts: fpdf2 and its font tools
take seconds to import on a Pi, and a restart must be quick."""

from __future__ import annotations

from flask import Blueprint, Response, request

from companion.referee.registry import available_games
from companion.tablevision.dictionary import DictionaryError
from companion.tablevision.layout import LayoutError
from companion.tablevision.layouts import configured_layout
from companion.web.app import context
from companion.web.validation import ApiError

blueprint = Blueprint("sheets", __name__, url_prefix="/api")


@blueprint.get("/sheets/<game>.pdf")
def sheets_pdf(game: str):
    from companion.tablevision.sheets import SheetError, build_sheets, paper_name

    games = available_games()
    if game not in games:
        raise ApiError(404, "unknown_game", f"unknown game {game!r} (known: {', '.join(games)})")
    try:
        paper = paper_name(request.args.get("paper", "A4"))
    except SheetError as exc:
        raise ApiError(400, "bad_paper", f"{exc}") from exc
    try:
        sheets = build_sheets(configured_layout(game, context().service.config["table"]), paper)
    except (LayoutError, DictionaryError) as exc:
        raise ApiError(500, "layout", f"the table layout cannot be used: {exc}") from exc
    return Response(sheets.pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{game}-{paper}.pdf"'})

