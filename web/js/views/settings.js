// Settings (language, join QR code, PIN, printable sheets), the join screen, and the PIN dialog.

import { $, clear, h } from "../dom.js";
import { addStrings, pick, t } from "../i18n.js";
import { cannotSave } from "./answer.js";
import { hasView } from "./games/index.js";
import * as profileView from "./profile.js";

addStrings({
  // the SIMULATED table is no camera: said as such, not "working (SIMULATED table (no camera))"; it draws the whole
  // table (cards, tiles, keepers, counters, dice), as the banner says: "draws the dice" over Nexus had none
  en: { "settings.camera_simulated": "none: the SIMULATED table is drawn, not seen",
    "settings.light_none": "This camera sets its own exposure and white balance: only the Pi camera's can be "
      + "measured again.",
    "settings.sheets_game": "Game", "settings.camera_none_board": "none: play by tapping the board",
    "settings.pin_current_missing": "Type the current PIN first: the PIN is unchanged.",
    "settings.pin_new_form": "The new PIN must be 4 to 12 digits, nothing else: the PIN is unchanged." },
  fr: { "settings.camera_simulated": "aucune : la table SIMULÉE est dessinée, pas vue",
    "settings.light_none": "Cette caméra règle elle-même son exposition et sa balance des blancs : seules celles de "
      + "la caméra du Pi se mesurent de nouveau.",
    "settings.sheets_game": "Jeu", "settings.camera_none_board": "aucune : jouez en touchant le plateau",
    "settings.pin_current_missing": "Saisissez d’abord le code actuel : le code n’a pas changé.",
    "settings.pin_new_form": "Le nouveau code doit compter de 4 à 12 chiffres, rien d’autre : le code n’a pas changé." },
});

const DISPLAY_KEY = "companion.display";
const PIN_FORM = /^[0-9]{4,12}$/;  // a table PIN as the companion takes it (openapi.json's PinChangeRequest.new)
let pinSaid = null;  // what the PIN form last said, as words to say again in the language switched to (render)

/** Say ``words()`` under the PIN form, and again in the new language after a switch. */
function sayPin(words) {
  pinSaid = words;
  $("#pin-change-message").textContent = words();
}

/** The large "table display" (a tablet propped up at the table): bigger text, the board beside its pieces. */
export function applyDisplay(mode) {
  document.body.dataset.display = mode === "table" ? "table" : "phone";
  $("#display-toggle").setAttribute("aria-pressed", String(mode === "table"));
}

export function init(app) {
  profileView.init(app);
  let saved = null;
  try { saved = localStorage.getItem(DISPLAY_KEY); } catch (_) { /* private browsing */ }
  applyDisplay(saved);
  $("#display-toggle").addEventListener("click", () => {
    const mode = document.body.dataset.display === "table" ? "phone" : "table";
    try { localStorage.setItem(DISPLAY_KEY, mode); } catch (_) { /* private browsing */ }
    applyDisplay(mode);
  });
  $("#join-button").addEventListener("click", () => app.join());
  $("#join-pin-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await login(app, $("#join-pin"), $("#join-pin-message"))) app.join();
  });
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => app.switchLanguage(button.dataset.lang));
  }
  $("#sheets-paper").addEventListener("change", () => sheetsLink(app));
  $("#sheets-game").addEventListener("change", () => {
    sheets.chosen = $("#sheets-game").value === tableGame(app) ? null : $("#sheets-game").value;
    sheetsLink(app);
  });
  $("#light-measure").addEventListener("click", () => measureLight(app));
  $("#pin-unlock").addEventListener("click", async () => { await askPin(app); render(app); });
  $("#pin-lock").addEventListener("click", async () => {
    await app.change(() => app.api.logout());
    render(app);
  });
  // A phone lost or a guest gone home: every sign-in ends on the companion, copies of cookies included.
  $("#pin-end-all").addEventListener("click", async () => {
    await app.change(() => app.api.endAllSessions(), () => t("settings.end_all_done"));
    render(app);
  });
  $("#pin-change-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    // said here, not sent: the companion's refusal of a malformed PIN is its schema's ("body.new: '12' does not ...")
    const unsent = !$("#pin-current").value ? ["settings.pin_current_missing", "#pin-current"]
      : !PIN_FORM.test($("#pin-new").value) ? ["settings.pin_new_form", "#pin-new"] : null;
    if (unsent) {
      sayPin(() => t(unsent[0]));
      $(unsent[1]).focus();
      return;
    }
    try {
      await app.api.changePin($("#pin-current").value, $("#pin-new").value);
      $("#pin-current").value = "";
      $("#pin-new").value = "";
      sayPin(() => t("settings.pin_changed"));
    } catch (err) {
      sayPin(() => (err.status === 401 ? t("pin.required") : pinError(err)));
    }
    render(app);
  });
}

function pinError(err) {
  if (err.status === 429) return t("pin.wait", { seconds: err.extra.retry_after ?? 60 });
  if (err.code === "wrong_pin") return t("pin.wrong", { left: err.extra.attempts_left ?? 0 });
  if (err.code === "cannot_save") return cannotSave(err);  // the card's fault, and what mends it
  return err.status ? t("error.generic", { message: err.message }) : t("error.network");
}

/** Try the PIN typed in ``input``; report in ``message``. True when this phone is now unlocked. */
async function login(app, input, message) {
  try {
    await app.api.login(input.value);
    input.value = "";
    message.textContent = "";
    app.toast(() => t("pin.ok"), "ok", "#turn .game-title, #pin-status"); // the game this phone may now change
    app.readInfo(); // a notice that phones must enter the PIN again may be over
    return true;
  } catch (err) {
    message.textContent = pinError(err);
    return false;
  }
}

/** Ask for the table PIN in a dialog; resolves true once it is accepted, false if cancelled. */
export function askPin(app) {
  const dialog = $("#pin-dialog");
  const form = $("#pin-form");
  const input = $("#pin-input");
  $("#pin-message").textContent = "";
  return new Promise((resolve) => {
    const finish = (ok) => {
      form.removeEventListener("submit", onSubmit);
      $("#pin-cancel").removeEventListener("click", onCancel);
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
      resolve(ok);
    };
    const onSubmit = async (event) => {
      event.preventDefault();
      if (await login(app, input, $("#pin-message"))) finish(true);
    };
    const onCancel = (event) => { event.preventDefault(); finish(false); };
    form.addEventListener("submit", onSubmit);
    $("#pin-cancel").addEventListener("click", onCancel);
    dialog.addEventListener("cancel", onCancel);
    dialog.showModal();
    input.focus();
  });
}

let light = null;  // what the last "Measure the light again" got: {source, key}

/** The lamp switched on, the curtains drawn: the Pi camera measures exposure and white balance again. Said in the
 * card, beside its button (a notice at the top of the page is out of sight there); a camera with nothing to measure
 * (USB) is told in the player's words, and its button goes. */
async function measureLight(app) {
  const source = ((app.live && app.live.camera) || {}).source;
  const answer = await app.change(() => app.api.post("/api/camera/light", {}).catch((err) => {
    if (err.code === "no_light_control") return { none: true };
    throw err;
  }));
  if (answer) light = { source, key: answer.none ? "settings.light_none" : "settings.light_done" };
  render(app);
}

/** Only a camera opened (or being opened) with no fault, not the SIMULATED table's, may have its light measured
 * (the Pi camera's; a USB camera's refusal is kept for as long as that camera is the table's). */
function renderLight(camera) {
  const none = light && light.key === "settings.light_none" && light.source === camera.source;
  $("#light-card").hidden = !camera.source || camera.simulated || !camera.ok;
  $("#light-measure").hidden = Boolean(none);
  $("#light-message").textContent = light && light.source === camera.source ? t(light.key) : "";
}

// The printable sheets' games (/api/games, read once) and the one picked; null: the game at the table, followed as
// it changes (a mat is printed before its game starts, too).
const sheets = { games: null, asked: false, chosen: null };

function tableGame(app) {
  return (app.state && app.state.game) || "free-roll";
}

/** The printable sheets (mat, markers, stickers) of the game picked, else the game at the table, on the paper
 * chosen. */
function sheetsLink(app) {
  const game = sheets.chosen || tableGame(app);
  const select = $("#sheets-game");
  if (!sheets.asked) {
    sheets.asked = true;
    app.api.get("/api/games").then((data) => { sheets.games = data.games; sheetsLink(app); })
      .catch(() => { sheets.asked = false; });
  }
  const games = sheets.games || [{ name: game, title: (app.state && app.state.title) || game }];
  select.replaceChildren(...games.map((g) => h("option", { value: g.name }, pick(g.title))));
  select.value = game;
  const paper = encodeURIComponent($("#sheets-paper").value);
  $("#sheets-link").href = `/api/sheets/${encodeURIComponent(game)}.pdf?paper=${paper}`;
}

export function renderJoin(app) {
  $("#join-game").textContent = t("join.playing", { game: pick(app.state.title) });
}

export function render(app) {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === document.documentElement.lang));
  }
  const qr = $("#qr");
  if (!qr.getAttribute("src")) qr.src = "/api/qr.svg";
  const links = clear($("#join-links"));
  for (const url of [app.info.links.ip, app.info.links.local]) links.append(h("li", {}, h("code", {}, url)));
  $("#pin-status").textContent = app.api.authenticated ? t("settings.unlocked") : t("settings.locked");
  $("#pin-status").dataset.authenticated = String(app.api.authenticated);
  $("#pin-lock").hidden = !app.api.authenticated;
  $("#pin-unlock").hidden = app.api.authenticated;
  $("#pin-change-form").hidden = !app.api.authenticated;
  // said again only when its words change (a language switch): an alert set again is read out again
  const said = pinSaid ? pinSaid() : "";
  if ($("#pin-change-message").textContent !== said) $("#pin-change-message").textContent = said;
  $("#pin-end-all").hidden = $("#pin-end-all-hint").hidden = !app.api.authenticated;
  const camera = (app.live && app.live.camera) || {};
  const source = pick({ en: camera.source, fr: camera.source_fr }) || camera.source;
  $("#camera-status").textContent = !camera.ok && camera.source !== undefined ? pick(camera)  // under "Camera"
    : camera.simulated ? t("settings.camera_simulated")
      : camera.starting ? t("settings.camera_starting")
        : camera.source ? t("settings.camera_ok", { source })
          // a game played on its board on the phone (Nexus has no dice at all): not "rolls are entered by hand"
          : t(hasView(app.state && app.state.game) ? "settings.camera_none_board" : "settings.camera_none");
  renderLight(camera);
  $("#version").textContent = t("settings.version", { version: app.info.version });
  sheetsLink(app);
  profileView.render(app);
}
