// Correcting a die: the dialog a tapped die opens (its face and colour, or "not a die"), asking each die the camera
// could not read in turn, then sending the roll as corrected (a correction, or a new roll when none was played).

import { $, clear, DIE_COLOURS, dieCss, h } from "../dom.js";
import { colourName, pick, t } from "../i18n.js";

let dialogTarget = null;
const askedWatchers = [];

export function init(app) {
  $("#die-cancel").addEventListener("click", () => $("#die-dialog").close());
  $("#die-save").addEventListener("click", () => saveDie(app));
  $("#die-not-a-die").addEventListener("click", () => saveDie(app, { notADie: true }));
  $("#die-dialog").addEventListener("close", () => askedChanged());  // its outline on the picture goes
}

/** ``onChange()`` each time the die asked about changes (the dialog opened on a die, or closed): the camera's
 * picture outlines the die asked. */
export function watchAsked(onChange) {
  askedWatchers.push(onChange);
}

function askedChanged() {
  for (const onChange of askedWatchers) onChange();
}

/** The die the open dialog asks about (as it was when tapped), or null when the dialog is closed. */
export function askedDie() {
  return $("#die-dialog").open && dialogTarget ? dialogTarget.dice[dialogTarget.index] : null;
}

export function openDieDialog(app, target) {
  const die = target.dice[target.index];
  dialogTarget = { ...target, value: die.value, color: die.color };
  const after = target.dice.filter((d, i) => d.unread && d.value === null && i !== target.index).length;
  // what the die was read as before its place in the roll: "Correct die 4" over a die read 3 was read "it is a 4"; an
  // unread die's likeliest face is no reading
  const unread = die.unread || die.value === null || die.value === undefined;
  const read = unread ? "" : die.color ? "die.title_read" : "die.title_value";
  $("#die-title").textContent = t(read || "die.title", { n: target.index + 1, value: die.value,
    colour: die.color ? colourName(die.color) : "" });
  $("#die-note").textContent = [die.unread ? t("die.unread") : "", after ? t("die.unread_more", { n: after }) : "",
    target.unsure ? t("die.unsure_roll") : target.seq === null ? t("die.new_roll") : ""].filter(Boolean).join(" ");
  // A "?" may be board art; so may a die read on an unsure roll or on a roll to correct (a die too many)
  $("#die-not-a-die").hidden = !(die.unread || target.dice.length > 1);
  const values = clear($("#die-values"));
  for (let v = 1; v <= 6; v += 1) {
    values.append(h("button", { type: "button", class: "value", dataset: { value: String(v) },
      "aria-pressed": String(v === dialogTarget.value),
      onclick: () => { dialogTarget.value = v; markPressed(values, String(v)); } }, String(v)));
  }
  const colours = clear($("#die-colours"));
  for (const colour of [...DIE_COLOURS, null]) {
    colours.append(h("button", { type: "button", class: "colour", style: `--die:${dieCss(colour)}`,
      dataset: { colour: colour || "" }, "aria-pressed": String(colour === dialogTarget.color),
      onclick: () => { dialogTarget.color = colour; markPressed(colours, colour || "", "colour"); } },
      colourName(colour)));
  }
  $("#die-dialog").showModal();
  askedChanged();  // outline the die asked
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
  let answered = null;  // the referee's answer, said with "Roll corrected" (see correctedWords)
  const result = target.seq === null
    ? await app.play(async (seen) => (answered = await app.api.post("/api/roll", { dice, seen })),
      () => correctedWords(answered))
    : await app.change(async () => (answered = await app.api.post("/api/corrections",
      { seq: target.seq, version: target.version, dice })), () => correctedWords(answered));
  if (result) app.acted(result);
}

/** "Roll corrected: A rolls 1, 3, 3, 5, 4; allows jump 1": what the corrected roll now allows, in the referee's own
 * words (its last verdict on that roll), not "Roll corrected" alone; that alone when the referee said nothing. */
function correctedWords(answered) {
  const said = ((answered && answered.verdicts) || []).at(-1);
  return said ? t("die.corrected_says", { words: pick(said) }) : t("die.corrected");
}
