"""Nexus Keepers' rule ids in words: a short name in both languages, the French rule book's sentence behind each
where docs/rules/nexus-keepers.md quotes one, and the English book's matching sentence where that shorter book has
the rule (the phone's "Details" quotes the book in the page's language, never the id)."""

from __future__ import annotations

from companion.referee.rule_words import RuleWords, rule_words_table

# rule id -> (English name, French name)
NAMES: dict[str, tuple[str, str]] = {
    "nk.setup": ("Setting up the Nexus", "Mise en place du Nexus"),
    "nk.setup.edges": ("A cube joins the board along two edges", "Un cube rejoint le plateau par deux tranches"),
    "nk.setup.portal": ("No tile behind a Portal", "Aucune tuile derrière une Porte"),
    "nk.setup.overlap": ("Cubes never overlap", "Les cubes ne se chevauchent pas"),
    "nk.setup.shape": ("A cube unfolds into five joined tiles", "Un cube se déploie en cinq tuiles jointes"),
    "nk.setup.first": ("The highest roll plays first", "Le plus haut résultat commence"),
    "nk.setup.done": ("The Nexus is already set up", "Le Nexus est déjà en place"),
    "nk.game.over": ("End of the game", "Fin de la partie"),
    "nk.turn.order": ("Whose turn it is", "À qui le tour"),
    "nk.turn.phase": ("The steps of a turn", "Les étapes d’un tour"),
    "nk.turn.start": ("A turn begins", "Début du tour"),
    "nk.turn.end": ("End of a turn", "Fin du tour"),
    "nk.roll": ("What the dice allow", "Ce que permettent les dés"),
    "nk.roll.dice-count": ("How many dice to roll", "Combien de dés lancer"),
    "nk.reroll.limit": ("Two rerolls at most", "Deux relances au plus"),
    "nk.reroll.ones": ("Ones are never rerolled", "Les 1 ne se relancent pas"),
    "nk.reroll.single": ("Never reroll a single die", "Jamais de relance d’un seul dé"),
    "nk.reroll.dice": ("Rerolling dice of the roll", "Relancer des dés du lancer"),
    "nk.power.none": ("Each power die once a game", "Chaque dé de Pouvoir une fois par partie"),
    "nk.maladresse": ("Clumsiness: three ones", "Maladresse : trois 1"),
    "nk.skill": ("A keeper's skill", "La compétence d’un Keeper"),
    "nk.action": ("Actions in any order", "Les actions dans l’ordre choisi"),
    "nk.action.illegal": ("An action the board allows", "Une action que permet le plateau"),
    "nk.action.dice": ("An action needs a double", "Une action demande un double"),
    "nk.move.explained": ("The moves seen, explained", "Les déplacements vus, expliqués"),
    "nk.move.unexplained": ("Moves the dice cannot explain", "Des déplacements que les dés n’expliquent pas"),
    "nk.move.exit-guess": ("A keeper gone through a Portal", "Un Keeper passé par une Porte"),
    "nk.fall": ("Falling off the board", "Tomber du plateau"),
    "nk.fall.return": ("Back on the Starting Tile", "Retour sur la Tuile de départ"),
    "nk.bonus": ("A bonus turn", "Un tour bonus"),
    "nk.portal.elimination": ("Pushed through a Portal", "Poussé à travers une Porte"),
    "nk.portal.blocked": ("A Starting Tile taken on return", "Une Tuile de départ occupée au retour"),
    "nk.portal.closure": ("An eliminated player's cube leaves", "Le cube d’un joueur éliminé part"),
    "nk.portal.reconnect": ("Reconnecting the cubes", "Reconnecter les cubes"),
    "nk.reserve": ("Keeping a die for the next turn", "Garder un dé pour le tour suivant"),
    "nk.reserve.double": ("Only a die of a double is kept", "Seul un dé d’un double se garde"),
    "nk.reserve.used": ("Only an unused double is kept", "Seul un double non utilisé se garde"),
    "nk.win": ("Winning the game", "Gagner la partie"),
}

# rule id -> the French book's sentence, verbatim, where docs/rules/nexus-keepers.md quotes one
BOOK: dict[str, str] = {
    "nk.setup": "Tous les joueurs peuvent maintenant placer leur Keeper sur leur Tuile de départ, devant la Porte de "
                "leur Cube Nexus.",
    "nk.setup.edges": "en connectant au moins deux tranches de Tuiles Terrain à une ou plusieurs Tuiles Terrain déjà "
                      "en jeu",
    "nk.setup.portal": "Aucune Tuile Terrain ne peut se trouver juste derrière une Porte en jeu.",
    "nk.setup.overlap": "5 tuiles qui s'alignent lorsque le cube est ouvert et déployé",
    "nk.setup.shape": "5 tuiles qui s'alignent lorsque le cube est ouvert et déployé",
    "nk.setup.first": "Tous les joueurs lancent un dé. Le résultat le plus haut devient le Premier Joueur et déploie "
                      "son cube Nexus sur l'espace de jeu.",
    "nk.turn.start": "Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. Lors des tours suivants, ils "
                     "lancent 6 dés.",
    "nk.roll": "Pour valider une action, il vous faudra obtenir au moins un double pour l'un des résultats indiqués "
               "sur la carte de votre Keeper.",
    "nk.roll.dice-count": "Lorsque votre Keeper débute son tour sur son terrain de prédilection (marqué d'un +), "
                          "lancez 1 dé supplémentaire. Lorsqu'il se trouve sur un terrain défavorable (marqué d'un –), "
                          "lancez un dé de moins.",
    "nk.reroll.limit": "Il peut ensuite relancer autant de dés qu'il veut, jusqu'à deux fois de suite.",
    "nk.reroll.ones": "Cependant, vous ne pouvez pas relancer les résultats de 1.",
    "nk.reroll.single": "Lors de vos relances, vous ne pouvez jamais relancer un dé seul. Un minimum de deux dés sont "
                        "nécessaires.",
    "nk.power.none": "chaque dé de Pouvoir peut être utilisé une seule fois par partie.",
    "nk.maladresse": "Si au cours de votre tour, vous accumulez trois résultats de 1, vous passez votre tour au lieu "
                     "de passer à la suite.",
    "nk.skill": "Pour utiliser la compétence de ce Keeper, vous devez obtenir la suite 1,2,3,4.",
    "nk.action": "Vous pouvez effectuer les actions dans l'ordre de votre choix.",
    "nk.action.illegal": "pour pousser un autre personnage, votre Keeper doit être adjacent (en ligne droite) à "
                         "celui-ci.",
    "nk.action.dice": "Pour valider une action, il vous faudra obtenir au moins un double",
    "nk.move.explained": "Vous pouvez effectuer les actions dans l'ordre de votre choix.",
    "nk.fall": "Dans tel cas, celui-ci est placé derrière sa porte d'origine en attendant son prochain tour.",
    "nk.fall.return": "Au début de son tour, le joueur replace son Keeper sur sa Tuile de départ avant de lancer ses "
                      "dés.",
    "nk.bonus": "vous avez le droit de rejouer immédiatement ! Lancez cependant un dé de moins lors de ce tour bonus.",
    "nk.portal.elimination": "Pousser un Keeper à travers n'importe quel portail l'élimine de la partie.",
    "nk.portal.blocked": "si un autre personnage se trouve sur la case de départ du Keeper alors qu'il doit revenir en "
                         "jeu après être tombé du plateau, celui-ci est éliminé au lieu de revenir en jeu !",
    "nk.portal.closure": "Au début de son tour, si le Cube Nexus d'un joueur éliminé est encore en jeu, il retire son "
                         "Cube Nexus de la partie.",
    "nk.portal.reconnect": "il doit toujours déplacer le minimum de cubes possibles et ne peut pas arranger les cubes "
                           "qui sont déjà correctement connectés entre eux.",
    "nk.reserve": "À la fin de votre tour, vous pouvez placer un dé d'un double non utilisé sur la réserve de votre "
                  "personnage.",
    "nk.reserve.double": "un dé d'un double non utilisé",
    "nk.reserve.used": "un dé d'un double non utilisé",
    "nk.win": "si un ou plusieurs Keepers d'une même équipe sont les derniers sur le plateau, toute l'équipe remporte "
              "la victoire.",
}

# rule id -> the English book's sentence, verbatim (" … " joins two excerpts); rules only the French book has
# (MALADRESSE, rerolls need two dice) have none
ENGLISH_BOOK: dict[str, str] = {
    "nk.setup": "Each player now places their Keeper on their Starting Tile, right in front of their Nexus Cube’s "
                "Portal.",
    "nk.setup.edges": "ensuring that at least two edges of their Terrain Tiles connect to one or more Terrain Tiles "
                      "already in play",
    "nk.setup.portal": "No Terrain Tile may be placed directly behind an active Portal.",
    "nk.setup.overlap": "the five tiles that align when the cube is opened and unfolded",
    "nk.setup.shape": "the five tiles that align when the cube is opened and unfolded",
    "nk.setup.first": "All players roll a die. The highest roll determines the First Player, who then unfolds his "
                      "Nexus Cube onto the play area.",
    "nk.turn.start": "During their first turn, players roll 5 dice. … On all following turns, they roll 6 dice.",
    "nk.roll": "To validate an action, you must roll at least one pair matching one of the results listed on the "
               "Keeper’s Card.",
    "nk.roll.dice-count": "If your Keeper starts a turn on its favored Terrain (marked with a +), roll 1 extra die. … "
                          "If your Keeper stands on an unfavorable Terrain (marked with a –), roll 1 fewer die.",
    "nk.reroll.limit": "He may then reroll as many dice as he wishes, up to two times in a row.",
    "nk.reroll.ones": "However, he cannot reroll dice that show a result of 1.",
    "nk.power.none": "Power Dice are single-use; each can be used only once per game.",
    "nk.skill": "To use this Keeper’s skill, you must roll a sequence of 1, 2, 3, and 4.",
    "nk.action": "You can execute actions in any order.",
    "nk.action.illegal": "to push another character, your Keeper must be adjacent (in a straight line) to it.",
    "nk.action.dice": "To validate an action, you must roll at least one pair",
    "nk.move.explained": "You can execute actions in any order.",
    "nk.fall": "When a Keeper is pushed off the board without passing through a portal, place him behind his original "
               "portal to await the start of his next turn.",
    "nk.fall.return": "At the beginning of this turn, the player places his Keeper back on his Starting Tile before "
                      "rolling his dice.",
    "nk.bonus": "you may immediately take another turn. However, roll one less die during this bonus turn.",
    "nk.portal.elimination": "Pushing a Keeper through any portal removes him from the game.",
    "nk.portal.blocked": "if another character occupies his starting tile when he is supposed to re-enter the game "
                         "after falling off the board, the Keeper is eliminated instead of returning to play.",
    "nk.portal.closure": "At the start of a player’s turn, if an eliminated player’s Nexus Cube is still in play, he "
                         "must remove his Nexus Cube from the game.",
    "nk.portal.reconnect": "must move the minimum number of cubes possible and cannot rearrange cubes that are "
                           "already properly connected.",
    "nk.reserve": "At the end of your turn, you can place one die from an unused double into your character’s reserve.",
    "nk.reserve.double": "one die from an unused double",
    "nk.reserve.used": "one die from an unused double",
    "nk.win": "Allied players win as a team: if at least one Keeper from the team is the last character standing at "
              "the end, the whole team claims victory.",
}

#: every rule in words, with the sentence of the French rule book and of the English one where each has one
WORDS: dict[str, RuleWords] = rule_words_table(NAMES, BOOK, "fr", {"en": ENGLISH_BOOK})
