// The table screen: the game and whose turn, the latest verdicts, what the turn allows, plain details and undo;
// the camera's picture (snapshot.js), the last roll (last-roll.js), a die's correction (die-dialog.js) and entry by
// hand (hand-entry.js) are modules of their own.

import { $, clear, h } from "../dom.js";
import { pick, t } from "../i18n.js";
import * as board from "./board.js";
import { hasView } from "./games/index.js";
import { describeEntry, undoWords } from "./feed.js";
import * as camera from "./camera.js";
import * as answer from "./answer.js";
import * as refusal from "./refusal.js";
import * as seat from "./seat.js";
import * as dieDialog from "./die-dialog.js";
import * as handEntry from "./hand-entry.js";
import * as snapshot from "./snapshot.js";
import { renderLastRoll } from "./last-roll.js";
import { renderOutcome } from "./outcome.js";

const TURN_KEYS = ["scientist", "current_player", "player", "turn"];
const ALLOW_KEYS = ["allowed", "allows", "actions", "dice_allowed", "actions_left", "rerolls_left", "skills",
  "pending"];
const HIDDEN_KEYS = new Set(["statistics", "last_roll"]);

export function init(app) {
  handEntry.init(app);
  $("#table-undo").addEventListener("click", () => app.undo());
  snapshot.init(app);
  dieDialog.init(app);
  seat.init(app);
  $("#expert").addEventListener("toggle", () => render(app));
  camera.init(app);
  refusal.init();
}

/** The table screen drawn; the promise settles once its board view (a module loaded when first needed) is drawn. */
export function render(app) {
  const state = app.state;
  const summary = state.summary || {};
  renderOutcome(app);
  document.body.dataset.over = state.outcome ? "1" : "";  // a board's "Ann's turn" goes once someone has won
  renderTurn(state, hasView(state.game) || state.outcome ? {} : summary); // a board view says whose turn it is
  renderLatest(app);
  renderLastRoll(app);
  handEntry.relabelRollRows();
  renderAllows(summary);
  renderDetails(summary);
  renderUndo(app, $("#table-undo"));
  const notices = (app.info && app.info.notices) || [];  // about the service itself (a journal set aside)
  clear($("#service-notices")).append(...notices.map((n) => h("p", { class: "notice", dataset: { kind: n.kind } },
    pick(n))));
  const unsaved = app.state.journal_problem; // the journal cannot be written: said until it can again
  if (unsaved) {
    $("#service-notices").append(h("p", { class: "notice", id: "journal-problem", dataset: { kind: "error" } },
      pick(unsaved.message)));
  }
  const drawn = board.render(app).then((view) => {
    // A board view shows and enters its game's dice itself; the generic roll entry is for free roll.
    const own = Boolean(view && view.ownsDice);
    $("#roll-section").hidden = own;
    $("#show-roll").hidden = own;
    if (own) $("#roll-form").hidden = true;
    answer.place();  // the control that was tapped may have moved (or been drawn again)
  });
  snapshot.updateLive(app);
  return drawn;
}

/** Undo says what it takes back in the History's words, on a second line ("Undo" / "Roll 3 5"): no entry number,
 * which is not the game's roll count and was cut off on a narrow phone; disabled when nothing is in force. */
export function renderUndo(app, buttonEl) {
  const seq = (app.state.accepted || []).at(-1);
  buttonEl.disabled = seq === undefined;
  const entry = (app.history.entries || []).find((e) => e.seq === seq);
  const what = entry ? describeEntry(entry, app.state.summary) : "";
  const short = entry ? undoWords(entry, app.state.summary) : "";  // the button's two lines; its label says it all
  clear(buttonEl).append(h("span", { class: "undo-verb" }, t("table.undo")),
    ...(what ? [h("span", { class: "undo-what" }, short)] : []));
  if (what) buttonEl.setAttribute("aria-label", `${t("table.undo")}${t("colon")}${what}`);
  else buttonEl.removeAttribute("aria-label");
  buttonEl.dataset.seq = seq === undefined ? "" : String(seq);
}

/** A summary key as the page names it where it has a word ("rolls": « Lancers »), else the key in plain letters. */
function keyName(key) {
  const word = `table.${key}`;
  return t(word) === word ? key.replace(/_/g, " ") : t(word);
}

function show(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(show).join(", ") || "—";
  if (typeof value === "object") {
    if ("en" in value && "fr" in value) return pick(value);
    return Object.entries(value).map(([k, v]) => `${k}${t("colon")}${show(v)}`).join(" · ");
  }
  return String(value);
}

function renderTurn(state, summary) {
  const el = clear($("#turn"));
  el.append(h("div", { class: "game-title" }, pick(state.title)));
  if (state.players && state.players.length) el.append(h("div", { class: "players" }, state.players.join(" · ")));
  const turnKey = TURN_KEYS.find((key) => summary[key] !== undefined && summary[key] !== null);
  if (turnKey) {
    el.append(h("div", { class: "whose" }, `${t("table.turn")}${t("colon")}`, h("strong", {}, show(summary[turnKey]))));
  }
  if (summary.phase) el.append(h("div", { class: "phase" }, `${t("table.phase")}${t("colon")}${show(summary.phase)}`));
  if (typeof summary.rolls === "number") {
    el.append(h("div", { class: "phase" }, `${t("table.rolls")}${t("colon")}`,
      h("strong", { id: "roll-count" }, summary.rolls)));
  }
}

/** The table's latest entry's verdicts (whoever made it); this phone's own answer shows beside the control that
 * sent it (answer.js), and the verdicts screen keeps every one. The game-over card at the top says who won: the
 * winning move's verdict in the same words is not said again below (a Nexus won said it twice on one screen). */
function renderLatest(app) {
  const el = clear($("#latest-verdicts"));
  const over = app.state.outcome;
  const saidAbove = (v) => Boolean(over) && pick(v) === pick(over);
  for (const v of app.latest.filter((verdict) => !saidAbove(verdict))) {
    el.append(h("div", { class: `verdict kind-${v.kind}`, dataset: { kind: v.kind } },
      h("span", { class: "badge" }, t(`kind.${v.kind}`)), " ", pick(v)));
  }
}

function renderAllows(summary) {
  const el = clear($("#allows"));
  const present = ALLOW_KEYS.filter((key) => summary[key] !== undefined && summary[key] !== null
    && !(Array.isArray(summary[key]) && !summary[key].length));
  if (!present.length) return;
  el.append(h("h3", {}, t("table.allows")));
  el.append(h("ul", {}, present.map((key) => {
    const value = summary[key];
    const items = Array.isArray(value) ? value.map((v) => h("li", {}, show(v))) : null;
    return h("li", {}, h("span", { class: "key" }, keyName(key)), t("colon"), items ? h("ul", {}, items) : show(value));
  })));
}

/** Plain facts only; the raw state is for the expert drawer, never the first thing a player sees. */
function renderDetails(summary) {
  // a game that tells its details in words (issue 53: not "bonus depth", "acted true")
  if (Array.isArray(summary.facts)) {
    clear($("#details")).append(h("ul", { class: "facts" }, summary.facts.map((fact) => h("li", {}, pick(fact)))));
  } else {
    const rows = Object.entries(summary).filter(([key, value]) => !HIDDEN_KEYS.has(key)
      && (value === null || typeof value !== "object"));
    clear($("#details")).append(h("dl", {}, rows.map(([key, value]) => [
      h("dt", {}, keyName(key)), h("dd", {}, show(value))])));
  }
  const raw = $("#raw-summary");
  // only for whoever opened the drawer
  if (raw.closest("details").open) raw.textContent = JSON.stringify(summary, null, 1);
}
