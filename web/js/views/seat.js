// A person's seat at the SIMULATED table: "I play as Ann"; the simulated players take the other seats and wait
// while it is the person's turn (POST /api/simulated-seat).

import { $, clear, h } from "../dom.js";
import { addStrings, language, t } from "../i18n.js";
import * as answer from "./answer.js";

addStrings({
  en: { "seat.simulated_playing": "{name} (simulated) is playing…",
    "seat.simulated_tap": "{name} (simulated) is playing: wait for your turn" },
  fr: { "seat.simulated_playing": "Tour simulé : {name} joue…",
    "seat.simulated_tap": "Tour simulé : {name} joue, attendez votre tour" },
});

let seat = null;  // the last answer of /api/simulated-seat
let askedFor = null;  // the game (and language) it was asked for
let askedAt = 0;
let lastApp = null;
let guarded = null;  // the board whose taps are answered while a simulated player is on turn

export function init(app) {
  $("#simulated-seat-choice").addEventListener("change", () => choose(app));
}

/** Show the choice while the table is simulated and its game has seats (free roll has none, nor a game being set
 * up); ask again for a new game, or while its seats are not set up. */
export function update(app, simulated) {
  lastApp = app;
  markTurn(app);
  $("#simulated-seat").hidden = !simulated || !seat || !seat.seats.length;
  if (!simulated) return;
  const key = `${app.state && app.state.game_id}:${language()}`;
  const unset = !seat || !seat.seats.length;
  if (key !== askedFor || (unset && Date.now() - askedAt > 3000)) {
    askedFor = key;
    askedAt = Date.now();
    app.api.get("/api/simulated-seat").then(show).catch(() => { askedFor = null; });
  }
}

function show(data) {
  seat = data;
  if (lastApp) markTurn(lastApp);  // a seat taken or left: the board's line says it now, not at the next move
  $("#simulated-seat").hidden = !data.seats.length;
  const select = $("#simulated-seat-choice");
  clear(select);
  select.append(h("option", { value: "" }, t("seat.watch")));
  data.seats.forEach((name, i) => select.append(h("option", { value: String(i + 1) }, t("seat.play_as", { name }))));
  select.value = data.seat === null || data.seat > data.seats.length ? "" : String(data.seat);
}

async function choose(app) {
  const value = $("#simulated-seat-choice").value;
  const message = $("#simulated-seat-message");
  message.textContent = "";
  try {
    show(await app.api.post("/api/simulated-seat", { seat: value ? Number(value) : null }));
  } catch (err) {
    message.textContent = err.message;
    askedFor = null;  // shown again as the table has it
  }
}

/** The simulated player the game waits for while the person has a seat (the state's ``to_act``, as each game's
 * summary names its players), else null: watching, at a real table, on the person's own turn or the game over. */
export function simulatedOnTurn(app) {
  const live = app.live;
  if (!live || !live.camera || !live.camera.simulated || !seat || seat.seat === null) return null;
  const mine = seat.seats[seat.seat - 1];
  const toAct = app.state && app.state.to_act;
  return mine && toAct && toAct !== mine && seat.seats.includes(toAct) ? toAct : null;
}

/** One piece for every game's board: while a simulated player is on turn the board's phase line (#board-phase)
 * says so instead of the move it would invite, and a tap on the board's pieces or buttons is answered the same
 * (nothing is sent). The game's own words come back once the turn is the person's, or they only watch. */
export function markTurn(app) {
  const root = $("#board");
  if (!root) return;
  const name = simulatedOnTurn(app);
  root.dataset.simulatedTurn = name || "";
  const phase = root.querySelector("#board-phase");
  if (phase) {
    if (!("ownWords" in phase.dataset)) phase.dataset.ownWords = phase.textContent;
    const words = name ? t("seat.simulated_playing", { name }) : phase.dataset.ownWords;
    if (phase.textContent !== words) phase.textContent = words;
  }
  if (guarded === root) return;
  guarded = root;
  root.addEventListener("click", (event) => {
    const who = simulatedOnTurn(app);
    const target = event.target instanceof Element ? event.target : null;
    // reading the board stays free (a Nexus's list opened, the board zoomed, a piece's name): moves are what wait
    if (!who || !target || !target.closest("svg, button, input, select") || target.closest("summary, [data-zoom]")) {
      return;
    }
    event.stopPropagation();
    event.preventDefault();
    answer.begin();
    answer.show({ message: () => t("seat.simulated_tap", { name: who }), kind: "error" });
  }, true);
}
