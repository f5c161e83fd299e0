// The last roll: which roll a tapped die belongs to (the camera's unsure reading, else the newest roll in force),
// and its dice drawn as chips under the picture (the History draws its entries' dice with the same chips).

import { $, clear, dieCss, h, redraw } from "../dom.js";
import { colourName, language, t } from "../i18n.js";
import { openDieDialog } from "./die-dialog.js";

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
export function rollsInForce(entries) {
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

/** The last roll's die chips, rebuilt only for another roll or language (a chip rebuilt under a finger loses the
 * tap). */
export function renderLastRoll(app) {
  const roll = lastRoll(app);
  const dice = (app.state.summary || {}).dice;
  const el = $("#last-roll");
  $("#tap-hint").hidden = !roll; // only a roll's dice can be tapped: no "tap a die" over "no roll yet"
  const unread = Boolean(app.history.unread); // the card cannot read the history: the last roll is not known
  redraw(el, `${language()} ${unread} ${JSON.stringify(roll || dice || null)}`, () => {
    clear(el);
    if (!roll) {
      // A board game's roll entered by hand carries plain values: show them rather than "no roll yet".
      el.append(Array.isArray(dice) && dice.length
        ? h("div", { class: "dice-row" }, dice.map((v, i) => dieChip({ value: v }, i)))
        : h("p", { class: "hint" }, t(unread ? "history.cannot_read" : "table.no_roll")));
      return;
    }
    el.dataset.seq = String(roll.seq);
    roll.dice.forEach((die, index) => el.append(dieChip(die, index, () => openDieDialog(app, { ...roll, index }))));
  });
}
