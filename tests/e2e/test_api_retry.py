"""The phone page's API client in a real browser: a change whose reply is lost is sent again with the same
Idempotency-Key, and the server answers it with the first answer instead of applying it twice."""

from __future__ import annotations

import json
import urllib.request

import pytest

from companion.config import load_config
from companion.service import Service
from companion.web import create_app
from companion.web.server import WebServer

from browserhelpers import new_browser

pytestmark = pytest.mark.browser

PIN = "271828"

LOSE_FIRST_REPLY = """
const done = arguments[arguments.length - 1];
import("/js/api.js").then(async ({ Api }) => {
  const api = new Api();
  await api.session();
  await api.login(arguments[0]);
  const realFetch = window.fetch;
  const sent = [];
  let lost = false;
  window.fetch = async (path, options) => {
    sent.push([path, options.headers["Idempotency-Key"] || null]);
    const response = await realFetch(path, options);
    if (path.startsWith("/api/roll") && !lost) {
      lost = true;  // the server applied it; the phone never hears back
      throw new TypeError("Failed to fetch");
    }
    return response;
  };
  try {
    const first = await api.post("/api/roll", { dice: [{ value: 4, color: "red" }] });
    await api.post("/api/roll", { dice: [{ value: 5, color: "red" }] });
    done({ sent, verdict: first.verdicts[0].message });
  } finally {
    window.fetch = realFetch;
  }
}).catch((err) => done({ error: String(err) }));
"""


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("retry-data")
    config = load_config(None, overrides={"service": {"data_dir": str(data_dir), "host": "127.0.0.1", "port": 0}})
    service = Service(config, camera=False)
    app = create_app(service)
    app.extensions["companion"].pins.change(PIN)
    server = WebServer(app, "127.0.0.1", 0, threads=8).start()
    service.start()
    yield f"http://127.0.0.1:{server.port}/"
    server.stop()
    service.stop()


def test_a_lost_reply_is_retried_with_the_same_key_and_applied_once(table):
    driver = new_browser("en-GB")
    try:
        driver.set_script_timeout(20)
        driver.get(table + "api/info")
        result = driver.execute_async_script(LOSE_FIRST_REPLY, PIN)
    finally:
        driver.quit()
    assert "error" not in result, result
    rolls = [s for s in result["sent"] if s[0] == "/api/roll?snapshot=false"]
    assert len(rolls) == 3
    assert rolls[0][1] and rolls[0][1] == rolls[1][1], "the retry carries the first try's key"
    assert rolls[2][1] and rolls[2][1] != rolls[0][1], "a new action has a new key"
    assert result["verdict"] == "Roll 1: 4 (total 4)"  # the first answer, replayed
    with urllib.request.urlopen(table + "api/history", timeout=5) as response:
        entries = json.loads(response.read())["entries"]
    assert [e["event"]["dice"][0]["value"] for e in entries if e["event"]["type"] == "roll"] == [4, 5]
