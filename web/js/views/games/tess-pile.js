// Tesseract's destroyed pile and the last change, as players read them: how many cubes were destroyed, of which
// colours and values, the newest; which cubes the last change moved: off or onto a column, ringed on the drawing, or
// destroyed from a lab or the priming zone, said under the tower and marked "just now" in the pile.

import { h } from "../../dom.js";
import { addStrings, colourName, t } from "../../i18n.js";
import { cubeFace, cubeText } from "./tess-board.js";

addStrings({
  en: {
    "tess.pile_title": { one: "Destroyed: {n} cube", other: "Destroyed: {n} cubes" },
    "tess.pile_newest": "newest: {cubes}",
    "tess.pile_colour": "{colour} ×{n}",
    "tess.moved": "Dashed ring: the tower's last change, {changes}",
    "tess.moved_also": "Dashed ring: the last change, {changes}",
    "tess.moved_off_tower": "Last change: {changes}",
    "tess.moved.removed": "{cube} off\u00a0{column}",
    "tess.moved.placed": "{cube} onto\u00a0{column}",
    "tess.moved.destroyed.lab": "{cube} destroyed from {name}'s lab",
    "tess.moved.destroyed.priming": "{cube} destroyed from the priming zone",
    "tess.pile_just_now": "{cube} (just now)",
  },
  fr: {
    "tess.pile_title": { one: "Détruit : {n} cube", other: "Détruits : {n} cubes" },
    "tess.pile_newest": "les derniers : {cubes}",
    "tess.pile_colour": "{colour} ×{n}",
    "tess.moved": "Anneau pointillé : le dernier changement de la tour, {changes}",
    "tess.moved_also": "Anneau pointillé : le dernier changement, {changes}",
    "tess.moved_off_tower": "Dernier changement : {changes}",
    "tess.moved.removed": "{cube} retiré de\u00a0{column}",
    "tess.moved.placed": "{cube} posé en\u00a0{column}",
    "tess.moved.destroyed.lab": "{cube} détruit dans le labo de {name}",
    "tess.moved.destroyed.priming": "{cube} détruit dans la zone d’amorçage",
    "tess.pile_just_now": "{cube} (à l’instant)",
  },
});

const NEWEST_SAID = 3;
let pileOpen = false; // the pile stays open across redraws once a player opened it

/** The summary's ``last_moved`` as changes {how, cube, column} or {how, cube, zone, scientist}: it is sent as short
 * lists, [how, where, colour, value, scientist?] (where: the column, or the zone a destroyed cube left). */
export function movedChanges(sent) {
  return (sent || []).map(([how, where, color, value, scientist]) => ({ how, cube: { color, value },
    ...(how === "destroyed" ? { zone: where, scientist } : { column: where }) }));
}

// a cube's colour and value, and a column after its word, kept on one line (« rouge 6 retiré de a3 »)
const unbroken = (c) => cubeText(c, { unbroken: true });

/** The destroyed cubes (the summary's ``destroyed``, in the order destroyed): their count and the newest on the fold,
 * opened a row per colour, each value once with how many of it. Nothing while none is destroyed. */
export function destroyedPile(summary) {
  const pile = summary.destroyed || [];
  if (!pile.length) return null;
  // the cubes the last change destroyed from a lab or the priming zone are the pile's newest: marked "just now"
  const justNow = movedChanges(summary.last_moved).filter((m) => m.how === "destroyed").map((m) => m.cube);
  const newest = pile.slice(-NEWEST_SAID).reverse().map((c) => {
    const at = justNow.findIndex((j) => j.color === c.color && j.value === c.value);
    if (at < 0) return unbroken(c);
    justNow.splice(at, 1);
    return t("tess.pile_just_now", { cube: unbroken(c) });
  }).join(", ");
  const colours = [...new Set([...(summary.colours || []), ...pile.map((c) => c.color)])];
  const rows = colours.map((colour) => {
    const cubes = pile.filter((c) => c.color === colour);
    if (!cubes.length) return null;
    const values = [1, 2, 3, 4, 5, 6].map((value) => [value, cubes.filter((c) => c.value === value).length])
      .filter(([, n]) => n);
    return h("div", { class: "pile-row", dataset: { colour, count: String(cubes.length) } },
      h("span", { class: "pile-colour" }, t("tess.pile_colour", { colour: colourName(colour), n: cubes.length })),
      h("span", { class: "pile-values" }, values.map(([value, n]) => cubeFace({ color: colour, value }, n))));
  });
  return h("details", { class: "card", id: "tess-destroyed", dataset: { count: String(pile.length) },
    open: pileOpen || undefined, ontoggle: (event) => { pileOpen = event.target.open; } },
  h("summary", {}, h("span", {}, t("tess.pile_title", { n: pile.length }), " ",
    h("small", { class: "pile-newest" }, t("tess.pile_newest", { cubes: newest })))),
  rows);
}

/** The last change in words (the summary's ``last_moved`` as ``movedChanges`` reads it): the tower's, beside the
 * dashed rings drawn for it, and the cubes it destroyed from a lab or the priming zone, which leave no mark on the
 * tower. */
export function lastMovedLine(moved) {
  if (!moved || !moved.length) return null;
  const said = (m) => (m.how === "destroyed"
    ? t(`tess.moved.destroyed.${m.zone}`, { cube: unbroken(m.cube), name: m.scientist })
    : t(`tess.moved.${m.how}`, { cube: unbroken(m.cube), column: m.column }));
  const ringed = moved.some((m) => m.column);
  const head = !ringed ? "tess.moved_off_tower" : moved.every((m) => m.column) ? "tess.moved" : "tess.moved_also";
  return h("p", { class: "hint", id: "tess-last-moved", dataset: { ringed: String(ringed) } },
    t(head, { changes: moved.map(said).join(" · ") }));
}
