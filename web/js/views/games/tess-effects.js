// A card's, a capacity's or Deepen's effects composed by tapping: a keyword from the summary's ``keywords`` (the
// book's « MOTS CLÉS », each with what it asks in order), then the cube, column or value it applies to, on the drawn
// board or here; the list so far, each removable; then one event sent with the list. The referee checks each effect.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { button, choiceRow, dieFace } from "../widgets.js";
import { offerButton, sayWhy } from "./offers.js";
import { cubeChip, cubeText } from "./tess-board.js";

const plain = (c) => ({ color: c.color, value: c.value });
const ON_BOARD = new Set(["cube", "removable", "column"]);
const LINE = "display:flex;align-items:center;gap:8px;margin:4px 0"; // an effect, its Remove button at the end

/** A composer for ``event`` (the offer's event, sent with ``effects`` added); ``key`` closes it when the game, turn
 * or phase it was opened in is gone. */
export function openComposer(event, key) {
  return { event, key, effects: [], op: null, fields: {}, step: 0 };
}

/** What is played, in words: a research or confinement card, a capacity, Deepen. */
function played(event) {
  if (event.type === "deepen") return t("tess.fx.of_deepen");
  return t(`tess.fx.of_${event.source}`, { level: event.level, value: event.value, name: event.scientist });
}

/** The current ask as [{field, kind}] (an ask may offer alternatives), or null when no keyword is being composed. */
function asking(summary, c) {
  if (!c.op) return null;
  const ask = summary.keywords[c.op][c.step];
  return ask ? ask.split("|").map((one) => { const [field, kind] = one.split(":"); return { field, kind }; }) : null;
}

/** The tower's stacks (column → cubes, the bottom one first) as the table holds them, from the summary's levels. */
function stacksOf(summary) {
  const stacks = {};
  for (const level of summary.levels) {
    for (const { column, cube } of level) {
      stacks[column] = stacks[column] || [];
      if (cube) stacks[column].push(plain(cube));
    }
  }
  return stacks;
}

const sameCube = (a, b) => a.color === b.color && a.value === b.value;

/** Take one cube like ``cube`` out of ``cubes``; whether there was one. */
function takeOut(cubes, cube) {
  const i = cubes.findIndex((x) => sameCube(x, cube));
  if (i >= 0) cubes.splice(i, 1);
  return i >= 0;
}

/** The effects listed played in order, as the engine plays them, on the tower's stacks, the labs, the priming zone
 * and the destroyed pile: each take's cube, from the column as it stands then (a second take from one column takes
 * the cube below, a take after a return the cube returned); a cube destroyed earlier in the list can be returned later
 * (« DÉTRUIRE : retirez un cube du jeu. Placez les cubes détruits de côté, certaines actions les utilisent. »); a
 * confined cube destroys one identical primed cube. A cube a listed effect put in a lab or the zone carries ``at``,
 * that effect's index. With ``endsEmpty`` (option ``empty_loss``: « le dernier cube du Tesseract est retiré »),
 * the effect that takes the tower's last cube out ends the game, and the engine applies nothing after it: ``ended``
 * (a restructure moves it « dans le Tesseract »: it stays). */
function followList(summary, effects, endsEmpty = false) {
  const stacks = stacksOf(summary);
  const zone = summary.priming_zone.map(plain);
  const labs = Object.fromEntries(summary.scientists.map((n) => [n, (summary.labs[n] || []).map(plain)]));
  const pile = summary.destroyed.map(plain);
  const taken = [];
  let ended = null;
  const lift = (column) => (stacks[column] ? stacks[column].pop() : undefined);
  for (const [i, e] of effects.entries()) {
    const lab = labs[e.lab || summary.scientist] || [];
    const from = e.op === "restructure" ? e.from : e.op === "take" || e.zone === "tesseract" ? e.column : null;
    const cube = from ? lift(from) : undefined;
    if (e.op === "take") {
      taken.push(cube || null);
      if (cube) lab.push({ ...cube, at: i });
    }
    if (e.op === "restructure" && cube && stacks[e.to]) stacks[e.to].push(cube);
    if (e.op === "destroy" && cube) pile.push(cube);
    if (e.op === "return" && e.cube && stacks[e.column]) {
      takeOut(pile, e.cube);
      stacks[e.column].push({ color: e.cube.color, value: e.rolled });
    }
    const place = e.zone === "priming" ? zone : e.zone === "lab" ? lab : null;
    if (e.cube && e.op !== "return" && place && takeOut(place, e.cube)) {
      const value = { calibrate: e.cube.value + e.delta, reprogram: e.to, reroll: e.rolled,
        invert: 7 - e.cube.value }[e.op];
      if (value >= 1 && value <= 6) place.push({ color: e.cube.color, value, at: i });
      if (e.op === "destroy" || value === 0) pile.push(plain(e.cube)); // a primed 1 calibrated to 0 is destroyed
      if (e.op === "confine" && takeOut(zone, e.cube)) pile.push(plain(e.cube)); // the identical primed cube
    }
    if (cube && endsEmpty && Object.values(stacks).every((s) => !s.length)) {
      ended = i; // checked once the effect is played, a restructured cube placed again
      break;
    }
  }
  return { stacks, taken, pile, zone, labs, ended };
}

/** Whether the game ends partway through the effects listed, the engine's ``empty_loss`` being ``last_cube``. */
function lastCubeLoses(ctx) {
  return ((ctx.state && ctx.state.options) || {}).empty_loss === "last_cube";
}

/** The index of the listed effect that ends the game (the engine stops there), or null. */
export function listEnds(ctx, c) {
  return c ? followList(ctx.summary, c.effects, lastCubeLoses(ctx)).ended : null;
}

/** A column's side neighbours on the 4 × 4 tower (a1 bottom left), null where the side faces the outside. */
function neighbours(column) {
  const x = "abcd".indexOf(column[0]);
  const y = Number(column[1]);
  return [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]
    .map(([i, j]) => (i >= 0 && i < 4 && j >= 1 && j <= 4 ? `${"abcd"[i]}${j}` : null));
}

/** The tower drawn while composing: each column as the effects listed leave it (the engine's own rule: a top cube
 * with three faces seen, its top included, is removable); a column the list does not touch is as the table has it. */
export function composedTower(summary, c) {
  if (!c || !c.effects.some((e) => e.op === "take" || e.op === "restructure" || e.op === "return"
    || e.zone === "tesseract")) return summary.tower;
  const { stacks } = followList(summary, c.effects);
  const height = (column) => (column ? stacks[column].length : 0);
  return summary.tower.map((col) => {
    const stack = stacks[col.column];
    const top = stack.length ? stack[stack.length - 1] : null;
    const seen = 1 + neighbours(col.column).filter((n) => n === null || height(n) < stack.length).length;
    const same = stack.length === col.height && (!top || (top.color === col.top.color && top.value === col.top.value));
    return { ...col, height: stack.length, top, removable: Boolean(top) && seen >= 3, lowest: same && col.lowest,
      symbol: stack.length ? null : col.symbol, symbol_name: stack.length ? null : col.symbol_name };
  });
}

/** What a tap on the board may give now ({cube, columns, kinds}), or null when the composer asks nothing there. */
export function boardTargets(summary, c) {
  const asks = c && asking(summary, c);
  if (!asks || !asks.some((a) => ON_BOARD.has(a.kind))) return null;
  const kinds = new Set(asks.map((a) => a.kind));
  const columns = composedTower(summary, c).filter((col) => (kinds.has("removable") && col.removable)
    || (kinds.has("column") && col.height < summary.max_levels)).map((col) => col.column);
  return { cube: kinds.has("cube"), columns, kinds };
}

function advance(summary, c, fields) {
  Object.assign(c.fields, fields);
  c.step += 1;
  if (c.step >= summary.keywords[c.op].length) {
    c.effects.push({ op: c.op, ...c.fields });
    c.op = null; c.fields = {}; c.step = 0;
  }
}

/** A cube tapped in a lab (``owner``) or the priming zone (``owner`` null). */
export function tapCube(summary, c, cube, owner) {
  const ask = (asking(summary, c) || []).find((a) => a.kind === "cube");
  if (!ask) return false;
  advance(summary, c, owner ? { zone: "lab", lab: owner, cube: plain(cube) } : { zone: "priming", cube: plain(cube) });
  return true;
}

/** A tower column tapped; says why beside the finger when the keyword cannot take it. */
export function tapColumn(ctx, c, column) {
  const { summary } = ctx;
  const asks = asking(summary, c) || [];
  const info = composedTower(summary, c).find((col) => col.column === column);
  const ask = asks.find((a) => (a.kind === "removable" && info.removable)
    || (a.kind === "column" && info.height < summary.max_levels));
  if (!ask) {
    const why = asks.some((a) => a.kind === "removable")
      ? t(info.height ? "tess.not_removable" : "tess.column_empty", { column }) : t("tess.fx.column_full", { column });
    sayWhy(ctx, () => why);
    return false;
  }
  advance(summary, c, c.op === "destroy" ? { zone: "tesseract", column } : { [ask.field]: column });
  return true;
}

function where(effect) {
  if (effect.zone === "tesseract") return t("tess.fx.on_column", { column: effect.column });
  if (effect.zone === "priming") return t("tess.fx.primed", { cube: cubeText(effect.cube) });
  return t("tess.fx.in_lab", { cube: cubeText(effect.cube), name: effect.lab });
}

/** One effect in words, as the list shows it. */
export function describe(effect) {
  const delta = effect.delta > 0 ? "+1" : "−1";
  const placed = effect.cube || effect.zone === "tesseract";
  const what = placed ? (effect.op === "return" ? cubeText(effect.cube) : where(effect)) : "";
  return t(`tess.fx.${effect.op}`, { ...effect, what, delta, cube: what });
}

/** The ask answered here rather than on the board: a value, ±1, a lab, a level, a destroyed cube. */
function askHere(ctx, c, ask, redraw) {
  const { summary } = ctx;
  const give = (value) => { advance(summary, c, { [ask.field]: value }); redraw(); };
  if (ask.kind === "value") {
    return h("div", { class: "dice-row", id: "tess-fx-value" },
      [1, 2, 3, 4, 5, 6].map((v) => dieFace(v, { dataset: { key: String(v) }, onclick: () => give(v) })));
  }
  if (ask.kind === "delta") {
    return h("div", { class: "actions", id: "tess-fx-delta" },
      button("+1", () => give(1), { dataset: { delta: "1" } }),
      button("−1", () => give(-1), { dataset: { delta: "-1" } }));
  }
  if (ask.kind === "lab") {
    return choiceRow(summary.scientists.map((n) => ({ value: n, label: n })), null, give, { class: "tess-fx-lab" });
  }
  if (ask.kind === "level") {
    return choiceRow([2, 3, 4].map((n) => ({ value: n, label: t("tess.fx.level", { level: n }) })), null, give,
      { class: "tess-fx-level" });
  }
  if (ask.kind === "destroyed") { // the pile as the effects listed leave it
    const { pile } = followList(summary, c.effects);
    if (!pile.length) return h("p", { class: "hint" }, t("tess.fx.none_destroyed"));
    const seen = new Set();
    const cubes = pile.filter((x) => !seen.has(cubeText(x)) && seen.add(cubeText(x)));
    return h("div", { class: "dice-row", id: "tess-fx-destroyed" },
      cubes.map((x) => cubeChip(x, { onclick: () => give(plain(x)) })));
  }
  return null;
}

/** The cubes the effects listed put in a lab or the priming zone and the labs and zone drawn do not show (they show
 * the table before the card): each {zone, lab, cube}, in the order the list put them there. Exactly what the list
 * leaves there (``followList``): a cube a later effect changed, destroyed or confined, or whose primed twin a later
 * confine destroyed, is not offered, as the referee would refuse it; one like a drawn cube is tapped there. */
function produced(ctx, effects) {
  const { summary } = ctx;
  const after = followList(summary, effects, lastCubeLoses(ctx));
  const extra = (now, before) => {
    const left = [...now];
    for (const cube of before) takeOut(left, cube);
    return left.filter((x) => x.at !== undefined);
  };
  const out = extra(after.zone, summary.priming_zone).map((x) => ({ zone: "priming", cube: plain(x), at: x.at }));
  for (const [lab, cubes] of Object.entries(after.labs)) {
    out.push(...extra(cubes, summary.labs[lab] || []).map((x) => ({ zone: "lab", lab, cube: plain(x), at: x.at })));
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The cubes the list so far produced, tappable when a cube is asked: "take a cube, then calibrate it". */
function producedRow(ctx, c, redraw) {
  const cubes = produced(ctx, c.effects);
  if (!cubes.length) return null;
  return h("div", { id: "tess-fx-produced" }, h("p", { class: "hint" }, t("tess.fx.produced")),
    h("div", { class: "dice-row" }, cubes.map((p) => cubeChip(p.cube, {
      dataset: { zone: p.zone, lab: p.lab || "" },
      onclick: () => { tapCube(ctx.summary, c, p.cube, p.zone === "lab" ? p.lab : null); redraw(); } }))));
}

function prompt(asks) {
  const kinds = asks.map((a) => a.kind === "value" ? `value.${a.field}` : a.kind).join("|");
  return h("p", { class: "lead", id: "tess-fx-ask", dataset: { asks: kinds } }, t(`tess.fx.ask.${kinds}`));
}

/** The composer's card: keywords, what the keyword picked asks, the effects so far, then play or cancel. */
export function composerForm(ctx, c, { redraw, close }) {
  const { summary } = ctx;
  const ended = listEnds(ctx, c);
  if (ended !== null) Object.assign(c, { op: null, fields: {}, step: 0 }); // the referee applies nothing after it
  const asks = asking(summary, c);
  const ops = Object.keys(summary.keywords).map((op) => ({ value: op, label: t(`tess.kw.${op}`) }));
  const keywords = ended !== null
    ? h("p", { class: "hint", id: "tess-fx-ended", dataset: { at: String(ended) } },
      t("tess.fx.ended", { n: ended + 1 }))
    : choiceRow(ops, c.op,
      (op) => { Object.assign(c, { op: c.op === op ? null : op, fields: {}, step: 0 }); redraw(); },
      { class: "tess-fx-keywords", label: t("tess.fx.keywords") });
  const here = asks && asks.filter((a) => !ON_BOARD.has(a.kind));
  const list = c.effects.length
    ? h("ol", { class: "tess-fx-list", id: "tess-fx-list", style: "list-style:none;padding:0;margin:8px 0" },
      c.effects.map((effect, i) => h("li", { dataset: { op: effect.op }, style: LINE },
        h("span", { style: "flex:1" }, `${i + 1}. `, h("span", { class: "tess-fx-text" }, describe(effect))),
        button(t("tess.fx.remove"), () => { c.effects.splice(i, 1); redraw(); }, { class: "tess-fx-remove",
          "aria-label": t("tess.fx.remove_one", { effect: describe(effect) }), dataset: { index: String(i) } }))))
    : h("p", { class: "hint", id: "tess-fx-none" }, t("tess.fx.empty"));
  const event = { ...c.event, effects: c.effects };
  const n = c.effects.length;
  const play = offerButton(ctx, n ? t("tess.fx.play", { n }) : t("tess.fx.play_none"), event,
    { class: "big primary", id: "tess-fx-play" }, { gate: c.event, send: () => close(event) });
  return h("div", { class: "card", id: "tess-effects", dataset: { effects: String(c.effects.length) } },
    h("h3", {}, t("tess.fx.title", { label: played(c.event) })),
    h("p", { class: "hint" }, t("tess.fx.hint")),
    keywords,
    asks ? prompt(asks) : null,
    here && here.length ? here.map((ask) => askHere(ctx, c, ask, redraw)) : null,
    asks && asks.some((a) => a.kind === "cube") ? producedRow(ctx, c, redraw) : null,
    list,
    h("div", { class: "actions" }, play, button(t("tess.fx.cancel"), () => close(null), { id: "tess-fx-cancel" })));
}
