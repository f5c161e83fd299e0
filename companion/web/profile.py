"""The table profile on the phones: what the camera learnt from this table's corrections, each crop to look at,
one to remove, all to forget (companion/vision/profile.py). The crops never leave the Pi but for these phones."""

from __future__ import annotations

from contextlib import contextmanager

from flask import Blueprint, jsonify, send_file

from companion.core import Text
from companion.referee.registry import available_games
from companion.web.app import context
from companion.web.card_refusal import cannot_save
from companion.web.session import require_pin
from companion.web.validation import ApiError

blueprint = Blueprint("profile", __name__, url_prefix="/api")


def _summary():
    store = context().service.profile.store
    examples = store.snapshot()
    games = available_games()

    def title(game: str) -> dict:
        return games[game].title.to_json() if game in games else {"en": game, "fr": game}

    learning = bool(context().service.config["vision"]["profile"])
    return jsonify({"examples": len(examples), "learning": learning, "most": store.most,  # newest first
                    "list": [{**e.to_json(), "game_title": title(e.game)} for e in reversed(examples)]})


@blueprint.get("/profile")
def profile():
    """How many corrections the camera learnt from at this table, and each one, newest first."""
    return _summary()


@blueprint.get("/profile/pictures/<example_id>.png")
def picture(example_id: str):
    """An example's crop (a "not a die" example: its neighbourhood)."""
    path = context().service.profile.store.picture(example_id)
    if path is None or not path.is_file():
        raise ApiError(404, "no_example", f"the table profile has no example {example_id!r}")
    return send_file(path, mimetype="image/png", max_age=0)


@blueprint.delete("/profile/<example_id>")
@require_pin
def remove(example_id: str):
    """Forget one example (a correction made by mistake)."""
    with _written():
        removed = context().service.profile.store.remove(example_id)
    if not removed:
        raise ApiError(404, "no_example", f"the table profile has no example {example_id!r}")
    return _summary()


@blueprint.delete("/profile")
@require_pin
def reset():
    """Forget every example: the camera reads as shipped until the players correct it again."""
    with _written():
        context().service.profile.store.reset()
    return _summary()


@contextmanager
def _written():
    """A change the card refuses (full, read-only) is said, and the profile stays as it was (profile_store.py)."""
    try:
        yield
    except OSError as exc:
        raise cannot_save(exc, Text("the table profile cannot be written", "le profil de la table ne peut pas être "
                                    "écrit"), Text("nothing was forgotten", "rien n’a été oublié")) from exc
