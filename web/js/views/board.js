// The table screen's board: the game's own view (SVG drawn from the engine's summary), or nothing for free roll.

import { $, clear, h, redraw } from "../dom.js";
import { language } from "../i18n.js";
import { viewFor } from "./games/index.js";

let drawing = 0;
let tip = null;

/** A piece drawn on a board shows a short mark (a few letters); tapped, its full name (its SVG title) shows above
 * it until the next tap. */
function nameTips(root) {
  if (tip) return;
  tip = h("div", { class: "name-tip", id: "name-tip", role: "status", hidden: true });
  document.body.append(tip);
  document.addEventListener("click", () => { tip.hidden = true; }, true);
  root.addEventListener("click", (event) => {
    const piece = event.target instanceof Element && event.target.closest("g");
    const title = piece && [...piece.children].find((c) => c.tagName.toLowerCase() === "title");
    if (!title) return;
    const r = piece.getBoundingClientRect();
    tip.textContent = title.textContent;
    tip.hidden = false;
    const width = tip.offsetWidth;
    const left = Math.min(r.left + r.width / 2 - width / 2, document.documentElement.clientWidth - width - 8);
    tip.style.left = `${Math.max(8, left) + scrollX}px`;
    tip.style.top = `${r.top + scrollY - tip.offsetHeight - 4}px`;
  }, true);  // before the piece's own handler, which may stop the tap there
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
  if (!view) { clear(root); return null; }
  redraw(root, `${language()} ${JSON.stringify(state)}`, () => {
    const summary = state.summary || {};
    const ctx = { app, root, state, summary, submit: (event) => app.submitEvent(event) };
    if (summary.phase === "setup") view.renderSetup(ctx);
    else view.render(ctx);
    root.dataset.entries = String(state.entries);
  });
  return view;
}
