// Small touch controls the board views share: a die-value pad, toggle rows, labelled buttons.

import { clear, dieCss, h } from "../dom.js";
import { addStrings, colourName, t } from "../i18n.js";

addStrings({
  en: {
    "pad.tap_values": "Tap the values shown by the dice",
    "pad.count": "{n} of {total}",
    "pad.count_free": "{n} dice",
    "pad.clear": "Clear",
    "pad.cancel": "Cancel",
    "pad.done": "Done",
    "pad.remove": "Remove this {value}",
  },
  fr: {
    "pad.tap_values": "Touchez les valeurs montrées par les dés",
    "pad.count": "{n} sur {total}",
    "pad.count_free": "{n} dés",
    "pad.clear": "Effacer",
    "pad.cancel": "Annuler",
    "pad.done": "Valider",
    "pad.remove": "Retirer ce {value}",
  },
});

/** A button with a visible label (never an icon alone), at least 44 px on every side (CSS). */
export function button(label, onclick, attrs = {}) {
  return h("button", { type: "button", class: attrs.class || "big", onclick, ...attrs }, label);
}

/** A die face as a chip; ``colour`` optional; ``onclick`` makes it a button. */
export function dieFace(value, { colour = null, onclick, pressed, disabled, label, dataset = {} } = {}) {
  return h("button", {
    type: "button", class: `die face colour-${colour || "none"}`, style: `--die:${colour ? dieCss(colour) : "#f4f4f4"}`,
    dataset: { value: String(value), color: colour || "", ...dataset }, onclick, disabled,
    "aria-pressed": pressed === undefined ? undefined : String(Boolean(pressed)),
    "aria-label": label || (colour ? `${value} ${colourName(colour)}` : String(value)),
  }, h("span", { class: "pips" }, String(value)));
}

/**
 * Pick die values by tapping 1-6; ``count`` fixes how many (null: one or more).
 * Calls ``onDone(values)``; ``onCancel`` closes it; ``keep`` holds the taps across redraws.
 */
export function valuePad({ title, count = null, onDone, onCancel, id, keep }) {
  const picked = keep || []; // ``keep``: the caller's array, so a redraw from a live update loses no tap
  const root = h("div", { class: "card pad", id });
  const shown = h("div", { class: "dice-row pad-picked", "aria-live": "polite" });
  const counter = h("span", { class: "pad-count" });
  const done = button(t("pad.done"), () => onDone([...picked]), { class: "big primary pad-done" });
  const redraw = () => {
    clear(shown);
    picked.forEach((value, index) => shown.append(dieFace(value, {
      label: t("pad.remove", { value }), onclick: () => { picked.splice(index, 1); redraw(); },
    })));
    counter.textContent = count ? t("pad.count", { n: picked.length, total: count }) : t("pad.count_free", { n: picked.length });
    done.disabled = count ? picked.length !== count : picked.length === 0;
    for (const key of root.querySelectorAll(".pad-keys button")) key.disabled = Boolean(count) && picked.length >= count;
  };
  const keys = h("div", { class: "pad-keys" }, [1, 2, 3, 4, 5, 6].map((value) =>
    dieFace(value, { dataset: { key: String(value) }, onclick: () => { picked.push(value); redraw(); } })));
  root.append(
    h("h3", {}, title || t("pad.tap_values")),
    keys,
    h("div", { class: "row spread" }, counter, button(t("pad.clear"), () => { picked.length = 0; redraw(); }, { class: "pad-clear" })),
    shown,
    h("div", { class: "row" }, onCancel ? button(t("pad.cancel"), onCancel, { class: "big pad-cancel" }) : null, done),
  );
  redraw();
  return root;
}

/** A row of toggle buttons, one pressed: ``choices`` [{value, label}]. */
export function choiceRow(choices, selected, onPick, attrs = {}) {
  return h("div", { class: `choice-row ${attrs.class || ""}`, role: "group", "aria-label": attrs.label },
    choices.map((choice) => h("button", {
      type: "button", class: "choice-button", dataset: { value: String(choice.value) },
      "aria-pressed": String(choice.value === selected), onclick: () => onPick(choice.value),
    }, choice.label)));
}
