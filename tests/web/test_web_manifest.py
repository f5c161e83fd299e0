"""The page installs to a phone's home screen."""

from __future__ import annotations

import json


def test_the_page_installs_to_the_home_screen(app):
    """A web app manifest: name, start page and icon, served from the page's own origin."""
    response = app.test_client().get("/manifest.webmanifest")
    assert response.status_code == 200
    manifest = json.loads(response.data)
    assert manifest["display"] == "standalone" and manifest["start_url"].startswith("/")
    assert app.test_client().get(manifest["icons"][0]["src"]).status_code == 200
    assert b'rel="manifest" href="manifest.webmanifest"' in app.test_client().get("/").data
