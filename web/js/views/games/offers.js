// One rule for every board: a button is live only when the referee's summary offers its event as available
// (summary.available, each offer put to the engine itself). A refused one is drawn disabled with the referee's
// reason beside it, and a tap on it says why instead of sending what would be refused.

import { h } from "../../dom.js";
import { pick } from "../../i18n.js";
import * as answer from "../answer.js";
import { button } from "../widgets.js";

/** An event as one string whatever the order of its keys, to find the offer that sends it. */
function canonical(value) {
  return JSON.stringify(value, (_, x) => (x && typeof x === "object" && !Array.isArray(x)
    ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));
}

/** ``text`` with each «@n» the n-th of ``terms`` (a long name, sent once). */
function named(text, terms) {
  return terms ? text.replace(/«@(\d+)»/g, (_, n) => terms[Number(n)]) : text;
}

/** An event as the referee offers it: each string in it with its «@n» names written out. */
function namedEvent(value, terms) {
  if (typeof value === "string") return named(value, terms);
  if (Array.isArray(value)) return value.map((x) => namedEvent(x, terms));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, namedEvent(x, terms)]));
  }
  return value;
}

/** The event a key spells: its values in order, joined by ':' (``fields``: the names of its fields, in order). */
function spelled(key, fields) {
  const values = key.split(":");
  return Object.fromEntries(fields.map((field, i) => [field, values[i]]));
}

/** A reason as the referee said it, from its template: each «$k» the offer's k-th term (in each language: a
 * piece's name is {en, fr}, a player's one string), each «#n» the n-th sentence of ``quotes`` (sent once). */
function reason(template, args, sent) {
  if (!template) return null;
  const terms = sent.terms || [];
  return Object.fromEntries(Object.entries(template).map(([lang, text]) => [lang, text
    .replace(/«\$(\d+)»/g, (_, k) => {
      const term = terms[args[Number(k)]];
      return typeof term === "string" ? term : term[lang];
    })
    .replace(/«#(\d+)»/g, (_, n) => `« ${(sent.quotes || [])[Number(n)]} »`)]));
}

/** The summary's offer for ``event`` as {event, available, why}, or null when the referee lists no such button now.
 * ``summary.available`` is compact (companion/referee/offers.py): {offers: {key: [event] or [event, i, term...]},
 * why: [...], terms: [...], quotes: [...], shapes: [...]}, a refused offer naming its reason by its place in ``why``
 * (one reason template is shared by many offers, the terms it names given by the offer), an event its key spells
 * sent as [its shape]. */
export function offerFor(summary, event) {
  const sent = (summary && summary.available) || {};
  const wanted = canonical(event);
  const found = Object.entries(sent.offers || {}).map(([key, [offered, ...why]]) => [Array.isArray(offered)
    ? spelled(named(key, sent.terms), sent.shapes[offered[0]]) : namedEvent(offered, sent.terms), why])
    .find(([offered]) => canonical(offered) === wanted);
  if (!found) return null;
  const [offered, [i, ...args]] = found;
  const why = i === undefined ? null : reason((sent.why || [])[i], args, sent);
  return { event: offered, available: i === undefined, why };
}

/** Why the referee would refuse ``event`` now, in the page's language; null when it takes it or does not say. */
export function refusedWhy(summary, event) {
  const offer = offerFor(summary, event);
  return offer && !offer.available ? pick(offer.why) : null;
}

/** Why a tap cannot act, shown beside the control tapped (the page's answer box, read out to screen readers):
 * nothing is sent, so this is the only answer the tap gets. ``why``: a function that says it in the page's
 * language, from what it was about at the tap (a language switch calls it again). */
export function sayWhy(ctx, why) {
  answer.begin();
  answer.show({ message: why, kind: "error" });
}

let reasons = 0;

/**
 * A button that sends ``event`` (or runs ``send``) when the referee would take it; else disabled (aria-disabled,
 * still tappable) with the reason shown under it, and a tap shows the reason again. ``gate``: the offer to ask
 * when the button opens a step rather than sending (Tesseract's Confine asks whether an action is left).
 */
export function offerButton(ctx, label, event, attrs = {}, { send, gate } = {}) {
  const why = refusedWhy(ctx.summary, gate || event);
  if (!why) return button(label, send || (() => ctx.submit(event)), attrs);
  const id = `why-${++reasons}`;
  const tapped = () => sayWhy(ctx, () => refusedWhy(ctx.summary, gate || event) || why); // said again on a switch
  return h("span", { class: "offer refused" },
    button(label, tapped, { ...attrs, class: `${attrs.class || "big"} refused`, "aria-disabled": "true",
      "aria-describedby": id }),  // drawn unavailable by style.css's button.refused, its words still 4.5:1
    h("small", { class: "why", id, style: "display:block;margin:2px 0 6px" }, why));
}
