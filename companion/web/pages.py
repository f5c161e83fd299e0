"""The phone page: static files from ``web/`` (plain ES modules, no build step).

The page names the code it was served (``served_code``, in a ``<meta name="companion-code">`` of index.html), and the
live stream's first message names the code served now: a phone open across a software update sees they differ and
reloads itself (web/js/update.js).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Response, abort, request, send_from_directory

from companion import __version__
from companion.web.app import context

blueprint = Blueprint("pages", __name__)

SERVED_SUFFIXES = (".html", ".js", ".css", ".svg", ".png", ".webmanifest", ".json", ".ico")
CODE_META = '<meta name="companion-code" content="{}">'


def served_code(web_dir: Path) -> str:
    """The code the phones are served, named by the package's version and every served file's path and bytes: read
    once at start (web/ is some hundred KB), so a phone can tell that the table now serves other code."""
    digest = hashlib.sha256(f"companion {__version__}\0".encode())
    for path in sorted(p for p in Path(web_dir).rglob("*") if p.name.endswith(SERVED_SUFFIXES)):
        try:
            content = path.read_bytes()
        except OSError:  # a folder so named, or a file that cannot be read (served as an error all the same)
            content = b""
        digest.update(f"{path.relative_to(web_dir).as_posix()}\0{len(content)}\0".encode() + content)
    return digest.hexdigest()[:16]


def _send(filename: str):
    response = send_from_directory(context().web_dir, filename, max_age=0)
    # The page changes with the software: revalidate each time (cheap with ETags on a LAN).
    response.headers["Cache-Control"] = "no-cache"
    return response


@blueprint.get("/")
def index():
    ctx = context()
    try:
        page = (ctx.web_dir / "index.html").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        abort(500, description=f"the phone page is missing: no readable index.html in {ctx.web_dir}")
    page = page.replace("</head>", CODE_META.format(ctx.served_code) + "\n</head>", 1)
    response = Response(page, mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"  # as the other files: revalidated each time
    response.set_etag(hashlib.sha256(page.encode()).hexdigest()[:32])
    return response.make_conditional(request)


@blueprint.get("/<path:filename>")
def asset(filename: str):
    if filename.startswith("api/") or not filename.endswith(SERVED_SUFFIXES):
        abort(404)
    if filename == "index.html":  # the page by its name names its code too
        return index()
    return _send(filename)
