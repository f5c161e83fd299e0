"""Fuzzed API inputs (hypothesis, with bodies drawn from the OpenAPI request schemas): never a 500,
and a refused request (4xx) never changes the game."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.referee.registry import available_games
from companion.web.validation import openapi

from webhelpers import Phone

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])

# Checking a PIN is slow on purpose (scrypt): fewer tries there.
LOGIN_FUZZ = settings(FUZZ, max_examples=12)

ENDPOINTS = {  # path -> request schema
    "/api/roll": "RollRequest",
    "/api/corrections": "CorrectionRequest",
    "/api/events": "EventRequest",
    "/api/game": "NewGameRequest",
    "/api/undo": "Nothing",
    "/api/login": "LoginRequest",
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=25,
)


def inline(schema, components):
    """The schema with its #/components/schemas/ references replaced by their content."""
    if isinstance(schema, dict):
        if "$ref" in schema:
            return inline(components[schema["$ref"].rsplit("/", 1)[1]], components)
        return {key: inline(value, components) for key, value in schema.items()}
    if isinstance(schema, list):
        return [inline(item, components) for item in schema]
    return schema


def request_schema(name):
    components = openapi()["components"]["schemas"]
    return inline(components[name], components)


def from_schema(schema):
    """Values valid for the subset of JSON Schema the request schemas use (hypothesis-jsonschema
    does not work with this hypothesis release)."""
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type", "any")
    if isinstance(kind, list):
        return st.one_of([from_schema({**schema, "type": k}) for k in kind])
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(schema.get("minimum"), schema.get("maximum"))
    if kind == "number":
        return st.floats(schema.get("minimum"), schema.get("maximum"), allow_nan=False, allow_infinity=False)
    if kind == "string":
        if "pattern" in schema:
            return st.from_regex(schema["pattern"], fullmatch=True)
        return st.text(min_size=schema.get("minLength", 0), max_size=schema.get("maxLength", 20))
    if kind == "array":
        items = from_schema(schema.get("items", {}))
        return st.lists(items, min_size=schema.get("minItems", 0), max_size=min(schema.get("maxItems", 6), 6))
    if kind == "object":
        properties = schema.get("properties", {})
        required = set(schema.get("required", ()))
        fixed = {k: from_schema(v) for k, v in properties.items() if k in required}
        optional = {k: from_schema(v) for k, v in properties.items() if k not in required}
        base = st.fixed_dictionaries(fixed, optional=optional)
        if schema.get("additionalProperties", True) is False or schema.get("maxProperties") == 0:
            return base
        extra = st.dictionaries(st.text(max_size=8).filter(lambda k: k not in properties), json_values, max_size=3)
        return st.tuples(base, extra).map(lambda pair: {**pair[1], **pair[0]})
    return json_values


def well_formed(path):
    return from_schema(request_schema(ENDPOINTS[path]))


def game_now(player):
    """The game as phones see it (read without the schema check, which the API tests do)."""
    return (player.get("/api/state", check=False).get_json()["state"],
            player.get("/api/history", check=False).get_json()["entries"])


def send(player, path, body):
    """POST and check the one promise that holds for every input."""
    before = game_now(player)
    response = player.post(path, data=json.dumps(body), headers={"Content-Type": "application/json"}, check=False)
    assert response.status_code < 500, (path, body, response.get_json())
    assert response.is_json
    if 400 <= response.status_code < 500:
        assert game_now(player) == before, (path, body, response.get_json())
        assert response.get_json()["message"]
    return response


@pytest.fixture
def fuzz_player(app):
    phone = Phone(app)
    phone.login()
    phone.post("/api/roll", {"dice": [{"value": 3, "color": "red"}, {"value": 6}]})
    app.extensions["companion"].limiter.per_client = 10 ** 9  # fuzzing logins must not lock the phone out
    return phone


@pytest.mark.parametrize("path", sorted(ENDPOINTS))
def test_any_json_body_is_answered_without_a_server_error(fuzz_player, path):
    @FUZZ
    @given(body=json_values)
    def check(body):
        send(fuzz_player, path, body)

    check()


@pytest.mark.parametrize("path", sorted(ENDPOINTS))
def test_bodies_shaped_by_the_schema_are_answered_without_a_server_error(fuzz_player, path):
    @(LOGIN_FUZZ if path == "/api/login" else FUZZ)
    @given(body=well_formed(path))
    def check(body):
        send(fuzz_player, path, body)

    check()


@pytest.mark.parametrize("path", sorted(ENDPOINTS))
def test_schema_bodies_with_one_field_spoiled_are_refused_cleanly(fuzz_player, path):
    @(LOGIN_FUZZ if path == "/api/login" else FUZZ)
    @given(body=well_formed(path), key=st.text(max_size=8), value=json_values, replace=st.booleans())
    def check(body, key, value, replace):
        if isinstance(body, dict):
            if replace and body:
                key = sorted(body)[len(key) % len(body)]
            body = {**body, key: value}
        send(fuzz_player, path, body)

    check()


GAME_EVENT_TYPES = ["roll", "setup", "turn_start", "reroll", "power", "actions", "positions", "reserve", "end_turn",
                    "reconnect", "action", "threat", "prime", "confine", "research", "pass"]
game_events = st.fixed_dictionaries(
    {"type": st.sampled_from(GAME_EVENT_TYPES) | st.text(min_size=1, max_size=10)},
    optional={key: json_values for key in ("dice", "player", "players", "values", "actions", "area", "value",
                                           "colour", "positions", "cube", "seq")},
)


@pytest.mark.parametrize("game", sorted(available_games()))
def test_game_events_from_a_phone_are_refereed_or_refused_without_a_server_error(fuzz_player, game):
    assert fuzz_player.post("/api/game", {"game": game}).status_code == 201

    @FUZZ
    @given(event=game_events)
    def check(event):
        send(fuzz_player, "/api/events", {"event": event})

    check()


@FUZZ
@given(raw=st.binary(max_size=200))
def test_raw_bytes_are_answered_without_a_server_error(fuzz_player, raw):
    before = game_now(fuzz_player)
    response = fuzz_player.post("/api/roll", data=raw, headers={"Content-Type": "application/json"}, check=False)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert game_now(fuzz_player) == before


@FUZZ
@given(last_id=st.text(max_size=25))
def test_any_last_event_id_is_answered_without_a_server_error(fuzz_player, last_id):
    try:
        header = last_id.encode("latin-1").decode("latin-1")
    except UnicodeEncodeError:
        header = "x"
    response = fuzz_player.client.get("/api/stream",
                                      headers={"Last-Event-ID": header.replace("\n", "").replace("\r", "")},
                                      buffered=False)
    try:
        assert response.status_code in (200, 400)
    finally:
        response.close()
