"""`companion doctor` says whether the hall's broker takes the table: fine, login refused, or not reachable."""

from __future__ import annotations

from companion.config import load_config
from companion.doctor_network import check_hall
from companion.findings import FAIL, OK, WARN
from tests.hall.mosquitto import with_logins
from tests.ports import free_port


def config(data_dir, **hall):
    return load_config(None, overrides={"service": {"data_dir": str(data_dir)}, "hall": hall})


def test_a_table_alone_has_no_hall_check(data_dir):
    assert check_hall(config(data_dir)) is None


def test_the_broker_takes_the_table_or_says_why_not(tmp_path, data_dir):
    with with_logins(tmp_path / "secure", {"table3": "right"}) as broker:
        fine = check_hall(config(data_dir, broker=broker.url, username="table3", password="right"))
        assert fine.status == OK and broker.url in fine.detail
        refused = check_hall(config(data_dir, broker=broker.url, username="table3", password="wrong"))
        assert refused.status == FAIL and "refused the login" in refused.detail and "password" in refused.fix
    away = check_hall(config(data_dir, broker=f"mqtt://127.0.0.1:{free_port()}"))
    assert away.status == WARN and "cannot be reached" in away.detail and "referees meanwhile" in away.fix
    wrong = check_hall(config(data_dir, broker="http://hall.local"))
    assert wrong.status == FAIL and "mqtt://HOST" in wrong.detail
