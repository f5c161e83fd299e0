"""``companion sheets GAME --paper A4|A3|letter --out FILE.pdf``: the game's mat, markers and stickers to print."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

#: the paper sizes, named here so that building the command line imports no OpenCV (the service starts with it);
#: tests/core/test_cli_imports.py checks them against companion.tablevision.sheets.PAPERS
PAPER_NAMES = ("A4", "A3", "letter")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("sheets", help="make the printable mat, markers and stickers of a game (PDF)")
    parser.add_argument("game", help="game name, e.g. free-roll, nexus-keepers, tesseract")
    parser.add_argument("--paper", default="A4", help=f"paper size: {', '.join(PAPER_NAMES)} (default A4)")
    parser.add_argument("--out", metavar="FILE.pdf", help="where to write the PDF (default GAME-PAPER.pdf here)")
    parser.add_argument("--layout", metavar="FILE.json", help="a table layout file instead of the game's own")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    from companion.referee.registry import available_games
    from companion.tablevision.dictionary import DictionaryError
    from companion.tablevision.layout import LayoutError
    from companion.tablevision.layouts import configured_layout
    from companion.tablevision.sheets import SheetError, build_sheets, paper_name

    games = available_games()
    if args.game not in games:
        print(f"companion sheets: unknown game {args.game!r} (known: {', '.join(games)})", file=sys.stderr)
        return 2
    try:
        paper = paper_name(args.paper)
        config = load_config(args.config)
        sheets = build_sheets(configured_layout(args.game, config["table"], args.layout), paper)
    except (SheetError, ConfigError, LayoutError, DictionaryError) as exc:
        print(f"companion sheets: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out or f"{args.game}-{paper}.pdf")
    try:
        out.write_bytes(sheets.pdf)
    except OSError as exc:
        print(f"companion sheets: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    rows, cols = sheets.mat_grid
    stickers = sheets.page_kinds.count("stickers")
    mat = "the mat on 1 page" if rows * cols == 1 else f"the mat on {rows * cols} pages ({rows} x {cols}) to join"
    pages = len(sheets.page_kinds)
    print(f"wrote {out}: {pages} page{'s' if pages != 1 else ''}, {mat}, {stickers} sticker page(s). "
          f"Print at actual size (100%, no 'fit to page') and check that the ruler measures 100 mm "
          f"(docs/vision/sheets.md).")
    return 0
