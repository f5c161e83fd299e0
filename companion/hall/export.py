"""The hall's results for a league: standings and games as CSV, and every finished game as one BG Stats file."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any, Iterable

from companion.bgstats import bgstats_play
from companion.hall.board import game_title
from companion.journal import GameRecord


def standings_csv(standings: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["game", "player", "wins", "played", "games of this game"])
    for entry in standings:
        for row in entry["players"]:
            writer.writerow([entry["title"]["en"], row["name"], row["wins"], row["played"], entry["played"]])
    return out.getvalue()


def games_csv(games: Iterable[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["table", "game", "started", "players", "winners", "result", "entries"])
    for g in games:
        writer.writerow([g["table_name"], game_title(g["game"])["en"],
                         datetime.fromtimestamp(g["started_at"]).strftime("%Y-%m-%d %H:%M"),
                         "; ".join(g["players"]), "; ".join(g["winners"]), g["outcome"].get("kind"), g["entries"]])
    return out.getvalue()


def bgstats_file(games: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Every finished game as a play of one BG Stats file: each table is a location, a player is one player across
    tables (by name), each game kind one game."""
    merged: dict[str, list[dict[str, Any]]] = {"games": [], "players": [], "locations": [], "plays": []}
    ids: dict[tuple[str, str], int] = {}

    def ref(kind: str, item: dict[str, Any]) -> int:
        key = (kind, item["uuid"])
        if key not in ids:
            ids[key] = len(merged[kind]) + 1
            merged[kind].append({**item, "id": ids[key]})
        return ids[key]

    for g in games:
        record = GameRecord(g["game_id"], g["game"], {}, g["players"], g["started_at"], g["ended_at"], g["outcome"])
        one = bgstats_play(record, game_title(g["game"])["en"], location=g["table_name"])
        game_ids = {item["id"]: ref("games", item) for item in one["games"]}
        player_ids = {item["id"]: ref("players", item) for item in one["players"]}
        location_ids = {item["id"]: ref("locations", item) for item in one["locations"]}
        for play in one["plays"]:
            merged["plays"].append({
                **play,
                "gameRefId": game_ids[play["gameRefId"]], "locationRefId": location_ids[play["locationRefId"]],
                "playerScores": [{**s, "playerRefId": player_ids[s["playerRefId"]]} for s in play["playerScores"]],
            })
    return merged
