// "Calibrate the lens" on the camera screen: photos of the mat taken from what the camera sees (the mat moved or
// turned between them), then Fit: the companion measures the lens's distortion, keeps it and says how much closer
// the mat's markers now fit (/api/lens in docs/web.md). Forget removes it. Under the camera's status, what the
// service said when the lens no longer fitted: measured again from the mat, or that it may need calibrating.

import { ApiError, idempotencyKey } from "../api.js";
import { $, clear, h } from "../dom.js";
import { addStrings, formatNumber, pick, t } from "../i18n.js";
import * as settingsView from "./settings.js";

addStrings({
  en: {
    "lens.title": "Calibrate the lens",
    "lens.step1": "Lay pieces with stickers across the mat, out to its edges, the whole mat in sight.",
    "lens.step2": "Take a photo, move or turn the mat a little, take another: 2 photos or more.",
    "lens.step3": "Then Fit: the companion measures how the lens bends and corrects every position.",
    "lens.photo": "Take a photo",
    "lens.fit": "Fit",
    "lens.start_over": "Start over",
    "lens.forget": "Forget the calibration",
    "lens.none": "Not calibrated: positions assume a lens that does not bend.",
    "lens.kept": "Calibrated from {photos} photos: the markers' corners fit the mat within {after} px ({before} px without correction).",
    "lens.photos": { one: "{n} photo taken, {needed} needed.", other: "{n} photos taken, {needed} needed." },
    "lens.photo_taken": "Photo {n} kept: {anchors} anchors and {stickers} stickers in sight. Now move or turn the mat.",
    "lens.same_view": "Photo {n} kept, but nothing moved since the last one: move or turn the mat before the next.",
    "lens.started_over": "Photos dropped.",
    "lens.error.no_frame": "The camera sends no picture: nothing to photograph.",
    "lens.error.moving": "Something is moving over the mat: take the photo with hands off the table.",
    "lens.error.no_mat": "The whole mat is not in sight: at least 3 of its anchors must be seen. Nothing was kept.",
    "lens.error.too_few_photos": "Take at least {needed} photos, moving or turning the mat between them.",
    "lens.error.no_better": "The correction would be no better than none, so nothing was saved (the lens bends little, or the photos show too few stickers near the edges). The photos are kept.",
    "lens.error.cannot_fit": "These photos cannot measure the lens: lay stickers across the mat, out to its edges, keep every anchor in sight. The photos are kept.",
    "lens.error.enough_photos": "Enough photos: fit the lens, or start over.",
    "lens.error.table_off": "Table vision is off: there is no mat to measure the lens with.",
    "lens.error.damaged_lens": "The lens calibration file is damaged: forget the calibration, then calibrate again.",
    "lens.error.no_lens": "No calibration is kept.",
    "lens.error.cannot_save": "The companion's card refused the write: nothing was saved, what you had is kept. Try again (companion doctor checks the card).",
    "lens.error.cannot_read": "The companion's card would not give the lens calibration back (it may be failing): nothing is lost, try again in a moment.",
    "lens.error.other": "Not done: {message}",
    "lens.error.network": "The companion did not answer: try again.",
    "lens.pin": "Enter the table PIN to calibrate the lens.",
  },
  fr: {
    "lens.title": "Calibrer l’objectif",
    "lens.step1": "Posez des pièces avec autocollants sur tout le tapis, jusqu’aux bords, le tapis entier visible.",
    "lens.step2": "Prenez une photo, déplacez ou tournez un peu le tapis, prenez-en une autre : 2 photos ou plus.",
    "lens.step3": "Puis Ajuster : le compagnon mesure la déformation de l’objectif et corrige chaque position.",
    "lens.photo": "Prendre une photo",
    "lens.fit": "Ajuster",
    "lens.start_over": "Recommencer",
    "lens.forget": "Oublier la calibration",
    "lens.none": "Non calibré : les positions supposent un objectif qui ne déforme pas.",
    "lens.kept": "Calibré sur {photos} photos : les coins des repères tombent à {after} px près sur le tapis ({before} px sans correction).",
    "lens.photos": { one: "{n} photo prise, {needed} nécessaires.", other: "{n} photos prises, {needed} nécessaires." },
    "lens.photo_taken": "Photo {n} gardée : {anchors} repères et {stickers} autocollants visibles. Déplacez ou tournez maintenant le tapis.",
    "lens.same_view": "Photo {n} gardée, mais rien n’a bougé depuis la précédente : déplacez ou tournez le tapis avant la suivante.",
    "lens.started_over": "Photos supprimées.",
    "lens.error.no_frame": "La caméra n’envoie pas d’image : rien à photographier.",
    "lens.error.moving": "Quelque chose bouge au-dessus du tapis : prenez la photo sans les mains sur la table.",
    "lens.error.no_mat": "Le tapis n’est pas entièrement visible : au moins 3 de ses repères doivent être vus. Rien n’a été gardé.",
    "lens.error.too_few_photos": "Prenez au moins {needed} photos, en déplaçant ou tournant le tapis entre elles.",
    "lens.error.no_better": "La correction ne ferait pas mieux que rien, donc rien n’a été enregistré (l’objectif déforme peu, ou les photos montrent trop peu d’autocollants près des bords). Les photos sont gardées.",
    "lens.error.cannot_fit": "Ces photos ne permettent pas de mesurer l’objectif : posez des autocollants sur tout le tapis, jusqu’aux bords, tous les repères visibles. Les photos sont gardées.",
    "lens.error.enough_photos": "Assez de photos : ajustez l’objectif, ou recommencez.",
    "lens.error.table_off": "La vision du plateau est désactivée : pas de tapis pour mesurer l’objectif.",
    "lens.error.damaged_lens": "Le fichier de calibration de l’objectif est endommagé : oubliez la calibration, puis calibrez à nouveau.",
    "lens.error.no_lens": "Aucune calibration n’est gardée.",
    "lens.error.cannot_save": "La carte du compagnon a refusé l’écriture : rien n’a été enregistré, ce que vous aviez est gardé. Réessayez (companion doctor vérifie la carte).",
    "lens.error.cannot_read": "La carte du compagnon n’a pas rendu la calibration de l’objectif (elle est peut-être défaillante) : rien n’est perdu, réessayez dans un instant.",
    "lens.error.other": "Pas fait : {message}",
    "lens.error.network": "Le compagnon n’a pas répondu : réessayez.",
    "lens.pin": "Entrez le code de la table pour calibrer l’objectif.",
  },
});

let state = null;  // the last answer of /api/lens
let said = null;   // what the panel says about the last action: {kind, key, vars} or {kind, text: {en, fr}}

export function init(app) {
  $("#lens-toggle").addEventListener("click", async () => {
    const panel = $("#lens");
    panel.hidden = !panel.hidden;
    $("#lens-toggle").setAttribute("aria-pressed", String(!panel.hidden));
    if (!panel.hidden) {
      if (damaged(app)) state = null;  // what was read before the service found the file damaged is no longer held
      const reading = refresh(app);  // (it notes what the live view says before it waits)
      update(app);  // at once: not what the panel showed when last open
      await reading;
    }
  });
  $("#lens-photo").addEventListener("click", () => act(app, "POST", "/api/lens/photos", (data) => {
    const photo = data.photos.at(-1);
    const n = data.photos.length;
    return { kind: photo.same_view ? "warning" : "ok", key: photo.same_view ? "lens.same_view" : "lens.photo_taken",
      vars: { n, anchors: photo.anchors, stickers: photo.stickers } };
  }));
  $("#lens-fit").addEventListener("click", () => act(app, "POST", "/api/lens/fit",
    (data) => ({ kind: "ok", text: data.result })));
  $("#lens-start-over").addEventListener("click", () => act(app, "DELETE", "/api/lens/photos",
    () => ({ kind: "ok", key: "lens.started_over" })));
  $("#lens-forget").addEventListener("click", () => act(app, "DELETE", "/api/lens",
    (data) => ({ kind: "ok", text: data.result })));
}

let changes = 0; // bumped when a change is sent and when it is answered (``act``)

async function refresh(app) {
  toldDamaged = damaged(app);
  const asked = changes;
  let got;
  let refused = null;
  try {
    got = await app.api.get("/api/lens");
  } catch (err) {
    refused = err;
  }
  if (asked !== changes) return;  // read around a change: the change's answer is newer (a forget after a 409)
  if (refused) {
    said = refusal(refused);
    if (said.key === "lens.error.damaged_lens") state = null;  // the service holds no readable state: show none
  } else {
    state = got;
    if (said && said.key === "lens.error.damaged_lens") said = null;  // read whole now: forgotten elsewhere
  }
  update(app);
}

let checked = false;

/** Ask once, when the mat's status is first shown, whether the kept calibration can be read: the service, finding it
 * damaged, says so in every phone's live view, so the status line says it at once, not only once the panel is
 * opened. */
export async function check(app) {
  if (checked) return;
  checked = true;
  await refresh(app);
}

/** The kept calibration file cannot be read: the service said so in the live view, as of the camera's other facts
 * (it finds it building the mat's stage, reading a game's mat, or answering a lens panel; a forget clears it). */
export function damaged(app) {
  return Boolean(app && app.live && app.live.lens_damaged);
}
let toldDamaged = false; // what the live view said when the open panel last asked

/** One change; the PIN is asked for once when this phone has not entered it. */
async function act(app, method, path, saying, retried = false) {
  const buttons = document.querySelectorAll("#lens button");
  buttons.forEach((b) => { b.disabled = true; });
  changes += 1;
  try {
    const answer = await app.api.request(method, path, undefined, false, idempotencyKey());
    changes += 1;
    state = answer;
    said = saying(state);
  } catch (err) {
    changes += 1;
    if (err instanceof ApiError && err.status === 401 && !retried) {
      buttons.forEach((b) => { b.disabled = false; });
      if (await settingsView.askPin(app)) return act(app, method, path, saying, true);
      said = { kind: "error", key: "lens.pin" };
    } else {
      said = refusal(err);
      if (said.key === "lens.error.damaged_lens") state = null;
      if (err.status === 422 || err.status === 409) await refresh(app);
    }
  } finally {
    buttons.forEach((b) => { b.disabled = false; });
  }
  update(app);
  return null;
}

function refusal(err) {
  if (!err.status) return { kind: "error", key: "lens.error.network" };
  const fault = `error.cannot_save.${(err.extra || {}).fault}`;  // the card's fault, and what mends it
  if (err.code === "cannot_save" && t(fault) !== fault) return { kind: "error", key: fault };
  const key = `lens.error.${err.code}`;
  return t(key) !== key ? { kind: "error", key, vars: { needed: (state && state.photos_needed) || 2 } }
    : { kind: "error", key: "lens.error.other", vars: { message: err.message } };
}

/** What the service's lens watch says on this frame (``vision.lens``: its note, in English and French), if anything. */
export function note(vision) {
  const line = $("#lens-note");
  if (!line) return;
  const said = vision && vision.lens;
  line.hidden = !said;
  line.textContent = said ? pick(said.text) : "";
  line.dataset.kind = said ? said.state : "";
}

/** Redraw the panel in the page's language (also after the language is switched). */
export function update(app) {
  const panel = $("#lens");
  if (!panel || panel.hidden) return;
  if (app && damaged(app) !== toldDamaged) {  // the service found the file damaged, or it was forgotten elsewhere
    toldDamaged = damaged(app);
    if (toldDamaged) state = null;
    refresh(app);  // asked once per change, not polled: it draws the panel again when answered
  }
  const lens = state && state.lens;
  const px = (x) => formatNumber(x, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  $("#lens-kept").textContent = !state ? "" : lens
    ? t("lens.kept", { photos: lens.photos, after: px(lens.residual_px), before: px(lens.residual_before_px) })
    : t("lens.none");
  const broken = Boolean(said && said.key === "lens.error.damaged_lens");
  $("#lens-forget").hidden = !lens && !broken;
  // a damaged calibration file refuses photos and fits: forgetting it is the one thing to do
  for (const part of ["#lens .lens-steps", "#lens-photo", "#lens-fit"]) $(part).hidden = broken;
  const photos = state ? state.photos.length : 0;
  $("#lens-photos").textContent = state ? t("lens.photos", { n: photos, needed: state.photos_needed }) : "";
  $("#lens-start-over").hidden = photos === 0;
  // the next step stands out: "Take a photo" until there are enough (Fit stood out from the first, and answered
  // "take at least 2 photos"), then Fit
  const enough = Boolean(state) && photos >= state.photos_needed;
  $("#lens-photo").classList.toggle("primary", !enough);
  $("#lens-fit").classList.toggle("primary", enough);
  const message = $("#lens-message");
  message.textContent = !said ? "" : said.text ? pick(said.text) : t(said.key, said.vars || {});
  message.dataset.kind = said ? said.kind : "";
  const advice = clear($("#lens-advice"));
  const watch = state && state.watch ? [state.watch.text] : [];
  for (const line of [...watch, ...((state && state.advice) || [])]) advice.append(h("li", {}, pick(line)));
}
