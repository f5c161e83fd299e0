// Tesseract's destroyed pile and the tower's last change, as players read them: how many cubes were destroyed, of
// which colours and values, the newest; which cubes the last change to the tower moved, ringed on the drawing.

import { h } from "../../dom.js";
import { addStrings, colourName, t } from "../../i18n.js";
import { cubeFace, cubeText } from "./tess-board.js";

addStrings({
  en: {
    "tess.pile_title": { one: "Destroyed: {n} cube", other: "Destroyed: {n} cubes" },
    "tess.pile_newest": "newest: {cubes}",
    "tess.pile_colour": "{colour} ×{n}",
    "tess.moved": "Dashed ring: the tower's last change, {changes}",
    "tess.moved.removed": "{cube} off\u00a0{column}",
    "tess.moved.placed": "{cube} onto\u00a0{column}",
  },
  fr: {
    "tess.pile_title": { one: "Détruit : {n} cube", other: "Détruits : {n} cubes" },
    "tess.pile_newest": "les derniers : {cubes}",
    "tess.pile_colour": "{colour} ×{n}",
    "tess.moved": "Anneau pointillé : le dernier changement de la tour, {changes}",
    "tess.moved.removed": "{cube} retiré de\u00a0{column}",
    "tess.moved.placed": "{cube} posé en\u00a0{column}",
  },
});

const NEWEST_SAID = 3;
let pileOpen = false; // the pile stays open across redraws once a player opened it

// a cube's colour and value, and a column after its word, kept on one line (« rouge 6 retiré de a3 »)
const unbroken = (c) => cubeText(c, { unbroken: true });

/** The destroyed cubes (the summary's ``destroyed``, in the order destroyed): their count and the newest on the fold,
 * opened a row per colour, each value once with how many of it. Nothing while none is destroyed. */
export function destroyedPile(summary) {
  const pile = summary.destroyed || [];
  if (!pile.length) return null;
  const newest = pile.slice(-NEWEST_SAID).reverse().map(unbroken).join(", ");
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

/** The tower's last change in words, beside the dashed rings drawn for it (the summary's ``last_moved``). */
export function lastMovedLine(moved) {
  if (!moved || !moved.length) return null;
  const changes = moved.map((m) => t(`tess.moved.${m.how}`, { cube: unbroken(m.cube), column: m.column })).join(" · ");
  return h("p", { class: "hint", id: "tess-last-moved" }, t("tess.moved", { changes }));
}
