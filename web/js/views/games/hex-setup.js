// Setting up Hexors by touch: two players, each a character on a grey cell and monsters within 2 cells of it,
// from the engine's example tiles; tap a tile then a cell to move it.

import { h } from "../../dom.js";
import { language, t } from "../../i18n.js";
import { button, choiceRow } from "../widgets.js";
import { drawArena, keepingPan, tileName } from "./hex-board.js";
import { sayWhy } from "./offers.js";
import "./hex-strings.js";

let draft = null;

/** Action tiles each player holds at the advanced level: « face cachée », so the phone keeps only their number
 * (the engine's hidden hand) and asks which kind when one is launched. */
const HAND_SIZES = [1, 2, 3, 4, 5, 6, 7, 8];
const HAND_DEFAULT = 4;

/** A tile's name without the "(example tile)" mark (the note below the list says they are examples). */
const plainName = (name) => String(name).replace(/\s*\(.*\)\s*/, "").trim() || String(name);

/** The id a placed tile gets: the first word of its name ("blue-eyes", "gaia"). */
const pieceId = (tile) => String(tile.name).replace(/\(.*\)/, "").trim().split(/\s+/)[0].toLowerCase() || tile.id;

function start(ctx) {
  const choices = ctx.summary.setup;
  let names = (ctx.state.players || []).filter(Boolean);
  const unnamed = names.length < 2;
  if (unnamed) names = defaultNames();
  const characters = choices.tiles.filter((x) => x.kind === "character");
  const monsters = choices.tiles.filter((x) => x.kind === "monster");
  const half = Math.floor(monsters.length / 2);
  draft = {
    game: ctx.state.game_id, level: choices.level, selected: null, actions: HAND_DEFAULT,
    defaultsIn: unnamed ? language() : null,
    players: names.slice(0, 2).map((id, side) => {
      const grey = choices.start_cells[side];
      return { id, side, character: characters[side % characters.length].id, cell: grey[Math.floor(grey.length / 2)] };
    }),
    owner: Object.fromEntries(monsters.map((m, i) => [m.id, i < half ? 0 : i < 2 * half ? 1 : null])),
    cells: {}, // monster tile id -> cell
  };
  for (const p of draft.players) placeMonsters(choices, p);
}

function tileOf(choices, id) { return choices.tiles.find((x) => x.id === id); }

/** Put each of a player's monsters that is not within 2 cells of its character on the nearest free such cell. */
function placeMonsters(choices, player) {
  const near = choices.near[player.cell] || [];
  const taken = () => new Set([...draft.players.map((p) => p.cell), ...Object.values(draft.cells)]);
  for (const [id, side] of Object.entries(draft.owner)) {
    if (side !== player.side) { if (side === null) delete draft.cells[id]; continue; }
    if (near.includes(draft.cells[id])) continue;
    delete draft.cells[id];
    const free = near.find((c) => !taken().has(c));
    if (free) draft.cells[id] = free;
  }
}

/** The setup event the wizard's choices make. */
export function setupEvent(choices) {
  const used = new Set();
  const unique = (base) => { let id = base; let n = 2; while (used.has(id)) { id = `${base}${n}`; n += 1; } used.add(id); return id; };
  return {
    type: "setup", level: draft.level, first: draft.players[0].id,
    players: draft.players.map((p) => ({
      id: p.id,
      tiles: [{ id: unique(pieceId(tileOf(choices, p.character))), tile: p.character, cell: p.cell },
        ...Object.entries(draft.owner).filter(([id, side]) => side === p.side && draft.cells[id])
          .map(([id]) => ({ id: unique(pieceId(tileOf(choices, id))), tile: id, cell: draft.cells[id] }))],
      ...(draft.level === "advanced" ? { actions: draft.actions } : {}),
    })),
  };
}

function draftTiles(choices) {
  const out = draft.players.map((p) => ({ id: `char-${p.side}`, cell: p.cell, side: p.side, kind: "character", name: tileName(tileOf(choices, p.character)) }));
  for (const [id, side] of Object.entries(draft.owner)) {
    if (side === null || !draft.cells[id]) continue;
    const tile = tileOf(choices, id);
    out.push({ id, cell: draft.cells[id], side, kind: "monster", name: tileName(tile), element: tile.element });
  }
  return out;
}

/** Why the tile ``id`` cannot stand on ``cell``, or null when it can: a function that says it in the page's language
 * (the answer beside the tap says it again after a switch), about the tiles as they stood at the tap. */
function refusal(choices, id, cell) {
  const tiles = draftTiles(choices);
  const named = (x) => { // a draft tile's name, said when asked
    const tile = tileOf(choices, x.kind === "character" ? draft.players[x.side].character : x.id);
    return () => plainName(tileName(tile));
  };
  const name = named(tiles.find((x) => x.id === id));
  const taken = (x) => {
    const other = named(x);
    return () => t("hex.cannot_go.taken", { tile: name(), other: other() });
  };
  if (id.startsWith("char-")) { // its own monsters make way: they are placed again around it
    const player = draft.players[Number(id.slice(5))];
    const enemy = tiles.find((x) => x.cell === cell && x.side !== player.side);
    if (!choices.start_cells[player.side].includes(cell)) {
      return () => t("hex.cannot_go.start", { tile: name(), name: player.id });
    }
    if (enemy) return taken(enemy);
    return player.cell === cell ? () => t("hex.cannot_go.there", { tile: name() }) : null;
  }
  const other = tiles.find((x) => x.cell === cell && x.id !== id);
  if (other) return taken(other);
  const player = draft.players[draft.owner[id]];
  const character = named({ kind: "character", side: player.side });
  return (choices.near[player.cell] || []).includes(cell) ? null
    : () => t("hex.cannot_go.near", { tile: name(), character: character() });
}

function allowed(choices, id, cell) { return refusal(choices, id, cell) === null; }

function tapCell(ctx, cell) {
  const choices = ctx.summary.setup;
  const id = draft.selected;
  if (!id) return;
  const why = refusal(choices, id, cell);
  if (why) { sayWhy(ctx, why); return; }
  if (id.startsWith("char-")) {
    const player = draft.players[Number(id.slice(5))];
    player.cell = cell;
    for (const [m, at] of Object.entries(draft.cells)) if (at === cell) delete draft.cells[m];
    placeMonsters(choices, player);
  } else draft.cells[id] = cell;
  draft.selected = null;
  renderSetup(ctx);
}

function playerCard(ctx, player) {
  const choices = ctx.summary.setup;
  const characters = choices.tiles.filter((x) => x.kind === "character");
  return h("div", { class: "card hex-player", dataset: { player: player.id } },
    h("h3", {}, `${player.side + 1}. ${player.id}`),
    h("p", { class: "hint" }, t(player.side === 0 ? "hex.end_south" : "hex.end_north")),
    h("p", {}, t("hex.pick_character")),
    choiceRow(characters.map((c) => ({ value: c.id, label: plainName(tileName(c)) })), player.character,
      (id) => { player.character = id; renderSetup(ctx); }, { class: `hex-character-${player.side}`, label: t("hex.pick_character") }));
}

function monsterRows(ctx) {
  const choices = ctx.summary.setup;
  return h("div", { class: "hex-monsters" }, choices.tiles.filter((x) => x.kind === "monster").map((m) => h("div", { class: "hex-monster", dataset: { monster: m.id } },
    h("span", {}, plainName(tileName(m))),
    choiceRow([...draft.players.map((p) => ({ value: p.side, label: p.id })), { value: null, label: t("hex.nobody") }], draft.owner[m.id],
      (side) => { draft.owner[m.id] = side; delete draft.cells[m.id]; for (const p of draft.players) placeMonsters(choices, p); renderSetup(ctx); },
      { class: "hex-owner", label: plainName(tileName(m)) }))));
}

const defaultNames = () => [t("hex.player_n", { n: 1 }), t("hex.player_n", { n: 2 })];

/** Players left unnamed at "New game" are "Player 1" and "Player 2" in the page's language, switched with it, so the
 * French page sets up "Joueur 1" and never sends "Player 1" as a player's id. */
function followLanguage() {
  if (!draft.defaultsIn || draft.defaultsIn === language()) return;
  defaultNames().forEach((name, side) => { draft.players[side].id = name; });
  draft.defaultsIn = language();
}

export function renderSetup(ctx) {
  if (!draft || draft.game !== ctx.state.game_id) start(ctx);
  followLanguage();
  const choices = ctx.summary.setup;
  const counts = draft.players.map((p) => Object.entries(draft.owner).filter(([id, side]) => side === p.side && draft.cells[id]).length);
  const cells = choices.arena.cells.map((c) => ({ ...c, start: c.start_side }));
  const selected = draft.selected;
  const destinations = selected ? new Set(cells.map((c) => c.cell).filter((c) => allowed(choices, selected, c))) : new Set();
  // built first, swapped in at once: emptied under a tapped button, the page lost its height and jumped up
  keepingPan(ctx.root, () => ctx.root.replaceChildren(
    h("h2", {}, t("hex.setup_title")),
    h("p", { class: "hint" }, t("hex.setup_hint")),
    h("p", {}, t("hex.level")),
    choiceRow(choices.levels.map((l) => ({ value: l, label: t(`hex.level.${l}`) })), draft.level, (l) => { draft.level = l; renderSetup(ctx); }, { class: "hex-level", label: t("hex.level") }),
    ...(draft.level === "advanced" ? [h("p", {}, t("hex.hand_size")), choiceRow(HAND_SIZES.map((n) => ({ value: n, label: String(n) })), draft.actions,
      (n) => { draft.actions = n; renderSetup(ctx); }, { class: "hex-hand-size", label: t("hex.hand_size") })] : []),
    h("div", { class: "hex-players" }, draft.players.map((p) => playerCard(ctx, p))),
    h("p", { class: "hint", id: "hex-place-hint" }, selected ? t("hex.place_tile", { tile: selected.startsWith("char-") ? draft.players[Number(selected.slice(5))].id : plainName(tileName(tileOf(choices, selected))) }) : t("hex.tap_a_tile")),
    h("div", { class: "board-scroll" }, drawArena(cells, draftTiles(choices), {
      selected, destinations,
      onTile: (id) => {
        const at = draftTiles(choices).find((x) => x.id === id).cell;
        if (selected && selected !== id && destinations.has(at)) { tapCell(ctx, at); return; } // its own monster makes way
        draft.selected = draft.selected === id ? null : id;
        renderSetup(ctx);
      },
      onCell: (cell) => tapCell(ctx, cell),
      redraw: () => renderSetup(ctx),
    })),
    h("h3", {}, t("hex.monsters")),
    monsterRows(ctx),
    h("p", { class: "hint", id: "hex-counts", dataset: { counts: counts.join(",") } }, t("hex.counts", { a: counts[0], b: counts[1] }),
      counts[0] !== counts[1] ? ` — ${t("hex.unequal")}` : ""),
    h("p", { class: "hint" }, t("hex.example_note")),
    button(t("hex.setup_start"), () => ctx.submit(setupEvent(choices)), { class: "big primary", id: "hex-setup-start", disabled: counts[0] !== counts[1] }),
  ));
}
