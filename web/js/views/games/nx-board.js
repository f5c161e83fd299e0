// Nexus cards as SVG, in half-card units: cards with their rods, nodes showing their power, counters in the
// players' colours, closed Nexuses shaded in their scorer's colour, and the free squares a new card may take.

import { dieCss, svg } from "../../dom.js";
import { named, pick, t } from "../../i18n.js";
import { sayWhy } from "./offers.js";

const PX = 80; // screen pixels per half-card square: a square is always a comfortable target

/** Where a point of a landscape card shape (2 x 1) lies on the board for a card at (x, y) turned ``rotation``
 * degrees clockwise: the point placeTransform draws it at (the engine's Placement.board_point). */
export function boardPoint([px, py], { x, y, rotation }) {
  const [rx, ry] = { 0: [px, py], 90: [1 - py, px], 180: [2 - px, 1 - py], 270: [py, 2 - px] }[rotation];
  return [x + rx, y + ry];
}

/** The squares a card down covers: [x0, y0, x1, y1]. */
export function cardBox({ x, y, rotation }) {
  return rotation === 0 || rotation === 180 ? [x, y, x + 2, y + 1] : [x, y, x + 1, y + 2];
}

const readableOf = new WeakMap();
const readables = new WeakSet();

/** The summary as this view draws from it, worked out once per summary: the engine sends its lists as short tuples
 * (``views.summary``, so a board of fifty cards fits every live event) and these are them as objects. designs:
 * {rods, nodes: [{name, x, y, power}]}; cards: {card, x, y, rotation, design}; nexuses: {id, nodes, place: {cards,
 * more, side, count}, value, power, closed, scorer, points}, a Nexus named by its first node; card_spots and
 * apart_spots (sent [x, y, turn], turn 0 lying, 90 standing): {x, y, rotations}; legal_counters: node ids; drawable:
 * {id, names, left, rods, nodes}; tie_spots, as sent: card id -> [[x, y, rotation]]. */
export function readable(summary) {
  if (!summary || readables.has(summary)) return summary;
  if (readableOf.has(summary)) return readableOf.get(summary);
  const designs = (summary.designs || []).map(([rods, nodes]) => ({ rods,
    nodes: nodes.map(([name, x, y, power]) => ({ name, x, y, power })) }));
  const cards = (summary.cards || []).map(([card, x, y, rotation, design]) => ({ card, x, y, rotation, design }));
  const ids = cards.flatMap((c) => designs[c.design].nodes.map((n) => `${c.card}:${n.name}`));
  const nexuses = (summary.nexuses || []).map((n) => {
    const [nodes, [at, more, side, count], value, power, scorer, points] = n;
    const place = { cards: at };
    if (more) place.more = more;
    if (side) place.side = side;
    if (count) place.count = count;
    const closed = n.length > 4;
    return { id: ids[nodes[0]], nodes, place, value, power, closed, ...(closed ? { scorer, points } : {}) };
  });
  const out = { ...summary, designs, cards, nexuses,
    card_spots: (summary.card_spots || []).map(([x, y, turn]) => ({ x, y, rotations: [turn, turn + 180] })),
    apart_spots: (summary.apart_spots || []).map(([x, y, turn]) => ({ x, y, rotations: [turn, turn + 180] })),
    legal_counters: (summary.legal_counters || []).map((i) => ids[i]),
    drawable: (summary.drawable || []).map(([id, design, left]) => ({ id, left, ...designs[design],
      names: (summary.names || [])[(summary.labels || {})[id]] || { en: id, fr: id } })) };
  readables.add(out);
  readableOf.set(summary, out);
  return out;
}

function rodsOf(summary, card) {
  return summary.designs[card.design].rods.map((rod) => rod.map((p) => boardPoint(p, card)));
}

const nodesDrawn = new WeakMap();

/** Every node down, worked out once per summary from its card's design and the Nexuses: {id, x, y, power,
 * counter, nexus, closed}. A Nexus lists its nodes by their index here (the engine's ``views.node_indices``). */
export function boardNodes(raw) {
  const summary = readable(raw);
  if (nodesDrawn.has(summary)) return nodesDrawn.get(summary);
  const nexusOf = new Map();
  for (const n of summary.nexuses || []) for (const i of n.nodes) nexusOf.set(i, n);
  const out = [];
  for (const card of summary.cards || []) {
    for (const node of summary.designs[card.design].nodes) {
      const id = `${card.card}:${node.name}`;
      const [x, y] = boardPoint([node.x, node.y], card);
      const nexus = nexusOf.get(out.length);
      out.push({ id, x, y, power: node.power, counter: (summary.counters || {})[id] || null,
        nexus: nexus ? nexus.id : null, closed: Boolean(nexus && nexus.closed) });
    }
  }
  nodesDrawn.set(summary, out);
  return out;
}

const ownersDrawn = new WeakMap();

/** Each card down's player and how many cards of its name that player has down, worked out once per summary: card
 * n went down on turn n, one card a turn, round the seating order (the engine's ``places.played_by``). */
function owners(summary) {
  if (ownersDrawn.has(summary)) return ownersDrawn.get(summary);
  const players = (summary.players || []).map((p) => p.name);
  const cards = (summary.cards || []).map((c, i) => ({ who: i ? players[(i - 1) % players.length] : null,
    name: (summary.labels || {})[c.card] }));
  const count = new Map();
  for (const c of cards.slice(1)) count.set(`${c.who}\n${c.name}`, (count.get(`${c.who}\n${c.name}`) || 0) + 1);
  const out = cards.map((c) => ({ ...c, alike: c.who ? count.get(`${c.who}\n${c.name}`) : 0 }));
  ownersDrawn.set(summary, out);
  return out;
}

/** The board's card ``index`` as the verdicts tell it (``places.card_phrases``): "the first card", "Bob's Fork"
 * ("la Fourche de Bob"), "the Fork Bob played on turn 3" where Bob has more than one Fork down. */
export function cardWords(raw, index) {
  const summary = readable(raw);
  if (index === 0) return t("nx.card.first");
  const { who, name, alike } = owners(summary)[index];
  const words = (summary.names || [])[name];
  if (!words) return named(summary, summary.cards[index].card);
  const args = { who, name: pick(words), the: words.the_fr, turn: index, played: t(`nx.played.${words.gender}`) };
  return t(alike < 2 ? "nx.card.by" : "nx.card.by_turn", args);  // t() elides « de Ann » and « que Ann »
}

/** A card down as the verdicts tell it ("Bob's Fork", "the first card"), else its name. */
export function cardSaid(raw, cardId) {
  const summary = readable(raw);
  const index = (summary.cards || []).findIndex((c) => c.card === cardId);
  return index < 0 ? named(summary, cardId) : cardWords(summary, index);
}

/** A Nexus by the cards it runs across (the summary's ``place``: card indexes, how many more, where on them), in the
 * words the verdicts use: "the first card, Bob's Fork and 2 more cards", "the first card, top left (2)". */
export function nexusSaid(raw, place) {
  const summary = readable(raw);
  const names = place.cards.map((k) => cardWords(summary, k));
  if (place.more) names.push(t("nx.more_cards", { n: place.more }));
  let text = names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")}${t("nx.and")}${names.at(-1)}`;
  if (place.side) text += `, ${t(`nx.side.${place.side}`)}`;
  return place.count ? `${text} (${place.count})` : text;
}

export function colourOf(summary, name) {
  const p = (summary.players || []).find((x) => x.name === name);
  return p ? dieCss(p.colour) : "#9e9e9e";
}

/** The SVG transform that lays a landscape card shape at (x, y) turned ``rotation`` degrees clockwise. */
export function placeTransform(x, y, rotation) {
  const shift = { 0: [0, 0], 90: [1, 0], 180: [2, 1], 270: [0, 2] }[rotation];
  return `translate(${x + shift[0]} ${y + shift[1]}) rotate(${rotation})`;
}

/** A card shape from the engine (landscape, 2 x 1): face, rods, nodes with power values. */
export function shapeGroup(shape, attrs = {}) {
  return svg("g", attrs,
    svg("rect", { class: "card-face", x: 0.03, y: 0.03, width: 1.94, height: 0.94, rx: 0.06 }),
    shape.rods.map((rod) => svg("polyline", { class: "rod", points: rod.map((p) => p.join(",")).join(" ") })),
    shape.nodes.map((n) => svg("g", { class: "node" }, svg("circle", { class: "body", cx: n.x, cy: n.y, r: 0.1 }),
      svg("text", { x: n.x, y: n.y + 0.045, "text-anchor": "middle", transform: "" }, String(n.power)))));
}

/** A small picture of a card (for the card picker). */
export function cardThumb(shape) {
  return svg("svg", { viewBox: "0 0 2 1", class: "nx-board", "aria-hidden": "true" }, shapeGroup(shape));
}

function bounds(summary, extra) {
  const boxes = summary.cards.map(cardBox).concat(extra);
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[2]));
  const y1 = Math.max(...boxes.map((b) => b[3]));
  return { x0: x0 - 0.1, y0: y0 - 0.1, w: x1 - x0 + 0.2, h: y1 - y0 + 0.2 };
}

export function spotCells(spots) {
  const out = new Map();
  for (const s of spots) {
    const portrait = s.rotations.includes(90);
    for (const [x, y] of portrait ? [[s.x, s.y], [s.x, s.y + 1]] : [[s.x, s.y], [s.x + 1, s.y]]) {
      out.set(`${x},${y}`, [x, y]);
    }
  }
  return [...out.values()];
}

function nodeMark(summary, node, { legal, r = 0.12, onNode } = {}) {
  const parts = [];
  const nexus = summary.nexuses.find((n) => n.id === node.nexus);
  if (node.closed && nexus) {
    parts.push(svg("circle", { class: "closed-shade", cx: node.x, cy: node.y, r: r * 2.2,
      fill: nexus.scorer ? colourOf(summary, nexus.scorer) : "#9e9e9e", "fill-opacity": "0.45" }));
  }
  parts.push(svg("circle", { class: "body", cx: node.x, cy: node.y, r }));
  if (node.counter) {
    parts.push(svg("circle", { class: "counter", cx: node.x, cy: node.y, r: r * 0.85,
      fill: colourOf(summary, node.counter) }));
  }
  parts.push(svg("text", { x: node.x, y: node.y + r * 0.4, "text-anchor": "middle", "font-size": r * 1.2 },
    String(node.power)));
  if (onNode) parts.push(svg("circle", { class: "node-hit", cx: node.x, cy: node.y, r: 0.16, fill: "transparent" }));
  return svg("g", { class: `node${legal ? " legal" : ""}${node.closed ? " closed" : ""}`,
    dataset: { node: node.id, power: String(node.power), counter: node.counter || "", closed: String(node.closed) },
    onclick: onNode ? () => onNode(node.id) : undefined }, parts);
}

/**
 * The board: opts {spots: [[x, y]] squares to tap, apart: [[x, y]] squares for a card apart (drawn fainter; variant),
 * tie: Set("x,y") squares where the card would tie however it lies (crossed out; variant no ties), onSpot([x, y]), ghost: {shape, x, y, rotation}, legal: Set(node ids), onCard(cardId), last: Set(card ids)}.
 */
export function drawBoard(summary, opts = {}) {
  const extra = [...(opts.spots || []), ...(opts.apart || [])].map(([x, y]) => [x, y, x + 1, y + 1]);
  const b = bounds(summary, extra);
  const root = svg("svg", { class: "nx-board", viewBox: `${b.x0} ${b.y0} ${b.w} ${b.h}`, role: "img",
    "aria-label": t("nx.board"), dataset: { answer: "clear", next: ".spot-cell, .node.legal, .card-hit:not(.placed)" },
    style: `width:${Math.ceil(b.w * PX)}px;max-width:none;aspect-ratio:${b.w} / ${b.h}` });
  const apart = new Set((opts.apart || []).map(([x, y]) => `${x},${y}`));
  const tie = opts.tie || new Set();
  for (const [x, y] of [...(opts.spots || []), ...(opts.apart || [])]) {
    const key = `${x},${y}`;
    const cls = apart.has(key) ? "spot-cell apart" : tie.has(key) ? "spot-cell tie" : "spot-cell";
    root.append(svg("g", { class: cls, dataset: { x: String(x), y: String(y) }, onclick: () => opts.onSpot([x, y]) },
      svg("rect", { class: "spot", x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.05 }),
      // crossed out, not only red: the card would tie a Nexus there (variant no ties)
      tie.has(key) ? svg("path", { class: "tie-cross", d: `M${x + 0.3} ${y + 0.3}L${x + 0.7} ${y + 0.7}M${x + 0.7} ${y + 0.3}L${x + 0.3} ${y + 0.7}` }) : null));
  }
  for (const card of summary.cards) {
    const [x0, y0, x1, y1] = cardBox(card);
    root.append(svg("g", { class: "card",
      dataset: { card: card.card, x: String(card.x), y: String(card.y), rotation: String(card.rotation) } },
      svg("rect", { class: `card-face${opts.last && opts.last.has(card.card) ? " last" : ""}`,
        x: x0 + 0.03, y: y0 + 0.03, width: x1 - x0 - 0.06, height: y1 - y0 - 0.06, rx: 0.06 }),
      rodsOf(summary, card).map((rod) => svg("polyline", { class: "rod",
        points: rod.map((p) => p.join(",")).join(" ") }))));
  }
  for (const node of boardNodes(summary)) {
    root.append(nodeMark(summary, node, { legal: opts.legal && opts.legal.has(node.id) }));
  }
  // while a card is being played, a card already down answers a tap with what it is and where the new one goes
  const placed = summary.phase === "card" && ((card) => sayWhy(null, () => t(opts.spots ? "nx.placed_card"
    : "nx.placed_card_first", { card: cardSaid(summary, card) })));
  if (opts.onCard || placed) {
    for (const card of summary.cards) {
      const [x0, y0, x1, y1] = cardBox(card);
      root.append(svg("rect", { class: opts.onCard ? "card-hit" : "card-hit placed", dataset: { card: card.card },
        x: x0, y: y0, width: x1 - x0, height: y1 - y0, onclick: () => (opts.onCard || placed)(card.card) }));
    }
  }
  if (opts.ghost) {
    const g = opts.ghost;
    root.append(shapeGroup(g.shape, { class: "ghost", transform: placeTransform(g.x, g.y, g.rotation),
      dataset: { ghost: g.shape.id } }));
  }
  return root;
}

/** One played card drawn large with its nodes as 44 px targets: the legal ones call ``onNode(id)``, the others
 * ``onBlocked(node)`` (to say why no counter goes there). */
export function drawZoom(summary, cardId, legal, onNode, onBlocked) {
  const card = summary.cards.find((c) => c.card === cardId);
  const [x0, y0, x1, y1] = cardBox(card);
  const w = x1 - x0;
  const hgt = y1 - y0;
  const root = svg("svg", { class: "nx-board nx-zoom", viewBox: `${x0 - 0.05} ${y0 - 0.05} ${w + 0.1} ${hgt + 0.1}`,
    role: "img", "aria-label": cardSaid(summary, cardId),
    style: `width:${w > hgt ? "100%" : "210px"};aspect-ratio:${w + 0.1} / ${hgt + 0.1}`, dataset: { card: cardId } },
  svg("rect", { class: "card-face", x: x0 + 0.03, y: y0 + 0.03, width: w - 0.06, height: hgt - 0.06, rx: 0.06 }),
  rodsOf(summary, card).map((rod) => svg("polyline", { class: "rod", points: rod.map((p) => p.join(",")).join(" ") })));
  for (const node of boardNodes(summary).filter((n) => n.id.startsWith(`${cardId}:`))) {
    const ok = legal.has(node.id);
    root.append(nodeMark(summary, node, { legal: ok, r: 0.09,
      onNode: ok ? onNode : onBlocked ? () => onBlocked(node) : undefined }));
  }
  return root;
}
