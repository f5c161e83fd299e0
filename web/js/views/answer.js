// The answer to this phone's own action, shown beside the control that sent it: a tap whose result appears 600 px
// higher seems to do nothing. One live region (#tap-answer, announced by screen readers), moved next to the control
// the player tapped, on the side of it (below, else above) that hides fewer controls; it stays until their next
// action. It takes no taps (a tap goes to whatever lies under it). Every change a phone sends passes through
// app.change, which calls begin() before and show() after: no control shows its own answer.

import { $, clear, h } from "../dom.js";
import { addStrings, t } from "../i18n.js";
import { brief, keptBounds, keptSeen, keptUnder, openRoom, roomFor, shutRoom } from "./answer-brief.js";
import * as notices from "./notices.js";
import { FOOT_BARS, band } from "./screen-band.js";
import { tipClearOf } from "./tip-clear.js";

addStrings({
  en: {
    "answer.accepted": "Done",
    "answer.moved_on": "Not played: the game moved on (another phone or the camera). Look at the board and tap again.",
    "answer.undone": "Undone: {what} (entry {n})",
  },
  fr: {
    "answer.accepted": "C’est fait",
    "answer.moved_on": "Non joué : la partie a avancé (un autre téléphone ou la caméra). "
      + "Regardez le plateau et touchez à nouveau.",
    "answer.undone": "Annulé : {what} (entrée {n})",
  },
});

const GAP = 6;          // CSS px between the control and its answer
const UNSEEN = 1000;     // a place out of sight costs more than lying over anything: an answer unseen says nothing
// what a finger may want to tap next: the answer avoids lying over these
const CONTROLS = "button:not(:disabled), a[href], input, select, summary, [data-x], [data-cell], [data-tile], "
  + "[data-column], .die-box";
const TAPPABLE = "button, a, input, select, summary, [data-x], [data-cell], [data-tile], [data-column], g, .die-box";
let taps = [];          // the last few controls tapped: {el, key, rect}
let anchor = null;      // where the answer shown (or awaited) belongs
let shown = false;
let filled = "";        // the lines the answer shows (fill), to tell when a redraw makes them briefer
let said = null;        // what the answer shown says (show's arguments), to say it again after a language switch
let pointed = [];       // what the answer shown points to and is about (answer-brief.js): never drawn over it
let room = null;        // where the view makes room for the answer when every place near the finger lies over that

export function init() {
  document.addEventListener("click", (event) => remember(event.target), true);
  document.addEventListener("submit", (event) => remember(event.submitter || event.target), true);
  window.addEventListener("resize", () => place());
}

/** Selectors that find the same control again once its view is redrawn (the element itself is then gone): its id,
 * else its classes and data attributes within its nearest ancestor that has an id; and ``loose``, the data attributes
 * alone: a ringed cell tapped is drawn again unringed, where the piece moved to. */
function keysOf(el) {
  if (el.id) return { key: `#${CSS.escape(el.id)}`, loose: null };
  const attr = (k) => `data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const data = Object.entries(el.dataset).map(([k, v]) => `[${attr(k)}="${CSS.escape(v)}"]`).join("");
  const cls = [...el.classList].map((c) => `.${CSS.escape(c)}`).join("");
  const scope = el.parentElement && el.parentElement.closest("[id]");
  const within = `${scope ? `#${CSS.escape(scope.id)} ` : ""}${el.tagName.toLowerCase()}`;
  return { key: data || cls ? `${within}${cls}${data}` : null, loose: data ? `${within}${data}` : null };
}

function remember(target) {
  if (!(target instanceof Element) || target.closest("#tap-answer")) return;
  const el = target.closest(TAPPABLE) || target;
  taps = [{ el, ...keysOf(el), rect: pageRect(el), inDialog: Boolean(el.closest("dialog")) }, ...taps].slice(0, 4);
}

/** A tap's control as it is on the screen now (drawn again, found by its keys), or null: gone or hidden. */
function onScreen(tap) {
  if (tap.el.isConnected && pageRect(tap.el)) return tap.el;
  const find = (key) => (key ? [...document.querySelectorAll(key)].find((el) => pageRect(el)) : null);
  return find(tap.key) || find(tap.loose);
}

/** Where an answer goes whose control left the screen (a form's Submit, a pad's Done, a card's Play): beside another
 * control tapped that is in view, else beside a board that keeps its answers outside it (Nexus Keepers), else under
 * the board or the game's title. Left where the control was, it lay below the page or under the tab bar. */
function standIn(gone) {
  const inView = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
  for (const tap of taps) {
    const el = tap !== gone && onScreen(tap);
    if (el && inView(el)) return { ...tap, el, rect: pageRect(el) };
  }
  const board = document.querySelector('#screen-table [data-answer="outside"]');
  if (board && pageRect(board) && inView(board)) return { el: board, key: null, loose: null, rect: pageRect(board) };
  return fallback();
}

function pageRect(el) {
  const r = el.getBoundingClientRect();
  if (!r.width && !r.height) return null;
  return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left + scrollX, right: r.right + scrollX };
}

/** A change is on its way: the last answer goes, and the control just tapped (else the last one still on the
 * screen: a dialog's Save button is gone when its dialog closes) is where the next answer will show. */
export function begin() {
  hide();
  anchor = taps.find((tap) => tap.rect && tap.el.isConnected && pageRect(tap.el))
    || taps.find((tap) => tap.rect) || fallback();
}

/** No tap to go by (a change sent from the keyboard): the answer goes under the board, else the last roll (free
 * roll: a roll typed in, a die corrected), else the game's title. */
function fallback() {
  const el = ["#board", "#last-roll", "#turn"].map((css) => $(css)).find((e) => e && pageRect(e));
  return el ? { el, key: `#${el.id}`, loose: null, rect: pageRect(el), stood: true } : null;
}

/** Show the answer beside the control that sent the change: ``verdicts`` (the referee's words), ``message`` with
 * ``kind`` ("ok", "error", "conflict"); ``message``: a function that says it in the page's language, or a text. */
export function show({ verdicts = null, message = "", kind = "ok" }) {
  said = { verdicts, message, kind };
  fill();
  shown = true;
  notices.drop(says); // a notice floating above says it already: the answer beside the finger is the one kept
  place({ reveal: true });
}

/** The language changed: the answer still shown says it again in the new one. */
export function relabel() {
  if (shown && said) { fill(); place(); }
}

/** What the answer says, line by line, in the page's language: [{kind, text}]. */
function lines() {
  const { verdicts, message, kind } = said;
  const text = typeof message === "function" ? message() : message;
  return verdicts && verdicts.length ? verdicts.map((v) => ({ kind: v.kind, text: brief(v) }))
    : [{ kind, text: text || t("answer.accepted") }];
}

/** Whether the answer on the screen says ``text``: one of its lines, alone or after its kind ("Warning: …", a
 * notice's form of a verdict). A notice saying it too would show the same words twice. (Kept while another screen is
 * shown, the answer is not on it.) */
export function says(text) {
  if (!shown || !said || document.body.dataset.screen !== "table") return false;
  return lines().some((line) => text === line.text || text.endsWith(`: ${line.text}`));
}

/** A line's words and the rule book's sentence closing them (" (rule book: « … »)", « (règle : « … ») »), set
 * smaller under the reason beside the finger: the reason read first, the rule still there, the box less tall. */
function bookTail(text) {
  const at = text.search(/\s\((?:rule book|règle)\s?:\s«[^«]*»\)$/);
  return at > 0 ? [text.slice(0, at), text.slice(at).trim()] : [text, null];
}

function fill() {
  const box = clear($("#tap-answer"));
  const shownLines = lines();
  filled = JSON.stringify(shownLines);
  const worst = ["illegal", "error", "conflict", "breach", "loss", "elimination", "fall", "warning", "unsure", "win"]
    .find((k) => shownLines.some((line) => line.kind === k)) || "ok";
  box.dataset.kind = worst;
  pointed = keptSeen(said.verdicts);
  room = roomFor(said.verdicts);
  for (const line of shownLines) {
    const badge = ["ok", "error", "conflict"].includes(line.kind) ? null
      : h("span", { class: "badge" }, t(`kind.${line.kind}`));
    const [words, book] = bookTail(line.text);
    box.append(h("p", { class: `answer-line kind-${line.kind}`, dataset: { kind: line.kind } },
      badge, badge ? " " : null, words, book ? " " : null, book ? h("span", { class: "answer-book" }, book) : null));
  }
  delete box.dataset.empty;
}

/** What the phone says of the server's 503 ``cannot_save``: the card's fault (``fault``: full, read-only, failing...)
 * and what mends it; a server that does not name the fault gets the words that fit them all. */
export function cannotSave(err) {
  const key = `error.cannot_save.${(err.extra || {}).fault}`;
  return t(key) !== key ? t(key) : t("error.cannot_save");
}

/** The message for a change the server refused outright (not a referee's verdict). */
export function refusal(err) {
  if (err.status === 409 && err.code === "conflict") return { kind: "conflict", message: () => t("answer.moved_on") };
  if (err.code === "cannot_save") return { kind: "error", message: () => cannotSave(err) };  // the card's fault
  return { kind: "error",
    message: err.status ? () => t("error.generic", { message: err.message }) : () => t("error.network") };
}

export function hide() {
  shown = false;
  pointed = [];
  shutRoom(room);
  room = null;
  const box = $("#tap-answer");
  if (box) { box.dataset.empty = "1"; clear(box); delete box.dataset.kind; }
}

export function isShown() { return shown; }

/** Put the answer under its control (above it when the control sits near the bottom of the screen); called again
 * after each redraw, where the control is found again by its key, else the answer stays where it was tapped. */
export function place({ reveal = false } = {}) {
  notices.moveOn(); // called after every redraw of the table: a notice of a verdict the table has moved past goes
  if (!shown || !anchor) return;
  const box = $("#tap-answer");
  if (document.body.dataset.screen !== "table") return;
  shutRoom(room); // the places near the finger are weighed as the page is without it (settle opens it again)
  // shown before the redraw that drew the list a verdict is told briefly beside (answer-brief.js): said again, brief
  if (said && JSON.stringify(lines()) !== filled) fill();
  const again = onScreen(anchor);
  if (again) { anchor.el = again; anchor.rect = pageRect(again); } else {
    // gone with the redraw: beside what lies where the finger was, else beside another control (standIn)
    const spot = !anchor.stood && anchor.rect && whereTapped(anchor);
    if (spot) { placeAt(box, spot); return; }
    anchor = { ...(standIn(anchor) || anchor), stood: true };
  }
  const clearOf = anchor.el.isConnected && anchor.el.closest ? anchor.el.closest('[data-answer="clear"]') : null;
  if (clearOf && pageRect(clearOf) && placeClear(box, clearOf, reveal)) return;
  const board = boardOf(anchor.el) || (clearOf && pageRect(clearOf) ? clearOf : null);
  // Undo, in the fixed bar: the answer sits on the bar, nothing of it under it
  const bar = anchor.el.isConnected && anchor.el.closest(FOOT_BARS);
  let rect = board ? { ...frameOf(board), left: anchor.rect.left, right: anchor.rect.right }
    : bar ? { ...anchor.rect, top: pageRect(bar).top + GAP } : anchor.rect;
  const named = document.querySelector("#name-tip:not([hidden])"); // the piece's name, shown just above it
  const tip = named && pageRect(named);
  if (tip && tip.left < rect.right && rect.left < tip.right && tip.top < rect.top && tip.bottom >= rect.top - GAP - 1) {
    rect = { ...rect, top: tip.top };
  }
  const { width, left } = spread(box, (rect.left + rect.right) / 2);
  const height = box.getBoundingClientRect().height;
  const hides = (top) => covered({ top: top - scrollY, bottom: top + height - scrollY, left: left - scrollX,
    right: left + width - scrollX });
  const below = { top: rect.bottom + GAP, side: "below" };
  const above = { top: rect.top - GAP - height, side: "above" };
  // beside a board, the answer may also step on past the controls under it (the board's buttons), away from it
  const away = (c, down) => {
    let top = c.top;
    for (let step = 0, hit = hides(top); step < 3 && hit.length; step += 1, hit = hides(top)) {
      top = down ? Math.max(...hit.map((r) => r.bottom)) + scrollY + GAP
        : Math.min(...hit.map((r) => r.top)) + scrollY - GAP - height;
    }
    return { ...c, top };
  };
  const places = (board ? [below, above, away(below, true), away(above, false)] : [below, above])
    .concat(outside(height));
  const free = band();
  const seen = (c) => c.top - scrollY >= free.top && c.top + height - scrollY <= free.bottom;
  // of two places as good, the nearer the finger (beside a board, the edge nearer the cell tapped); else below
  const middle = (anchor.rect.top + anchor.rect.bottom) / 2;
  const near = (c) => Math.min(Math.round(Math.abs(c.top + height / 2 - middle)), 9999) / 1e4;
  const best = places.map((c) => ({ ...c, cost: (seen(c) ? 0 : UNSEEN) + weigh(hides(c.top)) + near(c) }))
    .sort((a, b) => a.cost - b.cost)[0];
  settle(box, best.top, best.side, reveal);
}

/** Where the finger was, for a control the redraw took away (Start the turn, replaced by its roll pad; a foe's
 * Fight button, by the colour pad): the page rectangle of what now lies under the tapped point, its nearest part
 * with an id (the pad), or the point itself when that part is taller than the screen. Null when the point is out of
 * sight now or was tapped in a dialog, which closed: the answer then stands beside another control (standIn). */
function whereTapped(tap) {
  if (tap.inDialog) return null;
  const free = band();
  const x = (tap.rect.left + tap.rect.right) / 2 - scrollX;
  const y = (tap.rect.top + tap.rect.bottom) / 2 - scrollY;
  if (y < free.top || y > free.bottom || x < 0 || x > document.documentElement.clientWidth) return null;
  const hit = document.elementFromPoint(x, y);
  let part = hit && !hit.closest("#tap-answer") ? hit.closest("#screen-table [id]") : null;
  // a line of words (a duel's « tap the colour rolled ») is not what the finger wants next: the part holding it and
  // its controls is (an answer kept off the words lay over the colour keys under them, held sideways in French)
  while (part && !part.matches(CONTROLS) && !part.querySelector(CONTROLS)) {
    part = part.parentElement.closest("#screen-table [id]");
  }
  const r = part && part.id !== "screen-table" && part.id !== "board" && pageRect(part);
  const small = r && r.bottom - r.top < free.bottom - free.top;
  return { point: { top: y + scrollY, bottom: y + scrollY }, rect: small ? r : { ...tap.rect, top: y + scrollY,
    bottom: y + scrollY }, part: small ? part : null };
}

/** The answer beside the spot tapped: above or below what replaced the control (never over it: it is what the
 * player needs next), else stepped past the controls there; in sight, nearest the finger; the page never scrolled. */
function placeAt(box, spot) {
  const { width, left } = spread(box, (spot.rect.left + spot.rect.right) / 2);
  const height = box.getBoundingClientRect().height;
  const part = spot.part && spot.part.getBoundingClientRect();
  const hides = (top) => {
    const r = { top: top - scrollY, bottom: top + height - scrollY, left: left - scrollX,
      right: left + width - scrollX };
    const over = part && part.left < r.right && r.left < part.right && part.top < r.bottom && r.top < part.bottom;
    return weigh(covered(r)) + (over ? 50 : 0);
  };
  const stepped = (top, down) => {
    for (let step = 0; step < 8; step += 1) {
      const hit = covered({ top: top - scrollY, bottom: top + height - scrollY, left: left - scrollX,
        right: left + width - scrollX });
      if (!hit.length) break;
      top = down ? Math.max(...hit.map((r) => r.bottom)) + scrollY + GAP
        : Math.min(...hit.map((r) => r.top)) + scrollY - GAP - height;
    }
    return top;
  };
  const below = spot.rect.bottom + GAP;
  const above = spot.rect.top - GAP - height;
  const free = band();
  // also the band's top and foot: held sideways the places beside the finger may all lie over the controls there
  // (a duel's colour keys, under the line asking for them)
  const edges = [[free.top + GAP + scrollY, "above"], [free.bottom - GAP - height + scrollY, "below"]];
  const places = [[below, "below"], [above, "above"], [stepped(below, true), "below"],
    [stepped(above, false), "above"], ...outside(height).map((c) => [c.top, c.side]), ...edges];
  const seen = (top) => top - scrollY >= free.top && top + height - scrollY <= free.bottom;
  const middle = spot.point.top;
  const near = (top) => Math.min(Math.round(Math.abs(top + height / 2 - middle)), 9999) / 1e4;
  const [top, side] = places.map(([t, s]) => [t, s, (seen(t) ? 0 : UNSEEN) + hides(t) + near(t)])
    .sort((a, b) => a[2] - b[2])[0];
  settle(box, top, side, false);
}

/** The answer as wide as the screen lets it be (420 px at most), centred on ``centre`` (page px) but inside the
 * screen, right of the tabs' rail held sideways: its width and left edge, set on ``box``. */
function spread(box, centre) {
  const start = band().left + 8;
  const width = Math.min(document.documentElement.clientWidth - start - 8, 420);
  const right = scrollX + document.documentElement.clientWidth - width - 8;
  const left = Math.max(start + scrollX, Math.min(centre - width / 2, right));
  box.style.width = `${width}px`;
  box.style.left = `${left}px`;
  return { width, left };
}

function settle(box, top, side, reveal) {
  box.style.top = `${top}px`;
  box.dataset.side = side;
  const free = band(), { height } = box.getBoundingClientRect(); // still over what it is about: room made, in sight
  const inRoom = keptUnder(pointed, box.getBoundingClientRect()).length && openRoom(room, height, GAP,
    (at) => at - scrollY >= free.top && at + height - scrollY <= free.bottom);
  if (inRoom) { box.style.top = `${inRoom}px`; box.dataset.side = "room"; }
  tipClearOf(box.getBoundingClientRect());
  if (reveal) {
    const r = box.getBoundingClientRect();
    if (r.top < free.top || r.bottom > free.bottom) box.scrollIntoView({ block: "nearest" });
  }
}

/** A board whose every cell is tappable but only some are worth tapping next (``data-answer="clear"``, those in
 * ``data-next``: Hexors' tiles and ringed cells, Nexus' free squares) takes the answer over its other cells, across
 * the board at the height nearest the finger where it hides none of those, nor the cell tapped, nor a control off
 * the board; and seen whole. Returns false where no such height is (the answer then goes above or below the board). */
function placeClear(box, board, reveal) {
  const frame = frameOf(board);
  const { width, left } = spread(box, (anchor.rect.left + anchor.rect.right) / 2);
  const height = box.getBoundingClientRect().height;
  const keep = [...board.querySelectorAll(board.dataset.next || ":not(*)"), anchor.el]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.width && r.height);
  const overlaps = (a, b) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
  const clear = (top) => {
    const r = { top: top - scrollY, bottom: top + height - scrollY, left: left - scrollX,
      right: left + width - scrollX };
    return !keep.some((k) => overlaps(k, r)) && !covered(r, board).length;
  };
  const free = band();
  const seen = (top) => top - scrollY >= free.top && top + height - scrollY <= free.bottom;
  const middle = (anchor.rect.top + anchor.rect.bottom) / 2;
  let best = null;
  for (let top = Math.round(frame.top); top + height <= frame.bottom; top += 4) {
    const far = Math.abs(top + height / 2 - middle);
    if ((!best || far < best.far) && seen(top) && clear(top)) best = { top, far };
  }
  if (!best) return false;
  settle(box, best.top, "over", reveal);
  return true;
}

/** Places just past what the answer points to and is about, all of it (a power die's dice, what each face allows
 * and « Left this turn », which can fill the screen around the finger): above it and below it (page px). */
function outside(height) {
  const r = keptBounds(pointed);
  return r ? [{ top: r.top + scrollY - GAP - height, side: "above" }, { top: r.bottom + scrollY + GAP, side: "below" }]
    : [];
}

/** The part of a board in its scrolling frame (page px): a Nexus board zoomed in runs far past it. */
function frameOf(board) {
  const r = pageRect(board);
  const scroller = board.closest(".board-scroll");
  const port = scroller && pageRect(scroller);
  return port ? { top: Math.max(r.top, port.top), bottom: Math.min(r.bottom, port.bottom),
    left: Math.max(r.left, port.left), right: Math.min(r.right, port.right) } : r;
}

/** The board a tapped cell or piece lies on, when that board asks its answers to lie outside it
 * (``data-answer="outside"``: Nexus Keepers', whose cells are all a player may tap next): the answer then goes
 * above or below the whole board, at the tapped cell's left and right, never over it. */
function boardOf(el) {
  const board = el.isConnected && el.closest ? el.closest('[data-answer="outside"]') : null;
  return board && pageRect(board) ? board : null;
}

/** The controls on the table screen a box (viewport coordinates) would lie over, but those within ``apart``: their
 * rectangles; the name shown above a piece just tapped (board.js), which would hide half of the answer and the
 * answer half of it; and what the answer points to and is about (``pointed``: true). */
function covered(r, apart = null) {
  const hit = [];
  for (const el of document.querySelectorAll(`#screen-table :is(${CONTROLS}), #name-tip:not([hidden])`)) {
    if (apart && apart.contains(el)) continue;
    // a cell of a board that says which of its cells are worth tapping next (Hexors' arena in a duel: its two
    // tiles) and not one of them: lying over it hides nothing the player needs
    const clearOf = el.closest('[data-answer="clear"]');
    if (clearOf && clearOf.dataset.next && !el.matches(clearOf.dataset.next)) continue;
    const c = el.getBoundingClientRect();
    const over = c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top;
    if (c.width && c.height && over) hit.push(c);
  }
  return hit.concat(keptUnder(pointed, r));
}

/** What lying over ``hit`` (covered's rectangles) costs a place: a control each, and each part of what the answer
 * is about as much as the control that replaced the one tapped (the player reads them next), the list it points to
 * a little more. */
function weigh(hit) {
  return hit.reduce((cost, r) => cost + 1 + (r.where ? 60 : r.pointed ? 50 : 0), 0);
}
