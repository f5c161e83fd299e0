// Setting up Tesseract by touch: how many scientists and their names, the base, and the tower: drawn from a number
// and shown level by level to build, or entered as the players built it (tap a square, pick the cube).

import { h } from "../../dom.js";
import { colourName, t } from "../../i18n.js";
import { button, choiceRow, dieFace } from "../widgets.js";
import { towerLevels } from "./tess-board.js";
import { sayWhy } from "./offers.js";
import "./tess-strings.js";

let draft = null;

function newSeed() { return Math.floor(Math.random() * 1e6); }

function start(ctx) {
  const names = (ctx.state.players || []).filter(Boolean).slice(0, 4);
  draft = { game: ctx.state.game_id, players: Math.max(1, names.length || 2), names, base: "1", seed: newSeed(),
    rolls: {}, extra: (ctx.state.options || {}).extra_primed || 0, mode: "number", built: {}, cell: null, colour: null };
}

/** The same tower for the same number on every phone: the box's dice shuffled into place and rolled (mulberry32). */
function towerFrom(seed, choices) {
  let a = seed >>> 0;
  const random = () => { a = (a + 0x6D2B79F5) >>> 0; let x = Math.imul(a ^ (a >>> 15), 1 | a); x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x; return ((x ^ (x >>> 14)) >>> 0) / 4294967296; };
  const dice = choices.colours.flatMap((colour) => Array(choices.per_colour).fill(colour));
  for (let i = dice.length - 1; i > 0; i -= 1) { const j = Math.floor(random() * (i + 1)); [dice[i], dice[j]] = [dice[j], dice[i]]; }
  return dice.map((color) => ({ color, value: 1 + Math.floor(random() * 6) }));
}

/** 64 cubes (bottom level first, columns a1 … d4) as four levels for the drawing. */
function asLevels(cubes, choices) {
  return Array.from({ length: choices.max_levels }, (_, level) => choices.columns.map((column, i) => ({ column, cube: cubes[level * choices.columns.length + i] || null })));
}

/** The tower entered so far, in the setup event's order (a square left empty is a hole). */
function builtCubes(choices) {
  return Array.from({ length: choices.max_levels }, (_, level) => choices.columns.map((column) => draft.built[`${level}:${column}`] || null)).flat();
}

function towerCubes(choices) {
  return draft.mode === "built" ? builtCubes(choices) : towerFrom(draft.seed, choices);
}

/** The scientists' names: the players typed at "New game", else S1, S2…; solo plays two labs. */
export function scientistNames() {
  const count = Math.max(draft.players, 2);
  return Array.from({ length: count }, (_, i) => draft.names[i] || `S${i + 1}`);
}

/** The starting cubes rolled at the table: one per lab, then the primed ones (two, plus the difficulty's extra). */
function rollSlots() {
  const labs = scientistNames().map((name) => ({ key: `lab:${name}`, label: t("tess.lab_cube_of", { name }) }));
  const primed = Array.from({ length: 2 + draft.extra }, (_, i) => ({ key: `primed:${i}`, label: t("tess.primed_n", { n: i + 1 }) }));
  return [...labs, ...primed];
}

export function setupEvent(choices) {
  const event = { type: "setup", players: draft.players, scientists: scientistNames(), base: draft.base, seed: draft.seed,
    cubes: towerCubes(choices).filter(Boolean) };
  const slots = rollSlots();
  if (slots.every((slot) => draft.rolls[slot.key])) { // the table's own rolls, else the tower number rolls them
    event.lab_picks = slots.filter((s) => s.key.startsWith("lab:")).map((s) => ({ rolled: draft.rolls[s.key] }));
    event.primed = slots.filter((s) => s.key.startsWith("primed:")).map((s) => ({ rolled: draft.rolls[s.key] }));
  }
  return event;
}

function rollsCard(ctx) {
  return h("details", { class: "card", id: "tess-rolls", open: Object.keys(draft.rolls).length ? true : undefined },
    h("summary", {}, t("tess.starting_rolls")),
    h("p", { class: "hint" }, t("tess.starting_rolls_hint")),
    rollSlots().map((slot) => h("div", { class: "roll-slot", dataset: { slot: slot.key } }, h("p", {}, slot.label),
      h("div", { class: "pad-keys" }, [1, 2, 3, 4, 5, 6].map((v) => dieFace(v, { pressed: draft.rolls[slot.key] === v,
        dataset: { key: String(v) }, onclick: () => { draft.rolls[slot.key] = v; renderSetup(ctx); } }))))));
}

/** The cube picker right under the level being entered, the whole width: the finger stays where it works. */
function withPicker(levels, picker) {
  if (picker) levels.children[draft.cell[0]].after(picker);
  return levels;
}

/** Entering the tower built at the table: the squares of the four levels, then the cube of the square tapped. */
function builtCard(ctx, choices) {
  const cubes = builtCubes(choices);
  const count = (colour) => cubes.filter((c) => c && c.color === colour).length;
  const tap = (level, column) => { draft.cell = [level, column]; renderSetup(ctx); };
  const put = (value) => {
    const [level, column] = draft.cell;
    draft.built[`${level}:${column}`] = { color: draft.colour, value };
    const next = choices.columns.indexOf(column) + 1; // on to the next square: a level is entered in one go
    draft.cell = next < choices.columns.length ? [level, choices.columns[next]] : level + 1 < choices.max_levels ? [level + 1, choices.columns[0]] : null;
    renderSetup(ctx);
  };
  const picker = draft.cell ? h("div", { class: "card", id: "tess-cube-pick", style: "grid-column:1 / -1" },
    h("p", {}, t("tess.cube_for", { column: draft.cell[1], n: draft.cell[0] + 1 })),
    choiceRow(choices.colours.map((c) => ({ value: c, label: colourName(c) })), draft.colour, (c) => { draft.colour = c; renderSetup(ctx); },
      { class: "tess-cube-colour", label: t("tess.cube_colour") }),
    draft.colour ? h("div", { class: "pad-keys" }, [1, 2, 3, 4, 5, 6].map((v) => dieFace(v, { colour: draft.colour, dataset: { key: String(v) }, onclick: () => put(v) }))) : null,
    draft.built[`${draft.cell[0]}:${draft.cell[1]}`] ? button(t("tess.cube_remove"), () => { delete draft.built[`${draft.cell[0]}:${draft.cell[1]}`]; renderSetup(ctx); }, { id: "tess-cube-remove" }) : null) : null;
  return [
    h("p", { class: "hint" }, t("tess.built_hint")),
    h("p", { class: "hint", id: "tess-built-count", dataset: { cubes: String(cubes.filter(Boolean).length) } },
      t("tess.built_count", { n: cubes.filter(Boolean).length, total: cubes.length }), " · ",
      choices.colours.map((c) => `${colourName(c)} ${count(c)}/${choices.per_colour}`).join(" · ")),
    withPicker(towerLevels(asLevels(cubes, choices), { onCell: tap, selected: draft.cell }), picker),
  ];
}

function numberCard(ctx, choices) {
  const seed = h("input", { type: "number", id: "tess-seed", min: 0, max: 999999, value: String(draft.seed), inputmode: "numeric",
    "aria-label": t("tess.seed"), oninput: (event) => { // a redraw keeps it; only the levels follow, the field stays
      draft.seed = Math.max(0, Math.floor(Number(event.target.value) || 0));
      levels.replaceWith(levels = towerLevels(asLevels(towerFrom(draft.seed, choices), choices)));
    } });
  let levels = towerLevels(asLevels(towerFrom(draft.seed, choices), choices));
  return [
    h("p", { class: "hint" }, t("tess.seed_hint")),
    h("div", { class: "row" }, seed, button(t("tess.new_seed"), () => { draft.seed = newSeed(); renderSetup(ctx); })),
    h("details", { class: "card", id: "tess-build", open: draft.building ? true : undefined,
      ontoggle: (event) => { draft.building = event.target.open; } }, h("summary", {}, t("tess.build_levels")),
    h("p", { class: "hint" }, t("tess.levels_hint")), levels),
  ];
}

export function renderSetup(ctx) {
  if (!draft || draft.game !== ctx.state.game_id) start(ctx);
  const choices = ctx.summary.setup;
  const bases = choices.bases;
  const entered = builtCubes(choices).filter(Boolean).length;
  const whole = choices.columns.length * choices.max_levels;
  const send = () => ctx.submit(setupEvent(choices));
  const go = draft.mode === "built" && entered < whole
    ? h("span", { class: "offer refused" }, button(t("tess.setup_start"),
      () => sayWhy(ctx, () => t("tess.built_missing", { n: whole - entered })),
      { class: "big primary refused", id: "tess-setup-start", "aria-disabled": "true", "aria-describedby": "tess-start-why", style: "opacity:0.55" }),
      h("small", { class: "why", id: "tess-start-why", style: "display:block" }, t("tess.built_missing", { n: whole - entered })))
    : button(t("tess.setup_start"), send, { class: "big primary", id: "tess-setup-start" });
  // built first, swapped in at once: emptied under a tapped button, the page lost its height and jumped up
  ctx.root.replaceChildren(
    h("h2", {}, t("tess.setup_title")),
    h("h3", {}, t("tess.how_many")),
    choiceRow([1, 2, 3, 4].map((n) => ({ value: n, label: n === 1 ? t("tess.solo") : String(n) })), draft.players,
      (n) => { draft.players = n; renderSetup(ctx); }, { class: "tess-players", label: t("tess.how_many") }),
    h("p", { class: "hint", id: "tess-names" }, t("tess.scientists", { names: scientistNames().join(", ") })),
    h("h3", {}, t("tess.base")),
    choiceRow(bases.map((b) => ({ value: b, label: b })), draft.base, (b) => { draft.base = b; renderSetup(ctx); }, { class: "tess-bases", label: t("tess.base") }),
    h("h3", {}, t("tess.tower_from_seed")),
    choiceRow([{ value: "number", label: t("tess.tower_mode.number") }, { value: "built", label: t("tess.tower_mode.built") }], draft.mode,
      (mode) => { draft.mode = mode; renderSetup(ctx); }, { class: "tess-tower-mode", label: t("tess.tower_from_seed") }),
    ...(draft.mode === "built" ? builtCard(ctx, choices) : numberCard(ctx, choices)),
    rollsCard(ctx),
    go,
  );
}
