"""The benchmark scripts the model card quotes still run and print what it quotes (not their figures)."""

import re
import subprocess
import sys

from tests.conftest import REPO, SHARED


def run(*args):
    result = subprocess.run([sys.executable, *args], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_flops_prints_every_model_and_frames_that_stay_under_the_look_budget():
    out = run("benchmarks/flops.py")
    assert "detector dice.onnx" in out and "face reader dice_faces.onnx" in out
    assert "second face reader dice_faces_b.onnx" in out and "colour-die reader colour_dice.onnx" in out
    frames = [line for line in out.splitlines() if line.startswith("frame with")]
    assert len(frames) == 4
    for line in frames:  # within the look budget a frame stays under 1 GFLOP, even with every die doubtful
        usual = float(re.search(r"dice: ([\d.]+) GFLOP", line).group(1))
        doubtful = float(re.search(r"every die doubtful: ([\d.]+) GFLOP", line).group(1))
        assert usual <= doubtful < 1.0


def test_flops_counts_an_int8_reader_as_the_float_one_it_was_made_from():
    sys.path.insert(0, str(REPO))
    from benchmarks.flops import count

    for name in ("dice_faces.onnx", "dice_faces_b.onnx"):  # shipped int8, their float originals in models/float/
        int8, trained = count(REPO / "models" / name), count(REPO / "models" / "float" / name)
        assert int8[0] == trained[0] > 6_000_000 and int8[2] == trained[2]
        assert abs(int8[1] - trained[1]) <= 0.01 * trained[1]  # scales and zero points are not parameters


def test_dice_benchmark_scores_a_labelled_folder_and_its_colours():
    out = run("benchmarks/dice.py", "--data", str(SHARED / "data" / "dice-real" / "byler-d6"), "--split", "heldout",
              "--no-peer", "--repeats", "1")
    assert "byler-d6: 48 images, 364 dice (heldout)" in out
    assert "product " in out and "compute per frame" in out
    found = re.search(r"colour of the found dice with a colour label "
                      r"\((\d+), models/labels/byler-d6-colours.json\)", out)
    assert found and 300 <= int(found.group(1)) <= 335  # 335 of the held-out dice have a colour label
    assert "labels audited" not in out  # the labels as given, unless asked


def test_dice_benchmark_says_which_labels_its_audit_changed():
    out = run("benchmarks/dice.py", "--data", str(SHARED / "data" / "dice-real" / "byler-d6"), "--split", "heldout",
              "--no-peer", "--repeats", "1", "--audited-labels")
    assert "labels audited (models/labels/byler-d6-audit.json), 2 values changed: " in out
    assert "IMG_20191208_111246.jpg line 1: 2 -> 3" in out


def test_colour_benchmark_scores_real_and_rendered_colours_with_the_grey_table_step_on_and_off():
    out = run("benchmarks/colour.py", "--split", "heldout", "--rendered", "3")
    assert "byler-d6 (heldout): 48 photos, colour labels" in out
    found = re.findall(r"real: (\d+) found dice: right", out)  # once with the grey-table step, once without
    assert len(found) == 2 and found[0] == found[1] and 300 <= int(found[0]) <= 335  # 335 dice have a label
    assert "grey-table step on (shipped)" in out and "grey-table step off" in out
    assert out.count("rendered: ") == 2
    out = run("benchmarks/colour.py", "--data", str(SHARED / "data" / "dice-real" / "penlington-wood"),
              "--all", "white", "--rendered", "0")
    assert "every die white" in out and "rendered: " not in out


def test_stability_benchmark_follows_every_labelled_die_across_noisy_copies():
    out = run("benchmarks/stability.py", "--data", str(SHARED / "data" / "dice-real" / "byler-d6"),
              "--split", "heldout", "--copies", "2", "--limit", "3")
    assert "2 copies of each photo, noise sigma 3" in out and "byler-d6 (heldout): 3 photos" in out
    lines = [line for line in out.splitlines() if "labelled dice" in line]
    assert len(lines) == 2
    dice = {int(re.search(r"(\d+) labelled dice", line).group(1)) for line in lines}
    assert len(dice) == 1 and dice.pop() > 3  # the same dice followed with the step on and off


def test_table_benchmark_reads_real_markers_rendered_boards_and_times_the_pipeline():
    out = run("benchmarks/table.py", "--marker-tries", "1", "--boards", "1", "--worst-factor", "1", "--frames", "2",
              "--seconds", "3", "--dice-frames", "3", "--real-dice-images", "1", "--phone-frames", "2",
              "--other-mat-frames", "1", "--other-mat-pairs", "hexors:free-roll", "hexors:hexors",
              "--skip", "printed")  # sections 7-9: a few frames, once through
    real = re.search(r"all folders\s+product\s+(\d+)/(\d+)\s+[\d.]+%\s+(\d+)", out)
    assert real and int(real.group(1)) >= 0.9 * int(real.group(2)) and real.group(3) == "0"  # no wrong id
    assert "speed ratio product/OpenCV default" in out
    cells = re.search(r"all setups: pieces in the right cell ([\d.]+)% \((\d+)/(\d+)\), wrong cells (\d+)", out)
    assert cells and cells.group(4) == "0" and int(cells.group(3)) > 0
    assert "h 1.25x tilt 20 hand" in out and "h 1.50x tilt 20" in out and "hexors" in out
    assert re.search(r"tesseract\s+table vision \(markers \+ plane \+ cells\): [\d.]+ ms", out)
    assert re.search(r"searched only where it changed\s+mean [\d.]+, .* frames searched whole \d+, in the changed "
                     r"boxes \d+, kept \d+", out)
    assert re.search(r"whole pipeline step, everything read .*: [\d.]+ ms CPU, [\d.]+ ms wall, headroom [\d.]+x", out)
    assert re.search(r"4\. Whole pipeline on \d+ frames", out)
    assert re.search(r"dice window\s+read right \d+/\d+", out) and re.search(r"whole frame\s+read right", out)
    assert "7. Real dice cut" in out and "8c. A tablet" in out and "9. Another game's mat" in out


def test_table_benchmark_reads_a_mat_rendered_from_its_printed_sheet_through_distorting_lenses():
    out = run("benchmarks/table.py", "--only", "printed", "--print-boards", "1", "--print-games", "nexus")
    rows = re.findall(r"nexus\s+(standard|wide)\s+(-?[\d.]+)\s+(\d+)/(\d+)", out)
    assert len(rows) == 6 and all(int(found) > 0 for *_, found, _ in rows)
    assert re.search(r"all: stickers found \d+/\d+, right cell [\d.]+%, wrong cell \d+, .* phantom counters \d+, "
                     r"worst position p95 after correction [\d.]+ mm", out)


def test_colour_die_benchmark_scores_rendered_frames_phantoms_on_real_photos_and_speed():
    out = run("benchmarks/colour_die.py", "--frames", "6", "--photos", "3")
    assert re.search(r"rendered frames \(seed 7\): 6 frames, \d+ colour dice", out)
    for reader in ("colour-die reader alone", "pip dice vetted \\(shipped\\)"):
        assert re.search(reader + r": found [\d.]+%  precision [\d.]+%  colour right of found [\d.]+%  read right", out)
        assert len(re.findall(reader + r": \d+ phantom colour dice on \d+ photos", out)) == 3  # one line a set
        assert re.search(reader + r" [\d.]+, pip-dice reader [\d.]+, ratio [\d.]+", out)
    for name in ("byler-d6", "penlington-wood", "epanemu-dice"):
        assert f"real photos with pip dice, no colour die: {name}, 3 photos:" in out


def test_dice_benchmark_prints_precision_on_the_photos_showing_a_game_board_and_the_second_looks():
    out = run("benchmarks/dice.py", "--data", str(SHARED / "data" / "dice-real" / "epanemu-dice"), "--split", "heldout",
              "--no-peer", "--repeats", "1", "--unread")
    assert "epanemu-dice: 71 images" in out
    assert "photos showing a game board (models/labels/epanemu-dice-boards.json) or not:" in out
    assert re.search(r"  board    product  26 photos: precision +[\d.]+%", out)
    assert re.search(r"  no board product  45 photos: precision +[\d.]+%", out)
    assert re.search(r"frames read again at the second scale \(0.15 of the detector's pixels\): \d+ of 71", out)
    assert "compute per frame" in out
    found = re.search(r"dice seen but not read \(flagged unread, never played\): on (\d+) of the (\d+) labelled dice "
                      r"the product missed; (\d+) where no die is labelled \((\d+) of them on board photos\)", out)
    assert found and int(found[1]) <= int(found[2]) and int(found[4]) <= int(found[3])


def test_looks_benchmark_prints_a_row_per_look_and_a_line_per_game_mat():
    out = run("benchmarks/looks.py", "--frames", "3", "--mat-frames", "2")
    assert "rendered frames (seed 31), 3 frames a look" in out
    for look in ("plain", "emblem", "translucent", "shadow"):
        assert re.search(rf"^{look} +\d+ +[\d.]+% +\d+ +(-|[\d.]+%) +\d+ of \d+ +[\d.]+%$", out, re.M), look
    for game in ("nexus-keepers", "hexors", "tesseract"):
        assert re.search(rf"^{game} +\d+ dice, read right [\d.]+%, dice not there \d+ of \d+, frames entirely right",
                         out, re.M), game


def test_rules_aware_benchmark_loses_and_imagines_dice_as_the_photos_do():
    out = run("benchmarks/aware.py", "--data", str(SHARED / "data" / "dice-real" / "epanemu-dice"), "--split",
              "validation", "--rolls", "300", "--miscount")
    assert "epanemu-dice: misread rate" in out and "epanemu-dice, dice lost and imagined as on the photos" in out
    lost = re.search(r"seen unread ([\d.]+)%, not seen ([\d.]+)% of labelled dice; (\d+) rolls short of a die; dice "
                     r"imagined ([\d.]+) a photo: (\d+) rolls; seen unread where none lies ([\d.]+) a photo: (\d+) "
                     r"rolls", out)
    assert lost, out
    seen_unread, phantoms_a_photo, phantom_rolls = float(lost.group(1)), float(lost.group(6)), int(lost.group(7))
    assert seen_unread > 0 and phantoms_a_photo > 0 and 0 < phantom_rolls < 300  # epanemu's board art gives "?"s
    rows = [line.split()[0] for line in out.splitlines() if re.match(r"(as read|aware)", line)]
    assert rows == ["as", "aware", "as", "aware", "aware+count", "aware+missed"]  # the count's rows: miscounts only
