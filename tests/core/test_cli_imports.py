"""The command line is built without the heavy libraries: `companion serve` answers the phones sooner after a
restart, and every other command starts faster."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_building_the_command_line_imports_no_numpy_opencv_or_onnxruntime():
    code = ("import sys; import companion.cli; companion.cli.build_parser(); "
            "print(sorted(m for m in ('numpy', 'cv2', 'onnxruntime') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_the_sheets_command_names_every_paper_the_sheets_know():
    from companion.commands.sheets import PAPER_NAMES
    from companion.tablevision.sheets import PAPERS

    assert PAPER_NAMES == tuple(PAPERS)


PLAYED = """
import sys, time
from companion.config import load_config
from companion.core import DieReading, Observation
from companion.service import Service

config = load_config(overrides={"service": {"data_dir": sys.argv[1]}, "panel": {"enabled": False}})
service = Service(config, camera=False)
service.table.new_game("free-roll", {}, ["Ann", "Bob"])
for n in range(120):  # past the first checkpoint (companion.checkpoint.EVERY)
    dice = (DieReading(value=n % 6 + 1, color="red"),)
    event = service.table.engine.observation_event(Observation(dice=dice, source="phone", at=time.time()))
    service.table.submit(event, source="phone")
service.stop()
"""

SERVICE_ANSWERS = """
import logging, sys
from companion.config import load_config
from companion.service import Service
from companion.web import create_app

logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(message)s")
config = load_config(overrides={"service": {"data_dir": sys.argv[1]}})
service = Service(config, camera=False)
# table vision is on: its mat is read and checked at the start
assert config["table"]["enabled"] and config["panel"]["enabled"]
assert create_app(service).test_client().get("/api/state").status_code == 200
print(sorted(m for m in ("segno", "jsonschema", "onnxruntime", "paho", "companion.vision.profile_learning",
                         "companion.vision.profile", "companion.vision.embedding", "numpy", "cv2",
                         "companion.games.tesseract", "companion.games.nexus_keepers", "companion.games.nexus",
                         "companion.games.hexors", "gpiozero", "companion.panel")
             if m in sys.modules))
service.stop()
"""


def test_the_service_answers_its_first_phone_without_the_qr_code_maker_the_schemas_the_models_or_opencv(tmp_path):
    """What the first GET after a restart does not need is loaded when it is used (a QR code, a body to check, the
    camera's readers in the thread that builds the pipeline, the table profile's learning there or at the first
    correction), or not at all (the MQTT client with no hall). The profile's store is opened at the start (a damaged
    index is told to the phones) without its learning; the table's mat is read and checked as data (a bad layout file
    stops the start), its stage built with OpenCV and numpy where the camera pipeline is built. A free roll resumed
    from its checkpoint loads its own game's code, not the four board games'. The LED panel (gpiozero, its pins) is
    built by ``Service.start``, in a thread when the phones come first."""
    subprocess.run([sys.executable, "-c", PLAYED, str(tmp_path)], cwd=REPO, capture_output=True, text=True,
                   timeout=120, check=True)
    done = subprocess.run([sys.executable, "-c", SERVICE_ANSWERS, str(tmp_path)], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "(free-roll) from 20 journal entries after a checkpoint at entry 100" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]"
