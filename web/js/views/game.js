// Choosing a game, its players and its options; starting one asks first when a game is being played.

import { $, clear, confirmDialog, h } from "../dom.js";
import { addStrings, dayAndTime, language, pick, t } from "../i18n.js";
import { clock, isToday } from "../moments.js";
import { hasControl, optionControl, readOptions } from "./options.js";

addStrings({
  en: { "game.bad_number": "{name}: type a number", "game.out_of_range": "{name} must be from {min} to {max}",
    "game.expert": "Expert options (JSON)", "game.expert_hint": "Lists and maps only an expert changes, as JSON." },
  fr: { "game.bad_number": "{name} : tapez un nombre", "game.out_of_range": "{name} doit aller de {min} à {max}",
    "game.expert": "Options expertes (JSON)", "game.expert_hint": "Listes et tables que seul un expert modifie, en JSON." },
});

let games = null;
let chosen = null;
let names = [];
let builtFor = -1; // the form is built when the screen opens, not on every live update (that would wipe typing)
let builtIn = null; // and in which language

export function init(app) {
  $("#game-form").addEventListener("submit", (event) => { event.preventDefault(); start(app); });
}

export async function render(app) {
  if (builtFor === app.visits) {
    // the language changed on this screen: its words, keeping what was typed (once drawn: while the games are
    // still asked for, the draw to come will be in the new language; a redraw then threw « games is not iterable »)
    if (games && builtIn !== language()) redraw();
    return;
  }
  builtFor = app.visits;
  if (!games) {
    try { games = (await app.api.get("/api/games")).games; } catch (_) { builtFor = -1; return; }
  }
  chosen = app.state.game;
  names = (app.state.players || []).length ? [...app.state.players] : ["", ""];
  draw();
}

function redraw() {
  const typed = [...$("#game-options").querySelectorAll("[data-option]")]
    .map((input) => [input.dataset.option, input.type === "checkbox" ? input.checked : input.value]);
  const expert = $("#game-expert") && $("#game-expert").value;
  draw();
  for (const [name, value] of typed) {
    const input = $("#game-options").querySelector(`[data-option="${CSS.escape(name)}"]`);
    if (input && input.type === "checkbox") input.checked = value;
    else if (input) {
      input.value = value;
      input.dispatchEvent(new Event("input"));  // a picker's words drawn over it (options.js) follow
    }
  }
  if (expert) $("#game-expert").value = expert;
}

function draw() {
  builtIn = language();
  const list = clear($("#game-list"));
  for (const game of games) {
    const id = `game-${game.name}`;
    list.append(h("label", { class: "choice", for: id },
      h("input", { type: "radio", name: "game", id, value: game.name, checked: game.name === chosen,
        onchange: () => { chosen = game.name; renderOptions(); } }),
      h("span", {}, pick(game.title))));
  }
  renderPlayers();
  renderOptions();
}

function renderPlayers() {
  const root = clear($("#game-players"));
  names.forEach((name, index) => {
    const input = h("input", { type: "text", class: "player-name", value: name, maxlength: 24, autocomplete: "off",
      "aria-label": t("game.player_name", { n: index + 1 }), placeholder: t("game.player_name", { n: index + 1 }),
      oninput: (event) => { names[index] = event.target.value; } });
    root.append(h("div", { class: "row player-row" }, input,
      h("button", { type: "button", class: "remove", onclick: () => { names.splice(index, 1); renderPlayers(); } }, t("game.remove_player"))));
  });
  root.append(h("button", { type: "button", class: "big", id: "add-player",
    onclick: () => { names.push(""); renderPlayers(); root.querySelector(".player-row:last-of-type input")?.focus(); } }, t("game.add_player")));
}

function currentGame() {
  return games.find((g) => g.name === chosen) || games[0];
}

function renderOptions() {
  const game = currentGame();
  const root = clear($("#game-options"));
  for (const option of game.options.filter(hasControl)) root.append(optionControl(option));
  const expert = game.options.filter((o) => !hasControl(o));
  if (expert.length) {
    const defaults = Object.fromEntries(expert.map((o) => [o.name, o.default]));
    root.append(h("details", { class: "expert card" }, h("summary", {}, t("game.expert")),
      h("p", { class: "hint" }, t("game.expert_hint")),
      h("textarea", { id: "game-expert", rows: 5, spellcheck: "false" }, JSON.stringify(defaults, null, 1))));
  }
}

/** Ask before replacing a game being played: which game, who plays, since when, its moves and rolls in force, and
 * where it is kept: a new game sets it aside (companion/table/games.py), listed in History's Earlier games, which
 * can resume it. The journal's entry count (undos and readings among them) is no count a player knows. */
function confirmReplace(app) {
  const state = app.state;
  if ((!state.entries && !(state.players || []).length) || state.outcome) return Promise.resolve(true);
  const moves = state.moves ? t("game.confirm_moves", { n: state.moves }) : t("game.confirm_unplayed");
  const played = state.rolls ? `${moves}, ${t("game.confirm_rolls", { n: state.rolls })}` : moves;
  return confirmDialog({ title: t("game.confirm_title"), text: t("game.confirm_text", {
    game: pick(state.title), players: (state.players || []).join(", ") || t("game.confirm_nobody"),
    since: since(state.started_at), played, history: t("tab.history"), earlier: t("history.earlier"),
    resume: t("history.resume") }),
  yes: t("game.confirm_yes"), no: t("game.confirm_no") });
}

/** When a game began, as a clock says it: its time when it began today, else its day and time. */
function since(at) {
  return isToday(at) ? clock(at, language()) : t("game.confirm_day", { day: dayAndTime(at) });
}

async function start(app) {
  const game = currentGame();
  const read = readOptions($("#game-options"), game);
  if (read.error) { app.toast(read.error, "error"); return; }
  const options = read.options;
  const expert = $("#game-expert");
  if (expert) {
    try { Object.assign(options, JSON.parse(expert.value)); } catch (_) { app.toast(() => t("game.bad_option", { name: t("game.expert") }), "error"); return; }
  }
  const players = names.map((p) => p.trim()).filter(Boolean);
  if (!(await confirmReplace(app))) return;
  const result = await app.change(() => app.api.post("/api/game", { game: game.name, options, players, replaces: app.state.game_id }), () => t("game.started"));
  if (result) {
    app.state = result.state;
    app.mine = null;
    app.refreshHistory();
    location.hash = "#/table";
  }
}
