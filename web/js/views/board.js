// The table screen's board: the game's own view (SVG drawn from the engine's summary), or nothing for free roll.

import { $, clear, redraw } from "../dom.js";
import { language } from "../i18n.js";
import { viewFor } from "./games/index.js";

let drawing = 0;

/** Draw the current game's board; resolves to the view module (or null) so the table can hide what it replaces.
 * A board already drawn from the same state in the same language is left as it is: the page re-renders on every
 * history refresh and repeated live event, and a board rebuilt under a finger loses the tap (the element touched is
 * gone). A view redraws itself for what is picked on it. */
export async function render(app) {
  const root = $("#board");
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
