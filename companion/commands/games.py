"""``companion games list|export ID``: the records players keep of their games."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys

from companion.config import ConfigError, load_config
from companion.journal import Journal, JournalError


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("games", help="list or export the games in the journal")
    sub = parser.add_subparsers(dest="games_command", required=True, metavar="list|export")
    lister = sub.add_parser("list", help="one line per game")
    lister.add_argument("--json", action="store_true", help="JSON lines instead of a table")
    export = sub.add_parser("export", help="a whole game with every event and verdict, as JSON")
    export.add_argument("id", type=int)
    export.add_argument("--bgstats", action="store_true", help="as a BG Stats file (games, players, plays)")
    parser.set_defaults(func=run)


def _when(ts: float | None) -> str:
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M") if ts else "—"


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
        path = config.data_dir / "journal.sqlite3"
        if not path.exists():
            print(f"no games yet (no journal at {path})", file=sys.stderr)
            return 0 if args.games_command == "list" else 1
        journal = Journal(path)
    except (ConfigError, JournalError) as exc:
        print(f"companion games: {exc}", file=sys.stderr)
        return 2
    try:
        if args.games_command == "list":
            for record in journal.games():
                if args.json:
                    print(json.dumps({**record.to_json(), "events": len(journal.entries(record.id))}))
                else:
                    outcome = (record.outcome or {}).get("kind", "in progress" if record.ended_at is None else "ended")
                    print(f"{record.id:>4}  {record.game:<14} {_when(record.started_at)}  "
                          f"{len(journal.entries(record.id)):>4} events  {outcome}  {', '.join(record.players)}")
            return 0
        exported = journal.export(args.id)
        if exported is None:
            print(f"companion games: no game {args.id} in {path}", file=sys.stderr)
            return 1
        if args.bgstats:
            from companion.bgstats import bgstats_play
            from companion.referee import available_games

            record = journal.game(args.id)
            game = available_games().get(record.game)
            exported = bgstats_play(record, game.title.en if game is not None else record.game,
                                    entries=journal.entries(args.id))
        print(json.dumps(exported, indent=2, ensure_ascii=False))
        return 0
    except JournalError as exc:  # a damaged journal: the service sets it aside when it next starts
        print(f"companion games: {exc} (the service sets a damaged journal aside and salvages it when it starts)",
              file=sys.stderr)
        return 2
    finally:
        journal.close()
