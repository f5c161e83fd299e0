"""The phones' window on the referee: a Flask app (pages, JSON API, live stream, PIN auth)."""

from companion.web.app import create_app

__all__ = ["create_app"]
