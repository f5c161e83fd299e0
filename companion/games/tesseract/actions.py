"""The Action phase: three actions among Take, Calibrate, Transfer, Study, Confine and Deepen, plus free card plays."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Text, Verdict
from companion.words import of_fr

from . import rules
from .confinement import confine_action
from .cube import check_column
from .effects import apply_effects
from .events import remove_from_tesseract
from .flow import lab_owner, parse_cube, require_no_pending
from .labs import LEVELS
from .state import ACTION, THREAT, GameState


def require_action_phase(state: GameState) -> None:
    if state.phase != ACTION:
        raise rules.Illegal(rules.PHASE, "Actions and cards are for the Action phase",
                            "Actions et cartes se jouent pendant la phase Action")
    require_no_pending(state)


def spend_action(state: GameState) -> None:
    """« Lors de la phase Action, effectuez 3 actions au choix. »"""
    require_action_phase(state)
    if state.actions_left <= 0:
        raise rules.Illegal(rules.ACTION_LIMIT, f"{state.scientist} has already taken 3 actions this turn",
                            f"{state.scientist} a déjà effectué ses 3 actions ce tour-ci", [state.scientist], quote=True)
    state.actions_left -= 1


def take(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    spend_action(state)
    return take_cube(state, event, options)


def take_cube(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any],
              any_lab: bool = False) -> list[Verdict]:
    """« Prenez un cube amovible du Tesseract et placez-le sur un emplacement vide de votre fiche Labo, sans changer
    sa valeur. » A card's or capacity's take (``any_lab``) may name another lab (``lab``)."""
    name = lab_owner(state, event) if any_lab else state.scientist
    column = check_column(event["column"])
    if not state.tesseract.columns[column]:
        raise rules.Illegal(rules.TAKE_REMOVABLE, f"No cube is left on {column}",
                            f"Il ne reste aucun cube en {column}", [name])
    if not state.tesseract.is_removable(column):
        faces = state.tesseract.visible_faces(column)  # 1 or 2: "1 visible face", « 1 face visible »
        plural = "s" if faces > 1 else ""
        raise rules.Illegal(rules.TAKE_REMOVABLE,
                            f"The cube on {column} is not removable ({faces} visible face{plural}, 3 needed)",
                            f"Le cube en {column} n’est pas amovible ({faces} face{plural} visible{plural}, "
                            "3 requises)", [name], quote=True)
    if not state.labs.has_room(name):
        raise rules.Illegal(rules.LAB_FULL, f"{name}'s lab has no empty slot", f"Le labo de {name} est plein", [name])
    who = state.scientist
    how = Text(f"taken by {who}", f"prélevé par {who}") if name == who else \
        Text(f"taken by {who} into {name}'s lab", f"prélevé par {who} pour le labo {of_fr(name)}")
    cube, out = remove_from_tesseract(state, column, options, how)
    state.labs.add(name, cube)
    return [rules.info(rules.TAKE, f"{name} takes {cube.describe()} from {column}",
                       f"{name} prélève {cube.describe('fr')} en {column}", [name])] + out


def calibrate_cube(state: GameState, event: Mapping[str, Any], any_lab: bool = False) -> list[Verdict]:
    """±1 on a lab or primed cube; « un 6 ne peut pas être transformé en 1, et inversement » ;
    « dans la zone d'amorçage, un cube de valeur 1 peut être calibré sur 0. Il est alors détruit. »
    The action calibrates in your own lab; a card's or capacity's calibration (``any_lab``) in the lab it names."""
    where = event.get("zone", "lab")
    cube = parse_cube(event["cube"], state)
    if "to" in event:
        target = event["to"]
    else:
        delta = event["delta"]
        if delta not in (1, -1) or isinstance(delta, bool):
            raise ValueError('"delta" must be +1 or -1')
        target = cube.value + delta
    if not isinstance(target, int) or isinstance(target, bool):
        raise ValueError('"to" must be an integer')
    if where == "lab":
        owner = lab_owner(state, event)
        if owner != state.scientist and not any_lab:
            raise rules.Illegal(rules.LAB_CUBE, "You calibrate cubes in your own lab or in the priming zone",
                                "On calibre les cubes de son propre labo ou de la zone d’amorçage", [owner])
        if not state.labs.has(owner, cube):
            raise rules.Illegal(rules.LAB_CUBE, f"{owner}'s lab holds no {cube.describe()}",
                                f"Le labo de {owner} ne contient pas de {cube.describe('fr')}", [owner])
    elif where == "priming":
        if not state.zone.has(cube):
            raise rules.Illegal(rules.ZONE_CUBE, f"No primed {cube.describe()}", f"Aucun {cube.describe('fr')} amorcé")
    else:
        raise ValueError('"zone" must be "lab" or "priming"')
    if {cube.value, target} == {1, 6}:
        raise rules.Illegal(rules.CALIBRATE_WRAP, f"A {cube.value} cannot be calibrated to {target}",
                            f"Un {cube.value} ne peut pas être calibré sur {target}", quote=True)
    if abs(target - cube.value) != 1:
        raise rules.Illegal(rules.CALIBRATE_WRAP, "Calibrating changes a value by exactly 1",
                            "Calibrer change la valeur d’exactement 1")
    if where == "priming" and target == 0:
        state.zone.remove(cube)
        state.destroy(cube, "priming")
        return [rules.info(rules.CALIBRATE_DESTROY, f"Primed {cube.describe()} calibrated to 0: destroyed",
                           f"{cube.describe('fr')} amorcé calibré sur 0 : détruit")]
    if not 1 <= target <= 6:
        raise rules.Illegal(rules.CALIBRATE_WRAP, f"A {cube.value} cannot be calibrated to {target}",
                            f"Un {cube.value} ne peut pas être calibré sur {target}")
    new = cube.with_value(target)
    if where == "lab":
        state.labs.replace(owner, cube, new)
    else:
        state.zone.replace(cube, new)
    return [rules.info(rules.CALIBRATE, f"{cube.describe()} calibrated to {target}",
                       f"{cube.describe('fr')} calibré sur {target}")]


def calibrate(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    spend_action(state)
    return calibrate_cube(state, event)


def transfer(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    """« Déplacez un cube depuis votre fiche Labo sur un emplacement vide d'un autre laboratoire OU depuis un autre
    laboratoire sur votre fiche Labo. » (the other scientist's agreement is taken as given by the event)."""
    spend_action(state)
    source, target = state.labs.check(event["from"]), state.labs.check(event["to"])
    cube = parse_cube(event["cube"], state)
    me = state.scientist
    if source == target or me not in (source, target):
        raise rules.Illegal(rules.TRANSFER, "A transfer goes from your lab to another lab or from another lab to yours",
                            "Un transfert va de votre labo vers un autre, ou d’un autre vers le vôtre", [me],
                            quote=True)
    if not state.labs.has(source, cube):
        raise rules.Illegal(rules.LAB_CUBE, f"{source}'s lab holds no {cube.describe()}",
                            f"Le labo de {source} ne contient pas de {cube.describe('fr')}", [source])
    if not state.labs.has_room(target):
        raise rules.Illegal(rules.LAB_FULL, f"{target}'s lab has no empty slot", f"Le labo de {target} est plein",
                            [target])
    state.labs.remove(source, cube)
    state.labs.add(target, cube)
    return [rules.info(rules.TRANSFER, f"{cube.describe()} moves from {source} to {target}",
                       f"{cube.describe('fr')} passe de {source} à {target}", [source, target])]


def study(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    """« Défaussez une carte Recherche de votre main et piochez-en une du niveau supérieur. »"""
    spend_action(state)
    name, level = state.scientist, event["level"]
    if level not in LEVELS:
        raise ValueError('"level" must be 2, 3 or 4')
    if not state.research.holds(name, level):
        raise rules.Illegal(rules.STUDY, f"{name} holds no level {level} research card",
                            f"{name} n’a pas de carte Recherche N {level}", [name], quote=True)
    if level == max(LEVELS) or state.research.decks[level + 1] <= 0:
        raise rules.Illegal(rules.STUDY, f"There is no level {level + 1} card to draw",
                            f"Il n’y a pas de carte N {level + 1} à piocher", [name], quote=True)
    state.research.discard(name, level)
    state.research.draw(name, level + 1)
    return [rules.info(rules.STUDY, f"{name} studies: level {level} card for a level {level + 1} card",
                       f"{name} étudie : carte N {level} contre une carte N {level + 1}", [name])]


def confine(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    spend_action(state)
    return confine_action(state, event, options)


def deepen(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    """The scientist's own action (Approfondir): one action, its effects described by the event."""
    spend_action(state)
    return apply_effects(state, event.get("effects", []), options)


def _free_play_phase(state: GameState, source: str, event: Mapping[str, Any]) -> None:
    """Research cards and confinement cards in the Action phase; a research card whose text says so
    (« Sauf indication contraire, vous ne pouvez pas les jouer pendant une phase Menace. »), sent with
    ``"threat_phase": true``, and a permanent capacity (« s'applique systématiquement ») before the prime too."""
    allowed = source == "scientist" or (source == "research" and event.get("threat_phase") is True)
    if state.phase == THREAT and allowed:
        require_no_pending(state)
    elif state.phase == THREAT and source == "research":
        raise rules.Illegal(rules.PHASE,
                            "A research card is played in the Action phase, unless the card says otherwise",
                            "Une carte Recherche se joue pendant la phase Action, sauf indication contraire")
    else:
        require_action_phase(state)


def play_card(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    """A free action: a research card from the hand, an unlocked confinement card (once, then discarded), or the
    scientist's permanent capacity (``"source": "scientist"``, no card spent; « La capacité permanente s'applique
    systématiquement, sans dépenser d'action »)."""
    source = event.get("source", "research")
    if source not in ("research", "confinement", "scientist"):
        raise ValueError('"source" must be "research", "confinement" or "scientist"')
    _free_play_phase(state, source, event)
    name = state.scientist
    named = state.labs.check(event.get("scientist", name))
    if named != name and source == "scientist":
        raise rules.Illegal(rules.CAPACITY, f"It is {name}'s turn: the referee takes {name}'s capacity only",
                            f"C’est le tour {of_fr(name)} : l’arbitre ne prend que la capacité {of_fr(name)}", [named])
    if named != name:
        raise rules.Illegal(rules.CARD, f"It is {name}'s turn: {named} plays cards on their own turn",
                            f"C’est le tour {of_fr(name)} : {named} joue ses cartes pendant son propre tour", [named],
                            quote=True)
    if source == "scientist":
        said = rules.info(rules.CAPACITY, f"{name}'s permanent capacity", f"Capacité permanente de {name}", [name])
        return [said] + apply_effects(state, event.get("effects", []), options)
    if source == "research":
        level = event["level"]
        if level not in LEVELS:
            raise ValueError('"level" must be 2, 3 or 4')
        if not state.research.holds(name, level):
            raise rules.Illegal(rules.CARD, f"{name} holds no level {level} research card",
                                f"{name} n’a pas de carte Recherche N {level}", [name])
        state.research.discard(name, level)
        label = (f"level {level} research card", f"carte Recherche N {level}")
    else:
        value = event["value"]
        if value not in state.board.unlocked or value in state.board.played:
            raise rules.Illegal(rules.CARD, f"Confinement card {value} is not unlocked (or already played)",
                                f"La carte Confinement {value} n’est pas débloquée (ou déjà jouée)", [name])
        state.board.played.add(value)
        label = (f"confinement card {value}", f"carte Confinement {value}")
    out = [rules.info(rules.CARD, f"{name} plays a {label[0]}", f"{name} joue une {label[1]}", [name])]
    return out + apply_effects(state, event.get("effects", []), options)


def reform(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    """FAQ: « il ne s'agit pas d'un jeu de dextérité. Reformez le Tesseract du mieux que vous pouvez. »
    « tant que le nombre de cubes du Tesseract reste le même, cela ne devrait pas affecter la partie. »

    The table's rebuilt Tesseract replaces the engine's, provided it holds the same dice (same count of each
    colour, values as remembered) with no column over 4 levels. Costs no action.
    """
    from collections import Counter

    from .cube import MAX_LEVELS, Tesseract as Stack

    columns = event["columns"]
    if not isinstance(columns, Mapping):
        raise ValueError('"columns" must map column names to lists of cubes, bottom first')
    rebuilt = Stack({check_column(name): [parse_cube(c, state) for c in stack] for name, stack in columns.items()})
    if any(len(stack) > MAX_LEVELS for stack in rebuilt.columns.values()):
        raise rules.Illegal(rules.REFORM, "The Tesseract can never be more than 4 levels high",
                            "Le Tesseract ne peut jamais dépasser 4 étages")
    old = Counter(c.color for stack in state.tesseract.columns.values() for c in stack)
    new = Counter(c.color for stack in rebuilt.columns.values() for c in stack)
    if old != new:
        raise rules.Illegal(rules.REFORM,
                            f"The rebuilt Tesseract must hold the same dice ({sum(old.values())} cubes: "
                            f"{dict(sorted(old.items()))})",
                            f"Le Tesseract reformé doit contenir les mêmes dés ({sum(old.values())} cubes : "
                            f"{dict(sorted(old.items()))})")
    state.tesseract = rebuilt
    return [rules.info(rules.REFORM, f"Tesseract rebuilt with its {sum(new.values())} cubes",
                       f"Tesseract reformé avec ses {sum(new.values())} cubes")]
