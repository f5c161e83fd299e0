// Tesseract's pieces drawn: the tower from above, the breach track, the priming zone, the labs, the confinement board.

import { DIE_CSS, h, svg } from "../../dom.js";
import { colourName, pick, t } from "../../i18n.js";

const CELL = 80;
const DARK = new Set(["black", "blue", "purple", "red", "green"]);

export function cubeCss(colour) { return DIE_CSS[colour] || DIE_CSS.unknown; }

/** A cube in words, its colour then its value (« red 6 »); ``unbroken`` joins them with a no-break space, for a line
 * that must not part them (the pile's « rouge 6 retiré de a3 »). */
export function cubeText(cube, { unbroken = false } = {}) {
  return `${colourName(cube.color)}${unbroken ? "\u00a0" : " "}${cube.value}`;
}

/** A cube as a tappable chip. */
export function cubeChip(cube, { onclick, pressed, dataset = {}, disabled } = {}) {
  return h("button", {
    type: "button", class: `die face cube${DARK.has(cube.color) ? " dark" : ""}`, style: `--die:${cubeCss(cube.color)}`,
    dataset: { color: cube.color, value: String(cube.value), ...dataset }, onclick, disabled,
    "aria-pressed": pressed === undefined ? undefined : String(Boolean(pressed)),
    "aria-label": cubeText(cube),
  }, h("span", { class: "pips" }, String(cube.value)));
}

/** A cube shown, not tapped (the destroyed pile): its colour and value, how many of it under the value. */
export function cubeFace(cube, count = 1) {
  return h("span", { class: `pile-cube die face cube${DARK.has(cube.color) ? " dark" : ""}`,
    style: `--die:${cubeCss(cube.color)}`, dataset: { color: cube.color, value: String(cube.value), count: String(count) },
    role: "img", "aria-label": `${colourName(cube.color)} ${cube.value}${count > 1 ? ` ×${count}` : ""}` },
  h("span", { class: "pips", "aria-hidden": "true" }, String(cube.value)),
  count > 1 ? h("span", { class: "pile-count", "aria-hidden": "true" }, `×${count}`) : null);
}

/** An event's name short enough for its empty column (9 letters at most, "Accélér."); tapped, it shows in full. */
function abbreviate(name) {
  return name.length <= 9 ? name : `${name.slice(0, 7).trimEnd()}.`;
}

/** The 16 columns seen from above (a1 bottom-left, d4 top-right), each with its top cube and height; the columns
 * in ``moved`` (the summary's ``last_moved``: the last change, its cubes off or onto a column) ringed dashed. */
export function drawTower(summary, { selected, choices, onColumn, onBlocked, moved = [] } = {}) {
  const ringed = new Set(moved.filter((m) => m.column).map((m) => m.column)); // a lab's or primed cube: no column
  const root = svg("svg", { class: "tess-tower", viewBox: `0 0 ${CELL * 4} ${CELL * 4}`, role: "img", "aria-label": t("tess.tower") });
  for (const column of summary.tower) {
    const x = "abcd".indexOf(column.column[0]) * CELL;
    const y = (4 - Number(column.column[1])) * CELL;
    const allowed = !choices || choices.includes(column.column);
    // a game over takes nothing more: no column is drawn removable (the prime's amber neither)
    const removable = column.removable && summary.phase !== "over";
    const cls = ["column", removable ? "removable" : "", removable && column.lowest ? "lowest" : "",
      column.column === selected ? "selected" : "", allowed && choices ? "choice" : "",
      ringed.has(column.column) ? "moved" : ""].filter(Boolean).join(" ");
    const parts = [svg("rect", { class: "slot", x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 8 })];
    if (column.top) {
      const inset = 4 + (summary.max_levels - column.height) * 5; // lower stacks look further away
      parts.push(svg("rect", { class: "cube-top", x: x + inset, y: y + inset, width: CELL - 2 * inset, height: CELL - 2 * inset, rx: 6,
        fill: cubeCss(column.top.color) }));
      parts.push(svg("text", { class: `value${DARK.has(column.top.color) ? " dark" : ""}`, x: x + CELL / 2, y: y + CELL / 2 + 10, "text-anchor": "middle" }, String(column.top.value)));
      parts.push(svg("text", { class: "level", x: x + CELL - 10, y: y + 18, "text-anchor": "end" }, `${column.height}`));
    } else if (column.symbol_name) {
      parts.push(svg("text", { class: "symbol", x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle" },
        abbreviate(pick(column.symbol_name))));
    }
    if (ringed.has(column.column)) {
      parts.push(svg("rect", { class: "moved-ring", x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, rx: 9 }));
    }
    parts.push(svg("text", { class: "name", x: x + 8, y: y + CELL - 8 }, column.column));
    const said = column.top ? [`${colourName(column.top.color)} ${column.top.value}`, t("tess.level_n", { n: column.height }),
      removable ? t("tess.removable") : ""].filter(Boolean).join(", ") : column.symbol_name ? pick(column.symbol_name) : "";
    parts.push(svg("title", {}, said ? t("tess.column_said", { column: column.column, said }) : column.column));  // in full
    root.append(svg("g", { class: cls, dataset: { column: column.column, height: String(column.height),
      removable: String(column.removable), value: column.top ? String(column.top.value) : "", color: column.top ? column.top.color : "" },
    onclick: onColumn && allowed ? () => onColumn(column.column) : onBlocked ? () => onBlocked(column.column) : undefined }, parts));
  }
  return root;
}

export function breachTrack(breaches) {
  return h("div", { class: "breach-track", id: "tess-breaches", dataset: { breaches: String(breaches) }, "aria-label": t("tess.breaches_n", { n: breaches }) },
    h("span", { class: "label" }, t("tess.breaches")),
    // the steps stay on one line: on a 360 px phone the label goes above them, not 6 and 7 below
    h("span", { class: "steps" }, [0, 1, 2, 3, 4, 5, 6, 7].map((n) => h("span", {
      class: `step${n <= breaches ? " reached" : ""}${n === 7 ? " last" : ""}` }, String(n)))));
}

/** Primed cubes grouped by value; two of a kind in amber (a third would breach), three or more in red. */
export function primingZone(summary, { onCube, selected } = {}) {
  const byValue = {};
  for (const cube of summary.priming_zone) (byValue[cube.value] = byValue[cube.value] || []).push(cube);
  const rows = Object.keys(byValue).map(Number).sort((a, b) => a - b).map((value) => {
    const cubes = byValue[value];
    const level = cubes.length >= 3 ? "danger" : cubes.length === 2 ? "pair" : "";
    return h("div", { class: `zone-group ${level}`, dataset: { value: String(value), count: String(cubes.length) } },
      h("span", { class: "zone-value" }, `${value} ×${cubes.length}`),
      cubes.map((cube, i) => cubeChip(cube, { onclick: onCube ? () => onCube(cube) : undefined,
        pressed: onCube ? selected && selected.color === cube.color && selected.value === cube.value && i === 0 : undefined })));
  });
  return h("div", { class: "card zone", id: "tess-zone" }, h("h3", {}, t("tess.priming_zone")),
    rows.length ? rows : h("p", { class: "hint" }, t("tess.zone_empty")));
}

/** The 24 slots: one row per colour, one column per value, with each value's confinement card. */
export function confinementBoard(summary) {
  const card = summary.confinement;
  const head = h("tr", {}, h("th", {}), [1, 2, 3, 4, 5, 6].map((v) => {
    const state = card.played.includes(v) ? "played" : card.unlocked.includes(v) ? "unlocked" : card.revealed.includes(v) ? "revealed" : "hidden";
    return h("th", { dataset: { card: state, value: String(v) }, title: t(`tess.card.${state}`) }, String(v), h("small", {}, t(`tess.card_short.${state}`)));
  }));
  const rows = summary.colours.map((colour) => h("tr", { dataset: { colour } }, h("th", {}, colourName(colour)),
    [1, 2, 3, 4, 5, 6].map((v) => {
      const filled = (summary.board[colour] || []).includes(v);
      return h("td", { class: filled ? "filled" : "", style: filled ? `--die:${cubeCss(colour)}` : undefined, dataset: { value: String(v), filled: String(filled) } }, filled ? "■" : "");
    })));
  return h("div", { class: "card", id: "tess-confinement" }, h("h3", {}, t("tess.confinement", { n: summary.confined, size: card.size })),
    h("table", { class: "confinement" }, h("thead", {}, head), h("tbody", {}, rows)));
}

/**
 * The tower level by level, the bottom one first: four 4 × 4 grids, each square a column seen from above (a1 bottom
 * left, as on the tower drawing), holding the cube at that level or nothing. ``onCell(level, column)`` makes the
 * squares tappable (entering a tower built at the table); ``selected``: [level, column] ringed.
 */
export function towerLevels(levels, { onCell, selected } = {}) {
  return h("div", { class: "tess-levels", style: "display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:10px" },
    levels.map((cells, level) => {
      const at = Object.fromEntries(cells.map((c) => [c.column, c.cube]));
      const squares = [];
      for (const row of [4, 3, 2, 1]) {
        for (const file of "abcd") {
          const column = `${file}${row}`;
          const cube = at[column];
          const picked = selected && selected[0] === level && selected[1] === column;
          const label = t("tess.square_said", { level: t("tess.level_of", { n: level + 1 }), column,
            said: cube ? `${colourName(cube.color)} ${cube.value}` : t("tess.no_cube") });
          const data = { level: String(level + 1), column };
          if (cube) {
            squares.push(cubeChip(cube, { dataset: data, pressed: onCell ? picked : undefined, onclick: onCell ? () => onCell(level, column) : undefined }));
          } else if (onCell) {
            squares.push(h("button", { type: "button", class: "die face empty-slot", dataset: data, "aria-pressed": String(Boolean(picked)),
              "aria-label": label, onclick: () => onCell(level, column), style: picked ? "outline:3px solid var(--accent)" : undefined }, column));
          } else {
            squares.push(h("span", { class: "die face empty-slot", dataset: data, "aria-label": label }, column));
          }
        }
      }
      return h("div", { class: "tess-level", dataset: { level: String(level + 1) } },
        h("h4", {}, t(level === 0 ? "tess.level_bottom" : level === levels.length - 1 ? "tess.level_top" : "tess.level_of", { n: level + 1 })),
        h("div", { class: "level-grid", style: "display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:4px;justify-items:center" }, squares));
    }));
}
