// Tiny DOM helpers: build elements without innerHTML (no injection from names typed by players).

const SVG_NS = "http://www.w3.org/2000/svg";

function build(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "text") el.textContent = value;
    else if (key === "style") {
      // Through the CSSOM: the page's Content-Security-Policy forbids inline style attributes.
      for (const rule of String(value).split(";")) {
        const at = rule.indexOf(":");
        if (at > 0) el.style.setProperty(rule.slice(0, at).trim(), rule.slice(at + 1).trim());
      }
    }
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "big", onclick: fn}, "Label"). */
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Set attributes (the keys h and svg take) on an element already built: what is drawn is moved, not rebuilt. */
export function update(el, attrs) {
  return build(el, attrs, []);
}

/** Draw ``el`` again with ``draw`` unless it was last drawn from the same ``key`` and still shows it: the page
 * re-renders on every history refresh and live event, and an element rebuilt under a finger loses the tap (the
 * element touched is gone). */
export function redraw(el, key, draw) {
  if (el.drawnFrom === key && el.firstChild) return;
  draw();
  el.drawnFrom = key;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

/** The page's own confirmation (#confirm-dialog), in its theme and language: a browser's window.confirm is plain,
 * and some home-screen apps never show it. Resolves true for ``yes``, false for ``no`` or Escape. */
export function confirmDialog({ title, text, yes, no }) {
  const dialog = $("#confirm-dialog");
  $("#confirm-title").textContent = title;
  $("#confirm-text").textContent = text;
  $("#confirm-yes").textContent = yes;
  $("#confirm-no").textContent = no;
  return new Promise((resolve) => {
    const done = (answer) => () => { dialog.close(); resolve(answer); };
    $("#confirm-yes").onclick = done(true);
    $("#confirm-no").onclick = done(false);
    dialog.oncancel = done(false);
    dialog.showModal();
  });
}

/** CSS colour for a die colour name (bars, chips, boxes). */
export const DIE_CSS = {
  white: "#f4f4f4", black: "#2b2b2b", red: "#e53935", green: "#43a047", blue: "#1e88e5",
  yellow: "#fdd835", purple: "#8e24aa", orange: "#fb8c00", unknown: "#9e9e9e",
};
export const DIE_COLOURS = ["white", "black", "red", "green", "blue", "yellow", "purple", "orange"];

export function dieCss(colour) {
  return DIE_CSS[colour] || DIE_CSS.unknown;
}
