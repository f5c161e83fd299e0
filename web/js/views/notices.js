// Short notices of what others (another phone, the camera) did, floating over the top bar's title (#notices), two at most,
// taking no taps. A phone never shows the same words twice at once: a notice that says what one shown already says
// takes its place at the top, counted ("×2"), and is shown its full time again. A verdict's notice ("Illegal: …")
// is about the board as it stood: it goes as soon as the table takes a later entry (replaying a game left old ones
// over the board's header), else after its time; the Verdicts and History tabs keep every verdict.

import { $, clear, h } from "../dom.js";

const SHOWN = 2;           // notices on the screen at once
const ERROR_MS = 8000;     // how long a notice stays: an error is read more slowly
const INFO_MS = 5000;
// notices not about one entry of the game (the camera, the network, a PIN saved): they stay their time
const STANDING = new Set(["info", "ok", "error"]);
const TITLE_ROOM = 140;    // px: a title narrower than this has no room for a notice's words over it

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
 * the connection stay in sight beside. */
function place(list) {
  const title = document.querySelector("#table-name");
  const bar = title && title.closest(".topbar");
  const name = title && title.getBoundingClientRect();
  // on the simulated table the stack begins with its banner (style.css), too tall for the title's place
  const over = Boolean(bar && bar.getBoundingClientRect().top >= -1 && name.width >= TITLE_ROOM
    && !(list.dataset.simulated && document.body.dataset.screen === "table"));
  list.classList.toggle("over-title", over);
  list.style.top = over ? `${Math.max(name.top - 4, 0)}px` : "";
  list.style.setProperty("--title-height", over ? `${name.height + 8}px` : "");
  list.style.left = over ? `${name.left - 6}px` : "";
  list.style.width = over ? `${name.width + 6}px` : "";
}

// placed again as the page moves under them (held sideways the top bar scrolls away; a tab opens at its top)
for (const moved of ["scroll", "resize", "hashchange"]) {
  window.addEventListener(moved, () => requestAnimationFrame(() => {
    const list = document.querySelector("#notices");
    if (list && list.children.length) place(list);
  }), { passive: true });
}

/** Show ``words`` (a function that says it in the page's language) as a notice of ``kind``. */
export function show(words, kind) {
  const list = $("#notices");
  place(list);
  const text = words();
  const same = [...list.children].find((item) => said(item) === text);
  const item = same || h("div", { class: "notice" });
  item.words = words;
  item.count = same ? same.count + 1 : 1;
  item.dataset.kind = kind;
  item.entries = STANDING.has(kind) ? null : entriesShown(); // its entry is the board's latest (told 400 ms after)
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  fill(item);
  list.prepend(item);
  while (list.children.length > SHOWN) list.lastChild.remove();
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
