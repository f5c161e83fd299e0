// Choosing a game, its players and its options; options are built from each engine's declared defaults.

import { $, clear, h } from "../dom.js";
import { pick, t } from "../i18n.js";

let games = null;
let chosen = null;
let builtFor = -1; // the form is built when the screen opens, not on every live update (that would wipe typing)

export function init(app) {
  $("#game-form").addEventListener("submit", (event) => { event.preventDefault(); start(app); });
}

export async function render(app) {
  if (builtFor === app.visits) return;
  builtFor = app.visits;
  if (!games) {
    try { games = (await app.api.get("/api/games")).games; } catch (_) { builtFor = -1; return; }
  }
  chosen = app.state.game;
  const list = clear($("#game-list"));
  for (const game of games) {
    const id = `game-${game.name}`;
    list.append(h("label", { class: "choice", for: id },
      h("input", { type: "radio", name: "game", id, value: game.name, checked: game.name === chosen,
        onchange: () => { chosen = game.name; renderOptions(); } }),
      h("span", {}, pick(game.title))));
  }
  renderOptions();
}

function renderOptions() {
  const game = games.find((g) => g.name === chosen) || games[0];
  const root = clear($("#game-options"));
  for (const option of game.options) {
    const id = `option-${option.name}`;
    let input;
    if (typeof option.default === "boolean") {
      input = h("input", { type: "checkbox", id, checked: option.default });
    } else if (typeof option.default === "number") {
      input = h("input", { type: "number", id, step: "any", value: String(option.default) });
    } else if (typeof option.default === "string") {
      input = h("input", { type: "text", id, value: option.default });
    } else {
      input = h("textarea", { id, rows: 2, spellcheck: "false" }, JSON.stringify(option.default));
    }
    input.dataset.option = option.name;
    input.dataset.kind = typeof option.default === "object" ? "json" : typeof option.default;
    root.append(h("div", { class: "option" }, h("label", { for: id }, h("strong", {}, option.name), h("small", {}, option.doc)), input));
  }
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#game-options [data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.kind === "boolean") options[name] = input.checked;
    else if (input.dataset.kind === "number") options[name] = Number(input.value);
    else if (input.dataset.kind === "string") options[name] = input.value;
    else {
      try { options[name] = JSON.parse(input.value); } catch (_) { throw new Error(t("game.bad_option", { name })); }
    }
  }
  return options;
}

async function start(app) {
  let options;
  try { options = readOptions(); } catch (err) { app.toast(err.message, "error"); return; }
  const players = $("#game-players").value.split("\n").map((p) => p.trim()).filter(Boolean);
  const result = await app.change(() => app.api.post("/api/game", { game: chosen, options, players }), t("game.started"));
  if (result) {
    app.state = result.state;
    app.refreshHistory();
    location.hash = "#/table";
  }
}
