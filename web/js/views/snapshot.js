// The camera's picture on the table screen, with the dice it read drawn over it (a tap corrects one), and a caption
// that says why there is no picture, or that it is frozen, and how to play meanwhile.

import { $, clear, dieCss, svg, update } from "../dom.js";
import { addStrings, pick, t, timeLocale } from "../i18n.js";
import { hasView } from "./games/index.js";
import * as camera from "./camera.js";
import * as seat from "./seat.js";
import { askedDie, openDieDialog, watchAsked } from "./die-dialog.js";
import { lastRoll, rollsInForce } from "./last-roll.js";

addStrings({ en: { "notices.simulated": "SIMULATED table" }, fr: { "notices.simulated": "Table SIMULÉE" } });

let shownFrame = null;
let loadingFrame = null;

export function init(app) {
  const img = $("#snapshot-img");
  img.addEventListener("load", () => {
    shownFrame = loadingFrame;
    loadingFrame = null;
    $("#snapshot").classList.add("has-frame");
    if (app.live && app.live.frame !== shownFrame) updateLive(app);
  });
  img.addEventListener("error", () => { loadingFrame = null; });
  watchAsked(() => { if (app.live) drawOverlay(app, app.live); });  // the die the dialog asks about is outlined
}

export function updateLive(app) {
  const live = app.live;
  const figure = $("#snapshot");
  const caption = $("#snapshot-caption");
  const simulated = Boolean(live && live.camera && live.camera.simulated);
  $("#simulated-badge").hidden = !simulated;
  // the notices float over the top of the screen, where the banner lies: their stack says it first (style.css)
  if (simulated) $("#notices").dataset.simulated = t("notices.simulated");
  else delete $("#notices").dataset.simulated;
  seat.update(app, simulated);
  camera.update(app);
  if (!live || live.frame === null || live.frame === undefined) {
    figure.classList.remove("has-frame");
    const fault = live && live.camera && live.camera.ok === false;
    // a game drawn on the phone is played on its board there (Nexus has no dice at all); free roll takes rolls
    const instead = t(hasView(app.state && app.state.game) ? "table.no_camera_board" : "table.no_camera");
    const starting = live && live.camera && live.camera.starting;
    // the fault says what is wrong, then how to play meanwhile (not "no camera picture" again)
    const meanwhile = t(hasView(app.state && app.state.game) ? "table.meanwhile_board" : "table.meanwhile");
    caption.textContent = fault ? `${t("table.camera_problem", { message: pick(live.camera) })} — ${meanwhile}`
      : starting ? `${t("table.camera_starting")} — ${instead}` : instead;
    clear($("#snapshot-overlay"));
    return;
  }
  // a picture frozen or a camera at fault says how to play on meanwhile, as the caption without a picture does
  const meanwhile = () => t(hasView(app.state && app.state.game) ? "table.meanwhile_board" : "table.meanwhile");
  caption.textContent = live.stalled ? `${stalledCaption(live)} — ${meanwhile()}`
    : live.camera && !live.camera.ok ? `${t("table.camera_problem", { message: pick(live.camera) })} — ${meanwhile()}`
      : pick({ en: live.referee_error, fr: live.referee_error_fr })
        || pick({ en: live.vision_error, fr: live.vision_error_fr });
  if (live.frame !== shownFrame && loadingFrame === null) {
    loadingFrame = live.frame;
    $("#snapshot-img").src = `/api/snapshot.jpg?frame=${live.frame}`;
  }
  drawOverlay(app, live);
}

/** The picture shown is the last one that came: say since when, and what the camera said if it said anything. */
function stalledCaption(live) {
  // the phone's own locale when it speaks the page's language: an en-GB phone's 24-hour clock, not "en"'s AM/PM
  const since = new Date(live.stalled_since * 1000).toLocaleTimeString(timeLocale(),
    { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return t("table.stalled", { since, message: pick(live.camera) });
}

function drawOverlay(app, live) {
  const overlay = $("#snapshot-overlay");
  const [width, height] = live.size || [1, 1];
  overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
  overlay.setAttribute("preserveAspectRatio", "none");
  if (live.size) $("#snapshot").style.setProperty("--aspect", String(width / height));  // how wide it may be drawn
  const labelSize = Math.max(14, Math.round(width / 24));
  overlay.style.setProperty("--stroke", String(Math.max(3, Math.round(width / 160))));
  // A finger is bigger than a die on a phone screen: at least 48 px on the screen, whatever the picture's size.
  const scale = overlay.clientWidth ? overlay.clientWidth / width : 1;
  // the die the open die dialog asks about, outlined while it is asked
  const asked = askedDie();
  const placed = live.dice.map((die, index) => ({ die, index })).filter(({ die }) => die.box);
  // The dice already drawn are moved, not rebuilt: a new picture comes a few times a second, and a die rebuilt
  // under a finger loses the tap (the element touched is gone).
  while (overlay.children.length > placed.length) overlay.lastChild.remove();
  while (overlay.children.length < placed.length) overlay.append(dieBox(app));
  placed.forEach(({ die, index }, k) => {
    const g = overlay.children[k];
    const [x1, y1, x2, y2] = die.box;
    const pad = Math.max(8, (x2 - x1) * 0.3, (48 / scale - (x2 - x1)) / 2, (48 / scale - (y2 - y1)) / 2);
    g.die = die;
    g.index = index;
    // A die the camera sees but could not read shows "?", never the reader's guess.
    const label = die.unread ? "?" : String(die.value);
    const asking = die.unread && asked && String(asked.box) === String(die.box) ? " asking" : "";
    update(g, { class: (die.unread ? "die-box unread" : "die-box") + asking,
      dataset: { index: String(index), value: label, color: die.color || "" } });
    update(g.children[0], { x: x1 - pad, y: y1 - pad, width: x2 - x1 + 2 * pad, height: y2 - y1 + 2 * pad });
    update(g.children[1], { x: x1, y: y1, width: x2 - x1, height: y2 - y1, stroke: dieCss(die.color) });
    update(g.children[2], { x: x1, y: Math.max(labelSize, y1 - 6), "font-size": labelSize, text: label });
  });
}

/** One die drawn on the picture; a tap opens the correction of the die it shows at that moment. */
function dieBox(app) {
  const g = svg("g", { class: "die-box", onclick: () => openDieDialog(app, matchRoll(app, g.die, g.index)) },
    svg("rect", { class: "hit" }), svg("rect", { class: "outline" }), svg("text", {}));
  return g;
}

/** Which die of the last roll a tapped camera die is: nearest box centre, else the same position. Where the last
 * roll holds fewer dice than the table shows (dice added to a roll, such as power dice, are an event of their own)
 * and none of its dice lies within half a side of the tapped one, the newest earlier roll with a die there.
 * A die the camera could not read is none of them: every die it could not read is added to the roll, the tapped
 * one asked first, each face for the player to say before the roll is sent (one at a time, a roll still short of a
 * die would be judged short). */
function matchRoll(app, liveDie, liveIndex) {
  const roll = lastRoll(app);
  const read = app.live.dice.filter((d) => !d.unread);
  if (liveDie.unread) {
    const base = roll || { seq: null, dice: read };
    const unread = [liveDie, ...app.live.dice.filter((d) => d.unread && d !== liveDie)];
    return { ...base, dice: [...base.dice, ...unread.map((d) => ({ ...d, value: null }))], index: base.dice.length };
  }
  if (!roll) return { seq: null, dice: read, index: Math.max(0, read.indexOf(liveDie)) };
  const near = liveDie.box ? nearestDie(roll.dice, liveDie.box) : null;
  if (!near) return { ...roll, index: Math.min(liveIndex, roll.dice.length - 1) };
  const reach = Math.max(liveDie.box[2] - liveDie.box[0], liveDie.box[3] - liveDie.box[1]) / 2;
  if (near.distance > reach && !roll.unsure && roll.dice.length < read.length) {
    for (const earlier of rollsInForce(app.history.entries || []).slice(1)) {
      const there = nearestDie(earlier.dice, liveDie.box);
      if (there && there.distance <= reach) return { ...earlier, index: there.index };
    }
  }
  return { ...roll, index: near.index };
}

/** The die whose box centre lies nearest the centre of a box, and how far: null where a die has no box. */
function nearestDie(dice, box) {
  if (!dice.every((d) => Array.isArray(d.box))) return null;
  const centre = (b) => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
  const [cx, cy] = centre(box);
  let best = null;
  dice.forEach((d, index) => {
    const [x, y] = centre(d.box);
    const distance = Math.hypot(x - cx, y - cy);
    if (!best || distance < best.distance) best = { index, distance };
  });
  return best;
}
