// A person's seat at the SIMULATED table: "I play as Ann"; the simulated players take the other seats and wait
// while it is the person's turn (POST /api/simulated-seat).

import { $, clear, h } from "../dom.js";
import { language, t } from "../i18n.js";

let seat = null;  // the last answer of /api/simulated-seat
let askedFor = null;  // the game (and language) it was asked for
let askedAt = 0;

export function init(app) {
  $("#simulated-seat-choice").addEventListener("change", () => choose(app));
}

/** Show the choice while the table is simulated and its game has seats (free roll has none, nor a game being set
 * up); ask again for a new game, or while its seats are not set up. */
export function update(app, simulated) {
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
