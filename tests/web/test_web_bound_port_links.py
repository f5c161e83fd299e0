"""The join links carry the port the server actually bound, not the 0 it was asked for (`companion serve --port 0`):
a phone given ``http://…:0/`` cannot join."""

from __future__ import annotations

import json
import urllib.request

from companion.web.server import WebServer


def test_the_links_name_the_port_bound_when_any_free_port_was_asked_for(app):
    server = WebServer(app, "127.0.0.1", 0, threads=4).start()
    try:
        assert server.port != 0
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/info", timeout=10) as answer:
            links = json.loads(answer.read())["links"]
        assert links["ip"].endswith(f":{server.port}/") and links["local"].endswith(f".local:{server.port}/"), links
    finally:
        server.stop()
