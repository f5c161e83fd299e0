// The table profile in the settings: what the camera learnt from this table's corrections (issue 55), each
// picture to look at, one to forget, all to forget. The pictures stay on the companion.

import { $, clear, confirmDialog, h } from "../dom.js";
import { addStrings, pick, t, timeLocale } from "../i18n.js";

addStrings({  // a table without a camera (--no-camera, or a board played on the phone): no die is seen to learn from
  en: { "profile.none_no_camera": "Nothing learnt yet: this table has no camera, and dice entered by hand teach "
    + "nothing. Once a camera reads the dice, each die you correct teaches it this table's dice." },
  fr: { "profile.none_no_camera": "Rien d’appris pour l’instant : cette table n’a pas de caméra, et les dés saisis à "
    + "la main n’apprennent rien. Dès qu’une caméra lit les dés, chaque dé que vous corrigez lui apprend ceux de "
    + "cette table." },
});

let shown = false;     // the list of pictures is open
let profile = null;    // the last GET /api/profile
let asked = 0;         // when it was asked (ms), so the settings' re-renders do not ask again and again

export function init(app) {
  const card = h("div", { class: "card", id: "profile-card" },
    h("h3", { id: "profile-title" }),
    h("p", { id: "profile-count" }),
    h("p", { id: "profile-private", class: "hint" }),
    h("div", { class: "row" },
      h("button", { id: "profile-toggle", class: "big", type: "button",
        onclick: () => { shown = !shown; draw(app); } }),
      h("button", { id: "profile-reset", type: "button", onclick: () => reset(app) })),
    h("ul", { id: "profile-list", class: "profile-list", hidden: true,
      style: "list-style:none;padding:0;display:grid;gap:8px" }));
  const camera = $("#camera-status");
  const before = camera && camera.closest(".card");
  if (before) before.before(card); else $("#screen-settings").append(card);
}

/** Ask the companion again at most every few seconds while the settings are drawn (a correction made on another
 * phone shows the next time). */
export function render(app) {
  draw(app);
  if (Date.now() - asked > 5000) refresh(app);
}

/** The profile changed (a correction taught the camera, on this phone or another): the settings ask again now. */
export function changed(app) {
  asked = 0;
  if (app.screen === "settings") refresh(app);
}

async function refresh(app) {
  asked = Date.now();
  try {
    profile = await app.api.get("/api/profile");
  } catch (_) {
    return;  // no answer: the count stays as last drawn
  }
  draw(app);
}

function draw(app) {
  const n = profile ? profile.examples : 0;
  $("#profile-title").textContent = t("profile.title");
  const off = profile && profile.learning === false;  // vision.profile = false: corrections teach nothing
  const camera = (app.live && app.live.camera) || {};
  // none wanted (not one starting, failing or lost: those keep the promise)
  const noCamera = camera.source === "" && camera.ok && !camera.simulated && !camera.starting;
  $("#profile-count").textContent = profile === null ? ""
    : !n ? t(off ? "profile.off" : noCamera ? "profile.none_no_camera" : "profile.none")
      : off ? `${t("profile.kept", { n })} ${t("profile.off")}` // kept, but neither read with nor added to
        : [t(n === 1 ? "profile.count_one" : "profile.count", { n }),
          n >= profile.most ? t("profile.full", { most: profile.most }) : ""].filter(Boolean).join(" ");
  $("#profile-private").textContent = t("profile.private");
  $("#profile-toggle").textContent = t(shown ? "profile.hide" : "profile.show");
  $("#profile-toggle").hidden = $("#profile-reset").hidden = !n;
  $("#profile-reset").textContent = t("profile.reset");
  const list = $("#profile-list");
  list.hidden = !shown || !n;
  const key = `${document.documentElement.lang} ${n ? profile.list.map((e) => e.id).join(",") : ""}`;
  if (list.hidden || list.drawnFrom === key) return;
  clear(list);
  for (const example of profile.list) list.append(item(app, example));
  list.drawnFrom = key;
}

/** One correction: its picture, what the players said, how and when. */
function item(app, example) {
  const said = example.label === 0 ? t("profile.not_a_die") : t("profile.face", { n: example.label });
  // en-GB: 28/11, not 11/28
  const when = new Date(example.at * 1000).toLocaleString(timeLocale(), { dateStyle: "short", timeStyle: "short" });
  const read = example.read && example.label !== example.read ? t("profile.read", { n: example.read }) : "";
  // the picture as big as a neighbourhood is kept (96 px), so a player can judge what was said of it
  return h("li", { class: "profile-example", dataset: { id: example.id, label: String(example.label) },
    style: "display:grid;grid-template-columns:96px 1fr;align-items:center;gap:8px" },
    h("img", { src: `/api/profile/pictures/${encodeURIComponent(example.id)}.png`, alt: said, width: 96, height: 96,
      loading: "lazy" }),  // up to 400 pictures: fetched as they scroll into view, not all at once on a Pi
    h("div", {},
      h("div", { style: "display:flex;justify-content:space-between;align-items:center;gap:8px" },
        h("span", { class: "said" }, said),
        h("button", { type: "button", class: "remove", "aria-label": t("profile.remove"),
          onclick: () => remove(app, example.id) }, "×")),
      h("div", { class: "hint" }, [t(`profile.how.${example.how}`), read, pick(example.game_title), when]
        .filter(Boolean).join(" · "))));
}

async function remove(app, id) {
  const result = await app.change(() => app.api.request("DELETE", `/api/profile/${encodeURIComponent(id)}`),
    () => t("profile.removed"));
  if (result) { profile = result; draw(app); }
}

/** Asked with the page's own confirmation, as a game replaced is. */
function confirmReset() {
  return confirmDialog({ title: t("profile.reset_confirm"),
    text: t("profile.reset_text", { n: profile ? profile.examples : 0 }), yes: t("profile.reset"),
    no: t("profile.keep") });
}

async function reset(app) {
  if (!(await confirmReset())) return;
  const result = await app.change(() => app.api.request("DELETE", "/api/profile"), () => t("profile.reset_done"));
  if (result) { profile = result; shown = false; draw(app); }
}
