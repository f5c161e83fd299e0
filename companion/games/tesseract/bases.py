"""The base's symbols: which event each column reveals when its last cube leaves.

The rule book's text lists the eight events (p. 8) but shows the symbols of
each base only as pictures, which the text copy does not carry. The layouts
below are therefore ASSUMED placeholders that follow what the text does say
(« Les 4 niveaux de difficulté des socles dépendent du nombre et du type
d'événements qu'ils comprennent »): more and harsher events on higher bases.
Players whose physical base differs pass the real layout in the
``base_layout`` option ({"b1": "acceleration", ...}); see docs/rules/tesseract.md.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Text

from .cube import COLUMNS

ACCELERATION = "acceleration"
SHIELD = "shield"
CHAIN_REACTION = "chain_reaction"
FISSION = "fission"
ELECTROSTATIC_DISCHARGE = "electrostatic_discharge"
ELECTROMAGNETIC_PULSE = "electromagnetic_pulse"
INTERPHASE = "interphase"
SHOCK_WAVE = "shock_wave"

#: event id -> (name, what it does), in English and French (the book's words).
EVENTS: dict[str, tuple[Text, Text]] = {
    ACCELERATION: (Text("Acceleration", "Accélération"),
                   Text("destroy the lowest removable cube of the Tesseract",
                        "détruisez le cube amovible le plus bas du Tesseract")),
    SHIELD: (Text("Shield", "Bouclier"),
             Text("reroll the primed cube of lowest value", "relancez le cube amorcé de plus basse valeur")),
    CHAIN_REACTION: (Text("Chain reaction", "Réaction en chaîne"),
                     Text("prime the lowest removable cube of the Tesseract",
                          "amorcez le cube amovible le plus bas du Tesseract")),
    FISSION: (Text("Fission", "Fission"),
              Text("prime the lowest removable cube AND a random destroyed cube",
                   "amorcez le cube amovible le plus bas du Tesseract ET un cube détruit pris au hasard")),
    ELECTROSTATIC_DISCHARGE: (Text("Electrostatic discharge", "Décharge électrostatique"),
                              Text("reroll the cubes of every lab but one",
                                   "relancez les cubes de tous les laboratoires, sauf un")),
    ELECTROMAGNETIC_PULSE: (Text("Electromagnetic pulse", "Impulsion électromagnétique"),
                            Text("reroll the cubes of ALL labs", "relancez les cubes de TOUS les laboratoires")),
    INTERPHASE: (Text("Interphase", "Interphase"),
                 Text("add 1 to the primed cubes of EVEN value", "augmentez de 1 les cubes amorcés de valeur PAIRE")),
    SHOCK_WAVE: (Text("Shock wave", "Onde de choc"),
                 Text("destroy every lab cube of the same value as the last primed cube",
                      "détruisez l’ensemble des cubes de TOUS les laboratoires de même valeur que le dernier "
                      "cube amorcé")),
}

# ASSUMED layouts (see module docstring): 4, 6, 8 and 10 symbols on bases 1-4,
# the letter side swapping in harsher events of the same count.
BASES: dict[str, dict[str, str]] = {
    "1": {"b1": ACCELERATION, "c4": ACCELERATION, "a3": SHIELD, "d2": SHIELD},
    "A": {"b1": ACCELERATION, "c4": SHIELD, "a3": CHAIN_REACTION, "d2": SHIELD},
    "2": {"b1": ACCELERATION, "c4": ACCELERATION, "a3": SHIELD, "d2": CHAIN_REACTION,
          "b3": INTERPHASE, "c2": SHOCK_WAVE},
    "B": {"b1": ACCELERATION, "c4": SHIELD, "a3": CHAIN_REACTION, "d2": ELECTROSTATIC_DISCHARGE,
          "b3": INTERPHASE, "c2": SHOCK_WAVE},
    "3": {"b1": ACCELERATION, "c4": ACCELERATION, "a3": SHIELD, "d2": CHAIN_REACTION,
          "b3": INTERPHASE, "c2": SHOCK_WAVE, "a1": FISSION, "d4": ELECTROSTATIC_DISCHARGE},
    "C": {"b1": ACCELERATION, "c4": SHIELD, "a3": CHAIN_REACTION, "d2": ELECTROMAGNETIC_PULSE,
          "b3": INTERPHASE, "c2": SHOCK_WAVE, "a1": FISSION, "d4": ELECTROSTATIC_DISCHARGE},
    "4": {"b1": ACCELERATION, "c4": CHAIN_REACTION, "a3": SHIELD, "d2": CHAIN_REACTION,
          "b3": INTERPHASE, "c2": SHOCK_WAVE, "a1": FISSION, "d4": ELECTROMAGNETIC_PULSE,
          "b4": ELECTROSTATIC_DISCHARGE, "c1": ACCELERATION},
    "D": {"b1": FISSION, "c4": CHAIN_REACTION, "a3": SHIELD, "d2": CHAIN_REACTION,
          "b3": INTERPHASE, "c2": SHOCK_WAVE, "a1": FISSION, "d4": ELECTROMAGNETIC_PULSE,
          "b4": ELECTROSTATIC_DISCHARGE, "c1": INTERPHASE},
}


def base_layout(base: str, custom: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The column -> event map for a base name, or a players' custom layout (validated)."""
    if custom:
        layout = dict(custom)
    else:
        key = str(base).upper()
        if key not in BASES:
            raise ValueError(f"unknown base {base!r} (bases: {', '.join(BASES)})")
        layout = dict(BASES[key])
    for column, event in layout.items():
        if column not in COLUMNS:
            raise ValueError(f"base layout names unknown column {column!r}")
        if event not in EVENTS:
            raise ValueError(f"base layout names unknown event {event!r} (events: {', '.join(EVENTS)})")
    return layout


def event_name(event: str) -> Text:
    return EVENTS[event][0]
