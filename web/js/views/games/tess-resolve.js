// A revealed base event resolved by tapping: each thing it needs (a column, a roll, a colour, a lab) asked in turn.

import { h } from "../../dom.js";
import { colourName, pick, t } from "../../i18n.js";
import { button, choiceRow, valuePad } from "../widgets.js";
import { cubeChip } from "./tess-board.js";

function missing(ctx, item, values) {
  const { summary } = ctx;
  for (const need of item.needs) {
    if (need === "column" && !values.column && item.columns.length > 1) return need;
    if (need === "color" && !values.color && (item.colors || []).length > 1) return need;
    if (need === "destroyed" && !values.destroyed && summary.destroyed.length) return need;
    if (need === "spared" && !values.spared) return need;
    if (need === "rolls") {
      const labs = summary.scientists.filter((n) => (summary.labs[n] || []).length && n !== values.spared);
      const next = labs.find((n) => !(values.rolls || {})[n]);
      if (next) return `rolls:${next}`;
    }
    if ((need === "rolled" || need === "destroyed_rolled") && values[need] === undefined) {
      if (need === "destroyed_rolled" && !summary.destroyed.length) continue;
      if (need === "rolled" && item.needs.includes("column") && !item.columns.length) continue; // nothing left to prime
      return need;
    }
  }
  return null;
}

/** The event to send once everything is known. */
function resolveEvent(item, values) {
  const event = { type: "resolve" };
  for (const key of ["column", "rolled", "color", "destroyed", "destroyed_rolled", "spared", "rolls"]) {
    if (values[key] !== undefined) event[key] = values[key];
  }
  if (item.event === "row_bonus" && values.destroyed) { event.cube = values.destroyed; delete event.destroyed; }
  return event;
}

export function resolveForm(ctx, item, values, redraw) {
  const { summary } = ctx;
  const need = missing(ctx, item, values);
  const set = (key) => (value) => { values[key] = value; values.picks = []; redraw(); };
  values.picks = values.picks || []; // the open pad's taps, kept across redraws
  let control = null;
  if (need === "column") control = h("p", { class: "hint", id: "tess-resolve-column" }, t("tess.resolve_column", { columns: item.columns.join(", ") }));
  else if (need === "color") {
    control = choiceRow(item.colors.map((c) => ({ value: c, label: colourName(c) })), values.color, set("color"), { label: t("tess.resolve_colour") });
  } else if (need === "destroyed") {
    const seen = new Set();
    const cubes = summary.destroyed.filter((c) => { const k = `${c.color}${c.value}`; if (seen.has(k)) return false; seen.add(k); return true; });
    control = h("div", {}, h("p", {}, item.event === "row_bonus" ? t("tess.resolve_pick_destroyed") : t("tess.resolve_random_destroyed")),
      h("div", { class: "dice-row", id: "tess-resolve-destroyed" }, cubes.map((c) => cubeChip(c, { onclick: () => set("destroyed")({ color: c.color, value: c.value }) }))));
  } else if (need === "spared") {
    control = h("div", {}, h("p", {}, t("tess.resolve_spared")),
      choiceRow(summary.scientists.map((n) => ({ value: n, label: n })), values.spared, set("spared"), { class: "tess-spared" }));
  } else if (need && need.startsWith("rolls:")) {
    const name = need.slice(6);
    const cubes = summary.labs[name];
    control = valuePad({ id: "tess-resolve-rolls", title: t("tess.resolve_lab_rolls", { name, cubes: cubes.map((c) => colourName(c.color)).join(", ") }),
      count: cubes.length, keep: values.picks,
      onDone: (rolled) => { values.rolls = { ...(values.rolls || {}), [name]: rolled }; values.picks = []; redraw(); } });
  } else if (need) {
    control = valuePad({ id: "tess-resolve-roll", title: t(need === "rolled" ? "tess.resolve_rolled" : "tess.resolve_destroyed_rolled"), count: 1, keep: values.picks,
      onDone: ([value]) => set(need)(value) });
  }
  return h("div", { class: "card event-card", id: "tess-event", dataset: { event: item.event } },
    h("h3", {}, t("tess.event_title", { name: pick(item.name) })),
    h("p", {}, pick(item.text)),
    control,
    need ? null : button(t("tess.resolve"), () => ctx.submit(resolveEvent(item, values)), { class: "big primary", id: "tess-resolve" }));
}
