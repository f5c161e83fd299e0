// A refusal shown beside the finger (answer.js: the rules refused a tap, the referee or the server refused a change)
// goes once the player's next tap is taken, or after a while: left on the screen, the red "It is Ada's turn" still
// said no after the player had tapped Ada and been answered by the board.

import { $ } from "../dom.js";
import * as answer from "./answer.js";

const REFUSALS = new Set(["illegal", "error", "conflict"]);
const TAPPABLE = "button, a, input, select, summary, [data-x], [data-cell], [data-tile], [data-column], [data-node], "
  + "[data-card], [data-keeper], g, .die-box";
/** How long a refusal nobody taps after stays, in ms: long enough to read a long one twice. A browser test shortens
 * it through this module (one instance per page: the test imports the page's own). */
export const kept = { ms: 20000 };

let timer = null;

export function init() {
  // capture: seen before the control's own handler, which may answer the tap (a new answer) or refuse it again
  document.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element) || target.closest("#tap-answer, .topbar") || !target.closest(TAPPABLE)) return;
    const shown = refusalShown();
    if (!shown) return;
    // after the tap's handlers: a change sent hid it already (answer.begin), a refusal replaced it; else it goes
    setTimeout(() => { if (refusalShown() === shown) answer.hide(); }, 0);
  }, true);
  const box = $("#tap-answer");
  if (box) new MutationObserver(() => restart()).observe(box, { childList: true });
}

/** The refusal on the screen now (its first line, new at each answer), or null. */
function refusalShown() {
  const box = $("#tap-answer");
  if (!box || "empty" in box.dataset || !REFUSALS.has(box.dataset.kind)) return null;
  return box.firstElementChild;
}

function restart() {
  clearTimeout(timer);
  const shown = refusalShown();
  if (shown) timer = setTimeout(() => { if (refusalShown() === shown) answer.hide(); }, kept.ms);
}
