"""Request bodies checked against the OpenAPI document before anything else sees them.

The same file documents the API, validates what phones send, and (in the
tests) validates what the service answers, so the three cannot drift apart.
A body that is not JSON, too big, too deep or off-schema is a 4xx with a
sentence saying what is wrong; it never reaches the table.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import TYPE_CHECKING, Any

from flask import request

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

MAX_BODY_BYTES = 64 * 1024


class ApiError(Exception):
    """An error answered as ``{"error": code, "message": ...}`` with an HTTP status."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, **self.extra}


@functools.lru_cache(maxsize=1)
def openapi() -> dict[str, Any]:
    """The API description shipped with the package."""
    return json.loads(resources.files("companion.web").joinpath("openapi.json").read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def schema_validator(name: str) -> Draft202012Validator:
    """A validator for ``components.schemas[name]`` that resolves the document's internal $refs."""
    spec = openapi()
    if name not in spec["components"]["schemas"]:
        raise KeyError(f"no schema {name!r} in openapi.json")
    root = {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
    from jsonschema import Draft202012Validator  # at the first body checked: a restart answers its first GET sooner

    return Draft202012Validator(root)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(raw: bytes) -> Any:
    """Strict JSON: UTF-8, no NaN/Infinity, bounded nesting (deep nesting is a 400, not a crash)."""
    try:
        return json.loads(raw, parse_constant=_no_constants)
    except RecursionError:
        raise ApiError(400, "bad_json", "the body is nested too deeply") from None
    except UnicodeDecodeError:
        raise ApiError(400, "bad_json", "the body is not UTF-8 text") from None
    except ValueError as exc:
        raise ApiError(400, "bad_json", f"the body is not valid JSON: {exc}") from None


def describe(error) -> str:
    where = "body" + "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    message = error.message
    if len(message) > 300:
        message = message[:300] + "…"
    return f"{where}: {message}"


def json_body(schema: str, optional: bool = False) -> Any:
    """The request's JSON body, validated against ``components.schemas[schema]``.

    ``optional``: an empty body stands for ``{}`` (actions that need no data).
    """
    if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
        raise ApiError(413, "too_large", f"the body is larger than {MAX_BODY_BYTES // 1024} KiB")
    raw = request.get_data(cache=True)  # werkzeug refuses more than MAX_CONTENT_LENGTH with 413
    if not raw.strip() and optional:
        data: Any = {}
    else:
        if request.mimetype != "application/json":
            raise ApiError(415, "not_json", "send the body as JSON with Content-Type: application/json")
        data = parse_json(raw)
    validator = schema_validator(schema)
    try:
        from jsonschema.exceptions import best_match

        error = best_match(validator.iter_errors(data))
    except RecursionError:
        raise ApiError(400, "bad_json", "the body is nested too deeply") from None
    if error is not None:
        raise ApiError(400, "invalid", describe(error))
    return data
