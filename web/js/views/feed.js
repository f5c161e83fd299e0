// The verdict feed (what the referee said, with the rule) and the history (every entry, with undo).

import { $, clear, h } from "../dom.js";
import { pick, t } from "../i18n.js";
import { dieChip, openDieDialog } from "./table.js";

export function init(app) {
  $("#verdicts-important").addEventListener("change", () => renderVerdicts(app));
  $("#history-undo").addEventListener("click", () => app.undo());
}

function time(at) {
  return new Date(at * 1000).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

export function renderVerdicts(app) {
  const onlyImportant = $("#verdicts-important").checked;
  const list = clear($("#verdict-list"));
  const entries = [...(app.history.entries || [])].reverse();
  for (const entry of entries) {
    for (const v of entry.verdicts) {
      if (onlyImportant && v.kind === "info") continue;
      list.append(h("li", { class: `verdict kind-${v.kind}`, dataset: { kind: v.kind, seq: String(entry.seq) } },
        h("div", { class: "head" }, h("span", { class: "badge" }, t(`kind.${v.kind}`)),
          h("small", {}, `#${entry.seq} · ${time(entry.at)}`)),
        h("p", { class: "text" }, pick(v)),
        v.players.length ? h("p", { class: "players" }, v.players.join(", ")) : null,
        h("small", { class: "rule" }, v.rule)));
    }
  }
  if (!list.children.length) list.append(h("li", { class: "empty" }, t("verdicts.empty")));
}

function status(entry) {
  const type = entry.event.type;
  if (type === "undo" || type === "correct") return null;
  if (entry.verdicts.some((v) => v.kind === "illegal")) return ["refused", t("history.refused")];
  return entry.in_force ? ["in-force", t("history.in_force")] : ["undone", t("history.undone")];
}

function describe(entry) {
  const event = entry.event;
  if (event.type === "undo") return t("history.undo_entry");
  if (event.type === "correct") return t("history.correction", { seq: event.seq });
  const { type, dice, ...rest } = event;
  const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : "";
  return `${type}${extra}`;
}

export function renderHistory(app) {
  $("#history-undo").disabled = !app.state.can_undo;
  const list = clear($("#history-list"));
  const entries = [...(app.history.entries || [])].reverse();
  for (const entry of entries) {
    const state = status(entry);
    const dice = entry.dice || (Array.isArray(entry.event.dice) && entry.event.dice.every((d) => d && d.value) ? entry.event.dice : null);
    const tappable = Boolean(entry.dice);
    list.append(h("li", { class: `entry ${state ? state[0] : "action"}`, dataset: { seq: String(entry.seq), type: entry.event.type } },
      h("div", { class: "head" }, h("strong", {}, `#${entry.seq}`), " ", describe(entry),
        state ? h("span", { class: `status ${state[0]}` }, state[1]) : null),
      dice ? h("div", { class: "dice-row small" }, dice.map((die, index) => dieChip(die, index,
        tappable ? () => openDieDialog(app, { seq: entry.seq, dice: entry.dice, index }) : undefined))) : null,
      entry.verdicts.filter((v) => v.kind !== "info").map((v) =>
        h("p", { class: `verdict kind-${v.kind}` }, h("span", { class: "badge" }, t(`kind.${v.kind}`)), " ", pick(v))),
      h("small", {}, `${time(entry.at)} · ${t("history.by", { source: entry.source })}`)));
  }
  if (!list.children.length) list.append(h("li", { class: "empty" }, t("history.empty")));
}
