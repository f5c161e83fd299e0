// What table vision sees, under the camera picture: whether the mat is found (or which anchors to show), the
// pieces the camera sees settled ("the camera sees…", to confirm, never applied from here), and the top-down
// alignment picture (the mat's lines drawn over the frame seen from above).

import { $, clear, h } from "../dom.js";
import { addStrings, formatNumber, pick, t } from "../i18n.js";
import * as lens from "./lens.js";

addStrings({
  en: {
    "vision.mat": "Mat found: {n} anchors in sight, ±{px} px",
    "vision.kept": "Mat kept while its anchors are covered ({n} in sight)",
    "vision.anchors": "Show the camera the mat's anchor markers (ids {ids}): dice are read, {unplaced}",
    "vision.anchors_tray": "Show the camera the sheet's anchor markers (ids {ids}): meanwhile every die in sight is read",
    "vision.simulated_tray": "The simulated table draws dice on a bare table, with no sheet: every die in sight is read",
    "vision.unplaced.pieces": "pieces are not placed",
    "vision.unplaced.counters": "counters are not placed",
    "vision.unplaced.areas": "but not the area each lies in",
    "vision.twice": "Two stickers carry marker {id}: neither is used",
    "vision.error": "Table vision: {message}",
    "vision.sees": "The camera sees: {pieces}",
    "vision.more": "and {n} more",
    "vision.covered": "covered",
    "vision.gone": "gone",
    "vision.doubt": "between two cells",
    "vision.unnamed": { one: "a piece this game has no name for", other: "{n} pieces this game has no name for" },
    "vision.align": "Camera alignment",
    "vision.align_hint": "The mat seen from above: the green lines must sit on the printed ones.",
    "vision.no_align": "No alignment picture: the mat's anchors are not in sight.",
  },
  fr: {
    "vision.mat": "Tapis trouvé : {n} repères visibles, ±{px} px",
    "vision.kept": "Tapis gardé pendant que ses repères sont cachés ({n} visibles)",
    "vision.anchors": "Montrez à la caméra les repères du tapis (n° {ids}) : les dés sont lus, {unplaced}",
    "vision.anchors_tray": "Montrez à la caméra les repères de la feuille (n° {ids}) : en attendant, tous les dés visibles sont lus",
    "vision.simulated_tray": "La table simulée dessine des dés sur une table nue, sans feuille : tous les dés visibles "
      + "sont lus",
    "vision.unplaced.pieces": "les pièces ne sont pas placées",
    "vision.unplaced.counters": "les pions ne sont pas placés",
    "vision.unplaced.areas": "mais pas la zone où chacun est posé",
    "vision.twice": "Deux autocollants portent le repère {id} : aucun n'est utilisé",
    "vision.error": "Vision du plateau : {message}",
    "vision.sees": "La caméra voit : {pieces}",
    "vision.more": "et {n} de plus",
    "vision.covered": "caché",
    "vision.gone": "retiré",
    "vision.doubt": "entre deux cases",
    "vision.unnamed": { one: "une pièce sans nom dans ce jeu", other: "{n} pièces sans nom dans ce jeu" },
    "vision.align": "Alignement de la caméra",
    "vision.align_hint": "Le tapis vu d'en haut : les lignes vertes doivent tomber sur les lignes imprimées.",
    "vision.no_align": "Pas d'image d'alignement : les repères du tapis ne sont pas visibles.",
  },
});

const SHOWN_PIECES = 8;
let alignedFrame = null;

export function init(app) {
  $("#alignment-toggle").addEventListener("click", () => {
    const figure = $("#alignment");
    figure.hidden = !figure.hidden;
    $("#alignment-toggle").setAttribute("aria-pressed", String(!figure.hidden));
    alignedFrame = null;
    update(app);
  });
  const img = $("#alignment-img");
  img.addEventListener("load", () => { $("#alignment-caption").textContent = t("vision.align_hint"); });
  img.addEventListener("error", () => { $("#alignment-caption").textContent = t("vision.no_align"); });
  lens.init(app);
}

/** Redraw from ``app.live.table`` (this frame) and ``app.state.camera_board`` (the last settled board). */
export function update(app) {
  const vision = app.live && app.live.table;
  const box = $("#table-vision");
  box.hidden = !vision;
  if (!vision) return;
  lens.update();
  lens.note(vision);
  $("#table-vision-status").textContent = statusText(vision, Boolean(app.live.camera && app.live.camera.simulated));
  const seen = $("#table-vision-board");
  clear(seen);
  const pieces = Object.entries((app.state && app.state.camera_board) || {});
  seen.hidden = pieces.length === 0;
  const names = (app.state && app.state.camera_names) || {};
  if (pieces.length) seen.append(h("span", {}, t("vision.sees", { pieces: describe(pieces, names) })));
  const figure = $("#alignment");
  if (!figure.hidden && app.live.frame !== alignedFrame) {
    alignedFrame = app.live.frame;
    $("#alignment-img").src = `/api/table/top-down.jpg?frame=${app.live.frame}`;
  }
}

/** ``simulated``: the SIMULATED table, which draws the dice of a game without a mat on a bare table (no tray sheet,
 * no anchors to show it): the sheet's hint would ask for what is not there. */
function statusText(vision, simulated) {
  if (vision.error) return t("vision.error", { message: vision.error });
  const plane = vision.plane_state || {};
  const twice = (vision.duplicates || []).map((id) => t("vision.twice", { id }));
  const needs = vision.needs_plane || [];  // what only the mat's plane places (TableLayout.needs_plane)
  let text;
  if (simulated && !needs.length) {
    // no sheet drawn, so none is found nor kept (a mat's plane kept from the game before is no sheet either)
    text = t("vision.simulated_tray");
  } else if (plane.state === "none" || plane.state === undefined) {
    const ids = (plane.anchors_missing || []).join(", ");
    text = needs.length ? t("vision.anchors", { ids, unplaced: needs.map((n) => t(`vision.unplaced.${n}`)).join(", ") })
      : t("vision.anchors_tray", { ids });
  } else if (plane.state === "kept") {
    text = t("vision.kept", { n: (plane.anchors_seen || []).length });
  } else {
    text = t("vision.mat", { n: (plane.anchors_seen || []).length, px: formatNumber(plane.reprojection_px || 0, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  }
  return [text, ...twice].join(" · ");
}

/** Each piece in the game's words where it gives them (``camera_names``: "Yugi on d5"); the others counted as pieces
 * the game has no name for: never a sticker's id or a mat cell's numbers. */
function describe(pieces, names) {
  const shown = pieces.slice(0, SHOWN_PIECES);
  const words = shown.filter(([name]) => names[name]).map(([name, piece]) => {
    const named = pick(names[name]);
    if (piece.status === "gone") return `${named} (${t("vision.gone")})`;
    const notes = [];
    if (piece.status === "occluded") notes.push(t("vision.covered"));
    if (piece.uncertain) notes.push(t("vision.doubt"));
    return `${named}${notes.length ? ` (${notes.join(", ")})` : ""}`;
  });
  const unnamed = shown.filter(([name]) => !names[name]).length;
  if (unnamed) words.push(t("vision.unnamed", { n: unnamed }));
  if (pieces.length > SHOWN_PIECES) words.push(t("vision.more", { n: pieces.length - SHOWN_PIECES }));
  return words.join(", ");
}
