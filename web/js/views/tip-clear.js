// The piece's name (board.js's tip) and this phone's answer beside the finger (answer.js) each placed where they hide
// nothing, the tip first; where no place near the finger is free of the tip (a reason with its rule-book sentence,
// tall at 360 px), the tip moves, whichever of the two came last: each is read whole.

import { band } from "./screen-band.js";

const GAP = 6;

/** The tip moved just above the answer ``a`` (viewport rectangle; by default the answer shown now), else just below
 * it, where the two overlap. */
export function tipClearOf(a = shownAnswer()) {
  const named = document.querySelector("#name-tip:not([hidden])");
  const n = named && named.getBoundingClientRect();
  if (!a || !n || !(a.left < n.right && n.left < a.right && a.top < n.bottom && n.top < a.bottom)) return;
  const up = a.top - GAP - n.height;
  named.style.top = `${(up >= band().top ? up : a.bottom + GAP) + scrollY}px`;
}

function shownAnswer() {
  const box = document.querySelector("#tap-answer:not([data-empty])");
  return box && box.getClientRects().length ? box.getBoundingClientRect() : null;
}
