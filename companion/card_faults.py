"""The fault a card gave when it refused a write (full, read-only, denied, failing, busy), and what mends each.

Why: "free some space" mends a full card only; a worn SD card turns read-only, and freeing space there is time lost
on a game night. The phone's 503 ``cannot_save`` (web/card_refusal.py) and the commands that write to the card say
the same words; this module needs no web server, so a command does not load one to word its error. The fault is
read from the error (the card's errno, SQLite's error name), through the errors that wrap it to its cause.
"""

from __future__ import annotations

import errno
import sqlite3

from companion.core import Text
from companion.journal_health import failure_of

#: SQLite's words for a fault, where its error carries no name (an older SQLite, an error made by hand)
SQLITE_WORDS = (("database or disk is full", "full"), ("readonly database", "read_only"), ("disk I/O error", "io"))

#: each fault: what the card did, and what to do about it
FAULTS = {
    "full": (Text("the companion's card is full", "la carte du compagnon est pleine"),
             Text("Free some space on it and try again.", "Libérez-y de la place et réessayez.")),
    "read_only": (Text("the companion's card has turned read-only",
                       "la carte du compagnon est passée en lecture seule"),
                  Text("Freeing space will not help: a worn SD card turns read-only and must be replaced; "
                       "`companion doctor` checks it.",
                       "Libérer de la place n’y changera rien : une carte SD usée passe en lecture seule et doit être "
                       "remplacée ; `companion doctor` la vérifie.")),
    "denied": (Text("the service may not write its folder (permission denied)",
                    "le service n’a pas le droit d’écrire dans son dossier (permission refusée)"),
               Text("Freeing space will not help: the service's user must own its data folder "
                    "(`companion config` names it).",
                    "Libérer de la place n’y changera rien : l’utilisateur du service doit posséder son dossier de "
                    "données (`companion config` l’indique).")),
    "io": (Text("the companion's card gave an input/output error", "la carte du compagnon a renvoyé une erreur "
                "d’entrée/sortie"),
           Text("Try again; if it happens again, the card is failing: `companion doctor` checks it.",
                "Réessayez ; si cela se reproduit, la carte est défaillante : `companion doctor` la vérifie.")),
    "busy": (Text("another program holds the file", "un autre programme bloque le fichier"),
             Text("Try again in a moment.", "Réessayez dans un instant.")),
    "other": (Text("the companion's card refused the write", "la carte du compagnon a refusé l’écriture"),
              Text("Try again; `companion doctor` checks the card.",
                   "Réessayez ; `companion doctor` vérifie la carte.")),
}


def fault_of(exc: BaseException) -> str:
    """The card's fault behind ``exc`` (a key of FAULTS), followed through the errors that wrap it."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, OSError) and seen.errno in (errno.EACCES, errno.EPERM):
            return "denied"
        if isinstance(seen, (OSError, sqlite3.Error)):
            kind = failure_of(seen, 0.0).kind
            if kind == "other" and isinstance(seen, sqlite3.Error):
                kind = next((k for words, k in SQLITE_WORDS if words in str(seen)), kind)
            if kind != "other" or isinstance(seen, OSError) and seen.errno is not None:
                return kind if kind in FAULTS else "other"
        seen = seen.__cause__ or seen.__context__
    return "other"


def fault_words(exc: BaseException) -> tuple[Text, Text]:
    """What the card did behind ``exc``, and what mends it."""
    return FAULTS[fault_of(exc)]
