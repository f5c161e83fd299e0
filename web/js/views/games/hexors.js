// Hexors by touch: tap a tile, then a ringed cell to move it; duels shown with both strike values spelled out and
// settled by tapping the colour the die shows.

import { dieCss, h } from "../../dom.js";
import { colourName, named, pick, t } from "../../i18n.js";
import { button } from "../widgets.js";
import { actionPanel, cellEvent, cellsWanted, inPlayName } from "./hex-actions.js";
import { SIDE_CSS, SIDE_TEXT, drawArena, keepingPan } from "./hex-board.js";
import { playerMarks } from "./marks.js";
import { offerButton, sayWhy } from "./offers.js";
import "./hex-strings.js";

export { renderSetup } from "./hex-setup.js";
export const ownsDice = true;

let ui = { entries: -1 };
// A tap that may start a duel (a move, a foe picked on the board or by name): the duel's next control, drawn under the
// arena, is brought into sight once the table answers ({from: the entry count at the tap}); null when none is awaited.
// ``after``: once the answer to the tap is shown (a foe's button is gone with the redraw: its answer goes under the
// whole board, and the page went there, 870 px past the colour pad).
let reveal = null;

function boardSubmit(ctx, event, after = false) {
  reveal = { from: ctx.state.entries, after };
  ctx.submit(event);
}

function fresh(state) {
  if (ui.entries !== state.entries || ui.game !== state.game_id) ui = { entries: state.entries, game: state.game_id, selected: null, choosing: null };
}

const sideOf = (summary, pid) => (summary.players.find((p) => p.id === pid) || {}).side || 0;
const tileById = (summary, id) => summary.tiles.find((x) => x.id === id);
/** A discard pile holds monsters and action tiles: each by the name players call it. */
const tileName = (summary, id) => (summary.action_labels || {})[id] ? pick(summary.action_labels[id]) : named(summary, id);

function phaseOf(summary) {
  if (summary.phase === "over") return "over";
  const d = summary.duel;
  if (d) return d.choose_opponent ? "choose" : d.rolls.length === 2 ? "compare" : "duel";
  return summary.legal_moves.length ? "move" : "stuck";
}

/** What the phase asks for, in words: the line under whose turn it is, and the answer to a tap out of place. */
const phaseWords = (summary) => t(`hex.phase.${phaseOf(summary)}`, { name: summary.turn });
/** Who rolls the colour die next in a duel (a roll still due), as the duel card and a tap on the arena say it. */
const nextRoll = (duel) => t("hex.rolls_next", { name: duel.next_roll_by,
  role: t(`hex.role.${duel.rolls.length ? "defender" : "attacker"}`) });
/** The answer to a tap on the arena when no tile moves now: in a duel, who rolls the colour die next (« Duel: roll
 * the colour die » did not say whose roll the game waits for); else what the phase asks. */
function waitingFor(summary) {
  const duel = summary.duel;
  if (phaseOf(summary) === "duel" && duel && duel.next_roll_by && duel.rolls.length < 2) return nextRoll(duel);
  return phaseWords(summary);
}

const tokenMarks = (summary) => playerMarks(summary.players.map((p) => p.id));

function header(summary) {
  const phase = phaseOf(summary);
  const side = sideOf(summary, summary.turn);
  return h("div", { class: "board-head" },
    h("div", { class: "whose", id: "board-turn" },
      h("span", { class: "token", style: `--team:${SIDE_CSS[side]};color:${SIDE_TEXT[side]}` }, tokenMarks(summary).get(summary.turn)),
      " ", t("hex.turn_of", { name: summary.turn }), h("span", { class: "badge" }, t("hex.turn_n", { n: summary.turn_number }))),
    h("p", { class: "phase", id: "board-phase", dataset: { phase } }, phaseWords(summary)));
}

/** "7 = green 5 + 2 character": a strike value with every part named. */
export function spell(parts) {
  const bits = [parts.symbiosis !== undefined ? `${parts.symbiosis} (${t("hex.part.symbiosis")})` : `${parts.printed}`];
  for (const key of ["character", "element", "team", "actions"]) if (parts[key]) bits.push(`+ ${parts[key]} ${t(`hex.part.${key}`)}`);
  return bits.length > 1 || parts.symbiosis !== undefined ? `${parts.total} = ${bits.join(" ")}` : String(parts.total);
}

function strikeTable(summary) {
  const d = summary.duel;
  const parts = d.strike_parts;
  const head = h("tr", {}, h("th", {}, t("hex.colour")), h("th", {}, named(summary, d.attacker)), h("th", {}, named(summary, d.defender)));
  const rows = summary.colours.map((c) => h("tr", { dataset: { colour: c } },
    h("th", {}, h("span", { class: "swatch", style: `background:${dieCss(c)}` }), colourName(c)),
    h("td", { dataset: { side: "attacker", total: String(parts.attacker[c].total) } }, spell(parts.attacker[c])),
    h("td", { dataset: { side: "defender", total: String(parts.defender[c].total) } }, spell(parts.defender[c]))));
  return h("table", { class: "strike-table", id: "hex-strike", "aria-label": t("hex.strike_table") }, h("thead", {}, head), h("tbody", {}, rows));
}

function duelPanel(ctx) {
  const { summary, submit } = ctx;
  const d = summary.duel;
  const attackerOwner = tileById(summary, d.attacker)?.controller || summary.turn;
  const out = [h("h3", {}, t("hex.duel_title", { n: d.round }))];
  if (d.choose_opponent) {
    out.push(h("p", {}, t("hex.choose_first", { name: attackerOwner, tile: named(summary, d.attacker) })),
      h("div", { class: "actions", id: "hex-challenge" }, d.remaining.map((id) =>
        offerButton(ctx, t("hex.fight", { tile: named(summary, id) }), { type: "challenge", target: id },
          { dataset: { target: id } }, { send: () => boardSubmit(ctx, { type: "challenge", target: id }, true) }))));
    return h("div", { class: "card event-card", id: "hex-duel", dataset: { attacker: d.attacker } }, out);
  }
  out.push(h("p", { class: "lead" }, t("hex.versus", { attacker: named(summary, d.attacker), defender: named(summary, d.defender) })));
  const rollers = [attackerOwner, tileById(summary, d.defender)?.controller];
  d.rolls.forEach((c, i) => out.push(h("p", { class: "rolled", dataset: { colour: c } }, t("hex.rolled", { name: rollers[i], colour: colourName(c) }),
    ` → ${spell(d.strike_parts[i ? "defender" : "attacker"][c])}`)));
  if (d.rolls.length < 2) {
    out.push(h("p", { class: "hint", id: "hex-roll-hint" }, nextRoll(d)),
      h("div", { class: "colour-pad", id: "hex-colours" }, summary.colours.map((c) => h("button", {
        type: "button", class: "colour-key", style: `--die:${dieCss(c)}`, dataset: { colour: c },
        onclick: () => submit({ type: "roll", colour: c, player: d.next_roll_by }),
      }, colourName(c)))));
  } else {
    out.push(offerButton(ctx, t("hex.compare"), { type: "compare" }, { class: "big primary", id: "hex-compare" }));
  }
  // what to tap first, then the strike values to read (six rows: the colours went below the fold on a phone)
  out.push(h("p", { class: "hint", id: "hex-strike-caption" }, t("hex.strike_table")), strikeTable(summary));
  return h("div", { class: "card event-card", id: "hex-duel", dataset: { attacker: d.attacker, defender: d.defender, rolls: d.rolls.join(",") } }, out);
}

function lastDuel(summary) {
  const last = summary.last_duel;
  if (!last) return null;
  const a = last.attacker;
  const d = last.defender;
  return h("p", { class: "hint", id: "hex-last-duel", dataset: { winner: last.winner || "" } },
    t("hex.last_duel", { attacker: named(summary, a.tile), a: `${colourName(a.colour)} ${spell(a)}`, defender: named(summary, d.tile), d: `${colourName(d.colour)} ${spell(d)}` }),
    " — ", last.winner ? t("hex.wins", { tile: named(summary, last.winner) }) : t("hex.tie"));
}

function playersList(summary) {
  const marks = tokenMarks(summary);
  return h("ul", { class: "keepers", id: "hex-players" }, summary.players.map((p) => h("li", { dataset: { player: p.id } },
    h("span", { class: "token", style: `--team:${SIDE_CSS[p.side]};color:${SIDE_TEXT[p.side]}` }, marks.get(p.id)),
    h("span", { class: "who" }, h("strong", {}, p.id)),
    h("span", { class: "state" }, [summary.level === "advanced" ? `${t("hex.stars", { n: p.stars })} · ${t("hex.in_hand", { n: p.actions_in_hand })} · ` : "",
      p.discard.length ? t("hex.discard", { tiles: p.discard.map((id) => tileName(summary, id)).join(", ") }) : t("hex.discard_empty")].join("")))));
}

function tapTile(ctx, id) {
  const { summary } = ctx;
  if (summary.duel && summary.duel.choose_opponent && summary.duel.remaining.includes(id)) {
    boardSubmit(ctx, { type: "challenge", target: id });
    return;
  }
  if (phaseOf(summary) !== "move") { sayWhy(ctx, () => waitingFor(summary)); return; }
  const tile = tileById(summary, id);
  if (tile.controller !== summary.turn) {
    sayWhy(ctx, () => t("hex.not_yours", { tile: named(summary, id), name: summary.turn }));
    return;
  }
  ui.selected = ui.selected === id ? null : id;
  ui.choosing = null;
  if (ui.selected && !summary.legal_moves.some((m) => m.tile === id)) {
    sayWhy(ctx, () => t("hex.no_moves_tile", { tile: named(summary, id) }));
  }
  render(ctx);
}

function tapCell(ctx, cell) {
  const { summary } = ctx;
  const launch = cellEvent(summary, ui.launch, cell);
  if (launch) { ctx.submit(launch); return; }
  const tile = ui.selected;
  const paths = (summary.legal_moves || []).filter((m) => m.tile === tile && m.path.at(-1) === cell);
  if (!paths.length) {
    // no tile picked: what the phase asks for (a cell alone moves nothing)
    sayWhy(ctx, () => (tile ? t("hex.cannot_reach", { tile: named(summary, tile), cell }) : waitingFor(summary)));
    return;
  }
  if (paths.length === 1) { boardSubmit(ctx, { type: "move", tile: ui.selected, path: paths[0].path }); return; }
  ui.choosing = cell;
  render(ctx);
}

/** The winner and why: the loser's character beaten in a duel, or the loser left with no tile to move. */
function winnerWords({ outcome, beaten }) {
  const why = beaten ? t("hex.won.beaten", { tile: pick(beaten) }) : t("hex.won.blocked", { name: outcome.loser });
  return `${t("hex.winner", { name: outcome.winner })}${t("colon")}${why}`;
}

function controls(ctx) {
  const { summary, submit } = ctx;
  const phase = phaseOf(summary);
  const out = [];
  if (summary.duel) out.push(duelPanel(ctx));
  if (phase === "move") {
    // the phase line above already says to tap a tile: the hint speaks only once one is picked
    const tile = ui.selected && named(summary, ui.selected);
    if (tile) out.push(h("p", { class: "hint", id: "hex-move-hint" }, t("hex.tap_destination", { tile })));
    if (ui.choosing) {
      const paths = summary.legal_moves.filter((m) => m.tile === ui.selected && m.path.at(-1) === ui.choosing);
      out.push(h("div", { class: "card", id: "hex-paths" }, h("h3", {}, t("hex.which_path")), h("div", { class: "stack" },
        paths.map((m) => button(m.path.join(" → "),
          () => boardSubmit(ctx, { type: "move", tile: m.tile, path: m.path }), { class: "big outcome-choice" })))));
    }
  }
  if (phase === "stuck") out.push(offerButton(ctx, t("hex.cannot_move", { name: summary.turn }), { type: "cannot_move" }, { class: "big", id: "hex-cannot-move" }));
  if (phase === "over" && summary.outcome) out.push(h("p", { class: "lead", id: "hex-winner" }, winnerWords(summary)));
  out.push(actionPanel(ctx, ui, () => render(ctx)));
  return out;
}

export function render(ctx) {
  const { root, summary, state } = ctx;
  fresh(state);
  const tiles = summary.tiles.map((x) => ({ ...x, side: sideOf(summary, x.owner) }));
  const moves = (summary.legal_moves || []).filter((m) => m.tile === ui.selected);
  const destinations = cellsWanted(summary, ui.launch) || new Set(moves.map((m) => m.path.at(-1)));
  const d = summary.duel;
  const targets = new Set(d ? (d.choose_opponent ? d.remaining : [d.attacker, d.defender]) : []);
  const cells = summary.arena.cells.map((c) => ({ ...c, start: c.start_of ? sideOf(summary, c.start_of) : null }));
  // built first, swapped in at once: emptied under a tapped button, the page lost its height and jumped up
  keepingPan(root, () => root.replaceChildren(...[
    header(summary),
    h("div", { class: "board-scroll" }, drawArena(cells, tiles, {
      selected: ui.selected, destinations, targets, walls: summary.walls,
      onTile: (id) => tapTile(ctx, id), onCell: (cell) => tapCell(ctx, cell), redraw: () => render(ctx),
    })),
    h("div", { class: "hex-controls" }, controls(ctx)),
    lastDuel(summary),
    summary.actions_in_play.length ? h("p", { class: "hint" }, summary.actions_in_play.map((a) => inPlayName(summary, a)).join(" · ")) : null,
    playersList(summary),
  ].filter(Boolean)));
  if (reveal && state.entries !== reveal.from) {
    const next = root.querySelector("#hex-challenge, #hex-colours");
    const bring = () => { if (next && next.isConnected) next.scrollIntoView({ block: "nearest" }); };
    const answer = document.querySelector("#tap-answer");
    if (reveal.after && answer) {
      const shown = new MutationObserver(() => {
        if (!("empty" in answer.dataset)) { shown.disconnect(); bring(); }
      });
      shown.observe(answer, { attributes: true, attributeFilter: ["data-empty"] });
      setTimeout(() => shown.disconnect(), 5000);
    } else bring();
    reveal = null;
  }
}
