// Game options as real controls: checkboxes, pickers and number fields with limits, in the player's language.
//
// What an engine declares wins (label, doc, min, max, choices, kind, when the game list carries them); the table
// below fills in, for the games shipped today, what the engines do not declare yet. Lists and maps that only an
// expert would change stay out of the form (the expert drawer takes JSON).

import { h } from "../dom.js";
import { addStrings, formatNumber, pick, t } from "../i18n.js";

const KNOWN = {
  significance: { choices: [0.001, 0.01, 0.05, 0.1], en: "Fairness threshold", fr: "Seuil d’équilibre",
    doc_fr: "les dés d’une couleur sont signalés comme peut-être déséquilibrés quand un dé équilibré tomberait aussi inégalement moins souvent que cette chance" },
  split_groups: { en: "Split big groups", fr: "Scinder les grands groupes",
    doc_fr: "un groupe de quatre dés égaux ou plus peut aussi servir de plusieurs groupes de deux ou plus" },
  leap_over_run: { en: "Leap over a row of keepers", fr: "Sauter par-dessus une file de Keepers",
    doc_fr: "un saut peut franchir plusieurs Keepers alignés, une case de saut par Keeper" },
  split_pushes: { en: "Split a group's pushes", fr: "Partager les poussées d’un groupe",
    doc_fr: "les cases de poussée d’un groupe peuvent pousser plusieurs Keepers (un triple : deux Keepers d’une case) ; sinon une poussée par groupe" },
  bonus_turn_per_keeper: { en: "A bonus turn per keeper pushed off", fr: "Un tour bonus par Keeper éjecté",
    doc_fr: "un tour bonus par Keeper poussé hors du plateau dans un tour (sinon un seul tour bonus par tour)" },
  maladresse_ones: { min: 0, max: 6, en: "Ones that lose the turn (MALADRESSE)", fr: "Nombre de 1 qui font perdre le tour (MALADRESSE)",
    doc_fr: "combien de 1 dans un tour le font perdre ; 0 désactive la règle" },
  maladresse_counts_reserve: { en: "A reserved 1 counts for MALADRESSE", fr: "Un 1 réservé compte pour la MALADRESSE",
    doc_fr: "un 1 gardé en réserve compte avec les 1 lancés du tour" },
  portal_closes_on_its_turn: { en: "A Portal closes on its player's turn", fr: "Un Portail se ferme au tour de son joueur",
    doc_fr: "le cube d’un joueur éliminé part au début du tour qui aurait été le sien (sinon au début du tour suivant)" },
  min_shared_edges: { min: 1, max: 5, en: "Edges a new cube must share", fr: "Bords partagés par un nouveau cube",
    doc_fr: "bords qu’un nouveau cube doit partager avec les tuiles déjà en jeu" },
  camera_frame_is_priming_zone: { en: "Whole picture is the priming zone", fr: "Toute l’image est la zone d’amorçage",
    doc_fr: "considérer chaque dé d’une lecture comme amorcé quand aucune zone n’est donnée" },
  lab_slots: { min: 3, max: 12, en: "Slots on a lab sheet", fr: "Emplacements d’une fiche Labo",
    doc_fr: "emplacements de cubes d’une fiche Labo (le texte des règles ne le donne pas)" },
  start_without_research: { en: "Start without research cards", fr: "Commencer sans carte Recherche",
    doc_fr: "difficulté : aucune carte Recherche de niveau 2 distribuée à la mise en place" },
  extra_primed: { min: 0, max: 2, en: "Extra primed cubes at setup", fr: "Cubes amorcés en plus à la mise en place",
    doc_fr: "difficulté : 0 à 2 cubes amorcés en plus (le plus bas amovible à chaque fois)" },
  confine_colours: { choices: ["same_or_distinct", "any"], en: "Colours in a set or run", fr: "Couleurs d’une série ou suite",
    doc_fr: "une série/suite est d’une seule couleur ou de couleurs toutes différentes ; « libre » mélange" },
  breach_scope: { choices: ["primed_value", "all_values"], en: "What breaches", fr: "Ce qui fait brèche",
    doc_fr: "une phase Menace fait brèche quand la valeur du cube amorcé atteint 3+ (6+ : deux) ; ou toute valeur à 3+" },
  empty_loss: { choices: ["threat_start", "last_cube"], en: "When an empty Tesseract loses", fr: "Quand un Tesseract vide fait perdre",
    doc_fr: "perdre quand le Tesseract est vide au début d’une phase Menace, ou dès le dernier cube" },
  allow_pass: { en: "Allow passing", fr: "Permettre de passer",
    doc_fr: "laisser un scientifique finir la phase Action avec des actions inutilisées" },
  emblem_face: { en: "Emblem on the dice stands for", fr: "L’emblème des dés vaut",
    doc_fr: "dés portant un emblème (logo, étoile) à la place des points sur une face : la valeur de cette face, 6 ou 1 ; sinon le réglage de la table" },
  // Hexors
  level: { choices: [choice("beginner", "beginner (starter set)", "débutant (boîte de base)"),
    choice("advanced", "advanced (action tiles, stars)", "avancé (carreaux actions, étoiles)")], en: "Level", fr: "Niveau",
    doc_fr: "boîte de base, ou jeu de collection avec carreaux actions et étoiles" },
  die_reading: { choices: [choice("value", "its face value", "sa valeur"), choice("color", "its colour", "sa couleur")],
    en: "The colour die is read by", fr: "Le dé de couleur se lit par",
    doc_fr: "par sa valeur (1 à 6 choisit la couleur à cette place dans la liste des couleurs du jeu), ou par la couleur que la caméra y lit" },
  arena_columns: { min: 2, max: 26, en: "Arena columns", fr: "Colonnes de l’arène",
    doc_fr: "colonnes du tapis d’arène (le livret ne montre le tapis qu’en image)" },
  arena_rows: { min: 3, max: 99, en: "Arena rows", fr: "Rangées de l’arène",
    doc_fr: "rangées du tapis d’arène, depuis le bord du premier joueur" },
  advance_directions: { choices: [choice("any", "any neighbouring cell", "toute case voisine"),
    choice("forward", "forward only (3 cells)", "vers l’avant seulement (3 cases)")], en: "An advance goes to", fr: "Une avance va vers",
    doc_fr: "une avance va vers n’importe quelle case voisine, ou seulement vers l’avant" },
  character_bonus: { min: 0, en: "Character bonus (beginner level)", fr: "Prime du personnage (niveau débutant)",
    doc_fr: "points qu’un personnage ajoute à sa valeur de frappe au niveau débutant" },
  starting_stars: { min: 0, en: "Stars at the start", fr: "Étoiles au départ",
    doc_fr: "étoiles du fonds de chaque joueur au départ (niveau avancé)" },
  energy_trap_duration: { choices: [choice("turn", "the rest of the turn", "le reste du tour"),
    choice("until_disarmed", "until disarmed", "jusqu’à son désarmement")], en: "Coince-énergie lasts", fr: "Coince-énergie dure",
    doc_fr: "Coince-énergie dure le reste du tour, ou jusqu’à son désarmement" },
  divine_chain_turns: { min: 0, en: "Chaîne divine lasts (turns)", fr: "Chaîne divine dure (tours)",
    doc_fr: "tours que dure une Chaîne divine après son lancement (le tour de chaque joueur compte)" },
  genesis_range: { min: 0, en: "Genèse range", fr: "Portée de Genèse",
    doc_fr: "à quelle distance de son personnage un monstre ramené par Genèse peut se tenir" },
  genesis_distance: { choices: [choice("within", "within that range", "à cette portée au plus"),
    choice("exactly", "exactly that far", "à exactement cette distance")], en: "Genèse places", fr: "Genèse place",
    doc_fr: "un monstre ramené par Genèse va à la portée de Genèse au plus de son personnage, ou exactement à cette distance" },
  symbiosis_value: { choices: [choice("rolled_colour", "the rolled colour's value", "la valeur de la couleur tirée"),
    choice("highest_face", "its highest face", "sa plus forte face")], en: "Symbiose borrows", fr: "Symbiose emprunte",
    doc_fr: "Symbiose emprunte à un allié sa valeur pour la couleur tirée, ou sa plus forte face" },
  zombie_targets: { choices: [choice("any_tile", "any enemy tile", "tout carreau ennemi"),
    choice("monsters_only", "monsters only", "des monstres seulement")], en: "Zombie may take", fr: "Zombie peut prendre",
    doc_fr: "Zombie peut prendre n’importe quel carreau ennemi, ou seulement des monstres" },
  duel_confirm: { en: "Confirm before comparing", fr: "Confirmer avant de comparer",
    doc_fr: "attendre « comparer » après les deux lancers (le temps des actions éclair)" },
  // Nexus
  target_points: { min: 1, en: "Points to win", fr: "Points pour gagner", doc_fr: "points qui font gagner (la règle : au moins 10)" },
  every_node_worth_one: { en: "Every node worth one point", fr: "Chaque nœud vaut un point",
    doc_fr: "variante : chaque nœud vaut un point de puissance, quels que soient ses connecteurs" },
  ties_illegal: { en: "Ties refused", fr: "Égalités refusées",
    doc_fr: "variante : une carte ou un pion qui mettrait à égalité les plus forts d’un Nexus est refusé (permis quand tout choix le ferait)" },
  cards_anywhere: { en: "Cards anywhere", fr: "Cartes n’importe où",
    doc_fr: "variante : une carte peut aller n’importe où sur la grille, sans toucher de carte" },
  blocked_rod_closes: { en: "A blocked rod closes its Nexus", fr: "Un connecteur bloqué ferme son Nexus",
    doc_fr: "un connecteur qui bute sur un bord de carte vide ne garde plus son Nexus ouvert (la règle : chacun mène à un nœud)" },
  deck_out_most_points: { en: "Empty deck: most points win", fr: "Pioche vide : le plus de points gagne",
    doc_fr: "quand la pioche est vide et que personne n’a atteint l’objectif, le plus de points gagne (égalité partagée) au lieu de personne (la règle : au moins 10 points pour gagner)" },
};

/** A fixed choice with its words in both languages. */
function choice(value, en, fr) {
  return { value, label: { en, fr } };
}

addStrings({
  en: { "choice.same_or_distinct": "one colour or all different", "choice.any": "any colours",
    "choice.primed_value": "the primed cube's value", "choice.all_values": "every value at 3+",
    "choice.threat_start": "at a Threat phase", "choice.last_cube": "as soon as the last cube goes",
    "choice.0": "the table's setting" },
  fr: { "choice.same_or_distinct": "une couleur ou toutes différentes", "choice.any": "couleurs libres",
    "choice.primed_value": "la valeur du cube amorcé", "choice.all_values": "toute valeur à 3+",
    "choice.threat_start": "à une phase Menace", "choice.last_cube": "dès le dernier cube retiré",
    "choice.0": "le réglage de la table" },
});

/** One option's description merged from the engine's declaration and the table above. */
export function describeOption(option) {
  const known = KNOWN[option.name] || {};
  const label = option.label || (known.en ? { en: known.en, fr: known.fr } : null);
  const doc = typeof option.doc === "object" && option.doc ? option.doc : { en: option.doc || "", fr: known.doc_fr || option.doc || "" };
  const range = option.range || {};
  return {
    ...option, label, doc,
    min: option.min ?? range.min ?? known.min, max: option.max ?? range.max ?? known.max,
    choices: option.choices ?? known.choices,
  };
}

/** True for options a form control can show (booleans, numbers, fixed choices); lists and maps are expert-only. */
export function hasControl(option) {
  return option.default === null || typeof option.default !== "object";
}

// Where the browser lets the page lay out a picker (appearance: base-select, Chromium), its chosen words wrap inside
// it (style.css); elsewhere (Firefox, Safari) the system's picker draws them on one line, cut at 360 px, so the page
// draws them wrapped over it (``picker``).
document.documentElement.classList.toggle("base-select", CSS.supports("appearance", "base-select"));

/** ``select`` with its chosen words drawn beside it, wrapped: shown over the system's picker where the page cannot
 * lay it out (style.css), the picker itself, transparent, still taking the tap and the focus. */
function picker(select) {
  const words = h("span", { class: "picked", "aria-hidden": "true" });
  const show = () => { words.textContent = select.selectedOptions[0] ? select.selectedOptions[0].textContent : ""; };
  select.addEventListener("change", show);
  select.addEventListener("input", show);
  show();
  return h("div", { class: "picker" }, select, words);
}

/** A choice in the page's words; a number as the page's language writes it (« 0,01 » in French). */
function choiceLabel(value) {
  const key = `choice.${value}`;
  if (t(key) !== key) return t(key);
  return typeof value === "number" ? formatNumber(value, { maximumFractionDigits: 6 }) : String(value);
}

/** The control for one option, marked with data-option and data-kind so readOptions can read it back. */
export function optionControl(raw) {
  const option = describeOption(raw);
  const id = `option-${option.name}`;
  let input;
  if (Array.isArray(option.choices)) {
    // choices may be plain values or {value, label} (an engine's own bilingual labels)
    const entries = option.choices.map((c) => (c !== null && typeof c === "object" ? c : { value: c }));
    input = h("select", { id }, entries.map((c) => h("option", { value: String(c.value), selected: c.value === option.default },
      c.label ? pick(c.label) : choiceLabel(c.value))));
    input.dataset.kind = typeof option.default === "number" ? "number" : "string";
  } else if (typeof option.default === "boolean") {
    input = h("input", { type: "checkbox", id, checked: option.default });
    input.dataset.kind = "boolean";
  } else if (typeof option.default === "number") {
    input = h("input", { type: "number", id, value: String(option.default), min: option.min, max: option.max,
      step: Number.isInteger(option.default) ? "1" : "any", inputmode: "numeric" });
    input.dataset.kind = "number";
  } else {
    input = h("input", { type: "text", id, value: option.default ?? "" });
    input.dataset.kind = "string";
  }
  input.dataset.option = option.name;
  const range = option.min !== undefined && option.max !== undefined && !option.choices ? t("game.option_range", { min: option.min, max: option.max }) : "";
  const boolean = input.dataset.kind === "boolean";
  return h("div", { class: `option${boolean ? " option-check" : ""}` },
    boolean ? input : null,
    h("label", { for: id }, h("strong", {}, option.label ? pick(option.label) : option.name),
      h("small", {}, [pick(option.doc), range].filter(Boolean).join(" — "))),
    boolean ? null : input.tagName === "SELECT" ? picker(input) : input);
}

/** The options the form shows, checked against their limits: {options} or {error}. */
export function readOptions(root, game) {
  const options = {};
  for (const input of root.querySelectorAll("[data-option]")) {
    const option = describeOption(game.options.find((o) => o.name === input.dataset.option));
    const name = option.label ? pick(option.label) : option.name;
    if (input.dataset.kind === "boolean") options[option.name] = input.checked;
    else if (input.dataset.kind === "number") {
      const value = Number(input.value);
      if (input.value === "" || !Number.isFinite(value)) return { error: t("game.bad_number", { name }) };
      if ((option.min !== undefined && value < option.min) || (option.max !== undefined && value > option.max)) {
        return { error: t("game.out_of_range", { name, min: option.min, max: option.max }) };
      }
      if (Number.isInteger(option.default) && !Number.isInteger(value)) return { error: t("game.bad_number", { name }) };
      options[option.name] = value;
    } else options[option.name] = input.value;
  }
  return { options };
}
