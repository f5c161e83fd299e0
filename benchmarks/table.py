"""Table vision benchmark: markers on real photographs against OpenCV's default detector, and boards read from
rendered tables over the camera guidance's heights, tilts, light and hands, with the time per frame.

    python benchmarks/table.py                # everything, about five minutes on one core
    python benchmarks/table.py --boards 10    # fewer rendered boards per setup

1. Real photos (../shared/data/markers-real/, each folder's own dictionary), at full and half size: markers found /
   labelled, wrong ids (an id found that the photo does not carry, or more copies than it carries), and ms per
   image, for the product's finder (companion/tablevision/markers.py) and OpenCV's default detector, each image
   timed for both in turn (best of 3) (benchmarks/table_markers.py).
2. Rendered tables (no real photos of the product's mats exist; these are renders, said so): each game mat
   (Nexus Keepers' square grid, Hexors' flat-topped hex arena) with random pieces in random cells, at the
   mounting guide's height for an A3 mat (hardware/README.md; Camera Module 3 at 1280x960) and higher, tilted,
   dim or bright, with and without a hand over the table. Per setup: pieces in the right cell (a piece reported
   uncertain is not right; one under the hand is not counted), wrong cells, boards entirely right, position
   error in mm (median, 95th percentile), and marker detection by marker side in pixels. The guide allows the
   camera up to 1.25x its height and 20 degrees of tilt; that worst setup gets four times the boards
   (benchmarks/table_rendered.py).
3. Time per 1280x960 frame on one thread: table vision alone (markers + plane + cells) on new frames searched
   whole, the dice reader alone, and the whole pipeline step (dice + table), against the configured frame rate's
   budget; each frame's fastest of three runs, the thread's CPU time beside the wall time, so that other programs
   on the machine count less. Then table vision frame after frame on section 4's played game, the whole frame
   searched whenever the picture changed against only the boxes where it changed (tablevision/changes.py)
   (benchmarks/table_timing.py).
4.-5. The pipeline on a simulated game (benchmarks/table_played.py); dice on rendered mats, whole frame against the
   dice window (benchmarks/table_dice_window.py).
6. Every game's mat rendered from its printed PDF through standard and wide lenses with distortion, cups, phones
   and hands: stickers, cells, ids, phantom dice and counters, position error without and with the lens correction
   (benchmarks/table_print.py).
7. Real dice cut from dice-real's held-out photos laid in every game's dice zones, read through the service's path
   (benchmarks/table_real_dice.py; alone: --only real-dice).
8. The phone veto: dice of a phone screen's colour on it and beside it, its icons, the veto's time a reading; then a
   switched-off phone, and a tablet with icons as wide as a die; dice at 0.85, 1 and 1.15 x die_mm
   (benchmarks/table_phone.py; alone: --only phone).
9. Phantom dice from a mat no plane is fitted on: another game's, and the game's own with its anchors covered, bare
   and with real dice laid on it (benchmarks/table_other_mat.py; alone: --only other-mat).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the companion package, as the sections import it


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=25, help="rendered boards per mat and setup")
    parser.add_argument("--marker-tries", type=int, default=3,
                        help="runs of each marker finder on each real photo, the fastest timed (section 1)")
    parser.add_argument("--worst-factor", type=int, default=4,
                        help="boards at the guide's worst setups, as a multiple of --boards (section 2)")
    parser.add_argument("--frames", type=int, default=30, help="frames timed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of simulated play timed in sections 3-4")
    parser.add_argument("--dice-frames", type=int, default=54, help="rendered frames in section 5")
    parser.add_argument("--print-boards", type=int, default=2, help="boards per game, lens and k1 in section 6")
    parser.add_argument("--print-games", nargs="*", help="the games of section 6 (default: all five)")
    parser.add_argument("--real-dice-images", type=int, default=40, help="images per game in section 7")
    parser.add_argument("--phone-frames", type=int, default=24, help="frames per game in section 8 (8b, 8c: half)")
    parser.add_argument("--other-mat-frames", type=int, default=4, help="frames bare and with dice a pair, section 9")
    parser.add_argument("--other-mat-pairs", nargs="*", metavar="MAT:GAME",
                        help="the pairs of section 9, e.g. hexors:free-roll hexors:hexors (default: all eleven)")
    sections = ["real", "rendered", "timing", "played", "dice", "printed", "real-dice", "phone", "other-mat"]
    parser.add_argument("--skip", nargs="*", default=[], choices=sections)
    parser.add_argument("--only", choices=sections, help="run this section alone")
    args = parser.parse_args()
    if args.only:
        args.skip = [s for s in sections if s != args.only]
    pairs = _other_mat_pairs(parser, args.other_mat_pairs)  # said wrong before any section runs
    import cv2

    cv2.setNumThreads(1)
    if "real" not in args.skip:
        from table_markers import real_photos

        real_photos(args.marker_tries)
    if "rendered" not in args.skip:
        from table_rendered import rendered

        rendered(args.boards, args.seed, args.worst_factor)
    if "timing" not in args.skip:
        from table_timing import timing

        timing(args.frames, args.seed, args.seconds)
    if "played" not in args.skip:
        from table_played import played

        played(args.seconds, args.seed)
    if "dice" not in args.skip:
        from table_dice_window import dice_on_mats

        dice_on_mats(args.dice_frames, args.seed)
    if "printed" not in args.skip:
        from table_print import GAMES, printed_sheets

        printed_sheets(args.print_boards, args.seed, args.print_games or GAMES)
    if "real-dice" not in args.skip:
        from table_real_dice import real_dice

        real_dice(args.real_dice_images, args.seed)
    if "phone" not in args.skip:
        from table_phone import phone_veto

        phone_veto(args.phone_frames, args.seed)
    if "other-mat" not in args.skip:
        from table_other_mat import other_mat

        other_mat(args.other_mat_frames, args.seed, pairs)
    return 0


def _other_mat_pairs(parser, named: list[str] | None) -> tuple:
    """Section 9's pairs as --other-mat-pairs names them (MAT:GAME), all of them when it names none."""
    from table_other_mat import PAIRS

    pairs = tuple(tuple(p.split(":", 1)) for p in named) if named else PAIRS
    unknown = [":".join(p) for p in pairs if p not in PAIRS]
    if unknown:
        parser.error(f"--other-mat-pairs: not a pair of section 9: {', '.join(unknown)} "
                     f"(the pairs: {' '.join(':'.join(p) for p in PAIRS)})")
    return pairs


if __name__ == "__main__":
    sys.exit(main())
