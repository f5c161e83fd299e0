"""`pip install .` carries the dice models: the wheel, installed in a fresh venv, reads a photo outside the checkout.

Issue 23, Packaging: "the models ship inside the package (package data), so `pip install .` outside a checkout
reads dice with no config; a test installs the wheel into a fresh venv and reads a photo."
The wheel is built from a clean copy of the checkout (scripts/copy-checkout.sh, as install-pi.sh does) and
installed without its dependencies into a venv that borrows them from this test's environment through a .pth
line: this checkout is on none of its paths, so whatever it reads comes from the wheel.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from companion.vision.labels import read_yolo_labels
from companion.vision.scoring import match
from tests.conftest import REPO, SHARED

# A held-out photo (never trained on) that the shipped reader reads entirely right: five dice, values 1 to 5.
PHOTO = SHARED / "data" / "dice-real" / "penlington-wood" / "images" / "six_55.jpg"
LABELS = PHOTO.parents[1] / "labels" / "six_55.txt"


class Installed:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.wheel = next((root / "dist").glob("table_companion-*.whl"))
        self.env = root / "venv"
        self.home = root / "home"  # no ~/.config/companion/companion.toml: the defaults

    def run(self, *command: str) -> subprocess.CompletedProcess:
        environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        environ["HOME"] = str(self.home)
        return subprocess.run(command, cwd=self.root, env=environ, capture_output=True, text=True, timeout=120)

    def python(self, code: str) -> str:
        proc = self.run(str(self.env / "bin" / "python"), "-c", code)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip()


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    subprocess.run([str(REPO / "scripts" / "copy-checkout.sh"), str(REPO), str(source)], check=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
                    "--wheel-dir", str(root / "dist"), str(source)], check=True, capture_output=True)
    env = root / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    (root / "home").mkdir()
    site = Path(subprocess.run([str(env / "bin" / "python"), "-c",
                                "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())
    # The dependencies (numpy, opencv, onnxruntime, flask...) from this environment, after the venv's own packages.
    borrowed = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (site / "borrowed-dependencies.pth").write_text("".join(f"{p}\n" for p in borrowed))
    done = Installed(root)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(env / "bin" / "python"), "install", "--quiet",
                    "--no-deps", "--no-index", str(done.wheel)], check=True, capture_output=True)
    return done


def test_the_wheel_carries_every_model_and_not_the_training_scripts(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    models = sorted(p.name for p in (REPO / "models").glob("*.onnx"))
    assert "dice.onnx" in models and "dice_faces.onnx" in models
    shipped = {n.removeprefix("companion/models/") for n in names if n.startswith("companion/models/")}
    assert shipped == {*models, "README.md", "colour_dice.md", "arbiter.md"}  # the cards; no scripts or configs


def test_the_installed_package_reads_its_own_models_outside_the_checkout(installed):
    where = json.loads(installed.python(
        "import json, companion, companion.vision as v; from companion.web.app import find_web_dir; "
        "print(json.dumps([companion.__file__, str(v.DEFAULT_MODEL), str(v.models_dir()), str(find_web_dir())]))"))
    package, model, models, web = (Path(p) for p in where)
    assert package.is_relative_to(installed.env) and not package.is_relative_to(REPO)
    assert model == models / "dice.onnx" and models == package.parent / "models" and model.is_file()
    # the phones' page comes with it: every file of web/
    assert web.is_relative_to(installed.env)
    page = sorted(p.relative_to(REPO / "web") for p in (REPO / "web").rglob("*") if p.is_file())
    assert page and sorted(p.relative_to(web) for p in web.rglob("*") if p.is_file()) == page


def test_the_installed_command_reads_a_real_photo_with_no_config(installed):
    proc = installed.run(str(installed.env / "bin" / "companion"), "dice", "--json", str(PHOTO))
    assert proc.returncode == 0, proc.stderr
    read = json.loads(proc.stdout)["dice"]
    import cv2

    height, width = cv2.imread(str(PHOTO)).shape[:2]
    labelled = read_yolo_labels(LABELS, width, height)
    assert sorted(d.value for d in labelled) == [1, 2, 3, 4, 5]
    pairs = match([(d["value"], d["box"]) for d in read], [(d.value, d.box) for d in labelled])
    assert len(read) == len(labelled) == len(pairs), read
    assert all(read[i]["value"] == labelled[j].value for i, j in pairs), read
