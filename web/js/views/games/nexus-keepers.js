// Nexus Keepers by touch: whose turn, the dice and what they allow, tap a keeper then where it goes, reroll, reserve.

import { h } from "../../dom.js";
import { pick, t } from "../../i18n.js";
import { button, dieFace, valuePad } from "../widgets.js";
import { drawBoard, keeperMarks, teamColour } from "./nk-board.js";
import { offerButton, sayWhy } from "./offers.js";
import "./nk-strings.js";

export { renderSetup } from "./nk-setup.js";
export const ownsDice = true;

// What this phone is doing now; forgotten whenever the game changes under it.
let ui = { entries: -1 };

function fresh(state) {
  if (ui.entries !== state.entries || ui.game !== state.game_id) {
    ui = { entries: state.entries, game: state.game_id, selected: null, moves: null, choosing: null, reroll: [],
      pad: null, picks: [] };
  }
}

function currentPlaces(board) {
  const out = {};
  for (const k of board.keepers) out[k.id] = k.status === "board" ? k.cell : k.status;
  return out;
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

function terrainAt(board, [x, y]) {
  for (const cube of board.cubes) {
    const i = cube.tiles.findIndex(([tx, ty]) => tx === x && ty === y);
    if (i >= 0) return cube.terrain[i];
  }
  return null;
}

/** One keeper's move as players say it: "Ann goes 2 squares east, onto the volcano", "Bob falls". */
function moveWords(id, before, place, board) {
  if (place === "fell" || place === "fallen") return t("nk.out.falls", { name: id });
  if (place === "portal" || place === "eliminated") return t("nk.out.portal", { name: id });
  const terrain = terrainAt(board, place);
  const onto = terrain ? t(`nk.on.${terrain}`) : t("nk.on.tile");
  if (!Array.isArray(before)) return t("nk.out.enters", { name: id, onto });
  const dx = place[0] - before[0];
  const dy = place[1] - before[1];
  const legs = [[Math.abs(dx), dx > 0 ? "E" : "W"], [Math.abs(dy), dy < 0 ? "N" : "S"]].filter(([n]) => n);
  if (legs.length === 1) return t("nk.out.goes", { name: id, n: legs[0][0], dir: t(`nk.toward.${legs[0][1]}`), onto });
  return t("nk.out.goes2", { name: id, a: legs[0][0], d1: t(`nk.toward.${legs[0][1]}`), b: legs[1][0],
    d2: t(`nk.toward.${legs[1][1]}`), onto });
}

/** What an outcome changes, in words: "Bob goes 2 squares east, onto the ice · Cara falls". */
export function describeOutcome(outcome, board) {
  const now = currentPlaces(board);
  const parts = [];
  for (const [id, place] of Object.entries(outcome.positions)) {
    const before = now[id];
    if (same(before, place) || (place === "fell" && before === "fallen")
      || (place === "portal" && before === "eliminated")) continue;
    parts.push(moveWords(id, before, place, board));
  }
  return parts.join(" · ") || t("nk.no_change");
}

function changes(outcome, board) {
  return describeOutcome(outcome, board) !== t("nk.no_change");
}

async function selectKeeper(ctx, id) {
  const { app, summary } = ctx;
  const tapped = summary.board.keepers.find((k) => k.id === id);
  if (id !== ui.selected && ui.moves && ui.moves.some((m) => same(m.to, tapped.cell))) { // a push frees it
    chooseCell(ctx, tapped.cell);
    return;
  }
  if (id !== summary.turn) {
    sayWhy(ctx, () => t("nk.not_active", { name: summary.turn }));
    return;
  }
  if (summary.phase !== "rolling") { // its own keeper, at the wrong moment: what to do now ("It is A's turn" said A)
    sayWhy(ctx, () => phaseWords(summary));
    return;
  }
  if (ui.selected === id) {
    if (ui.moves && ui.moves.some((m) => same(m.to, tapped.cell))) { // push without moving
      chooseCell(ctx, tapped.cell);
      return;
    }
    ui.selected = null; ui.moves = null; ui.choosing = null; render(ctx); return;
  }
  ui.selected = id;
  try {
    ui.moves = (await app.api.get("/api/legal-moves")).moves.filter((m) => changes(m, summary.board));
  } catch (_) { ui.moves = []; }
  render(ctx);
}

function chooseCell(ctx, cell) {
  if (!ui.moves) { // no keeper picked yet: a tile alone moves nothing
    const { summary } = ctx;
    sayWhy(ctx, () => (summary.phase === "rolling" ? t("nk.tap_keeper", { name: summary.turn }) : phaseWords(summary)));
    return;
  }
  const options = ui.moves.filter((m) => same(m.to, cell));
  const keeper = ui.selected;
  if (!options.length) { sayWhy(ctx, () => t("nk.cannot_reach", { name: keeper })); return; }
  if (options.length === 1) { move(ctx, options[0]); return; }
  ui.choosing = cell;
  render(ctx);
  // the choice is drawn under the dice, below the fold on a phone: brought up to the finger that asked for it
  ctx.root.querySelector("#nk-choose")?.scrollIntoView({ block: "nearest" });
}

async function move(ctx, outcome) {
  ui.choosing = null;
  await ctx.submit({ type: "positions", keepers: outcome.positions });
}

/** What the phase asks for, in words: the line under whose turn it is, and the answer to a tap out of place. */
function phaseWords(summary) {
  return {
    idle: t("nk.phase.idle"), start: t("nk.phase.start", { n: summary.dice_allowed }),
    rolling: t("nk.phase.rolling"), acted: t("nk.phase.acted"), reconnect: t("nk.phase.reconnect"),
    over: t("nk.phase.over"),
  }[summary.phase] || summary.phase;
}

function header(summary, board) {
  const mark = keeperMarks(board).get(summary.turn);
  const active = board.keepers.find((k) => k.id === summary.turn);
  const phaseText = phaseWords(summary);
  return h("div", { class: "board-head" },
    h("div", { class: "whose", id: "board-turn" },
      h("span", { class: "token", style: `--team:${teamColour(board, active?.team)}` }, mark),
      " ", t("nk.turn_of", { name: summary.turn }),
      summary.bonus_depth ? h("span", { class: "badge" }, t("nk.bonus")) : null),
    h("p", { class: "phase", id: "board-phase", dataset: { phase: summary.phase } }, phaseText));
}

function keeperList(summary, board) {
  const marks = keeperMarks(board);
  return h("ul", { class: "keepers" }, board.keepers.map((k) => h("li", { dataset: { keeper: k.id, status: k.status } },
    h("span", { class: "token", style: `--team:${teamColour(board, k.team)}` }, marks.get(k.id)),
    h("span", { class: "who" }, h("strong", {}, k.id), " ", h("small", {}, pick(k.card))),
    h("span", { class: "state" }, k.status === "board" ? "" : t(`nk.status.${k.status}`),
      ` ${t("nk.power_left", { n: k.power_left })}`,
      k.reserve ? ` · ${t("nk.reserve_die", { value: k.reserve })}` : ""))));
}

/** The summary's ``actions`` in words: "move 3 + push 1 or move 2 + jump 1". A budget with ``pushes`` (option
 * split_pushes off: each push its own group's spaces) says each push, "push 1 + push 1", not their total, "push 2". */
function budgetsText(budgets) {
  if (!budgets || !budgets.length) return t("nk.allows_nothing");
  const terms = (b, a) => (a === "push" && Array.isArray(b.pushes) ? b.pushes : [b[a]]).filter((n) => n)
    .map((n) => `${t(`nk.action.${a}`)} ${n}`);
  return budgets.map((b) => ["move", "jump", "push"].flatMap((a) => terms(b, a)).join(" + ")
    || t("nk.allows_nothing")).join(` ${t("nk.or")} `);
}

/** A die a reroll cannot take (a 1, the reserved die), drawn faded but still tappable: a tap says why. */
function stays(chip, faded) {
  if (faded) chip.setAttribute("aria-disabled", "true");
  return chip;
}

/** One die picked: « vous ne pouvez jamais relancer un dé seul », but a power die rerolls it. Said under the dice,
 * beside the finger (below the fold held sideways, the player saw nothing). */
function rerollOne(ctx) {
  const { summary } = ctx;
  const me = summary.board.keepers.find((k) => k.id === summary.turn) || {};
  return h("div", { class: "stack" },
    h("p", { class: "hint", id: "nk-reroll-one" }, t(me.power_left > 0 ? "nk.reroll_one_power" : "nk.reroll_one")),
    me.power_left > 0 ? button(t("nk.reroll_with_power", { value: summary.dice[ui.reroll[0]] }),
      () => openPad(ctx, "reroll-power"), { class: "big primary", id: "nk-reroll-power" }) : null);
}

function dicePanel(ctx) {
  const { summary } = ctx;
  const rerollable = summary.phase === "rolling" && summary.rerolls_left > 0;
  const pool = summary.dice || [];
  const chips = pool.map((value, index) => stays(dieFace(value, {
    dataset: { index: String(index) }, pressed: rerollable ? ui.reroll.includes(index) : undefined,
    label: value === 1 && rerollable ? t("nk.ones_stay") : String(value),
    onclick: rerollable && value !== 1 ? () => {
      ui.reroll = ui.reroll.includes(index) ? ui.reroll.filter((i) => i !== index) : [...ui.reroll, index];
      render(ctx);
    } : rerollable ? () => sayWhy(ctx, () => t("nk.ones_stay_why")) : undefined,
  }), rerollable && value === 1));
  const reserved = summary.reserved_die;
  const groups = (summary.dice_groups || []).map((g) => h("li",
    { dataset: { value: String(g.value), usable: String(g.usable) } },
    h("strong", {}, `${g.count} × ${g.value}`), " → ",
    g.value === 1 ? t("nk.ones_never") : !g.actions.length ? t("nk.face_nothing")
      : g.usable ? `${g.actions.map((a) => t(`nk.action.${a}`)).join(" / ")} (${t("nk.steps", { n: g.steps })})`
        : t("nk.needs_pair", { actions: g.actions.map((a) => t(`nk.action.${a}`)).join(" / ") })));
  return h("div", { class: "card nk-dice", id: "nk-dice" },
    h("h3", {}, t("nk.dice")),
    h("div", { class: "dice-row" }, chips, reserved ? stays(dieFace(reserved, { label: t("nk.reserved_label"),
      dataset: { reserved: "1" }, onclick: rerollable
        ? () => sayWhy(ctx, () => t("nk.reserved_stays_why", { value: reserved })) : undefined }), rerollable) : null),
    summary.reserved_die ? h("p", { class: "hint" }, t("nk.reserved_hint", { value: summary.reserved_die })) : null,
    rerollable && ui.reroll.length === 1 ? rerollOne(ctx)
      : rerollable ? h("p", { class: "hint move-hint" }, t("nk.reroll_hint", { n: summary.rerolls_left })) : null,
    h("div", { id: "nk-answer-room", "aria-hidden": "true" }), // opened where the answer to a roll has no other room
    h("ul", { class: "groups" }, groups),
    h("p", { class: "allows", id: "nk-allows" }, t("nk.left_this_turn"),
      h("strong", {}, budgetsText(summary.actions))));
}

function controls(ctx) {
  const { summary, board } = ctx;
  const out = [];
  const me = board.keepers.find((k) => k.id === summary.turn) || {};
  if (ui.pad) return [ui.pad];
  if (summary.phase === "idle") {
    out.push(offerButton(ctx, t("nk.start_turn", { name: summary.turn }), { type: "turn_start" },
      { class: "big primary", id: "nk-start-turn" }));
  }
  if (summary.phase === "start") {
    out.push(valuePad({ id: "nk-roll-pad", title: t("nk.roll_title", { name: summary.turn, n: summary.dice_allowed }),
      count: summary.dice_allowed,
      keep: ui.picks, onDone: (dice) => ctx.submit({ type: "roll", dice }) }));
  }
  if (summary.phase === "rolling" || summary.phase === "acted") {
    out.push(dicePanel(ctx));
    if (summary.phase === "rolling") {
      const hint = ui.selected
        ? (ui.moves && ui.moves.length ? t("nk.tap_destination", { name: ui.selected }) : t("nk.no_moves"))
        : t("nk.tap_keeper", { name: summary.turn });
      out.push(h("p", { class: "hint move-hint", id: "nk-move-hint" }, hint));
      if (ui.choosing) {
        const options = ui.moves.filter((m) => same(m.to, ui.choosing));
        out.push(h("div", { class: "card", id: "nk-choose" }, h("h3", {}, t("nk.which_outcome")),
          h("div", { class: "stack" }, options.map((m) => button(describeOutcome(m, board), () => move(ctx, m),
            { class: "big outcome-choice" })))));
      }
      const row = [];
      if (summary.rerolls_left > 0 && ui.reroll.length >= 2) {
        row.push(button(t("nk.reroll_n", { n: ui.reroll.length }), () => openPad(ctx, "reroll"),
          { class: "big primary", id: "nk-reroll" }));
      }
      if (me.power_left > 0) {
        row.push(button(t("nk.add_power", { n: me.power_left }), () => openPad(ctx, "power"), { id: "nk-power" }));
      }
      if (row.length) out.push(h("div", { class: "actions" }, row));
    }
    const reserve = (summary.reservable || []).map((v) => offerButton(ctx, t("nk.reserve", { value: v }),
      { type: "reserve", value: v }, { dataset: { reserve: String(v) } }));
    out.push(h("div", { class: "actions" }, reserve, offerButton(ctx, t("nk.end_turn"), { type: "end_turn" },
      { class: "big primary", id: "nk-end-turn" })));
  }
  if (summary.phase === "reconnect") {
    out.push(h("p", {}, t("nk.reconnect_text", { names: (summary.reconnect || []).join(", ") })));
    if (summary.reconnect_suggestion) {
      out.push(button(t("nk.reconnect_suggested"),
        () => ctx.submit({ type: "reconnect", cubes: summary.reconnect_suggestion }),
        { class: "big primary", id: "nk-reconnect" }));
    }
  }
  if (summary.phase === "over") {
    const winners = summary.winners || [];
    // the verdict with its reason: the only way to win is to be the last (team) standing
    const said = `${t("nk.winners", { n: winners.length, names: winners.join(", ") })} — ${t("nk.win_reason",
      { n: winners.length })}`;
    out.push(h("p", { class: "lead", id: "nk-winners" }, said));
  }
  return out;
}

function openPad(ctx, kind) {
  const { summary } = ctx;
  const cancel = () => { ui.pad = null; render(ctx); };
  if (kind === "reroll") {
    const picked = ui.reroll.map((i) => summary.dice[i]);
    ui.pad = valuePad({ id: "nk-reroll-pad", title: t("nk.reroll_title", { dice: picked.join(" ") }),
      count: picked.length, onCancel: cancel,
      onDone: (results) => { ui.pad = null; ctx.submit({ type: "reroll", rerolled: picked, results }); } });
  } else if (kind === "reroll-power") { // the book: a power die « pour relancer un autre dé régulier »
    const [die] = ui.reroll.map((i) => summary.dice[i]);
    ui.pad = valuePad({ id: "nk-reroll-power-pad", title: t("nk.reroll_power_title", { value: die }), count: 2,
      onCancel: cancel, onDone: ([result, power]) => {
        ui.pad = null; ctx.submit({ type: "reroll", rerolled: [die], results: [result], power: [power] });
      } });
  } else {
    ui.pad = valuePad({ id: "nk-power-pad", title: t("nk.power_title"), count: 1, onCancel: cancel,
      onDone: (dice) => { ui.pad = null; ctx.submit({ type: "power", dice }); } });
  }
  render(ctx);
}

export function render(ctx) {
  const { root, summary, state } = ctx;
  fresh(state);
  const board = summary.board;
  ctx.board = board;
  const destinations = new Set((ui.moves || []).map((m) => `${m.to[0]},${m.to[1]}`));
  // built first, swapped in at once: emptied under a tapped button, the page lost its height and jumped up
  root.replaceChildren(
    header(summary, board),
    h("div", { class: "board-scroll" }, drawBoard(board, {
      active: summary.phase === "rolling" ? summary.turn : null, selected: ui.selected, destinations,
      onKeeper: (id) => selectKeeper(ctx, id), onCell: (cell) => chooseCell(ctx, cell),
    })),
    h("div", { class: "nk-controls" }, controls(ctx)),
    keeperList(summary, board),
  );
}
