"""Section 5 of ``benchmarks/table.py``: dice read on rendered mats, the whole frame against the zoomed dice window
(the same frames both ways).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from companion.config import load_config
from companion.tablevision import TableReader, layout_for
from companion.tablevision.render import CameraPose, render_table
from companion.tablevision.scenes import random_dice, random_position
from table_rendered import SIZE, guide_mount


def dice_on_mats(boards: int, seed: int) -> None:
    """Dice read right on rendered mats (the detector trained partly on renders of this kind: a comparison of the two
    ways of reading, not a claim about real tables): the whole frame against the zoomed dice window, same frames."""
    from companion.tablevision.cells import locate
    from companion.tablevision.zoom import dice_window, read_in_window
    from companion.vision import DiceReader

    reader = DiceReader.from_config(load_config(None)["vision"], threads=1)
    plan, hfov = guide_mount()
    rng = np.random.default_rng(seed)
    score = {"whole frame": Counter(), "dice window": Counter()}
    for k in range(boards):
        layout = layout_for(("nexus-keepers", "tesseract", "hexors")[k % 3])
        placements = random_position(layout, rng, 6)[0] if layout.pieces else []
        dice = random_dice(layout, rng, int(rng.integers(3, 7)), avoid=placements)
        turn = 90.0 if layout.size[1] > layout.size[0] else 0.0
        pose = CameraPose(height=plan.height_mm * (1.0, 1.25, 1.5)[(k // 3) % 3], tilt=(0.0, 10.0, 20.0)[(k // 9) % 3],
                          yaw=turn + float(rng.uniform(-5, 5)), hfov=hfov, size=SIZE)
        frame = render_table(layout, placements, dice, pose, rng)
        plane = TableReader(layout).read(frame.image).plane.plane
        for way in score:
            window = dice_window(plane, layout, frame.image.shape[:2], reader.input_pixels) if way == "dice window" \
                else None
            found = read_in_window(reader, frame.image, window)
            for die in frame.dice:
                cx, cy = (die.box[0] + die.box[2]) / 2, (die.box[1] + die.box[3]) / 2
                near = [r for r in found if r.box[0] <= cx <= r.box[2] and r.box[1] <= cy <= r.box[3]]
                score[way]["dice"] += 1
                score[way]["right"] += len(near) == 1 and near[0].value == die.value
            for r in found:  # a reading in a dice zone with no die under it is a phantom roll
                mm = plane.table_points(np.array([[(r.box[0] + r.box[2]) / 2, (r.box[1] + r.box[3]) / 2]]))[0]
                zone = locate(layout, (float(mm[0]), float(mm[1]))).zone
                in_zone = any(z.name == zone and z.dice for z in layout.zones)
                under = any(r.box[0] <= (d.box[0] + d.box[2]) / 2 <= r.box[2]
                            and r.box[1] <= (d.box[1] + d.box[3]) / 2 <= r.box[3] for d in frame.dice)
                score[way]["phantoms"] += in_zone and not under
    print(f"5. Dice on rendered mats ({boards} frames: Nexus Keepers, Tesseract, Hexors; 1.0-1.5x the guide's "
          "height, 0-20 degrees tilt), one thread")
    for way, c in score.items():
        print(f"{way:12s} read right {c['right']}/{c['dice']} = {100 * c['right'] / c['dice']:.2f}%, "
              f"phantom dice in the dice zones {c['phantoms']}")
