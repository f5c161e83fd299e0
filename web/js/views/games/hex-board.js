// The Hexors arena as SVG: flat-topped hex cells (grey starting cells), tiles in their owner's colour with each
// face's strike value in its colour, the hole showing the facing, and the cells a tapped tile can reach.

import { dieCss, svg } from "../../dom.js";
import { colourName, pick, t } from "../../i18n.js";
import { distinctMarks } from "./marks.js";

const R = 36; // hexagon radius in drawing units: 7 columns make a 396-unit-wide arena, ~60 px cells on a phone
const SQ3 = Math.sqrt(3);
const DIRS = ["N", "NE", "SE", "S", "SW", "NW"];
export const SIDE_CSS = ["#eceff1", "#37474f"]; // first player light, second dark: no die colour is taken
export const SIDE_TEXT = ["#111", "#fff"];
// the widest a tile's mark is drawn, in drawing units: upright the strike values above and below its ends leave 23,
// turned (values left and right of it) 26
const MARK_ROOM = 23;
const MARK_ROOM_TURNED = 26;

const markWidths = new Map(); // "turned|mark" -> its drawn width: measured once, not again at every redraw

/** Each mark wider than the room between its tile's strike values (three letters, « MS » in bold, a star) drawn
 * narrower, to that room: it ran over the discs beside it. A mark not seen before is measured once the arena is laid
 * out (turned, its font is larger). */
function fitMarks(arena) {
  const turned = arena.classList.contains("turned");
  const room = turned ? MARK_ROOM_TURNED : MARK_ROOM;
  for (const label of arena.querySelectorAll(".tile .label")) {
    const key = `${turned}|${label.textContent}`;
    if (!markWidths.has(key)) markWidths.set(key, label.getComputedTextLength());
    if (markWidths.get(key) > room) {
      label.setAttribute("textLength", String(room));
      label.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
  arena.dataset.marksFitted = "1";
}

// Held sideways (a window under 500 px high) the arena is drawn turned a quarter clockwise, its near end on the left:
// upright it is half again as high as it is wide, and a phone held sideways is about twice as wide as high.
const SIDEWAYS = window.matchMedia("(max-height: 500px)");
let drawn = { arena: null, redraw: null }; // the arena drawn last, and how its view draws it again when the phone turns
SIDEWAYS.addEventListener("change", () => { if (drawn.redraw && drawn.arena.isConnected) drawn.redraw(); });

function corners(cx, cy, r, turned) {
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 3) * i + (turned ? Math.PI / 2 : 0);
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

/** A point ``k`` radii from a cell's centre towards the middle of its face pointing ``dir`` (N up; turned: N right). */
function toward(cx, cy, dir, k, turned) {
  const a = (((turned ? 0 : -90) + 60 * DIRS.indexOf(dir)) * Math.PI) / 180;
  return [cx + k * R * Math.cos(a), cy + k * R * Math.sin(a)];
}

/** ``draw()``, the arena's frame left where it was panned to (held sideways it pans: a redraw put it back at its
 * start, away from the tile just tapped); once a duel starts, or the phone turns in one, it opens on the duel's tiles. */
export function keepingPan(root, draw) {
  const frame = () => root.querySelector(".board-scroll:has(> .hex-arena)");
  const old = frame();
  const at = old ? [old.scrollLeft, old.scrollTop] : [0, 0];
  draw();
  const now = frame();
  if (!now) return;
  const arena = now.querySelector(".hex-arena");
  if (now.getClientRects().length) fitMarks(arena); else whenShown(now, () => fitMarks(arena));
  const duel = [...now.querySelectorAll(".tile.target")];
  now.dataset.focus = `${now.querySelector(".hex-arena.turned") ? "turned" : "upright"}:${duel.map((t) => t.dataset.tile)}`;
  [now.scrollLeft, now.scrollTop] = at;
  if (!duel.length || (old && old.dataset.focus === now.dataset.focus)) return;
  whenShown(now, () => {
    const tiles = duel.map((tile) => tile.getBoundingClientRect());
    const box = now.getBoundingClientRect();
    const middle = (low, high) => (Math.min(...tiles.map(low)) + Math.max(...tiles.map(high))) / 2;
    now.scrollLeft += middle((r) => r.left, (r) => r.right) - (box.left + box.right) / 2;
    now.scrollTop += middle((r) => r.top, (r) => r.bottom) - (box.top + box.bottom) / 2;
  });
}

/** ``then()`` once ``el`` is laid out: at the next frame, or, drawn while its screen is hidden (the phone turned on
 * another tab; the table's board is not drawn again for the same state), when that screen shows it. */
function whenShown(el, then) {
  requestAnimationFrame(() => {
    if (!el.isConnected) return;
    if (el.getClientRects().length) { then(); return; }
    const watch = new ResizeObserver(() => {
      if (!el.isConnected) watch.disconnect();
      else if (el.getClientRects().length) { watch.disconnect(); then(); }
    });
    watch.observe(el);
  });
}

/** A tile's name in the page's language: the engine gives its English ``name`` and its French ``name_fr``. */
export const tileName = (tile) => pick({ en: tile.name, fr: tile.name_fr || tile.name });

/** What tells a tile apart on its cell, big enough to read (its full name shows on tap): a character's star and
 * initial, else its name's initials, no two tiles alike (marks.js: Dark Magician DaM beside Dragon Master DrM). */
export function tileMarks(tiles) {
  return distinctMarks(tiles.map((tile) => ({ key: tile.id, name: tileName(tile), star: tile.kind === "character" })));
}

/**
 * cells: [{cell, x, y, start}] (x east, y north, in radii; start: the side whose grey cell it is);
 * tiles: [{id, cell, side, name, kind, element, faces: {direction: [value, colour]}, facing, trapped, chained}];
 * opts: {selected, destinations: Set(cell), targets: Set(tile id), onCell(cell), onTile(id), walls: [{cell}],
 *   redraw(): draws the view again (the phone turned)}.
 */
export function drawArena(cells, tiles, opts = {}) {
  const turned = SIDEWAYS.matches;
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const x0 = Math.min(...xs) - 1;
  const y1 = Math.max(...ys) + SQ3 / 2;
  const across = (Math.max(...xs) + 1 - x0) * R + 4;
  const along = (y1 - (Math.min(...ys) - SQ3 / 2)) * R + 4;
  const [width, height] = turned ? [along, across] : [across, along];
  const upright = (c) => [(c.x - x0) * R + 2, (y1 - c.y) * R + 2];
  const at = (c) => { const [u, v] = upright(c); return turned ? [along - v, u] : [u, v]; };
  const where = new Map(cells.map((c) => [c.cell, at(c)]));
  const root = svg("svg", { class: `hex-arena${turned ? " turned" : ""}`, viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, role: "img",
    "aria-label": t("hex.arena"), dataset: { answer: "clear", next: ".tile, .cell.dest" }, // see answer.js
    style: `aspect-ratio:${width.toFixed(0)} / ${height.toFixed(0)}` });
  for (const c of cells) {
    const [cx, cy] = where.get(c.cell);
    const dest = opts.destinations && opts.destinations.has(c.cell);
    root.append(svg("g", { class: `cell${c.start !== null && c.start !== undefined ? " start" : ""}${dest ? " dest" : ""}`,
      dataset: { cell: c.cell, start: c.start ?? "" }, onclick: opts.onCell ? () => opts.onCell(c.cell) : undefined },
    svg("polygon", { class: "hex", points: corners(cx, cy, R - 1, turned) }),
    svg("text", { class: "name", x: cx, y: cy + R * 0.78, "text-anchor": "middle" }, c.cell),
    dest ? svg("polygon", { class: "dest-ring", points: corners(cx, cy, R - 6, turned) }) : null));
  }
  for (const w of opts.walls || []) {
    const [cx, cy] = where.get(w.cell);
    root.append(svg("g", { class: "wall", dataset: { cell: w.cell, wall: w.id } },
      svg("polygon", { points: corners(cx, cy, R - 5, turned) }), svg("text", { x: cx, y: cy + 4, "text-anchor": "middle" }, t("hex.wall"))));
  }
  const marks = tileMarks(tiles.filter((tile) => where.has(tile.cell)));
  for (const tile of tiles) {
    if (!where.has(tile.cell)) continue;
    const [cx, cy] = where.get(tile.cell);
    const side = tile.side || 0;
    const parts = [svg("polygon", { class: "tile-body", points: corners(cx, cy, R - 4, turned), fill: SIDE_CSS[side % 2] })];
    if (tile.faces) {
      for (const [dir, [value, colour]] of Object.entries(tile.faces)) {
        // a little further out and smaller than they were (0.6, r 10): a three-letter mark covered their edges
        const [fx, fy] = toward(cx, cy, dir, 0.65, turned);
        parts.push(svg("g", { class: "face", dataset: { dir, value: String(value), colour } },
          svg("circle", { cx: fx, cy: fy, r: 8.5, fill: dieCss(colour) }),
          svg("text", { x: fx, y: fy + 5.5, "text-anchor": "middle", class: ["purple", "black"].includes(colour) ? "" : "on-light" }, String(value))));
      }
      const [hx, hy] = toward(cx, cy, tile.facing, 0.88, turned);
      parts.push(svg("circle", { class: "hole", cx: hx, cy: hy, r: 3.5 }));
    }
    if (tile.element) parts.push(svg("circle", { class: "element", cx, cy, r: 11, stroke: dieCss(tile.element) }));
    // the mark centred between the strike values (narrowed where wider than the room between them: fitMarks)
    parts.push(svg("text", { class: "label", x: cx, y: cy + 6, "text-anchor": "middle", fill: SIDE_TEXT[side % 2] },
      marks.get(tile.id)));
    parts.push(svg("title", {}, `${tileName(tile)}${tile.element ? ` · ${t("hex.element", { colour: colourName(tile.element) })}` : ""}`));
    const cls = ["tile", tile.kind, tile.id === opts.selected ? "selected" : "", opts.targets && opts.targets.has(tile.id) ? "target" : "",
      tile.trapped ? "trapped" : "", tile.chained ? "chained" : ""].filter(Boolean).join(" ");
    root.append(svg("g", { class: cls, dataset: { tile: tile.id, cell: tile.cell, side: String(side), facing: tile.facing || "" },
      onclick: opts.onTile ? (event) => { event.stopPropagation(); opts.onTile(tile.id); } : undefined }, parts));
  }
  drawn = { arena: root, redraw: opts.redraw || null };
  return root;
}
