"""Where the dice models sit and how they are opened: one onnxruntime session per file, a clear error for a bad one.

The face readers sit beside their detector, named after it (dice.onnx -> dice_faces.onnx, dice_faces_b.onnx),
so a config names one file and gets the set.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.vision.shipped import models_dir

DEFAULT_MODEL = models_dir() / "dice.onnx"  # the face readers sit beside it
FACES_SUFFIX = "_faces.onnx"  # the face reader sits next to its detector: dice.onnx -> dice_faces.onnx
SECOND_FACES_SUFFIX = "_faces_b.onnx"  # an optional second face reader, trained apart (another seed)
ARBITER_SUFFIX = "_faces_arbiter.onnx"  # an optional far bigger reader for a settled roll's unsure dice


class ModelError(RuntimeError):
    """The dice model file is missing, unreadable or not the model this code expects."""


def configured_model(vision: dict) -> Path:
    """The detector the config's [vision] section names (``~`` expanded), or the shipped one."""
    return Path(vision["model"]).expanduser() if vision["model"] else DEFAULT_MODEL


def face_reader_paths(model_path: Path) -> tuple[Path, Path]:
    """Where the first and the second face reader of a detector sit: beside it, named after it."""
    return tuple(model_path.with_name(model_path.stem + suffix) for suffix in (FACES_SUFFIX, SECOND_FACES_SUFFIX))


def arbiter_path(model_path: Path) -> Path:
    """Where a detector's arbiter sits (companion/vision/arbiter.py): beside it, named after it."""
    return model_path.with_name(model_path.stem + ARBITER_SUFFIX)


def open_session(path: Path, threads: int):
    """An onnxruntime CPU session on ``threads`` threads that do not spin (a Pi core stays free between frames)."""
    import onnxruntime as ort

    if not path.is_file():
        raise ModelError(f"dice model not found: {path} (train it with models/train.py)")
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises several unrelated types for a bad file
        raise ModelError(f"dice model {path} could not be loaded: {exc}") from exc


def crop_geometry(session, path: Path) -> tuple[int, float]:
    """A face reader's crop size in pixels and crop side in box sides (from its metadata)."""
    face_input = session.get_inputs()[0]
    if len(face_input.shape) != 4 or not isinstance(face_input.shape[2], int):
        raise ModelError(f"face model {path} must take fixed-size square crops")
    meta = session.get_modelmeta().custom_metadata_map.get("companion")
    return int(face_input.shape[2]), float(json.loads(meta).get("crop_scale", 1.3)) if meta else 1.3
