// Nexus (James Ernest) by touch: pick the card drawn, tap a ringed square and how it lies to play it; tap a card,
// then one of its free nodes, to place a counter. Scores and every Nexus's standing beside the board.

import { dieCss, h } from "../../dom.js";
import { colourName, named, pick, t } from "../../i18n.js";
import { button } from "../widgets.js";
import { boardNodes, cardBox, cardSaid, colourOf, drawBoard, drawZoom, nexusSaid, readable, spotCells }
  from "./nx-board.js";
import { playerMarks } from "./marks.js";
import { sayWhy } from "./offers.js";
import { cardPicker } from "./nx-setup.js";
import { boardFrame, fitted, tapOrZoom } from "./nx-view.js";
import "./nx-strings.js";

export { renderSetup } from "./nx-setup.js";
export const ownsDice = true;

let ui = { entries: -1 };
// what a tap on the board asks next (how the card lies, Play, the card's nodes) is drawn under the board, and the
// board's ringed squares above the drawn card's picker, off a phone's screen: the selector brought into sight after
// the redraw the tap makes
let reveal = null;

function fresh(state) {
  if (ui.entries !== state.entries || ui.game !== state.game_id) ui = { entries: state.entries, game: state.game_id, card: null, cell: null, choice: null, zoom: null };
}

const tyingOf = new WeakMap(); // summary -> card id -> Set("x,y,rotation"): read once, not for each square drawn

/** The ways the card picked would tie a Nexus ("x,y,rotation"; the summary's tie_spots, variant no ties). */
function tyingWays(summary) {
  if (!tyingOf.has(summary)) tyingOf.set(summary, new Map());
  const byCard = tyingOf.get(summary);
  if (!byCard.has(ui.card)) byCard.set(ui.card, new Set(((summary.tie_spots || {})[ui.card] || []).map((s) => s.join(","))));
  return byCard.get(ui.card);
}

/** The placements a tapped square allows: every free spot covering it (touching the board, or apart with the
 * variant), in each rotation; ``tie``: the referee would refuse it for the card picked (variant no ties). */
function candidates(summary, [cx, cy]) {
  const tying = tyingWays(summary);
  const out = [];
  for (const s of [...summary.card_spots, ...summary.apart_spots]) {
    const portrait = s.rotations.includes(90);
    const covers = portrait ? cx === s.x && (cy === s.y || cy === s.y + 1) : cy === s.y && (cx === s.x || cx === s.x + 1);
    if (covers) for (const rotation of s.rotations) out.push({ x: s.x, y: s.y, rotation, tie: tying.has(`${s.x},${s.y},${rotation}`) });
  }
  return out;
}

/** The one way a tapped square leaves for the card (the others would tie), else null: chosen at the tap. */
function onlyWay(options) {
  const open = options.map((o, i) => [o, i]).filter(([o]) => !o.tie);
  return open.length === 1 ? open[0][1] : null;
}

/** How a card would lie, in players' words: how it is turned, and which way it reaches from the square tapped when
 * two ways share a turn ("turned a quarter to the right, reaching down"). */
function wayText(o, [cx, cy], all) {
  const turn = t(`nx.turn.${o.rotation}`);
  if (all.filter((a) => a.rotation === o.rotation).length < 2) return turn;
  const portrait = o.rotation === 90 || o.rotation === 270;
  const reach = portrait ? (o.y === cy ? "down" : "up") : (o.x === cx ? "right" : "left");
  return `${turn}, ${t(`nx.reach.${reach}`)}`;
}

/** What to do now: while the card drawn is still to be picked, pick it below; once it is known (the top card, or
 * picked), tap where it goes. */
function phaseText(summary) {
  const known = summary.phase === "card" && (summary.drawable || []).some((c) => c.id === ui.card);
  return t(known ? "nx.phase.card_known" : `nx.phase.${summary.phase}`);
}

/** Words that open a heading or a line (« the first card: … », « la première carte, … ») with a capital. */
const opening = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The middle of a card down, in board units. */
function middleOf(summary, cardId) {
  const [x0, y0, x1, y1] = cardBox(summary.cards.find((c) => c.card === cardId));
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

const tokenMarks = (summary) => playerMarks(summary.players.map((p) => p.name));

/** Whose turn and what to do; once the game-over card above says the game is over, its "The game is over" is not
 * said again here (the phase stays in data-phase). */
function header(summary, overCard, tieSquares) {
  const phase = summary.phase;
  const apart = phase === "card" && summary.apart_spots.length > 0;
  // variant no ties: said once the card is known, beside the squares it marks
  const tie = phase === "card" && tyingWays(summary).size > 0;
  return h("div", { class: "board-head" },
    h("div", { class: "whose", id: "board-turn" }, summary.player ? [h("span", { class: "token", style: `--team:${colourOf(summary, summary.player)}` }, tokenMarks(summary).get(summary.player)),
      " ", t("nx.turn_of", { name: summary.player })] : t("nx.phase.over")),
    h("p", { class: "phase", id: "board-phase", dataset: { phase }, hidden: overCard }, phaseText(summary)),
    apart ? h("p", { class: "hint", id: "nx-apart-hint" }, t("nx.apart_hint")) : null,
    tie ? h("p", { class: "hint", id: "nx-tie-hint" }, t(tieSquares ? "nx.tie_hint_squares" : "nx.tie_hint_ways")) : null);
}

function scores(summary) {
  const marks = tokenMarks(summary);
  return h("div", { class: "card" }, h("h3", {}, t("nx.scores", { n: summary.target_points })),
    h("ul", { class: "nx-scores", id: "nx-scores" }, summary.players.map((p) => h("li", { class: p.name === summary.player ? "current" : "", dataset: { player: p.name, score: String(p.score) } },
      h("span", { class: "token", style: `--team:${dieCss(p.colour)}` }, marks.get(p.name)),
      // one run of words beside the token: as flex items of their own, « · rouge · » and « 10 points » broke apart
      h("span", {}, h("strong", {}, p.name), ` · ${colourName(p.colour)} · `,
        h("strong", { style: "white-space:nowrap" }, t("nx.points", { n: p.score })))))),
    h("p", { class: "hint" }, t("nx.deck_left", { n: summary.deck_left })));
}

function nexusList(summary) {
  const items = summary.nexuses.map((n) => {
    const power = Object.entries(n.power || {}).map(([p, v]) => `${p} ${v}`).join(", ") || t("nx.nobody");
    const text = n.closed ? (n.scorer ? t("nx.closed_by", { n: n.points, points: n.points, name: n.scorer }) : t("nx.closed_none"))
      : t("nx.open", { value: n.value, power });
    return h("li", { dataset: { nexus: n.id, closed: String(n.closed), scorer: n.scorer || "" } }, h("strong", {}, opening(nexusSaid(summary, n.place))), ` (${t("nx.node_count", { n: n.nodes.length })}) — ${text}`);
  });
  return h("details", { class: "card nx-nexuses" }, h("summary", {}, `${t("nx.nexuses")} (${items.length})`), h("ul", {}, items));
}

function cardControls(ctx) {
  const { summary, submit } = ctx;
  const drawable = summary.drawable || [];
  if (drawable.length === 1) ui.card = drawable[0].id;
  const out = [];
  const shape = drawable.find((c) => c.id === ui.card);
  if (!shape) {
    out.push(h("h3", {}, t("nx.drawn")), cardPicker(drawable, null, (id) => { ui.card = id; reveal = "#nx-scroll"; render(ctx); }, "nx-drawn"));
    return out;
  }
  const said = t(drawable.length === 1 ? "nx.drawn_top" : "nx.drawn_picked", { name: named(summary, shape.id) });
  out.push(h("p", { class: "hint", id: "nx-card-hint", dataset: { card: shape.id } }, said));
  if (ui.cell) {
    const options = candidates(summary, ui.cell);
    out.push(h("div", { class: "card", id: "nx-ways" }, h("h3", {}, t("nx.which_way")),
      h("div", { class: "choice-row" }, options.map((o, i) => (o.tie
        // a way the referee would refuse (variant no ties): shown struck out, a tap says why
        ? h("button", { type: "button", class: "choice-button refused", "aria-disabled": "true", "aria-describedby": "nx-ways-tie",
          dataset: { x: String(o.x), y: String(o.y), rotation: String(o.rotation), tie: "true" },
          onclick: () => sayWhy(ctx, () => withRule(summary, "nexus.variant.no_ties", t("nx.way_tie"))) }, h("s", {}, wayText(o, ui.cell, options)))
        : h("button", { type: "button", class: "choice-button", "aria-pressed": String(i === ui.choice),
          dataset: { x: String(o.x), y: String(o.y), rotation: String(o.rotation) }, onclick: () => { ui.choice = i; reveal = "#nx-play"; render(ctx); } },
        wayText(o, ui.cell, options))))),
      options.some((o) => o.tie) ? h("small", { class: "why", id: "nx-ways-tie", style: "display:block" }, t("nx.ways_tie")) : null,
      ui.choice !== null ? button(t("nx.play_here"), () => submit({ type: "play_card", player: summary.player, card: shape.id, x: options[ui.choice].x, y: options[ui.choice].y, rotation: options[ui.choice].rotation }), { class: "big primary", id: "nx-play" }) : null));
  }
  if (drawable.length > 1) out.push(button(t("nx.change_card"), () => { ui.card = null; ui.cell = null; ui.choice = null; render(ctx); }, { id: "nx-change-card" }));
  return out;
}

/** A refusal the phone words itself, ended with the rule it breaks as the engine's verdict quotes the book (the
 * summary's ``refusal_rules``, by rule id: the engine's one copy of the sentences, English or its French rendering). */
function withRule(summary, rule, text) {
  const book = (summary.refusal_rules || {})[rule];
  return book ? `${text} — ${pick(book)}` : text;
}

/** Why no counter may go on ``node`` now, as the referee would refuse it: taken, in a closed Nexus, or a tie. */
function blockedWhy(summary, node) {
  if (node.counter) return withRule(summary, "nexus.counter.occupied", t("nx.node_taken", { name: node.counter }));
  if (node.closed) return withRule(summary, "nexus.counter.closed", t("nx.node_closed"));
  return withRule(summary, "nexus.variant.no_ties", t("nx.node_tie"));
}

function counterControls(ctx) {
  const { summary, submit } = ctx;
  const legal = new Set(summary.legal_counters);
  // before a card is tapped the phase line above the board says what to do (« tap a card, then a free node »)
  if (!ui.zoom) return [];
  const free = boardNodes(summary).some((n) => n.id.startsWith(`${ui.zoom}:`) && legal.has(n.id));
  return [h("div", { class: "card", id: "nx-zoom" }, h("h3", {}, opening(t("nx.zoom_title", { card: cardSaid(summary, ui.zoom) }))),
    drawZoom(summary, ui.zoom, legal, (node) => submit({ type: "place_counter", player: summary.player, node }),
      (node) => sayWhy(ctx, () => blockedWhy(summary, node))),
    free ? null : h("p", { class: "hint" }, t("nx.no_free_node")),
    button(t("nx.close_zoom"), () => { ui.zoom = null; render(ctx); }, { id: "nx-zoom-close" }))];
}

export function render(shown) {
  const ctx = { ...shown, summary: readable(shown.summary) };  // the engine's short tuples as objects, once
  const { root, summary, state } = ctx;
  fresh(state);
  const opts = { legal: new Set(summary.legal_counters), last: new Set() };
  let controls = [];
  if (summary.phase === "card") {
    controls = cardControls(ctx);
    const shape = (summary.drawable || []).find((c) => c.id === ui.card);
    if (shape) {
      opts.spots = spotCells(summary.card_spots);
      // variant « cards anywhere »: the ring a half-card off the board, its squares fainter (none touching a card)
      const touching = new Set(opts.spots.map(([x, y]) => `${x},${y}`));
      opts.apart = spotCells(summary.apart_spots).filter(([x, y]) => !touching.has(`${x},${y}`));
      // variant no ties: a square where the card would tie however it lies there, crossed out
      opts.tie = new Set(opts.spots.filter((cell) => candidates(summary, cell).every((o) => o.tie)).map(([x, y]) => `${x},${y}`));
      opts.onSpot = tapOrZoom((cell) => {
        if (opts.tie.has(cell.join(","))) { sayWhy(ctx, () => withRule(summary, "nexus.variant.no_ties", t("nx.spot_tie"))); return; }
        ui.cell = cell;
        ui.choice = onlyWay(candidates(summary, cell));
        reveal = "#nx-ways";
        render(ctx);
      }, ([x, y]) => [x + 0.5, y + 0.5]);
      if (ui.cell && ui.choice !== null) opts.ghost = { shape, ...candidates(summary, ui.cell)[ui.choice] };
    }
  } else if (summary.phase === "counter") {
    controls = counterControls(ctx);
    opts.onCard = tapOrZoom((card) => { ui.zoom = card; reveal = "#nx-zoom"; render(ctx); }, (card) => middleOf(summary, card));
  }
  const closing = summary.last_closed || [];
  for (const n of boardNodes(summary)) if (closing.includes(n.nexus)) opts.last.add(n.id.split(":")[0]);
  const newest = (summary.cards || []).at(-1);
  // built first, swapped in at once: emptied under a tapped button, the page lost its height and jumped up
  root.replaceChildren(...[
    header(summary, Boolean(state.outcome), opts.tie ? opts.tie.size : 0),
    ...boardFrame(state.game_id, drawBoard(summary, opts), newest ? middleOf(summary, newest.card) : null),
    // the numbers are hidden while the board is too small for them (nx-view.js): then the legend says how to see them
    h("p", { class: "hint nx-legend" }, t("nx.power_legend"),
      h("span", { class: "nx-overview-note" }, ` ${t("nx.overview_note")}`)),
    h("div", { class: "nx-controls" }, controls),
    // the game-over card above says who won (outcome.js): said here too, a phone read it twice on one screen
    summary.outcome && !state.outcome ? h("p", { class: "lead", id: "nx-winner" }, pick(summary.outcome)) : null,
    scores(summary),
    nexusList(summary),
  ].filter(Boolean));
  fitted();
  if (reveal) {
    root.querySelector(reveal)?.scrollIntoView({ block: "nearest" });
    reveal = null;
  }
}
