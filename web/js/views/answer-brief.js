// Verdicts whose tail the board lists already: Nexus Keepers' roll, reroll or power die ends with every combination
// of actions the dice allow (a dozen after a power die, the answer then taller than the board's rows beside it),
// listed under the dice as "Left this turn" (``where``). Said up to ``cut``, with where to read the rest; the
// Verdicts and History tabs keep the whole sentence. The answer beside the finger (answer.js) leaves seen that list
// and what the verdict is about (``about``: the dice, what each face allows); where no place near the finger does
// (a 360 x 657 phone: the dice and both lists are taller than the screen between its bars), the view's ``room``, an
// empty band under the dice, opens to the answer's height and the answer lies in it.

import { addStrings, pick, t } from "../i18n.js";

addStrings({
  en: { "answer.allows_below": "{said}; what it allows: “Left this turn”, under the dice" },
  fr: { "answer.allows_below": "{said} ; ce qu’il permet : « Reste pour ce tour », sous les dés" },
});

const BRIEF = { "nk.roll": { cut: /; allows |\s;\spermet\s:\s/, where: "#nk-allows",  // French spaces no-break
  about: ["#nk-dice .dice-row", "#nk-dice .groups"], room: "#nk-answer-room" } };

/** A verdict's words for the answer beside the finger: briefly, where its tail is listed on the board. */
export function brief(v) {
  const text = pick(v);
  const rule = BRIEF[v.rule];
  if (!rule || !document.querySelector(rule.where)) return text;
  const at = text.search(rule.cut);
  return at > 0 ? t("answer.allows_below", { said: text.slice(0, at) }) : text;
}

/** What an answer saying ``verdicts`` must leave seen: the list it points to and what it is about (selectors). */
export function keptSeen(verdicts) {
  const rule = (verdicts || []).map((v) => BRIEF[v.rule]).find(Boolean);
  return rule ? [rule.where, ...rule.about] : [];
}

/** The room a view keeps for an answer saying ``verdicts`` (a selector), or null. */
export function roomFor(verdicts) {
  const rule = (verdicts || []).map((v) => BRIEF[v.rule]).find(Boolean);
  return rule ? rule.room : null;
}

/** The room ``css`` shut: the places beside the finger are measured without it. */
export function shutRoom(css) {
  const room = css && document.querySelector(css);
  if (room) room.style.height = "";
}

/** Open the room ``css`` to hold a box ``height`` px high with ``gap`` px above and below it; the page top where the
 * box then goes, or null (the room shut again) where there is no room drawn or the box in it would not be ``seen``
 * (a function of its page top). */
export function openRoom(css, height, gap, seen) {
  const room = css && document.querySelector(css);
  if (!room || !room.getClientRects().length) return null;
  room.style.height = `${Math.ceil(height + 2 * gap)}px`;
  const top = room.getBoundingClientRect().top + scrollY + gap;
  if (seen(top)) return top;
  shutRoom(css);
  return null;
}

/** The rectangles of ``kept`` (keptSeen's selectors) that the box ``r`` (viewport coordinates) lies over, each
 * marked ``pointed``, the list pointed to (the first) also ``where``. */
export function keptUnder(kept, r) {
  return kept.flatMap((css, i) => [...document.querySelectorAll(css)].map((el) => [el.getBoundingClientRect(), !i]))
    .filter(([c]) => c.width && c.height && c.left < r.right && c.right > r.left && c.top < r.bottom
      && c.bottom > r.top)
    .map(([c, where]) => ({ left: c.left, top: c.top, right: c.right, bottom: c.bottom, pointed: true, where }));
}

/** The viewport rectangle around all of ``kept`` that is drawn; null when none is. */
export function keptBounds(kept) {
  const all = kept.flatMap((css) => [...document.querySelectorAll(css)]).map((el) => el.getBoundingClientRect())
    .filter((c) => c.width && c.height);
  return all.length ? { top: Math.min(...all.map((c) => c.top)), bottom: Math.max(...all.map((c) => c.bottom)) } : null;
}
