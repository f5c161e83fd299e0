"""Health checks for a companion box: camera, model, GPIO, disk, clock, network, power, temperature, versions.

Each check returns Findings: ``ok``, ``warn`` (works, but worth knowing) or
``fail`` (the table will not work as intended), always with a sentence saying
how to fix it. Every outside fact a check depends on (the time, the disk, the
network interfaces, whether this is a Pi) can be passed in, so tests see
exactly the situations a player would meet. The checks live beside this module
by what they look at (doctor_camera, doctor_models, doctor_gpio, doctor_storage,
doctor_board, doctor_network); this one runs them all in the order the report prints.
"""

from __future__ import annotations

from companion.doctor_board import check_clock, check_power, check_temperature, check_versions, on_raspberry_pi
from companion.doctor_camera import check_camera
from companion.doctor_gpio import check_gpio
from companion.doctor_models import check_face_readers, check_model
from companion.doctor_network import check_hall, check_network
from companion.doctor_storage import check_disk, check_journal
from companion.findings import Finding
from companion.tablevision.lens import check_lens
from companion.tablevision.mat_note import check_mat

__all__ = ["run_checks"]


def run_checks(config, on_pi: bool | None = None) -> list[Finding]:
    on_pi = on_raspberry_pi() if on_pi is None else on_pi
    findings = [check_camera(config, on_pi=on_pi), check_model(config), check_face_readers(config),
                check_gpio(config, on_pi=on_pi),
                check_disk(config), check_journal(config), check_clock(), check_power(on_pi), check_temperature(),
                check_versions(), check_lens(config)]
    findings.extend(check_network(config))
    mat = check_mat(config)  # the mat the service's camera last saw: an old print, another game's
    if mat is not None:
        findings.append(mat)
    hall = check_hall(config)
    if hall is not None:
        findings.append(hall)
    return findings
