// Nexus Keepers' Nexus as SVG: terrain tiles, each cube's Portal, the keepers, and the cells a keeper can reach.

import { svg } from "../../dom.js";
import { t } from "../../i18n.js";
import { distinctMarks } from "./marks.js";

export const TERRAIN_CSS = {
  plain: "#9ccc65", volcano: "#e64a19", ice: "#b3e5fc", water: "#1e88e5", mountain: "#8d6e63",
};
export const TEAM_CSS = ["#fdd835", "#ec407a", "#26c6da", "#ff7043", "#ab47bc", "#66bb6a"];
const CUBE_CSS = ["#ffffff", "#212121", "#ffca28", "#7e57c2", "#26a69a", "#ef5350"];
const CELL = 60;
const SIDES = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

export function terrainName(terrain) {
  const key = `nk.terrain.${terrain}`;
  const text = t(key);
  return text === key ? terrain : text;
}

export function teamColour(board, team) {
  const teams = [...new Set(board.keepers.map((k) => k.team))];
  return TEAM_CSS[teams.indexOf(team) % TEAM_CSS.length];
}

const marksOf = new WeakMap(); // board -> its marks: the header, the board and the keepers' list draw them each redraw

/** Each player's mark (name to mark) on its keeper, its start tile and its tokens, no two alike ("Anne Marie" AnM
 * beside "Alan Moore" AlM: both were AM); worked out once per board the summary sends. */
export function keeperMarks(board) {
  if (!marksOf.has(board)) {
    const names = [...new Set([...board.keepers.map((k) => k.id), ...board.cubes.map((c) => c.player)])];
    marksOf.set(board, distinctMarks(names.map((name) => ({ key: name, name }))));
  }
  return marksOf.get(board);
}

/** A tile's terrain, narrowed to fit its tile when long ("mountain", « montagne » ran into the next tile), and clear
 * of a Portal on the tile's ``side``: the bar, from 2 units outside the tile's edge to 6 in, lay over the start of
 * "volcano" on the west side at 360 px, and under "plain" on the south side (there the words a little higher, the
 * bar a little lower: higher they met the keeper standing on the tile). */
function terrainLabel(name, x, y, side) {
  const inset = { W: 4.5, E: -4.5 }[side] || 0; // the words kept from 9.5 units in, not 5, on a Portal's side
  const room = CELL - 10 - Math.abs(inset);
  const fit = name.length > (inset ? 5 : 6) ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
  return svg("text", { class: "terrain", x: x * CELL + CELL / 2 + inset / 2,
    y: y * CELL + CELL - (side === "S" ? 10 : 8), "text-anchor": "middle", ...fit }, name.slice(0, 9));
}

/** A mark of three letters or more ("AnM") kept inside its keeper's disc (32 units across) at the same font size. */
function narrowed(mark) {
  return mark.length > 2 ? { textLength: 28, lengthAdjust: "spacingAndGlyphs" } : {};
}

function bounds(cubes, extra = []) {
  const cells = cubes.flatMap((c) => c.tiles).concat(extra);
  if (!cells.length) return { x0: 0, y0: 0, x1: 5, y1: 3 };
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const m = 0.2; // room for the Portals drawn on the outer edges
  return { x0: Math.min(...xs) - m, y0: Math.min(...ys) - m, x1: Math.max(...xs) + 1 + m, y1: Math.max(...ys) + 1 + m };
}

/**
 * The board: ``board`` from the summary; ``opts``: {active, selected, destinations: Set("x,y"),
 * onKeeper(id), onCell([x, y]), grid: {cols, rows} to draw empty cells (setup)}.
 */
export function drawBoard(board, opts = {}) {
  const box = opts.grid ? { x0: 0, y0: 0, x1: opts.grid.cols, y1: opts.grid.rows } : bounds(board.cubes);
  const cols = box.x1 - box.x0;
  const rows = box.y1 - box.y0;
  // a square a finger's width at least: 44 px on the board; the setup grid's seven across, 40 px (board.css gives
  // it the room of a 320 px phone), else it was wider than its box at 360 px and scrolled sideways
  const least = opts.grid ? 40 : 44;
  const root = svg("svg", {
    class: `nk-board${opts.grid ? " nk-setup-grid" : ""}`,
    viewBox: `${box.x0 * CELL} ${box.y0 * CELL} ${cols * CELL} ${rows * CELL}`,
    role: "img", "aria-label": t("nk.board"), dataset: { answer: "outside" }, // a refused tap's reason: off the board
    style: `width:max(100%, ${Math.ceil(cols * least)}px);aspect-ratio:${cols} / ${rows}`,
  });
  const owners = board.cubes.map((c) => c.player);
  const marks = keeperMarks(board);
  // the whole square is the target, the gap around the drawn square too: at 360 px a setup square was 42 px
  const cellGroup = (x, y, children, cls, data) => svg("g", {
    class: cls, dataset: { x: String(x), y: String(y), ...data },
    onclick: opts.onCell ? () => opts.onCell([x, y]) : undefined,
  }, [svg("rect", { class: "hit", x: x * CELL, y: y * CELL, width: CELL, height: CELL, fill: "transparent" }),
    ...children]);
  if (opts.grid) {
    for (let y = 0; y < rows; y += 1) {
      for (let x = 0; x < cols; x += 1) {
        const square = svg("rect", { class: "empty-cell", x: x * CELL + 1, y: y * CELL + 1, width: CELL - 2,
          height: CELL - 2 });
        root.append(cellGroup(x, y, [square], "cell"));
      }
    }
  }
  // a keeper's token covers the upper part of its tile, where a start tile's owner is written: not written under it
  const standing = new Set(board.keepers.filter((k) => k.status === "board" && k.cell).map((k) => `${k.cell}`));
  board.cubes.forEach((cube, ci) => {
    cube.tiles.forEach(([x, y], ti) => {
      const key = `${x},${y}`;
      const dest = opts.destinations && opts.destinations.has(key);
      const terrain = cube.terrain[ti];
      root.append(cellGroup(x, y, [
        svg("rect", { class: "tile-face", x: x * CELL + 2, y: y * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 6,
          fill: TERRAIN_CSS[terrain] || "#9e9e9e", stroke: CUBE_CSS[ci % CUBE_CSS.length] }),
        terrainLabel(terrainName(terrain), x, y, ti === 0 ? cube.portal : null),
        ti === 0 && !standing.has(key)
          ? svg("text", { class: "start", x: x * CELL + (cube.portal === "W" ? 11 : 7), // clear of a Portal's bar
            y: y * CELL + (cube.portal === "N" ? 20 : 16) }, marks.get(cube.player)) : null,
        dest ? svg("circle", { class: "dest-ring", cx: x * CELL + CELL / 2, cy: y * CELL + CELL / 2, r: CELL / 2 - 6 })
          : null,
      ], `tile${dest ? " dest" : ""}`, { terrain, owner: cube.player, tile: String(ti) }));
    });
    const [sx, sy] = cube.tiles[0];
    const [dx, dy] = SIDES[cube.portal];
    const reach = CELL / 2 - 2 + (cube.portal === "S" ? 3 : 0); // the bar's middle from the tile's (terrainLabel)
    const px = sx * CELL + CELL / 2 + dx * reach;
    const py = sy * CELL + CELL / 2 + dy * reach;
    const long = CELL - 14;
    root.append(svg("rect", {
      class: "portal", dataset: { owner: cube.player, side: cube.portal },
      x: px - (dx ? 4 : long / 2), y: py - (dy ? 4 : long / 2), width: dx ? 8 : long, height: dy ? 8 : long, rx: 3,
    }, svg("title", {}, t("nk.portal_of", { name: cube.player }))));
  });
  for (const keeper of board.keepers) {
    if (keeper.status !== "board" || !keeper.cell) continue;
    const [x, y] = keeper.cell;
    const active = keeper.id === opts.active;
    const mark = marks.get(keeper.id);
    root.append(svg("g", {
      class: `keeper${active ? " active" : ""}${keeper.id === opts.selected ? " selected" : ""}`
        + `${opts.onKeeper ? "" : " passive"}`,
      dataset: { keeper: keeper.id, x: String(x), y: String(y) },
      onclick: opts.onKeeper ? (event) => { event.stopPropagation(); opts.onKeeper(keeper.id); } : undefined,
    },
    // the whole tile is the target
    svg("rect", { class: "hit", x: x * CELL, y: y * CELL, width: CELL, height: CELL, fill: "transparent" }),
    svg("circle", { cx: x * CELL + CELL / 2, cy: y * CELL + CELL / 2, r: CELL / 2 - 9,
      fill: teamColour(board, keeper.team) }),
    svg("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 + 6, "text-anchor": "middle", ...narrowed(mark) },
      mark),
    svg("title", {}, keeper.id)));
  }
  root.dataset.owners = owners.join(",");
  return root;
}
