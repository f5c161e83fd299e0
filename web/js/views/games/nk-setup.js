// Setting up Nexus Keepers by touch: each player's card and team, and their Nexus Cube placed on a grid.

import { h } from "../../dom.js";
import { addStrings, language, pick, t } from "../../i18n.js";
import { button, choiceRow } from "../widgets.js";
import { drawBoard, terrainName } from "./nk-board.js";
import "./nk-strings.js";

const COLS = 7;
const ROWS = 8;
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const OPPOSITE = { N: "S", S: "N", E: "W", W: "E" };
// A printed name less its note in brackets: "Ember Warden (example card)" is "Ember Warden" in the closed control.
const plainName = (name) => String(name).replace(/\s*\([^)]*\)\s*$/, "").trim() || String(name);
// Rows of five stacked south, Portals alternating west / east: every cube shares five edges with the one above.
const DEFAULT_CUBES = [{ origin: [1, 1], direction: "E" }, { origin: [5, 2], direction: "W" },
  { origin: [1, 3], direction: "E" }, { origin: [5, 4], direction: "W" }];

let draft = null;
let cameraProblems = null;

addStrings({
  en: { "nk.from_camera": "Set up as the camera sees the mat", "nk.camera_problems": "The camera's mat: {problems}",
    "nk.example_cards": "Example cards" },
  fr: { "nk.from_camera": "Installer comme la caméra voit le tapis",
    "nk.camera_problems": "Le tapis vu par la caméra : {problems}", "nk.example_cards": "Cartes d’exemple" },
});

/** The cubes as laid on the printed mat (GET /api/camera): set up from them, or say what the rules refuse. */
async function fromCamera(ctx) {
  const names = draft.players.map((p) => p.id).join(",");
  const seen = await ctx.app.api.get(`/api/camera?players=${encodeURIComponent(names)}`);
  const setup = seen.setup || { players: [], problems: [] };
  if (setup.problems.length || setup.players.length !== draft.players.length) {
    cameraProblems = setup.problems;  // each {en, fr}: picked when drawn, so a language switch redraws them
    renderSetup(ctx);
    return;
  }
  cameraProblems = null;
  ctx.submit({ type: "setup", players: setup.players.map((seenCube, i) => ({
    id: seenCube.id, card: draft.players[i].card, team: draft.players[i].team,
    cube: { ...seenCube.cube, terrain: draft.players[i].terrain },
  })) });
}

function start(ctx) {
  const choices = ctx.summary.setup;
  let names = (ctx.state.players || []).filter(Boolean);
  const unnamed = names.length < 2;
  if (unnamed) names = defaultNames(2);
  draft = {
    game: ctx.state.game_id, current: 0, defaultsIn: unnamed ? language() : null,
    players: names.slice(0, 4).map((name, i) => ({
      id: name, card: choices.cards[i % choices.cards.length].id, team: name,
      ...DEFAULT_CUBES[i], terrain: Array(5).fill(choices.default_terrain),
    })),
  };
}

export function tiles(player) {
  const [dx, dy] = STEP[player.direction];
  return [0, 1, 2, 3, 4].map((i) => [player.origin[0] + dx * i, player.origin[1] + dy * i]);
}

function asBoard() {
  return {
    cubes: draft.players.map((p) => ({ player: p.id, tiles: tiles(p), portal: OPPOSITE[p.direction], terrain: p.terrain })),
    keepers: draft.players.map((p) => ({ id: p.id, team: p.team, status: "board", cell: p.origin })),
  };
}

/** The setup event the wizard's choices make. */
export function setupEvent() {
  return { type: "setup", players: draft.players.map((p) => ({
    id: p.id, card: p.card, team: p.team,
    cube: { origin: p.origin, direction: p.direction, terrain: p.terrain },
  })) };
}

function tapCell(ctx, cell) {
  const player = draft.players[draft.current];
  const index = tiles(player).findIndex((c) => c[0] === cell[0] && c[1] === cell[1]);
  if (index >= 0) { // a tile of this cube: change its terrain
    const terrains = ctx.summary.setup.terrains;
    player.terrain[index] = terrains[(terrains.indexOf(player.terrain[index]) + 1) % terrains.length];
  } else {
    player.origin = cell;
  }
  renderSetup(ctx);
}

function playerCard(ctx, player, index) {
  const choices = ctx.summary.setup;
  const teams = [player.id, ...new Set(draft.players.map((p) => p.team).filter((team) => team !== player.id))];
  for (const extra of [t("nk.team_n", { n: 1 }), t("nk.team_n", { n: 2 })]) if (!teams.includes(extra)) teams.push(extra);
  const cardSelect = h("select", { class: "nk-card", "aria-label": t("nk.card_for", { name: player.id }),
    onchange: (event) => { player.card = event.target.value; } },
  // the shipped cards' names end "(example card)": said once, as the list's heading, so the closed control fits
  h("optgroup", { label: t("nk.example_cards") },
    choices.cards.map((c) => h("option", { value: c.id, selected: c.id === player.card }, plainName(pick(c.name))))));
  const teamSelect = h("select", { class: "nk-team", "aria-label": t("nk.team_for", { name: player.id }),
    onchange: (event) => { player.team = event.target.value; renderSetup(ctx); } },
  teams.map((team) => h("option", { value: team, selected: team === player.team }, team === player.id ? t("nk.team_alone") : team)));
  return h("div", { class: "card nk-player", dataset: { player: player.id } },
    h("h3", {}, `${index + 1}. ${player.id}`),
    h("label", {}, t("nk.card"), cardSelect),
    h("label", {}, t("nk.team"), teamSelect));
}

/** The referee's setup facts (who unfolds a cube first, what it must touch), folded: listed open, they pushed the
 * players' cards ~430 px down a 360 px phone. Kept open or shut through the wizard's redraws (one a tap); Game
 * details at the page's foot list them too. */
function setupFacts(facts) {
  if (!facts.length) return null;
  return h("details", { class: "card nk-setup-facts", id: "nk-setup-facts", open: draft.factsOpen || undefined,
    ontoggle: (event) => { draft.factsOpen = event.target.open; } },
  h("summary", {}, t("nk.setup_facts", { n: facts.length })),
  h("ul", { class: "hint" }, facts.map((f) => h("li", {}, pick(f)))));
}

const defaultNames = (count) => Array.from({ length: count }, (_, i) => t("nk.player_n", { n: i + 1 }));

/** Players left unnamed at "New game" are "Player 1"... in the page's language, switched with it (a team named after
 * its player too), so the French page sets up "Joueur 1" and never sends "Player 1" as a player's id. */
function followLanguage() {
  if (!draft.defaultsIn || draft.defaultsIn === language()) return;
  const before = draft.players.map((p) => p.id);
  const after = defaultNames(before.length);
  for (const p of draft.players) {
    p.id = after[before.indexOf(p.id)];
    if (before.includes(p.team)) p.team = after[before.indexOf(p.team)];
  }
  draft.defaultsIn = language();
}

export function renderSetup(ctx) {
  if (!draft || draft.game !== ctx.state.game_id) start(ctx);
  followLanguage();
  const player = draft.players[draft.current];
  const root = ctx.root;
  // built first, swapped in at once: emptied under a tapped button, the page lost its height and jumped up
  root.replaceChildren(
    h("h2", {}, t("nk.setup_title")),
    setupFacts(ctx.summary.facts || []),
    h("div", { class: "nk-players" }, draft.players.map((p, i) => playerCard(ctx, p, i))),
    h("h3", {}, t("nk.place_cubes")),
    choiceRow(draft.players.map((p, i) => ({ value: i, label: p.id })), draft.current,
      (i) => { draft.current = i; renderSetup(ctx); }, { class: "nk-cube-owner", label: t("nk.whose_cube") }),
    h("p", { class: "hint" }, t("nk.place_hint", { name: player.id })),
    h("div", { class: "board-scroll" }, drawBoard(asBoard(), { grid: { cols: COLS, rows: ROWS }, onCell: (cell) => tapCell(ctx, cell) })),
    h("p", {}, t("nk.unfolds")),
    choiceRow(["N", "E", "S", "W"].map((d) => ({ value: d, label: t(`nk.dir.${d}`) })), player.direction,
      (d) => { player.direction = d; renderSetup(ctx); }, { class: "nk-direction", label: t("nk.unfolds") }),
    h("p", { class: "hint" }, player.terrain.map(terrainName).join(" · ")),
    button(t("nk.setup_start"), () => ctx.submit(setupEvent()), { class: "big primary", id: "nk-setup-start" }),
  );
  const board = ctx.state.camera_board || {};
  if (Object.values(board).some((piece) => piece.kind === "tile")) {
    root.append(button(t("nk.from_camera"), () => fromCamera(ctx), { class: "big", id: "nk-setup-camera" }));
    if (cameraProblems?.length) {
      const problems = cameraProblems.map(pick).join("; ");
      root.append(h("p", { class: "hint", id: "nk-camera-problems" }, t("nk.camera_problems", { problems })));
    }
  }
}
