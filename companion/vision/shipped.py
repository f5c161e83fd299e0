"""Where the shipped dice models are, however the package was installed.

The repository's models/ is where they are trained and kept. A wheel (``pip install .``) carries every
models/*.onnx and the model card inside the package, as companion/models (setup.py, pyproject's package-data);
a checkout or an editable install reads them from models/ itself.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
CHECKOUT_MODELS = PACKAGE.parent / "models"  # a checkout's models/: the models, their training and its labels
INSTALLED_MODELS = PACKAGE / "models"  # an installed wheel's copy of the models (package data)


def models_dir() -> Path:
    """The folder holding the shipped models: the installed package's copy, else the checkout's models/."""
    return INSTALLED_MODELS if INSTALLED_MODELS.is_dir() else CHECKOUT_MODELS
