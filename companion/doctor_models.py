"""Doctor checks of the model files: the dice detector and the face readers beside it load in onnxruntime."""

from __future__ import annotations

from companion.findings import FAIL, OK, WARN, Finding


def check_model(config) -> Finding:
    from companion.vision.model_files import configured_model

    path = configured_model(config["vision"])
    if not path.is_file():
        return Finding("model", FAIL, f"dice model {path} not found",
                       "install the model (make install copies models/dice.onnx to /opt/companion/models) "
                       "or set vision.model to its path; rolls can still be typed on the phones")
    try:
        import onnxruntime as ort

        session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        inputs = ", ".join(f"{i.name}{list(i.shape)}" for i in session.get_inputs())
    except Exception as exc:  # noqa: BLE001 - a corrupt or incompatible model
        return Finding("model", FAIL, f"dice model {path} does not load: {exc}",
                       "reinstall the model file; check that onnxruntime is >= 1.22")
    version = getattr(ort, "__version__", "?")
    if version == "1.21.0":
        return Finding("model", WARN, "onnxruntime 1.21.0 crashes on a Pi 4 (Illegal instruction)",
                       "pip install 'onnxruntime>=1.22' in the companion's venv")
    return Finding("model", OK, f"{path.name} loads in onnxruntime {version} (input {inputs})")


def check_face_readers(config) -> Finding:
    """The face readers next to the detector: without them values come from the detector alone."""
    from companion.vision.model_files import arbiter_path, configured_model, face_reader_paths

    path = configured_model(config["vision"])
    first, second = face_reader_paths(path)
    arbiter = arbiter_path(path)
    if not first.is_file():
        return Finding("face readers", WARN, f"no face reader {first.name} next to {path.name}: dice values come "
                       "from the detector alone, which misreads many more of them",
                       "copy models/dice_faces.onnx and models/dice_faces_b.onnx next to the detector "
                       "(make install does)")
    import onnxruntime as ort

    loaded, problems = [], []
    for reader in (first, second, arbiter):
        if not reader.is_file():
            continue
        try:
            ort.InferenceSession(str(reader), providers=["CPUExecutionProvider"])
            loaded.append(reader.name)
        except Exception as exc:  # noqa: BLE001 - a corrupt or incompatible file
            problems.append(f"{reader.name} does not load: {exc}")
    if problems:
        return Finding("face readers", WARN, "; ".join(problems), "reinstall the model files (make install)")
    missing = "" if second.is_file() else f"; no second reader {second.name}, so dice get no second opinion"
    if not arbiter.is_file() and config["vision"]["arbiter"]:
        missing += f"; no arbiter {arbiter.name}, so a settled roll's unsure dice are not read again"
    return Finding("face readers", OK, f"{', '.join(loaded)} load{missing}")
