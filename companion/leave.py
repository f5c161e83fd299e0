"""Ending a long-running process without the interpreter's teardown.

The service deliberately abandons camera calls that hang (capture/deadline.py), and onnxruntime and
OpenCV keep native thread pools. A normal interpreter exit finalises while such a thread may still be
inside native code, and the C++ runtime can then abort ("terminate called without an active
exception", exit status -6): a clean stop would reach systemd as a crash. So once everything the
process owns is closed and its output flushed, it leaves with ``os._exit``.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import NoReturn


def leave(code: int) -> NoReturn:
    """Flush the logs and the standard streams, then end the process with ``code``, skipping finalisers."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed or broken pipe: nothing more can be said on it
            pass
    os._exit(code)
