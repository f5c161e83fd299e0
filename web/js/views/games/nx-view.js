// The Nexus board's window on a phone. A game's cards soon spread wider than the screen: the board opens fitted to
// it (every card in view), zooms with − / +, a pinch, or a tap on a square too small for a finger (zoomed to, centred
// on it; the next tap plays), pans by dragging (the frame scrolls), and "Overview" fits it again (− and "Overview"
// are shown only once zoomed in).

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { button } from "../widgets.js";
import { sayWhy } from "./offers.js";

export const PX = 80;  // screen pixels per half-card square at scale 1
const FINGER = 44;     // a square drawn smaller is zoomed to before a tap on it plays
const PLAY = 1;        // the scale a tap zooms to: squares of 80 px, node values at their full size
const MAX = 1.5;
const STEP = 1.5;
const READABLE = 12;   // node values drawn smaller than this (CSS px) are hidden: the overview shows shapes

// kept across redraws (the board is drawn again on every live event) and games: null scale is "fitted"
let view = { game: null, scale: null, centre: null };
let shown = { frame: null, scale: 1, fit: 1, newest: null };

function box(svg) {
  const vb = svg.viewBox.baseVal;
  return { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
}

/** The scale that shows the whole board in the frame (never above 1: a small board is not blown up). */
function fitScale(frame, b) {
  const st = getComputedStyle(frame);
  // the frame's whole width: a scrollbar shown while zoomed in goes once the board fits
  const room = frame.offsetWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
  // at least 200 px high, but never past the frame's own height (65 % of the window: 141 px on a phone held
  // sideways under its browser's bars), or the foot of the board lay out of view with "Overview" not offered
  const inside = parseFloat(st.paddingTop) + parseFloat(st.paddingBottom);
  const roomHigh = Math.min(Math.max(200, window.innerHeight * 0.6), (parseFloat(st.maxHeight) || Infinity) - inside);
  return Math.min(1, room / (b.w * PX), roomHigh / (b.h * PX));
}

/** Size the board for the view wanted and scroll the frame to its centre. */
function apply() {
  const frame = shown.frame;
  const svg = frame && frame.querySelector("svg.nx-board");
  if (!svg || !frame.isConnected || !frame.clientWidth) return;
  const b = box(svg);
  shown.fit = fitScale(frame, b);
  shown.scale = view.scale == null ? shown.fit : Math.min(MAX, Math.max(shown.fit, view.scale));
  const px = PX * shown.scale;
  svg.style.width = `${b.w * px}px`;
  svg.dataset.scale = shown.scale.toFixed(3);
  const text = svg.querySelector(".node text");
  const drawn = text ? parseFloat(getComputedStyle(text).fontSize) * px : READABLE;
  svg.classList.toggle("overview", drawn < READABLE);
  const zoomed = shown.scale > shown.fit + 1e-6;
  const centre = view.centre || shown.newest;
  if (zoomed && centre) {
    frame.scrollLeft = (centre[0] - b.x) * px - frame.clientWidth / 2;
    frame.scrollTop = (centre[1] - b.y) * px - frame.clientHeight / 2;
  }
  const bar = frame.previousElementSibling;
  if (bar && bar.classList.contains("nx-zoom-bar")) {
    // at the largest size + can do nothing: drawn unavailable, with why beside it and in its name (a disabled +
    // said no why); a tap on it says why again
    const largest = shown.scale >= MAX - 1e-6;
    const plus = bar.querySelector("[data-zoom='in']");
    plus.classList.toggle("refused", largest);
    plus.setAttribute("aria-disabled", String(largest));
    plus.title = largest ? t("nx.zoom_largest_why") : t("nx.zoom_in");
    bar.querySelector(".nx-zoom-why").hidden = !largest;
    // the whole board already in view: "Overview" and − would do nothing, so they are not shown (disabled, they
    // said no why); both come back on the left of +, which stays under the finger
    for (const which of ["fit", "out"]) {
      const control = bar.querySelector(`[data-zoom='${which}']`);
      control.disabled = !zoomed;
      control.hidden = !zoomed;
    }
  }
}

/** The board point in the middle of the frame now (kept so a redraw, or a zoom, stays on it). */
function middle(frame) {
  const svg = frame.querySelector("svg.nx-board");
  const b = box(svg);
  const px = PX * shown.scale;
  return [b.x + (frame.scrollLeft + frame.clientWidth / 2) / px, b.y + (frame.scrollTop + frame.clientHeight / 2) / px];
}

function zoom(scale, centre) {
  view.scale = scale;
  view.centre = centre || (shown.scale > shown.fit + 1e-6 ? middle(shown.frame) : null);
  apply();
}

/** Pinch to zoom with two fingers; one finger scrolls the frame as any scrolling box does. */
function pinchable(frame) {
  let start = null;
  const spread = (e) => Math.hypot(e.touches[0].clientX - e.touches[1].clientX,
    e.touches[0].clientY - e.touches[1].clientY);
  frame.addEventListener("touchstart", (e) => {
    if (e.touches.length === 2) start = { spread: spread(e), scale: shown.scale, centre: middle(frame) };
  }, { passive: true });
  frame.addEventListener("touchmove", (e) => {
    if (!start || e.touches.length !== 2) return;
    e.preventDefault();
    view.scale = start.scale * spread(e) / start.spread;
    view.centre = start.centre;
    apply();
  }, { passive: false });
  frame.addEventListener("touchend", () => { start = null; });
  frame.addEventListener("scroll", () => {
    if (view.scale != null && shown.scale > shown.fit + 1e-6) view.centre = middle(frame);
  }, { passive: true });
}

/**
 * The zoom buttons and the frame around ``board`` (drawBoard's SVG). ``newest`` is the board point a first zoom
 * centres on (the newest card). Call ``fitted()`` once both are in the page.
 */
export function boardFrame(gameId, board, newest) {
  if (view.game !== gameId) view = { game: gameId, scale: null, centre: null };
  const frame = h("div", { class: "board-scroll nx-frame", id: "nx-scroll" }, board);
  pinchable(frame);
  shown = { ...shown, frame, newest };
  // the bar lies to the right: "Overview", first, comes and goes on the left without moving − and + under a finger
  const bar = h("div", { class: "nx-zoom-bar" },
    button(t("nx.overview"), () => zoom(null, null), { class: "", dataset: { zoom: "fit" } }),
    button("−", () => zoom(shown.scale / STEP), { class: "", "aria-label": t("nx.zoom_out"),
      dataset: { zoom: "out" } }),
    button("+", () => (shown.scale >= MAX - 1e-6 ? sayWhy(null, () => t("nx.zoom_largest_why")) : zoom(shown.scale * STEP)),
      { class: "", "aria-label": t("nx.zoom_in"), "aria-describedby": "nx-zoom-why", dataset: { zoom: "in" } }));
  bar.prepend(h("small", { class: "why nx-zoom-why", id: "nx-zoom-why", hidden: true }, t("nx.zoom_largest")));
  return [bar, frame];
}

/** Lay the board out for the view wanted, once its frame is in the page (its width known). */
export function fitted() { apply(); }

/** ``act`` for a tap on the board when its squares are big enough for a finger; else zoom in on ``centreOf(arg)``
 * first, so the next tap lands where the player meant. */
export function tapOrZoom(act, centreOf) {
  return (arg) => {
    if (PX * shown.scale >= FINGER) return act(arg);
    zoom(Math.max(PLAY, shown.scale), centreOf(arg));
    return undefined;
  };
}
