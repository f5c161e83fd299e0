// The live table: camera snapshot with the read dice drawn on it, the last roll, whose turn, what it allows.

import { $, clear, DIE_COLOURS, dieCss, h, redraw, svg, update } from "../dom.js";
import { addStrings, colourName, language, pick, t } from "../i18n.js";
import * as board from "./board.js";
import { hasView } from "./games/index.js";
import { describeEntry } from "./feed.js";
import * as camera from "./camera.js";
import * as answer from "./answer.js";
import * as refusal from "./refusal.js";
import * as seat from "./seat.js";
import { renderOutcome } from "./outcome.js";

addStrings({ en: { "notices.simulated": "SIMULATED table" }, fr: { "notices.simulated": "Table SIMULÉE" } });

const TURN_KEYS = ["scientist", "current_player", "player", "turn"];
const ALLOW_KEYS = ["allowed", "allows", "actions", "dice_allowed", "actions_left", "rerolls_left", "skills", "pending"];
const HIDDEN_KEYS = new Set(["statistics", "last_roll"]);

let shownFrame = null;
let loadingFrame = null;
let dialogTarget = null;

export function init(app) {
  $("#show-roll").addEventListener("click", () => toggleForm("#roll-form", () => {
    if (!$("#roll-dice").children.length) { addDieRow(); addDieRow(); }
  }));
  $("#table-undo").addEventListener("click", () => app.undo());
  $("#roll-add").addEventListener("click", () => addDieRow());
  $("#roll-form").addEventListener("submit", (event) => { event.preventDefault(); submitRoll(app); });
  $("#move-form").addEventListener("submit", (event) => { event.preventDefault(); submitMove(app); });
  const img = $("#snapshot-img");
  img.addEventListener("load", () => {
    shownFrame = loadingFrame;
    loadingFrame = null;
    $("#snapshot").classList.add("has-frame");
    if (app.live && app.live.frame !== shownFrame) updateLive(app);
  });
  img.addEventListener("error", () => { loadingFrame = null; });
  $("#die-cancel").addEventListener("click", () => $("#die-dialog").close());
  $("#die-save").addEventListener("click", () => saveDie(app));
  seat.init(app);
  $("#die-not-a-die").addEventListener("click", () => saveDie(app, { notADie: true }));
  $("#die-dialog").addEventListener("close", () => { if (app.live) drawOverlay(app, app.live); });  // its outline goes
  $("#expert").addEventListener("toggle", () => render(app));
  camera.init(app);
  refusal.init();
}

function toggleForm(selector, onOpen) {
  const form = $(selector);
  form.hidden = !form.hidden;
  if (!form.hidden && onOpen) onOpen();
}

// -- rendering -----------------------------------------------------------------------------
export function render(app) {
  const state = app.state;
  const summary = state.summary || {};
  renderOutcome(app);
  document.body.dataset.over = state.outcome ? "1" : "";  // a board's "Ann's turn" goes once someone has won
  renderTurn(state, hasView(state.game) || state.outcome ? {} : summary); // a board view says whose turn it is
  renderLatest(app);
  renderLastRoll(app);
  relabelRollRows();
  renderAllows(summary);
  renderDetails(summary);
  renderUndo(app, $("#table-undo"));
  const notices = (app.info && app.info.notices) || [];  // about the service itself (a journal set aside)
  clear($("#service-notices")).append(...notices.map((n) => h("p", { class: "notice", dataset: { kind: n.kind } }, pick(n))));
  const unsaved = app.state.journal_problem; // the journal cannot be written: said until it can again
  if (unsaved) $("#service-notices").append(h("p", { class: "notice", id: "journal-problem", dataset: { kind: "error" } }, pick(unsaved.message)));
  board.render(app).then((view) => {
    // A board view shows and enters its game's dice itself; the generic roll entry is for free roll.
    const own = Boolean(view && view.ownsDice);
    $("#roll-section").hidden = own;
    $("#show-roll").hidden = own;
    if (own) $("#roll-form").hidden = true;
    answer.place();  // the control that was tapped may have moved (or been drawn again)
  });
  updateLive(app);
}

/** Undo says what it takes back in the History's words, on a second line ("Undo" / "Roll 3 5"): no entry number,
 * which is not the game's roll count and was cut off on a narrow phone; disabled when nothing is in force. */
export function renderUndo(app, buttonEl) {
  const seq = (app.state.accepted || []).at(-1);
  buttonEl.disabled = seq === undefined;
  const entry = (app.history.entries || []).find((e) => e.seq === seq);
  const what = entry ? describeEntry(entry, app.state.summary) : "";
  clear(buttonEl).append(h("span", { class: "undo-verb" }, t("table.undo")),
    ...(what ? [h("span", { class: "undo-what" }, what)] : []));
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
  if (turnKey) el.append(h("div", { class: "whose" }, `${t("table.turn")}${t("colon")}`, h("strong", {}, show(summary[turnKey]))));
  if (summary.phase) el.append(h("div", { class: "phase" }, `${t("table.phase")}${t("colon")}${show(summary.phase)}`));
  if (typeof summary.rolls === "number") el.append(h("div", { class: "phase" }, `${t("table.rolls")}${t("colon")}`, h("strong", { id: "roll-count" }, summary.rolls)));
}

/** The table's latest entry's verdicts (whoever made it); this phone's own answer shows beside the control that
 * sent it (answer.js), and the verdicts screen keeps every one. */
function renderLatest(app) {
  const el = clear($("#latest-verdicts"));
  for (const v of app.latest) {
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
  if (Array.isArray(summary.facts)) { // a game that tells its details in words (issue 53: not "bonus depth", "acted true")
    clear($("#details")).append(h("ul", { class: "facts" }, summary.facts.map((fact) => h("li", {}, pick(fact)))));
  } else {
    const rows = Object.entries(summary).filter(([key, value]) => !HIDDEN_KEYS.has(key) && (value === null || typeof value !== "object"));
    clear($("#details")).append(h("dl", {}, rows.map(([key, value]) => [
      h("dt", {}, keyName(key)), h("dd", {}, show(value))])));
  }
  const raw = $("#raw-summary");
  if (raw.closest("details").open) raw.textContent = JSON.stringify(summary, null, 1); // only for whoever opened the drawer
}

/** The roll a tapped die belongs to: the newest entry's reading when the camera was unsure of it (nothing was
 * played: saving a correction sends the roll as corrected, as a phone's roll), else the last roll in force with
 * its dice after corrections; null when there is none. */
export function lastRoll(app) {
  const entries = app.history.entries || [];
  const newest = entries.at(-1);
  if (newest && newest.event.type === "camera_unsure" && Array.isArray(newest.event.dice)
      && (newest.event.dice.length || (newest.event.unread || []).length)) {
    return { seq: null, dice: newest.event.dice, unsure: true };
  }
  return rollsInForce(entries)[0] || null;
}

/** The entries in force that hold dice (their dice after corrections), newest first. */
function rollsInForce(entries) {
  return entries.filter((e) => e.in_force && Array.isArray(e.dice) && e.dice.length).reverse()
    .map((e) => ({ seq: e.seq, dice: e.dice, version: e.version }));
}

export function dieChip(die, index, onTap) {
  // a button only when a tap opens the die; else plain words (no "button" said, no Tab stop)
  return h(onTap ? "button" : "span", {
    type: onTap ? "button" : undefined, class: `die colour-${die.color || "unknown"}`,
    style: `--die:${dieCss(die.color)}`,
    dataset: { index: String(index), value: String(die.value), color: die.color || "" },
    "aria-label": onTap ? `${die.value} ${colourName(die.color)}` : undefined, onclick: onTap,
  }, h("span", { class: "pips" }, String(die.value)), h("span", { class: "name" }, colourName(die.color)));
}

/** The last roll's die chips, rebuilt only for another roll or language (a chip rebuilt under a finger loses the tap). */
function renderLastRoll(app) {
  const roll = lastRoll(app);
  const dice = (app.state.summary || {}).dice;
  const el = $("#last-roll");
  $("#tap-hint").hidden = !roll; // only a roll's dice can be tapped: no "tap a die" over "no roll yet"
  const unread = Boolean(app.history.unread); // the card cannot read the history: the last roll is not known
  redraw(el, `${language()} ${unread} ${JSON.stringify(roll || dice || null)}`, () => {
    clear(el);
    if (!roll) {
      // A board game's roll entered by hand carries plain values: show them rather than "no roll yet".
      el.append(Array.isArray(dice) && dice.length ? h("div", { class: "dice-row" }, dice.map((v, i) => dieChip({ value: v }, i)))
        : h("p", { class: "hint" }, t(unread ? "history.cannot_read" : "table.no_roll")));
      return;
    }
    el.dataset.seq = String(roll.seq);
    roll.dice.forEach((die, index) => el.append(dieChip(die, index, () => openDieDialog(app, { ...roll, index }))));
  });
}

// -- the camera picture ------------------------------------------------------------------
export function updateLive(app) {
  const live = app.live;
  const figure = $("#snapshot");
  const caption = $("#snapshot-caption");
  const simulated = Boolean(live && live.camera && live.camera.simulated);
  $("#simulated-badge").hidden = !simulated;
  // the notices float over the top of the screen, where the banner lies: their stack says it first (style.css)
  if (simulated) $("#notices").dataset.simulated = t("notices.simulated");
  else delete $("#notices").dataset.simulated;
  seat.update(app, simulated);
  camera.update(app);
  if (!live || live.frame === null || live.frame === undefined) {
    figure.classList.remove("has-frame");
    const fault = live && live.camera && live.camera.ok === false;
    // a game drawn on the phone is played on its board there (Nexus has no dice at all); free roll takes rolls
    const instead = t(hasView(app.state && app.state.game) ? "table.no_camera_board" : "table.no_camera");
    const starting = live && live.camera && live.camera.starting;
    // the fault says what is wrong, then how to play meanwhile (not "no camera picture" again)
    const meanwhile = t(hasView(app.state && app.state.game) ? "table.meanwhile_board" : "table.meanwhile");
    caption.textContent = fault ? `${t("table.camera_problem", { message: pick(live.camera) })} — ${meanwhile}`
      : starting ? `${t("table.camera_starting")} — ${instead}` : instead;
    clear($("#snapshot-overlay"));
    return;
  }
  // a picture frozen or a camera at fault says how to play on meanwhile, as the caption without a picture does
  const meanwhile = () => t(hasView(app.state && app.state.game) ? "table.meanwhile_board" : "table.meanwhile");
  caption.textContent = live.stalled ? `${stalledCaption(live)} — ${meanwhile()}`
    : live.camera && !live.camera.ok ? `${t("table.camera_problem", { message: pick(live.camera) })} — ${meanwhile()}`
      : pick({ en: live.referee_error, fr: live.referee_error_fr })
        || pick({ en: live.vision_error, fr: live.vision_error_fr });
  if (live.frame !== shownFrame && loadingFrame === null) {
    loadingFrame = live.frame;
    $("#snapshot-img").src = `/api/snapshot.jpg?frame=${live.frame}`;
  }
  drawOverlay(app, live);
}

/** The picture shown is the last one that came: say since when, and what the camera said if it said anything. */
function stalledCaption(live) {
  const since = new Date(live.stalled_since * 1000).toLocaleTimeString(document.documentElement.lang,
    { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return t("table.stalled", { since, message: pick(live.camera) });
}

function drawOverlay(app, live) {
  const overlay = $("#snapshot-overlay");
  const [width, height] = live.size || [1, 1];
  overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
  overlay.setAttribute("preserveAspectRatio", "none");
  const labelSize = Math.max(14, Math.round(width / 24));
  overlay.style.setProperty("--stroke", String(Math.max(3, Math.round(width / 160))));
  // A finger is bigger than a die on a phone screen: at least 48 px on the screen, whatever the picture's size.
  const scale = overlay.clientWidth ? overlay.clientWidth / width : 1;
  // the die the open die dialog asks about, outlined while it is asked
  const asked = $("#die-dialog").open && dialogTarget ? dialogTarget.dice[dialogTarget.index] : null;
  const placed = live.dice.map((die, index) => ({ die, index })).filter(({ die }) => die.box);
  // The dice already drawn are moved, not rebuilt: a new picture comes a few times a second, and a die rebuilt
  // under a finger loses the tap (the element touched is gone).
  while (overlay.children.length > placed.length) overlay.lastChild.remove();
  while (overlay.children.length < placed.length) overlay.append(dieBox(app));
  placed.forEach(({ die, index }, k) => {
    const g = overlay.children[k];
    const [x1, y1, x2, y2] = die.box;
    const pad = Math.max(8, (x2 - x1) * 0.3, (48 / scale - (x2 - x1)) / 2, (48 / scale - (y2 - y1)) / 2);
    g.die = die;
    g.index = index;
    // A die the camera sees but could not read shows "?", never the reader's guess.
    const label = die.unread ? "?" : String(die.value);
    const asking = die.unread && asked && String(asked.box) === String(die.box) ? " asking" : "";
    update(g, { class: (die.unread ? "die-box unread" : "die-box") + asking, dataset: { index: String(index), value: label, color: die.color || "" } });
    update(g.children[0], { x: x1 - pad, y: y1 - pad, width: x2 - x1 + 2 * pad, height: y2 - y1 + 2 * pad });
    update(g.children[1], { x: x1, y: y1, width: x2 - x1, height: y2 - y1, stroke: dieCss(die.color) });
    update(g.children[2], { x: x1, y: Math.max(labelSize, y1 - 6), "font-size": labelSize, text: label });
  });
}

/** One die drawn on the picture; a tap opens the correction of the die it shows at that moment. */
function dieBox(app) {
  const g = svg("g", { class: "die-box", onclick: () => openDieDialog(app, matchRoll(app, g.die, g.index)) },
    svg("rect", { class: "hit" }), svg("rect", { class: "outline" }), svg("text", {}));
  return g;
}

/** Which die of the last roll a tapped camera die is: nearest box centre, else the same position. Where the last
 * roll holds fewer dice than the table shows (dice added to a roll, such as power dice, are an event of their own)
 * and none of its dice lies within half a side of the tapped one, the newest earlier roll with a die there.
 * A die the camera could not read is none of them: every die it could not read is added to the roll, the tapped
 * one asked first, each face for the player to say before the roll is sent (one at a time, a roll still short of a
 * die would be judged short). */
function matchRoll(app, liveDie, liveIndex) {
  const roll = lastRoll(app);
  const read = app.live.dice.filter((d) => !d.unread);
  if (liveDie.unread) {
    const base = roll || { seq: null, dice: read };
    const unread = [liveDie, ...app.live.dice.filter((d) => d.unread && d !== liveDie)];
    return { ...base, dice: [...base.dice, ...unread.map((d) => ({ ...d, value: null }))], index: base.dice.length };
  }
  if (!roll) return { seq: null, dice: read, index: Math.max(0, read.indexOf(liveDie)) };
  const near = liveDie.box ? nearestDie(roll.dice, liveDie.box) : null;
  if (!near) return { ...roll, index: Math.min(liveIndex, roll.dice.length - 1) };
  const reach = Math.max(liveDie.box[2] - liveDie.box[0], liveDie.box[3] - liveDie.box[1]) / 2;
  if (near.distance > reach && !roll.unsure && roll.dice.length < read.length) {
    for (const earlier of rollsInForce(app.history.entries || []).slice(1)) {
      const there = nearestDie(earlier.dice, liveDie.box);
      if (there && there.distance <= reach) return { ...earlier, index: there.index };
    }
  }
  return { ...roll, index: near.index };
}

/** The die whose box centre lies nearest the centre of a box, and how far: null where a die has no box. */
function nearestDie(dice, box) {
  if (!dice.every((d) => Array.isArray(d.box))) return null;
  const centre = (b) => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
  const [cx, cy] = centre(box);
  let best = null;
  dice.forEach((d, index) => {
    const [x, y] = centre(d.box);
    const distance = Math.hypot(x - cx, y - cy);
    if (!best || distance < best.distance) best = { index, distance };
  });
  return best;
}

// -- correcting a die ----------------------------------------------------------------------
export function openDieDialog(app, target) {
  const die = target.dice[target.index];
  dialogTarget = { ...target, value: die.value, color: die.color };
  const after = target.dice.filter((d, i) => d.unread && d.value === null && i !== target.index).length;
  $("#die-title").textContent = t("die.title", { n: target.index + 1 });
  $("#die-note").textContent = [die.unread ? t("die.unread") : "", after ? t("die.unread_more", { n: after }) : "",
    target.unsure ? t("die.unsure_roll") : target.seq === null ? t("die.new_roll") : ""].filter(Boolean).join(" ");
  // A "?" may be board art; so may a die read on an unsure roll or on a roll to correct (a die too many)
  $("#die-not-a-die").hidden = !(die.unread || target.dice.length > 1);
  const values = clear($("#die-values"));
  for (let v = 1; v <= 6; v += 1) {
    values.append(h("button", { type: "button", class: "value", dataset: { value: String(v) },
      "aria-pressed": String(v === dialogTarget.value), onclick: () => { dialogTarget.value = v; markPressed(values, String(v)); } }, String(v)));
  }
  const colours = clear($("#die-colours"));
  for (const colour of [...DIE_COLOURS, null]) {
    colours.append(h("button", { type: "button", class: "colour", style: `--die:${dieCss(colour)}`,
      dataset: { colour: colour || "" }, "aria-pressed": String(colour === dialogTarget.color),
      onclick: () => { dialogTarget.color = colour; markPressed(colours, colour || "", "colour"); } }, colourName(colour)));
  }
  $("#die-dialog").showModal();
  if (app.live) drawOverlay(app, app.live);  // outline the die asked
}

function markPressed(container, key, attr = "value") {
  for (const button of container.children) button.setAttribute("aria-pressed", String(button.dataset[attr] === key));
}

function requestDie(die) {
  const out = { value: die.value, color: die.color || null };
  if (Array.isArray(die.box)) out.box = die.box;
  if (typeof die.confidence === "number") out.confidence = die.confidence;
  return out;
}

/** The die asked about is settled (its face said, or it is no die at all): ask the next die the camera could not
 * read, or send the roll when none is left. A die read and called no die is taken out of the roll; a "?" called no
 * die changes nothing, so when that is all, nothing is sent, bar the camera-unsure reading: the player has settled
 * its doubt, and it is played as read. */
async function saveDie(app, { notADie = false } = {}) {
  const target = dialogTarget;
  $("#die-dialog").close();
  if (!target || (!notADie && !target.value)) return;  // a die the camera could not read, and no face said for it
  const die = target.dice[target.index];
  const said = notADie ? null : { ...die, value: target.value, color: target.color || null, confidence: 1,
    unread: false };
  const rest = target.dice.map((d, i) => (i === target.index ? said : d)).filter(Boolean);
  const changed = target.changed || !(notADie && die.unread);
  const next = rest.findIndex((d) => d.unread && d.value === null);
  if (next >= 0) { openDieDialog(app, { ...target, dice: rest, index: next, changed }); return; }
  if (!changed && !target.unsure) return;
  const dice = rest.map(requestDie);
  const result = target.seq === null
    ? await app.play((seen) => app.api.post("/api/roll", { dice, seen }), t("die.corrected"))
    : await app.change(() => app.api.post("/api/corrections", { seq: target.seq, version: target.version, dice }), () => t("die.corrected"));
  if (result) app.acted(result);
}

// -- entering a roll or a move by hand -----------------------------------------------------
function addDieRow() {
  const value = h("select", { class: "roll-value", "aria-label": t("die.value") },
    [1, 2, 3, 4, 5, 6].map((v) => h("option", { value: String(v) }, String(v))));
  const colour = h("select", { class: "roll-colour", "aria-label": t("die.colour") },
    h("option", { value: "" }, t("die.none")), DIE_COLOURS.map((c) => h("option", { value: c }, colourName(c))));
  const row = h("div", { class: "roll-row" }, value, colour,
    h("button", { type: "button", class: "remove", onclick: () => row.remove() }, t("roll.remove_die")));
  $("#roll-dice").append(row);
}

/** The roll entry's rows in the page's language (rows typed before a language switch keep their choices). */
function relabelRollRows() {
  for (const row of $("#roll-dice").children) {
    for (const option of row.querySelector(".roll-colour").options) {
      option.textContent = option.value ? colourName(option.value) : t("die.none");
    }
    row.querySelector(".remove").textContent = t("roll.remove_die");
  }
}

async function submitRoll(app) {
  const dice = [...$("#roll-dice").querySelectorAll(".roll-row")].map((row) => ({
    value: Number(row.querySelector(".roll-value").value),
    color: row.querySelector(".roll-colour").value || null,
  }));
  if (!dice.length) { answer.begin(); answer.show({ kind: "error", message: () => t("roll.empty") }); return; }
  const result = await app.play((seen) => app.api.post("/api/roll", { dice, seen }));
  if (result) { $("#roll-form").hidden = true; app.acted(result); }
}

async function submitMove(app) {
  let event = null;
  try { event = JSON.parse($("#move-json").value); } catch (_) { event = null; }
  if (!event || typeof event !== "object" || Array.isArray(event) || typeof event.type !== "string" || !event.type) {
    app.toast(() => t("move.bad_json"), "error");
    return;
  }
  await app.submitEvent(event);
}
