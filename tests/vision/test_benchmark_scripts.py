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
    assert "second face reader dice_faces_b.onnx" in out
    frames = [line for line in out.splitlines() if line.startswith("frame with")]
    assert len(frames) == 4
    for line in frames:  # within the look budget a frame stays under 1 GFLOP, even with every die doubtful
        usual = float(re.search(r"dice: ([\d.]+) GFLOP", line).group(1))
        doubtful = float(re.search(r"every die doubtful: ([\d.]+) GFLOP", line).group(1))
        assert usual <= doubtful < 1.0


def test_dice_benchmark_scores_a_labelled_folder_and_its_colours():
    out = run("benchmarks/dice.py", "--data", str(SHARED / "data" / "dice-real" / "byler-d6"), "--split", "heldout",
              "--no-peer", "--repeats", "1")
    assert "byler-d6: 48 images, 364 dice (heldout)" in out
    assert "product " in out and "compute per frame" in out
    assert "colour of the found dice with a colour label (335" in out
