// Game over on the table screen: who won, the final scores, and the next game one tap away.

import { $, clear, h, redraw } from "../dom.js";
import { addStrings, language, pick, t } from "../i18n.js";

addStrings({
  en: { "over.title": "Game over", "over.scores": "Final scores",
    "over.points": { one: "{n} point", other: "{n} points" }, "over.rematch": "Rematch",
    "over.rematch_hint": "Same game, same players, same options", "over.new": "New game",
    "over.started": "Rematch started" },
  fr: { "over.title": "Partie terminée", "over.scores": "Scores finaux",
    "over.points": { one: "{n} point", other: "{n} points" }, "over.rematch": "Revanche",
    "over.rematch_hint": "Même jeu, mêmes joueurs, mêmes options", "over.new": "Nouvelle partie",
    "over.started": "Revanche lancée" },
});

/** The game-over card (#outcome), hidden while the game is played; a rematch keeps the players and options. */
export function renderOutcome(app) {
  const state = app.state;
  const root = $("#outcome");
  root.hidden = !state.outcome;
  if (!state.outcome) { clear(root); root.drawnFrom = null; return; }
  const scores = finalScores(state.summary || {});
  redraw(root, `${language()} ${state.game_id} ${JSON.stringify(state.outcome)} ${JSON.stringify(scores)}`, () => {
    clear(root).append(...[
      h("h2", { class: "over-title" }, t("over.title")),
      h("p", { class: "over-winner", id: "outcome-text", dataset: { kind: state.outcome.kind } }, pick(state.outcome)),
      scores.length ? h("ol", { class: "over-scores", id: "outcome-scores", "aria-label": t("over.scores") },
        scores.map(([name, score]) => h("li", { dataset: { player: name } }, h("span", { class: "name" }, name), " ",
          h("strong", {}, t("over.points", { n: score }))))) : null,
      h("div", { class: "actions over-actions" },
        h("button", { type: "button", class: "big primary", id: "rematch", title: t("over.rematch_hint"),
          onclick: () => rematch(app) }, t("over.rematch")),
        h("a", { class: "button big", id: "new-game", href: "#/game" }, t("over.new")))].filter(Boolean));
  });
}

/** [[name, points]] best first, for games that count points (Nexus); none for a game won by a move. */
function finalScores(summary) {
  let rows = [];
  if (Array.isArray(summary.players) && summary.players.every((p) => p && typeof p.score === "number")) {
    rows = summary.players.map((p) => [p.name ?? p.id, p.score]);
  } else if (summary.scores && typeof summary.scores === "object") {
    rows = Object.entries(summary.scores).filter(([, v]) => typeof v === "number");
  }
  return rows.sort((a, b) => b[1] - a[1]);
}

/** The same game again: the players and options the game just finished was started with. */
async function rematch(app) {
  const state = app.state;
  const record = app.history.game && app.history.game.id === state.game_id ? app.history.game : null;
  const options = record ? record.options || {} : state.options || {};
  const players = record && record.players && record.players.length ? record.players : state.players || [];
  const body = { game: state.game, options, players, replaces: state.game_id };
  const result = await app.change(() => app.api.post("/api/game", body), () => t("over.started"));
  if (result) {
    app.adopt(result.state);
    app.refreshHistory();
    app.render();
  }
}
