// Setting up Tesseract by touch: how many scientists and their names, the base, and the tower from a seed.

import { clear, h } from "../../dom.js";
import { t } from "../../i18n.js";
import { button, choiceRow } from "../widgets.js";
import "./tess-strings.js";

let draft = null;

function newSeed() { return Math.floor(Math.random() * 1e6); }

function start(ctx) {
  const names = (ctx.state.players || []).filter(Boolean).slice(0, 4);
  draft = { game: ctx.state.game_id, players: Math.max(1, names.length || 2), names, base: "1", seed: newSeed() };
}

/** The scientists' names: the players typed at "New game", else S1, S2…; solo plays two labs. */
export function scientistNames() {
  const count = Math.max(draft.players, 2);
  return Array.from({ length: count }, (_, i) => draft.names[i] || `S${i + 1}`);
}

export function setupEvent() {
  return { type: "setup", players: draft.players, scientists: scientistNames(), base: draft.base, seed: draft.seed };
}

export function renderSetup(ctx) {
  if (!draft || draft.game !== ctx.state.game_id) start(ctx);
  const bases = ctx.summary.setup.bases;
  const seed = h("input", { type: "number", id: "tess-seed", min: 0, max: 999999, value: String(draft.seed), inputmode: "numeric",
    "aria-label": t("tess.seed"), oninput: (event) => { draft.seed = Math.max(0, Math.floor(Number(event.target.value) || 0)); } }); // a redraw keeps it
  clear(ctx.root).append(
    h("h2", {}, t("tess.setup_title")),
    h("h3", {}, t("tess.how_many")),
    choiceRow([1, 2, 3, 4].map((n) => ({ value: n, label: n === 1 ? t("tess.solo") : String(n) })), draft.players,
      (n) => { draft.players = n; renderSetup(ctx); }, { class: "tess-players", label: t("tess.how_many") }),
    h("p", { class: "hint", id: "tess-names" }, t("tess.scientists", { names: scientistNames().join(", ") })),
    h("h3", {}, t("tess.base")),
    choiceRow(bases.map((b) => ({ value: b, label: b })), draft.base, (b) => { draft.base = b; renderSetup(ctx); }, { class: "tess-bases", label: t("tess.base") }),
    h("h3", {}, t("tess.tower_from_seed")),
    h("p", { class: "hint" }, t("tess.seed_hint")),
    h("div", { class: "row" }, seed, button(t("tess.new_seed"), () => { draft.seed = newSeed(); renderSetup(ctx); })),
    button(t("tess.setup_start"), () => ctx.submit(setupEvent()), { class: "big primary", id: "tess-setup-start" }),
  );
}
