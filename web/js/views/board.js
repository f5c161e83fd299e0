// The table screen's board: the game's own view (SVG drawn from the engine's summary), or nothing for free roll.

import { $, clear, h, redraw } from "../dom.js";
import { language } from "../i18n.js";
import { band } from "./screen-band.js";
import { viewFor } from "./games/index.js";
import { markTurn, simulatedOnTurn } from "./seat.js";
import { tipClearOf } from "./tip-clear.js";

let drawing = 0;
let tip = null;
let tipFor = null; // the piece the tip names, as a selector: a board drawn again without it hides the tip

/** A piece drawn on a board shows a short mark (a few letters); tapped, its full name (its SVG title) shows near
 * it until the next tap, where it hides nothing a player reads or taps next (place). */
function nameTips(root) {
  if (tip) return;
  tip = h("div", { class: "name-tip", id: "name-tip", role: "status", hidden: true });
  document.body.append(tip);
  document.addEventListener("click", () => { tip.hidden = true; }, true);
  root.addEventListener("click", (event) => {
    const piece = event.target instanceof Element && event.target.closest("g");
    const title = piece && [...piece.children].find((c) => c.tagName.toLowerCase() === "title");
    if (!title) return;
    tip.textContent = title.textContent;
    tip.hidden = false;
    place(piece);
    // the piece's own handler may draw the board again (the piece picked, the cells it reaches ringed): placed anew
    const key = ["tile", "keeper", "column", "node", "card"].find((k) => piece.dataset[k]);
    const again = key && `g[data-${key}="${CSS.escape(piece.dataset[key])}"]`;
    tipFor = again;
    setTimeout(() => {
      const found = again && root.querySelector(again);
      if (!tip.hidden && found) place(found);
    }, 0);
  }, true);  // before the piece's own handler, which may stop the tap there
  // a board's frame panned (a drag; Hexors' arena held sideways, opening on a duel): the name follows its piece, and
  // goes with it out of the frame (scroll does not bubble: heard on its way down)
  root.addEventListener("scroll", (event) => {
    const found = !tip.hidden && tipFor && root.querySelector(tipFor);
    if (!found || !(event.target instanceof Element)) return;
    const r = found.getBoundingClientRect();
    const f = event.target.getBoundingClientRect();
    if (r.right > f.left && r.left < f.right && r.bottom > f.top && r.top < f.bottom) place(found);
    else tip.hidden = true;
  }, true);
}

// on a board, what a player may tap next (a board says which in data-next: Hexors' tiles and ringed cells);
// off it, the words and controls of the table screen
const PIECES = "[data-x], [data-cell], [data-tile], [data-column], [data-keeper]";
const BESIDE = "#screen-table :is(p, h2, h3, li, th, td, button, select, input, a, summary, .die-box)";

/** The tip just above the piece where that hides nothing; else in the strip its board keeps free above itself
 * (.board-scroll's padding, Hexors and Nexus Keepers: every cell near a piece may be the next tap and the words
 * above the board say what to do), when seen; else just below the piece; else at the nearest height that hides
 * nothing; else above it all the same. */
function place(piece) {
  const r = piece.getBoundingClientRect();
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  const right = document.documentElement.clientWidth - width - 8;
  const free = band();  // held sideways, right of the tabs' rail
  const left = Math.max(free.left + 8, Math.min(r.left + r.width / 2 - width / 2, right));
  const svgRoot = piece.ownerSVGElement;
  const keep = [...(svgRoot ? svgRoot.querySelectorAll(svgRoot.dataset.next || PIECES) : []),
    ...[...document.querySelectorAll(BESIDE)].filter((el) => !el.closest("svg"))]
    .filter((el) => el !== piece && !piece.contains(el)).map((el) => el.getBoundingClientRect());
  const clear = (top) => top >= free.top && top + height <= free.bottom && !keep.some((k) => k.width && k.height
    && k.left < left + width && k.right > left && k.top < top + height && k.bottom > top);
  const scroller = piece.closest(".board-scroll");
  const pad = scroller ? parseFloat(getComputedStyle(scroller).paddingTop) : 0;
  const above = r.top - height - 4;
  const strip = pad >= height ? scroller.getBoundingClientRect().top + (pad - height) / 2 : null;
  const scan = [];  // else the nearest height that hides nothing (a Hexors row of empty cells)
  for (let y = free.top; y + height <= free.bottom; y += 4) scan.push(y);
  const far = (y) => Math.abs(y + height / 2 - (r.top + r.bottom) / 2);
  scan.sort((a, b) => far(a) - far(b));
  const top = [above, strip, r.bottom + 4, ...scan].find((y) => y !== null && clear(y)) ?? above;
  tip.style.left = `${left + scrollX}px`;
  tip.style.top = `${top + scrollY}px`;
  tipClearOf();
}

/** Draw the current game's board; resolves to the view module (or null) so the table can hide what it replaces.
 * A board already drawn from the same state in the same language is left as it is: the page re-renders on every
 * history refresh and repeated live event, and a board rebuilt under a finger loses the tap (the element touched is
 * gone). A view redraws itself for what is picked on it. */
export async function render(app) {
  const root = $("#board");
  nameTips(root);
  const state = app.state;
  const ticket = ++drawing;
  const view = await viewFor(state.game);
  if (ticket !== drawing) return view; // a newer state arrived while the module loaded
  root.hidden = !view;
  document.body.dataset.board = view ? state.game : "";
  if (!view) {
    clear(root);
    if (tip) tip.hidden = true;
    return null;
  }
  // the simulated player on turn is part of what is drawn: a seat taken or left redraws the board
  redraw(root, `${language()} ${simulatedOnTurn(app)} ${JSON.stringify(state)}`, () => {
    const summary = state.summary || {};
    const ctx = { app, root, state, summary, submit: (event) => app.submitEvent(event) };
    if (summary.phase === "setup") view.renderSetup(ctx);
    else view.render(ctx);
    root.dataset.entries = String(state.entries);
  });
  markTurn(app);  // at the simulated table, a simulated player's turn said on the board, whatever the game
  // the piece named gone from the board (another game started, the piece taken off): its name goes too
  if (tip && !tip.hidden && !(view && tipFor && root.querySelector(tipFor))) tip.hidden = true;
  // still shown, it says the piece's name as drawn now (the page switched to French while it was open)
  const named = tip && !tip.hidden && root.querySelector(tipFor);
  const title = named && [...named.children].find((c) => c.tagName.toLowerCase() === "title");
  if (title && tip.textContent !== title.textContent) { tip.textContent = title.textContent; place(named); }
  return view;
}
