// Hexors' action tiles by touch (advanced level): who launches, which tile, then its target; the engine judges
// timing, stars and hands, and its verdict says why a launch is refused.

import { h } from "../../dom.js";
import { named, pick, t } from "../../i18n.js";
import { button } from "../widgets.js";
import { offerButton } from "./offers.js";

/** The cells a launch is waiting for (a barrier's, a monster brought back's): every free cell, the engine judges. */
export function cellsWanted(summary, launch) {
  if (!launch || !launch.kind) return null;
  const target = summary.action_kinds[launch.kind].target;
  if (target !== "cell" && !(target === "discarded_monster" && launch.tile)) return null;
  const taken = new Set([...summary.tiles.map((x) => x.cell), ...summary.walls.map((w) => w.cell)]);
  return new Set(summary.arena.cells.map((c) => c.cell).filter((c) => !taken.has(c)));
}

/** The launch event for a tapped cell, when the launch is waiting for one. */
export function cellEvent(summary, launch, cell) {
  const wanted = cellsWanted(summary, launch);
  if (!wanted || !wanted.has(cell)) return null;
  return { type: "launch", player: launch.player, action: launch.kind, cell, ...(launch.tile ? { tile: launch.tile } : {}) };
}

/** A tile in play as the phone lists it: its kind, whose, and on what ("Setting sun (Ann → Gaia)"). */
export function inPlayName(summary, a) {
  return `${pick(a.name)} (${a.owner}${a.target ? ` → ${named(summary, a.target)}` : ""})`;
}

function choices(label, items, id) {
  return [h("p", {}, label), h("div", { class: "stack", id }, items.length ? items : h("p", { class: "hint" }, t("hex.actions.nothing")))];
}

/** The panel: `ui.launch` is {player, kind?, tile?} while a launch is being chosen; `redraw()` draws it again. */
export function actionPanel(ctx, ui, redraw) {
  const { summary, submit } = ctx;
  if (summary.level !== "advanced" || summary.phase === "over") return null;
  const launch = ui.launch;
  const set = (next) => { ui.launch = next; redraw(); };
  const send = (extra) => submit({ type: "launch", player: launch.player, action: launch.kind, ...extra });
  const player = launch && summary.players.find((p) => p.id === launch.player);
  const body = [];
  if (!launch) {
    body.push(h("div", { class: "stack" }, summary.players.map((p) =>
      button(t("hex.actions.launch", { name: p.id }), () => set({ player: p.id }), { dataset: { launcher: p.id } }))));
  } else if (!launch.kind) {
    const kinds = player.hand ? [...new Set(player.hand)] : Object.keys(summary.action_kinds);
    // a tile the referee would refuse now (its stars, the hand, whose turn) is shown with why: offers.js
    body.push(...choices(t("hex.actions.which", { name: launch.player }), kinds.map((k) => {
      const event = { type: "launch", player: launch.player, action: k };
      const label = `${pick(summary.action_names[k])} · ${t("hex.actions.cost", { stars: summary.action_kinds[k].cost })}`;
      return offerButton(ctx, label, event, { dataset: { kind: k } },
        { send: () => (summary.action_kinds[k].target === "none" ? submit(event) : set({ ...launch, kind: k })) });
    }), "hex-action-kinds"));
  } else {
    const action = pick(summary.action_names[launch.kind]);
    const target = summary.action_kinds[launch.kind].target;
    const tileButtons = (tiles) => tiles.map((x) => button(named(summary, x.id), () => send({ target: x.id }), { dataset: { target: x.id } }));
    if (target === "monster") {
      body.push(...choices(t("hex.actions.on_monster", { action }), tileButtons(summary.tiles.filter((x) => x.kind === "monster")), "hex-action-targets"));
    } else if (target === "enemy_tile") {
      body.push(...choices(t("hex.actions.on_enemy", { action }), tileButtons(summary.tiles.filter((x) => x.owner !== launch.player)), "hex-action-targets"));
    } else if (target === "action") {
      body.push(...choices(t("hex.actions.on_action", { action }), summary.actions_in_play.map((a) =>
        button(inPlayName(summary, a), () => send({ target: a.id }), { dataset: { target: a.id } })), "hex-action-targets"));
    } else if (target === "discarded_monster" && !launch.tile) {
      const monsters = player.discard.filter((id) => summary.labels[id] !== undefined);
      body.push(...choices(t("hex.actions.from_discard", { action }), monsters.map((id) =>
        button(named(summary, id), () => set({ ...launch, tile: id }), { dataset: { target: id } })), "hex-action-targets"));
    } else {
      body.push(h("p", { class: "hint", id: "hex-action-cell" }, launch.tile
        ? t("hex.actions.back_on", { action, tile: named(summary, launch.tile) }) : t("hex.actions.on_cell", { action })));
    }
  }
  if (launch) body.push(button(t("hex.actions.cancel"), () => set(null), { id: "hex-action-cancel" }));
  return h("div", { class: "card", id: "hex-actions" }, h("h3", {}, t("hex.actions.title")), ...body);
}
