// The part of the table screen that the bars leave free, where an answer beside the finger (answer.js) or a piece's
// name (board.js) can be seen whole.

const TAB_BAR = 140;    // the fixed tab bar and the table's action bar cover about this much of the bottom
const TOP_BAR = 60;     // and the top bar this much of the top (both measured where they are drawn: band())
export const FOOT_BARS = "#screen-table > .actions, .tabs";

/** The part of the screen (viewport px) the bars leave free: under the top bar, above the fixed bars at the foot (the
 * table's Undo and roll buttons, the tabs), measured, as their words make them taller on a narrow phone. A phone held
 * sideways has the tabs in a rail down the left from the top: no bar at the foot (it left no band at all), and the
 * band starts right of the rail (``left``; 0 upright): an answer or a name from x 8 lay under it. */
export function band() {
  const head = document.querySelector(".topbar");
  const top = head ? Math.max(head.getBoundingClientRect().bottom, 0) : TOP_BAR;
  const feet = [...document.querySelectorAll(FOOT_BARS)].filter((bar) => getComputedStyle(bar).position === "fixed")
    .map((bar) => bar.getBoundingClientRect()).filter((r) => r.height && r.top > innerHeight / 2);
  const rail = document.querySelector(".tabs:not([hidden])");
  const left = rail && rail.offsetHeight > rail.offsetWidth ? rail.getBoundingClientRect().right : 0;
  return { top, bottom: feet.length ? Math.min(...feet.map((r) => r.top)) : innerHeight - TAB_BAR, left };
}
