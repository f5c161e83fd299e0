// What table vision sees, under the camera picture: whether the mat is found (or which anchors to show), the
// pieces the camera sees settled ("the camera sees…", to confirm, never applied from here), and the top-down
// alignment picture (the mat's lines drawn over the frame seen from above).

import { $, clear, h } from "../dom.js";
import { addStrings, pick, t } from "../i18n.js";
import * as lens from "./lens.js";

addStrings({
  en: {
    "vision.mat": "Mat found: all {n} markers seen, {fit}",
    "vision.mat_part": "Mat found: {n} of {total} markers seen, {fit}",
    "vision.fit.close": "a close fit",
    "vision.fit.loose": "a loose fit",
    "vision.kept": "Mat kept while its anchors are covered ({n} in sight)",
    "vision.anchors": "Show the camera the mat's anchor markers (ids {ids}): dice are read, {unplaced}",
    "vision.anchors_tray": "Show the camera the sheet's anchor markers (ids {ids}): meanwhile {dice}",
    "vision.simulated_tray": "The simulated table draws dice on a bare table, with no sheet: {dice}",
    "vision.all_read": "every die in sight is read",
    "vision.not_read": { one: "dice in sight are read, 1 die not read", other: "dice in sight are read, {n} dice not read" },
    "vision.unread": { one: "1 die not read", other: "{n} dice not read" },
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
    "vision.no_picture": "No picture from the camera: neither the mat nor the dice are read until it is back",
    "vision.lens_damaged": "The lens calibration file is damaged: open “Calibrate the lens”, forget the calibration, then calibrate again",
    "vision.other_mat": "This is {mat}; the game is {game}. Nothing is placed on another game's mat: lay this game's mat (Settings → Printable sheets) or start that game; dice are read, {unplaced}",
    "vision.other_mat_tray": "This is {mat}; the game is {game}. Lay this game's sheet (Settings → Printable sheets) or start that game; meanwhile {dice}",
    "vision.former_mat": "This mat was printed before each game's mat had markers of its own: it is read as this game's, but another game's mat printed then would be too. Print it again (Settings → Printable sheets) so the camera can tell",
    "vision.mat_name.free_roll": "the free-roll dice tray",
    "vision.mat_name.tesseract": "the Tesseract mat",
    "vision.mat_name.nexus_keepers": "the Nexus Keepers mat",
    "vision.mat_name.hexors": "the Hexors mat",
    "vision.mat_name.nexus": "the Nexus mat",
    "vision.mat_name.other": "the {game} mat",
  },
  fr: {
    "vision.mat": "Tapis trouvé : ses {n} repères vus, {fit}",
    "vision.mat_part": "Tapis trouvé : {n} repères sur {total} vus, {fit}",
    "vision.fit.close": "calage précis",
    "vision.fit.loose": "calage approximatif",
    "vision.kept": "Tapis gardé pendant que ses repères sont cachés ({n} visibles)",
    "vision.anchors": "Montrez à la caméra les repères du tapis (n° {ids}) : les dés sont lus, {unplaced}",
    "vision.anchors_tray": "Montrez à la caméra les repères de la feuille (n° {ids}) : en attendant, {dice}",
    "vision.simulated_tray": "La table simulée dessine des dés sur une table nue, sans feuille : {dice}",
    "vision.all_read": "tous les dés visibles sont lus",
    "vision.not_read": { one: "les dés visibles sont lus, 1 dé non lu", other: "les dés visibles sont lus, {n} dés non lus" },
    "vision.unread": { one: "1 dé non lu", other: "{n} dés non lus" },
    "vision.unplaced.pieces": "les pièces ne sont pas placées",
    "vision.unplaced.counters": "les pions ne sont pas placés",
    "vision.unplaced.areas": "mais pas la zone où chacun est posé",
    "vision.twice": "Deux autocollants portent le repère {id} : aucun n’est utilisé",
    "vision.error": "Vision du plateau : {message}",
    "vision.sees": "La caméra voit : {pieces}",
    "vision.more": "et {n} de plus",
    "vision.covered": "hors de vue",
    "vision.gone": "plus sur le tapis",
    "vision.doubt": "entre deux cases",
    "vision.unnamed": { one: "une pièce sans nom dans ce jeu", other: "{n} pièces sans nom dans ce jeu" },
    "vision.align": "Alignement de la caméra",
    "vision.align_hint": "Le tapis vu d’en haut : les lignes vertes doivent tomber sur les lignes imprimées.",
    "vision.no_align": "Pas d’image d’alignement : les repères du tapis ne sont pas visibles.",
    "vision.no_picture": "Pas d’image de la caméra : ni le tapis ni les dés ne sont lus avant son retour",
    "vision.lens_damaged": "Le fichier de calibration de l’objectif est endommagé : ouvrez « Calibrer l’objectif », oubliez la calibration, puis calibrez à nouveau",
    "vision.other_mat": "C’est {mat} ; le jeu est {game}. Rien n’est placé sur le tapis d’un autre jeu : posez celui de ce jeu (Réglages → Planches à imprimer) ou lancez cet autre jeu ; les dés sont lus, {unplaced}",
    "vision.other_mat_tray": "C’est {mat} ; le jeu est {game}. Posez la feuille de ce jeu (Réglages → Planches à imprimer) ou lancez cet autre jeu ; en attendant, {dice}",
    "vision.former_mat": "Ce tapis a été imprimé avant que chaque jeu ait ses propres repères : il est lu comme celui de ce jeu, mais le tapis d’un autre jeu imprimé alors le serait aussi. Réimprimez-le (Réglages → Planches à imprimer) pour que la caméra les distingue",
    "vision.mat_name.free_roll": "le plateau à dés du lancer libre",
    "vision.mat_name.tesseract": "le tapis de Tesseract",
    "vision.mat_name.nexus_keepers": "le tapis de Nexus Keepers",
    "vision.mat_name.hexors": "le tapis de Hexors",
    "vision.mat_name.nexus": "le tapis de Nexus",
    "vision.mat_name.other": "le tapis de {game}",
  },
});

// a plane whose anchor corners sit within this mean distance of where it puts them is "a close fit" to a player: a
// fit, never the picture's focus (blurred until dice read wrong, the fit still reads 0.6 px: docs/vision/blur.md)
const CLOSE_FIT_PX = 1;
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
  const simulated = Boolean(app.live.camera && app.live.camera.simulated);
  // the SIMULATED table's dice on a bare table: no mat to align, nor to measure the lens with
  const bare = simulated && !(vision.needs_plane || []).length;
  for (const id of ["#alignment-toggle", "#lens-toggle"]) $(id).hidden = bare;
  if (bare) $("#alignment").hidden = $("#lens").hidden = true;
  lens.update(app);
  lens.note(vision);
  lens.check(app); // a damaged calibration file is said here (live.lens_damaged), not only once its panel is opened
  // the last picture's reading is not what the camera reads now: a camera lost or stuck says so, not "every die
  // in sight is read"
  const blind = app.live.stalled || (app.live.camera && app.live.camera.ok === false);
  // dice the reader found but could not read (shown "?"): not "every die in sight is read"
  const unread = (app.live.dice || []).filter((d) => d.unread).length;
  $("#table-vision-status").textContent = blind ? t("vision.no_picture")
    : !bare && lens.damaged(app) ? t("vision.lens_damaged")
    : statusText(vision, simulated, app.state && app.state.title, unread);
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
 * no anchors to show it): the sheet's hint would ask for what is not there. ``title``: the game played, in both
 * languages. Another game's mat gets no plane (plane_state.other_mat); a mat printed before each game's had its own
 * anchors is read, and said so (plane_state.former_mat). ``unread``: the dice in sight the reader found but could not
 * read: then not "every die in sight is read" but how many are not. */
function statusText(vision, simulated, title, unread) {
  if (vision.error) {  // the server says it in both languages (the system's own error text inside is English)
    return t("vision.error", { message: pick({ en: vision.error, fr: vision.error_fr || vision.error }) });
  }
  const plane = vision.plane_state || {};
  const twice = (vision.duplicates || []).map((id) => t("vision.twice", { id }));
  const needs = vision.needs_plane || [];  // what only the mat's plane places (TableLayout.needs_plane)
  const unplaced = needs.map((n) => t(`vision.unplaced.${n}`)).join(", ");
  const dice = unread ? t("vision.not_read", { n: unread }) : t("vision.all_read");
  let text;
  if (plane.other_mat) {
    const game = pick(title);
    const key = `vision.mat_name.${plane.other_mat.replace(/-/g, "_")}`;
    const mat = t(key) === key ? t("vision.mat_name.other", { game: plane.other_mat }) : t(key);
    text = needs.length ? t("vision.other_mat", { mat, game, unplaced }) : t("vision.other_mat_tray", { mat, game, dice });
  } else if (simulated && !needs.length) {
    // no sheet drawn, so none is found nor kept (a mat's plane kept from the game before is no sheet either)
    text = t("vision.simulated_tray", { dice });
  } else if (plane.state === "none" || plane.state === undefined) {
    const ids = (plane.anchors_missing || []).join(", ");
    text = needs.length ? t("vision.anchors", { ids, unplaced }) : t("vision.anchors_tray", { ids, dice });
  } else if (plane.state === "kept") {
    text = t("vision.kept", { n: (plane.anchors_seen || []).length });
  } else {
    text = matFound(plane);
  }
  const former = plane.former_mat && plane.state !== "none" ? [t("vision.former_mat")] : [];
  const notRead = unread && !text.includes(dice) ? [t("vision.unread", { n: unread })] : [];
  return [text, ...notRead, ...former, ...twice].join(" · ");
}

/** The mat found, as a player reads it: markers seen out of the mat's, and whether the plane fits them closely (a
 * mean corner error within one pixel is "a close fit"; the figure itself, "±0.3 px", meant nothing at the table). */
function matFound(plane) {
  const n = (plane.anchors_seen || []).length;
  const total = n + (plane.anchors_missing || []).length;
  const fit = t(`vision.fit.${(plane.reprojection_px || 0) <= CLOSE_FIT_PX ? "close" : "loose"}`);
  return n >= total ? t("vision.mat", { n, fit }) : t("vision.mat_part", { n, total, fit });
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
