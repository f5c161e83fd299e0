// Entering a roll or a move by hand on the table screen: the roll form's dice rows (a face and a colour each), and
// the expert's move typed as JSON, each sent as a phone's play.

import { $, DIE_COLOURS, h } from "../dom.js";
import { colourName, t } from "../i18n.js";
import * as answer from "./answer.js";

export function init(app) {
  $("#show-roll").addEventListener("click", () => toggleForm("#roll-form", () => {
    if (!$("#roll-dice").children.length) { addDieRow(); addDieRow(); }
  }));
  $("#roll-add").addEventListener("click", () => addDieRow());
  $("#roll-form").addEventListener("submit", (event) => { event.preventDefault(); submitRoll(app); });
  $("#move-form").addEventListener("submit", (event) => { event.preventDefault(); submitMove(app); });
}

function toggleForm(selector, onOpen) {
  const form = $(selector);
  form.hidden = !form.hidden;
  if (form.hidden) return;
  if (onOpen) onOpen();
  // opened below the fold (under a camera's picture), it seemed the tap did nothing: brought into sight, clear of
  // the bars fixed at the foot (the page's scroll-padding)
  form.scrollIntoView({ block: "nearest" });
}

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
export function relabelRollRows() {
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
