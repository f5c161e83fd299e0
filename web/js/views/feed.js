// The verdict feed (what the referee said, with the rule) and the history (every entry, with undo).

import { $, clear, h } from "../dom.js";
import { colourName, dayAndTime, language, named, pick, t, timeLocale as locale } from "../i18n.js";
import { openDieDialog } from "./die-dialog.js";
import { correctionWords } from "./correction-words.js";
import { dieChip } from "./last-roll.js";
import { renderUndo } from "./table.js";
import { boardNodes, cardSaid } from "./games/nx-board.js";

export function init(app) {
  $("#verdicts-important").addEventListener("change", () => renderVerdicts(app));
  $("#history-undo").addEventListener("click", () => app.undo());
  $("#history-bgstats").addEventListener("click", (event) => {
    event.preventDefault();
    exportGame(app, event.currentTarget);
  });
}

/** The BG Stats file, read first and then saved: a refusal (the card cannot read the journal: 503 cannot_read) is said
 * on the page in its language, not a download failed in the browser's own words. */
async function exportGame(app, link) {
  const path = link.getAttribute("href");
  let response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch (_) {
    app.toast(() => t("error.network"), "error");
    return;
  }
  if (!response.ok) {
    const { error = "http", message = response.statusText } = await response.json().catch(() => ({}));
    app.toast(() => (error === "cannot_read" ? t("error.cannot_read") : t("error.generic", { message })), "error");
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");  // bgstats-game-3.json
  const save = h("a", { href: url, download: named ? named[1] : "bgstats.json" });
  document.body.append(save);
  save.click();
  save.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function time(at) {
  return new Date(at * 1000).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/** Who made an entry, in words: a phone, the camera, the simulated table or its simulated players, the panel. */
function sourceName(source) {
  const key = `source.${String(source).replace(/ /g, "_")}`;
  const name = t(key);
  return name === key ? source : name;
}

let ruleWords = null; // rule id -> {en, fr, book, books}, every game's (/api/games), fetched once
let ruleWordsLoaded = false;

/** A verdict's "Details": its rule as players read it, a short name and the rule book's sentence where the book
 * is in the page's language; the rule's id stays in a data- attribute, never shown. */
function ruleDetails(app, rule) {
  if (!ruleWords) {
    ruleWords = {};
    app.api.get("/api/games").then((answer) => {
      for (const game of answer.games) Object.assign(ruleWords, game.rules);
      ruleWordsLoaded = true;
      renderVerdicts(app);
    }).catch(() => { ruleWords = null; });
  }
  const words = ruleWords[rule];
  // "books" has each book's sentence (Nexus Keepers has a French and an English book); "book" alone is the older form
  const books = words ? words.books || (words.book ? [words.book] : []) : [];
  const book = books.find((quote) => quote.language === language()) || null;
  return h("details", { class: "rule-details", dataset: { rule } }, h("summary", {}, t("verdicts.details")),
    h("p", { class: "rule" }, words ? pick(words) : ruleWordsLoaded ? t("verdicts.rule_unknown") : ""),
    book ? h("p", { class: "rule-book", lang: book.language }, t("verdicts.rule_book", { text: book.text })) : null);
}

export function renderVerdicts(app) {
  const onlyImportant = $("#verdicts-important").checked;
  const list = clear($("#verdict-list"));
  const entries = [...(app.history.entries || [])].reverse();
  for (const entry of entries) {
    for (const v of entry.verdicts) {
      if (onlyImportant && v.kind === "info") continue;
      list.append(h("li", { class: `verdict kind-${v.kind}`, dataset: { kind: v.kind, seq: String(entry.seq) } },
        h("div", { class: "head" }, h("span", { class: "badge" }, t(`kind.${v.kind}`)),
          h("small", {}, t("verdicts.entry_at", { n: entry.seq + 1, time: time(entry.at) }))),
        h("p", { class: "text" }, pick(v)),
        v.players.length ? h("p", { class: "players" }, v.players.join(", ")) : null,
        ruleDetails(app, v.rule)));
    }
  }
  if (!list.children.length) {
    list.append(h("li", { class: "empty" }, t(onlyImportant && entries.length ? "verdicts.none_important" : "verdicts.empty")));
  }
}

function status(entry) {
  const type = entry.event.type;
  // never played, never refused; a reading only compares what the camera sees with the game (never undone)
  if (type === "undo" || type === "correct" || type === "camera_unsure" || entry.reading) return null;
  if (entry.verdicts.some((v) => v.kind === "illegal")) return ["refused", t("history.refused")];
  // in force is what an entry is unless said otherwise: "in force" on every line drowned the one "undone"
  return entry.in_force ? ["in-force", null] : ["undone", t("history.undone")];
}

const DESCRIBED = new Set(["roll", "reroll", "power", "positions", "actions", "reserve", "end_turn", "turn_start", "setup",
  "reconnect", "take", "calibrate", "transfer", "study", "confine", "deepen", "play_card", "end_actions", "prime",
  "resolve", "priming_zone_reading", "arena_reading", "reform", "camera_unsure", "move", "launch", "challenge", "compare",
  "cannot_move", "place_counter"]);

/** Dice in words as the referee's verdicts say them, "2, 4, 4, 1": "Roll 2 4 4 1" read as one number on Undo. */
function values(list) {
  return (list || []).map((d) => (d && typeof d === "object" ? d.value : d)).join(", ");
}

/** The Nexus node nearest a counter the camera saw ("at": [x, y], which the referee snaps to a node). */
function nodeAt(summary, at) {
  if (!Array.isArray(at) || !summary || !Array.isArray(summary.designs)) return null;
  const far = (n) => (n.x - at[0]) ** 2 + (n.y - at[1]) ** 2;
  return boardNodes(summary).reduce((best, n) => (!best || far(n) < far(best) ? n : best), null)?.id ?? null;
}

/** An entry in a player's words: "Roll 3, 4, 5", "Take from b1", "Undo of entry 4"; the game's summary gives some
 * names (a Hexors action tile's, in either language). */
export function describeEntry(entry, summary) {
  const event = entry.event;
  // which entry it took back ("Entry 3 undone"), not a bare "undo" above the entry it undid
  if (event.type === "undo") {
    return Number.isInteger(event.undoes) ? t("history.undone_entry", { n: event.undoes + 1 }) : t("history.undo_entry");
  }
  if (event.type === "correct") return t("history.correction", { seq: event.seq + 1 });
  // whose turn (Nexus Keepers' camera and phones send no player): the referee's verdict names them; a bare
  // « Start of turn » in History and on Undo was anybody's
  const turn = ["turn_start", "end_turn"].includes(event.type) && (entry.verdicts || [])
    .find((v) => ["nk.turn.start", "nk.turn.end"].includes(v.rule) && (v.players || []).length === 1);
  if (turn) return t(`entry.${event.type}_of`, { player: event.player ?? turn.players[0] });
  if (!DESCRIBED.has(event.type)) return event.type.replace(/_/g, " ");
  // the camera's pieces: the move the referee took, in the engine's words, or that it took none (never a guess)
  if (event.type === "positions" && entry.camera_move !== undefined) {
    return entry.camera_move ? pick(entry.camera_move) : t("entry.positions_not_taken");
  }
  const cube = (c) => (c ? `${colourName(c.color)} ${c.value}` : "");
  // a reroll seen by the camera is the whole pool after it: which dice were picked up is the engine's inference;
  // a Hexors roll may name its colour instead of a die read
  let key = event.type;
  if (event.type === "reroll" && !event.rerolled && Array.isArray(event.dice)) key = "reroll_pool";
  if (event.type === "roll" && event.colour && !event.dice) key = "roll_colour";
  if (event.type === "camera_unsure" && Array.isArray(event.read_anew)) key = "camera_reread";
  if (event.type === "play_card" && ["scientist", "research", "confinement"].includes(event.source)) {
    key = `play_card.${event.source}`;
  }
  if (event.type === "play_card" && event.source === undefined && event.level !== undefined) key = "play_card.research";
  if (event.type === "play_card" && event.card === undefined && key === "play_card") {
    // a Nexus deck played from the top names no card: the referee's "Ann plays Long rod" does, when it took it
    const laid = entry.verdicts.find((v) => v.rule === "nexus.card.played");
    return laid ? pick(laid) : t("entry.play_top_card");
  }
  // a Nexus counter: the referee's « Ann places a counter on a power-4 node of the first card » says whose and how
  // strong; « Counter on Chain » three times said neither. A refused one still names who put it down, when sent.
  if (event.type === "place_counter") {
    const placed = entry.verdicts.find((v) => v.rule === "nexus.counter");
    if (placed) return pick(placed);
    if (event.player) key = "place_counter_by";
  }
  // a capacity sent without its scientist (an API client's) is the current one's: the referee's verdict names them
  const capacity = key === "play_card.scientist" && entry.verdicts.find((v) => v.rule === "tess.capacity");
  const actionName = ((summary || {}).action_names || {})[event.action];
  const inPlay = ((summary || {}).action_labels || {})[event.target]; // a Hexors action tile in play, aimed at
  return t(`entry.${key}`, {
    dice: values(entry.dice || event.dice || event.read_anew), rerolled: values(event.rerolled),
    results: values(event.results),
    value: event.value ?? "", column: event.column ?? "", level: event.level ?? "",
    rolled: event.rolled ?? values(entry.dice || event.dice), // a camera prime holds the die as read
    cube: cube(event.cube), chosen: cube(event.chosen), player: event.player ?? "",
    scientist: event.scientist ?? (capacity ? capacity.players[0] : ""),
    colour: event.colour ? colourName(event.colour) : "", tile: named(summary, event.tile), target: inPlay ? pick(inPlay) : named(summary, event.target ?? event.tile),
    to: Array.isArray(event.path) && event.path.length ? event.path.at(-1) : "",
    card: named(summary, event.card ?? String(event.node ?? nodeAt(summary, event.at) ?? "").split(":")[0]),  // a Nexus counter: its node's card
    action: actionName ? pick(actionName) : String(event.action ?? "").replace(/_/g, " "),
  });
}

/** What Undo's button says it takes back, on its two short lines: the History's words (describeEntry), but a Nexus
 * counter the referee took as « Bob: counter on the Long rod Ann played on turn 7 », whose and where without the
 * node's power (the French verdict, « Bob pose un pion sur un nœud de puissance 1 de la Longue tige qu’Ann a posée
 * au tour 7 », runs past two lines at 360 px). The full words stay in History and in the button's label. */
export function undoWords(entry, summary) {
  const event = entry.event;
  const placed = event.type === "place_counter" && (entry.verdicts || []).find((v) => v.rule === "nexus.counter");
  const node = placed && String(event.node ?? nodeAt(summary, event.at) ?? "");
  const player = placed && (event.player ?? (placed.players || [])[0]);
  if (!node || !player) return describeEntry(entry, summary);
  return t("entry.place_counter_by", { player, card: cardSaid(summary, node.split(":")[0]) });
}

/** A History line: the entry as describeEntry names it (Undo's words), then what the move did where the event says
 * more: a Tesseract card's or Deepen's effects (« reprogram purple 5 → 6, destroy the cube on b3 »), Nexus Keepers'
 * actions, pieces placed on a phone as the move the referee took. Players check the history after an argument: the
 * move's name alone does not settle it. */
export function historyLine(entry, summary) {
  const line = describeEntry(entry, summary);
  const event = entry.event;
  if (["play_card", "deepen"].includes(event.type) && Array.isArray(event.effects)) {
    if (!event.effects.length) return t("entry.no_effect", { move: line });
    return t("entry.with_effects", { move: line, effects: event.effects.map(effectWords).join(", ") });
  }
  if (event.type === "actions" && Array.isArray(event.actions) && event.actions.length) {
    return t("entry.with_effects", { move: line, effects: event.actions.map(actionWords).join(", ") });
  }
  // a correction: what it changed, from the dice it replaced (« Correction of entry 8 » said nothing of it)
  const changed = event.type === "correct" ? correctionWords(event) : "";
  if (changed) return t("entry.with_effects", { move: line, effects: changed });
  // a Hexors colour die read by its face value: « Roll 5 » said nothing of the colour it gave, the referee's verdict
  // does (« Ben rolls blue »)
  const colour = event.type === "roll" && !event.colour && entry.verdicts.find((v) => v.rule === "hex.duel.roll");
  if (colour) return t("entry.with_effects", { move: line, effects: pick(colour) });
  // pieces put where they went on a phone: the move the referee explained them by, as for the camera's (camera_move)
  const refused = entry.verdicts.some((v) => v.kind === "illegal");
  if (event.type === "positions" && entry.camera_move === undefined && !refused) {
    const moves = entry.verdicts.filter((v) => v.kind === "info" && String(v.rule).includes(".move."));
    if (moves.length) return t("entry.with_effects", { move: line, effects: moves.map(pick).join("; ") });
  }
  return line;
}

/** A cube, "blue 6", kept on one line (no-break space) as a wrapped History line is read. */
function cubeWords(c) {
  return c && typeof c === "object" ? `${colourName(c.color)}\u00a0${c.value ?? ""}`.trim() : "";
}

/** One card effect as the rule book's keyword says it, shortly: the cube it touched and where, as sent. */
function effectWords(effect) {
  if (!effect || typeof effect !== "object") return "";
  let what = cubeWords(effect.cube);
  if (effect.zone === "tesseract") what = t("entry.fx.tower", { column: effect.column ?? "" });
  else if (effect.lab && effect.cube) what = t("entry.fx.lab", { cube: what, name: effect.lab });
  const key = `entry.fx.${effect.op}`;
  // a calibration comes as ``delta`` (±1) or as ``to``, its new value (the engine takes both)
  const up = (effect.delta ?? (effect.cube ? effect.to - effect.cube.value : 0)) > 0;
  const said = t(key, { ...effect, what, cube: cubeWords(effect.cube), delta: up ? "+1" : "−1" });
  return said === key ? String(effect.op ?? "") : said;
}

/** A Nexus Keepers action: "jump", "push Bo 2 spaces" (where to is the verdict's: a cell has no name). */
function actionWords(action) {
  if (!action || typeof action !== "object") return "";
  if (action.action === "push") return t("entry.act.push", { target: action.target ?? "", n: action.distance ?? 1 });
  const key = `entry.act.${action.action}`;
  const said = t(key);
  return said === key ? String(action.action ?? "") : said;
}

/** An event's dice as chips: the camera's readings, or faces typed on a phone as bare numbers (a board game's roll
 * or power die), drawn with no colour; null for anything else. */
function typedDice(dice) {
  if (!Array.isArray(dice) || !dice.length) return null;
  if (dice.every((d) => d && d.value)) return dice;
  return dice.every((d) => Number.isInteger(d)) ? dice.map((value) => ({ value })) : null;
}

export function renderHistory(app) {
  renderUndo(app, $("#history-undo"));
  $("#history-bgstats").href = `/api/games/${app.state.game_id}/bgstats.json`;
  const list = clear($("#history-list"));
  const entries = [...(app.history.entries || [])].reverse();
  for (const entry of entries) {
    const state = status(entry);
    const dice = entry.dice || typedDice(entry.event.dice);
    const tappable = Boolean(entry.dice);
    list.append(h("li", { class: `entry ${state ? state[0] : "action"}`, dataset: { seq: String(entry.seq), type: entry.event.type } },
      h("div", { class: "head" }, h("strong", {}, t("history.entry_n", { n: entry.seq + 1 })), " ",
        h("span", { class: "what" }, historyLine(entry, app.state.summary)),
        state && state[1] ? h("span", { class: `status ${state[0]}` }, state[1]) : null),
      dice ? h("div", { class: "dice-row small" }, dice.map((die, index) => dieChip(die, index,
        tappable ? () => openDieDialog(app, { seq: entry.seq, dice: entry.dice, version: entry.version, index }) : undefined))) : null,
      entry.verdicts.filter((v) => v.kind !== "info").map((v) =>
        h("p", { class: `verdict kind-${v.kind}` }, h("span", { class: "badge" }, t(`kind.${v.kind}`)), " ", pick(v))),
      h("small", {}, `${time(entry.at)} · ${t("history.by", { source: sourceName(entry.source) })}`)));
  }
  if (!list.children.length) {  // a card that cannot read the journal: the entries are not known, not none
    list.append(h("li", { class: "empty" }, t(app.history.unread ? "history.cannot_read" : "history.empty")));
  }
  if (app.history.more) { // the history is read by pages, the newest first
    list.append(h("li", { class: "older" }, h("button", { type: "button", id: "history-older", class: "big",
      onclick: () => app.loadOlderHistory().catch((err) => app.toast(() => t(unreadable(err)), "error")) },
    t("history.older"))));
  }
  renderPastGames(app);
}

/** What a read refused says: the card that cannot be read (503 cannot_read), else the companion out of reach. */
function unreadable(err) {
  return err && err.code === "cannot_read" ? "error.cannot_read" : "error.network";
}

let past = { key: null, games: null };

/** Earlier games, newest first; one set aside for another can be taken up again. Read once per game and visit of the
 * screen, drawn again at every render: a language switched on this screen redraws them in it. */
function renderPastGames(app) {
  const key = `${app.state.game_id}:${app.visits}`;
  if (past.key !== key) {
    past.key = key;
    app.api.get("/api/past-games").then(({ games }) => {
      if (past.key !== key) return;
      past.games = games;
      drawPastGames(app, games);
    }).catch((err) => {
      if (past.key !== key) return;
      past.key = null;
      if (err.code !== "cannot_read") return;  // no answer: asked again at the next render
      past.games = null;
      clear($("#past-games")).append(h("li", { class: "empty" }, t(unreadable(err))));
    });
  }
  if (past.games) drawPastGames(app, past.games);
}

function drawPastGames(app, games) {
  const list = clear($("#past-games"));
  for (const game of games.filter((g) => !g.current)) {
    // its journal's entries (undos and camera readings among them) are no count a player knows: none is told
    const outcome = game.outcome && game.outcome.kind !== "abandoned" ? pick(game.outcome)
      : t(game.entries ? "history.set_aside" : "history.set_aside_unplayed");
    // when it began, its day with the time: one of yesterday's is no game of the evening
    list.append(h("li", { class: "past-game", dataset: { game: String(game.id) } },
      h("div", { class: "head" }, h("strong", {}, pick(game.title)), h("small", {}, dayAndTime(game.started_at))),
      h("p", {}, [(game.players || []).join(", "), outcome].filter(Boolean).join(" · ")),
      game.resumable ? h("button", { type: "button", class: "big", onclick: () => resume(app, game) }, t("history.resume")) : null));
  }
  if (!list.children.length) list.append(h("li", { class: "empty" }, t("history.no_earlier")));
}

async function resume(app, game) {
  const result = await app.change(() => app.api.post("/api/resume", { game_id: game.id, replaces: app.state.game_id }), () => t("history.resumed"));
  if (result) {
    app.state = result.state;
    app.mine = null;
    app.refreshHistory();
    location.hash = "#/table";
  }
}
