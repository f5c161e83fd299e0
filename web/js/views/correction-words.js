// What a correction changed, in words for History: "die 2: 6 → 4", "die 3: not a die", "a die added: 5". Read from
// the dice the correction replaced, which its entry keeps ("before"), and the dice it set: never guessed.

import { colourName, t } from "../i18n.js";

/** Dice as {value, color, box}: a face typed bare (a number) has no colour. */
function diceOf(list) {
  if (!Array.isArray(list)) return null;
  const dice = list.map((d) => (Number.isInteger(d) ? { value: d } : d));
  return dice.every((d) => d && Number.isInteger(d.value)) ? dice : null;
}

const same = (a, b) => a.value === b.value && (a.color || null) === (b.color || null);
const boxKey = (d) => (Array.isArray(d.box) ? d.box.join(",") : null);
const without = (list, index) => list.filter((_, i) => i !== index);
const alike = (a, b) => a.length === b.length && a.every((d, i) => same(d, b[i]));

/** The changes from ``before`` to ``after``: {changed: i, from, to}, {removed: i} or {removed_die} (one of a run of
 * equal dice: which one is not known), {added}. Dice read by the camera are followed by their place in the picture;
 * dice without one by their order. null when the dice cannot be matched one for one. */
export function diceChanges(before, after) {
  if (before.every(boxKey) && after.every(boxKey)) {
    const left = new Map(after.map((d) => [boxKey(d), d]));
    const out = [];
    before.forEach((d, i) => {
      const now = left.get(boxKey(d));
      left.delete(boxKey(d));
      if (!now) out.push({ removed: i });
      else if (!same(d, now)) out.push({ changed: i, from: d, to: now });
    });
    return [...out, ...[...left.values()].map((d) => ({ added: d }))];
  }
  if (before.length === after.length) {
    return before.flatMap((d, i) => (same(d, after[i]) ? [] : [{ changed: i, from: d, to: after[i] }]));
  }
  if (before.length === after.length + 1) {
    const gone = before.map((_, i) => i).filter((i) => alike(without(before, i), after));
    if (!gone.length) return null;
    return [gone.length === 1 ? { removed: gone[0] } : { removed_die: before[gone[0]] }];
  }
  if (after.length === before.length + 1) {
    const put = after.map((_, i) => i).find((i) => alike(without(after, i), before));
    return put === undefined ? null : [{ added: after[put] }];
  }
  return null;
}

/** "6", or "red 6" where the colour is known and ``coloured``. */
function face(die, coloured) {
  return coloured && die.color ? `${colourName(die.color)}\u00a0${die.value}` : String(die.value);
}

/** One change in words. */
function changeWords(change) {
  if (change.added) return t("correction.added", { die: face(change.added, true) });
  if (change.removed_die) return t("correction.removed_die", { die: face(change.removed_die, true) });
  if (change.removed !== undefined) return t("correction.removed", { n: change.removed + 1 });
  const coloured = (change.from.color || null) !== (change.to.color || null);
  return t("correction.changed", { n: change.changed + 1, from: face(change.from, coloured),
    to: face(change.to, coloured) });
}

/** What a correction entry's event changed, in words ("die 2: 6 → 4; die 3: not a die"); a correction that kept
 * no dice before it (journaled before it did) or whose dice cannot be matched says the dice it set. */
export function correctionWords(event) {
  const before = diceOf(event.before);
  const after = diceOf(event.dice);
  if (!after) return "";
  const changes = before ? diceChanges(before, after) : null;
  if (changes === null) return t("correction.now", { dice: after.map((d) => face(d, true)).join(", ") });
  if (!changes.length) return t("correction.none");
  return changes.map(changeWords).join("; ");
}
