// Roll statistics counted on the Pi (GET /api/statistics): faces per die colour, the faces of a die the game names
// (Hexors' colour die: how often each colour came up) and roll totals, drawn as inline SVG.
// (The phone once counted them from the whole history, which an evening makes too long to read after every roll.)

import { $, clear, DIE_COLOURS, dieCss, h, svg } from "../dom.js";
import { addStrings, colourName, formatNumber, pick, t } from "../i18n.js";

addStrings({
  en: { "stats.named": "Faces of the colour die", "stats.rolled": "Times rolled",
    "stats.bar": "{label}: {group} × {n}",  // a bar's name: its colour, its face, how often
    "stats.no_dice": "{game} is played without dice: there are no rolls to count.",
    // "too few rolls" left a player guessing how long to keep rolling: the engine says how many more dice
    "stats.dice_needed": { one: "1 more die needed", other: "{n} more dice needed" } },
  fr: { "stats.named": "Faces du dé de couleur", "stats.rolled": "Sorties", "stats.bar": "{label} : {group} × {n}",
    "stats.no_dice": "{game} se joue sans dés : il n’y a aucun lancer à compter.",
    "stats.dice_needed": { one: "encore 1 dé à lancer", other: "encore {n} dés à lancer" } },
});

export function init() {}

/** The statistics of the game shown, read again when the game moved on: what was last read is drawn meanwhile. */
function statistics(app) {
  const wanted = `${app.state.game_id}:${app.state.entries}`;
  const held = app.statistics;
  if (!held || held.key !== wanted) {
    if (app.statisticsAsked !== wanted) {
      app.statisticsAsked = wanted;
      app.api.get("/api/statistics").then((counted) => {
        app.statistics = { ...counted, key: `${counted.game_id}:${counted.version}` };
        if (app.screen === "stats" && app.statistics.key === `${app.state.game_id}:${app.state.entries}`) render(app);
      }).catch(() => { app.statisticsAsked = null; });
    }
  }
  return held && held.game_id === app.state.game_id ? held : null;
}

/** A p-value as players read it, like the fairness verdict's: two significant digits, the page's decimal mark. */
function pWords(p) {
  const digits = (x) => formatNumber(x, { maximumSignificantDigits: 2 });
  return p < 0.0001 ? `< ${digits(0.0001)}` : digits(p);
}

function colourOrder(a, b) {
  const ia = DIE_COLOURS.indexOf(a);
  const ib = DIE_COLOURS.indexOf(b);
  return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
}

function barChart(groups, series, valueOf, label, { labelOf = null, fillOf = null } = {}) {
  // groups: x labels (or labelOf(group), each group labelled); series: [{name, colour}] (or fillOf(group));
  // valueOf(group, seriesIndex) -> count
  const width = 360;
  const height = 200;
  const left = 28;
  const bottom = 24;
  const top = 10;
  let max = 1;
  groups.forEach((g) => series.forEach((_, s) => { max = Math.max(max, valueOf(g, s)); }));
  const plotW = width - left - 4;
  const plotH = height - bottom - top;
  const groupW = plotW / groups.length;
  const barW = Math.max(2, (groupW * 0.8) / series.length);
  // every group labelled where two digits fit, else every 2nd, 5th...: "101112131415" read as one number
  const labelEvery = [1, 2, 5, 10].find((k) => k * groupW >= 22) || 10;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": label });
  for (const tick of new Set([0, Math.floor(max / 2), max])) {  // whole counts only
    const y = top + plotH * (1 - tick / max);
    chart.append(svg("line", { x1: left, x2: width - 4, y1: y, y2: y, class: "grid" }));
    chart.append(svg("text", { x: left - 4, y: y + 4, class: "axis", "text-anchor": "end" }, String(tick)));
  }
  groups.forEach((group, gi) => {
    const x0 = left + gi * groupW + groupW * 0.1;
    series.forEach((serie, si) => {
      const value = valueOf(group, si);
      const barH = (plotH * value) / max;
      chart.append(svg("rect", { x: x0 + si * barW, y: top + plotH - barH, width: barW - 1, height: barH,
        fill: fillOf ? fillOf(group) : serie.colour, class: "bar",
        dataset: { group: String(group), series: serie.name, count: String(value) } },
      svg("title", {}, t("stats.bar", { label: serie.label, group: labelOf ? labelOf(group) : group, n: value }))));
    });
    if (labelOf || (typeof group === "number" ? group : gi) % labelEvery === 0) {
      chart.append(svg("text", { x: left + gi * groupW + groupW / 2, y: height - 6, class: "axis",
        "text-anchor": "middle" }, labelOf ? labelOf(group) : String(group)));
    }
  });
  return chart;
}

/** The faces of the game's named die in its order (Hexors' option colours), every face shown, counted or not. */
function namedFaces(app, named) {
  const listed = ((app.state.options || {}).colours || []).filter((c) => typeof c === "string");
  return [...listed, ...Object.keys(named).filter((c) => !listed.includes(c)).sort(colourOrder)];
}

function renderNamed(app, root, named) {
  const faces = namedFaces(app, named);
  root.append(h("h3", {}, t("stats.named")));
  root.append(barChart(faces, [{ name: "named", label: t("stats.named"), colour: dieCss(null) }],
    (face) => named[face] || 0, t("stats.named"), { labelOf: colourName, fillOf: dieCss }));
  root.append(h("table", { class: "stats-table", id: "stats-named" },
    h("thead", {}, h("tr", {}, h("th", {}, t("stats.colour")), h("th", {}, t("stats.rolled")))),
    h("tbody", {}, faces.map((c) => h("tr", {}, h("td", {}, colourName(c)), h("td", {}, String(named[c] || 0)))))));
}

function renderFaces(app, root, stats) {
  const colours = Object.keys(stats.faces).sort(colourOrder);
  const series = colours.map((c) => ({ name: c, label: colourName(c), colour: dieCss(c) }));
  root.append(h("h3", {}, t("stats.faces")));
  root.append(barChart([1, 2, 3, 4, 5, 6], series, (face, s) => stats.faces[colours[s]][face - 1], t("stats.faces")));
  root.append(h("ul", { class: "legend" },
    series.map((s) => h("li", {}, h("span", { class: "swatch", style: `--die:${s.colour}` }), s.label))));

  const fairness = (app.state.summary && app.state.summary.statistics) || {};
  root.append(h("table", { class: "stats-table" },
    h("thead", {}, h("tr", {}, h("th", {}, t("stats.colour")), h("th", {}, t("stats.dice")),
      h("th", {}, t("stats.fairness")))),
    h("tbody", {}, colours.map((c) => {
      const test = fairness[c];
      let verdict = "—";
      if (test) {
        const p = test.p_value;
        const significance = (app.state.options && app.state.options.significance) || 0.01;
        const more = test.dice_needed;
        if (!test.enough_data) verdict = more ? t("stats.dice_needed", { n: more }) : t("stats.too_few");
        else verdict = `${pWords(p)} — ${p < significance ? t("stats.unfair") : t("stats.fair")}`;
      }
      const count = stats.faces[c].reduce((a, b) => a + b, 0);
      return h("tr", {}, h("td", {}, colourName(c)), h("td", {}, String(count)), h("td", {}, verdict));
    }))));
}

export function render(app) {
  const stats = statistics(app);
  const root = clear($("#stats"));
  if (!stats) return; // on its way: drawn when it comes
  if (!stats.rolls) {  // "no roll yet" would have a Nexus table wait for rolls that never come
    const game = pick(app.state.title) || app.state.game;
    root.append(h("p", { class: "hint" }, stats.dice === false ? t("stats.no_dice", { game }) : t("stats.empty")));
    return;
  }
  root.append(h("p", {}, `${t("table.rolls")}${t("colon")}`, h("strong", { id: "stats-rolls" }, String(stats.rolls))));
  const named = stats.named || {};
  if (Object.keys(named).length) renderNamed(app, root, named);
  if (Object.keys(stats.faces).length) renderFaces(app, root, stats);

  const totals = Object.keys(stats.totals).map(Number).sort((a, b) => a - b);
  if (!totals.length) return;  // a game whose dice make no totals (Hexors' colour die)
  const range = [];
  for (let v = totals[0]; v <= totals[totals.length - 1]; v += 1) range.push(v);
  root.append(h("h3", {}, t("stats.totals")));
  root.append(barChart(range, [{ name: "total", label: t("stats.totals"), colour: "#4fc3f7" }],
    (total) => stats.totals[total] || 0, t("stats.totals")));
}
