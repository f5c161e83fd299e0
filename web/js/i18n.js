// English and French for every word on the page. The phone's language picks one; a switch changes it.

import * as moments from "./moments.js";

const STRINGS = {
  en: {
    "app.title": "Table Companion",
    "colon": ": ",
    "lang.switch": "Français",
    "conn.live": "Live",
    "conn.connecting": "Connecting…",
    "conn.offline": "Offline — retrying",
    "tab.table": "Table",
    "tab.verdicts": "Verdicts",
    "tab.history": "History",
    "tab.stats": "Stats",
    "tab.settings": "Settings",
    "join.welcome": "Welcome to the table",
    "join.playing": "Now playing: {game}",
    "join.watch": "Join the table",
    "join.pin_hint": "Have the table PIN? Enter it to fix rolls, undo and start games.",
    "join.pin_placeholder": "Table PIN",
    "join.unlock": "Unlock",
    "game.choose": "Choose a game",
    "game.players": "Players",
    "game.players_hint": "One name per line (optional)",
    "game.options": "Options",
    "game.start": "Start the game",
    "game.started": "New game started",
    "game.new": "New game",
    "game.bad_option": "Option {name}: not valid JSON",
    "table.turn": "Turn",
    "table.phase": "Phase",
    "table.allows": "What the roll allows",
    "table.details": "Game details",
    "table.no_camera": "No camera picture — enter rolls by hand",
    "table.no_camera_board": "No camera picture — play by tapping the board",
    "table.camera_problem": "Camera: {message}",
    "table.camera_starting": "The camera is starting…",
    "table.stalled": "Picture frozen since {since}: {message}",
    "table.meanwhile": "meanwhile, enter rolls by hand",
    "table.meanwhile_board": "meanwhile, play by tapping the board",
    "table.simulated": "SIMULATED table: no camera, the table is drawn, not seen",
    "seat.label": "Your seat", "seat.watch": "Watch only", "seat.play_as": "I play as {name}",
    "table.seen": "Seen now",
    "table.last_roll": "Last roll",
    "table.no_roll": "No roll yet",
    "table.tap_hint": "Tap a die to correct it",
    "table.rolls": "Rolls",
    "table.enter_roll": "Enter a roll",
    "table.enter_move": "Enter a move",
    "table.undo": "Undo",
    "table.outcome": "Game over",
    "roll.add_die": "Add a die",
    "roll.remove_die": "Remove",
    "roll.submit": "Submit the roll",
    "roll.empty": "Add at least one die",
    "move.hint": "A game event as JSON, e.g. {\"type\": \"end_turn\"}",
    "move.submit": "Submit the move",
    "move.bad_json": "That is not a JSON object with a \"type\"",
    "die.title": "Correct die {n}", "die.title_read": "Correct the {colour} {value}, die {n}",
    "die.title_value": "Correct the {value}, die {n}",
    "die.value": "Value",
    "die.colour": "Colour",
    "die.none": "unknown",
    "die.save": "Save",
    "die.cancel": "Cancel",
    "die.corrected": "Roll corrected",
    "die.corrected_says": "Roll corrected: {words}",
    "die.new_roll": "No roll to correct yet: this will be submitted as a new roll",
    "die.unsure_roll": "The camera was unsure of this roll: it is played with your correction",
    "die.unread": "The camera sees this die but could not read it: say its face.",
    "die.unread_more": "Then {n} more the camera could not read.",
    "die.not_a_die": "Not a die",
    "verdicts.title": "Referee's verdicts",
    "verdicts.empty": "No verdict yet",
    "verdicts.important": "Only important ones",
    "history.title": "History",
    "history.empty": "Nothing has happened in this game yet",
    "history.cannot_read": "The history cannot be read just now: the companion's card does not answer. The game goes on.",
    "history.older": "Older entries",
    "history.undone": "undone",
    "history.refused": "refused",
    "history.correction": "Correction of entry {seq}",
    "correction.changed": "die {n}: {from}\u00a0→\u00a0{to}", "correction.removed": "die {n}: not a die",
    "correction.removed_die": "a {die}: not a die", "correction.added": "a die added: {die}",
    "correction.now": "now {dice}", "correction.none": "no die changed",
    "history.undo_entry": "undo",
    "history.by": "by {source}",
    "history.undone_ok": "Undone",
    "stats.title": "Roll statistics",
    "stats.empty": "No roll yet",
    "stats.faces": "Faces per colour",
    "stats.totals": "Roll totals",
    "stats.colour": "Colour",
    "stats.dice": "Dice",
    "stats.fairness": "Fairness test (chance a fair die rolls this\u00a0unevenly)",
    "stats.fair": "looks fair",
    "stats.unfair": "looks unfair",
    "stats.too_few": "too few rolls",
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.join": "Join from another phone",
    "settings.join_hint": "Scan the code, or type one of these addresses:",
    "settings.pin": "Table PIN",
    "settings.unlocked": "This phone can change the game.",
    "settings.locked": "This phone can only watch. Enter the table PIN to change the game.",
    "settings.lock": "Lock this phone",
    "settings.change_pin": "Change the table PIN",
    "settings.current_pin": "Current PIN",
    "settings.new_pin": "New PIN (4 to 12 digits)",
    "settings.pin_changed": "PIN changed: other phones must enter the new one",
    "settings.end_all": "Sign out every other phone",
    "settings.end_all_hint": "A phone lost, a guest gone home? Every other phone must enter the PIN again.",
    "settings.end_all_done": "Every other phone is signed out",
    "settings.display": "Table display",
    "settings.display_hint": "For a tablet propped up at the table: bigger text, the board beside its pieces.",
    "settings.display_toggle": "Large table display",
    "settings.light": "Camera light",
    "settings.light_hint": "The light changed (a lamp, the curtains)? The camera measures its exposure and white balance again; it also does at every new game.",
    "settings.light_measure": "Measure the light again",
    "settings.light_done": "The camera measures the light again",
    "settings.camera": "Camera",
    "settings.camera_ok": "working ({source})",
    "settings.camera_none": "none: rolls are entered by hand",
    "settings.camera_starting": "starting",
    "settings.version": "Version {version}",
    "settings.sheets": "Printable sheets",
    "settings.sheets_hint": "A game's mat with its markers, and its stickers (the game at the table unless you pick another). Print at actual size (100%, not “fit to page”) and check that the ruler measures 100\u00a0mm.",
    "settings.sheets_paper": "Paper",
    "settings.sheets_letter": "Letter",
    "settings.sheets_download": "Download the PDF",
    "profile.title": "What the camera learnt at this table",
    "profile.count": "Learnt from {n} dice at this table: it reads this table's dice better for them.",
    "profile.count_one": "Learnt from 1 die at this table: it reads this table's dice better for it.",
    "profile.none": "Nothing learnt yet: each die you correct teaches the camera this table's dice.",
    "profile.full": "It keeps {most} dice: each new one makes it forget the oldest.",
    "profile.off": "Learning is switched off in this companion's setup: the camera reads as shipped, and corrections teach it nothing.",
    "profile.kept": { one: "1 die kept from this table.", other: "{n} dice kept from this table." },
    "profile.private": "The pictures stay on the companion: nothing leaves it.",
    "profile.show": "Show them", "profile.hide": "Hide them",
    "profile.reset": "Forget them all",
    "profile.reset_confirm": "Forget every die the camera learnt at this table?",
    "profile.reset_text": { one: "The camera forgets the die it learnt here and reads this table's dice as shipped.",
      other: "The camera forgets the {n} dice it learnt here and reads this table's dice as shipped." },
    "profile.keep": "Keep them",
    "profile.reset_done": "The camera forgot this table's dice",
    "profile.remove": "Forget this one", "profile.removed": "Forgotten",
    "profile.face": "a {n}", "profile.not_a_die": "not a die", "profile.read": "the camera read {n}",
    "profile.how.corrected": "corrected", "profile.how.confirmed": "confirmed as read",
    "profile.how.not a die": "taken out of a roll", "profile.how.photo": "from a photo",
    "pin.title": "Table PIN needed",
    "pin.hint": "Changing the game needs the table PIN (shown in the companion's log when it was installed).",
    "pin.submit": "Unlock",
    "pin.cancel": "Cancel",
    "pin.wrong": "Wrong PIN ({left} tries left)",
    "pin.wait": "Too many wrong PINs: wait {seconds} s",
    "pin.ok": "Unlocked",
    "pin.required": "Enter the table PIN to change anything",
    "error.generic": "Refused: {message}",
    "error.network": "The companion cannot be reached",
    "error.cannot_save": "Not saved: the companion's card refused the write; nothing was lost. Try again (companion doctor checks the card).",
    "error.cannot_save.full": "Not saved: the companion's card is full; nothing was lost. Free some space and try again.",
    "error.cannot_save.read_only": "Not saved: the companion's card has turned read-only; nothing was lost. Freeing space will not help: a worn SD card must be replaced (companion doctor checks it).",
    "error.cannot_save.io": "Not saved: the companion's card gave a read/write error; nothing was lost. Try again; if it happens again, the card is failing (companion doctor checks it).",
    "error.cannot_save.denied": "Not saved: the companion may not write its own folder; nothing was lost. Freeing space will not help: the folder must belong to the service's user.",
    "error.cannot_save.busy": "Not saved: another program holds the companion's file; nothing was lost. Try again in a moment.",
    "error.cannot_save.other": "Not saved: the companion's card refused the write; nothing was lost. Try again (companion doctor checks the card).",
    "error.cannot_read": "The companion's card cannot be read just now: try again in a moment.",
    "kind.illegal": "Illegal",
    "kind.breach": "Breach",
    "kind.elimination": "Elimination",
    "kind.fall": "Fall",
    "kind.win": "Win",
    "kind.loss": "Loss",
    "kind.warning": "Warning",
    "kind.unsure": "Camera unsure",
    "kind.info": "Info",
    "table.expert": "Expert: send an event as JSON",
    "history.entry_n": "{n}.",
    "history.undone_entry": "Entry {n} undone",
    "history.earlier": "Earlier games",
    "history.bgstats": "Export for BG Stats",
    "history.set_aside": "set aside",
    "history.set_aside_unplayed": "set aside before anything was played",
    "history.resume": "Resume this game",
    "history.resumed": "Game resumed",
    "history.no_earlier": "No earlier game",
    "verdicts.details": "Details",
    "verdicts.rule_book": "The rule book: “{text}”",
    "verdicts.rule_unknown": "A rule of the game",
    "verdicts.none_important": "Nothing important so far",
    "verdicts.entry_at": "Entry {n} · {time}",
    "source.phone": "a phone", "source.camera": "the camera", "source.simulated": "the simulated table",
    "source.simulated_player": "a simulated player", "source.panel": "the table's button",
    "entry.roll": "Roll {dice}", "entry.reroll": "Reroll {rerolled} → {results}", "entry.power": "Power die {dice}",
    "entry.reroll_pool": "Reroll → {dice}", "entry.roll_colour": "Roll {colour}", "entry.move": "Move {tile} → {to}",
    "entry.launch": "Launch {action} → {target}", "entry.challenge": "Challenge {target}",
    "entry.compare": "Strike values compared", "entry.cannot_move": "Cannot move",
    "entry.place_counter": "Counter on {card}",
    "entry.place_counter_by": "{player}: counter on {card}",
    "entry.positions": "Pieces moved", "entry.positions_not_taken": "Pieces seen, no move taken",
    "entry.actions": "Actions", "entry.reserve": "Keeps a {value}",
    "entry.end_turn": "End of turn", "entry.turn_start": "Start of turn",
    "entry.end_turn_of": "End of {player}'s turn", "entry.turn_start_of": "Start of {player}'s turn", "entry.setup": "Setup",
    "entry.reconnect": "Cubes reconnected", "entry.take": "Take from {column}", "entry.calibrate": "Calibrate {cube}",
    "entry.transfer": "Transfer {cube}", "entry.study": "Study (level {level})", "entry.confine": "Confine {chosen}",
    "entry.deepen": "Deepen", "entry.play_card": "Play {card}", "entry.end_actions": "End of the actions",
    // a Tesseract card: its event names no card, only where it came from (a Nexus card's names it: entry.play_card)
    "entry.play_card.scientist": "Use {scientist}'s permanent capacity",
    "entry.play_card.research": "Play a level {level} research card",
    "entry.play_card.confinement": "Play confinement card {value}",
    "entry.play_top_card": "Play the top card",
    // what a move did, after its name in the History: a Tesseract card's effects, Nexus Keepers' actions
    "entry.with_effects": "{move}: {effects}", "entry.no_effect": "{move}: no effect",
    "entry.fx.tower": "the cube on {column}", "entry.fx.lab": "{name}'s {cube}",
    "entry.fx.calibrate": "calibrate {what} {delta}", "entry.fx.destroy": "destroy {what}",
    "entry.fx.reprogram": "reprogram {what}\u00a0→\u00a0{to}", "entry.fx.invert": "invert {what}",
    "entry.fx.reroll": "reroll {what}\u00a0→\u00a0{rolled}",
    "entry.fx.restructure": "restructure {from}\u00a0→\u00a0{to}",
    "entry.fx.take": "take {column} into {lab}'s lab", "entry.fx.confine": "confine {what}",
    "entry.fx.return": "return {cube} to {column}, rolled {rolled}", "entry.fx.draw": "draw level {level}",
    "entry.act.move": "move", "entry.act.jump": "jump",
    "entry.act.push": { one: "push {target} {n} space", other: "push {target} {n} spaces" },
    "entry.prime": "Prime {column}: {rolled}", "entry.resolve": "Event resolved",
    "entry.priming_zone_reading": "Priming zone seen", "entry.arena_reading": "Arena seen", "entry.camera_unsure": "Camera unsure of {dice}", "entry.camera_reread": "The dice lying there read anew: {dice}", "entry.reform": "Tesseract rebuilt",
    "game.confirm_title": "Replace the game in progress?",
    "game.confirm_text": "{game} is being played ({players}) since {since}: {played}. Starting a new game sets it "
      + "aside: it stays in {history}, under {earlier}, where “{resume}” takes it up again.",
    "game.confirm_day": "{day}",
    "game.confirm_moves": { one: "{n} move played", other: "{n} moves played" },
    "game.confirm_rolls": { one: "including {n} roll", other: "including {n} rolls" },
    "game.confirm_unplayed": "nothing played yet",
    "game.confirm_nobody": "no names",
    "game.confirm_yes": "Yes, start a new game",
    "game.confirm_no": "Keep playing",
    "game.add_player": "Add a player",
    "game.player_name": "Player {n}'s name",
    "game.remove_player": "Remove",
    "game.option_range": "from {min} to {max}",
    "notice.reset": "Missed updates: reloaded",
    "update.stale": "The table's software was updated, but this page is still the old one.",
    "update.reload": "Reload",
    "notice.verdict": "{kind}: {said}",
    "colour.white": "white", "colour.black": "black", "colour.red": "red", "colour.green": "green",
    "colour.blue": "blue", "colour.yellow": "yellow", "colour.purple": "purple", "colour.orange": "orange",
    "colour.unknown": "unknown",
  },
  fr: {
    "app.title": "Compagnon de table",
    "colon": " : ",
    "lang.switch": "English",
    "conn.live": "En direct",
    "conn.connecting": "Connexion…",
    "conn.offline": "Hors ligne — nouvel essai",
    "tab.table": "Table",
    "tab.verdicts": "Verdicts",
    "tab.history": "Historique",
    "tab.stats": "Stats",
    "tab.settings": "Réglages",
    "join.welcome": "Bienvenue à la table",
    "join.playing": "Partie en cours : {game}",
    "join.watch": "Rejoindre la table",
    "join.pin_hint": "Vous avez le code de la table ? Saisissez-le pour corriger les lancers, annuler et lancer des parties.",
    "join.pin_placeholder": "Code de la table",
    "join.unlock": "Déverrouiller",
    "game.choose": "Choisir un jeu",
    "game.players": "Joueurs",
    "game.players_hint": "Un nom par ligne (facultatif)",
    "game.options": "Options",
    "game.start": "Commencer la partie",
    "game.started": "Nouvelle partie commencée",
    "game.new": "Nouvelle partie",
    "game.bad_option": "Option {name} : JSON non valide",
    "table.turn": "Tour",
    "table.phase": "Phase",
    "table.allows": "Ce que le lancer permet",
    "table.details": "Détails de la partie",
    "table.no_camera": "Pas d’image de la caméra — saisissez les lancers à la main",
    "table.no_camera_board": "Pas d’image de la caméra — jouez en touchant le plateau",
    "table.camera_problem": "Caméra : {message}",
    "table.camera_starting": "La caméra démarre…",
    "table.stalled": "Image figée depuis {since} : {message}",
    "table.meanwhile": "en attendant, saisissez les lancers à la main",
    "table.meanwhile_board": "en attendant, jouez en touchant le plateau",
    "table.simulated": "Table SIMULÉE : pas de caméra, la table est dessinée, pas vue",
    "seat.label": "Votre place", "seat.watch": "Regarder seulement", "seat.play_as": "Je joue {name}",
    "table.seen": "Vu maintenant",
    "table.last_roll": "Dernier lancer",
    "table.no_roll": "Aucun lancer pour l’instant",
    "table.tap_hint": "Touchez un dé pour le corriger",
    "table.rolls": "Lancers",
    "table.enter_roll": "Saisir un lancer",
    "table.enter_move": "Saisir un coup",
    "table.undo": "Annuler",
    "table.outcome": "Partie terminée",
    "roll.add_die": "Ajouter un dé",
    "roll.remove_die": "Retirer",
    "roll.submit": "Envoyer le lancer",
    "roll.empty": "Ajoutez au moins un dé",
    "move.hint": "Un événement de jeu en JSON, par ex. {\"type\": \"end_turn\"}",
    "move.submit": "Envoyer le coup",
    "move.bad_json": "Ce n’est pas un objet JSON avec un « type »",
    "die.title": "Corriger le dé {n}", "die.title_read": "Corriger le {value} {colour}, dé {n}",
    "die.title_value": "Corriger le {value}, dé {n}",
    "die.value": "Valeur",
    "die.colour": "Couleur",
    "die.none": "inconnue",
    "die.save": "Enregistrer",
    "die.cancel": "Annuler",
    "die.corrected": "Lancer corrigé",
    "die.corrected_says": "Lancer corrigé : {words}",
    "die.new_roll": "Aucun lancer à corriger : ce sera envoyé comme un nouveau lancer",
    "die.unsure_roll": "La caméra n’était pas sûre de ce lancer : il est joué avec votre correction",
    "die.unread": "La caméra voit ce dé mais n’a pas su le lire : dites sa face.",
    "die.unread_more": "Puis encore {n} que la caméra n’a pas su lire.",
    "die.not_a_die": "Pas un dé",
    "verdicts.title": "Verdicts de l’arbitre",
    "verdicts.empty": "Aucun verdict pour l’instant",
    "verdicts.important": "Seulement les importants",
    "history.title": "Historique",
    "history.empty": "Rien ne s’est encore passé dans cette partie",
    "history.cannot_read": "L’historique ne peut pas être lu pour l’instant : la carte du compagnon ne répond pas. La partie continue.",
    "history.older": "Entrées plus anciennes",
    "history.undone": "annulé",
    "history.refused": "refusé",
    "history.correction": "Correction de l’entrée {seq}",
    "correction.changed": "dé {n} : {from}\u00a0→\u00a0{to}", "correction.removed": "dé {n} : pas un dé",
    "correction.removed_die": "un dé {die} : pas un dé", "correction.added": "un dé ajouté : {die}",
    "correction.now": "désormais {dice}", "correction.none": "aucun dé changé",
    "history.undo_entry": "annulation",
    "history.by": "par {source}",
    "history.undone_ok": "Annulé",
    "stats.title": "Statistiques des lancers",
    "stats.empty": "Aucun lancer pour l’instant",
    "stats.faces": "Faces par couleur",
    "stats.totals": "Totaux des lancers",
    "stats.colour": "Couleur",
    "stats.dice": "Dés",
    "stats.fairness": "Test d’équilibre (chance qu’un dé équilibré soit aussi\u00a0inégal)",
    "stats.fair": "semble équilibré",
    "stats.unfair": "semble déséquilibré",
    "stats.too_few": "trop peu de lancers",
    "settings.title": "Réglages",
    "settings.language": "Langue",
    "settings.join": "Rejoindre depuis un autre téléphone",
    "settings.join_hint": "Scannez le code, ou tapez l’une de ces adresses :",
    "settings.pin": "Code de la table",
    "settings.unlocked": "Ce téléphone peut modifier la partie.",
    "settings.locked": "Ce téléphone peut seulement regarder. Saisissez le code de la table pour modifier la partie.",
    "settings.lock": "Verrouiller ce téléphone",
    "settings.change_pin": "Changer le code de la table",
    "settings.current_pin": "Code actuel",
    "settings.new_pin": "Nouveau code (4 à 12 chiffres)",
    "settings.pin_changed": "Code changé : les autres téléphones doivent saisir le nouveau",
    "settings.end_all": "Déconnecter tous les autres téléphones",
    "settings.end_all_hint": "Un téléphone perdu, un invité parti ? Tous les autres téléphones devront saisir de nouveau le code.",
    "settings.end_all_done": "Tous les autres téléphones sont déconnectés",
    "settings.display": "Affichage de table",
    "settings.display_hint": "Pour une tablette posée sur la table : texte plus grand, le plateau à côté de ses pièces.",
    "settings.display_toggle": "Grand affichage de table",
    "settings.light": "Lumière de la caméra",
    "settings.light_hint": "La lumière a changé (une lampe, les rideaux) ? La caméra mesure de nouveau son exposition et sa balance des blancs ; elle le fait aussi à chaque nouvelle partie.",
    "settings.light_measure": "Mesurer la lumière de nouveau",
    "settings.light_done": "La caméra mesure de nouveau la lumière",
    "settings.camera": "Caméra",
    "settings.camera_ok": "en marche ({source})",
    "settings.camera_none": "aucune : les lancers sont saisis à la main",
    "settings.camera_starting": "en cours de démarrage",
    "settings.version": "Version {version}",
    "settings.sheets": "Planches à imprimer",
    "settings.sheets_hint": "Le tapis d’un jeu avec ses repères, et ses autocollants (le jeu en cours, sauf si vous en choisissez un autre). Imprimez en taille réelle (100 %, pas « ajuster à la page ») et vérifiez que la règle mesure bien 100\u00a0mm.",
    "settings.sheets_paper": "Papier",
    "settings.sheets_letter": "Lettre US",
    "settings.sheets_download": "Télécharger le PDF",
    "profile.title": "Ce que la caméra a appris à cette table",
    "profile.count": "Appris de {n} dés à cette table : elle en lit mieux les dés de cette table.",
    "profile.count_one": "Appris d’un dé à cette table : elle en lit mieux les dés de cette table.",
    "profile.none": "Rien d’appris pour l’instant : chaque dé que vous corrigez apprend à la caméra les dés de cette table.",
    "profile.full": "Elle en garde {most} : chaque nouveau dé appris lui fait oublier le plus ancien.",
    "profile.off": "L’apprentissage est coupé dans la configuration de ce compagnon : la caméra lit comme à sa livraison, et les corrections ne lui apprennent rien.",
    "profile.kept": { one: "Un dé gardé de cette table.", other: "{n} dés gardés de cette table." },
    "profile.private": "Les images restent sur le compagnon : rien n’en sort.",
    "profile.show": "Les voir", "profile.hide": "Les cacher",
    "profile.reset": "Tout oublier",
    "profile.reset_confirm": "Oublier tous les dés appris par la caméra à cette table ?",
    "profile.reset_text": { one: "La caméra oublie le dé appris ici et lit les dés de cette table comme à sa livraison.",
      other: "La caméra oublie les {n} dés appris ici et lit les dés de cette table comme à sa livraison." },
    "profile.keep": "Les garder",
    "profile.reset_done": "La caméra a oublié les dés de cette table",
    "profile.remove": "Oublier celui-ci", "profile.removed": "Oublié",
    "profile.face": "un {n}", "profile.not_a_die": "pas un dé", "profile.read": "la caméra avait lu {n}",
    "profile.how.corrected": "corrigé", "profile.how.confirmed": "confirmé tel que lu",
    "profile.how.not a die": "retiré d’un lancer", "profile.how.photo": "d’une photo",
    "pin.title": "Code de la table requis",
    "pin.hint": "Modifier la partie demande le code de la table (affiché dans le journal du compagnon à l’installation).",
    "pin.submit": "Déverrouiller",
    "pin.cancel": "Annuler",
    "pin.wrong": "Code erroné ({left} essais restants)",
    "pin.wait": "Trop de codes erronés : attendez {seconds} s",
    "pin.ok": "Déverrouillé",
    "pin.required": "Saisissez le code de la table pour modifier quoi que ce soit",
    "error.generic": "Refusé : {message}",
    "error.network": "Le compagnon est injoignable",
    "error.cannot_save": "Pas enregistré : la carte du compagnon a refusé l’écriture ; rien n’a été perdu. Réessayez (companion doctor vérifie la carte).",
    "error.cannot_save.full": "Pas enregistré : la carte du compagnon est pleine ; rien n’a été perdu. Libérez de la place et réessayez.",
    "error.cannot_save.read_only": "Pas enregistré : la carte du compagnon est passée en lecture seule ; rien n’a été perdu. Libérer de la place n’y changera rien : une carte SD usée doit être remplacée (companion doctor la vérifie).",
    "error.cannot_save.io": "Pas enregistré : la carte du compagnon a renvoyé une erreur de lecture/écriture ; rien n’a été perdu. Réessayez ; si cela se reproduit, la carte est défaillante (companion doctor la vérifie).",
    "error.cannot_save.denied": "Pas enregistré : le compagnon n’a pas le droit d’écrire dans son propre dossier ; rien n’a été perdu. Libérer de la place n’y changera rien : le dossier doit appartenir à l’utilisateur du service.",
    "error.cannot_save.busy": "Pas enregistré : un autre programme bloque le fichier du compagnon ; rien n’a été perdu. Réessayez dans un instant.",
    "error.cannot_save.other": "Pas enregistré : la carte du compagnon a refusé l’écriture ; rien n’a été perdu. Réessayez (companion doctor vérifie la carte).",
    "error.cannot_read": "La carte du compagnon ne peut pas être lue pour l’instant : réessayez dans un moment.",
    "kind.illegal": "Interdit",
    "kind.breach": "Brèche",
    "kind.elimination": "Élimination",
    "kind.fall": "Chute",
    "kind.win": "Victoire",
    "kind.loss": "Défaite",
    "kind.warning": "Attention",
    "kind.unsure": "Caméra incertaine",
    "kind.info": "Note",
    "table.expert": "Expert : envoyer un événement en JSON",
    "history.entry_n": "{n}.",
    "history.undone_entry": "Entrée {n} annulée",
    "history.earlier": "Parties précédentes",
    "history.bgstats": "Exporter pour BG Stats",
    "history.set_aside": "mise de côté",
    "history.set_aside_unplayed": "mise de côté avant d’être jouée",
    "history.resume": "Reprendre cette partie",
    "history.resumed": "Partie reprise",
    "history.no_earlier": "Aucune partie précédente",
    "verdicts.details": "Détails",
    "verdicts.rule_book": "Le livre de règles : « {text} »",
    "verdicts.rule_unknown": "Une règle du jeu",
    "verdicts.none_important": "Rien d’important pour l’instant",
    "verdicts.entry_at": "Entrée {n} · {time}",
    "source.phone": "un téléphone", "source.camera": "la caméra", "source.simulated": "la table simulée",
    "source.simulated_player": "un joueur simulé", "source.panel": "le bouton de la table",
    "entry.roll": "Lancer {dice}", "entry.reroll": "Relance {rerolled} → {results}", "entry.power": "Dé de pouvoir {dice}",
    "entry.reroll_pool": "Relance → {dice}", "entry.roll_colour": "Lancer {colour}", "entry.move": "Déplacer {tile} → {to}",
    "entry.launch": "Lancer {action} → {target}", "entry.challenge": "Défier {target}",
    "entry.compare": "Valeurs de frappe comparées", "entry.cannot_move": "Ne peut pas bouger",
    "entry.place_counter": "Pion sur {card}",
    "entry.place_counter_by": "{player} : pion sur {card}",
    "entry.positions": "Pièces déplacées", "entry.positions_not_taken": "Pièces vues, aucun coup retenu",
    "entry.actions": "Actions", "entry.reserve": "Garde un {value}",
    "entry.end_turn": "Fin du tour", "entry.turn_start": "Début du tour",
    "entry.end_turn_of": "Fin du tour de {player}", "entry.turn_start_of": "Début du tour de {player}", "entry.setup": "Mise en place",
    "entry.reconnect": "Cubes reconnectés", "entry.take": "Prélever en {column}", "entry.calibrate": "Calibrer {cube}",
    "entry.transfer": "Transférer {cube}", "entry.study": "Étudier (niveau {level})", "entry.confine": "Confiner {chosen}",
    "entry.deepen": "Approfondir", "entry.play_card": "Jouer {card}", "entry.end_actions": "Fin des actions",
    "entry.play_card.scientist": "Utiliser la capacité permanente de {scientist}",
    "entry.play_card.research": "Jouer une carte Recherche niveau {level}",
    "entry.play_card.confinement": "Jouer la carte Confinement {value}",
    "entry.play_top_card": "Jouer la carte du dessus",
    "entry.with_effects": "{move} : {effects}", "entry.no_effect": "{move} : aucun effet",
    "entry.fx.tower": "le cube en {column}", "entry.fx.lab": "{cube} de {name}",
    "entry.fx.calibrate": "calibrer {what} {delta}", "entry.fx.destroy": "détruire {what}",
    "entry.fx.reprogram": "reprogrammer {what}\u00a0→\u00a0{to}", "entry.fx.invert": "inverser {what}",
    "entry.fx.reroll": "relancer {what}\u00a0→\u00a0{rolled}",
    "entry.fx.restructure": "restructurer {from}\u00a0→\u00a0{to}",
    "entry.fx.take": "prendre {column} pour le labo de {lab}", "entry.fx.confine": "confiner {what}",
    "entry.fx.return": "replacer {cube} en {column}, lancé {rolled}", "entry.fx.draw": "piocher niveau {level}",
    "entry.act.move": "bouger", "entry.act.jump": "sauter",
    "entry.act.push": { one: "pousser {target} de {n} case", other: "pousser {target} de {n} cases" },
    "entry.prime": "Amorcer {column} : {rolled}", "entry.resolve": "Événement résolu",
    "entry.priming_zone_reading": "Zone d’amorçage vue", "entry.arena_reading": "Arène vue", "entry.camera_unsure": "Caméra incertaine de {dice}", "entry.camera_reread": "Dés posés relus : {dice}", "entry.reform": "Tesseract reformé",
    "game.confirm_title": "Remplacer la partie en cours ?",
    "game.confirm_text": "{game} est en cours ({players}) depuis {since} : {played}. Commencer une nouvelle partie "
      + "la met de côté : elle reste dans {history}, sous {earlier}, où « {resume} » la reprend.",
    "game.confirm_day": "le {day}",
    "game.confirm_moves": { one: "{n} coup joué", other: "{n} coups joués" },
    "game.confirm_rolls": { one: "dont {n} lancer", other: "dont {n} lancers" },
    "game.confirm_unplayed": "rien n’a encore été joué",
    "game.confirm_nobody": "sans noms",
    "game.confirm_yes": "Oui, nouvelle partie",
    "game.confirm_no": "Continuer la partie",
    "game.add_player": "Ajouter un joueur",
    "game.player_name": "Nom du joueur {n}",
    "game.remove_player": "Retirer",
    "game.option_range": "de {min} à {max}",
    "notice.reset": "Mises à jour manquées : rechargé",
    "update.stale": "Le logiciel de la table a été mis à jour, mais cette page est encore l’ancienne.",
    "update.reload": "Recharger",
    "notice.verdict": "{kind} : {said}",
    "colour.white": "blanc", "colour.black": "noir", "colour.red": "rouge", "colour.green": "vert",
    "colour.blue": "bleu", "colour.yellow": "jaune", "colour.purple": "violet", "colour.orange": "orange",
    "colour.unknown": "inconnue",
  },
};

export const LANGUAGES = Object.keys(STRINGS);

/** More strings, from a view module ({en: {...}, fr: {...}}): each game's board view brings its own words. */
export function addStrings(more) {
  for (const lang of LANGUAGES) Object.assign(STRINGS[lang], more[lang] || {});
}
const STORAGE_KEY = "companion.language";
let current = "en";

/** The saved choice, else the phone's first language we speak, else the table's default. */
export function detectLanguage(fallback = "en") {
  let saved = null;
  try { saved = localStorage.getItem(STORAGE_KEY); } catch (_) { /* private browsing */ }
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return LANGUAGES.includes(fallback) ? fallback : "en";
}

export function language() { return current; }

export function setLanguage(lang, remember = false) {
  current = LANGUAGES.includes(lang) ? lang : "en";
  document.documentElement.lang = current;
  if (remember) {
    try { localStorage.setItem(STORAGE_KEY, current); } catch (_) { /* private browsing */ }
  }
  applyTranslations(document);
}

/** A string in the current language, with {name} placeholders filled in. A string that counts something is
 * {one, other}: the form the language's plural rule gives vars.n ("1 step", "2 steps"; in French 0 and 1 are "one"). */
export function t(key, vars = {}) {
  let text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  if (typeof text === "object") text = text[new Intl.PluralRules(current).select(Number(vars.n))] ?? text.other;
  if (current === "fr") text = elided(text, vars);
  return typeset(text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`)));
}

/** French elides "de" and "que" before a vowel sound, taken as a first letter that is a vowel, accented or not, or
 * a y before a consonant (« d'Yves », « de Yugi »); h is left out (an aspirated h cannot be told from a mute one).
 * A letter then a digit (a Tesseract column, « le cube de a1 ») is a code, not a word: no elision.
 * The same rule as companion/words.py's elides_fr. */
export function elides(word) {
  const text = String(word);
  return !/^.\p{Nd}/u.test(text) && /^(?:[aeiouàâäéèêëîïôöùûüæœ]|y[^\P{L}aeiouàâäéèêëîïôöùûüæœ])/iu.test(text);
}

/** A French string whose "de {name}" / "que {name}" meets a value starting with a vowel: « le tour d'Ada »,
 * « qu'Ada », while « le tour de Bo » stays. */
function elided(text, vars) {
  return text.replace(/(^|[^\p{L}'’])([Dd]|[Qq]u)e \{(\w+)\}/gu,
    (whole, before, head, name) => (name in vars && elides(vars[name]) ? `${before}${head}’{${name}}` : whole));
}

/** French puts a space before ? ! : ; and inside « »; it must not break there, or a "?" ends up alone on a line:
 * on a French page each such space becomes a no-break one (U+00A0). Every word the page shows passes here. */
export function frenchSpaces(text) {
  return String(text).replace(/ +([?!:;»])/g, "\u00A0$1").replace(/« +/g, "«\u00A0");
}

/** A short aside, "(total 11)", « (entrée 1) », kept on one line (no-break space): "(total" / "11)" broke apart on a
 * 360 px phone. */
export function keepAsides(text) {
  return String(text).replace(/\((\p{L}+) (\d+)\)/gu, "($1\u00A0$2)");
}

function typeset(text) { return current === "fr" ? frenchSpaces(keepAsides(text)) : keepAsides(text); }

/** The page's language as a locale for times (moments.js: the phone's own when it speaks that language). */
export function timeLocale() { return moments.timeLocale(current); }

/** A moment of another day than today (``at``: seconds since the epoch) as the page's language writes it, its day,
 * short month and time: "28 Nov, 21:40", « 28 nov., 21:40 ». */
export function dayAndTime(at) { return moments.dayAndTime(at, current); }

/** A number as the page's language writes it (the decimal comma in French); ``options`` as Intl.NumberFormat's. */
export function formatNumber(x, options = {}) {
  return Number(x).toLocaleString(current === "fr" ? "fr-FR" : "en-GB", options);
}

/** A server text in the current language: {en, fr} objects or verdicts' message/message_fr. */
export function pick(text) {
  if (text == null) return "";
  if (typeof text === "string") return typeset(text);
  if ("message" in text) return typeset(current === "fr" && text.message_fr ? text.message_fr : text.message);
  return typeset(text[current] ?? text.en ?? "");
}

/** A piece (a Hexors tile, a Nexus card) as the referee's verdicts name it: the summary's labels (a label may be
 * an index in its ``names``, each name sent once for a deck's many copies), else its id. */
export function named(summary, id) {
  const label = ((summary || {}).labels || {})[id];
  if (typeof label === "number") return pick((summary.names || [])[label]);
  return label == null ? id ?? "" : pick(label);
}

export function colourName(colour) {
  if (!colour) return t("die.none");
  const key = `colour.${colour}`;
  return STRINGS.en[key] ? t(key) : colour;
}

export function applyTranslations(root) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  root.querySelectorAll("[data-i18n-placeholder]").forEach((el) => { el.placeholder = t(el.dataset.i18nPlaceholder); });
  root.querySelectorAll("[data-i18n-label]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.i18nLabel)); });
}
