"""Helpers for the web tests: a Service without camera, and a phone session that checks every answer
against the OpenAPI document (jsonschema), so the document cannot drift from what the service answers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from jsonschema import Draft202012Validator

from companion.config import load_config
from companion.service import Service
from companion.web.validation import openapi

PIN = "246810"


def make_service(data_dir: Path, **service_overrides) -> Service:
    overrides = {"service": {"data_dir": str(data_dir), "host": "127.0.0.1", "port": 8080, **service_overrides}}
    service = Service(load_config(None, overrides=overrides), camera=False)
    service.start()
    return service


def documented_path(spec: dict, path: str) -> str:
    """The OpenAPI path that ``path`` is an instance of (/api/sheets/tesseract.pdf -> /api/sheets/{game}.pdf)."""
    if path in spec["paths"]:
        return path
    for template in spec["paths"]:
        if re.fullmatch(re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template)), path):
            return template
    raise AssertionError(f"{path} is not documented")


def check_response(method: str, path: str, response) -> None:
    """Fail unless the status is documented for this operation and a JSON body matches its schema."""
    spec = openapi()
    operation = spec["paths"][documented_path(spec, path)][method.lower()]
    documented = operation["responses"].get(str(response.status_code))
    assert documented is not None, f"{method} {path} answered {response.status_code}, not documented"
    content = documented.get("content", {})
    if "application/json" in content:
        assert response.mimetype == "application/json", f"{method} {path}: {response.mimetype}"
        schema = {**content["application/json"]["schema"], "components": spec["components"]}
        errors = sorted(Draft202012Validator(schema).iter_errors(response.get_json()), key=str)
        assert not errors, (f"{method} {path} {response.status_code}: {errors[0].message} "
                            f"at {list(errors[0].absolute_path)}")
    else:
        assert response.mimetype in content, f"{method} {path}: {response.mimetype} not in {list(content)}"


class Phone:
    """A phone's browser session: cookie jar, CSRF token, and OpenAPI checks on every answer."""

    def __init__(self, app) -> None:
        self.client = app.test_client()
        self.csrf = self.get("/api/session").get_json()["csrf_token"]

    def get(self, path: str, check: bool = True, **kwargs):
        response = self.client.get(path, **kwargs)
        if check:
            check_response("GET", path.split("?")[0], response)
        return response

    def post(self, path: str, body=None, check: bool = True, headers=None, **kwargs):
        headers = {"X-CSRF-Token": self.csrf, **(headers or {})}
        if body is not None and "data" not in kwargs:
            kwargs["data"] = json.dumps(body)
            headers.setdefault("Content-Type", "application/json")
        response = self.client.post(path, headers=headers, **kwargs)
        if check:
            check_response("POST", path, response)
        if response.is_json and isinstance(response.get_json(), dict) and "csrf_token" in response.get_json():
            self.csrf = response.get_json()["csrf_token"]
        return response

    def login(self, pin: str = PIN):
        response = self.post("/api/login", {"pin": pin})
        assert response.status_code == 200, response.get_json()
        return response

    def state(self) -> dict:
        return self.get("/api/state").get_json()["state"]

    def history(self) -> list:
        return self.get("/api/history").get_json()["entries"]


class SSEClient:
    """A plain HTTP client for /api/stream, reading events as a phone's EventSource would."""

    def __init__(self, port: int, last_id: int | None = None, header: bool = True, timeout: float = 5.0) -> None:
        import http.client

        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        path = "/api/stream"
        if last_id is not None:
            if header:
                headers["Last-Event-ID"] = str(last_id)
            else:
                path += f"?last_id={last_id}"
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.comments: list[str] = []
        self.served: list[str] = []  # the page's code each connection begins by naming (stream.py)

    def next_event(self) -> dict:
        """The next event as {"id", "event", "data"}; comments and the ``served`` code are collected on the side."""
        event: dict = {}
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("stream closed")
            line = line.decode().rstrip("\n")
            if not line:
                if "event" in event or "data" in event:
                    if "data" in event:
                        event["data"] = json.loads(event["data"])
                    if event.get("event") == "served":
                        self.served.append(event["data"]["code"])
                        event = {}
                        continue
                    return event
                continue
            if line.startswith(":"):
                self.comments.append(line[1:].strip())
                continue
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "id":
                event["id"] = int(value)
            elif field in ("event", "data"):
                event[field] = value
            elif field == "retry":
                event.setdefault("retry", int(value))

    def close(self) -> None:
        self.response.close()
        self.connection.close()
