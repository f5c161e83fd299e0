// Setting up Nexus by touch: how many players and their names, the example deck and its first card.

import { clear, dieCss, h } from "../../dom.js";
import { colourName, pick, t } from "../../i18n.js";
import { button, choiceRow } from "../widgets.js";
import { cardThumb } from "./nx-board.js";
import "./nx-strings.js";

let draft = null;

function start(ctx) {
  const choices = ctx.summary.setup;
  const names = (ctx.state.players || []).filter(Boolean).slice(0, 4);
  draft = { game: ctx.state.game_id, count: Math.min(4, Math.max(2, names.length)), names, first: choices.cards[0].id };
}

export function playerNames() {
  return Array.from({ length: draft.count }, (_, i) => draft.names[i] || t("nx.player_n", { n: i + 1 }));
}

export function setupEvent(choices) {
  return { type: "setup", players: playerNames().map((name, i) => ({ name, colour: choices.colours[i] })), deck: "example",
    first_card: draft.first };
}

/** A grid of tappable card pictures (the first card here; the card drawn on the table later). Each is named by its
 * words ("Double cross, 6 left"), not its picture's node numbers, which a screen reader would read out first. */
export function cardPicker(shapes, selected, onPick, id) {
  return h("div", { class: "nx-picker", id, role: "group" }, shapes.map((shape) => {
    const left = t("nx.left", { n: shape.left });
    return h("button", {
      type: "button", class: "nx-pick", dataset: { card: shape.id }, "aria-pressed": String(shape.id === selected),
      "aria-label": `${pick(shape.names)}, ${left}`, onclick: () => onPick(shape.id),
    }, cardThumb(shape), h("span", {}, pick(shape.names)), h("small", { class: "left" }, left));
  }));
}

export function renderSetup(ctx) {
  if (!draft || draft.game !== ctx.state.game_id) start(ctx);
  const choices = ctx.summary.setup;
  clear(ctx.root).append(
    h("h2", {}, t("nx.setup_title")),
    h("h3", {}, t("nx.how_many")),
    choiceRow(choices.players.map((n) => ({ value: n, label: String(n) })), draft.count, (n) => { draft.count = n; renderSetup(ctx); },
      { class: "nx-count", label: t("nx.how_many") }),
    h("ul", { class: "nx-scores", id: "nx-setup-players" }, playerNames().map((name, i) => h("li", { dataset: { player: name } },
      h("span", { class: "token", style: `--team:${dieCss(choices.colours[i])}` }, String(i + 1)), h("strong", {}, name), ` · ${colourName(choices.colours[i])}`))),
    h("h3", {}, t("nx.first_card")),
    h("p", { class: "hint" }, t("nx.example_deck", { n: choices.deck_size })),
    cardPicker(choices.cards, draft.first, (id) => { draft.first = id; renderSetup(ctx); }, "nx-first-card"),
    button(t("nx.setup_start"), () => ctx.submit(setupEvent(choices)), { class: "big primary", id: "nx-setup-start" }),
  );
}
