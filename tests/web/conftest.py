"""Fixtures for the web tests: a real Service (no camera) behind the Flask app, and phones talking to it."""

from __future__ import annotations

import json

import pytest
from werkzeug.security import generate_password_hash

from companion.web import create_app
from webhelpers import PIN, Phone, make_service


@pytest.fixture
def service(data_dir):
    service = make_service(data_dir)
    yield service
    service.stop()


@pytest.fixture(scope="session")
def pin_file() -> bytes:
    """The table PIN already set up (hashing it is slow on purpose; do it once for the whole run)."""
    return json.dumps({"hash": generate_password_hash(PIN), "generation": 1}).encode()


@pytest.fixture
def app(service, pin_file):
    (service.config.data_dir / "pin.json").write_bytes(pin_file)
    return create_app(service, testing=True)


@pytest.fixture
def phone(app) -> Phone:
    return Phone(app)


@pytest.fixture
def player(app) -> Phone:
    """A phone on which the table PIN was entered."""
    phone = Phone(app)
    phone.login()
    return phone
