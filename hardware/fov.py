"""Print the camera-mounting tables of hardware/README.md (run: python hardware/fov.py).

    python hardware/fov.py                      # the README's tables, as markdown
    python hardware/fov.py 400 300 16 --camera v3 --size 1280x960   # one plan

The numbers come from companion.mounting.plan_mount; tests check that the
README holds exactly what this script prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.mounting import CAMERAS, GOOD_DIE_PX, MIN_DIE_PX, model_long_side, plan_mount  # noqa: E402

# (camera, picture width, height, area long side mm, short side mm, die mm)
EXAMPLES = [
    ("v3", 1280, 960, 400, 300, 16),
    ("v3", 1280, 960, 350, 250, 16),
    ("v3", 1280, 960, 400, 300, 19),
    ("v3", 1280, 960, 300, 250, 12),
    ("v3", 1280, 720, 400, 300, 16),
    ("v3", 1280, 720, 450, 220, 16),
    ("v3-wide", 1280, 960, 400, 300, 16),
    ("v2", 1280, 960, 400, 300, 16),
    ("hq-6mm", 1280, 960, 400, 300, 16),
    ("usb-c920", 1280, 720, 400, 300, 16),
    ("v3", 1280, 960, 600, 400, 16),
    ("v3", 1280, 960, 900, 900, 16),
]


def examples_table() -> str:
    rows = ["| camera | picture | play area (cm) | die | mount height | die in picture | die at the model | verdict |",
            "|---|---|---|---|---|---|---|---|"]
    for key, w, h, long_side, short_side, die in EXAMPLES:
        plan = plan_mount(long_side, short_side, die, key, w, h)
        rows.append(f"| {CAMERAS[key].name} | {w}×{h} | {long_side / 10:g} × {short_side / 10:g} | {die} mm "
                    f"| {plan.height_mm / 10:.0f} cm | {plan.die_px_capture:.0f} px | {plan.die_px_model:.1f} px "
                    f"| {plan.verdict} |")
    return "\n".join(rows)


def max_area_table() -> str:
    rows = ["| die | widest view for a good reading, 4:3 | still readable, 4:3 | good, 16:9 | readable, 16:9 |",
            "|---|---|---|---|---|"]
    across = [model_long_side(1280, 960), model_long_side(1280, 720)]  # the picture's width at the model
    for die in (12, 16, 19, 22):
        cells = [f"{die * px / limit / 10:.0f} cm" for px in across for limit in (GOOD_DIE_PX, MIN_DIE_PX)]
        rows.append(f"| {die} mm | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def cameras_table() -> str:
    rows = ["| key | camera | field of view (native) | at 1280×960 (4:3) | at 1280×720 (16:9) |", "|---|---|---|---|---|"]
    for camera in CAMERAS.values():
        h43, v43 = camera.fov_for(1280, 960)
        h169, v169 = camera.fov_for(1280, 720)
        rows.append(f"| `{camera.key}` | {camera.name} | {camera.hfov_deg:.1f}° × {camera.vfov_deg:.1f}° "
                    f"| {h43:.1f}° × {v43:.1f}° | {h169:.1f}° × {v169:.1f}° |")
    return "\n".join(rows)


def tables() -> str:
    return "\n\n".join([cameras_table(), examples_table(), max_area_table()])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("area", nargs="*", type=float, help="play area long side, short side, die size (mm)")
    parser.add_argument("--camera", default="v3", choices=sorted(CAMERAS))
    parser.add_argument("--size", default="1280x960", help="picture size WIDTHxHEIGHT")
    args = parser.parse_args(argv)
    if not args.area:
        print(tables())
        return 0
    if len(args.area) != 3:
        parser.error("give the area's long side, short side and the die size, in mm")
    width, height = (int(v) for v in args.size.lower().split("x"))
    plan = plan_mount(*args.area, camera=args.camera, width_px=width, height_px=height)
    print(f"{plan.camera.name}, {width}x{height}: mount the lens {plan.height_mm / 10:.0f} cm above the table; "
          f"it sees {plan.footprint_mm[0] / 10:.0f} x {plan.footprint_mm[1] / 10:.0f} cm; a {plan.die_mm:g} mm die is "
          f"{plan.die_px_capture:.0f} px in the picture and {plan.die_px_model:.1f} px at the model ({plan.verdict}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
