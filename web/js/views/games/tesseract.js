// Tesseract by touch: the tower from above, labs, priming zone and confinement board; actions by tapping cubes.

import { h } from "../../dom.js";
import { colourName, pick, t } from "../../i18n.js";
import { button, valuePad } from "../widgets.js";
import { breachTrack, confinementBoard, cubeChip, cubeText, drawTower, primingZone, towerLevels } from "./tess-board.js";
import { offerButton, offerFor, refusedWhy, sayWhy } from "./offers.js";
import { destroyedPile, lastMovedLine, movedChanges } from "./tess-pile.js";
import { resolveForm } from "./tess-resolve.js";
import { boardTargets, composedTower, composerForm, listEnds, openComposer, tapColumn as composerColumn, tapCube }
  from "./tess-effects.js";
import "./tess-strings.js";

export { renderSetup } from "./tess-setup.js";
export const ownsDice = true;

let ui = { entries: -1 };
let levelsOpen = false; // "The tower level by level" stays open across redraws once a player opened it
// the effects being composed: kept across a refusal (the referee journals it, a new entry), closed once played or when
// the game, turn or phase it was opened in has gone
let composing = null;
// a cube or column tapped on the board: what it allows is drawn beside it (a lab's or primed cube's actions under its
// lab or the zone) or under the tower (a column's Take, the prime's pad, the event's next step, Confine's steps), off a
// phone's screen from the finger; brought into sight after the tap's redraw
let reveal = false;
const composeKey = (ctx) => `${ctx.state.game_id}:${ctx.summary.turn}:${ctx.summary.phase}`;

function fresh(state) {
  if (ui.entries !== state.entries || ui.game !== state.game_id) {
    ui = { entries: state.entries, game: state.game_id, lab: [], zone: null, column: null, pad: null, confine: null, resolve: {}, picks: [] };
  }
}

const plain = (c) => ({ color: c.color, value: c.value });

function redraw(ctx) { render(ctx); }

/** Whose turn, the phase and the breaches; once the game-over card above says the game is over, "The game is over"
 * is not said again here (the phase stays in data-phase). */
function header(summary, overCard) {
  const phase = summary.waiting && summary.waiting.length ? "event" : summary.phase;
  const text = {
    action: t("tess.phase.action", { n: summary.actions_left }), threat: summary.primed_this_phase ? t("tess.phase.threat_done") : t("tess.phase.threat"),
    event: t("tess.phase.event"), over: t("tess.phase.over"),
  }[phase] || phase;
  return h("div", { class: "board-head" },
    h("div", { class: "whose", id: "board-turn" }, t("tess.turn_of", { name: summary.scientist })),
    h("p", { class: "phase", id: "board-phase", dataset: { phase }, hidden: overCard }, text),
    breachTrack(summary.breaches));
}

/** A tap on a cube or column that cannot act now, saying what the moment asks for instead (it was silent): the
 * composer's keyword first, or a column for it; the event to resolve; the Threat phase's prime. */
function idleTap(ctx) {
  const { summary } = ctx;
  let why = null;
  if (composing) {
    const targets = boardTargets(summary, composing);
    const ended = listEnds(ctx, composing);
    why = () => (ended !== null ? t("tess.fx.ended", { n: ended + 1 })
      : t(targets ? "tess.fx.tap_column" : "tess.fx.keyword_first"));
  } else if ((summary.waiting || []).length) why = () => t("tess.phase.event");
  else if (summary.phase === "threat" && !summary.primed_this_phase) {
    why = () => t("tess.prime_only", { columns: summary.lowest_removable.join(", ") });
  }
  return why ? () => sayWhy(ctx, why) : undefined;
}

function labs(ctx) {
  const { summary } = ctx;
  const acting = summary.phase === "action" && !(summary.waiting || []).length && !composing;
  const targets = boardTargets(summary, composing);
  const pickCube = targets && targets.cube
    ? (cube, name) => () => { tapCube(summary, composing, cube, name); redraw(ctx); } : null;
  return h("div", { class: "labs" }, summary.scientists.map((name) => {
    const cubes = summary.labs[name] || [];
    const hand = summary.research[name] || {};
    const empty = Math.max(0, summary.lab_slots - cubes.length);
    return h("div", { class: `card lab${name === summary.scientist ? " current" : ""}`, dataset: { lab: name } },
      h("h3", {}, t("tess.lab_of", { name })),
      h("div", { class: "dice-row" }, cubes.map((cube, index) => cubeChip(cube, {
        dataset: { index: String(index) }, pressed: acting ? ui.lab.some((s) => s.owner === name && s.index === index) : undefined,
        onclick: pickCube ? pickCube(cube, name) : acting ? () => toggleLab(ctx, name, index) : idleTap(ctx),
      })), Array.from({ length: empty }, () => h("span", { class: "die face empty-slot", "aria-hidden": "true" }))),
      acting && ui.lab.length && ui.lab[0].owner === name ? actionsBlock(ctx) : null,
      h("p", { class: "hint" }, t("tess.hand", { two: hand["2"] || 0, three: hand["3"] || 0, four: hand["4"] || 0 })),
      name === summary.scientist ? null : capacityRow(ctx, name));
  }));
}

/** A button that opens the effects composer for ``event`` (a card, a capacity, Deepen) when the referee offers it. */
function composeButton(ctx, label, event, attrs) {
  return offerButton(ctx, label, event, attrs,
    { send: () => { composing = openComposer(event, composeKey(ctx)); redraw(ctx); } });
}

/** Sends the composed event (null: cancelled); the composer stays open, the list kept, when the referee refuses. */
async function finishComposing(ctx, event) {
  if (event) {
    const result = await ctx.submit(event);
    if (!result || (result.verdicts || []).some((v) => v.kind === "illegal")) return;
  }
  composing = null;
  const { state } = ctx.app || ctx;
  render(state ? { ...ctx, state, summary: state.summary || ctx.summary } : ctx);
}

/** ``name``'s permanent capacity when the summary offers it (only the current scientist's is taken: choice K1); its
 * effects are composed by tapping before it is sent. */
function capacityButton(ctx, name) {
  const event = { type: "play_card", source: "scientist", scientist: name };
  if (!offerFor(ctx.summary, event)) return null;
  return composeButton(ctx, t("tess.capacity", { name }), event, { dataset: { capacity: name } });
}

function capacityRow(ctx, name) {
  const offered = capacityButton(ctx, name);
  return offered ? h("div", { class: "actions" }, offered) : null;
}

function toggleLab(ctx, owner, index) {
  const mine = owner === ctx.summary.scientist;
  const had = ui.lab.some((s) => s.owner === owner && s.index === index);
  if (!mine || ui.lab.some((s) => s.owner !== owner)) ui.lab = ui.lab.filter((s) => s.owner === owner && mine);
  ui.lab = had ? ui.lab.filter((s) => !(s.owner === owner && s.index === index)) : [...ui.lab, { owner, index }];
  ui.zone = null; ui.confine = null;
  reveal = true;
  redraw(ctx);
}

function labCube(summary, sel) { return summary.labs[sel.owner][sel.index]; }

function actionButtons(ctx) {
  const { summary } = ctx;
  const me = summary.scientist;
  const out = [];
  const picked = ui.lab.map((s) => labCube(summary, s));
  if (ui.column) {
    const column = summary.tower.find((c) => c.column === ui.column);
    out.push(offerButton(ctx, t("tess.take", { cube: cubeText(column.top), column: ui.column }), { type: "take", column: ui.column }, { class: "big primary", id: "tess-take" }));
  }
  if (ui.zone) {
    for (const delta of [1, -1]) {
      out.push(offerButton(ctx, t(delta > 0 ? "tess.calibrate_up" : "tess.calibrate_down", { cube: cubeText(ui.zone) }),
        { type: "calibrate", zone: "priming", cube: plain(ui.zone), delta }, { dataset: { calibrate: String(delta) } }));
    }
  }
  if (picked.length === 1) {
    const sel = ui.lab[0];
    const cube = picked[0];
    if (sel.owner === me) {
      for (const delta of [1, -1]) {
        out.push(offerButton(ctx, t(delta > 0 ? "tess.calibrate_up" : "tess.calibrate_down", { cube: cubeText(cube) }),
          { type: "calibrate", cube: plain(cube), delta }, { dataset: { calibrate: String(delta) } }));
      }
      for (const other of summary.scientists.filter((n) => n !== me)) {
        out.push(offerButton(ctx, t("tess.give", { cube: cubeText(cube), name: other }), { type: "transfer", from: me, to: other, cube: plain(cube) }, { dataset: { give: other } }));
      }
    } else {
      out.push(offerButton(ctx, t("tess.take_from", { cube: cubeText(cube), name: sel.owner }), { type: "transfer", from: sel.owner, to: me, cube: plain(cube) }, { id: "tess-transfer-in" }));
    }
  }
  if (picked.length >= 3 && ui.lab.every((s) => s.owner === me)) {
    // Confine opens its own steps: it asks whether an action is left as Deepen (an action with nothing else to check)
    out.push(offerButton(ctx, t("tess.confine_n", { n: picked.length }), { type: "confine" }, { class: "big primary", id: "tess-confine" },
      { gate: { type: "deepen" },
        send: () => { ui.confine = { group: picked.map(plain) }; reveal = true; redraw(ctx); } }));
  }
  return out;
}

/** What the cube or column picked allows, drawn beside it: under the lab or zone picked from, or under the tower. */
function actionsBlock(ctx) {
  const main = actionButtons(ctx);
  return main.length ? h("div", { class: "actions", id: "tess-actions" }, main) : null;
}

function confineSteps(ctx) {
  const c = ui.confine;
  const finish = (reroll) => ctx.submit({ type: "confine", cubes: c.group, chosen: c.chosen, ...(reroll ? { reroll } : {}) });
  if (!c.chosen) {
    return h("div", { class: "card", id: "tess-confine-pick" }, h("h3", {}, t("tess.confine_which")),
      h("div", { class: "dice-row" }, c.group.map((cube, i) => cubeChip(cube, { dataset: { index: String(i) }, onclick: () => { c.chosen = cube; redraw(ctx); } }))),
      button(t("pad.cancel"), () => { ui.confine = null; redraw(ctx); }));
  }
  if (c.reroll) {
    c.picks = c.picks || [];
    return valuePad({ id: "tess-confine-reroll", title: t("tess.reroll_rest", { n: c.group.length - 1 }), count: c.group.length - 1, keep: c.picks,
      onCancel: () => { c.reroll = false; redraw(ctx); }, onDone: (values) => finish(values) });
  }
  return h("div", { class: "card", id: "tess-confine-reroll-ask" }, h("h3", {}, t("tess.confine_reroll_q", { cube: cubeText(c.chosen) })),
    h("div", { class: "actions" },
      button(t("tess.confine_keep"), () => finish(null), { class: "big primary", id: "tess-confine-keep" }),
      button(t("tess.confine_reroll"), () => { c.reroll = true; redraw(ctx); }, { id: "tess-confine-reroll-yes" })));
}

function freeActions(ctx) {
  const { summary } = ctx;
  const hand = summary.research[summary.scientist] || {};
  const out = [];
  for (const level of ["2", "3"]) {
    if (hand[level]) out.push(offerButton(ctx, t("tess.study", { level, next: Number(level) + 1 }), { type: "study", level: Number(level) }, { dataset: { study: level } }));
  }
  out.push(composeButton(ctx, t("tess.deepen"), { type: "deepen" }, { id: "tess-deepen" }));
  for (const level of ["2", "3", "4"]) {
    if (hand[level]) out.push(composeButton(ctx, t("tess.play_research", { level }), { type: "play_card", source: "research", level: Number(level) }, { dataset: { play: level } }));
  }
  const card = summary.confinement;
  for (const v of card.unlocked.filter((v) => !card.played.includes(v))) {
    out.push(composeButton(ctx, t("tess.play_confinement", { value: v }), { type: "play_card", source: "confinement", value: v }, { dataset: { playConfinement: String(v) } }));
  }
  return [...out, capacityButton(ctx, summary.scientist)].filter(Boolean);
}

/** The Threat phase before the prime: a research card whose text allows it (the players read it), and the capacity. */
function beforePrime(ctx) {
  const { summary } = ctx;
  const cards = ["2", "3", "4"]
    .map((level) => [level, { type: "play_card", source: "research", level: Number(level), threat_phase: true }])
    .filter(([, event]) => offerFor(summary, event))
    .map(([level, event]) => composeButton(ctx, t("tess.play_research_threat", { level }), event,
      { dataset: { playThreat: level } }));
  const capacity = capacityButton(ctx, summary.scientist);
  if (!cards.length && !capacity) return null;
  return h("div", { class: "card", id: "tess-before-prime" }, h("h3", {}, t("tess.before_prime")),
    cards.length ? h("p", { class: "hint" }, t("tess.before_prime_hint")) : null,
    h("div", { class: "actions" }, cards, capacity));
}

/** A prime tapped on the phone: the cube is the die thrown, so it is sent as the camera sends one, the die in its
 * cube's colour; the statistics count it, and it is corrected like a prime the camera saw. */
function primeEvent(summary, column, rolled) {
  const top = (summary.tower.find((c) => c.column === column) || {}).top;
  return top ? { type: "prime", column, dice: [{ value: rolled, color: top.color }] } : { type: "prime", column, rolled };
}

function controls(ctx) {
  const { summary, submit } = ctx;
  if (summary.phase === "over") return [];
  if ((summary.waiting || []).length) return [resolveForm(ctx, summary.waiting[0], ui.resolve, () => redraw(ctx))];
  if (composing) {
    return [composerForm(ctx, composing, { redraw: () => redraw(ctx), close: (event) => finishComposing(ctx, event) })];
  }
  if (summary.phase === "threat") {
    if (summary.primed_this_phase) return [];
    const choices = summary.lowest_removable;
    const column = choices.length === 1 ? choices[0] : ui.column;
    const hint = t("tess.prime_pick", { columns: choices.join(", ") });
    if (!column) return [h("p", { class: "hint", id: "tess-prime-hint" }, hint), beforePrime(ctx)];
    // the cube by its colour, as the priming zone will hold it: the pad's faces have none
    const top = (summary.tower.find((c) => c.column === column) || {}).top;
    const title = top ? t("tess.prime_roll_cube", { column, colour: colourName(top.color) }) : t("tess.prime_roll", { column });
    return [valuePad({ id: "tess-prime-pad", title, count: 1, keep: ui.picks,
      onDone: ([rolled]) => submit(primeEvent(summary, column, rolled)) }), beforePrime(ctx)];
  }
  if (ui.confine) return [confineSteps(ctx)];
  return [
    h("p", { class: "hint move-hint", id: "tess-hint" }, t("tess.action_hint")),
    ui.column ? actionsBlock(ctx) : null,
    h("details", { class: "card" }, h("summary", {}, t("tess.more")), h("div", { class: "actions" }, freeActions(ctx))),
    h("div", { class: "actions" }, offerButton(ctx, t("tess.end_actions"), { type: "end_actions" }, { class: "big primary", id: "tess-end-actions" })),
  ];
}

function tapColumn(ctx, column) {
  const { summary } = ctx;
  const info = summary.tower.find((c) => c.column === column);
  if (summary.phase === "over") {
    sayWhy(ctx, () => t("tess.phase.over"));
    return;
  }
  if (summary.phase === "action" && !info.removable) {
    sayWhy(ctx, () => refusedWhy(summary, { type: "take", column })
      || t(info.height ? "tess.not_removable" : "tess.column_empty", { column }));
    return;
  }
  ui.column = ui.column === column ? null : column;
  ui.lab = []; ui.zone = null;
  reveal = true;
  redraw(ctx);
}

export function render(ctx) {
  const { root, summary, state } = ctx;
  fresh(state);
  const waiting = (summary.waiting || [])[0];
  if (composing && (waiting || composing.key !== composeKey(ctx))) composing = null;
  const targets = boardTargets(summary, composing);
  let choices = null;
  if (targets) choices = targets.columns;
  else if (waiting && waiting.needs.includes("column")) choices = waiting.columns;
  else if (summary.phase === "threat") choices = summary.lowest_removable;
  else if (summary.phase === "action") choices = summary.removable;
  const acting = summary.phase === "action" && !waiting && !composing;
  const composerTap = (column) => { if (composerColumn(ctx, composing, column)) redraw(ctx); };
  const onColumn = targets ? composerTap : composing ? idleTap(ctx)
    : (column) => (waiting ? (ui.resolve.column = column, reveal = true, redraw(ctx)) : tapColumn(ctx, column));
  const pickPrimed = targets && targets.cube
    ? { onCube: (cube) => { tapCube(summary, composing, cube, null); redraw(ctx); } } : null;
  const tower = composedTower(summary, composing); // while composing, as the effects listed leave it
  const drawn = tower === summary.tower ? summary : { ...summary, tower };
  const moved = drawn === summary ? movedChanges(summary.last_moved) : []; // while composing, not the game's tower
  // built first, swapped in at once: emptied under a tapped cube, the page lost its height and jumped up
  root.replaceChildren(...[
    header(summary, Boolean(state.outcome)),
    h("div", { class: "board-scroll tower-wrap" }, drawTower(drawn, {
      selected: waiting ? ui.resolve.column : composing ? null : ui.column, choices, onColumn,
      moved,
      onBlocked: targets ? composerTap : composing ? idleTap(ctx) : acting ? (column) => tapColumn(ctx, column)
        : summary.phase === "threat" && !waiting
          ? () => sayWhy(ctx, () => t("tess.prime_only", { columns: summary.lowest_removable.join(", ") }))
          : undefined,
    })),
    h("p", { class: "hint", id: "tess-tower-hint" },
      drawn === summary ? t("tess.tower_hint", { n: summary.tesseract_cubes }) : t("tess.fx.tower_after")),
    lastMovedLine(moved),
    h("details", { class: "card", id: "tess-levels", open: levelsOpen || undefined, ontoggle: (event) => { levelsOpen = event.target.open; } },
      h("summary", {}, t("tess.levels_title")),
      h("p", { class: "hint" }, t("tess.levels_hint")), towerLevels(summary.levels)),
    h("div", { class: "tess-controls" }, controls(ctx)),
    primingZone(summary, pickPrimed || (acting ? { selected: ui.zone,
      onCube: (cube) => {
        ui.zone = ui.zone && same(ui.zone, cube) ? null : cube; ui.lab = []; ui.column = null; reveal = true; redraw(ctx);
      } } : { onCube: idleTap(ctx) })),
    acting && ui.zone ? actionsBlock(ctx) : null,
    labs(ctx),
    confinementBoard(summary),
    destroyedPile(summary),
    // the game-over card above says why the game ended (outcome.js): said here too, a phone read it twice
    summary.outcome && !state.outcome ? h("p", { class: "lead" }, pick(summary.outcome)) : null,
  ].filter(Boolean));
  if (reveal) {
    reveal = false;
    root.querySelector("#tess-actions, #tess-prime-pad, #tess-event, #tess-confine-pick")?.scrollIntoView({ block: "nearest" });
  }
}

function same(a, b) { return a.color === b.color && a.value === b.value; }
