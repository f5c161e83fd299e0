// Short notices of what others (another phone, the camera) did, floating over the top bar's title (#notices), two at most;
// a tap on one sends it away. A phone never shows the same words twice at once: a notice that says what one shown already says
// takes its place at the top, counted ("×2"), and is shown its full time again. A verdict's notice ("Illegal: …")
// is about the board as it stood: it goes as soon as the table takes a later entry (replaying a game left old ones
// over the board's header), else after its time; the Verdicts and History tabs keep every verdict.

import { $, clear, h } from "../dom.js";
import { FOOT_BARS } from "./screen-band.js";

const SHOWN = 2;           // notices on the screen at once
const ERROR_MS = 8000;     // how long a notice stays: an error is read more slowly
const INFO_MS = 5000;
// notices not about one entry of the game (the camera, the network, a PIN saved): they stay their time
const STANDING = new Set(["info", "ok", "error"]);
const TITLE_ROOM = 140;    // px: a title narrower than this has no room for a notice's words over it
const GAP = 6;             // px between the stack and the bar above it (or the window's top), or the bars below
// the controls a notice keeps clear of once tapped (a tap elsewhere, on words or a card, touched nothing)
const TAPPABLE = "button, a[href], input, select, summary, [data-x], [data-cell], [data-tile], [data-column], .die-box";
let tapped = null;         // the control the player tapped last: {el, page} (page: where it lay, in page px)

/** The count of entries the board drawn shows, or null off the table screen's board. */
function entriesShown() {
  const board = document.querySelector("#board");
  const n = board ? Number.parseInt(board.dataset.entries, 10) : Number.NaN;
  return Number.isNaN(n) ? null : n;
}

/** The words a notice says now, in the page's language (a switch says them again). */
function said(item) { return item.words(); }

function fill(item) {
  clear(item).append(item.words());
  if (item.count > 1) item.append(h("span", { class: "count" }, ` ×${item.count}`));
}

/** Over the top bar's title while the bar is in sight (the companion's name, which a player needs no more than
 * once): under the bar they lay for seconds over the game's name, the profile card's title. The language switch and
 * the connection stay in sight beside. Else (a title too narrow, the simulated table's banner heading the stack) just
 * under the bar, and once the bar has scrolled away (held sideways) at the window's top: a scrolled page left a strip
 * of board above them, and the simulated table's stack lay 68 px down. Over the control just tapped, or its answer
 * beside it, or what a notice talks about (show's ``about``), they go to the foot of the screen, above its bars, or
 * beside it: a notice never hides what the player touched, nor what it names. */
function place(list) {
  const title = document.querySelector("#table-name");
  const bar = title && title.closest(".topbar");
  const name = title && title.getBoundingClientRect();
  // on the simulated table the stack begins with its banner (style.css), too tall for the title's place
  const over = Boolean(bar && bar.getBoundingClientRect().top >= -1 && name.width >= TITLE_ROOM
    && !(list.dataset.simulated && document.body.dataset.screen === "table"));
  list.classList.toggle("over-title", over);
  list.style.bottom = list.style.right = "";
  list.style.top = over ? `${Math.max(name.top - 4, 0)}px`
    : bar ? `${Math.max(bar.getBoundingClientRect().bottom, 0) + GAP}px` : "";
  list.style.setProperty("--title-height", over ? `${name.height + 8}px` : "");
  list.style.left = over ? `${name.left - 6}px` : "";
  list.style.width = over ? `${name.width + 6}px` : "";
  if (over) return; // over the title: the controls beside it and everything under the bar stay in sight
  const clear = [...touched(), ...named(list)];
  const under = list.getBoundingClientRect();
  if (!clear.some((r) => meets(under, r))) return;
  list.style.top = "auto";
  list.style.bottom = `${innerHeight - footTop() + GAP}px`;
  const foot = list.getBoundingClientRect();
  if (!clear.some((r) => meets(foot, r))) return;
  // taller than the room above and below it (a zoomed card held sideways): beside it, under the bar, where the
  // screen leaves a column wide enough; else where it hides less of it
  const side = beside(clear, under.left);
  if (side || hidden(foot, clear) > hidden(under, clear)) {
    list.style.bottom = "";
    list.style.top = `${under.top}px`;
  }
  if (side) {
    list.style.right = "auto";
    list.style.left = `${side.left}px`;
    list.style.width = `${side.width}px`;
  }
}

const SIDE_ROOM = 200; // px: the narrowest column a notice is laid in beside what it keeps in sight

/** The widest column of the screen left or right of every rect of ``clear`` (from ``start``, the stack's own left
 * edge, past a rail of tabs), or null when none is SIDE_ROOM wide. */
function beside(clear, start) {
  const edge = document.documentElement.clientWidth; // the window's width less its scroll bar
  const leftmost = Math.min(...clear.map((r) => r.left));
  const rightmost = Math.max(...clear.map((r) => r.right));
  const left = leftmost - GAP - start;
  const right = edge - rightmost - 2 * GAP;
  if (Math.max(left, right) < SIDE_ROOM) return null;
  return left >= right ? { left: start, width: left } : { left: rightmost + GAP, width: right };
}

/** What the notices shown talk about, where it lies on the screen in sight (``about``: show's selector). */
function named(list) {
  const about = [...list.children].map((item) => item.about).filter(Boolean);
  return about.length ? [...document.querySelectorAll(about.join(","))].map((el) => el.getBoundingClientRect())
    .filter((r) => r.width && r.height && r.bottom > 0 && r.top < innerHeight) : [];
}

/** The area of ``rects`` that ``box`` lies over, in px². */
function hidden(box, rects) {
  return rects.reduce((sum, r) => sum + Math.max(0, Math.min(box.right, r.right) - Math.max(box.left, r.left))
    * Math.max(0, Math.min(box.bottom, r.bottom) - Math.max(box.top, r.top)), 0);
}

/** Where the control just tapped lies on the screen now (drawn again by its tap: where it lay), and the answer
 * beside it (answer.js). */
function touched() {
  const answer = document.querySelector("#tap-answer:not([data-empty])");
  const rects = answer ? [answer.getBoundingClientRect()] : [];
  if (tapped && tapped.el.isConnected) rects.push(tapped.el.getBoundingClientRect());
  else if (tapped) rects.push(new DOMRect(tapped.page.x - scrollX, tapped.page.y - scrollY, tapped.page.width,
    tapped.page.height));
  return rects.filter((r) => r.width && r.height && r.bottom > 0 && r.top < innerHeight);
}

const meets = (a, b) => a.width && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The top of the bars fixed at the screen's foot (the table's Undo bar, the tabs upright), else the window's end. */
function footTop() {
  const feet = [...document.querySelectorAll(FOOT_BARS)].map((el) => el.getBoundingClientRect())
    .filter((r) => r.height && r.top > innerHeight / 2);
  return feet.length ? Math.min(innerHeight, ...feet.map((r) => r.top)) : innerHeight;
}

// the notices shown placed again at the next frame, once the page has moved or been drawn again
const placeSoon = () => requestAnimationFrame(() => {
  const list = document.querySelector("#notices");
  if (list && list.children.length) place(list);
});

document.addEventListener("click", (event) => {
  const el = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
  if (!el) return;
  const r = el.getBoundingClientRect();
  tapped = { el, page: new DOMRect(r.x + scrollX, r.y + scrollY, r.width, r.height) };
  placeSoon();
}, true);

// placed again as the page moves under them (held sideways the top bar scrolls away; a tab opens at its top)
for (const moved of ["scroll", "resize", "hashchange"]) window.addEventListener(moved, placeSoon, { passive: true });

/** Show ``words`` (a function that says it in the page's language) as a notice of ``kind``; ``about``: a selector
 * of what it talks about on the screen (the game it unlocked, the roll the camera learnt from, the zoomed card of
 * its verdict), which it never hides where the screen's foot leaves it in sight. */
export function show(words, kind, about = null) {
  const list = $("#notices");
  const text = words();
  const same = [...list.children].find((item) => said(item) === text);
  const item = same || h("div", { class: "notice", onclick: () => { clearTimeout(item.timer); item.remove(); } });
  item.words = words;
  item.count = same ? same.count + 1 : 1;
  item.dataset.kind = kind;
  item.about = about;
  item.entries = STANDING.has(kind) ? null : entriesShown(); // its entry is the board's latest (told 400 ms after)
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  fill(item);
  list.prepend(item);
  while (list.children.length > SHOWN) list.lastChild.remove();
  place(list); // shown: placed by its height
  clearTimeout(item.timer);
  item.timer = setTimeout(() => item.remove(), kind === "error" ? ERROR_MS : INFO_MS);
}

/** The language changed: every notice says its words again in the new one. */
export function relabel() {
  for (const item of $("#notices").children) fill(item);
}

/** Take away the notices whose words ``says`` (text => bool) finds said elsewhere on the screen. */
export function drop(says) {
  for (const item of [...$("#notices").children]) {
    if (says(said(item))) { clearTimeout(item.timer); item.remove(); }
  }
}

/** The board was drawn again: a verdict's notice from before its latest entry is stale, and goes. */
export function moveOn() {
  const now = entriesShown();
  if (now === null) return;
  for (const item of [...$("#notices").children]) {
    if (item.entries !== null && item.entries !== undefined && now > item.entries) {
      clearTimeout(item.timer);
      item.remove();
    }
  }
}
