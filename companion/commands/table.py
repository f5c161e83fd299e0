"""``companion table IMAGE_OR_DIR... --json [--game GAME] [--dictionary NAME] [--layout FILE]``: what table vision
sees on photos — markers, the table plane, pieces with their cells, and dice with their zones — one line per image.

For checking a camera's placement and a printed mat: each photo is read alone (no settling, no plane kept from
an earlier photo), the dice as the service reads them (``TableStage.read_still``: in the dice window when the plane
is known, the mat's print and things not die-sized left out), so what it prints is what the table would referee.
What players are told follows each photo's line (``problems`` in JSON): another game's mat (no plane is fitted on it),
a mat printed before each game's had its own anchors, anchors out of sight.
Exit status: 1 if an input could not be read, 2 if the layout, dictionary, configuration or model is unusable.
"""

from __future__ import annotations

import argparse
import json
import sys

from companion.commands.dice import _expand


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("table", help="read the markers, table plane, pieces and dice on photos")
    parser.add_argument("inputs", nargs="+", metavar="IMAGE_OR_DIR", help="image files or folders of images")
    parser.add_argument("--json", action="store_true", help="one JSON object per image")
    parser.add_argument("--game", default="free-roll", help="whose mat and pieces (default: free-roll's dice tray)")
    parser.add_argument("--layout", help="a table layout file (JSON) instead of the game's mat")
    parser.add_argument("--dictionary", help="marker dictionary, OpenCV's name (e.g. DICT_APRILTAG_36h11)")
    parser.add_argument("--no-dice", action="store_true", help="markers and pieces only (no dice model)")
    parser.add_argument("--calibrate", action="store_true",
                        help="measure the lens from these photos of the mat with stickers across it (two or more, "
                             "pieces moved and the mat turned between them; a mat without stickers: its four "
                             "anchors in sight), and keep it in the data directory (lens.json) for the service")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import dataclasses

    from companion.config import ConfigError, load_config
    from companion.tablevision import DictionaryError, LayoutError, MarkerFinder, marker_dictionary
    from companion.tablevision.layouts import configured_layout
    from companion.tablevision.stage import TableStage

    try:
        settings = load_config(getattr(args, "config", None))
        layout = configured_layout(args.game, settings["table"], args.layout)  # the service's mat
        if args.dictionary:
            marker_dictionary(args.dictionary)
            layout = dataclasses.replace(layout, dictionary=args.dictionary, _by_id={})
        finder = MarkerFinder(layout.dictionary)
    except (ConfigError, LayoutError, DictionaryError) as exc:
        print(f"companion table: {exc}", file=sys.stderr)
        return 2
    reader = None
    if args.calibrate:
        return _calibrate(args, layout, finder, settings.data_dir)
    from companion.tablevision.lens import LensError, load_lens

    try:
        lens = load_lens(settings.data_dir)
    except LensError as exc:
        print(f"companion table: {exc}", file=sys.stderr)
        return 2
    if not args.no_dice:
        from companion.vision import DiceReader, ModelError

        try:
            reader = DiceReader.from_config(settings["vision"])
        except ModelError as exc:
            print(f"companion table: {exc}", file=sys.stderr)
            return 2
    table = settings["table"]
    failed: list = []
    for path, image in _photos(args.inputs, failed):
        stage = TableStage(layout, zoom=table.get("dice_window", True), die_mm=table.get("die_mm", 16.0), lens=lens)
        stage.reader.finder = finder
        view = stage.read_still(image, reader) if reader is not None else stage.reader.read(image)
        plane = view.plane.plane
        out = {"image": str(path), **view.to_json()}
        if args.json:
            print(json.dumps(out), flush=True)
        else:
            where = "no table plane" if plane is None else f"plane ±{plane.reprojection_px:.2f} px"
            pieces = ", ".join(f"{p.name}@{list(p.place.cell) if p.place.cell else p.place.zone}"
                               f"{'?' if p.uncertain else ''}" for p in view.pieces) or "no pieces"
            print(f"{path}: {len(view.markers)} markers, {where}; {pieces}; {len(view.dice)} dice", flush=True)
            for problem in view.problems:  # another game's mat, a mat printed before mats said their game...
                print(f"  {problem}", flush=True)
    return 1 if failed else 0


def _photos(inputs, failed: list):
    """Each readable photo of ``inputs`` (files and folders) as (path, BGR image); one that cannot be read is named
    on stderr and put in ``failed``, and the rest are read on."""
    import cv2

    for path in _expand(inputs):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is None:
            print(f"companion table: {path}: {'no such file' if not path.exists() else 'not a readable image'}",
                  file=sys.stderr)
            failed.append(path)
            continue
        yield path, image


def _calibrate(args: argparse.Namespace, layout, finder, data_dir) -> int:
    """The lens from the markers on the photos (tablevision/lens.py), kept in ``data_dir``."""
    from companion.tablevision.lens import LensError, fit_lens

    views, size, failed = [], None, []
    for path, image in _photos(args.inputs, failed):
        shape = (image.shape[1], image.shape[0])
        if size is not None and shape != size:
            print(f"companion table: {path}: {shape[0]}x{shape[1]}, not {size[0]}x{size[1]} like the first photo: "
                  f"calibrate with photos from one camera setting", file=sys.stderr)
            return 2
        size = shape
        views.append(finder.find(image))
    if not views:
        return 1
    try:
        lens = fit_lens(layout, views, size)
    except LensError as exc:
        print(f"companion table: {exc}", file=sys.stderr)
        return 2
    try:
        path = lens.save(data_dir)
    except OSError as exc:  # the card refused the file: the lens kept before (if any) stays as it was
        from companion.card_faults import fault_words  # what mends the card's fault, as the phone says it

        said, advice = fault_words(exc)
        print(f"companion table: the lens was measured (k1 {lens.k1:+.4f}, k2 {lens.k2:+.4f}, residual "
              f"{lens.residual_px:.2f} px) but cannot be kept in {data_dir}: {exc.strerror or exc} ({said.en}); the "
              f"lens kept before, if any, is unchanged. {advice.en}", file=sys.stderr)
        return 1
    print(f"lens from {lens.photos} photo(s): k1 {lens.k1:+.4f}, k2 {lens.k2:+.4f}; residual {lens.residual_px:.2f} px "
          f"(without correction {lens.residual_before_px:.2f} px); kept in {path}")
    return 1 if failed else 0
