"""Names a package imports from its modules on first use: opening one part of a package (a layout read as data, the
profile's store) does not load what its other parts need (OpenCV, numpy, the models)."""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Mapping


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The package's module ``__getattr__``: ``homes`` maps each name to the module (within ``package``) it lives
    in; a name is imported from there when first asked for, then kept on the package."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
