"""The phone page: static files from ``web/`` (plain ES modules, no build step)."""

from __future__ import annotations

from flask import Blueprint, abort, send_from_directory

from companion.web.app import context

blueprint = Blueprint("pages", __name__)

SERVED_SUFFIXES = (".html", ".js", ".css", ".svg", ".png", ".webmanifest", ".json", ".ico")


def _send(filename: str):
    response = send_from_directory(context().web_dir, filename, max_age=0)
    # The page changes with the software: revalidate each time (cheap with ETags on a LAN).
    response.headers["Cache-Control"] = "no-cache"
    return response


@blueprint.get("/")
def index():
    if not (context().web_dir / "index.html").is_file():
        abort(500, description=f"the phone page is missing: no index.html in {context().web_dir}")
    return _send("index.html")


@blueprint.get("/<path:filename>")
def asset(filename: str):
    if filename.startswith("api/") or not filename.endswith(SERVED_SUFFIXES):
        abort(404)
    return _send(filename)
